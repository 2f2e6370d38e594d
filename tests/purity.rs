//! The engine stays pure: no terminal, no file or stdin I/O.

use std::fs;
use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("src/engine is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn engine_names_no_terminal_and_no_io() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine"),
        &mut files,
    );
    assert!(
        files.len() >= 5,
        "expected the engine's files, found {files:?}"
    );
    let forbidden = ["ratatui", "crossterm", "std::fs", "std::io"];
    let mut offences = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("engine file is readable");
        for word in forbidden {
            if text.contains(word) {
                offences.push(format!("{} names {word}", file.display()));
            }
        }
    }
    assert!(offences.is_empty(), "engine is not pure: {offences:?}");
}

#[test]
fn bundled_puzzles_parse_and_have_one_solution() {
    for named in pencilmark::puzzles::famous() {
        let counted = pencilmark::engine::search::count_solutions(&named.givens, 2);
        assert_eq!(
            counted.count, 1,
            "{} should have exactly one solution",
            named.name
        );
    }
}
