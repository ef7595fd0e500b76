//! tengen as a Phantom Go player over GTP.

use tengen::session::{transcript, Config, PhantomKind};

fn config(kind: PhantomKind) -> Config {
    let mut c = Config::default();
    c.limits.playouts = Some(200);
    c.limits.time = None;
    c.seed = 4;
    c.phantom = kind;
    c
}

/// The responses of a transcript, one per command line.
fn responses(kind: PhantomKind, input: &str) -> Vec<String> {
    let out = String::from_utf8(transcript(config(kind), input.as_bytes())).unwrap();
    out.split("\n\n")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn a_refused_try_is_not_tried_again_in_the_same_turn() {
    for kind in [
        PhantomKind::Sampling,
        PhantomKind::Naive,
        PhantomKind::Random,
    ] {
        let r = responses(kind, "boardsize 5\nclear_board\nphantom-start\ngenmove b\n");
        assert_eq!(r.len(), 4, "{r:?}");
        let first = r[3].trim_start_matches("= ").to_string();
        assert_ne!(first, "pass", "{kind}: an empty board has moves");
        // Refuse every try in turn: the player never repeats one and ends
        // with a pass once all 25 points were refused.
        let mut input = String::from("boardsize 5\nclear_board\nphantom-start\n");
        let mut tried = Vec::new();
        for _ in 0..30 {
            let r = responses(kind, &(input.clone() + "genmove b\n"));
            let answer = r.last().unwrap().trim_start_matches("= ").to_string();
            if answer == "pass" {
                break;
            }
            assert!(
                !tried.contains(&answer),
                "{kind}: {answer} tried twice in one turn"
            );
            tried.push(answer.clone());
            input.push_str(&format!("phantom-refused {answer}\n"));
        }
        assert_eq!(tried.len(), 25, "{kind}: {tried:?}");
    }
}

#[test]
fn observations_are_accepted_and_bad_ones_refused() {
    let r = responses(
        PhantomKind::Sampling,
        "phantom-accepted C3\nboardsize 5\nphantom-start ko=situational suicide=allowed capture_goal=3 topology=toroidal\n\
         genmove b\nphantom-accepted C3\nphantom-opponent_refused\nphantom-opponent_moved\n\
         phantom-captured white B2\nphantom-captured\nphantom-refused Z9\nphantom-start nonsense\n\
         phantom-opponent_passed\ngenmove b\nphantom-game_over B+10 black C3 white\nlist_commands\n",
    );
    assert!(r[0].starts_with("? "), "before phantom-start: {}", r[0]);
    assert_eq!(r[2], "= ");
    assert!(r[3].starts_with("= "));
    for ok in [4, 5, 6, 7, 11] {
        assert_eq!(r[ok], "= ", "line {ok}: {r:?}");
    }
    for bad in [8, 9, 10] {
        assert_eq!(r[bad], "? syntax error", "line {bad}: {r:?}");
    }
    assert!(r[12].starts_with("= "));
    assert_eq!(r[13], "= ");
    assert!(r[14].contains("phantom-refused"));
}

#[test]
fn every_rule_name_the_referee_sends_is_understood() {
    use tengen::phantom::{PhantomCommand, StartRules};
    use tengen::{KoRule, SuicideRule, Topology};
    for ko in KoRule::ALL {
        for suicide in SuicideRule::ALL {
            for (capture_goal, topology) in [(None, None), (Some(5), Some(Topology::Toroidal))] {
                let start = PhantomCommand::Start(StartRules {
                    ko: Some(ko),
                    suicide: Some(suicide),
                    capture_goal,
                    topology,
                });
                let input = format!("boardsize 5\n{start}\nphantom-start ko=superko\n");
                let r = responses(PhantomKind::Sampling, &input);
                assert_eq!(r[1], "= ", "{start}");
                assert!(r[2].starts_with("? "), "{}", r[2]);
            }
        }
    }
}

#[test]
fn the_phantom_player_keeps_to_its_own_game() {
    let kind = PhantomKind::Random;
    // Phantom Go is scored by area, whatever the session's rules were.
    let r = responses(
        kind,
        "boardsize 5\nkgs-rules japanese\nphantom-start ko=simple suicide=forbidden\ngenmove b\nphantom-accepted C3\nshowboard\nphantom-accepted C3\n",
    );
    assert_eq!(r.len(), 7, "{r:?}");
    // showboard shows the player's own stone, not an empty board.
    assert!(r[5].contains("X"), "{}", r[5]);
    // A second acceptance on the player's own stone is refused.
    assert_eq!(r[6], "? illegal move");
    // After loadsgf of another size, genmove plays the loaded game, on
    // its board: the Phantom game is over.
    let path = std::env::temp_dir().join(format!("tengen-phantom-{}.sgf", std::process::id()));
    std::fs::write(&path, "(;GM[1]FF[4]SZ[3])").unwrap();
    let input = format!(
        "boardsize 13\nphantom-start\nloadsgf {}\ngenmove b\nphantom-accepted A1\n",
        path.display()
    );
    let r = responses(kind, &input);
    let _ = std::fs::remove_file(&path);
    assert_eq!(r.len(), 5, "{r:?}");
    let mv = r[3].trim_start_matches("= ");
    let on_3x3 = mv == "pass"
        || mv
            .parse::<tengen::Point>()
            .is_ok_and(|p| p.x() < 3 && p.y() < 3);
    assert!(on_3x3, "{mv} is not on the loaded 3x3 board");
    assert!(r[4].starts_with('?'), "no Phantom game any more: {}", r[4]);
}

#[test]
fn the_phantom_start_scores_by_area() {
    // The rules a player takes from phantom-start score by area even
    // when its session was set to territory scoring.
    use tengen::phantom::StartRules;
    use tengen::{Preset, Rules, Scoring};
    let announced = StartRules::announce(&Rules::preset(Preset::Japanese));
    let applied = announced.apply(Rules::preset(Preset::Japanese));
    assert_eq!(applied.scoring, Scoring::Area);
}
