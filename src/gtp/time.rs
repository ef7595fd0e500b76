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

/// Parses the arguments of `kgs-time_settings` (`none`, `absolute MAIN`,
/// `canadian MAIN PERIOD STONES` or `byoyomi MAIN PERIOD PERIODS`; times in
/// seconds); no overtime stones or periods means absolute time.
///
/// # Errors
/// [`GtpError::Syntax`] for an unknown kind, a wrong number of arguments
/// or a bad number.
pub fn kgs_time_settings(args: &[String]) -> Result<TimeSystem, GtpError> {
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

/// The arguments of `kgs-time_settings` that announce `system` (the
/// inverse of [`kgs_time_settings`]).
pub fn kgs_time_settings_args(system: TimeSystem) -> String {
    match system {
        TimeSystem::None => "none".into(),
        TimeSystem::Absolute { main } => format!("absolute {main}"),
        TimeSystem::Canadian {
            main,
            period,
            stones,
        } => format!("canadian {main} {period} {stones}"),
        TimeSystem::Byoyomi {
            main,
            period,
            periods,
        } => format!("byoyomi {main} {period} {periods}"),
    }
}

/// The nearest plain `time_settings MAIN BYO STONES` arguments of `system`,
/// for engines without `kgs-time_settings` (as kgsGtp sends them):
/// Japanese byo-yomi becomes one stone a period; whole seconds, rounded
/// down, so that an engine never plans with more than it has.
pub fn time_settings_args(system: TimeSystem) -> String {
    let s = |x: f64| x.floor().max(0.0);
    match system {
        TimeSystem::None => "0 1 0".into(),
        TimeSystem::Absolute { main } => format!("{} 0 0", s(main)),
        TimeSystem::Canadian {
            main,
            period,
            stones,
        } => format!("{} {} {stones}", s(main), s(period)),
        TimeSystem::Byoyomi { main, period, .. } => format!("{} {} 1", s(main), s(period)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kgs_arguments_round_trip() {
        for sys in [
            TimeSystem::None,
            TimeSystem::Absolute { main: 300.0 },
            TimeSystem::Canadian {
                main: 600.0,
                period: 300.0,
                stones: 25,
            },
            TimeSystem::Byoyomi {
                main: 600.0,
                period: 20.0,
                periods: 3,
            },
        ] {
            let args: Vec<String> = kgs_time_settings_args(sys)
                .split(' ')
                .map(String::from)
                .collect();
            assert_eq!(kgs_time_settings(&args), Ok(sys));
        }
    }

    #[test]
    fn plain_time_settings_of_japanese_byo_yomi_is_one_stone_a_period() {
        let sys = TimeSystem::Byoyomi {
            main: 600.0,
            period: 20.5,
            periods: 3,
        };
        assert_eq!(time_settings_args(sys), "600 20 1");
        assert_eq!(
            time_settings(600.0, 20.0, 1),
            TimeSystem::Canadian {
                main: 600.0,
                period: 20.0,
                stones: 1
            }
        );
        assert_eq!(
            time_settings_args(TimeSystem::Absolute { main: 60.0 }),
            "60 0 0"
        );
        assert_eq!(
            time_settings(60.0, 0.0, 0),
            TimeSystem::Absolute { main: 60.0 }
        );
        assert_eq!(time_settings(0.0, 1.0, 0), TimeSystem::None);
    }
}
