//! What the chain walks found nothing on, carried from one position of a
//! solve to the next, so that a walk that cannot find anything new is not
//! walked again.
//!
//! Along a solve a position only loses candidates. A walk from one start
//! state (one breadth-first tree, see [`super::walk`]) rests on the states it
//! went on from (its tree) and the dead ends it met: on their nodes, on the
//! links of the tree's states and on the dead ends having none (it reads no
//! other state's links, so a state's other half does not count). Between two
//! positions P and a later Q (whose candidates are P's or fewer), the links
//! between two nodes both on P and on Q unchanged (a candidate, or a group
//! with the same cells) stay; a link can appear (a cell becomes bivalue, a
//! unit's digit has two places left, a group shrinks). So if no node of the
//! tree went away or changed and no state of the tree or dead end links
//! anywhere new (its links on Q, in order, are some of those on P), the walk
//! on Q goes through the same states in the
//! same order with the same chains, less some dead ends that went away (and
//! tree states whose every link went with them, now dead ends themselves),
//! and whatever it sees removes the same candidates as on P or fewer (each
//! finder's effects only read which candidates are left). A start that
//! found nothing on P, on a walk not cut short, finds nothing on Q: it is
//! skipped, and its tree is kept as it was for the next position (a superset
//! of Q's tree, so later tests stay on the safe side).
//!
//! The AIC finder comes after the continuous loops' on the same graph (on a
//! solve, where they found nothing) and reads their footprints: from an
//! "off" start in a cell that is not bivalue (so the loop walk has no link
//! inside the start cell to leave out), the AIC walk is the loop walk less
//! the start cell's states (leaves there: a loop ends in them, an AIC never
//! reaches them), in the same order with the same chains, as both allow the
//! same links elsewhere. Where no state that footprint lists (but the
//! start's own targets, one link deep) is an "on" state that could end an
//! AIC (an "on" dead end of the loop walk would be a tree state of the AIC
//! walk: such a footprint is not read), the AIC walk finds nothing: it is
//! not walked, and that footprint, less the start cell, is its own. From a
//! bivalue cell's "off" state whose one link is to the cell's other digit
//! (the digit has no other place to go in the cell's units), the AIC walk
//! goes there and then as the loop walk from that "on" state, one link
//! deeper: it reads that footprint the same way (every "on" state past its
//! root is three links deep or more), with its own root put first.
//!
//! Debug builds walk every skipped start anyway and assert that it finds
//! nothing.

use std::rc::Rc;

use super::graph::{Graph, KEYS, NONE, unsettled};
use super::walk::Walker;
use crate::engine::types::{CELLS, SIZE};

/// How many state keys there are: a state's is its node's key times two,
/// plus one for "on" (see [`Footprints::note`]).
const STATE_KEYS: usize = KEYS * 2;

/// In a footprint, the mark of a dead end's key (a tree state's has none):
/// the bit above every state key, so that a marked key indexes
/// [`Changes::blocked`].
const DEAD: u16 = STATE_KEYS.next_power_of_two() as u16;
const _: () = assert!(STATE_KEYS < DEAD as usize && (DEAD as usize) < 1 << 15);

/// How many entries [`Changes::blocked`] has: every state key, with and
/// without `DEAD`.
const MARKED_KEYS: usize = 2 * DEAD as usize;

/// In the marks of [`Changes::mark`] (per node key): the node went away or
/// changed; its off state, its on state, links anywhere new; it is new (or
/// changed).
const REMOVED: u8 = 1;
const GAINED_OFF: u8 = 2;
const GAINED_ON: u8 = 4;
const GAINED: u8 = GAINED_OFF | GAINED_ON;
const NEW: u8 = 8;

/// The walks of one finder on one position that found nothing.
pub(super) struct Record {
    graph: Rc<Graph>,
    /// Per start state that found nothing (its node's key times two, plus one
    /// for "off"), in ascending order, where its footprint ends in `keys`.
    starts: Vec<(u16, u32)>,
    /// The footprints one after another: the state keys of each walk's
    /// tree, and of the dead ends it met (marked `DEAD`).
    keys: Vec<u16>,
}

impl Record {
    /// The footprint of start state `key`, if its walk found nothing;
    /// `at` is where the last lookup ended (keys are asked in ascending order).
    #[inline(always)]
    fn footprint(&self, key: u16, at: &mut usize) -> Option<&[u16]> {
        let starts = &self.starts;
        while *at < starts.len() && starts[*at].0 < key {
            *at += 1;
        }
        let &(found, end) = starts.get(*at)?;
        if found != key {
            return None;
        }
        let begin = if *at == 0 { 0 } else { starts[*at - 1].1 };
        Some(&self.keys[begin as usize..end as usize])
    }

    /// The footprint of start state `key`, asked out of order.
    fn footprint_of(&self, key: u16) -> Option<&[u16]> {
        let mut at = self.starts.partition_point(|s| s.0 < key);
        self.footprint(key, &mut at)
    }
}

/// The node of each key of `graph`, or `NONE`.
fn index_of(graph: &Graph) -> Box<[u16]> {
    let index = graph.nodes_by_key();
    debug_assert!(
        graph.nodes.iter().enumerate().all(|(i, node)| {
            node.key != NONE && usize::from(index[usize::from(node.key)]) == i
        })
    );
    debug_assert_eq!(
        index.iter().filter(|&&i| i != NONE).count(),
        graph.nodes.len()
    );
    index
}

/// The key of a start state (see [`Record::starts`]).
pub(super) fn start_key(graph: &Graph, start: usize, on: bool) -> u16 {
    graph.nodes[start].key * 2 + u16::from(!on)
}

/// The footprints of a finder's walks on one position, as they are noted.
#[derive(Default)]
pub(super) struct Footprints {
    starts: Vec<(u16, u32)>,
    keys: Vec<u16>,
    /// The node of each key on this position, once asked for.
    index: Option<Box<[u16]>>,
    /// The key of each state on this position (its node's key times two,
    /// plus one for "on"), once a walk is noted (read for every state noted:
    /// a short table, not the nodes).
    state_keys: Option<Box<[u16]>>,
}

impl Footprints {
    /// Footprints to note on `graph`'s position, with room for as many as
    /// the `prior` record holds (most of them are carried over).
    pub(super) fn after(prior: Option<&Record>) -> Footprints {
        let (starts, keys) = prior.map_or((0, 0), |p| (p.starts.len(), p.keys.len()));
        Footprints {
            starts: Vec::with_capacity(starts),
            keys: Vec::with_capacity(keys),
            index: None,
            state_keys: None,
        }
    }

    /// Notes what the walker's last walk, from start state `key`, went through.
    /// (Not inlined: in the finder's loop its copies ran short of registers.)
    #[inline(never)]
    pub(super) fn note(&mut self, key: u16, walker: &Walker, graph: &Graph) {
        let (tree, dead) = walker.reached();
        let state_keys = self.state_keys.get_or_insert_with(|| {
            let keys = graph.nodes.iter().flat_map(|n| [n.key * 2, n.key * 2 + 1]);
            keys.collect()
        });
        // The walker's lists hold states of the graph it was made for (see
        // `Walker::walk`), which has as many states as the table has keys.
        assert_eq!(walker.states(), state_keys.len());
        let key_of = |s: u16| {
            debug_assert!(usize::from(s) < state_keys.len());
            // SAFETY: `s` is a state of the walker's graph (asserted above).
            *unsafe { state_keys.get_unchecked(usize::from(s)) }
        };
        self.keys.extend(tree.iter().map(|&s| key_of(s)));
        self.keys.extend(dead.iter().map(|&s| key_of(s) | DEAD));
        self.starts.push((key, self.keys.len() as u32));
    }

    /// Notes as the AIC walk's from "off" start state `key`, if it finds
    /// nothing, the loop walk's footprint from the same state (`loops`, see
    /// the module text), or `through` the start cell's other digit (a
    /// bivalue cell's), less the states of `home` (the start cell) but the
    /// roots. It finds nothing when no "on" state listed `may_end` an AIC
    /// (asked of this graph's states; the start's own targets are left out
    /// to it). Else, or when an "on" state is a dead end (one the AIC walk
    /// goes on from), nothing is noted.
    pub(super) fn note_aic(
        &mut self,
        key: u16,
        through: Option<u16>,
        loops: &mut LoopWalks,
        home: usize,
        graph: &Graph,
        mut may_end: impl FnMut(u16) -> bool,
    ) -> bool {
        let footprint = match through {
            None => loops.record.footprint(key, &mut loops.at),
            Some(through) => loops.record.footprint_of(through),
        };
        let Some(footprint) = footprint else {
            return false;
        };
        // The root comes first: the one state of the start cell an AIC walk
        // goes through.
        let Some((&root, rest)) = footprint.split_first() else {
            return false;
        };
        // The start cell's state keys (a loop ends there: never `DEAD`).
        let home_keys = (home * SIZE * 2) as u16;
        let at_home = |k: u16| k.wrapping_sub(home_keys) < (SIZE * 2) as u16;
        let index = self.index.get_or_insert_with(|| index_of(graph));
        for &k in rest {
            if k & 1 == 0 || at_home(k) {
                continue;
            }
            if k & DEAD != 0 {
                return false;
            }
            // A group ends no chain.
            let node_key = usize::from(k / 2);
            if node_key >= CELLS * SIZE {
                continue;
            }
            let node = index[node_key];
            if node != NONE && may_end(node * 2 + 1) {
                return false;
            }
        }
        self.keys.reserve(footprint.len() + 1);
        if through.is_some() {
            // The AIC walk's own root, whose one link is to the loop walk's:
            // its state key is its start key's less one ("off").
            self.keys.push(key - 1);
        }
        self.keys.push(root);
        self.keys
            .extend(rest.iter().copied().filter(|&k| !at_home(k)));
        self.starts.push((key, self.keys.len() as u32));
        true
    }

    /// Whether the footprint noted last (one carried over, see
    /// [`Changes::unchanged`]) lists the walker's last walk as the module
    /// text says: its tree in order, less states now dead ends, and its
    /// dead ends among its states (for debug builds' checks).
    pub(super) fn lists_last_walk(&self, walker: &Walker, graph: &Graph) -> bool {
        let begin = self.starts.iter().rev().nth(1).map_or(0, |s| s.1 as usize);
        let footprint = &self.keys[begin..];
        let key_of = |s: &u16| graph.nodes[usize::from(*s) / 2].key * 2 + (s & 1);
        let (tree, dead) = walker.reached();
        let mut listed = footprint.iter().filter(|&&k| k & DEAD == 0);
        tree.iter().all(|s| listed.any(|&k| k == key_of(s)))
            && dead
                .iter()
                .all(|s| footprint.iter().any(|&k| k & !DEAD == key_of(s)))
    }

    /// The record of these footprints on `graph`'s position.
    pub(super) fn record(self, graph: Rc<Graph>) -> Record {
        debug_assert!(self.starts.windows(2).all(|w| w[0].0 < w[1].0));
        debug_assert!(self.index.is_none_or(|index| index == index_of(&graph)));
        Record {
            graph,
            starts: self.starts,
            keys: self.keys,
        }
    }
}

/// How a later position's graph differs from a record's.
pub(super) struct Changes<'a> {
    record: &'a Record,
    /// Per state key, and per state key marked `DEAD`, whether a footprint
    /// holding it walks differently here (a tree state's: its node
    /// `REMOVED`, or the state gained links; a dead end's: it gained links).
    blocked: Rc<[bool; MARKED_KEYS]>,
    /// Where the lookup of start states is in the record's list.
    at: usize,
}

impl<'a> Changes<'a> {
    /// How `graph` differs from `record`'s, if its position has no candidate
    /// the record's had not (else nothing carries over).
    /// `last` holds the marks last computed (they depend on the two graphs
    /// alone: the continuous loops' and the AICs' records on one graph are
    /// most often from the same position), taken again when they fit.
    pub(super) fn between(
        record: &'a Record,
        graph: &Rc<Graph>,
        last: &mut Option<Marks>,
    ) -> Option<Changes<'a>> {
        let before = &record.graph;
        if (0..SIZE).any(|d| graph.holders[d] & !before.holders[d] != 0) {
            return None;
        }
        if let Some((b, a, blocked)) = last
            && Rc::ptr_eq(b, before)
            && Rc::ptr_eq(a, graph)
        {
            let blocked = blocked.clone();
            debug_assert!(blocked == Changes::blocked(&Changes::mark(record, graph), None));
            return Some(Changes {
                record,
                blocked,
                at: 0,
            });
        }
        // The table last computed is written over (no `Changes` holds it
        // any more: each lives through one finder's call).
        let table = last.take().map(|(_, _, table)| table);
        let blocked = Changes::blocked(&Changes::mark(record, graph), table);
        *last = Some((before.clone(), graph.clone(), blocked.clone()));
        Some(Changes {
            record,
            blocked,
            at: 0,
        })
    }

    /// Which footprint state keys, marked or not, the `dirty` marks (per
    /// node key) block: in `table`, if given and held nowhere else.
    /// (Only the entries of state keys are written, the same ones each
    /// time; the others, never read, stay as a new table has them: making
    /// one costs more than filling it.)
    fn blocked(dirty: &[u8], table: Option<Rc<[bool; MARKED_KEYS]>>) -> Rc<[bool; MARKED_KEYS]> {
        let mut blocked = table.unwrap_or_else(|| Rc::new([false; MARKED_KEYS]));
        if Rc::get_mut(&mut blocked).is_none() {
            blocked = Rc::new([false; MARKED_KEYS]);
        }
        let entries = Rc::get_mut(&mut blocked).expect("a table held nowhere else");
        debug_assert_eq!(dirty.len() * 2, STATE_KEYS);
        // Two straight passes over the marks (one per half of the table),
        // each writing a node's two states.
        let (unmarked, marked) = entries.split_at_mut(usize::from(DEAD));
        for (blocked, &marks) in unmarked.chunks_exact_mut(2).zip(dirty) {
            blocked[0] = marks & (REMOVED | GAINED_OFF) != 0;
            blocked[1] = marks & (REMOVED | GAINED_ON) != 0;
        }
        for (blocked, &marks) in marked.chunks_exact_mut(2).zip(dirty) {
            blocked[0] = marks & GAINED_OFF != 0;
            blocked[1] = marks & GAINED_ON != 0;
        }
        blocked
    }

    /// The `REMOVED`, `GAINED_OFF`, `GAINED_ON` and `NEW` marks per key of
    /// `graph` against the record's. (One pass over both node lists, whose
    /// keys ascend in node order, pairs the nodes; links are then compared
    /// by state, through each node's index there.)
    fn mark(record: &Record, graph: &Graph) -> Box<[u8]> {
        let before = &record.graph.nodes;
        let mut dirty = vec![0u8; KEYS].into_boxed_slice();
        // Per node here, its index there if it is there with the same cells,
        // else `NONE` (it is new).
        let mut then = vec![NONE; graph.nodes.len()];
        let mut p = 0;
        for (q, node) in graph.nodes.iter().enumerate() {
            let k = usize::from(node.key);
            while p < before.len() && before[p].key < node.key {
                dirty[usize::from(before[p].key)] |= REMOVED;
                p += 1;
            }
            if p < before.len() && before[p].key == node.key {
                if before[p].cells == node.cells {
                    then[q] = p as u16;
                } else {
                    dirty[k] |= REMOVED | GAINED | NEW;
                }
                p += 1;
            } else {
                dirty[k] |= GAINED | NEW;
            }
        }
        for node in &before[p..] {
            dirty[usize::from(node.key)] |= REMOVED;
        }
        // Only a node in a cell that lost a candidate, or in a unit that lost
        // its digit, can link anywhere new (a bivalue cell, a unit's last two
        // places, a group that shrank: see the module text); the others'
        // links are the same.
        let unsettled = unsettled(&record.graph.holders, &graph.holders);
        for (q, node) in graph.nodes.iter().enumerate() {
            let p = usize::from(then[q]);
            if p == usize::from(NONE) || node.cells & unsettled[node.digit.index()] == 0 {
                continue;
            }
            // Each state's links here, in order, must be some of its links
            // there (to nodes that are not new).
            for (on, gained) in [(0, GAINED_OFF), (1, GAINED_ON)] {
                let mut there = record.graph.links(p * 2 + on).iter();
                let kept = graph.links(q * 2 + on).iter().all(|&state| {
                    let was = then[usize::from(state / 2)];
                    was != NONE && there.any(|&s| s == was * 2 + (state & 1))
                });
                if !kept {
                    dirty[usize::from(node.key)] |= gained;
                }
            }
        }
        dirty
    }

    /// Whether the walk from start state `key` found nothing on the record's
    /// position and walks the same here; if so its footprint is noted in
    /// `into`, as it stays. Asked in ascending order of keys. (Not inlined,
    /// as [`Footprints::note`].)
    #[inline(never)]
    pub(super) fn unchanged(&mut self, key: u16, into: &mut Footprints) -> bool {
        let Some(footprint) = self.record.footprint(key, &mut self.at) else {
            return false;
        };
        // Eight keys at a time, without a branch per key (most footprints
        // asked about are skipped, so read to the end).
        let blocked = |keys: &[u16]| {
            keys.iter().fold(false, |any, &k| {
                any | self.blocked[usize::from(k) % MARKED_KEYS]
            })
        };
        // The keys past the last whole chunk are read as the last eight
        // (some read twice: the same verdict, and no loop of their own).
        let (chunks, rest) = footprint.as_chunks::<8>();
        let same = if rest.is_empty() || chunks.is_empty() {
            !blocked(rest) && chunks.iter().all(|keys| !blocked(keys))
        } else {
            let last = &footprint[footprint.len() - 8..];
            !blocked(last) && chunks.iter().all(|keys| !blocked(keys))
        };
        if same {
            into.keys.extend_from_slice(footprint);
            into.starts.push((key, into.keys.len() as u32));
        }
        same
    }
}

/// The continuous loops' footprints on the graph the AIC finder walks
/// (taken from [`Walked`] while it runs, see the module text).
pub(super) struct LoopWalks {
    record: Record,
    /// Where the lookup of start states is in the record's list.
    at: usize,
}

/// Marks computed by [`Changes::between`]: the record's graph, the later
/// graph, the keys blocked.
pub(super) type Marks = (Rc<Graph>, Rc<Graph>, Rc<[bool; MARKED_KEYS]>);

/// The last record of each finder that keeps them (continuous loops and
/// AICs, without and with groups: see `remembered` in [`super`]).
#[derive(Default)]
pub(crate) struct Walked {
    records: [Option<Record>; 4],
    /// The marks last computed between two graphs.
    pub(super) marks: Option<Marks>,
    /// The grouped graph last built, which the next position's is built
    /// from ([`Graph::after`]).
    pub(super) grouped: Option<Rc<Graph>>,
    /// How many starts were not walked again (for tests).
    pub(super) skipped: usize,
}

impl Walked {
    pub(super) fn take(&mut self, slot: usize) -> Option<Record> {
        self.records[slot].take()
    }

    pub(super) fn keep(&mut self, slot: usize, record: Record) {
        self.records[slot] = Some(record);
    }

    /// The record in `slot` (the continuous loops'), while the AIC finder
    /// runs, if it is on `graph`: given back by [`Walked::give_back`].
    pub(super) fn loop_walks(&mut self, slot: usize, graph: &Rc<Graph>) -> Option<LoopWalks> {
        let record = self.records[slot].take_if(|r| Rc::ptr_eq(&r.graph, graph))?;
        Some(LoopWalks { record, at: 0 })
    }

    pub(super) fn give_back(&mut self, slot: usize, loops: LoopWalks) {
        self.records[slot] = Some(loops.record);
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::super::{Kind, Nodes, collect, remembered};
    use super::Walked;
    use crate::engine::board::Board;
    use crate::engine::logic::aic::graph::Graph;
    use crate::engine::logic::aic::walk::Walker;
    use crate::engine::logic::{StepFinder, Technique};
    use crate::engine::parse::parse_line;

    /// Along a solve, the finders with a memory skip starts and find exactly
    /// what they find walking every start.
    #[test]
    fn remembered_walks_find_what_every_walk_finds() {
        // top95's first puzzle: its solve meets chains on many positions.
        let puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let givens = parse_line(puzzle, 1).expect("a puzzle");
        let mut board = Board::from_givens(&givens).unwrap();
        let mut walked = Walked::default();
        let mut finder = StepFinder::new();
        let mut compared = 0;
        while let Some(step) = finder.next_step(&board, &Technique::ALL) {
            if step.technique() > Some(Technique::NakedSingle) {
                for nodes in [Nodes::Candidates, Nodes::Groups] {
                    let graph = Rc::new(Graph::new(&board, nodes == Nodes::Groups, &[]));
                    for kind in [Kind::Continuous, Kind::Aic] {
                        let slot = remembered(kind, nodes).unwrap();
                        let memory = Some((slot, &mut walked));
                        let mut walker = Walker::new(&graph);
                        let (with, _) =
                            collect(&board, &graph, &mut walker, kind, nodes, false, memory);
                        let (every, _) =
                            collect(&board, &graph, &mut walker, kind, nodes, false, None);
                        let found = |f: &super::super::Found| {
                            (
                                f.links,
                                f.placement,
                                f.eliminations.clone(),
                                f.chain.clone(),
                            )
                        };
                        let with: Vec<_> = with.iter().map(found).collect();
                        let every: Vec<_> = every.iter().map(found).collect();
                        assert_eq!(with, every, "{kind:?} {nodes:?} on {board:?}");
                        compared += 1;
                    }
                }
            }
            step.apply(&mut board);
        }
        assert!(board.is_solved());
        assert!(
            compared > 0 && walked.skipped > 0,
            "{compared} {}",
            walked.skipped
        );
    }
}
