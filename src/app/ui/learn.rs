//! Learn mode's view, one for every shape (the classic 9x9 is the geometry of
//! a classic board): the board after the events shown, drawn by the player's
//! grid renderer in the player's theme and layout (row and column labels
//! included; values in the shape's alphabet, `[5]` a given of the start, `(5)`
//! placed since, a guess on the path in its own style), the event's cell and
//! unit (or the cells its singles filled) highlighted and the candidates it
//! strikes drawn struck, and the panel of [`super::learn_panel`]. Pure
//! rendering of a [`LearnState`].
//!
//! What differs between a classic run and a shaped one is only what the
//! engine records of each board: the model reads the board, the heading and
//! the panel's words from each into the same shapes
//! ([`Learning`](crate::app::learn::Learning)), drawn here.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::grid::{self, CellView, GridStyle};
use super::learn_panel::draw_panel;
use super::theme::Theme;
use super::{Layout, fit};
use crate::app::keymap::Binding;
use crate::app::learn::{Highlight, LearnCell, LearnState};
use crate::engine::geometry::{Geometry, value_bit};

/// The narrowest panel beside the board, and the shortest below it: the event
/// texts and the comparison need room, so learn mode takes a smaller board than
/// the player where its panel would be smaller.
pub const PANEL_MIN: (u16, u16) = (36, 16);

/// `style` on a highlighted cell: the highlight wins.
fn highlighted(theme: Theme, style: Style, highlight: Option<Highlight>) -> Style {
    match highlight {
        None => style,
        Some(Highlight::Source) => style.patch(theme.event_source()),
        Some(Highlight::Contradiction) => style.patch(theme.event_contradiction()),
        Some(Highlight::Unit) => style.patch(theme.event_unit()),
    }
}

/// Draws learn mode in the player's theme, at the biggest board that leaves
/// the panel [`PANEL_MIN`] columns beside it or lines below it.
pub fn render(learn: &LearnState, table: &[Binding], theme: Theme, area: Rect, buf: &mut Buffer) {
    let run = learn.run();
    let geometry = run.geometry();
    let Layout::Board {
        size,
        title,
        board,
        panel,
    } = Layout::with_panel(area, geometry, PANEL_MIN)
    else {
        return super::render_too_small(area, buf, geometry);
    };
    let heading = format!("pencilmark · learn mode · {}", run.heading());
    Line::styled(fit(&heading, title.width as usize), theme.title()).render(title, buf);
    let cells = run.cells();
    let plan = size.plan(geometry);
    grid::draw_board(&plan, board, buf, GridStyle::of(theme), |cell| {
        cell_view(geometry, &cells[cell], theme)
    });
    if panel.height == 0 {
        return;
    }
    let end = learn.at_end().then(|| run.end(panel.width as usize));
    draw_panel(learn, &run.head(), end, table, panel, buf, theme);
}

/// One cell of the learn board: the value, the candidates left, and the ones
/// the current event strikes, drawn struck (an `x` where there is no room).
fn cell_view(geometry: &Geometry, cell: &LearnCell, theme: Theme) -> CellView {
    let with = |style: Style| highlighted(theme, style, cell.highlight);
    let mut view = CellView::blank(with(Style::new()), with(theme.candidate()));
    for value in 1..=geometry.side() as u8 {
        let bit = value_bit(value);
        view.candidates[value as usize - 1] = if cell.struck & bit != 0 {
            Some(with(theme.candidate_removed()))
        } else if cell.value == 0 && cell.candidates & bit != 0 {
            Some(with(theme.candidate()))
        } else {
            None
        };
    }
    if cell.value != 0 {
        let symbol = geometry.alphabet().symbol(cell.value);
        let (text, style) = if cell.given {
            (format!("[{symbol}]"), theme.given())
        } else if cell.guessed {
            (format!("({symbol})"), theme.guessed())
        } else {
            (format!("({symbol})"), theme.player())
        };
        view.digit = Some((text, with(style)));
    } else if cell.struck != 0 {
        view.compact = ("x".to_string(), with(theme.candidate_removed()));
    }
    view
}
