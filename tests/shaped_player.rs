//! The player on other shapes, in ratatui's `TestBackend`: the board laid out from
//! the geometry (thick rules between jigsaw regions, X diagonals shaded, a 4x4
//! pencil grid on 16x16), letter keys for values 10..16, hints from the shaped
//! ladder, and the too-small message naming the shape's size.

use pencilmark::app::action::Action;
use pencilmark::app::keymap::keymap;
use pencilmark::app::state::{Overlay, State};
use pencilmark::app::ui::{self, BoardSize, Layout};
use pencilmark::app::update::update;
use pencilmark::engine::geometry::format::ShapeReader;
use pencilmark::engine::geometry::{Geometry, Variant};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

mod common;

/// The first puzzle line of `text` (comment lines skipped), read as `variant`.
fn shaped_state(variant: Variant, text: &str) -> State {
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let puzzle = ShapeReader::new(variant).read(line, 1).unwrap();
    State::shaped(puzzle.geometry, puzzle.givens, "test")
}

fn sixteen() -> State {
    shaped_state(Variant::Classic, include_str!("data/shape16.txt"))
}

fn jigsaw() -> State {
    shaped_state(Variant::Jigsaw, include_str!("../puzzles/jigsaw9-easy.txt"))
}

fn draw(state: &State, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui::render(state, frame)).unwrap();
    terminal.backend().buffer().clone()
}

fn text(buffer: &Buffer) -> String {
    let area = buffer.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn press(state: &mut State, keys: &str) {
    for ch in keys.chars() {
        let event = KeyEvent::new(KeyCode::Char(ch), KeyModifiers::NONE);
        if let Some(action) = keymap(event, state) {
            update(state, action);
        }
    }
}

/// Where the board `state` shows is drawn in a `width` x `height` terminal.
fn board_at(state: &State, width: u16, height: u16) -> (BoardSize, Rect) {
    match Layout::for_shape(Rect::new(0, 0, width, height), state.geometry()) {
        Layout::Board { size, board, .. } => (size, board),
        Layout::TooSmall => panic!("{width}x{height} is too small"),
    }
}

#[test]
fn letters_enter_values_ten_to_sixteen_in_either_case() {
    let mut state = sixteen();
    let open = (0..256).find(|&c| state.game.givens[c] == 0).unwrap();
    update(
        &mut state,
        Action::Select {
            row: (open / 16) as u8,
            col: (open % 16) as u8,
        },
    );
    press(&mut state, "g");
    assert_eq!(state.game.position.values[open], 16);
    press(&mut state, "B");
    assert_eq!(state.game.position.values[open], 11);
    // The classic board keeps its letters: `c` cycles the candidates there.
    let mut classic = common::player::new_state();
    let before = classic.candidates;
    press(&mut classic, "c");
    assert_ne!(classic.candidates, before);
}

#[test]
fn a_placed_letter_shows_in_its_cell_at_every_size() {
    let mut state = sixteen();
    let game = &state.game;
    let solution = game.solution.clone().unwrap();
    // An open cell whose solution is a letter, so the placed value clashes with nothing.
    let open = (0..256)
        .find(|&c| game.givens[c] == 0 && solution[c] >= 10)
        .unwrap();
    let letter = game.symbol(solution[open]);
    state.selected = open;
    press(&mut state, &letter.to_ascii_lowercase().to_string());
    for (width, height) in [(120, 45), (200, 80)] {
        let (size, board) = board_at(&state, width, height);
        let plan = size.plan(state.geometry());
        let inner = plan.cell_rect(board, open);
        let (dx, dy) = plan.digit_spot();
        let buffer = draw(&state, width, height);
        let shown: String = (0..3)
            .map(|i| buffer[(inner.x + dx + i, inner.y + dy)].symbol())
            .collect();
        assert_eq!(shown, format!("({letter})"), "{width}x{height} at {size:?}");
    }
}

#[test]
fn sixteen_by_sixteen_candidates_sit_in_a_four_by_four_pencil_grid() {
    let state = sixteen();
    let (size, board) = board_at(&state, 200, 80);
    assert_ne!(size, BoardSize::Compact, "200x80 has room for candidates");
    let plan = size.plan(state.geometry());
    let game = &state.game;
    let buffer = draw(&state, 200, 80);
    let mut seen = 0;
    for cell in (0..256).filter(|&c| game.givens[c] == 0) {
        let live = game.position.live_candidates(&game.geometry, cell);
        let inner = plan.cell_rect(board, cell);
        for value in 1..=16u8 {
            let (dx, dy) = plan.candidate_spot(value).unwrap();
            assert!(dx < inner.width && dy < 4, "value {value} inside the cell");
            let symbol = buffer[(inner.x + dx, inner.y + dy)].symbol().to_string();
            let expected = game.geometry.alphabet().symbol(value).to_string();
            if live >> (value - 1) & 1 == 1 {
                assert_eq!(symbol, expected, "cell {cell} value {value}");
                seen += 1;
            } else {
                assert_ne!(
                    symbol, expected,
                    "cell {cell} value {value} is no candidate"
                );
            }
        }
    }
    assert!(seen > 100, "candidates were drawn ({seen})");
}

#[test]
fn jigsaw_regions_have_thick_rules_between_them_and_thin_inside() {
    let state = jigsaw();
    let geometry = state.geometry().clone();
    for (width, height) in [(80, 24), (120, 45)] {
        let (size, board) = board_at(&state, width, height);
        let plan = size.plan(&geometry);
        let buffer = draw(&state, width, height);
        let (mut thick, mut thin) = (0, 0);
        for row in 0..9 {
            for col in 0..8 {
                let (a, b) = (row * 9 + col, row * 9 + col + 1);
                let inner = plan.cell_rect(board, a);
                let rule = buffer[(inner.right(), inner.y)].symbol().to_string();
                if geometry.region_border(a, b) {
                    assert_eq!(
                        rule,
                        "┃",
                        "{width}x{height}: between r{}c{} and its right",
                        row + 1,
                        col + 1
                    );
                    thick += 1;
                } else {
                    assert_ne!(
                        rule,
                        "┃",
                        "{width}x{height}: inside a region at r{}c{}",
                        row + 1,
                        col + 1
                    );
                    thin += 1;
                }
            }
        }
        assert!(thick > 5 && thin > 5);
    }
}

#[test]
fn x_diagonals_are_shaded_and_other_cells_are_not() {
    let mut state = shaped_state(Variant::X, include_str!("../puzzles/x-easy.txt"));
    state.selected = 1;
    let (size, board) = board_at(&state, 120, 45);
    let plan = size.plan(state.geometry());
    let buffer = draw(&state, 120, 45);
    let theme = pencilmark::app::ui::theme::Theme::new(true);
    let shade = theme.extra_unit().bg;
    // r5c5 on both diagonals, r5c4 on neither, neither a peer of the selection (r1c2).
    let on = plan.cell_rect(board, 40);
    let off = plan.cell_rect(board, 39);
    assert_eq!(buffer[(on.x, on.y)].bg, shade.unwrap());
    assert_ne!(buffer[(off.x, off.y)].bg, shade.unwrap());
}

#[test]
fn too_small_names_the_size_the_shape_needs() {
    let state = sixteen();
    let needed = ui::min_size(&Geometry::regular(16, Variant::Classic).unwrap());
    assert!(needed.0 > ui::min_size(Geometry::classic()).0);
    let screen = text(&draw(&state, 60, 20));
    assert!(screen.contains("16x16"), "{screen}");
    assert!(
        screen.contains(&format!("need {} x {}", needed.0, needed.1)),
        "{screen}"
    );
    // A 6x6 fits where the classic board does not.
    let six = shaped_state(Variant::Classic, include_str!("../puzzles/6x6-easy.txt"));
    assert!(matches!(
        Layout::for_shape(Rect::new(0, 0, 50, 16), six.geometry()),
        Layout::Board { .. }
    ));
}

#[test]
fn the_hint_ladder_works_on_a_shape_and_applies_its_step() {
    let mut state = shaped_state(Variant::Jigsaw, include_str!("../puzzles/jigsaw6-easy.txt"));
    let filled = |state: &State| {
        let values = &state.game.position.values;
        values.iter().filter(|&&v| v != 0).count()
    };
    let before = filled(&state);
    press(&mut state, "H");
    let nudge = state.message.clone().unwrap().text;
    assert!(nudge.starts_with("Hint: "), "{nudge}");
    press(&mut state, "H");
    let technique = state.message.clone().unwrap().text;
    assert_ne!(nudge, technique);
    press(&mut state, "HH");
    assert!(state.message.clone().unwrap().text.starts_with("Applied: "));
    assert_eq!(filled(&state), before + 1, "a single placed");
    assert_eq!(state.game.hints_used, 1);
    press(&mut state, "u");
    assert_eq!(filled(&state), before, "undone");
}

#[test]
fn solving_fills_the_shapes_solution_and_wins() {
    // Learn mode, the replay and the other learning tools are tests/shaped_learning.rs's.
    let mut state = jigsaw();
    // Solving fills the shape's solution and wins.
    press(&mut state, "S");
    press(&mut state, "y");
    assert_eq!(state.overlay, Overlay::Won);
    assert!(state.game.is_complete_and_right());
}

#[test]
fn restarting_a_shape_from_the_new_game_screen_keeps_the_shape() {
    use pencilmark::app::menu::MenuAction;
    let mut state = jigsaw();
    let open = (0..81).find(|&c| state.game.givens[c] == 0).unwrap();
    state.selected = open;
    press(&mut state, "1");
    assert_eq!(state.game.undo.len(), 1);
    press(&mut state, "n");
    // The loop answers `n` with the saved games; none here.
    pencilmark::app::update::menu::open(&mut state, Vec::new());
    press(&mut state, "r");
    update(&mut state, Action::Menu(MenuAction::Yes));
    let shaped = &state.game;
    assert_eq!(shaped.position.values, shaped.givens);
    assert!(shaped.undo.is_empty());
}

#[test]
fn propagation_fills_the_forced_singles_as_one_undoable_step() {
    let mut state = shaped_state(Variant::Jigsaw, include_str!("../puzzles/jigsaw6-easy.txt"));
    press(&mut state, "A");
    let game = &state.game;
    assert!(
        game.is_complete_and_right(),
        "an easy jigsaw falls to singles"
    );
    assert_eq!(state.overlay, Overlay::Won);
    let open = game.givens.iter().filter(|&&v| v == 0).count();
    assert_eq!(state.log.len(), open, "one log line per single");
    press(&mut state, "u");
    let game = &state.game;
    assert_eq!(game.position.values, game.givens, "one step undoes it all");
    assert_eq!(state.game.assists.propagations, 1);
}

/// Types `keys` with Alt held, through the key table.
fn press_alt(state: &mut State, keys: &str) {
    for ch in keys.chars() {
        let event = KeyEvent::new(KeyCode::Char(ch), KeyModifiers::ALT);
        if let Some(action) = keymap(event, state) {
            update(state, action);
        }
    }
}

#[test]
fn actions_on_value_letters_move_to_alt_on_boards_of_more_than_nine_values() {
    let mut state = shaped_state(Variant::Classic, include_str!("../puzzles/12x12-easy.txt"));
    let open = (0..144).find(|&c| state.game.givens[c] == 0).unwrap();
    state.selected = open;
    let before = state.candidates;
    press(&mut state, "c");
    assert_eq!(state.game.position.values[open], 12);
    assert_eq!(state.candidates, before, "plain c is the value 12");
    press_alt(&mut state, "c");
    assert_ne!(state.candidates, before, "Alt-c cycles the candidates");
    press_alt(&mut state, "C");
    assert_eq!(state.game.assists.checks, 1, "Alt-C checks");
    // `f` is no value of a 12x12: it still highlights, and so does Alt-f.
    press(&mut state, "f");
    assert_eq!(state.highlight, Some(12));
    press_alt(&mut state, "f");
    assert_eq!(state.highlight, None);
    press(&mut state, "x");
    press_alt(&mut state, "A");
    assert_eq!(state.game.assists.propagations, 1, "Alt-A propagates");
    assert!(state.game.is_complete_and_right());

    // On 16x16 `f` is 15, and Alt-f highlights.
    let mut state = sixteen();
    let given = (0..256).find(|&c| state.game.givens[c] != 0).unwrap();
    state.selected = given;
    press_alt(&mut state, "f");
    let game = &state.game;
    assert_eq!(state.highlight, Some(game.givens[given]));

    // Alt works on the classic board too: the habit carries over.
    let mut classic = common::player::new_state();
    let before = classic.candidates;
    press_alt(&mut classic, "c");
    assert_ne!(classic.candidates, before);
}

#[test]
fn the_help_and_the_messages_name_the_alt_keys_where_letters_are_values() {
    let mut state = sixteen();
    press(&mut state, "?");
    assert_eq!(state.overlay, Overlay::Help);
    let shown = text(&draw(&state, 100, 90));
    for key in [
        "Alt-c", "Alt-C", "Alt-A", "Alt-f", "Alt-a", "Alt-F", "Alt-e",
    ] {
        assert!(shown.contains(key), "the 16x16 help lacks {key}:\n{shown}");
    }
    // Keys that are no value stay plain: H (hint), p (pencil), M (fill marks).
    for key in ["│H ", "│p ", "│M "] {
        assert!(shown.contains(key), "the 16x16 help lacks {key}:\n{shown}");
    }
    press(&mut state, "?");
    // Hidden candidates: the message names the key that shows them here.
    press_alt(&mut state, "cc");
    press(&mut state, "p");
    let open = (0..256).find(|&c| state.game.givens[c] == 0).unwrap();
    state.selected = open;
    press(&mut state, "1");
    let said = state.message.clone().unwrap().text;
    assert!(said.contains("press Alt-c"), "{said}");

    // The classic help keeps the plain letters.
    let mut classic = common::player::new_state();
    press(&mut classic, "?");
    let shown = text(&draw(&classic, 100, 90));
    assert!(!shown.contains("Alt-"), "{shown}");
}

/// The hint and propagation follow the classic board's rule on every shape: a
/// wrong value is said in two levels (that something disagrees, then where,
/// marked on the board), a value struck out of the cell it belongs to is a
/// mistake too, and propagation reads the candidates on show (a struck one is
/// not filled back) and says where it stopped.
#[test]
fn a_shaped_hint_says_a_mistake_in_two_levels_and_propagation_reads_the_marks_on_show() {
    let mut state = shaped_state(Variant::Jigsaw, include_str!("../puzzles/jigsaw6-easy.txt"));
    let solution = state.game.solution.clone().unwrap();
    let cell = (0..solution.len())
        .find(|&c| !state.game.is_given(c))
        .unwrap();
    state.selected = cell;
    let wrong = solution[cell] % 6 + 1;
    press(&mut state, &wrong.to_string());
    let said = |state: &State| state.message.clone().unwrap().text;
    press(&mut state, "H");
    assert!(
        said(&state).starts_with("Something on the board disagrees with the solution"),
        "{}",
        said(&state)
    );
    assert!(
        state.marked_wrong.is_empty(),
        "the nudge does not say where"
    );
    press(&mut state, "H");
    let name = state.game.cell_name(cell);
    assert_eq!(
        said(&state),
        format!("Wrong here (a value, or a struck-out candidate): {name}")
    );
    assert_eq!(state.marked_wrong, vec![cell]);
    assert_eq!(state.game.assists.nudges, 1);
    assert_eq!(state.game.assists.techniques, 1);
    // Erased, then the right value struck out of the cell: a mistake again.
    press(&mut state, "u");
    state.pencil = true;
    press(&mut state, &solution[cell].to_string());
    state.pencil = false;
    assert_ne!(state.game.position.struck[cell], 0, "struck in Auto mode");
    press(&mut state, "HH");
    assert_eq!(
        said(&state),
        format!("Wrong here (a value, or a struck-out candidate): {name}")
    );
    // Propagation reads the struck candidate: it never fills that cell with
    // its value, and stops where the strike leaves no way on.
    press(&mut state, "A");
    assert_ne!(state.game.position.values[cell], solution[cell]);
    let text = said(&state);
    assert!(
        text.starts_with("Filled ") || text.starts_with("No forced single"),
        "{text}"
    );
}
