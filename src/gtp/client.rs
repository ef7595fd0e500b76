//! A GTP client: drives another engine as a child process over pipes, with
//! a time limit on every response. Used by `tengen match` and `tengen
//! referee`, and by tests that talk to real engines.

use super::{read_line, READ_AHEAD};
use std::fmt;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// What went wrong talking to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientError {
    /// The command line is empty or the program could not be started.
    Spawn(String),
    /// The engine answered `? message`.
    Refused(String),
    /// No complete answer within the time limit.
    Timeout,
    /// The engine closed its output or could not be written to (it crashed
    /// or quit).
    Gone,
    /// The answer was not a GTP response.
    Garbled(String),
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Spawn(e) => write!(f, "cannot start engine: {e}"),
            ClientError::Refused(m) => write!(f, "engine refused: {m}"),
            ClientError::Timeout => f.write_str("engine did not answer in time"),
            ClientError::Gone => f.write_str("engine has gone (crashed or quit)"),
            ClientError::Garbled(l) => write!(f, "not a GTP response: {l:?}"),
        }
    }
}

impl std::error::Error for ClientError {}

/// Splits a command line into words as a POSIX shell would, without
/// expansions: white space separates, quotes group, a backslash escapes the
/// next character (inside double quotes only `"` and `\`; inside single
/// quotes nothing).
pub fn split_command_line(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
                in_word = true;
            }
            (Some('"'), '\\') => match chars.next() {
                Some(n @ ('"' | '\\')) => cur.push(n),
                Some(n) => {
                    cur.push('\\');
                    cur.push(n);
                }
                None => cur.push('\\'),
            },
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (_, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    words
}

/// The most bytes one answer may hold (all its lines together); a longer
/// answer, or a line longer than [`MAX_LINE`](crate::gtp::MAX_LINE), is
/// [`ClientError::Garbled`], so an engine cannot make the client hold an
/// unbounded amount of memory.
pub const MAX_ANSWER: usize = 1024 * 1024;

/// One line of an engine's output, or the news that it was too long.
type EngineLine = Result<String, ()>;

/// A GTP engine running as a child process.
pub struct GtpClient {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<EngineLine>,
    command_line: String,
    /// The id of the last command sent (ids count from 1).
    last_id: u64,
    /// Whether the engine was ended and reaped (its pid may be reused).
    reaped: bool,
    /// Its `name` and `version`, once asked.
    identity: Option<String>,
}

/// Starts the thread that reads an engine's output: lines of a bounded
/// length (a longer one is an `Err`), at most [`READ_AHEAD`] of them ahead
/// of the caller (the thread, and so the engine, then wait), whatever the
/// engine writes.
fn read_engine_lines<R: std::io::Read + Send + 'static>(output: R) -> Receiver<EngineLine> {
    let (tx, lines) = sync_channel(READ_AHEAD);
    std::thread::spawn(move || {
        let mut reader = BufReader::new(output);
        while let Some(line) = read_line(&mut reader) {
            let item = if line.overlong {
                Err(())
            } else {
                Ok(String::from_utf8_lossy(&line.bytes)
                    .trim_end_matches('\r')
                    .to_string())
            };
            if tx.send(item).is_err() {
                break;
            }
        }
    });
    lines
}

/// What kind of answer is being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// `=id`: the command succeeded.
    Success,
    /// `?id`: the engine refused it.
    Failure,
    /// The late answer to an earlier command, which timed out.
    Stale,
}

impl fmt::Debug for GtpClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GtpClient({:?})", self.command_line)
    }
}

impl GtpClient {
    /// Starts the engine given as a command line (program and arguments,
    /// see [`split_command_line`]); its standard error is discarded.
    ///
    /// # Errors
    /// [`ClientError::Spawn`] when the line is empty or the program cannot
    /// be started.
    pub fn spawn(command_line: &str) -> Result<GtpClient, ClientError> {
        let words = split_command_line(command_line);
        let (prog, args) = words
            .split_first()
            .ok_or_else(|| ClientError::Spawn("empty command line".into()))?;
        let mut command = Command::new(prog);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // Its own process group, so that ending the engine ends whatever
        // it started too (a shell script's children).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| ClientError::Spawn(format!("{prog}: {e}")))?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| ClientError::Spawn("no stdin".into()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| ClientError::Spawn("no stdout".into()))?;
        let lines = read_engine_lines(stdout);
        Ok(GtpClient {
            child,
            stdin,
            lines,
            command_line: command_line.to_string(),
            last_id: 0,
            reaped: false,
            identity: None,
        })
    }

    /// The command line the engine was started with.
    pub fn command_line(&self) -> &str {
        &self.command_line
    }

    /// Sends one command and waits at most `timeout` for the whole answer
    /// (a timeout too long to count, such as [`Duration::MAX`], waits for
    /// ever); returns the answer's text (after `=`, trimmed; lines joined by
    /// `\n`).
    ///
    /// # Errors
    /// [`ClientError::Refused`] for a `?` answer, [`ClientError::Timeout`],
    /// [`ClientError::Gone`], or [`ClientError::Garbled`] for an answer
    /// that is not GTP or is longer than [`MAX_ANSWER`] bytes.
    pub fn send(&mut self, command: &str, timeout: Duration) -> Result<String, ClientError> {
        // Drop anything left over from an earlier, timed-out command.
        while self.lines.try_recv().is_ok() {}
        self.last_id += 1;
        let id = self.last_id;
        writeln!(self.stdin, "{id} {command}").map_err(|_| ClientError::Gone)?;
        self.stdin.flush().map_err(|_| ClientError::Gone)?;
        // A timeout too long to add to the clock means no time limit.
        let deadline = Instant::now().checked_add(timeout);
        let mut body: Vec<String> = Vec::new();
        let mut size = 0usize;
        // Whether the answer being read is a success, a failure, or the
        // late answer to an earlier command (skipped to its end).
        let mut state: Option<Answer> = None;
        loop {
            let received = match deadline {
                Some(d) => self
                    .lines
                    .recv_timeout(d.saturating_duration_since(Instant::now())),
                None => self
                    .lines
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
            };
            let line = match received {
                Ok(Ok(l)) => l,
                Ok(Err(())) => return Err(ClientError::Garbled("line too long".into())),
                Err(RecvTimeoutError::Timeout) => return Err(ClientError::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(ClientError::Gone),
            };
            size += line.len() + 1;
            if size > MAX_ANSWER {
                return Err(ClientError::Garbled("answer too long".into()));
            }
            match state {
                None => {
                    if line.trim().is_empty() {
                        continue;
                    }
                    let ok = match line.as_bytes()[0] {
                        b'=' => true,
                        b'?' => false,
                        _ => return Err(ClientError::Garbled(line)),
                    };
                    let rest = &line[1..];
                    let digits =
                        rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                    // Every command is sent with an id, and the answer must
                    // carry it: an answer to an earlier command that timed
                    // out is skipped; one without an id, or with an id never
                    // sent, is not an answer to this command.
                    match rest[..digits].parse::<u64>() {
                        Ok(n) if n == id => {
                            state = Some(if ok { Answer::Success } else { Answer::Failure });
                            body.push(rest[digits..].trim().to_string());
                        }
                        Ok(n) if n < id => state = Some(Answer::Stale),
                        _ => {
                            return Err(ClientError::Garbled(format!(
                                "{line} (the answer to command {id} must start with ={id} or ?{id})"
                            )))
                        }
                    }
                }
                Some(_) if line.trim().is_empty() => {
                    if state == Some(Answer::Stale) {
                        state = None;
                        body.clear();
                        continue;
                    }
                    break;
                }
                Some(Answer::Stale) => {}
                Some(_) => body.push(line.trim().to_string()),
            }
        }
        let ok = state == Some(Answer::Success);
        let text = body.join("\n").trim().to_string();
        if ok {
            Ok(text)
        } else {
            Err(ClientError::Refused(text))
        }
    }

    /// The engine's `name` and `version` (`GNU Go 3.8`), asked once and
    /// then remembered; what the engine does not answer is left out (the
    /// command line when it answers neither).
    pub fn identity(&mut self, timeout: Duration) -> String {
        if let Some(id) = &self.identity {
            return id.clone();
        }
        let name = self.send("name", timeout).ok().filter(|s| !s.is_empty());
        let version = self.send("version", timeout).ok().filter(|s| !s.is_empty());
        let id = match (name, version) {
            (Some(n), Some(v)) => format!("{n} {v}"),
            (Some(n), None) => n,
            _ => self.command_line.clone(),
        };
        self.identity = Some(id.clone());
        id
    }

    /// Sends `quit`, waits briefly, then makes sure the process is gone.
    pub fn quit(mut self) {
        let _ = self.send("quit", Duration::from_secs(2));
        self.kill();
    }

    /// Ends the engine and every process of its group (what a shell
    /// script started), then reaps it.
    fn kill(&mut self) {
        if self.reaped {
            return;
        }
        self.reaped = true;
        #[cfg(unix)]
        {
            // The group's id is the engine's pid (see `spawn`); `kill`
            // with a negative id signals the whole group. Safe Rust has no
            // killpg, and the command is everywhere a shell is.
            let group = format!("-{}", self.child.id());
            let _ = Command::new("kill")
                .args(["-KILL", "--", &group])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for GtpClient {
    fn drop(&mut self) {
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split() {
        assert_eq!(
            split_command_line("/usr/games/gnugo --mode gtp --level 10"),
            vec!["/usr/games/gnugo", "--mode", "gtp", "--level", "10"]
        );
        assert_eq!(
            split_command_line(r#"a "b c" 'd e' f\ g"#),
            vec!["a", "b c", "d e", "f g"]
        );
        assert!(split_command_line("   ").is_empty());
    }

    #[test]
    fn talks_to_a_scripted_engine() {
        // A shell loop that answers every command like a minimal GTP engine.
        let script = r#"sh -c 'while read -r id l; do case "$l" in quit) printf "=$id\n\n"; exit 0;; bad*) printf "?$id nope\n\n";; *) printf "=$id ok %s\n\n" "$l";; esac; done'"#;
        let mut c = GtpClient::spawn(script).unwrap();
        let t = Duration::from_secs(5);
        assert_eq!(c.send("name", t), Ok("ok name".to_string()));
        assert_eq!(c.send("bad", t), Err(ClientError::Refused("nope".into())));
        c.quit();
        assert!(matches!(
            GtpClient::spawn("/nonexistent/engine"),
            Err(ClientError::Spawn(_))
        ));
    }

    #[test]
    fn no_time_limit_and_overlong_answers() {
        let script = r#"sh -c 'while read -r id l; do case "$l" in quit) printf "=$id\n\n"; exit 0;; long) printf "=$id "; head -c 200000 /dev/zero | tr "\0" x; printf "\n\n";; many) printf "=$id a\n"; yes b | head -n 600000; printf "\n";; *) printf "=$id ok\n\n";; esac; done'"#;
        let mut c = GtpClient::spawn(script).unwrap();
        // A timeout too long for the clock means no limit, not a panic.
        assert_eq!(c.send("name", Duration::MAX), Ok("ok".to_string()));
        let t = Duration::from_secs(20);
        assert_eq!(
            c.send("long", t),
            Err(ClientError::Garbled("line too long".into()))
        );
        assert_eq!(
            c.send("many", t),
            Err(ClientError::Garbled("answer too long".into()))
        );
        c.quit();
    }

    #[test]
    fn answers_are_matched_by_id() {
        // `late` answers after 400 ms (its command times out first), `bare`
        // answers without an id, `other` with an id never sent, `extra`
        // with its own answer and then a stray `= resign`.
        let script = r#"sh -c 'while read -r id l; do case "$l" in quit) printf "=$id\n\n"; exit 0;; late) (sleep 0.4; printf "=$id late\n\n") ;; bare) printf "= resign\n\n";; other) printf "=999 resign\n\n";; extra) printf "=$id C3\n\n= resign\n\n";; *) printf "=$id ok %s\n\n" "$l";; esac; done'"#;
        let mut c = GtpClient::spawn(script).unwrap();
        let t = Duration::from_secs(5);
        assert_eq!(
            c.send("late", Duration::from_millis(100)),
            Err(ClientError::Timeout)
        );
        // The late answer arrives while `name` waits: skipped, not taken.
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(c.send("name", t), Ok("ok name".to_string()));
        assert!(matches!(c.send("bare", t), Err(ClientError::Garbled(_))));
        assert!(matches!(c.send("other", t), Err(ClientError::Garbled(_))));
        assert_eq!(c.send("extra", t), Ok("C3".to_string()));
        // The stray answer, left over or arriving late, is never taken as
        // the next command's.
        let next = c.send("name", t);
        assert!(
            next == Ok("ok name".to_string()) || matches!(next, Err(ClientError::Garbled(_))),
            "{next:?}"
        );
        c.quit();
    }

    /// The live (not zombie) processes of process group `group`, read
    /// from /proc.
    fn live_in_group(group: u32) -> usize {
        let Ok(dir) = std::fs::read_dir("/proc") else {
            return 0;
        };
        dir.filter_map(|e| std::fs::read_to_string(e.ok()?.path().join("stat")).ok())
            .filter(|stat| {
                // `pid (comm) state ppid pgrp ...`; comm may hold spaces.
                let Some(after) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
                    return false;
                };
                let f: Vec<&str> = after.split_whitespace().collect();
                f.len() > 2 && f[0] != "Z" && f[2].parse::<u32>() == Ok(group)
            })
            .count()
    }

    #[test]
    fn ending_an_engine_ends_what_it_started() {
        // A shell that starts a long sleep: ending the engine ends both.
        let c = GtpClient::spawn("sh -c 'sleep 1000; :'").unwrap();
        let group = c.child.id();
        std::thread::sleep(Duration::from_millis(200));
        assert_eq!(live_in_group(group), 2, "the shell and its sleep run");
        drop(c);
        let start = Instant::now();
        while live_in_group(group) > 0 && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(
            live_in_group(group),
            0,
            "a process of the engine's group survived"
        );
    }

    /// Endless `= pass` lines, counting the bytes given out.
    struct Endless(std::sync::Arc<std::sync::atomic::AtomicUsize>);

    impl std::io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let line = b"= pass\n";
            let n = buf.len() / line.len() * line.len();
            for chunk in buf[..n].chunks_mut(line.len()) {
                chunk.copy_from_slice(line);
            }
            self.0.fetch_add(n, std::sync::atomic::Ordering::SeqCst);
            Ok(n)
        }
    }

    #[test]
    fn an_engine_that_writes_without_end_is_held_back() {
        // `= pass` for ever and nobody asking: the reader stops after a
        // bounded read-ahead instead of queueing without end.
        let given = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let _lines = read_engine_lines(Endless(std::sync::Arc::clone(&given)));
        std::thread::sleep(Duration::from_millis(300));
        let read = given.load(std::sync::atomic::Ordering::SeqCst);
        assert!(read <= 64 * 1024, "{read} bytes read ahead");
    }

    #[test]
    fn silent_engine_times_out_and_dead_engine_is_gone() {
        let mut c = GtpClient::spawn("sleep 5").unwrap();
        assert_eq!(
            c.send("name", Duration::from_millis(200)),
            Err(ClientError::Timeout)
        );
        let mut d = GtpClient::spawn("true").unwrap();
        std::thread::sleep(Duration::from_millis(200));
        assert!(matches!(
            d.send("name", Duration::from_secs(2)),
            Err(ClientError::Gone)
        ));
    }
}
