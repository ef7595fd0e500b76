//! Any bytes as GTP input to an in-process session (the flat engine or the
//! tree search): no panic, and the output is exactly one well-formed
//! response per command line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::engine::Limits;
use tengen::gtp::{check_transcript, preprocess, read_line, CommandLine, Config, Session};

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
        seed: 1,
        limits: Limits {
            playouts: Some(16),
            time: None,
            max_time: None,
        },
        resign_below: 0.0,
        ..Config::default()
    };
    // The flat engine or the tree search, by the first byte.
    let session = if data.first().is_some_and(|b| b % 2 == 1) {
        Session::with_search(config)
    } else {
        Session::with_monte_carlo(config)
    };
    let Ok(mut session) = session else {
        panic!("a 9x9 session");
    };
    let out = session.transcript(data);
    if let Err(e) = check_transcript(data, &out) {
        panic!("{e}\n--- output ---\n{}", String::from_utf8_lossy(&out));
    }
});
