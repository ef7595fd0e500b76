//! The opening book through the real binary: `genmove` on the empty 9x9
//! board at komi 7 answers the book's move without searching, in every
//! orientation the book knows, and not with `--no-book`, another komi or
//! `easy`.

use std::io::Write;
use std::process::{Command, Stdio};
use tengen::search::Book;
use tengen::{Color, Game, Move, Point, Rules};

/// Runs the binary with `args` on the GTP `input`; its answers and log.
fn run(args: &[&str], input: &str) -> (Vec<String>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tengen starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let answers = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    (answers, String::from_utf8(out.stderr).unwrap())
}

fn komi7() -> Rules {
    Rules {
        komi: 7.0,
        ..Rules::default()
    }
}

#[test]
fn genmove_plays_the_book_move_without_searching() {
    // Fifty million playouts a move would take the better part of an
    // hour: only the book answers at once.
    let args = ["--seed", "1", "--threads", "1", "--playouts", "50000000"];
    let start = std::time::Instant::now();
    let (answers, log) = run(&args, "boardsize 9\nkomi 7\nclear_board\ngenmove b\n");
    assert!(start.elapsed().as_secs() < 60, "{:?}", start.elapsed());
    let mut game = Game::new(9, komi7()).unwrap();
    let expected = Book::builtin().lookup(&game, Color::Black).unwrap().mv;
    assert_eq!(answers.last().unwrap(), &format!("= {expected}"), "{log}");
    assert!(log.contains("from the opening book"), "{log}");

    // White's answer to it, and to each of its mirror images: the book
    // stores one orientation, the binary answers in the board's own.
    game.play(Move::Play(expected)).unwrap();
    let (x, y) = (expected.x(), expected.y());
    let images = [(x, y), (8 - x, y), (x, 8 - y), (y, x), (8 - y, 8 - x)];
    for (x, y) in images {
        let b = Point::new(x, y).unwrap();
        let mut g = Game::new(9, komi7()).unwrap();
        g.play(Move::Play(b)).unwrap();
        let Some(w) = Book::builtin().lookup(&g, Color::White) else {
            panic!("the book answers {b}");
        };
        let input = format!("boardsize 9\nkomi 7\nclear_board\nplay b {b}\ngenmove w\n");
        let (answers, log) = run(&args, &input);
        assert_eq!(answers.last().unwrap(), &format!("= {}", w.mv), "{log}");
        assert!(g.is_legal(Color::White, Move::Play(w.mv)));
        // The same relation to Black's stone in every orientation: the
        // answer's distance to it along both axes, in either order.
        let d = |p: Point| {
            let (dx, dy) = (p.x().abs_diff(x), p.y().abs_diff(y));
            (dx.min(dy), dx.max(dy))
        };
        let first = Book::builtin().lookup(&game, Color::White).unwrap().mv;
        assert_eq!(d(w.mv), {
            let (dx, dy) = (
                first.x().abs_diff(expected.x()),
                first.y().abs_diff(expected.y()),
            );
            (dx.min(dy), dx.max(dy))
        });
    }
}

#[test]
fn no_book_another_komi_and_easy_search() {
    let base = ["--seed", "1", "--threads", "1", "--playouts", "300"];
    let searched = |extra: &[&str], input: &str| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        let (answers, log) = run(&args, input);
        assert!(answers.last().unwrap().starts_with("= "), "{answers:?}");
        assert!(!log.contains("opening book"), "{log}");
        assert!(log.contains("playouts in"), "{log}");
    };
    searched(&["--no-book"], "boardsize 9\nkomi 7\ngenmove b\n");
    searched(&[], "boardsize 9\nkomi 6.5\ngenmove b\n");
    searched(&[], "boardsize 13\nkomi 7\ngenmove b\n");
    searched(&[], "boardsize 9\nkomi 7\nplay b pass\ngenmove w\n");
    searched(&["--level", "easy"], "boardsize 9\nkomi 7\ngenmove b\n");
}

#[test]
fn train_book_writes_a_book_the_library_reads_the_same_for_any_jobs() {
    let dir = std::env::temp_dir().join(format!("tengen-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let build = |jobs: &str, name: &str| {
        let out = dir.join(name);
        let status = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args([
                "train", "book", "--size", "5", "--komi", "3", "--depth", "2",
            ])
            .args(["--branch", "2", "--playouts", "400", "--seed", "9"])
            .args(["--jobs", jobs, "--no-progress", "--out"])
            .arg(&out)
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        std::fs::read_to_string(out).unwrap()
    };
    let one = build("1", "one.txt");
    let two = build("2", "two.txt");
    assert_eq!(one, two, "the book depends on the seed only");
    assert!(one.contains("tengen train book --size 5 --komi 3"), "{one}");
    let book = Book::parse(&one).unwrap();
    // The empty board and one or two of its replies (mirror images are
    // stored once).
    assert!((2..=3).contains(&book.len()), "{}", book.len());
    let rules = Rules {
        komi: 3.0,
        ..Rules::default()
    };
    let empty = Game::new(5, rules).unwrap();
    let first = book.lookup(&empty, Color::Black).unwrap();
    assert!(empty.is_legal(Color::Black, Move::Play(first.mv)));
    assert!(first.visits > 0 && first.visits <= 400);
    // Not the built-in book's game.
    assert!(book
        .lookup(&Game::new(9, komi7()).unwrap(), Color::Black)
        .is_none());
    // A bad size is refused by the command, not built as an empty book.
    let bad = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["train", "book", "--size", "30", "--out"])
        .arg(dir.join("bad.txt"))
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(!dir.join("bad.txt").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
