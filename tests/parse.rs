//! Puzzle text: every parser error with its position, comments and skipped lines,
//! the multi-line grid, and arbitrary input that must never panic.

use pencilmark::engine::formats::{self, FileFormat, FormatError, Imported, Rules};
use pencilmark::engine::grid::Conflict;
use pencilmark::engine::parse::{self, ParseError};
use pencilmark::engine::search;
use pencilmark::engine::{Cell, Digit, Grid, Unit};
use proptest::prelude::*;

/// Project Euler 96's first grid, as one line.
const EULER: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// Every puzzle of `text`, each read on its own, through the one reader.
fn puzzles(text: &str) -> Vec<Result<Imported, FormatError>> {
    formats::read_each(text, None, Rules::Checked)
}

/// The first puzzle of `text`'s givens, or the first error.
fn first(text: &str) -> Result<Grid, FormatError> {
    formats::read_any(text, None).map(|all| all[0].givens)
}

fn only_error(text: &str) -> ParseError {
    let parsed = puzzles(text);
    assert_eq!(parsed.len(), 1, "one puzzle in {text:?}");
    match parsed.into_iter().next().unwrap() {
        Err(FormatError::Parse(error)) => error,
        other => panic!("a parse error, not {other:?}"),
    }
}

#[test]
fn a_line_of_81_cells_parses_with_every_blank_character() {
    let grid = parse::parse_line(EULER, 1).unwrap();
    assert_eq!(grid.filled(), 32);
    assert_eq!(grid.get(Cell::at(0, 2)), Some(Digit::new(3)));
    let dotted = EULER.replace('0', ".");
    let underscored = EULER.replace('0', "_");
    assert_eq!(parse::parse_line(&dotted, 1).unwrap(), grid);
    assert_eq!(parse::parse_line(&underscored, 1).unwrap(), grid);
    assert_eq!(grid.to_line(), dotted);
}

#[test]
fn text_after_the_81st_cell_is_a_comment() {
    let grid = parse::parse_line(&format!("{EULER}   Project Euler #1, easy"), 1).unwrap();
    assert_eq!(grid, parse::parse_line(EULER, 1).unwrap());
    let tabbed = parse::parse_line(&format!("{EULER}\tsource: PE96"), 1).unwrap();
    assert_eq!(tabbed, grid);
}

#[test]
fn too_few_cells_says_how_many() {
    let short = &EULER[..80];
    let err = only_error(short);
    assert_eq!(err, ParseError::TooFewCells { line: 1, found: 80 });
    assert_eq!(
        err.to_string(),
        "line 1: too few cells: found 80, expected 81"
    );
    assert_eq!(
        parse::parse_line(&EULER[..40], 7),
        Err(ParseError::TooFewCells { line: 7, found: 40 })
    );
}

#[test]
fn too_many_cells_says_how_many() {
    let long = format!("{EULER}12");
    let err = only_error(&long);
    assert_eq!(err, ParseError::TooManyCells { line: 1, found: 83 });
    assert_eq!(
        err.to_string(),
        "line 1: too many cells: found 83, expected 81"
    );
}

#[test]
fn an_invalid_character_names_line_and_column() {
    let mut text = EULER.to_string();
    text.replace_range(11..12, "x");
    let err = only_error(&format!("# a comment\n\n{text}"));
    assert_eq!(
        err,
        ParseError::InvalidChar {
            line: 3,
            column: 12,
            ch: 'x'
        }
    );
    assert!(
        err.to_string()
            .starts_with("line 3, column 12: invalid character 'x'")
    );
    // Columns count characters, leading spaces included.
    assert_eq!(
        parse::parse_line(&format!("  {text}"), 1),
        Err(ParseError::InvalidChar {
            line: 1,
            column: 14,
            ch: 'x'
        })
    );
    // A character straight after the 81st cell is not a comment.
    assert_eq!(
        parse::parse_line(&format!("{EULER}?"), 1),
        Err(ParseError::InvalidChar {
            line: 1,
            column: 82,
            ch: '?'
        })
    );
}

#[test]
fn a_repeated_digit_names_the_digit_both_cells_and_the_unit() {
    // Row 3 with 7 in columns 2 and 8.
    let mut cells = vec!['.'; 81];
    cells[2 * 9 + 1] = '7';
    cells[2 * 9 + 7] = '7';
    let text: String = cells.iter().collect();
    let err = only_error(&text);
    assert_eq!(
        err,
        ParseError::Conflict {
            line: 1,
            conflict: Conflict {
                digit: Digit::new(7),
                first: Cell::at(2, 1),
                second: Cell::at(2, 7),
                unit: Unit::row(2),
            }
        }
    );
    assert_eq!(
        err.to_string(),
        "line 1: 7 appears twice in row 3: r3c2 and r3c8"
    );
}

#[test]
fn repeats_in_columns_and_boxes_are_found() {
    let mut column = vec!['.'; 81];
    column[4] = '2';
    column[8 * 9 + 4] = '2';
    let err = only_error(&column.iter().collect::<String>());
    assert_eq!(
        err.to_string(),
        "line 1: 2 appears twice in column 5: r1c5 and r9c5"
    );
    let mut boxed = vec!['.'; 81];
    boxed[3 * 9 + 3] = '9';
    boxed[5 * 9 + 5] = '9';
    let err = only_error(&boxed.iter().collect::<String>());
    assert_eq!(
        err.to_string(),
        "line 1: 9 appears twice in box 5: r4c4 and r6c6"
    );
}

#[test]
fn blank_and_comment_lines_are_skipped_and_lines_keep_their_numbers() {
    let text = format!(
        "# a collection\n\n{EULER}\n   \n# another\n{}\n",
        &EULER[..79]
    );
    let parsed = puzzles(&text);
    assert_eq!(parsed.len(), 2);
    assert_eq!(parsed[0].as_ref().unwrap().line, 3);
    assert_eq!(
        parsed[1],
        Err(ParseError::TooFewCells { line: 6, found: 79 }.into())
    );
}

#[test]
fn a_single_short_line_is_a_line_not_a_grid() {
    assert_eq!(FileFormat::detect(&EULER[..80]), FileFormat::Lines);
    assert_eq!(
        FileFormat::detect(&format!("{}\n", &EULER[..12])),
        FileFormat::Lines
    );
    assert_eq!(
        FileFormat::detect("530070000\n600195000\n"),
        FileFormat::Grid
    );
    assert_eq!(FileFormat::detect("+-------+-------+\n"), FileFormat::Grid);
}

const BOOK_GRID: &str = "\
# Wikipedia's example puzzle
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
";

#[test]
fn a_multi_line_grid_with_layout_characters_parses() {
    assert_eq!(FileFormat::detect(BOOK_GRID), FileFormat::Grid);
    let grid = first(BOOK_GRID).unwrap();
    let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    assert_eq!(grid, parse::parse_line(line, 1).unwrap());
    let compact = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    assert_eq!(first(compact).unwrap(), grid);
    let solved = search::solve(&grid).solution.unwrap();
    assert!(solved.is_solution_of(&grid));
}

#[test]
fn grid_errors_name_the_line() {
    let short_row = BOOK_GRID.replace("| 4 . . | 8 . 3 | . . 1 |", "| 4 . . | 8 . 3 | . . |");
    assert_eq!(
        first(&short_row),
        Err(ParseError::RowLength { line: 8, found: 8 }.into())
    );
    let bad_char = BOOK_GRID.replace("| 7 . . | . 2 .", "| 7 . . | . z .");
    assert_eq!(
        first(&bad_char),
        Err(ParseError::InvalidChar {
            line: 9,
            column: 13,
            ch: 'z'
        }
        .into())
    );
    let eight_rows: String = BOOK_GRID
        .lines()
        .filter(|l| !l.contains("| . . . | . 8 . | . 7 9 |"))
        .map(|l| format!("{l}\n"))
        .collect();
    let err = first(&eight_rows).unwrap_err();
    assert!(
        matches!(
            err,
            FormatError::Parse(ParseError::RowCount { found: 8, .. })
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("found 8"), "{err}");
    let ten_rows = format!("{BOOK_GRID}1........\n");
    assert!(matches!(
        first(&ten_rows),
        Err(FormatError::Parse(ParseError::RowCount { found: 10, .. }))
    ));
    let repeated = BOOK_GRID.replace("| . 9 8 |", "| . 5 8 |");
    assert_eq!(
        first(&repeated).unwrap_err().to_string(),
        "line 5: 5 appears twice in box 1: r1c1 and r3c2"
    );
}

#[test]
fn empty_input_has_no_puzzle() {
    assert_eq!(first(""), Err(ParseError::Empty.into()));
    assert_eq!(first("# only a comment\n\n"), Err(ParseError::Empty.into()));
    assert!(puzzles("\n\n# nothing\n").is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn arbitrary_bytes_never_panic_the_parser_or_the_solver(
        bytes in proptest::collection::vec(any::<u8>(), 0..400),
    ) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = FileFormat::detect(&text);
        let _ = parse::read_candidates(&text);
        let _ = parse::read_grid(&text);
        for imported in puzzles(&text).into_iter().flatten() {
            let _ = search::count_solutions(&imported.givens, 2);
        }
    }

    #[test]
    fn text_from_the_puzzle_alphabet_never_panics(
        text in "[0-9._ |+\\-#\nx]{0,300}",
    ) {
        for imported in puzzles(&text).into_iter().flatten() {
            let grid = imported.givens;
            if let Some(solution) = search::solve(&grid).solution {
                prop_assert!(solution.is_solution_of(&grid));
            }
        }
        let _ = first(&text);
    }

    #[test]
    fn any_values_never_panic_the_solver(
        values in proptest::collection::vec(0..=12u8, 81),
    ) {
        let mut cells = [0u8; 81];
        cells.copy_from_slice(&values);
        let grid = Grid::from_values(cells);
        let counted = search::count_solutions(&grid, 2);
        if grid.first_conflict().is_some() {
            prop_assert_eq!(counted.count, 0);
        }
        if let Some(first) = counted.first {
            prop_assert!(first.is_solution_of(&grid));
        }
    }

    #[test]
    fn lines_of_any_length_report_their_cell_count(len in 0usize..200) {
        let text: String = EULER.chars().cycle().take(len).collect();
        let parsed = parse::parse_line(&text, 1);
        match len {
            0..81 => prop_assert_eq!(parsed, Err(ParseError::TooFewCells { line: 1, found: len })),
            81 => prop_assert!(parsed.is_ok()),
            _ => prop_assert_eq!(parsed, Err(ParseError::TooManyCells { line: 1, found: len })),
        }
    }
}
