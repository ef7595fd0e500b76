//! Rules as data: ko, suicide, scoring, komi, ties, move limit, Capture Go,
//! topology, and the named presets.

use crate::geometry::Topology;
use std::fmt;
use std::str::FromStr;

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Only the immediate retake of a single-stone ko is forbidden.
    Simple,
    /// No move may recreate an earlier whole-board position.
    PositionalSuperko,
    /// No move may recreate an earlier position with the same player to move.
    SituationalSuperko,
}

/// Whether a move may leave its own chain without liberties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SuicideRule {
    /// Suicide is illegal.
    Forbidden,
    /// Suicide of one or more stones is legal; the stones are removed and
    /// count as prisoners of the opponent (Tromp-Taylor, New Zealand).
    Allowed,
}

impl KoRule {
    /// Every ko rule.
    pub const ALL: [KoRule; 3] = [
        KoRule::Simple,
        KoRule::PositionalSuperko,
        KoRule::SituationalSuperko,
    ];

    /// The rule's name in GTP extensions (`simple`, `positional`,
    /// `situational`).
    pub fn name(self) -> &'static str {
        match self {
            KoRule::Simple => "simple",
            KoRule::PositionalSuperko => "positional",
            KoRule::SituationalSuperko => "situational",
        }
    }

    /// The rule named `s`, ignoring case: its [`name`](Self::name), or
    /// `positional-superko` or `situational-superko`.
    pub fn from_name(s: &str) -> Option<KoRule> {
        let s = s.to_ascii_lowercase();
        let s = s.strip_suffix("-superko").unwrap_or(&s);
        KoRule::ALL.into_iter().find(|r| r.name() == s)
    }
}

impl SuicideRule {
    /// Both suicide rules.
    pub const ALL: [SuicideRule; 2] = [SuicideRule::Forbidden, SuicideRule::Allowed];

    /// The rule's name in GTP extensions (`forbidden`, `allowed`).
    pub fn name(self) -> &'static str {
        match self {
            SuicideRule::Forbidden => "forbidden",
            SuicideRule::Allowed => "allowed",
        }
    }

    /// The rule named `s`, ignoring case.
    pub fn from_name(s: &str) -> Option<SuicideRule> {
        SuicideRule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
    }
}

impl Scoring {
    /// Both scorings.
    pub const ALL: [Scoring; 2] = [Scoring::Area, Scoring::Territory];

    /// The scoring's name in GTP extensions (`area`, `territory`).
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        }
    }

    /// The scoring named `s`, ignoring case.
    pub fn from_name(s: &str) -> Option<Scoring> {
        Scoring::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
    }
}

impl TieRule {
    /// Both tie rules.
    pub const ALL: [TieRule; 2] = [TieRule::Draw, TieRule::WhiteWins];

    /// The rule's name in GTP extensions (`draw`, `white`).
    pub fn name(self) -> &'static str {
        match self {
            TieRule::Draw => "draw",
            TieRule::WhiteWins => "white",
        }
    }

    /// The rule named `s`, ignoring case: its [`name`](Self::name), or
    /// `white-wins`.
    pub fn from_name(s: &str) -> Option<TieRule> {
        let s = s.to_ascii_lowercase();
        let s = s.strip_suffix("-wins").unwrap_or(&s);
        TieRule::ALL.into_iter().find(|r| r.name() == s)
    }
}

/// How the result is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Stones on the board plus surrounded empty points (Chinese, AGA, ...).
    Area,
    /// Surrounded empty points plus prisoners (Japanese, Korean).
    Territory,
}

/// Who wins a game whose score is exactly even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieRule {
    /// A tie is a draw (jigo).
    Draw,
    /// White wins ties.
    WhiteWins,
}

/// The points White gets for Black's handicap stones, on top of komi:
/// under area scoring each handicap stone is a point of Black's area, so
/// the Chinese rules give them back to White (KataGo's
/// `whiteHandicapBonus`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandicapBonus {
    /// None (Japanese, Korean, New Zealand, Tromp-Taylor): `0`.
    Zero,
    /// One point per handicap stone after the first (AGA): `N-1`.
    NMinusOne,
    /// One point per handicap stone (Chinese): `N`.
    N,
}

impl HandicapBonus {
    /// Every bonus.
    pub const ALL: [HandicapBonus; 3] = [
        HandicapBonus::Zero,
        HandicapBonus::NMinusOne,
        HandicapBonus::N,
    ];

    /// The bonus's name in GTP extensions and KataGo's rules: `0`, `N-1`
    /// or `N`.
    pub fn name(self) -> &'static str {
        match self {
            HandicapBonus::Zero => "0",
            HandicapBonus::NMinusOne => "N-1",
            HandicapBonus::N => "N",
        }
    }

    /// The bonus named `s` (its [`name`](Self::name), any case).
    pub fn from_name(s: &str) -> Option<HandicapBonus> {
        HandicapBonus::ALL
            .into_iter()
            .find(|b| b.name().eq_ignore_ascii_case(s))
    }

    /// White's points for `stones` handicap stones (none without a
    /// handicap: one stone is no handicap either under `N-1`).
    pub fn points(self, stones: usize) -> f64 {
        let n = stones as f64;
        match self {
            HandicapBonus::Zero => 0.0,
            HandicapBonus::NMinusOne => (n - 1.0).max(0.0),
            HandicapBonus::N => n,
        }
    }
}

/// A complete rule set. Every field is a choice players meet in practice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    /// Which repetitions are forbidden.
    pub ko: KoRule,
    /// Whether suicide is legal.
    pub suicide: SuicideRule,
    /// Area or territory counting.
    pub scoring: Scoring,
    /// Points given to White; any finite value, normally a multiple of 0.5.
    /// An integer komi makes a draw possible.
    pub komi: f64,
    /// Who wins a tied score.
    pub tie: TieRule,
    /// When set, the game ends after this many moves in total (passes
    /// included) and is scored as if both players had passed.
    pub move_limit: Option<u32>,
    /// Capture Go: when set, the first player to have captured at least
    /// this many stones wins at once.
    pub capture_goal: Option<u32>,
    /// Planar or toroidal board.
    pub topology: Topology,
    /// The points White gets for Black's handicap stones, added to komi
    /// when the game is counted ([`Game::komi_with_bonus`](crate::Game::komi_with_bonus)).
    pub handicap_bonus: HandicapBonus,
}

/// The named rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Chinese: area scoring, positional superko, suicide forbidden, komi
    /// 7.5, White gets a point per handicap stone.
    Chinese,
    /// Japanese: territory scoring, simple ko, suicide forbidden, komi 6.5.
    Japanese,
    /// Korean: as Japanese (territory, simple ko), komi 6.5.
    Korean,
    /// AGA: area scoring, situational superko, suicide forbidden, komi
    /// 7.5, White gets a point per handicap stone after the first.
    Aga,
    /// New Zealand: area scoring, situational superko, suicide allowed, komi 7.
    NewZealand,
    /// Tromp-Taylor: area scoring, positional superko, suicide allowed, komi 7.5.
    TrompTaylor,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 6] = [
        Preset::Chinese,
        Preset::Japanese,
        Preset::Korean,
        Preset::Aga,
        Preset::NewZealand,
        Preset::TrompTaylor,
    ];

    /// The preset's lower-case name (`chinese`, `tromp-taylor`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Preset::Chinese => "chinese",
            Preset::Japanese => "japanese",
            Preset::Korean => "korean",
            Preset::Aga => "aga",
            Preset::NewZealand => "new-zealand",
            Preset::TrompTaylor => "tromp-taylor",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for an unknown preset name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPreset(pub String);

impl fmt::Display for UnknownPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown rules {:?}", self.0)
    }
}

impl std::error::Error for UnknownPreset {}

impl FromStr for Preset {
    type Err = UnknownPreset;

    /// Accepts the preset names in any case, with `-`, `_` or a space, and
    /// the SGF `RU` spellings (`Chinese`, `Japanese`, `Korean`, `AGA`, `NZ`,
    /// `New Zealand`, `Tromp-Taylor`, `TT`).
    fn from_str(s: &str) -> Result<Preset, UnknownPreset> {
        let key: String = s
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        Ok(match key.as_str() {
            "chinese" | "cn" => Preset::Chinese,
            "japanese" | "jp" => Preset::Japanese,
            "korean" | "kr" => Preset::Korean,
            "aga" | "bga" => Preset::Aga,
            "newzealand" | "nz" => Preset::NewZealand,
            "tromptaylor" | "tt" => Preset::TrompTaylor,
            _ => return Err(UnknownPreset(s.to_string())),
        })
    }
}

impl Rules {
    /// The rules of a named preset.
    pub const fn preset(p: Preset) -> Rules {
        let base = Rules {
            ko: KoRule::PositionalSuperko,
            suicide: SuicideRule::Forbidden,
            scoring: Scoring::Area,
            komi: 7.5,
            tie: TieRule::Draw,
            move_limit: None,
            capture_goal: None,
            topology: Topology::Planar,
            handicap_bonus: HandicapBonus::Zero,
        };
        match p {
            Preset::Chinese => Rules {
                handicap_bonus: HandicapBonus::N,
                ..base
            },
            Preset::Japanese | Preset::Korean => Rules {
                ko: KoRule::Simple,
                scoring: Scoring::Territory,
                komi: 6.5,
                ..base
            },
            Preset::Aga => Rules {
                ko: KoRule::SituationalSuperko,
                handicap_bonus: HandicapBonus::NMinusOne,
                ..base
            },
            Preset::NewZealand => Rules {
                ko: KoRule::SituationalSuperko,
                suicide: SuicideRule::Allowed,
                komi: 7.0,
                ..base
            },
            Preset::TrompTaylor => Rules {
                suicide: SuicideRule::Allowed,
                ..base
            },
        }
    }

    /// The named preset these rules equal, if any.
    pub fn as_preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|&p| Rules::preset(p) == *self)
    }

    /// The same rules with another komi.
    pub const fn with_komi(self, komi: f64) -> Rules {
        Rules { komi, ..self }
    }
}

impl Default for Rules {
    /// The default: area scoring, positional superko, suicide forbidden,
    /// komi 7, a point per handicap stone for White (the Chinese rules),
    /// draws possible, planar board, no move limit, no capture goal.
    fn default() -> Rules {
        Rules::preset(Preset::Chinese).with_komi(7.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_parse_and_differ() {
        for p in Preset::ALL {
            assert_eq!(p.name().parse::<Preset>(), Ok(p));
        }
        assert_eq!("New Zealand".parse::<Preset>(), Ok(Preset::NewZealand));
        assert_eq!("AGA".parse::<Preset>(), Ok(Preset::Aga));
        assert!("klingon".parse::<Preset>().is_err());
        let d = Rules::default();
        assert_eq!(d.komi, 7.0);
        assert_eq!(d.scoring, Scoring::Area);
        assert_eq!(d.ko, KoRule::PositionalSuperko);
        assert_eq!(d.suicide, SuicideRule::Forbidden);
        assert_eq!(Rules::preset(Preset::Japanese).scoring, Scoring::Territory);
    }
}
