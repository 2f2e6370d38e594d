//! Watching the engine solve: the board's own propagation and a depth-first search,
//! recorded as a stream of elementary events (assign, eliminate, new single,
//! contradiction, backtrack) for `pencilmark trace` and learn mode.
//!
//! The events come from [`Board::assign_with`] through an [`Observer`]; the fast
//! solver's path uses the no-op observer and pays nothing for them. Two settings
//! show what each idea saves: the propagation [`Rules`] (peers only, or peers plus
//! hidden singles) and the branching [`Order`] (fewest candidates first, or the
//! first open cell in row-major order).
//!
//! A [`Recording`] keeps a whole run so a learner can step through it both ways:
//! a [`Cursor`] moves forward by applying one event and back by rebuilding from
//! the nearest checkpoint, so forward n then back n gives the same state.

use std::fmt;

use super::board::{Board, Contradiction, Observer, Reason};
use super::grid::Grid;
use super::parse::Marked;
use super::types::{CELLS, Candidates, Cell, Digit, Unit};

pub use super::board::Rules;

/// How search picks the cell to branch on when propagation stalls.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Order {
    /// The open cell with the fewest candidates, ties to the first in row-major
    /// order (MRV, "minimum remaining values").
    #[default]
    FewestCandidates,
    /// The first open cell in row-major order, whatever its candidates.
    RowMajor,
}

impl Order {
    /// The name on the command line: `mrv` or `row-major`.
    pub fn key(self) -> &'static str {
        match self {
            Order::FewestCandidates => "mrv",
            Order::RowMajor => "row-major",
        }
    }

    /// What the choice means, for people.
    pub fn description(self) -> &'static str {
        match self {
            Order::FewestCandidates => "fewest candidates first",
            Order::RowMajor => "first open cell in row-major order",
        }
    }
}

/// The name of a rule set on the command line: `peers` or `peers+units`.
pub fn rules_key(rules: Rules) -> &'static str {
    match rules {
        Rules::Peers => "peers",
        Rules::PeersAndUnits => "peers+units",
    }
}

/// What a traced run does: which propagation rules, which branching order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Settings {
    pub rules: Rules,
    pub order: Order,
}

impl Settings {
    /// The four combinations, the engine's own (peers+units, fewest first) first.
    pub const ALL: [Settings; 4] = [
        Settings {
            rules: Rules::PeersAndUnits,
            order: Order::FewestCandidates,
        },
        Settings {
            rules: Rules::Peers,
            order: Order::FewestCandidates,
        },
        Settings {
            rules: Rules::PeersAndUnits,
            order: Order::RowMajor,
        },
        Settings {
            rules: Rules::Peers,
            order: Order::RowMajor,
        },
    ];
}

impl fmt::Display for Settings {
    /// `peers+units, mrv`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}", rules_key(self.rules), self.order.key())
    }
}

/// Why a digit was assigned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Why {
    /// A given of the puzzle.
    Given,
    /// The cell had one candidate left.
    NakedSingle,
    /// The unit had one place left for the digit.
    HiddenSingle(Unit),
    /// Search tried it.
    Guess,
}

impl Why {
    /// The stable snake_case name used in JSON.
    pub fn key(self) -> &'static str {
        match self {
            Why::Given => "given",
            Why::NakedSingle => "naked_single",
            Why::HiddenSingle(_) => "hidden_single",
            Why::Guess => "guess",
        }
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Given => f.write_str("given"),
            Why::NakedSingle => f.write_str("naked single"),
            Why::HiddenSingle(unit) => write!(f, "hidden single in {unit}"),
            Why::Guess => f.write_str("guess"),
        }
    }
}

/// One elementary event of a traced run. Text is rendered from it ([`fmt::Display`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// `digit` is placed in `cell`.
    Assign { cell: Cell, digit: Digit, why: Why },
    /// `digit` is struck from `cells`, peers of `source`, which holds it.
    Eliminate {
        digit: Digit,
        cells: Vec<Cell>,
        source: Cell,
    },
    /// `cell` holds `kept`, so its other candidates `digits` are struck.
    EliminateOthers {
        cell: Cell,
        kept: Digit,
        digits: Candidates,
    },
    /// An elimination left `cell` with one candidate; it is assigned next.
    NakedSingle { cell: Cell, digit: Digit },
    /// `unit` has one place left for `digit`; it is assigned next.
    HiddenSingle {
        digit: Digit,
        cell: Cell,
        unit: Unit,
    },
    /// Propagation found a position that cannot be completed.
    Contradiction(Contradiction),
    /// Propagation stalled: search branches on `cell`, trying `candidates` in order.
    Branch {
        cell: Cell,
        candidates: Candidates,
        order: Order,
    },
    /// The guess `cell = digit` failed: the board returns to before it, and the
    /// next candidate is tried there, or the cell is given up when none is left.
    Backtrack {
        cell: Cell,
        digit: Digit,
        next: Option<Digit>,
    },
    /// Every cell has a digit.
    Solved,
    /// Every guess failed: the puzzle has no solution.
    NoSolution,
}

impl Event {
    /// The stable snake_case name of the event's kind, used in JSON.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Assign { .. } => "assign",
            Event::Eliminate { .. } => "eliminate",
            Event::EliminateOthers { .. } => "eliminate_others",
            Event::NakedSingle { .. } => "naked_single",
            Event::HiddenSingle { .. } => "hidden_single",
            Event::Contradiction(_) => "contradiction",
            Event::Branch { .. } => "branch",
            Event::Backtrack { .. } => "backtrack",
            Event::Solved => "solved",
            Event::NoSolution => "no_solution",
        }
    }

    /// The cell the event is about: the assigned cell, the elimination's source,
    /// the new single, the branching cell.
    pub fn source(&self) -> Option<Cell> {
        match *self {
            Event::Assign { cell, .. }
            | Event::Eliminate { source: cell, .. }
            | Event::EliminateOthers { cell, .. }
            | Event::NakedSingle { cell, .. }
            | Event::HiddenSingle { cell, .. }
            | Event::Branch { cell, .. }
            | Event::Backtrack { cell, .. } => Some(cell),
            Event::Contradiction(Contradiction::NoCandidates(cell)) => Some(cell),
            Event::Contradiction(Contradiction::NoPlace { .. })
            | Event::Solved
            | Event::NoSolution => None,
        }
    }

    /// The candidates the event strikes.
    pub fn struck(&self) -> Vec<(Cell, Digit)> {
        match self {
            Event::Eliminate { digit, cells, .. } => cells.iter().map(|&c| (c, *digit)).collect(),
            Event::EliminateOthers { cell, digits, .. } => {
                digits.iter().map(|d| (*cell, d)).collect()
            }
            _ => Vec::new(),
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Assign { cell, digit, why } => write!(f, "assign {cell} = {digit} ({why})"),
            Event::Eliminate {
                digit,
                cells,
                source,
            } => {
                write!(f, "eliminate {digit} from ")?;
                write_list(f, cells)?;
                write!(f, " (peers of {source})")
            }
            Event::EliminateOthers { cell, kept, digits } => {
                f.write_str("eliminate ")?;
                write_list(f, &digits.iter().collect::<Vec<_>>())?;
                write!(f, " from {cell} (it holds {kept})")
            }
            Event::NakedSingle { cell, digit } => {
                write!(f, "{cell} now has one candidate: {digit}")
            }
            Event::HiddenSingle { digit, cell, unit } => {
                write!(
                    f,
                    "hidden single: {digit} can only go in {cell} within {unit}"
                )
            }
            Event::Contradiction(why) => write!(f, "contradiction: {why}"),
            Event::Branch {
                cell,
                candidates,
                order,
            } => {
                f.write_str("propagation stalls: branch on ")?;
                write!(f, "{cell} ({}), candidates ", order.description())?;
                write_list(f, &candidates.iter().collect::<Vec<_>>())
            }
            Event::Backtrack {
                cell,
                digit,
                next: Some(next),
            } => write!(f, "backtrack to the guess {cell} = {digit}, try {next}"),
            Event::Backtrack {
                cell,
                digit,
                next: None,
            } => write!(
                f,
                "backtrack: the guess {cell} = {digit} failed and {cell} has no digit left to try"
            ),
            Event::Solved => f.write_str("solved: every cell has a digit"),
            Event::NoSolution => f.write_str("no solution: every guess failed"),
        }
    }
}

fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

/// One step of the search path: the guess `cell = digit`.
pub type Guess = (Cell, Digit);

/// The search path as people read it: `r2c5=4 > r7c1=2`.
pub fn path_text(path: &[Guess]) -> String {
    path.iter()
        .map(|(cell, digit)| format!("{cell}={digit}"))
        .collect::<Vec<_>>()
        .join(" > ")
}

/// How much work a run did.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Counts {
    /// Digits placed: givens, singles and guesses.
    pub assignments: u64,
    /// Candidates struck, one by one.
    pub eliminations: u64,
    /// Digits tried at branching cells.
    pub guesses: u64,
    /// Guesses undone.
    pub backtracks: u64,
}

impl Counts {
    fn count(&mut self, event: &Event) {
        match event {
            Event::Assign { why, .. } => {
                self.assignments += 1;
                if *why == Why::Guess {
                    self.guesses += 1;
                }
            }
            Event::Eliminate { cells, .. } => self.eliminations += cells.len() as u64,
            Event::EliminateOthers { digits, .. } => self.eliminations += u64::from(digits.len()),
            Event::Backtrack { .. } => self.backtracks += 1,
            _ => {}
        }
    }
}

/// How a run ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    Solved(Grid),
    NoSolution,
    /// The event limit was reached first.
    Stopped,
}

/// What a run did and found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    pub settings: Settings,
    pub counts: Counts,
    /// Events emitted.
    pub events: u64,
    pub ending: Ending,
}

impl Outcome {
    /// The solution, when the run found one.
    pub fn solution(&self) -> Option<Grid> {
        match self.ending {
            Ending::Solved(grid) => Some(grid),
            _ => None,
        }
    }
}

/// Runs propagation and search on `givens` with `settings`, handing every event
/// and the search path after it (its length is the depth) to `emit`. Stops at a
/// search node once `max_events` events have been emitted.
pub fn trace<F: FnMut(&Event, &[Guess])>(
    givens: &Grid,
    settings: Settings,
    max_events: u64,
    emit: F,
) -> Outcome {
    let mut tracer = Tracer {
        settings,
        emit,
        max_events,
        counts: Counts::default(),
        events: 0,
        path: Vec::new(),
        frames: Vec::new(),
        pending: None,
        assigned: Why::Given,
    };
    let mut board = Board::new();
    let mut consistent = true;
    for cell in Cell::all() {
        if let Some(digit) = givens.get(cell) {
            consistent = tracer.assign(&mut board, cell, digit, Why::Given);
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
    trace(givens, settings, max_events, |_, _| {})
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
    counts: Counts,
    events: u64,
    path: Vec<Guess>,
    /// Placements whose propagation may still be running, innermost last. The board
    /// propagates depth first, so an elimination belongs to the innermost placement
    /// it fits: a peer losing the placed digit, or the placed cell losing another.
    frames: Vec<Guess>,
    pending: Option<Pending>,
    /// What an outside assignment is: a given or a guess.
    assigned: Why,
}

impl<F: FnMut(&Event, &[Guess])> Tracer<F> {
    fn push(&mut self, event: Event) {
        self.flush();
        self.emit_now(event);
    }

    fn emit_now(&mut self, event: Event) {
        self.counts.count(&event);
        self.events += 1;
        (self.emit)(&event, &self.path);
    }

    fn flush(&mut self) {
        if let Some(pending) = self.pending.take() {
            self.emit_now(pending.into_event());
        }
    }

    /// Assigns from outside (a given or a guess) with full propagation; false on a contradiction.
    fn assign(&mut self, board: &mut Board, cell: Cell, digit: Digit, why: Why) -> bool {
        self.assigned = why;
        self.frames.clear();
        let result = board.assign_with(cell, digit, self.settings.rules, self);
        self.flush();
        result.is_ok()
    }

    fn search(&mut self, board: Board) -> Ending {
        let branch = match self.settings.order {
            Order::FewestCandidates => board.fewest_candidates_cell(),
            Order::RowMajor => board.open_cells().next(),
        };
        let Some(cell) = branch else {
            return Ending::Solved(*board.digits());
        };
        if self.events >= self.max_events {
            return Ending::Stopped;
        }
        let candidates = board.candidates(cell);
        self.push(Event::Branch {
            cell,
            candidates,
            order: self.settings.order,
        });
        let mut digits = candidates.iter().peekable();
        while let Some(digit) = digits.next() {
            self.path.push((cell, digit));
            let mut next = board;
            if self.assign(&mut next, cell, digit, Why::Guess) {
                match self.search(next) {
                    Ending::NoSolution => {}
                    ending => return ending,
                }
            }
            self.path.pop();
            self.push(Event::Backtrack {
                cell,
                digit,
                next: digits.peek().copied(),
            });
            if self.events >= self.max_events {
                return Ending::Stopped;
            }
        }
        Ending::NoSolution
    }
}

impl<F: FnMut(&Event, &[Guess])> Observer for Tracer<F> {
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
        self.frames.push((cell, digit));
    }

    fn eliminated(&mut self, cell: Cell, digit: Digit) {
        let frame = self.frames.iter().rposition(|&(placed, held)| {
            (placed == cell && held != digit) || (held == digit && placed.sees(cell))
        });
        let Some(frame) = frame else {
            // Every elimination comes from a placement's propagation; should one not,
            // it is still shown, as the cell losing a candidate on its own.
            self.flush();
            self.emit_now(Event::Eliminate {
                digit,
                cells: vec![cell],
                source: cell,
            });
            return;
        };
        self.frames.truncate(frame + 1);
        let (source, held) = self.frames[frame];
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

/// A recorded event with the search depth after it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Recorded {
    pub event: Event,
    pub depth: usize,
}

/// Where a learner stands in a [`Recording`]: the state after the first `shown` events.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cursor {
    shown: usize,
    position: Marked,
    path: Vec<Guess>,
    /// The position before each guess on the path, to return to on a backtrack.
    before_guesses: Vec<Marked>,
    counts: Counts,
}

impl Cursor {
    fn start() -> Cursor {
        Cursor {
            shown: 0,
            position: Marked {
                digits: Grid::empty(),
                candidates: [Candidates::ALL; CELLS],
            },
            path: Vec::new(),
            before_guesses: Vec::new(),
            counts: Counts::default(),
        }
    }

    /// How many events have been applied.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// The digits placed and every cell's candidates, exactly as the engine has them.
    pub fn position(&self) -> &Marked {
        &self.position
    }

    /// The position as a board (a placed cell's candidates are its digit).
    pub fn board(&self) -> Board {
        Board::from_marked(&self.position)
    }

    /// The guesses in effect, outermost first.
    pub fn path(&self) -> &[Guess] {
        &self.path
    }

    /// The search depth: how many guesses are in effect.
    pub fn depth(&self) -> usize {
        self.path.len()
    }

    /// The counts of the events applied so far.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    fn apply(&mut self, event: &Event) {
        self.counts.count(event);
        self.shown += 1;
        match event {
            Event::Assign { cell, digit, why } => {
                if *why == Why::Guess {
                    self.before_guesses.push(self.position);
                    self.path.push((*cell, *digit));
                }
                self.position.digits.set(*cell, Some(*digit));
            }
            Event::Eliminate { digit, cells, .. } => {
                for cell in cells {
                    let slot = &mut self.position.candidates[cell.index()];
                    *slot = slot.without(*digit);
                }
            }
            Event::EliminateOthers { cell, digits, .. } => {
                let slot = &mut self.position.candidates[cell.index()];
                *slot = slot.difference(*digits);
            }
            Event::Backtrack { .. } => {
                if let Some(before) = self.before_guesses.pop() {
                    self.position = before;
                }
                self.path.pop();
            }
            Event::NakedSingle { .. }
            | Event::HiddenSingle { .. }
            | Event::Contradiction(_)
            | Event::Branch { .. }
            | Event::Solved
            | Event::NoSolution => {}
        }
    }
}

/// Events between two stored cursors: stepping back replays at most this many.
const CHECKPOINT_EVERY: usize = 64;

/// A whole traced run, kept so it can be stepped through forward and back.
#[derive(Clone, Debug)]
pub struct Recording {
    givens: Grid,
    events: Vec<Recorded>,
    /// The cursor after `k * CHECKPOINT_EVERY` events, for each k.
    checkpoints: Vec<Cursor>,
    outcome: Outcome,
}

impl Recording {
    /// Traces `givens` with `settings`, keeping at most about `max_events` events.
    pub fn record(givens: &Grid, settings: Settings, max_events: u64) -> Recording {
        let mut events = Vec::new();
        let mut checkpoints = Vec::new();
        let mut cursor = Cursor::start();
        let outcome = trace(givens, settings, max_events, |event, path| {
            if cursor.shown.is_multiple_of(CHECKPOINT_EVERY) {
                checkpoints.push(cursor.clone());
            }
            cursor.apply(event);
            events.push(Recorded {
                event: event.clone(),
                depth: path.len(),
            });
        });
        Recording {
            givens: *givens,
            events,
            checkpoints,
            outcome,
        }
    }

    /// The puzzle traced.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    pub fn settings(&self) -> Settings {
        self.outcome.settings
    }

    /// How the run ended, with its counts.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// Number of events recorded.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Event `index` (zero-based) with its depth.
    pub fn event(&self, index: usize) -> Option<&Recorded> {
        self.events.get(index)
    }

    /// The cursor before any event: an empty board with every candidate.
    pub fn start(&self) -> Cursor {
        Cursor::start()
    }

    /// Applies the next event; false at the end.
    pub fn forward(&self, cursor: &mut Cursor) -> bool {
        match self.events.get(cursor.shown) {
            Some(recorded) => {
                cursor.apply(&recorded.event);
                true
            }
            None => false,
        }
    }

    /// Undoes the last event; false at the start.
    pub fn back(&self, cursor: &mut Cursor) -> bool {
        if cursor.shown == 0 {
            return false;
        }
        *cursor = self.seek(cursor.shown - 1);
        true
    }

    /// The cursor after the first `shown` events (clamped to the recording),
    /// rebuilt from the nearest checkpoint.
    pub fn seek(&self, shown: usize) -> Cursor {
        let shown = shown.min(self.events.len());
        let mut cursor = self
            .checkpoints
            .get(shown / CHECKPOINT_EVERY)
            .or(self.checkpoints.last())
            .cloned()
            .unwrap_or_else(Cursor::start);
        while cursor.shown < shown && self.forward(&mut cursor) {}
        cursor
    }
}
