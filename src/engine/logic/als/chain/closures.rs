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

use std::mem::MaybeUninit;

use super::{Exits, digit_of};
use crate::engine::logic::als::quiet::Fresh;
use crate::engine::logic::components::{Components, Successors};
use crate::engine::types::{Candidates, SIZE};

/// The components the sums first have room for.
const CLOSED: usize = 512;

/// Per state, the component of the relaxed graph it is in, and per
/// component what its closure (every state it leads to, and itself) holds:
/// filled in as starts first need them.
pub(super) struct Closures {
    /// Tarjan's walk, numbering from a start when it first needs a sum.
    walk: Components,
    sums: Sums,
}

/// The components closed so far and their closures' sums.
struct Sums {
    /// Per state, its component: written as it closes, read only after
    /// (not filled first, which cost as much as the walks' numbering).
    component: Vec<MaybeUninit<u32>>,
    /// Per component and digit z, the sets Y with a state (Y, e) in its
    /// closure that can end a chain removing z: z is not e and is removable
    /// from Y (see [`super::removable`]). As bits, by [`Lanes`].
    ends: Vec<u64>,
    lanes: Lanes,
    /// The sets holding a changed cell (see [`super::super::quiet`]).
    fresh: Fresh,
    /// Per component, whether its closure has a state of a fresh set.
    reaches_fresh: Vec<bool>,
    /// How many components are closed.
    closed: usize,
}

impl Closures {
    pub(super) fn new(n: usize, lanes: Lanes, fresh: Fresh) -> Closures {
        Closures {
            walk: Components::new(n * 9),
            sums: Sums {
                component: {
                    let mut component = Vec::with_capacity(n * 9);
                    // SAFETY: a `MaybeUninit` needs no initialising.
                    unsafe { component.set_len(n * 9) };
                    component
                },
                // Room for the components most positions close (grown
                // from empty, the rows were copied over and over).
                ends: Vec::with_capacity(CLOSED * lanes.words()),
                lanes,
                fresh,
                reaches_fresh: Vec::with_capacity(CLOSED),
                closed: 0,
            },
        }
    }

    /// The component of `state`, summing up every component it leads to
    /// first if it is new.
    #[inline(always)]
    pub(super) fn component(
        &mut self,
        state: usize,
        exits: &Exits,
        removables: &[Candidates],
    ) -> usize {
        if !self.walk.reached(state as u32) {
            self.sum_from(state, exits, removables);
        }
        self.sums.of(state) as usize
    }

    /// Walks from `state`, new, summing up each component as it closes.
    #[inline(never)]
    fn sum_from(&mut self, state: usize, exits: &Exits, removables: &[Candidates]) {
        let sums = &mut self.sums;
        self.walk.from(state as u32, exits, |members| {
            sums.close(members, exits, removables);
        });
    }

    /// Per digit z, the sets that can end a chain removing z in the closure
    /// of `component`: a row of bits, by [`Lanes`].
    pub(super) fn ends(&self, component: usize) -> &[u64] {
        let size = self.sums.lanes.words();
        &self.sums.ends[component * size..][..size]
    }

    /// Whether the closure of `component` has a state of a fresh set.
    pub(super) fn reaches_fresh(&self, component: usize) -> bool {
        self.sums.reaches_fresh[component]
    }

    /// Whether `set` holds a changed cell.
    pub(super) fn fresh(&self, set: usize) -> bool {
        self.sums.fresh.has(set)
    }

    /// Where the sets' bits are in a row.
    pub(super) fn lanes(&self) -> &Lanes {
        &self.sums.lanes
    }
}

/// A state's successors: every exit of its set but those on the digit the
/// state was reached by.
impl Successors for Exits {
    fn first(&self, state: u32) -> u32 {
        self.spans[state as usize / 9 * 9]
    }

    fn next(&self, state: u32, at: &mut u32) -> Option<u32> {
        let (set, digit) = (state as usize / 9, state as usize % 9);
        let span = &self.spans[set * 9..set * 9 + 10];
        if *at == span[digit] {
            *at = span[digit + 1];
        }
        if *at == span[9] {
            return None;
        }
        *at += 1;
        Some(self.states[*at as usize - 1])
    }
}

impl Sums {
    /// The component of `state`, one in a closed component.
    #[inline(always)]
    fn of(&self, state: usize) -> u32 {
        // SAFETY: a state's component is written as it closes (`close`,
        // which every walk calls for every component it closes); it is read
        // after its walk (`Closures::component`), or as the successor of a
        // state closing, which Tarjan's walk closes first or together.
        unsafe { self.component[state].assume_init() }
    }

    /// Sums up the component of `members`. Every state they lead to outside
    /// it is in a component closed before (Tarjan), so its sums are final.
    fn close(&mut self, members: &[u32], exits: &Exits, removables: &[Candidates]) {
        let id = self.closed as u32;
        self.closed += 1;
        for &state in members {
            self.component[state as usize].write(id);
        }
        let size = self.lanes.words();
        let base = self.ends.len();
        self.ends.resize(base + size, 0);
        let mut merged = u32::MAX;
        let mut fresh = false;
        for &state in members {
            let (set, digit) = (state as usize / 9, state as usize % 9);
            fresh |= self.fresh.has(set);
            for z in removables[set].without(digit_of(digit)).iter() {
                let (word, bit) = self.lanes.bit(set, z.index());
                self.ends[base + word] |= bit;
            }
            let (below, above) = exits.besides(set, digit);
            for &next in below.iter().chain(above) {
                let other = self.of(next as usize);
                // Its own states are summed above; a component just merged
                // is skipped.
                if other == id || other == merged {
                    continue;
                }
                merged = other;
                fresh |= self.reaches_fresh[other as usize];
                let (own, before) = self.ends.split_at_mut(base);
                let theirs = &own[other as usize * size..][..size];
                for (end, &more) in before.iter_mut().zip(theirs) {
                    *end |= more;
                }
            }
        }
        self.reaches_fresh.push(fresh);
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
