//! The puzzle file formats people exchange, read into grids: 81-character lines
//! (also SadMan's `.sdm` collections), multi-line grids, SadMan `.sdk`, Simple
//! Sudoku `.ss`, and candidate grids. [`read_any`] tells them apart.
//!
//! Every cell is read by `parse`'s functions; this module only knows how the
//! formats lay grids out in a file (sections, borders, metadata), and keeps the
//! line numbers of errors true to the whole file.

use thiserror::Error;

use super::board::Board;
use super::grid::Grid;
use super::parse::{self, ParseError};
use super::types::{Candidates, Cell, Digit};

/// A puzzle file format.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FileFormat {
    /// One 81-character puzzle per line, blanks `.` `0` `_`, text after the cells a comment
    /// (SadMan's `.sdm` collections are this).
    Lines,
    /// One multi-line grid: 9 rows of 9 cells, `|` `+` `-` `=` and spaces as layout.
    Grid,
    /// SadMan Software's `.sdk`: `#X` metadata lines (`#A` author, `#D` description, ...),
    /// then the grid, optionally in sections `[Puzzle]` and `[State]` (the position reached).
    SadMan,
    /// Simple Sudoku's `.ss`: the grid drawn with `|` `+` `-` and `*` corners.
    SimpleSudoku,
    /// 81 groups of candidate digits (pencil marks); a group of one digit is placed.
    Candidates,
}

impl FileFormat {
    pub const ALL: [FileFormat; 5] = [
        FileFormat::Lines,
        FileFormat::Grid,
        FileFormat::SadMan,
        FileFormat::SimpleSudoku,
        FileFormat::Candidates,
    ];

    /// "lines", "grid", "sdk", "ss", "candidates".
    pub fn key(self) -> &'static str {
        match self {
            FileFormat::Lines => "lines",
            FileFormat::Grid => "grid",
            FileFormat::SadMan => "sdk",
            FileFormat::SimpleSudoku => "ss",
            FileFormat::Candidates => "candidates",
        }
    }

    /// The format a file name's extension promises: `.sdk`, `.sdm`, `.ss`; `None` otherwise.
    pub fn from_file_name(name: &str) -> Option<FileFormat> {
        let (_, extension) = name.rsplit_once('.')?;
        match extension.to_ascii_lowercase().as_str() {
            "sdk" => Some(FileFormat::SadMan),
            "sdm" => Some(FileFormat::Lines),
            "ss" => Some(FileFormat::SimpleSudoku),
            _ => None,
        }
    }

    /// The format of `text`, told from its content: the one place that tells the
    /// formats apart (with [`is_line_collection`], its streaming half).
    pub fn detect(text: &str) -> FileFormat {
        let content = || text.lines().map(str::trim).filter(|l| !l.is_empty());
        if content().any(|l| section_name(l).is_some() || is_sadman_field(l)) {
            return FileFormat::SadMan;
        }
        if content().any(|l| l.starts_with('*') && l.ends_with('*') && l.len() > 1) {
            return FileFormat::SimpleSudoku;
        }
        let Some(first) = text.lines().position(|l| !parse::is_skippable(l)) else {
            return FileFormat::Lines;
        };
        let lines: Vec<&str> = text.lines().collect();
        let preamble = lines[..first].join("\n");
        if opens_line_collection(&preamble, lines[first]) {
            FileFormat::Lines
        } else if is_candidate_grid(text) {
            FileFormat::Candidates
        } else {
            FileFormat::Grid
        }
    }
}

/// A SadMan metadata line: `#` and a tag letter with its value right after (`#AAuthor`).
fn is_sadman_field(line: &str) -> bool {
    let mut chars = line.chars();
    chars.next() == Some('#')
        && chars.next().is_some_and(|tag| "ABCDLSU".contains(tag))
        && chars.next().is_some_and(|c| !c.is_whitespace())
}

/// Whether a text whose first content line is `first`, after the comment lines
/// `preamble`, is a collection of one-line puzzles: no SadMan field before it,
/// not a `[Section]`, and a puzzle line (perhaps a broken one).
fn opens_line_collection(preamble: &str, first: &str) -> bool {
    !preamble.lines().any(|line| is_sadman_field(line.trim()))
        && section_name(first).is_none()
        && parse::is_puzzle_line(first)
}

/// Whether a multi-line text is a candidate grid rather than a grid of digits:
/// some groups of several digits (no blanks), 81 groups, or (a group too many or
/// too few is still a candidate grid) more groups than a grid of 3-cell runs has.
fn is_candidate_grid(text: &str) -> bool {
    let lines = || {
        text.lines()
            .filter(|line| !line.trim_start().starts_with('#'))
    };
    let groups: Vec<&str> = lines()
        .flat_map(|line| line.split(|c: char| c.is_whitespace() || c == '|'))
        .filter(|group| group.chars().any(|c| c.is_ascii_digit()))
        .collect();
    let exact: Vec<&str> = lines()
        .flat_map(|line| line.split(|c: char| c.is_whitespace() || "|+-=!:".contains(c)))
        .filter(|group| !group.is_empty())
        .collect();
    // A group of several candidates; a grid row written without spaces has blanks.
    let several = |groups: &[&str]| {
        groups
            .iter()
            .any(|group| group.len() > 1 && group.chars().all(|c| c.is_ascii_digit() && c != '0'))
    };
    (exact.len() == crate::engine::types::CELLS && several(&exact))
        || (groups.len() > 27 && several(&groups))
}

/// One puzzle read from a file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Imported {
    /// The line the puzzle starts on (one-based).
    pub line: usize,
    /// The givens; for a candidate grid, its placed digits (the format has no givens).
    pub givens: Grid,
    /// The position reached, when the file has one: a candidate grid's digits and
    /// pencil marks, or a SadMan `[State]` with the candidates its digits leave.
    pub position: Option<Board>,
    /// A name from the file's metadata (SadMan `#D` description, else `#A` author).
    pub name: Option<String>,
}

impl Imported {
    fn givens(line: usize, givens: Grid) -> Imported {
        Imported {
            line,
            givens,
            position: None,
            name: None,
        }
    }
}

/// Why a file could not be read: a cell-level error from `parse`, or a format's own rule.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum FormatError {
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error("line {line}: the [State] grid changes the given {given} at {cell} to {found}")]
    StateChangesGiven {
        line: usize,
        cell: Cell,
        given: Digit,
        found: String,
    },
    #[error("line {line}: the [State] grid must follow a [Puzzle] grid")]
    StateWithoutPuzzle { line: usize },
}

/// Whether reading checks that the givens (and placed digits) obey the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rules {
    /// A digit repeated in a unit is an error, reported at the line of its second copy.
    Checked,
    /// Clashing digits are read as they are: a position in progress may hold a
    /// player's wrong digit, which a hint then names as a mistake.
    Unchecked,
}

/// Reads every puzzle in `text`. The format comes from `file_name`'s extension
/// when it names one (`.sdk`, `.sdm`, `.ss`), else from the content. The first
/// unreadable puzzle is the error; a text without a puzzle is [`ParseError::Empty`].
pub fn read_any(text: &str, file_name: Option<&str>) -> Result<Vec<Imported>, FormatError> {
    read_any_with(text, file_name, Rules::Checked)
}

/// [`read_any`], checking the rules or not.
pub fn read_any_with(
    text: &str,
    file_name: Option<&str>,
    rules: Rules,
) -> Result<Vec<Imported>, FormatError> {
    let puzzles = read_each(text, file_name, rules)
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
    if puzzles.is_empty() {
        return Err(ParseError::Empty.into());
    }
    Ok(puzzles)
}

/// Every puzzle in `text`, each read on its own, in order: a collection's bad
/// line is that line's error and the lines after it are still read; a text in
/// a multi-line format is one puzzle. A text without a puzzle gives none.
pub fn read_each(
    text: &str,
    file_name: Option<&str>,
    rules: Rules,
) -> Vec<Result<Imported, FormatError>> {
    let format = file_name
        .and_then(FileFormat::from_file_name)
        .unwrap_or_else(|| FileFormat::detect(text));
    match format {
        FileFormat::Lines => text
            .lines()
            .enumerate()
            .filter(|(_, line)| !parse::is_skippable(line))
            .map(|(i, line)| read_collection_line(line, i + 1, rules))
            .collect(),
        FileFormat::Grid => vec![
            parse::read_grid(text)
                .and_then(|grid| checked_grid(text, grid, rules))
                .map(|grid| Imported::givens(first_content_line(text), grid))
                .map_err(FormatError::from),
        ],
        FileFormat::SadMan => vec![read_sadman(text, rules)],
        FileFormat::SimpleSudoku => vec![read_simple_sudoku(text, rules)],
        FileFormat::Candidates => vec![read_candidate_grid(text, rules)],
    }
}

/// Whether a text can be read a line at a time as a collection of one-line puzzles,
/// from what its start says: the format `file_name`'s extension names, else the
/// first content line `first` and the comment lines before it (`preamble`), told
/// as [`FileFormat::detect`] tells them. The multi-line formats hold one puzzle
/// and are read whole.
pub fn is_line_collection(file_name: Option<&str>, preamble: &str, first: &str) -> bool {
    match file_name.and_then(FileFormat::from_file_name) {
        Some(format) => format == FileFormat::Lines,
        None => opens_line_collection(preamble, first),
    }
}

/// One puzzle line of a collection (line number `number`), text after the cells a comment.
pub fn read_collection_line(
    line: &str,
    number: usize,
    rules: Rules,
) -> Result<Imported, FormatError> {
    let givens = match rules {
        Rules::Checked => parse::parse_line(line, number)?,
        Rules::Unchecked => parse::read_line(line, number)?,
    };
    Ok(Imported::givens(number, givens))
}

fn first_content_line(text: &str) -> usize {
    text.lines()
        .position(|line| !parse::is_skippable(line))
        .map_or(1, |i| i + 1)
}

/// `Puzzle` for a line `[Puzzle]`.
fn section_name(line: &str) -> Option<&str> {
    let trimmed = line.trim();
    trimmed
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic()))
}

/// The lines of `text` for which `keep` holds, the others blanked, so a reader's
/// line numbers stay those of the whole file.
fn keep_lines(text: &str, keep: impl Fn(usize, &str) -> bool) -> String {
    text.lines()
        .enumerate()
        .map(|(i, line)| if keep(i, line) { line } else { "" })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `grid` read from `text`, checked when `rules` says so: a clash is reported at
/// the line of the row holding its second cell, where a reader would find it.
fn checked_grid(text: &str, grid: Grid, rules: Rules) -> Result<Grid, ParseError> {
    match grid.first_conflict() {
        Some(conflict) if rules == Rules::Checked => Err(ParseError::Conflict {
            line: row_line(text, conflict.second.row()),
            conflict,
        }),
        _ => Ok(grid),
    }
}

fn read_sadman(text: &str, rules: Rules) -> Result<Imported, FormatError> {
    // The section each line is in, lowercased; lines before any header are the puzzle.
    let mut sections = Vec::new();
    let mut current = "puzzle".to_string();
    for line in text.lines() {
        match section_name(line) {
            Some(name) => {
                current = name.to_ascii_lowercase();
                sections.push(None);
            }
            None => sections.push(Some(current.clone())),
        }
    }
    let section_text = |name: &str| {
        keep_lines(text, |i, line| {
            sections[i].as_deref() == Some(name) && !line.trim_start().starts_with('#')
        })
    };
    let puzzle_text = section_text("puzzle");
    let state_text = section_text("state");
    if puzzle_text.trim().is_empty() && !state_text.trim().is_empty() {
        return Err(FormatError::StateWithoutPuzzle {
            line: first_content_line(&state_text),
        });
    }
    let mut imported = Imported::givens(
        first_content_line(&puzzle_text),
        read_one_grid(&puzzle_text, rules)?,
    );
    imported.name = sadman_name(text);
    if state_text.trim().is_empty() {
        return Ok(imported);
    }
    let state = read_one_grid(&state_text, rules)?;
    let givens = imported.givens;
    for cell in Cell::all() {
        if let Some(given) = givens.get(cell)
            && state.get(cell) != Some(given)
        {
            return Err(FormatError::StateChangesGiven {
                line: row_line(&state_text, cell.row()),
                cell,
                given,
                found: state
                    .get(cell)
                    .map_or("a blank".to_string(), |d| d.to_string()),
            });
        }
    }
    // SadMan keeps pencil marks in a section of its own we do not read: start from
    // the candidates the placed digits leave.
    let board = Board::with_auto_candidates(&state);
    imported.position = Some(Board {
        digits: state,
        candidates: std::array::from_fn(|i| board.candidates(Cell::new(i))),
    });
    Ok(imported)
}

/// The line of grid row `row` (zero-based) in `text`: the lines with cells, in order.
fn row_line(text: &str, row: usize) -> usize {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            !line.trim_start().starts_with('#')
                && line
                    .chars()
                    .any(|c| c.is_ascii_digit() || matches!(c, '.' | '_'))
        })
        .nth(row)
        .map_or(1, |(i, _)| i + 1)
}

/// A grid that may also be written as one 81-character line.
fn read_one_grid(text: &str, rules: Rules) -> Result<Grid, ParseError> {
    let grid = match text
        .lines()
        .enumerate()
        .find(|(_, l)| !parse::is_skippable(l))
    {
        Some((i, line)) if parse::starts_with_full_line(line) => parse::read_line(line, i + 1)?,
        _ => parse::read_grid(text)?,
    };
    checked_grid(text, grid, rules)
}

/// `#D` description, else `#A` author, of a SadMan file.
fn sadman_name(text: &str) -> Option<String> {
    let field = |tag: &str| {
        text.lines()
            .find_map(|line| line.trim().strip_prefix(tag))
            .map(|value| value.trim().to_string())
            .filter(|value| !value.is_empty())
    };
    field("#D").or_else(|| field("#A"))
}

fn read_simple_sudoku(text: &str, rules: Rules) -> Result<Imported, FormatError> {
    // The top and bottom borders `*-----------*` are the only lines `parse` would not
    // take as layout: blank them.
    let grid_text = keep_lines(text, |_, line| {
        let trimmed = line.trim();
        !(trimmed.starts_with('*') && trimmed.chars().all(|c| matches!(c, '*' | '-')))
    });
    let line = first_content_line(&grid_text);
    let grid = checked_grid(&grid_text, parse::read_grid(&grid_text)?, rules)?;
    Ok(Imported::givens(line, grid))
}

fn read_candidate_grid(text: &str, rules: Rules) -> Result<Imported, FormatError> {
    let marked = parse::read_candidates(text)?;
    checked_grid(text, marked.digits, rules)?;
    Ok(Imported {
        line: first_content_line(text),
        givens: marked.digits,
        position: Some(marked),
        name: None,
    })
}

/// Writes a candidate grid, the exchange format [`read_any`] reads back: each
/// cell's group (a placed digit alone, an open cell its `marks`), columns aligned,
/// `|` and `-` between the boxes. The one writer of the format: `show --format
/// candidates` and the player's export both write through it (a shaped board
/// through [`write_shape_candidate_grid`], which this is on the classic 9x9).
pub fn write_candidate_grid(digits: &Grid, marks: impl Fn(Cell) -> Candidates) -> String {
    let values: Vec<u8> = Cell::all()
        .map(|cell| digits.get(cell).map_or(0, |d| d.get()))
        .collect();
    write_shape_candidate_grid(crate::engine::Geometry::classic(), &values, |cell| {
        marks(Cell::new(cell)).bits()
    })
}

/// A candidate grid of any shape: each cell's group in the shape's alphabet (a
/// placed value alone, an open cell its `marks`, bit `v - 1` for value `v`),
/// columns aligned; `|` and `-` between regular boxes (a jigsaw's pieces are
/// not boxes, so its grid has no rules).
pub fn write_shape_candidate_grid(
    geometry: &crate::engine::Geometry,
    values: &[u8],
    marks: impl Fn(usize) -> crate::engine::geometry::ValueMask,
) -> String {
    let (side, alphabet) = (geometry.side(), geometry.alphabet());
    let groups: Vec<String> = (0..geometry.cells())
        .map(|cell| match values[cell] {
            0 => (1..=side as u8)
                .filter(|v| marks(cell) >> (v - 1) & 1 == 1)
                .map(|v| alphabet.symbol(v))
                .collect(),
            value => alphabet.symbol(value).to_string(),
        })
        .collect();
    let width = groups.iter().map(String::len).max().unwrap_or(1);
    let (box_rows, box_cols) = geometry
        .box_shape()
        .map_or((side, side), |b| (b.rows, b.cols));
    let mut out = String::new();
    for row in 0..side {
        if row > 0 && row.is_multiple_of(box_rows) {
            let bar = "-".repeat(box_cols * (width + 1) + 1);
            let bars = vec![bar; side / box_cols];
            out.push_str(&bars.join("+"));
            out.push('\n');
        }
        let mut line = String::new();
        for col in 0..side {
            if col > 0 && col.is_multiple_of(box_cols) {
                line.push_str(" |");
            }
            line.push_str(&format!(" {:<width$}", groups[row * side + col]));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
