//! A branch's log read back as proofs: each implication keeps where the
//! implications it rests on sit in a shared pool, so the proof of a fact is the
//! fact with all its ancestors, in the order they were found. A [`Record`] can
//! outlive its run, so a search that already recorded a branch (forcing nets,
//! whose branches are costly) reads the winner's proof without running it again.

use super::{Cause, Implication, IndexConflict, IndexFact, IndexImplication};

/// An implication in the log: the fact, its cause, and where its parents sit in the pool.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) fact: IndexFact,
    pub(super) cause: Cause<usize>,
    pub(super) parents: (u32, u32),
}

/// The log of one run: its implications in order, what each rests on (when
/// the run was recorded) and the contradiction it ended in.
#[derive(Clone, Default)]
pub struct Record {
    pub(super) log: Vec<Entry>,
    pub(super) pool: Vec<u16>,
    /// The contradiction reached, with the implications it rests on.
    pub(super) conflict: Option<(IndexConflict, Vec<u16>)>,
}

impl Record {
    pub(super) fn clear(&mut self) {
        self.log.clear();
        self.pool.clear();
        self.conflict = None;
    }

    /// The contradiction the run reached, if any.
    pub fn contradiction(&self) -> Option<IndexConflict> {
        self.conflict.as_ref().map(|(why, _)| *why)
    }

    /// The implications `fact` rests on, itself last, in order (empty when the run did not reach it).
    pub fn proof_of(&self, fact: IndexFact) -> Vec<IndexImplication> {
        match self.log.iter().position(|e| e.fact == fact) {
            Some(at) => self.proof(&[at as u16]),
            None => Vec::new(),
        }
    }

    /// The implications the contradiction rests on, in order.
    pub fn proof_of_contradiction(&self) -> Vec<IndexImplication> {
        match &self.conflict {
            Some((_, parents)) => self.proof(parents),
            None => Vec::new(),
        }
    }

    /// The entries at `ends` with all their ancestors, in log order.
    pub(super) fn proof(&self, ends: &[u16]) -> Vec<IndexImplication> {
        let mut needed = vec![false; self.log.len()];
        let mut stack: Vec<u16> = ends.to_vec();
        while let Some(at) = stack.pop() {
            if std::mem::replace(&mut needed[at as usize], true) {
                continue;
            }
            let (start, end) = self.log[at as usize].parents;
            stack.extend_from_slice(&self.pool[start as usize..end as usize]);
        }
        self.log
            .iter()
            .zip(needed)
            .filter(|(_, needed)| *needed)
            .map(|(e, _)| Implication {
                fact: e.fact,
                cause: e.cause,
            })
            .collect()
    }
}
