//! The overlays: the help (written from the key table), the "solve?" question
//! and the win screen. Their key lines come from the same table that dispatches.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::clock;
use super::theme::Theme;
use crate::app::keymap::{Context, help_rows};
use crate::app::state::State;

/// A box of `width` x `height` centred in `area` (shrunk to fit), cleared, with a title.
fn popup(area: Rect, buf: &mut Buffer, width: u16, height: u16, title: &str) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(rect, buf);
    let block = Block::bordered().title(format!(" {title} "));
    let inner = block.inner(rect);
    block.render(rect, buf);
    inner
}

/// The key lines of one context, `keys` padded to at least `key_width`.
fn key_lines(context: Context, key_width: usize, theme: Theme) -> Vec<Line<'static>> {
    let rows: Vec<_> = help_rows()
        .into_iter()
        .filter(|row| row.context == context)
        .collect();
    let key_width = rows
        .iter()
        .map(|row| row.keys.chars().count() + 2)
        .max()
        .unwrap_or(0)
        .max(key_width);
    rows.into_iter()
        .map(|row| {
            Line::from(vec![
                Span::styled(format!("{:<key_width$}", row.keys), theme.title()),
                Span::raw(row.help),
            ])
        })
        .collect()
}

/// The help overlay: every key of the board, from the key table.
pub fn render_help(area: Rect, buf: &mut Buffer, theme: Theme) {
    let mut lines = key_lines(Context::Board, 22, theme);
    lines.push(Line::from(vec![
        Span::styled(format!("{:<22}", "mouse click"), theme.title()),
        Span::raw("select a cell"),
    ]));
    lines.push(Line::raw(""));
    lines.extend(key_lines(Context::Help, 22, theme));
    let height = lines.len() as u16 + 2;
    let inner = popup(area, buf, 78, height, "Keys");
    Paragraph::new(lines).render(inner, buf);
}

/// The "solve the board?" question, with its keys from the table.
pub fn render_confirm(area: Rect, buf: &mut Buffer, theme: Theme) {
    let mut lines = vec![
        Line::styled("Fill in the whole solution?", theme.title()),
        Line::raw(""),
    ];
    lines.extend(key_lines(Context::ConfirmSolve, 14, theme));
    let inner = popup(area, buf, 44, lines.len() as u16 + 2, "Solve");
    Paragraph::new(lines).render(inner, buf);
}

/// The win screen: time, hints used, the level's statistics, the keys for what next.
pub fn render_won(state: &State, area: Rect, buf: &mut Buffer, theme: Theme) {
    let game = &state.game;
    let mut lines = Vec::new();
    if game.solved_by_computer {
        lines.push(Line::styled("Solved by the computer.", theme.title()));
    } else if game.assists.is_unaided() {
        lines.push(Line::styled("Solved unaided! Well done.", theme.title()));
    } else {
        lines.push(Line::styled("Solved, with help.", theme.title()));
    }
    lines.push(Line::raw(format!("Time {}", clock(game.elapsed_ms))));
    if !game.assists.is_unaided() {
        lines.push(Line::raw(format!("Assists: {}", game.assists.describe())));
    }
    lines.push(Line::raw(""));
    let level = game.grade.map(|g| g.level);
    match state.stats.level(level) {
        Some(s) if s.finished > 0 => {
            let name = level.map_or("ungraded", |l| l.key());
            lines.push(Line::styled(format!("Your {name} games"), theme.label()));
            lines.push(Line::raw(format!(
                "finished {}  unaided {}",
                s.finished, s.unaided
            )));
            let time = |ms: Option<u64>| ms.map_or("--:--".to_string(), clock);
            lines.push(Line::raw(format!(
                "unaided best {}  average {}",
                time(s.best_ms),
                time(s.average_ms())
            )));
        }
        _ => lines.push(Line::raw("Not counted in the statistics.")),
    }
    lines.push(Line::raw(""));
    lines.extend(key_lines(Context::Won, 8, theme));
    let inner = popup(area, buf, 46, lines.len() as u16 + 2, "Solved");
    Paragraph::new(lines).render(inner, buf);
}
