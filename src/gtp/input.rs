//! Where GTP lines come from: a bounded line reader, and two sources of
//! lines, one reading in place (tests, fuzzing) and one fed by a reader
//! thread so that input can stop a running analysis.

use super::command::is_interrupt;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// Lines read ahead of the session at most: the reader thread then waits,
/// as GNU Go reads only when it answers, so a host that writes without
/// reading cannot grow the engine (at most this many lines of
/// [`MAX_LINE`] bytes are held).
pub const READ_AHEAD: usize = 16;
use std::sync::Arc;

/// The longest line kept; the rest of a longer line is read and dropped
/// (a `set_free_handicap` of every point of a 25x25 board is under 3,000
/// bytes).
pub const MAX_LINE: usize = 64 * 1024;

/// One raw input line, without its line feed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The first [`MAX_LINE`] bytes of the line.
    pub bytes: Vec<u8>,
    /// Whether the line was longer and was cut.
    pub overlong: bool,
}

/// Reads one line of at most [`MAX_LINE`] kept bytes, whatever its real
/// length, leading blanks and control characters left out; `None` at the
/// end of input. A read error counts as the end.
pub fn read_line<R: BufRead + ?Sized>(r: &mut R) -> Option<Line> {
    let mut line = Line {
        bytes: Vec::new(),
        overlong: false,
    };
    let mut any = false;
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return any.then_some(line),
        };
        if buf.is_empty() {
            return any.then_some(line);
        }
        any = true;
        let (mut chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        if line.bytes.is_empty() {
            // Leading blanks and control characters mean nothing to GTP
            // (preprocessing drops them): they do not count against
            // MAX_LINE, so no amount of them can hide the command after.
            let lead = chunk
                .iter()
                .take_while(|&&b| b <= b' ' || b == 0x7f)
                .count();
            chunk = &chunk[lead..];
        }
        let room = MAX_LINE - line.bytes.len();
        if chunk.len() > room {
            line.overlong = true;
        }
        line.bytes
            .extend_from_slice(&chunk[..chunk.len().min(room)]);
        r.consume(used);
        if done {
            return Some(line);
        }
    }
}

/// Flags shared between the session and the thread reading its input.
#[derive(Debug, Default)]
pub struct Signals {
    /// Set to ask a running search to stop soon.
    pub stop: AtomicBool,
    /// Set while a live analysis runs: then any input line stops it.
    pub analyzing: AtomicBool,
}

/// A source of input lines for a GTP session.
pub trait LineSource {
    /// The next line, waiting for it; `None` at the end of input.
    fn next_line(&mut self) -> Option<Line>;
    /// Whether a line (or the end of input) is already waiting, without
    /// waiting for one. Live analysis runs until this is true.
    fn line_waiting(&mut self) -> bool;

    /// Whether a host's next command already waits in an interactive
    /// source when a live analysis starts (sent right behind
    /// `lz-analyze`): it stops the analysis at once, as one sent later
    /// does. Input read in place has no such notion: `false`.
    fn command_pending(&mut self) -> bool {
        false
    }
}

/// Lines read in place from a buffered reader. `line_waiting` reads ahead,
/// which can block: use it for input that is all there (tests, fuzzing,
/// files), not for an interactive pipe.
#[derive(Debug)]
pub struct ReaderSource<R> {
    reader: R,
    ahead: Option<Option<Line>>,
}

impl<R: BufRead> ReaderSource<R> {
    /// A source reading from `reader`.
    pub fn new(reader: R) -> ReaderSource<R> {
        ReaderSource {
            reader,
            ahead: None,
        }
    }
}

impl<R: BufRead> LineSource for ReaderSource<R> {
    fn next_line(&mut self) -> Option<Line> {
        match self.ahead.take() {
            Some(l) => l,
            None => read_line(&mut self.reader),
        }
    }

    fn line_waiting(&mut self) -> bool {
        if self.ahead.is_none() {
            self.ahead = Some(read_line(&mut self.reader));
        }
        true
    }
}

/// Lines read by a thread of their own and sent over a channel, so that a
/// line can arrive (and stop a search through [`Signals`]) while the
/// session is busy. The end of input closes the channel.
#[derive(Debug)]
pub struct ChannelSource {
    rx: Receiver<Line>,
    ahead: Option<Option<Line>>,
}

impl ChannelSource {
    /// Starts the reader thread on `input`. GoGui's `# interrupt` line sets
    /// `signals.stop`; any line, and the end of input, do while
    /// `signals.analyzing` is set.
    pub fn spawn<R: Read + Send + 'static>(input: R, signals: Arc<Signals>) -> ChannelSource {
        let (tx, rx) = mpsc::sync_channel(READ_AHEAD);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(input);
            while let Some(line) = read_line(&mut reader) {
                if is_interrupt(&line.bytes) || signals.analyzing.load(Ordering::SeqCst) {
                    signals.stop.store(true, Ordering::SeqCst);
                }
                if tx.send(line).is_err() {
                    break;
                }
            }
            // The end of input stops a running analysis too (but not a
            // move being generated: `tengen < commands` gets full answers).
            if signals.analyzing.load(Ordering::SeqCst) {
                signals.stop.store(true, Ordering::SeqCst);
            }
        });
        ChannelSource { rx, ahead: None }
    }
}

impl LineSource for ChannelSource {
    fn command_pending(&mut self) -> bool {
        self.line_waiting()
    }

    fn next_line(&mut self) -> Option<Line> {
        match self.ahead.take() {
            Some(l) => l,
            None => self.rx.recv().ok(),
        }
    }

    fn line_waiting(&mut self) -> bool {
        if self.ahead.is_some() {
            return true;
        }
        match self.rx.try_recv() {
            Ok(l) => {
                self.ahead = Some(Some(l));
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => {
                self.ahead = Some(None);
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Line> {
        let mut r = io::Cursor::new(input.to_vec());
        std::iter::from_fn(|| read_line(&mut r)).collect()
    }

    #[test]
    fn splits_lines() {
        let got = lines(b"name\r\nversion\n\nlast");
        let texts: Vec<&[u8]> = got.iter().map(|l| l.bytes.as_slice()).collect();
        assert_eq!(
            texts,
            vec![&b"name\r"[..], &b"version"[..], &b""[..], &b"last"[..]]
        );
        assert!(got.iter().all(|l| !l.overlong));
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn long_lines_are_cut_once() {
        let mut input = vec![b'x'; 1_000_000];
        input.extend_from_slice(b"\nname\n");
        let got = lines(&input);
        assert_eq!(got.len(), 2);
        assert!(got[0].overlong);
        assert_eq!(got[0].bytes.len(), MAX_LINE);
        assert_eq!(got[1].bytes, b"name");
        assert!(!got[1].overlong);
    }

    #[test]
    fn no_amount_of_leading_blanks_hides_a_command() {
        // 100 KiB of spaces, tabs, carriage returns and other control
        // characters, then `quit` on the same line: the command is kept.
        let mut input: Vec<u8> = (0..100 * 1024)
            .map(|i| [b' ', b'\t', b'\r', 0, 7][i % 5])
            .collect();
        input.extend_from_slice(b"quit\n");
        let got = lines(&input);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].bytes, b"quit");
        assert!(!got[0].overlong);
    }

    /// Endless `name` lines, counting the bytes given out.
    struct Endless(Arc<std::sync::atomic::AtomicUsize>);

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let line = b"name\n";
            let n = buf.len() / line.len() * line.len();
            for chunk in buf[..n].chunks_mut(line.len()) {
                chunk.copy_from_slice(line);
            }
            self.0.fetch_add(n, Ordering::SeqCst);
            Ok(n)
        }
    }

    #[test]
    fn the_reader_does_not_run_ahead_of_the_session() {
        // A host writes without end and the session answers nothing: the
        // reader thread stops after a bounded read-ahead.
        let given = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let _src = ChannelSource::spawn(Endless(Arc::clone(&given)), Arc::default());
        std::thread::sleep(std::time::Duration::from_millis(300));
        let read = given.load(Ordering::SeqCst);
        // The queue's lines, plus what the buffered reader holds.
        assert!(read <= 64 * 1024, "{read} bytes read ahead");
    }

    /// Gives `data`, then blocks until `gate` is dropped or sent to.
    struct Gated {
        data: io::Cursor<Vec<u8>>,
        gate: Receiver<()>,
    }

    impl Read for Gated {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.data.read(buf)?;
            if n == 0 {
                let _ = self.gate.recv();
            }
            Ok(n)
        }
    }

    fn gated(text: &[u8]) -> (ChannelSource, Arc<Signals>, mpsc::Sender<()>) {
        let signals = Arc::new(Signals::default());
        let (open, gate) = mpsc::channel();
        let input = Gated {
            data: io::Cursor::new(text.to_vec()),
            gate,
        };
        let src = ChannelSource::spawn(input, Arc::clone(&signals));
        (src, signals, open)
    }

    #[test]
    fn interrupt_line_sets_stop() {
        let (mut src, signals, open) = gated(b"# interrupt\n");
        assert_eq!(
            src.next_line().map(|l| l.bytes),
            Some(b"# interrupt".to_vec())
        );
        assert!(signals.stop.load(Ordering::SeqCst));
        assert!(!src.line_waiting());
        drop(open);
        assert_eq!(src.next_line(), None);
    }

    #[test]
    fn ordinary_line_stops_only_analysis() {
        let (mut src, signals, open) = gated(b"name\n");
        assert_eq!(src.next_line().map(|l| l.bytes), Some(b"name".to_vec()));
        assert!(!signals.stop.load(Ordering::SeqCst));
        drop(open);
        assert_eq!(src.next_line(), None);
    }
}
