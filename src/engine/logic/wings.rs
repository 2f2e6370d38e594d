//! Wings: XY-Wing (a pivot {x,y} seeing pincers {x,z} and {y,z}: one pincer holds
//! z), XYZ-Wing (a pivot {x,y,z} with pincers {x,z} and {y,z}: the pivot or a
//! pincer holds z) and W-Wing (two {x,y} cells joined by a conjugate pair of x: one
//! of them holds y).

use super::{Sink, Step, Technique, lines, positions, seeing_all, unit_cells};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Unit};

/// Open cells with exactly `n` candidates.
fn cells_with(board: &Board, n: u32) -> Vec<(Cell, Candidates)> {
    board
        .open_cells()
        .map(|c| (c, board.candidates(c)))
        .filter(|(_, k)| k.len() == n)
        .collect()
}

fn wing_step(
    board: &Board,
    technique: Technique,
    z: crate::engine::types::Digit,
    cells: &[(Cell, Candidates)],
    sees: &[Cell],
) -> Step {
    let eliminations = seeing_all(board, z, sees);
    Step::elimination(technique, eliminations, cells.to_vec(), Vec::new())
}

pub fn xy_wing(board: &Board, sink: &mut Sink) {
    let bivalue = cells_with(board, 2);
    for &(pivot, pc) in &bivalue {
        let wings: Vec<(Cell, Candidates)> = bivalue
            .iter()
            .copied()
            .filter(|&(c, k)| c.sees(pivot) && k.intersection(pc).len() == 1)
            .collect();
        for (i, &(a, ak)) in wings.iter().enumerate() {
            for &(b, bk) in &wings[i + 1..] {
                let z = ak.difference(pc);
                if bk.difference(pc) != z || ak.intersection(pc) == bk.intersection(pc) {
                    continue;
                }
                let Some(z) = z.only() else { continue };
                if sink.push(wing_step(
                    board,
                    Technique::XyWing,
                    z,
                    &[(pivot, pc), (a, ak), (b, bk)],
                    &[a, b],
                )) {
                    return;
                }
            }
        }
    }
}

pub fn xyz_wing(board: &Board, sink: &mut Sink) {
    let bivalue = cells_with(board, 2);
    for (pivot, pc) in cells_with(board, 3) {
        let wings: Vec<(Cell, Candidates)> = bivalue
            .iter()
            .copied()
            .filter(|&(c, k)| c.sees(pivot) && k.difference(pc).is_empty())
            .collect();
        for (i, &(a, ak)) in wings.iter().enumerate() {
            for &(b, bk) in &wings[i + 1..] {
                let Some(z) = ak.intersection(bk).only() else {
                    continue;
                };
                if ak.union(bk) != pc {
                    continue;
                }
                if sink.push(wing_step(
                    board,
                    Technique::XyzWing,
                    z,
                    &[(pivot, pc), (a, ak), (b, bk)],
                    &[pivot, a, b],
                )) {
                    return;
                }
            }
        }
    }
}

pub fn w_wing(board: &Board, sink: &mut Sink) {
    let bivalue = cells_with(board, 2);
    let units: Vec<Unit> = lines(true)
        .into_iter()
        .chain(lines(false))
        .chain((0..9u8).map(Unit::Box))
        .collect();
    for (i, &(a, ak)) in bivalue.iter().enumerate() {
        for &(b, bk) in &bivalue[i + 1..] {
            if ak != bk || a.sees(b) {
                continue;
            }
            for x in ak.iter() {
                let Some(y) = ak.without(x).only() else {
                    continue;
                };
                for &unit in &units {
                    let m = positions(board, unit, x);
                    if m.count_ones() != 2 {
                        continue;
                    }
                    let mut ends = unit_cells(unit, m);
                    let (p, q) = (ends.next().expect("two"), ends.next().expect("two"));
                    if [p, q].contains(&a) || [p, q].contains(&b) {
                        continue;
                    }
                    for (near_a, near_b) in [(p, q), (q, p)] {
                        if !(near_a.sees(a) && near_b.sees(b)) {
                            continue;
                        }
                        let pattern = vec![
                            (a, ak),
                            (b, bk),
                            (near_a, Candidates::single(x)),
                            (near_b, Candidates::single(x)),
                        ];
                        let step = Step::elimination(
                            Technique::WWing,
                            seeing_all(board, y, &[a, b]),
                            pattern,
                            vec![unit],
                        );
                        if sink.push(step) {
                            return;
                        }
                        break;
                    }
                }
            }
        }
    }
}

/// The explanation of a wing.
pub fn text(step: &Step) -> String {
    let p = &step.pattern;
    if p.len() < 3 {
        return String::new();
    }
    let z = step.digits().first().copied();
    let z = z.map_or(String::new(), |d| d.to_string());
    match step.technique {
        Technique::WWing => {
            let x = p.get(2).map_or(String::new(), |(_, k)| k.to_string());
            format!(
                "{} and {} both hold only {}; the {x} of {} must be in {} or {}, which see them, so one of {} and {} is not {x} and holds {z}",
                p[0].0,
                p[1].0,
                p[0].1,
                step.units.first().map_or(String::new(), |u| u.to_string()),
                p[2].0,
                p.get(3).map_or(String::new(), |(c, _)| c.to_string()),
                p[0].0,
                p[1].0,
            )
        }
        Technique::XyzWing => format!(
            "pivot {} ({}) sees {} ({}) and {} ({}); whichever digit the pivot takes, {z} is in one of the three",
            p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1
        ),
        _ => format!(
            "pivot {} ({}) sees {} ({}) and {} ({}); whichever digit the pivot takes, one pincer is {z}",
            p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1
        ),
    }
}
