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
use super::{Link, Sink, Step, Technique, cells_text};
use crate::engine::board::Board;
use crate::engine::types::{CELLS, Candidates, Cell, Digit, GEOMETRY, Unit};

/// One cluster: its cells with their colour (false/true) and the tree links
/// that coloured them, and the cells of each colour as bits (by colour index:
/// false, then true) for the finders' tests, which are unions and meets of peers.
pub(crate) struct Cluster {
    cells: Vec<(Cell, bool)>,
    links: Vec<Link>,
    colours: [u128; 2],
}

/// The cells that see some cell of `cells` (as bits).
fn seen_by(cells: u128) -> u128 {
    let mut seen = 0u128;
    let mut rest = cells;
    while rest != 0 {
        seen |= GEOMETRY.peer_masks[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    seen
}

/// The cells of `bits`, ascending, each with `digit`.
fn removals(bits: u128, digit: Digit) -> Vec<(Cell, Digit)> {
    let mut out = Vec::with_capacity(bits.count_ones() as usize);
    let mut rest = bits;
    while rest != 0 {
        out.push((Cell::new(rest.trailing_zeros() as usize), digit));
        rest &= rest - 1;
    }
    out
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

/// The clusters of `digit`, whose open places are the bits of `open`.
pub(crate) fn clusters(digit: Digit, open: u128) -> Vec<Cluster> {
    let mut neighbours = Partners {
        cells: [[Cell::new(0); 3]; CELLS],
        count: [0; CELLS],
    };
    for unit in Unit::all() {
        let m = open & GEOMETRY.unit_masks[unit.index()];
        if m.count_ones() == 2 {
            // A unit lists its cells by ascending index, so the lower comes first.
            let a = Cell::new(m.trailing_zeros() as usize);
            let b = Cell::new((127 - m.leading_zeros()) as usize);
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
            colours: [1 << start.index(), 0],
        };
        let mut next = 0;
        while next < cluster.cells.len() {
            let (cell, c) = cluster.cells[next];
            next += 1;
            for &other in neighbours.of(cell) {
                if colour[other.index()].is_none() {
                    colour[other.index()] = Some(!c);
                    cluster.cells.push((other, !c));
                    cluster.colours[usize::from(!c)] |= 1 << other.index();
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
        // The digit's places outside the cluster that see both colours.
        let open = sink.cache().patterns(board)[digit.index()].open();
        for cluster in sink.cache().clusters(board, digit).iter() {
            let [a, b] = cluster.colours;
            let struck = seen_by(a) & seen_by(b) & open & !(a | b);
            if struck == 0 {
                continue;
            }
            if sink.push(colour_step(
                Technique::SimpleColorsTrap,
                digit,
                cluster,
                removals(struck, digit),
            )) {
                return true;
            }
        }
        false
    });
}

pub fn wrap(board: &Board, sink: &mut Sink) {
    each_digit(board, sink, Technique::SimpleColorsWrap, |sink, digit| {
        for cluster in sink.cache().clusters(board, digit).iter() {
            let clashes = |want: bool| {
                let cells = cluster.colours[usize::from(want)];
                seen_by(cells) & cells != 0
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
                cluster,
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

/// One Multi-Colors step per ordered pair of clusters of a digit and per type,
/// with the eliminations of every colour combination together.
fn multi_colors(board: &Board, sink: &mut Sink, technique: Technique) {
    each_digit(board, sink, technique, |sink, digit| {
        let open = sink.cache().patterns(board)[digit.index()].open();
        let clusters = sink.cache().clusters(board, digit);
        // Per cluster and colour, the cells that see some cell of that colour.
        let seen: Vec<[u128; 2]> = clusters
            .iter()
            .map(|c| [seen_by(c.colours[0]), seen_by(c.colours[1])])
            .collect();
        for (i, first) in clusters.iter().enumerate() {
            for (j, second) in clusters.iter().enumerate() {
                if i == j {
                    continue;
                }
                let mut struck = 0u128;
                for a in 0..2 {
                    // Colour a of the first cluster sees some cell of colour b of the second.
                    let meets = |b: usize| seen[i][a] & second.colours[b] != 0;
                    match technique {
                        Technique::MultiColors2 => {
                            if meets(0) && meets(1) {
                                struck |= first.colours[a];
                            }
                        }
                        _ => {
                            for b in 0..2 {
                                if meets(b) {
                                    struck |= seen[i][1 - a] & seen[j][1 - b] & open;
                                }
                            }
                        }
                    }
                }
                if struck == 0 {
                    continue;
                }
                let mut step =
                    Step::elimination(technique, removals(struck, digit), Vec::new(), Vec::new());
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
