//! Whether static forcing chains can find anything on a position, told
//! without following a branch. A static branch follows only the position's
//! own links, so everything it can reach is a reachability question on one
//! fixed graph: its nodes are the facts, its edges the links
//! ([`super::super::implication`]'s static mode), and the facts every
//! branch reaches at most are found at once, for every branch, by one pass
//! over the graph's strongly connected components, each node's set the union
//! of its successors' (bit sets, a few dozen words each).
//!
//! Those sets hold every fact the branch reaches, and more: a branch stops at
//! its first contradiction, and it does not follow the links of an "off" fact
//! whose cell it placed before coming to that fact (an "off" fact it found
//! through the placement itself is not followed at all, which the graph
//! keeps: such facts are leaves). So when no set holds a fact and its
//! opposite, and the sets of no group that digit, cell or unit forcing reads
//! (a candidate and its absence, a cell's candidates, a value's places in a
//! unit) share a fact, no branch ends in a contradiction and no group shares
//! a fact: digit, cell and unit forcing chains find nothing, exactly as the
//! branches would have shown. Otherwise nothing is told, and the branches run.
//! On a solve that needs dynamic chains, static ones find nothing on most
//! positions before them.

use super::super::implication::{BranchHost, CellSet};
use crate::engine::geometry::ValueMask;
use crate::engine::logic::candidate_board::{only_value, values_of};
use crate::engine::logic::components::{Components, Successors};

/// No component yet; no open candidate.
const UNSEEN: u32 = u32::MAX;

/// The component of an "off" fact that implies nothing: it reaches itself
/// alone, so it has no set (see [`Graph::reach`]).
const ALONE: u32 = u32::MAX - 1;

/// About how many links a candidate's two facts have at most, together
/// (its "on" fact strikes the peers holding its value): the edge list's size.
const EDGES_PER_CANDIDATE: usize = 12;

/// Whether digit, cell and unit forcing chains certainly find nothing on
/// `board` (see the module text); `false` when they may.
pub(crate) fn static_chains_find_nothing<H: BranchHost>(board: &H) -> bool {
    let graph = Graph::new(board);
    graph.reach().quiet(board, &graph)
}

/// The static links of a position, from each fact to the facts it implies.
/// Only the open candidates' facts are nodes: the `k`-th open candidate
/// (cells ascending, values ascending) is "off" at `2k` and "on" at `2k + 1`.
struct Graph<H: BranchHost> {
    side: usize,
    /// Per candidate (`cell * side + value - 1`), its number `k`, or `UNSEEN`.
    number: Vec<u32>,
    /// Per node, where its successors start in `edges` (one more at the end).
    starts: Vec<u32>,
    edges: Vec<u32>,
    /// Per "on" node, the cell's other candidates' "off" facts, which
    /// follow from it and lead nowhere (see the module text), from `leaves`.
    leaf_starts: Vec<u32>,
    leaves: Vec<u32>,
    /// Per value, the open cells holding it.
    holders: H::PerValue,
}

impl<H: BranchHost> Graph<H> {
    fn new(board: &H) -> Graph<H> {
        let side = board.side();
        let mut holders = board.per_value();
        let mut number = vec![UNSEEN; board.cell_count() * side];
        // Every list sized at once (grown, each was copied several times a
        // position): a candidate has a few links and leaves.
        let count: usize = (0..board.cell_count())
            .map(|cell| board.open_candidates(cell).count_ones() as usize)
            .sum();
        let mut candidates = Vec::with_capacity(count);
        for cell in 0..board.cell_count() {
            for value in values_of(board.open_candidates(cell)) {
                let h = &mut holders.as_mut()[usize::from(value) - 1];
                *h = h.with(cell);
                number[cell * side + usize::from(value) - 1] = candidates.len() as u32;
                candidates.push((cell, value));
            }
        }
        let node = |cell: usize, value: u8, on: bool| {
            2 * number[cell * side + usize::from(value) - 1] + u32::from(on)
        };
        let mut starts = Vec::with_capacity(2 * candidates.len() + 1);
        let mut edges = Vec::with_capacity(candidates.len() * EDGES_PER_CANDIDATE);
        let mut leaf_starts = Vec::with_capacity(candidates.len() + 1);
        let mut leaves = Vec::with_capacity(candidates.len());
        for &(cell, value) in &candidates {
            let bit: ValueMask = 1 << (value - 1);
            let others = holders.as_ref()[usize::from(value) - 1].without(cell);
            // "Off": a bivalue cell's other value, the value's other place
            // in a unit where it has two.
            starts.push(edges.len() as u32);
            if let Some(other) = only_value(board.candidate_bits(cell) & !bit) {
                edges.push(node(cell, other, true));
            }
            for (_, cells) in board.unit_sets_of(cell) {
                if let Some(only) = others.and(&cells).only() {
                    edges.push(node(only, value, true));
                }
            }
            // "On": the value leaves the peers holding it, and the cell's
            // other candidates go (leaves).
            starts.push(edges.len() as u32);
            let peers = others.and(&board.peer_set(cell));
            edges.extend(peers.cells().map(|p| node(p, value, false)));
            leaf_starts.push(leaves.len() as u32);
            let rest = board.open_candidates(cell) & !bit;
            leaves.extend(values_of(rest).map(|v| node(cell, v, false)));
        }
        starts.push(edges.len() as u32);
        leaf_starts.push(leaves.len() as u32);
        Graph {
            side,
            number,
            starts,
            edges,
            leaf_starts,
            leaves,
            holders,
        }
    }

    fn successors(&self, node: usize) -> &[u32] {
        &self.edges[self.starts[node] as usize..self.starts[node + 1] as usize]
    }

    /// The "off" facts an "on" node implies and follows no further.
    fn leaves(&self, node: usize) -> &[u32] {
        let k = node / 2;
        &self.leaves[self.leaf_starts[k] as usize..self.leaf_starts[k + 1] as usize]
    }

    /// The "on" node of `value` in `cell`.
    fn on(&self, cell: usize, value: u8) -> usize {
        2 * self.number[cell * self.side + usize::from(value) - 1] as usize + 1
    }

    /// Every node's reachable facts, by Tarjan's components (each found after
    /// every component it reaches, so its set is final when it is read).
    /// An "off" fact with no link reaches only itself: it is marked `ALONE`
    /// and never walked, and a node leading to it sets its bit instead of
    /// taking in a set (most peers an "on" fact strikes are such facts).
    fn reach(&self) -> Reach {
        let nodes = self.starts.len() - 1;
        let words = nodes.div_ceil(64);
        let mut reach = Reach {
            words,
            component: vec![UNSEEN; nodes],
            // At most one set per node: grown one component at a time, the
            // sets were copied over and over.
            sets: Vec::with_capacity(nodes * words),
            used: 0,
        };
        let mut walk = Components::new(nodes);
        for off in (0..nodes).step_by(2) {
            if self.starts[off] == self.starts[off + 1] {
                reach.component[off] = ALONE;
                walk.set_aside(off as u32);
            }
        }
        for root in 0..nodes as u32 {
            walk.from(root, self, |members| reach.close(self, members));
        }
        reach
    }
}

impl<H: BranchHost> Successors for Graph<H> {
    fn first(&self, node: u32) -> u32 {
        self.starts[node as usize]
    }

    fn next(&self, node: u32, at: &mut u32) -> Option<u32> {
        if *at == self.starts[node as usize + 1] {
            return None;
        }
        *at += 1;
        Some(self.edges[*at as usize - 1])
    }
}

/// Per node, the component it belongs to; per component, the facts it reaches.
struct Reach {
    words: usize,
    component: Vec<u32>,
    /// Zeroed ahead of the components filed (see [`Reach::close`]).
    sets: Vec<u64>,
    /// How many words of `sets` the components filed hold.
    used: usize,
}

/// How many sets [`Reach::close`] zeroes at a time: one call for a few
/// dozen components, where one a component cost more than the zeroing.
const ZEROED_AHEAD: usize = 32;

impl Reach {
    /// Files the component of `members` (every component they reach filed already).
    fn close<H: BranchHost>(&mut self, graph: &Graph<H>, members: &[u32]) {
        let words = self.words;
        let base = self.used;
        let id = (base / words) as u32;
        for &m in members {
            self.component[m as usize] = id;
        }
        self.used += words;
        if self.sets.len() < self.used {
            let most = self.component.len() * words;
            self.sets.resize((base + ZEROED_AHEAD * words).min(most), 0);
        }
        let (filed, rest) = self.sets.split_at_mut(base);
        let set = &mut rest[..words];
        for &m in members {
            let node = m as usize;
            set[node / 64] |= 1 << (node % 64);
            if node % 2 == 1 {
                for &leaf in graph.leaves(node) {
                    set[leaf as usize / 64] |= 1 << (leaf % 64);
                }
            }
            for &target in graph.successors(node) {
                let c = self.component[target as usize];
                if c == ALONE {
                    set[target as usize / 64] |= 1 << (target % 64);
                } else if c != id {
                    let theirs = &filed[c as usize * words..][..words];
                    for (word, theirs) in set.iter_mut().zip(theirs) {
                        *word |= theirs;
                    }
                }
            }
        }
    }

    /// The facts `node` reaches (not for an `ALONE` node, which reaches only itself).
    fn set(&self, node: usize) -> &[u64] {
        let c = self.component[node] as usize;
        &self.sets[c * self.words..][..self.words]
    }

    /// Whether `node` reaches `fact`.
    #[cfg(test)]
    fn reaches(&self, node: usize, fact: usize) -> bool {
        if self.component[node] == ALONE {
            return node == fact;
        }
        self.set(node)[fact / 64] >> (fact % 64) & 1 == 1
    }

    /// Whether no set holds a fact and its opposite and no group forcing
    /// reads shares a fact (see the module text).
    fn quiet<H: BranchHost>(&self, board: &H, graph: &Graph<H>) -> bool {
        // A fact's two statements are neighbouring bits, "off" first.
        const OFF: u64 = 0x5555_5555_5555_5555;
        if self.sets[..self.used]
            .iter()
            .any(|&w| w & w >> 1 & OFF != 0)
        {
            return false;
        }
        let mut common = vec![0u64; self.words];
        // A candidate and its absence: "off" and "on" nodes side by side.
        // An `ALONE` "off" node's set is itself: the two share a fact when
        // the "on" node reaches it.
        for on in (1..self.component.len()).step_by(2) {
            let off = on - 1;
            let on_set = self.set(on);
            let meet = if self.component[off] == ALONE {
                on_set[off / 64] >> (off % 64) & 1 == 1
            } else {
                on_set.iter().zip(self.set(off)).any(|(a, b)| a & b != 0)
            };
            if meet {
                return false;
            }
        }
        for cell in 0..board.cell_count() {
            let candidates = board.open_candidates(cell);
            if candidates.count_ones() >= 2
                && self.shared(
                    &mut common,
                    values_of(candidates).map(|v| graph.on(cell, v)),
                )
            {
                return false;
            }
        }
        for unit in 0..board.unit_count() {
            for (v, places) in graph.holders.as_ref().iter().enumerate() {
                let places = places.and(&board.unit_set(unit));
                let mut cells = places.cells();
                if cells.next().is_some()
                    && cells.next().is_some()
                    && self.shared(
                        &mut common,
                        places.cells().map(|c| graph.on(c, v as u8 + 1)),
                    )
                {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the sets of `nodes` (a group of two or more, none `ALONE`)
    /// share a fact: their intersection is built in `common`, and the walk
    /// stops once it is empty (it only shrinks).
    fn shared(&self, common: &mut [u64], mut nodes: impl Iterator<Item = usize>) -> bool {
        let first = self.set(nodes.next().expect("a group"));
        let second = self.set(nodes.next().expect("a group of two"));
        // The first two sets ANDed as they are taken in (no copy first).
        let mut left = 0;
        for ((word, a), b) in common.iter_mut().zip(first).zip(second) {
            *word = a & b;
            left |= *word;
        }
        if left == 0 {
            return false;
        }
        for node in nodes {
            let mut left = 0;
            for (word, theirs) in common.iter_mut().zip(self.set(node)) {
                *word &= theirs;
                left |= *word;
            }
            if left == 0 {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::implication::{Branching, IndexFact, Mode};
    use super::{Graph, static_chains_find_nothing};
    use crate::engine::board::Board;
    use crate::engine::logic::{CandidateBoard, Technique, find_step_among, next_step};
    use crate::engine::parse::parse_line;

    /// Every fact a static branch reaches is in its node's closure set, and
    /// where the closure says static chains find nothing, they find nothing:
    /// on each puzzle's first position that needs forcing chains (every
    /// technique before them set aside).
    #[test]
    fn the_closure_holds_every_fact_a_static_branch_reaches() {
        // Lines 1, 2 and 7 of top1465: each needs dynamic forcing chains or nets.
        let lines = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
        ];
        let (mut quiet, mut facts) = (0, 0);
        for line in lines {
            let mut board = Board::with_auto_candidates(&parse_line(line, 1).expect("a puzzle"));
            let before = Technique::ALL
                .iter()
                .position(|&t| t == Technique::DigitForcingChain)
                .expect("listed");
            while let Some(step) = next_step(&board, &Technique::ALL[..before]) {
                step.apply(&mut board);
            }
            let graph = Graph::new(&board);
            let reach = graph.reach();
            let node = |fact: IndexFact| {
                2 * graph.number[fact.cell * 9 + usize::from(fact.digit) - 1] as usize
                    + usize::from(fact.on)
            };
            let mut branching = Branching::new(&board, Mode::Static);
            for cell in 0..81 {
                for value in (1..=9).filter(|v| board.open_candidates(cell) >> (v - 1) & 1 == 1) {
                    for assumption in [IndexFact::on(cell, value), IndexFact::off(cell, value)] {
                        branching.run(assumption);
                        let from = node(assumption);
                        for index in branching.reached_indices() {
                            let n = node(IndexFact::from_index_in(usize::from(index), 9));
                            assert!(reach.reaches(from, n), "{assumption:?}");
                            facts += 1;
                        }
                    }
                }
            }
            if static_chains_find_nothing(&board) {
                quiet += 1;
                let chains = [
                    Technique::DigitForcingChain,
                    Technique::CellForcingChain,
                    Technique::UnitForcingChain,
                ];
                assert_eq!(find_step_among(&board, &chains), None, "{line}");
            }
        }
        assert!(facts > 1000, "{facts} facts");
        assert!(quiet > 0, "no position where the closure tells");
    }
}
