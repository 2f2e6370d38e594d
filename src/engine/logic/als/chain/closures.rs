//! What each state of the chain walk's graph leads to, summed up once per
//! position: the starts' closures overlap, so each is read from these sums
//! instead of walked again (see [`super::may_end`]).
//!
//! Relaxed of the walk's limits (depth, a set once per chain, A0 left out),
//! the graph has a state (Y, e) (set Y reached by a link on the digit e)
//! lead to every (Y', e') with Y and Y' linked on e' and e' differing from
//! e. Its strongly connected components (Tarjan's algorithm) are summed up
//! in the order they close, each after every component it leads to: a
//! component's sum is its own states' and its successors' sums.

use super::{Exits, digit_of};
use crate::engine::types::{Candidates, SIZE};

/// Not reached yet by the numbering walk.
const UNSEEN: u32 = u32::MAX;
/// Numbered, its component not closed yet.
const OPEN: u32 = u32::MAX - 1;

/// Per state, the component of the relaxed graph it is in, and per
/// component what its closure (every state it leads to, and itself) holds:
/// filled in as starts first need them.
pub(super) struct Closures {
    /// Per state, its component (`UNSEEN`, or `OPEN` while on the stack).
    component: Vec<u32>,
    /// Per state, its number and the lowest number it reaches through the
    /// states still on the stack (Tarjan's index and low-link).
    number: Vec<u32>,
    low: Vec<u32>,
    next_number: u32,
    /// The states numbered whose component is not closed yet.
    stack: Vec<u32>,
    /// The numbering walk's path: each state and its next exit (an index
    /// into [`Exits::states`]).
    path: Vec<(u32, u32)>,
    /// Per component and digit z, the sets Y with a state (Y, e) in its
    /// closure that can end a chain removing z: z is not e and is removable
    /// from Y (see [`super::removable`]). As bits, by [`Lanes`].
    ends: Vec<u64>,
    lanes: Lanes,
    /// How many components are closed.
    closed: usize,
}

impl Closures {
    pub(super) fn new(n: usize, lanes: Lanes) -> Closures {
        Closures {
            component: vec![UNSEEN; n * 9],
            number: vec![0; n * 9],
            low: vec![0; n * 9],
            next_number: 0,
            stack: Vec::new(),
            path: Vec::new(),
            ends: Vec::new(),
            lanes,
            closed: 0,
        }
    }

    /// The component of `state`, summing up every component it leads to
    /// first if it is new.
    pub(super) fn component(
        &mut self,
        state: usize,
        exits: &Exits,
        removables: &[Candidates],
    ) -> usize {
        if self.component[state] == UNSEEN {
            self.number_from(state, exits, removables);
        }
        self.component[state] as usize
    }

    /// The sets that can end a chain removing `digit` (an index) in the
    /// closure of `component` (see [`Closures::ends`]), as bits.
    pub(super) fn ends(&self, component: usize, digit: usize) -> &[u64] {
        let lane = self.lanes.of(digit);
        let at = component * self.lanes.words();
        &self.ends[at + lane.start..at + lane.end]
    }

    /// Where the sets' bits are in a row.
    pub(super) fn lanes(&self) -> &Lanes {
        &self.lanes
    }

    /// Tarjan's walk from `root`: numbers every new state it leads to and
    /// closes each component once its states are all numbered.
    fn number_from(&mut self, root: usize, exits: &Exits, removables: &[Candidates]) {
        self.open(root, exits);
        while let Some(&mut (state, ref mut exit)) = self.path.last_mut() {
            let (set, digit) = (state as usize / 9, state as usize % 9);
            let span = &exits.spans[set];
            // Every exit but those on the digit the state was reached by.
            if *exit == span[digit] {
                *exit = span[digit + 1];
            }
            if *exit < span[9] {
                let next = exits.states[*exit as usize];
                *exit += 1;
                match self.component[next as usize] {
                    UNSEEN => self.open(next as usize, exits),
                    OPEN => {
                        let low = self.low[state as usize].min(self.number[next as usize]);
                        self.low[state as usize] = low;
                    }
                    _ => {}
                }
                continue;
            }
            self.path.pop();
            let low = self.low[state as usize];
            if let Some(&(parent, _)) = self.path.last() {
                let parent_low = &mut self.low[parent as usize];
                *parent_low = (*parent_low).min(low);
            }
            if low == self.number[state as usize] {
                self.close(state, exits, removables);
            }
        }
    }

    fn open(&mut self, state: usize, exits: &Exits) {
        self.component[state] = OPEN;
        self.number[state] = self.next_number;
        self.low[state] = self.next_number;
        self.next_number += 1;
        self.stack.push(state as u32);
        self.path.push((state as u32, exits.spans[state / 9][0]));
    }

    /// Closes the component whose first state is `root`: the states above it
    /// on the stack. Every state they lead to outside it is in a component
    /// closed before (Tarjan), so its sums are final.
    fn close(&mut self, root: u32, exits: &Exits, removables: &[Candidates]) {
        let id = self.closed;
        self.closed += 1;
        let from = self.stack.iter().rposition(|&s| s == root).unwrap_or(0);
        let size = self.lanes.words();
        let base = self.ends.len();
        self.ends.resize(base + size, 0);
        let mut merged = u32::MAX;
        for &state in &self.stack[from..] {
            let (set, digit) = (state as usize / 9, state as usize % 9);
            for z in removables[set].without(digit_of(digit)).iter() {
                let (word, bit) = self.lanes.bit(set, z.index());
                self.ends[base + word] |= bit;
            }
            let (below, above) = exits.besides(set, digit);
            for &next in below.iter().chain(above) {
                let other = self.component[next as usize];
                // Its own states (still open) are summed above; a component
                // just merged is skipped.
                if other == OPEN || other == merged {
                    continue;
                }
                merged = other;
                let (own, before) = self.ends.split_at_mut(base);
                let theirs = &own[other as usize * size..][..size];
                for (end, &more) in before.iter_mut().zip(theirs) {
                    *end |= more;
                }
            }
        }
        for &state in &self.stack[from..] {
            self.component[state as usize] = id as u32;
        }
        self.stack.truncate(from);
    }
}

/// Where a set that can lose a digit z (see [`super::removable`]) has its
/// bit in a row of bits per digit: those sets numbered in order, each
/// digit's words after the last's. A row is far shorter than a bit per set
/// and digit: most sets can lose only a few digits.
pub(super) struct Lanes {
    /// Per digit, where its words start (and where the last ends).
    starts: [usize; SIZE + 1],
    /// Per set and digit it can lose, its number among that digit's sets.
    numbers: Vec<[u16; SIZE]>,
}

impl Lanes {
    pub(super) fn new(removables: &[Candidates]) -> Lanes {
        let mut counts = [0u16; SIZE];
        let numbers = removables
            .iter()
            .map(|zs| {
                let mut numbers = [0u16; SIZE];
                for z in zs.iter() {
                    numbers[z.index()] = counts[z.index()];
                    counts[z.index()] += 1;
                }
                numbers
            })
            .collect();
        let mut starts = [0; SIZE + 1];
        for z in 0..SIZE {
            starts[z + 1] = starts[z] + usize::from(counts[z]).div_ceil(64);
        }
        Lanes { starts, numbers }
    }

    /// The words of a row.
    pub(super) fn words(&self) -> usize {
        self.starts[SIZE]
    }

    /// The words of `digit`'s (an index) sets in a row.
    pub(super) fn of(&self, digit: usize) -> std::ops::Range<usize> {
        self.starts[digit]..self.starts[digit + 1]
    }

    /// The word and bit of `set` among `digit`'s (an index, one `set` can
    /// lose).
    pub(super) fn bit(&self, set: usize, digit: usize) -> (usize, u64) {
        let number = usize::from(self.numbers[set][digit]);
        (self.starts[digit] + number / 64, 1 << (number % 64))
    }
}
