//! The words of a chain step, read from its links and pattern: the chain in
//! Eureka notation (`(5)r1c3=(5)r1c7-(3)r1c7`, `=` strong, `-` weak; a group
//! node as `(5)r1c78`), then why it proves its effects.

use crate::engine::logic::implication::Fact;
use crate::engine::logic::{Step, Technique};
use crate::engine::types::{Cell, Digit};

/// "(5)r1c3=(5)r1c7-(3)r1c7: one of its ends is true ...".
pub fn text(step: &Step) -> String {
    let (Some(first), Some(last)) = (step.links.first(), step.links.last()) else {
        return String::new();
    };
    let nodes = nodes(step);
    let mut chain = String::new();
    let mut i = 0;
    while i < nodes.len() {
        if i > 0 {
            chain.push(if step.links[i - 1].strong { '=' } else { '-' });
        }
        // An almost locked set entered on one digit and left on another: one
        // node, "(x=z)r2c456".
        if let Some(next) = nodes.get(i + 1)
            && is_als_pair(&nodes[i], next)
        {
            let (cells, x) = &nodes[i];
            chain.push_str(&format!("({x}={}){}", next.1, cells_text(cells)));
            i += 2;
            continue;
        }
        chain.push_str(&node_text(&nodes[i]));
        i += 1;
    }
    use Technique::*;
    let why = match step.technique() {
        Some(Aic | GroupedAic) => {
            let (a, b) = (first.from, last.to);
            format!(
                "one of its ends is true ({} or {})",
                Fact::on(a.0, a.1),
                Fact::on(b.0, b.1)
            )
        }
        Some(ContinuousNiceLoop | GroupedContinuousNiceLoop) => "the loop closes, so every link \
             holds both ways: each weak link has exactly one true end"
            .to_string(),
        _ => {
            let start = Fact {
                cell: first.from.0,
                digit: first.from.1,
                on: !first.strong,
            };
            let end = Fact {
                cell: last.to.0,
                digit: last.to.1,
                on: last.strong,
            };
            let so = match (start.on, end.on, start.digit == end.digit) {
                (true, false, _) => format!(", so it cannot be {}", start.digit),
                (true, true, _) => ": two digits in one cell".to_string(),
                (false, true, _) => format!(", so it is {}", start.digit),
                (false, false, _) => format!(
                    ": read backwards, {} there would force {} there as well",
                    end.digit, start.digit
                ),
            };
            format!("if {start} then {end}{so}")
        }
    };
    format!("{chain}: {why}")
}

/// The chain's nodes in order, each as its cells and digit: the pattern holds
/// every node's cells in chain order, the node's own cell (the one its links
/// name) first.
fn nodes(step: &Step) -> Vec<(Vec<Cell>, Digit)> {
    let mut named: Vec<(Cell, Digit)> = step.links.iter().map(|l| l.from).collect();
    if let Some(last) = step.links.last() {
        named.push(last.to);
    }
    // A continuous loop's closing link comes back to the first node.
    let continuous = matches!(
        step.technique(),
        Some(Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop)
    );
    let closes = continuous && named.len() > 1 && named.first() == named.last();
    if closes {
        named.pop();
    }
    let mut nodes = Vec::new();
    let mut at = 0;
    for (i, &(cell, digit)) in named.iter().enumerate() {
        // The next node starts at its own first cell and digit (an ALS node's
        // next may be the same set on another digit, starting on one of its cells).
        let next = named.get(i + 1).copied();
        let mut cells = vec![cell];
        if step.pattern.get(at).map(|p| p.0) == Some(cell) {
            at += 1;
            while let Some(&(c, d)) = step.pattern.get(at) {
                if next.is_some_and(|n| n.0 == c && d.contains(n.1)) || !d.contains(digit) {
                    break;
                }
                cells.push(c);
                at += 1;
            }
        }
        nodes.push((cells, digit));
    }
    if closes && let Some(first) = nodes.first().cloned() {
        nodes.push(first);
    }
    nodes
}

/// Whether two nodes are one almost locked set on two digits (the same cells,
/// two or more, and different digits).
fn is_als_pair(a: &(Vec<Cell>, Digit), b: &(Vec<Cell>, Digit)) -> bool {
    let sorted = |cells: &[Cell]| {
        let mut cells = cells.to_vec();
        cells.sort();
        cells
    };
    a.0.len() >= 2 && a.1 != b.1 && sorted(&a.0) == sorted(&b.0)
}

/// "r1c456", "r123c4", or for cells in several rows and columns "r1c12,r2c3".
fn cells_text(cells: &[Cell]) -> String {
    let mut cells = cells.to_vec();
    cells.sort();
    let first = cells[0];
    if cells.iter().all(|c| c.col() == first.col()) {
        let rows: String = cells.iter().map(|c| (c.row() + 1).to_string()).collect();
        return format!("r{rows}c{}", first.col() + 1);
    }
    let mut parts: Vec<String> = Vec::new();
    for row in 0..9 {
        let cols: String = cells
            .iter()
            .filter(|c| c.row() == row)
            .map(|c| (c.col() + 1).to_string())
            .collect();
        if !cols.is_empty() {
            parts.push(format!("r{}c{cols}", row + 1));
        }
    }
    parts.join(",")
}

/// "(5)r1c3", or for a group node "(5)r1c78" / "(5)r13c4".
fn node_text((cells, digit): &(Vec<Cell>, Digit)) -> String {
    let first = cells[0];
    if cells.len() < 2 {
        return format!("({digit}){first}");
    }
    let numbers = |f: &dyn Fn(&Cell) -> usize| -> String {
        cells.iter().map(|c| (f(c) + 1).to_string()).collect()
    };
    if cells.iter().all(|c| c.row() == first.row()) {
        format!("({digit})r{}c{}", first.row() + 1, numbers(&|c| c.col()))
    } else {
        format!("({digit})r{}c{}", numbers(&|c| c.row()), first.col() + 1)
    }
}
