//! The links an "off" fact is followed through when it is processed: in
//! [`Mode::Static`] the strong links of the starting position, otherwise
//! those of the branch's own board (a cell's last candidate, a value's last
//! place in a unit, or none left: a contradiction).

use super::host::{BranchHost, CellSet};
use super::{Branching, Cause, Conflict, Fact, Mode, NONE, only_value};

impl<H: BranchHost> Branching<'_, H> {
    /// Processes, from `at` on, a run of "off" facts each naming a peer of a
    /// cell an "on" fact placed ([`Cause::Peer`]), all of one value, on a
    /// dynamic board; returns the position after the run. Such facts leave
    /// the board as it is (the placement struck them, and a closed cell is
    /// only marked), so the value's holders and placed cells are read once
    /// for the run and kept in registers, not reloaded at every unit.
    // Not inlined: in the processing loop those sets were spilled to the stack.
    #[inline(never)]
    pub(super) fn follow_peer_run(&mut self, mut at: usize) -> usize {
        debug_assert!(self.mode != Mode::Static);
        let value = self.record.log[at].fact().digit;
        let sets = (self.board.holders(value), self.board.placed(value));
        loop {
            let entry = self.record.log[at];
            let fact = entry.fact();
            let Cause::Peer(settled) = entry.cause else {
                return at;
            };
            if fact.digit != value {
                return at;
            }
            debug_assert!(!fact.on && !self.board.holders(value).has(fact.cell));
            if self.board.is_open(fact.cell) {
                self.follow_board_links(fact.cell, value, at as u16, settled, sets);
            } else {
                // Placed by an "on" fact processed earlier (see [`Branching::process`]).
                let closed = &mut self.closed.as_mut()[usize::from(value) - 1];
                *closed = closed.with(fact.cell);
            }
            at += 1;
            if at >= self.record.log.len() || self.record.log.len() >= self.stop_at {
                return at;
            }
        }
    }

    /// Strong links of the starting position: a bivalue cell's other value, a
    /// value's other place in a unit where it had two (but in `settled`, a
    /// unit where the value is placed: its other place, if it had two, is
    /// the placed cell, known "on").
    // Kept out of the processing loop: a tenth of the "off" facts, and
    // inlined it made the register use of the dynamic links worse.
    #[inline(never)]
    pub(super) fn follow_static_links(&mut self, cell: usize, value: u8, at: u16, settled: u16) {
        let origin = self.origin;
        let bit = 1 << (value - 1);
        if let Some(other) = only_value(origin.candidate_bits(cell) & !bit) {
            self.add(Fact::on(cell, other), Cause::LastCandidate, at);
        }
        let others = self.start.holders(value).without(cell);
        if settled == NONE {
            for (unit, cells) in origin.unit_sets_of(cell) {
                self.follow_static_unit(unit, others.and(&cells), value, at);
            }
        } else {
            for (unit, cells) in origin.other_unit_sets_of(cell, usize::from(settled)) {
                self.follow_static_unit(unit, others.and(&cells), value, at);
            }
        }
    }

    /// The value's other place in `unit` (`others`, its places there at the
    /// start but the fact's cell), when it had two.
    #[inline(always)]
    fn follow_static_unit(&mut self, unit: usize, others: H::Cells, value: u8, at: u16) {
        if let Some(only) = others.only() {
            self.add(Fact::on(only, value), Cause::LastPlace(unit as u16), at);
        }
    }

    /// The branch's own board: a cell down to one candidate, a value down to one
    /// place in a unit, or to none (a contradiction). What these rest on (the
    /// "off" facts of the cell or unit) is read back from the log ([`proof`]).
    /// The unit `settled` holds the value placed, so it is not looked at.
    pub(super) fn follow_dynamic_links(&mut self, cell: usize, value: u8, at: u16, settled: u16) {
        // Logging changes neither: read once, not once per unit.
        let sets = (self.board.holders(value), self.board.placed(value));
        self.follow_board_links(cell, value, at, settled, sets);
    }

    /// [`Branching::follow_dynamic_links`], with the value's `holders` and
    /// `placed` cells read by the caller.
    #[inline(always)]
    fn follow_board_links(
        &mut self,
        cell: usize,
        value: u8,
        at: u16,
        settled: u16,
        (holders, placed): (H::Cells, H::Cells),
    ) {
        let origin = self.origin;
        let left = self.board.candidates(cell);
        if left == 0 {
            self.contradict(Conflict::NoCandidates(cell));
            return;
        }
        if let Some(only) = only_value(left) {
            self.add(Fact::on(cell, only), Cause::LastCandidate, at);
            if self.record.conflict.is_some() {
                return;
            }
        }
        if settled == NONE {
            for (unit, cells) in origin.unit_sets_of(cell) {
                if self.follow_unit(unit, cells, value, (holders, placed), at) {
                    return;
                }
            }
        } else if let Some([(first, first_cells), (second, second_cells)]) =
            origin.other_two_unit_sets_of(cell, usize::from(settled))
        {
            if !self.follow_unit(first, first_cells, value, (holders, placed), at) {
                self.follow_unit(second, second_cells, value, (holders, placed), at);
            }
        } else {
            for (unit, cells) in origin.other_unit_sets_of(cell, usize::from(settled)) {
                if self.follow_unit(unit, cells, value, (holders, placed), at) {
                    return;
                }
            }
        }
    }

    /// A unit of an "off" fact's cell, `cells`, on the branch's board (the
    /// value's `holders` and `placed` cells): the value's last place in it,
    /// or none (a contradiction). Returns whether the run is over.
    #[inline(always)]
    fn follow_unit(
        &mut self,
        unit: usize,
        cells: H::Cells,
        value: u8,
        (holders, placed): (H::Cells, H::Cells),
        at: u16,
    ) -> bool {
        let places = holders.and(&cells);
        // Tested without counting: a u128 popcount is two software
        // popcounts on the baseline x86-64 target, on every "off" fact.
        // Most units keep two places or more: whether the value is placed
        // in the unit (then it has no place and needs none) is asked after.
        if places.has_two() || !placed.and(&cells).is_empty() {
            return false;
        }
        let Some(only) = places.only() else {
            self.contradict(Conflict::NoPlace(value, unit));
            return true;
        };
        self.add(Fact::on(only, value), Cause::LastPlace(unit as u16), at);
        self.record.conflict.is_some()
    }
}
