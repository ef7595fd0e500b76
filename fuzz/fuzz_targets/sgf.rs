//! Any bytes as an SGF file: reading never panics; whatever reads writes
//! back to SGF that reads to the same game, and writing that again gives
//! the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::{read_sgf, read_sgf_before, write_sgf};

fuzz_target!(|data: &[u8]| {
    if let Ok(r) = read_sgf(data) {
        let text = write_sgf(&r.game, r.result.as_deref());
        let back = match read_sgf(text.as_bytes()) {
            Ok(back) => back,
            Err(e) => panic!("written SGF does not read back: {e}\n{text}"),
        };
        assert_eq!(back.game.moves(), r.game.moves());
        assert_eq!(back.game.board().to_string(), r.game.board().to_string());
        assert_eq!(back.game.to_move(), r.game.to_move());
        assert_eq!(back.result, r.result);
        assert_eq!(write_sgf(&back.game, back.result.as_deref()), text);
        // Stopping before any move number also reads.
        let n = data.first().map_or(0, |&b| usize::from(b));
        assert!(read_sgf_before(data, n).is_ok());
    }
});
