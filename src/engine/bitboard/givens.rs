//! The generator's puzzle as it loses clues, kept as the search's starting
//! state: removing a clue updates it for a few dozen instructions, where
//! building it from the grid ([`State::from_givens`]) for every uniqueness
//! check cost ~1,400 (a tenth of `generate --needs x_wing`).

use super::bands::Bands;
use super::tables::PEER_CELLS;
use super::{Search, State};
use crate::engine::grid::Grid;

/// A puzzle's givens as the search's starting state, exactly as
/// [`State::from_givens`] builds it (so a search from it takes the same path).
/// A digit's givens are the cells of its `places` that are not open.
#[derive(Clone, Copy)]
pub(in crate::engine) struct Givens {
    state: State,
}

impl Givens {
    /// The givens of `grid`, or `None` when two of them clash.
    pub(in crate::engine) fn new(grid: &Grid) -> Option<Givens> {
        State::from_givens(grid).map(|state| Givens { state })
    }

    /// Takes `digit` (0-based) out of `cell`, which must hold it.
    pub(in crate::engine) fn remove(&mut self, cell: usize, digit: usize) {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        let state = &mut self.state;
        let given = |places: Bands| places.and_not(state.open_cells);
        debug_assert!(given(state.places[digit]).0[band] & bit != 0);
        // The open cell is a place for every digit none of whose givens sees it.
        let peers = PEER_CELLS[cell];
        let mut opened = [0u32; 9];
        for (opened, &places) in opened.iter_mut().zip(&state.places) {
            *opened = u32::from(!(given(places) & peers).any()) * bit;
        }
        let mut digit_given = given(state.places[digit]);
        digit_given.0[band] &= !bit;
        for (places, opened) in state.places.iter_mut().zip(opened) {
            places.0[band] |= opened;
        }
        state.open_cells.0[band] |= bit;
        // A row holds one given of a digit at most: the row is open again.
        state.open_rows[band] |= 1 << (3 * digit + (cell % 27) / 9);
        // The removed digit's own givens: fewer of them see fewer cells.
        state.places[digit] = state.open_cells.and_not(peers_of(digit_given)) | digit_given;
    }

    /// Whether the two hold the same state, bit for bit.
    #[cfg(test)]
    pub(in crate::engine) fn same_as(&self, other: &Givens) -> bool {
        let (a, b) = (&self.state, &other.state);
        a.places.iter().zip(&b.places).all(|(x, y)| x.0 == y.0)
            && a.seen.iter().zip(&b.seen).all(|(x, y)| x.0 == y.0)
            && a.open_cells.0 == b.open_cells.0
            && a.open_rows == b.open_rows
    }

    /// Whether the open `cell` has one candidate left by the givens (its peers
    /// hold the eight other digits): then no solution can avoid it.
    pub(in crate::engine) fn is_naked_single(&self, cell: usize) -> bool {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        let candidates = self.state.places.iter();
        candidates
            .filter(|places| places.0[band] & bit != 0)
            .count()
            == 1
    }

    /// Whether these givens have a solution that does not put `digit` (0-based)
    /// in the open `cell`.
    ///
    /// The generator's uniqueness test: with the solution of a unique puzzle known,
    /// clearing a clue keeps the puzzle unique exactly when no solution avoids the
    /// clue's digit there. That is a search for one solution of a more constrained
    /// puzzle, which fails fast, instead of a count to two.
    ///
    /// `near` (a solution of the givens, the one being avoided) orders each guess:
    /// its digit for the cell first. Another solution, when there is one, differs
    /// from it only on a small set of cells, so the search heads for it instead of
    /// wandering through far-off grids: searches that find one were about four
    /// fifths of the generator's search time with the plain lowest-digit-first order.
    pub(in crate::engine) fn has_solution_avoiding(
        &self,
        cell: usize,
        digit: usize,
        near: &Grid,
    ) -> bool {
        debug_assert!(self.state.open_cells.0[cell / 27] & 1 << (cell % 27) != 0);
        let mut state = self.state;
        state.places[digit].0[cell / 27] &= !(1 << (cell % 27));
        let mut search = Search::new(1);
        search.prefer = Some(near.values());
        search.run(&mut state);
        search.count > 0
    }
}

impl Givens {
    /// Puts the solutions of these givens into `solutions` (emptied first),
    /// at most `limit` of them: all of them when fewer come out.
    ///
    /// The generator's vicinity search: a puzzle with one clue taken out has
    /// a few solutions, and which cells they agree on tells at once which
    /// added clue makes it unique again, instead of a count per added clue.
    pub(in crate::engine) fn solutions(&self, limit: usize, solutions: &mut Vec<Grid>) {
        solutions.clear();
        let mut state = self.state;
        let mut search = Search::new(limit);
        search.every = Some(solutions);
        search.run(&mut state);
    }
}

/// The cells that the given `cells` of one digit see.
fn peers_of(cells: Bands) -> Bands {
    let mut seen_by = Bands::EMPTY;
    for band in 0..3 {
        let mut cells = cells.0[band];
        while cells != 0 {
            seen_by |= PEER_CELLS[27 * band + cells.trailing_zeros() as usize];
            cells &= cells - 1;
        }
    }
    seen_by
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search;
    use crate::engine::types::CELLS;

    /// Taking clues out one by one gives, at every point, the state built from
    /// the grid; and a naked single is one exactly when the peers hold eight digits.
    #[test]
    fn removing_clues_matches_building_from_the_grid() {
        let puzzle = Grid::from_values([0; CELLS]);
        let solution = search::solve(&puzzle).solution.unwrap();
        let mut grid = solution;
        let mut givens = Givens::new(&grid).unwrap();
        // A spread-out order: every cell once.
        for step in 0..CELLS {
            let cell = step * 37 % CELLS;
            let digit = grid.values()[cell] as usize - 1;
            givens.remove(cell, digit);
            let mut values = *grid.values();
            values[cell] = 0;
            grid = Grid::from_values(values);
            let built = State::from_givens(&grid).unwrap();
            assert!(
                givens.same_as(&Givens { state: built }),
                "after cell {cell}"
            );
            let peer_digits = (0..CELLS)
                .filter(|&other| PEER_CELLS[cell].0[other / 27] & 1 << (other % 27) != 0)
                .fold(0u16, |seen, other| seen | 1 << values[other]);
            assert_eq!(
                givens.is_naked_single(cell),
                (peer_digits >> 1).count_ones() == 8,
                "cell {cell}"
            );
        }
    }

    /// The solutions listed are distinct solutions, as many as a count finds,
    /// and cut at the limit.
    #[test]
    fn solutions_are_the_counted_ones() {
        let solution = search::solve(&Grid::from_values([0; CELLS]))
            .solution
            .unwrap();
        let mut puzzle = solution;
        let mut givens = Givens::new(&puzzle).unwrap();
        let mut listed = Vec::new();
        for step in 0..60 {
            let cell = step * 37 % CELLS;
            givens.remove(cell, puzzle.values()[cell] as usize - 1);
            puzzle.set(crate::engine::types::Cell::new(cell), None);
        }
        let counted = search::count_solutions(&puzzle, 50).count;
        assert!(counted > 1, "several solutions to list");
        givens.solutions(50, &mut listed);
        assert_eq!(listed.len(), counted);
        assert!(listed.iter().all(|grid| grid.is_solution_of(&puzzle)));
        let mut distinct = listed.clone();
        distinct.sort_by_key(|grid| *grid.values());
        distinct.dedup();
        assert_eq!(distinct.len(), listed.len());
        givens.solutions(2, &mut listed);
        assert_eq!(listed.len(), 2.min(counted));
    }
}
