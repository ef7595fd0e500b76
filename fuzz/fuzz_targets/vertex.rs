//! Any text as a GTP vertex or move: parsing never panics, and whatever
//! parses prints back to text that parses to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::{Move, Point};

fuzz_target!(|data: &[u8]| {
    if let Ok(m) = Move::from_ascii(data) {
        assert_eq!(m.to_string().parse::<Move>(), Ok(m));
    }
    if let Ok(p) = Point::from_ascii(data) {
        assert_eq!(p.to_string().parse::<Point>(), Ok(p));
    }
});
