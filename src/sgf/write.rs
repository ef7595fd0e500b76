//! Writing SGF: deterministic output of a game, its rules and its result.

use crate::color::Color;
use crate::game::Game;
use crate::geometry::Topology;
use crate::point::{Move, Point, MAX_SIZE};
use crate::rules::{HandicapBonus, Preset, Rules, SuicideRule};
use std::fmt::Write as _;

/// tengen's own root property for a board that is not planar:
/// `TOPOLOGY[toroidal]` (SGF has none; FF\[4\] allows private properties,
/// and other readers skip it).
pub(crate) const TOPOLOGY: &str = "TOPOLOGY";

/// Writes a game as SGF FF\[4\]: `GM`, `FF`, `CA`, `AP`, `SZ`, `KM`, `HA`
/// (when the game has handicap stones), `RU`, `RE` (when `result` is
/// given, for example an [`Outcome`](crate::Outcome) formatted with
/// `Display`), the start position as `AB`/`AW`, `PL` when the turn cannot
/// be inferred, then the moves. [`read_sgf`](crate::read_sgf) reads the output back to the
/// same moves, start position, komi and rules.
///
/// `RU` is the preset's SGF name when the rules equal a preset apart from
/// komi, otherwise a KataGo-style string (`koSITUATIONALscoreAREAsui1`).
/// A toroidal board is written as tengen's own root property
/// `TOPOLOGY[toroidal]` (SGF has none). The tie rule, move limit and
/// capture goal have no SGF property and are not written. A komi that is not finite is not written.
pub fn write_sgf(game: &Game, result: Option<&str>) -> String {
    write_sgf_annotated(game, result, &|_| None)
}

/// [`write_sgf`], with a comment (`C`) on move `i` (from 0) wherever
/// `comment(i)` gives one; used for Phantom Go's refused tries.
pub fn write_sgf_annotated(
    game: &Game,
    result: Option<&str>,
    comment: &dyn Fn(usize) -> Option<String>,
) -> String {
    write_sgf_with(game, result, &GameInfo::default(), comment)
}

/// Who played a game, when and in what event: the SGF game-information
/// properties that GUIs and rating tools show. Every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// Black's name (`PB`), e.g. an engine's `name` and `version`.
    pub black: Option<String>,
    /// White's name (`PW`).
    pub white: Option<String>,
    /// The date played (`DT`), `YYYY-MM-DD`.
    pub date: Option<String>,
    /// The event (`EV`).
    pub event: Option<String>,
    /// The time settings beyond main time (`OT`), as text.
    pub overtime: Option<String>,
}

/// [`write_sgf_annotated`] with the game information of `info`.
pub fn write_sgf_with(
    game: &Game,
    result: Option<&str>,
    info: &GameInfo,
    comment: &dyn Fn(usize) -> Option<String>,
) -> String {
    let size = game.size();
    let rules = game.rules();
    let mut s = String::with_capacity(128 + 6 * game.moves().len());
    s.push_str("(;GM[1]FF[4]CA[UTF-8]AP[tengen:");
    s.push_str(env!("CARGO_PKG_VERSION"));
    let _ = write!(s, "]SZ[{size}]");
    for (id, value) in [
        ("PB", &info.black),
        ("PW", &info.white),
        ("DT", &info.date),
        ("EV", &info.event),
        ("OT", &info.overtime),
    ] {
        if let Some(v) = value {
            s.push_str(id);
            s.push('[');
            escape_into(&mut s, v);
            s.push(']');
        }
    }
    if rules.komi.is_finite() {
        let _ = write!(s, "KM[{}]", rules.komi);
    }
    let handicap = game.handicap();
    if !handicap.is_empty() {
        let _ = write!(s, "HA[{}]", handicap.len());
    }
    let _ = write!(s, "RU[{}]", rules_name(rules));
    if rules.topology != Topology::Planar {
        let _ = write!(s, "{}[{}]", TOPOLOGY, rules.topology.name());
    }
    if let Some(r) = result {
        // A Capture Go win (tengen's `B+C`) has no SGF letter: FF[4]'s
        // `B+` (a win, reason not given) and the reason in `GC`, so that
        // other programs read the winner.
        match r.strip_suffix("+C") {
            Some(winner @ ("B" | "W")) => {
                let _ = write!(
                    s,
                    "RE[{winner}+]GC[{r}: won by reaching the Capture Go goal]"
                );
            }
            _ => {
                s.push_str("RE[");
                escape_into(&mut s, r);
                s.push(']');
            }
        }
    }
    let start = game.start_board();
    for (c, prop) in [(Color::Black, "AB"), (Color::White, "AW")] {
        let mut first = true;
        for l in start.locs() {
            if start.color_at(l) == Some(c) {
                if first {
                    s.push_str(prop);
                    first = false;
                }
                s.push('[');
                push_point(&mut s, start.point(l), size);
                s.push(']');
            }
        }
    }
    // PL when the reader would infer another turn: after a handicap White
    // moves first, otherwise the colour of the first move (or Black).
    let moves = game.moves();
    let inferred = match (handicap.is_empty(), moves.first()) {
        (false, _) => Color::White,
        (true, Some(&(c, _))) => c,
        (true, None) => Color::Black,
    };
    let first = if moves.is_empty() {
        game.to_move()
    } else {
        game.start_to_move()
    };
    if first != inferred {
        let _ = write!(s, "PL[{}]", first.letter());
    }
    s.push('\n');
    for (i, &(c, mv)) in moves.iter().enumerate() {
        let _ = write!(s, ";{}[", c.letter());
        if let Move::Play(p) = mv {
            push_point(&mut s, p, size);
        }
        s.push(']');
        if let Some(text) = comment(i) {
            s.push_str("C[");
            escape_into(&mut s, &text);
            s.push(']');
        }
        if i % 12 == 11 {
            s.push('\n');
        }
    }
    if let Some(&(c, _)) = moves.last() {
        if game.to_move() != c.opponent() {
            let _ = write!(s, ";PL[{}]", game.to_move().letter());
        }
    }
    s.push_str(")\n");
    s
}

/// The `RU` text for these rules.
fn rules_name(rules: &Rules) -> String {
    // Only what RU can carry is compared; komi has its own property.
    let same = |p: Preset| {
        let r = Rules::preset(p);
        r.ko == rules.ko
            && r.suicide == rules.suicide
            && r.scoring == rules.scoring
            && r.handicap_bonus == rules.handicap_bonus
    };
    if let Some(p) = Preset::ALL.into_iter().find(|&p| same(p)) {
        return match p {
            Preset::Chinese => "Chinese",
            Preset::Japanese => "Japanese",
            Preset::Korean => "Korean",
            Preset::Aga => "AGA",
            Preset::NewZealand => "NZ",
            Preset::TrompTaylor => "Tromp-Taylor",
        }
        .to_string();
    }
    let ko = rules.ko.name().to_ascii_uppercase();
    let score = rules.scoring.name().to_ascii_uppercase();
    let sui = match rules.suicide {
        SuicideRule::Forbidden => 0,
        SuicideRule::Allowed => 1,
    };
    // KataGo's spelling of the handicap bonus: `whbN`, `whbN-1`, or
    // nothing for none.
    let whb = match rules.handicap_bonus {
        HandicapBonus::Zero => String::new(),
        b => format!("whb{}", b.name()),
    };
    format!("ko{ko}score{score}sui{sui}{whb}")
}

/// Appends `text` with `]` and `\` escaped.
fn escape_into(s: &mut String, text: &str) {
    for ch in text.chars() {
        if ch == ']' || ch == '\\' {
            s.push('\\');
        }
        s.push(ch);
    }
}

/// Appends the SGF letters of `p` on a board of side `size`.
fn push_point(s: &mut String, p: Point, size: usize) {
    let col = p.x();
    let row = size.saturating_sub(1).saturating_sub(p.y());
    s.push(sgf_letter(col));
    s.push(sgf_letter(row));
}

fn sgf_letter(i: usize) -> char {
    // Boards are at most 25 wide, so `a` to `y`.
    char::from(b'a' + (i.min(MAX_SIZE) as u8))
}
