//! How a position is written down: as readable JSON strings in a game's head
//! file, and as one fixed-size line in its undo and redo logs (fixed size, so a
//! log is cut back to any entry by its length alone and appended from there).

use anyhow::{Context, Result, anyhow, bail};
use serde::{Deserialize, Serialize};

use crate::app::state::Position;
use crate::engine::parse;
use crate::engine::types::CELLS;
use crate::engine::{Candidates, Cell, Grid};

/// The saved form of a position: readable strings, not arrays of bits.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedPosition {
    /// The 81-character line, `.` for empty.
    pub digits: String,
    /// 81 space-separated groups of manual marks, `-` for none.
    pub marks: String,
    /// 81 space-separated groups of struck Auto candidates, `-` for none.
    pub struck: String,
}

impl SavedPosition {
    pub fn of(position: &Position) -> SavedPosition {
        let (marks, struck) = position.classic_marks();
        SavedPosition {
            digits: position.digits().to_line(),
            marks: groups(&marks),
            struck: groups(&struck),
        }
    }

    /// The position, checked against the puzzle's givens.
    pub fn into_position(self, givens: &Grid) -> Result<Position> {
        let digits = parse::read_line(&self.digits, 1).context("digits")?;
        check_givens(&digits, givens)?;
        Ok(Position::from_classic(
            &digits,
            &read_groups(&self.marks).context("marks")?,
            &read_groups(&self.struck).context("struck candidates")?,
        ))
    }
}

fn check_givens(digits: &Grid, givens: &Grid) -> Result<()> {
    if let Some(cell) =
        Cell::all().find(|&c| givens.get(c).is_some_and(|d| digits.get(c) != Some(d)))
    {
        bail!("the digits disagree with the given at {cell}");
    }
    Ok(())
}

fn groups(sets: &[Candidates; CELLS]) -> String {
    sets.iter()
        .map(|c| {
            if c.is_empty() {
                "-".to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn read_groups(text: &str) -> Result<[Candidates; CELLS]> {
    let mut sets = [Candidates::NONE; CELLS];
    let mut count = 0;
    for (i, group) in text.split_whitespace().enumerate() {
        if i >= CELLS {
            bail!("more than {CELLS} groups");
        }
        if group != "-" {
            for ch in group.chars() {
                let digit = crate::engine::Digit::from_char(ch)
                    .ok_or_else(|| anyhow!("invalid character {ch:?} in group {}", i + 1))?;
                sets[i] = sets[i].with(digit);
            }
        }
        count += 1;
    }
    if count != CELLS {
        bail!("{count} groups, expected {CELLS}");
    }
    Ok(sets)
}

/// The length of one log line: 81 digits (`0` for empty), the 81 cells' Manual
/// marks and then their struck candidates as three hex digits each, a newline.
pub const RECORD: usize = CELLS + 2 * 3 * CELLS + 1;

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `position` to `out` as one log line of [`RECORD`] bytes.
pub fn write_record(position: &Position, out: &mut Vec<u8>) {
    out.extend(position.digits().values().iter().map(|&v| b'0' + v));
    let (marks, struck) = position.classic_marks();
    for sets in [&marks, &struck] {
        for set in sets {
            let bits = set.bits();
            out.extend([
                HEX[(bits >> 8) as usize & 15],
                HEX[(bits >> 4) as usize & 15],
                HEX[bits as usize & 15],
            ]);
        }
    }
    out.push(b'\n');
}

/// Reads one log line written by [`write_record`], checked against the givens.
pub fn read_record(line: &[u8], givens: &Grid) -> Result<Position> {
    if line.len() != RECORD || line[RECORD - 1] != b'\n' {
        bail!("a line is not {RECORD} bytes long");
    }
    let mut values = [0u8; CELLS];
    for (value, &byte) in values.iter_mut().zip(&line[..CELLS]) {
        if !byte.is_ascii_digit() {
            bail!("invalid digit {:?}", byte as char);
        }
        *value = byte - b'0';
    }
    let digits = Grid::from_values(values);
    check_givens(&digits, givens)?;
    let mut sets = [[Candidates::NONE; CELLS]; 2];
    let hex = &line[CELLS..RECORD - 1];
    for (i, chunk) in hex.chunks_exact(3).enumerate() {
        let text = std::str::from_utf8(chunk).map_err(|_| anyhow!("invalid marks"))?;
        let bits = u16::from_str_radix(text, 16).map_err(|_| anyhow!("invalid marks {text:?}"))?;
        if u32::from(bits) > Candidates::ALL.bits() {
            bail!("invalid marks {text:?}");
        }
        sets[i / CELLS][i % CELLS] = Candidates::from_bits(bits.into());
    }
    Ok(Position::from_classic(&digits, &sets[0], &sets[1]))
}
