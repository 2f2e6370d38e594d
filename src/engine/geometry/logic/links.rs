//! The links of a shaped step, in order, as the classic `engine::logic::links`
//! gives them for the 9x9: every multi-cell pattern read as strong and weak links
//! between candidates, with the running text of each link in the geometry's names
//! and alphabet.
//!
//! A strong link joins two candidates of which at least one is true (a value's
//! only two places in a unit, or a cell's only two candidates); a weak link joins
//! two that cannot both be true (one value in two cells that see each other, or
//! two values of one cell). A unit here is any unit of the geometry, so a link may
//! run along a diagonal, a window or a jigsaw region.
//!
//! The finders record no links; they follow from the step's pattern, units and
//! values and the position it was found in, so [`with_links`] derives them once a
//! finder has run. Dynamic forcing chains and nets on shapes follow their branch
//! on the propagating board, which records no causes, so they carry no links.

use super::{ShapeMarks, ShapeStep};
use crate::engine::geometry::{ValueMask, value_bit};
use crate::engine::logic::Technique;

/// One link of a shaped step: candidates `(cell, value)` at each end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ShapeLink {
    pub from: (usize, u8),
    pub to: (usize, u8),
    /// Strong: if `from` is false then `to` is true. Weak: if `from` is true then `to` is false.
    pub strong: bool,
}

/// Why a link holds in a position; units are indices into [`Geometry::units`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ShapeLinkKind {
    /// The value has exactly these two places in the unit.
    StrongInUnit(usize),
    /// The cell has exactly these two candidates.
    StrongInCell,
    /// Two cells of the unit cannot both hold the value.
    WeakInUnit(usize),
    /// One cell cannot hold both values.
    WeakInCell,
}

impl ShapeLinkKind {
    /// "strong" or "weak".
    pub fn strength(self) -> &'static str {
        match self {
            ShapeLinkKind::StrongInUnit(_) | ShapeLinkKind::StrongInCell => "strong",
            ShapeLinkKind::WeakInUnit(_) | ShapeLinkKind::WeakInCell => "weak",
        }
    }

    /// The unit the link runs in, if it runs in one.
    pub fn unit(self) -> Option<usize> {
        match self {
            ShapeLinkKind::StrongInUnit(unit) | ShapeLinkKind::WeakInUnit(unit) => Some(unit),
            _ => None,
        }
    }
}

/// Why `link` holds in `marks`, or `None` when it does not (an end is not a
/// candidate, or the two ends are not linked that way).
pub fn kind(marks: &ShapeMarks, link: &ShapeLink) -> Option<ShapeLinkKind> {
    let ((a, x), (b, y)) = (link.from, link.to);
    if !marks.allows(a, x) || !marks.allows(b, y) || (a, x) == (b, y) {
        return None;
    }
    let geometry = marks.geometry();
    let shared = || {
        geometry
            .units_of(a)
            .iter()
            .copied()
            .filter(move |&u| geometry.units()[u].cells.contains(&b))
    };
    match (a == b, link.strong) {
        (true, true) => {
            let pair = value_bit(x) | value_bit(y);
            (marks.candidates(a) == pair).then_some(ShapeLinkKind::StrongInCell)
        }
        (true, false) => Some(ShapeLinkKind::WeakInCell),
        (false, _) if x != y => None,
        (false, true) => shared()
            .find(|&u| marks.places(u, x).len() == 2)
            .map(ShapeLinkKind::StrongInUnit),
        (false, false) => shared().next().map(ShapeLinkKind::WeakInUnit),
    }
}

/// The running text of `link` in `marks`: "r2c5 is not 4, so r2c8 is 4 (strong
/// link in diagonal 1)".
pub fn said(marks: &ShapeMarks, link: &ShapeLink) -> String {
    let geometry = marks.geometry();
    let name = |cell: usize| geometry.cell_name(cell);
    let symbol = |value: u8| geometry.alphabet().symbol(value);
    let ((a, x), (b, y)) = (link.from, link.to);
    let mut text = if link.strong {
        format!(
            "{} is not {}, so {} is {}",
            name(a),
            symbol(x),
            name(b),
            symbol(y)
        )
    } else {
        format!(
            "{} is {}, so {} is not {}",
            name(a),
            symbol(x),
            name(b),
            symbol(y)
        )
    };
    let unit = |u: usize| geometry.units()[u].to_string();
    text.push_str(&match kind(marks, link) {
        Some(ShapeLinkKind::StrongInUnit(u)) => format!(" (strong link in {})", unit(u)),
        Some(ShapeLinkKind::StrongInCell) => format!(
            " (strong link: {} has only {} and {})",
            name(a),
            symbol(x),
            symbol(y)
        ),
        Some(ShapeLinkKind::WeakInUnit(u)) => format!(" (weak link in {})", unit(u)),
        Some(ShapeLinkKind::WeakInCell) => " (weak link: one value per cell)".to_string(),
        None => String::new(),
    });
    text
}

/// `step` with its links derived from `marks`, the position it was found in.
pub fn with_links(marks: &ShapeMarks, mut step: ShapeStep) -> ShapeStep {
    step.links = derive(marks, &step);
    step
}

/// The ordered links of `step` in `marks` (none for singles, forcing and guesses).
fn derive(marks: &ShapeMarks, step: &ShapeStep) -> Vec<ShapeLink> {
    use Technique::*;
    let Some(technique) = step.technique() else {
        return Vec::new();
    };
    match technique {
        LockedCandidatesPointing
        | LockedCandidatesClaiming
        | NakedPair
        | NakedTriple
        | NakedQuad => locked(marks, &step.pattern, &step.eliminations),
        HiddenPair | HiddenTriple | HiddenQuad => hidden(marks, step),
        XWing | Swordfish | Jellyfish => fish(marks, step),
        XyWing => xy_wing(marks, step),
        XyzWing => xyz_wing(marks, step),
        WWing => w_wing(step),
        XChain | Skyscraper | TwoStringKite => x_chain(step),
        XyChain => xy_chain(marks, step),
        _ => Vec::new(),
    }
}

fn strong(from: (usize, u8), to: (usize, u8)) -> ShapeLink {
    ShapeLink {
        from,
        to,
        strong: true,
    }
}

fn weak(from: (usize, u8), to: (usize, u8)) -> ShapeLink {
    ShapeLink {
        from,
        to,
        strong: false,
    }
}

/// Keep the links that hold in `marks`.
fn real(marks: &ShapeMarks, links: Vec<ShapeLink>) -> Vec<ShapeLink> {
    links
        .into_iter()
        .filter(|link| kind(marks, link).is_some())
        .collect()
}

/// A set locks a value in its cells, so each removed candidate is a weak link from
/// every cell of the set that may hold the value and sees it (naked subsets and
/// locked candidates).
fn locked(marks: &ShapeMarks, set: &[usize], eliminations: &[(usize, u8)]) -> Vec<ShapeLink> {
    let geometry = marks.geometry();
    let mut links = Vec::new();
    for &(target, value) in eliminations {
        for &cell in set {
            if cell != target && marks.allows(cell, value) && geometry.sees(cell, target) {
                links.push(weak((cell, value), (target, value)));
            }
        }
    }
    real(marks, links)
}

/// Hidden subsets: each value of the set with just two places is a strong link
/// between them; each removed candidate is a weak link from the set's values in
/// its cell (if the cell holds one of them, it holds no other).
fn hidden(marks: &ShapeMarks, step: &ShapeStep) -> Vec<ShapeLink> {
    let mut links = Vec::new();
    for &value in &step.values {
        let places: Vec<usize> = step
            .pattern
            .iter()
            .copied()
            .filter(|&c| marks.allows(c, value))
            .collect();
        if let [p, q] = places[..] {
            links.push(strong((p, value), (q, value)));
        }
    }
    for &(cell, removed) in &step.eliminations {
        for &kept in &step.values {
            if marks.allows(cell, kept) {
                links.push(weak((cell, kept), (cell, removed)));
            }
        }
    }
    real(marks, links)
}

/// Fish: the strong link of each base line with exactly two places, joined by
/// weak links along the cover lines, closed into a loop when every base line is
/// such a pair (an X-Wing is a loop of four links).
fn fish(marks: &ShapeMarks, step: &ShapeStep) -> Vec<ShapeLink> {
    let Some(&value) = step.values.first() else {
        return Vec::new();
    };
    let units = marks.geometry().units();
    let (bases, covers) = step.units.split_at(step.units.len() / 2);
    let in_unit = |u: usize, c: usize| units[u].cells.contains(&c);
    let share_cover = |p: usize, q: usize| covers.iter().any(|&u| in_unit(u, p) && in_unit(u, q));
    let mut links = Vec::new();
    let mut previous: Option<usize> = None;
    let mut all_pairs = true;
    for &base in bases {
        let cells: Vec<usize> = step
            .pattern
            .iter()
            .copied()
            .filter(|&c| in_unit(base, c))
            .collect();
        if cells.len() != 2 || marks.places(base, value).len() != 2 {
            all_pairs = false;
            previous = None;
            continue;
        }
        let entry = match previous {
            Some(p) if share_cover(p, cells[1]) && !share_cover(p, cells[0]) => 1,
            _ => 0,
        };
        let (near, far) = (cells[entry], cells[1 - entry]);
        if let Some(p) = previous.filter(|&p| share_cover(p, near)) {
            links.push(weak((p, value), (near, value)));
        }
        links.push(strong((near, value), (far, value)));
        previous = Some(far);
    }
    if let (true, Some(first), Some(last)) = (all_pairs, links.first(), previous)
        && links.len() > 1
        && share_cover(last, first.from.0)
    {
        links.push(weak((last, value), first.from));
    }
    links
}

/// Pivot {x,y}, wing a {x,z}, wing b {y,z}:
/// a.z = a.x - pivot.x = pivot.y - b.y = b.z (one wing holds z).
fn xy_wing(marks: &ShapeMarks, step: &ShapeStep) -> Vec<ShapeLink> {
    let (&[pivot, a, b], &[.., z]) = (&step.pattern[..], &step.values[..]) else {
        return Vec::new();
    };
    let held = marks.candidates(pivot);
    let only = |mask: ValueMask| (mask.count_ones() == 1).then(|| mask.trailing_zeros() as u8 + 1);
    let (Some(x), Some(y)) = (
        only(marks.candidates(a) & held),
        only(marks.candidates(b) & held),
    ) else {
        return Vec::new();
    };
    vec![
        strong((a, z), (a, x)),
        weak((a, x), (pivot, x)),
        strong((pivot, x), (pivot, y)),
        weak((pivot, y), (b, y)),
        strong((b, y), (b, z)),
    ]
}

/// Pivot {x,y,z}, wings a {x,z} and b {y,z}: if neither wing is z, they are x
/// and y and take both from the pivot, which is then z.
fn xyz_wing(marks: &ShapeMarks, step: &ShapeStep) -> Vec<ShapeLink> {
    let (&[pivot, a, b], &[.., z]) = (&step.pattern[..], &step.values[..]) else {
        return Vec::new();
    };
    let other = |cell: usize| {
        let rest = marks.candidates(cell) & !(1 << (z - 1));
        (rest.count_ones() == 1).then(|| rest.trailing_zeros() as u8 + 1)
    };
    let (Some(x), Some(y)) = (other(a), other(b)) else {
        return Vec::new();
    };
    vec![
        strong((a, z), (a, x)),
        weak((a, x), (pivot, x)),
        strong((b, z), (b, y)),
        weak((b, y), (pivot, y)),
    ]
}

/// Cells a and b {x,y}, the strong link of x near_a = near_b:
/// a.y = a.x - near_a.x = near_b.x - b.x = b.y.
fn w_wing(step: &ShapeStep) -> Vec<ShapeLink> {
    let (&[a, b, near_a, near_b], &[x, y]) = (&step.pattern[..], &step.values[..]) else {
        return Vec::new();
    };
    vec![
        strong((a, y), (a, x)),
        weak((a, x), (near_a, x)),
        strong((near_a, x), (near_b, x)),
        weak((near_b, x), (b, x)),
        strong((b, x), (b, y)),
    ]
}

/// X-Chain (Skyscraper and kite too): its cells alternate strong (the first pair) and weak links of one value.
fn x_chain(step: &ShapeStep) -> Vec<ShapeLink> {
    let Some(&value) = step.values.first() else {
        return Vec::new();
    };
    step.pattern
        .windows(2)
        .enumerate()
        .map(|(i, pair)| ShapeLink {
            from: (pair[0], value),
            to: (pair[1], value),
            strong: i % 2 == 0,
        })
        .collect()
}

/// XY-Chain: if the first cell is not the end value it holds its other one, which
/// the next cell (seeing it) cannot hold, so it holds its other one, and so on
/// until the last cell holds the end value.
fn xy_chain(marks: &ShapeMarks, step: &ShapeStep) -> Vec<ShapeLink> {
    let Some(&end) = step.values.first() else {
        return Vec::new();
    };
    let other = |cell: usize, value: u8| {
        let rest = marks.candidates(cell) & !(1 << (value - 1));
        rest.trailing_zeros() as u8 + 1
    };
    let mut links = Vec::new();
    let mut holds = end;
    for (i, &cell) in step.pattern.iter().enumerate() {
        if i > 0 {
            links.push(weak((step.pattern[i - 1], holds), (cell, holds)));
        }
        let next = other(cell, holds);
        links.push(strong((cell, holds), (cell, next)));
        holds = next;
    }
    links
}
