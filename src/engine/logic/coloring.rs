//! Simple Colors (single-digit colouring): the conjugate pairs of a digit join
//! cells into clusters coloured in two alternating colours; one colour holds the
//! digit everywhere in the cluster. Trap: a cell seeing both colours cannot hold
//! it. Wrap: a colour that sees itself is false everywhere.

use super::{Link, Sink, Step, Technique, cells_text, open_candidates, positions, unit_cells};
use crate::engine::board::Board;
use crate::engine::types::{CELLS, Candidates, Cell, Digit, Unit};

/// One cluster: its cells with their colour (false/true) and the tree links that coloured them.
struct Cluster {
    cells: Vec<(Cell, bool)>,
    links: Vec<Link>,
}

fn clusters(board: &Board, digit: Digit) -> Vec<Cluster> {
    let mut neighbours: Vec<Vec<Cell>> = vec![Vec::new(); CELLS];
    for unit in Unit::all() {
        let m = positions(board, unit, digit);
        if m.count_ones() == 2 {
            let mut it = unit_cells(unit, m);
            let (a, b) = (it.next().expect("two"), it.next().expect("two"));
            neighbours[a.index()].push(b);
            neighbours[b.index()].push(a);
        }
    }
    let mut colour: [Option<bool>; CELLS] = [None; CELLS];
    let mut found = Vec::new();
    for start in Cell::all() {
        if colour[start.index()].is_some() || neighbours[start.index()].is_empty() {
            continue;
        }
        colour[start.index()] = Some(false);
        let mut cluster = Cluster {
            cells: vec![(start, false)],
            links: Vec::new(),
        };
        let mut next = 0;
        while next < cluster.cells.len() {
            let (cell, c) = cluster.cells[next];
            next += 1;
            for &other in &neighbours[cell.index()] {
                if colour[other.index()].is_none() {
                    colour[other.index()] = Some(!c);
                    cluster.cells.push((other, !c));
                    cluster.links.push(Link {
                        from: (cell, digit),
                        to: (other, digit),
                        strong: true,
                    });
                }
            }
        }
        found.push(cluster);
    }
    found
}

fn colour_step(
    technique: Technique,
    digit: Digit,
    cluster: &Cluster,
    eliminations: Vec<(Cell, Digit)>,
) -> Step {
    let pattern = cluster
        .cells
        .iter()
        .map(|&(c, _)| (c, Candidates::single(digit)))
        .collect();
    let mut step = Step::elimination(technique, eliminations, pattern, Vec::new());
    step.links = cluster.links.clone();
    step
}

pub fn trap(board: &Board, sink: &mut Sink) {
    for digit in Digit::all() {
        for cluster in clusters(board, digit) {
            let mut eliminations = Vec::new();
            for cell in board.open_cells() {
                if !open_candidates(board, cell).contains(digit)
                    || cluster.cells.iter().any(|&(c, _)| c == cell)
                {
                    continue;
                }
                let sees = |want: bool| {
                    cluster
                        .cells
                        .iter()
                        .any(|&(c, col)| col == want && c.sees(cell))
                };
                if sees(false) && sees(true) {
                    eliminations.push((cell, digit));
                }
            }
            if sink.push(colour_step(
                Technique::SimpleColorsTrap,
                digit,
                &cluster,
                eliminations,
            )) {
                return;
            }
        }
    }
}

pub fn wrap(board: &Board, sink: &mut Sink) {
    for digit in Digit::all() {
        for cluster in clusters(board, digit) {
            let clashes = |want: bool| {
                cluster.cells.iter().any(|&(a, ca)| {
                    ca == want && cluster.cells.iter().any(|&(b, cb)| cb == want && a.sees(b))
                })
            };
            let wrong = match (clashes(false), clashes(true)) {
                (true, false) => false,
                (false, true) => true,
                _ => continue,
            };
            let eliminations = cluster
                .cells
                .iter()
                .filter(|&&(_, c)| c == wrong)
                .map(|&(c, _)| (c, digit))
                .collect();
            if sink.push(colour_step(
                Technique::SimpleColorsWrap,
                digit,
                &cluster,
                eliminations,
            )) {
                return;
            }
        }
    }
}

/// The colours of a step's cells, rebuilt from its tree links (the first cell is colour A).
fn colours(step: &Step) -> (Vec<Cell>, Vec<Cell>) {
    let mut a = Vec::new();
    let mut b = Vec::new();
    if let Some(first) = step.links.first() {
        a.push(first.from.0);
    }
    for link in &step.links {
        if a.contains(&link.from.0) {
            b.push(link.to.0);
        } else {
            a.push(link.to.0);
        }
    }
    (a, b)
}

/// The explanation of a colouring step.
pub fn text(step: &Step) -> String {
    let Some(digit) = step.digits().first().copied() else {
        return String::new();
    };
    let (a, b) = colours(step);
    let clusters = format!(
        "the conjugate pairs of {digit} colour {} one colour and {} the other; one colour holds every {digit}",
        cells_text(a),
        cells_text(b)
    );
    match step.technique {
        Technique::SimpleColorsWrap => {
            format!("{clusters}; two cells of one colour see each other, so that colour is false")
        }
        _ => format!("{clusters}; a cell that sees both colours cannot hold {digit}"),
    }
}
