//! Live analysis: `lz-analyze` and `lz-genmove_analyze` in Leela Zero's
//! format.

use super::Session;
use crate::gtp::{respond, AnalyzeArgs, GtpError, LineSource};
use crate::search::{Candidate, Engine, Limits, Request, SearchResult};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// One `info` block of `lz-analyze`, in Leela Zero's format.
fn info_line(candidates: &[Candidate], max: Option<usize>) -> String {
    let pct = |x: f32| (x.clamp(0.0, 1.0) * 10000.0).round() as u32;
    let mut s = String::new();
    for (order, c) in candidates
        .iter()
        .take(max.unwrap_or(usize::MAX))
        .enumerate()
    {
        if !s.is_empty() {
            s.push(' ');
        }
        let _ = write!(
            s,
            "info move {} visits {} winrate {} prior {} lcb {} order {}",
            c.mv,
            c.visits,
            pct(c.winrate),
            pct(c.prior),
            pct(c.lcb),
            order,
        );
        // Hosts parse the lead as a number: an infinite or NaN one (komi
        // 1e308) is left out.
        if c.score_lead.is_finite() {
            let _ = write!(s, " scoreLead {:.1}", c.score_lead);
        }
        s.push_str(" pv");
        for m in &c.pv {
            let _ = write!(s, " {m}");
        }
    }
    s
}

impl Session {
    /// `lz-analyze` and `lz-genmove_analyze`: `=` and a line break, then an
    /// `info` line every interval; analysis ends at the next input line
    /// (with an empty line), move generation by itself (with `play MOVE`
    /// and an empty line).
    pub(super) fn lz_analyze(
        &mut self,
        id: &str,
        args: AnalyzeArgs,
        genmove: bool,
        src: &mut dyn LineSource,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let color = args.color.unwrap_or(self.game.to_move());
        if genmove && self.game.is_over() {
            return respond(out, id, Err(GtpError::Other("the game is over".into())));
        }
        writeln!(out, "={id}")?;
        out.flush()?;
        let interval = Duration::from_millis(u64::from(args.interval_cs.max(1)) * 10);
        let total = if genmove {
            self.move_limits(color)
        } else {
            Limits::default()
        };
        self.signals.stop.store(false, Ordering::SeqCst);
        self.signals.analyzing.store(!genmove, Ordering::SeqCst);
        // A command the host sent right behind this one was read before
        // the reader knew an analysis runs: it stops the analysis now.
        if !genmove && src.command_pending() {
            self.signals.stop.store(true, Ordering::SeqCst);
        }
        let start = Instant::now();
        let mut done = 0u64;
        let mut analysis: Option<SearchResult> = None;
        loop {
            let remaining_time = total.time.map(|t| t.saturating_sub(start.elapsed()));
            let batch = Limits {
                playouts: if genmove {
                    total.playouts.map(|p| p.saturating_sub(done))
                } else {
                    self.config.limits.playouts
                },
                time: Some(remaining_time.map_or(interval, |r| r.min(interval))),
                ..Limits::default()
            };
            let req = Request {
                game: &self.game,
                color,
                cleanup: false,
            };
            let before = analysis.as_ref().map_or(0, |a| a.root_visits);
            let a = self.engine.analyze(&req, &batch, &self.signals.stop);
            done += a.root_visits.saturating_sub(before);
            let line = info_line(&a.candidates, args.max_moves);
            let visits = a.root_visits;
            analysis = Some(a);
            if !line.is_empty() {
                writeln!(out, "{line}")?;
                out.flush()?;
            }
            let stopped = self.signals.stop.load(Ordering::SeqCst);
            if genmove {
                let out_of_time = total.time.is_some_and(|t| start.elapsed() >= t);
                let out_of_playouts = total.playouts.is_some_and(|p| done >= p);
                // An engine that makes no progress would loop for ever.
                let stuck = visits <= before;
                if stopped || out_of_time || out_of_playouts || stuck {
                    break;
                }
            } else if stopped || src.line_waiting() {
                break;
            }
        }
        self.signals.analyzing.store(false, Ordering::SeqCst);
        if genmove {
            let req = Request {
                game: &self.game,
                color,
                cleanup: false,
            };
            let Some(analysis) = analysis else {
                return out.flush();
            };
            let decision = self.engine.decide(&req, &analysis);
            let spent = start.elapsed();
            let text = match self.finish_move(color, decision, &analysis, spent, true) {
                Ok(t) => t,
                Err(_) => "pass".into(),
            };
            write!(out, "play {text}\n\n")?;
        } else {
            writeln!(out)?;
        }
        out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::Move;

    fn candidate(mv: &str, score_lead: f32) -> Candidate {
        let mv: Move = mv.parse().unwrap();
        Candidate {
            mv,
            visits: 12,
            winrate: 0.25,
            prior: 0.5,
            lcb: 2.0,
            score_lead,
            score_stdev: 4.0,
            pv: vec![mv, Move::Pass],
            pv_visits: vec![12, 5],
        }
    }

    #[test]
    fn info_lines_in_leela_zero_format() {
        let line = info_line(&[candidate("D4", 3.5), candidate("C3", -1.0)], None);
        assert_eq!(
            line,
            "info move D4 visits 12 winrate 2500 prior 5000 lcb 10000 order 0 scoreLead 3.5 pv D4 pass \
             info move C3 visits 12 winrate 2500 prior 5000 lcb 10000 order 1 scoreLead -1.0 pv C3 pass"
        );
        assert_eq!(
            info_line(&[candidate("D4", 0.0), candidate("C3", 0.0)], Some(1)),
            "info move D4 visits 12 winrate 2500 prior 5000 lcb 10000 order 0 scoreLead 0.0 pv D4 pass"
        );
        // A lead that is not a number (komi 1e308 makes it infinite) is
        // left out rather than written as `inf`, which hosts cannot parse.
        for bad in [f32::INFINITY, f32::NEG_INFINITY, f32::NAN] {
            let line = info_line(&[candidate("D4", bad)], None);
            assert_eq!(
                line,
                "info move D4 visits 12 winrate 2500 prior 5000 lcb 10000 order 0 pv D4 pass"
            );
        }
    }
}
