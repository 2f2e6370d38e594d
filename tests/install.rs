//! Installable like a real tool: `--version`, completion scripts and manual pages
//! that cover every command, an example in every `--help`, a panic report instead
//! of a raw backtrace, and package metadata and contents fit for publishing.

mod common;
use common::{pencilmark, stderr, stdout};

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use clap::CommandFactory;
use pencilmark::cli::Cli;

/// Every command's name, from the same definition that parses them.
fn command_names() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect()
}

#[test]
fn version_names_the_package_version() {
    let expected = format!("pencilmark {}\n", env!("CARGO_PKG_VERSION"));
    let output = pencilmark(&["--version"], "");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), expected);
    let solve = pencilmark(&["solve", "--version"], "");
    assert!(stdout(&solve).contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn completion_scripts_cover_every_command_in_every_shell() {
    let names = command_names();
    assert!(names.len() >= 12, "{names:?}");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = pencilmark(&["completions", shell], "");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{shell}: {}",
            stderr(&output)
        );
        let script = stdout(&output);
        for name in &names {
            assert!(script.contains(name.as_str()), "{shell} lacks {name}");
        }
        // An option of one command, to see the scripts go below the command names.
        assert!(script.contains("threads"), "{shell} lacks --threads");
    }
    let bash = stdout(&pencilmark(&["completions", "bash"], ""));
    if let Ok(checked) = Command::new("bash").arg("-n").arg("-c").arg(&bash).output() {
        assert!(checked.status.success(), "bash -n: {}", stderr(&checked));
    }
    let unknown = pencilmark(&["completions", "tcsh"], "");
    assert_eq!(unknown.status.code(), Some(2));
}

/// A long option as roff writes it: `--max-events` is `\-\-max\-events`.
fn roff_option(long: &str) -> String {
    format!("--{long}").replace('-', "\\-")
}

#[test]
fn manual_pages_cover_every_command_and_option() {
    let main = pencilmark(&["man"], "");
    assert_eq!(main.status.code(), Some(0));
    let page = stdout(&main);
    assert!(page.contains(".TH pencilmark 1"), "{page}");
    let cli = Cli::command();
    for sub in cli.get_subcommands() {
        let name = sub.get_name();
        assert!(
            page.contains(&format!("pencilmark\\-{name}(1)")),
            "the main page lists {name}"
        );
        let output = pencilmark(&["man", name], "");
        assert_eq!(output.status.code(), Some(0), "man {name}");
        let sub_page = stdout(&output);
        assert!(
            sub_page.contains(&format!(".TH pencilmark-{name} 1")),
            "{name}: {sub_page}"
        );
        for long in sub.get_arguments().filter_map(|arg| arg.get_long()) {
            assert!(
                sub_page.contains(&roff_option(long)),
                "the page of {name} lacks --{long}"
            );
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let written = pencilmark(&["man", "--dir", dir.path().to_str().unwrap()], "");
    assert_eq!(written.status.code(), Some(0), "{}", stderr(&written));
    let files: BTreeSet<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut expected: BTreeSet<String> = command_names()
        .iter()
        .map(|name| format!("pencilmark-{name}.1"))
        .collect();
    expected.insert("pencilmark.1".to_string());
    assert_eq!(files, expected);
    let unknown = pencilmark(&["man", "nope"], "");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("one of play, solve"));
}

#[test]
fn every_help_has_an_example() {
    let top = stdout(&pencilmark(&["--help"], ""));
    assert!(top.contains("Examples:"), "{top}");
    for name in command_names() {
        let output = pencilmark(&[&name, "--help"], "");
        assert_eq!(output.status.code(), Some(0), "{name} --help");
        let help = stdout(&output);
        let examples = help
            .split_once("Examples:")
            .unwrap_or_else(|| panic!("{name} --help has no examples:\n{help}"))
            .1;
        assert!(
            examples
                .lines()
                .any(|line| line.contains(&format!("pencilmark {name}"))),
            "{name}'s examples do not run it:\n{examples}"
        );
    }
}

#[test]
fn a_panic_prints_a_short_report_with_where_to_file_it() {
    let run = |backtrace: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_pencilmark"));
        command.arg("solve").env("PENCILMARK_TEST_PANIC", "1");
        match backtrace {
            Some(value) => command.env("RUST_BACKTRACE", value),
            None => command.env_remove("RUST_BACKTRACE"),
        };
        command.output().expect("the binary runs")
    };
    let output = run(None);
    assert_eq!(output.status.code(), Some(101));
    let report = stderr(&output);
    assert!(report.contains("This is a bug in pencilmark"), "{report}");
    assert!(
        report.contains(&format!("{}/issues", env!("CARGO_PKG_REPOSITORY"))),
        "{report}"
    );
    assert!(report.contains("src/main.rs"), "names the place: {report}");
    assert!(!report.contains("panicked at"), "{report}");
    assert!(!report.contains("stack backtrace"), "{report}");
    assert!(report.lines().count() <= 8, "short: {report}");
    let with_backtrace = stderr(&run(Some("1")));
    assert!(with_backtrace.contains("This is a bug in pencilmark"));
    assert!(!with_backtrace.contains("RUST_BACKTRACE=1 to add"));
}

#[test]
fn package_metadata_is_complete_for_publishing() {
    for (field, value) in [
        ("description", env!("CARGO_PKG_DESCRIPTION")),
        ("license", env!("CARGO_PKG_LICENSE")),
        ("repository", env!("CARGO_PKG_REPOSITORY")),
        ("rust-version", env!("CARGO_PKG_RUST_VERSION")),
        ("readme", env!("CARGO_PKG_README")),
    ] {
        assert!(!value.is_empty(), "{field} is empty");
    }
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    for key in ["keywords = [", "categories = [", "exclude = ["] {
        assert!(manifest.contains(key), "Cargo.toml lacks {key}");
    }
}

/// Runs `cargo package --list` (offline: it reads the files, fetches nothing).
fn package_list() -> Option<Vec<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .args(["package", "--list", "--offline", "--allow-dirty"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    assert!(
        output.status.success(),
        "cargo package --list: {}",
        stderr(&output)
    );
    Some(stdout(&output).lines().map(String::from).collect())
}

/// The package holds what a build needs (every source file, every file a source
/// includes) and none of the tests, benchmarks, CI or captures.
#[test]
fn the_package_holds_the_sources_and_no_tests() {
    let Some(files) = package_list() else {
        eprintln!("skipped: cargo is not on the PATH");
        return;
    };
    let listed: BTreeSet<&str> = files.iter().map(String::as_str).collect();
    for needed in [
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "src/main.rs",
        "src/lib.rs",
    ] {
        assert!(listed.contains(needed), "{needed} is not packaged");
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Vec::new();
    collect_rust_files(&root.join("src"), &mut sources);
    for source in &sources {
        let relative = source.strip_prefix(root).unwrap().to_string_lossy();
        assert!(
            listed.contains(relative.as_ref()),
            "{relative} is not packaged"
        );
        // Files a source includes (`include_str!("../puzzles/easy.txt")`) must come along.
        let text = std::fs::read_to_string(source).unwrap();
        for included in text.split("include_str!(\"").skip(1) {
            let path = included.split('"').next().unwrap();
            let resolved = source.parent().unwrap().join(path);
            let resolved = resolved.canonicalize().unwrap();
            let relative = resolved.strip_prefix(root.canonicalize().unwrap()).unwrap();
            let relative = relative.to_string_lossy();
            assert!(
                listed.contains(relative.as_ref()),
                "{relative} is not packaged"
            );
        }
    }
    for file in &files {
        for left_out in ["tests/", "benches/", ".ci/", "assets/"] {
            assert!(!file.starts_with(left_out), "{file} is packaged");
        }
    }
    // Sources, puzzles (22 shape collections) and metadata only (198 files on
    // 2026-11-29). The loop above catches a left-out directory packaged by mistake;
    // this bound catches anything else that balloons the package, with room for the
    // crate to grow.
    assert!(files.len() < 300, "{} files packaged", files.len());
}

fn collect_rust_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// A panic with the terminal in raw mode (as the player runs) gives it back: in a
/// pseudo-terminal, `stty -a` after the crash shows line editing and echo on again.
#[test]
fn a_panic_gives_the_terminal_back() {
    use portable_pty::{CommandBuilder, PtySize, native_pty_system};
    use std::io::Read;
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 100,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut command = CommandBuilder::new("sh");
    command.args(["-c", "\"$0\" solve; stty -a"]);
    command.arg(env!("CARGO_BIN_EXE_pencilmark"));
    command.env("PENCILMARK_TEST_PANIC", "raw");
    command.env_remove("RUST_BACKTRACE");
    let mut child = pty.slave.spawn_command(command).expect("sh starts");
    drop(pty.slave);
    let mut reader = pty.master.try_clone_reader().unwrap();
    let collected = std::thread::spawn(move || {
        let mut all = Vec::new();
        let mut bytes = [0u8; 4096];
        while let Ok(n) = reader.read(&mut bytes) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&bytes[..n]);
        }
        String::from_utf8_lossy(&all).into_owned()
    });
    child.wait().expect("sh ends");
    drop(pty.master);
    let text = collected.join().unwrap();
    assert!(text.contains("This is a bug in pencilmark"), "{text}");
    let settings = text
        .split_once("stopped on an internal error")
        .map_or("", |(_, after)| after);
    assert!(settings.contains(" icanon"), "{text}");
    assert!(!settings.contains("-icanon"), "still raw: {text}");
    assert!(!settings.contains("-echo "), "echo still off: {text}");
}
