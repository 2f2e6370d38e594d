//! The breadth-first walk of the chain finders: from one start state, every
//! state reachable by a chain that never comes back to a cell it left, shortest
//! chains first, as a tree of parents (one tree per start, the buffers reused).

use super::graph::{Cells, Graph};
use crate::engine::types::CELLS;

/// No parent: the root of the breadth-first tree.
const ROOT: u16 = u16::MAX;

/// A chain as states (`node * 2 + on`), first to last.
pub(super) type Chain = Vec<u16>;

/// What the walk knows of one state in the current tree (valid where its
/// stamp, in [`Walker::stamps`], is the current round's).
#[derive(Clone, Copy)]
struct Visit {
    /// The cells of the state's chain.
    visited: Cells,
    parent: u16,
    /// Links from the root (fewer than the graph's states: no state is on
    /// its chain twice, so `depth + 1` never overflows).
    depth: u16,
}

/// Where a state's node sits, as the walk reads it for every link it tries.
#[derive(Clone, Copy)]
struct Place {
    /// The cells holding the node's digit (what a chain must not come back to).
    cells: Cells,
    /// Its span (see [`super::graph::Node`]) as a number: two nodes have the
    /// same one exactly when their spans are equal (one cell's is the cell's
    /// index).
    span: u16,
    /// The cell index when its cells are one cell, else `NO_CELL`.
    cell: u8,
    /// Whether the state links anywhere ([`Graph::leads_on`]): read with
    /// the place, so that a dead end touches no record of its own.
    leads_on: bool,
}

/// In [`Place::cell`]: cells of more than one cell.
const NO_CELL: u8 = u8::MAX;

/// Where the span numbers of ALS nodes start: after every group's (see
/// [`group_span`]).
const SETS_SPANS: usize = CELLS + CELLS * 6;

/// The span number of a group node (two or three cells of one box and one
/// line, the lowest of them `first`): after the cells', by its first cell
/// and which of the next two cells along its row (patterns 0 to 2) or
/// column (3 to 5) it holds. Two groups have the same number exactly when
/// they have the same cells.
fn group_span(cells: Cells, first: usize) -> u16 {
    // The group's cells from its first one on: bits 1 and 2 along a row,
    // 9 and 18 down a column.
    let next = (cells >> first) as u32;
    let pattern = if next & 0b110 != 0 {
        (next >> 1 & 0b11) - 1
    } else {
        2 + (next >> 9 & 1 | next >> 17 & 2)
    };
    debug_assert!({
        let steps: [u32; 2] = if pattern < 3 { [1, 2] } else { [9, 18] };
        let held = if pattern < 3 {
            pattern + 1
        } else {
            pattern - 2
        };
        let mut again: Cells = 1 << first;
        for (bit, step) in steps.iter().enumerate() {
            if held >> bit & 1 == 1 {
                again |= 1 << (first + *step as usize);
            }
        }
        again == cells
    });
    (CELLS + first * 6 + pattern as usize) as u16
}

/// Breadth-first trees from every start, reused between starts.
pub(super) struct Walker {
    visits: Vec<Visit>,
    /// Per state, the round (start) it was last reached in; older rounds
    /// are stale. Apart from the records: most links tried lead to a state
    /// reached already, and this is all they read of it.
    stamps: Vec<u32>,
    /// Per state, where its node sits (twice per node: read by state, the
    /// link loop does not halve it).
    places: Vec<Place>,
    round: u32,
    /// The states of the current tree, in the order reached (each one was
    /// visited and its links tried): the first `queued`.
    queue: Box<[u16]>,
    queued: usize,
}

impl Walker {
    pub(super) fn new(graph: &Graph) -> Walker {
        let visits = vec![
            Visit {
                visited: 0,
                parent: ROOT,
                depth: 0,
            };
            graph.states()
        ];
        // An ALS's span, numbered after the groups' by its place among them.
        let mut sets: Vec<Cells> = graph
            .nodes
            .iter()
            .filter(|n| n.als.is_some())
            .map(|n| n.span)
            .collect();
        sets.sort_unstable();
        sets.dedup();
        // Two places per node (its states'), pushed in one pass: collected
        // from a flat map the list grew by reallocation.
        let mut places = Vec::with_capacity(graph.states());
        for (i, n) in graph.nodes.iter().enumerate() {
            let first = n.first.index();
            let (span, cell) = if !n.group {
                (first as u16, first as u8)
            } else if n.als.is_none() {
                (group_span(n.cells, first), NO_CELL)
            } else {
                let set = sets.binary_search(&n.span).expect("an ALS span is listed");
                let cell = if n.cells.count_ones() == 1 {
                    first as u8
                } else {
                    NO_CELL
                };
                ((SETS_SPANS + set) as u16, cell)
            };
            for state in [i * 2, i * 2 + 1] {
                places.push(Place {
                    cells: n.cells,
                    span,
                    cell,
                    leads_on: graph.leads_on(state),
                });
            }
        }
        // A state is queued at most once a round (then stamped): the queue has
        // room for every state.
        Walker {
            visits,
            stamps: vec![0; graph.states()],
            places,
            round: 0,
            queue: vec![0; graph.states()].into_boxed_slice(),
            queued: 0,
        }
    }

    /// How many links the chain from the root to `state` has.
    pub(super) fn depth(&self, state: u16) -> usize {
        self.visits[state as usize].depth as usize
    }

    /// Walks every state reachable from `start` (a candidate's) by a chain
    /// that never comes back to a cell it left (a lasso), shortest chains
    /// first. A loop (`LOOP`) must leave its start cell by its first link and
    /// may come back to it, and end there, by a later one; it ends in its
    /// start cell, another chain in an "on" state. `visit(walker, state,
    /// depth)` sees once each state a chain can end at, with its chain's
    /// links, and returns the most links a chain still needs, `most` until
    /// then (the walk goes no deeper: a finder asked for its best chain stops
    /// once no longer chain can come first). A state that cannot end a chain
    /// and links nowhere is a dead end, skipped (most "off" states are: their
    /// node has no strong link), which changes nothing else of the walk, as it
    /// would queue nothing.
    #[inline(never)]
    pub(super) fn walk<const LOOP: bool>(
        &mut self,
        graph: &Graph,
        start: u16,
        mut most: usize,
        mut visit: impl FnMut(&Walker, u16, usize) -> usize,
    ) {
        // A node's place (its span: an ALS's every cell) tells links inside
        // it; the cells it holds the digit in are what the chain must not come
        // back to.
        // The link loop below reads and writes its records unchecked: every
        // state a link leads to is one of the graph's
        // (`Graph::links_unchecked`), and the records were made for this
        // graph (one record and one place per state). Each state is stamped
        // before it is queued, at most once a round, so the queue stays
        // within its room for every state.
        let states = graph.states();
        assert!(
            self.visits.len() == states
                && self.stamps.len() == states
                && self.queue.len() == states
                && self.places.len() == states
        );
        let Place {
            cells: home,
            cell: home_cell,
            ..
        } = self.places[start as usize];
        assert!(home_cell != NO_CELL, "a walk starts from a candidate");
        let home_span = u16::from(home_cell);
        self.round += 1;
        let round = self.round;
        self.queue[0] = start;
        self.queued = 1;
        self.stamps[start as usize] = round;
        let root = &mut self.visits[start as usize];
        root.visited = home;
        root.parent = ROOT;
        root.depth = 0;
        let mut head = 0;
        while head < self.queued {
            // SAFETY: `head < queued <= states` (see above).
            let state = *unsafe { self.queue.get_unchecked(head) };
            head += 1;
            // SAFETY: a queued state is the start or a link's target: a state
            // of `graph`, with its record and place (asserted above).
            let Visit { visited, depth, .. } =
                *unsafe { self.visits.get_unchecked(state as usize) };
            let place = unsafe { self.places.get_unchecked(state as usize) };
            let (here, can_end) = if LOOP {
                (place.span, place.cell == home_cell)
            } else {
                (place.span, state % 2 == 1)
            };
            if can_end {
                most = visit(self, state, usize::from(depth));
            }
            if usize::from(depth) >= most {
                // Chains through here are longer than any the finder still wants
                // (and so are those of every state queued after this one).
                if usize::from(depth) > most {
                    break;
                }
                continue;
            }
            // (A state in the start cell can end a loop: `can_end` is asked
            // first as it is set for most states that pass.)
            if LOOP && can_end && state != start && here == home_span {
                continue;
            }
            debug_assert!(usize::from(depth) < states);
            let depth = depth + 1;
            let leaving_start = LOOP && state == start;
            let Walker {
                visits,
                stamps,
                places,
                queue,
                queued,
                ..
            } = self;
            for &next in unsafe { graph.links_unchecked(state as usize) } {
                // SAFETY: `next` is a state of `graph` (see `Graph::links_unchecked`),
                // whose states number `stamps.len()`, `visits.len()` and
                // `places.len()` (asserted above).
                let stamp = unsafe { stamps.get_unchecked_mut(next as usize) };
                if *stamp == round {
                    continue;
                }
                let place = unsafe { places.get_unchecked(next as usize) };
                let allowed = if place.span == here {
                    !leaving_start
                } else {
                    place.cells & visited == 0 || (LOOP && place.cell == home_cell)
                };
                if allowed {
                    *stamp = round;
                    let can_end = if LOOP {
                        place.cell == home_cell
                    } else {
                        next % 2 == 1
                    };
                    if !can_end && !place.leads_on {
                        continue;
                    }
                    let at = unsafe { visits.get_unchecked_mut(next as usize) };
                    at.parent = state;
                    at.depth = depth;
                    at.visited = visited | place.cells;
                    // SAFETY: `next` was not stamped this round until now, so
                    // fewer than `states` were queued before it.
                    debug_assert!(*queued < states);
                    *unsafe { queue.get_unchecked_mut(*queued) } = next;
                    *queued += 1;
                }
            }
        }
    }

    /// The chain from the root to `state`.
    pub(super) fn chain(&self, state: u16) -> Chain {
        let mut chain = Vec::with_capacity(self.depth(state) + 1);
        self.chain_into(state, &mut chain);
        chain
    }

    /// The chain from the root to `state`, written over `chain`.
    pub(super) fn chain_into(&self, state: u16, chain: &mut Chain) {
        chain.clear();
        chain.push(state);
        let mut s = state;
        while self.visits[s as usize].parent != ROOT {
            s = self.visits[s as usize].parent;
            chain.push(s);
        }
        chain.reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::{SETS_SPANS, group_span};
    use crate::engine::types::{CELLS, GEOMETRY, SIZE};
    use std::collections::BTreeMap;

    /// Every set of two or three cells where a box meets a line has its own
    /// number, after the cells' and before the ALS spans'.
    #[test]
    fn each_group_has_its_own_span_number() {
        let mut numbers = BTreeMap::new();
        for b in 0..SIZE {
            for line in 0..2 * SIZE {
                let meet = GEOMETRY.unit_masks[2 * SIZE + b] & GEOMETRY.unit_masks[line];
                for subset in 0u32..8 {
                    let cells: Vec<usize> = (0..CELLS).filter(|&c| meet >> c & 1 == 1).collect();
                    if cells.len() != 3 || subset.count_ones() < 2 {
                        continue;
                    }
                    let set = (0..3)
                        .filter(|i| subset >> i & 1 == 1)
                        .fold(0u128, |s, i| s | 1 << cells[i]);
                    let number = group_span(set, set.trailing_zeros() as usize);
                    assert!((CELLS..SETS_SPANS).contains(&usize::from(number)));
                    if let Some(other) = numbers.insert(number, set) {
                        assert_eq!(other, set, "{number}");
                    }
                }
            }
        }
        assert_eq!(numbers.len(), 2 * 27 * 4);
    }
}
