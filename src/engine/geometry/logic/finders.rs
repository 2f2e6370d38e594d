//! The finders of the shaped ladder, each on the geometry's unit list, and the
//! text of each step. A finder returns the first instance it meets (units in the
//! geometry's order: rows, columns, regions, extra units); the ladder tries the
//! techniques easiest first.

use super::{Basis, ShapeMarks, ShapeStep, cells_text, is_line, values_text};
use crate::engine::geometry::{CellMask, Geometry, ValueMask, all_values};
use crate::engine::logic::Technique;

/// The ladder for one geometry, with what it derives once from the unit list:
/// each unit's cell set, and the pairs of units that share two or more cells
/// (where locked candidates can be found).
pub struct Ladder<'g> {
    pub(super) geometry: &'g Geometry,
    pub(super) masks: Vec<CellMask>,
    /// `(a, b)`: units `a` and `b` (indices) share two or more cells.
    pub(super) overlaps: Vec<(usize, usize)>,
}

impl<'g> Ladder<'g> {
    pub fn new(geometry: &'g Geometry) -> Ladder<'g> {
        let units = geometry.units();
        let masks: Vec<CellMask> = units
            .iter()
            .map(|unit| {
                let mut mask = CellMask::default();
                unit.cells.iter().for_each(|&c| mask.insert(c));
                mask
            })
            .collect();
        let mut overlaps = Vec::new();
        for (a, unit) in units.iter().enumerate() {
            for (b, mask) in masks.iter().enumerate() {
                let shared = unit.cells.iter().filter(|&&c| mask.contains(c));
                if a != b && shared.count() >= 2 {
                    overlaps.push((a, b));
                }
            }
        }
        Ladder {
            geometry,
            masks,
            overlaps,
        }
    }

    /// The first step among `techniques` (tried in the order given, skipping those
    /// the geometry does not [support](Technique::supports)), if any applies: with
    /// [`Technique::ALL`], the easiest step.
    pub fn next_step(&self, marks: &ShapeMarks, techniques: &[Technique]) -> Option<ShapeStep> {
        techniques
            .iter()
            .filter(|t| t.supports(self.geometry))
            .find_map(|&technique| self.find(technique, marks))
    }

    /// The first step of `technique` in `marks`, with its links.
    pub fn find(&self, technique: Technique, marks: &ShapeMarks) -> Option<ShapeStep> {
        let step = self.find_unlinked(technique, marks)?;
        Some(super::links::with_links(marks, step))
    }

    fn find_unlinked(&self, technique: Technique, marks: &ShapeMarks) -> Option<ShapeStep> {
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
            DynamicForcingChain => super::forcing::dynamic_forcing_chain(self, marks),
            ForcingNet => super::forcing::forcing_net(self, marks),
            XyWing => super::chains::xy_wing(self, marks),
            XChain => super::chains::x_chain(self, marks),
            XyChain => super::chains::xy_chain(self, marks),
            _ => None,
        }
    }

    /// Every value (1..=side) as a candidate mask.
    pub(super) fn all_values(&self) -> ValueMask {
        all_values(self.geometry.side())
    }

    /// The values placed in `unit`, as a candidate mask.
    pub(super) fn held(&self, marks: &ShapeMarks, unit: usize) -> ValueMask {
        self.geometry.units()[unit]
            .cells
            .iter()
            .filter(|&&c| marks.value(c) != 0)
            .fold(0, |acc, &c| acc | 1 << (marks.value(c) - 1))
    }

    /// A unit with one open cell: it takes the one value the unit lacks.
    fn full_house(&self, marks: &ShapeMarks) -> Option<ShapeStep> {
        self.geometry
            .units()
            .iter()
            .enumerate()
            .find_map(|(index, unit)| {
                let mut open = unit.cells.iter().filter(|&&c| marks.value(c) == 0);
                let (Some(&cell), None) = (open.next(), open.next()) else {
                    return None;
                };
                let missing = self.all_values() & !self.held(marks, index);
                let value = missing.trailing_zeros() as u8 + 1;
                (missing.count_ones() == 1 && marks.allows(cell, value)).then(|| {
                    let mut step = ShapeStep::of(Technique::FullHouse);
                    step.placements.push((cell, value));
                    step.units.push(index);
                    step.values.push(value);
                    step
                })
            })
    }

    /// A value with one place left in a unit (of any kind).
    fn hidden_single(&self, marks: &ShapeMarks) -> Option<ShapeStep> {
        let side = self.geometry.side() as u8;
        (0..self.geometry.units().len()).find_map(|unit| {
            (1..=side).find_map(|value| {
                if self.held(marks, unit) >> (value - 1) & 1 == 1 {
                    return None;
                }
                let places = marks.places(unit, value);
                (places.len() == 1).then(|| {
                    let mut step = ShapeStep::of(Technique::HiddenSingle);
                    step.placements.push((places[0], value));
                    step.units.push(unit);
                    step.values.push(value);
                    step
                })
            })
        })
    }

    /// Locked candidates between two units `a` and `b` that overlap: when every
    /// place of a value in `a` lies in `b`, `b` has that value there, so it leaves
    /// the rest of `b`. Read from a line it is claiming, from any other unit pointing.
    fn locked_candidates(&self, marks: &ShapeMarks, from_line: bool) -> Option<ShapeStep> {
        let units = self.geometry.units();
        let side = self.geometry.side() as u8;
        self.overlaps
            .iter()
            .filter(|&&(a, _)| is_line(units[a].kind) == from_line)
            .find_map(|&(a, b)| {
                (1..=side).find_map(|value| {
                    let places = marks.places(a, value);
                    if places.is_empty() || !places.iter().all(|&c| self.masks[b].contains(c)) {
                        return None;
                    }
                    let eliminations: Vec<(usize, u8)> = units[b]
                        .cells
                        .iter()
                        .filter(|&&c| !self.masks[a].contains(c) && marks.allows(c, value))
                        .map(|&c| (c, value))
                        .collect();
                    (!eliminations.is_empty()).then(|| ShapeStep {
                        eliminations,
                        pattern: places,
                        units: vec![a, b],
                        values: vec![value],
                        ..ShapeStep::of(if from_line {
                            Technique::LockedCandidatesClaiming
                        } else {
                            Technique::LockedCandidatesPointing
                        })
                    })
                })
            })
    }

    /// `size` open cells of a unit whose candidates together are `size` values:
    /// those values leave the unit's other cells.
    fn naked_subset(
        &self,
        marks: &ShapeMarks,
        size: usize,
        technique: Technique,
    ) -> Option<ShapeStep> {
        self.geometry
            .units()
            .iter()
            .enumerate()
            .find_map(|(index, unit)| {
                let cells: Vec<usize> = unit
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| (2..=size as u32).contains(&marks.candidates(c).count_ones()))
                    .collect();
                let mut found = None;
                combinations(cells.len(), size, &mut |chosen| {
                    let subset: Vec<usize> = chosen.iter().map(|&i| cells[i]).collect();
                    let values = subset.iter().fold(0, |acc, &c| acc | marks.candidates(c));
                    if values.count_ones() as usize != size {
                        return false;
                    }
                    let eliminations: Vec<(usize, u8)> = unit
                        .cells
                        .iter()
                        .filter(|c| !subset.contains(c))
                        .flat_map(|&c| values_of(marks.candidates(c) & values).map(move |v| (c, v)))
                        .collect();
                    if eliminations.is_empty() {
                        return false;
                    }
                    found = Some(ShapeStep {
                        eliminations,
                        pattern: subset,
                        units: vec![index],
                        values: values_of(values).collect(),
                        ..ShapeStep::of(technique)
                    });
                    true
                });
                found
            })
    }

    /// `size` values of a unit whose places together are `size` cells: those cells
    /// hold nothing else.
    fn hidden_subset(
        &self,
        marks: &ShapeMarks,
        size: usize,
        technique: Technique,
    ) -> Option<ShapeStep> {
        let side = self.geometry.side() as u8;
        (0..self.geometry.units().len()).find_map(|unit| {
            let held = self.held(marks, unit);
            let candidates: Vec<(u8, Vec<usize>)> = (1..=side)
                .filter(|&v| held >> (v - 1) & 1 == 0)
                .map(|v| (v, marks.places(unit, v)))
                .filter(|(_, places)| (2..=size).contains(&places.len()))
                .collect();
            let mut found = None;
            combinations(candidates.len(), size, &mut |chosen| {
                let mut cells: Vec<usize> = chosen
                    .iter()
                    .flat_map(|&i| candidates[i].1.iter().copied())
                    .collect();
                cells.sort_unstable();
                cells.dedup();
                if cells.len() != size {
                    return false;
                }
                let kept = chosen
                    .iter()
                    .fold(0, |acc: ValueMask, &i| acc | 1 << (candidates[i].0 - 1));
                let eliminations: Vec<(usize, u8)> = cells
                    .iter()
                    .flat_map(|&c| values_of(marks.candidates(c) & !kept).map(move |v| (c, v)))
                    .collect();
                if eliminations.is_empty() {
                    return false;
                }
                found = Some(ShapeStep {
                    eliminations,
                    pattern: cells,
                    units: vec![unit],
                    values: values_of(kept).collect(),
                    ..ShapeStep::of(technique)
                });
                true
            });
            found
        })
    }

    /// Fish of `size` on rows then on columns: when a value's places in `size` base
    /// lines lie in `size` cover lines, it leaves the rest of the cover lines.
    fn fish(&self, marks: &ShapeMarks, size: usize, technique: Technique) -> Option<ShapeStep> {
        let side = self.geometry.side();
        // Rows are units 0..side, columns side..2*side ([`Geometry::units`]).
        let cell_at = |base_is_row: bool, base: usize, cover: usize| {
            if base_is_row {
                base * side + cover
            } else {
                cover * side + base
            }
        };
        [true, false].into_iter().find_map(|rows| {
            (1..=side as u8).find_map(|value| {
                // Each base line's places of `value`, as a mask of cover lines.
                let bases: Vec<(usize, ValueMask)> = (0..side)
                    .map(|base| {
                        let covers = (0..side)
                            .filter(|&cover| marks.allows(cell_at(rows, base, cover), value))
                            .fold(0, |acc: ValueMask, cover| acc | 1 << cover);
                        (base, covers)
                    })
                    .filter(|(_, covers)| (2..=size as u32).contains(&covers.count_ones()))
                    .collect();
                let mut found = None;
                combinations(bases.len(), size, &mut |chosen| {
                    let covers = chosen.iter().fold(0, |acc: ValueMask, &i| acc | bases[i].1);
                    if covers.count_ones() as usize != size {
                        return false;
                    }
                    let base_lines: Vec<usize> = chosen.iter().map(|&i| bases[i].0).collect();
                    let cover_lines: Vec<usize> =
                        (0..side).filter(|&c| covers >> c & 1 == 1).collect();
                    let eliminations: Vec<(usize, u8)> = cover_lines
                        .iter()
                        .flat_map(|&cover| (0..side).map(move |base| (base, cover)))
                        .filter(|(base, _)| !base_lines.contains(base))
                        .map(|(base, cover)| cell_at(rows, base, cover))
                        .filter(|&c| marks.allows(c, value))
                        .map(|c| (c, value))
                        .collect();
                    if eliminations.is_empty() {
                        return false;
                    }
                    let unit_of =
                        |line: usize, is_row: bool| if is_row { line } else { side + line };
                    let mut pattern: Vec<usize> = base_lines
                        .iter()
                        .flat_map(|&b| cover_lines.iter().map(move |&c| cell_at(rows, b, c)))
                        .filter(|&c| marks.allows(c, value))
                        .collect();
                    pattern.sort_unstable();
                    found = Some(ShapeStep {
                        eliminations,
                        pattern,
                        units: base_lines
                            .iter()
                            .map(|&b| unit_of(b, rows))
                            .chain(cover_lines.iter().map(|&c| unit_of(c, !rows)))
                            .collect(),
                        values: vec![value],
                        ..ShapeStep::of(technique)
                    });
                    true
                });
                found
            })
        })
    }
}

/// An open cell with one candidate left.
fn naked_single(marks: &ShapeMarks) -> Option<ShapeStep> {
    marks.open_cells().find_map(|cell| {
        let candidates = marks.candidates(cell);
        (candidates.count_ones() == 1).then(|| {
            let value = candidates.trailing_zeros() as u8 + 1;
            let mut step = ShapeStep::of(Technique::NakedSingle);
            step.placements.push((cell, value));
            step.pattern.push(cell);
            step.values.push(value);
            step
        })
    })
}

/// The values of a candidate mask, ascending.
pub(super) fn values_of(mask: ValueMask) -> impl Iterator<Item = u8> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let value = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            value
        })
    })
}

/// Calls `visit` with every ascending choice of `size` indices below `count`,
/// stopping as soon as it returns true.
fn combinations(count: usize, size: usize, visit: &mut dyn FnMut(&[usize]) -> bool) {
    fn extend(
        start: usize,
        count: usize,
        size: usize,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if chosen.len() == size {
            return visit(chosen);
        }
        for next in start..count {
            chosen.push(next);
            if extend(next + 1, count, size, chosen, visit) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    extend(0, count, size, &mut Vec::with_capacity(size), visit);
}

/// The step in one sentence: its reasoning, then its effects.
pub fn text(step: &ShapeStep, geometry: &Geometry) -> String {
    use Technique::*;
    let unit = |i: usize| {
        step.units
            .get(i)
            .map_or_else(String::new, |&u| geometry.units()[u].to_string())
    };
    let symbol = |value: u8| geometry.alphabet().symbol(value);
    let cells = cells_text(geometry, &step.pattern);
    let values = values_text(geometry, &step.values);
    let placed = step
        .placements
        .first()
        .map(|&(cell, value)| (geometry.cell_name(cell), symbol(value)));
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
        (Basis::Technique(LockedCandidatesPointing | LockedCandidatesClaiming), _) => format!(
            "in {} the {values} can only go in {cells}, which all lie in {}, so {} has its {values} there",
            unit(0),
            unit(1),
            unit(1)
        ),
        (Basis::Technique(NakedPair | NakedTriple | NakedQuad), _) => format!(
            "{cells} in {} hold only {values} between them, so those values go nowhere else there",
            unit(0)
        ),
        (Basis::Technique(HiddenPair | HiddenTriple | HiddenQuad), _) => format!(
            "in {} the values {values} can only go in {cells}, so those cells hold nothing else",
            unit(0)
        ),
        (Basis::Technique(XWing | Swordfish | Jellyfish), _) => {
            let half = step.units.len() / 2;
            let lines = |units: &[usize]| {
                let kind = units
                    .first()
                    .map_or("", |&u| geometry.units()[u].kind.name());
                let numbers: Vec<String> = units
                    .iter()
                    .map(|&u| (geometry.units()[u].number + 1).to_string())
                    .collect();
                format!("{kind}s {}", numbers.join(", "))
            };
            let (bases, covers) = (lines(&step.units[..half]), lines(&step.units[half..]));
            format!(
                "in {bases} the {values} can only go in {covers} ({cells}), so {covers} have their {values}s in those cells"
            )
        }
        (Basis::Technique(DynamicForcingChain | ForcingNet), _) => {
            super::forcing::text(step, geometry)
        }
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

/// `; so remove 5 from r1c2, r1c3; 7 from r2c2`.
fn effects_text(step: &ShapeStep, geometry: &Geometry) -> String {
    let mut by_value: Vec<(u8, Vec<usize>)> = Vec::new();
    for &(cell, value) in &step.eliminations {
        match by_value.iter_mut().find(|(v, _)| *v == value) {
            Some((_, cells)) => cells.push(cell),
            None => by_value.push((value, vec![cell])),
        }
    }
    let parts: Vec<String> = by_value
        .iter()
        .map(|(value, cells)| {
            format!(
                "{} from {}",
                geometry.alphabet().symbol(*value),
                cells_text(geometry, cells)
            )
        })
        .collect();
    format!("; so remove {}", parts.join("; "))
}
