//! Simple Colors (single-digit colouring): the conjugate pairs of a digit join
//! cells into clusters coloured in two alternating colours; one colour holds the
//! digit everywhere in the cluster. Trap: a cell seeing both colours cannot hold
//! it. Wrap: a colour that sees itself is false everywhere.
//!
//! Multi-Colors: two clusters of one digit, colours a/A and b/B. Type 1: a cell
//! of colour a sees a cell of colour b, so a and b are not both true: A or B is,
//! and a candidate that sees a cell of colour A and a cell of colour B goes.
//! Type 2: colour a sees both b and B, one of which is true, so a is false.

use super::recall::each_digit;
use super::{Link, Sink, Step, Technique, cells_text, open_candidates, positions, unit_cells};
use crate::engine::board::Board;
use crate::engine::types::{CELLS, Candidates, Cell, Digit, Unit};

/// One cluster: its cells with their colour (false/true) and the tree links that coloured them.
struct Cluster {
    cells: Vec<(Cell, bool)>,
    links: Vec<Link>,
}

/// Each cell's conjugate partners for one digit, in the order the units are
/// listed: at most one per unit of the cell (a fixed table, not 81 vectors per
/// digit: the colouring finders run on every position that reaches them).
struct Partners {
    cells: [[Cell; 3]; CELLS],
    count: [u8; CELLS],
}

impl Partners {
    fn push(&mut self, from: Cell, to: Cell) {
        let count = &mut self.count[from.index()];
        self.cells[from.index()][usize::from(*count)] = to;
        *count += 1;
    }

    fn of(&self, cell: Cell) -> &[Cell] {
        &self.cells[cell.index()][..usize::from(self.count[cell.index()])]
    }
}

fn clusters(board: &Board, digit: Digit) -> Vec<Cluster> {
    let mut neighbours = Partners {
        cells: [[Cell::new(0); 3]; CELLS],
        count: [0; CELLS],
    };
    for unit in Unit::all() {
        let m = positions(board, unit, digit);
        if m.count_ones() == 2 {
            let mut it = unit_cells(unit, m);
            let (a, b) = (it.next().expect("two"), it.next().expect("two"));
            neighbours.push(a, b);
            neighbours.push(b, a);
        }
    }
    let mut colour: [Option<bool>; CELLS] = [None; CELLS];
    let mut found = Vec::new();
    for start in Cell::all() {
        if colour[start.index()].is_some() || neighbours.of(start).is_empty() {
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
            for &other in neighbours.of(cell) {
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
    each_digit(board, sink, Technique::SimpleColorsTrap, |sink, digit| {
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
                return true;
            }
        }
        false
    });
}

pub fn wrap(board: &Board, sink: &mut Sink) {
    each_digit(board, sink, Technique::SimpleColorsWrap, |sink, digit| {
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
                return true;
            }
        }
        false
    });
}

/// The clusters of a step, each as its two colours, rebuilt from the tree links
/// (each cluster's links in the order they coloured it; its first cell is colour A).
fn colours(step: &Step) -> Vec<(Vec<Cell>, Vec<Cell>)> {
    let mut clusters: Vec<(Vec<Cell>, Vec<Cell>)> = Vec::new();
    for link in &step.links {
        let (from, to) = (link.from.0, link.to.0);
        match clusters
            .iter_mut()
            .find(|(a, b)| a.contains(&from) || b.contains(&from))
        {
            Some((a, b)) if a.contains(&from) => b.push(to),
            Some((a, _)) => a.push(to),
            None => clusters.push((vec![from], vec![to])),
        }
    }
    clusters
}

/// The explanation of a colouring step.
pub fn text(step: &Step) -> String {
    let Some(digit) = step.digits().first().copied() else {
        return String::new();
    };
    let clusters = colours(step);
    if let [(a, big_a), (b, big_b)] = clusters.as_slice()
        && matches!(
            step.technique(),
            Some(Technique::MultiColors1 | Technique::MultiColors2)
        )
    {
        let pairs = format!(
            "the conjugate pairs of {digit} make two clusters: {} (colour a) against {} (A), \
             and {} (b) against {} (B); in each, one colour holds every {digit}",
            cells_text(a.iter().copied()),
            cells_text(big_a.iter().copied()),
            cells_text(b.iter().copied()),
            cells_text(big_b.iter().copied())
        );
        return match step.technique() {
            Some(Technique::MultiColors1) => format!(
                "{pairs}; a cell of colour a sees a cell of colour b, so A or B is true, \
                 and a cell that sees both A and B cannot hold {digit}"
            ),
            _ => {
                format!("{pairs}; colour a sees both b and B, one of which is true, so a is false")
            }
        };
    }
    let (a, b) = clusters.into_iter().next().unwrap_or_default();
    let clusters = format!(
        "the conjugate pairs of {digit} colour {} one colour and {} the other; one colour holds every {digit}",
        cells_text(a),
        cells_text(b)
    );
    match step.technique() {
        Some(Technique::SimpleColorsWrap) => {
            format!("{clusters}; two cells of one colour see each other, so that colour is false")
        }
        _ => format!("{clusters}; a cell that sees both colours cannot hold {digit}"),
    }
}

/// Colour `want` of a cluster, as cells.
fn coloured(cluster: &Cluster, want: bool) -> Vec<Cell> {
    cluster
        .cells
        .iter()
        .filter(|&&(_, c)| c == want)
        .map(|&(c, _)| c)
        .collect()
}

/// Whether a cell of `one` sees a cell of `other`.
fn sees_any(one: &[Cell], other: &[Cell]) -> bool {
    one.iter().any(|&a| other.iter().any(|&b| a.sees(b)))
}

/// One Multi-Colors step per ordered pair of clusters of a digit and per type,
/// with the eliminations of every colour combination together.
fn multi_colors(board: &Board, sink: &mut Sink, technique: Technique) {
    each_digit(board, sink, technique, |sink, digit| {
        let clusters = clusters(board, digit);
        for (i, first) in clusters.iter().enumerate() {
            for (j, second) in clusters.iter().enumerate() {
                if i == j {
                    continue;
                }
                let colour = |cluster: &Cluster, c: bool| coloured(cluster, c);
                let mut eliminations = Vec::new();
                for a in [false, true] {
                    let (this, opposite) = (colour(first, a), colour(first, !a));
                    match technique {
                        Technique::MultiColors2 => {
                            if sees_any(&this, &colour(second, false))
                                && sees_any(&this, &colour(second, true))
                            {
                                eliminations.extend(this.iter().map(|&c| (c, digit)));
                            }
                        }
                        _ => {
                            for b in [false, true] {
                                if !sees_any(&this, &colour(second, b)) {
                                    continue;
                                }
                                let other = colour(second, !b);
                                for cell in board.open_cells() {
                                    if open_candidates(board, cell).contains(digit)
                                        && opposite.iter().any(|&o| o.sees(cell))
                                        && other.iter().any(|&o| o.sees(cell))
                                    {
                                        eliminations.push((cell, digit));
                                    }
                                }
                            }
                        }
                    }
                }
                eliminations.sort();
                eliminations.dedup();
                let mut step = Step::elimination(technique, eliminations, Vec::new(), Vec::new());
                step.pattern = first
                    .cells
                    .iter()
                    .chain(&second.cells)
                    .map(|&(c, _)| (c, Candidates::single(digit)))
                    .collect();
                step.links = first.links.iter().chain(&second.links).copied().collect();
                if sink.push(step) {
                    return true;
                }
            }
        }
        false
    });
}

pub fn multi_colors_1(board: &Board, sink: &mut Sink) {
    multi_colors(board, sink, Technique::MultiColors1);
}

pub fn multi_colors_2(board: &Board, sink: &mut Sink) {
    multi_colors(board, sink, Technique::MultiColors2);
}
