//! What each command does.

use super::command::{AnalyzeArgs, Command, GtpError, RuleCommand, COMMAND_NAMES};
use super::input::LineSource;
use super::{respond, Session};
use crate::board::Board;
use crate::color::Color;
use crate::game::{Game, GameEnd};
use crate::geometry::Loc;
use crate::handicap::{max_fixed_handicap, HandicapError};
use crate::point::{Move, Point};
use crate::rules::{Preset, Rules};
use crate::score::dead_stones_by_ownership;
use crate::score::{stone_statuses_with, DeadStones, Outcome, StoneStatus};
use crate::search::Level;
use crate::search::{Candidate, Decision, Engine, Limits, PositionKey, Request, SearchResult};
use crate::sgf::{read_sgf_before, write_sgf};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The most a dead-stone or ownership estimate searches.
const SCORING_LIMITS: Limits = Limits {
    playouts: Some(20_000),
    time: Some(Duration::from_secs(2)),
    max_time: None,
    info_interval: None,
    cleanup: false,
    analysis: false,
};

/// The largest SGF file `loadsgf` reads.
const MAX_SGF_BYTES: u64 = 16 * 1024 * 1024;

/// The GoGui analysis commands offered by `gogui-analyze_commands`.
const ANALYZE_COMMANDS: &str = "dboard/Ownership/tengen-ownership
plist/Dead stones/final_status_list dead
plist/Seki stones/final_status_list seki
plist/Ko and superko forbidden points/tengen-ko_forbidden
string/Score preview/tengen-score
string/Rules/tengen-rules";

fn handicap_error(e: HandicapError) -> GtpError {
    match e {
        HandicapError::InvalidNumber => GtpError::InvalidNumberOfStones,
        HandicapError::BoardNotEmpty => GtpError::BoardNotEmpty,
        HandicapError::BadVertexList => GtpError::BadVertexList,
    }
}

fn vertices(points: impl IntoIterator<Item = Point>) -> String {
    points
        .into_iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn limit_name(l: Option<u32>) -> String {
    l.map_or_else(|| "none".to_string(), |n| n.to_string())
}

/// The preset whose fields (komi aside) the rules equal, or `custom`.
fn preset_name(r: &Rules) -> &'static str {
    Preset::ALL
        .into_iter()
        .find(|&p| Rules::preset(p).with_komi(r.komi) == *r)
        .map_or("custom", Preset::name)
}

/// A GTP number: no trailing `.0` for whole numbers.
fn number(x: f64) -> String {
    format!("{x}")
}

/// The board with coordinates, prisoners, komi and the side to move.
fn board_text(game: &Game) -> String {
    let board = game.board();
    let size = board.size();
    let letters: String = (0..size)
        .filter_map(|x| Point::new(x, 0))
        .map(|p| {
            let s = p.to_string();
            format!(" {}", &s[..1])
        })
        .collect();
    let last = board.last_move();
    let mut t = String::new();
    let _ = writeln!(t);
    let _ = writeln!(t, "   {}", letters.trim_start());
    for y in (0..size).rev() {
        let _ = write!(t, "{:>2}", y + 1);
        for x in 0..size {
            let Some(l) = Point::new(x, y).and_then(|p| board.loc(p)) else {
                continue;
            };
            let ch = match board.color_at(l) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            let mark = if Some(l) == last { '(' } else { ' ' };
            let close_prev = x > 0
                && Point::new(x - 1, y)
                    .and_then(|p| board.loc(p))
                    .is_some_and(|pl| Some(pl) == last);
            let _ = write!(t, "{}{ch}", if close_prev { ')' } else { mark });
        }
        let end_mark = Point::new(size - 1, y)
            .and_then(|p| board.loc(p))
            .is_some_and(|pl| Some(pl) == last);
        let _ = writeln!(t, "{}{}", if end_mark { ')' } else { ' ' }, y + 1);
    }
    let _ = writeln!(t, "   {}", letters.trim_start());
    let _ = write!(
        t,
        "Black (X) has captured {} stones, White (O) has captured {} stones; komi {}; {} to move",
        board.captures(Color::Black),
        board.captures(Color::White),
        number(game.rules().komi),
        game.to_move()
    );
    t
}

/// Points for extra handicap stones beyond the fixed ones: each time, among
/// the empty points farthest from the first two lines, the one farthest
/// from the stones already placed (the first in point order on a tie).
fn spread_points(board: &Board, mut chosen: Vec<Point>, n: usize) -> Vec<Point> {
    let size = board.size();
    let points: Vec<Point> = board.locs().map(|l| board.point(l)).collect();
    let manhattan = |p: Point, q: Point| p.x().abs_diff(q.x()) + p.y().abs_diff(q.y());
    // The distance of every point to the nearest chosen one (0 if chosen),
    // kept up to date as stones are added.
    let mut dist: Vec<usize> = points
        .iter()
        .map(|&p| {
            chosen
                .iter()
                .map(|&q| manhattan(p, q))
                .min()
                .unwrap_or(usize::MAX)
        })
        .collect();
    while chosen.len() < n {
        let mut best: Option<((usize, usize), usize)> = None;
        for (i, &p) in points.iter().enumerate() {
            if dist[i] == 0 {
                continue;
            }
            let edge = p.x().min(p.y()).min(size - 1 - p.x()).min(size - 1 - p.y());
            let key = (edge.min(2), dist[i]);
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, i));
            }
        }
        let Some((_, i)) = best else { break };
        let p = points[i];
        chosen.push(p);
        for (d, &q) in dist.iter_mut().zip(&points) {
            *d = (*d).min(manhattan(p, q));
        }
    }
    chosen
}

/// One `info` block of `lz-analyze`, in Leela Zero's format.
fn info_line(candidates: &[Candidate], score_lead: f32, max: Option<usize>) -> String {
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
        if score_lead.is_finite() {
            let _ = write!(s, " scoreLead {score_lead:.1}");
        }
        s.push_str(" pv");
        for m in &c.pv {
            let _ = write!(s, " {m}");
        }
    }
    s
}

impl Session {
    /// Executes one command other than the live-analysis ones.
    pub(super) fn handle(&mut self, cmd: Command) -> Result<String, GtpError> {
        use Command as C;
        match cmd {
            C::ProtocolVersion => Ok("2".into()),
            C::Name => Ok("tengen".into()),
            C::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            C::KnownCommand(n) => Ok((COMMAND_NAMES.contains(&n.as_str())
                || super::PHANTOM_COMMANDS.contains(&n.as_str()))
            .to_string()),
            C::ListCommands => Ok(COMMAND_NAMES
                .iter()
                .chain(super::PHANTOM_COMMANDS.iter())
                .copied()
                .collect::<Vec<_>>()
                .join("\n")),
            C::Quit => {
                self.quit = true;
                Ok(String::new())
            }
            C::Boardsize(n) => {
                let size = usize::try_from(n).map_err(|_| GtpError::UnacceptableSize)?;
                let game =
                    Game::new(size, *self.game.rules()).map_err(|_| GtpError::UnacceptableSize)?;
                self.new_game(game);
                Ok(String::new())
            }
            C::ClearBoard => {
                let game = Game::new(self.game.size(), *self.game.rules())
                    .map_err(|_| GtpError::UnacceptableSize)?;
                self.new_game(game);
                Ok(String::new())
            }
            C::Komi(k) => {
                self.game.set_komi(k);
                Ok(String::new())
            }
            C::Play(c, mv) => {
                self.game
                    .play_as(c, mv)
                    .map_err(|_| GtpError::IllegalMove)?;
                self.after_move();
                Ok(String::new())
            }
            C::IsLegal(c, mv) => Ok(if self.game.is_legal(c, mv) { "1" } else { "0" }.into()),
            C::Genmove(c) => self.genmove(c, true, false),
            C::RegGenmove(c) => self.genmove(c, false, false),
            C::KgsGenmoveCleanup(c) => self.genmove(c, true, true),
            C::Undo => {
                self.game.undo().map_err(|_| GtpError::CannotUndo)?;
                Ok(String::new())
            }
            C::FixedHandicap(n) => {
                let n = usize::try_from(n).map_err(|_| GtpError::InvalidNumberOfStones)?;
                let pts = self.game.set_fixed_handicap(n).map_err(handicap_error)?;
                Ok(vertices(pts))
            }
            C::PlaceFreeHandicap(n) => self.place_free_handicap(n),
            C::SetFreeHandicap(moves) => {
                let pts: Vec<Point> = moves
                    .iter()
                    .map(|m| m.point().ok_or(GtpError::BadVertexList))
                    .collect::<Result<_, _>>()?;
                self.game.set_free_handicap(&pts).map_err(handicap_error)?;
                Ok(String::new())
            }
            C::TimeSettings(sys) | C::KgsTimeSettings(sys) => {
                self.clock.set_system(sys);
                Ok(String::new())
            }
            C::TimeLeft {
                color,
                seconds,
                stones,
            } => {
                self.clock.set_left(color, seconds, stones);
                Ok(String::new())
            }
            C::FinalScore => self.final_score(),
            C::FinalStatusList(s) => Ok(self.status_list(s)),
            C::Loadsgf { path, move_number } => self.loadsgf(&path, move_number),
            C::Printsgf(path) => self.printsgf(path.as_deref()),
            C::Showboard => Ok(board_text(&self.game)),
            C::KgsRules(p) => {
                let rules = Rules {
                    topology: self.game.rules().topology,
                    ..Rules::preset(p).with_komi(self.game.rules().komi)
                };
                self.game.set_rules(rules);
                Ok(String::new())
            }
            C::KgsGameOver => {
                let _ = writeln!(self.log, "game over");
                Ok(String::new())
            }
            C::GoguiAnalyzeCommands => Ok(ANALYZE_COMMANDS.into()),
            C::GoguiInterrupt => Ok(String::new()),
            C::LzAnalyze(_) | C::LzGenmoveAnalyze(_) => Err(GtpError::Syntax),
            C::Rules(r) => self.rules_command(r),
            C::Ownership => Ok(self.ownership_board()),
            C::KoForbidden(c) => {
                let c = c.unwrap_or(self.game.to_move());
                Ok(vertices(self.game.ko_forbidden(c).collect::<Vec<_>>()))
            }
            C::ScorePreview => Ok(self.score_preview()),
            C::Level(Some(name)) => {
                let level = name.parse::<Level>().map_err(|_| GtpError::Syntax)?;
                self.set_level(level);
                Ok(String::new())
            }
            C::Level(None) => Ok(self
                .config
                .level
                .map_or_else(|| "custom".to_string(), Level::name)),
        }
    }

    /// Starts a new game (after `boardsize`, `clear_board`), keeping the
    /// rules and the time system.
    fn new_game(&mut self, game: Game) {
        self.game = game;
        self.phantom = None;
        self.engine.new_game();
        self.clock.set_system(self.clock.system());
    }

    /// GTP plays on after two passes (hosts decide when a game ends).
    fn after_move(&mut self) {
        if self.game.end() == Some(GameEnd::TwoPasses) {
            self.game.resume();
        }
    }

    /// The search limits for one move of `c`: the configured ones,
    /// shortened by the clock.
    pub(super) fn move_limits(&self, c: Color) -> Limits {
        let mut limits = self.config.limits;
        if let Some(b) = self.clock.budget_for(c, self.game.board().empty_count()) {
            // The configured time per move caps both; a move the search
            // finds unclear may go on from the normal time to the maximum.
            let cap = limits.time;
            limits.time = Some(cap.map_or(b.target, |t| t.min(b.target)));
            limits.max_time = Some(cap.map_or(b.max, |t| t.min(b.max)));
        }
        limits
    }

    /// The search limits for estimating ownership and dead stones: the
    /// configured ones, but at most [`SCORING_LIMITS`]'s, so that a long
    /// time per move does not hold up `final_score`.
    fn scoring_limits(&self) -> Limits {
        fn min<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(std::cmp::min(a, b)),
                (a, b) => a.or(b),
            }
        }
        Limits {
            playouts: min(self.config.limits.playouts, SCORING_LIMITS.playouts),
            time: min(self.config.limits.time, SCORING_LIMITS.time),
            ..SCORING_LIMITS
        }
    }

    fn genmove(&mut self, c: Color, play: bool, cleanup: bool) -> Result<String, GtpError> {
        if self.game.is_over() {
            return Err(GtpError::Other("the game is over".into()));
        }
        let limits = self.move_limits(c);
        self.signals.stop.store(false, Ordering::SeqCst);
        let start = Instant::now();
        let req = Request {
            game: &self.game,
            color: c,
            cleanup,
        };
        let (decision, analysis) = self.engine.genmove(&req, &limits, &self.signals.stop);
        let spent = start.elapsed();
        self.finish_move(c, decision, &analysis, spent, play)
    }

    /// Checks, logs and (if `play`) plays the engine's decision; returns
    /// the vertex, `pass` or `resign`.
    fn finish_move(
        &mut self,
        c: Color,
        decision: Decision,
        analysis: &SearchResult,
        spent: Duration,
        play: bool,
    ) -> Result<String, GtpError> {
        let mut decision = decision;
        if let Decision::Play(mv) = decision {
            if !self.game.is_legal(c, mv) {
                let _ = writeln!(
                    self.log,
                    "engine chose the illegal move {mv} for {c}; passing"
                );
                decision = Decision::Play(Move::Pass);
            }
        }
        let best = analysis.candidates.first();
        let _ = writeln!(
            self.log,
            "{c}: {} after {} playouts in {:.2}s (win rate {:.3})",
            match decision {
                Decision::Play(m) => m.to_string(),
                Decision::Resign => "resign".to_string(),
            },
            analysis.root_visits,
            spent.as_secs_f64(),
            best.map_or(0.5, |b| b.winrate)
        );
        let _ = self.log.flush();
        match decision {
            Decision::Resign => Ok("resign".into()),
            Decision::Play(mv) => {
                if play {
                    self.clock.spend(c, spent);
                    self.game
                        .play_as(c, mv)
                        .map_err(|e| GtpError::Other(format!("cannot play {mv}: {e}")))?;
                    self.after_move();
                }
                Ok(mv.to_string())
            }
        }
    }

    fn place_free_handicap(&mut self, n: i64) -> Result<String, GtpError> {
        let board = self.game.board();
        let empty = self.game.moves().is_empty() && board.empty_count() == board.area();
        if !empty {
            return Err(GtpError::BoardNotEmpty);
        }
        let n = usize::try_from(n).map_err(|_| GtpError::InvalidNumberOfStones)?;
        if n < 2 || n >= board.area() {
            return Err(GtpError::InvalidNumberOfStones);
        }
        let size = board.size();
        let fixed = max_fixed_handicap(size).min(n);
        let start = if fixed >= 2 {
            crate::handicap::fixed_handicap_points(size, fixed).map_err(handicap_error)?
        } else {
            Vec::new()
        };
        let pts = spread_points(board, start, n);
        self.game.set_free_handicap(&pts).map_err(handicap_error)?;
        Ok(vertices(pts))
    }

    /// The stones counted dead at the end of the game: the library's
    /// conservative dead stones plus the chains the engine's ownership
    /// estimate gives to the opponent ([`estimated_dead_stones`]), found
    /// once per position so that `final_score`, `final_status_list` and
    /// `tengen-score` always agree.
    fn dead_stones(&mut self) -> DeadStones {
        let key = PositionKey::new(&self.game, self.game.to_move(), false);
        if let Some((k, dead)) = &self.dead_cache {
            if *k == key {
                return dead.clone();
            }
        }
        self.signals.stop.store(false, Ordering::SeqCst);
        let req = Request {
            game: &self.game,
            color: self.game.to_move(),
            cleanup: false,
        };
        let analysis = self
            .engine
            .analyze(&req, &self.scoring_limits(), &self.signals.stop);
        let dead =
            dead_stones_by_ownership(self.game.board(), self.game.rules(), &analysis.ownership);
        self.dead_cache = Some((key, dead.clone()));
        dead
    }

    fn final_score(&mut self) -> Result<String, GtpError> {
        let dead = self.dead_stones();
        let outcome: Outcome = match self.game.end() {
            Some(GameEnd::TwoPasses | GameEnd::MoveLimit) | None => {
                self.game.score_with(&dead).outcome(self.game.rules().tie)
            }
            Some(_) => self.game.result_with(&dead).ok_or(GtpError::CannotScore)?,
        };
        Ok(outcome.to_string())
    }

    /// `final_status_list`: the stones of that status, one chain a line.
    fn status_list(&mut self, status: StoneStatus) -> String {
        let dead = self.dead_stones();
        let board = self.game.board();
        let statuses = stone_statuses_with(board, self.game.rules(), &dead);
        let mut done = vec![false; board.area()];
        let mut lines = Vec::new();
        for &(l, st) in &statuses {
            if st != status || done.get(l.index()).copied().unwrap_or(true) {
                continue;
            }
            let mut chain: Vec<Loc> = board.chain(l).collect();
            chain.sort();
            for &m in &chain {
                if let Some(d) = done.get_mut(m.index()) {
                    *d = true;
                }
            }
            lines.push(vertices(chain.iter().map(|&m| board.point(m))));
        }
        lines.join("\n")
    }

    /// `tengen-score`: the result if the game ended now, the totals and
    /// the dead stones taken off.
    fn score_preview(&mut self) -> String {
        let dead = self.dead_stones();
        let s = self.game.score_with(&dead);
        let board = self.game.board();
        let dead_list = vertices(dead.iter(board).map(|l| board.point(l)));
        format!(
            "{}: {s}; dead: {}",
            s.outcome(self.game.rules().tie),
            if dead_list.is_empty() {
                "none"
            } else {
                &dead_list
            }
        )
    }

    /// `loadsgf FILE [N]`: the position before move `N` (the end without
    /// `N`). Rules the file does not name stay as they are; its komi wins.
    /// Only regular files of at most [`MAX_SGF_BYTES`] are read.
    fn loadsgf(&mut self, path: &str, move_number: Option<i64>) -> Result<String, GtpError> {
        use std::io::Read as _;
        // Only a regular file: opening a named pipe would block for ever,
        // and a device or directory is no SGF file.
        let regular = std::fs::metadata(path).is_ok_and(|m| m.is_file());
        if !regular {
            return Err(GtpError::CannotLoadFile);
        }
        let file = std::fs::File::open(path).map_err(|_| GtpError::CannotLoadFile)?;
        let mut bytes = Vec::new();
        file.take(MAX_SGF_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|_| GtpError::CannotLoadFile)?;
        if bytes.len() as u64 > MAX_SGF_BYTES {
            return Err(GtpError::CannotLoadFile);
        }
        let n = match move_number {
            None => usize::MAX,
            Some(n) => usize::try_from(n).map_err(|_| GtpError::CannotLoadFile)?,
        };
        let loaded = read_sgf_before(&bytes, n).map_err(|_| GtpError::CannotLoadFile)?;
        let mut game = loaded.game;
        if !loaded.rules_known {
            let komi = loaded.komi.unwrap_or(self.game.rules().komi);
            game.set_rules(self.game.rules().with_komi(komi));
        }
        self.game = game;
        self.after_move();
        self.engine.new_game();
        Ok(String::new())
    }

    /// `printsgf [FILE]`: the game as SGF, or written to `FILE`.
    fn printsgf(&mut self, path: Option<&str>) -> Result<String, GtpError> {
        let result = if self.game.is_over() {
            let dead = self.dead_stones();
            self.game.result_with(&dead).map(|o| o.to_string())
        } else {
            None
        };
        let sgf = write_sgf(&self.game, result.as_deref());
        match path {
            None => Ok(sgf),
            Some(p) => {
                // Opening a named pipe to write would block for ever.
                if std::fs::metadata(p).is_ok_and(|m| !m.is_file()) {
                    return Err(GtpError::Other(
                        "cannot write file: not a regular file".into(),
                    ));
                }
                std::fs::write(p, sgf.as_bytes())
                    .map_err(|e| GtpError::Other(format!("cannot write file: {e}")))?;
                Ok(String::new())
            }
        }
    }

    /// The ownership estimate as a GoGui `dboard`: top row first, +1 for
    /// Black, -1 for White.
    fn ownership_board(&mut self) -> String {
        let color = self.game.to_move();
        let limits = self.scoring_limits();
        self.signals.stop.store(false, Ordering::SeqCst);
        let req = Request {
            game: &self.game,
            color,
            cleanup: false,
        };
        let analysis = self.engine.analyze(&req, &limits, &self.signals.stop);
        let board = self.game.board();
        let size = board.size();
        let mut t = String::new();
        for y in (0..size).rev() {
            t.push('\n');
            let row: Vec<String> = (0..size)
                .map(|x| {
                    let v = Point::new(x, y)
                        .and_then(|p| board.loc(p))
                        .and_then(|l| analysis.ownership.get(l.index()))
                        .copied()
                        .unwrap_or(0.0);
                    format!("{v:.2}")
                })
                .collect();
            t.push_str(&row.join(" "));
        }
        t
    }

    fn rules_command(&mut self, cmd: RuleCommand) -> Result<String, GtpError> {
        let mut r = *self.game.rules();
        let shown = match cmd {
            RuleCommand::Show => {
                return Ok(format!(
                    "preset {}\nko {}\nsuicide {}\nscoring {}\nkomi {}\ntie {}\nmove_limit {}\ncapture_goal {}\ntopology {}",
                    preset_name(&r),
                    r.ko.name(),
                    r.suicide.name(),
                    r.scoring.name(),
                    number(r.komi),
                    r.tie.name(),
                    limit_name(r.move_limit),
                    limit_name(r.capture_goal),
                    r.topology.name()
                ))
            }
            RuleCommand::Preset(None) => preset_name(&r).to_string(),
            RuleCommand::Ko(None) => r.ko.name().into(),
            RuleCommand::Suicide(None) => r.suicide.name().into(),
            RuleCommand::Scoring(None) => r.scoring.name().into(),
            RuleCommand::Komi(None) => number(r.komi),
            RuleCommand::Tie(None) => r.tie.name().into(),
            RuleCommand::MoveLimit(None) => limit_name(r.move_limit),
            RuleCommand::CaptureGoal(None) => limit_name(r.capture_goal),
            RuleCommand::Topology(None) => r.topology.name().into(),
            RuleCommand::Preset(Some(p)) => {
                r = Rules {
                    topology: r.topology,
                    ..Rules::preset(p)
                };
                String::new()
            }
            RuleCommand::Ko(Some(k)) => {
                r.ko = k;
                String::new()
            }
            RuleCommand::Suicide(Some(s)) => {
                r.suicide = s;
                String::new()
            }
            RuleCommand::Scoring(Some(s)) => {
                r.scoring = s;
                String::new()
            }
            RuleCommand::Komi(Some(k)) => {
                r.komi = k;
                String::new()
            }
            RuleCommand::Tie(Some(t)) => {
                r.tie = t;
                String::new()
            }
            RuleCommand::MoveLimit(Some(m)) => {
                r.move_limit = m;
                String::new()
            }
            RuleCommand::CaptureGoal(Some(g)) => {
                r.capture_goal = g;
                String::new()
            }
            RuleCommand::Topology(Some(t)) => {
                r.topology = t;
                String::new()
            }
        };
        if r != *self.game.rules() {
            let topology_changed = r.topology != self.game.rules().topology;
            self.game.set_rules(r);
            if topology_changed {
                self.engine.new_game();
            }
            self.after_move();
        }
        Ok(shown)
    }

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
            let line = info_line(&a.candidates, a.score_lead, args.max_moves);
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

    fn candidate(mv: &str) -> Candidate {
        let mv: Move = mv.parse().unwrap();
        Candidate {
            mv,
            visits: 12,
            winrate: 0.25,
            prior: 0.5,
            lcb: 2.0,
            pv: vec![mv, Move::Pass],
        }
    }

    #[test]
    fn info_lines_in_leela_zero_format() {
        let line = info_line(&[candidate("D4"), candidate("C3")], 3.5, None);
        assert_eq!(
            line,
            "info move D4 visits 12 winrate 2500 prior 5000 lcb 10000 order 0 scoreLead 3.5 pv D4 pass \
             info move C3 visits 12 winrate 2500 prior 5000 lcb 10000 order 1 scoreLead 3.5 pv C3 pass"
        );
        assert_eq!(
            info_line(&[candidate("D4"), candidate("C3")], 0.0, Some(1)),
            "info move D4 visits 12 winrate 2500 prior 5000 lcb 10000 order 0 scoreLead 0.0 pv D4 pass"
        );
        // A lead that is not a number (komi 1e308 makes it infinite) is
        // left out rather than written as `inf`, which hosts cannot parse.
        for bad in [f32::INFINITY, f32::NEG_INFINITY, f32::NAN] {
            let line = info_line(&[candidate("D4")], bad, None);
            assert_eq!(
                line,
                "info move D4 visits 12 winrate 2500 prior 5000 lcb 10000 order 0 pv D4 pass"
            );
        }
    }
}

#[cfg(test)]
mod loadsgf_tests {
    use crate::gtp::{transcript, Config};
    use std::time::Duration;

    #[test]
    fn loadsgf_and_printsgf_refuse_what_is_not_a_regular_file() {
        // A named pipe with no writer would block `open` for ever; a
        // directory and a device are not SGF files either.
        let dir = std::env::temp_dir().join(format!("tengen-loadsgf-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        assert!(made, "mkfifo");
        let input = format!(
            "loadsgf {}\nloadsgf {}\nloadsgf /dev/zero\nprintsgf {}\nname\n",
            fifo.display(),
            dir.display(),
            fifo.display()
        );
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(transcript(Config::default(), input.as_bytes()));
        });
        let out = rx.recv_timeout(Duration::from_secs(20));
        let _ = std::fs::remove_dir_all(&dir);
        let out = String::from_utf8(out.expect("loadsgf of a pipe hangs")).unwrap();
        assert_eq!(
            out,
            "? cannot load file\n\n? cannot load file\n\n? cannot load file\n\n\
             ? cannot write file: not a regular file\n\n= tengen\n\n"
        );
    }
}
