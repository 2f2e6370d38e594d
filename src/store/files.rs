//! The file operations every save goes through: an atomic replace that never
//! follows a planted link, a bounded read of regular files only, and moving an
//! unreadable file aside.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Result, bail};

/// Replaces `path` with `bytes` so that a reader sees the old file or the new
/// one, never half of one. The temporary file has a fresh random name in the
/// same directory and is created exclusively (`O_EXCL`: a link planted there is
/// never followed), synced, then renamed over `path`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let mut temp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    // On failure the temporary file is removed when the error drops it.
    temp.persist(path).map_err(|err| err.error)?;
    sync_dir(dir);
    Ok(())
}

/// Makes a rename or a new file in `dir` durable; not every platform can sync a directory.
pub fn sync_dir(dir: &Path) {
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
}

/// Opens `path` for reading only if it is a regular file (a FIFO would block,
/// a device like `/dev/zero` never ends); `Ok(None)` when it does not exist.
pub fn open_regular(path: &Path) -> Result<Option<File>> {
    // Look before opening: opening a FIFO for reading waits for a writer.
    match fs::metadata(path) {
        Ok(meta) if !meta.is_file() => bail!("it is not a regular file"),
        Ok(_) => {}
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(err.into()),
    }
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        // Should the file be swapped for a FIFO after the look, do not wait on it.
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = match options.open(path) {
        Ok(file) => file,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(err.into()),
    };
    if !file.metadata()?.is_file() {
        bail!("it is not a regular file");
    }
    Ok(Some(file))
}

/// Reads a regular file of at most `limit` bytes; `Ok(None)` when it does not
/// exist. A bigger file is refused with an error that names the limit.
pub fn read_limited(path: &Path, limit: u64) -> Result<Option<Vec<u8>>> {
    let Some(file) = open_regular(path)? else {
        return Ok(None);
    };
    let size = file.metadata()?.len();
    if size > limit {
        bail!(
            "it is {} bytes, over the limit of {} for this file",
            size,
            limit
        );
    }
    let mut bytes = Vec::with_capacity(size as usize);
    // The file may grow after the look: never read past the limit.
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        bail!("it is over the limit of {limit} bytes for this file");
    }
    Ok(Some(bytes))
}

/// Renames `path` to `path.corrupt-<time>`; returns the new name.
pub fn move_aside(path: &Path) -> Result<PathBuf> {
    let stamp = now_stamp();
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let mut aside = path.with_file_name(format!("{name}.corrupt-{stamp}"));
    let mut n = 1;
    while aside.exists() {
        n += 1;
        aside = path.with_file_name(format!("{name}.corrupt-{stamp}-{n}"));
    }
    fs::rename(path, &aside)?;
    Ok(aside)
}

/// Seconds since the epoch, for file names.
pub fn now_stamp() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Milliseconds since the epoch, for "most recently played".
pub fn now_millis() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
