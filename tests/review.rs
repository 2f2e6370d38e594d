//! Looking back in the player: `F` finds the wrong move injected at a known
//! step of a scripted game and rewinds to just before it (one undo step), the
//! audit's kinds each drawn in their own style (mono included), the replay view
//! walked move by move, and the weakness profile `stats` keeps.

use pencilmark::app::action::Action;
use pencilmark::app::keymap::keymap;
use pencilmark::app::review::AuditMark;
use pencilmark::app::review::GameMoves;
use pencilmark::app::state::{CandidateMode, Game, Overlay, State};
use pencilmark::app::stats::Stats;
use pencilmark::app::update::{Effect, update};
use pencilmark::engine::learn::replay::Move;
use pencilmark::engine::logic::{self, Technique};
use pencilmark::engine::search;
use pencilmark::engine::{Cell, Digit, Grid, parse};
use pencilmark::store::Store;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Modifier;

mod common;
use common::{pencilmark as run, stdout};

/// Project Euler 96, grid 01: an easy puzzle solved by singles.
const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

fn givens() -> Grid {
    parse::parse_line(EASY, 1).unwrap()
}

fn solution() -> Grid {
    search::solve(&givens()).solution.unwrap()
}

fn new_state() -> State {
    State::new(Game::new(givens(), "Project Euler 96, grid 01"))
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

/// Types `keys` through the key table (each char a key; `<` is ←, `>` is →,
/// `~` is Esc).
fn press(state: &mut State, keys: &str) {
    for c in keys.chars() {
        let code = match c {
            '<' => KeyCode::Left,
            '>' => KeyCode::Right,
            '~' => KeyCode::Esc,
            c => KeyCode::Char(c),
        };
        let modifiers = if c.is_ascii_uppercase() {
            KeyModifiers::SHIFT
        } else {
            KeyModifiers::NONE
        };
        if let Some(action) = keymap(KeyEvent::new(code, modifiers), state) {
            act(state, action);
        }
    }
}

/// Sends `action`, and does a replay it asks for as the loop would (here on
/// this thread), handing the result back.
fn act(state: &mut State, action: Action) {
    if let Effect::Replay(job) = update(state, action) {
        act(state, Action::Replayed(Box::new(job.run())));
    }
}

fn select(state: &mut State, c: Cell) {
    update(
        state,
        Action::Select {
            row: c.row() as u8,
            col: c.col() as u8,
        },
    );
}

fn message(state: &State) -> String {
    state
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

/// Plays the first `steps` logical steps' placements, one key press each, as
/// a player following the singles would.
fn play_logically(state: &mut State, steps: usize) {
    for _ in 0..steps {
        let board = state.game.position.board();
        let Some(step) = logic::next_step(&board, &Technique::ALL) else {
            return;
        };
        for &(c, d) in &step.placements {
            select(state, c);
            act(state, Action::Digit(d.get()));
        }
    }
}

/// An open cell and a digit that is not its solution but the digits allow.
fn wrong_candidate(state: &State) -> (Cell, Digit) {
    let board = state.game.position.board();
    board
        .open_cells()
        .find_map(|c| {
            let right = solution().get(c)?;
            let wrong = board.candidates(c).iter().find(|&d| d != right)?;
            Some((c, wrong))
        })
        .expect("an open cell with a wrong candidate")
}

#[test]
fn first_wrong_key_finds_the_injected_error_and_rewinds_before_it_as_one_undo_step() {
    let mut state = new_state();
    play_logically(&mut state, 5);
    let before_error = state.game.position.clone();
    let error_step = state.game.undo.len() + 1;
    // The error: the solution's digit struck out of an open cell (pencil mode, Auto marks).
    let victim = Cell::all()
        .find(|&c| state.game.position.digit(c).is_none())
        .unwrap();
    let right = solution().get(victim).unwrap();
    select(&mut state, victim);
    press(&mut state, "p");
    press(&mut state, &right.to_string());
    press(&mut state, "p");
    // Three right moves on top of it, in other cells.
    let others: Vec<Cell> = Cell::all()
        .filter(|&c| c != victim && state.game.position.digit(c).is_none())
        .take(3)
        .collect();
    for c in others {
        select(&mut state, c);
        update(&mut state, Action::Digit(solution().get(c).unwrap().get()));
    }
    let now = state.game.position.clone();
    select(&mut state, cell("r9c9"));
    press(&mut state, "F");
    let text = message(&state);
    assert!(
        text.contains(&format!(
            "Move {error_step}: you struck {right} from {victim}; {right} goes there. 3 moves were made since on top of it."
        )),
        "{text}"
    );
    assert_eq!(
        state.selected,
        victim.index(),
        "the wrong move's cell is selected"
    );
    assert_eq!(state.notes.wrong_move, Some(victim.index()));
    assert_eq!(state.game.assists.first_wrongs, 1);
    assert_eq!(state.game.position, now, "finding changes nothing");

    press(&mut state, "F");
    assert_eq!(state.game.position, before_error);
    assert!(message(&state).contains("u brings those 4 moves back"));
    press(&mut state, "u");
    assert_eq!(state.game.position, now, "undo brings the moves back");
}

#[test]
fn first_wrong_key_finds_a_wrong_digit_and_any_other_key_withdraws_the_rewind() {
    let mut state = new_state();
    play_logically(&mut state, 3);
    let (c, wrong) = wrong_candidate(&state);
    select(&mut state, c);
    update(&mut state, Action::Digit(wrong.get()));
    let step = state.game.undo.len();
    let answer = solution().get(c).unwrap();
    press(&mut state, "F");
    let text = message(&state);
    assert!(
        text.contains(&format!(
            "Move {step}: you placed {wrong} in {c}; {answer} goes there. It is the last move."
        )),
        "{text}"
    );
    assert_eq!(state.marked_wrong, vec![c.index()]);
    let now = state.game.position.clone();
    press(&mut state, "l");
    press(&mut state, "F");
    press(&mut state, "~");
    press(&mut state, "F");
    assert_eq!(
        state.game.position, now,
        "F after another key finds again, never rewinds"
    );
}

#[test]
fn first_wrong_key_is_honest_when_no_move_went_wrong_or_the_error_was_put_right() {
    let mut state = new_state();
    press(&mut state, "F");
    assert!(
        message(&state).starts_with("No wrong move"),
        "{}",
        message(&state)
    );
    play_logically(&mut state, 2);
    let (c, wrong) = wrong_candidate(&state);
    select(&mut state, c);
    update(&mut state, Action::Digit(wrong.get()));
    let wrong_step = state.game.undo.len();
    update(&mut state, Action::Digit(solution().get(c).unwrap().get()));
    press(&mut state, "F");
    let text = message(&state);
    assert!(
        text.contains(&format!(
            "No wrong move: your position still leads to the solution. (Move {wrong_step} went wrong; move {} put it right.)",
            wrong_step + 1
        )),
        "{text}"
    );
    assert_eq!(state.notes.wrong_move, None);
}

#[test]
fn game_moves_number_history_steps_as_the_player_made_them() {
    let mut state = new_state();
    play_logically(&mut state, 2);
    let read = GameMoves::of(&state.game).classic();
    assert_eq!(read.steps(), state.game.undo.len());
    assert_eq!(read.moves.len(), read.step_of.len());
    assert!(read.moves.iter().all(|m| matches!(m, Move::Place { .. })));
    assert_eq!(read.step_of, (1..=read.moves.len()).collect::<Vec<_>>());
}

/// The modifiers of the candidate `digit` drawn in `c` on a mono 80x24 screen.
fn candidate_modifiers(state: &State, c: Cell, digit: Digit) -> Modifier {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| pencilmark::app::ui::render(state, frame))
        .unwrap();
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let pencilmark::app::ui::Layout::Board { size, board, .. } =
        pencilmark::app::ui::Layout::for_area(area)
    else {
        panic!("80x24 fits a board");
    };
    let inner = size.cell_rect(board, c);
    let (dx, dy) = size.candidate_spot(digit).expect("room for candidates");
    let buffer = terminal.backend().buffer();
    let drawn = &buffer[(inner.x + dx, inner.y + dy)];
    assert_eq!(drawn.symbol(), digit.to_string());
    drawn.modifier
}

#[test]
fn audit_kinds_each_have_their_own_style_in_mono_until_the_next_edit() {
    let mut state = new_state();
    state.color = false;
    let (r1c1, r1c2) = (cell("r1c1"), cell("r1c2"));
    let right = solution().get(r1c1).unwrap();
    let own = solution().get(r1c2).unwrap();
    press(&mut state, "c");
    assert_eq!(state.candidates, CandidateMode::Manual);
    select(&mut state, r1c1);
    update(&mut state, Action::Digit(right.get()));
    // r1c2 marked with r1c1's digit (stale) and without its own (missing).
    select(&mut state, r1c2);
    press(&mut state, "p");
    press(&mut state, &right.to_string());
    press(&mut state, "p");
    select(&mut state, cell("r9c9"));
    press(&mut state, "a");
    assert!(message(&state).contains("missing reversed, stale struck"));
    assert_eq!(
        state.notes.kind_of(r1c2.index(), right.get()),
        Some(AuditMark::Stale)
    );
    assert_eq!(
        state.notes.kind_of(r1c2.index(), own.get()),
        Some(AuditMark::Missing)
    );
    let stale = candidate_modifiers(&state, r1c2, right);
    let missing = candidate_modifiers(&state, r1c2, own);
    assert!(stale.contains(Modifier::CROSSED_OUT), "{stale:?}");
    assert!(missing.contains(Modifier::REVERSED), "{missing:?}");
    assert_ne!(stale, missing);
    // Esc clears the styles; so does the next edit.
    press(&mut state, "~");
    assert!(state.notes.is_empty());
    press(&mut state, "a");
    assert!(!state.notes.is_empty());
    press(&mut state, "aa");
    assert!(
        state.notes.is_empty(),
        "removing the stale marks is an edit"
    );
}

#[test]
fn replay_view_walks_the_moves_and_ends_with_the_summary() {
    let mut state = new_state();
    play_logically(&mut state, 3);
    let moves = GameMoves::of(&state.game).classic().moves.len();
    let game_position = state.game.position.clone();
    press(&mut state, "R");
    assert_eq!(state.overlay, Overlay::Replay);
    assert_eq!(
        state.game.assists.replays, 1,
        "a replay before the end is help"
    );
    let screen = |state: &State| {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal
            .draw(|frame| pencilmark::app::ui::render(state, frame))
            .unwrap();
        let buffer = terminal.backend().buffer().clone();
        (0..24)
            .map(|y| {
                (0..80)
                    .map(|x| buffer[(x, y)].symbol().to_string())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(screen(&state).contains(&format!("Start: {moves} moves")));
    press(&mut state, ">");
    let view = state.replay.as_ref().unwrap();
    assert_eq!(view.board.selected, view.annotations.pages[0].cell);
    assert_eq!(view.board.game.position.digits().filled(), 33);
    let text = screen(&state);
    assert!(text.contains(&format!("Move 1 of {moves}")), "{text}");
    assert!(text.contains("Single"), "{text}");
    press(&mut state, "G");
    let text = screen(&state);
    assert!(text.contains("No move went wrong"), "{text}");
    assert!(text.contains("technique"), "{text}");
    press(&mut state, "<");
    assert!(screen(&state).contains(&format!("Move {moves} of {moves}")));
    press(&mut state, "~");
    assert_eq!(state.overlay, Overlay::None);
    assert!(state.replay.is_none());
    assert_eq!(
        state.game.position, game_position,
        "the replay changes nothing"
    );
}

#[test]
fn a_game_won_by_hand_adds_its_replay_to_the_weakness_profile() {
    let mut state = new_state();
    play_logically(&mut state, 100);
    assert!(state.game.finished);
    // From the win screen R opens the replay (not an assist: the game is over),
    // the clock stands still in it, and Esc goes back to the win screen.
    assert_eq!(state.overlay, Overlay::Won);
    press(&mut state, "R");
    assert_eq!(state.overlay, Overlay::Replay);
    assert!(!state.clock_runs());
    assert_eq!(state.game.assists.replays, 0);
    press(&mut state, "~");
    assert_eq!(state.overlay, Overlay::Won);
    let single = |key: &str| state.stats.techniques.get(key).copied().unwrap_or_default();
    let used: u32 = state.stats.techniques.values().map(|t| t.used).sum();
    assert!(used >= 49, "every placement is proved: {used}");
    assert!(single("naked_single").games + single("hidden_single").games >= 1);
}

#[test]
fn stats_command_prints_the_profile_and_the_most_missed_technique() {
    let data = tempfile::tempdir().unwrap();
    let mut stats = Stats::default();
    let replayed = {
        let mut state = new_state();
        play_logically(&mut state, 40);
        let read = GameMoves::of(&state.game).classic();
        pencilmark::engine::learn::replay::replay(&givens(), &read.moves).unwrap()
    };
    stats.record(None, 60_000, &Default::default());
    stats.record_techniques(&replayed.summary);
    stats.techniques.entry("x_wing".into()).or_default().missed = 7;
    stats.techniques.entry("x_wing".into()).or_default().games = 2;
    Store::at(data.path()).save_stats(&stats).unwrap();
    let dir = data.path().to_str().unwrap();
    let output = run(&["stats", "--json", "--data-dir", dir], "");
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["techniques"]["x_wing"]["missed"], 7);
    assert_eq!(json["techniques"]["x_wing"]["games"], 2);
    let used = |key: &str| json["techniques"][key]["used"].as_u64().unwrap_or(0);
    assert!(used("hidden_single") + used("naked_single") > 0, "{json}");
    let output = run(&["stats", "--data-dir", dir], "");
    let text = stdout(&output);
    assert!(text.contains("technique"), "{text}");
    assert!(
        text.contains("You miss X-Wing most: 7 of your moves were made"),
        "{text}"
    );
}

#[test]
fn the_replay_is_computed_off_the_update_and_the_board_stays_live_meanwhile() {
    use pencilmark::app::replay::ReplayPurpose;
    let mut state = new_state();
    play_logically(&mut state, 2);
    let Effect::Replay(job) = update(&mut state, Action::Replay) else {
        panic!("R asks the loop for a replay");
    };
    assert_eq!(job.purpose, ReplayPurpose::View);
    assert_eq!(
        state.overlay,
        Overlay::None,
        "nothing opens before it is done"
    );
    assert!(
        message(&state).starts_with("Replaying"),
        "{}",
        message(&state)
    );
    assert_eq!(
        update(&mut state, Action::Replay),
        Effect::None,
        "asked once"
    );
    press(&mut state, "j");
    update(&mut state, Action::Replayed(Box::new(job.run())));
    assert_eq!(state.overlay, Overlay::Replay);

    // The last digit of a game wins it and asks for the profile's replay.
    let mut state = new_state();
    let solution = solution();
    let open: Vec<Cell> = Cell::all()
        .filter(|&c| state.game.position.digit(c).is_none())
        .collect();
    let mut effects = Vec::new();
    for c in open {
        select(&mut state, c);
        effects.push(update(
            &mut state,
            Action::Digit(solution.get(c).unwrap().get()),
        ));
    }
    assert!(state.game.finished);
    let Some(Effect::Replay(job)) = effects.pop() else {
        panic!("the winning move asks for the profile");
    };
    assert_eq!(job.purpose, ReplayPurpose::Profile);
    assert!(effects.iter().all(|e| *e == Effect::None));
    assert!(
        state.stats.techniques.is_empty(),
        "not before the replay is back"
    );
    update(&mut state, Action::Replayed(Box::new(job.run())));
    assert!(!state.stats.techniques.is_empty());
}

#[test]
fn two_players_finishing_at_once_keep_both_profiles() {
    use pencilmark::app::stats::TechniqueStats;
    let entry = |used, missed| TechniqueStats {
        games: 1,
        used,
        missed,
        mistakes: 0,
    };
    let mut base = Stats::default();
    base.techniques.insert("x_wing".into(), entry(1, 1));
    // On disk another player added a game; this one added another since `base`.
    let mut disk = base.clone();
    disk.techniques.insert("x_wing".into(), entry(3, 1));
    let mut mine = base.clone();
    mine.techniques.insert("x_wing".into(), entry(2, 4));
    mine.techniques.insert("xy_wing".into(), entry(5, 0));
    let merged = disk.merged(&base, &mine);
    assert_eq!(merged.techniques["x_wing"].used, 3 + 1);
    assert_eq!(merged.techniques["x_wing"].missed, 1 + 3);
    assert_eq!(merged.techniques["x_wing"].games, 1);
    assert_eq!(merged.techniques["xy_wing"].used, 5);
}

#[test]
fn stats_command_ends_quietly_when_its_reader_goes_away() {
    use std::process::{Command, Stdio};
    let data = tempfile::tempdir().unwrap();
    let mut stats = Stats::default();
    stats.record(None, 1, &Default::default());
    Store::at(data.path()).save_stats(&stats).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .args(["stats", "--json", "--data-dir"])
        .arg(data.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("internal error"), "{stderr}");
    assert_ne!(output.status.code(), Some(101), "{stderr}");
}
