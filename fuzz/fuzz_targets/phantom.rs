//! Any text as a Phantom Go command: parsing never panics, and whatever
//! parses prints to a line that reads back as itself (printing may round
//! a score margin once, to a millionth, so the check starts from the
//! printed line).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::phantom::PhantomCommand;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(command) = text.parse::<PhantomCommand>() {
        let line = command.to_string();
        let again: PhantomCommand = line.parse().expect("a printed command parses");
        assert_eq!(again.to_string(), line);
        assert_eq!(again.verb(), command.verb());
    }
});
