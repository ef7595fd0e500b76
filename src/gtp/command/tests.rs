//! Table tests of the command parser.

use super::*;
use crate::gtp::Tax;
use crate::point::Point;
use crate::rules::HandicapBonus;

fn parse(line: &str) -> Result<Command, GtpError> {
    let cl = CommandLine::split(line);
    Command::parse(&cl.name, &cl.args)
}

fn pt(s: &str) -> Move {
    Move::Play(s.parse::<Point>().unwrap())
}

#[test]
fn preprocessing() {
    let table: &[(&[u8], Option<&str>)] = &[
        (b"name", Some("name")),
        (b"  name  ", Some("name")),
        (b"name\r", Some("name")),
        (b"play\tb\tD4", Some("play b D4")),
        (b"play b D4 # comment", Some("play b D4")),
        (b"# only a comment", None),
        (b"     ", None),
        (b"", None),
        (b"\r", None),
        (b"na\x01me", Some("name")),
        (b"na\x7fme", Some("name")),
        (b"\xff\xfe", Some("\u{fffd}\u{fffd}")),
    ];
    for (raw, want) in table {
        assert_eq!(preprocess(raw).as_deref(), *want, "{raw:?}");
    }
}

#[test]
fn interrupt_lines() {
    assert!(is_interrupt(b"# interrupt"));
    assert!(is_interrupt(b"  #interrupt\r"));
    assert!(!is_interrupt(b"# hello"));
    assert!(!is_interrupt(b"interrupt"));
}

#[test]
fn split_ids() {
    assert_eq!(
        CommandLine::split("7 play b D4"),
        CommandLine {
            id: Some("7".into()),
            name: "play".into(),
            args: vec!["b".into(), "D4".into()],
        }
    );
    assert_eq!(CommandLine::split("name").id, None);
    let only = CommandLine::split("12");
    assert_eq!((only.id.as_deref(), only.name.as_str()), (Some("12"), ""));
    assert_eq!(
        CommandLine::split("99999999999999999999999 name")
            .id
            .as_deref(),
        Some("99999999999999999999999")
    );
    assert_eq!(CommandLine::split("-1 name").name, "-1");
}

#[test]
fn commands_table() {
    use Command as C;
    let b = Color::Black;
    let w = Color::White;
    let table: Vec<(&str, Result<Command, GtpError>)> = vec![
        ("protocol_version", Ok(C::ProtocolVersion)),
        ("protocol_version x", Err(GtpError::Syntax)),
        ("known_command play", Ok(C::KnownCommand("play".into()))),
        ("known_command", Err(GtpError::Syntax)),
        ("boardsize 19", Ok(C::Boardsize(19))),
        ("boardsize -3", Ok(C::Boardsize(-3))),
        ("boardsize 99999999999999999999", Ok(C::Boardsize(i64::MAX))),
        ("boardsize 19x", Err(GtpError::Syntax)),
        ("boardsize", Err(GtpError::Syntax)),
        ("boardsize 9 9", Err(GtpError::Syntax)),
        ("komi 6.5", Ok(C::Komi(6.5))),
        ("komi -3", Ok(C::Komi(-3.0))),
        ("komi abc", Err(GtpError::Syntax)),
        ("komi nan", Err(GtpError::Syntax)),
        ("komi inf", Err(GtpError::Syntax)),
        ("komi -infinity", Err(GtpError::Syntax)),
        ("play black d4", Ok(C::Play(b, pt("D4")))),
        ("play W pass", Ok(C::Play(w, Move::Pass))),
        ("play white PASS", Ok(C::Play(w, Move::Pass))),
        ("play black Z99", Err(GtpError::Syntax)),
        ("play black I5", Err(GtpError::Syntax)),
        ("play purple D4", Err(GtpError::Syntax)),
        ("play b", Err(GtpError::Syntax)),
        ("genmove b", Ok(C::Genmove(b))),
        ("genmove purple", Err(GtpError::Syntax)),
        ("reg_genmove white", Ok(C::RegGenmove(w))),
        ("kgs-genmove_cleanup w", Ok(C::KgsGenmoveCleanup(w))),
        ("is_legal b A1", Ok(C::IsLegal(b, pt("A1")))),
        ("fixed_handicap 9", Ok(C::FixedHandicap(9))),
        ("fixed_handicap x", Err(GtpError::Syntax)),
        ("place_free_handicap 3", Ok(C::PlaceFreeHandicap(3))),
        (
            "set_free_handicap D4 q16",
            Ok(C::SetFreeHandicap(vec![pt("D4"), pt("Q16")])),
        ),
        (
            "set_free_handicap D4 pass",
            Ok(C::SetFreeHandicap(vec![pt("D4"), Move::Pass])),
        ),
        ("set_free_handicap", Err(GtpError::Syntax)),
        ("set_free_handicap D4 X", Err(GtpError::Syntax)),
        (
            "time_settings 300 30 5",
            Ok(C::TimeSettings(TimeSystem::Canadian {
                main: 300.0,
                period: 30.0,
                stones: 5,
            })),
        ),
        ("time_settings 0 1 0", Ok(C::TimeSettings(TimeSystem::None))),
        (
            "time_settings 600 0 0",
            Ok(C::TimeSettings(TimeSystem::Absolute { main: 600.0 })),
        ),
        ("time_settings -5 0 0", Err(GtpError::Syntax)),
        (
            "time_left b 30 5",
            Ok(C::TimeLeft {
                color: b,
                seconds: 30.0,
                stones: 5,
            }),
        ),
        ("time_left b -30 0", Err(GtpError::Syntax)),
        ("time_left b 30 -1", Err(GtpError::Syntax)),
        ("final_score", Ok(C::FinalScore)),
        (
            "final_status_list dead",
            Ok(C::FinalStatusList(StoneStatus::Dead)),
        ),
        (
            "final_status_list SEKI",
            Ok(C::FinalStatusList(StoneStatus::Seki)),
        ),
        ("final_status_list zombie", Err(GtpError::Syntax)),
        (
            "loadsgf game.sgf 12",
            Ok(C::Loadsgf {
                path: "game.sgf".into(),
                move_number: Some(12),
            }),
        ),
        ("loadsgf", Err(GtpError::Syntax)),
        ("printsgf", Ok(C::Printsgf(None))),
        ("printsgf out.sgf", Ok(C::Printsgf(Some("out.sgf".into())))),
        ("kgs-rules chinese", Ok(C::KgsRules(Preset::Chinese))),
        ("kgs-rules new_zealand", Ok(C::KgsRules(Preset::NewZealand))),
        ("kgs-rules klingon", Err(GtpError::Syntax)),
        (
            "kgs-time_settings none",
            Ok(C::KgsTimeSettings(TimeSystem::None)),
        ),
        (
            "kgs-time_settings absolute 600",
            Ok(C::KgsTimeSettings(TimeSystem::Absolute { main: 600.0 })),
        ),
        (
            "kgs-time_settings byoyomi 600 30 5",
            Ok(C::KgsTimeSettings(TimeSystem::Byoyomi {
                main: 600.0,
                period: 30.0,
                periods: 5,
            })),
        ),
        (
            "kgs-time_settings canadian 600 300 25",
            Ok(C::KgsTimeSettings(TimeSystem::Canadian {
                main: 600.0,
                period: 300.0,
                stones: 25,
            })),
        ),
        ("kgs-time_settings fischer 600 10", Err(GtpError::Syntax)),
        ("kgs-time_settings", Err(GtpError::Syntax)),
        (
            "lz-analyze B 50",
            Ok(C::LzAnalyze(AnalyzeArgs {
                color: Some(b),
                interval_cs: 50,
                max_moves: None,
                ..AnalyzeArgs::default()
            })),
        ),
        (
            "lz-analyze 25",
            Ok(C::LzAnalyze(AnalyzeArgs {
                color: None,
                interval_cs: 25,
                max_moves: None,
                ..AnalyzeArgs::default()
            })),
        ),
        (
            "lz-analyze w interval 10 maxmoves 3",
            Ok(C::LzAnalyze(AnalyzeArgs {
                color: Some(w),
                interval_cs: 10,
                max_moves: Some(3),
                ..AnalyzeArgs::default()
            })),
        ),
        ("lz-analyze b 50 avoid b D4 1", Err(GtpError::Syntax)),
        (
            "lz-genmove_analyze b 10",
            Ok(C::LzGenmoveAnalyze(AnalyzeArgs {
                color: Some(b),
                interval_cs: 10,
                max_moves: None,
                ..AnalyzeArgs::default()
            })),
        ),
        (
            "lz-analyze b 50 minmoves 4",
            Ok(C::LzAnalyze(AnalyzeArgs {
                color: Some(b),
                interval_cs: 50,
                min_moves: 4,
                ..AnalyzeArgs::default()
            })),
        ),
        // KataGo's keys belong to kata-analyze only.
        ("lz-analyze b 50 ownership true", Err(GtpError::Syntax)),
        (
            "kata-analyze B 10 ownership true",
            Ok(C::KataAnalyze(AnalyzeArgs {
                color: Some(b),
                interval_cs: 10,
                ownership: true,
                ..AnalyzeArgs::default()
            })),
        ),
        (
            "kata-analyze interval 20 ownership TRUE ownershipStdev false pvVisits true rootInfo true maxmoves 5",
            Ok(C::KataAnalyze(AnalyzeArgs {
                color: None,
                interval_cs: 20,
                max_moves: Some(5),
                ownership: true,
                pv_visits: true,
                root_info: true,
                ..AnalyzeArgs::default()
            })),
        ),
        (
            "kata-genmove_analyze w 30 ownershipStdev true",
            Ok(C::KataGenmoveAnalyze(AnalyzeArgs {
                color: Some(w),
                interval_cs: 30,
                ownership_stdev: true,
                ..AnalyzeArgs::default()
            })),
        ),
        ("kata-analyze b 10 ownership", Err(GtpError::Syntax)),
        ("kata-analyze b 10 ownership yes", Err(GtpError::Syntax)),
        ("kata-analyze b 10 movesOwnership true", Err(GtpError::Syntax)),
        ("kata-analyze b 10 allow b D4 1", Err(GtpError::Syntax)),
        ("kata-analyze b 10 20", Err(GtpError::Syntax)),
        ("kata-analyze b -1", Err(GtpError::Syntax)),
        ("kata-get-rules", Ok(C::KataGetRules)),
        ("kata-get-rules x", Err(GtpError::Syntax)),
        ("kata-set-rules", Err(GtpError::Syntax)),
        (
            "kata-set-rules { \"ko\" : \"SIMPLE\",  \"scoring\":\"TERRITORY\" }",
            Ok(C::KataSetRules(KataRules {
                ko: KoRule::Simple,
                scoring: Scoring::Territory,
                tax: Tax::Seki,
                suicide: true,
                has_button: false,
                white_handicap_bonus: HandicapBonus::Zero,
                friendly_pass_ok: false,
            })),
        ),
        (
            "kata-set-rules klingon",
            Err(GtpError::Other("unknown rules \"klingon\"".into())),
        ),
        ("tengen-rules", Ok(C::Rules(RuleCommand::Show))),
        ("tengen-rules x", Err(GtpError::Syntax)),
        (
            "tengen-rules_ko situational",
            Ok(C::Rules(RuleCommand::Ko(Some(KoRule::SituationalSuperko)))),
        ),
        ("tengen-rules_ko", Ok(C::Rules(RuleCommand::Ko(None)))),
        ("tengen-rules_ko triple", Err(GtpError::Syntax)),
        (
            "tengen-rules_preset tromp-taylor",
            Ok(C::Rules(RuleCommand::Preset(Some(Preset::TrompTaylor)))),
        ),
        (
            "tengen-rules_move_limit none",
            Ok(C::Rules(RuleCommand::MoveLimit(Some(None)))),
        ),
        (
            "tengen-rules_capture_goal 5",
            Ok(C::Rules(RuleCommand::CaptureGoal(Some(Some(5))))),
        ),
        (
            "tengen-rules_topology toroidal",
            Ok(C::Rules(RuleCommand::Topology(Some(Topology::Toroidal)))),
        ),
        ("tengen-rules_colour red", Err(GtpError::UnknownCommand)),
        ("tengen-ko_forbidden", Ok(C::KoForbidden(None))),
        ("tengen-ko_forbidden w", Ok(C::KoForbidden(Some(w)))),
        ("tengen-level", Ok(C::Level(None))),
        ("tengen-level hard", Ok(C::Level(Some("hard".into())))),
        ("tengen-level 7", Ok(C::Level(Some("7".into())))),
        ("tengen-level easy hard", Err(GtpError::Syntax)),
        ("frobnicate", Err(GtpError::UnknownCommand)),
        ("PLAY b D4", Err(GtpError::UnknownCommand)),
        ("", Err(GtpError::UnknownCommand)),
    ];
    for (line, want) in table {
        assert_eq!(parse(line), want, "{line}");
    }
}

#[test]
fn every_listed_name_parses_as_known() {
    for name in COMMAND_NAMES {
        assert_ne!(
            Command::parse(name, &[]),
            Err(GtpError::UnknownCommand),
            "{name}"
        );
    }
}

#[test]
fn integers() {
    assert_eq!(parse_int("0"), Ok(0));
    assert_eq!(parse_int("+7"), Ok(7));
    assert_eq!(parse_int("-3"), Ok(-3));
    assert_eq!(parse_int("-99999999999999999999"), Ok(-i64::MAX));
    assert_eq!(parse_int(""), Err(GtpError::Syntax));
    assert_eq!(parse_int("-"), Err(GtpError::Syntax));
    assert_eq!(parse_int("1.5"), Err(GtpError::Syntax));
    assert_eq!(parse_int("٣"), Err(GtpError::Syntax));
}
