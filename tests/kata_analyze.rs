//! `kata-analyze` read back as a host reads it: each `info` block's fields
//! parse, and the `ownership` values are one per point, in [-1, 1], rows
//! from the top, from the side of the colour analysed. The session runs in
//! process with the shipped tree search in deterministic mode.

use tengen::session::{transcript, Config};
use tengen::{Move, Point};

/// One `info` block: its fields by name, the variation apart.
struct Info {
    fields: Vec<(String, String)>,
    pv: Vec<Move>,
}

impl Info {
    fn get(&self, key: &str) -> &str {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {key}"))
    }

    fn float(&self, key: &str) -> f64 {
        let v: f64 = self.get(key).parse().expect(key);
        assert!(v.is_finite(), "{key} {v}");
        v
    }
}

/// Splits one analysis line into its `info` blocks and its ownership.
fn parse_line(line: &str) -> (Vec<Info>, Option<Vec<f64>>) {
    let mut words = line.split(' ').peekable();
    let mut infos: Vec<Info> = Vec::new();
    let mut ownership = None;
    while let Some(w) = words.next() {
        match w {
            "info" => infos.push(Info {
                fields: Vec::new(),
                pv: Vec::new(),
            }),
            "pv" => {
                let info = infos.last_mut().expect("pv inside an info block");
                while let Some(m) = words.peek().and_then(|m| m.parse::<Move>().ok()) {
                    info.pv.push(m);
                    words.next();
                }
            }
            "ownership" => {
                ownership = Some(
                    words
                        .by_ref()
                        .map(|v| v.parse::<f64>().expect("an ownership value"))
                        .collect(),
                );
            }
            key => {
                let value = words.next().unwrap_or_else(|| panic!("{key} has no value"));
                infos
                    .last_mut()
                    .expect("a field inside an info block")
                    .fields
                    .push((key.to_string(), value.to_string()));
            }
        }
    }
    (infos, ownership)
}

/// Black walls off the top-left corner (A7-C9, behind A6-D6 and D7-D9),
/// White the bottom-right one (G1-J3, behind F1-F4 and G4-J4); the rest of
/// the board is open. Then `kata-analyze` for each colour, with ownership.
/// Returns the two analysis lines.
fn analyse_walled_corners() -> (String, String) {
    let black = ["A6", "B6", "C6", "D6", "D7", "D8", "D9"];
    let white = ["F1", "F2", "F3", "F4", "G4", "H4", "J4"];
    let mut input = String::from("boardsize 9\nkomi 0\n");
    for (b, w) in black.iter().zip(white) {
        input.push_str(&format!("play b {b}\nplay w {w}\n"));
    }
    input.push_str("kata-analyze b 100000 ownership true\n");
    input.push_str("kata-analyze w 100000 ownership true\n");
    input.push_str("name\n");
    let out = String::from_utf8(transcript(Config::deterministic(3, 400), input.as_bytes()))
        .expect("UTF-8");
    let info: Vec<&str> = out.lines().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(info.len(), 2, "{out}");
    assert!(out.ends_with("= tengen\n\n"), "{out}");
    (info[0].to_string(), info[1].to_string())
}

/// Checks every field's range; `komi` bounds the score (the whole board
/// and the komi).
fn check_infos(infos: &[Info], komi: f64) {
    assert!(!infos.is_empty());
    for (order, info) in infos.iter().enumerate() {
        let mv: Move = info.get("move").parse().expect("a move");
        assert!(info.get("visits").parse::<u64>().expect("visits") > 0);
        for key in ["winrate", "prior", "lcb"] {
            let v = info.float(key);
            assert!((0.0..=1.0).contains(&v), "{key} {v}");
        }
        for key in ["utility", "utilityLcb"] {
            let v = info.float(key);
            assert!((-1.0..=1.0).contains(&v), "{key} {v}");
        }
        for key in ["scoreMean", "scoreLead", "scoreSelfplay"] {
            // At most the whole board and the komi (one side owning every
            // point: a move of a single visit can score so).
            let v = info.float(key);
            assert!(v.abs() <= 81.0 + komi, "{key} {v}");
        }
        assert!(info.float("scoreStdev") >= 0.0);
        assert_eq!(info.get("order").parse::<usize>().ok(), Some(order));
        assert_eq!(
            info.pv.first(),
            Some(&mv),
            "the variation starts with the move"
        );
    }
}

/// The ownership of a point in KataGo's order: row by row from the top
/// (A9, B9, ..., J9, then A8, ...), so row 9 comes first.
fn at(ownership: &[f64], vertex: &str) -> f64 {
    let p: Point = vertex.parse().unwrap();
    ownership[(8 - p.y()) * 9 + p.x()]
}

#[test]
fn ownership_has_a_value_per_point_with_each_walled_corner_right() {
    let (black_line, white_line) = analyse_walled_corners();
    for (line, sign) in [(&black_line, 1.0), (&white_line, -1.0)] {
        let (infos, ownership) = parse_line(line);
        check_infos(&infos, 0.0);
        let own = ownership.expect("ownership was asked for");
        assert_eq!(own.len(), 81);
        assert!(own.iter().all(|v| (-1.0..=1.0).contains(v)), "{own:?}");
        // Black's corner is positive when Black is analysed, negative when
        // White is; White's the other way round.
        for col in ["A", "B", "C"] {
            for row in 7..=9 {
                let v = at(&own, &format!("{col}{row}"));
                assert!(v * sign > 0.5, "{col}{row} {v}: {line}");
            }
        }
        for col in ["G", "H", "J"] {
            for row in 1..=3 {
                let v = at(&own, &format!("{col}{row}"));
                assert!(v * sign < -0.5, "{col}{row} {v}: {line}");
            }
        }
    }
}

/// The longest variation of a `kata-analyze` of the empty 9x9 board, from
/// a session with `tuning`.
fn longest_variation(tuning: &str) -> usize {
    let mut config = Config::deterministic(5, 400);
    for s in tuning.split_whitespace() {
        config.tuning.set(s).expect("a known setting");
    }
    let input = "boardsize 9\nkata-analyze b 100000\n";
    let out = String::from_utf8(transcript(config, input.as_bytes())).expect("UTF-8");
    let line = out
        .lines()
        .find(|l| l.starts_with("info "))
        .unwrap_or_else(|| panic!("no analysis: {out}"));
    let (infos, _) = parse_line(line);
    // The default komi, 7.
    check_infos(&infos, 7.0);
    infos.iter().map(|i| i.pv.len()).max().unwrap_or(0)
}

#[test]
fn search_settings_reach_the_search() {
    // 400 playouts expand the tree below the root by default; a leaf that
    // needs 100,000 visits never is, so every variation is one move.
    assert!(longest_variation("") > 1);
    assert!(longest_variation("rave_equiv=500 explore=0.3") > 1);
    assert_eq!(longest_variation("expand_threshold=100000"), 1);
}
