//! The shaped ladder's dispatch, and the text of each step. A finder returns the
//! first instance it meets (units in the geometry's order: rows, columns,
//! regions, extra units); the ladder tries the techniques easiest first. Singles,
//! locked candidates, subsets and basic fish are the classic ladder's finders
//! (shared through `CandidateBoard`); this file only keeps the instance the
//! shaped ladder has always reported. Locked candidates' and subsets' steps are
//! built where the classic ones are (`Locked::step`, `subsets::naked_step`,
//! `subsets::hidden_step`); the singles' and fish's here.

use super::{Basis, ShapeMarks, Step, is_line};
use crate::engine::geometry::{Geometry, ValueMask, value_bit};
use crate::engine::logic::fish;
use crate::engine::logic::intersections::{self, Locked};
use crate::engine::logic::subsets;
use crate::engine::logic::{Technique, singles};
use crate::engine::names;
use crate::engine::types::{Candidates, Cell, Digit, Unit};

/// The ladder for one geometry, with the static and dynamic forcing branches
/// it ran last (digit, cell and unit forcing chains all read the static ones,
/// as the classic sink's cache shares them; a later position of the same solve
/// takes those that run the same there).
pub struct Ladder<'g> {
    pub(super) geometry: &'g Geometry,
    pub(super) branches: super::forcing::Branches,
}

impl<'g> Ladder<'g> {
    pub fn new(geometry: &'g Geometry) -> Ladder<'g> {
        Ladder {
            geometry,
            branches: Default::default(),
        }
    }

    /// The first step among `techniques` (tried in the order given, skipping those
    /// the geometry does not [support](Technique::supports)), if any applies: with
    /// [`Technique::ALL`], the easiest step.
    pub fn next_step(&self, marks: &ShapeMarks, techniques: &[Technique]) -> Option<Step> {
        techniques
            .iter()
            .filter(|t| t.supports(self.geometry))
            .find_map(|&technique| self.find(technique, marks))
    }

    /// The first step of `technique` in `marks`, with its links.
    pub fn find(&self, technique: Technique, marks: &ShapeMarks) -> Option<Step> {
        let step = self.find_unlinked(technique, marks)?;
        Some(super::links::with_links(marks, step))
    }

    /// [`Ladder::find`] without the links (inside a forcing net's branches).
    pub(super) fn find_unlinked(&self, technique: Technique, marks: &ShapeMarks) -> Option<Step> {
        use Technique::*;
        match technique {
            FullHouse => self.full_house(marks),
            HiddenSingle => self.hidden_single(marks),
            NakedSingle => naked_single(marks),
            LockedCandidatesPointing => self.locked_candidates(marks, false),
            LockedCandidatesClaiming => self.locked_candidates(marks, true),
            NakedPair => self.naked_subset(marks, 2, technique),
            NakedTriple => self.naked_subset(marks, 3, technique),
            HiddenPair => self.hidden_subset(marks, 2, technique),
            HiddenTriple => self.hidden_subset(marks, 3, technique),
            NakedQuad => self.naked_subset(marks, 4, technique),
            HiddenQuad => self.hidden_subset(marks, 4, technique),
            XWing => self.fish(marks, 2, technique),
            Swordfish => self.fish(marks, 3, technique),
            Jellyfish => self.fish(marks, 4, technique),
            Skyscraper | TwoStringKite => super::wings::turbot(self, marks, technique),
            XyzWing => super::wings::xyz_wing(self, marks),
            WWing => super::wings::w_wing(self, marks),
            DigitForcingChain | CellForcingChain | UnitForcingChain | DynamicForcingChain
            | ForcingNet => super::forcing::find(self, marks, technique),
            XyWing => super::chains::xy_wing(self, marks),
            XChain => super::chains::x_chain(self, marks),
            XyChain => super::chains::xy_chain(self, marks),
            _ => None,
        }
    }

    /// A unit with one open cell: it takes the one value the unit lacks.
    fn full_house(&self, marks: &ShapeMarks) -> Option<Step> {
        let mut found = None;
        singles::full_houses(marks, |cell, value, unit| {
            found = Some(Step::single(Technique::FullHouse, cell, value, Some(unit)));
            true
        });
        found
    }

    /// A value with one place left in a unit (of any kind), units in the
    /// geometry's order.
    fn hidden_single(&self, marks: &ShapeMarks) -> Option<Step> {
        let mut found = None;
        let units = 0..self.geometry.units().len();
        singles::hidden_singles(marks, units, |cell, value, unit| {
            found = Some(Step::single(
                Technique::HiddenSingle,
                cell,
                value,
                Some(unit),
            ));
            true
        });
        found
    }

    /// Locked candidates between two units `a` and `b` that overlap: when every
    /// place of a value in `a` lies in `b`, `b` has that value there, so it leaves
    /// the rest of `b`. Read from a line it is claiming, from any other unit
    /// pointing. The first source unit with an instance gives it, its first
    /// target unit, then its lowest value.
    fn locked_candidates(&self, marks: &ShapeMarks, from_line: bool) -> Option<Step> {
        let units = self.geometry.units();
        let sources = (0..units.len()).filter(|&u| is_line(units[u].kind) == from_line);
        let mut best: Option<Locked> = None;
        intersections::locked_candidates(marks, sources, 1, |found| match best {
            Some(kept) if kept.from != found.from => true,
            Some(kept) if (kept.to, kept.value) <= (found.to, found.value) => false,
            _ => {
                best = Some(found);
                false
            }
        });
        let technique = if from_line {
            Technique::LockedCandidatesClaiming
        } else {
            Technique::LockedCandidatesPointing
        };
        Some(best?.step(marks, technique))
    }

    /// `size` open cells of a unit whose candidates together are `size` values:
    /// those values leave the unit's other cells. The first unit with one gives
    /// it, its first subset in lexicographic order of the cells.
    fn naked_subset(&self, marks: &ShapeMarks, size: usize, technique: Technique) -> Option<Step> {
        let mut best = FirstPerGroup::default();
        subsets::naked_subsets(
            marks,
            size,
            0..self.geometry.units().len(),
            |unit, cells, values| {
                best.offer(unit, cells, || {
                    subsets::naked_step(marks, technique, (unit, None), cells, values)
                })
            },
        );
        best.step
    }

    /// `size` values of a unit whose places together are `size` cells: those cells
    /// hold nothing else. The first unit with one gives it, its first subset in
    /// lexicographic order of the values.
    fn hidden_subset(&self, marks: &ShapeMarks, size: usize, technique: Technique) -> Option<Step> {
        let mut best = FirstPerGroup::default();
        subsets::hidden_subsets(
            marks,
            size,
            2,
            0..self.geometry.units().len(),
            |unit, kept, cells| {
                best.offer(unit, kept, || {
                    subsets::hidden_step(marks, technique, unit, kept, cells)
                })
            },
        );
        best.step
    }

    /// Fish of `size` on rows then on columns: when a value's places in `size` base
    /// lines lie in `size` cover lines, it leaves the rest of the cover lines. The
    /// first value with one gives it, its first base lines in lexicographic order.
    fn fish(&self, marks: &ShapeMarks, size: usize, technique: Technique) -> Option<Step> {
        let side = self.geometry.side();
        // Rows are units 0..side, columns side..2*side ([`Geometry::units`]).
        let cell_at = |base_is_row: bool, base: usize, cover: usize| {
            if base_is_row {
                base * side + cover
            } else {
                cover * side + base
            }
        };
        let unit_of =
            |line: usize, is_row: bool| Unit::new(if is_row { line } else { side + line });
        let lines = |mask: u32| (0..side).filter(move |&line| mask >> line & 1 == 1);
        [true, false].into_iter().find_map(|rows| {
            (1..=side as u8).find_map(|value| {
                let mut best = FirstPerGroup::default();
                fish::fish_of_value(marks, value, rows, size, 2, |bases, covers| {
                    best.offer(0, bases, || {
                        let eliminations: Vec<(Cell, Digit)> = lines(covers)
                            .flat_map(|cover| (0..side).map(move |base| (base, cover)))
                            .filter(|(base, _)| bases >> base & 1 == 0)
                            .map(|(base, cover)| cell_at(rows, base, cover))
                            .filter(|&c| marks.allows(c, value))
                            .map(|c| (Cell::new(c), Digit::new(value)))
                            .collect();
                        if eliminations.is_empty() {
                            return None;
                        }
                        let mut pattern: Vec<usize> = lines(bases)
                            .flat_map(|b| lines(covers).map(move |c| cell_at(rows, b, c)))
                            .filter(|&c| marks.allows(c, value))
                            .collect();
                        pattern.sort_unstable();
                        Some(Step {
                            eliminations,
                            pattern: pattern
                                .into_iter()
                                .map(|c| (Cell::new(c), Candidates::from_bits(value_bit(value))))
                                .collect(),
                            units: lines(bases)
                                .map(|b| unit_of(b, rows))
                                .chain(lines(covers).map(|c| unit_of(c, !rows)))
                                .collect(),
                            ..Step::of(technique)
                        })
                    })
                });
                best.step
            })
        })
    }
}

/// The step the shaped ladder has always reported where the shared finders visit
/// several: within the first group (a unit, or a value's fish) that has one, the
/// first combination in lexicographic order of its members. The finders visit
/// combinations in Gosper's order (colexicographic), so the lexicographically
/// first is the one whose member mask, bit-reversed, is largest.
#[derive(Default)]
struct FirstPerGroup {
    group: Option<usize>,
    key: u32,
    step: Option<Step>,
}

impl FirstPerGroup {
    /// Offers the combination `members` of `group`; `build` makes its step, `None`
    /// when it strikes nothing. Returns true once a later group is offered after
    /// a step was kept: the search can stop.
    fn offer(&mut self, group: usize, members: u32, build: impl FnOnce() -> Option<Step>) -> bool {
        let key = members.reverse_bits();
        match self.group {
            Some(kept) if kept != group => return true,
            Some(_) if self.key >= key => return false,
            _ => {}
        }
        if let Some(step) = build() {
            (self.group, self.key, self.step) = (Some(group), key, Some(step));
        }
        false
    }
}

/// An open cell with one candidate left.
fn naked_single(marks: &ShapeMarks) -> Option<Step> {
    let mut found = None;
    singles::naked_singles(marks, |cell, value| {
        found = Some(Step::single(Technique::NakedSingle, cell, value, None));
        true
    });
    found
}

pub(super) use crate::engine::logic::candidate_board::values_of;

/// The lowest value of `values` (the one value of a locked set or a fish).
pub(super) fn lowest(values: ValueMask) -> u8 {
    values.trailing_zeros() as u8 + 1
}

/// The step in one sentence: its reasoning, then its effects.
pub fn text(step: &Step, geometry: &Geometry) -> String {
    use Technique::*;
    let unit = |i: usize| {
        step.units
            .get(i)
            .map_or_else(String::new, |&u| geometry.unit(u).to_string())
    };
    let symbol = |value: Digit| geometry.alphabet().symbol(value.get());
    let pattern = || step.pattern_cells();
    let values = step.pattern_values();
    let placed = step
        .placements
        .first()
        .map(|&(cell, value)| (geometry.cell_name(cell.index()), symbol(value)));
    let why = match (step.basis, placed) {
        (Basis::Guess, Some((cell, value))) => {
            return format!(
                "Guess: no technique of the ladder applies, so {cell} = {value} is taken from the solution (a guess, not a deduction)"
            );
        }
        (Basis::Technique(FullHouse), Some((cell, value))) => {
            return format!(
                "Full House: {cell} is the last open cell in {}, so it takes the missing {value}",
                unit(0)
            );
        }
        (Basis::Technique(HiddenSingle), Some((cell, value))) => {
            return format!(
                "Hidden Single: in {} the {value} can only go in {cell}",
                unit(0)
            );
        }
        (Basis::Technique(NakedSingle), Some((cell, value))) => {
            return format!(
                "Naked Single: {cell} can only hold {value}; every other value is ruled out"
            );
        }
        (Basis::Technique(LockedCandidatesPointing | LockedCandidatesClaiming), _) => {
            intersections::locked_text(
                geometry,
                (step.units[0], step.units[1]),
                Digit::new(lowest(values)),
                pattern(),
            )
        }
        (
            Basis::Technique(
                technique @ (NakedPair | NakedTriple | NakedQuad | HiddenPair | HiddenTriple
                | HiddenQuad),
            ),
            _,
        ) => subsets::subset_text(
            geometry,
            technique,
            &step.units,
            pattern(),
            values_of(values).map(Digit::new),
        ),
        (Basis::Technique(XWing | Swordfish | Jellyfish), _) => {
            fish::fish_text(geometry, &step.units, Digit::new(lowest(values)), pattern())
        }
        (
            Basis::Technique(
                DigitForcingChain | CellForcingChain | UnitForcingChain | DynamicForcingChain
                | ForcingNet,
            ),
            _,
        ) => super::forcing::text(step, geometry),
        (Basis::Technique(XyWing | XChain | XyChain), _) => super::chains::text(step, geometry),
        (Basis::Technique(Skyscraper | TwoStringKite | XyzWing | WWing), _) => {
            super::wings::text(step, geometry)
        }
        (basis, _) => basis.name().to_string(),
    };
    format!(
        "{}: {why}{}",
        step.basis.name(),
        effects_text(step, geometry)
    )
}

/// `; so remove 5 from r1c2, r1c3; 7 from r2c2`, or `; so r1c2 is 5` (a forcing step's placement).
fn effects_text(step: &Step, geometry: &Geometry) -> String {
    names::effects_text(geometry, &step.placements, &step.eliminations, "; ")
}
