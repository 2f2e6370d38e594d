//! The player on a 25x25 (5x5 boxes, values `1`-`9` then `A`-`P`): the real
//! binary in a pseudo-terminal opens one, takes a letter beyond `G` and shows
//! it, and saves it; a terminal too small is told the size the shape needs; in
//! ratatui's `TestBackend`, a terminal tall enough shows every candidate in its
//! fixed spot of a 5x5 pencil grid, and 120x45 the values-only board with the
//! panel under it.

#[path = "common/session.rs"]
mod session;

use pencilmark::app::keymap::keymap;
use pencilmark::app::state::State;
use pencilmark::app::ui::{self, BoardSize, Layout};
use pencilmark::app::update::update;
use pencilmark::engine::geometry::Variant;
use pencilmark::engine::geometry::format::ShapeReader;
use pencilmark::engine::search;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use session::{Session, only_head};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shape25.txt");
const DOWN: &str = "\x1b[B";
const RIGHT: &str = "\x1b[C";

/// The fixture's givens and solution.
fn puzzle() -> (Vec<u8>, Vec<u8>) {
    let text = std::fs::read_to_string(FILE).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let puzzle = ShapeReader::new(Variant::Classic).read(line, 1).unwrap();
    assert_eq!(puzzle.geometry.side(), 25);
    let solution = search::count_shape(&puzzle.geometry, &puzzle.givens, 2)
        .first
        .unwrap();
    (puzzle.givens, solution)
}

fn state() -> State {
    let text = std::fs::read_to_string(FILE).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let puzzle = ShapeReader::new(Variant::Classic).read(line, 1).unwrap();
    State::shaped(puzzle.geometry, puzzle.givens, "test")
}

/// The letter of a value 10..=25.
fn letter(value: u8) -> char {
    (b'A' + value - 10) as char
}

#[test]
fn a_25x25_takes_a_letter_beyond_g_shows_it_and_saves_it() {
    let (givens, solution) = puzzle();
    // The first open cell whose value is K (20) or later.
    let cell = (0..givens.len())
        .find(|&c| givens[c] == 0 && solution[c] >= 20)
        .expect("an open cell holds a letter from K to P");
    let (row, col) = (cell / 25, cell % 25);
    let name = format!("r{}c{}", row + 1, col + 1);
    let symbol = letter(solution[cell]);
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", FILE], data.path());
    session.wait_for("Shape   25x25");
    // Letters from H on are values here (`j`, `l` too): arrows move.
    for _ in 0..row {
        session.keys(DOWN);
    }
    for _ in 0..col {
        session.keys(RIGHT);
    }
    session.wait_for(&format!("Cell    {name}: "));
    session.keys(&symbol.to_ascii_lowercase().to_string());
    session.wait_for(&format!("Cell    {name}: {symbol}"));
    assert!(
        session.text().contains(&format!("({symbol})")),
        "the board shows the placed letter:\n{}",
        session.text()
    );
    session.keys("q");
    assert!(session.wait_exit().success());
    let head = only_head(data.path());
    let values = head["shape"]["position"]["values"].as_str().unwrap();
    assert_eq!(values.len(), 625);
    assert_eq!(values.chars().nth(cell), Some(symbol));
    assert_eq!(head["shape"]["selected"], name.as_str());
}

#[test]
fn a_small_terminal_is_told_the_size_a_25x25_needs() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start_with(&["play", FILE], data.path(), (40, 110), "xterm");
    session.wait_for("too small for a 25x25 board: need 125 x 32");
    session.wait_for("103 x 43");
    session.keys("q");
    assert!(session.wait_exit().success());
}

fn draw(state: &State, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui::render(state, frame)).unwrap();
    terminal.backend().buffer().clone()
}

fn board_at(state: &State, width: u16, height: u16) -> (BoardSize, Rect, Rect) {
    match Layout::for_shape(Rect::new(0, 0, width, height), state.geometry()) {
        Layout::Board {
            size, board, panel, ..
        } => (size, board, panel),
        Layout::TooSmall => panic!("{width}x{height} is too small"),
    }
}

fn press(state: &mut State, key: char) {
    let event = KeyEvent::new(KeyCode::Char(key), KeyModifiers::NONE);
    if let Some(action) = keymap(event, state) {
        update(state, action);
    }
}

#[test]
fn a_tall_terminal_draws_each_candidate_in_its_spot_of_a_five_by_five_grid() {
    let state = state();
    let (size, board, _) = board_at(&state, 180, 135);
    assert_eq!(size, BoardSize::Medium);
    let geometry = state.geometry();
    let plan = size.plan(geometry);
    let buffer = draw(&state, 180, 135);
    let game = &state.game;
    let open: Vec<usize> = (0..625).filter(|&c| game.givens[c] == 0).collect();
    assert!(!open.is_empty());
    for &cell in &open {
        let inner = plan.cell_rect(board, cell);
        let live = game.position.live_candidates(geometry, cell);
        for value in 1..=25u8 {
            let (dx, dy) = plan.candidate_spot(value).unwrap();
            // Row `(v - 1) / 5`, column `(v - 1) % 5` of the cell.
            assert_eq!((dx, dy), ((value as u16 - 1) % 5, (value as u16 - 1) / 5));
            let drawn = buffer[(inner.x + dx, inner.y + dy)].symbol().to_string();
            let expected = if live >> (value - 1) & 1 == 1 {
                game.symbol(value).to_string()
            } else {
                " ".to_string()
            };
            assert_eq!(
                drawn,
                expected,
                "r{}c{} value {value}",
                cell / 25 + 1,
                cell % 25 + 1
            );
        }
    }
}

#[test]
fn at_120x45_the_board_shows_values_only_with_the_panel_under_it() {
    let mut state = state();
    let (size, board, panel) = board_at(&state, 120, 45);
    assert_eq!(size, BoardSize::Compact);
    assert!(panel.y > board.bottom(), "the panel is under the board");
    let game = &state.game;
    let solution = game.solution.clone().unwrap();
    let cell = (0..625)
        .find(|&c| game.givens[c] == 0 && solution[c] == 25)
        .unwrap();
    state.selected = cell;
    press(&mut state, 'p');
    assert_eq!(state.game.position.values[cell], 25);
    let plan = size.plan(state.geometry());
    let inner = plan.cell_rect(board, cell);
    let buffer = draw(&state, 120, 45);
    let shown: String = (0..3)
        .map(|i| buffer[(inner.x + i, inner.y)].symbol())
        .collect();
    assert_eq!(shown, "(P)");
    // The grid is 25 rows and the six rules between bands, not a rule per row.
    assert_eq!(board.height, 31);
}

#[test]
fn at_120x45_the_help_names_the_25_values_and_fits() {
    let mut state = state();
    press(&mut state, '?');
    let buffer = draw(&state, 120, 45);
    let lines: Vec<String> = (0..45)
        .map(|y| (0..120).map(|x| buffer[(x, y)].symbol()).collect())
        .collect();
    let row = lines
        .iter()
        .find(|l| l.contains("1-9 A-P"))
        .unwrap_or_else(|| panic!("no 1-9 A-P row:\n{}", lines.join("\n")));
    assert!(
        row.contains("place the digit (pencil mode: strike out / restore it)"),
        "{row}"
    );
    // Every key of the board is on screen: no scrolling needed at 120x45.
    let text = lines.join("\n");
    assert!(text.contains("mouse click"), "{text}");
    assert!(!text.contains("scroll,"), "{text}");
}
