//! Learning from a position on any shape: why a candidate is impossible
//! ([`why_not`]) and what is wrong with a player's pencil marks ([`audit()`]), the
//! shaped counterparts of `engine::learn`'s `why` and `audit`, reasoned with the
//! shaped ladder on the geometry's unit list.
//!
//! As there, every judgement is made against the puzzle's one solution and every
//! reason is found on a *sound* position (the player's right values, and their
//! marks with the solution's value put back), so a true candidate is never
//! argued against. Where the classic prover looks for the cheapest proof over
//! every difficulty ceiling, this walks the shaped ladder from the position,
//! easiest step first, and names the first step that rules the candidate out
//! with the steps taken before it (forcing chains left out: on a 16x16 they take
//! seconds, and a person reads a chain of singles more easily).

mod replay;

// The search's events on a shape live with the classic trace's, in `engine::trace`.
pub use crate::engine::trace::{ShapeCounts, ShapeCursor, ShapeEvent};
pub use replay::{
    ShapeAnnotated, ShapePlay, ShapeProof, ShapeReplay, annotated_text, first_wrong, play_through,
    replay, standing_wrong,
};

use super::logic::{Ladder, ShapeMarks};
use super::{Geometry, ValueMask, value_bit};
use crate::engine::effects::Deduction;
use crate::engine::learn::audit;
use crate::engine::logic::Step;
use crate::engine::logic::Technique;

/// The techniques the learning tools reason with: the catalogue's, easiest
/// first, without the forcing chains and nets (the ladder skips those a shape
/// does not support).
fn reasoning_techniques() -> Vec<Technique> {
    Technique::ALL
        .into_iter()
        .filter(|technique| !technique.is_forcing())
        .collect()
}

/// The most steps a walk takes (every step places or removes something, so a
/// walk ends well before; this only bounds a malformed position).
const MAX_STEPS: usize = 4096;

/// The position the tools reason on: the values of `values` that agree with
/// `solution`, and each open cell's candidates those values leave, kept to the
/// player's `marks` (bit `v - 1`; 0 is "not marked": every candidate) with the
/// solution's value put back.
pub fn sound_marks<'g>(
    geometry: &'g Geometry,
    solution: &[u8],
    values: &[u8],
    marks: &[ValueMask],
) -> ShapeMarks<'g> {
    let right: Vec<u8> = (0..geometry.cells())
        .map(|c| {
            if values[c] == solution[c] {
                values[c]
            } else {
                0
            }
        })
        .collect();
    let mut sound = ShapeMarks::from_givens(geometry, &right);
    for cell in 0..geometry.cells() {
        // A wrong value's cell has no marks of the player's to keep.
        if right[cell] == 0 && values[cell] == 0 && marks[cell] != 0 {
            sound.keep_only(cell, marks[cell] | value_bit(solution[cell]));
        }
    }
    sound
}

/// The candidates `step` rules out on `marks`: its eliminations, and for each
/// placement the cell's other candidates and the value in its open peers.
pub fn removals(step: &Step, marks: &ShapeMarks) -> Vec<(usize, u8)> {
    let geometry = marks.geometry();
    let mut removed: Vec<(usize, u8)> = step.removed().collect();
    for (cell, value) in step.placed() {
        let others = marks.candidates(cell) & !(1 << (value - 1));
        removed.extend(
            (1..=geometry.side() as u8)
                .filter(|v| others >> (v - 1) & 1 == 1)
                .map(|v| (cell, v)),
        );
        removed.extend(
            geometry
                .peers(cell)
                .iter()
                .filter(|&&p| marks.allows(p, value))
                .map(|&p| (p, value)),
        );
    }
    removed
}

/// Every step open on `marks` itself, easiest technique first, with what each
/// rules out: every single (full house, hidden, naked), then each other
/// technique's instances (found one after another, each found instance's
/// eliminations struck from a scratch copy so the finder moves on; those are
/// wrong candidates, so what it finds next is still sound).
fn open_steps(marks: &ShapeMarks) -> Vec<(Step, Vec<(usize, u8)>)> {
    let mut steps: Vec<Step> = singles(marks);
    let ladder = Ladder::new(marks.geometry());
    let geometry = marks.geometry();
    for technique in reasoning_techniques()
        .into_iter()
        .filter(|t| !Technique::SINGLES.contains(t) && t.supports(geometry))
    {
        let mut scratch = *marks;
        for _ in 0..MAX_INSTANCES {
            let Some(step) = ladder.find(technique, &scratch) else {
                break;
            };
            if step.eliminations.is_empty() || !step.placements.is_empty() {
                break;
            }
            step.removed()
                .for_each(|(cell, value)| scratch.strike(cell, value));
            steps.push(step);
        }
    }
    steps
        .into_iter()
        .map(|step| {
            let removed = removals(&step, marks);
            (step, removed)
        })
        .collect()
}

/// How many instances of one technique [`open_steps`] looks for.
const MAX_INSTANCES: usize = 64;

/// Every single on `marks`: a unit's last open cell (full house), a value with
/// one place left in a unit (hidden single), a cell with one candidate left
/// (naked single); a placement found several ways is named once, by the easiest.
fn singles(marks: &ShapeMarks) -> Vec<Step> {
    let geometry = marks.geometry();
    let single = Step::single;
    let mut found: Vec<Step> = Vec::new();
    let mut hidden = Vec::new();
    for unit in 0..geometry.units().len() {
        let open = geometry.units()[unit]
            .cells
            .iter()
            .filter(|&&c| marks.value(c) == 0)
            .count();
        for value in 1..=geometry.side() as u8 {
            if marks.unit_has(unit, value) {
                continue;
            }
            if let [cell] = marks.places(unit, value)[..] {
                let technique = if open == 1 {
                    Technique::FullHouse
                } else {
                    Technique::HiddenSingle
                };
                hidden.push(single(technique, cell, value, Some(unit)));
            }
        }
    }
    hidden.sort_by_key(|s| s.basis.level());
    for step in hidden {
        if !found.iter().any(|f| f.placements == step.placements) {
            found.push(step);
        }
    }
    for cell in marks.open_cells() {
        let candidates = marks.candidates(cell);
        let value = candidates.trailing_zeros() as u8 + 1;
        if candidates.count_ones() == 1 && !found.iter().any(|f| f.placed().eq([(cell, value)])) {
            found.push(single(Technique::NakedSingle, cell, value, None));
        }
    }
    found.sort_by_key(|s| s.basis.score());
    found
}

/// What a walk looks for: a step that rules a candidate out, or one that
/// places a value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Goal {
    Exclude(usize, u8),
    Place(usize, u8),
}

impl Goal {
    /// Whether `step`, which rules out `removed`, reaches the goal.
    fn reached(self, step: &Step, removed: &[(usize, u8)]) -> bool {
        match self {
            Goal::Exclude(cell, value) => removed.contains(&(cell, value)),
            Goal::Place(cell, value) => step.placed().any(|placed| placed == (cell, value)),
        }
    }
}

/// The step that reaches `goal` soonest, and the steps taken before it: any
/// step open on `marks` itself; else the ladder walked easiest step first,
/// stopping at the step that reaches it or as soon as a single does (every
/// technique is looked for at the start only: on a 16x16 each look costs
/// milliseconds, and a walk is a few dozen steps). `None` when the ladder stops.
fn walk_to(mut marks: ShapeMarks, goal: Goal) -> Option<(Step, Vec<Step>)> {
    if let Some((step, _)) = open_steps(&marks)
        .into_iter()
        .find(|(step, removed)| goal.reached(step, removed))
    {
        return Some((step, Vec::new()));
    }
    let ladder = Ladder::new(marks.geometry());
    let techniques = reasoning_techniques();
    let mut before = Vec::new();
    while before.len() < MAX_STEPS && !marks.is_solved() {
        let step = ladder.next_step(&marks, &techniques)?;
        let removed = removals(&step, &marks);
        step.apply(&mut marks);
        if goal.reached(&step, &removed) {
            return Some((step, before));
        }
        before.push(step);
        let single = singles(&marks)
            .into_iter()
            .find(|s| goal.reached(s, &removals(s, &marks)));
        if let Some(single) = single {
            return Some((single, before));
        }
    }
    None
}

/// What is wrong with one mark: the classic audit's problems, on a shape's cells
/// and steps.
pub type Problem = audit::Problem<usize, Step>;

/// One mark (or missing mark) and its problem.
pub type Finding = audit::Finding<usize, u8, Step>;

/// Audits the marked cells of a position (`marks` bit `v - 1`, 0 for a cell
/// not marked, which is not judged) against `solution`: the solution's value
/// missing, a mark a peer's value makes stale, a mark a step of the ladder
/// removes. Cell by cell in row-major order, values ascending; only marks that
/// are not the solution's value are called stale or removable.
pub fn audit(
    geometry: &Geometry,
    solution: &[u8],
    values: &[u8],
    marks: &[ValueMask],
) -> Vec<Finding> {
    let sound = sound_marks(geometry, solution, values, marks);
    let steps = open_steps(&sound);
    let judged = (0..geometry.cells()).filter(|&c| values[c] == 0 && marks[c] != 0);
    let mut findings = Vec::new();
    for cell in judged {
        let right = solution[cell];
        if marks[cell] >> (right - 1) & 1 == 0 {
            findings.push(Finding {
                cell,
                digit: right,
                problem: Problem::Missing,
            });
        }
        for value in (1..=geometry.side() as u8).filter(|&v| v != right) {
            if marks[cell] >> (value - 1) & 1 == 0 {
                continue;
            }
            let holder = geometry
                .peers(cell)
                .iter()
                .copied()
                .find(|&p| values[p] == value);
            let problem = match holder {
                Some(peer) => Problem::Stale { peer },
                None => match steps
                    .iter()
                    .find(|(_, removed)| removed.contains(&(cell, value)))
                {
                    Some((step, _)) => Problem::Removable(step.clone()),
                    None => continue,
                },
            };
            findings.push(Finding {
                cell,
                digit: value,
                problem,
            });
        }
    }
    findings
}

/// Why `cell` cannot hold `value` in the position (`values`, and the player's
/// `marks` as [`sound_marks`] reads them), in a person's words; the solution's
/// value is never argued against. Tried in turn: the cell holds a right value;
/// a peer holds the value; a unit would be left without a place for a value;
/// the first step of the ladder that rules it out (after the easier ones it
/// needs); search.
pub fn why_not(
    geometry: &Geometry,
    solution: &[u8],
    values: &[u8],
    marks: &[ValueMask],
    cell: usize,
    value: u8,
) -> String {
    let name = |c: usize| geometry.cell_name(c);
    let symbol = |v: u8| geometry.alphabet().symbol(v);
    let (here, v) = (name(cell), symbol(value));
    if solution[cell] == value {
        return format!("{v} may go in {here}: nothing rules it out.");
    }
    if values[cell] == solution[cell] {
        let holds = symbol(values[cell]);
        return format!("{here} holds {holds}, so it cannot be {v}.");
    }
    let mut sound = sound_marks(geometry, solution, values, marks);
    let unit_of = |a: usize, b: usize| {
        let shared = geometry.units_of(a).iter().copied();
        let unit = shared
            .clone()
            .find(|&u| geometry.units()[u].cells.contains(&b));
        unit.map_or_else(String::new, |u| geometry.units()[u].to_string())
    };
    if let Some(&peer) = geometry
        .peers(cell)
        .iter()
        .find(|&&p| sound.value(p) == value)
    {
        return format!(
            "{here} sees the {v} in {} ({}).",
            name(peer),
            unit_of(cell, peer)
        );
    }
    // Reason about the candidate, not from it: put it back if the player struck it.
    let mut restored = sound_marks(geometry, solution, values, &vec![0; geometry.cells()]);
    for c in 0..geometry.cells() {
        if c != cell {
            restored.keep_only(c, sound.candidates(c));
        }
    }
    sound = restored;
    if let Some(text) = unit_reason(&sound, cell, value) {
        return text;
    }
    if let Some((step, before)) = walk_to(sound, Goal::Exclude(cell, value)) {
        let mut reason = step.text_in(geometry);
        if !step.removed().any(|removed| removed == (cell, value)) {
            reason.push_str(&format!(" So {here} cannot be {v}."));
        }
        if before.is_empty() {
            return reason;
        }
        let count = before.len();
        let plural = if count == 1 { "" } else { "s" };
        let before: Vec<&Step> = before.iter().collect();
        return format!(
            "After {count} easier step{plural} ({}): {reason}",
            brief(geometry, &before)
        );
    }
    format!(
        "Only search rules it out: with {v} in {here} the puzzle has no solution (the \
         techniques this board knows find no shorter reason)."
    )
}

/// The steps named briefly: each one's technique and effects when a few, else a
/// tally by technique.
fn brief(geometry: &Geometry, steps: &[&Step]) -> String {
    const LISTED: usize = 8;
    if steps.len() > LISTED {
        let mut tally: Vec<(&str, usize)> = Vec::new();
        for step in steps {
            match tally.iter_mut().find(|(t, _)| *t == step.basis.name()) {
                Some((_, n)) => *n += 1,
                None => tally.push((step.basis.name(), 1)),
            }
        }
        let parts: Vec<String> = tally.iter().map(|(t, n)| format!("{n} {t}")).collect();
        return parts.join("; ");
    }
    let parts: Vec<String> = steps
        .iter()
        .map(|step| {
            let placed: Vec<String> = step
                .placements
                .iter()
                .map(|&(c, v)| {
                    format!(
                        "{}={}",
                        geometry.cell_name(c.index()),
                        geometry.alphabet().symbol(v.get())
                    )
                })
                .collect();
            match placed.is_empty() {
                true => step.summary_in(geometry),
                false => format!("{}: {}", step.summary_in(geometry), placed.join(", ")),
            }
        })
        .collect();
    parts.join("; ")
}

/// A unit left without a place: `cell` is another value's only place in one of
/// its units, or every place of `value` in some unit sees `cell`.
fn unit_reason(marks: &ShapeMarks, cell: usize, value: u8) -> Option<String> {
    let geometry = marks.geometry();
    let (here, v) = (geometry.cell_name(cell), geometry.alphabet().symbol(value));
    for &unit in geometry.units_of(cell) {
        for other in (1..=geometry.side() as u8).filter(|&o| o != value) {
            if !marks.unit_has(unit, other) && marks.places(unit, other) == [cell] {
                return Some(format!(
                    "{here} is the only place left for {} in {} (a hidden single), so it \
                     cannot be {v}.",
                    geometry.alphabet().symbol(other),
                    geometry.units()[unit]
                ));
            }
        }
    }
    for (unit, spec) in geometry.units().iter().enumerate() {
        if spec.cells.contains(&cell) || marks.unit_has(unit, value) {
            continue;
        }
        let places = marks.places(unit, value);
        if !places.is_empty() && places.iter().all(|&p| geometry.sees(p, cell)) {
            let which = if places.len() == 1 {
                "which sees"
            } else {
                "which all see"
            };
            return Some(format!(
                "If {here} were {v}, {spec} would have no place left for {v}: it can only go \
                 in {}, {which} {here}.",
                super::logic::cells_text(geometry, &places)
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Variant;
    use crate::engine::search;

    /// A 4x4 with one solution (1234 / 3412 / 2143 / 4321), and that solution.
    pub(super) fn four() -> (Geometry, Vec<u8>, Vec<u8>) {
        let geometry = Geometry::regular(4, Variant::Classic).unwrap();
        let givens: Vec<u8> = vec![1, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3, 4, 0, 2, 0];
        let counted = search::count_shape(&geometry, &givens, 2);
        assert_eq!(counted.count, 1, "the test puzzle has one solution");
        let solution = counted.first.unwrap();
        assert_eq!(solution, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        (geometry, givens, solution)
    }

    #[test]
    fn the_solution_value_is_never_argued_against() {
        let (geometry, givens, solution) = four();
        let marks = vec![0; 16];
        let text = why_not(&geometry, &solution, &givens, &marks, 1, solution[1]);
        assert!(text.contains("nothing rules it out"), "{text}");
    }

    #[test]
    fn a_peer_holding_the_value_is_the_plainest_reason() {
        let (geometry, givens, solution) = four();
        let marks = vec![0; 16];
        // r1c3 sees the given 1 in r1c1.
        let text = why_not(&geometry, &solution, &givens, &marks, 2, 1);
        assert_eq!(text, "r1c3 sees the 1 in r1c1 (row 1).");
    }

    #[test]
    fn every_wrong_candidate_has_a_reason_short_of_search_on_an_easy_4x4() {
        let (geometry, givens, solution) = four();
        let marks = vec![0; 16];
        for cell in (0..16).filter(|&c| givens[c] == 0) {
            for value in (1..=4).filter(|&v| v != solution[cell]) {
                let text = why_not(&geometry, &solution, &givens, &marks, cell, value);
                assert!(!text.starts_with("Only search"), "{cell} {value}: {text}");
            }
        }
    }

    #[test]
    fn audit_names_missing_stale_and_removable_marks_of_marked_cells_only() {
        let (geometry, givens, solution) = four();
        let mut marks: Vec<ValueMask> = vec![0; 16];
        let right = |c: usize| value_bit(solution[c]);
        marks[2] = 0b1111 & !right(2); // lacks its 3; its 1 is stale (r1c1 holds it)
        marks[3] = 0b1111; // every value: the wrong ones stale or removable
        let findings = audit(&geometry, &solution, &givens, &marks);
        assert!(findings.iter().all(|f| f.cell == 2 || f.cell == 3));
        let of = |cell, key| {
            findings
                .iter()
                .filter(move |f| f.cell == cell && f.problem.key() == key)
        };
        assert_eq!(of(2, "missing").count(), 1);
        assert_eq!(of(2, "missing").next().unwrap().digit, 3);
        assert!(of(2, "stale").any(|f| f.digit == 1));
        // No finding is ever about the solution's value but a missing one.
        assert!(
            findings
                .iter()
                .all(|f| f.digit != solution[f.cell] || f.problem == Problem::Missing)
        );
        // Every wrong mark of r1c4 is judged: 3 wrong values, each stale or removable.
        assert_eq!(of(3, "stale").count() + of(3, "removable").count(), 3);
    }
}
