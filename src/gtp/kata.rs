//! KataGo's rules vocabulary for `kata-get-rules` and `kata-set-rules`:
//! the JSON object of its rule fields, its shorthand names, and their
//! mapping to tengen's [`Rules`].
//!
//! KataGo describes rules by seven fields (`ko`, `scoring`, `tax`,
//! `suicide`, `hasButton`, `whiteHandicapBonus`, `friendlyPassOk`). tengen
//! represents every ko rule, both scorings and both suicide rules; its
//! area scoring counts the eyes of a seki (KataGo's tax `NONE`) and its
//! territory scoring does not (tax `SEKI`); it has every handicap bonus
//! ([`HandicapBonus`]) and no button. Rules outside that are refused, never
//! approximated.

use crate::rules::{HandicapBonus, KoRule, Rules, Scoring, SuicideRule, TieRule};
use std::fmt;

/// KataGo's `tax` field: which points a group pays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tax {
    /// No tax: every point of territory counts.
    None,
    /// The eyes of groups in seki count for nobody.
    Seki,
    /// Every group pays up to two points for its eyes (stone scoring).
    All,
}

/// A rule set in KataGo's terms, as `kata-get-rules` reports and
/// `kata-set-rules` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KataRules {
    /// `ko`: `SIMPLE`, `POSITIONAL` or `SITUATIONAL`.
    pub ko: KoRule,
    /// `scoring`: `AREA` or `TERRITORY`.
    pub scoring: Scoring,
    /// `tax`: `NONE`, `SEKI` or `ALL`.
    pub tax: Tax,
    /// `suicide`: whether multi-stone suicide is legal.
    pub suicide: bool,
    /// `hasButton`: button Go.
    pub has_button: bool,
    /// `whiteHandicapBonus`.
    pub white_handicap_bonus: HandicapBonus,
    /// `friendlyPassOk`: whether a player may pass with dead stones of the
    /// opponent left on the board.
    pub friendly_pass_ok: bool,
}

/// Why a `kata-set-rules` argument was refused; the message is the GTP
/// error text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KataRulesError(pub String);

impl fmt::Display for KataRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for KataRulesError {}

fn error<T>(msg: impl Into<String>) -> Result<T, KataRulesError> {
    Err(KataRulesError(msg.into()))
}

/// KataGo's defaults for a JSON object's missing fields (its
/// "Tromp-Taylor-ish" rules), before the tax is derived from the scoring.
const JSON_DEFAULTS: KataRules = KataRules {
    ko: KoRule::PositionalSuperko,
    scoring: Scoring::Area,
    tax: Tax::None,
    suicide: true,
    has_button: false,
    white_handicap_bonus: HandicapBonus::Zero,
    friendly_pass_ok: false,
};

impl KataRules {
    /// The rules of one of KataGo's shorthand names, ignoring case and
    /// `-`, `_` or spaces: `tromp-taylor`, `chinese`, `chinese-ogs`,
    /// `chinese-kgs`, `japanese`, `korean`, `stone-scoring`,
    /// `ancient-area`, `ancient-territory`, `aga`, `bga`, `french`,
    /// `aga-button`, `new-zealand` (`nz`), `goe` (`ing`); field by field as
    /// KataGo's documentation gives them.
    pub fn from_shorthand(name: &str) -> Option<KataRules> {
        let key: String = name
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let area = KataRules {
            ko: KoRule::Simple,
            scoring: Scoring::Area,
            tax: Tax::None,
            suicide: false,
            has_button: false,
            white_handicap_bonus: HandicapBonus::Zero,
            friendly_pass_ok: true,
        };
        let territory = KataRules {
            scoring: Scoring::Territory,
            tax: Tax::Seki,
            ..area
        };
        let aga = KataRules {
            ko: KoRule::SituationalSuperko,
            white_handicap_bonus: HandicapBonus::NMinusOne,
            ..area
        };
        Some(match key.as_str() {
            "tromptaylor" => KataRules {
                ko: KoRule::PositionalSuperko,
                suicide: true,
                friendly_pass_ok: false,
                ..area
            },
            "chinese" => KataRules {
                white_handicap_bonus: HandicapBonus::N,
                ..area
            },
            "chineseogs" | "chinesekgs" => KataRules {
                ko: KoRule::PositionalSuperko,
                white_handicap_bonus: HandicapBonus::N,
                ..area
            },
            "japanese" | "korean" => territory,
            "stonescoring" | "ancientarea" => KataRules {
                tax: Tax::All,
                ..area
            },
            "ancientterritory" => KataRules {
                tax: Tax::All,
                friendly_pass_ok: false,
                ..territory
            },
            "aga" | "bga" | "french" => aga,
            "agabutton" => KataRules {
                has_button: true,
                ..aga
            },
            "newzealand" | "nz" => KataRules {
                ko: KoRule::SituationalSuperko,
                suicide: true,
                ..area
            },
            "goe" | "ing" => KataRules {
                ko: KoRule::PositionalSuperko,
                suicide: true,
                ..area
            },
            _ => return None,
        })
    }

    /// Parses `kata-set-rules`'s argument: a JSON object of KataGo's rule
    /// fields (missing ones take KataGo's defaults: positional superko,
    /// area scoring, suicide legal, no button, no handicap bonus, friendly
    /// pass not ok, and the tax of the scoring), or a shorthand name.
    ///
    /// # Errors
    /// A message naming what is wrong: not JSON, an unknown field or name,
    /// a value of the wrong kind.
    pub fn parse(text: &str) -> Result<KataRules, KataRulesError> {
        let text = text.trim();
        if !text.starts_with('{') {
            return KataRules::from_shorthand(text)
                .map_or_else(|| error(format!("unknown rules {text:?}")), Ok);
        }
        let fields = json_object(text)?;
        let mut r = JSON_DEFAULTS;
        let mut tax = None;
        for (key, value) in fields {
            let string = |v: &Json| match v {
                Json::Str(s) => Ok(s.to_ascii_uppercase()),
                _ => error(format!("{key} must be a string")),
            };
            let boolean = |v: &Json| match v {
                Json::Bool(b) => Ok(*b),
                _ => error(format!("{key} must be true or false")),
            };
            match key.as_str() {
                "ko" => {
                    r.ko = match string(&value)?.as_str() {
                        "SIMPLE" => KoRule::Simple,
                        "POSITIONAL" => KoRule::PositionalSuperko,
                        "SITUATIONAL" => KoRule::SituationalSuperko,
                        v => return error(format!("ko {v} is not supported")),
                    }
                }
                "scoring" | "score" => {
                    r.scoring = match string(&value)?.as_str() {
                        "AREA" => Scoring::Area,
                        "TERRITORY" => Scoring::Territory,
                        v => return error(format!("unknown scoring {v}")),
                    }
                }
                "tax" => {
                    tax = Some(match string(&value)?.as_str() {
                        "NONE" => Tax::None,
                        "SEKI" => Tax::Seki,
                        "ALL" => Tax::All,
                        v => return error(format!("unknown tax {v}")),
                    })
                }
                "suicide" => r.suicide = boolean(&value)?,
                "hasButton" => r.has_button = boolean(&value)?,
                "whiteHandicapBonus" => {
                    r.white_handicap_bonus = match string(&value)?.as_str() {
                        "0" => HandicapBonus::Zero,
                        "N-1" => HandicapBonus::NMinusOne,
                        "N" => HandicapBonus::N,
                        v => return error(format!("unknown whiteHandicapBonus {v}")),
                    }
                }
                "friendlyPassOk" => r.friendly_pass_ok = boolean(&value)?,
                k => return error(format!("unknown rules field {k:?}")),
            }
        }
        r.tax = tax.unwrap_or(match r.scoring {
            Scoring::Area => Tax::None,
            Scoring::Territory => Tax::Seki,
        });
        Ok(r)
    }

    /// tengen's rules in KataGo's terms. tengen has no button; its area scoring counts seki eyes (tax `NONE`), its
    /// territory scoring does not (tax `SEKI`). `friendlyPassOk` says what
    /// tengen's own play does: under area scoring it captures the
    /// opponent's dead stones before passing (`false`), under territory
    /// scoring it passes and leaves them to the agreement (`true`).
    pub fn from_rules(rules: &Rules) -> KataRules {
        KataRules {
            ko: rules.ko,
            scoring: rules.scoring,
            tax: match rules.scoring {
                Scoring::Area => Tax::None,
                Scoring::Territory => Tax::Seki,
            },
            suicide: rules.suicide == SuicideRule::Allowed,
            has_button: false,
            white_handicap_bonus: rules.handicap_bonus,
            friendly_pass_ok: rules.scoring == Scoring::Territory,
        }
    }

    /// These rules as tengen's: the ko, suicide, scoring and handicap bonus
    /// set, the komi
    /// and topology of `current` kept, and the fields KataGo has no word
    /// for reset (draws possible, no move limit, no capture goal).
    /// `friendlyPassOk` is accepted either way: tengen's play satisfies
    /// both under area scoring, and under territory scoring capturing
    /// dead stones would only lose points.
    ///
    /// # Errors
    /// What tengen cannot represent: a button, the tax `ALL`, area scoring without seki eyes (tax `SEKI`) or
    /// territory scoring with them (tax `NONE`).
    pub fn to_rules(&self, current: &Rules) -> Result<Rules, KataRulesError> {
        if self.has_button {
            return error("button Go is not supported");
        }
        match (self.scoring, self.tax) {
            (Scoring::Area, Tax::None) | (Scoring::Territory, Tax::Seki) => {}
            (s, t) => {
                return error(format!(
                    "tax {} with {} scoring is not supported",
                    t.name(),
                    s.name()
                ))
            }
        }
        Ok(Rules {
            ko: self.ko,
            suicide: if self.suicide {
                SuicideRule::Allowed
            } else {
                SuicideRule::Forbidden
            },
            scoring: self.scoring,
            komi: current.komi,
            tie: TieRule::Draw,
            move_limit: None,
            capture_goal: None,
            topology: current.topology,
            handicap_bonus: self.white_handicap_bonus,
        })
    }
}

impl Tax {
    /// KataGo's name: `NONE`, `SEKI`, `ALL`.
    pub fn name(self) -> &'static str {
        match self {
            Tax::None => "NONE",
            Tax::Seki => "SEKI",
            Tax::All => "ALL",
        }
    }
}

impl fmt::Display for KataRules {
    /// The JSON object `kata-get-rules` answers, keys sorted as KataGo's
    /// JSON library writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ko = match self.ko {
            KoRule::Simple => "SIMPLE",
            KoRule::PositionalSuperko => "POSITIONAL",
            KoRule::SituationalSuperko => "SITUATIONAL",
        };
        let scoring = match self.scoring {
            Scoring::Area => "AREA",
            Scoring::Territory => "TERRITORY",
        };
        write!(
            f,
            "{{\"friendlyPassOk\":{},\"hasButton\":{},\"ko\":\"{ko}\",\"scoring\":\"{scoring}\",\"suicide\":{},\"tax\":\"{}\",\"whiteHandicapBonus\":\"{}\"}}",
            self.friendly_pass_ok,
            self.has_button,
            self.suicide,
            self.tax.name(),
            self.white_handicap_bonus.name()
        )
    }
}

/// A JSON value of a rules object: KataGo's fields are strings and
/// booleans; numbers and null are read only to be refused by name.
#[derive(Clone, Debug, PartialEq)]
enum Json {
    Str(String),
    Bool(bool),
    Other,
}

/// Parses a flat JSON object (string keys; string, boolean, number or null
/// values) into its fields in order.
fn json_object(text: &str) -> Result<Vec<(String, Json)>, KataRulesError> {
    let bad = || KataRulesError(format!("cannot parse the rules {text:?}"));
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    p.expect(b'{').ok_or_else(bad)?;
    let mut fields = Vec::new();
    if !p.eat(b'}') {
        loop {
            let key = p.string().ok_or_else(bad)?;
            p.expect(b':').ok_or_else(bad)?;
            let value = p.value().ok_or_else(bad)?;
            fields.push((key, value));
            if p.eat(b',') {
                continue;
            }
            p.expect(b'}').ok_or_else(bad)?;
            break;
        }
    }
    p.skip_space();
    if p.i != p.s.len() {
        return Err(bad());
    }
    Ok(fields)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self.s.get(self.i).is_some_and(|b| b.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        self.skip_space();
        if self.s.get(self.i) == Some(&b) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, b: u8) -> Option<()> {
        self.eat(b).then_some(())
    }

    /// A string without escapes (KataGo's names need none).
    fn string(&mut self) -> Option<String> {
        self.expect(b'"')?;
        let start = self.i;
        while let Some(&b) = self.s.get(self.i) {
            match b {
                b'"' => {
                    let text = std::str::from_utf8(&self.s[start..self.i]).ok()?;
                    self.i += 1;
                    return Some(text.to_string());
                }
                b'\\' => return None,
                _ => self.i += 1,
            }
        }
        None
    }

    fn value(&mut self) -> Option<Json> {
        self.skip_space();
        let rest = &self.s[self.i..];
        for (word, value) in [
            (&b"true"[..], Json::Bool(true)),
            (b"false", Json::Bool(false)),
            (b"null", Json::Other),
        ] {
            if rest.starts_with(word) {
                self.i += word.len();
                return Some(value);
            }
        }
        match rest.first()? {
            b'"' => self.string().map(Json::Str),
            b'-' | b'0'..=b'9' => {
                while self
                    .s
                    .get(self.i)
                    .is_some_and(|b| b.is_ascii_digit() || b"+-.eE".contains(b))
                {
                    self.i += 1;
                }
                Some(Json::Other)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
