//! Where puzzle text comes from: a file, standard input (`-` or no argument), or
//! the argument itself when it is a puzzle. The one place the command line reads
//! input, and the one pipeline every command reads puzzles through.
//!
//! Input is read a line at a time, whatever ends its lines (LF, CRLF or a lone CR),
//! with a leading byte-order mark skipped. Limits keep a wrong or endless input
//! (`/dev/zero`, `/dev/urandom`, a binary) from costing unbounded memory: a line
//! may hold [`MAX_LINE_BYTES`], a puzzle read whole (a grid, `.sdk`, `.ss`, a
//! candidate grid) [`MAX_TEXT_BYTES`], and a NUL byte ends the input as not text.
//! A collection of one-line puzzles streams: a command that needs only its first
//! puzzle reads only that far, and `solve`/`grade` hold a batch at a time.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor};
use std::path::Path;

use anyhow::{Context, Result};
use thiserror::Error;

use crate::engine::formats::{self, FormatError, Imported, Rules};
use crate::engine::geometry::{Variant, format as shape};
use crate::engine::parse;

/// The longest line read, in bytes (a puzzle line with a comment is about 100).
pub const MAX_LINE_BYTES: usize = 16 * 1024;

/// The most text read whole for one puzzle, in bytes (a boxed candidate grid is under 2 KiB).
pub const MAX_TEXT_BYTES: usize = 1024 * 1024;

/// Why input could not be read. All but [`InputError::NotUtf8`] end the input.
#[derive(Debug, Error)]
pub enum InputError {
    #[error(
        "{name}, line {line}: longer than {}, the limit for one line (is this a puzzle file?)",
        size(*limit)
    )]
    LineTooLong {
        name: String,
        line: usize,
        limit: usize,
    },
    #[error(
        "{name}: more than {} of text for one puzzle, the limit for a grid, .sdk, .ss or \
         candidate file (a collection of one-line puzzles has no limit)",
        size(*limit)
    )]
    TooLarge { name: String, limit: usize },
    #[error("{name}, line {line}, column {column}: a NUL byte: this is not a text file")]
    Binary {
        name: String,
        line: usize,
        column: usize,
    },
    #[error("{name}: UTF-16 text (it starts with a UTF-16 byte-order mark); save it as UTF-8")]
    Utf16 { name: String },
    #[error("{name}, line {line}, column {column}: not UTF-8 text (byte {byte:#04x})")]
    NotUtf8 {
        name: String,
        line: usize,
        column: usize,
        byte: u8,
    },
    #[error("cannot read {name}")]
    Io {
        name: String,
        #[source]
        error: io::Error,
    },
}

impl InputError {
    /// Whether nothing more can be read after this error (a bad line does not end the input).
    pub fn ends_input(&self) -> bool {
        !matches!(self, InputError::NotUtf8 { .. })
    }
}

/// `16 KiB`, `1 MiB`, `100 bytes`.
fn size(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// Lines of text from a reader: any line ending, a leading BOM skipped, the line
/// length limited, a NUL byte refused, UTF-8 checked with the line's position.
pub struct LineReader<R> {
    inner: R,
    name: String,
    /// Lines read so far: the number of the last one.
    number: usize,
    /// The last line ended with CR: an LF right after it is part of that ending.
    after_cr: bool,
    bytes: Vec<u8>,
    limit: usize,
}

impl<R: BufRead> LineReader<R> {
    /// Lines of `inner`, called `name` in messages.
    pub fn new(inner: R, name: impl Into<String>) -> LineReader<R> {
        LineReader {
            inner,
            name: name.into(),
            number: 0,
            after_cr: false,
            bytes: Vec::with_capacity(128),
            limit: MAX_LINE_BYTES,
        }
    }

    /// The input's name for messages: a file's, "standard input" or "the argument".
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Reads the next line into `text` (replacing it, without the line ending) and
    /// returns its number, or `None` at the end. On [`InputError::NotUtf8`] `text`
    /// holds the line with the bad bytes replaced, and reading may go on.
    pub fn read_line(&mut self, text: &mut String) -> Result<Option<usize>, InputError> {
        self.bytes.clear();
        text.clear();
        let mut found = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    return Err(InputError::Io {
                        name: self.name.clone(),
                        error,
                    });
                }
            };
            if chunk.is_empty() {
                break;
            }
            let start = usize::from(std::mem::take(&mut self.after_cr) && chunk[0] == b'\n');
            let rest = &chunk[start..];
            let stop = first_stop(rest);
            if let Some(end) = stop
                && rest[end] != 0
                && self.bytes.is_empty()
                && self.number > 0
                && end <= self.limit
            {
                // The common case: the whole line in the buffer, read straight
                // from it (no copy through `bytes`, one scan for the ending and NUL).
                self.after_cr = rest[end] == b'\r';
                self.number += 1;
                let read = match std::str::from_utf8(&rest[..end]) {
                    Ok(line) => {
                        text.push_str(line);
                        Ok(Some(self.number))
                    }
                    Err(error) => Err(not_utf8(&self.name, self.number, &rest[..end], error, text)),
                };
                self.inner.consume(start + end + 1);
                return read;
            }
            let (taken, ended) = match stop {
                Some(end) if rest[end] != 0 => {
                    self.after_cr = rest[end] == b'\r';
                    (end, true)
                }
                // A NUL byte: taken with the line, so that the check below names its column.
                Some(nul) => (nul + 1, false),
                None => (rest.len(), false),
            };
            found |= ended || taken > 0;
            self.bytes.extend_from_slice(&rest[..taken]);
            self.inner.consume(start + taken + usize::from(ended));
            // Checked as the line grows, so an endless line costs at most a chunk more.
            if self.number == 0
                && (self.bytes.starts_with(b"\xFF\xFE") || self.bytes.starts_with(b"\xFE\xFF"))
            {
                return Err(InputError::Utf16 {
                    name: self.name.clone(),
                });
            }
            if let Some(column) = self.bytes.iter().position(|&b| b == 0) {
                return Err(InputError::Binary {
                    name: self.name.clone(),
                    line: self.number + 1,
                    column: column + 1,
                });
            }
            if self.bytes.len() > self.limit {
                return Err(InputError::LineTooLong {
                    name: self.name.clone(),
                    line: self.number + 1,
                    limit: self.limit,
                });
            }
            if ended {
                break;
            }
        }
        if !found {
            return Ok(None);
        }
        self.number += 1;
        let mut bytes = &self.bytes[..];
        if self.number == 1 {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        match std::str::from_utf8(bytes) {
            Ok(line) => {
                text.push_str(line);
                Ok(Some(self.number))
            }
            Err(error) => Err(not_utf8(&self.name, self.number, bytes, error, text)),
        }
    }
}

/// The error for line `number` of `name`, whose `bytes` are not UTF-8; `text`
/// gets the line with the bad bytes replaced.
fn not_utf8(
    name: &str,
    number: usize,
    bytes: &[u8],
    error: std::str::Utf8Error,
    text: &mut String,
) -> InputError {
    let valid = error.valid_up_to();
    text.push_str(&String::from_utf8_lossy(bytes));
    let column = String::from_utf8_lossy(&bytes[..valid]).chars().count() + 1;
    InputError::NotUtf8 {
        name: name.to_string(),
        line: number,
        column,
        byte: bytes[valid],
    }
}

/// Where the first line ending (LF or CR) or NUL byte of `bytes` is.
///
/// Eight bytes at a time: every line of every input goes through here, and a
/// byte-by-byte search (then a second one for NUL) was most of reading a
/// puzzle line.
fn first_stop(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // The high bit of each zero byte of `word`. A byte above a zero byte may be
    // marked too (the subtraction borrows), never one below: the lowest mark is exact.
    let zero_bytes = |word: u64| word.wrapping_sub(ONES) & !word & HIGHS;
    let mut words = bytes.chunks_exact(8);
    let mut offset = 0;
    for word in &mut words {
        let word = u64::from_le_bytes([
            word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7],
        ]);
        let stops = zero_bytes(word)
            | zero_bytes(word ^ (ONES * u64::from(b'\n')))
            | zero_bytes(word ^ (ONES * u64::from(b'\r')));
        if stops != 0 {
            return Some(offset + stops.trailing_zeros() as usize / 8);
        }
        offset += 8;
    }
    let tail = words
        .remainder()
        .iter()
        .position(|&b| matches!(b, b'\n' | b'\r' | 0));
    tail.map(|index| offset + index)
}

/// Where a PUZZLE argument's text comes from.
struct Source {
    reader: Box<dyn BufRead>,
    /// For messages: the file's name, "standard input" or "the argument".
    name: String,
    /// The file's name, whose extension may name its format.
    file_name: Option<String>,
}

fn open_source(argument: Option<&str>) -> Result<Source> {
    match argument {
        Some(text) if is_puzzle_argument(text) => Ok(Source {
            reader: Box::new(Cursor::new(text.as_bytes().to_vec())),
            name: "the argument".to_string(),
            file_name: None,
        }),
        Some(path) if !Path::new(path).exists() && path != "-" => {
            anyhow::bail!("{path} is neither a puzzle (81 cells) nor a readable file")
        }
        None | Some("-") => Ok(Source {
            reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            name: "standard input".to_string(),
            file_name: None,
        }),
        Some(path) => {
            let handle = File::open(path).with_context(|| format!("cannot read {path}"))?;
            Ok(Source {
                reader: Box::new(BufReader::with_capacity(1 << 16, handle)),
                name: path.to_string(),
                file_name: Some(path.to_string()),
            })
        }
    }
}

fn looks_like_puzzle(text: &str) -> bool {
    text.contains('\n') || text.contains('\r') || parse::starts_with_full_line(text)
}

/// Puzzle text rather than a file name: a full puzzle line or several lines, or,
/// when no such file exists, a line of cells (a mistyped puzzle, which the parser
/// then reports precisely: "too few cells: found 80").
fn is_puzzle_argument(argument: &str) -> bool {
    looks_like_puzzle(argument)
        || (!Path::new(argument).exists()
            && (is_mostly_cells(argument) || shape::is_shaped_line(argument)))
}

/// Longer than a grid row and nearly all cell characters: a puzzle line, perhaps broken.
fn is_mostly_cells(text: &str) -> bool {
    let cells = text
        .chars()
        .filter(|c| c.is_ascii_digit() || matches!(c, '.' | '_'))
        .count();
    cells > 2 * 9 && cells * 10 >= text.chars().count() * 9
}

/// "standard input" or the file's name, for messages.
pub fn describe(file: Option<&str>) -> String {
    match file {
        None | Some("-") => "standard input".to_string(),
        Some(path) => path.to_string(),
    }
}

/// "the argument", "standard input" or the file's name, for messages.
pub fn describe_argument(argument: Option<&str>) -> String {
    match argument {
        Some(a) if is_puzzle_argument(a) => "the argument".to_string(),
        other => describe(other),
    }
}

/// What [`Puzzles::next`] found.
pub enum Next {
    /// A content line of a collection of one-line puzzles, now in the caller's
    /// buffer: its number. Parse it with [`formats::read_collection_line`] (or
    /// `parse::read_line` where speed matters).
    Line(usize),
    /// A line that is not UTF-8 text: its error, with the position.
    BadLine(InputError),
    /// A puzzle of a text read whole (a grid, `.sdk`, `.ss`, a candidate grid), or why it could not be read.
    Read(Box<Result<Imported, FormatError>>),
}

/// The puzzles of one input, in order: the one way commands read a PUZZLE or FILE.
pub struct Puzzles {
    lines: LineReader<Box<dyn BufRead>>,
    rules: Rules,
    /// The first content line of a collection, read to tell the format, not yet handed out.
    first: Option<(Result<usize, InputError>, String)>,
    /// The puzzles of a text read whole, when it is one.
    whole: Option<std::vec::IntoIter<Result<Imported, FormatError>>>,
    /// The variant a `# variant:` header line before the first puzzle names.
    header: Option<Variant>,
}

impl Puzzles {
    /// Opens PUZZLE or FILE (`-` or nothing for standard input, or the puzzle text
    /// itself) and tells its format from the file's extension or its first content
    /// line. `rules` says whether givens that clash are an error. Input with no
    /// puzzle at all is an error: "no puzzle found".
    pub fn open(argument: Option<&str>, rules: Rules) -> Result<Puzzles> {
        let source = open_source(argument)?;
        let mut lines = LineReader::new(source.reader, source.name);
        // Comment and blank lines before the first content line, kept in case the text
        // is read whole (up to the limit: a collection may open with a long preamble).
        let mut preamble = String::new();
        let mut text = String::new();
        let first = loop {
            match lines.read_line(&mut text) {
                Ok(None) => anyhow::bail!(no_puzzle(lines.name())),
                Ok(Some(_)) | Err(InputError::NotUtf8 { .. }) if parse::is_skippable(&text) => {
                    if preamble.len() <= MAX_TEXT_BYTES {
                        preamble.push_str(&text);
                        preamble.push('\n');
                    }
                }
                Ok(Some(number)) => break Ok(number),
                Err(error) if error.ends_input() => return Err(error.into()),
                Err(error) => break Err(error),
            }
        };
        let header = preamble
            .lines()
            .enumerate()
            .find_map(|(index, line)| shape::header_variant(line, index + 1))
            .transpose()?;
        // Lines of other shapes (or of a named variant) stream like a collection.
        let shaped = header.is_some() || shape::shape_of(None, None, &text)?.is_some();
        let collection =
            shaped || formats::is_line_collection(source.file_name.as_deref(), &preamble, &text);
        let mut puzzles = Puzzles {
            lines,
            rules,
            first: None,
            whole: None,
            header,
        };
        if collection {
            puzzles.first = Some((first, text));
        } else {
            first?;
            let whole = puzzles.read_rest(preamble + &text + "\n")?;
            let read = formats::read_each(&whole, source.file_name.as_deref(), rules);
            puzzles.whole = Some(read.into_iter());
        }
        Ok(puzzles)
    }

    /// The rest of the input after `start`, whole, within [`MAX_TEXT_BYTES`].
    fn read_rest(&mut self, mut whole: String) -> Result<String, InputError> {
        let mut text = String::new();
        loop {
            if whole.len() > MAX_TEXT_BYTES {
                return Err(InputError::TooLarge {
                    name: self.lines.name().to_string(),
                    limit: MAX_TEXT_BYTES,
                });
            }
            match self.lines.read_line(&mut text)? {
                None => return Ok(whole),
                Some(_) => {
                    whole.push_str(&text);
                    whole.push('\n');
                }
            }
        }
    }

    /// "standard input", "the argument" or the file's name, for messages.
    pub fn name(&self) -> &str {
        self.lines.name()
    }

    /// The variant to read this input with when it is not a classic 9x9 (by `flag`,
    /// a `# variant:` header, or its first line's size); `None` for the classic
    /// reader. Ask before taking the first puzzle.
    pub fn shape(&self, flag: Option<Variant>) -> Result<Option<Variant>> {
        let first = self.first.as_ref().map_or("", |(_, text)| text.as_str());
        if self.whole.is_some() && flag.is_none_or(|v| v == Variant::Classic) {
            return Ok(None);
        }
        Ok(shape::shape_of(flag, self.header, first)?)
    }

    /// The next puzzle, `None` after the last. A collection's lines come as
    /// [`Next::Line`] with their text in `text`; an error that ends the input is `Err`.
    pub fn next(&mut self, text: &mut String) -> Result<Option<Next>, InputError> {
        if let Some(whole) = &mut self.whole {
            return Ok(whole.next().map(|read| Next::Read(Box::new(read))));
        }
        if let Some((read, first)) = self.first.take() {
            *text = first;
            return Ok(Some(match read {
                Ok(number) => Next::Line(number),
                Err(error) => Next::BadLine(error),
            }));
        }
        loop {
            match self.lines.read_line(text) {
                Ok(None) => return Ok(None),
                Ok(Some(_)) | Err(InputError::NotUtf8 { .. }) if parse::is_skippable(text) => {}
                Ok(Some(number)) => return Ok(Some(Next::Line(number))),
                Err(error) if error.ends_input() => return Err(error),
                Err(error) => return Ok(Some(Next::BadLine(error))),
            }
        }
    }

    /// The next puzzle read and checked as [`Puzzles::open`]'s `rules` say, `None`
    /// after the last; its error names the input and the line.
    pub fn next_puzzle(&mut self) -> Result<Option<Imported>> {
        let mut text = String::new();
        let read = match self.next(&mut text)? {
            None => return Ok(None),
            Some(Next::Line(number)) => formats::read_collection_line(&text, number, self.rules),
            Some(Next::BadLine(error)) => return Err(error.into()),
            Some(Next::Read(read)) => *read,
        };
        read.map(Some)
            .with_context(|| format!("cannot read the puzzle in {}", self.name()))
    }
}

/// The first puzzle of PUZZLE (any format; a collection is read no further than
/// its first puzzle line).
pub fn first_puzzle(argument: Option<&str>, rules: Rules) -> Result<Imported> {
    first_of(&mut Puzzles::open(argument, rules)?)
}

/// The first puzzle of an opened input.
pub fn first_of(puzzles: &mut Puzzles) -> Result<Imported> {
    match puzzles.next_puzzle()? {
        Some(first) => Ok(first),
        None => anyhow::bail!(no_puzzle(puzzles.name())),
    }
}

/// The `index`th puzzle (counting from 1) of PUZZLE, checked, read no further
/// than it: the puzzles before it are counted, not parsed, so `play big.txt
/// --index N` costs what reading N lines costs.
pub fn nth_puzzle(argument: Option<&str>, index: usize) -> Result<Imported> {
    let mut puzzles = Puzzles::open(argument, Rules::Checked)?;
    let mut text = String::new();
    let mut seen = 0;
    while seen + 1 < index {
        match puzzles.next(&mut text)? {
            Some(_) => seen += 1,
            None => anyhow::bail!("{} holds {seen} puzzle(s), not {index}", puzzles.name()),
        }
    }
    match puzzles.next_puzzle()? {
        Some(puzzle) => Ok(puzzle),
        None if seen == 0 => anyhow::bail!(no_puzzle(puzzles.name())),
        None => anyhow::bail!("{} holds {seen} puzzle(s), not {index}", puzzles.name()),
    }
}

/// The message for an input without a puzzle (blank, or only comments).
fn no_puzzle(name: &str) -> String {
    format!("no puzzle found in {name}")
}

/// Every puzzle a PUZZLE argument holds, in any format people exchange (lines,
/// grids, SadMan `.sdk`/`.sdm`, Simple Sudoku `.ss`, candidate grids), checked
/// against the rules. A file's extension decides its format when it names one;
/// otherwise the content does. The first unreadable puzzle is the error.
pub fn read_puzzles(argument: Option<&str>) -> Result<Vec<Imported>> {
    let mut puzzles = Puzzles::open(argument, Rules::Checked)?;
    let mut all = Vec::new();
    while let Some(puzzle) = puzzles.next_puzzle()? {
        all.push(puzzle);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-at-a-time search finds the first LF, CR or NUL wherever it is,
    /// behind any other bytes (the ones a subtraction could borrow from included).
    #[test]
    fn first_stop_finds_the_first_ending_or_nul() {
        for length in 0..20 {
            for place in 0..length {
                for stop in [b'\n', b'\r', 0] {
                    for filler in [b'1', 0x01, 0xFF, b'\x0B', b'\x0E'] {
                        let mut bytes = vec![filler; length];
                        bytes[place] = stop;
                        // A second stop later never hides the first.
                        if place + 3 < length {
                            bytes[place + 3] = b'\n';
                        }
                        assert_eq!(first_stop(&bytes), Some(place), "{bytes:?}");
                    }
                }
            }
            assert_eq!(first_stop(&vec![b'x'; length]), None);
        }
    }
}
