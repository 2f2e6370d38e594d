//! Chains. X-Chain: one digit, alternating strong links (conjugate pairs: if one end
//! is false the other is true) and weak links (cells that see each other: if one
//! is true the other is false), starting and ending with a strong link; one of its
//! ends holds the digit. XY-Chain: bivalue cells, each seeing the next and sharing
//! a digit; if the first cell is not x, the last one is x. Either way, a cell that
//! sees both ends cannot hold the digit.
//!
//! Chains are found breadth first, so each pair of ends gets its shortest chain and
//! the shortest chains come first.

use super::{Link, Sink, Step, Technique, open_candidates, positions, seeing_all, unit_cells};
use crate::engine::board::Board;
use crate::engine::types::{CELLS, Cell, Digit, GEOMETRY, Unit};

/// No parent in the breadth-first tree.
const ROOT: u16 = u16::MAX;

/// Hands `found` (length, step) to the sink, shortest first.
fn push_sorted(sink: &mut Sink, mut found: Vec<(usize, Step)>) {
    found.sort_by_key(|(len, _)| *len);
    for (_, step) in found {
        if sink.push(step) {
            return;
        }
    }
}

pub fn x_chain(board: &Board, sink: &mut Sink) {
    let mut found = Vec::new();
    // The breadth-first tree of each start, its buffers reused (`stamp`: the
    // states reached from the current start).
    let mut parent = [ROOT; 2 * CELLS];
    let mut stamp = [0u32; 2 * CELLS];
    let mut depth = [0usize; 2 * CELLS];
    let mut round = 0;
    let mut queue = Vec::with_capacity(2 * CELLS);
    for digit in Digit::all() {
        let mut strong: Vec<Vec<Cell>> = vec![Vec::new(); CELLS];
        for unit in Unit::all() {
            let m = positions(board, unit, digit);
            if m.count_ones() == 2 {
                let mut it = unit_cells(unit, m);
                let (a, b) = (it.next().expect("two"), it.next().expect("two"));
                if !strong[a.index()].contains(&b) {
                    strong[a.index()].push(b);
                    strong[b.index()].push(a);
                }
            }
        }
        let nodes: Vec<Cell> = board
            .open_cells()
            .filter(|&c| open_candidates(board, c).contains(digit))
            .collect();
        // The cells holding the digit: a cell's weak links go to those it sees,
        // in ascending order.
        let holders = nodes.iter().fold(0u128, |m, c| m | 1 << c.index());
        for &start in &nodes {
            if strong[start.index()].is_empty() {
                continue;
            }
            // State index: cell * 2 + on (on: the cell holds the digit if the start does not).
            round += 1;
            let begin = start.index() * 2;
            stamp[begin] = round;
            parent[begin] = ROOT;
            depth[begin] = 0;
            queue.clear();
            queue.push(begin);
            let mut head = 0;
            while head < queue.len() {
                let state = queue[head];
                head += 1;
                let cell = Cell::new(state / 2);
                let on = state % 2 == 1;
                if on && cell != start && depth[state] >= 3 && start < cell {
                    let eliminations = seeing_all(board, digit, &[start, cell]);
                    if !eliminations.is_empty() {
                        let links = path(
                            &parent,
                            state,
                            |s| (Cell::new(s / 2), digit),
                            |s| s % 2 == 1,
                        );
                        let pattern = links
                            .iter()
                            .map(|l| l.from.0)
                            .chain([cell])
                            .map(|c| (c, crate::engine::types::Candidates::single(digit)))
                            .collect();
                        let mut step =
                            Step::elimination(Technique::XChain, eliminations, pattern, Vec::new());
                        step.links = links;
                        found.push((depth[state], step));
                    }
                }
                let mut relax = |n: Cell| {
                    let s = n.index() * 2 + usize::from(!on);
                    if stamp[s] != round {
                        stamp[s] = round;
                        parent[s] = state as u16;
                        depth[s] = depth[state] + 1;
                        queue.push(s);
                    }
                };
                if on {
                    let mut weak = holders & GEOMETRY.peer_masks[cell.index()];
                    while weak != 0 {
                        let n = weak.trailing_zeros() as usize;
                        weak &= weak - 1;
                        relax(Cell::new(n));
                    }
                } else {
                    strong[cell.index()].iter().copied().for_each(relax);
                }
            }
        }
    }
    push_sorted(sink, found);
}

/// The links from the root to `state`, following parents; `is_on(s)` tells
/// whether arriving at `s` was a strong link's conclusion.
fn path(
    parent: &[u16],
    state: usize,
    node: impl Fn(usize) -> (Cell, Digit),
    is_on: impl Fn(usize) -> bool,
) -> Vec<Link> {
    let mut states = vec![state];
    let mut s = state;
    while parent[s] != ROOT {
        s = parent[s] as usize;
        states.push(s);
    }
    states.reverse();
    states
        .windows(2)
        .map(|w| Link {
            from: node(w[0]),
            to: node(w[1]),
            strong: is_on(w[1]),
        })
        .collect()
}

pub fn xy_chain(board: &Board, sink: &mut Sink) {
    let bivalue: Vec<Cell> = board
        .open_cells()
        .filter(|&c| board.candidates(c).len() == 2)
        .collect();
    let mut neighbours: Vec<Vec<Cell>> = vec![Vec::new(); CELLS];
    for &a in &bivalue {
        neighbours[a.index()] = bivalue.iter().copied().filter(|&b| b.sees(a)).collect();
    }
    let mut found = Vec::new();
    // State index: cell * 9 + the digit the cell holds (index). The buffers of
    // each start's breadth-first tree are reused (`stamp`: reached from it).
    let mut parent = vec![ROOT; 9 * CELLS];
    let mut stamp = vec![0u32; 9 * CELLS];
    let mut cells_in = vec![0usize; 9 * CELLS];
    let mut round = 0;
    let mut queue = Vec::with_capacity(9 * CELLS);
    for &start in &bivalue {
        let cands = board.candidates(start);
        for x in cands.iter() {
            let Some(y) = cands.without(x).only() else {
                continue;
            };
            round += 1;
            let begin = start.index() * 9 + y.index();
            stamp[begin] = round;
            parent[begin] = ROOT;
            cells_in[begin] = 1;
            queue.clear();
            queue.push(begin);
            let mut head = 0;
            while head < queue.len() {
                let state = queue[head];
                head += 1;
                let cell = Cell::new(state / 9);
                let holds = Digit::new((state % 9) as u8 + 1);
                if holds == x && cell != start && cells_in[state] >= 3 && start < cell {
                    let eliminations = seeing_all(board, x, &[start, cell]);
                    if !eliminations.is_empty() {
                        let mut states = vec![state];
                        let mut s = state;
                        while parent[s] != ROOT {
                            s = parent[s] as usize;
                            states.push(s);
                        }
                        states.reverse();
                        let mut links = Vec::new();
                        let mut pattern = Vec::new();
                        for (i, &s) in states.iter().enumerate() {
                            let c = Cell::new(s / 9);
                            let on = Digit::new((s % 9) as u8 + 1);
                            let off = board.candidates(c).without(on).only().unwrap_or(on);
                            pattern.push((c, board.candidates(c)));
                            links.push(Link {
                                from: (c, off),
                                to: (c, on),
                                strong: true,
                            });
                            if let Some(&n) = states.get(i + 1) {
                                links.push(Link {
                                    from: (c, on),
                                    to: (Cell::new(n / 9), on),
                                    strong: false,
                                });
                            }
                        }
                        let mut step = Step::elimination(
                            Technique::XyChain,
                            eliminations,
                            pattern,
                            Vec::new(),
                        );
                        step.links = links;
                        found.push((cells_in[state], step));
                    }
                }
                for &n in &neighbours[cell.index()] {
                    if !board.candidates(n).contains(holds) {
                        continue;
                    }
                    let Some(other) = board.candidates(n).without(holds).only() else {
                        continue;
                    };
                    let s = n.index() * 9 + other.index();
                    if stamp[s] != round {
                        stamp[s] = round;
                        parent[s] = state as u16;
                        cells_in[s] = cells_in[state] + 1;
                        queue.push(s);
                    }
                }
            }
        }
    }
    push_sorted(sink, found);
}

/// The chain written out, `r1c1=5 ... ` style: `=` strong, `-` weak.
pub fn text(step: &Step) -> String {
    let Some(first) = step.links.first() else {
        return String::new();
    };
    let mut chain = match step.technique {
        Technique::XChain => format!("{}", first.from.0),
        _ => format!("({}", first.from.1),
    };
    for link in &step.links {
        let sign = if link.strong { "=" } else { "-" };
        match step.technique {
            Technique::XChain => {
                chain.push_str(&format!(" {sign}{}{sign} {}", link.from.1, link.to.0))
            }
            _ => {
                if link.strong {
                    chain.push_str(&format!("={}){}", link.to.1, link.to.0));
                } else {
                    chain.push_str(&format!(" - ({}", link.to.1));
                }
            }
        }
    }
    let last = step.links.last().map_or(first.to, |l| l.to);
    let digit = step.eliminations.first().map_or(last.1, |&(_, d)| d);
    format!(
        "{chain}: if {} is not {digit}, the chain forces {} to be {digit}, so one of them holds it",
        first.from.0, last.0
    )
}
