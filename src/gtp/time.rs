//! Time-settings parsing: the time systems `time_settings` and
//! `kgs-time_settings` announce. The clock that keeps them is
//! [`search::Clock`](crate::search::Clock).

use super::args::{exact, parse_count, parse_seconds};
use super::error::GtpError;
use crate::time_system::TimeSystem;

/// The time system of `time_settings MAIN BYO STONES`: byo-yomi time with
/// no stones means no limit (the specification); nothing at all (`0 0 0`)
/// is taken as no limit too; no byo-yomi time is absolute time.
pub(super) fn time_settings(main: f64, byo: f64, stones: u32) -> TimeSystem {
    if (byo > 0.0 && stones == 0) || (main == 0.0 && byo == 0.0) {
        TimeSystem::None
    } else if byo == 0.0 || stones == 0 {
        TimeSystem::Absolute { main }
    } else {
        TimeSystem::Canadian {
            main,
            period: byo,
            stones,
        }
    }
}

pub(super) fn kgs_time_settings(args: &[String]) -> Result<TimeSystem, GtpError> {
    let (kind, rest) = args.split_first().ok_or(GtpError::Syntax)?;
    match kind.to_ascii_lowercase().as_str() {
        "none" => {
            exact::<0>(rest)?;
            Ok(TimeSystem::None)
        }
        "absolute" => {
            let [m] = exact(rest)?;
            Ok(TimeSystem::Absolute {
                main: parse_seconds(m)?,
            })
        }
        "canadian" => {
            let [m, b, s] = exact(rest)?;
            let (main, period, stones) = (parse_seconds(m)?, parse_seconds(b)?, parse_count(s)?);
            Ok(if stones == 0 || period == 0.0 {
                TimeSystem::Absolute { main }
            } else {
                TimeSystem::Canadian {
                    main,
                    period,
                    stones,
                }
            })
        }
        "byoyomi" => {
            let [m, b, p] = exact(rest)?;
            let (main, period, periods) = (parse_seconds(m)?, parse_seconds(b)?, parse_count(p)?);
            Ok(if periods == 0 || period == 0.0 {
                TimeSystem::Absolute { main }
            } else {
                TimeSystem::Byoyomi {
                    main,
                    period,
                    periods,
                }
            })
        }
        _ => Err(GtpError::Syntax),
    }
}
