//! ALS-XY-Wing: a pivot ALS linked to two others by different restricted
//! commons x and y; a digit z common to the two others, outside x and y, goes
//! from every cell that sees all their z cells. The sets, links and the
//! "found nothing here before" memory are the parent module's.

use super::quiet::{Fresh, Quiet};
use super::{Cells, Partners, Sets, Sink, Step, Technique, als_step, shared_reach};
use crate::engine::board::Board;
use crate::engine::types::Candidates;

/// ALS-XY-Wings whose three ALSs share no cell.
pub fn als_xy_wing(board: &Board, sink: &mut Sink) {
    xy_wing(board, sink, false);
}

/// ALS-XY-Wings whose ALSs may share cells (HoDoKu's "allow ALS overlap"): the
/// restricted commons still may not lie in a shared cell.
pub fn als_xy_wing_overlapping(board: &Board, sink: &mut Sink) {
    xy_wing(board, sink, true);
}

fn xy_wing(board: &Board, sink: &mut Sink, overlap: bool) {
    let sets = sink.cache().als(board);
    let n = sets.all.len();
    // For each ALS, its linked ALSs and their restricted commons.
    let overlapping;
    let (links, fresh) = if overlap {
        overlapping = Partners::new(n, &sets.overlapping_links());
        (&overlapping, Fresh::all(n))
    } else {
        (sets.partners(), sets.fresh(sink, Quiet::AlsXyWing))
    };
    let before = sink.kept();
    // The pivot's partners side by side, and with a pivot that is not fresh
    // the places of its fresh partners: a wing needs a fresh set (see
    // [`quiet`]).
    let mut sides: Vec<Side> = Vec::new();
    let mut fresh_places = Vec::new();
    for c in 0..n {
        let pivot_fresh = fresh.has(c);
        if !pivot_fresh {
            let pivot_links = links.of(c);
            fresh_places.clear();
            fresh_places
                .extend((0..pivot_links.len()).filter(|&k| fresh.has(pivot_links[k].0 as usize)));
            // No fresh set on the wing: nothing to look at (debug builds look
            // at every eighth such pivot below).
            if fresh_places.is_empty() && !(cfg!(debug_assertions) && c.is_multiple_of(8)) {
                continue;
            }
        }
        sides.clear();
        sides.extend(links.of(c).iter().map(|&(set, xs)| {
            let als = &sets.all[set as usize];
            let (reaching, links) = (als.reaching.bits() as u16, xs.bits() as u16);
            let single = links & links.wrapping_sub(1) == 0;
            Side {
                cells: als.cells,
                free: if single { reaching & !links } else { reaching },
                single,
                links,
                fresh: pivot_fresh,
                set,
            }
        }));
        // Beside a pivot that is not fresh, the fresh partners are those
        // of `fresh_places` (not told again set by set).
        if !pivot_fresh {
            for &place in &fresh_places {
                sides[place].fresh = true;
            }
        }
        for (k, a) in sides.iter().enumerate() {
            if pivot_fresh || a.fresh {
                for b in &sides[k + 1..] {
                    if may_wing(a, b, overlap)
                        && wings_of(&sets, c, a, b, &mut |step| sink.push(step))
                    {
                        return;
                    }
                }
                continue;
            }
            // Debug builds check every eighth pivot's skipped pairs.
            debug_assert!(
                !c.is_multiple_of(8)
                    || sides[k + 1..]
                        .iter()
                        .filter(|b| !b.fresh)
                        .all(|b| !may_wing(a, b, overlap)
                            || !wings_of(&sets, c, a, b, &mut |_| true)),
                "ALS-XY-Wing on pivot {c} skipped, unchanged since it found nothing"
            );
            let later = fresh_places.partition_point(|&place| place <= k);
            for &place in &fresh_places[later..] {
                let b = &sides[place];
                if may_wing(a, b, overlap) && wings_of(&sets, c, a, b, &mut |step| sink.push(step))
                {
                    return;
                }
            }
        }
    }
    if !overlap && sink.kept() == before {
        sets.note_quiet(sink, Quiet::AlsXyWing);
    }
}

/// A set linked to the pivot, as the pair loop reads it (copied once per
/// pivot: the loop reads each partner once per earlier one).
struct Side {
    cells: Cells,
    /// The set's digits some cell can lose (see [`super::Als::reaching`]),
    /// as bits, but its link digit when it has one only: a wing removes
    /// neither link digit.
    free: u16,
    /// Whether one digit links it to the pivot.
    single: bool,
    /// The digits linking it to the pivot, as bits.
    links: u16,
    /// Whether the set is fresh, or the pivot is (then every pair is
    /// looked at, and it is not read).
    fresh: bool,
    /// The set's index.
    set: u32,
}

/// Whether the sets of `a` and `b` can make a wing on their pivot: they do
/// not share a cell (or, with `overlap`, neither is inside the other), and
/// they reach a digit in common besides some pair of link digits x and y
/// that differ. The wing removes such a digit only (see [`wings_of`]), so
/// this is what the cells are looked at for.
#[inline(always)]
fn may_wing(a: &Side, b: &Side, overlap: bool) -> bool {
    // The digit removed is reached by both and is no link digit of a set
    // linked by one (most pairs fail this, the cheapest test).
    let both = a.free & b.free;
    if both == 0 {
        return false;
    }
    if overlap {
        if a.cells & !b.cells == 0 || b.cells & !a.cells == 0 {
            return false;
        }
    } else if a.cells & b.cells != 0 {
        // Two sets without a shared cell are not inside each other (a set
        // has a cell): only the shared cells are tested.
        return false;
    }
    if a.single && b.single {
        // One link digit each (most links): they differ, and `both` is
        // neither.
        return a.links != b.links;
    }
    let (xs, ys, both) = (
        Candidates::from_bits(a.links.into()),
        Candidates::from_bits(b.links.into()),
        Candidates::from_bits(both.into()),
    );
    xs.iter().any(|x| {
        ys.iter()
            .any(|y| y != x && !both.without(x).without(y).is_empty())
    })
}

/// Hands `take` the ALS-XY-Wings on pivot `c` with the sets of `a` and `b`
/// (two of its partners that [`may_wing`]), until it says stop; returns
/// whether it did.
fn wings_of(
    sets: &Sets,
    c: usize,
    a: &Side,
    b: &Side,
    take: &mut impl FnMut(Step) -> bool,
) -> bool {
    let (xs, ys) = (
        Candidates::from_bits(a.links.into()),
        Candidates::from_bits(b.links.into()),
    );
    let (a, b) = (&sets.all[a.set as usize], &sets.all[b.set as usize]);
    // The digits some cell can lose, whatever the links.
    let reached = shared_reach(sets, a, b, a.digits.intersection(b.digits));
    if reached.is_empty() {
        return false;
    }
    for x in xs.iter() {
        for y in ys.iter().filter(|&y| y != x) {
            let zs = reached.without(x).without(y);
            let mut eliminations = Vec::new();
            for z in zs.iter() {
                eliminations.extend(sets.eliminate(z, &[a, b], a.cells | b.cells));
            }
            if eliminations.is_empty() {
                continue;
            }
            let pivot = &sets.all[c];
            let commons = Candidates::single(x).with(y);
            let step = als_step(Technique::AlsXyWing, eliminations, &[a, b, pivot], commons);
            if take(step) {
                return true;
            }
        }
    }
    false
}
