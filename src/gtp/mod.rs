//! The GTP (Go Text Protocol, version 2) itself, ignorant of the search:
//! line input (a [`LineSource`], with a reader thread and back-pressure in
//! [`ChannelSource`]), preprocessing as the specification says, the parse
//! of each line into a typed [`Command`], responses (`=[id] result` or
//! `?[id] message`, then an empty line), transcript checking, time-settings
//! parsing, and (feature `process`) the `GtpClient` that drives another
//! engine. The session that answers commands with the search is
//! [`crate::session`].
//!
//! ```
//! use tengen::gtp::{CommandLine, Command};
//!
//! let line = CommandLine::split("12 play b D4");
//! assert_eq!(line.id.as_deref(), Some("12"));
//! assert!(matches!(Command::parse(&line.name, &line.args), Ok(Command::Play(..))));
//! ```

mod args;
#[cfg(feature = "process")]
mod client;
mod command;
mod error;
mod input;
mod kata;
mod time;

pub use args::{parse_float, parse_int};
#[cfg(feature = "process")]
pub use client::{split_command_line, ClientError, GtpClient, MAX_ANSWER};
pub use command::{
    is_interrupt, preprocess, AnalyzeArgs, Command, CommandLine, RuleCommand, COMMAND_NAMES,
};
pub use error::GtpError;
pub use input::{
    read_line, ChannelSource, Line, LineSource, ReaderSource, Signals, MAX_LINE, READ_AHEAD,
};
pub use kata::{KataRules, KataRulesError, Tax};
pub use time::{kgs_time_settings, kgs_time_settings_args, time_settings_args};

use std::io::{self, Write};

/// Writes one response: `=id text` or `?id message`, then an empty line,
/// and flushes. Empty lines inside the text are dropped (a response never
/// contains one) and so are control characters; a text that starts with a
/// line break (a board) keeps it.
pub fn respond(out: &mut dyn Write, id: &str, result: Result<String, GtpError>) -> io::Result<()> {
    let (mark, text) = match result {
        Ok(t) => ('=', t),
        Err(e) => ('?', e.to_string()),
    };
    let mut clean = String::with_capacity(text.len());
    for (i, l) in text.split('\n').enumerate() {
        let l: String = l.chars().filter(|c| !c.is_control()).collect();
        if i == 0 {
            clean.push_str(&l);
        } else if !l.trim().is_empty() {
            clean.push('\n');
            clean.push_str(&l);
        }
    }
    write!(out, "{mark}{id} {clean}\n\n")?;
    out.flush()
}

/// Checks that `output` is a well-formed answer to `input`: exactly one
/// response to each command line up to and including `quit` (blank and
/// comment lines get none), each starting with `=` or `?` and the line's
/// id, with no empty line inside, and each ending with an empty line.
/// Returns the number of responses. Fuzzing and tests use it.
///
/// # Errors
/// A description of the first thing wrong.
pub fn check_transcript(input: &[u8], output: &[u8]) -> Result<usize, String> {
    let mut reader = input;
    let mut ids = Vec::new();
    while let Some(line) = read_line(&mut reader) {
        let Some(text) = preprocess(&line.bytes) else {
            continue;
        };
        let cl = CommandLine::split(&text);
        ids.push(cl.id.unwrap_or_default());
        if cl.name == "quit" && !line.overlong {
            break;
        }
    }
    let text = std::str::from_utf8(output).map_err(|_| "the output is not UTF-8".to_string())?;
    if ids.is_empty() {
        return if text.is_empty() {
            Ok(0)
        } else {
            Err(format!("output without any command: {text:?}"))
        };
    }
    let body = text
        .strip_suffix("\n\n")
        .ok_or_else(|| "the output does not end with an empty line".to_string())?;
    let responses: Vec<&str> = body.split("\n\n").collect();
    if responses.len() != ids.len() {
        return Err(format!(
            "{} commands but {} responses",
            ids.len(),
            responses.len()
        ));
    }
    for (r, id) in responses.iter().zip(&ids) {
        let rest = r
            .strip_prefix('=')
            .or_else(|| r.strip_prefix('?'))
            .ok_or_else(|| format!("a response starts with neither = nor ?: {r:?}"))?;
        let after = rest
            .strip_prefix(id.as_str())
            .ok_or_else(|| format!("a response does not echo the id {id:?}: {r:?}"))?;
        if !(after.is_empty() || after.starts_with(' ') || after.starts_with('\n')) {
            return Err(format!("a response's id runs on: {r:?}"));
        }
        if r.chars().any(|c| c.is_control() && c != '\n') {
            return Err(format!("a control character in a response: {r:?}"));
        }
    }
    Ok(ids.len())
}
