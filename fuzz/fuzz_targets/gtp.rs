//! Any bytes as GTP input to an in-process session of the tree search: no panic, and the output is exactly one well-formed
//! response per command line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::gtp::{check_transcript, preprocess, read_line, CommandLine};
use tengen::session::{Config, Session};

fuzz_target!(|data: &[u8]| {
    // Commands that touch files are not fuzzed: `printsgf FILE` writes
    // wherever it is told, and `loadsgf` could read a device for ever.
    let mut reader = data;
    while let Some(line) = read_line(&mut reader) {
        if let Some(text) = preprocess(&line.bytes) {
            let cl = CommandLine::split(&text);
            if (cl.name == "printsgf" && !cl.args.is_empty()) || cl.name == "loadsgf" {
                return;
            }
        }
    }
    let config = Config {
        size: 9,
        ..Config::deterministic(1, 16)
    };
    let session = Session::with_search(config);
    let Ok(mut session) = session else {
        panic!("a 9x9 session");
    };
    let out = session.transcript(data);
    if let Err(e) = check_transcript(data, &out) {
        panic!("{e}\n--- output ---\n{}", String::from_utf8_lossy(&out));
    }
});
