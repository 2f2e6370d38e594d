//! The board's cells at any [`BoardSize`]: digits marked by who placed them
//! (`[5]` a given, `(5)` the player's, `!5!` a wrong one, so a digit never looks
//! like a candidate, with or without colour), candidates each in their own spot,
//! struck candidates drawn struck, and the highlighting of the selection, its
//! digit, conflicts, wrong digits and the hint on show. The rules and labels are
//! [`super::grid`]'s.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::grid::{self, BoardSize, CellView, GridStyle};
use super::theme::Theme;
use crate::app::review::AuditMark;
use crate::app::state::{CandidateMode, State};
use crate::engine::geometry::Geometry;
use crate::engine::hint::Hint;
use crate::engine::types::CELLS;
use crate::engine::{Board, Candidates, Cell, Digit};

/// What the board highlights, computed once per frame from the state.
pub struct Highlights {
    /// The position's board: digits and the Auto candidates.
    pub board: Board,
    pub conflict: [bool; CELLS],
    pub wrong: [bool; CELLS],
    pub hint_unit: [bool; CELLS],
    /// Pattern cells of the hint, with the candidates that matter.
    pub pattern: [Option<Candidates>; CELLS],
    /// Candidates the hint removes.
    pub removed: [Candidates; CELLS],
    /// Digits the hint places.
    pub target: [Option<Digit>; CELLS],
    /// Candidates the player struck out that the digits still allow (Auto mode).
    pub struck: [Candidates; CELLS],
    /// The two ends of the hint's link on show (← →), candidates drawn reversed.
    pub link_end: [Candidates; CELLS],
}

impl Highlights {
    pub fn of(state: &State) -> Highlights {
        let mut h = Highlights {
            board: state.game.position.board(),
            conflict: [false; CELLS],
            wrong: [false; CELLS],
            hint_unit: [false; CELLS],
            pattern: [None; CELLS],
            removed: [Candidates::NONE; CELLS],
            target: [None; CELLS],
            struck: [Candidates::NONE; CELLS],
            link_end: [Candidates::NONE; CELLS],
        };
        if state.candidates == CandidateMode::Auto {
            let live = Board::with_auto_candidates(&state.game.position.digits());
            for cell in live.open_cells() {
                let struck = state.game.position.struck_in(cell);
                h.struck[cell.index()] = live.candidates(cell).intersection(struck);
            }
        }
        for cell in state.game.position.digits().conflicting_cells() {
            h.conflict[cell.index()] = true;
        }
        for cell in &state.marked_wrong {
            h.wrong[cell.index()] = true;
        }
        let Some(progress) = &state.hint else {
            return h;
        };
        match &progress.hint {
            Hint::Step(step) => {
                for unit in &step.units {
                    for cell in unit.cells() {
                        h.hint_unit[cell.index()] = true;
                    }
                }
                if progress.level >= 2 {
                    for &(cell, digits) in &step.pattern {
                        h.pattern[cell.index()] = Some(digits);
                    }
                }
                if progress.level >= 3 {
                    for &(cell, digit) in &step.eliminations {
                        h.removed[cell.index()] = h.removed[cell.index()].with(digit);
                    }
                    for &(cell, digit) in &step.placements {
                        h.target[cell.index()] = Some(digit);
                    }
                }
            }
            Hint::Guess { cell, digit } if progress.level >= 2 => {
                h.target[cell.index()] = Some(*digit);
            }
            _ => {}
        }
        super::links::highlight_link(state, &mut h);
        h
    }

    /// The background of a cell: selection first, then the hint, then the digit
    /// and the selection's units.
    fn cell_style(&self, state: &State, cell: Cell, theme: Theme) -> Style {
        let i = cell.index();
        let same_digit = state
            .highlighted_digit()
            .is_some_and(|d| state.game.position.digit(cell) == Some(d));
        if cell == state.selected {
            theme.selected()
        } else if state.notes.wrong_move == Some(i) {
            theme.wrong_move()
        } else if !self.link_end[i].is_empty() {
            super::links::end_cell_style(theme)
        } else if self.target[i].is_some() {
            theme.hint_target()
        } else if self.pattern[i].is_some() {
            theme.hint_pattern()
        } else if same_digit {
            theme.same_digit()
        } else if self.hint_unit[i] {
            theme.hint_unit()
        } else if cell.sees(state.selected) {
            theme.peer()
        } else {
            Style::new()
        }
    }

    fn digit_style(&self, state: &State, cell: Cell, theme: Theme) -> Style {
        let i = cell.index();
        if self.conflict[i] || self.wrong[i] {
            theme.wrong()
        } else if state.game.is_given(cell) {
            theme.given()
        } else {
            theme.player()
        }
    }

    fn candidate_style(&self, state: &State, cell: Cell, digit: Digit, theme: Theme) -> Style {
        let i = cell.index();
        let notes = &state.notes;
        if self.wrong[i] {
            // A check found this open cell's marks lacking its digit.
            theme.wrong()
        } else if self.link_end[i].contains(digit) {
            super::links::end_style(theme)
        } else if let Some(mark) = notes.kind_of(i, digit.get()) {
            match mark {
                AuditMark::Missing => theme.audit_missing(),
                AuditMark::Stale => theme.audit_stale(),
                AuditMark::Removable => theme.audit_removable(),
            }
        } else if self.removed[i].contains(digit) {
            theme.candidate_removed()
        } else if self.struck[i].contains(digit) {
            theme.candidate_struck()
        } else if self.target[i] == Some(digit)
            || self.pattern[i].is_some_and(|c| c.contains(digit))
        {
            theme.candidate_key()
        } else if state.highlighted_digit() == Some(digit) {
            theme.candidate_same()
        } else {
            theme.candidate()
        }
    }
}

/// The text of a placed digit: `[5]` given, `(5)` the player's, `!5!` wrong or in conflict.
fn digit_text(h: &Highlights, state: &State, cell: Cell, digit: Digit) -> String {
    let i = cell.index();
    if h.conflict[i] || h.wrong[i] {
        format!("!{digit}!")
    } else if state.game.is_given(cell) {
        format!("[{digit}]")
    } else {
        format!("({digit})")
    }
}

/// Draws the board at `size` into `area` (the layout's rect: row labels, then the grid).
pub fn render(state: &State, size: BoardSize, area: Rect, buf: &mut Buffer, theme: Theme) {
    let plan = size.plan(Geometry::classic());
    let (width, height) = plan.size();
    if area.width < width || area.height < height {
        return;
    }
    let style = GridStyle::of(theme);
    let h = Highlights::of(state);
    grid::draw_board(&plan, area, buf, style, |i| {
        let cell = Cell::new(i);
        let mut view = CellView::blank(h.cell_style(state, cell, theme), theme.candidate());
        if let Some(digit) = state.game.position.digit(cell) {
            view.digit = Some((
                digit_text(&h, state, cell, digit),
                h.digit_style(state, cell, theme),
            ));
            return view;
        }
        let shown = state
            .shown_marks(&h.board, cell)
            .union(h.removed[i])
            .union(h.struck[i])
            // The classic board's notes hold values 1..=9 only: bits 0..9 of the mask.
            .union(Candidates::from_bits(state.notes.missing(i) as u16));
        for digit in shown.iter() {
            view.candidates[digit.index()] = Some(h.candidate_style(state, cell, digit, theme));
        }
        if let Some(digit) = h.target[i] {
            // No room for candidates: the digit a hint places, else the dot.
            view.compact = (digit.to_string(), theme.candidate_key());
        }
        view
    });
}
