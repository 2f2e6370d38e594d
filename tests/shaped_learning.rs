//! The classic player's learning tools on other shapes, in ratatui's
//! `TestBackend`: the export in the shape's alphabet, the pencil-mark audit (and
//! its stale fix), why-not, the first wrong move (and its rewind), hints that
//! read the candidates on show, stepping a hint's links on the board, the
//! replay view and learn mode.

use pencilmark::app::action::Action;
use pencilmark::app::keymap::keymap;
use pencilmark::app::learn::{LearnAction, LearnRun};
use pencilmark::app::replay::Verdict;
use pencilmark::app::review::AuditMark;
use pencilmark::app::state::Game;
use pencilmark::app::state::{CandidateMode, Overlay, State};
use pencilmark::app::ui;
use pencilmark::app::update::{Effect, update};
use pencilmark::engine::geometry::Variant;
use pencilmark::engine::geometry::board::ShapeBoard;
use pencilmark::engine::geometry::format::ShapeReader;
use pencilmark::engine::geometry::learn::ShapeEvent;
use pencilmark::engine::hint::Hint;
use pencilmark::engine::search::dfs::Order;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Modifier;

mod common;
use common::player::screen;

/// The first puzzle line of `text` (comment lines skipped), read as `variant`.
fn shaped_state(variant: Variant, text: &str) -> State {
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let puzzle = ShapeReader::new(variant).read(line, 1).unwrap();
    State::shaped(puzzle.geometry, puzzle.givens, "test")
}

fn jigsaw6() -> State {
    shaped_state(Variant::Jigsaw, include_str!("../puzzles/jigsaw6-easy.txt"))
}

fn game(state: &State) -> &Game {
    &state.game
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
    let game_mut = &mut state.game;
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
    assert_eq!(state.selected, open[0]);
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
        let Some(progress) = &state.hint else {
            return false;
        };
        match &progress.hint {
            Hint::Step(step) if !step.links.is_empty() => {
                update(state, Action::Hint);
                update(state, Action::Hint);
                return true;
            }
            Hint::Step(_) => (0..3).for_each(|_| {
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
    let selected = state.selected;
    for _ in 0..2 {
        let action = keymap(right, &state).unwrap();
        update(&mut state, action);
    }
    assert_eq!(
        state.selected, selected,
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
    let before = state.hint.clone();
    press(&mut state, "H");
    assert!(said(&state).starts_with("Applied: "), "{}", said(&state));
    update(&mut state, Action::Hint);
    assert_ne!(
        state.hint.as_ref().map(|h| &h.hint),
        before.as_ref().map(|h| &h.hint)
    );
    let action = keymap(right, &state).unwrap();
    update(&mut state, action);
    assert_ne!(state.selected, selected, "a nudge has no links: → moves");
}

/// Sends `action`, and does a replay it asks for as the loop would (here on
/// this thread), handing the result back.
fn act(state: &mut State, action: Action) {
    if let Effect::Replay(job) = update(state, action) {
        act(state, Action::Replayed(Box::new(job.run())));
    }
}

#[test]
fn the_replay_walks_a_shaped_game_move_by_move_and_sums_it_up() {
    let mut state = jigsaw6();
    act(&mut state, Action::Replay);
    assert_eq!(said(&state), "No moves yet: nothing to replay");
    let solution = solution(&state);
    let open = open_cells(&state);
    let wrong = solution[open[1]] % 6 + 1;
    // A right value, a wrong one, then the wrong one taken out.
    select(&mut state, open[0]);
    press(&mut state, &solution[open[0]].to_string());
    select(&mut state, open[1]);
    press(&mut state, &wrong.to_string());
    press(&mut state, &wrong.to_string());
    let position = game(&state).position.clone();
    act(&mut state, Action::Replay);
    let view = state.replay.as_ref().expect("the replay view opens");
    assert_eq!(view.moves(), 3);
    assert_eq!(view.annotations.pages[1].text, {
        let name = game(&state).cell_name(open[1]);
        format!(
            "{name}={wrong}: WRONG: {} goes in {name}",
            solution[open[1]]
        )
    });
    assert!(
        view.annotations.pages[0].text.contains("Single"),
        "{}",
        view.annotations.pages[0].text
    );
    assert_eq!(
        view.annotations.pages[2].text.split_once(": ").unwrap().1,
        "erased"
    );
    let text = screen(&state, 80, 24);
    assert!(text.contains("Start: 3 moves"), "{text}");
    press(&mut state, "nn");
    let view = state.replay.as_ref().unwrap();
    let board = &view.board.game;
    assert_eq!(view.board.selected, open[1]);
    assert_eq!(board.position.values[open[1]], wrong);
    assert_eq!(
        view.board.marked_wrong,
        vec![open[1]],
        "the wrong value is marked"
    );
    let text = screen(&state, 80, 24);
    assert!(text.contains("Move 2 of 3"), "{text}");
    assert!(text.contains("WRONG"), "{text}");
    assert!(text.contains(&format!("!{wrong}!")), "drawn wrong:\n{text}");
    press(&mut state, "G");
    let text = screen(&state, 120, 45);
    assert!(
        text.contains("First wrong move. Move 2: you placed"),
        "{text}"
    );
    assert!(text.contains("Move 3 put it right"), "{text}");
    assert!(text.contains("technique"), "{text}");
    let escape = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
    let close = keymap(escape, &state).unwrap();
    update(&mut state, close);
    assert!(state.replay.is_none());
    assert_eq!(
        game(&state).position,
        position,
        "the replay changes nothing"
    );
}

#[test]
fn a_shaped_replay_counts_history_steps_and_is_judged_against_the_one_solution() {
    let mut state = shaped_state(Variant::Classic, include_str!("../puzzles/16x16-easy.txt"));
    let solution = solution(&state);
    let open = open_cells(&state);
    // A letter value and a struck candidate (Auto mode), both right.
    select(&mut state, open[0]);
    update(&mut state, Action::Digit(solution[open[0]]));
    let wrong_mark = (1..=16u8)
        .find(|&v| {
            v != solution[open[1]] && {
                let g = game(&state);
                g.position.auto_candidates(&g.geometry, open[1]) >> (v - 1) & 1 == 1
            }
        })
        .unwrap();
    select(&mut state, open[1]);
    update(&mut state, Action::TogglePencil);
    update(&mut state, Action::Digit(wrong_mark));
    act(&mut state, Action::Replay);
    let view = state.replay.as_ref().expect("the replay view opens");
    assert_eq!(view.moves(), 2);
    assert_eq!(view.step_of, vec![1, 2]);
    assert!(view.annotations.first_wrong.is_none());
    let symbol = game(&state).symbol(wrong_mark);
    assert!(
        view.annotations.pages[1]
            .text
            .contains(&format!("-{symbol}: ")),
        "{}",
        view.annotations.pages[1].text
    );
}

fn learning(state: &State) -> &LearnRun<ShapeBoard<'static>> {
    let learn = state.learn.as_deref().expect("learn mode is open");
    learn.run_on::<ShapeBoard>().expect("a shaped run")
}

#[test]
fn learn_mode_steps_the_search_on_a_jigsaw_and_keeps_its_solution_as_one_move() {
    let mut state = shaped_state(Variant::Jigsaw, include_str!("../puzzles/jigsaw6-hard.txt"));
    let open = open_cells(&state);
    let right = solution(&state)[open[0]];
    select(&mut state, open[0]);
    press(&mut state, &right.to_string());
    update(&mut state, Action::Learn);
    assert_eq!(
        learning(&state).start().givens,
        game(&state).position.values
    );
    let text = screen(&state, 80, 24);
    assert!(text.contains("learn mode · 6x6 jigsaw"), "{text}");
    assert!(text.contains("Press Space to place the givens"), "{text}");
    update(&mut state, Action::LearnStep(LearnAction::Next));
    let run = learning(&state);
    let Some(ShapeEvent::Givens { filled, dead, .. }) = run.current() else {
        panic!("the givens come first: {:?}", run.current());
    };
    assert!(!dead);
    let placed = open_cells(&state).len() - filled.len();
    assert_eq!(
        run.cursor().values().iter().filter(|&&v| v == 0).count(),
        placed,
        "the board shows the givens and their singles"
    );
    let text = screen(&state, 120, 45);
    assert!(text.contains("The givens placed"), "{text}");
    assert!(text.contains("Event 1 of"), "{text}");
    // The rules cannot be switched here; the order can, and re-records the run.
    update(&mut state, Action::LearnStep(LearnAction::ToggleRules));
    assert!(
        said(&state).contains("always propagates both rules"),
        "{}",
        said(&state)
    );
    update(&mut state, Action::LearnStep(LearnAction::ToggleOrder));
    assert_eq!(learning(&state).settings().order, Order::RowMajor);
    assert_eq!(learning(&state).cursor().shown(), 0);
    update(&mut state, Action::LearnStep(LearnAction::ToEnd));
    let text = screen(&state, 120, 45);
    assert!(text.contains("Run ended: solved. Both orders:"), "{text}");
    assert!(text.contains("row-major"), "{text}");
    let before = game(&state).position.clone();
    update(&mut state, Action::LearnStep(LearnAction::Keep));
    assert!(state.learn.is_none());
    assert_eq!(game(&state).position.values, solution(&state));
    assert!(state.game.finished && state.game.solved_by_computer);
    press(&mut state, "u");
    assert_eq!(game(&state).position, before, "one undoable move");
}

#[test]
fn learn_mode_opens_on_a_16x16_and_backs_up_to_the_same_board() {
    let mut state = shaped_state(Variant::Classic, include_str!("../puzzles/16x16-easy.txt"));
    update(&mut state, Action::Learn);
    update(&mut state, Action::LearnStep(LearnAction::Next));
    let first = learning(&state).cursor().clone();
    update(&mut state, Action::LearnStep(LearnAction::Next));
    assert_ne!(learning(&state).cursor(), &first);
    update(&mut state, Action::LearnStep(LearnAction::Back));
    assert_eq!(learning(&state).cursor(), &first);
    let text = screen(&state, 120, 45);
    assert!(text.contains("learn mode · 16x16"), "{text}");
    assert!(!text.contains("too small"), "{text}");
    let escape = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
    let leave = keymap(escape, &state).unwrap();
    update(&mut state, leave);
    assert!(state.learn.is_none());
    assert!(game(&state).undo.is_empty(), "leaving changes nothing");
}

#[test]
fn a_won_shaped_game_replays_from_the_win_screen_and_goes_back_to_it() {
    let mut state = jigsaw6();
    let solution = solution(&state);
    for cell in open_cells(&state) {
        select(&mut state, cell);
        update(&mut state, Action::Digit(solution[cell]));
    }
    assert_eq!(state.overlay, Overlay::Won);
    let key = KeyEvent::new(KeyCode::Char('R'), KeyModifiers::NONE);
    let replay = keymap(key, &state).expect("R works on the win screen");
    act(&mut state, replay);
    let view = state.replay.as_ref().expect("the replay view opens");
    assert!(view.annotations.first_wrong.is_none());
    assert!(
        view.annotations
            .pages
            .iter()
            .all(|p| p.verdict != Verdict::Wrong),
        "every move was right"
    );
    assert!(
        view.annotations.summary.iter().any(|t| t.used > 0),
        "{:?}",
        view.annotations.summary
    );
    let escape = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
    let close = keymap(escape, &state).unwrap();
    update(&mut state, close);
    assert_eq!(state.overlay, Overlay::Won, "back to the win screen");
}
