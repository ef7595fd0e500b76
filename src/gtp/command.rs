//! GTP input: preprocessing of raw lines, the split into id, name and
//! arguments, and the parse of each command into a typed [`Command`].

use super::args::{
    exact, keyword, optional, parse_color, parse_count, parse_float, parse_int, parse_limit,
    parse_move, parse_seconds,
};
use super::error::GtpError;
use super::kata::KataRules;
use super::time::{kgs_time_settings, time_settings};
use crate::color::Color;
use crate::geometry::Topology;
use crate::point::Move;
use crate::rules::{HandicapBonus, KoRule, Preset, Scoring, SuicideRule, TieRule};
use crate::score::StoneStatus;
use crate::time_system::TimeSystem;

/// Applies the preprocessing of the GTP specification to one raw input
/// line (without its line feed): control characters other than HT are
/// removed (so CR-LF input works), everything from `#` on is dropped, HT
/// becomes a space, and invalid UTF-8 becomes U+FFFD. Returns `None` for
/// a line that is then empty or blank, which gets no response.
pub fn preprocess(raw: &[u8]) -> Option<String> {
    let end = raw.iter().position(|&b| b == b'#').unwrap_or(raw.len());
    let kept: Vec<u8> = raw[..end]
        .iter()
        .filter_map(|&b| match b {
            b'\t' => Some(b' '),
            0..=31 | 127 => None,
            _ => Some(b),
        })
        .collect();
    let text = String::from_utf8_lossy(&kept);
    let trimmed = text.trim_matches(' ');
    if trimmed.is_empty() {
        None
    } else {
        Some(trimmed.to_string())
    }
}

/// Whether a raw input line is GoGui's interrupt request, `# interrupt`.
pub fn is_interrupt(raw: &[u8]) -> bool {
    let text = String::from_utf8_lossy(raw);
    let t = text.trim();
    t.strip_prefix('#')
        .is_some_and(|rest| rest.trim().eq_ignore_ascii_case("interrupt"))
}

/// A preprocessed line split into its optional numeric id, its command
/// name and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLine {
    /// The numeric id as written (echoed in the response), if any.
    pub id: Option<String>,
    /// The command name; empty if the line held only an id.
    pub name: String,
    /// The arguments, split on spaces.
    pub args: Vec<String>,
}

impl CommandLine {
    /// Splits a preprocessed, non-blank line.
    pub fn split(line: &str) -> CommandLine {
        let mut words = line.split(' ').filter(|w| !w.is_empty());
        let mut first = words.next().unwrap_or("");
        let mut id = None;
        if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
            id = Some(first.to_string());
            first = words.next().unwrap_or("");
        }
        CommandLine {
            id,
            name: first.to_string(),
            args: words.map(str::to_string).collect(),
        }
    }
}

/// The arguments of `lz-analyze`, `kata-analyze` and their `genmove`
/// forms: `[COLOR] [INTERVAL] KEY VALUE ...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalyzeArgs {
    /// The colour to analyse for; the side to move when absent.
    pub color: Option<Color>,
    /// The reporting interval in centiseconds.
    pub interval_cs: u32,
    /// The most candidate moves to report on one line, if limited.
    pub max_moves: Option<usize>,
    /// The fewest candidate moves to report on one line (`minmoves`):
    /// moves without visits fill up to it.
    pub min_moves: usize,
    /// `kata-analyze ... ownership true`: the expected owner of every
    /// point follows the candidates.
    pub ownership: bool,
    /// `ownershipStdev true`: the spread of the owner of every point.
    pub ownership_stdev: bool,
    /// `pvVisits true`: the visits of each move of every variation.
    pub pv_visits: bool,
    /// `rootInfo true`: the statistics of the position itself.
    pub root_info: bool,
}

impl Default for AnalyzeArgs {
    fn default() -> AnalyzeArgs {
        AnalyzeArgs {
            color: None,
            interval_cs: 100,
            max_moves: None,
            min_moves: 0,
            ownership: false,
            ownership_stdev: false,
            pv_visits: false,
            root_info: false,
        }
    }
}

/// A rules command of the `tengen-rules` family: each field with no
/// argument shows the value, with an argument sets it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RuleCommand {
    /// `tengen-rules`: every field, one per line.
    Show,
    /// `tengen-rules_preset [name]`: a whole preset, komi included.
    Preset(Option<Preset>),
    /// `tengen-rules_ko [simple|positional|situational]`.
    Ko(Option<KoRule>),
    /// `tengen-rules_suicide [allowed|forbidden]`.
    Suicide(Option<SuicideRule>),
    /// `tengen-rules_scoring [area|territory]`.
    Scoring(Option<Scoring>),
    /// `tengen-rules_komi [komi]`.
    Komi(Option<f64>),
    /// `tengen-rules_tie [draw|white]`.
    Tie(Option<TieRule>),
    /// `tengen-rules_move_limit [N|none]`.
    MoveLimit(Option<Option<u32>>),
    /// `tengen-rules_capture_goal [N|none]`.
    CaptureGoal(Option<Option<u32>>),
    /// `tengen-rules_topology [planar|toroidal]` (changing it clears the
    /// board).
    Topology(Option<Topology>),
    /// `tengen-rules_handicap_bonus [0|N-1|N]`.
    HandicapBonus(Option<HandicapBonus>),
}

/// A parsed GTP command with typed arguments.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `protocol_version`.
    ProtocolVersion,
    /// `name`.
    Name,
    /// `version`.
    Version,
    /// `known_command NAME`.
    KnownCommand(String),
    /// `list_commands`.
    ListCommands,
    /// `quit`.
    Quit,
    /// `boardsize N` (any integer; the handler checks the range).
    Boardsize(i64),
    /// `clear_board`.
    ClearBoard,
    /// `komi K` (finite).
    Komi(f64),
    /// `play COLOR VERTEX`.
    Play(Color, Move),
    /// `genmove COLOR`.
    Genmove(Color),
    /// `reg_genmove COLOR`: generate without playing.
    RegGenmove(Color),
    /// `undo`.
    Undo,
    /// `is_legal COLOR VERTEX`.
    IsLegal(Color, Move),
    /// `fixed_handicap N`.
    FixedHandicap(i64),
    /// `place_free_handicap N`.
    PlaceFreeHandicap(i64),
    /// `set_free_handicap VERTEX...`.
    SetFreeHandicap(Vec<Move>),
    /// `time_settings MAIN BYO STONES`.
    TimeSettings(TimeSystem),
    /// `time_left COLOR TIME STONES`.
    TimeLeft {
        /// Whose clock.
        color: Color,
        /// Seconds left in the current period.
        seconds: f64,
        /// Stones (Canadian) or periods (Japanese byo-yomi) left; 0 in main time.
        stones: u32,
    },
    /// `final_score`.
    FinalScore,
    /// `final_status_list alive|dead|seki`.
    FinalStatusList(StoneStatus),
    /// `loadsgf FILE [MOVE_NUMBER]`.
    Loadsgf {
        /// The file name.
        path: String,
        /// Replay up to the position before this move number.
        move_number: Option<i64>,
    },
    /// `printsgf [FILE]`: the game as SGF, or written to a file.
    Printsgf(Option<String>),
    /// `showboard`.
    Showboard,
    /// `kgs-genmove_cleanup COLOR`.
    KgsGenmoveCleanup(Color),
    /// `kgs-rules japanese|chinese|aga|new_zealand`.
    KgsRules(Preset),
    /// `kgs-time_settings none|absolute|canadian|byoyomi ...`.
    KgsTimeSettings(TimeSystem),
    /// `kgs-game_over`.
    KgsGameOver,
    /// `kgs-chat private|game NAME MESSAGE...`: a chat message kgsGtp
    /// forwards; the answer is sent back as the reply.
    KgsChat,
    /// `gogui-analyze_commands`.
    GoguiAnalyzeCommands,
    /// `gogui-interrupt` (announces `# interrupt` support).
    GoguiInterrupt,
    /// `lz-analyze [COLOR] [INTERVAL] ...`.
    LzAnalyze(AnalyzeArgs),
    /// `lz-genmove_analyze [COLOR] [INTERVAL] ...`.
    LzGenmoveAnalyze(AnalyzeArgs),
    /// `kata-analyze [COLOR] [INTERVAL] ...`, in KataGo's format.
    KataAnalyze(AnalyzeArgs),
    /// `kata-genmove_analyze [COLOR] [INTERVAL] ...`, in KataGo's format.
    KataGenmoveAnalyze(AnalyzeArgs),
    /// `kata-get-rules`: the rules as KataGo's JSON object.
    KataGetRules,
    /// `kata-set-rules JSON|NAME`: rules in KataGo's terms.
    KataSetRules(KataRules),
    /// The `tengen-rules` family.
    Rules(RuleCommand),
    /// `tengen-ownership`: the ownership estimate as a GoGui dboard.
    Ownership,
    /// `tengen-ko_forbidden [COLOR]`: points forbidden by ko or superko.
    KoForbidden(Option<Color>),
    /// `tengen-score`: a score preview with the dead stones taken off.
    ScorePreview,
    /// `tengen-level [LEVEL]`: sets the playing level (the session knows
    /// the level names), or reports it (`custom` when set by playouts or
    /// time).
    Level(Option<String>),
}

/// Every command name tengen knows, in the order `list_commands` prints.
pub const COMMAND_NAMES: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "is_legal",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "time_settings",
    "time_left",
    "final_score",
    "final_status_list",
    "loadsgf",
    "printsgf",
    "showboard",
    "kgs-genmove_cleanup",
    "kgs-rules",
    "kgs-time_settings",
    "kgs-game_over",
    "kgs-chat",
    "gogui-analyze_commands",
    "gogui-interrupt",
    "lz-analyze",
    "lz-genmove_analyze",
    "kata-analyze",
    "kata-genmove_analyze",
    "kata-get-rules",
    "kata-set-rules",
    "tengen-rules",
    "tengen-rules_preset",
    "tengen-rules_ko",
    "tengen-rules_suicide",
    "tengen-rules_scoring",
    "tengen-rules_komi",
    "tengen-rules_tie",
    "tengen-rules_move_limit",
    "tengen-rules_capture_goal",
    "tengen-rules_topology",
    "tengen-rules_handicap_bonus",
    "tengen-ownership",
    "tengen-ko_forbidden",
    "tengen-score",
    "tengen-level",
];

/// `true` or `false`, in any case.
fn parse_bool(s: &str) -> Result<bool, GtpError> {
    if s.eq_ignore_ascii_case("true") {
        Ok(true)
    } else if s.eq_ignore_ascii_case("false") {
        Ok(false)
    } else {
        Err(GtpError::Syntax)
    }
}

/// The arguments of the analysis commands; `kata` admits KataGo's extra
/// keys (`ownership`, `ownershipStdev`, `pvVisits`, `rootInfo`).
fn analyze_args(args: &[String], kata: bool) -> Result<AnalyzeArgs, GtpError> {
    let mut out = AnalyzeArgs::default();
    let mut i = 0;
    if let Some(first) = args.first() {
        if let Ok(c) = first.parse::<Color>() {
            out.color = Some(c);
            i = 1;
        }
    }
    let mut interval_seen = false;
    while i < args.len() {
        let a = args[i].as_str();
        let value = |j: usize| args.get(j).map(String::as_str).ok_or(GtpError::Syntax);
        if a.eq_ignore_ascii_case("interval") {
            out.interval_cs = parse_count(value(i + 1)?)?;
            interval_seen = true;
            i += 2;
        } else if a.eq_ignore_ascii_case("maxmoves") {
            out.max_moves = Some(parse_count(value(i + 1)?)? as usize);
            i += 2;
        } else if a.eq_ignore_ascii_case("minmoves") {
            out.min_moves = parse_count(value(i + 1)?)? as usize;
            i += 2;
        } else if kata && ["ownership", "ownershipStdev", "pvVisits", "rootInfo"].contains(&a) {
            let on = parse_bool(value(i + 1)?)?;
            match a {
                "ownership" => out.ownership = on,
                "ownershipStdev" => out.ownership_stdev = on,
                "pvVisits" => out.pv_visits = on,
                _ => out.root_info = on,
            }
            i += 2;
        } else if !interval_seen && a.bytes().all(|b| b.is_ascii_digit()) {
            out.interval_cs = parse_count(a)?;
            interval_seen = true;
            i += 1;
        } else {
            // `avoid` and `allow` are not supported: refuse rather than
            // silently analyse something else.
            return Err(GtpError::Syntax);
        }
    }
    Ok(out)
}

fn rule_command(name: &str, args: &[String]) -> Result<RuleCommand, GtpError> {
    let arg = optional(args)?;
    let field = name.strip_prefix("tengen-rules").unwrap_or("");
    Ok(match field {
        "" => {
            if arg.is_some() {
                return Err(GtpError::Syntax);
            }
            RuleCommand::Show
        }
        "_preset" => RuleCommand::Preset(
            arg.map(|a| a.parse::<Preset>().map_err(|_| GtpError::Syntax))
                .transpose()?,
        ),
        "_ko" => RuleCommand::Ko(
            arg.map(|a| KoRule::from_name(a).ok_or(GtpError::Syntax))
                .transpose()?,
        ),
        "_suicide" => RuleCommand::Suicide(
            arg.map(|a| SuicideRule::from_name(a).ok_or(GtpError::Syntax))
                .transpose()?,
        ),
        "_scoring" => RuleCommand::Scoring(
            arg.map(|a| Scoring::from_name(a).ok_or(GtpError::Syntax))
                .transpose()?,
        ),
        "_komi" => RuleCommand::Komi(arg.map(parse_float).transpose()?),
        "_tie" => RuleCommand::Tie(
            arg.map(|a| TieRule::from_name(a).ok_or(GtpError::Syntax))
                .transpose()?,
        ),
        "_move_limit" => RuleCommand::MoveLimit(arg.map(parse_limit).transpose()?),
        "_capture_goal" => RuleCommand::CaptureGoal(arg.map(parse_limit).transpose()?),
        "_topology" => RuleCommand::Topology(
            arg.map(|a| Topology::from_name(a).ok_or(GtpError::Syntax))
                .transpose()?,
        ),
        "_handicap_bonus" => RuleCommand::HandicapBonus(
            arg.map(|a| HandicapBonus::from_name(a).ok_or(GtpError::Syntax))
                .transpose()?,
        ),
        _ => return Err(GtpError::UnknownCommand),
    })
}

impl Command {
    /// Parses a command from its name and arguments. Names are
    /// case-sensitive, as in the specification.
    ///
    /// # Errors
    /// [`GtpError::UnknownCommand`] for a name tengen does not know,
    /// [`GtpError::Syntax`] for arguments that do not fit it.
    pub fn parse(name: &str, args: &[String]) -> Result<Command, GtpError> {
        use Command as C;
        Ok(match name {
            "protocol_version" => exact::<0>(args).map(|_| C::ProtocolVersion)?,
            "name" => exact::<0>(args).map(|_| C::Name)?,
            "version" => exact::<0>(args).map(|_| C::Version)?,
            "known_command" => {
                let [n] = exact(args)?;
                C::KnownCommand(n.to_string())
            }
            "list_commands" => exact::<0>(args).map(|_| C::ListCommands)?,
            "quit" => C::Quit,
            "boardsize" => {
                let [n] = exact(args)?;
                C::Boardsize(parse_int(n)?)
            }
            "clear_board" => exact::<0>(args).map(|_| C::ClearBoard)?,
            "komi" => {
                let [k] = exact(args)?;
                C::Komi(parse_float(k)?)
            }
            "play" => {
                let [c, v] = exact(args)?;
                C::Play(parse_color(c)?, parse_move(v)?)
            }
            "is_legal" => {
                let [c, v] = exact(args)?;
                C::IsLegal(parse_color(c)?, parse_move(v)?)
            }
            "genmove" => C::Genmove(parse_color(exact::<1>(args)?[0])?),
            "reg_genmove" => C::RegGenmove(parse_color(exact::<1>(args)?[0])?),
            "kgs-genmove_cleanup" => C::KgsGenmoveCleanup(parse_color(exact::<1>(args)?[0])?),
            "undo" => exact::<0>(args).map(|_| C::Undo)?,
            "fixed_handicap" => C::FixedHandicap(parse_int(exact::<1>(args)?[0])?),
            "place_free_handicap" => C::PlaceFreeHandicap(parse_int(exact::<1>(args)?[0])?),
            "set_free_handicap" => {
                if args.is_empty() {
                    return Err(GtpError::Syntax);
                }
                C::SetFreeHandicap(
                    args.iter()
                        .map(|a| parse_move(a))
                        .collect::<Result<_, _>>()?,
                )
            }
            "time_settings" => {
                let [m, b, s] = exact(args)?;
                C::TimeSettings(time_settings(
                    parse_seconds(m)?,
                    parse_seconds(b)?,
                    parse_count(s)?,
                ))
            }
            "time_left" => {
                let [c, t, s] = exact(args)?;
                C::TimeLeft {
                    color: parse_color(c)?,
                    seconds: parse_seconds(t)?,
                    stones: parse_count(s)?,
                }
            }
            "final_score" => exact::<0>(args).map(|_| C::FinalScore)?,
            "final_status_list" => {
                let [s] = exact(args)?;
                C::FinalStatusList(s.parse::<StoneStatus>().map_err(|_| GtpError::Syntax)?)
            }
            "loadsgf" => match args {
                [p] => C::Loadsgf {
                    path: p.clone(),
                    move_number: None,
                },
                [p, n] => C::Loadsgf {
                    path: p.clone(),
                    move_number: Some(parse_int(n)?),
                },
                _ => return Err(GtpError::Syntax),
            },
            "printsgf" => C::Printsgf(optional(args)?.map(str::to_string)),
            "showboard" => exact::<0>(args).map(|_| C::Showboard)?,
            "kgs-rules" => {
                let [r] = exact(args)?;
                C::KgsRules(keyword(
                    r,
                    &[
                        ("japanese", Preset::Japanese),
                        ("chinese", Preset::Chinese),
                        ("aga", Preset::Aga),
                        ("new_zealand", Preset::NewZealand),
                    ],
                )?)
            }
            "kgs-time_settings" => C::KgsTimeSettings(kgs_time_settings(args)?),
            "kgs-game_over" => C::KgsGameOver,
            "kgs-chat" => match args.first().map(|k| k.to_ascii_lowercase()).as_deref() {
                Some("private" | "game") if args.len() >= 3 => C::KgsChat,
                _ => return Err(GtpError::Syntax),
            },
            "gogui-analyze_commands" => exact::<0>(args).map(|_| C::GoguiAnalyzeCommands)?,
            "gogui-interrupt" => C::GoguiInterrupt,
            "lz-analyze" => C::LzAnalyze(analyze_args(args, false)?),
            "lz-genmove_analyze" => C::LzGenmoveAnalyze(analyze_args(args, false)?),
            "kata-analyze" => C::KataAnalyze(analyze_args(args, true)?),
            "kata-genmove_analyze" => C::KataGenmoveAnalyze(analyze_args(args, true)?),
            "kata-get-rules" => exact::<0>(args).map(|_| C::KataGetRules)?,
            "kata-set-rules" => {
                if args.is_empty() {
                    return Err(GtpError::Syntax);
                }
                // A JSON object may hold spaces: the line's words, joined.
                C::KataSetRules(
                    KataRules::parse(&args.join(" ")).map_err(|e| GtpError::Other(e.0))?,
                )
            }
            "tengen-ownership" => exact::<0>(args).map(|_| C::Ownership)?,
            "tengen-ko_forbidden" => C::KoForbidden(optional(args)?.map(parse_color).transpose()?),
            "tengen-score" => exact::<0>(args).map(|_| C::ScorePreview)?,
            "tengen-level" => C::Level(optional(args)?.map(str::to_string)),
            n if n.starts_with("tengen-rules") => C::Rules(rule_command(n, args)?),
            _ => return Err(GtpError::UnknownCommand),
        })
    }
}

#[cfg(test)]
mod tests;
