//! Alternating Inference Chains and Nice Loops, on the position's own links ([`graph()`]):
//! strong (if one end is false the other is true: a bivalue cell, a digit with two places in
//! a unit) and weak (if one end is true the other is false: two digits of a cell, one digit
//! in cells that see each other), in turn.
//!
//! From every candidate assumed true and false, the shortest chains are followed breadth
//! first; a chain that comes back to its start cell is a nice loop:
//! - discontinuous: its two ends in the start cell cannot both hold (the start
//!   candidate is removed, or placed when the chain forces it from its own absence);
//! - continuous: the loop closes, so every link holds both ways; each weak link's digit
//!   leaves the cells that see both its ends, and a cell entered and left by strong links
//!   keeps only those two digits.
//!
//! An AIC starts and ends with a strong link: one of its ends is true. Ends on one digit
//! remove it from the cells that see both (at least two of them; one is the same deduction
//! as a discontinuous loop); ends on two digits in cells that see each other remove each
//! end's digit from the other end.
//!
//! The grouped techniques also use group nodes (the cells of one digit where a box meets a
//! row or column) and report only chains that need one. Of the chains with the same effects,
//! the shortest is kept; the shortest come first.
//!
//! The `_als` finders (HoDoKu's option "allow ALS in chains", off by default there too)
//! also use almost locked sets as nodes ([`graph()`]) and report, as grouped chains, only
//! chains that need one; in a continuous loop an ALS holds exactly one of its two chain
//! digits, so it is locked on its other digits, which leave every cell that sees all their
//! copies in it. They are not on the grading ladder: on the first 30 puzzles of top1465
//! they cost 45% more instructions (the graph grows by a node per digit of every ALS).

mod closure;
mod graph;
mod text;
mod walk;

pub use text::text;

use graph::{Cells, Graph, cells_of, seeing_all};
use walk::{Chain, Walker};

use std::collections::BTreeSet;
use std::rc::Rc;

use super::{Link, Sink, Step, Technique};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit};

/// The fewest links a chain or loop has (shorter ones are other techniques).
const MIN_LINKS: usize = 3;

/// Which chains a finder reports.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Discontinuous,
    Continuous,
    Aic,
}

/// Which nodes a finder uses besides candidates (and needs at least one of).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Nodes {
    Candidates,
    Groups,
    /// Groups and almost locked sets.
    Sets,
}

pub fn discontinuous_nice_loop(board: &Board, sink: &mut Sink) {
    search(board, Kind::Discontinuous, Nodes::Candidates, sink);
}

pub fn continuous_nice_loop(board: &Board, sink: &mut Sink) {
    search(board, Kind::Continuous, Nodes::Candidates, sink);
}

pub fn aic(board: &Board, sink: &mut Sink) {
    search(board, Kind::Aic, Nodes::Candidates, sink);
}

pub fn grouped_discontinuous_nice_loop(board: &Board, sink: &mut Sink) {
    search(board, Kind::Discontinuous, Nodes::Groups, sink);
}

/// The grouped discontinuous nice loops with ALS nodes (off the ladder, see above).
pub fn grouped_discontinuous_nice_loop_als(board: &Board, sink: &mut Sink) {
    search(board, Kind::Discontinuous, Nodes::Sets, sink);
}

pub fn grouped_continuous_nice_loop(board: &Board, sink: &mut Sink) {
    search(board, Kind::Continuous, Nodes::Groups, sink);
}

/// The grouped continuous nice loops with ALS nodes (off the ladder, see above).
pub fn grouped_continuous_nice_loop_als(board: &Board, sink: &mut Sink) {
    search(board, Kind::Continuous, Nodes::Sets, sink);
}

pub fn grouped_aic(board: &Board, sink: &mut Sink) {
    search(board, Kind::Aic, Nodes::Groups, sink);
}

/// The grouped aics with ALS nodes (off the ladder, see above).
pub fn grouped_aic_als(board: &Board, sink: &mut Sink) {
    search(board, Kind::Aic, Nodes::Sets, sink);
}

fn technique(kind: Kind, nodes: Nodes) -> Technique {
    match (kind, nodes) {
        (Kind::Discontinuous, Nodes::Candidates) => Technique::DiscontinuousNiceLoop,
        (Kind::Continuous, Nodes::Candidates) => Technique::ContinuousNiceLoop,
        (Kind::Aic, Nodes::Candidates) => Technique::Aic,
        // As HoDoKu, a chain with an ALS node is a grouped one.
        (Kind::Discontinuous, _) => Technique::GroupedDiscontinuousNiceLoop,
        (Kind::Continuous, _) => Technique::GroupedContinuousNiceLoop,
        (Kind::Aic, _) => Technique::GroupedAic,
    }
}

/// What the chain finders tried one after another on one position share (kept
/// in the position cache, [`super::cache`]): the link graph of each node set,
/// and the discontinuous loops the continuous loop finder met on its walk (the
/// two loop kinds walk the same trees; the discontinuous finder comes next).
#[derive(Default)]
pub(crate) struct Shared {
    graphs: [Option<Rc<Graph>>; 3],
    /// Whether each graph is known to give no chain ([`closure`]).
    quiet: [Option<bool>; 3],
    discontinuous: [Option<Vec<Found>>; 3],
    /// The walkers made for each graph (the next finder on it reuses its records).
    walkers: [Option<Walker>; 3],
}

/// What the chain finders carry from one position of a solve to the next: the
/// grouped graph last built, which the next position's is built from
/// ([`Graph::after`]).
#[derive(Default)]
pub(crate) struct PriorGraph {
    grouped: Option<Rc<Graph>>,
}

/// A deduction found, before it is handed out.
struct Found {
    links: usize,
    placement: Option<(Cell, Digit)>,
    eliminations: Vec<(Cell, Digit)>,
    chain: Chain,
    closing: Option<bool>,
}

fn search(board: &Board, kind: Kind, nodes: Nodes, sink: &mut Sink) {
    let slot = nodes as usize;
    if quiet(board, nodes, sink) {
        // Debug builds walk every start anyway, on a walker of their own.
        debug_assert!(
            {
                let graph = graph(board, nodes, sink);
                let mut walker = Walker::new(&graph);
                let (found, loops) = collect(board, &graph, &mut walker, kind, nodes, false);
                found.is_empty() && loops.is_none_or(|loops| loops.is_empty())
            },
            "{kind:?} with {nodes:?} finds a chain on a graph whose closure says none"
        );
        return;
    }
    if kind == Kind::Discontinuous
        && let Some(found) = sink.cache().aic(board).discontinuous[slot].take()
    {
        let graph = graph(board, nodes, sink);
        hand_out(&graph, technique(kind, nodes), found, sink);
        return;
    }
    let graph = graph(board, nodes, sink);
    // Asked for one step, a finder keeps only chains as short as its best one.
    let best_only = sink.limit() == 1;
    let mut walker = sink.cache().aic(board).walkers[slot]
        .take()
        .unwrap_or_else(|| Walker::new(&graph));
    let (found, discontinuous) = collect(board, &graph, &mut walker, kind, nodes, best_only);
    sink.cache().aic(board).walkers[slot] = Some(walker);
    if let Some(loops) = discontinuous {
        sink.cache().aic(board).discontinuous[slot] = Some(loops);
    }
    hand_out(&graph, technique(kind, nodes), found, sink);
}

/// The position's link graph for `nodes`, built once per position. The graph without groups
/// is the grouped one less its group nodes: asked for first, it builds the grouped one, which
/// the grouped finders coming next on most positions then find built.
fn graph(board: &Board, nodes: Nodes, sink: &mut Sink) -> Rc<Graph> {
    let slot = nodes as usize;
    if let Some(graph) = &sink.cache().aic(board).graphs[slot] {
        return graph.clone();
    }
    let graph = match nodes {
        Nodes::Candidates => {
            let grouped = graph(board, Nodes::Groups, sink);
            let graph = grouped.without_groups();
            debug_assert!(graph == Graph::new(board, false, &[]));
            Rc::new(graph)
        }
        Nodes::Groups => {
            let prior = sink.cache().prior_graph().and_then(|p| p.grouped.take());
            let graph = Rc::new(match prior {
                Some(prior) => Graph::after(&prior, board),
                None => Graph::new(board, true, &[]),
            });
            debug_assert!(*graph == Graph::new(board, true, &[]));
            if let Some(prior) = sink.cache().prior_graph() {
                prior.grouped = Some(graph.clone());
            }
            graph
        }
        Nodes::Sets => {
            let sets = sink.cache().als(board).cells_and_digits();
            Rc::new(Graph::new(board, true, &sets))
        }
    };
    sink.cache().aic(board).graphs[slot] = Some(graph.clone());
    graph
}

/// Whether no chain on the graph for `nodes` deduces anything ([`closure`]), asked once per
/// position. The graph without groups is part of the grouped one: quiet where that one is
/// (which, built first, is asked first). Graphs with ALS nodes are not told.
fn quiet(board: &Board, nodes: Nodes, sink: &mut Sink) -> bool {
    let slot = nodes as usize;
    if let Some(quiet) = sink.cache().aic(board).quiet[slot] {
        return quiet;
    }
    let quiet = match nodes {
        Nodes::Candidates => {
            quiet(board, Nodes::Groups, sink)
                || closure::deduces_nothing(&graph(board, nodes, sink))
        }
        Nodes::Groups => closure::deduces_nothing(&graph(board, nodes, sink)),
        // Not told (see `closure`).
        Nodes::Sets => false,
    };
    sink.cache().aic(board).quiet[slot] = Some(quiet);
    quiet
}

/// The chains of `kind` (only the shortest when `best_only`) and, for continuous loops, the
/// discontinuous loops of the same walk when it was not cut short (it is when a continuous
/// loop was found and `best_only`).
fn collect(
    board: &Board,
    graph: &Rc<Graph>,
    walker: &mut Walker,
    kind: Kind,
    nodes: Nodes,
    best_only: bool,
) -> (Vec<Found>, Option<Vec<Found>>) {
    let mut found: Vec<Found> = Vec::new();
    let mut also: Vec<Found> = Vec::new();
    let mut most = usize::MAX;
    // The chain to a state, when a loop's effects need it (reused: most
    // continuous loops tried remove nothing).
    let mut path: Chain = Vec::new();
    // Chains start from candidates, whose nodes come first.
    let candidates = graph.nodes.partition_point(|n| !n.group);
    debug_assert!(graph.nodes[candidates..].iter().all(|n| n.group));
    for start in 0..candidates {
        for on in [true, false] {
            // An AIC starts with a strong link: from its first candidate assumed false.
            if kind == Kind::Aic && on {
                continue;
            }
            let root = (start * 2 + usize::from(on)) as u16;
            // A start that links nowhere reaches only itself, no chain: not walked.
            if !graph.leads_on(usize::from(root)) {
                continue;
            }
            let most_before = most;
            let visit = |w: &Walker, state: u16, depth: usize| {
                if depth < MIN_LINKS {
                    return most;
                }
                let node = &graph.nodes[state as usize / 2];
                if node.group {
                    return most;
                }
                let start_cell = graph.nodes[start].first;
                let deduction = match kind {
                    Kind::Aic if node.first != start_cell && state % 2 == 1 => {
                        aic_effects(board, graph, root, state).map(|e| (kind, e))
                    }
                    Kind::Discontinuous | Kind::Continuous if node.first == start_cell => {
                        loop_effects(board, graph, kind, root, state, || {
                            w.chain_into(state, &mut path);
                            &path
                        })
                    }
                    _ => None,
                };
                let Some((of, (placement, eliminations, closing))) = deduction else {
                    return most;
                };
                let chain = w.chain(state);
                let needed = |s: &u16| {
                    let node = &graph.nodes[*s as usize / 2];
                    match nodes {
                        Nodes::Candidates => true,
                        Nodes::Groups => node.group,
                        Nodes::Sets => node.als.is_some(),
                    }
                };
                if nodes != Nodes::Candidates && !chain.iter().any(needed) {
                    return most;
                }
                let f = Found {
                    links: depth,
                    placement,
                    eliminations,
                    chain,
                    closing,
                };
                if of == kind {
                    found.push(f);
                    if best_only {
                        most = most.min(depth);
                    }
                } else {
                    also.push(f);
                }
                most
            };
            if kind == Kind::Aic {
                walker.walk::<false>(graph, root, most_before, visit);
            } else {
                walker.walk::<true>(graph, root, most_before, visit);
            }
        }
    }
    let complete = kind == Kind::Continuous && most == usize::MAX;
    (found, complete.then_some(also))
}

/// Hands the deductions to the sink, shortest first (of those with the same
/// effects only the first).
fn hand_out(graph: &Graph, technique: Technique, mut found: Vec<Found>, sink: &mut Sink) {
    found.sort_by_key(|f| (f.links, usize::MAX - f.eliminations.len()));
    let mut seen = BTreeSet::new();
    for f in found {
        let mut effects = (f.placement, f.eliminations.clone());
        effects.1.sort();
        if !seen.insert(effects) {
            continue;
        }
        if sink.push(step(graph, technique, f)) {
            return;
        }
    }
}

/// Placement, eliminations and the closing link's strength (continuous loops) of
/// the effects `(placement, eliminations, closing link)`.
type Effects = (Option<(Cell, Digit)>, Vec<(Cell, Digit)>, Option<bool>);

/// An AIC from `root` (a candidate assumed false) to `end` (a candidate then true).
fn aic_effects(board: &Board, graph: &Graph, root: u16, end: u16) -> Option<Effects> {
    let (a, b) = (
        &graph.nodes[root as usize / 2],
        &graph.nodes[end as usize / 2],
    );
    let mut eliminations = Vec::new();
    if a.digit == b.digit {
        let targets = seeing_all(a.cells | b.cells) & graph.holders[a.digit.index()];
        // One removal is the same deduction as a discontinuous loop from that cell.
        if targets.count_ones() < 2 {
            return None;
        }
        eliminations.extend(cells_of(targets).map(|c| (c, a.digit)));
    } else {
        if !a.first.sees(b.first)
            || !board.candidates(a.first).contains(b.digit)
            || !board.candidates(b.first).contains(a.digit)
        {
            return None;
        }
        eliminations.push((a.first, b.digit));
        eliminations.push((b.first, a.digit));
    }
    Some((None, eliminations, None))
}

/// A nice loop from `root` back to its start cell at `end`: discontinuous, or
/// (when `kind` is) continuous.
fn loop_effects<'a>(
    board: &Board,
    graph: &Graph,
    kind: Kind,
    root: u16,
    end: u16,
    chain: impl FnOnce() -> &'a [u16],
) -> Option<(Kind, Effects)> {
    let (a, b) = (
        &graph.nodes[root as usize / 2],
        &graph.nodes[end as usize / 2],
    );
    let cell = a.first;
    let (first_strong, last_strong) = (root & 1 == 0, end & 1 == 1);
    let same = a.digit == b.digit;
    let discontinuous = match (first_strong, last_strong) {
        (false, false) if same => Some((None, vec![(cell, a.digit)])),
        (true, true) if same => Some((Some((cell, a.digit)), Vec::new())),
        (false, true) if !same => Some((None, vec![(cell, a.digit)])),
        (true, false) if !same => Some((None, vec![(cell, b.digit)])),
        _ => None,
    };
    if let Some((placement, eliminations)) = discontinuous {
        // The continuous loop finder keeps them for the discontinuous one.
        return Some((Kind::Discontinuous, (placement, eliminations, None)));
    }
    if kind != Kind::Continuous
        || (!first_strong && !last_strong && board.candidates(cell).len() != 2)
    {
        return None;
    }
    let chain = chain();
    let closing = (!same).then_some(!first_strong);
    let eliminations = continuous_eliminations(board, graph, chain, first_strong && last_strong);
    (!eliminations.is_empty()).then_some((Kind::Continuous, (None, eliminations, closing)))
}

/// A continuous loop's eliminations: each weak link between cells removes its
/// digit from the cells outside the loop that see both ends; a cell entered and
/// left by strong links (the start cell too when `start_strong`) keeps only the
/// two digits of its links.
fn continuous_eliminations(
    board: &Board,
    graph: &Graph,
    chain: &[u16],
    start_strong: bool,
) -> Vec<(Cell, Digit)> {
    let node = |i: usize| &graph.nodes[chain[i] as usize / 2];
    let on = |i: usize| chain[i] % 2 == 1;
    let in_loop: Cells = (0..chain.len()).fold(0, |m, i| m | node(i).span);
    let mut eliminations = Vec::new();
    let keep_two = |cell: Cell, x: Digit, y: Digit, out: &mut Vec<(Cell, Digit)>| {
        for d in board.candidates(cell).iter() {
            if d != x && d != y {
                out.push((cell, d));
            }
        }
    };
    let last = chain.len() - 1;
    if start_strong {
        keep_two(
            node(0).first,
            node(0).digit,
            node(last).digit,
            &mut eliminations,
        );
    }
    for i in 1..=last {
        let (prev, here) = (node(i - 1), node(i));
        let between_cells = prev.span != here.span;
        if here.als.is_some() && !between_cells {
            // Into an ALS on one digit and out on another: it holds exactly one
            // of them, so it is locked on the rest.
            let digits =
                cells_of(here.span).fold(Candidates::NONE, |acc, c| acc.union(board.candidates(c)));
            for w in digits.without(prev.digit).without(here.digit).iter() {
                let copies = here.span & graph.holders[w.index()];
                let targets = seeing_all(copies) & graph.holders[w.index()] & !in_loop;
                eliminations.extend(cells_of(targets).map(|c| (c, w)));
            }
        }
        if !on(i) && between_cells {
            let targets = seeing_all(prev.cells) & seeing_all(here.cells) & !in_loop;
            let targets = targets & graph.holders[here.digit.index()];
            eliminations.extend(cells_of(targets).map(|c| (c, here.digit)));
        }
        if on(i)
            && between_cells
            && i + 2 <= last
            && !on(i + 1)
            && node(i + 1).span == here.span
            && on(i + 2)
            && node(i + 2).span != here.span
        {
            keep_two(here.first, here.digit, node(i + 2).digit, &mut eliminations);
        }
    }
    eliminations.sort();
    eliminations.dedup();
    eliminations
}

/// The step for a deduction: links in order (a continuous loop's closing link last).
fn step(graph: &Graph, technique: Technique, found: Found) -> Step {
    let fact = |s: u16| {
        let n = &graph.nodes[s as usize / 2];
        (n.first, n.digit)
    };
    let mut links: Vec<Link> = found
        .chain
        .windows(2)
        .map(|w| Link {
            from: fact(w[0]),
            to: fact(w[1]),
            strong: w[1] % 2 == 1,
        })
        .collect();
    if let Some(strong) = found.closing {
        let (first, last) = (found.chain[0], found.chain[found.chain.len() - 1]);
        links.push(Link {
            from: fact(last),
            to: fact(first),
            strong,
        });
    }
    // Each node's cells in chain order (its first cell first, an ALS's every
    // cell), so that a group or ALS node can be read back.
    let pattern: Vec<(Cell, Candidates)> = found
        .chain
        .iter()
        .flat_map(|&s| {
            let n = &graph.nodes[s as usize / 2];
            let rest = n.span & !(1u128 << n.first.index());
            std::iter::once(n.first)
                .chain(cells_of(rest))
                .map(move |c| (c, Candidates::single(n.digit)))
        })
        .collect();
    let mut step = match found.placement {
        Some((cell, digit)) => Step::placement(technique, cell, digit),
        None => Step::elimination(technique, found.eliminations, Vec::new(), Vec::new()),
    };
    step.pattern = pattern;
    step.links = links;
    step
}
