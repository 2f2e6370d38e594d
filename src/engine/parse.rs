//! Text to grids: the 81-character line, the multi-line grid people paste from
//! books and websites, and the candidate grid (81 groups of pencil marks).
//!
//! Every error is a value that says what is wrong and where (line, column, cell).
//! The engine does no I/O: callers hand in text and line numbers. Which of these
//! readers a text needs is told in one place, [`super::formats`].

use thiserror::Error;

use super::board::Board;
use super::grid::{Conflict, Grid};
use super::types::{CELLS, Candidates, Cell, Digit, SIZE};

/// What is wrong with a puzzle's text, with its position. Lines and columns are one-based.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ParseError {
    #[error("line {line}: too few cells: found {found}, expected 81")]
    TooFewCells { line: usize, found: usize },
    #[error("line {line}: too many cells: found {found}, expected 81")]
    TooManyCells { line: usize, found: usize },
    #[error(
        "line {line}, column {column}: invalid character {ch:?} (expected 1-9, or . 0 _ for a blank)"
    )]
    InvalidChar {
        line: usize,
        column: usize,
        ch: char,
    },
    #[error("line {line}: a grid row needs 9 cells, found {found}")]
    RowLength { line: usize, found: usize },
    #[error("line {line}: a grid needs 9 rows of cells, found {found}")]
    RowCount { line: usize, found: usize },
    #[error("line {line}: {conflict}")]
    Conflict { line: usize, conflict: Conflict },
    #[error("line {line}: candidate grid needs 81 groups, found {found}")]
    GroupCount { line: usize, found: usize },
    #[error("line {line}, column {column}: cell {cell} has no candidates")]
    NoCandidates {
        line: usize,
        column: usize,
        cell: Cell,
    },
    #[error("no puzzle found in the input")]
    Empty,
}

/// A cell character's value: `Some(0)` for a blank, `Some(d)` for a digit.
fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        '.' | '0' | '_' => Some(0),
        _ => None,
    }
}

/// Characters that only lay out a grid.
fn is_layout(ch: char) -> bool {
    matches!(ch, '|' | '+' | '-' | '=' | '!' | ':') || ch.is_whitespace()
}

/// Whether a line of a collection carries no puzzle (blank, or a `#` comment).
pub fn is_skippable(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.is_empty() || trimmed.starts_with('#')
}

/// Whether a line starts with a full 81-cell puzzle (so the text is one puzzle per line).
pub fn starts_with_full_line(line: &str) -> bool {
    line.trim_start()
        .chars()
        .take_while(|&c| cell_value(c).is_some())
        .count()
        >= CELLS
}

/// Whether a collection's first content line is a one-line puzzle (possibly a
/// broken one) rather than the first row of a multi-line grid: it starts with a
/// full 81-cell line, or its first word holds more than 9 cells (a grid row, a
/// candidate group and a layout line never do).
pub fn is_puzzle_line(line: &str) -> bool {
    starts_with_full_line(line)
        || line
            .split_whitespace()
            .next()
            .is_some_and(|word| word.chars().filter(|&c| !is_layout(c)).count() > SIZE)
}

/// Reads one 81-character puzzle line, without checking the rules.
///
/// Text after the 81st cell separated by whitespace is a comment.
pub fn read_line(text: &str, line: usize) -> Result<Grid, ParseError> {
    if let Some(grid) = read_plain_line(text.as_bytes()) {
        return Ok(grid);
    }
    let mut values = [0u8; CELLS];
    let mut found = 0;
    let mut started = false;
    for (index, ch) in text.chars().enumerate() {
        if ch.is_whitespace() {
            if started {
                break;
            }
            continue;
        }
        started = true;
        match cell_value(ch) {
            Some(v) if found < CELLS => {
                values[found] = v;
                found += 1;
            }
            Some(_) => {
                let run = CELLS
                    + text
                        .chars()
                        .skip(index)
                        .take_while(|&c| cell_value(c).is_some())
                        .count();
                return Err(ParseError::TooManyCells { line, found: run });
            }
            None => {
                return Err(ParseError::InvalidChar {
                    line,
                    column: index + 1,
                    ch,
                });
            }
        }
    }
    if found < CELLS {
        return Err(ParseError::TooFewCells { line, found });
    }
    Ok(Grid::from_values(values))
}

/// The common case, quickly: exactly 81 cell characters, then the end or whitespace.
/// `None` sends anything else to the careful reader, which finds the error.
fn read_plain_line(bytes: &[u8]) -> Option<Grid> {
    let (cells, rest) = bytes.split_at_checked(CELLS)?;
    if rest.first().is_some_and(|b| !b.is_ascii_whitespace()) {
        return None;
    }
    let mut values = [0u8; CELLS];
    // Eight cells at a time (this runs once per line of every collection
    // `solve` reads; a table look-up per cell was half of reading a line),
    // the 81st by the table.
    let mut words = cells.chunks_exact(8);
    for (eight, word) in values.chunks_exact_mut(8).zip(&mut words) {
        let word = u64::from_le_bytes([
            word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7],
        ]);
        eight.copy_from_slice(&eight_cells(word)?.to_le_bytes());
    }
    let last = PLAIN_CELL[cells[CELLS - 1] as usize];
    if last & NOT_A_CELL != 0 {
        return None;
    }
    values[CELLS - 1] = last;
    Some(Grid::from_values(values))
}

/// The values of eight cell characters (one per byte, as [`PLAIN_CELL`] reads
/// them), or `None` when a byte is not a cell character. Every step works on
/// the eight bytes at once and none carries into the next byte.
fn eight_cells(word: u64) -> Option<u64> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    const LOWS: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    if word & HIGHS != 0 {
        return None;
    }
    // Each byte is below 0x80 now: adding up to 0x80 sets its high bit exactly
    // when it reaches the threshold.
    let at_least_0 = word + ONES * u64::from(0x80 - b'0');
    let above_9 = word + ONES * u64::from(0x80 - b'9' - 1);
    let digits = at_least_0 & !above_9 & HIGHS;
    // The high bit of each byte equal to `byte`.
    let equal = |byte: u8| {
        let apart = word ^ (ONES * u64::from(byte));
        !((apart + LOWS) | apart) & HIGHS
    };
    if digits | equal(b'.') | equal(b'_') != HIGHS {
        return None;
    }
    // A digit's byte less '0' (which reads as a blank), every blank 0.
    let digit_bytes = (digits >> 7) * 0xFF;
    Some((word & digit_bytes) - ((ONES * u64::from(b'0')) & digit_bytes))
}

/// Marks a byte that is not a cell in [`PLAIN_CELL`].
const NOT_A_CELL: u8 = 0x80;

/// Each byte's cell value for [`read_plain_line`]: 1-9 for a digit, 0 for a
/// blank (`.`, `0`, `_`), [`NOT_A_CELL`] otherwise.
static PLAIN_CELL: [u8; 256] = {
    let mut table = [NOT_A_CELL; 256];
    table[b'.' as usize] = 0;
    table[b'0' as usize] = 0;
    table[b'_' as usize] = 0;
    let mut digit = 1;
    while digit <= 9 {
        table[(b'0' + digit) as usize] = digit;
        digit += 1;
    }
    table
};

/// Reads one 81-character puzzle line and checks that its givens obey the rules.
pub fn parse_line(text: &str, line: usize) -> Result<Grid, ParseError> {
    checked(read_line(text, line)?, line)
}

fn checked(grid: Grid, line: usize) -> Result<Grid, ParseError> {
    match grid.first_conflict() {
        Some(conflict) => Err(ParseError::Conflict { line, conflict }),
        None => Ok(grid),
    }
}

/// Reads a multi-line grid: 9 rows of 9 cells, `|`, `+`, `-` and spaces being layout.
/// Blank lines, pure layout lines and `#` comments are skipped. Rules are not checked.
pub fn read_grid(text: &str) -> Result<Grid, ParseError> {
    let mut values = [0u8; CELLS];
    let mut rows = 0;
    let mut last_line = 0;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        if raw.trim_start().starts_with('#') {
            continue;
        }
        let mut row = Vec::with_capacity(SIZE);
        for (column, ch) in raw.chars().enumerate() {
            if is_layout(ch) {
                continue;
            }
            match cell_value(ch) {
                Some(v) => row.push(v),
                None => {
                    return Err(ParseError::InvalidChar {
                        line,
                        column: column + 1,
                        ch,
                    });
                }
            }
        }
        if row.is_empty() {
            continue;
        }
        if row.len() != SIZE {
            return Err(ParseError::RowLength {
                line,
                found: row.len(),
            });
        }
        if rows == SIZE {
            return Err(ParseError::RowCount {
                line,
                found: rows + 1,
            });
        }
        values[rows * SIZE..(rows + 1) * SIZE].copy_from_slice(&row);
        rows += 1;
        last_line = line;
    }
    match rows {
        0 => Err(ParseError::Empty),
        SIZE => Ok(Grid::from_values(values)),
        found => Err(ParseError::RowCount {
            line: last_line,
            found,
        }),
    }
}

/// Reads a candidate grid: 81 groups of digits separated by spaces (layout characters
/// `|`, `+`, `-` allowed). A group of one digit is taken as a placed digit.
pub fn read_candidates(text: &str) -> Result<Board, ParseError> {
    let mut candidates = [Candidates::NONE; CELLS];
    let mut digits = Grid::empty();
    let mut found = 0;
    let mut last_line = 1;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        if raw.trim_start().starts_with('#') {
            continue;
        }
        let mut group: Option<(usize, Candidates, usize)> = None;
        let chars: Vec<char> = raw.chars().chain(std::iter::once(' ')).collect();
        for (column, &ch) in chars.iter().enumerate() {
            if is_layout(ch) {
                if let Some((start, set, len)) = group.take() {
                    if found < CELLS {
                        let cell = Cell::new(found);
                        if set.is_empty() {
                            return Err(ParseError::NoCandidates {
                                line,
                                column: start + 1,
                                cell,
                            });
                        }
                        candidates[found] = set;
                        if len == 1 {
                            digits.set(cell, set.only());
                        }
                    }
                    found += 1;
                }
                continue;
            }
            let Some(value) = cell_value(ch) else {
                return Err(ParseError::InvalidChar {
                    line,
                    column: column + 1,
                    ch,
                });
            };
            let (start, set, len) = group.unwrap_or((column, Candidates::NONE, 0));
            let set = if value == 0 {
                set
            } else {
                set.with(Digit::new(value))
            };
            group = Some((start, set, len + 1));
        }
        last_line = line;
    }
    if found != CELLS {
        return Err(ParseError::GroupCount {
            line: last_line,
            found,
        });
    }
    Ok(Board { digits, candidates })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte value in the first, a middle, the last of a word's and the
    /// 81st place reads as the table says, and nothing else is taken for a cell.
    #[test]
    fn plain_line_reads_every_byte_as_the_table_does() {
        for byte in 0..=255u8 {
            for place in [0, 7, 8, 45, 79, 80] {
                let mut line = [b'.'; CELLS];
                line[place] = byte;
                let read = read_plain_line(&line).map(|grid| grid.values()[place]);
                let expected = PLAIN_CELL[byte as usize];
                let expected = (expected & NOT_A_CELL == 0).then_some(expected);
                assert_eq!(read, expected, "byte {byte:#04x} in place {place}");
            }
        }
        let mixed =
            b"123456789_0.987654321123456789.........987654321123456789123456789____....0000123";
        let values = read_plain_line(mixed)
            .expect("a plain line")
            .values()
            .to_vec();
        let expected: Vec<u8> = mixed.iter().map(|&b| PLAIN_CELL[b as usize]).collect();
        assert_eq!(values, expected);
    }
}
