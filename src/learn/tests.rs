//! Tests of the features on hand-made positions, of MM on tiny data sets
//! whose maximum-likelihood gammas are worked out by hand, and of the
//! weights file.

use super::*;
use crate::board::Board;
use crate::color::Color;
use crate::geometry::{Loc, Topology};

fn board(text: &str) -> Board {
    Board::from_diagram(text, Topology::Planar).unwrap()
}

fn at(b: &Board, v: &str) -> Loc {
    b.loc(v.parse().unwrap()).unwrap()
}

fn features(b: &Board, v: &str, c: Color, last: Option<&str>) -> MoveFeatures {
    let last = last.map(|s| at(b, s));
    move_features(b, at(b, v), c, last, None)
}

fn in_group(f: &MoveFeatures, g: Group) -> Vec<u16> {
    f.fixed()
        .iter()
        .filter(|&&id| (g.start..g.start + g.len).contains(&id))
        .map(|&id| id - g.start)
        .collect()
}

const CAPTURE_BOARD: &str = ".....\n.....\n..X..\n.XO..\n..X..\n";

#[test]
fn a_capture_and_its_escape() {
    let b = board(CAPTURE_BOARD);
    // Black D2 captures the one white stone.
    let f = features(&b, "D2", Color::Black, None);
    assert_eq!(in_group(&f, CAPTURE), vec![0]);
    assert!(in_group(&f, ESCAPE).is_empty() && in_group(&f, SELF_ATARI).is_empty());
    // White D2 extends the stone to three liberties (D3, E2, D1).
    let f = features(&b, "D2", Color::White, None);
    assert_eq!(in_group(&f, ESCAPE), vec![0]);
    assert!(in_group(&f, CAPTURE).is_empty());
}

#[test]
fn a_lone_self_atari() {
    // Black A2 between White A3 and B2 keeps only A1.
    let b = board(".....\n.....\nO....\n.O...\n.....\n");
    let f = features(&b, "A2", Color::Black, None);
    assert_eq!(in_group(&f, SELF_ATARI), vec![0]);
    // Black C3 is no self-atari.
    assert!(in_group(&features(&b, "C3", Color::Black, None), SELF_ATARI).is_empty());
}

#[test]
fn ataris_read_the_ladder() {
    // White B1 on the edge, Black C1: Black B2 ataris, and White A1 only
    // extends into another atari, so the stone is caught.
    let b = board(".....\n.....\n.....\n.....\n.OX..\n");
    assert_eq!(
        in_group(&features(&b, "B2", Color::Black, None), ATARI),
        vec![0]
    );
    // White C3 in the open, Black C2 and B3: Black D3 ataris, but White
    // C4 gets out to three liberties.
    let b = board(".....\n.....\n.XO..\n..X..\n.....\n");
    assert_eq!(
        in_group(&features(&b, "D3", Color::Black, None), ATARI),
        vec![1]
    );
}

#[test]
fn distances_lines_and_space() {
    let b = board(CAPTURE_BOARD);
    // From E5 to C4: dx 2, dy 1, so 2 + 1 + 2 = 5.
    let f = features(&b, "C4", Color::Black, Some("E5"));
    assert_eq!(in_group(&f, DIST_LAST), vec![5 - 2]);
    // C4 on 5x5 is on the second line of a small board.
    assert_eq!(in_group(&f, LINE), vec![1]);
    // A stone is adjacent to C4 (C3): no space feature.
    assert!(in_group(&f, SPACE).is_empty());
    let e = Board::new(19, Topology::Planar).unwrap();
    let f = features(&e, "D4", Color::Black, None);
    // Open: the pair of lines (4, 4), value 22 (see the line pair test).
    assert_eq!(in_group(&f, LINE), vec![22]);
    assert_eq!(in_group(&f, SPACE), vec![2]);
    assert!(in_group(&f, DIST_LAST).is_empty());
    // Far away: capped at 17.
    let f = features(&e, "A1", Color::Black, Some("T19"));
    assert_eq!(in_group(&f, DIST_LAST), vec![17 - 2]);
    // A torus has no edge.
    let t = Board::new(9, Topology::Toroidal).unwrap();
    assert!(in_group(&features(&t, "A1", Color::Black, None), LINE).is_empty());
}

/// The diagram turned a quarter (row r, column c goes to row c, column
/// n - 1 - r) and, with `swap`, with the colours exchanged.
fn turned(text: &str, swap: bool) -> String {
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let n = rows.len();
    let mut out = String::new();
    for r in 0..n {
        for row in rows.iter().rev() {
            let ch = row[r];
            out.push(match (swap, ch) {
                (true, 'X') => 'O',
                (true, 'O') => 'X',
                (_, ch) => ch,
            });
        }
        out.push('\n');
    }
    out
}

#[test]
fn patterns_are_the_same_under_symmetry_and_colour_swap() {
    let b = board(CAPTURE_BOARD);
    let f = features(&b, "D2", Color::Black, None);
    // Turned a quarter clockwise, D2 (column 3, row 3 from the top) goes
    // to row 3, column 1: B2.
    let t = board(&turned(CAPTURE_BOARD, true));
    let mut g = features(&t, "B2", Color::White, None);
    // Large patterns are kept as seen: equal in their canonical form.
    assert_eq!(f.large.map(canonical_large), g.large.map(canonical_large));
    g.large = f.large;
    assert_eq!(f, g);
    // A different shape has a different pattern.
    assert_ne!(f.pattern, features(&b, "B3", Color::Black, None).pattern);
}

#[test]
fn mm_finds_the_strengths_of_one_group() {
    // Three values that meet in every position, chosen 1, 2 and 3 times:
    // the likelihood is highest at probabilities 1/6, 2/6, 3/6, that is
    // gammas in the ratio 1 : 2 : 3.
    let moves: Vec<MoveFeatures> = (0..3).map(|v| fixed_only(&[CAPTURE.start + v])).collect();
    let mut raw = RawPositions::new();
    for (chosen, times) in [(0, 1), (1, 2), (2, 3)] {
        for _ in 0..times {
            raw.push(moves.clone(), chosen);
        }
    }
    let set = raw.into_set(1);
    let g = fit(
        &set,
        FitConfig {
            iterations: 200,
            prior: 0.0,
        },
        |_, _| {},
    );
    let c = usize::from(CAPTURE.start);
    assert!((g[c + 1] / g[c] - 2.0).abs() < 1e-6, "{:?}", &g[c..c + 3]);
    assert!((g[c + 2] / g[c] - 3.0).abs() < 1e-6, "{:?}", &g[c..c + 3]);
}

fn fixed_only(ids: &[u16]) -> MoveFeatures {
    let mut f = pass_features(false);
    f.pattern = NO_PATTERN;
    f.fixed = [u16::MAX; MAX_FIXED];
    f.fixed[..ids.len()].copy_from_slice(ids);
    f.n = ids.len() as u8;
    f
}

#[test]
fn mm_separates_team_mates() {
    // Values A, B of one group and X, Y of another. A+X against B+X, won
    // 2 and 1 times: X cancels, gamma A / gamma B = 2. A+X against A+Y,
    // won 1 and 3 times: A cancels, gamma Y / gamma X = 3.
    let (a, b) = (CAPTURE.start, CAPTURE.start + 1);
    let (x, y) = (LINE.start, LINE.start + 1);
    let mut raw = RawPositions::new();
    let first = vec![fixed_only(&[a, x]), fixed_only(&[b, x])];
    let second = vec![fixed_only(&[a, x]), fixed_only(&[a, y])];
    for (moves, chosen) in [(&first, 0), (&first, 0), (&first, 1)] {
        raw.push(moves.clone(), chosen);
    }
    for (moves, chosen) in [(&second, 0), (&second, 1), (&second, 1), (&second, 1)] {
        raw.push(moves.clone(), chosen);
    }
    let set = raw.into_set(1);
    let mut lls = Vec::new();
    let g = fit(
        &set,
        FitConfig {
            iterations: 300,
            prior: 0.0,
        },
        |_, ll| lls.push(ll),
    );
    let r = |p: u16, q: u16| g[usize::from(p)] / g[usize::from(q)];
    assert!((r(a, b) - 2.0).abs() < 1e-6, "A/B = {}", r(a, b));
    assert!((r(y, x) - 3.0).abs() < 1e-6, "Y/X = {}", r(y, x));
    // MM never lowers the likelihood.
    assert!(lls.windows(2).all(|w| w[1] >= w[0] - 1e-12), "{lls:?}");
    // At the optimum: 3 ln(2/3) + ln(1/3) + ln(1/4) + 3 ln(3/4).
    let want = (2.0 * (2.0f64 / 3.0).ln()
        + (1.0f64 / 3.0).ln()
        + (1.0f64 / 4.0).ln()
        + 3.0 * (3.0f64 / 4.0).ln())
        / 7.0;
    assert!((lls[lls.len() - 1] - want).abs() < 1e-9);
}

#[test]
fn the_prior_keeps_unchosen_values_finite() {
    // B is never chosen: without a prior its gamma would go to 0.
    let moves = vec![
        fixed_only(&[CAPTURE.start]),
        fixed_only(&[CAPTURE.start + 1]),
    ];
    let mut raw = RawPositions::new();
    raw.push(moves.clone(), 0);
    raw.push(moves, 0);
    let g = fit(
        &raw.into_set(1),
        FitConfig {
            iterations: 50,
            prior: 1.0,
        },
        |_, _| {},
    );
    let (ga, gb) = (
        g[usize::from(CAPTURE.start)],
        g[usize::from(CAPTURE.start) + 1],
    );
    assert!(gb > 0.0 && gb < 1.0 && ga > 1.0, "{ga} {gb}");
}

#[test]
fn top_k_counts_ties_in_expectation() {
    assert_eq!(top_k(&[0.5, 0.9, 0.1], 1, 1), 1.0);
    assert_eq!(top_k(&[0.5, 0.9, 0.1], 0, 1), 0.0);
    assert_eq!(top_k(&[0.5, 0.9, 0.1], 0, 2), 1.0);
    // Four moves tied for first: one chance in four of being first, one
    // in two of being in the first two.
    assert_eq!(top_k(&[1.0; 4], 2, 1), 0.25);
    assert_eq!(top_k(&[1.0; 4], 2, 2), 0.5);
}

#[test]
fn weights_survive_their_file() {
    let mut fixed = [1.0f32; FIXED_COUNT];
    fixed[3] = 2.5;
    fixed[FIXED_COUNT - 1] = 0.125;
    let b = board(CAPTURE_BOARD);
    let p = features(&b, "D2", Color::Black, None).pattern;
    let q = features(&b, "B3", Color::Black, None).pattern;
    let mut pats = vec![(p, 3.0f32), (q, 0.5)];
    pats.sort_unstable_by_key(|x| x.0);
    // D2's radius-3 pattern and B3's radius-2 one.
    let d2 = features(&b, "D2", Color::Black, None).large;
    let b3 = features(&b, "B3", Color::Black, None).large;
    let (d2c, b3c) = (d2.map(canonical_large), b3.map(canonical_large));
    let mut large = vec![(d2c[0], 4.0f32), (b3c[1], 0.25)];
    large.sort_unstable_by_key(|x| x.0);
    let m = Model::from_gammas(fixed, 0.75, &pats)
        .unwrap()
        .with_large(1.5, &large)
        .unwrap();
    let bytes = m.to_bytes();
    assert_eq!(&bytes[..8], b"TENGENMM");
    assert_eq!(bytes.len(), 24 + 4 * FIXED_COUNT + 8 + 16 + 24);
    let back = Model::from_bytes(&bytes).unwrap();
    assert_eq!(back, m);
    assert_eq!(back.pattern_gamma(p), 3.0);
    assert_eq!(back.fixed_gamma(3), 2.5);
    assert_eq!(back.large_count(), 2);
    // A pattern missing from the table gets the unknown pattern's gamma.
    let a5 = features(&b, "A5", Color::Black, None);
    assert_eq!(back.pattern_gamma(a5.pattern), 0.75);
    // The largest known large pattern scores a move; none known, the
    // unknown one's gamma; a pass has none.
    assert_eq!(back.large_gamma(&d2), 4.0);
    assert_eq!(back.large_gamma(&b3), 0.25);
    assert_eq!(back.large_gamma(&a5.large), 1.5);
    assert_eq!(back.large_gamma(&pass_features(false).large), 1.0);
    assert_eq!(
        back.strength(&features(&b, "D2", Color::Black, None)),
        3.0 * 4.0
    );
}

#[test]
fn large_patterns_are_the_same_under_symmetry_and_colour() {
    // A corner shape, and the same turned with the colours swapped: every
    // large pattern of every point agrees (own and the opponent's, not
    // black and white), and the radius-2 cells are a prefix of the
    // radius-3 ones, so a code's radius is in its top byte.
    let text = ".....\n.....\n..O..\n.XX..\n.....\n";
    let b = board(text);
    let t = board(&turned(text, true));
    let canon = |f: MoveFeatures| f.large.map(canonical_large);
    let f = features(&b, "C2", Color::Black, None);
    // C2 turned a quarter: row 4 (from the top) column 3 goes to row 3,
    // column 1, i.e. B3.
    let g = features(&t, "B3", Color::White, None);
    // As seen on the board the codes differ; their canonical forms agree.
    assert_ne!(f.large, g.large);
    assert_eq!(canon(f), canon(g));
    assert_eq!(f.large[0] >> 56, 3);
    assert_eq!(f.large[1] >> 56, 2);
    // The radius-2 code is the radius-3 one's first 12 cells.
    assert_eq!(f.large[1] & 0xFF_FFFF, f.large[0] & 0xFF_FFFF);
    // Another point's patterns differ.
    assert_ne!(canon(features(&b, "D4", Color::Black, None)), canon(f));
    // Own stones and the opponent's are told apart.
    assert_ne!(canon(features(&b, "C2", Color::White, None)), canon(f));
    // A model that knows the canonical form matches the pattern in every
    // orientation, as seen.
    let m = Model::uniform()
        .with_large(1.0, &[(canon(f)[0], 7.0)])
        .unwrap();
    assert_eq!(m.large_gamma(&f.large), 7.0);
    assert_eq!(m.large_gamma(&g.large), 7.0);
    assert_eq!(
        m.large_gamma(&features(&b, "D4", Color::Black, None).large),
        1.0
    );
}

#[test]
fn the_line_pair_marks_corners_in_open_areas() {
    let e = Board::new(19, Topology::Planar).unwrap();
    // The pairs (0-based lines, smaller first) follow the 10 plain line
    // values row by row: (0,0) 10, (0,1) 11 .. (0,4) 14, (1,1) 15 .. (1,4)
    // 18, (2,2) 19, (2,3) 20, (2,4) 21, (3,3) 22, (3,4) 23, (4,4) 24.
    let mut expected = Vec::new();
    for a in 0..5u16 {
        for b in a..5 {
            expected.push(((a, b), 10 + expected.len() as u16));
        }
    }
    let pair = |a: u16, b: u16| {
        expected
            .iter()
            .find(|&&(k, _)| k == (a, b))
            .map(|&(_, v)| v)
            .unwrap()
    };
    // The 4-4 point, the 3-4 point (both ways round) and the 3-3 point.
    assert_eq!(
        in_group(&features(&e, "D4", Color::Black, None), LINE),
        vec![pair(3, 3)]
    );
    assert_eq!(
        in_group(&features(&e, "C4", Color::Black, None), LINE),
        vec![pair(2, 3)]
    );
    assert_eq!(
        in_group(&features(&e, "D3", Color::Black, None), LINE),
        vec![pair(2, 3)]
    );
    assert_eq!(
        in_group(&features(&e, "R17", Color::Black, None), LINE),
        vec![pair(2, 2)]
    );
    // Every pair of lines, read off the empty board at column a, row b
    // (1-based: A1 is lines (0, 0)), has the value of the list above.
    for &((a, b), v) in &expected {
        let col = (b'A' + a as u8) as char;
        let at = format!("{col}{}", b + 1);
        assert_eq!(
            in_group(&features(&e, &at, Color::Black, None), LINE),
            vec![v],
            "{at}"
        );
    }
    // With a stone two points away the area is not open: the plain line.
    let mut rows = vec![".".repeat(19); 19];
    rows[19 - 4].replace_range(5..6, "O");
    let b = board(&(rows.join("\n") + "\n"));
    assert_eq!(
        in_group(&features(&b, "D4", Color::Black, None), LINE),
        vec![5 + 3]
    );
    // Three points away it is open again.
    assert_eq!(
        in_group(&features(&b, "C4", Color::Black, None), LINE),
        vec![pair(2, 3)]
    );
    assert_eq!(
        in_group(&features(&b, "D5", Color::Black, None), LINE),
        vec![5 + 3]
    );
}

#[test]
fn malformed_weights_are_errors_not_panics() {
    let good = Model::uniform().to_bytes();
    // Truncated anywhere, or padded.
    for n in 0..good.len() {
        assert!(Model::from_bytes(&good[..n]).is_err(), "{n} bytes");
    }
    let mut padded = good.clone();
    padded.push(0);
    assert!(matches!(
        Model::from_bytes(&padded),
        Err(WeightsError::Length { .. })
    ));
    // Wrong magic.
    let mut bad = good.clone();
    bad[0] = b'X';
    assert_eq!(Model::from_bytes(&bad), Err(WeightsError::Magic));
    // Another version (version 1 had no large patterns).
    let mut bad = good.clone();
    bad[8] = 1;
    assert_eq!(Model::from_bytes(&bad), Err(WeightsError::Version(1)));
    // Another number of fixed features.
    let mut bad = good.clone();
    bad[12] = 7;
    assert!(matches!(
        Model::from_bytes(&bad),
        Err(WeightsError::FixedCount(_))
    ));
    // NaN, infinite, zero and negative gammas.
    for v in [f32::NAN, f32::INFINITY, 0.0, -1.0] {
        let mut bad = good.clone();
        bad[24 + 4 * 5..24 + 4 * 6].copy_from_slice(&v.to_le_bytes());
        assert_eq!(Model::from_bytes(&bad), Err(WeightsError::Gamma(5)), "{v}");
        // The unknown large pattern's gamma.
        let mut bad = good.clone();
        let at = 24 + 4 * FIXED_COUNT + 4;
        bad[at..at + 4].copy_from_slice(&v.to_le_bytes());
        assert_eq!(
            Model::from_bytes(&bad),
            Err(WeightsError::LargeGamma(0)),
            "{v}"
        );
    }
    // A pattern count, or a large pattern count, that promises more than
    // there is.
    for at in [16, 20] {
        let mut bad = good.clone();
        bad[at] = 1;
        assert!(matches!(
            Model::from_bytes(&bad),
            Err(WeightsError::Length { .. })
        ));
    }
    // A large pattern code that is not canonical, of an unknown radius,
    // with bits beyond its cells, or out of order.
    let b = board(CAPTURE_BOARD);
    let d2 = canonical_large(features(&b, "D2", Color::Black, None).large[0]);
    let b3 = canonical_large(features(&b, "B3", Color::Black, None).large[0]);
    let (lo, hi) = (d2.min(b3), d2.max(b3));
    let uni = || Model::uniform();
    assert_eq!(
        uni().with_large(1.0, &[(hi, 1.0), (lo, 1.0)]),
        Err(WeightsError::LargePattern(lo))
    );
    for code in [
        lo & !(0xff << 56) | 5 << 56,
        lo | 1 << 55,
        3 << 56 | 1 << (2 * 23),
    ] {
        assert_eq!(
            uni().with_large(1.0, &[(code, 1.0)]),
            Err(WeightsError::LargePattern(code)),
            "{code:#x}"
        );
    }
    assert_eq!(
        uni().with_large(1.0, &[(lo, f32::NAN)]),
        Err(WeightsError::LargeGamma(1))
    );
    // A well-formed large table survives the file; one byte less does not.
    let m = uni().with_large(0.5, &[(lo, 2.0), (hi, 3.0)]).unwrap();
    let bytes = m.to_bytes();
    assert_eq!(Model::from_bytes(&bytes), Ok(m));
    assert!(Model::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    // A pattern code that is not canonical, and one out of order.
    let b = board(CAPTURE_BOARD);
    let p = features(&b, "D2", Color::Black, None).pattern;
    let q = features(&b, "B3", Color::Black, None).pattern;
    let (lo, hi) = (p.min(q), p.max(q));
    let fixed = [1.0f32; FIXED_COUNT];
    assert_eq!(
        Model::from_gammas(fixed, 1.0, &[(hi, 1.0), (lo, 1.0)]),
        Err(WeightsError::Pattern(lo))
    );
    assert_eq!(
        Model::from_gammas(fixed, 1.0, &[(1 << 24, 1.0)]),
        Err(WeightsError::Pattern(1 << 24))
    );
}

#[test]
fn the_builtin_weights_load() {
    let bytes = include_bytes!("../../data/patterns-v2.bin");
    let m = Model::from_bytes(bytes).unwrap();
    // Trained weights, not a placeholder: tables of patterns, and a
    // capture of one stone far more likely than a lone self-atari.
    assert!(m.pattern_count() > 100, "{} patterns", m.pattern_count());
    assert!(m.large_count() > 100, "{} large patterns", m.large_count());
    assert!(m.fixed_gamma(CAPTURE.start) > 4.0 * m.fixed_gamma(SELF_ATARI.start));
    assert_eq!(Model::builtin(), &m);
}

/// The playouts' learned shapes against the model they come from: on
/// random 9x9 positions, every empty point's gamma in the playout table
/// (looked up as the pattern stands) is the model's gamma of its canonical
/// pattern when that reaches the table's least gamma, and 0 otherwise; and the bitmap that spares liberty reads never
/// turns away a kept pattern.
#[test]
fn the_playout_shapes_score_points_as_the_model_does() {
    use crate::playout::LearnedShapes;
    use crate::tactics::{dirs, liberty_states, pattern_code};
    let model = Model::builtin();
    let least = 1.0;
    let shapes = LearnedShapes::new(model.patterns(), least);
    let d = dirs(9, Topology::Planar);
    let mut rng = crate::playout::rng(5);
    let (mut kept, mut points) = (0, 0);
    for game in 0..200 {
        let b = crate::playout::random_board(9, game % 50, &mut rng);
        for l in b.empty_locs().collect::<Vec<_>>() {
            for mover in [Color::Black, Color::White] {
                let states = liberty_states(&b, d, l, Board::stone_code(mover));
                let want = model.pattern_gamma(features::canonical(states));
                let got = shapes.gamma(states);
                points += 1;
                if want >= least {
                    kept += 1;
                    assert_eq!(got, want, "{mover:?} at {l:?}\n{b}");
                    assert!(shapes.may_match(pattern_code(&b, d, l), mover), "{b}");
                } else {
                    assert_eq!(got, 0.0, "{mover:?} at {l:?}\n{b}");
                }
            }
        }
    }
    // 5,586 of 22,670 when written.
    assert!(
        kept > 2_000,
        "only {kept} kept patterns among {points} points"
    );
}
