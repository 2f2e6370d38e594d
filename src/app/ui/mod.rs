//! The view: a pure function of the state ([`impl Widget for &State`](State)).
//! It picks a layout for the terminal's size, draws the board and the panel, then
//! any overlay on top. It never changes the state and never panics on a small area.

pub mod board;
pub mod help;
pub mod learn;
pub mod panel;
pub mod pause;
pub mod theme;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::state::{Overlay, State};
use crate::engine::Cell;
use theme::Theme;

/// The big board: 9 cells of 7x3 (candidates in a 3x3 grid) and 10 border lines each way.
pub const FULL_BOARD: (u16, u16) = (73, 37);
/// The compact board: one line per row, cells 3 wide.
pub const COMPACT_BOARD: (u16, u16) = (37, 19);
/// The big layout needs this much (board, panel, title line).
pub const FULL_MIN: (u16, u16) = (100, 38);
/// Below this nothing but "terminal too small" is drawn.
pub const MIN: (u16, u16) = (64, 20);

/// Where things go for a terminal size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// Candidates drawn inside the cells.
    Full {
        title: Rect,
        board: Rect,
        panel: Rect,
    },
    /// One line per row; the selected cell's candidates are in the panel.
    Compact {
        title: Rect,
        board: Rect,
        panel: Rect,
    },
    TooSmall,
}

impl Layout {
    pub fn for_area(area: Rect) -> Layout {
        let (w, h) = (area.width, area.height);
        let split = |(bw, bh): (u16, u16)| {
            let title = Rect::new(area.x, area.y, w, 1);
            let board = Rect::new(area.x, area.y + 1, bw, bh);
            let panel = Rect::new(area.x + bw + 2, area.y + 1, w - bw - 2, h - 1);
            (title, board, panel)
        };
        if w >= FULL_MIN.0 && h >= FULL_MIN.1 {
            let (title, board, panel) = split(FULL_BOARD);
            Layout::Full {
                title,
                board,
                panel,
            }
        } else if w >= MIN.0 && h >= MIN.1 {
            let (title, board, panel) = split(COMPACT_BOARD);
            Layout::Compact {
                title,
                board,
                panel,
            }
        } else {
            Layout::TooSmall
        }
    }
}

/// Draws the whole screen into a frame.
pub fn render(state: &State, frame: &mut Frame) {
    frame.render_widget(state, frame.area());
}

impl Widget for &State {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if let Some(learn) = &self.learn {
            return learn.as_ref().render(area, buf);
        }
        let theme = Theme::new(self.color);
        let layout = Layout::for_area(area);
        match layout {
            Layout::Full {
                title,
                board,
                panel,
            } => {
                render_title(self, title, buf, theme);
                board::render_full(self, board, buf, theme);
                panel::render(self, panel, buf, theme);
            }
            Layout::Compact {
                title,
                board,
                panel,
            } => {
                render_title(self, title, buf, theme);
                board::render_compact(self, board, buf, theme);
                panel::render(self, panel, buf, theme);
            }
            Layout::TooSmall => {
                render_too_small(area, buf);
                return;
            }
        }
        match self.overlay {
            Overlay::None => {}
            Overlay::Help => help::render_help(area, buf, theme),
            Overlay::ConfirmSolve => help::render_confirm(area, buf, theme),
            Overlay::Won => help::render_won(self, area, buf, theme),
            Overlay::Paused => pause::render(area, buf, theme),
        }
    }
}

/// The cell under a mouse click at terminal column `x`, row `y`, if any.
pub fn cell_at(area: Rect, x: u16, y: u16) -> Option<Cell> {
    let (board, (step_x, step_y)) = match Layout::for_area(area) {
        Layout::Full { board, .. } => (board, (8, 4)),
        Layout::Compact { board, .. } => (board, (4, 2)),
        Layout::TooSmall => return None,
    };
    if x <= board.x || y <= board.y {
        return None;
    }
    let (col, row) = ((x - board.x - 1) / step_x, (y - board.y - 1) / step_y);
    (row < 9 && col < 9).then(|| Cell::at(row as usize, col as usize))
}

fn render_title(state: &State, area: Rect, buf: &mut Buffer, theme: Theme) {
    let mut text = String::from("pencilmark");
    if !state.game.name.is_empty() {
        text.push_str(" · ");
        text.push_str(&state.game.name);
    }
    Line::styled(text, theme.title()).render(area, buf);
}

fn render_too_small(area: Rect, buf: &mut Buffer) {
    let text = format!(
        "terminal too small: need {} x {}, have {} x {}; {}",
        MIN.0,
        MIN.1,
        area.width,
        area.height,
        crate::app::keymap::TOO_SMALL_KEYS
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
