//! Sudoku Explainer's "Forcing Chains & Cycles" producer. From every candidate
//! (cells row by row, digits ascending) it searches breadth first, three times:
//! on X-links only (one digit: Bidirectional X-Cycles 6.5, Forcing X-Chains
//! 6.6), on Y-links only (from bivalue cells: Bidirectional Y-Cycles 6.5) and on
//! both (Bidirectional Cycles and Forcing Chains 7.0), each plus the length
//! increment of the potentials in the chain. Of all it finds it gives the
//! lowest rating, then the shortest chain, then X before Y before both.
//!
//! A forcing chain assumes a candidate on and meets it off (so it is false) or
//! assumes it off and meets it on (so it is true). A cycle comes back to the
//! candidate it started from: either its "on" potentials are all true or its
//! "off" ones are, so a candidate outside the loop that sees an "on" and an
//! "off" potential of its digit is false.

use super::Rated;
use super::marks::{Links, Marks, NODES, Node};
use crate::engine::board::Board;
use crate::engine::logic::step::Step;
use crate::engine::logic::technique::Technique;
use crate::engine::types::{CELLS, Candidates, Cell, Digit, SIZE, Unit};

/// One of the three searches.
struct Mode {
    links: Links,
    cycle_base: u32,
    chain_base: u32,
    /// Sudoku Explainer's tie-break between equal ratings and lengths.
    order: u8,
    cycle_name: &'static str,
    chain_name: &'static str,
}

const MODES: [Mode; 3] = [
    Mode {
        links: Links { x: true, y: false },
        cycle_base: 65,
        chain_base: 66,
        order: 2,
        cycle_name: "bidirectional_x_cycle",
        chain_name: "forcing_x_chain",
    },
    Mode {
        links: Links { x: false, y: true },
        cycle_base: 65,
        chain_base: 0,
        order: 3,
        cycle_name: "bidirectional_y_cycle",
        chain_name: "",
    },
    Mode {
        links: Links { x: true, y: true },
        cycle_base: 70,
        chain_base: 70,
        order: 4,
        cycle_name: "bidirectional_cycle",
        chain_name: "forcing_chain",
    },
];

/// What orders the hints: rating, then chain length, then the search.
type Key = (u32, usize, u8);

/// The best hint so far and its key.
#[derive(Default)]
struct Best {
    key: Option<Key>,
    hint: Option<Rated>,
}

impl Best {
    /// Whether a chain of `nodes` potentials at `base` would beat the best.
    fn beaten_by(&self, base: u32, nodes: usize, order: u8) -> bool {
        let key = (base + super::length_increment(nodes), nodes, order);
        self.key.is_none_or(|best| key < best)
    }

    fn offer(&mut self, key: Key, hint: impl FnOnce() -> Rated) {
        if self.key.is_none_or(|best| key < best) {
            self.key = Some(key);
            self.hint = Some(hint());
        }
    }
}

/// The step Sudoku Explainer's chaining producer gives on `board`, if any.
pub fn best(board: &Board) -> Option<Rated> {
    let marks = Marks::of(board);
    let mut best = Best::default();
    let mut search = Search::default();
    for mode in &MODES {
        // A whole search rated above the best so far cannot win.
        let floor = if mode.links.x {
            mode.cycle_base.min(mode.chain_base)
        } else {
            mode.cycle_base
        };
        if !best.beaten_by(floor, 2, 0) {
            continue;
        }
        for cell in 0..CELLS {
            let count = marks.count(cell);
            if count < 2 || (!mode.links.x && count > 2) {
                continue;
            }
            for digit in 0..SIZE {
                if !marks.has(cell, digit) {
                    continue;
                }
                let source = Node::new(cell, digit, true);
                search.cycles(&marks, source, mode, &mut best);
                if mode.links.x {
                    search.forcing(&marks, source, mode, &mut best);
                    search.forcing(&marks, source.conjugate(), mode, &mut best);
                }
            }
        }
    }
    best.hint
}

const NO_PARENT: u32 = u32::MAX;

/// The buffers of the breadth-first searches (kept between sources).
#[derive(Default)]
struct Search {
    /// Every potential reached, with the index of the one it came from.
    nodes: Vec<(Node, u32)>,
    /// The potentials of the level being expanded (all "on" or all "off").
    frontier: Vec<u32>,
    spare: Vec<u32>,
    seen: Vec<bool>,
    reached: Vec<Node>,
    ons: Vec<(Node, Option<Unit>)>,
}

impl Search {
    fn reset(&mut self, source: Node) {
        self.nodes.clear();
        self.nodes.push((source, NO_PARENT));
        self.frontier.clear();
        self.frontier.push(0);
        self.spare.clear();
        self.seen.clear();
        self.seen.resize(NODES, false);
        self.seen[source.index()] = true;
    }

    fn push(&mut self, node: Node, parent: u32) -> u32 {
        self.nodes.push((node, parent));
        (self.nodes.len() - 1) as u32
    }

    /// Fills `reached` with what `from` implies.
    fn expand(&mut self, marks: &Marks, from: Node, links: Links) {
        if from.on() {
            marks.on_to_off(from, links.y, &mut self.reached);
        } else {
            marks.off_to_on(from, links, &mut self.ons);
            self.reached.clear();
            self.reached.extend(self.ons.iter().map(|&(n, _)| n));
        }
    }

    /// Whether `node` is among the potentials `at` came from.
    fn descends_from(&self, mut at: u32, node: Node) -> bool {
        loop {
            let parent = self.nodes[at as usize].1;
            if parent == NO_PARENT {
                return false;
            }
            at = parent;
            if self.nodes[at as usize].0 == node {
                return true;
            }
        }
    }

    /// The potentials from the source to `at`, in order.
    fn path(&self, mut at: u32) -> Vec<Node> {
        let mut path = vec![self.nodes[at as usize].0];
        while self.nodes[at as usize].1 != NO_PARENT {
            at = self.nodes[at as usize].1;
            path.push(self.nodes[at as usize].0);
        }
        path.reverse();
        path
    }

    /// The forcing chain from `source` to its conjugate, if the search meets it
    /// while it can still beat the best. Every potential is reached once, by
    /// the shortest way.
    fn forcing(&mut self, marks: &Marks, source: Node, mode: &Mode, best: &mut Best) {
        self.reset(source);
        let target = source.conjugate();
        let links = Links {
            x: true,
            y: mode.links.y,
        };
        // Potentials in a chain ending in a target met at this level.
        let mut nodes = 2;
        while !self.frontier.is_empty() {
            if !best.beaten_by(mode.chain_base, nodes, mode.order) {
                return;
            }
            let frontier = std::mem::replace(&mut self.frontier, std::mem::take(&mut self.spare));
            for &at in &frontier {
                self.expand(marks, self.nodes[at as usize].0, links);
                for k in 0..self.reached.len() {
                    let node = self.reached[k];
                    if node == target {
                        let end = self.push(node, at);
                        let path = self.path(end);
                        let rating = mode.chain_base + super::length_increment(nodes);
                        best.offer((rating, nodes, mode.order), || {
                            chain_hint(mode, rating, &path)
                        });
                        self.spare = frontier;
                        self.spare.clear();
                        return;
                    }
                    if !self.seen[node.index()] {
                        self.seen[node.index()] = true;
                        let i = self.push(node, at);
                        self.frontier.push(i);
                    }
                }
            }
            self.spare = frontier;
            self.spare.clear();
            nodes += 1;
        }
    }

    /// The cycles through `source` the search meets (it keeps the first way
    /// to each "on" potential but every way to an "off" one), each offered
    /// when it removes something.
    fn cycles(&mut self, marks: &Marks, source: Node, mode: &Mode, best: &mut Best) {
        self.reset(source);
        // Potentials of the path to the level being expanded, source included.
        let mut depth = 0;
        while !self.frontier.is_empty() {
            let frontier = std::mem::replace(&mut self.frontier, std::mem::take(&mut self.spare));
            let on = self.nodes[frontier[0] as usize].0.on();
            // A cycle closes on an "off" level: depth + 1 potentials.
            if !on && depth >= 3 && !best.beaten_by(mode.cycle_base, depth + 1, mode.order) {
                self.spare = frontier;
                self.spare.clear();
                return;
            }
            for &at in &frontier {
                self.expand(marks, self.nodes[at as usize].0, mode.links);
                for k in 0..self.reached.len() {
                    let node = self.reached[k];
                    if on {
                        if !self.descends_from(at, node) {
                            let i = self.push(node, at);
                            self.frontier.push(i);
                        }
                        continue;
                    }
                    if depth >= 3 && node == source {
                        let loop_nodes = depth + 1;
                        let rating = mode.cycle_base + super::length_increment(loop_nodes);
                        let key = (rating, loop_nodes, mode.order);
                        if best.key.is_none_or(|b| key < b) {
                            let end = self.push(node, at);
                            let path = self.path(end);
                            if let Some(hint) = cycle_hint(marks, mode, rating, &path) {
                                best.offer(key, || hint);
                            }
                        }
                    }
                    if !self.seen[node.index()] {
                        self.seen[node.index()] = true;
                        let i = self.push(node, at);
                        self.frontier.push(i);
                    }
                }
            }
            self.spare = frontier;
            self.spare.clear();
            depth += 1;
        }
    }
}

fn cell_digit(node: Node) -> (Cell, Digit) {
    (Cell::new(node.cell()), Digit::new(node.digit() as u8 + 1))
}

fn pattern(path: &[Node]) -> Vec<(Cell, Candidates)> {
    path.iter()
        .map(|&n| {
            let (cell, digit) = cell_digit(n);
            (cell, Candidates::single(digit))
        })
        .collect()
}

/// A forcing chain's step: the target's state is the conclusion.
fn chain_hint(mode: &Mode, rating: u32, path: &[Node]) -> Rated {
    let target = *path.last().expect("a chain has a target");
    let technique = if mode.links.y {
        Technique::Aic
    } else {
        Technique::XChain
    };
    let (cell, digit) = cell_digit(target);
    let mut step = if target.on() {
        Step::placement(technique, cell, digit)
    } else {
        Step::elimination(technique, vec![(cell, digit)], Vec::new(), Vec::new())
    };
    step.pattern = pattern(path);
    Rated {
        rating,
        name: mode.chain_name,
        step,
    }
}

/// A cycle's step, when it removes something: candidates outside the loop's
/// cells that see an "on" and an "off" potential of their digit.
fn cycle_hint(marks: &Marks, mode: &Mode, rating: u32, path: &[Node]) -> Option<Rated> {
    let mut loop_cells: u128 = 0;
    for n in path {
        loop_cells |= 1 << n.cell();
    }
    let mut seen_by = [[0u128; SIZE]; 2];
    for &n in &path[1..] {
        for peer in Cell::new(n.cell()).peers() {
            let p = peer.index();
            if loop_cells >> p & 1 == 0 && marks.has(p, n.digit()) {
                seen_by[usize::from(n.on())][n.digit()] |= 1 << p;
            }
        }
    }
    let mut eliminations = Vec::new();
    for (digit, (off, on)) in seen_by[0].iter().zip(&seen_by[1]).enumerate() {
        let both = off & on;
        for cell in (0..CELLS).filter(|&c| both >> c & 1 == 1) {
            eliminations.push(cell_digit(Node::new(cell, digit, false)));
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let step = Step::elimination(
        Technique::ContinuousNiceLoop,
        eliminations,
        pattern(&path[1..]),
        Vec::new(),
    );
    Some(Rated {
        rating,
        name: mode.cycle_name,
        step,
    })
}
