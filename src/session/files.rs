//! `loadsgf` and `printsgf`: games in and out of SGF files.

use super::Session;
use crate::gtp::GtpError;
use crate::rules::Rules;
use crate::sgf::{read_sgf_before, write_sgf};

/// The largest SGF file `loadsgf` reads.
const MAX_SGF_BYTES: u64 = 16 * 1024 * 1024;

impl Session {
    /// `loadsgf FILE [N]`: the position before move `N` (the end without
    /// `N`). Rules the file does not name stay as they are; its komi wins.
    /// Only regular files of at most [`MAX_SGF_BYTES`] are read.
    pub(super) fn loadsgf(
        &mut self,
        path: &str,
        move_number: Option<i64>,
    ) -> Result<String, GtpError> {
        use std::io::Read as _;
        // Only a regular file: opening a named pipe would block for ever,
        // and a device or directory is no SGF file.
        let regular = std::fs::metadata(path).is_ok_and(|m| m.is_file());
        if !regular {
            return Err(GtpError::CannotLoadFile);
        }
        let file = std::fs::File::open(path).map_err(|_| GtpError::CannotLoadFile)?;
        let mut bytes = Vec::new();
        file.take(MAX_SGF_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|_| GtpError::CannotLoadFile)?;
        if bytes.len() as u64 > MAX_SGF_BYTES {
            return Err(GtpError::CannotLoadFile);
        }
        let n = match move_number {
            None => usize::MAX,
            Some(n) => usize::try_from(n).map_err(|_| GtpError::CannotLoadFile)?,
        };
        let loaded = read_sgf_before(&bytes, n).map_err(|_| GtpError::CannotLoadFile)?;
        let mut game = loaded.game;
        if !loaded.rules_known {
            // The session's rules and the file's komi; SGF has no
            // topology, so the file's board (planar) stays.
            let komi = loaded.komi.unwrap_or(self.game.rules().komi);
            let rules = Rules {
                topology: game.rules().topology,
                ..self.game.rules().with_komi(komi)
            };
            game.set_rules(rules)
                .map_err(|e| GtpError::Other(format!("cannot load file: {e}")))?;
        }
        self.game = game;
        self.after_move();
        self.engine.new_game();
        // A loaded game is a new game: a Phantom game ends with it.
        self.phantom = None;
        Ok(String::new())
    }

    /// `printsgf [FILE]`: the game as SGF, or written to `FILE`.
    pub(super) fn printsgf(&mut self, path: Option<&str>) -> Result<String, GtpError> {
        let result = if self.game.is_over() {
            let dead = self.dead_stones();
            self.game.result_with(&dead).map(|o| o.to_string())
        } else {
            None
        };
        let sgf = write_sgf(&self.game, result.as_deref());
        match path {
            None => Ok(sgf),
            Some(p) => {
                // Opening a named pipe to write would block for ever.
                if std::fs::metadata(p).is_ok_and(|m| !m.is_file()) {
                    return Err(GtpError::Other(
                        "cannot write file: not a regular file".into(),
                    ));
                }
                std::fs::write(p, sgf.as_bytes())
                    .map_err(|e| GtpError::Other(format!("cannot write file: {e}")))?;
                Ok(String::new())
            }
        }
    }
}

#[cfg(test)]
mod loadsgf_tests {
    use crate::session::{transcript, Config};
    use std::time::Duration;

    #[test]
    fn loadsgf_and_printsgf_refuse_what_is_not_a_regular_file() {
        // A named pipe with no writer would block `open` for ever; a
        // directory and a device are not SGF files either.
        let dir = std::env::temp_dir().join(format!("tengen-loadsgf-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        assert!(made, "mkfifo");
        let input = format!(
            "loadsgf {}\nloadsgf {}\nloadsgf /dev/zero\nprintsgf {}\nname\n",
            fifo.display(),
            dir.display(),
            fifo.display()
        );
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(transcript(Config::default(), input.as_bytes()));
        });
        let out = rx.recv_timeout(Duration::from_secs(20));
        let _ = std::fs::remove_dir_all(&dir);
        let out = String::from_utf8(out.expect("loadsgf of a pipe hangs")).unwrap();
        assert_eq!(
            out,
            "? cannot load file\n\n? cannot load file\n\n? cannot load file\n\n\
             ? cannot write file: not a regular file\n\n= tengen\n\n"
        );
    }
}
