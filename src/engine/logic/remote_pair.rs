//! Remote Pair: bivalue cells that all hold the same two digits {a, b} and are
//! joined by seeing each other. Neighbours must differ, so the cells split into two
//! alternating colours: one colour is a everywhere and the other b. A cell that sees
//! a cell of each colour sees both an a and a b, so it loses a and b. One step per
//! connected group of at least four cells (two or three are a Naked Pair or an
//! XY-Wing's business); an XY-Chain finder would report the same group as several
//! chains.

use super::{Link, Sink, Step, Technique, cells_text, open_candidates};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit};

/// The fewest cells a Remote Pair has.
const MIN_CELLS: usize = 4;

pub fn remote_pair(board: &Board, sink: &mut Sink) {
    let bivalue: Vec<(Cell, Candidates)> = board
        .open_cells()
        .map(|c| (c, board.candidates(c)))
        .filter(|(_, k)| k.len() == 2)
        .collect();
    let mut used = vec![false; bivalue.len()];
    for start in 0..bivalue.len() {
        if used[start] {
            continue;
        }
        let pair = bivalue[start].1;
        // Breadth first from `start` over the cells with the same pair.
        let mut group: Vec<(Cell, bool)> = vec![(bivalue[start].0, false)];
        let mut links = Vec::new();
        let mut consistent = true;
        used[start] = true;
        let mut next = 0;
        while next < group.len() {
            let (cell, colour) = group[next];
            next += 1;
            for (i, &(other, k)) in bivalue.iter().enumerate() {
                if k != pair || !other.sees(cell) {
                    continue;
                }
                match group.iter().find(|(c, _)| *c == other) {
                    Some(&(_, c)) => consistent &= c != colour,
                    None => {
                        used[i] = true;
                        group.push((other, !colour));
                        links.push(Link {
                            from: (cell, pair.first().expect("two digits")),
                            to: (other, pair.first().expect("two digits")),
                            strong: false,
                        });
                    }
                }
            }
        }
        // An odd loop of such cells cannot be filled: leave that to the contradiction checks.
        if !consistent || group.len() < MIN_CELLS {
            continue;
        }
        let eliminations = remote_eliminations(board, pair, &group);
        if eliminations.is_empty() {
            continue;
        }
        let mut step = Step::elimination(
            Technique::RemotePair,
            eliminations,
            group.iter().map(|&(c, _)| (c, pair)).collect(),
            Vec::new(),
        );
        step.links = links;
        if sink.push(step) {
            return;
        }
    }
}

/// Both digits of `pair`, from every open cell outside `group` that sees a cell of each colour.
fn remote_eliminations(
    board: &Board,
    pair: Candidates,
    group: &[(Cell, bool)],
) -> Vec<(Cell, Digit)> {
    let mut eliminations = Vec::new();
    for cell in board.open_cells() {
        if group.iter().any(|&(c, _)| c == cell) {
            continue;
        }
        let sees = |colour: bool| group.iter().any(|&(c, k)| k == colour && c.sees(cell));
        if !(sees(false) && sees(true)) {
            continue;
        }
        for digit in open_candidates(board, cell).intersection(pair).iter() {
            eliminations.push((cell, digit));
        }
    }
    eliminations
}

/// "r1c1, r5c5 and r1c5, r5c1 hold only 4 and 7 and ...".
pub fn text(step: &Step) -> String {
    let Some(&(first, pair)) = step.pattern.first() else {
        return String::new();
    };
    // Recolour from the links (each joins a cell already coloured to a new one).
    let mut colours: Vec<(Cell, bool)> = vec![(first, false)];
    for link in &step.links {
        let from = colours
            .iter()
            .find(|(c, _)| *c == link.from.0)
            .is_some_and(|&(_, k)| k);
        colours.push((link.to.0, !from));
    }
    let side = |colour: bool| {
        cells_text(
            colours
                .iter()
                .filter(|(_, k)| *k == colour)
                .map(|&(c, _)| c),
        )
    };
    let digits: Vec<String> = pair.iter().map(|d| d.to_string()).collect();
    format!(
        "{} all hold only {}, and each sees the next, so neighbours differ: either {} are {} and {} are {}, or the other way round; a cell that sees one of each holds neither digit",
        cells_text(step.pattern.iter().map(|&(c, _)| c)),
        digits.join(" and "),
        side(false),
        digits[0],
        side(true),
        digits.get(1).map_or("", String::as_str),
    )
}
