//! A GTP client: drives another engine as a child process over pipes, with
//! a time limit on every response. Used by `tengen match` and `tengen
//! referee`, and by tests that talk to real engines.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
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

/// A GTP engine running as a child process.
pub struct GtpClient {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    command_line: String,
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
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf)
                            .trim_end_matches(['\n', '\r'])
                            .to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
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

    /// Sends one command and waits at most `timeout` for the whole answer;
    /// returns the answer's text (after `=`, trimmed; lines joined by `\n`).
    ///
    /// # Errors
    /// [`ClientError::Refused`] for a `?` answer, [`ClientError::Timeout`],
    /// [`ClientError::Gone`] or [`ClientError::Garbled`].
    pub fn send(&mut self, command: &str, timeout: Duration) -> Result<String, ClientError> {
        // Drop anything left over from an earlier, timed-out command.
        while self.lines.try_recv().is_ok() {}
        writeln!(self.stdin, "{command}").map_err(|_| ClientError::Gone)?;
        self.stdin.flush().map_err(|_| ClientError::Gone)?;
        let deadline = Instant::now() + timeout;
        let mut body: Vec<String> = Vec::new();
        let mut ok = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => return Err(ClientError::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(ClientError::Gone),
            };
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
