//! The position's own links as a graph for chains: a node is one candidate or
//! a group (the cells of one digit where a box meets a row or column, at least
//! two); a state is a node assumed true (on) or false (off). From an on state a
//! weak link leads to the off state of every node it rules out (the cell's other
//! digits, the digit in every node whose cells all see all of its cells); from an
//! off state a strong link leads to the on state of the node that must then hold
//! the digit (a bivalue cell's other digit, the rest of a unit that held the
//! digit in this node and exactly one other). These are the links
//! [`super::super::implication`]'s static mode follows, plus group nodes.
//!
//! With almost locked sets (HoDoKu's "ALS in chains"), an ALS of two or more
//! cells gives one node per digit (the set's cells holding it). A weak link
//! enters it on digit x from a node whose cells see all of its x's: then it has
//! no x, so it is locked and holds every other digit z (off x to on z, a strong
//! link inside the set); from z a weak link leaves to every node whose cells see
//! all of its z's. ALS nodes link only that way.

use crate::engine::board::Board;
use crate::engine::logic::components::Successors;
use crate::engine::types::{CELLS, Candidates, Cell, Digit, GEOMETRY, SIZE};

mod slots;

use slots::{SLOT_CELLS, SLOTS_SEEING, group_slot};

/// A set of cells as bits of their indices.
pub(crate) type Cells = u128;

/// No node.
pub(crate) const NONE: u16 = u16::MAX;

/// One node of the graph.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Node {
    pub digit: Digit,
    /// The cells holding the digit (of an ALS node: the set's cells holding it).
    pub cells: Cells,
    /// The cells the node takes up in a chain: its cells, or all of an ALS's.
    pub span: Cells,
    /// Its first cell (the cell of a candidate node).
    pub first: Cell,
    /// A group or ALS node: never a chain's end.
    pub group: bool,
    /// For an ALS node, the range of nodes of its set (one per digit).
    pub als: Option<(u16, u16)>,
    /// What names the node on every position: a candidate's is `cell * 9 +
    /// digit index`, a group's comes after them, by digit and then where it
    /// sits (see `group_slot`); `NONE` for an ALS node. Keys ascend in node
    /// order; a group keeps its key when it loses cells, so a key names the
    /// same node on two positions only if its cells are the same.
    pub key: u16,
}

/// The links of a board, as adjacency lists over states (`node * 2 + on`).
#[derive(PartialEq)]
pub(crate) struct Graph {
    pub nodes: Vec<Node>,
    /// The open cells holding each digit.
    pub holders: [Cells; SIZE],
    /// The node of each candidate (`cell * 9 + digit index`), or `NONE`.
    candidate: [u16; CELLS * SIZE],
    /// The states each state links to: `targets[offsets[s]..offsets[s + 1]]`.
    offsets: Vec<u32>,
    targets: Vec<u16>,
    /// Per state, whether it links to any state.
    leads_on: Vec<bool>,
}

/// The cells that see every cell of `set`.
pub(crate) fn seeing_all(set: Cells) -> Cells {
    let mut rest = set;
    let mut seen = !0u128;
    while rest != 0 {
        let index = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        seen &= GEOMETRY.peer_masks[index];
    }
    seen
}

/// The cells of a set, ascending (read as two 64-bit halves: a 128-bit
/// lowest-bit step takes twice the instructions).
pub(crate) fn cells_of(set: Cells) -> impl Iterator<Item = Cell> {
    let (mut low, mut high) = (set as u64, (set >> 64) as u64);
    std::iter::from_fn(move || {
        if low != 0 {
            let index = low.trailing_zeros() as usize;
            low &= low - 1;
            Some(Cell::new(index))
        } else if high != 0 {
            let index = 64 + high.trailing_zeros() as usize;
            high &= high - 1;
            Some(Cell::new(index))
        } else {
            None
        }
    })
}

/// The units (as bits of their indices: rows, columns, boxes) that hold every
/// cell of a non-empty `set`.
fn units_holding(set: Cells) -> u32 {
    cells_of(set).fold(!0, |acc, c| {
        acc & (1 << c.row() | 1 << (SIZE + c.col()) | 1 << (2 * SIZE + c.box_index()))
    })
}

/// Per digit, the cells where a node of the digit may link differently on a
/// position whose holders are `after` than on an earlier one's, `before`
/// (`after`'s candidates are some of `before`'s): the cells that lost a
/// candidate (a bivalue cell, a cell's other digits) and the units that
/// lost the digit (a unit's last two places, a group that shrank and now
/// sees more). A node none of whose cells lie there has the same links on
/// both, its targets being the same nodes.
pub(crate) fn unsettled(before: &[Cells; SIZE], after: &[Cells; SIZE]) -> [Cells; SIZE] {
    let mut lost: [Cells; SIZE] = [0; SIZE];
    let mut cells_changed: Cells = 0;
    for (d, lost) in lost.iter_mut().enumerate() {
        let gone = before[d] & !after[d];
        cells_changed |= gone;
        if gone != 0 {
            for unit in &GEOMETRY.unit_masks {
                if unit & gone != 0 {
                    *lost |= unit;
                }
            }
        }
    }
    lost.map(|lost| lost | cells_changed)
}

/// What a graph built after an earlier position's graph takes from it: the
/// links of the nodes that link as they did (see [`unsettled`]).
struct Prior<'a> {
    graph: &'a Graph,
    /// Per node that links as it did, its index in the earlier graph (the
    /// same key and cells), else `NONE`.
    then: Vec<u16>,
    /// Per state of the earlier graph, the same state here (`NONE` where
    /// its node is not here).
    now: Vec<u16>,
    /// The nodes before this one have their links (see [`Prior::links`]).
    taken: usize,
}

impl<'a> Prior<'a> {
    /// What `nodes` (on holders `holders`) take from `graph`, if their
    /// candidates are some of its (else nothing: the graph is built anew).
    fn new(graph: &'a Graph, nodes: &[Node], holders: &[Cells; SIZE]) -> Option<Prior<'a>> {
        if (0..SIZE).any(|d| holders[d] & !graph.holders[d] != 0) {
            return None;
        }
        let unsettled = unsettled(&graph.holders, holders);
        let mut then = vec![NONE; nodes.len()];
        let mut now = vec![NONE; graph.states()];
        // Keys ascend in node order on both graphs.
        let mut p = 0;
        for (i, node) in nodes.iter().enumerate() {
            while p < graph.nodes.len() && graph.nodes[p].key < node.key {
                p += 1;
            }
            if p < graph.nodes.len() && graph.nodes[p].key == node.key {
                if graph.nodes[p].cells == node.cells {
                    if node.cells & unsettled[node.digit.index()] == 0 {
                        then[i] = p as u16;
                    }
                    now[p * 2] = i as u16 * 2;
                    now[p * 2 + 1] = i as u16 * 2 + 1;
                }
                p += 1;
            }
        }
        Some(Prior {
            graph,
            then,
            now,
            taken: 0,
        })
    }

    /// Whether node `i` links as it did. If so, and it is not among the
    /// nodes already taken, appends the links (off, then on, with their
    /// offsets) of the run of such nodes from it that were also in a row
    /// there: one copy for the run.
    fn links(&mut self, i: usize, offsets: &mut Vec<u32>, targets: &mut Vec<u16>) -> bool {
        if i < self.taken {
            return true;
        }
        let p = usize::from(self.then[i]);
        if p == usize::from(NONE) {
            return false;
        }
        let mut end = i + 1;
        while end < self.then.len() && usize::from(self.then[end]) == p + (end - i) {
            end += 1;
        }
        self.taken = end;
        let graph = self.graph;
        let states = p * 2..(p + end - i) * 2;
        let (from, to) = (graph.offsets[states.start], graph.offsets[states.end]);
        let shift = targets.len() as u32;
        offsets.extend(graph.offsets[states].iter().map(|&o| o - from + shift));
        debug_assert_eq!(self.now.len(), graph.states());
        // A settled node's targets are settled too: each is here.
        // SAFETY: each target is a state of the earlier graph (checked when
        // it was built), and `now` has one entry per state of it.
        targets.extend(
            graph.targets[from as usize..to as usize]
                .iter()
                .map(|&s| *unsafe { self.now.get_unchecked(usize::from(s)) }),
        );
        true
    }
}

impl Graph {
    /// The graph of `board`'s candidates, with group nodes when `grouped`, and
    /// an ALS node per digit of each set of `sets` (cells and digits) of two or more cells.
    pub fn new(board: &Board, grouped: bool, sets: &[(Cells, Candidates)]) -> Graph {
        Graph::build(board, grouped, sets, None)
    }

    /// The grouped graph of `board`, the same as [`Graph::new`] builds, from
    /// `prior`, the grouped graph of an earlier position of the solve: the
    /// nodes that link as they did there take its links.
    pub fn after(prior: &Graph, board: &Board) -> Graph {
        Graph::build(board, true, &[], Some(prior))
    }

    fn build(
        board: &Board,
        grouped: bool,
        sets: &[(Cells, Candidates)],
        prior: Option<&Graph>,
    ) -> Graph {
        let mut holders = [0u128; SIZE];
        let mut nodes = Vec::with_capacity(400);
        let mut candidate = [NONE; CELLS * SIZE];
        for cell in board.open_cells() {
            for digit in board.candidates(cell).iter() {
                holders[digit.index()] |= 1 << cell.index();
                candidate[cell.index() * SIZE + digit.index()] = nodes.len() as u16;
                nodes.push(Node {
                    digit,
                    cells: 1 << cell.index(),
                    span: 1 << cell.index(),
                    first: cell,
                    group: false,
                    als: None,
                    key: (cell.index() * SIZE + digit.index()) as u16,
                });
            }
        }
        if grouped {
            for digit in Digit::all() {
                for (slot, &slot_cells) in SLOT_CELLS.iter().enumerate() {
                    let cells = holders[digit.index()] & slot_cells;
                    // Two or more cells (`count_ones` is long-hand on the target).
                    if cells & cells.wrapping_sub(1) != 0 {
                        debug_assert_eq!(group_slot(cells), Some(slot));
                        nodes.push(Node {
                            digit,
                            cells,
                            span: cells,
                            first: Cell::new(cells.trailing_zeros() as usize),
                            group: true,
                            als: None,
                            key: (CELLS * SIZE + digit.index() * SIZE * 6 + slot) as u16,
                        });
                    }
                }
            }
        }
        for &(span, digits) in sets {
            if span.count_ones() < 2 {
                continue; // a bivalue cell: its own links already say it
            }
            let start = nodes.len() as u16;
            let end = start + digits.len() as u16;
            for digit in digits.iter() {
                let cells = span & holders[digit.index()];
                nodes.push(Node {
                    digit,
                    cells,
                    span,
                    first: Cell::new(cells.trailing_zeros() as usize),
                    group: true,
                    als: Some((start, end)),
                    key: NONE,
                });
            }
        }
        let mut graph = Graph {
            nodes,
            holders,
            candidate,
            offsets: Vec::new(),
            targets: Vec::new(),
            leads_on: Vec::new(),
        };
        let prior = prior.and_then(|p| Prior::new(p, &graph.nodes, &graph.holders));
        graph.link(board, prior);
        graph
    }

    /// The same graph without its group nodes: what [`Graph::new`] builds
    /// ungrouped, for a fraction of the work. Candidate nodes come first and
    /// keep their indices; a candidate's links to groups are the only ones
    /// the grouping adds (a unit's rest of two or more cells, a group all of
    /// whose cells it sees), so dropping them leaves the ungrouped links in
    /// their order.
    pub fn without_groups(&self) -> Graph {
        let kept = self.nodes.iter().take_while(|n| !n.group).count();
        debug_assert!(
            self.nodes[kept..]
                .iter()
                .all(|n| n.group && n.als.is_none())
        );
        let states = kept * 2;
        let mut offsets = Vec::with_capacity(states + 1);
        let mut targets = Vec::with_capacity(self.offsets[states] as usize);
        for node in 0..kept {
            offsets.push(targets.len() as u32);
            let links = self.links(node * 2);
            targets.extend(links.iter().filter(|&&t| usize::from(t) < states));
            offsets.push(targets.len() as u32);
            // An "on" state's weak links list candidates, then its few groups.
            let mut links = self.links(node * 2 + 1);
            while let Some((&last, rest)) = links.split_last()
                && usize::from(last) >= states
            {
                links = rest;
            }
            targets.extend_from_slice(links);
        }
        offsets.push(targets.len() as u32);
        let mut graph = Graph {
            nodes: self.nodes[..kept].to_vec(),
            holders: self.holders,
            candidate: self.candidate,
            offsets,
            targets,
            leads_on: Vec::new(),
        };
        graph.check_and_mark();
        graph
    }

    /// The states `state` links to (each one of the graph's, checked when
    /// built), read without checking `state`: the walk's inner loop.
    ///
    /// # Safety
    /// `state` must be below [`Graph::states`]: the offsets then hold both
    /// its ends, in order and within the targets (all checked when built).
    pub unsafe fn links_unchecked(&self, state: usize) -> &[u16] {
        unsafe {
            let start = *self.offsets.get_unchecked(state) as usize;
            let end = *self.offsets.get_unchecked(state + 1) as usize;
            self.targets.get_unchecked(start..end)
        }
    }

    /// Whether `state` links to any state (a chain can go on from it).
    pub fn leads_on(&self, state: usize) -> bool {
        self.leads_on[state]
    }

    /// The states `state` links to (checked).
    pub fn links(&self, state: usize) -> &[u16] {
        &self.targets[self.offsets[state] as usize..self.offsets[state + 1] as usize]
    }

    /// How many states there are.
    pub fn states(&self) -> usize {
        self.nodes.len() * 2
    }

    /// The adjacency lists. A state's targets come in node order (a cell's
    /// other digits, then candidates by cell, groups, ALS nodes), which the
    /// breadth-first walks' choice among equally short chains rests on.
    fn link(&mut self, board: &Board, mut prior: Option<Prior>) {
        let holders = self.holders;
        // Per digit its ALS nodes, in node order, and each group node by where
        // it sits (its key says: see `group_slot`).
        let mut sets: [Vec<u16>; SIZE] = Default::default();
        let mut group_at = [[NONE; SIZE * 6]; SIZE];
        // Per digit, the slots holding a group node: ascending, they list its
        // group nodes in node order.
        let mut slots_held = [0u64; SIZE];
        let candidates = self.nodes.partition_point(|n| !n.group);
        for (i, node) in self.nodes.iter().enumerate().skip(candidates) {
            let d = node.digit.index();
            if node.als.is_some() {
                sets[d].push(i as u16);
            } else {
                let slot = usize::from(node.key) - CELLS * SIZE - d * SIZE * 6;
                debug_assert_eq!(group_slot(node.cells), Some(slot));
                group_at[d][slot] = i as u16;
                slots_held[d] |= 1 << slot;
            }
        }
        let mut offsets = Vec::with_capacity(self.nodes.len() * 2 + 1);
        let mut targets = Vec::with_capacity(self.nodes.len() * 16);
        // The nodes of digit `d` whose cells all lie in `seen` (`span_apart`:
        // ALS nodes whose every cell lies outside it), in node order.
        let weak = |targets: &mut Vec<u16>, d: usize, seen: Cells, span_apart: Cells| {
            for cell in cells_of(seen & holders[d]) {
                targets.push(self.candidate[cell.index() * SIZE + d] * 2);
            }
            let mut slots = slots_held[d];
            while slots != 0 {
                let m = group_at[d][slots.trailing_zeros() as usize];
                slots &= slots - 1;
                if self.nodes[m as usize].cells & !seen == 0 {
                    targets.push(m * 2);
                }
            }
            for &m in &sets[d] {
                let other = &self.nodes[m as usize];
                if other.span & span_apart == 0 && other.cells & !seen == 0 {
                    targets.push(m * 2);
                }
            }
        };
        for (i, node) in self.nodes.iter().enumerate() {
            if let Some(prior) = &mut prior
                && prior.links(i, &mut offsets, &mut targets)
            {
                continue;
            }
            let d = node.digit.index();
            // Off: strong links.
            let off = targets.len() as u32;
            offsets.push(off);
            if let Some((start, end)) = node.als {
                // An ALS without this digit holds each of its others.
                targets.extend((start..end).filter(|&m| m as usize != i).map(|m| m * 2 + 1));
                offsets.push(targets.len() as u32);
                let seen = seeing_all(node.cells) & holders[d] & !node.span;
                weak(&mut targets, d, seen, node.span);
                continue;
            }
            if !node.group {
                let cands = board.candidates(node.first);
                if cands.len() == 2
                    && let Some(other) = cands.without(node.digit).only()
                {
                    targets.push(self.candidate[node.first.index() * SIZE + other.index()] * 2 + 1);
                }
            }
            let mut units = units_holding(node.cells);
            while units != 0 {
                let unit = units.trailing_zeros() as usize;
                units &= units - 1;
                let rest = holders[d] & GEOMETRY.unit_masks[unit] & !node.cells;
                if rest == 0 {
                    continue;
                }
                let other = if rest & (rest - 1) == 0 {
                    self.candidate[rest.trailing_zeros() as usize * SIZE + d]
                } else {
                    group_slot(rest)
                        .map(|slot| group_at[d][slot])
                        .filter(|&m| m != NONE && self.nodes[m as usize].cells == rest)
                        .unwrap_or(NONE)
                };
                if other != NONE {
                    let state = other * 2 + 1;
                    if !targets[off as usize..].contains(&state) {
                        targets.push(state);
                    }
                }
            }
            // On: weak links.
            offsets.push(targets.len() as u32);
            if !node.group {
                for other in board.candidates(node.first).without(node.digit).iter() {
                    targets.push(self.candidate[node.first.index() * SIZE + other.index()] * 2);
                }
            }
            let seen = seeing_all(node.cells) & holders[d];
            if !sets[d].is_empty() {
                weak(&mut targets, d, seen, node.cells);
                continue;
            }
            // A candidate's or group's weak links: the groups that see all
            // its cells are among the slots that see each of them (the same
            // targets as `weak`, in node order: slots ascend with groups).
            let from = targets.len();
            for cell in cells_of(seen) {
                targets.push(self.candidate[cell.index() * SIZE + d] * 2);
            }
            let seeing = if node.group {
                cells_of(node.cells).fold(!0, |acc, c| acc & SLOTS_SEEING[c.index()])
            } else {
                SLOTS_SEEING[node.first.index()]
            };
            let mut slots = seeing & slots_held[d];
            while slots != 0 {
                let slot = slots.trailing_zeros() as usize;
                slots &= slots - 1;
                let m = group_at[d][slot];
                if self.nodes[m as usize].cells & node.cells == 0 {
                    targets.push(m * 2);
                }
            }
            if cfg!(debug_assertions) {
                let mut every = Vec::new();
                weak(&mut every, d, seen, node.cells);
                debug_assert_eq!(targets[from..], every[..]);
            }
        }
        offsets.push(targets.len() as u32);
        self.offsets = offsets;
        self.targets = targets;
        self.check_and_mark();
    }

    /// Checks that every link leads to a state of the graph (the walk reads
    /// its records by these targets without checking, see `walk`) and marks
    /// the states that lead on. (The offsets are pushed in order, one per
    /// state and one past the last, so each state's range lies within the
    /// targets.)
    fn check_and_mark(&mut self) {
        let states = self.nodes.len() * 2;
        let most = self.targets.iter().fold(0, |most, &t| most.max(t));
        assert!(self.targets.is_empty() || usize::from(most) < states);
        assert_eq!(self.offsets.len(), states + 1);
        self.leads_on = self.offsets.windows(2).map(|w| w[1] > w[0]).collect();
    }
}

/// The states' links, one at a time, for Tarjan's walk ([`super::closure`]).
impl Successors for Graph {
    #[inline]
    fn first(&self, state: u32) -> u32 {
        self.offsets[state as usize]
    }

    #[inline]
    fn next(&self, state: u32, at: &mut u32) -> Option<u32> {
        if *at == self.offsets[state as usize + 1] {
            return None;
        }
        *at += 1;
        Some(u32::from(self.targets[*at as usize - 1]))
    }
}

#[cfg(test)]
mod tests {
    use super::Graph;
    use crate::engine::board::Board;
    use crate::engine::logic::{StepFinder, Technique};
    use crate::engine::parse::parse_line;

    /// Along a solve, each position's grouped graph built from the previous
    /// position's is the one built anew.
    #[test]
    fn graph_after_an_earlier_one_is_the_graph_built_anew() {
        // top95's first puzzle: a long solve with many kinds of step.
        let puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let givens = parse_line(puzzle, 1).expect("a puzzle");
        let mut board = Board::from_givens(&givens).unwrap();
        let mut finder = StepFinder::new();
        let mut prior = Graph::new(&board, true, &[]);
        let mut compared = 0;
        while let Some(step) = finder.next_step(&board, &Technique::ALL) {
            step.apply(&mut board);
            let graph = Graph::after(&prior, &board);
            assert!(graph == Graph::new(&board, true, &[]), "on {board:?}");
            compared += usize::from(!graph.nodes.is_empty());
            prior = graph;
        }
        assert!(board.is_solved() && compared > 10, "{compared}");
    }
}
