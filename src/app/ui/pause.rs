//! The pause screen: the whole board hidden (no peeking while the clock is
//! stopped), two lines saying how to play on.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};

use super::put;
use super::theme::Theme;

/// Covers `area` and says the game is paused.
pub fn render(area: Rect, buf: &mut Buffer, theme: Theme) {
    Clear.render(area, buf);
    let lines = ["Paused: the clock is stopped", "any key plays on, q quits"];
    for (i, line) in lines.iter().enumerate() {
        let x = area.x + area.width.saturating_sub(line.len() as u16) / 2;
        let y = area.y + area.height / 2 + i as u16;
        put(buf, area, x, y, line, theme.title());
    }
}
