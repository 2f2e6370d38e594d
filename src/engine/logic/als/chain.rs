//! ALS-XY-Chain: almost locked sets A0, A1, ..., Ak, each linked to the next by
//! a restricted common digit, two links in a row never on the same digit. If A0
//! holds no z it is locked on its other digits, so it holds the first link's
//! digit x1; then A1 does not, so A1 is locked without x1 and holds x2, and so on
//! until Ak is locked without xk and holds z. So z is in A0 or in Ak (z differs
//! from x1 and xk), and leaves every cell that sees all its copies in both.
//!
//! Three to six links (four to seven sets), as HoDoKu: shorter chains are
//! ALS-XZ and ALS-XY-Wing. Breadth first from every set and first link, so each
//! (end set, last link) is reached by its shortest chain; of the chains with the
//! same eliminations the shortest is kept, and the shortest come first.

mod closures;

use std::collections::BTreeSet;

use closures::{Closures, Lanes};

use super::{Als, Cells, Partners, Quiet, Sets, als_step, cells_of, each_cell_index};
use crate::engine::board::Board;
use crate::engine::logic::{Link, Sink, Technique};
use crate::engine::types::{CELLS, Candidates, Cell, Digit, SIZE};

/// The fewest and most restricted-common links of a chain.
const MIN_LINKS: usize = 3;
const MAX_LINKS: usize = 6;

/// No parent: the start of a chain.
const ROOT: u32 = u32::MAX;

/// A chain found: its sets and link digits, and what it removes.
struct Found {
    sets: Vec<usize>,
    digits: Vec<Digit>,
    eliminations: Vec<(Cell, Digit)>,
}

fn digit_of(index: usize) -> Digit {
    Digit::new(index as u8 + 1)
}

/// Every ALS-XY-Chain whose sets share no cell with the sets they link to.
pub fn als_xy_chain(board: &Board, sink: &mut Sink) {
    let sets = sink.cache().als(board);
    let n = sets.all.len();
    // The sets on a cell changed since a position where no walk ran (see
    // `fresh_firsts`), or all.
    let fresh = sets.fresh(sink, Quiet::AlsXyChain);
    // For each set, its linked sets and their restricted commons.
    let links = sets.partners();
    let exits = Exits::new(n, links);
    // A state is a set reached by a link on a digit: `set * 9 + digit`.
    let states = n * 9;
    // Per state, the round that reached it (an older one: not reached yet);
    // these are made for the first walk (most positions have none).
    let mut reached: Vec<u32> = Vec::new();
    let mut visits: Vec<Visit> = Vec::new();
    // Per set, the round and how it was left in that round (see `Left`).
    let mut left: Vec<(u32, Left)> = Vec::new();
    let mut round = 0u32;
    let mut queue: Vec<u32> = Vec::new();
    let mut found: Vec<Found> = Vec::new();
    // Per digit, the cells two sets or more reach: a chain removes a digit
    // only from those (its end sets both reach the cell).
    let twice = sets.reachers().reached_twice();
    // Per set, the digits a chain from or to it could remove.
    let removables: Vec<Candidates> = sets
        .all
        .iter()
        .map(|als| removable(&sets, &twice, als))
        .collect();
    let lanes = Lanes::new(&removables);
    let words = lanes.words();
    // Per cell reached twice, the sets reaching it that can lose the digit,
    // by digit (a row of bits, see `Lanes`): every set reaching such a cell
    // can. A cell reached once is left out: its one set is A0 to `others`.
    let mut reaching = vec![0u64; CELLS * words];
    for (set, als) in sets.all.iter().enumerate() {
        for z in removables[set].iter() {
            let (word, bit) = lanes.bit(set, z.index());
            each_cell_index(sets.reach(als, z) & twice[z.index()], |cell| {
                reaching[cell * words + word] |= bit;
            });
        }
    }
    // Per digit z, the sets besides A0 reaching a cell A0 reaches with z
    // (a row of bits).
    let mut others = vec![0u64; words];
    let mut closures = Closures::new(n, lanes, fresh);
    // Whether a walk ran (or, in debug builds, would have).
    let mut walked = false;
    for (start, a0) in sets.all.iter().enumerate() {
        if a0.reaching.is_empty() || links.of(start).is_empty() {
            continue;
        }
        // The digits a chain from A0 could remove.
        let zs = removables[start];
        if zs.is_empty() {
            continue;
        }
        // The first links whose walks the sums are asked about: debug
        // builds ask about all, and check the others' answer.
        let firsts = fresh_firsts(&mut closures, &exits, &removables, start, zs);
        if firsts.is_empty() && !cfg!(debug_assertions) {
            continue;
        }
        let lanes = closures.lanes();
        for z in zs.iter() {
            let lane = lanes.of(z.index());
            // A cell reached once is reached by A0 alone. The first cell's
            // row is copied (`keep` clears what is there), the others' ORed:
            // no zeroing first, and A0 reaches such a cell (see `removable`).
            let mut keep = 0;
            each_cell_index(sets.reach(a0, z) & twice[z.index()], |cell| {
                let by = &reaching[cell * words..][lane.clone()];
                for (other, &by) in others[lane.clone()].iter_mut().zip(by) {
                    *other = *other & keep | by;
                }
                keep = !0;
            });
            debug_assert_eq!(keep, !0, "A0 reaches a cell reached twice with {z}");
            let (word, bit) = lanes.bit(start, z.index());
            others[word] &= !bit;
        }
        let x1s = if cfg!(debug_assertions) {
            exits.digits(start)
        } else {
            firsts
        };
        for x1 in x1s.iter() {
            // z can be any of those digits but x1.
            if zs.without(x1).is_empty() {
                continue;
            }
            // Most walks reach no end that removes anything: the sums tell
            // first (see `may_end`). Debug builds walk anyway and check that
            // nothing is found.
            let ends = may_end(&mut closures, &exits, &removables, &others, start, x1);
            debug_assert!(
                firsts.contains(x1) || !ends,
                "a walk with no fresh set ends"
            );
            walked |= ends;
            if !ends && !cfg!(debug_assertions) {
                continue;
            }
            let before = found.len();
            if visits.is_empty() {
                reached = vec![0; states];
                visits = vec![Visit::default(); states];
                left = vec![(0, Left::Not); n];
            }
            round += 1;
            // A chain never comes back to A0: its states count as reached.
            reached[start * 9..start * 9 + 9].fill(round);
            queue.clear();
            // The first link, from A0 on x1.
            for &s in exits.on(start, x1.index()) {
                reached[s as usize] = round;
                visits[s as usize] = Visit {
                    parent: ROOT,
                    depth: 1,
                    path: set_bit(s as usize / 9),
                };
                queue.push(s);
            }
            let mut head = 0;
            while head < queue.len() {
                let state = queue[head] as usize;
                head += 1;
                let (set, digit) = (state / 9, state % 9);
                let here = visits[state];
                if here.depth as usize >= MIN_LINKS
                    && may_remove(&sets, a0, &sets.all[set], x1, digit_of(digit))
                    && let Some(eliminations) =
                        chain_eliminations(&sets, a0, &sets.all[set], x1, digit_of(digit))
                {
                    let states = chain_to(&visits, state);
                    let mut chain_sets = vec![start];
                    chain_sets.extend(states.iter().map(|&s| s / 9));
                    found.push(Found {
                        sets: chain_sets,
                        digits: states.iter().map(|&s| digit_of(s % 9)).collect(),
                        eliminations,
                    });
                }
                if here.depth as usize >= MAX_LINKS {
                    continue;
                }
                // Each set is left once per digit: the first arrival leaves
                // it by every other digit, the second (by another digit, no
                // shorter) by the first arrival's, later ones by none.
                let Some(runs) = exits.leave(&mut left[set], round, set, digit) else {
                    continue;
                };
                let depth = here.depth + 1;
                let pushed = queue.len();
                // Whether the states reached so far came in ascending order,
                // and the last of them.
                let (mut ascending, mut last) = (true, 0);
                for run in [runs.0, runs.1] {
                    for &s in run {
                        if reached[s as usize] == round {
                            continue;
                        }
                        let next = s as usize / 9;
                        if here.path & set_bit(next) != 0 && on_path(&visits, state, next) {
                            continue;
                        }
                        reached[s as usize] = round;
                        visits[s as usize] = Visit {
                            parent: state as u32,
                            depth,
                            path: here.path | set_bit(next),
                        };
                        queue.push(s);
                        ascending &= s >= last;
                        last = s;
                    }
                }
                // The runs go digit by digit; the states reached go in the
                // order of the links (by set, then digit: the order of the
                // state indices, the partners being ascending), which decides
                // which of them reaches a later state first.
                if !ascending {
                    queue[pushed..].sort_unstable();
                }
            }
            debug_assert!(ends || found.len() == before, "a skipped walk ends");
        }
    }
    if !walked {
        sets.note_quiet(sink, Quiet::AlsXyChain);
    }
    found.sort_by_key(|f| (f.digits.len(), usize::MAX - f.eliminations.len()));
    let mut seen = BTreeSet::new();
    for f in found {
        if !seen.insert(f.eliminations.clone()) {
            continue;
        }
        let chain: Vec<&Als> = f.sets.iter().map(|&i| &sets.all[i]).collect();
        let commons: Candidates = f.digits.iter().copied().collect();
        let mut step = als_step(Technique::AlsXyChain, f.eliminations, &chain, commons);
        step.links = chain_links(board, &chain, &f.digits);
        if sink.push(step) {
            return;
        }
    }
}

/// Whether the walk from `start` (A0) on the first link `x1` can reach an
/// end state that may remove something ([`may_remove`]); `others` as in
/// [`als_xy_chain`].
///
/// The walk's links are steps of the graph [`Closures`] sums up (it leaves a
/// set only on digits other than the one it arrived by), so every state it
/// pops is in the closure of a first-link state; it looks for chains only at
/// states where `may_remove` holds, so when no such state is in those
/// closures it finds nothing, and skipping it changes nothing (a walk's
/// marks are its round's alone). The closures are taken without the walk's
/// limits and with A0's states in them (A0 is never an end: `others` leaves
/// it out): more than the walk reaches, never less.
///
/// The end test on them is `may_remove`'s: an end state (Y, xk) may remove
/// something exactly when some z, neither x1 nor xk, is in both sets' reach
/// in one cell. Such a cell is reached by A0 and Y, so z is removable from
/// both (see [`removable`]) and Y is in `others` for z; and Y is one of the
/// component's ends for z when it is reached by a digit but z.
fn may_end(
    closures: &mut Closures,
    exits: &Exits,
    removables: &[Candidates],
    others: &[u64],
    start: usize,
    x1: Digit,
) -> bool {
    let zs = removables[start].without(x1);
    for &state in exits.on(start, x1.index()) {
        let component = closures.component(state as usize, exits, removables);
        let ends = closures.ends(component);
        for z in zs.iter() {
            let lane = closures.lanes().of(z.index());
            if ends[lane.clone()]
                .iter()
                .zip(&others[lane])
                .any(|(end, other)| end & other != 0)
            {
                return true;
            }
        }
    }
    false
}

/// The first links `x1` from `start` (A0) whose walks may still end (see
/// [`may_end`]) after a position of the solve where no walk ran: of A0's
/// link digits, those that leave some z of `zs` (the digits a chain from A0
/// can remove) and, unless A0 is fresh, whose first-link states' closures
/// hold a state of a fresh set (without such a position every set is fresh).
///
/// `may_end` holds for (A0, x1) when some path of the relaxed graph from a
/// first-link state reaches an end (Y, e) with Y reaching a cell A0 reaches
/// with some z (neither x1 nor e). If A0 and every set on that path (Y
/// among them) keep their cells' candidates, they are the same sets with the
/// same restricted commons as on that earlier position, linked the same way,
/// and their reaches were larger: `may_end` held there too, and a walk ran.
/// So on a later position of a position where none ran, it holds only
/// through a path with a fresh set on it, or from a fresh A0.
fn fresh_firsts(
    closures: &mut Closures,
    exits: &Exits,
    removables: &[Candidates],
    start: usize,
    zs: Candidates,
) -> Candidates {
    let x1s = exits.digits(start);
    let x1s = if zs.len() == 1 {
        x1s.difference(zs)
    } else {
        x1s
    };
    if closures.fresh(start) {
        return x1s;
    }
    x1s.iter()
        .filter(|x1| {
            exits.on(start, x1.index()).iter().any(|&state| {
                let component = closures.component(state as usize, exits, removables);
                closures.reaches_fresh(component)
            })
        })
        .collect()
}

/// How a set was left in a walk.
#[derive(Clone, Copy)]
enum Left {
    /// Not yet.
    Not,
    /// By every digit but this one (an index), the one it was reached by.
    Besides(u8),
    /// By every digit.
    Twice,
}

/// Per set, the states its links lead to (`next * 9 + digit`), digit by digit
/// and ascending within a digit: those of `set` on digit d are
/// `states[spans[set * 9 + d]..spans[set * 9 + d + 1]]` (the spans are
/// indexed like the states).
struct Exits {
    spans: Vec<u32>,
    states: Vec<u32>,
    /// Per set, the digits of its links.
    digits: Vec<Candidates>,
}

impl Exits {
    fn new(n: usize, links: &Partners) -> Exits {
        // Counted per set and digit, summed to where each run ends, then
        // filed from the last link back, each end moved down one per state:
        // it ends where its run starts, the run ascending. One pass over
        // all the spans, no per-set copy.
        // Each set's counts written in turn: no zeroed array first.
        let mut spans = Vec::with_capacity(n * 9 + 1);
        let mut digits = Vec::with_capacity(n);
        for set in 0..n {
            let partners = links.of(set);
            debug_assert!(partners.is_sorted_by_key(|&(next, _)| next));
            let mut all = Candidates::NONE;
            let mut counts = [0u32; 9];
            for &(_, rcc) in partners {
                all = all.union(rcc);
                for d in rcc.iter() {
                    counts[d.index()] += 1;
                }
            }
            spans.extend_from_slice(&counts);
            digits.push(all);
        }
        spans.push(0);
        let mut total = 0;
        for end in &mut spans[..n * 9] {
            total += *end;
            *end = total;
        }
        spans[n * 9] = total;
        // Not zeroed first: every entry is written below, once.
        let mut states: Vec<u32> = Vec::with_capacity(total as usize);
        let spare = &mut states.spare_capacity_mut()[..total as usize];
        for set in (0..n).rev() {
            for &(next, rcc) in links.of(set).iter().rev() {
                for d in rcc.iter() {
                    let end = &mut spans[set * 9 + d.index()];
                    *end -= 1;
                    spare[*end as usize].write(next * 9 + d.index() as u32);
                }
            }
        }
        // SAFETY: each run's end moved from where it ends down to where it
        // starts, once per state written in it, and the runs tile
        // `0..total`: each entry was written once.
        unsafe { states.set_len(total as usize) };
        Exits {
            spans,
            states,
            digits,
        }
    }

    /// The states `set` leads to on the digit `digit` (an index).
    fn on(&self, set: usize, digit: usize) -> &[u32] {
        let span = &self.spans[set * 9..set * 9 + 10];
        &self.states[span[digit] as usize..span[digit + 1] as usize]
    }

    /// The states `set` leads to on every digit but `digit` (an index): those
    /// on lower digits, then those on higher ones.
    fn besides(&self, set: usize, digit: usize) -> (&[u32], &[u32]) {
        let span = &self.spans[set * 9..set * 9 + 10];
        (
            &self.states[span[0] as usize..span[digit] as usize],
            &self.states[span[digit + 1] as usize..span[9] as usize],
        )
    }

    /// The states a walk of `round` goes on to from `set`, reached by the
    /// digit `digit` (an index), given how it left the set before (`left`,
    /// updated): the first arrival leaves it by every other digit, the second
    /// (by another digit) by the first arrival's, later ones by none.
    #[inline]
    fn leave(
        &self,
        left: &mut (u32, Left),
        round: u32,
        set: usize,
        digit: usize,
    ) -> Option<(&[u32], &[u32])> {
        let (stamp, how) = left;
        if *stamp != round {
            *stamp = round;
            *how = Left::Besides(digit as u8);
            Some(self.besides(set, digit))
        } else if let Left::Besides(first) = *how {
            *how = Left::Twice;
            Some((self.on(set, first as usize), &[][..]))
        } else {
            None
        }
    }

    /// The digits `set` is linked on.
    fn digits(&self, set: usize) -> Candidates {
        self.digits[set]
    }
}

/// The states of the chain to `last`, from the first link on.
fn chain_to(visits: &[Visit], last: usize) -> Vec<usize> {
    let mut path = vec![last];
    let mut s = last;
    while visits[s].parent != ROOT {
        s = visits[s].parent as usize;
        path.push(s);
    }
    path.reverse();
    path
}

/// Whether the chain to `state` (walking up its parents) passes through the set
/// `set`: at most six sets, cheaper than collecting them.
fn on_path(visits: &[Visit], state: usize, set: usize) -> bool {
    let mut s = state;
    loop {
        if s / 9 == set {
            return true;
        }
        if visits[s].parent == ROOT {
            return false;
        }
        s = visits[s].parent as usize;
    }
}

/// How the breadth-first walk reached a state (valid when it is marked
/// reached this round).
#[derive(Clone, Copy, Default)]
struct Visit {
    parent: u32,
    /// Links from A0.
    depth: u8,
    /// The sets on the chain to the state, one bit each by index modulo 64: a
    /// set whose bit is clear is not on it, so the walk up the parents is
    /// needed only when the bit is set.
    path: u64,
}

/// The bit of set `set` in [`Visit::path`].
fn set_bit(set: usize) -> u64 {
    1 << (set % 64)
}

/// The digits of `a0` some other set also reaches in a cell it reaches (one
/// of `twice`'s, by digit, see [`super::Reachers::reached_twice`]): a chain
/// from A0 to Ak removes z only from a cell in the reach of both, so no
/// chain from A0 removes another digit.
fn removable(sets: &Sets, twice: &[Cells; SIZE], a0: &Als) -> Candidates {
    a0.reaching
        .iter()
        .filter(|&z| sets.reach(a0, z) & twice[z.index()] != 0)
        .collect()
}

/// Whether a chain from `a0` (first link on `x1`) to `end` (last link on
/// `xk`) can remove anything: some z, neither link digit, in both sets' reach
/// with a cell reaching both. [`chain_eliminations`] removes only such z, so
/// this cheap test spares it (and its allocations) on most end states.
fn may_remove(sets: &Sets, a0: &Als, end: &Als, x1: Digit, xk: Digit) -> bool {
    a0.reaching
        .intersection(end.reaching)
        .without(x1)
        .without(xk)
        .iter()
        .any(|z| sets.reach(a0, z) & sets.reach(end, z) != 0)
}

/// What a chain from `a0` (first link on `x1`) to `end` (last link on `xk`)
/// removes.
fn chain_eliminations(
    sets: &Sets,
    a0: &Als,
    end: &Als,
    x1: Digit,
    xk: Digit,
) -> Option<Vec<(Cell, Digit)>> {
    // Only a digit some cell sees in both sets can go.
    let zs = a0
        .reaching
        .intersection(end.reaching)
        .without(x1)
        .without(xk);
    if zs.is_empty() {
        return None;
    }
    let both: Cells = a0.cells | end.cells;
    let mut eliminations = Vec::new();
    for z in zs.iter() {
        if sets.reach(a0, z) & sets.reach(end, z) == 0 {
            continue;
        }
        eliminations.extend(sets.eliminate(z, &[a0, end], both));
    }
    eliminations.sort();
    (!eliminations.is_empty()).then_some(eliminations)
}

/// The restricted-common links of the chain, set to set: every copy of the
/// link's digit in one set to every copy in the next (weak: not both).
fn chain_links(board: &Board, chain: &[&Als], digits: &[Digit]) -> Vec<Link> {
    let mut links = Vec::new();
    for (pair, &digit) in chain.windows(2).zip(digits) {
        let copies = |als: &Als| -> Vec<Cell> {
            cells_of(als.cells)
                .filter(|&c| board.candidates(c).contains(digit))
                .collect()
        };
        for a in copies(pair[0]) {
            for b in copies(pair[1]) {
                links.push(Link {
                    from: (a, digit),
                    to: (b, digit),
                    strong: false,
                });
            }
        }
    }
    links
}
