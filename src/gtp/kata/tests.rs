//! The expected values are KataGo's (docs/GTP_Extensions.md and its rules
//! page), written out by hand.

use super::*;
use crate::geometry::Topology;
use crate::rules::Preset;

#[test]
fn shorthand_names_are_katagos_fields() {
    let tt = KataRules::from_shorthand("tromp-taylor").unwrap();
    assert_eq!(
        tt.to_string(),
        r#"{"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"}"#
    );
    let jp = KataRules::from_shorthand("Japanese").unwrap();
    assert_eq!(
        jp.to_string(),
        r#"{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"}"#
    );
    assert_eq!(KataRules::from_shorthand("korean"), Some(jp));
    let cn = KataRules::from_shorthand("chinese").unwrap();
    assert_eq!(
        (cn.ko, cn.white_handicap_bonus),
        (KoRule::Simple, HandicapBonus::N)
    );
    let aga = KataRules::from_shorthand("AGA").unwrap();
    assert_eq!(
        (aga.ko, aga.white_handicap_bonus),
        (KoRule::SituationalSuperko, HandicapBonus::NMinusOne)
    );
    assert_eq!(KataRules::from_shorthand("bga"), Some(aga));
    let nz = KataRules::from_shorthand("new_zealand").unwrap();
    assert_eq!((nz.ko, nz.suicide), (KoRule::SituationalSuperko, true));
    assert_eq!(
        KataRules::from_shorthand("stone-scoring").unwrap().tax,
        Tax::All
    );
    assert!(KataRules::from_shorthand("aga-button").unwrap().has_button);
    assert_eq!(KataRules::from_shorthand("klingon"), None);
}

#[test]
fn json_objects_parse_with_katagos_defaults() {
    let r = KataRules::parse(r#"{"ko":"SIMPLE", "scoring":"TERRITORY"}"#).unwrap();
    assert_eq!(r.ko, KoRule::Simple);
    assert_eq!(r.scoring, Scoring::Territory);
    // Missing: the tax follows the scoring; the rest is Tromp-Taylor's.
    assert_eq!(r.tax, Tax::Seki);
    assert!(r.suicide);
    assert!(!r.has_button && !r.friendly_pass_ok);
    assert_eq!(r.white_handicap_bonus, HandicapBonus::Zero);
    let all = r#" { "hasButton" : false , "ko":"situational","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"0","friendlyPassOk":true } "#;
    let r = KataRules::parse(all).unwrap();
    assert_eq!(
        (r.ko, r.scoring, r.tax, r.suicide, r.friendly_pass_ok),
        (
            KoRule::SituationalSuperko,
            Scoring::Area,
            Tax::None,
            false,
            true
        )
    );
    assert_eq!(KataRules::parse("{}").unwrap(), JSON_DEFAULTS);
    assert_eq!(
        KataRules::parse("tromp-taylor").unwrap().ko,
        KoRule::PositionalSuperko
    );
}

#[test]
fn malformed_or_unknown_rules_are_errors() {
    for bad in [
        "",
        "{",
        "{\"ko\"}",
        "{\"ko\":}",
        "{\"ko\":\"SIMPLE\",}",
        "{\"ko\":\"SIMPLE\"} x",
        "{\"ko\":\"SPIGHT\"}",
        "{\"ko\":true}",
        "{\"suicide\":\"yes\"}",
        "{\"komi\":7.5}",
        "{\"colour\":\"red\"}",
        "{\"ko\":\"SIM\\\"PLE\"}",
        "{\"whiteHandicapBonus\":\"2N\"}",
        "{\"tax\":null}",
        "{\"ko\":\"\u{e9}\"}",
        "chinese please",
    ] {
        assert!(KataRules::parse(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn tengens_rules_map_both_ways() {
    let base = Rules::default().with_komi(0.5);
    for p in Preset::ALL {
        let r = Rules::preset(p).with_komi(0.5);
        let k = KataRules::from_rules(&r);
        assert_eq!(k.to_rules(&base), Ok(r), "{p}");
    }
    let chinese = KataRules::from_rules(&Rules::preset(Preset::Chinese));
    assert_eq!(
        chinese.to_string(),
        r#"{"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}"#
    );
    // KataGo's AGA rules are tengen's preset (White gets a point per
    // handicap stone after the first); its Chinese rules are tengen's with
    // simple ko (KataGo's choice), a point per handicap stone.
    let aga = KataRules::from_shorthand("aga").unwrap().to_rules(&base);
    assert_eq!(aga, Ok(Rules::preset(Preset::Aga).with_komi(0.5)));
    let cn = KataRules::from_shorthand("chinese")
        .unwrap()
        .to_rules(&base);
    let want = Rules {
        ko: KoRule::Simple,
        ..Rules::preset(Preset::Chinese).with_komi(0.5)
    };
    assert_eq!(cn, Ok(want));
    // The komi and the topology stay; Capture Go and the move limit go.
    let current = Rules {
        komi: 3.0,
        capture_goal: Some(5),
        move_limit: Some(10),
        tie: TieRule::WhiteWins,
        topology: Topology::Toroidal,
        ..Rules::default()
    };
    let jp = KataRules::from_shorthand("japanese")
        .unwrap()
        .to_rules(&current)
        .unwrap();
    assert_eq!(
        jp,
        Rules {
            topology: Topology::Toroidal,
            ..Rules::preset(Preset::Japanese).with_komi(3.0)
        }
    );
    let tt = KataRules::parse("tromp-taylor")
        .unwrap()
        .to_rules(&base)
        .unwrap();
    assert_eq!(tt, Rules::preset(Preset::TrompTaylor).with_komi(0.5));
}

#[test]
fn what_tengen_cannot_represent_is_refused() {
    let base = Rules::default();
    for name in ["aga-button", "stone-scoring", "ancient-territory"] {
        let k = KataRules::from_shorthand(name).unwrap();
        assert!(k.to_rules(&base).is_err(), "{name}");
    }
    for json in [
        r#"{"scoring":"AREA","tax":"SEKI"}"#,
        r#"{"scoring":"TERRITORY","tax":"NONE"}"#,
        r#"{"hasButton":true}"#,
    ] {
        let k = KataRules::parse(json).unwrap();
        assert!(k.to_rules(&base).is_err(), "{json}");
    }
}
