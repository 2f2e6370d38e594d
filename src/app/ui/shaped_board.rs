//! The board of a shaped game ([`ShapedGame`]), drawn by the one grid renderer
//! from its geometry: values in the shape's alphabet marked as on the classic
//! board (`[A]` a given, `(A)` the player's, `!A!` wrong), candidates each in
//! their spot of the shape's pencil grid, the extra units (X diagonals, Windoku
//! windows) shaded, and the selection, its peers, its value and the hint on show
//! highlighted. Thick rules between regions are [`super::grid`]'s.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::grid::{self, BoardSize, CellView, GridStyle};
use super::theme::Theme;
use crate::app::links::shaped_link_count;
use crate::app::review::AuditMark;
use crate::app::shaped::ShapedGame;
use crate::app::state::{CandidateMode, State};
use crate::engine::geometry::logic::{ShapeHint, links};
use crate::engine::geometry::{ValueMask, value_bit};

/// What the board highlights, computed once per frame.
struct Highlights {
    conflict: Vec<bool>,
    wrong: Vec<bool>,
    hint_unit: Vec<bool>,
    pattern: Vec<bool>,
    /// Candidates the hint removes (bit `v - 1`).
    removed: Vec<ValueMask>,
    /// Values the hint places.
    target: Vec<u8>,
    /// The two ends of the hint's link on show (← →), drawn reversed.
    link_end: Vec<ValueMask>,
}

impl Highlights {
    fn of(state: &State, game: &ShapedGame) -> Highlights {
        let cells = game.geometry.cells();
        let mut h = Highlights {
            conflict: game.position.conflicts(&game.geometry),
            wrong: vec![false; cells],
            hint_unit: vec![false; cells],
            pattern: vec![false; cells],
            removed: vec![0; cells],
            target: vec![0; cells],
            link_end: vec![0; cells],
        };
        for &cell in &game.marked_wrong {
            h.wrong[cell] = true;
        }
        let Some(progress) = &game.hint else {
            return h;
        };
        if let ShapeHint::Step(step) = &progress.hint {
            for &unit in &step.units {
                for &cell in &game.geometry.units()[unit].cells {
                    h.hint_unit[cell] = true;
                }
            }
            if progress.level >= 2 {
                for &cell in &step.pattern {
                    h.pattern[cell] = true;
                }
            }
            if progress.level >= 3 {
                for &(cell, value) in &step.eliminations {
                    h.removed[cell] |= value_bit(value);
                }
                for &(cell, value) in &step.placements {
                    h.target[cell] = value;
                }
            }
            if let (Some(at), Some(_)) = (state.hint_link, shaped_link_count(game))
                && let Some(link) = step.links.get(at)
            {
                // Only the unit that links the two ends stays shaded.
                h.hint_unit = vec![false; cells];
                let marks = game.hint_marks(state.candidates);
                if let Some(unit) = links::kind(&marks, link).and_then(|k| k.unit()) {
                    for &cell in &game.geometry.units()[unit].cells {
                        h.hint_unit[cell] = true;
                    }
                }
                for (cell, value) in [link.from, link.to] {
                    h.link_end[cell] |= value_bit(value);
                }
            }
        }
        h
    }
}

/// The value the board highlights: the one asked for with `f`, else the selected cell's.
fn highlighted_value(game: &ShapedGame) -> Option<u8> {
    game.highlight
        .or(Some(game.position.values[game.selected]).filter(|&v| v != 0))
}

/// Draws the shaped board at `size` into `area` (the layout's rect).
pub fn render(
    state: &State,
    game: &ShapedGame,
    size: BoardSize,
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
) {
    let geometry = &game.geometry;
    let plan = size.plan(geometry);
    let (width, height) = plan.size();
    if area.width < width || area.height < height {
        return;
    }
    let style = GridStyle::of(theme);
    let h = Highlights::of(state, game);
    let same = highlighted_value(game);
    let values = &game.position.values;
    grid::draw_board(&plan, area, buf, style, |cell| {
        let background = if cell == game.selected {
            theme.selected()
        } else if state.notes.wrong_move == Some(cell) {
            theme.wrong_move()
        } else if h.link_end[cell] != 0 {
            super::links::end_cell_style(theme)
        } else if h.target[cell] != 0 {
            theme.hint_target()
        } else if h.pattern[cell] {
            theme.hint_pattern()
        } else if same.is_some_and(|v| values[cell] == v) {
            theme.same_digit()
        } else if h.hint_unit[cell] {
            theme.hint_unit()
        } else if geometry.sees(cell, game.selected) {
            theme.peer()
        } else if geometry.in_extra_unit(cell) {
            theme.extra_unit()
        } else {
            Style::new()
        };
        let mut view = CellView::blank(background, theme.candidate());
        let value = values[cell];
        if value != 0 {
            let symbol = game.symbol(value);
            let (text, style) = if h.conflict[cell] || h.wrong[cell] {
                (format!("!{symbol}!"), theme.wrong())
            } else if game.is_given(cell) {
                (format!("[{symbol}]"), theme.given())
            } else {
                (format!("({symbol})"), theme.player())
            };
            view.digit = Some((text, style));
            return view;
        }
        let live = game.position.live_candidates(geometry, cell);
        let (shown, struck) = match state.candidates {
            CandidateMode::Auto => (live, live & game.position.struck[cell]),
            CandidateMode::Manual => (game.position.marks[cell], 0),
            CandidateMode::Hidden => (0, 0),
        };
        let notes = &state.notes;
        let missing = notes.missing(cell);
        for v in 1..=geometry.side() as u8 {
            let bit = value_bit(v);
            if (shown | h.removed[cell] | missing) & bit == 0 {
                continue;
            }
            view.candidates[v as usize - 1] = Some(if h.link_end[cell] & bit != 0 {
                super::links::end_style(theme)
            } else if let Some(kind) = notes.kind_of(cell, v) {
                match kind {
                    AuditMark::Missing => theme.audit_missing(),
                    AuditMark::Stale => theme.audit_stale(),
                    AuditMark::Removable => theme.audit_removable(),
                }
            } else if h.removed[cell] & bit != 0 {
                theme.candidate_removed()
            } else if struck & bit != 0 {
                theme.candidate_struck()
            } else if h.target[cell] == v {
                theme.candidate_key()
            } else if same == Some(v) {
                theme.candidate_same()
            } else {
                theme.candidate()
            });
        }
        if h.target[cell] != 0 {
            // No room for candidates: the value a hint places, else the dot.
            view.compact = (
                game.symbol(h.target[cell]).to_string(),
                theme.candidate_key(),
            );
        }
        view
    });
}
