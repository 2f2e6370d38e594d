//! A game's history: the undo and redo stacks of positions, and the one
//! place a move, an undo and a redo change them ([`Timeline`]).

use std::sync::atomic::{AtomicU64, Ordering};

use super::position::Position;

/// A stack of positions (the undo or the redo list). Every entry carries a
/// serial number that is never reused in the process, so the store can tell
/// which entries it already wrote and append only the new ones: saving stays
/// cheap however long the history grows.
#[derive(Clone, Debug, Default)]
pub struct History {
    positions: Vec<Position>,
    serials: Vec<u64>,
}

/// Two histories are equal when they hold the same positions (serials are bookkeeping).
impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        self.positions == other.positions
    }
}

impl Eq for History {}

/// The next history serial number. One counter for the whole process, so a
/// restarted or reopened game never reuses a serial its save already holds.
static NEXT_SERIAL: AtomicU64 = AtomicU64::new(0);

fn take_serials(count: u64) -> u64 {
    NEXT_SERIAL.fetch_add(count, Ordering::Relaxed)
}

impl History {
    /// A history of `positions` (oldest first), with fresh serial numbers.
    pub fn from_positions(positions: Vec<Position>) -> History {
        let count = positions.len() as u64;
        let first = take_serials(count);
        History {
            serials: (first..first + count).collect(),
            positions,
        }
    }

    pub fn push(&mut self, position: Position) {
        self.positions.push(position);
        self.serials.push(take_serials(1));
    }

    pub fn pop(&mut self) -> Option<Position> {
        self.serials.pop();
        self.positions.pop()
    }

    pub fn clear(&mut self) {
        self.positions.clear();
        self.serials.clear();
    }

    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The positions, oldest first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The serial number of each position, in the same order.
    pub fn serials(&self) -> &[u64] {
        &self.serials
    }
}

/// The position on the board with its two histories, borrowed from a game of
/// any shape ([`super::state::Game::timeline`]): what a move, an undo
/// and a redo change, written once for every shape.
pub struct Timeline<'a> {
    pub position: &'a mut Position,
    pub undo: &'a mut History,
    pub redo: &'a mut History,
}

impl Timeline<'_> {
    /// Makes `next` the position and the old one undoable, forgetting the
    /// redo list; false (and nothing changes) when `next` is the position.
    pub fn commit(self, next: Position) -> bool {
        if next == *self.position {
            return false;
        }
        self.undo.push(std::mem::replace(self.position, next));
        self.redo.clear();
        true
    }

    /// Undoes (`back`) or redoes one step; false when there is none. Says
    /// what it did, or that there was nothing to do.
    pub fn step(self, back: bool) -> (bool, &'static str) {
        let (from, to) = match back {
            true => (self.undo, self.redo),
            false => (self.redo, self.undo),
        };
        let Some(position) = from.pop() else {
            return (
                false,
                if back {
                    "Nothing to undo"
                } else {
                    "Nothing to redo"
                },
            );
        };
        to.push(std::mem::replace(self.position, position));
        (true, if back { "Undone" } else { "Redone" })
    }
}
