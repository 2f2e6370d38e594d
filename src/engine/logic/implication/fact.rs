//! The statements a branch makes and why each holds, over any index types:
//! the classic ladder names them with [`Cell`], [`Digit`] and [`Unit`] (the
//! defaults), the branch itself and the shaped ladder with plain indices (cells
//! `0..cell_count`, values `1..=side`, units in the geometry's order), as
//! [`crate::engine::logic::CandidateBoard`] reads a position.

use std::fmt;

use super::super::technique::Technique;
use crate::engine::types::{Cell, Digit, Unit};

/// A statement about one candidate: the cell holds the digit (`on`), or not.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Fact<C = Cell, V = Digit> {
    pub cell: C,
    pub digit: V,
    pub on: bool,
}

/// A fact in plain indices, as a branch runs.
pub type IndexFact = Fact<usize, u8>;

impl<C, V> Fact<C, V> {
    pub fn on(cell: C, digit: V) -> Fact<C, V> {
        Fact {
            cell,
            digit,
            on: true,
        }
    }

    pub fn off(cell: C, digit: V) -> Fact<C, V> {
        Fact {
            cell,
            digit,
            on: false,
        }
    }

    /// The opposite statement.
    pub fn negated(self) -> Fact<C, V> {
        Fact {
            on: !self.on,
            ..self
        }
    }
}

impl Fact {
    /// A dense index in `0..FACTS`.
    pub fn index(self) -> usize {
        (self.cell.index() * 9 + self.digit.index()) * 2 + usize::from(self.on)
    }

    /// The fact with this [`Fact::index`].
    pub fn from_index(index: usize) -> Fact {
        Fact {
            cell: Cell::new(index / 18),
            digit: Digit::new((index / 2 % 9) as u8 + 1),
            on: index % 2 == 1,
        }
    }
}

impl IndexFact {
    /// A dense index in `0..cell_count * side * 2` on a board of `side` values:
    /// the candidate `cell * side + value - 1`, twice (off, on).
    #[inline]
    pub fn index_in(self, side: usize) -> usize {
        (self.cell * side + usize::from(self.digit) - 1) * 2 + usize::from(self.on)
    }

    /// The fact with this [`IndexFact::index_in`].
    #[inline]
    pub fn from_index_in(index: usize, side: usize) -> IndexFact {
        Fact {
            cell: index / 2 / side,
            digit: (index / 2 % side) as u8 + 1,
            on: index % 2 == 1,
        }
    }

    /// The same fact in [`Cell`] and [`Digit`] (any shape).
    pub fn typed(self) -> Fact {
        Fact {
            cell: Cell::new(self.cell),
            digit: Digit::new(self.digit),
            on: self.on,
        }
    }
}

impl Fact {
    /// The same fact in plain indices.
    pub fn indexed(self) -> IndexFact {
        Fact {
            cell: self.cell.index(),
            digit: self.digit.get(),
            on: self.on,
        }
    }
}

impl fmt::Display for Fact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.on { "is" } else { "is not" };
        write!(f, "{} {verb} {}", self.cell, self.digit)
    }
}

/// Why an implication holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cause<U = Unit> {
    /// The branch's starting assumption.
    Assumed,
    /// The cell holds another digit.
    SameCell,
    /// A cell of this unit holds the digit.
    Peer(U),
    /// Every other candidate of the cell is gone.
    LastCandidate,
    /// Every other place for the digit in this unit is gone.
    LastPlace(U),
    /// A simpler technique applied inside the branch.
    Technique(Technique),
}

impl<U> Cause<U> {
    /// The same cause with its unit renamed.
    pub fn map_unit<W>(self, unit: impl Fn(U) -> W) -> Cause<W> {
        match self {
            Cause::Assumed => Cause::Assumed,
            Cause::SameCell => Cause::SameCell,
            Cause::Peer(u) => Cause::Peer(unit(u)),
            Cause::LastCandidate => Cause::LastCandidate,
            Cause::LastPlace(u) => Cause::LastPlace(unit(u)),
            Cause::Technique(t) => Cause::Technique(t),
        }
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::Assumed => f.write_str("assumed"),
            Cause::SameCell => f.write_str("same cell"),
            Cause::Peer(unit) => write!(f, "{unit}"),
            Cause::LastCandidate => f.write_str("last candidate"),
            Cause::LastPlace(unit) => write!(f, "last place in {unit}"),
            Cause::Technique(t) => write!(f, "{t}"),
        }
    }
}

/// One implication of a branch, as shown in a proof.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Implication<C = Cell, V = Digit, U = Unit> {
    pub fact: Fact<C, V>,
    pub cause: Cause<U>,
}

/// An implication in plain indices.
pub type IndexImplication = Implication<usize, u8, usize>;

impl IndexImplication {
    /// The same implication in [`Cell`], [`Digit`] and [`Unit`] (any shape).
    pub fn typed(self) -> Implication {
        Implication {
            fact: self.fact.typed(),
            cause: self.cause.map_unit(Unit::new),
        }
    }
}

/// Why a branch cannot be: its assumption is false.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Conflict<C = Cell, V = Digit, U = Unit> {
    /// The branch implies both this fact and its opposite.
    Both(Fact<C, V>),
    /// A cell is left without candidates.
    NoCandidates(C),
    /// A digit is left without a place in a unit.
    NoPlace(V, U),
}

/// A conflict in plain indices.
pub type IndexConflict = Conflict<usize, u8, usize>;

impl IndexConflict {
    /// The same conflict in [`Cell`], [`Digit`] and [`Unit`] (any shape).
    pub fn typed(self) -> Conflict {
        match self {
            Conflict::Both(fact) => Conflict::Both(fact.typed()),
            Conflict::NoCandidates(cell) => Conflict::NoCandidates(Cell::new(cell)),
            Conflict::NoPlace(digit, unit) => Conflict::NoPlace(Digit::new(digit), Unit::new(unit)),
        }
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conflict::Both(fact) => {
                write!(f, "{} would both hold {} and not", fact.cell, fact.digit)
            }
            Conflict::NoCandidates(cell) => write!(f, "{cell} would have no candidate left"),
            Conflict::NoPlace(digit, unit) => {
                write!(f, "{digit} would have no place left in {unit}")
            }
        }
    }
}
