//! The player's board, one renderer for every shape (the classic 9x9 is the
//! geometry of a classic board): values in the shape's alphabet marked by who
//! placed them (`[5]` a given, `(5)` the player's, `!5!` a wrong one, so a value
//! never looks like a candidate, with or without colour), candidates each in
//! their spot of the shape's pencil grid, struck candidates drawn struck, the
//! extra units (X diagonals, Windoku windows) shaded, and the highlighting of
//! the selection, its peers, its value, conflicts, wrong values and the hint on
//! show. Rules, labels and where everything goes are [`super::grid`]'s.
//!
//! What differs between the classic game and a shaped one is only where the
//! position and the hint come from ([`OnScreen::of`], [`Highlights::of`]): the
//! two games and the engine's two hint types; everything drawn reads cell
//! indices and value masks.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::grid::{self, BoardSize, CellView, GridStyle};
use super::theme::Theme;
use crate::app::position::Position;
use crate::app::review::AuditMark;
use crate::app::state::{CandidateMode, HintProgress, State};
use crate::engine::geometry::{Geometry, ValueMask, value_bit};
use crate::engine::hint::Hint;
use crate::engine::logic::Basis;

/// The game on screen, read alike on every shape.
struct OnScreen<'a> {
    geometry: &'a Geometry,
    position: &'a Position,
    /// Row-major givens, 0 for blank.
    givens: &'a [u8],
    selected: usize,
    /// The value highlighted across the board: the one asked for with `f`,
    /// else the selected cell's.
    same: Option<u8>,
}

impl<'a> OnScreen<'a> {
    fn of(state: &'a State) -> OnScreen<'a> {
        let game = &state.game;
        OnScreen {
            geometry: &game.geometry,
            position: &game.position,
            givens: &game.givens,
            selected: state.selected,
            same: state
                .highlight
                .or(Some(game.position.values[state.selected]).filter(|&v| v != 0)),
        }
    }
}

/// What the board highlights, computed once per frame from the state. Cells
/// are row-major indices, candidates bit `v - 1` of a [`ValueMask`].
pub struct Highlights {
    pub conflict: Vec<bool>,
    pub wrong: Vec<bool>,
    pub hint_unit: Vec<bool>,
    /// Pattern cells of the hint, with the candidates that matter (none named
    /// by a shaped step, whose pattern is cells).
    pub pattern: Vec<Option<ValueMask>>,
    /// Candidates the hint removes.
    pub removed: Vec<ValueMask>,
    /// The value the hint places (0: none).
    pub target: Vec<u8>,
    /// Candidates the player struck out that the values still allow (Auto mode).
    pub struck: Vec<ValueMask>,
    /// The two ends of the hint's link on show (← →), candidates drawn reversed.
    pub link_end: Vec<ValueMask>,
}

impl Highlights {
    fn of(state: &State, game: &OnScreen) -> Highlights {
        let (geometry, position) = (game.geometry, game.position);
        let cells = geometry.cells();
        let mut h = Highlights {
            conflict: position.conflicts(geometry),
            wrong: vec![false; cells],
            hint_unit: vec![false; cells],
            pattern: vec![None; cells],
            removed: vec![0; cells],
            target: vec![0; cells],
            struck: vec![0; cells],
            link_end: vec![0; cells],
        };
        if state.candidates == CandidateMode::Auto {
            for cell in 0..cells {
                h.struck[cell] = position.live_candidates(geometry, cell) & position.struck[cell];
            }
        }
        for &cell in &state.marked_wrong {
            h.wrong[cell] = true;
        }
        // The hint was found by the game's ladder, and is drawn by it.
        if let Some(progress) = &state.hint {
            match state.game.is_classic() {
                true => {
                    h.classic_hint(progress);
                    super::links::highlight_link(state, &mut h);
                }
                false => h.shaped_hint(state, progress),
            }
        }
        h
    }

    /// The classic ladder's hint on show.
    fn classic_hint(&mut self, progress: &HintProgress) {
        let Hint::Step(step) = &progress.hint else {
            return;
        };
        for unit in &step.units {
            for cell in unit.cells() {
                self.hint_unit[cell.index()] = true;
            }
        }
        if progress.level >= 2 {
            for &(cell, digits) in &step.pattern {
                self.pattern[cell.index()] = Some(digits.bits());
            }
        }
        if progress.level >= 3 {
            for &(cell, digit) in &step.eliminations {
                self.removed[cell.index()] |= value_bit(digit.get());
            }
        }
        // A guess's summary (level 2) already names its cell.
        let placed_from = if step.basis == Basis::Guess { 2 } else { 3 };
        if progress.level >= placed_from {
            for &(cell, digit) in &step.placements {
                self.target[cell.index()] = digit.get();
            }
        }
    }

    /// The shaped ladder's hint on show, and its link when ← → step through them.
    fn shaped_hint(&mut self, state: &State, progress: &HintProgress) {
        let game = &state.game;
        let Hint::Step(step) = &progress.hint else {
            return;
        };
        for &unit in &step.units {
            for &cell in &game.geometry.unit(unit).cells {
                self.hint_unit[cell] = true;
            }
        }
        if progress.level >= 2 {
            for cell in step.pattern_cells() {
                self.pattern[cell.index()] = Some(0);
            }
        }
        if progress.level >= 3 {
            for &(cell, value) in &step.eliminations {
                self.removed[cell.index()] |= value_bit(value.get());
            }
            for &(cell, value) in &step.placements {
                self.target[cell.index()] = value.get();
            }
        }
        super::links::highlight_shaped_link(state, step, self);
    }

    /// The background of a cell: selection first, then the hint, then the
    /// value, the selection's peers and the extra units.
    fn cell_style(&self, state: &State, game: &OnScreen, cell: usize, theme: Theme) -> Style {
        let value = game.position.values[cell];
        if cell == game.selected {
            theme.selected()
        } else if state.notes.wrong_move == Some(cell) {
            theme.wrong_move()
        } else if self.link_end[cell] != 0 {
            super::links::end_cell_style(theme)
        } else if self.target[cell] != 0 {
            theme.hint_target()
        } else if self.pattern[cell].is_some() {
            theme.hint_pattern()
        } else if game.same.is_some_and(|v| value == v) {
            theme.same_digit()
        } else if self.hint_unit[cell] {
            theme.hint_unit()
        } else if game.geometry.sees(cell, game.selected) {
            theme.peer()
        } else if game.geometry.in_extra_unit(cell) {
            theme.extra_unit()
        } else {
            Style::new()
        }
    }

    /// A placed value's text and style: `[5]` given, `(5)` the player's, `!5!`
    /// wrong or in conflict.
    fn value_text(&self, game: &OnScreen, cell: usize, theme: Theme) -> (String, Style) {
        let symbol = game.geometry.alphabet().symbol(game.position.values[cell]);
        if self.conflict[cell] || self.wrong[cell] {
            (format!("!{symbol}!"), theme.wrong())
        } else if game.givens[cell] != 0 {
            (format!("[{symbol}]"), theme.given())
        } else {
            (format!("({symbol})"), theme.player())
        }
    }

    fn candidate_style(
        &self,
        state: &State,
        game: &OnScreen,
        cell: usize,
        value: u8,
        theme: Theme,
    ) -> Style {
        let bit = value_bit(value);
        if self.wrong[cell] {
            // A check found this open cell's marks lacking its value.
            theme.wrong()
        } else if self.link_end[cell] & bit != 0 {
            super::links::end_style(theme)
        } else if let Some(mark) = state.notes.kind_of(cell, value) {
            match mark {
                AuditMark::Missing => theme.audit_missing(),
                AuditMark::Stale => theme.audit_stale(),
                AuditMark::Removable => theme.audit_removable(),
            }
        } else if self.removed[cell] & bit != 0 {
            theme.candidate_removed()
        } else if self.struck[cell] & bit != 0 {
            theme.candidate_struck()
        } else if self.target[cell] == value || self.pattern[cell].is_some_and(|m| m & bit != 0) {
            theme.candidate_key()
        } else if game.same == Some(value) {
            theme.candidate_same()
        } else {
            theme.candidate()
        }
    }

    /// What `cell` shows: its value, or the candidates on show under the
    /// mode with those the hint, a strike or an audit is about.
    fn cell_view(&self, state: &State, game: &OnScreen, cell: usize, theme: Theme) -> CellView {
        let mut view =
            CellView::blank(self.cell_style(state, game, cell, theme), theme.candidate());
        let position = game.position;
        if position.values[cell] != 0 {
            view.digit = Some(self.value_text(game, cell, theme));
            return view;
        }
        let shown = position.shown_marks(game.geometry, state.candidates, cell)
            | self.removed[cell]
            | self.struck[cell]
            | state.notes.missing(cell);
        for value in 1..=game.geometry.side() as u8 {
            if shown & value_bit(value) != 0 {
                view.candidates[value as usize - 1] =
                    Some(self.candidate_style(state, game, cell, value, theme));
            }
        }
        if self.target[cell] != 0 {
            // No room for candidates: the value a hint places, else the dot.
            let symbol = game.geometry.alphabet().symbol(self.target[cell]);
            view.compact = (symbol.to_string(), theme.candidate_key());
        }
        view
    }
}

/// Draws the board of the game on screen, whatever its shape, at `size` into
/// `area` (the layout's rect: row labels, then the grid).
pub fn render(state: &State, size: BoardSize, area: Rect, buf: &mut Buffer, theme: Theme) {
    let game = OnScreen::of(state);
    let plan = size.plan(game.geometry);
    let (width, height) = plan.size();
    if area.width < width || area.height < height {
        return;
    }
    let h = Highlights::of(state, &game);
    grid::draw_board(&plan, area, buf, GridStyle::of(theme), |cell| {
        h.cell_view(state, &game, cell, theme)
    });
}
