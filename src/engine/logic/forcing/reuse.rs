//! Forcing branches carried from one position of a solve to the next. A solve
//! that needs forcing chains usually needs them on position after position,
//! each a candidate or a few away from the one before; a branch reads only
//! the cells and values its implications touch ([`Branching::reads`]), so a
//! branch that read nothing changed since ends as it did before and is taken
//! as it was instead of run again. (Nets apply techniques inside their
//! branches, which read the whole board: they are never taken.)

use std::rc::Rc;

use super::super::implication::{Branching, IndexFact, Mode};
use super::{Outcomes, OutcomesOf};
use crate::engine::board::Board;
use crate::engine::types::{CELLS, GEOMETRY, SIZE};

/// What one branch read of the position it ran on, as [`Branching::touched`]
/// gives it: per value, the cells of the facts about it the branch processed
/// (it read them and their peers); all those cells (it read their candidates
/// or value). Changes are kept with their peers added instead
/// ([`Reads::between`]), which meets the same branches: a cell and a change
/// see each other or not.
#[derive(Clone, Copy)]
struct Reads {
    values: [u128; SIZE],
    cells: u128,
}

impl Reads {
    /// Whether nothing the branch read is among `changes`.
    fn misses(&self, changes: &Reads) -> bool {
        self.cells & changes.cells == 0
            && self
                .values
                .iter()
                .zip(&changes.values)
                .all(|(read, changed)| read & changed == 0)
    }

    /// Everything: a branch that applied a technique.
    const ALL: Reads = Reads {
        values: [u128::MAX; SIZE],
        cells: u128::MAX,
    };

    /// What differs between two positions, in the terms of [`Reads`]: per
    /// value, the cells that hold it open in one and not the other or have it
    /// placed in one and not the other, with their peers; the cells whose
    /// candidates or value differ.
    fn between(a: &Board, b: &Board) -> Reads {
        let (a_values, b_values) = (a.digits.values(), b.digits.values());
        let mut changes = Reads {
            values: [0; SIZE],
            cells: 0,
        };
        for cell in 0..CELLS {
            let (a_bits, b_bits) = (
                a.candidates[cell].bits() as u16,
                b.candidates[cell].bits() as u16,
            );
            let (a_value, b_value) = (a_values[cell], b_values[cell]);
            if a_bits == b_bits && a_value == b_value {
                continue;
            }
            changes.cells |= 1 << cell;
            // A placed cell's candidates are its value's, as the branch board holds it.
            let held = |bits: u16, value: u8| if value == 0 { bits } else { 0 };
            let placed = |value: u8| if value == 0 { 0 } else { 1u16 << (value - 1) };
            let mut differ = (held(a_bits, a_value) ^ held(b_bits, b_value))
                | (placed(a_value) ^ placed(b_value));
            while differ != 0 {
                let d = differ.trailing_zeros() as usize;
                differ &= differ - 1;
                changes.values[d] |= GEOMETRY.peer_masks[cell] | 1 << cell;
            }
        }
        changes
    }
}

/// The branches of one mode run on one position, with what each read.
pub(crate) struct Ran {
    board: Board,
    mode: Mode,
    pub(crate) outcomes: Rc<OutcomesOf<Board>>,
    /// Per branch, in the order [`Outcomes`] numbers them.
    reads: Vec<Reads>,
}

impl Ran {
    /// [`Outcomes::run`] on `board`, taking from `earlier` (branches run on an
    /// earlier position of the same solve) every branch of the same mode that
    /// read nothing changed since.
    pub(crate) fn run(board: &Board, mode: Mode, with_off: bool, earlier: Option<&Ran>) -> Ran {
        let earlier = earlier.filter(|e| e.mode == mode && !matches!(mode, Mode::Net(_)));
        let changes = earlier.map(|e| Reads::between(&e.board, board));
        let mut reads = Vec::with_capacity(super::outcomes::branch_count(board, with_off));
        let outcomes =
            Outcomes::run_each(board, mode, with_off, |outcomes, assumption, branching| {
                if let (Some(earlier), Some(changes)) = (earlier, &changes)
                    && let Some(id) = earlier.outcomes.branch(assumption)
                    && earlier.reads[id.index()].misses(changes)
                {
                    outcomes.reuse(assumption, &earlier.outcomes, id);
                    reads.push(earlier.reads[id.index()]);
                    debug_assert!(
                        runs_the_same(&earlier.outcomes, id, assumption, branching),
                        "{assumption:?} taken from an earlier position ends otherwise here"
                    );
                    return;
                }
                outcomes.follow(assumption, branching);
                reads.push(match branching.touched() {
                    Some((values, cells)) => Reads { values, cells },
                    None => Reads::ALL,
                });
            });
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
