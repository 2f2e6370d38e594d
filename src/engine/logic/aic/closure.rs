//! Whether the chain finders can find anything on a graph, told without
//! walking a chain: by what each state reaches at all, for every state at
//! once (Tarjan's components, each one's set the union of its successors').
//!
//! Every deduction of a chain or loop is a candidate's state that reaches its
//! opposite along the graph's own links (a chain is a path of them; `t` below
//! is the candidate a deduction removes, `a` the start's node):
//! - an AIC from "a off" to "b on" removes `t` seeing both (one digit): "t on"
//!   leads to "a off", along the chain to "b on", then to "t off". On two
//!   digits (`a` and `b` see each other), `t` is `b`'s digit in `a`'s cell,
//!   leading to "a off" by the cell, or `a`'s digit in `b`'s cell, leading to
//!   "a off" by the digit; "b on" leads on to "t off" the other way.
//! - a discontinuous loop goes from its start to the start's opposite ("a on"
//!   to "a off", "a off" to "a on"), or to the other digit `b` of its cell:
//!   from "a on" to "b on", which leads to "a off"; or from "a off" to
//!   "b off", and then "b on" leads to "a off", along the loop to "b off".
//! - a continuous loop is a cycle of links. A weak link from "p on" to
//!   "h off" removes `t` seeing both: "t on" leads to "h off", around the
//!   cycle to "p on", then to "t off". A cell the loop enters at "x on" and
//!   leaves from "y off" (or the start cell, between the loop's last and
//!   first states) loses its other digits `d`: "d on" leads to "y off",
//!   around to "x on", then to "d off".
//!
//! So where no candidate's state reaches its opposite, no chain finder on the
//! graph finds anything, and none is asked to walk. (What a state reaches
//! holds more than what the chains, which never come back to a cell they
//! left, reach.) On a solve that needs forcing chains, most positions before
//! them are such. Graphs with ALS nodes are not told: an ALS locked on its
//! other digits removes them without such a path.

use super::graph::Graph;
use crate::engine::logic::components::Components;

/// No component yet.
const UNSEEN: u32 = u32::MAX;

/// The component of a state that links nowhere: it reaches itself alone, so
/// it has no set.
const ALONE: u32 = u32::MAX - 1;

/// Whether no candidate's state on `graph` reaches its opposite, so that no
/// chain on it deduces anything (see the module text). Not for a graph with
/// ALS nodes.
pub(super) fn deduces_nothing(graph: &Graph) -> bool {
    debug_assert!(graph.nodes.iter().all(|n| n.als.is_none()));
    let states = graph.states();
    // Candidates' states come first, and only they are kept in the sets.
    let kept = 2 * graph.nodes.partition_point(|n| !n.group);
    let words = kept.div_ceil(64).max(1);
    let mut reach = Reach {
        kept: kept as u32,
        words,
        component: vec![UNSEEN; states],
        sets: Vec::with_capacity(states * words),
    };
    let mut walk = Components::new(states);
    for state in 0..states {
        if !graph.leads_on(state) {
            reach.component[state] = ALONE;
            walk.set_aside(state as u32);
        }
    }
    // Stopped at the first component whose set shows a deduction.
    !(0..states as u32)
        .any(|root| walk.walk_until(root, graph, |members| reach.close(graph, members)))
}

/// Per state, its component; per component, the candidates' states it reaches.
struct Reach {
    /// How many states the sets keep: the candidates'.
    kept: u32,
    words: usize,
    component: Vec<u32>,
    sets: Vec<u64>,
}

impl Reach {
    /// Files the component of `members` (every component they reach filed
    /// already); whether one of them is a candidate's state reaching its opposite.
    fn close(&mut self, graph: &Graph, members: &[u32]) -> bool {
        let words = self.words;
        let base = self.sets.len();
        let id = (base / words) as u32;
        for &m in members {
            self.component[m as usize] = id;
        }
        self.sets.resize(base + words, 0);
        let (filed, set) = self.sets.split_at_mut(base);
        for &m in members {
            if m < self.kept {
                set[m as usize / 64] |= 1 << (m % 64);
            }
            for &target in graph.links(m as usize) {
                let c = self.component[usize::from(target)];
                if c == ALONE {
                    if u32::from(target) < self.kept {
                        set[usize::from(target) / 64] |= 1 << (target % 64);
                    }
                } else if c != id {
                    let theirs = &filed[c as usize * words..][..words];
                    for (word, theirs) in set.iter_mut().zip(theirs) {
                        *word |= theirs;
                    }
                }
            }
        }
        members.iter().any(|&m| {
            let opposite = m ^ 1;
            m < self.kept && set[opposite as usize / 64] >> (opposite % 64) & 1 == 1
        })
    }
}

#[cfg(test)]
mod tests {
    use super::deduces_nothing;
    use crate::engine::board::Board;
    use crate::engine::logic::aic::graph::Graph;
    use crate::engine::logic::{StepFinder, Technique, instances};
    use crate::engine::parse::parse_line;

    /// Along solves that need forcing chains, on every position: where the
    /// closure of a graph says nothing, no chain finder on it finds anything
    /// (every instance, not only the first); and it says so on some positions
    /// and not on others.
    #[test]
    fn where_the_closure_says_nothing_no_chain_is_found() {
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
        ];
        let plain = [
            Technique::ContinuousNiceLoop,
            Technique::DiscontinuousNiceLoop,
            Technique::Aic,
        ];
        let grouped = [
            Technique::GroupedContinuousNiceLoop,
            Technique::GroupedDiscontinuousNiceLoop,
            Technique::GroupedAic,
        ];
        let (mut quiet, mut told) = (0, 0);
        for puzzle in puzzles {
            let mut board = Board::from_givens(&parse_line(puzzle, 1).expect("a puzzle")).unwrap();
            let mut finder = StepFinder::new();
            while let Some(step) = finder.next_step(&board, &Technique::ALL) {
                let with_groups = Graph::new(&board, true, &[]);
                for (graph, techniques) in [
                    (with_groups.without_groups(), plain),
                    (with_groups, grouped),
                ] {
                    let found = techniques.iter().any(|&t| !instances(&board, t).is_empty());
                    if deduces_nothing(&graph) {
                        assert!(!found, "a chain on {board:?}");
                        quiet += 1;
                    } else {
                        told += 1;
                    }
                }
                step.apply(&mut board);
            }
            assert!(board.is_solved());
        }
        assert!(quiet > 20 && told > 20, "{quiet} quiet, {told} not");
    }
}
