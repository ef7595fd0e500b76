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
        let mut child = Command::new(prog)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
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
        writeln!(self.stdin, "{command}").map_err(|_| ClientError::Gone)?;
        self.stdin.flush().map_err(|_| ClientError::Gone)?;
        // A timeout too long to add to the clock means no time limit.
        let deadline = Instant::now().checked_add(timeout);
        let mut body: Vec<String> = Vec::new();
        let mut size = 0usize;
        let mut ok = None;
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
            match ok {
                None => {
                    if line.trim().is_empty() {
                        continue;
                    }
                    let rest = match line.as_bytes()[0] {
                        b'=' => {
                            ok = Some(true);
                            &line[1..]
                        }
                        b'?' => {
                            ok = Some(false);
                            &line[1..]
                        }
                        _ => return Err(ClientError::Garbled(line)),
                    };
                    // Skip a numeric id.
                    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
                    body.push(rest.trim().to_string());
                }
                Some(_) if line.trim().is_empty() => break,
                Some(_) => body.push(line.trim().to_string()),
            }
        }
        let text = body.join("\n").trim().to_string();
        if ok == Some(true) {
            Ok(text)
        } else {
            Err(ClientError::Refused(text))
        }
    }

    /// Sends `quit`, waits briefly, then makes sure the process is gone.
    pub fn quit(mut self) {
        let _ = self.send("quit", Duration::from_secs(2));
        self.kill();
    }

    fn kill(&mut self) {
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
        let script = r#"sh -c 'while read -r l; do case "$l" in quit) printf "=\n\n"; exit 0;; bad*) printf "? nope\n\n";; *) printf "= ok %s\n\n" "$l";; esac; done'"#;
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
        let script = r#"sh -c 'while read -r l; do case "$l" in quit) printf "=\n\n"; exit 0;; long) printf "= "; head -c 200000 /dev/zero | tr "\0" x; printf "\n\n";; many) printf "= a\n"; yes b | head -n 600000; printf "\n";; *) printf "= ok\n\n";; esac; done'"#;
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
