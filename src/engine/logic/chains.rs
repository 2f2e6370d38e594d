//! Chains. X-Chain: one digit, alternating strong links (conjugate pairs: if one end
//! is false the other is true) and weak links (cells that see each other: if one
//! is true the other is false), starting and ending with a strong link; one of its
//! ends holds the digit. XY-Chain: bivalue cells, each seeing the next and sharing
//! a digit; if the first cell is not x, the last one is x. Either way, a cell that
//! sees both ends cannot hold the digit.
//!
//! Chains are found breadth first, so each pair of ends gets its shortest chain and
//! the shortest chains come first.
//!
//! The finders ([`x_chains`], [`xy_chains`]) serve every shape through
//! [`CandidateBoard`]: a unit is any unit of the geometry and a weak link any
//! two cells that see each other, so a chain may run along a diagonal, a window
//! or a jigsaw region. The step is built once for any board ([`Chain::x_step`],
//! [`Chain::xy_step`]).

use super::candidate_board::{CandidateBoard, only_value};
use super::recall::DigitPattern;
use super::wings::{cells_with, seeing_every};
use super::{Link, Sink, Step, Technique};
use crate::engine::board::Board;
use crate::engine::geometry::value_bit;
use crate::engine::types::{Candidates, Cell, Digit, GEOMETRY, SIZE};

/// No parent in the breadth-first tree.
const ROOT: u32 = u32::MAX;

/// A chain found on any shape: its cells from the start, the value at one end or
/// the other, and the candidates it removes (that value, from every cell seeing
/// both ends; a cell of the chain included when it does).
pub(crate) struct Chain {
    pub cells: Vec<usize>,
    pub value: u8,
    pub eliminations: Vec<(usize, u8)>,
}

/// The breadth-first trees of the chain finders, their buffers reused from one
/// start to the next (`stamp`: the states reached from the current start).
struct Trees {
    parent: Vec<u32>,
    stamp: Vec<u32>,
    depth: Vec<usize>,
    round: u32,
    queue: Vec<usize>,
}

impl Trees {
    fn new(states: usize) -> Trees {
        Trees {
            parent: vec![ROOT; states],
            stamp: vec![0; states],
            depth: vec![0; states],
            round: 0,
            queue: Vec::with_capacity(states),
        }
    }

    /// Starts a tree at `root` (depth `depth`).
    fn start(&mut self, root: usize, depth: usize) {
        self.round += 1;
        self.stamp[root] = self.round;
        self.parent[root] = ROOT;
        self.depth[root] = depth;
        self.queue.clear();
        self.queue.push(root);
    }

    /// Reaches `state` from `from` unless this tree has it already.
    #[inline]
    fn reach(&mut self, state: usize, from: usize) {
        if self.stamp[state] != self.round {
            self.stamp[state] = self.round;
            self.parent[state] = from as u32;
            self.depth[state] = self.depth[from] + 1;
            self.queue.push(state);
        }
    }

    /// The states from the root to `state`.
    fn path(&self, state: usize) -> Vec<usize> {
        let mut states = vec![state];
        let mut s = state;
        while self.parent[s] != ROOT {
            s = self.parent[s] as usize;
            states.push(s);
        }
        states.reverse();
        states
    }
}

/// Sorts `found` (length, chain) shortest first, keeping the order of equals.
fn shortest_first(mut found: Vec<(usize, Chain)>) -> Vec<Chain> {
    found.sort_by_key(|(len, _)| *len);
    found.into_iter().map(|(_, chain)| chain).collect()
}

/// Every shape's X-Chains, shortest first (then by value, start cell and the
/// breadth-first order): for each value, a chain from every place with a strong
/// link (the value's only two places in a unit), alternating strong and weak
/// links (two places that see each other), ending on a strong link at a later
/// cell than its start, with something to remove. Each pair of ends gets its
/// shortest chain.
pub(crate) fn x_chains<B: CandidateBoard>(board: &B) -> Vec<Chain> {
    x_chains_of(board, |_| true)
}

/// [`x_chains`] of the values `wanted` accepts.
fn x_chains_of<B: CandidateBoard>(board: &B, wanted: impl Fn(u8) -> bool) -> Vec<Chain> {
    let cells = board.cell_count();
    let mut found = Vec::new();
    // State: cell * 2 + on (on: the cell holds the value if the start does not).
    let mut trees = Trees::new(2 * cells);
    // Each cell's open candidates, read once for every value; the per-value
    // lists below keep their buffers from one value to the next.
    let open: Vec<_> = (0..cells).map(|c| board.open_candidates(c)).collect();
    // A place's strong links: at most one per unit holding it, so each cell
    // has `room` slots in one list (a list per cell grew each from empty).
    let room = (0..cells)
        .map(|c| board.units_of(c).count())
        .max()
        .unwrap_or(0);
    let mut strong = vec![0usize; cells * room];
    let mut strong_count = vec![0usize; cells];
    let mut nodes: Vec<usize> = Vec::with_capacity(cells);
    let mut holders = vec![0u64; cells.div_ceil(64)];
    let mut seen: Vec<usize> = Vec::with_capacity(cells);
    for value in (1..=board.side() as u8).filter(|&value| wanted(value)) {
        let bit = value_bit(value);
        strong_count.fill(0);
        for unit in 0..board.unit_count() {
            let mut places = board.unit_cells(unit).filter(|&c| open[c] & bit != 0);
            if let (Some(a), Some(b), None) = (places.next(), places.next(), places.next())
                && !strong[a * room..a * room + strong_count[a]].contains(&b)
            {
                strong[a * room + strong_count[a]] = b;
                strong_count[a] += 1;
                strong[b * room + strong_count[b]] = a;
                strong_count[b] += 1;
            }
        }
        nodes.clear();
        nodes.extend((0..cells).filter(|&c| open[c] & bit != 0));
        // A place's weak links go to the places it sees, ascending.
        holders.fill(0);
        for &c in &nodes {
            holders[c / 64] |= 1 << (c % 64);
        }
        for &start in &nodes {
            if strong_count[start] == 0 {
                continue;
            }
            // The places the start sees: an end's eliminations are those
            // of them that it sees too (asked first: most ends have none).
            seen.clear();
            seen.extend(board.peers_among(start, &holders));
            trees.start(start * 2, 0);
            let mut head = 0;
            while head < trees.queue.len() {
                let state = trees.queue[head];
                head += 1;
                let (cell, on) = (state / 2, state % 2 == 1);
                if on && cell != start && trees.depth[state] >= 3 && start < cell {
                    let any = seen.iter().any(|&c| c != cell && board.sees(cell, c));
                    debug_assert_eq!(any, !seeing_every(board, value, &[start, cell]).is_empty());
                    let eliminations = match any {
                        true => seeing_every(board, value, &[start, cell]),
                        false => Vec::new(),
                    };
                    if !eliminations.is_empty() {
                        let cells = trees.path(state).iter().map(|s| s / 2).collect();
                        let chain = Chain {
                            cells,
                            value,
                            eliminations,
                        };
                        found.push((trees.depth[state], chain));
                    }
                }
                if on {
                    for next in board.peers_among(cell, &holders) {
                        trees.reach(next * 2, state);
                    }
                } else {
                    for &next in &strong[cell * room..cell * room + strong_count[cell]] {
                        trees.reach(next * 2 + 1, state);
                    }
                }
            }
        }
    }
    shortest_first(found)
}

/// Every shape's XY-Chains, fewest cells first (then by start cell, value and
/// the breadth-first order): bivalue cells, each seeing the next; if the start
/// is not `x` it holds its other value, which the next cell cannot hold, so it
/// holds its other one, and so on to a later cell that then holds `x`, with
/// something to remove. Each pair of ends gets its shortest chain.
pub(crate) fn xy_chains<B: CandidateBoard>(board: &B) -> Vec<Chain> {
    xy_chains_of(board, false, |_, _, _| {})
}

/// [`xy_chains`], or when `best_only` a list whose first chain is theirs (the
/// rest cut short). A tree's states come in order of depth, and the list is
/// sorted by length keeping the order found, so once a chain is found no
/// state as deep as it (in this tree or a later one) gives one that comes
/// before it. `ends(start, end, x)` is told every pair of ends whose
/// eliminations are asked for.
fn xy_chains_of<B: CandidateBoard>(
    board: &B,
    best_only: bool,
    mut ends: impl FnMut(usize, usize, u8),
) -> Vec<Chain> {
    let side = board.side();
    let bivalue = cells_with(board, 2);
    // Cells by their index in `bivalue` (ascending, as the cells): the trees
    // then hold a state per bivalue cell and value, not per cell of the board.
    // The cells the `i`-th sees are `seen[reach[i]..reach[i + 1]]`, ascending
    // (one list for all: a list per cell grew each from empty), read as the
    // bivalue peers of each (on the classic board, from its peer mask).
    let cells = board.cell_count();
    let mut holders = vec![0u64; cells.div_ceil(64)];
    let mut index_of = vec![0; cells];
    for (index, &cell) in bivalue.iter().enumerate() {
        holders[cell / 64] |= 1 << (cell % 64);
        index_of[cell] = index;
    }
    let mut seen = Vec::with_capacity(bivalue.len() * 8);
    let mut reach = Vec::with_capacity(bivalue.len() + 1);
    reach.push(0);
    for &a in &bivalue {
        seen.extend(board.peers_among(a, &holders).map(|c| index_of[c]));
        reach.push(seen.len());
    }
    // The value `on` a cell holds if the start does not hold `x`, once the
    // chain reached it holding `holds`'s other one.
    let other = |cell: usize, value: u8| only_value(board.candidate_bits(cell) & !value_bit(value));
    let mut found = Vec::new();
    // State: index in `bivalue` * side + the value the cell holds, less one.
    let mut trees = Trees::new(side * bivalue.len());
    // The depth of the chain kept when `best_only`: the states as deep are cut.
    let mut best = usize::MAX;
    for (first, &start) in bivalue.iter().enumerate() {
        if best <= 3 {
            break; // no chain is shorter than three cells
        }
        let held = board.candidate_bits(start);
        for x in super::candidate_board::values_of(held) {
            let Some(y) = other(start, x) else {
                continue;
            };
            trees.start(first * side + y as usize - 1, 1);
            let mut head = 0;
            while head < trees.queue.len() {
                let state = trees.queue[head];
                head += 1;
                if trees.depth[state] >= best {
                    break;
                }
                let index = state / side;
                let cell = bivalue[index];
                let holds = (state % side) as u8 + 1;
                if holds == x && cell != start && trees.depth[state] >= 3 && start < cell {
                    ends(start, cell, x);
                    let eliminations = seeing_every(board, x, &[start, cell]);
                    if !eliminations.is_empty() {
                        let path = trees.path(state);
                        let cells = path.iter().map(|s| bivalue[s / side]).collect();
                        let chain = Chain {
                            cells,
                            value: x,
                            eliminations,
                        };
                        found.push((trees.depth[state], chain));
                        if best_only {
                            best = trees.depth[state];
                        }
                    }
                }
                if trees.depth[state] + 1 >= best {
                    continue; // what it reaches is cut
                }
                for &next in &seen[reach[index]..reach[index + 1]] {
                    let next_cell = bivalue[next];
                    if board.candidate_bits(next_cell) & value_bit(holds) == 0 {
                        continue;
                    }
                    let Some(on) = other(next_cell, holds) else {
                        continue;
                    };
                    trees.reach(next * side + on as usize - 1, state);
                }
            }
        }
    }
    shortest_first(found)
}

/// Hands the classic steps of `chains` to the sink, in order.
fn push_all(sink: &mut Sink, chains: Vec<Chain>, step: impl Fn(Chain) -> Step) {
    for chain in chains {
        if sink.push(step(chain)) {
            return;
        }
    }
}

/// X-Chains read one digit's pattern each, so the digits whose pattern they
/// found nothing on before are not searched again (see [`super::recall`]):
/// those digits have no chain, so the list is the same without them.
pub fn x_chain(board: &Board, sink: &mut Sink) {
    let patterns = sink.cache().patterns(board);
    let mut searched = [false; SIZE];
    for digit in Digit::all() {
        searched[digit.index()] =
            !sink
                .cache()
                .found_nothing(Technique::XChain, digit, patterns[digit.index()]);
    }
    let chains = x_chains_of(board, |value| searched[usize::from(value) - 1]);
    let mut found = [false; SIZE];
    for chain in &chains {
        found[usize::from(chain.value) - 1] = true;
    }
    for digit in Digit::all() {
        let index = digit.index();
        if searched[index] && !found[index] {
            sink.cache()
                .note_nothing(Technique::XChain, digit, patterns[index]);
        }
    }
    push_all(sink, chains, |chain| chain.x_step());
}

/// XY-Chains, skipping the search when [`BarrenXyChains`] shows it finds nothing.
pub fn xy_chain(board: &Board, sink: &mut Sink) {
    // Asked for one step, it keeps only the first chain.
    let best_only = sink.limit() - sink.kept() == 1;
    let patterns = sink.cache().patterns(board);
    let bivalue = BarrenXyChains::bivalue(&patterns);
    let barren = &sink.cache().recall().xy_chains;
    let known = barren
        .as_ref()
        .is_some_and(|barren| barren.holds(&bivalue, &patterns));
    if known && !cfg!(debug_assertions) {
        return;
    }
    let mut struck_by = [0u128; SIZE];
    let chains = xy_chains_of(board, best_only, |start, end, x| {
        struck_by[usize::from(x) - 1] |= GEOMETRY.peer_masks[start] & GEOMETRY.peer_masks[end];
    });
    debug_assert!(!known || chains.is_empty(), "an XY-Chain it was sure of");
    if chains.is_empty() {
        sink.cache().recall().xy_chains = Some(BarrenXyChains { bivalue, struck_by });
    }
    push_all(sink, chains, |chain| chain.xy_step(board));
}

/// A position XY-Chains found nothing on: its bivalue cells with their
/// candidates (per digit, the bivalue cells holding it), and per digit the
/// cells seeing both ends of a chain that ends on it. The chains are read
/// from the bivalue cells alone, and a pair of ends gives a step when a cell
/// seeing both holds the digit; so a position with the same bivalue cells
/// whose digits avoid those cells gives nothing either (exact, whatever
/// position came between).
pub(crate) struct BarrenXyChains {
    bivalue: [u128; SIZE],
    struck_by: [u128; SIZE],
}

impl BarrenXyChains {
    /// Per digit, the open cells with two candidates that hold it.
    fn bivalue(patterns: &[DigitPattern; SIZE]) -> [u128; SIZE] {
        let (mut once, mut twice, mut more) = (0u128, 0u128, 0u128);
        for pattern in patterns {
            let here = pattern.open();
            more |= twice & here;
            twice |= once & here;
            once |= here;
        }
        let two = twice & !more;
        patterns.map(|pattern| pattern.open() & two)
    }

    /// Whether the position with `bivalue` and `patterns` gives nothing, as this one did.
    fn holds(&self, bivalue: &[u128; SIZE], patterns: &[DigitPattern; SIZE]) -> bool {
        self.bivalue == *bivalue
            && (self.struck_by.iter().zip(patterns)).all(|(&cells, p)| cells & p.open() == 0)
    }
}

impl Chain {
    /// This X-Chain as a step on any board: its cells, each with the value, in
    /// turn joined by strong and weak links (the first strong).
    pub(crate) fn x_step(&self) -> Step {
        let (value, one) = (
            Digit::new(self.value),
            Candidates::from_bits(value_bit(self.value)),
        );
        let links = self
            .cells
            .windows(2)
            .enumerate()
            .map(|(i, pair)| Link {
                from: (Cell::new(pair[0]), value),
                to: (Cell::new(pair[1]), value),
                strong: i % 2 == 0,
            })
            .collect();
        Step {
            eliminations: self.struck(),
            pattern: self.cells.iter().map(|&c| (Cell::new(c), one)).collect(),
            links,
            ..Step::of(Technique::XChain)
        }
    }

    /// This XY-Chain as a step on any board: its cells, each with its two
    /// candidates; if the first is not the value it holds its other one, which
    /// the next (seeing it) cannot hold, and so on to the last, which holds it.
    pub(crate) fn xy_step<B: CandidateBoard>(&self, board: &B) -> Step {
        let mut links = Vec::new();
        let mut pattern = Vec::new();
        // The start holds its other value if it is not the value; each next cell its other one.
        let mut off = self.value;
        for (i, &cell) in self.cells.iter().enumerate() {
            let held = board.candidate_bits(cell);
            let on = only_value(held & !value_bit(off)).unwrap_or(off);
            pattern.push((Cell::new(cell), Candidates::from_bits(held)));
            links.push(Link {
                from: (Cell::new(cell), Digit::new(off)),
                to: (Cell::new(cell), Digit::new(on)),
                strong: true,
            });
            if let Some(&next) = self.cells.get(i + 1) {
                links.push(Link {
                    from: (Cell::new(cell), Digit::new(on)),
                    to: (Cell::new(next), Digit::new(on)),
                    strong: false,
                });
            }
            off = on;
        }
        Step {
            eliminations: self.struck(),
            pattern,
            links,
            ..Step::of(Technique::XyChain)
        }
    }

    /// What the chain strikes, in the board's vocabulary.
    fn struck(&self) -> Vec<(Cell, Digit)> {
        self.eliminations
            .iter()
            .map(|&(c, v)| (Cell::new(c), Digit::new(v)))
            .collect()
    }
}

/// The chain written out, `r1c1=5 ... ` style: `=` strong, `-` weak.
pub fn text(step: &Step) -> String {
    let Some(first) = step.links.first() else {
        return String::new();
    };
    let mut chain = match step.technique() {
        Some(Technique::XChain) => format!("{}", first.from.0),
        _ => format!("({}", first.from.1),
    };
    for link in &step.links {
        let sign = if link.strong { "=" } else { "-" };
        match step.technique() {
            Some(Technique::XChain) => {
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
