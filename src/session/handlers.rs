//! What each command does.

use super::Session;
use crate::board::Board;
use crate::color::Color;
use crate::game::{Game, GameEnd};
use crate::gtp::{Command, GtpError, KataRules, RuleCommand, COMMAND_NAMES};
use crate::handicap::{max_fixed_handicap, HandicapError};
use crate::point::{Move, Point};
use crate::rules::{Preset, Rules};
use crate::search::Level;
use crate::search::{Decision, Engine, Limits, Request, SearchResult};
use std::fmt::Write as _;
use std::io::Write;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

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

pub(super) fn vertices(points: impl IntoIterator<Item = Point>) -> String {
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
            C::Showboard => Ok(match self.phantom_board() {
                Some(own) => board_text(&own),
                None => board_text(&self.game),
            }),
            C::KgsRules(p) => {
                let rules = Rules {
                    topology: self.game.rules().topology,
                    ..Rules::preset(p).with_komi(self.game.rules().komi)
                };
                self.set_rules(rules)?;
                Ok(String::new())
            }
            C::KgsChat => Ok(format!(
                "Hello, I am tengen {}, a Go engine playing at level {}. I do not chat, but thank you for the game.",
                env!("CARGO_PKG_VERSION"),
                self.level_name()
            )),
            C::KgsGameOver => {
                let _ = writeln!(self.log, "game over");
                Ok(String::new())
            }
            C::GoguiAnalyzeCommands => Ok(ANALYZE_COMMANDS.into()),
            C::GoguiInterrupt => Ok(String::new()),
            C::LzAnalyze(_)
            | C::LzGenmoveAnalyze(_)
            | C::KataAnalyze(_)
            | C::KataGenmoveAnalyze(_) => Err(GtpError::Syntax),
            C::KataGetRules => Ok(KataRules::from_rules(self.game.rules()).to_string()),
            C::KataSetRules(k) => {
                let rules = k
                    .to_rules(self.game.rules())
                    .map_err(|e| GtpError::Other(e.0))?;
                self.set_rules(rules)?;
                Ok(String::new())
            }
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
            C::Level(None) => Ok(self.level_name()),
        }
    }

    /// The playing level's name, or `custom` when playouts or time set the
    /// limits (`tengen-level`, `kgs-chat`).
    fn level_name(&self) -> String {
        self.config
            .level
            .map_or_else(|| "custom".to_string(), |l| l.to_string())
    }

    /// Starts a new game (after `boardsize`, `clear_board`), keeping the
    /// rules and the time system.
    pub(super) fn new_game(&mut self, game: Game) {
        self.game = game;
        self.phantom = None;
        self.engine.new_game();
        self.komi.reset();
        self.clock.set_system(self.clock.system());
    }

    /// GTP plays on after two passes (hosts decide when a game ends).
    pub(super) fn after_move(&mut self) {
        if self.game.end() == Some(GameEnd::TwoPasses) {
            self.game.resume();
        }
    }

    /// The search limits for one move of `c`: the configured ones,
    /// shortened by the clock.
    pub(super) fn move_limits(&self, c: Color) -> Limits {
        let mut limits = self.config.limits;
        let board = self.game.board();
        if let Some(b) = self.clock.budget_for(c, board.empty_count(), board.area()) {
            // The configured time per move caps both; a move the search
            // finds unclear may go on from the normal time to the maximum.
            let cap = limits.time;
            limits.time = Some(cap.map_or(b.target, |t| t.min(b.target)));
            limits.max_time = Some(cap.map_or(b.max, |t| t.min(b.max)));
            limits.saves_time = b.saves;
        }
        limits
    }

    pub(super) fn genmove(
        &mut self,
        c: Color,
        play: bool,
        cleanup: bool,
    ) -> Result<String, GtpError> {
        if self.game.is_over() {
            return Err(GtpError::Other("the game is over".into()));
        }
        let (decision, analysis, spent) = self.think_move(c, cleanup, None, &mut |_| {});
        self.finish_move(c, decision, &analysis, spent, play)
    }

    /// Chooses a move for `c` as `genmove` does (the clock's limits, the
    /// dynamic komi of a handicap game, the book), calling `info` with the
    /// analysis so far every `info_interval` (the genmove forms of live
    /// analysis); returns the decision, its analysis and the time spent.
    pub(super) fn think_move(
        &mut self,
        c: Color,
        cleanup: bool,
        info_interval: Option<Duration>,
        info: &mut dyn FnMut(&SearchResult),
    ) -> (Decision, SearchResult, Duration) {
        let mut limits = self.move_limits(c);
        limits.info_interval = info_interval;
        // A handicap game's dynamic komi; resignation waits until it is
        // back to the real komi.
        limits.extra_komi = self.komi.extra_komi(&self.game, c);
        let moves = self.game.moves().len();
        limits.expected_winrate = self
            .expected
            .filter(|&(col, n, _)| col == c && n + 2 == moves)
            .map(|(_, _, w)| w);
        self.signals.stop.store(false, Ordering::SeqCst);
        let start = Instant::now();
        let req = Request {
            game: &self.game,
            color: c,
            cleanup,
        };
        let (decision, analysis) =
            self.engine
                .genmove_reporting(&req, &limits, &self.signals.stop, info);
        let spent = start.elapsed();
        self.komi.update(&self.game, c, analysis.winrate);
        self.expected = Some((c, moves, analysis.winrate));
        if self.komi.cap(&self.game, c) > 0.0 {
            let _ = writeln!(
                self.log,
                "dynamic komi: searched at komi {} (real {}); next {}",
                self.game.komi_with_bonus() + limits.extra_komi,
                self.game.komi_with_bonus(),
                self.game.komi_with_bonus() + self.komi.extra_komi(&self.game, c)
            );
        }
        (decision, analysis, spent)
    }

    /// Checks, logs and (if `play`) plays the engine's decision; returns
    /// the vertex, `pass` or `resign`.
    pub(super) fn finish_move(
        &mut self,
        c: Color,
        decision: Decision,
        analysis: &SearchResult,
        spent: Duration,
        play: bool,
    ) -> Result<String, GtpError> {
        let mut decision = decision;
        // In a handicap game, no resignation while the dynamic komi could
        // still be away from the real komi (for either colour, whether it
        // is used for this one or not; not with `--dynamic-komi off`).
        if decision == Decision::Resign && self.komi.holds_resignation(&self.game) {
            let _ = writeln!(self.log, "no resignation yet in a handicap game");
            decision = Decision::Play(
                analysis
                    .candidates
                    .iter()
                    .map(|k| k.mv)
                    .find(|&m| self.game.is_legal(c, m))
                    .unwrap_or(Move::Pass),
            );
        }
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
        let chosen = match decision {
            Decision::Play(m) => m.to_string(),
            Decision::Resign => "resign".to_string(),
        };
        let _ = if analysis.from_book {
            writeln!(
                self.log,
                "{c}: {chosen} from the opening book (win rate {:.3} after {} playouts)",
                analysis.winrate,
                best.map_or(0, |b| b.visits)
            )
        } else {
            writeln!(
                self.log,
                "{c}: {chosen} after {} playouts in {:.2}s (win rate {:.3}; {} visits reused)",
                analysis.root_visits,
                spent.as_secs_f64(),
                best.map_or(0.5, |b| b.winrate),
                analysis.reused_visits
            )
        };
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
                    self.ponder_from = Some((self.game.board().hash(), self.game.moves().len()));
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

    fn rules_command(&mut self, cmd: RuleCommand) -> Result<String, GtpError> {
        let mut r = *self.game.rules();
        let shown = match cmd {
            RuleCommand::Show => {
                return Ok(format!(
                    "preset {}\nko {}\nsuicide {}\nscoring {}\nkomi {}\ntie {}\nmove_limit {}\ncapture_goal {}\ntopology {}\nhandicap_bonus {}",
                    preset_name(&r),
                    r.ko.name(),
                    r.suicide.name(),
                    r.scoring.name(),
                    number(r.komi),
                    r.tie.name(),
                    limit_name(r.move_limit),
                    limit_name(r.capture_goal),
                    r.topology.name(),
                    r.handicap_bonus.name()
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
            RuleCommand::HandicapBonus(None) => r.handicap_bonus.name().into(),
            RuleCommand::HandicapBonus(Some(b)) => {
                r.handicap_bonus = b;
                String::new()
            }
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
        self.set_rules(r)?;
        Ok(shown)
    }

    /// Puts `r` in force: the moves are replayed under it, and a rule that
    /// would make one of them illegal is refused with the game unchanged;
    /// a new topology clears the board.
    fn set_rules(&mut self, r: Rules) -> Result<(), GtpError> {
        if r != *self.game.rules() {
            let topology_changed = r.topology != self.game.rules().topology;
            self.game
                .set_rules(r)
                .map_err(|e| GtpError::Other(e.to_string()))?;
            if topology_changed {
                self.engine.new_game();
            }
            self.after_move();
        }
        Ok(())
    }
}
