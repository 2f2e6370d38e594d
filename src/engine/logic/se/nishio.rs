//! Sudoku Explainer's Nishio Forcing Chains (7.5 plus the length increment):
//! a candidate is assumed on (or off) and only its own digit is followed, on a
//! board that changes as the chain goes (a place turned off is gone, so a
//! unit left with one place puts the digit there). When some candidate comes
//! out both on and off, the assumption was wrong. Its length counts every
//! potential both contradicting branches rest on, including the places whose
//! removal left a unit with a single one.

use super::Rated;
use super::marks::{Links, Marks, NODES, Node, unit_cells};
use crate::engine::board::Board;
use crate::engine::logic::step::Step;
use crate::engine::logic::technique::Technique;
use crate::engine::types::{CELLS, Cell, Digit, SIZE};

const NONE: u32 = u32::MAX;

/// The lowest-rated Nishio step on `board` (the shortest; the first met of equals).
pub fn best(board: &Board) -> Option<Rated> {
    let marks = Marks::of(board);
    let mut chain = Chain::default();
    let mut best: Option<(u32, usize, Node)> = None;
    for cell in (0..CELLS).filter(|&c| marks.count(c) >= 2) {
        for digit in (0..SIZE).filter(|&d| marks.has(cell, d)) {
            for on in [true, false] {
                let source = Node::new(cell, digit, on);
                let Some(complexity) = chain.contradiction(&marks, source) else {
                    continue;
                };
                let rating = 75 + super::length_increment(complexity);
                if best.is_none_or(|(r, c, _)| (rating, complexity) < (r, c)) {
                    best = Some((rating, complexity, source));
                }
            }
        }
    }
    let (rating, _, source) = best?;
    // The assumption is false: an "on" one removes the candidate, an "off" one places it.
    let (cell, digit) = (
        Cell::new(source.cell()),
        Digit::new(source.digit() as u8 + 1),
    );
    let step = if source.on() {
        Step::elimination(
            Technique::XChain,
            vec![(cell, digit)],
            Vec::new(),
            Vec::new(),
        )
    } else {
        Step::placement(Technique::XChain, cell, digit)
    };
    Some(Rated {
        rating,
        name: "nishio_forcing_chain",
        step,
    })
}

/// One potential reached and the potentials it rests on.
struct Entry {
    node: Node,
    parents: Vec<u32>,
}

#[derive(Default)]
struct Chain {
    entries: Vec<Entry>,
    /// Per potential, its entry (NONE when not reached).
    at: Vec<u32>,
    on_queue: std::collections::VecDeque<u32>,
    off_queue: std::collections::VecDeque<u32>,
    offs: Vec<Node>,
    ons: Vec<(Node, Option<crate::engine::types::Unit>)>,
    visited: Vec<bool>,
}

impl Chain {
    fn add(&mut self, node: Node, parents: Vec<u32>) -> u32 {
        let i = self.entries.len() as u32;
        self.entries.push(Entry { node, parents });
        self.at[node.index()] = i;
        if node.on() {
            self.on_queue.push_back(i);
        } else {
            self.off_queue.push_back(i);
        }
        i
    }

    /// The length of the contradiction `source` leads to, if any: the
    /// potentials behind the "on" and the "off" version of the candidate met
    /// both ways, counted for each.
    fn contradiction(&mut self, original: &Marks, source: Node) -> Option<usize> {
        self.entries.clear();
        self.at.clear();
        self.at.resize(NODES, NONE);
        self.on_queue.clear();
        self.off_queue.clear();
        let mut marks = original.clone();
        self.add(source, Vec::new());
        let x_only = Links { x: true, y: false };
        loop {
            // Sudoku Explainer follows every pending "on" before the next "off".
            if let Some(i) = self.on_queue.pop_front() {
                let from = self.entries[i as usize].node;
                marks.on_to_off(from, false, &mut self.offs);
                for k in 0..self.offs.len() {
                    let off = self.offs[k];
                    let met = self.at[off.conjugate().index()];
                    if met != NONE {
                        return Some(
                            self.ancestors(None, &[met]) + self.ancestors(Some(off), &[i]),
                        );
                    }
                    if self.at[off.index()] == NONE {
                        self.add(off, vec![i]);
                    }
                }
            } else if let Some(i) = self.off_queue.pop_front() {
                let from = self.entries[i as usize].node;
                marks.off_to_on(from, x_only, &mut self.ons);
                let ons = std::mem::take(&mut self.ons);
                for &(on, unit) in &ons {
                    // A unit's last place also rests on the places removed before.
                    let mut parents = vec![i];
                    if let Some(unit) = unit {
                        let digit = on.digit();
                        let gone = original.positions(unit, digit) & !marks.positions(unit, digit);
                        for cell in unit_cells(unit, gone) {
                            let removed = self.at[Node::new(cell, digit, false).index()];
                            if removed != NONE {
                                parents.push(removed);
                            }
                        }
                    }
                    let met = self.at[on.conjugate().index()];
                    if met != NONE {
                        self.ons = ons;
                        return Some(
                            self.ancestors(Some(on), &parents) + self.ancestors(None, &[met]),
                        );
                    }
                    if self.at[on.index()] == NONE {
                        self.add(on, parents);
                    }
                }
                self.ons = ons;
                marks.strike(from.cell(), from.digit());
            } else {
                return None;
            }
        }
    }

    /// How many distinct potentials `extra` (one not stored), `starts` and
    /// their ancestors are.
    fn ancestors(&mut self, extra: Option<Node>, starts: &[u32]) -> usize {
        self.visited.clear();
        self.visited.resize(NODES, false);
        let mut count = 0;
        if let Some(node) = extra {
            self.visited[node.index()] = true;
            count += 1;
        }
        let mut todo: Vec<u32> = starts.to_vec();
        while let Some(i) = todo.pop() {
            let entry = &self.entries[i as usize];
            if std::mem::replace(&mut self.visited[entry.node.index()], true) {
                continue;
            }
            count += 1;
            todo.extend(entry.parents.iter().copied());
        }
        count
    }
}
