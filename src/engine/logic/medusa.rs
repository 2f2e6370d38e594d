//! 3D Medusa: colouring across digits. Every strong link joins two candidates of
//! which one is true: a digit's only two places in a unit, or a cell's only two
//! candidates. Following strong links from a candidate colours a cluster in two
//! alternating colours, and exactly one colour holds everywhere in it.
//!
//! Rules (sudokuwiki's numbering):
//! 1. two candidates of one colour in a cell, or
//! 2. one digit twice in a unit in the same colour, or
//! 6. an uncoloured cell each of whose candidates sees that digit in one colour
//!
//! make that colour false, so the other colour is true everywhere (placed).
//! Otherwise an uncoloured candidate goes when it sees both colours:
//! 3. its cell holds candidates of both colours,
//! 4. its digit is in both colours in cells it sees, or
//! 5. its cell holds one colour and its digit is in the other colour in a cell it sees.

use super::{Link, Sink, Step, Technique, cells_text};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit, GEOMETRY, SIZE};

/// Sudokuwiki's six rules, by number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rule {
    TwiceInACell = 1,
    TwiceInAUnit = 2,
    TwoColoursInACell = 3,
    TwoColoursElsewhere = 4,
    TwoColoursUnitAndCell = 5,
    CellEmptiedByColour = 6,
}

impl Rule {
    pub const ALL: [Rule; 6] = [
        Rule::TwiceInACell,
        Rule::TwiceInAUnit,
        Rule::TwoColoursInACell,
        Rule::TwoColoursElsewhere,
        Rule::TwoColoursUnitAndCell,
        Rule::CellEmptiedByColour,
    ];

    /// Whether the rule shows a colour false (rather than removing uncoloured candidates).
    fn finds_false_colour(self) -> bool {
        matches!(
            self,
            Rule::TwiceInACell | Rule::TwiceInAUnit | Rule::CellEmptiedByColour
        )
    }
}

/// The board as bit sets: per digit the cells holding it as an open candidate,
/// and the units where those are exactly two (a strong link).
struct Places {
    digit: [u128; SIZE],
    open: u128,
    /// Per digit, bit `u` when unit `u` holds exactly two of its places.
    pairs: [u32; SIZE],
}

impl Places {
    fn new(board: &Board) -> Places {
        let mut places = Places {
            digit: [0; SIZE],
            open: 0,
            pairs: [0; SIZE],
        };
        for cell in board.open_cells() {
            places.open |= 1 << cell.index();
            for d in board.candidates(cell).iter() {
                places.digit[d.index()] |= 1 << cell.index();
            }
        }
        // Once per position, not per candidate the colouring reaches.
        for (pairs, &holders) in places.pairs.iter_mut().zip(&places.digit) {
            for (unit, &mask) in GEOMETRY.unit_masks.iter().enumerate() {
                let pair = mask & holders;
                // Exactly two bits (a u128 popcount is done in software on the baseline target).
                let rest = pair & pair.wrapping_sub(1);
                if rest != 0 && rest & (rest - 1) == 0 {
                    *pairs |= 1 << unit;
                }
            }
        }
        places
    }
}

/// One cluster: its candidates with their colour, the tree links that coloured it,
/// and per colour where its candidates lie and which cells they see.
struct Cluster<'a> {
    nodes: &'a [(Cell, Digit, bool)],
    links: &'a [Link],
    /// Per colour: the cells holding a candidate of that colour.
    cells: [u128; 2],
    /// Per colour: the cells holding two candidates of that colour.
    twice: [u128; 2],
    /// Per colour and digit: the cells where the digit has that colour.
    digit_cells: [[u128; SIZE]; 2],
    /// Per colour and digit: the cells that see a cell of `digit_cells`.
    sees: [[u128; SIZE]; 2],
}

impl<'a> Cluster<'a> {
    fn new(nodes: &'a [(Cell, Digit, bool)], links: &'a [Link]) -> Cluster<'a> {
        let mut cluster = Cluster {
            nodes,
            links,
            cells: [0; 2],
            twice: [0; 2],
            digit_cells: [[0; SIZE]; 2],
            sees: [[0; SIZE]; 2],
        };
        for &(cell, digit, colour) in cluster.nodes {
            let (c, bit) = (colour as usize, 1u128 << cell.index());
            cluster.twice[c] |= cluster.cells[c] & bit;
            cluster.cells[c] |= bit;
            cluster.digit_cells[c][digit.index()] |= bit;
            cluster.sees[c][digit.index()] |= GEOMETRY.peer_masks[cell.index()];
        }
        cluster
    }

    /// Whether `rule` shows colour `colour` false.
    fn is_false(&self, places: &Places, rule: Rule, colour: bool) -> bool {
        let c = colour as usize;
        match rule {
            Rule::TwiceInACell => self.twice[c] != 0,
            Rule::TwiceInAUnit => (0..SIZE).any(|d| self.digit_cells[c][d] & self.sees[c][d] != 0),
            Rule::CellEmptiedByColour => {
                // Open cells outside the cluster with a candidate that sees no such colour.
                let uncoloured = places.open & !(self.cells[0] | self.cells[1]);
                let escapes =
                    (0..SIZE).fold(0u128, |acc, d| acc | (places.digit[d] & !self.sees[c][d]));
                uncoloured & !escapes != 0
            }
            _ => false,
        }
    }

    /// The uncoloured candidates `rule` removes, per digit as cells.
    fn eliminations(&self, places: &Places, rule: Rule) -> [u128; SIZE] {
        let both = self.cells[0] & self.cells[1];
        std::array::from_fn(|d| {
            let uncoloured = places.digit[d] & !(self.digit_cells[0][d] | self.digit_cells[1][d]);
            let (sees_a, sees_b) = (self.sees[0][d], self.sees[1][d]);
            uncoloured
                & match rule {
                    Rule::TwoColoursInACell => both,
                    Rule::TwoColoursElsewhere => sees_a & sees_b,
                    Rule::TwoColoursUnitAndCell => {
                        (self.cells[0] & sees_b) | (self.cells[1] & sees_a)
                    }
                    _ => 0,
                }
        })
    }

    /// The step `rules` give on this cluster: the true colour placed when they
    /// show one colour false, else the uncoloured candidates they remove.
    fn step(&self, places: &Places, rules: &[Rule]) -> Option<Step> {
        let false_colour = |colour: bool| {
            rules
                .iter()
                .any(|&r| r.finds_false_colour() && self.is_false(places, r, colour))
        };
        let mut step = match (false_colour(false), false_colour(true)) {
            // Both false: the position has no solution; nothing to say here.
            (true, true) => return None,
            (true, false) | (false, true) => {
                let wrong = false_colour(true);
                let mut placements: Vec<(Cell, Digit)> = self
                    .nodes
                    .iter()
                    .filter(|&&(_, _, c)| c != wrong)
                    .map(|&(cell, digit, _)| (cell, digit))
                    .collect();
                placements.sort();
                let mut step =
                    Step::elimination(Technique::ThreeDMedusa, Vec::new(), Vec::new(), Vec::new());
                step.placements = placements;
                step
            }
            (false, false) => {
                let mut found = [0u128; SIZE];
                for &rule in rules.iter().filter(|r| !r.finds_false_colour()) {
                    for (all, more) in found.iter_mut().zip(self.eliminations(places, rule)) {
                        *all |= more;
                    }
                }
                // Cell by cell, digits in order within a cell; only the cells
                // that lose something are visited (most clusters remove nothing).
                let mut losing = found.iter().fold(0u128, |acc, &cells| acc | cells);
                if losing == 0 {
                    return None;
                }
                let mut eliminations = Vec::new();
                while losing != 0 {
                    let index = losing.trailing_zeros() as usize;
                    losing &= losing - 1;
                    for d in Digit::all() {
                        if found[d.index()] >> index & 1 == 1 {
                            eliminations.push((Cell::new(index), d));
                        }
                    }
                }
                Step::elimination(
                    Technique::ThreeDMedusa,
                    eliminations,
                    Vec::new(),
                    Vec::new(),
                )
            }
        };
        let mut pattern: Vec<(Cell, Candidates)> = Vec::new();
        for &(cell, digit, _) in self.nodes {
            match pattern.iter_mut().find(|(c, _)| *c == cell) {
                Some((_, cands)) => *cands = cands.with(digit),
                None => pattern.push((cell, Candidates::single(digit))),
            }
        }
        pattern.sort_by_key(|&(c, _)| c);
        step.pattern = pattern;
        step.links = self.links.to_vec();
        Some(step)
    }
}

/// The candidates strongly linked to `(cell, digit)`: its cell's other candidate
/// when the cell is bivalue, and the digit's other place in each unit holding two,
/// in that order (as many as the returned count). An array, not an iterator
/// chain: the colouring asks this of every candidate on the board.
fn strong_partners(
    board: &Board,
    places: &Places,
    cell: Cell,
    digit: Digit,
) -> ([(Cell, Digit); 4], usize) {
    let mut partners = [(cell, digit); 4];
    let mut count = 0;
    let candidates = board.candidates(cell);
    if candidates.len() == 2
        && let Some(other) = candidates.without(digit).first()
    {
        partners[0] = (cell, other);
        count = 1;
    }
    let (holders, pairs) = (places.digit[digit.index()], places.pairs[digit.index()]);
    for unit in GEOMETRY.units_of[cell.index()] {
        if pairs >> unit.index() & 1 == 1 {
            let other = GEOMETRY.unit_masks[unit.index()] & holders & !(1u128 << cell.index());
            partners[count] = (Cell::new(other.trailing_zeros() as usize), digit);
            count += 1;
        }
    }
    (partners, count)
}

/// Every cluster of at least two candidates, coloured breadth-first, handed
/// to `visit` in turn until it returns true (the candidates and links are
/// gathered in buffers reused from one start to the next).
fn clusters(board: &Board, places: &Places, mut visit: impl FnMut(Cluster<'_>) -> bool) {
    let mut coloured = [0u128; SIZE];
    // Room for a large cluster up front (grown from empty, they moved five times a call).
    let mut nodes = Vec::with_capacity(128);
    let mut links = Vec::with_capacity(128);
    for start in board.open_cells() {
        for digit in board.candidates(start).iter() {
            let bit = 1u128 << start.index();
            if coloured[digit.index()] & bit != 0 {
                continue;
            }
            coloured[digit.index()] |= bit;
            nodes.clear();
            links.clear();
            nodes.push((start, digit, false));
            let mut next = 0;
            while next < nodes.len() {
                let (cell, d, colour) = nodes[next];
                next += 1;
                let (partners, count) = strong_partners(board, places, cell, d);
                for &(other, od) in &partners[..count] {
                    let bit = 1u128 << other.index();
                    if coloured[od.index()] & bit == 0 {
                        coloured[od.index()] |= bit;
                        nodes.push((other, od, !colour));
                        links.push(Link {
                            from: (cell, d),
                            to: (other, od),
                            strong: true,
                        });
                    }
                }
            }
            // A lone bivalue cell proves nothing the naked single rules miss.
            let lone_cell = nodes.len() == 2 && nodes[0].0 == nodes[1].0;
            if nodes.len() >= 2 && !lone_cell && visit(Cluster::new(&nodes, &links)) {
                return;
            }
        }
    }
}

/// One step per cluster with everything the six rules give on it.
pub fn three_d_medusa(board: &Board, sink: &mut Sink) {
    by_rules(board, sink, &Rule::ALL);
}

/// One step per cluster with what `rules` give on it (the oracle checks each
/// rule on its own).
pub fn by_rules(board: &Board, sink: &mut Sink, rules: &[Rule]) {
    let places = Places::new(board);
    clusters(board, &places, |cluster| {
        cluster
            .step(&places, rules)
            .is_some_and(|step| sink.push(step))
    });
}

/// The explanation of a Medusa step.
pub fn text(step: &Step) -> String {
    let cells = cells_text(step.pattern.iter().map(|&(c, _)| c));
    let cluster = format!(
        "the strong links (bivalue cells and conjugate pairs) join candidates in {cells} \
         into one cluster of two alternating colours, one of which is true everywhere"
    );
    if step.placements.is_empty() {
        format!(
            "{cluster}; each removed candidate sees both colours (in its cell or through its digit)"
        )
    } else {
        format!(
            "{cluster}; one colour leads to a contradiction (twice in a cell or a unit, or a cell \
             whose candidates all see it), so the other colour is true"
        )
    }
}
