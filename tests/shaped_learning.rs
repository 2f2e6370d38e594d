//! The classic player's learning tools on other shapes, in ratatui's
//! `TestBackend`: the export in the shape's alphabet, the pencil-mark audit (and
//! its stale fix), why-not, the first wrong move (and its rewind), hints that
//! read the candidates on show, and stepping a hint's links on the board.

use pencilmark::app::action::Action;
use pencilmark::app::keymap::keymap;
use pencilmark::app::review::AuditMark;
use pencilmark::app::shaped::ShapedGame;
use pencilmark::app::state::{CandidateMode, State};
use pencilmark::app::ui;
use pencilmark::app::update::{Effect, update};
use pencilmark::engine::geometry::Variant;
use pencilmark::engine::geometry::format::ShapeReader;
use pencilmark::engine::geometry::logic::ShapeHint;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Modifier;

/// The first puzzle line of `text` (comment lines skipped), read as `variant`.
fn shaped_state(variant: Variant, text: &str) -> State {
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let puzzle = ShapeReader::new(variant).read(line, 1).unwrap();
    State::shaped(puzzle.geometry, puzzle.givens, "test")
}

fn jigsaw6() -> State {
    shaped_state(Variant::Jigsaw, include_str!("../puzzles/jigsaw6-easy.txt"))
}

fn game(state: &State) -> &ShapedGame {
    state.shaped.as_ref().unwrap()
}

fn said(state: &State) -> String {
    state.message.clone().map(|m| m.text).unwrap_or_default()
}

fn press(state: &mut State, keys: &str) {
    for ch in keys.chars() {
        let event = KeyEvent::new(KeyCode::Char(ch), KeyModifiers::NONE);
        if let Some(action) = keymap(event, state) {
            update(state, action);
        }
    }
}

fn select(state: &mut State, cell: usize) {
    let side = game(state).geometry.side();
    update(
        state,
        Action::Select {
            row: (cell / side) as u8,
            col: (cell % side) as u8,
        },
    );
}

/// The open cells, row-major.
fn open_cells(state: &State) -> Vec<usize> {
    let game = game(state);
    (0..game.givens.len())
        .filter(|&c| game.position.values[c] == 0)
        .collect()
}

fn solution(state: &State) -> Vec<u8> {
    game(state).solution.clone().unwrap()
}

fn draw(state: &State, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui::render(state, frame)).unwrap();
    terminal.backend().buffer().clone()
}

fn reversed_cells(buffer: &Buffer) -> usize {
    buffer
        .content
        .iter()
        .filter(|c| c.modifier.contains(Modifier::REVERSED) && c.symbol() != " ")
        .count()
}

#[test]
fn export_writes_the_shape_in_its_alphabet_through_the_one_writer() {
    let mut state = jigsaw6();
    let Effect::Export(text) = update(&mut state, Action::Export) else {
        panic!("the export is handed to the loop");
    };
    let mut lines = text.lines();
    let head = lines.next().unwrap();
    assert!(
        head.starts_with("# pencilmark export: 6x6 jigsaw, givens "),
        "{head}"
    );
    // The givens line is followed by the regions, as a jigsaw's puzzle line is.
    assert_eq!(head.split_whitespace().count(), 8, "{head}");
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 6, "a jigsaw has no boxes, so no rules:\n{text}");
    for row in &rows {
        assert_eq!(row.split_whitespace().count(), 6, "{row}");
        assert!(
            row.chars().all(|c| c == ' ' || ('1'..='6').contains(&c)),
            "{row}"
        );
    }
    // A 16x16 writes its letters, in 4x4 boxes.
    let mut sixteen = shaped_state(Variant::Classic, include_str!("data/shape16.txt"));
    let text = sixteen.candidate_grid();
    assert!(text.contains('G') && text.contains(" | "), "{text}");
    assert_eq!(text.lines().count(), 1 + 16 + 3);
    assert!(matches!(
        update(&mut sixteen, Action::Export),
        Effect::Export(_)
    ));
}

#[test]
fn the_audit_marks_missing_stale_and_removable_marks_and_rubs_out_the_stale() {
    let mut state = jigsaw6();
    let solution = solution(&state);
    let (first, second) = (open_cells(&state)[0], open_cells(&state)[1]);
    // Manual marks: the first open cell every value but its own (missing, and
    // stale where a peer holds one); the second every value.
    update(&mut state, Action::CycleCandidates);
    assert_eq!(state.candidates, CandidateMode::Manual);
    let game_mut = state.shaped.as_mut().unwrap();
    game_mut.position.marks[first] = 0b11_1111 & !(1 << (solution[first] - 1));
    game_mut.position.marks[second] = 0b11_1111;
    press(&mut state, "a");
    let text = said(&state);
    assert!(text.starts_with("Your marks: 1 missing"), "{text}");
    assert!(text.contains("stale (first: "), "{text}");
    assert!(
        text.contains("Press a again to remove the stale ones"),
        "{text}"
    );
    let notes = &state.notes;
    assert_eq!(notes.missing(first), 1 << (solution[first] - 1));
    assert_eq!(notes.missing(second), 0);
    let stale = (1..=6).filter(|&v| notes.kind_of(first, v) == Some(AuditMark::Stale));
    assert!(stale.count() >= 1);
    assert_eq!(state.game.assists.audits, 1);
    // The missing value is drawn reversed in its spot.
    assert!(reversed_cells(&draw(&state, 80, 24)) >= 1);
    press(&mut state, "a");
    assert!(said(&state).starts_with("Removed "), "{}", said(&state));
    assert!(state.notes.is_empty(), "an edit clears the notes");
    let game = game(&state);
    for cell in [first, second] {
        let held = game
            .geometry
            .peers(cell)
            .iter()
            .map(|&p| game.position.values[p]);
        for value in held.filter(|&v| v != 0) {
            assert_eq!(
                game.position.marks[cell] & 1 << (value - 1),
                0,
                "stale {value} left"
            );
        }
    }
    assert_eq!(game.undo.len(), 1, "one undoable step");
}

#[test]
fn why_not_answers_in_the_shapes_terms_and_never_argues_against_the_solution() {
    let mut state = jigsaw6();
    let solution = solution(&state);
    let cell = open_cells(&state)[0];
    let game_ref = game(&state);
    let peer_value = game_ref
        .geometry
        .peers(cell)
        .iter()
        .map(|&p| game_ref.position.values[p])
        .find(|&v| v != 0)
        .unwrap();
    select(&mut state, cell);
    press(&mut state, "w");
    assert!(said(&state).contains("Press 1-6"), "{}", said(&state));
    press(&mut state, &peer_value.to_string());
    let text = said(&state);
    assert!(
        text.contains(&format!("sees the {peer_value} in ")),
        "{text}"
    );
    assert_eq!(
        game(&state).position.values[cell],
        0,
        "asking places nothing"
    );
    press(&mut state, "w");
    press(&mut state, &solution[cell].to_string());
    assert!(
        said(&state).contains("nothing rules it out"),
        "{}",
        said(&state)
    );
    assert_eq!(state.game.assists.whys, 2);
    // Esc cancels the question: the next value is placed again.
    press(&mut state, "w");
    update(&mut state, Action::Dismiss);
    press(&mut state, &solution[cell].to_string());
    assert_eq!(game(&state).position.values[cell], solution[cell]);
}

#[test]
fn the_first_wrong_move_is_named_and_f_again_rewinds_to_just_before_it() {
    let mut state = jigsaw6();
    let solution = solution(&state);
    let open = open_cells(&state);
    let wrong = solution[open[0]] % 6 + 1;
    select(&mut state, open[1]);
    press(&mut state, &solution[open[1]].to_string());
    select(&mut state, open[0]);
    press(&mut state, &wrong.to_string());
    select(&mut state, open[2]);
    press(&mut state, &solution[open[2]].to_string());
    press(&mut state, "F");
    let name = game(&state).cell_name(open[0]);
    let text = said(&state);
    assert!(
        text.starts_with(&format!(
            "Move 2: you placed {wrong} in {name}; {} goes there. 1 move was made since",
            solution[open[0]]
        )),
        "{text}"
    );
    assert_eq!(game(&state).selected, open[0]);
    assert_eq!(state.notes.wrong_move, Some(open[0]));
    press(&mut state, "F");
    assert!(
        said(&state).starts_with("Rewound to just before move 2"),
        "{}",
        said(&state)
    );
    let game_now = game(&state);
    assert_eq!(game_now.position.values[open[0]], 0);
    assert_eq!(game_now.position.values[open[2]], 0);
    assert_eq!(game_now.position.values[open[1]], solution[open[1]]);
    press(&mut state, "F");
    assert!(
        said(&state).starts_with("No wrong move"),
        "{}",
        said(&state)
    );
    press(&mut state, "u");
    assert_eq!(
        game(&state).position.values[open[0]],
        wrong,
        "u undoes the rewind"
    );
}

/// Takes hints (applying each) until one has links; returns whether one did.
fn hint_with_links(state: &mut State) -> bool {
    for _ in 0..200 {
        update(state, Action::Hint);
        let Some(progress) = &game(state).hint else {
            return false;
        };
        match &progress.hint {
            ShapeHint::Step(step) if !step.links.is_empty() => {
                update(state, Action::Hint);
                update(state, Action::Hint);
                return true;
            }
            ShapeHint::Step(_) => (0..3).for_each(|_| {
                update(state, Action::Hint);
            }),
            _ => return false,
        }
    }
    false
}

#[test]
fn a_shaped_hints_links_step_on_the_board_and_the_arrows_move_again_after() {
    let mut state = shaped_state(Variant::Jigsaw, include_str!("../puzzles/jigsaw6-hard.txt"));
    assert!(
        hint_with_links(&mut state),
        "a hard jigsaw needs a step with links"
    );
    let text = said(&state);
    assert!(text.contains("← → step through its links"), "{text}");
    let right = KeyEvent::new(KeyCode::Right, KeyModifiers::NONE);
    let selected = game(&state).selected;
    for _ in 0..2 {
        let action = keymap(right, &state).unwrap();
        update(&mut state, action);
    }
    assert_eq!(
        game(&state).selected,
        selected,
        "the arrows step links, not the cursor"
    );
    let text = said(&state);
    assert!(text.starts_with("Link "), "{text}");
    assert!(text.contains(" link"), "the link says why it holds: {text}");
    let screen = draw(&state, 80, 24);
    assert!(reversed_cells(&screen) >= 2, "both ends drawn reversed");
    let shown: String = screen.content.iter().map(|c| c.symbol()).collect();
    assert!(
        shown.contains("→ links"),
        "the footer names the keys:\n{shown}"
    );
    // Applying it, the next hint is another step: the struck candidates count.
    let before = game(&state).hint.clone();
    press(&mut state, "H");
    assert!(said(&state).starts_with("Applied: "), "{}", said(&state));
    update(&mut state, Action::Hint);
    assert_ne!(
        game(&state).hint.as_ref().map(|h| &h.hint),
        before.as_ref().map(|h| &h.hint)
    );
    let action = keymap(right, &state).unwrap();
    update(&mut state, action);
    assert_ne!(
        game(&state).selected,
        selected,
        "a nudge has no links: → moves"
    );
}

#[test]
fn learn_mode_and_the_replay_still_say_they_are_classic_only() {
    let mut state = jigsaw6();
    for key in ["L", "R"] {
        press(&mut state, key);
        assert!(said(&state).contains("Not on a 6x6 jigsaw board"), "{key}");
        assert!(state.learn.is_none() && state.replay.is_none());
    }
}
