//! Positions shared by several test files (included with `#[path]`).

/// Issue 12, item 1: lone White stones at D8 and D3, each alone in a 3x4
/// area walled in by unconditionally alive Black (eyes A8, A5, A2); White
/// lives on the right with eyes J8, H6, H4, H2. Counted by hand: Black owns
/// columns A, B, F and C-E (18 + 9 + 27 = 54), White G-J (27); komi 7
/// gives B+20. Were the White stones alive, C-E would be neutral and White
/// would win (Black 30, White 29 + 7).
pub const LONE_STONES: &str = "
XX...XOOO
.X.O.XOO.
XX...XOOO
XX...XO.O
.XXXXXOOO
XX...XO.O
XX.O.XOOO
.X...XO.O
XX...XOOO
";
