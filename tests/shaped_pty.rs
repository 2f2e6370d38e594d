//! End to end on other shapes: the real binary in a pseudo-terminal opens a 16x16
//! and a 12x12 jigsaw (its variant from the file's `# variant:` header), a
//! letter key places a value 10..16 that the screen then shows, the save records
//! the shape and `play FILE` again resumes it; `play --size N` generates one; a
//! small terminal is told the size this shape needs; a jigsaw answers why-not,
//! names the wrong move and rewinds it, and exports its position; at 80x24 a
//! jigsaw replays its moves and learn mode steps its search and keeps the end;
//! the help on a 16x16 names its values `1-9 A-G`.

#[path = "common/session.rs"]
mod session;

use pencilmark::engine::geometry::Variant;
use pencilmark::engine::geometry::format::ShapeReader;
use pencilmark::engine::search;
use session::{ESC, Session, only_head};

/// The puzzle of a fixture file (comment lines skipped), and its solution.
fn puzzle(path: &str, variant: Variant) -> (Vec<u8>, Vec<u8>, usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let puzzle = ShapeReader::new(variant).read(line, 1).unwrap();
    let solution = search::count_shape(&puzzle.geometry, &puzzle.givens, 2)
        .first
        .unwrap();
    (puzzle.givens, solution, puzzle.geometry.side())
}

/// Moves from r1c1 to the first open cell whose solution is a letter (with
/// `j` and `l`, which are no values), types it in lower case, and waits to see
/// it placed. Returns the cell's name and the letter.
fn place_a_letter(session: &mut Session, path: &str, variant: Variant) -> (String, char) {
    let (givens, solution, side) = puzzle(path, variant);
    let cell = (0..givens.len())
        .find(|&c| givens[c] == 0 && solution[c] >= 10)
        .expect("an open cell holds a letter");
    let (row, col) = (cell / side, cell % side);
    session.keys(&"j".repeat(row));
    session.keys(&"l".repeat(col));
    let letter = (b'A' + solution[cell] - 10) as char;
    let name = format!("r{}c{}", row + 1, col + 1);
    session.wait_for(&format!("Cell    {name}: "));
    session.keys(&letter.to_ascii_lowercase().to_string());
    session.wait_for(&format!("Cell    {name}: {letter}"));
    assert!(
        session.text().contains(&format!("({letter})")),
        "the board shows the placed letter:\n{}",
        session.text()
    );
    (name, letter)
}

#[test]
fn a_sixteen_by_sixteen_takes_a_letter_shows_it_and_resumes_from_its_save() {
    let data = tempfile::tempdir().unwrap();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shape16.txt");
    let mut session = Session::start(&["play", file], data.path());
    session.wait_for("Shape   16x16");
    session.wait_for("Filled  95/256");
    let (name, letter) = place_a_letter(&mut session, file, Variant::Classic);
    session.wait_for("Filled  96/256");
    session.keys("q");
    assert!(session.wait_exit().success());
    let head = only_head(data.path());
    assert_eq!(head["shape"]["variant"], "classic");
    let values = head["shape"]["position"]["values"].as_str().unwrap();
    assert_eq!(values.len(), 256);
    assert_eq!(head["shape"]["selected"], name.as_str());
    assert!(values.contains(letter));
    // Opened again, the same file resumes the saved game.
    let mut again = Session::start(&["play", file], data.path());
    again.wait_for("Welcome back");
    again.wait_for("Filled  96/256");
    again.wait_for(&format!("Cell    {name}: {letter}"));
    again.keys("u");
    again.wait_for("Filled  95/256");
    again.keys("q");
    assert!(again.wait_exit().success());
}

#[test]
fn the_help_on_a_sixteen_by_sixteen_names_its_values() {
    let data = tempfile::tempdir().unwrap();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shape16.txt");
    let mut session = Session::start(&["play", file], data.path());
    session.wait_for("Shape   16x16");
    session.keys("?");
    session.wait_for("1-9 A-G");
    let text = session.text();
    let row = text.lines().find(|l| l.contains("1-9 A-G")).unwrap();
    assert!(row.contains("place the digit"), "{text}");
    assert!(
        !text.lines().any(|l| l.contains("1-9   ")),
        "no row names the digit keys alone:\n{text}"
    );
    session.keys(ESC);
    session.wait_gone("1-9 A-G");
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn a_jigsaw_reads_its_variant_from_the_header_and_takes_a_letter() {
    let data = tempfile::tempdir().unwrap();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/jigsaw12.txt");
    let mut session = Session::start(&["play", file], data.path());
    session.wait_for("Shape   12x12 jigsaw");
    place_a_letter(&mut session, file, Variant::Jigsaw);
    session.keys("q");
    assert!(session.wait_exit().success());
    let head = only_head(data.path());
    assert_eq!(head["shape"]["variant"], "jigsaw");
    assert_eq!(head["shape"]["regions"].as_str().unwrap().len(), 144);
}

#[test]
fn size_and_variant_generate_a_puzzle_of_that_shape() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", "--size", "6", "--variant", "x"], data.path());
    session.wait_for("Shape   6x6 x");
    session.wait_for("New 6x6 x game");
    session.keys("7");
    session.wait_for("7 is not a value of a 6x6 x board (1-6)");
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn a_small_terminal_is_told_the_size_the_shape_needs() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start_with(
        &[
            "play",
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shape16.txt"),
        ],
        data.path(),
        (24, 80),
        "xterm",
    );
    session.wait_for("too small for a 16x16 board: need 89 x 34");
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn a_jigsaw_answers_why_not_finds_the_wrong_move_rewinds_and_exports() {
    let data = tempfile::tempdir().unwrap();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/jigsaw6-easy.txt");
    let (givens, solution, side) = puzzle(file, Variant::Jigsaw);
    let regions = {
        let text = std::fs::read_to_string(file).unwrap();
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        ShapeReader::new(Variant::Jigsaw)
            .read(line, 1)
            .unwrap()
            .geometry
    };
    let cell = (0..givens.len()).find(|&c| givens[c] == 0).unwrap();
    let peer_value = regions
        .peers(cell)
        .iter()
        .map(|&p| givens[p])
        .find(|&v| v != 0)
        .unwrap();
    let mut session = Session::start(&["play", file], data.path());
    session.wait_for("Shape   6x6 jigsaw");
    session.keys(&"j".repeat(cell / side));
    session.keys(&"l".repeat(cell % side));
    session.wait_for(&format!("Cell    {}", regions.cell_name(cell)));
    session.keys("w");
    session.wait_for("Press 1-6");
    session.keys(&peer_value.to_string());
    session.wait_for(&format!("sees the {peer_value} in"));
    let wrong = solution[cell] % 6 + 1;
    session.keys(&wrong.to_string());
    session.wait_for(&format!("Cell    {}: {wrong}", regions.cell_name(cell)));
    session.keys("F");
    session.wait_for(&format!("Move 1: you placed {wrong} in"));
    session.keys("F");
    session.wait_for("Rewound to just before");
    session.wait_for(&format!("Cell    {}: ", regions.cell_name(cell)));
    session.keys("e");
    session.wait_for("Exported to");
    session.keys("q");
    assert!(session.wait_exit().success());
    let export = std::fs::read_dir(data.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("export-")
        })
        .expect("an export file");
    let text = std::fs::read_to_string(export).unwrap();
    assert!(
        text.starts_with("# pencilmark export: 6x6 jigsaw, givens "),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1 + side, "{text}");
}

#[test]
fn a_bad_shaped_puzzle_is_refused_with_its_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.txt");
    std::fs::write(&file, "# variant: x\n1...\n").unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .args(["play", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("line 2"), "{stderr}");
}

#[test]
fn a_jigsaw_replays_its_moves_and_learn_mode_steps_its_search_at_80x24() {
    let data = tempfile::tempdir().unwrap();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/jigsaw6-hard.txt");
    let (givens, solution, side) = puzzle(file, Variant::Jigsaw);
    let cell = (0..givens.len()).find(|&c| givens[c] == 0).unwrap();
    let name = format!("r{}c{}", cell / side + 1, cell % side + 1);
    let mut session = Session::start_with(&["play", file], data.path(), (24, 80), "xterm-256color");
    session.wait_for("Shape   6x6 jigsaw");
    session.keys(&"j".repeat(cell / side));
    session.keys(&"l".repeat(cell % side));
    session.wait_for(&format!("Cell    {name}"));
    // A wrong value, then the replay: its page says so and the summary names it.
    let wrong = solution[cell] % 6 + 1;
    session.keys(&wrong.to_string());
    session.wait_for(&format!("Cell    {name}: {wrong}"));
    session.keys("R");
    session.wait_for("Start: 1 move");
    session.keys("n");
    session.wait_for("Move 1 of 1 (step 1)");
    session.wait_for(&format!("WRONG: {} goes in", solution[cell]));
    session.keys("G");
    session.wait_for("First wrong move. Move 1:");
    session.keys("R");
    session.wait_gone("Start: 1 move");
    // Undone, learn mode steps the search from the givens and keeps its end.
    session.keys("u");
    session.wait_for(&format!("Cell    {name}: "));
    session.keys("L");
    session.wait_for("learn mode · 6x6 jigsaw");
    session.keys(" ");
    session.wait_for("The givens placed");
    session.keys("o");
    session.wait_for("row-major");
    session.keys("\x1b[F");
    session.wait_for("Run ended: solved. Both orders:");
    session.keys("k");
    // The board the engine filled wins, but not as the player's own.
    session.wait_for("Solved by the computer");
    session.wait_for("1 learn-mode keep");
    session.keys("q");
    assert!(session.wait_exit().success());
}

/// Check and solve follow the classic board's rule on every shape: on a 16x16
/// the check (`Alt-C`: `C` enters the value 12 there) names the wrong cell and
/// the solve refuses while it is wrong, naming it; once it is undone, the solve
/// fills the board.
#[test]
fn a_sixteen_by_sixteen_check_names_the_wrong_cell_and_solve_refuses_over_it() {
    let data = tempfile::tempdir().unwrap();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shape16.txt");
    let (givens, solution, side) = puzzle(file, Variant::Classic);
    let cell = (0..givens.len())
        .find(|&c| givens[c] == 0 && solution[c] >= 10)
        .expect("an open cell holds a letter");
    let name = format!("r{}c{}", cell / side + 1, cell % side + 1);
    // Another letter than the solution's: A, or B where A is right.
    let wrong = if solution[cell] == 10 { 'b' } else { 'a' };
    let mut session = Session::start(&["play", file], data.path());
    session.wait_for("Filled  95/256");
    session.keys(&"j".repeat(cell / side));
    session.keys(&"l".repeat(cell % side));
    session.wait_for(&format!("Cell    {name}: "));
    session.keys(&wrong.to_string());
    session.wait_for("Filled  96/256");
    session.keys(&format!("{ESC}C"));
    session.wait_for(&format!("1 wrong: {name}"));
    let shown = format!("!{}!", wrong.to_ascii_uppercase());
    assert!(
        session.text().contains(&shown),
        "the wrong value is marked {shown}:\n{}",
        session.text()
    );
    session.keys("S");
    session.wait_for("Fill in the whole solution?");
    session.keys("y");
    session.wait_for(&format!(
        "Your values make the puzzle unsolvable; wrong: {name}"
    ));
    assert!(session.text().contains("Filled  96/256"), "nothing filled");
    session.keys("u");
    session.wait_for("Filled  95/256");
    session.keys("S");
    session.wait_for("Fill in the whole solution?");
    session.keys("y");
    session.wait_for("Filled  256/256");
    session.wait_for("Solved by the computer");
    session.keys("q");
    assert!(session.wait_exit().success());
}
