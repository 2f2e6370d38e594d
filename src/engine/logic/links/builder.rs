//! The one link builder: links read from a candidates position on a list of
//! units, for the classic 9x9 ([`Board`](crate::engine::board::Board), whose
//! units are the fixed table's rows, columns and boxes) and for every other shape
//! (`ShapeMarks`, whose units are its geometry's, diagonals, windows and jigsaw
//! regions included). What a link is, why it holds ([`kind`]), its running text
//! ([`write_said`]) and the links of the patterns both ladders share (subsets,
//! locked candidates, fish, wings) are written here once over [`UnitPosition`];
//! each side only reads its own step value into them.
//!
//! Generic, not dynamic: the classic 9x9 gets the same code as before, its
//! position read through its own table.

use std::fmt::{self, Display};

use crate::engine::logic::step::Link;
use crate::engine::types::{Cell, Digit, Unit};

/// A candidates position on a list of units, as the link builder reads it (its
/// cells, values and units a [`Cell`], a [`Digit`] and a [`Unit`], as on every
/// shape).
pub trait UnitPosition {
    /// Whether `cell` is open and may hold `value`.
    fn allows(&self, cell: Cell, value: Digit) -> bool;
    /// How many candidates open `cell` has (none once a value is placed).
    fn candidate_count(&self, cell: Cell) -> u32;
    /// The units holding `cell`, in the geometry's order (rows, columns, regions,
    /// extra units).
    fn units_of(&self, cell: Cell) -> impl Iterator<Item = Unit>;
    /// Whether `unit` holds `cell`.
    fn unit_contains(&self, unit: Unit, cell: Cell) -> bool;
    /// How many open cells of `unit` may hold `value`.
    fn places(&self, unit: Unit, value: Digit) -> usize;
    /// Whether two cells share a unit.
    fn sees(&self, a: Cell, b: Cell) -> bool;
}

/// Why a link holds in a position; `U` is how the position names a unit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LinkKind<U> {
    /// The digit has exactly these two places in the unit.
    StrongInUnit(U),
    /// The cell has exactly these two candidates.
    StrongInCell,
    /// Two cells of the unit cannot both hold the digit.
    WeakInUnit(U),
    /// One cell cannot hold both digits.
    WeakInCell,
}

impl<U> LinkKind<U> {
    /// A short name for the kind: "strong", "weak".
    pub fn strength(self) -> &'static str {
        match self {
            LinkKind::StrongInUnit(_) | LinkKind::StrongInCell => "strong",
            LinkKind::WeakInUnit(_) | LinkKind::WeakInCell => "weak",
        }
    }

    /// The unit the link runs in, if it runs in one.
    pub fn unit(self) -> Option<U> {
        match self {
            LinkKind::StrongInUnit(unit) | LinkKind::WeakInUnit(unit) => Some(unit),
            LinkKind::StrongInCell | LinkKind::WeakInCell => None,
        }
    }

    /// The same kind with its unit named another way.
    pub fn map_unit<T>(self, name: impl FnOnce(U) -> T) -> LinkKind<T> {
        match self {
            LinkKind::StrongInUnit(unit) => LinkKind::StrongInUnit(name(unit)),
            LinkKind::StrongInCell => LinkKind::StrongInCell,
            LinkKind::WeakInUnit(unit) => LinkKind::WeakInUnit(name(unit)),
            LinkKind::WeakInCell => LinkKind::WeakInCell,
        }
    }
}

/// Why `link` holds in `position`, or `None` when it does not (an end is not a
/// candidate, or the two ends are not linked that way). The first unit of the
/// geometry's order that links them is named.
pub fn kind<P: UnitPosition>(position: &P, link: &Link) -> Option<LinkKind<Unit>> {
    let ((a, x), (b, y)) = (link.from, link.to);
    if !position.allows(a, x) || !position.allows(b, y) || (a, x) == (b, y) {
        return None;
    }
    match (a == b, link.strong) {
        // Both ends are candidates of the one cell and differ: it has just these two.
        (true, true) => (position.candidate_count(a) == 2).then_some(LinkKind::StrongInCell),
        (true, false) => Some(LinkKind::WeakInCell),
        (false, _) if x != y => None,
        (false, true) => position.units_of(a).find_map(|unit| {
            let pair = position.unit_contains(unit, b) && position.places(unit, x) == 2;
            pair.then_some(LinkKind::StrongInUnit(unit))
        }),
        (false, false) => position
            .units_of(a)
            .find(|&unit| position.unit_contains(unit, b))
            .map(LinkKind::WeakInUnit),
    }
}

/// Writes the running text of a link from `from` to `to`, each a cell and a
/// value as people read them: "r2c5 is not 4, so r2c8 is 4 (strong link in row
/// 2)". `noun` is what a cell holds ("digit" on the classic board, "value" on
/// other shapes).
pub fn write_said<C: Display, V: Display, U: Display>(
    out: &mut impl fmt::Write,
    (from, to, strong): ((C, V), (C, V), bool),
    kind: Option<LinkKind<U>>,
    noun: &str,
) -> fmt::Result {
    if strong {
        write!(out, "{} is not {}, so {} is {}", from.0, from.1, to.0, to.1)?;
    } else {
        write!(out, "{} is {}, so {} is not {}", from.0, from.1, to.0, to.1)?;
    }
    match kind {
        Some(LinkKind::StrongInUnit(unit)) => write!(out, " (strong link in {unit})"),
        Some(LinkKind::StrongInCell) => write!(
            out,
            " (strong link: {} has only {} and {})",
            from.0, from.1, to.1
        ),
        Some(LinkKind::WeakInUnit(unit)) => write!(out, " (weak link in {unit})"),
        Some(LinkKind::WeakInCell) => write!(out, " (weak link: one {noun} per cell)"),
        None => Ok(()),
    }
}

pub fn strong<C, V>(from: (C, V), to: (C, V)) -> Link<C, V> {
    Link {
        from,
        to,
        strong: true,
    }
}

pub fn weak<C, V>(from: (C, V), to: (C, V)) -> Link<C, V> {
    Link {
        from,
        to,
        strong: false,
    }
}

/// Keep the links that hold in `position`.
pub fn real<P: UnitPosition>(position: &P, links: Vec<Link>) -> Vec<Link> {
    links
        .into_iter()
        .filter(|link| kind(position, link).is_some())
        .collect()
}

/// A set locks a value in its cells, so each removed candidate is a weak link from
/// every cell of the set that brings the value and sees it (naked subsets, locked
/// candidates, the extra cells of unique rectangles, Sue de Coq). `brings` gives
/// an entry's cell when the entry brings `value` to the set.
pub fn locked<P: UnitPosition, S>(
    position: &P,
    set: &[S],
    brings: impl Fn(&S, Digit) -> Option<Cell>,
    eliminations: &[(Cell, Digit)],
) -> Vec<Link> {
    let mut links = Vec::new();
    for &(target, value) in eliminations {
        for entry in set {
            if let Some(cell) = brings(entry, value)
                && cell != target
                && position.sees(cell, target)
            {
                links.push(weak((cell, value), (target, value)));
            }
        }
    }
    real(position, links)
}

/// Hidden subsets: each of the set's `values` with just two places in the set is
/// a strong link between them; each removed candidate is a weak link from the
/// set's values in its cell (if the cell holds one of them, it holds no other).
/// `brings` gives an entry's cell when the entry holds `value` in the set.
pub fn hidden<P: UnitPosition, S>(
    position: &P,
    values: &[Digit],
    set: &[S],
    brings: impl Fn(&S, Digit) -> Option<Cell>,
    eliminations: &[(Cell, Digit)],
) -> Vec<Link> {
    let mut links = Vec::new();
    for &value in values {
        let places: Vec<Cell> = set.iter().filter_map(|e| brings(e, value)).collect();
        if let [p, q] = places[..] {
            links.push(strong((p, value), (q, value)));
        }
    }
    for &(cell, removed) in eliminations {
        for entry in set {
            for &kept in values {
                if brings(entry, kept) == Some(cell) {
                    links.push(weak((cell, kept), (cell, removed)));
                }
            }
        }
    }
    real(position, links)
}

/// Fish (finned or not) on `value`: the strong link of each base unit that has
/// exactly two places, both among `cells`, joined by weak links along the cover
/// units, closed into a loop when every base is such a pair (an X-Wing is a loop
/// of four links).
pub fn fish<P: UnitPosition>(
    position: &P,
    value: Digit,
    (bases, covers): (&[Unit], &[Unit]),
    cells: &[Cell],
) -> Vec<Link> {
    let in_unit = |unit: Unit, cell: Cell| position.unit_contains(unit, cell);
    let share_cover = |p: Cell, q: Cell| covers.iter().any(|&u| in_unit(u, p) && in_unit(u, q));
    let mut links = Vec::new();
    let mut previous: Option<Cell> = None;
    let mut all_pairs = true;
    for &base in bases {
        let ends: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|&c| in_unit(base, c))
            .collect();
        if ends.len() != 2 || position.places(base, value) != 2 {
            all_pairs = false;
            previous = None;
            continue;
        }
        let entry = match previous {
            Some(p) if share_cover(p, ends[1]) && !share_cover(p, ends[0]) => 1,
            _ => 0,
        };
        let (near, far) = (ends[entry], ends[1 - entry]);
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

/// XY-Wing: pivot {x,y}, pincer a {x,z}, pincer b {y,z}:
/// a.z = a.x - pivot.x = pivot.y - b.y = b.z (one pincer holds z).
pub fn xy_wing<C: Copy, V: Copy>([pivot, a, b]: [C; 3], [x, y, z]: [V; 3]) -> Vec<Link<C, V>> {
    vec![
        strong((a, z), (a, x)),
        weak((a, x), (pivot, x)),
        strong((pivot, x), (pivot, y)),
        weak((pivot, y), (b, y)),
        strong((b, y), (b, z)),
    ]
}

/// XYZ-Wing: pivot {x,y,z}, pincers a {x,z} and b {y,z}: if neither pincer is z,
/// they are x and y and take both from the pivot, which is then z.
pub fn xyz_wing<C: Copy, V: Copy>([pivot, a, b]: [C; 3], [x, y, z]: [V; 3]) -> Vec<Link<C, V>> {
    vec![
        strong((a, z), (a, x)),
        weak((a, x), (pivot, x)),
        strong((b, z), (b, y)),
        weak((b, y), (pivot, y)),
    ]
}

/// W-Wing: cells a and b {x,y}, the strong link of x near_a = near_b:
/// a.y = a.x - near_a.x = near_b.x - b.x = b.y.
pub fn w_wing<C: Copy, V: Copy>([a, b, near_a, near_b]: [C; 4], [x, y]: [V; 2]) -> Vec<Link<C, V>> {
    vec![
        strong((a, y), (a, x)),
        weak((a, x), (near_a, x)),
        strong((near_a, x), (near_b, x)),
        weak((near_b, x), (b, x)),
        strong((b, x), (b, y)),
    ]
}
