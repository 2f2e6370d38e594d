//! The tracer: an [`Observer`] of the board's propagation that turns its callbacks
//! into [`Event`]s (gathering a placement's eliminations into one event), and the
//! [`Hooks`] that let it watch the one readable search.

use super::event::Counts;
use super::{Ending, Event, Guess, Outcome, Settings, Why};
use crate::engine::board::{Board, Cause, Contradiction, Observer, Reason};
use crate::engine::grid::Grid;
use crate::engine::search::dfs::{self, Flow, Hooks, SearchStats};
use crate::engine::types::{Candidates, Cell, Digit};

/// Runs propagation and search on `givens` with `settings`, handing every event
/// and the search path after it (its length is the depth) to `emit`. Stops at a
/// search node once `max_events` events have been emitted, or once `emit` said
/// [`Flow::Stop`] (its reader went away).
pub fn trace<F: FnMut(&Event, &[Guess]) -> Flow>(
    givens: &Grid,
    settings: Settings,
    max_events: u64,
    emit: F,
) -> Outcome {
    let mut tracer = Tracer {
        settings,
        emit,
        max_events,
        halted: false,
        counts: Counts::default(),
        events: 0,
        path: Vec::new(),
        pending: None,
        assigned: Why::Given,
        solution: None,
    };
    let mut board = Board::new();
    let mut consistent = true;
    for cell in Cell::all() {
        if let Some(digit) = givens.get(cell) {
            consistent = tracer.assign_traced(&mut board, cell, digit, Why::Given);
            if !consistent {
                break;
            }
        }
    }
    let ending = if consistent {
        tracer.search(board)
    } else {
        Ending::NoSolution
    };
    match ending {
        Ending::Solved(_) => tracer.push(Event::Solved),
        Ending::NoSolution => tracer.push(Event::NoSolution),
        Ending::Stopped => {}
    }
    Outcome {
        settings,
        counts: tracer.counts,
        events: tracer.events,
        ending,
    }
}

/// The counts of a run, without keeping its events.
pub fn count(givens: &Grid, settings: Settings, max_events: u64) -> Outcome {
    trace(givens, settings, max_events, |_, _| Flow::Continue)
}

/// Eliminations gathered into one event while they keep the same source.
enum Pending {
    Peers {
        digit: Digit,
        cells: Vec<Cell>,
        source: Cell,
    },
    Others {
        cell: Cell,
        kept: Digit,
        digits: Candidates,
    },
}

impl Pending {
    fn into_event(self) -> Event {
        match self {
            Pending::Peers {
                digit,
                cells,
                source,
            } => Event::Eliminate {
                digit,
                cells,
                source,
            },
            Pending::Others { cell, kept, digits } => Event::EliminateOthers { cell, kept, digits },
        }
    }
}

/// The observer that turns the board's callbacks into [`Event`]s, and the search.
struct Tracer<F> {
    settings: Settings,
    emit: F,
    max_events: u64,
    /// `emit` asked to stop.
    halted: bool,
    counts: Counts,
    events: u64,
    path: Vec<Guess>,
    pending: Option<Pending>,
    /// What an outside assignment is: a given or a guess.
    assigned: Why,
    /// The solution, once the search finds one.
    solution: Option<Grid>,
}

impl<F: FnMut(&Event, &[Guess]) -> Flow> Tracer<F> {
    fn push(&mut self, event: Event) {
        self.flush();
        self.emit_now(event);
    }

    fn emit_now(&mut self, event: Event) {
        self.counts.count(&event);
        self.events += 1;
        if (self.emit)(&event, &self.path) == Flow::Stop {
            self.halted = true;
        }
    }

    fn flush(&mut self) {
        if let Some(pending) = self.pending.take() {
            self.emit_now(pending.into_event());
        }
    }

    /// Assigns from outside (a given or a guess) with full propagation; false on a contradiction.
    fn assign_traced(&mut self, board: &mut Board, cell: Cell, digit: Digit, why: Why) -> bool {
        self.assigned = why;
        let result = board.assign_with(cell, digit, self.settings.rules, self);
        self.flush();
        result.is_ok()
    }

    /// The readable search from `board`, reporting through the hooks below.
    fn search(&mut self, board: Board) -> Ending {
        let mut stats = SearchStats::default();
        match dfs::search(board, self.settings.order, self, &mut stats) {
            Flow::Continue => Ending::NoSolution,
            Flow::Stop => self.solution.map_or(Ending::Stopped, Ending::Solved),
        }
    }
}

impl<F: FnMut(&Event, &[Guess]) -> Flow> Hooks<Board> for Tracer<F> {
    fn stop(&mut self) -> bool {
        self.events >= self.max_events || self.halted
    }

    fn branch(&mut self, position: &Board, cell: usize, _values: &mut Vec<u8>) {
        let cell = Cell::new(cell);
        self.push(Event::Branch {
            cell,
            candidates: position.candidates(cell),
            order: self.settings.order,
        });
    }

    fn assign(&mut self, next: &mut Board, cell: usize, value: u8) -> bool {
        let (cell, digit) = (Cell::new(cell), Digit::new(value));
        self.path.push((cell, digit));
        self.assign_traced(next, cell, digit, Why::Guess)
    }

    fn backtrack(&mut self, cell: usize, value: u8, next: Option<u8>) {
        self.path.pop();
        self.push(Event::Backtrack {
            cell: Cell::new(cell),
            digit: Digit::new(value),
            next: next.map(Digit::new),
        });
    }

    fn solved(&mut self, position: &Board) -> Flow {
        self.solution = Some(*position.digits());
        Flow::Stop
    }
}

impl<F: FnMut(&Event, &[Guess]) -> Flow> Observer for Tracer<F> {
    fn placed(&mut self, cell: Cell, digit: Digit, reason: Reason) {
        let why = match reason {
            Reason::Assigned => self.assigned,
            Reason::NakedSingle => {
                self.push(Event::NakedSingle { cell, digit });
                Why::NakedSingle
            }
            Reason::HiddenSingle(unit) => {
                self.push(Event::HiddenSingle { digit, cell, unit });
                Why::HiddenSingle(unit)
            }
        };
        self.push(Event::Assign { cell, digit, why });
    }

    fn eliminated(&mut self, cell: Cell, digit: Digit, cause: Cause) {
        let Cause::Placement {
            cell: source,
            digit: held,
        } = cause
        else {
            // The tracer only assigns, so every elimination comes from a placement;
            // one asked for from outside would still be shown, as the cell losing a
            // candidate on its own.
            self.flush();
            self.emit_now(Event::Eliminate {
                digit,
                cells: vec![cell],
                source: cell,
            });
            return;
        };
        match &mut self.pending {
            Some(Pending::Peers {
                digit: d,
                cells,
                source: s,
            }) if *d == digit && *s == source => cells.push(cell),
            Some(Pending::Others {
                cell: c, digits, ..
            }) if *c == cell && source == cell => {
                *digits = digits.with(digit);
            }
            _ => {
                self.flush();
                self.pending = Some(if source == cell {
                    Pending::Others {
                        cell,
                        kept: held,
                        digits: Candidates::single(digit),
                    }
                } else {
                    Pending::Peers {
                        digit,
                        cells: vec![cell],
                        source,
                    }
                });
            }
        }
    }

    fn contradiction(&mut self, why: Contradiction) {
        self.push(Event::Contradiction(why));
    }
}
