//! Forcing branches carried from one position of a solve to the next. A solve
//! that needs forcing chains usually needs them on position after position,
//! each a candidate or a few away from the one before (candidates only go,
//! and a cell placed keeps only its value). A branch that provably runs the
//! same on the new position is taken as it was instead of run again. (Nets
//! apply techniques inside their branches, which read the whole board: they
//! are never taken.)
//!
//! Why a branch runs the same: by induction over its log, the new run logs
//! the same facts in the same order when each read of the board gives the
//! same answer. Its board is the old run's minus the candidates gone since
//! (they are never struck by the run, see (a)). Then:
//! - (a) no fact the run logged, "on" or "off", is about a candidate gone
//!   since (a new run can never log one; every route to logging a fact needs
//!   its candidate on the board). This covers what an "on" fact reads (the
//!   cell's other candidates and the value's holders among its peers are all
//!   logged by it) and the cells of the facts themselves.
//! - (b) where the run processed an "off" fact on a cell that has lost
//!   candidates since, the cell keeps two candidates the run logged nothing
//!   about: a candidate leaves the branch's cell only with a logged fact, so
//!   at every count the old and the new run saw two or more ("neither last
//!   candidate nor empty", static chains read the start position the same way).
//! - (c) where the run processed an "off" fact of a value in a unit that has
//!   lost places of that value since, the unit keeps two places of it the
//!   run logged nothing about: again both runs saw two places or more at every
//!   count (a cell newly placed with the value lies among the places lost).
//! - The contradiction's proof is read back from the start position's
//!   candidates and places, filtered by what was logged: by (a), the ones
//!   gone were not logged, so the proof and its size are the same.

use std::ops::Range;
use std::rc::Rc;

use super::super::implication::{BranchHost, Branching, CellSet, IndexFact, Mode};
use super::{Outcomes, OutcomesOf};
use crate::engine::board::Board;
use crate::engine::geometry::ValueMask;
use crate::engine::types::SIZE;

/// What one branch read of the position it ran on, as
/// [`Branching::logged_and_struck`] gives it: per value, the cells of the
/// facts about it the branch logged, and of the "off" ones it processed on an
/// open cell; all the cells of the latter.
#[derive(Clone, Copy)]
struct Reads {
    logged: [u128; SIZE],
    struck: [u128; SIZE],
    struck_cells: u128,
}

impl Reads {
    /// Everything: a branch that applied a technique.
    const ALL: Reads = Reads {
        logged: [u128::MAX; SIZE],
        struck: [u128::MAX; SIZE],
        struck_cells: u128::MAX,
    };

    /// What `branching`'s last run read.
    fn of(branching: &Branching<Board>) -> Reads {
        match branching.logged_and_struck() {
            Some((logged, struck)) => Reads {
                logged,
                struck,
                struck_cells: struck.iter().fold(0, |cells, struck| cells | struck),
            },
            None => Reads::ALL,
        }
    }

    /// Whether the branch runs the same after `changes` (rules (a), (b) and
    /// (c) of the module text).
    fn run_the_same_after(&self, changes: &Changes<u128>) -> bool {
        for gone in &changes.gone {
            let (logged, struck) = (self.logged[gone.value], self.struck[gone.value]);
            if logged & gone.cells != 0 {
                return false;
            }
            if struck & gone.reach != 0
                && !changes.units[gone.units.clone()]
                    .iter()
                    .all(|&(cells, places)| struck & cells == 0 || (places & !logged).has_two())
            {
                return false;
            }
        }
        if self.struck_cells & changes.shrunk_cells == 0 {
            return true;
        }
        changes.shrunk.iter().all(|&(cell, left)| {
            let bit = 0u128.with(cell);
            self.struck_cells & bit == 0
                || keeps_two_unlogged(left, |value| self.logged[value] & bit != 0)
        })
    }
}

/// The cells that no longer hold a value open, with the units they meet;
/// `S` is a cell set, or where one is kept (the shaped reuse's words).
pub(crate) struct Gone<S> {
    /// The value's index.
    pub(crate) value: usize,
    pub(crate) cells: S,
    /// The cells of the units they meet.
    pub(crate) reach: S,
    /// Where those units sit in [`Changes::units`].
    pub(crate) units: Range<usize>,
}

/// What changed from an earlier position to a later one of the same solve,
/// in the cell sets `C` of its board (the shaped reuse keeps them as words).
pub(crate) struct Changes<C> {
    /// Per value with any, the cells that held it open before and do not now.
    pub(crate) gone: Vec<Gone<C>>,
    /// The cells open in both that lost candidates, with their candidates now.
    pub(crate) shrunk: Vec<(usize, ValueMask)>,
    pub(crate) shrunk_cells: C,
    /// Per unit that a value's gone cells meet: its cells, and the value's
    /// places in it now (in the order of `gone`).
    pub(crate) units: Vec<(C, C)>,
}

impl<C: CellSet> Changes<C> {
    /// The changes from `earlier` to `later` (each cell's value, 0 open, and
    /// candidates) on `host`'s board; `None` unless `later` follows from
    /// `earlier` (each open cell's candidates a subset of its earlier ones,
    /// each placed cell placed with the same value or, if open before, one
    /// of its candidates).
    pub(crate) fn between<H: BranchHost<Cells = C>>(
        host: &H,
        earlier: impl Iterator<Item = (u8, ValueMask)>,
        later: impl Iterator<Item = (u8, ValueMask)>,
    ) -> Option<Changes<C>> {
        let (mut gone, mut holders) = (host.per_value(), host.per_value());
        let mut changes = Changes {
            gone: Vec::new(),
            shrunk: Vec::new(),
            shrunk_cells: C::empty(),
            units: Vec::new(),
        };
        for (cell, ((a_value, a_bits), (b_value, b_bits))) in earlier.zip(later).enumerate() {
            if a_value != 0 {
                if b_value != a_value {
                    return None;
                }
                continue;
            }
            let (lost, now) = match b_value {
                0 if b_bits & !a_bits != 0 => return None,
                0 => (a_bits & !b_bits, b_bits),
                value if a_bits >> (value - 1) & 1 == 0 => return None,
                _ => (a_bits, 0),
            };
            if lost != 0 && b_value == 0 {
                changes.shrunk.push((cell, b_bits));
                changes.shrunk_cells = changes.shrunk_cells.with(cell);
            }
            let per_value = gone.as_mut().iter_mut().zip(holders.as_mut());
            for (value, (gone, holders)) in per_value.enumerate() {
                if lost >> value & 1 == 1 {
                    *gone = gone.with(cell);
                }
                if now >> value & 1 == 1 {
                    *holders = holders.with(cell);
                }
            }
        }
        let mut met = vec![false; host.unit_count()];
        for (value, &cells) in gone.as_ref().iter().enumerate() {
            if cells.is_empty() {
                continue;
            }
            met.fill(false);
            for cell in cells.cells() {
                for unit in host.units_of(cell) {
                    met[unit] = true;
                }
            }
            let (first, mut reach) = (changes.units.len(), C::empty());
            for unit in (0..met.len()).filter(|&u| met[u]) {
                let unit_cells = host.unit_set(unit);
                reach = reach.or(&unit_cells);
                let places = holders.as_ref()[value].and(&unit_cells);
                changes.units.push((unit_cells, places));
            }
            let units = first..changes.units.len();
            changes.gone.push(Gone {
                value,
                cells,
                reach,
                units,
            });
        }
        Some(changes)
    }
}

/// Each cell's value and candidates, as [`Changes::between`] reads a position.
fn cells_of(board: &Board) -> impl Iterator<Item = (u8, ValueMask)> + '_ {
    let values = board.digits.values().iter().copied();
    values.zip(board.candidates.iter().map(|c| c.bits()))
}

/// Whether a shrunk cell with candidates `left` keeps two the branch logged
/// nothing about (`logged` says of a value's index whether it did): rule (b).
#[inline]
pub(crate) fn keeps_two_unlogged(left: ValueMask, logged: impl Fn(usize) -> bool) -> bool {
    let mut unlogged = left;
    let mut rest = left;
    while rest != 0 {
        let value = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if logged(value) {
            unlogged &= !(1 << value);
        }
    }
    unlogged & unlogged.wrapping_sub(1) != 0
}

/// How many positions' branches new storage has room for: the ends (with
/// their reads) of the branches each later position follows are added to it
/// while they fit ([`Outcomes::carry`]), about a third of a position's.
const ROOM: usize = 4;

/// The branches of one mode run on one position, with what each read.
pub(crate) struct Ran {
    board: Board,
    mode: Mode,
    pub(crate) outcomes: Rc<OutcomesOf<Board>>,
    /// Per end of `outcomes` (this position's branches and, carried, earlier
    /// ones'), at its id.
    reads: Vec<Reads>,
}

impl Ran {
    /// [`Outcomes::run`] on `board`, taking from `earlier` (branches run on an
    /// earlier position of the same solve) every branch of the same mode that
    /// runs the same here (see the module text). Where nothing else holds
    /// `earlier`'s outcomes, their ends and reads are moved over and a branch
    /// taken is filed under its old id, with nothing copied
    /// ([`Outcomes::carry`]); otherwise it is copied.
    pub(crate) fn run(board: &Board, mode: Mode, with_off: bool, earlier: Option<Ran>) -> Ran {
        let earlier = earlier.filter(|e| e.mode == mode && !matches!(mode, Mode::Net(_)));
        let changes = earlier
            .as_ref()
            .and_then(|e| Changes::between(board, cells_of(&e.board), cells_of(board)));
        let branches = super::outcomes::branch_count(board, with_off);
        let (Some(earlier), Some(changes)) = (earlier, changes) else {
            let mut reads = Vec::with_capacity(branches * ROOM);
            let start = Outcomes::with_room(board, with_off, ROOM);
            let outcomes = start.run_on(board, mode, |outcomes, assumption, branching| {
                outcomes.follow(assumption, branching);
                reads.push(Reads::of(branching));
            });
            return Ran::of(board, mode, outcomes, reads);
        };
        let mut filing = earlier.outcomes;
        let carried = Rc::get_mut(&mut filing)
            .filter(|_| earlier.reads.capacity() - earlier.reads.len() >= branches)
            .and_then(|o| o.carry(board, with_off));
        let is_carried = carried.is_some();
        // Carried, the earlier reads go on in `reads` (an end's reads sit at
        // its id); copied, they are read from `taken_from`.
        let (mut reads, taken_from) = if is_carried {
            (earlier.reads, Vec::new())
        } else {
            (Vec::with_capacity(branches * ROOM), earlier.reads)
        };
        let start = carried.unwrap_or_else(|| Outcomes::with_room(board, with_off, ROOM));
        let outcomes = start.run_on(board, mode, |outcomes, assumption, branching| {
            if let Some(id) = filing.branch(assumption) {
                let read = if is_carried { &reads } else { &taken_from };
                if read[id.index()].run_the_same_after(&changes) {
                    if is_carried {
                        outcomes.file_carried(assumption, id);
                    } else {
                        outcomes.reuse(assumption, &filing, id);
                        reads.push(taken_from[id.index()]);
                    }
                    debug_assert!(
                        runs_the_same(
                            if is_carried { &*outcomes } else { &filing },
                            id,
                            assumption,
                            branching
                        ),
                        "{assumption:?} taken from an earlier position ends otherwise here"
                    );
                    return;
                }
            }
            outcomes.follow(assumption, branching);
            reads.push(Reads::of(branching));
        });
        Ran::of(board, mode, outcomes, reads)
    }

    /// The branches `outcomes` ran on `board`, `reads` what each read (at its id).
    fn of(board: &Board, mode: Mode, outcomes: OutcomesOf<Board>, reads: Vec<Reads>) -> Ran {
        debug_assert_eq!(reads.len(), outcomes.end_count(), "one read per end");
        Ran {
            board: *board,
            mode,
            outcomes: Rc::new(outcomes),
            reads,
        }
    }
}

/// Whether `assumption`'s branch run on `branching`'s board ends as branch
/// `id` of `earlier` did (a debug check of the reuse).
fn runs_the_same(
    earlier: &OutcomesOf<Board>,
    id: super::outcomes::BranchId,
    assumption: IndexFact,
    branching: &mut Branching<Board>,
) -> bool {
    let conflict = branching.run_unrecorded(assumption);
    earlier.ended_as(id, branching, conflict)
}

#[cfg(test)]
mod tests {
    use super::super::super::CandidateBoard;
    use super::super::super::implication::{Branching, IndexFact, Mode};
    use super::{Changes, Ran, cells_of};
    use crate::engine::board::Board;
    use crate::engine::parse::parse_line;
    use crate::engine::types::{Cell, Digit};

    /// Outcomes carried from an earlier position (nothing else holds them:
    /// their ends are moved over, a branch taken is filed under its old id)
    /// and copied (another holder keeps them: each branch taken is copied)
    /// end every branch the same, over a few positions of a solve.
    #[test]
    fn carried_ends_are_the_copied_ends() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut board = Board::with_auto_candidates(&parse_line(line, 1).expect("a puzzle"));
        for mode in [Mode::Static, Mode::Dynamic] {
            let (mut carried, mut copied) = (None, None);
            let mut carried_over = false;
            for cell in (0..81).step_by(7) {
                if board.open_candidates(cell).count_ones() < 2 {
                    continue;
                }
                let value = board.open_candidates(cell).trailing_zeros() as u8 + 1;
                board.strike(Cell::new(cell), Digit::new(value));
                let held = copied.as_ref().map(|r: &Ran| r.outcomes.clone());
                let a = Ran::run(&board, mode, true, carried.take());
                let b = Ran::run(&board, mode, true, copied.take());
                drop(held);
                carried_over |= a.outcomes.end_count() > b.outcomes.end_count();
                for on in (0..81).flat_map(|c| (1..=9).map(move |v| IndexFact::on(c, v))) {
                    for fact in [on, on.negated()] {
                        match (a.outcomes.branch(fact), b.outcomes.branch(fact)) {
                            (Some(x), Some(y)) => {
                                assert!(a.outcomes.same_end(x, &b.outcomes, y), "{fact:?}")
                            }
                            (None, None) => {}
                            _ => panic!("{fact:?} run in one only"),
                        }
                    }
                }
                (carried, copied) = (Some(a), Some(b));
            }
            assert!(carried_over, "{mode:?}: nothing carried");
        }
    }

    /// Every branch the rule takes from a position ends, on a later one, as
    /// it did there: for later positions one candidate struck or one cell
    /// placed away (any such change, whether a step could make it or not:
    /// the rule's argument only needs candidates to go), in both modes.
    #[test]
    fn branches_taken_from_an_earlier_position_run_the_same() {
        // The first puzzle of top95.
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let before = Board::with_auto_candidates(&parse_line(line, 1).expect("a puzzle"));
        let candidates: Vec<IndexFact> = (0..81)
            .flat_map(|cell| {
                (1..=9u8)
                    .filter(move |&v| before.open_candidates(cell) >> (v - 1) & 1 == 1)
                    .map(move |v| IndexFact::on(cell, v))
            })
            .collect();
        let (mut taken, mut asked) = (0, 0);
        for mode in [Mode::Static, Mode::Dynamic] {
            let ran = Ran::run(&before, mode, true, None);
            for (n, change) in candidates.iter().enumerate().step_by(5) {
                let mut after = before;
                let (cell, digit) = (Cell::new(change.cell), Digit::new(change.digit));
                if n % 2 == 0 {
                    after.strike(cell, digit);
                } else {
                    after.place(cell, digit);
                }
                let changes = Changes::between(&after, cells_of(&before), cells_of(&after))
                    .expect("candidates only go");
                let mut branching = Branching::new(&after, mode);
                for &on in candidates.iter().filter(|f| after.value(f.cell) == 0) {
                    if after.open_candidates(on.cell) >> (on.digit - 1) & 1 == 0 {
                        continue;
                    }
                    for assumption in [on, on.negated()] {
                        let id = ran.outcomes.branch(assumption).expect("run before");
                        asked += 1;
                        if !ran.reads[id.index()].run_the_same_after(&changes) {
                            continue;
                        }
                        taken += 1;
                        let conflict = branching.run_unrecorded(assumption);
                        assert!(
                            ran.outcomes.ended_as(id, &branching, conflict),
                            "{mode:?} {assumption:?} after {change:?}"
                        );
                    }
                }
            }
        }
        assert!(taken * 4 > asked, "{taken} of {asked} taken");
    }
}
