//! Tarjan's strongly connected components, walked without recursion: the
//! graphs of forcing chains' closure and of ALS chains' sums are deep enough
//! that a recursive walk could overflow the stack. Each user keeps its own
//! graph and its own summary of a component; this walk only numbers the
//! nodes and hands each component over as it closes, after every component
//! it leads to (so a summary built from its successors' is final).

use std::mem::MaybeUninit;

/// Not reached yet.
const UNSEEN: u32 = u32::MAX;
/// In a closed component: above every number given, so taking the lowest
/// number reached leaves a node's low-link alone (no edge into a closed
/// component lowers it) without a test.
const CLOSED: u32 = u32::MAX - 1;

/// A graph's successors, read one at a time from a cursor (each user's
/// edges are laid out its own way).
pub(crate) trait Successors {
    /// The cursor at `node`'s first successor.
    fn first(&self, node: u32) -> u32;
    /// The successor at `at`, moving `at` past it; `None` after the last.
    fn next(&self, node: u32, at: &mut u32) -> Option<u32>;
}

/// The walk's buffers, kept between walks from different roots (a node
/// walked once is not walked again).
pub(crate) struct Components {
    /// Per node, its number (`UNSEEN`, `CLOSED` once in a closed component)
    /// and the lowest number it reaches through nodes still on the stack
    /// (written when the node is numbered, read only while it is on the
    /// path: not zeroed first, which cost as much as the walks' numbering).
    number: Vec<u32>,
    low: Vec<MaybeUninit<u32>>,
    next_number: u32,
    /// The nodes numbered whose component is not closed yet.
    stack: Vec<u32>,
    /// The walk's path: each node and the cursor at its next successor.
    path: Vec<(u32, u32)>,
}

impl Components {
    pub(crate) fn new(nodes: usize) -> Components {
        Components {
            number: vec![UNSEEN; nodes],
            low: {
                let mut low = Vec::with_capacity(nodes);
                // SAFETY: a `MaybeUninit` needs no initialising.
                unsafe { low.set_len(nodes) };
                low
            },
            next_number: 0,
            stack: Vec::new(),
            path: Vec::new(),
        }
    }

    /// Whether `node` was reached by a walk (and is in a closed component:
    /// a walk closes every node it reaches).
    #[inline]
    pub(crate) fn reached(&self, node: u32) -> bool {
        self.number[node as usize] != UNSEEN
    }

    /// Takes `node` as a component of its own already closed, never walked
    /// nor handed over (for a node its user sums up without a walk).
    pub(crate) fn set_aside(&mut self, node: u32) {
        self.number[node as usize] = CLOSED;
    }

    /// Walks from `root` unless it was reached before, calling `on_close`
    /// with the members of each new component as it closes.
    #[inline]
    pub(crate) fn from(
        &mut self,
        root: u32,
        graph: &impl Successors,
        mut on_close: impl FnMut(&[u32]),
    ) {
        self.walk_until(root, graph, |members| {
            on_close(members);
            false
        });
    }

    /// [`Components::from`], stopped as soon as `on_close` returns `true`
    /// (then the walk's buffers are left mid-walk: no later walk may use
    /// them); whether it stopped.
    pub(crate) fn walk_until(
        &mut self,
        root: u32,
        graph: &impl Successors,
        mut on_close: impl FnMut(&[u32]) -> bool,
    ) -> bool {
        if self.number[root as usize] != UNSEEN {
            return false;
        }
        self.open(root, graph);
        while let Some(&mut (node, ref mut at)) = self.path.last_mut() {
            let n = node as usize;
            if let Some(next) = graph.next(node, at) {
                let number = self.number[next as usize];
                if number == UNSEEN {
                    self.open(next, graph);
                } else {
                    let low = self.low_of(n);
                    self.low[n].write(low.min(number));
                }
                continue;
            }
            self.path.pop();
            let low = self.low_of(n);
            if let Some(&(parent, _)) = self.path.last() {
                let p = parent as usize;
                let parents = self.low_of(p);
                self.low[p].write(parents.min(low));
            }
            if low == self.number[n] {
                let from = self
                    .stack
                    .iter()
                    .rposition(|&m| m == node)
                    .expect("on the stack");
                if on_close(&self.stack[from..]) {
                    return true;
                }
                for &m in &self.stack[from..] {
                    self.number[m as usize] = CLOSED;
                }
                self.stack.truncate(from);
            }
        }
        false
    }

    /// The low number of `node`, one on the path.
    #[inline(always)]
    fn low_of(&self, node: usize) -> u32 {
        // SAFETY: a node on the path was numbered, and `open` wrote its low.
        unsafe { self.low[node].assume_init() }
    }

    // Inlined as the walks it replaced had it: one call per node walked.
    #[inline]
    fn open(&mut self, node: u32, graph: &impl Successors) {
        self.number[node as usize] = self.next_number;
        self.low[node as usize].write(self.next_number);
        self.next_number += 1;
        self.stack.push(node);
        self.path.push((node, graph.first(node)));
    }
}
