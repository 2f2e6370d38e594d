//! Every link of every step is real in the position the step was found in: a
//! strong link joins a digit's only two places in a unit or a cell's only two
//! candidates, a weak link joins two cells that see each other (one digit) or two
//! digits of one cell; chains' links follow on from each other. A grouped
//! chain's links are judged node to node, the nodes read from its pattern.
//! Checked on the typed technique positions and along the solving paths of a few puzzles.

use pencilmark::engine::logic::{self, Link, Step, Technique};
use pencilmark::engine::types::Unit;
use pencilmark::engine::{Board, Candidates, Cell, Digit, Grid};

mod common;

use common::logic::board_of;

/// The typed positions: (technique, board).
fn positions() -> Vec<(Technique, Board)> {
    common::logic::positions()
        .map(|(key, placed, candidates, _)| {
            let technique = Technique::from_key(key).expect("known key");
            (technique, board_of(placed, candidates))
        })
        .collect()
}

fn candidates(board: &Board, cell: Cell) -> Candidates {
    if board.digit(cell).is_some() {
        Candidates::NONE
    } else {
        board.candidates(cell)
    }
}

/// Why the link is not real in `board`, if it is not.
fn fault(board: &Board, link: &Link) -> Option<String> {
    let ((a, x), (b, y)) = (link.from, link.to);
    if !candidates(board, a).contains(x) || !candidates(board, b).contains(y) {
        return Some("an end is not a candidate".into());
    }
    let real = if a == b {
        x != y && (!link.strong || candidates(board, a) == Candidates::single(x).with(y))
    } else if x != y {
        false
    } else if link.strong {
        Unit::all().any(|unit| {
            let places: Vec<Cell> = unit
                .cells()
                .iter()
                .copied()
                .filter(|&c| candidates(board, c).contains(x))
                .collect();
            places.len() == 2 && places.contains(&a) && places.contains(&b)
        })
    } else {
        a.sees(b)
    };
    (!real).then(|| "not linked that way".into())
}

/// Techniques whose links must run end to end, each `to` the next `from`.
fn is_chain(technique: Technique) -> bool {
    use Technique::*;
    matches!(
        technique,
        XChain
            | XyChain
            | XyWing
            | WWing
            | Skyscraper
            | TwoStringKite
            | EmptyRectangle
            | UniqueRectangle1
    )
}

/// Techniques that must show their links once found.
fn has_links(technique: Technique) -> bool {
    use Technique::*;
    matches!(
        technique,
        XWing
            | Skyscraper
            | TwoStringKite
            | EmptyRectangle
            | XyWing
            | XyzWing
            | WWing
            | SimpleColorsTrap
            | SimpleColorsWrap
            | XChain
            | XyChain
            | RemotePair
            | AlsXz
            | AlsXyWing
            | DigitForcingChain
            | CellForcingChain
            | UnitForcingChain
            | UniqueRectangle1
            | UniqueRectangle2
            | UniqueRectangle3
            | UniqueRectangle5
            | SueDeCoq
            | NakedPair
            | NakedTriple
            | NakedQuad
            | HiddenPair
            | HiddenTriple
            | HiddenQuad
            | LockedCandidatesPointing
            | LockedCandidatesClaiming
    )
}

fn check_links(board: &Board, step: &Step, context: &str) -> usize {
    use Technique::*;
    // A grouped node stands in a `Link` as its first cell; its cells are in the
    // pattern, node by node, so those links are judged node to node.
    if matches!(
        step.technique(),
        Some(GroupedAic | GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop)
    ) {
        let nodes =
            group_nodes(step).unwrap_or_else(|| panic!("{context}: nodes of {:?}", step.pattern));
        for (link, pair) in step.links.iter().zip(nodes.windows(2)) {
            if let Some(why) = group_fault(board, link, &pair[0], &pair[1]) {
                panic!(
                    "{context}: {} link {link:?} between {pair:?} is {why}: {}",
                    step.basis,
                    step.text()
                );
            }
        }
        return step.links.len();
    }
    for link in &step.links {
        if let Some(why) = fault(board, link) {
            panic!(
                "{context}: {} link {link:?} is {why}: {}",
                step.basis,
                step.text()
            );
        }
    }
    if step.technique().is_some_and(is_chain) {
        for pair in step.links.windows(2) {
            assert_eq!(
                pair[0].to, pair[1].from,
                "{context}: {} links follow on: {:?}",
                step.basis, step.links
            );
        }
    }
    step.links.len()
}

/// A chain node: its cells (the one its links name first) and its digit.
type Node = (Vec<Cell>, Digit);

/// The nodes of a grouped chain, one per link end in order, read from the
/// pattern (each node's cells in chain order, every cell with the node's digit);
/// `None` when the pattern does not fit the links.
fn group_nodes(step: &Step) -> Option<Vec<Node>> {
    let mut named: Vec<(Cell, Digit)> = step.links.iter().map(|l| l.from).collect();
    named.push(step.links.last()?.to);
    let entry = |(cell, digit): (Cell, Digit)| (cell, Candidates::single(digit));
    let (mut nodes, mut at): (Vec<Node>, usize) = (Vec::new(), 0);
    for (i, &(cell, digit)) in named.iter().enumerate() {
        if at == step.pattern.len() && i + 1 == named.len() {
            // A loop's closing link comes back to the first node.
            let first: Node = nodes.first()?.clone();
            if first.0[0] != cell || first.1 != digit {
                return None;
            }
            nodes.push(first);
            return Some(nodes);
        }
        if step.pattern.get(at) != Some(&entry((cell, digit))) {
            return None;
        }
        let mut cells = vec![cell];
        at += 1;
        while let Some(&(c, k)) = step.pattern.get(at) {
            if k != Candidates::single(digit) || named.get(i + 1).map(|&n| entry(n)) == Some((c, k))
            {
                break;
            }
            cells.push(c);
            at += 1;
        }
        nodes.push((cells, digit));
    }
    (at == step.pattern.len()).then_some(nodes)
}

/// Why a link between two nodes is not real, if it is not. Single cells are
/// judged by [`fault`]; with a group, strong: the digit's places in some unit
/// are exactly the two nodes' cells; weak: every cell of one sees every cell of
/// the other.
fn group_fault(board: &Board, link: &Link, from: &Node, to: &Node) -> Option<String> {
    if from.0.len() == 1 && to.0.len() == 1 {
        return fault(board, link);
    }
    let digit = from.1;
    if to.1 != digit || link.from != (from.0[0], digit) || link.to != (to.0[0], digit) {
        return Some("not the nodes' digit and first cells".into());
    }
    let cells: Vec<Cell> = from.0.iter().chain(&to.0).copied().collect();
    if cells.iter().any(|&c| !candidates(board, c).contains(digit)) {
        return Some("a cell of a node does not hold the digit".into());
    }
    if from.0.iter().any(|c| to.0.contains(c)) {
        return Some("two nodes share a cell".into());
    }
    let real = if link.strong {
        Unit::all().any(|unit| {
            let mut places: Vec<Cell> = unit
                .cells()
                .iter()
                .copied()
                .filter(|&c| candidates(board, c).contains(digit))
                .collect();
            let mut ends = cells.clone();
            places.sort();
            ends.sort();
            places == ends
        })
    } else {
        from.0.iter().all(|a| to.0.iter().all(|b| a.sees(*b)))
    };
    (!real).then(|| "not linked that way".into())
}

#[test]
fn every_link_on_the_technique_positions_is_real() {
    let mut links = 0;
    for (technique, board) in positions() {
        let context = technique.key();
        if technique.is_forcing() {
            let step = logic::find_technique(&board, technique).expect("applies");
            assert!(
                !has_links(technique) || !step.links.is_empty(),
                "{context}: no links"
            );
            links += check_links(&board, &step, context);
            continue;
        }
        let instances = logic::instances(&board, technique);
        assert!(!instances.is_empty(), "{context} applies");
        for step in &instances {
            links += check_links(&board, step, context);
        }
        assert!(
            !has_links(technique) || instances.iter().any(|s| !s.links.is_empty()),
            "{context}: no instance has links"
        );
    }
    assert!(links > 100, "checked {links} links");
}

#[test]
fn every_link_along_solving_paths_is_real() {
    let mut puzzles: Vec<Grid> = pencilmark::puzzles::famous()
        .into_iter()
        .map(|n| n.givens)
        .collect();
    puzzles.truncate(6);
    let basic: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|t| !t.is_forcing())
        .collect();
    let mut links = 0;
    for givens in puzzles {
        let context = givens.to_line();
        let mut board = Board::with_auto_candidates(&givens);
        while let Some(step) = logic::next_step(&board, &basic) {
            links += check_links(&board, &step, &context);
            step.apply(&mut board);
        }
    }
    assert!(links > 0, "checked {links} links");
}

/// The bundled expert and extreme puzzles need wings, fish, ALS and forcing
/// chains: along their paths, every step's links; at every fourth position, every
/// instance of every technique short of forcing.
#[test]
fn every_link_of_every_instance_on_bundled_hard_paths_is_real() {
    use pencilmark::engine::grade::Level;
    let mut puzzles: Vec<Grid> = Vec::new();
    for level in [Level::Expert, Level::Extreme] {
        let collection = pencilmark::puzzles::collection(level);
        puzzles.extend(collection.into_iter().take(3).map(|n| n.givens));
    }
    let basic: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|t| !t.is_forcing())
        .collect();
    let (mut links, mut techniques) = (0, std::collections::BTreeSet::new());
    for givens in puzzles {
        let context = givens.to_line();
        let mut board = Board::with_auto_candidates(&givens);
        let mut at = 0;
        while let Some(step) = logic::next_step(&board, &Technique::ALL) {
            links += check_links(&board, &step, &context);
            if !step.links.is_empty() {
                techniques.insert(step.basis);
            }
            if at % 4 == 0 && step.placements.is_empty() {
                for &technique in &basic {
                    for other in logic::instances(&board, technique) {
                        links += check_links(&board, &other, &context);
                    }
                }
            }
            step.apply(&mut board);
            at += 1;
        }
    }
    eprintln!("checked {links} links; steps with links: {techniques:?}");
    assert!(
        links > 200 && techniques.len() >= 3,
        "checked {links} links of {techniques:?}"
    );
}

#[test]
fn running_text_says_what_each_link_gives() {
    let (_, board) = positions()
        .into_iter()
        .find(|(t, _)| *t == Technique::XyWing)
        .expect("an XY-Wing position");
    let step = logic::find_technique(&board, Technique::XyWing).expect("applies");
    let first = step.links.first().expect("links");
    let text = logic::links::said(&board, first).to_string();
    let ((cell, digit), (_, other)) = (first.from, first.to);
    assert_eq!(
        text,
        format!(
            "{cell} is not {digit}, so {cell} is {other} (strong link: {cell} has only {digit} and {other})"
        )
    );
    let second = logic::links::said(&board, &step.links[1]).to_string();
    assert!(
        second.contains(", so ") && second.contains("(weak link in "),
        "{second}"
    );
}

/// A bundled hard puzzle whose path takes an X-Wing, a W-Wing and an XY-Wing.
const HARD: &str =
    ".25.7.8...8.....619.......45....2..7...9.71...3..6.5..39.........7..94..1.4......";

#[test]
fn explain_links_prints_each_link_under_its_step_and_json_carries_them() {
    let text = common::stdout(&common::pencilmark(&["explain", "--links", HARD], ""));
    let output = common::pencilmark(&["explain", "--json", HARD], "");
    let value: serde_json::Value =
        serde_json::from_str(common::stdout(&output).trim()).expect("one JSON object");
    let steps = value["steps"].as_array().expect("steps");
    let mut linked = 0;
    for (i, step) in steps.iter().enumerate() {
        let links = step["links"]
            .as_array()
            .expect("every step has a links array");
        for (k, link) in links.iter().enumerate() {
            let said = link["text"].as_str().expect("running text");
            let line = format!("   link {}: {said}", k + 1);
            assert!(text.contains(&line), "step {}: {line} printed", i + 1);
            let kind = link["kind"].as_str().expect("a real link has a kind");
            assert_eq!(link["strong"].as_bool(), Some(kind == "strong"));
            for end in ["from", "to"] {
                assert!(
                    link[end]["cell"]
                        .as_str()
                        .is_some_and(|c| c.starts_with('r'))
                );
                assert!(
                    link[end]["digit"]
                        .as_u64()
                        .is_some_and(|d| (1..=9).contains(&d))
                );
            }
        }
        if step["technique"] == "xy_wing" || step["technique"] == "w_wing" {
            assert_eq!(links.len(), 5, "{}", step["text"]);
        }
        linked += usize::from(!links.is_empty());
    }
    assert!(linked >= 3, "{linked} steps with links");
    let plain = common::stdout(&common::pencilmark(&["explain", HARD], ""));
    assert!(!plain.contains("link 1:"), "links only with --links");
}

#[test]
fn hint_json_carries_the_links_of_its_step() {
    const XY_WING: &str =
        "384729561265341789971.8.43219..632...5387219..2.19.3...42.3..15.1..5.62353.21..47";
    let output = common::pencilmark(&["hint", "--json", XY_WING], "");
    let value: serde_json::Value =
        serde_json::from_str(common::stdout(&output).trim()).expect("one JSON object");
    assert_eq!(value["technique"], "xy_wing");
    let links = value["links"].as_array().expect("links");
    assert_eq!(links.len(), 5);
    assert_eq!(links[0]["to"], links[1]["from"], "the links follow on");
    assert!(
        links[1]["text"]
            .as_str()
            .is_some_and(|t| t.ends_with("(weak link in row 7)")),
        "{links:?}"
    );
}

/// The grouped chains' typed positions are judged node to node, and at least
/// one of their links joins a group of several cells.
#[test]
fn grouped_chains_are_checked_with_their_group_nodes() {
    use Technique::*;
    let mut groups = 0;
    for (technique, board) in positions() {
        if !matches!(
            technique,
            GroupedAic | GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop
        ) {
            continue;
        }
        for step in logic::instances(&board, technique) {
            let nodes = group_nodes(&step).expect("the pattern fits the links");
            assert_eq!(nodes.len(), step.links.len() + 1, "{}", step.text());
            assert!(check_links(&board, &step, technique.key()) > 0);
            groups += nodes.iter().filter(|(cells, _)| cells.len() > 1).count();
            // The checker can fail: with every link's kind flipped, some link is false.
            let flipped = step.links.iter().zip(nodes.windows(2)).any(|(link, pair)| {
                let other = Link {
                    strong: !link.strong,
                    ..*link
                };
                group_fault(&board, &other, &pair[0], &pair[1]).is_some()
            });
            assert!(flipped, "flipped links all pass: {}", step.text());
        }
    }
    assert!(groups > 0, "no group node on the grouped positions");
}
