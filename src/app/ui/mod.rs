//! The view: a pure function of the state ([`impl Widget for &State`](State)).
//! It picks a layout for the terminal's size, draws the board and the panel, then
//! any overlay on top. It never changes the state and never panics on a small area.

pub mod board;
pub mod grid;
pub mod help;
pub mod learn;
mod learn_panel;
pub mod links;
pub mod new_game;
pub mod panel;
pub mod pause;
pub mod replay;
pub mod theme;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::keymap;
use super::state::{Overlay, State};
use crate::engine::geometry::Geometry;
pub use grid::BoardSize;
use theme::Theme;

/// The panel's narrowest width beside the board, and its widest.
pub const PANEL_WIDTH: (u16, u16) = (20, 52);
/// The fewest panel lines worth putting under the board (a tall, narrow window).
pub const PANEL_BELOW_MIN: u16 = 10;
/// Columns between the board and a panel beside it.
const GAP: u16 = 2;
/// The smallest terminal that shows `geometry`'s board: below this (and with no
/// room to put the panel under the compact board) nothing but "terminal too
/// small" is drawn. 62 x 20 for the classic 9x9.
pub fn min_size(geometry: &Geometry) -> (u16, u16) {
    let (w, h) = BoardSize::Compact.plan(geometry).size();
    (w + GAP + PANEL_WIDTH.0, h + 1)
}

/// The smallest terminal that shows `geometry`'s compact board with the panel
/// under it (a narrower, taller window than [`min_size`]; 103 x 43 for 25x25).
pub fn min_size_panel_below(geometry: &Geometry) -> (u16, u16) {
    let (w, h) = BoardSize::Compact.plan(geometry).size();
    (w, h + 2 + PANEL_BELOW_MIN)
}

/// Where things go for a terminal size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// The board at `size` with the title above and the panel beside or below it;
    /// the whole centred in the terminal.
    Board {
        size: BoardSize,
        title: Rect,
        board: Rect,
        panel: Rect,
    },
    TooSmall,
}

impl Layout {
    /// The biggest board that fits with the panel beside it, or below it in a
    /// tall narrow window; the compact board only where nothing else fits.
    pub fn for_area(area: Rect) -> Layout {
        Layout::for_shape(area, Geometry::classic())
    }

    /// The same choice for a board of `geometry`.
    pub fn for_shape(area: Rect, geometry: &Geometry) -> Layout {
        Layout::choose(area, geometry, (PANEL_WIDTH.0, PANEL_BELOW_MIN))
    }

    /// The same choice for a panel at least `panel_min.0` columns wide beside
    /// the board, or `panel_min.1` lines tall below it (learn mode, whose panel
    /// explains each event, asks for more).
    pub fn with_panel(area: Rect, geometry: &Geometry, panel_min: (u16, u16)) -> Layout {
        Layout::choose(area, geometry, panel_min)
    }

    fn choose(area: Rect, geometry: &Geometry, panel_min: (u16, u16)) -> Layout {
        let (panel_min, below_min) = panel_min;
        let (w, h) = (area.width, area.height);
        for size in BoardSize::ALL {
            let (bw, bh) = size.plan(geometry).size();
            if w >= bw + GAP + panel_min && h > bh {
                let panel_w = (w - bw - GAP).min(PANEL_WIDTH.1);
                let (x, y) = centred(area, bw + GAP + panel_w, bh + 1);
                return Layout::Board {
                    size,
                    title: Rect::new(x, y, bw + GAP + panel_w, 1),
                    board: Rect::new(x, y + 1, bw, bh),
                    panel: Rect::new(x + bw + GAP, y + 1, panel_w, bh),
                };
            }
            if w >= bw && h >= bh + 2 + below_min {
                let panel_h = (h - bh - 2).min(2 * below_min);
                let (x, y) = centred(area, bw, bh + 2 + panel_h);
                return Layout::Board {
                    size,
                    title: Rect::new(x, y, bw, 1),
                    board: Rect::new(x, y + 1, bw, bh),
                    panel: Rect::new(x, y + bh + 2, bw, panel_h),
                };
            }
        }
        Layout::TooSmall
    }
}

/// The top left of a `width` x `height` block centred in `area`.
fn centred(area: Rect, width: u16, height: u16) -> (u16, u16) {
    (
        area.x + area.width.saturating_sub(width) / 2,
        area.y + area.height.saturating_sub(height) / 2,
    )
}

/// Draws the whole screen into a frame.
pub fn render(state: &State, frame: &mut Frame) {
    frame.render_widget(state, frame.area());
}

impl Widget for &State {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = Theme::named(if self.color {
            self.theme
        } else {
            theme::ThemeName::Mono
        });
        if let Some(learn) = &self.learn {
            learn::render(learn, &keymap::bindings(self), theme, area, buf);
            if self.overlay == Overlay::Help {
                help::render_help(self, area, buf, theme);
            }
            return;
        }
        if let Some(view) = &self.replay {
            return replay::render(view, &crate::app::keymap::bindings(self), theme, area, buf);
        }
        match Layout::for_shape(area, self.geometry()) {
            Layout::Board {
                size,
                title,
                board,
                panel,
            } => {
                render_title(self, title, buf, theme);
                board::render(self, size, board, buf, theme);
                panel::render(self, panel, buf, theme);
            }
            Layout::TooSmall => {
                render_too_small(area, buf, self.geometry());
                return;
            }
        }
        match self.overlay {
            Overlay::None => {}
            Overlay::Help => help::render_help(self, area, buf, theme),
            Overlay::ConfirmSolve => help::render_confirm(self, area, buf, theme),
            Overlay::Won => help::render_won(self, area, buf, theme),
            Overlay::Paused => pause::render(area, buf, theme),
            Overlay::NewGame => new_game::render(self, area, buf, theme),
            // Drawn instead of the board, above.
            Overlay::Replay => {}
        }
    }
}

/// The classic cell under a mouse click at terminal column `x`, row `y`, if any.
pub fn cell_at(area: Rect, x: u16, y: u16) -> Option<crate::engine::Cell> {
    let (row, col) = cell_on(area, Geometry::classic(), x, y)?;
    Some(crate::engine::Cell::at(row, col))
}

/// The cell under a mouse click at terminal column `x`, row `y`, if any, as
/// (row, column) on the board of `geometry`.
pub fn cell_on(area: Rect, geometry: &Geometry, x: u16, y: u16) -> Option<(usize, usize)> {
    match Layout::for_shape(area, geometry) {
        Layout::Board { size, board, .. } => {
            let cell = size.plan(geometry).cell_at(board, x, y)?;
            Some((geometry.row_of(cell), geometry.col_of(cell)))
        }
        Layout::TooSmall => None,
    }
}

fn render_title(state: &State, area: Rect, buf: &mut Buffer, theme: Theme) {
    let mut text = String::from("pencilmark");
    if !state.game.name.is_empty() {
        text.push_str(" · ");
        text.push_str(&state.game.name);
    }
    Line::styled(fit(&text, area.width as usize), theme.title()).render(area, buf);
}

/// `text` cut to `width` characters, the last one an ellipsis when anything is cut.
pub fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    if width > 0 {
        cut.push('…');
    }
    cut
}

pub(crate) fn render_too_small(area: Rect, buf: &mut Buffer, geometry: &Geometry) {
    let (width, height) = min_size(geometry);
    let (narrow, tall) = min_size_panel_below(geometry);
    let shape = if geometry.is_classic() {
        String::new()
    } else {
        format!(" for a {} board", geometry.name())
    };
    let text = format!(
        "terminal too small{shape}: need {width} x {height}, have {} x {} ({narrow} x {tall} \
         also does, with the panel under the board). Enlarge the window, or press q to quit \
         (the game is saved).",
        area.width, area.height
    );
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

/// Writes `text` at (`x`, `y`) clipped to `area`: never out of bounds.
pub(crate) fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) {
    let area = area.intersection(buf.area);
    if y < area.y || y >= area.bottom() || x < area.x || x >= area.right() {
        return;
    }
    let room = (area.right() - x) as usize;
    buf.set_stringn(x, y, text, room, style);
}

/// Adds `style` to every cell of `rect` (clipped to the buffer).
pub(crate) fn paint(buf: &mut Buffer, rect: Rect, style: Style) {
    let rect = rect.intersection(buf.area);
    buf.set_style(rect, style);
}

/// `mm:ss`, or `h:mm:ss` past an hour.
pub fn clock(millis: u64) -> String {
    let secs = millis / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}
