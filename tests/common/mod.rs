//! What the test suites and benchmarks share: where the outside material lives.

use std::path::{Path, PathBuf};

/// A file or folder of `../shared` (`subpath` like `data/top95.txt` or `techniques`),
/// looked for beside the checkout (`<root>/main` next to `<root>/shared`) and one
/// level up (a worktree under `<root>/wt/<name>`). `None` when it is absent: callers
/// skip with a message, so `cargo test` passes on a machine without it.
pub fn shared(subpath: &str) -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    ["../shared", "../../shared"]
        .iter()
        .map(|dir| root.join(dir).join(subpath))
        .find(|path| path.exists())
}
