//! The wire format of the Phantom Go extension, pinned and round-tripped.

use super::*;
use proptest::prelude::*;

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn pts(s: &str) -> Vec<Point> {
    s.split_whitespace().map(pt).collect()
}

/// One command of each verb, in the order of [`PhantomVerb::ALL`].
fn one_of_each() -> Vec<PhantomCommand> {
    vec![
        PhantomCommand::Start(StartRules::default()),
        PhantomCommand::Accepted(Move::Pass),
        PhantomCommand::Refused(pt("A1")),
        PhantomCommand::OpponentRefused,
        PhantomCommand::OpponentMoved,
        PhantomCommand::OpponentPassed,
        PhantomCommand::Captured {
            color: Color::Black,
            points: pts("A1"),
        },
        PhantomCommand::GameOver {
            outcome: Outcome::Draw,
            black: vec![],
            white: vec![],
        },
    ]
}

#[test]
fn every_verb_has_its_command_and_its_name() {
    let verbs: Vec<PhantomVerb> = one_of_each().iter().map(PhantomCommand::verb).collect();
    assert_eq!(verbs, PhantomVerb::ALL);
    // The names of today's protocol, which must never change.
    assert_eq!(
        PhantomVerb::NAMES,
        [
            "phantom-start",
            "phantom-accepted",
            "phantom-refused",
            "phantom-opponent_refused",
            "phantom-opponent_moved",
            "phantom-opponent_passed",
            "phantom-captured",
            "phantom-game_over",
        ]
    );
    for v in PhantomVerb::ALL {
        assert_eq!(PhantomVerb::from_name(v.name()), Some(v));
        assert!(v.name().starts_with(PhantomVerb::PREFIX));
    }
    for cmd in one_of_each() {
        assert_eq!(cmd.to_string().parse::<PhantomCommand>(), Ok(cmd));
    }
}

#[test]
fn the_wire_strings_are_those_of_the_protocol() {
    let plain = StartRules::announce(&Rules {
        ko: KoRule::SituationalSuperko,
        suicide: SuicideRule::Allowed,
        ..Rules::default()
    });
    let all = StartRules::announce(&Rules {
        ko: KoRule::Simple,
        suicide: SuicideRule::Allowed,
        capture_goal: Some(3),
        topology: Topology::Toroidal,
        ..Rules::default()
    });
    let table = [
        (
            PhantomCommand::Start(plain),
            "phantom-start ko=situational suicide=allowed",
        ),
        (
            PhantomCommand::Start(all),
            "phantom-start ko=simple suicide=allowed capture_goal=3 topology=toroidal",
        ),
        (
            PhantomCommand::Start(StartRules::default()),
            "phantom-start",
        ),
        (
            PhantomCommand::Accepted(Move::Play(pt("C3"))),
            "phantom-accepted C3",
        ),
        (
            PhantomCommand::Accepted(Move::Pass),
            "phantom-accepted pass",
        ),
        (PhantomCommand::Refused(pt("J9")), "phantom-refused J9"),
        (PhantomCommand::OpponentRefused, "phantom-opponent_refused"),
        (PhantomCommand::OpponentMoved, "phantom-opponent_moved"),
        (PhantomCommand::OpponentPassed, "phantom-opponent_passed"),
        (
            PhantomCommand::Captured {
                color: Color::White,
                points: pts("B2 C2"),
            },
            "phantom-captured white B2 C2",
        ),
        (
            PhantomCommand::GameOver {
                outcome: Outcome::Win {
                    winner: Color::Black,
                    by: WinBy::Points(10.0),
                },
                black: pts("C3"),
                white: vec![],
            },
            "phantom-game_over B+10 black C3 white",
        ),
        (
            PhantomCommand::GameOver {
                outcome: Outcome::Win {
                    winner: Color::White,
                    by: WinBy::Points(3.5),
                },
                black: pts("A1"),
                white: pts("B1 J9"),
            },
            "phantom-game_over W+3.5 black A1 white B1 J9",
        ),
        (
            PhantomCommand::GameOver {
                outcome: Outcome::Draw,
                black: vec![],
                white: vec![],
            },
            "phantom-game_over 0 black white",
        ),
    ];
    for (cmd, wire) in table {
        assert_eq!(cmd.to_string(), wire);
        assert_eq!(wire.parse::<PhantomCommand>(), Ok(cmd), "{wire}");
    }
}

#[test]
fn what_players_read() {
    let start = |s: &str| match s.parse::<PhantomCommand>() {
        Ok(PhantomCommand::Start(r)) => r,
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(
        start("phantom-start topology=torus").topology,
        Some(Topology::Toroidal)
    );
    assert_eq!(
        start("phantom-start topology=planar").topology,
        Some(Topology::Planar)
    );
    assert_eq!(
        start("phantom-start capture_goal=0")
            .apply(Rules::default())
            .capture_goal,
        None
    );
    assert_eq!(
        "phantom-captured w b2".parse(),
        Ok(PhantomCommand::Captured {
            color: Color::White,
            points: pts("B2"),
        })
    );
    for (line, err) in [
        ("", ParsePhantomError::UnknownCommand),
        ("genmove b", ParsePhantomError::UnknownCommand),
        ("phantom-nonsense", ParsePhantomError::UnknownCommand),
        (
            "phantom-start nonsense",
            ParsePhantomError::Arguments(PhantomVerb::Start),
        ),
        (
            "phantom-start ko=superko",
            ParsePhantomError::Arguments(PhantomVerb::Start),
        ),
        (
            "phantom-start capture_goal=-1",
            ParsePhantomError::Arguments(PhantomVerb::Start),
        ),
        (
            "phantom-accepted",
            ParsePhantomError::Arguments(PhantomVerb::Accepted),
        ),
        (
            "phantom-accepted C3 D4",
            ParsePhantomError::Arguments(PhantomVerb::Accepted),
        ),
        (
            "phantom-refused pass",
            ParsePhantomError::Arguments(PhantomVerb::Refused),
        ),
        (
            "phantom-refused A26",
            ParsePhantomError::Arguments(PhantomVerb::Refused),
        ),
        (
            "phantom-opponent_moved C3",
            ParsePhantomError::Arguments(PhantomVerb::OpponentMoved),
        ),
        (
            "phantom-captured",
            ParsePhantomError::Arguments(PhantomVerb::Captured),
        ),
        (
            "phantom-captured white",
            ParsePhantomError::Arguments(PhantomVerb::Captured),
        ),
        (
            "phantom-captured red B2",
            ParsePhantomError::Arguments(PhantomVerb::Captured),
        ),
        (
            "phantom-game_over",
            ParsePhantomError::Arguments(PhantomVerb::GameOver),
        ),
        (
            "phantom-game_over B+1 black",
            ParsePhantomError::Arguments(PhantomVerb::GameOver),
        ),
        (
            "phantom-game_over X+1 black white",
            ParsePhantomError::Arguments(PhantomVerb::GameOver),
        ),
    ] {
        assert_eq!(line.parse::<PhantomCommand>(), Err(err), "{line:?}");
    }
}

fn point() -> impl Strategy<Value = Point> {
    (0..crate::point::MAX_SIZE, 0..crate::point::MAX_SIZE)
        .prop_map(|(x, y)| Point::new(x, y).unwrap())
}

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn outcome() -> impl Strategy<Value = Outcome> {
    let by = prop_oneof![
        (0..2000u32).prop_map(|n| WinBy::Points(f64::from(n) / 2.0)),
        Just(WinBy::Resignation),
        Just(WinBy::CaptureGoal),
        Just(WinBy::Time),
    ];
    prop_oneof![
        Just(Outcome::Draw),
        (color(), by).prop_map(|(winner, by)| Outcome::Win { winner, by }),
    ]
}

fn start_rules() -> impl Strategy<Value = StartRules> {
    (
        proptest::option::of(proptest::sample::select(KoRule::ALL.to_vec())),
        proptest::option::of(proptest::sample::select(SuicideRule::ALL.to_vec())),
        proptest::option::of(any::<u32>()),
        proptest::option::of(prop_oneof![
            Just(Topology::Planar),
            Just(Topology::Toroidal)
        ]),
    )
        .prop_map(|(ko, suicide, capture_goal, topology)| StartRules {
            ko,
            suicide,
            capture_goal,
            topology,
        })
}

fn command() -> impl Strategy<Value = PhantomCommand> {
    let points = || proptest::collection::vec(point(), 0..30);
    prop_oneof![
        start_rules().prop_map(PhantomCommand::Start),
        prop_oneof![Just(Move::Pass), point().prop_map(Move::Play)]
            .prop_map(PhantomCommand::Accepted),
        point().prop_map(PhantomCommand::Refused),
        Just(PhantomCommand::OpponentRefused),
        Just(PhantomCommand::OpponentMoved),
        Just(PhantomCommand::OpponentPassed),
        (color(), proptest::collection::vec(point(), 1..30))
            .prop_map(|(color, points)| PhantomCommand::Captured { color, points }),
        (outcome(), points(), points()).prop_map(|(outcome, black, white)| {
            PhantomCommand::GameOver {
                outcome,
                black,
                white,
            }
        }),
    ]
}

proptest! {
    #[test]
    fn every_command_reads_back_as_written(cmd in command()) {
        prop_assert_eq!(cmd.to_string().parse::<PhantomCommand>(), Ok(cmd));
    }
}
