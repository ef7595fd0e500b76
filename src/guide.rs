//! The long-form guides: each page of the `docs/` folder, and
//! `ARCHITECTURE.md`, as a module of its own, so that they are read here
//! beside the API. The modules hold nothing but their page; the pages'
//! Rust examples are compiled and run as doctests.
//!
//! - [`architecture`]: the layers, what each folder owns, and the rules of
//!   the house.
//! - [`search`]: the tree search, its levels and time management, and its
//!   speed on this project's machine.
//! - [`strength`]: every strength measurement, with the command that
//!   reproduces it.
//! - [`speed`]: how fast the playouts run, and the command that measures
//!   them.
//! - [`gtp`]: every GTP command and extension, with examples.
//! - [`scoring`]: scoring, and the one dead-stone decision of a finished
//!   game.
//! - [`sgf`]: reading and writing SGF.
//! - [`phantom`]: Phantom Go: the rules, the protocol and the results.
//! - [`house`]: the December 2026 layout change, and how it was checked.
//! - [`bot`]: running tengen as a bot: pondering, dynamic komi in handicap
//!   games, time management over a whole game, chat, and matches under a
//!   real clock.
//!
//! The pages link to each other with reference links (`[scoring]`) whose
//! definitions at the end of each file name the file (`scoring.md`), for
//! reading them on disk; here a definition put before the page names the
//! module instead, and the first definition of a label is the one that
//! counts.

/// The link definitions that send a page's links to the other guides'
/// modules (prepended to every page: the first definition of a label wins
/// over the one at the end of the file).
macro_rules! guide_page {
    ($name:ident, $file:literal) => {
        #[doc = "[architecture]: crate::guide::architecture"]
        #[doc = "[search]: crate::guide::search"]
        #[doc = "[strength]: crate::guide::strength"]
        #[doc = "[speed]: crate::guide::speed"]
        #[doc = "[gtp]: crate::guide::gtp"]
        #[doc = "[scoring]: crate::guide::scoring"]
        #[doc = "[sgf]: crate::guide::sgf"]
        #[doc = "[phantom]: crate::guide::phantom"]
        #[doc = "[house]: crate::guide::house"]
        #[doc = "[learning]: crate::guide::learning"]
        #[doc = "[bot]: crate::guide::bot"]
        #[doc = ""]
        #[doc = include_str!($file)]
        pub mod $name {}
    };
}

guide_page!(architecture, "../ARCHITECTURE.md");
guide_page!(search, "../docs/search.md");
guide_page!(strength, "../docs/strength.md");
guide_page!(speed, "../docs/speed.md");
guide_page!(gtp, "../docs/gtp.md");
guide_page!(scoring, "../docs/scoring.md");
guide_page!(sgf, "../docs/sgf.md");
guide_page!(phantom, "../docs/phantom.md");
guide_page!(house, "../docs/house.md");
guide_page!(learning, "../docs/learning.md");
guide_page!(bot, "../docs/bot.md");
