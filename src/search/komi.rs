//! Dynamic komi for handicap games: the komi the search plays against, moved
//! so that its win rate stays in a useful band, and back to the real komi
//! as the game goes on.
//!
//! Giving four stones on 19x19, nearly every line looks lost at first, and a
//! search that sees only losses cannot tell a good move from a bad one;
//! taking stones, nearly every line looks won, and it plays slack moves.
//! The classic remedy (Pachi's, Fuego's) is to search against a different
//! komi. Here the search's komi is the real one plus an *extra komi for
//! White*, the side that gives the stones:
//! - it starts at nothing, and is capped by a line that starts at
//!   [`STONE_VALUE`] points a handicap stone and falls to nothing when a
//!   [`RAMP_FRACTION`] of the board's points have been played (200 moves on
//!   19x19, 45 on 9x9);
//! - after each own search it moves by [`STEP`] points: when the engine is
//!   White, up while its win rate is under [`WHITE_BAND`]'s low end and down
//!   above its high end; when the engine is Black, up while its win rate
//!   is over [`BLACK_BAND`]'s high end (so it keeps playing tight) and down
//!   under its low end.
//!
//! So the extra komi is never negative, never above the cap, and nothing at
//! all in an even game or after the ramp. Analysis commands search at the
//! real komi; in a handicap game resignation waits until the ramp's end
//! ([`DynamicKomi::holds_resignation`]).
//!
//! By default ([`KomiMode::Auto`]) it is on only when the engine *takes*
//! stones: on 19x19, giving four stones to GNU Go level 1 at 2 s a move,
//! White's own win rate starts near 0.4 at the real komi and keeps it
//! fighting, and White with dynamic komi did worse than without (the
//! figures are in the bot guide, `docs/bot.md`). [`KomiMode::On`] uses it
//! for both colours.
//!
//! ```
//! use tengen::search::{DynamicKomi, KomiMode};
//! use tengen::{Color, Game, Rules};
//!
//! let mut game = Game::new(19, Rules::default()).unwrap();
//! game.set_fixed_handicap(4).unwrap();
//! let mut dk = DynamicKomi::new(KomiMode::On);
//! // White gives four stones: it starts at the real komi, and a search
//! // that looks lost gives it a point more, up to 28.
//! assert_eq!(dk.cap(&game, Color::White), 28.0);
//! assert_eq!(dk.extra_komi(&game, Color::White), 0.0);
//! dk.update(&game, Color::White, 0.2);
//! assert_eq!(dk.extra_komi(&game, Color::White), 1.0);
//! // One that looks won gives it back.
//! dk.update(&game, Color::White, 0.8);
//! assert_eq!(dk.extra_komi(&game, Color::White), 0.0);
//! ```

use crate::color::Color;
use crate::game::Game;

/// The extra komi a handicap stone is worth at the start, in points (a
/// stone is worth about two moves, a move about komi's worth of 7; the
/// band then corrects it); hand-set.
pub const STONE_VALUE: f64 = 7.0;

/// The extra komi is capped by a line falling to nothing once this
/// fraction of the board's points have been played (about 200 moves on
/// 19x19, as Pachi's linear dynamic komi); hand-set.
pub const RAMP_FRACTION: f64 = 0.55;

/// Points the extra komi moves after each own search; hand-set.
pub const STEP: f64 = 1.0;

/// The win rates White (giving stones) aims between: below, it searches
/// with more extra komi; above, with less; hand-set.
pub const WHITE_BAND: (f32, f32) = (0.40, 0.55);

/// The win rates Black (taking stones) aims between: above, it searches
/// against more extra komi, so it keeps playing tight moves; below, less;
/// hand-set.
pub const BLACK_BAND: (f32, f32) = (0.55, 0.70);

/// When the dynamic komi is used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KomiMode {
    /// Never: every search plays against the real komi.
    Off,
    /// Only when the engine takes stones (Black in a handicap game).
    #[default]
    Auto,
    /// In every handicap game, for either colour.
    On,
}

impl KomiMode {
    /// The name `--dynamic-komi` takes.
    pub fn name(self) -> &'static str {
        match self {
            KomiMode::Off => "off",
            KomiMode::Auto => "auto",
            KomiMode::On => "on",
        }
    }
}

impl std::fmt::Display for KomiMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for KomiMode {
    type Err = String;

    fn from_str(s: &str) -> Result<KomiMode, String> {
        match s.to_ascii_lowercase().as_str() {
            "off" => Ok(KomiMode::Off),
            "auto" => Ok(KomiMode::Auto),
            "on" => Ok(KomiMode::On),
            _ => Err(format!("{s:?} is not off, auto or on")),
        }
    }
}

/// The dynamic komi of one game (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq)]
pub struct DynamicKomi {
    mode: KomiMode,
    /// The extra komi for White so far (`None`: not started in this game).
    extra: Option<f64>,
}

impl DynamicKomi {
    /// A dynamic komi used as `mode` says.
    pub fn new(mode: KomiMode) -> DynamicKomi {
        DynamicKomi { mode, extra: None }
    }

    /// When it is used.
    pub fn mode(&self) -> KomiMode {
        self.mode
    }

    /// Forgets the game (a new game, or a position that does not follow).
    pub fn reset(&mut self) {
        self.extra = None;
    }

    /// The most extra komi for White at this point of `game` when the
    /// engine plays `engine`: the handicap stones' worth, falling linearly
    /// to nothing over the ramp (nothing when the mode leaves it off).
    pub fn cap(&self, game: &Game, engine: Color) -> f64 {
        let stones = game.handicap().len();
        let used = match self.mode {
            KomiMode::Off => false,
            KomiMode::Auto => engine == Color::Black,
            KomiMode::On => true,
        };
        if !used || stones == 0 {
            return 0.0;
        }
        let ramp = RAMP_FRACTION * game.board().area() as f64;
        let left = (1.0 - game.moves().len() as f64 / ramp).max(0.0);
        (stones as f64 * STONE_VALUE * left).max(0.0)
    }

    /// Whether resignation waits in `game`: a handicap game whose dynamic
    /// komi could still be away from the real komi (its cap, were it used,
    /// above nothing: before 55% of the board's points are played), unless
    /// the mode is [`KomiMode::Off`]. It holds for either colour: under
    /// [`KomiMode::Auto`] White searches at the real komi, yet its early
    /// win rates against a handicap are no more final than Black's.
    pub fn holds_resignation(&self, game: &Game) -> bool {
        self.mode != KomiMode::Off && DynamicKomi::new(KomiMode::On).cap(game, Color::White) > 0.0
    }

    /// The extra komi for White the engine's next search of `game`, as
    /// `engine`, plays against (points added to the komi): never negative,
    /// never above the cap.
    pub fn extra_komi(&self, game: &Game, engine: Color) -> f64 {
        let cap = self.cap(game, engine);
        self.extra.unwrap_or(0.0).clamp(0.0, cap)
    }

    /// After a search for `color` that found win rate `winrate` (for
    /// `color`, at the extra komi it was given): moves the extra komi
    /// towards the band.
    pub fn update(&mut self, game: &Game, color: Color, winrate: f32) {
        let cap = self.cap(game, color);
        if cap <= 0.0 {
            // Nothing to move (and nothing learnt for the other colour).
            return;
        }
        let now = self.extra_komi(game, color);
        let (low, high) = match color {
            Color::White => WHITE_BAND,
            Color::Black => BLACK_BAND,
        };
        // More extra komi helps White and hurts Black.
        let towards_white = match color {
            Color::White => winrate < low,
            Color::Black => winrate > high,
        };
        let towards_black = match color {
            Color::White => winrate > high,
            Color::Black => winrate < low,
        };
        let next = if towards_white {
            now + STEP
        } else if towards_black {
            now - STEP
        } else {
            now
        };
        self.extra = Some(next.clamp(0.0, cap));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::Move;
    use crate::rules::Rules;

    fn handicap_game(size: usize, stones: usize) -> Game {
        let mut g = Game::new(size, Rules::default()).unwrap();
        g.set_fixed_handicap(stones).unwrap();
        g
    }

    #[test]
    fn nothing_in_even_games_or_when_off() {
        let even = Game::new(19, Rules::default()).unwrap();
        let mut dk = DynamicKomi::new(KomiMode::On);
        assert_eq!(dk.extra_komi(&even, Color::White), 0.0);
        dk.update(&even, Color::White, 0.1);
        assert_eq!(dk.extra_komi(&even, Color::White), 0.0);
        let off = DynamicKomi::new(KomiMode::Off);
        assert_eq!(off.extra_komi(&handicap_game(19, 4), Color::Black), 0.0);
    }

    #[test]
    fn the_cap_falls_to_nothing_over_the_ramp() {
        let mut g = handicap_game(9, 2);
        let dk = DynamicKomi::new(KomiMode::On);
        assert_eq!(dk.cap(&g, Color::White), 14.0);
        // 0.55 x 81 = 44.55 moves: after 22 of them, about half is left.
        for _ in 0..22 {
            let c = g.to_move();
            g.play_as(c, Move::Pass).unwrap();
            g.resume();
        }
        let half = dk.cap(&g, Color::White);
        assert!((half - 14.0 * (1.0 - 22.0 / 44.55)).abs() < 1e-9, "{half}");
        for _ in 0..30 {
            let c = g.to_move();
            g.play_as(c, Move::Pass).unwrap();
            g.resume();
        }
        assert_eq!(dk.cap(&g, Color::White), 0.0);
        assert_eq!(dk.extra_komi(&g, Color::White), 0.0);
    }

    #[test]
    fn the_band_moves_it_each_way_for_each_colour() {
        let g = handicap_game(19, 4);
        let mut dk = DynamicKomi::new(KomiMode::On);
        assert_eq!(dk.extra_komi(&g, Color::White), 0.0);
        // White, hopeless: a point a search, never above the cap of 28.
        for _ in 0..30 {
            dk.update(&g, Color::White, 0.1);
        }
        assert_eq!(dk.extra_komi(&g, Color::White), 28.0);
        // Hopeful: a point back a search; in the band: unchanged.
        dk.update(&g, Color::White, 0.9);
        dk.update(&g, Color::White, 0.9);
        assert_eq!(dk.extra_komi(&g, Color::White), 26.0);
        dk.update(&g, Color::White, 0.5);
        assert_eq!(dk.extra_komi(&g, Color::White), 26.0);
        // Black, far ahead: more extra komi; hopeless: less, never below
        // nothing.
        let mut b = DynamicKomi::new(KomiMode::On);
        b.update(&g, Color::Black, 0.95);
        b.update(&g, Color::Black, 0.95);
        assert_eq!(b.extra_komi(&g, Color::Black), 2.0);
        b.update(&g, Color::Black, 0.6);
        assert_eq!(b.extra_komi(&g, Color::Black), 2.0);
        for _ in 0..3 {
            b.update(&g, Color::Black, 0.3);
        }
        assert_eq!(b.extra_komi(&g, Color::Black), 0.0);
        b.update(&g, Color::Black, 0.95);
        b.reset();
        assert_eq!(b.extra_komi(&g, Color::Black), 0.0);
    }

    #[test]
    fn resignation_waits_for_the_ramp_unless_off() {
        let mut g = handicap_game(9, 2);
        assert!(DynamicKomi::new(KomiMode::Auto).holds_resignation(&g));
        assert!(DynamicKomi::new(KomiMode::On).holds_resignation(&g));
        assert!(!DynamicKomi::new(KomiMode::Off).holds_resignation(&g));
        assert!(!DynamicKomi::new(KomiMode::On)
            .holds_resignation(&Game::new(9, Rules::default()).unwrap()));
        // 45 moves: past the ramp of 44.55.
        for _ in 0..45 {
            let c = g.to_move();
            g.play_as(c, Move::Pass).unwrap();
            g.resume();
        }
        assert!(!DynamicKomi::new(KomiMode::Auto).holds_resignation(&g));
    }

    #[test]
    fn auto_is_only_for_the_side_taking_stones() {
        let g = handicap_game(13, 3);
        let mut dk = DynamicKomi::new(KomiMode::Auto);
        assert_eq!(dk.cap(&g, Color::White), 0.0);
        dk.update(&g, Color::White, 0.05);
        assert_eq!(dk.extra_komi(&g, Color::White), 0.0);
        assert_eq!(dk.cap(&g, Color::Black), 21.0);
        dk.update(&g, Color::Black, 0.95);
        assert_eq!(dk.extra_komi(&g, Color::Black), 1.0);
        assert_eq!("AUTO".parse::<KomiMode>(), Ok(KomiMode::Auto));
        assert!("maybe".parse::<KomiMode>().is_err());
        assert_eq!(KomiMode::default(), KomiMode::Auto);
    }
}
