//! The real `tengen` binary driven over pipes, for the tests that talk GTP
//! to it (included with `#[path]` by the files that need it; each uses a
//! part, so unused items are allowed).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running `tengen` process.
pub struct Engine {
    pub child: Child,
    pub stdin: Option<ChildStdin>,
    pub stdout: BufReader<ChildStdout>,
}

impl Engine {
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tengen");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    pub fn send(&mut self, line: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(line).expect("write");
        stdin.write_all(b"\n").expect("write");
        stdin.flush().expect("flush");
    }

    /// Reads one response: lines up to the empty line that ends it.
    pub fn response(&mut self) -> String {
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read");
            assert!(n > 0, "end of output in the middle of a response: {text:?}");
            if line == "\n" {
                break;
            }
            text.push_str(&line);
        }
        assert!(
            text.starts_with('=') || text.starts_with('?'),
            "not a GTP response: {text:?}"
        );
        text.trim_end_matches('\n').to_string()
    }

    pub fn cmd(&mut self, line: &str) -> String {
        self.send(line.as_bytes());
        self.response()
    }

    /// Closes stdin and returns the rest of stdout and the exit status.
    pub fn finish(mut self) -> (String, bool) {
        drop(self.stdin.take());
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).expect("read rest");
        let status = self.child.wait().expect("wait");
        (rest, status.success())
    }

    /// Reads one raw line of output (without its line feed).
    pub fn line(&mut self) -> String {
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).expect("read");
        assert!(n > 0, "end of output");
        line.trim_end_matches('\n').to_string()
    }
}
