//! ALS-XY-Wing: a pivot ALS linked to two others by different restricted
//! commons x and y; a digit z common to the two others, outside x and y, goes
//! from every cell that sees all their z cells. The sets, links and the
//! "found nothing here before" memory are the parent module's.

use super::quiet::{Fresh, Quiet};
use super::{Als, Partners, Sets, Sink, Step, Technique, als_step, shared_reach};
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
    // A wing needs a fresh set (see [`quiet`]): with a pivot that is not,
    // the places of its fresh partners among its links.
    let mut fresh_places = Vec::new();
    for c in 0..n {
        let pivot_links = links.of(c);
        let pivot_fresh = fresh.has(c);
        if !pivot_fresh {
            fresh_places.clear();
            fresh_places
                .extend((0..pivot_links.len()).filter(|&k| fresh.has(pivot_links[k].0 as usize)));
        }
        for (k, &a_link) in pivot_links.iter().enumerate() {
            // Loaded once for all its pairs with later partners.
            let a_link = (&sets.all[a_link.0 as usize], a_link.1);
            if pivot_fresh || fresh.has(pivot_links[k].0 as usize) {
                for &b_link in &pivot_links[k + 1..] {
                    if wings_of(&sets, c, a_link, b_link, overlap, &mut |step| {
                        sink.push(step)
                    }) {
                        return;
                    }
                }
                continue;
            }
            // Debug builds check every eighth pivot's skipped pairs.
            debug_assert!(
                !c.is_multiple_of(8)
                    || pivot_links[k + 1..]
                        .iter()
                        .filter(|&&(b, _)| !fresh.has(b as usize))
                        .all(|&b_link| !wings_of(&sets, c, a_link, b_link, overlap, &mut |_| true)),
                "ALS-XY-Wing on pivot {c} skipped, unchanged since it found nothing"
            );
            let later = fresh_places.partition_point(|&place| place <= k);
            for &place in &fresh_places[later..] {
                let b_link = pivot_links[place];
                if wings_of(&sets, c, a_link, b_link, overlap, &mut |step| {
                    sink.push(step)
                }) {
                    return;
                }
            }
        }
    }
    if !overlap && sink.kept() == before {
        sets.note_quiet(sink, Quiet::AlsXyWing);
    }
}

/// Hands `take` the ALS-XY-Wings on pivot `c` with the sets of `a_link` and
/// `b_link` (each a set linked to `c` and the digits linking them), until it
/// says stop; returns whether it did.
fn wings_of(
    sets: &Sets,
    c: usize,
    (a, xs): (&Als, Candidates),
    (ib, ys): (u32, Candidates),
    overlap: bool,
    take: &mut impl FnMut(Step) -> bool,
) -> bool {
    let b = &sets.all[ib as usize];
    if overlap {
        if a.cells & !b.cells == 0 || b.cells & !a.cells == 0 {
            return false;
        }
    } else if a.cells & b.cells != 0 {
        // Two sets without a shared cell are not inside each other (a set
        // has a cell): only the shared cells are tested.
        return false;
    }
    // What a wing removes is a digit both reach other than its x and y: with
    // none for any choice of the two, the cells reached need not be looked at.
    let both = a.reaching.intersection(b.reaching);
    if both.is_empty() {
        return false;
    }
    if !xs.iter().any(|x| {
        ys.iter()
            .any(|y| y != x && !both.without(x).without(y).is_empty())
    }) {
        return false;
    }
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
