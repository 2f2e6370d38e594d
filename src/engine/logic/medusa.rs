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
//!
//! A cluster and every rule on it read nothing but the candidates of its
//! cells and of their peers (see [`BarrenClusters`]), so a cluster that gave
//! no step is not coloured again while those cells keep their candidates.

use super::recall::{DigitPattern, changed_cells};
use super::{Link, Sink, Step, Technique, cells_text};
use crate::engine::board::Board;
use crate::engine::types::{CELLS, Candidates, Cell, Digit, GEOMETRY, SIZE};

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
    /// From every digit's pattern (no pass over the cells).
    fn new(patterns: &[DigitPattern; SIZE]) -> Places {
        let placed = patterns.iter().fold(0u128, |acc, p| acc | p.placed());
        let mut places = Places {
            digit: patterns.map(|p| p.open()),
            open: ((1u128 << CELLS) - 1) & !placed,
            pairs: [0; SIZE],
        };
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

    /// The uncoloured candidates `rules` remove (those that do not show a
    /// colour false), per digit as cells: one pass for all of them.
    fn eliminations(&self, places: &Places, rules: &[Rule]) -> [u128; SIZE] {
        let uses = |rule: Rule| rules.contains(&rule);
        let in_both_cells = if uses(Rule::TwoColoursInACell) {
            self.cells[0] & self.cells[1]
        } else {
            0
        };
        let (elsewhere, unit_and_cell) = (
            uses(Rule::TwoColoursElsewhere),
            uses(Rule::TwoColoursUnitAndCell),
        );
        std::array::from_fn(|d| {
            let uncoloured = places.digit[d] & !(self.digit_cells[0][d] | self.digit_cells[1][d]);
            let (sees_a, sees_b) = (self.sees[0][d], self.sees[1][d]);
            let mut seen = in_both_cells;
            if elsewhere {
                seen |= sees_a & sees_b;
            }
            if unit_and_cell {
                seen |= (self.cells[0] & sees_b) | (self.cells[1] & sees_a);
            }
            uncoloured & seen
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
        let falsity = (false_colour(false), false_colour(true));
        let mut step = match falsity {
            // Both false: the position has no solution; nothing to say here.
            (true, true) => return None,
            (true, false) | (false, true) => {
                let wrong = falsity.1;
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
                let found = self.eliminations(places, rules);
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
/// gathered in buffers reused from one start to the next). The candidates in
/// `skipped` (per digit, as cells; whole clusters) are passed over.
fn clusters(
    board: &Board,
    places: &Places,
    skipped: [u128; SIZE],
    mut visit: impl FnMut(Cluster<'_>) -> bool,
) {
    let mut coloured = skipped;
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

/// One step per cluster with everything the six rules give on it, skipping
/// the clusters [`BarrenClusters`] knows give none.
pub fn three_d_medusa(board: &Board, sink: &mut Sink) {
    let patterns = sink.cache().patterns(board);
    let places = Places::new(&patterns);
    let mut barren = std::mem::take(&mut sink.cache().recall().medusa);
    barren.see(&patterns);
    let known = barren.candidates();
    // An open cell without candidates makes rule 6 show both colours of
    // every cluster false: what gives nothing then is not kept.
    let held = places.digit.iter().fold(0u128, |acc, &cells| acc | cells);
    let keep = places.open & !held == 0;
    // Debug builds colour the known clusters too and check that they give nothing.
    let skipped = if cfg!(debug_assertions) {
        [0; SIZE]
    } else {
        known
    };
    clusters(board, &places, skipped, |cluster| {
        let (start, digit, _) = cluster.nodes[0];
        let is_known = known[digit.index()] >> start.index() & 1 == 1;
        match cluster.step(&places, &Rule::ALL) {
            Some(step) => {
                debug_assert!(!is_known, "3D Medusa found a step in a barren cluster");
                sink.push(step)
            }
            None => {
                if keep && !is_known {
                    barren.note(&cluster);
                }
                false
            }
        }
    });
    sink.cache().recall().medusa = barren;
}

/// One step per cluster with what `rules` give on it (the oracle checks each
/// rule on its own).
pub fn by_rules(board: &Board, sink: &mut Sink, rules: &[Rule]) {
    let places = Places::new(&sink.cache().patterns(board));
    clusters(board, &places, [0; SIZE], |cluster| {
        cluster
            .step(&places, rules)
            .is_some_and(|step| sink.push(step))
    });
}

/// The clusters 3D Medusa found no step in, each with the cells whose
/// candidates it read: its own cells and their peers. Exact: a cluster is the
/// strong links' closure of its candidates, and the links at a candidate are
/// its cell's other candidate when bivalue and its digit's places in the
/// cell's units, all among those cells; rules 1 to 5 read the cluster and the
/// candidates of the cells that see it. Rule 6 reads every uncoloured open
/// cell, but one that sees no cluster cell escapes both colours as soon as it
/// holds a candidate, so a cluster is kept only when no open cell is empty.
/// While its cells keep their candidates, such a cluster is still one
/// (started from the same candidate, coloured in the same order) and gives no
/// step again.
#[derive(Default)]
pub(crate) struct BarrenClusters {
    /// The patterns of the position last seen (none at first).
    seen: Option<[DigitPattern; SIZE]>,
    clusters: Vec<BarrenCluster>,
}

struct BarrenCluster {
    /// Per digit, the cells where the cluster holds it.
    candidates: [u128; SIZE],
    /// The cells whose candidates it read.
    read: u128,
}

impl BarrenClusters {
    /// Moves to the position whose digit patterns are `patterns`, forgetting
    /// the clusters that read a cell changed since the one last seen.
    fn see(&mut self, patterns: &[DigitPattern; SIZE]) {
        match &self.seen {
            Some(seen) if seen == patterns => {}
            Some(seen) => {
                let changed = changed_cells(seen, patterns);
                self.clusters.retain(|cluster| cluster.read & changed == 0);
                self.seen = Some(*patterns);
            }
            None => self.seen = Some(*patterns),
        }
    }

    /// The candidates of every cluster kept, per digit as cells.
    fn candidates(&self) -> [u128; SIZE] {
        let mut all = [0u128; SIZE];
        for cluster in &self.clusters {
            for (all, &cells) in all.iter_mut().zip(&cluster.candidates) {
                *all |= cells;
            }
        }
        all
    }

    /// Keeps `cluster`, which gave no step on the position last seen.
    fn note(&mut self, cluster: &Cluster<'_>) {
        let mut candidates = [0u128; SIZE];
        let mut read = 0u128;
        for &(cell, digit, _) in cluster.nodes {
            candidates[digit.index()] |= 1 << cell.index();
            read |= 1 << cell.index() | GEOMETRY.peer_masks[cell.index()];
        }
        self.clusters.push(BarrenCluster { candidates, read });
    }
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
