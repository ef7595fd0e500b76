//! The links of the README and of the guides lead somewhere: the README,
//! which crates.io shows away from the repository, links only to absolute
//! addresses; the guides' links between files name files that exist (on
//! docs.rs, `src/guide.rs` sends them to the guides' modules, which
//! `cargo doc` checks); and every guide page is a module of `tengen::guide`.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of a Markdown text outside fenced code blocks.
fn prose(text: &str) -> Vec<&str> {
    let mut inside = false;
    text.lines()
        .filter(|l| {
            if l.trim_start().starts_with("```") {
                inside = !inside;
                return false;
            }
            !inside
        })
        .collect()
}

/// Every link target of a Markdown text: inline links (`[text](target)`)
/// and reference definitions (`[label]: target`), outside code blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in prose(text) {
        let mut rest = line;
        while let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            targets.push(rest[..end].trim().to_string());
        }
        let t = line.trim_start();
        if let Some(def) = t.strip_prefix('[').and_then(|t| t.split_once("]:")) {
            if !def.0.contains(']') {
                targets.push(def.1.trim().to_string());
            }
        }
    }
    targets
}

fn is_absolute(target: &str) -> bool {
    ["http://", "https://", "#", "mailto:"]
        .iter()
        .any(|p| target.starts_with(p))
}

/// The guide pages: every file of `docs/`, and `ARCHITECTURE.md`.
fn guide_pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.push(root().join("ARCHITECTURE.md"));
    pages.sort();
    pages
}

#[test]
fn the_readme_links_only_to_absolute_addresses() {
    let readme = read(&root().join("README.md"));
    let targets = link_targets(&readme);
    assert!(
        targets.len() >= 10,
        "the README's links were not found: {targets:?}"
    );
    let relative: Vec<&String> = targets.iter().filter(|t| !is_absolute(t)).collect();
    assert!(
        relative.is_empty(),
        "relative links in README.md: {relative:?}"
    );
}

#[test]
fn the_readme_links_to_guides_that_exist() {
    let readme = read(&root().join("README.md"));
    let prefix = "https://docs.rs/tengen/latest/tengen/guide/";
    let mut guides = 0;
    for target in link_targets(&readme) {
        let Some(rest) = target.strip_prefix(prefix) else {
            continue;
        };
        guides += 1;
        let name = rest.split('/').next().expect("a module name");
        assert!(
            rest.starts_with(&format!("{name}/index.html")),
            "not a module page: {target}"
        );
        let page = if name == "architecture" {
            root().join("ARCHITECTURE.md")
        } else {
            root().join("docs").join(format!("{name}.md"))
        };
        assert!(page.exists(), "{target}: no {}", page.display());
    }
    assert!(guides >= 9, "{guides} links to the guides");
}

#[test]
fn the_guides_link_to_files_that_exist() {
    for page in guide_pages() {
        let dir = page.parent().expect("a folder");
        for target in link_targets(&read(&page)) {
            if is_absolute(&target) {
                continue;
            }
            let file = target.split('#').next().expect("a path");
            assert!(
                dir.join(file).exists(),
                "{}: the link {target} leads nowhere",
                page.display()
            );
        }
    }
}

#[test]
fn every_guide_page_is_a_module_of_the_guide() {
    let guide = read(&root().join("src/guide.rs"));
    for page in guide_pages() {
        let relative = page.strip_prefix(root()).expect("inside the crate");
        let include = format!("\"../{}\"", relative.display());
        assert!(
            guide.contains(&include),
            "src/guide.rs does not include {include}"
        );
    }
}

#[test]
fn the_readme_stays_a_front_page_with_its_two_set_up_commands() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!((150..=250).contains(&lines), "README.md has {lines} lines");
    assert!(readme.contains("```sh\ncargo run --release\n```"));
    assert!(readme.contains("```sh\ncargo test\n```"));
}
