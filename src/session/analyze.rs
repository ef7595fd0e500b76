//! Live analysis: `lz-analyze` and `lz-genmove_analyze` in Leela Zero's
//! format, `kata-analyze` and `kata-genmove_analyze` in KataGo's.

use super::Session;
use crate::board::Board;
use crate::color::Color;
use crate::gtp::{respond, AnalyzeArgs, GtpError, LineSource};
use crate::point::Point;
use crate::search::{Candidate, Engine, Limits, Request, SearchResult};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The output format of a live analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    /// Leela Zero's `lz-analyze`: rates as integers times 10,000.
    Leela,
    /// KataGo's `kata-analyze`: rates as fractions, scores, ownership.
    Kata,
}

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

/// Decimals of win rates, priors and utilities in KataGo's format.
const RATE_DECIMALS: usize = 6;
/// Decimals of scores (points) in KataGo's format.
const SCORE_DECIMALS: usize = 2;
/// Decimals of ownership values: 4 tell a settled point from a contested
/// one and keep a 19x19 line short.
const OWNERSHIP_DECIMALS: usize = 4;

/// `x` with at most `decimals` decimals, trailing zeros dropped, and no
/// negative zero: `0.25`, `1`, `-3.5`.
fn float(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        &s
    };
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// The score fields of KataGo's format (`scoreMean` is the lead, as
/// KataGo itself reports it; tengen's playouts are its self-play, so
/// `scoreSelfplay` is the lead too); nothing when the lead is not a
/// number (komi 1e308), which hosts could not parse.
fn score_fields(s: &mut String, lead: f32, stdev: f32) {
    if lead.is_finite() {
        let l = float(f64::from(lead), SCORE_DECIMALS);
        let _ = write!(
            s,
            " scoreMean {l} scoreStdev {} scoreLead {l} scoreSelfplay {l}",
            float(f64::from(stdev), SCORE_DECIMALS)
        );
    }
}

/// The candidates a KataGo-format line reports: those with visits, then
/// unvisited ones up to `min_moves`, at most `max_moves`.
fn reported<'a>(candidates: &'a [Candidate], args: &AnalyzeArgs) -> Vec<&'a Candidate> {
    let visited = candidates.iter().filter(|c| c.visits > 0);
    let unvisited = candidates.iter().filter(|c| c.visits == 0);
    let n = visited.clone().count();
    visited
        .chain(unvisited.take(args.min_moves.saturating_sub(n)))
        .take(args.max_moves.unwrap_or(usize::MAX))
        .collect()
}

/// One line of `kata-analyze`, in KataGo's format, every value from the
/// point of view of `color`, the player analysed: an `info` block per
/// candidate, then `rootInfo` and `ownership` when asked. `utility` is
/// the win-loss value (2 x win rate - 1): tengen's search has no other.
/// Ownership is one value per point, rows from the top (A19, B19, ...,
/// then the next row down), +1 for a point `color` owns.
fn kata_line(r: &SearchResult, board: &Board, color: Color, args: &AnalyzeArgs) -> String {
    let rate = |x: f32| float(f64::from(x), RATE_DECIMALS);
    let utility = |x: f32| float(f64::from(2.0 * x - 1.0), RATE_DECIMALS);
    let mut s = String::new();
    for (order, c) in reported(&r.candidates, args).into_iter().enumerate() {
        if !s.is_empty() {
            s.push(' ');
        }
        let _ = write!(
            s,
            "info move {} visits {} utility {} winrate {}",
            c.mv,
            c.visits,
            utility(c.winrate),
            rate(c.winrate)
        );
        score_fields(&mut s, c.score_lead, c.score_stdev);
        let _ = write!(
            s,
            " prior {} lcb {} utilityLcb {} order {order} pv",
            rate(c.prior),
            rate(c.lcb),
            utility(c.lcb)
        );
        for m in &c.pv {
            let _ = write!(s, " {m}");
        }
        if args.pv_visits {
            s.push_str(" pvVisits");
            for v in &c.pv_visits {
                let _ = write!(s, " {v}");
            }
        }
    }
    if s.is_empty() {
        return s;
    }
    if args.root_info {
        let _ = write!(
            s,
            " rootInfo visits {} utility {} winrate {}",
            r.root_visits,
            utility(r.winrate),
            rate(r.winrate)
        );
        score_fields(&mut s, r.score_lead, r.score_stdev);
    }
    if args.ownership {
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        s.push_str(" ownership");
        let size = board.size();
        for y in (0..size).rev() {
            for x in 0..size {
                let v = Point::new(x, y)
                    .and_then(|p| board.loc(p))
                    .and_then(|l| r.ownership.get(l.index()))
                    .map_or(0.0, |&o| f64::from(o.clamp(-1.0, 1.0)) * sign);
                let _ = write!(s, " {}", float(v, OWNERSHIP_DECIMALS));
            }
        }
    }
    s
}

impl Session {
    /// `lz-analyze`, `kata-analyze` and their `genmove` forms: `=` and a
    /// line break, then an `info` line every interval in `format`; analysis
    /// ends at the next input line (with an empty line), move generation
    /// by itself (with `play MOVE` and an empty line).
    pub(super) fn analyze(
        &mut self,
        id: &str,
        args: AnalyzeArgs,
        format: Format,
        genmove: bool,
        src: &mut dyn LineSource,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        if genmove {
            return self.genmove_analyze(id, args, format, out);
        }
        let color = args.color.unwrap_or(self.game.to_move());
        writeln!(out, "={id}")?;
        out.flush()?;
        let interval = Duration::from_millis(u64::from(args.interval_cs.max(1)) * 10);
        self.signals.stop.store(false, Ordering::SeqCst);
        self.signals.analyzing.store(true, Ordering::SeqCst);
        // A command the host sent right behind this one was read before
        // the reader knew an analysis runs: it stops the analysis now.
        if src.command_pending() {
            self.signals.stop.store(true, Ordering::SeqCst);
        }
        loop {
            let batch = Limits {
                playouts: self.config.limits.playouts,
                time: Some(interval),
                ..Limits::default()
            };
            let req = Request {
                game: &self.game,
                color,
                cleanup: false,
            };
            let a = self.engine.analyze(&req, &batch, &self.signals.stop);
            let line = analysis_line(&a, format, self.game.board(), color, &args);
            if !line.is_empty() {
                writeln!(out, "{line}")?;
                out.flush()?;
            }
            if self.signals.stop.load(Ordering::SeqCst) || src.line_waiting() {
                break;
            }
        }
        self.signals.analyzing.store(false, Ordering::SeqCst);
        writeln!(out)?;
        out.flush()
    }

    /// `lz-genmove_analyze` and `kata-genmove_analyze`: the move `genmove`
    /// would play, under the same clock, dynamic komi and book, with an
    /// `info` line every interval while it thinks and one for the final
    /// analysis, then `play MOVE` and an empty line; the move is played.
    fn genmove_analyze(
        &mut self,
        id: &str,
        args: AnalyzeArgs,
        format: Format,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let color = args.color.unwrap_or(self.game.to_move());
        if self.game.is_over() {
            return respond(out, id, Err(GtpError::Other("the game is over".into())));
        }
        writeln!(out, "={id}")?;
        out.flush()?;
        let interval = Duration::from_millis(u64::from(args.interval_cs.max(1)) * 10);
        let board = self.game.board().clone();
        // The first write error ends the reporting; it is returned after
        // the move (the host is gone, but the game stays consistent).
        let mut failed: Option<io::Error> = None;
        let mut report = |a: &SearchResult| {
            if failed.is_some() {
                return;
            }
            let line = analysis_line(a, format, &board, color, &args);
            if !line.is_empty() {
                if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
                    failed = Some(e);
                }
            }
        };
        let (decision, analysis, spent) =
            self.think_move(color, false, Some(interval), &mut report);
        if !analysis.from_book {
            // The book's move was reported once already.
            report(&analysis);
        }
        if let Some(e) = failed {
            return Err(e);
        }
        let text = match self.finish_move(color, decision, &analysis, spent, true) {
            Ok(t) => t,
            Err(_) => "pass".into(),
        };
        write!(out, "play {text}\n\n")?;
        out.flush()
    }
}

/// One analysis report in `format`.
fn analysis_line(
    a: &SearchResult,
    format: Format,
    board: &Board,
    color: Color,
    args: &AnalyzeArgs,
) -> String {
    match format {
        Format::Leela => info_line(&a.candidates, args.max_moves),
        Format::Kata => kata_line(a, board, color, args),
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

    /// A search result on an empty 3x3 board: two candidates (one without
    /// visits) and an ownership of +1 (Black) on the top row, -0.5 on the
    /// bottom row, 0 between.
    fn result_3x3() -> (SearchResult, Board) {
        let board = Board::new(3, crate::geometry::Topology::Planar).unwrap();
        let mut ownership = vec![0.0; board.area()];
        for x in 0..3 {
            let top = board.loc(Point::new(x, 2).unwrap()).unwrap();
            let bottom = board.loc(Point::new(x, 0).unwrap()).unwrap();
            ownership[top.index()] = 1.0;
            ownership[bottom.index()] = -0.5;
        }
        let b2: Move = "B2".parse().unwrap();
        let a1: Move = "A1".parse().unwrap();
        let visited = Candidate {
            mv: b2,
            visits: 40,
            winrate: 0.75,
            prior: 0.5,
            lcb: 0.625,
            score_lead: 2.5,
            score_stdev: 3.25,
            pv: vec![b2, a1],
            pv_visits: vec![40, 9],
        };
        let unvisited = Candidate {
            mv: a1,
            visits: 0,
            winrate: 0.5,
            prior: 0.125,
            lcb: 0.0,
            score_lead: -1.0,
            score_stdev: 0.0,
            pv: vec![a1],
            pv_visits: vec![0],
        };
        let r = SearchResult {
            best: crate::search::Decision::Play(b2),
            winrate: 0.75,
            score_lead: 2.0,
            score_stdev: 5.5,
            candidates: vec![visited, unvisited],
            ownership,
            playouts: 41,
            root_visits: 41,
            reused_visits: 0,
            nodes: 3,
            elapsed: Duration::ZERO,
            from_book: false,
        };
        (r, board)
    }

    #[test]
    fn kata_lines_in_katagos_format() {
        let (r, board) = result_3x3();
        let plain = AnalyzeArgs::default();
        // Unvisited moves are left out; utility = 2 x win rate - 1.
        assert_eq!(
            kata_line(&r, &board, Color::Black, &plain),
            "info move B2 visits 40 utility 0.5 winrate 0.75 scoreMean 2.5 scoreStdev 3.25 \
             scoreLead 2.5 scoreSelfplay 2.5 prior 0.5 lcb 0.625 utilityLcb 0.25 order 0 pv B2 A1"
        );
        let all = AnalyzeArgs {
            min_moves: 2,
            pv_visits: true,
            root_info: true,
            ownership: true,
            ..AnalyzeArgs::default()
        };
        // Ownership from the top-left, for the colour analysed: White here,
        // so Black's top row is -1.
        assert_eq!(
            kata_line(&r, &board, Color::White, &all),
            "info move B2 visits 40 utility 0.5 winrate 0.75 scoreMean 2.5 scoreStdev 3.25 \
             scoreLead 2.5 scoreSelfplay 2.5 prior 0.5 lcb 0.625 utilityLcb 0.25 order 0 pv B2 A1 \
             pvVisits 40 9 \
             info move A1 visits 0 utility 0 winrate 0.5 scoreMean -1 scoreStdev 0 \
             scoreLead -1 scoreSelfplay -1 prior 0.125 lcb 0 utilityLcb -1 order 1 pv A1 pvVisits 0 \
             rootInfo visits 41 utility 0.5 winrate 0.75 scoreMean 2 scoreStdev 5.5 scoreLead 2 \
             scoreSelfplay 2 ownership -1 -1 -1 0 0 0 0.5 0.5 0.5"
        );
        let one = AnalyzeArgs {
            min_moves: 2,
            max_moves: Some(1),
            ownership: true,
            ..AnalyzeArgs::default()
        };
        assert!(kata_line(&r, &board, Color::Black, &one)
            .ends_with("order 0 pv B2 A1 ownership 1 1 1 0 0 0 -0.5 -0.5 -0.5"));
    }

    #[test]
    fn kata_lines_leave_out_a_lead_that_is_not_a_number() {
        let (mut r, board) = result_3x3();
        r.candidates.truncate(1);
        r.candidates[0].score_lead = f32::INFINITY;
        let line = kata_line(&r, &board, Color::Black, &AnalyzeArgs::default());
        assert_eq!(
            line,
            "info move B2 visits 40 utility 0.5 winrate 0.75 prior 0.5 lcb 0.625 utilityLcb 0.25 order 0 pv B2 A1"
        );
        // Nothing to report, no line.
        r.candidates.clear();
        assert_eq!(
            kata_line(&r, &board, Color::Black, &AnalyzeArgs::default()),
            ""
        );
    }

    #[test]
    fn floats_are_short_and_never_negative_zero() {
        assert_eq!(float(0.5, 6), "0.5");
        assert_eq!(float(1.0, 6), "1");
        assert_eq!(float(-0.00001, 4), "0");
        assert_eq!(float(-3.25, 2), "-3.25");
        assert_eq!(float(2.0 / 3.0, 6), "0.666667");
        assert_eq!(float(120.0, 2), "120");
    }
}
