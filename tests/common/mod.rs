//! What the test suites and benchmarks share: where the outside material lives.
// Each test crate uses its own part of this module.
#![allow(dead_code)]

pub mod logic;
pub mod player;
pub mod shapes;

use std::path::{Path, PathBuf};

/// A file or folder of `../shared` (`subpath` like `data/top95.txt` or `techniques`),
/// looked for beside the checkout (`<root>/main` next to `<root>/shared`) and one
/// level up (a worktree under `<root>/wt/<name>`). `None` when it is absent: callers
/// skip with a message, so `cargo test` passes on a machine without it. Under CI
/// (`CI=true`) the material is always there, so its absence panics: a skipped oracle
/// must not look green.
pub fn shared(subpath: &str) -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let found = ["../shared", "../../shared", "../../../shared"]
        .iter()
        .map(|dir| root.join(dir).join(subpath))
        .find(|path| path.exists());
    if found.is_none() && std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("../shared/{subpath} is missing, and CI=true requires it");
    }
    found
}

/// Runs the real binary with `args`, `stdin` piped in, and waits for it.
pub fn pencilmark(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin takes the input");
    child.wait_with_output().expect("the binary finishes")
}

/// The standard output of a run, as text.
pub fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The standard error of a run, as text.
pub fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
