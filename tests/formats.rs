//! Every puzzle file format we read: a sample file of each under tests/data/, and
//! broken input that must fail with the right line and column.

use std::fs;
use std::path::Path;

use pencilmark::engine::formats::{self, FileFormat, FormatError, Imported};
use pencilmark::engine::parse::ParseError;
use pencilmark::engine::{Cell, Digit, Grid, search};

/// The puzzle every sample file holds (some with a position on top).
const SAMPLE: &str =
    "7.34..5......6...3..8.9.....1......5.....4.8..4273........1...9.8...53...9....6..";

fn sample() -> Grid {
    pencilmark::engine::parse::parse_line(SAMPLE, 1).expect("the sample parses")
}

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Reads a sample with its name as the hint, and checks content detection agrees.
fn read_sample(name: &str, format: FileFormat) -> Vec<Imported> {
    let text = data(name);
    assert_eq!(
        FileFormat::detect(&text),
        format,
        "{name} detected by content"
    );
    let with_hint = formats::read_any(&text, Some(name)).expect(name);
    let without = formats::read_any(&text, None).expect(name);
    assert_eq!(with_hint, without, "{name}: the hint changes nothing here");
    with_hint
}

fn parse_error(result: Result<Vec<Imported>, FormatError>) -> ParseError {
    match result {
        Err(FormatError::Parse(err)) => err,
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn sample_puzzle_has_one_solution() {
    assert_eq!(search::count_solutions(&sample(), 2).count, 1);
}

#[test]
fn lines_file_reads_every_blank_style_and_comment() {
    let puzzles = read_sample("lines.txt", FileFormat::Lines);
    assert_eq!(puzzles.len(), 3);
    assert_eq!(
        puzzles.iter().map(|p| p.line).collect::<Vec<_>>(),
        [3, 4, 5]
    );
    assert!(puzzles.iter().all(|p| p.givens == sample()));
}

#[test]
fn sadman_collection_sdm_reads_each_line() {
    let puzzles = read_sample("collection.sdm", FileFormat::Lines);
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[0].givens, sample());
    // The second line is the first turned half a turn.
    let turned: String = SAMPLE.chars().rev().collect();
    assert_eq!(puzzles[1].givens.to_line(), turned);
}

#[test]
fn multi_line_grid_with_separators_reads() {
    let puzzles = read_sample("grid.txt", FileFormat::Grid);
    assert_eq!(puzzles.len(), 1);
    assert_eq!(puzzles[0].givens, sample());
    assert_eq!(puzzles[0].line, 3);
}

#[test]
fn simple_sudoku_ss_reads_with_its_borders() {
    let puzzles = read_sample("puzzle.ss", FileFormat::SimpleSudoku);
    assert_eq!(puzzles[0].givens, sample());
    assert_eq!(puzzles[0].line, 2, "the first row follows the top border");
}

#[test]
fn sadman_sdk_reads_metadata_puzzle_and_state() {
    let puzzles = read_sample("puzzle.sdk", FileFormat::SadMan);
    let imported = &puzzles[0];
    assert_eq!(imported.givens, sample());
    assert_eq!(imported.line, 6);
    assert_eq!(
        imported.name.as_deref(),
        Some("A sample puzzle with a position")
    );
    let position = imported
        .position
        .expect("the [State] section is a position");
    assert_eq!(position.digits.filled(), sample().filled() + 6);
    assert_eq!(position.digits.get(Cell::at(0, 7)), Some(Digit::new(9)));
    // Open cells carry the candidates their peers leave: r1c2 sees 7 3 4 5 9 (row), 1 4 8 9 (column)...
    let r1c2 = position.candidates[Cell::at(0, 1).index()];
    assert_eq!(r1c2.iter().map(Digit::get).collect::<Vec<_>>(), [2, 6]);
}

#[test]
fn sadman_sdk_without_sections_is_just_the_grid() {
    let puzzles = read_sample("plain.sdk", FileFormat::SadMan);
    assert_eq!(puzzles[0].givens, sample());
    assert_eq!(puzzles[0].name.as_deref(), Some("Just the grid"));
    assert_eq!(puzzles[0].position, None);
}

#[test]
fn candidate_grid_reads_digits_and_pencil_marks() {
    let puzzles = read_sample("candidates.txt", FileFormat::Candidates);
    let position = puzzles[0].position.expect("a candidate grid is a position");
    assert_eq!(position.digits.filled(), sample().filled() + 6);
    assert_eq!(puzzles[0].givens, position.digits);
    let r9c8 = position.candidates[Cell::at(8, 7).index()];
    assert_eq!(
        r9c8.iter().map(Digit::get).collect::<Vec<_>>(),
        [1, 2, 4, 5, 7]
    );
}

#[test]
fn file_name_extensions_name_formats() {
    assert_eq!(
        FileFormat::from_file_name("a/b/Puzzle.SDK"),
        Some(FileFormat::SadMan)
    );
    assert_eq!(FileFormat::from_file_name("x.sdm"), Some(FileFormat::Lines));
    assert_eq!(
        FileFormat::from_file_name("x.ss"),
        Some(FileFormat::SimpleSudoku)
    );
    assert_eq!(FileFormat::from_file_name("x.txt"), None);
    assert_eq!(FileFormat::from_file_name("README"), None);
}

// Broken input: each error names the line (and the column when it is one character).

#[test]
fn lines_with_a_bad_character_name_line_and_column() {
    let mut bad = SAMPLE.to_string();
    bad.replace_range(9..10, "x");
    let text = format!("# header\n{SAMPLE}\n{bad}\n");
    let err = parse_error(formats::read_any(&text, Some("set.sdm")));
    assert_eq!(
        err,
        ParseError::InvalidChar {
            line: 3,
            column: 10,
            ch: 'x'
        }
    );
    assert!(err.to_string().contains("line 3, column 10"), "{err}");
}

#[test]
fn lines_with_a_short_puzzle_name_the_line() {
    let text = format!("{SAMPLE}\n{}\n", &SAMPLE[..80]);
    let err = parse_error(formats::read_any(&text, None));
    assert_eq!(err, ParseError::TooFewCells { line: 2, found: 80 });
}

#[test]
fn lines_with_a_repeated_digit_name_the_line_and_cells() {
    let mut bad = SAMPLE.to_string();
    bad.replace_range(1..2, "7");
    let err = parse_error(formats::read_any(&format!("\n{bad}\n"), None));
    let text = err.to_string();
    assert!(
        matches!(err, ParseError::Conflict { line: 2, .. }),
        "{text}"
    );
    assert!(text.contains("r1c1") && text.contains("r1c2"), "{text}");
}

#[test]
fn empty_file_says_no_puzzle() {
    let err = parse_error(formats::read_any("# only a comment\n\n", Some("x.sdm")));
    assert_eq!(err, ParseError::Empty);
}

#[test]
fn grid_with_a_bad_character_names_line_and_column() {
    let text = data("grid.txt").replace("7 . 3 | 4", "7 . 3 | ?");
    let err = parse_error(formats::read_any(&text, None));
    assert_eq!(
        err,
        ParseError::InvalidChar {
            line: 3,
            column: 9,
            ch: '?'
        }
    );
}

#[test]
fn grid_with_a_short_row_names_the_line() {
    let text = data("grid.txt").replace(". 1 . | . . . | . . 5", ". 1 . | . . . | . 5");
    let err = parse_error(formats::read_any(&text, None));
    assert_eq!(err, ParseError::RowLength { line: 7, found: 8 });
}

#[test]
fn simple_sudoku_with_a_bad_character_names_line_and_column() {
    let text = data("puzzle.ss").replace("|.1.|...|..5|", "|.1.|.x.|..5|");
    let err = parse_error(formats::read_any(&text, Some("puzzle.ss")));
    assert_eq!(
        err,
        ParseError::InvalidChar {
            line: 6,
            column: 7,
            ch: 'x'
        }
    );
}

#[test]
fn simple_sudoku_missing_a_row_names_the_count() {
    let text = data("puzzle.ss").replace("|.9.|...|6..|\n", "");
    let err = parse_error(formats::read_any(&text, Some("puzzle.ss")));
    assert!(
        matches!(err, ParseError::RowCount { found: 8, .. }),
        "{err}"
    );
}

#[test]
fn sadman_with_a_bad_character_names_the_file_line() {
    let text = data("puzzle.sdk").replacen("....6...3", "....6..z3", 1);
    let err = parse_error(formats::read_any(&text, Some("puzzle.sdk")));
    assert_eq!(
        err,
        ParseError::InvalidChar {
            line: 7,
            column: 8,
            ch: 'z'
        }
    );
}

#[test]
fn sadman_state_that_changes_a_given_is_refused() {
    let text = data("puzzle.sdk").replace("[State]\n7.34..59.", "[State]\n1.34..59.");
    match formats::read_any(&text, Some("puzzle.sdk")) {
        Err(err @ FormatError::StateChangesGiven { line: 16, .. }) => {
            assert!(err.to_string().contains("r1c1"), "{err}");
        }
        other => panic!("expected StateChangesGiven at line 16, got {other:?}"),
    }
}

#[test]
fn sadman_state_without_puzzle_is_refused() {
    let text = "[State]\n".to_string() + &data("plain.sdk").replace("#DJust the grid\n", "");
    assert_eq!(
        formats::read_any(&text, Some("x.sdk")),
        Err(FormatError::StateWithoutPuzzle { line: 2 })
    );
}

#[test]
fn candidate_grid_with_a_missing_group_names_the_count() {
    let text = data("candidates.txt").replace("135   9     157", "135   9");
    let err = parse_error(formats::read_any(&text, None));
    assert!(
        matches!(err, ParseError::GroupCount { found: 80, .. }),
        "{err}"
    );
}

#[test]
fn candidate_grid_with_a_bad_character_names_line_and_column() {
    let text = data("candidates.txt").replace("1459  25", "1459  2y");
    let err = parse_error(formats::read_any(&text, Some("marks.txt")));
    assert_eq!(
        err,
        ParseError::InvalidChar {
            line: 3,
            column: 8,
            ch: 'y'
        }
    );
}

#[test]
fn windows_line_endings_read_the_same() {
    for name in [
        "lines.txt",
        "grid.txt",
        "puzzle.sdk",
        "puzzle.ss",
        "candidates.txt",
    ] {
        let text = data(name);
        let crlf = text.replace('\n', "\r\n");
        assert_eq!(
            formats::read_any(&crlf, Some(name)),
            formats::read_any(&text, Some(name)),
            "{name} with CRLF"
        );
    }
}

/// The commands read every format through `input::read_puzzles`: `show --format line`
/// on each sample file prints the sample's givens.
#[test]
fn commands_read_every_sample_format() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    for name in [
        "puzzle.ss",
        "plain.sdk",
        "grid.txt",
        "lines.txt",
        "collection.sdm",
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_pencilmark"))
            .args(["show", "--format", "line"])
            .arg(dir.join(name))
            .output()
            .expect("pencilmark runs");
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let line = String::from_utf8_lossy(&output.stdout).trim().to_string();
        let first = formats::read_any(&data(name), Some(name)).expect("sample reads")[0].givens;
        assert_eq!(line, first.to_line(), "{name}");
    }
}

/// A clash is reported at the line of the row holding its second cell, in every
/// multi-line format; read unchecked, the clash is kept as a position in progress.
#[test]
fn a_clash_is_reported_at_the_line_of_its_second_cell() {
    // Simple Sudoku: row 6 (file line 8) gets a 1, already in column 2 at row 4.
    let text = data("puzzle.ss").replace("|.42|73.|...|", "|.12|73.|...|");
    let err = parse_error(formats::read_any(&text, Some("puzzle.ss")));
    match err {
        ParseError::Conflict { line, conflict } => {
            assert_eq!(line, 8, "{conflict}");
            assert_eq!(conflict.second, Cell::at(5, 1));
        }
        other => panic!("expected a clash, got {other:?}"),
    }
    let kept = formats::read_any_with(&text, Some("puzzle.ss"), formats::Rules::Unchecked)
        .expect("unchecked reading keeps the clash");
    assert_eq!(kept[0].givens.get(Cell::at(5, 1)), Some(Digit::new(1)));
    // SadMan: the [State] grid's clash names its own line (its row 8 is file line 23).
    let text = data("puzzle.sdk").replace("28...53..", "28...53.2");
    match parse_error(formats::read_any(&text, Some("puzzle.sdk"))) {
        ParseError::Conflict { line, .. } => assert_eq!(line, 23),
        other => panic!("expected a clash, got {other:?}"),
    }
}

/// Which texts stream a line at a time: a file's extension decides, else the
/// first content line and the comments before it.
#[test]
fn only_collections_of_puzzle_lines_stream() {
    let line = SAMPLE;
    assert!(formats::is_line_collection(None, "# a comment\n", line));
    assert!(formats::is_line_collection(Some("set.sdm"), "", line));
    assert!(!formats::is_line_collection(Some("one.sdk"), "", line));
    assert!(!formats::is_line_collection(None, "#AAuthor\n", line));
    assert!(!formats::is_line_collection(None, "", "[Puzzle]"));
    assert!(!formats::is_line_collection(None, "", "7.3|4..|5.."));
    assert!(!formats::is_line_collection(None, "", "*-----------*"));
}

/// The one candidate-grid writer writes what the reader reads back, digits and marks.
#[test]
fn written_candidate_grids_read_back() {
    let board = pencilmark::engine::Board::with_auto_candidates(&sample());
    let text = formats::write_candidate_grid(board.digits(), |cell| board.candidates(cell));
    assert_eq!(FileFormat::detect(&text), FileFormat::Candidates);
    let read = formats::read_any(&text, None).expect("the written grid reads");
    let position = read[0].position.expect("a candidate grid is a position");
    assert_eq!(position.digits, *board.digits());
    for cell in Cell::all() {
        assert_eq!(
            position.candidates[cell.index()],
            board.candidates(cell),
            "{cell}"
        );
    }
}
