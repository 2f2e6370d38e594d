//! The breadth-first walk of the chain finders: from one start state, every
//! state reachable by a chain that never comes back to a cell it left, shortest
//! chains first, as a tree of parents (one tree per start, the buffers reused).

use super::graph::{Cells, Graph};

/// No parent: the root of the breadth-first tree.
const ROOT: u16 = u16::MAX;

/// A chain as states (`node * 2 + on`), first to last.
pub(super) type Chain = Vec<u16>;

/// Breadth-first trees from every start, reused between starts.
pub(super) struct Walker {
    parent: Vec<u16>,
    depth: Vec<u8>,
    stamp: Vec<u32>,
    /// The cells of each state's chain.
    visited: Vec<Cells>,
    round: u32,
    queue: Vec<u16>,
}

impl Walker {
    pub(super) fn new(states: usize) -> Walker {
        Walker {
            parent: vec![ROOT; states],
            depth: vec![0; states],
            stamp: vec![0; states],
            visited: vec![0; states],
            round: 0,
            queue: Vec::with_capacity(states),
        }
    }

    /// How many links the chain from the root to `state` has.
    pub(super) fn depth(&self, state: u16) -> usize {
        self.depth[state as usize] as usize
    }

    /// Visits every state reachable from `start` by a chain that never comes
    /// back to a cell it left (a lasso), shortest chains first; `visit(walker,
    /// state)` sees each once (but a state no chain can end at, see below, that
    /// links nowhere) and returns the most links a chain still needs
    /// (the walk goes no deeper: a finder asked for its best chain stops once
    /// no longer chain can come first). A loop (`is_loop`) must leave its start
    /// cell by its first link and may come back to it, and end there, by a later one.
    /// A loop ends in its start cell, another chain in an "on" state: a state
    /// that is neither and links nowhere is a dead end, skipped (most "off"
    /// states are: their node has no strong link), which changes nothing else
    /// of the walk, as it would queue nothing.
    pub(super) fn walk(
        &mut self,
        graph: &Graph,
        start: u16,
        is_loop: bool,
        mut visit: impl FnMut(&Walker, u16) -> usize,
    ) {
        // A node's place (an ALS's every cell) tells links inside it; the cells
        // it holds the digit in are what the chain must not come back to.
        let place = |s: u16| graph.nodes[s as usize / 2].span;
        let cells = |s: u16| graph.nodes[s as usize / 2].cells;
        let home = cells(start);
        self.round += 1;
        self.queue.clear();
        self.queue.push(start);
        self.stamp[start as usize] = self.round;
        self.parent[start as usize] = ROOT;
        self.depth[start as usize] = 0;
        self.visited[start as usize] = home;
        let mut head = 0;
        while head < self.queue.len() {
            let state = self.queue[head];
            head += 1;
            let most = visit(self, state);
            if self.depth(state) >= most {
                // Chains through here are longer than any the finder still wants
                // (and so are those of every state queued after this one).
                if self.depth(state) > most {
                    break;
                }
                continue;
            }
            let here = place(state);
            if is_loop && state != start && here == home {
                continue;
            }
            let depth = self.depth[state as usize].saturating_add(1);
            let visited = self.visited[state as usize];
            for &next in graph.links(state as usize) {
                if self.stamp[next as usize] == self.round {
                    continue;
                }
                let there = cells(next);
                let allowed = if place(next) == here {
                    !(is_loop && state == start)
                } else {
                    there & visited == 0 || (is_loop && there == home)
                };
                if allowed {
                    self.stamp[next as usize] = self.round;
                    let can_end = if is_loop {
                        there == home
                    } else {
                        next % 2 == 1
                    };
                    if !can_end && !graph.leads_on(next as usize) {
                        continue;
                    }
                    self.parent[next as usize] = state;
                    self.depth[next as usize] = depth;
                    self.visited[next as usize] = visited | there;
                    self.queue.push(next);
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
        while self.parent[s as usize] != ROOT {
            s = self.parent[s as usize];
            chain.push(s);
        }
        chain.reverse();
    }
}
