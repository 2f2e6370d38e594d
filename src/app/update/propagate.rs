//! `A`: fills every forced single (full house, hidden and naked singles) as
//! one undoable step, with the log, on every shape, by one rule (the classic
//! board's): it reads the candidates on show (in Manual mode the player's
//! marks, less the values a placed peer holds; a cell not marked yet holds
//! every candidate the values allow), refuses when the player's marks lack a
//! solution value (it would place wrong values), and says where it stopped on
//! a contradiction. Only the finding of the singles is the engine's two
//! ladders' ([`forced_singles`]).

use super::board::{key_of, value_word};
use super::check::marks_lacking_their_value;
use super::{commit, say_unless_won};
use crate::app::action::Action;
use crate::app::state::{CandidateMode, Game, Position, State, Tone};
use crate::engine::Board;
use crate::engine::effects::Deduction;
use crate::engine::geometry::logic::{Ladder, ShapeMarks};
use crate::engine::geometry::{Geometry, all_values};
use crate::engine::logic::{self, Step, Technique};

/// What propagation found: the position after it, each single's text, how
/// many values it placed, and the contradiction it stopped at, if any.
struct Forced {
    next: Position,
    log: Vec<String>,
    placed: usize,
    stopped: Option<String>,
}

pub(super) fn propagate(state: &mut State) {
    let manual = state.candidates == CandidateMode::Manual;
    if manual && !marks_lacking_their_value(&state.game).is_empty() {
        let (word, check) = (value_word(state), key_of(state, &Action::Check));
        state.say(
            Tone::Error,
            format!(
                "Some of your marks lack their cell's solution {word}, so propagating them \
                 would place wrong {word}s: {check} shows where"
            ),
        );
        return;
    }
    let forced = forced_singles(&state.game, state.candidates);
    if forced.next != state.game.position && !state.read_only {
        state.game.assists.propagations += 1;
    }
    commit(state, forced.next);
    state.log = forced.log;
    state.scroll = 0;
    let mut text = match forced.placed {
        0 => "No forced single to fill".to_string(),
        1 => "Filled 1 forced single".to_string(),
        n => format!("Filled {n} forced singles"),
    };
    if let Some(why) = forced.stopped {
        text.push_str(&format!("; stopped: {why}"));
    }
    say_unless_won(state, Tone::Info, text);
}

/// The forced singles of `game`'s position on the candidates on show under
/// `mode`: the classic ladder's on the classic 9x9, the shaped ladder's elsewhere.
fn forced_singles(game: &Game, mode: CandidateMode) -> Forced {
    let mut next = game.position.clone();
    if game.is_classic() {
        let mut board = classic_board(&game.position, mode);
        let result = logic::propagate(&mut board);
        for step in &result.steps {
            step.apply_to(&mut next.on(Geometry::classic()));
        }
        return Forced {
            next,
            log: result.steps.iter().map(Step::text).collect(),
            placed: result.steps.iter().map(|s| s.placements.len()).sum(),
            stopped: result.contradiction.map(|why| why.to_string()),
        };
    }
    let geometry = &*game.geometry;
    let mut marks = shaped_marks(geometry, &game.position, mode);
    let ladder = Ladder::new(geometry);
    let (mut log, mut placed, mut stopped) = (Vec::new(), 0, None);
    loop {
        if let Some(why) = marks.contradiction() {
            stopped = Some(why);
            break;
        }
        let Some(step) = ladder.next_step(&marks, &Technique::SINGLES) else {
            break;
        };
        step.apply(&mut marks);
        step.apply_to(&mut next.on(geometry));
        log.push(step.text_in(geometry));
        placed += step.placements.len();
    }
    Forced {
        next,
        log,
        placed,
        stopped,
    }
}

/// The classic board propagation reads (see the module's rule).
fn classic_board(position: &Position, mode: CandidateMode) -> Board {
    if mode != CandidateMode::Manual {
        return position.board();
    }
    let live = Board::with_auto_candidates(&position.digits());
    let mut board = live;
    for cell in live.open_cells() {
        let marks = position.marks_in(cell);
        if !marks.is_empty() {
            board.set_candidates(cell, marks.intersection(live.candidates(cell)));
        }
    }
    board
}

/// The same reading on any shape.
fn shaped_marks<'a>(
    geometry: &'a Geometry,
    position: &Position,
    mode: CandidateMode,
) -> ShapeMarks<'a> {
    let mut marks = ShapeMarks::from_givens(geometry, &position.values);
    for cell in (0..geometry.cells()).filter(|&c| position.values[c] == 0) {
        let keep = match mode {
            CandidateMode::Manual if position.marks[cell] != 0 => position.marks[cell],
            CandidateMode::Manual => all_values(geometry.side()),
            _ => !position.struck[cell],
        };
        marks.keep_only(cell, keep);
    }
    marks
}
