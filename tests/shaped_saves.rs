//! Saves and shapes: a shaped game's save records its shape and loads back; a
//! classic save written before shapes could be played (no `shape` field) still
//! loads as it did; the continue list leaves shaped saves out; a shaped save whose
//! position breaks a given is moved aside with a notice, never trusted; a 16x16
//! save written while the player's marks were 16 bits loads unchanged now that
//! they are the engine's `ValueMask` (the save writes marks as symbols).

use pencilmark::app::action::Action;
use pencilmark::app::state::State;
use pencilmark::app::update::update;
use pencilmark::engine::geometry::Variant;
use pencilmark::engine::geometry::format::ShapeReader;
use pencilmark::engine::parse;
use pencilmark::store::shaped::{key, read_head};
use pencilmark::store::{Saver, Store};

const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// A classic head exactly as the format before shapes wrote it.
const OLD_HEAD: &str = r#"{"version":2,"givens":"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..","name":"old","grade":null,"position":{"digits":"4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..","marks":"- 15 - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -","struck":"- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -"},"undo":0,"redo":0,"elapsed_ms":61000,"hints_used":0,"finished":false,"solved_by_computer":false,"counted":false,"candidates":"auto","pencil":false,"selected":"r1c2","saved_at_ms":1700000000000}"#;

#[test]
fn a_classic_save_of_the_previous_format_still_loads() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    std::fs::create_dir_all(dir.path().join("games")).unwrap();
    std::fs::write(
        dir.path().join("games").join(format!("{EASY}.json")),
        OLD_HEAD,
    )
    .unwrap();
    let givens = parse::parse_line(EASY, 1).unwrap();
    let opened = store.open_game(&givens).unwrap();
    assert_eq!(opened.saved.notice, None);
    let (game, view) = opened.saved.value.expect("the old save loads");
    assert_eq!(game.elapsed_ms, 61_000);
    assert_eq!(game.position.digits().to_line()[..3], *"4.3");
    assert_eq!(view.selected, 1, "r1c2");
    assert_eq!(store.list_games().len(), 1, "and is offered to continue");
}

/// A store in a fresh folder (kept while the first value lives) holding `head`
/// as the save of the classic-variant puzzle `line`; its key and file.
fn store_holding(line: &str, head: &str) -> (tempfile::TempDir, Store, String, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let puzzle = ShapeReader::new(Variant::Classic).read(line, 1).unwrap();
    let game_key = key(&puzzle.geometry, &puzzle.givens);
    std::fs::create_dir_all(dir.path().join("games")).unwrap();
    let path = dir.path().join("games").join(format!("{game_key}.json"));
    std::fs::write(&path, head).unwrap();
    (dir, store, game_key, path)
}

#[test]
fn a_shaped_save_written_before_25x25_marks_still_loads_and_saves_the_same() {
    // Written by the player of main 50323f5 (marks `u16`): tests/data/shape16.txt,
    // r1c1 with 5 struck in Auto mode, then Manual marks 7, A and G.
    let old = include_str!("data/shape16-save-before-25x25.json");
    let text = include_str!("data/shape16.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let (_dir, store, game_key, path) = store_holding(line, old);
    let (saved, mut saver) = store.open_shaped(&game_key, read_head).unwrap();
    assert_eq!(saved.notice, None);
    let (game, view) = saved.value.expect("the old shaped save loads");
    let shaped = &game;
    let bit = |v: u8| 1u32 << (v - 1);
    assert_eq!(shaped.position.marks[0], bit(7) | bit(10) | bit(16));
    assert_eq!(shaped.position.struck[0], bit(5));
    assert_eq!(shaped.undo.len(), 4);
    assert!(view.pencil);
    // Saved again, its position is written exactly as before.
    let mut state = State::shaped(shaped.geometry.clone(), shaped.givens.clone(), "again");
    state.game = game;
    saver.save(&state).unwrap();
    let field = |text: &str| -> serde_json::Value {
        serde_json::from_str::<serde_json::Value>(text).unwrap()["shape"]["position"].clone()
    };
    assert_eq!(field(&std::fs::read_to_string(&path).unwrap()), field(old));
}

#[test]
fn a_shaped_save_of_the_format_with_two_selections_resumes_the_shapes_selection() {
    // Written by the player of main 5570232 (the selection kept twice: `r1c1` in
    // the classic head, the shape's own in `shape.selected`): 4x4-easy #1, r2c4
    // selected, 3 struck out of it in Auto mode, then quit.
    let old = include_str!("data/shape4-save-before-one-game.json");
    let (_dir, store, game_key, path) = store_holding("3.2........1.4..", old);
    let (saved, mut saver) = store.open_shaped(&game_key, read_head).unwrap();
    assert_eq!(saved.notice, None);
    let (game, view) = saved.value.expect("the old shaped save loads");
    let shaped = &game;
    assert_eq!(view.selected, 7, "r2c4, the shape's selection");
    assert_eq!(shaped.position.struck[7], 1 << 2);
    assert_eq!(game.elapsed_ms, 3612);
    // Saved again, the selection is written in both places by its name.
    let mut state = State::shaped(shaped.geometry.clone(), shaped.givens.clone(), "again");
    state.game = game;
    pencilmark::app::state::View::apply(view, &mut state);
    saver.save(&state).unwrap();
    let head: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(head["shape"]["selected"], "r2c4");
    assert_eq!(head["selected"], "r2c4");
}

/// Where every shaped save test starts: a store in a fresh folder (kept while
/// `dir` lives), a 12x12 jigsaw game on screen, its save's key and the saver
/// holding its file.
struct Session {
    dir: tempfile::TempDir,
    store: Store,
    state: State,
    game_key: String,
    saver: Saver,
}

fn jigsaw_session() -> Session {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path());
    let text = include_str!("data/jigsaw12.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let puzzle = ShapeReader::new(Variant::Jigsaw).read(line, 1).unwrap();
    let game_key = key(&puzzle.geometry, &puzzle.givens);
    let state = State::shaped(puzzle.geometry, puzzle.givens, "jigsaw");
    let (_, saver) = store.open_shaped(&game_key, read_head).unwrap();
    Session {
        dir,
        store,
        state,
        game_key,
        saver,
    }
}

#[test]
fn a_shaped_save_loads_back_with_its_history_and_stays_out_of_the_continue_list() {
    let mut session = jigsaw_session();
    update(
        &mut session.state,
        Action::Move(pencilmark::app::action::Direction::Right),
    );
    update(&mut session.state, Action::Digit(12));
    update(&mut session.state, Action::TogglePencil);
    update(
        &mut session.state,
        Action::Move(pencilmark::app::action::Direction::Down),
    );
    update(&mut session.state, Action::CycleCandidates);
    update(&mut session.state, Action::Digit(3));
    update(&mut session.state, Action::Tick(5_000));
    session.saver.save(&session.state).unwrap();
    drop(session.saver);
    let (saved, _) = session
        .store
        .open_shaped(&session.game_key, read_head)
        .unwrap();
    let (game, view) = saved.value.expect("the shaped save loads");
    let (shaped, before) = (&game, &session.state.game);
    assert_eq!(shaped.position, before.position);
    assert_eq!(shaped.undo, before.undo);
    assert_eq!(shaped.geometry, before.geometry);
    assert_eq!(view.selected, session.state.selected);
    assert_eq!(game.elapsed_ms, 5_000);
    assert!(view.pencil);
    assert!(
        session.store.list_games().is_empty(),
        "shaped saves reopen by their file"
    );
}

#[test]
fn a_shaped_save_that_breaks_a_given_is_moved_aside() {
    let mut session = jigsaw_session();
    session.saver.save(&session.state).unwrap();
    drop(session.saver);
    let path = session
        .dir
        .path()
        .join("games")
        .join(format!("{}.json", session.game_key));
    let text = std::fs::read_to_string(&path).unwrap();
    // r1c2 is a given 6: the save now says 5.
    let broken = text.replacen("\"values\":\".6", "\"values\":\".5", 1);
    assert_ne!(broken, text);
    std::fs::write(&path, broken).unwrap();
    let (saved, _) = session
        .store
        .open_shaped(&session.game_key, read_head)
        .unwrap();
    assert!(saved.value.is_none());
    let notice = saved.notice.unwrap();
    assert!(
        notice.contains("r1c2") && notice.contains("moved"),
        "{notice}"
    );
}

#[test]
fn a_classic_game_chosen_on_the_new_game_screen_replaces_the_shape_after_saving_it() {
    use pencilmark::app::menu::MenuAction;
    use pencilmark::app::run::dispatch;
    let mut session = jigsaw_session();
    dispatch(&mut session.state, &mut session.saver, Action::Digit(1));
    dispatch(&mut session.state, &mut session.saver, Action::NewGame);
    assert!(
        session.state.menu.is_some(),
        "the new-game screen opens on a shape"
    );
    dispatch(
        &mut session.state,
        &mut session.saver,
        Action::Menu(MenuAction::Jump('f')),
    );
    dispatch(
        &mut session.state,
        &mut session.saver,
        Action::Menu(MenuAction::Choose),
    );
    assert!(
        session.state.game.is_classic(),
        "a classic game is on screen"
    );
    assert!(session.state.game.givens.iter().any(|&v| v != 0));
    let (saved, _) = session
        .store
        .open_shaped(&session.game_key, read_head)
        .unwrap();
    let (shaped, _) = saved.value.expect("the shape was saved before it left");
    assert_eq!(shaped.undo.len(), 1);
    // And the classic game saves under its own key.
    session.saver.save(&session.state).unwrap();
}
