//! The new-game screen: the level, the rows to open (bundled, generated, the
//! famous puzzles, a pasted one, a restart, the saved games with their level,
//! progress and time), the question or paste line when open, and the keys.
//! Rows that do not fit scroll with the cursor.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::clock;
use super::theme::Theme;
use crate::app::keymap::{Context, bindings, help_rows_of};
use crate::app::menu::{NewGameMenu, Question, Row};
use crate::app::state::State;
use crate::engine::types::CELLS;

fn row_text(menu: &NewGameMenu, row: &Row) -> String {
    let level = capitalised(menu.level.key());
    match row {
        Row::Bundled => format!("b  a bundled {level} puzzle"),
        Row::Generated => format!("g  a newly generated {level} puzzle"),
        Row::Famous(i) => format!("f  {}", menu.famous[*i]),
        Row::Paste => "p  paste or type a puzzle".to_string(),
        Row::Restart => "r  restart this puzzle".to_string(),
        Row::Saved(i) => {
            let game = &menu.saved[*i];
            let level = game
                .level
                .map_or("ungraded".to_string(), |l| capitalised(l.key()));
            let state = if game.finished {
                "solved".to_string()
            } else {
                format!("{}/{CELLS}", game.filled)
            };
            let name = if game.name.is_empty() {
                game.givens.to_line()[..12].to_string() + "…"
            } else {
                game.name.clone()
            };
            format!(
                "c  {level:<9} {state:>6}  {:>8}  {name}",
                clock(game.elapsed_ms)
            )
        }
    }
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

/// Draws the screen over `area`.
pub fn render(state: &State, area: Rect, buf: &mut Buffer, theme: Theme) {
    let Some(menu) = &state.menu else {
        return;
    };
    let width = area.width.min(76);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y,
        width,
        area.height,
    );
    Clear.render(rect, buf);
    let block = Block::bordered().title(" New game ");
    let inner = block.inner(rect);
    block.render(rect, buf);

    let mut top = vec![Line::from(vec![
        Span::styled("Level  ", theme.label()),
        Span::styled(
            format!("< {} >", capitalised(menu.level.key())),
            theme.title(),
        ),
        Span::raw("  (← → change it)"),
    ])];
    let mut bottom = Vec::new();
    if let Some(generating) = menu.generating {
        // The spinner turns with the clock's ticks: the screen is live.
        let spinner = ["|", "/", "-", "\\"][(generating.elapsed_ms / 250 % 4) as usize];
        bottom.push(Line::styled(
            format!(
                "{spinner} Generating a {} puzzle: {} tried, {} (Esc cancels)",
                capitalised(generating.level.key()),
                generating.attempts,
                clock(generating.elapsed_ms)
            ),
            theme.title(),
        ));
    }
    if let Some(text) = &menu.paste {
        bottom.push(Line::styled(
            "Type or paste the puzzle (81 digits, . or 0 for empty), Enter opens it:",
            theme.label(),
        ));
        bottom.push(Line::raw(format!("> {text}_")));
    }
    match menu.question {
        Some(Question::Delete(i)) => bottom.push(Line::styled(
            format!(
                "Delete the saved game \"{}\"? y deletes, any other key keeps it",
                row_text(menu, &Row::Saved(i))[3..].trim()
            ),
            theme.error(),
        )),
        Some(Question::Restart) => bottom.push(Line::styled(
            "Restart this puzzle from its givens (your moves go)? y restarts",
            theme.error(),
        )),
        None => {}
    }
    if let Some(error) = &menu.error {
        bottom.push(Line::styled(error.clone(), theme.error()));
    }
    let keys: Vec<String> = help_rows_of(&bindings(state))
        .into_iter()
        .filter(|r| r.context == Context::NewGame)
        .map(|r| format!("{} {}", r.keys, r.help))
        .collect();
    bottom.push(Line::styled(keys.join(" · "), theme.label()));
    top.push(Line::raw(""));

    let rows = menu.rows();
    let saved_from = rows
        .iter()
        .position(|r| matches!(r, Row::Saved(_)))
        .unwrap_or(rows.len());
    let mut list: Vec<Line> = Vec::new();
    let mut cursor_line = 0;
    for (i, row) in rows.iter().enumerate() {
        if i == saved_from {
            list.push(Line::styled(
                "Saved games (Enter continues, d deletes):",
                theme.label(),
            ));
        }
        if i == menu.cursor {
            cursor_line = list.len();
        }
        let style = if i == menu.cursor {
            theme.selected()
        } else {
            Style::new()
        };
        list.push(Line::styled(row_text(menu, row), style));
    }
    if saved_from == rows.len() {
        list.push(Line::styled("No saved games yet.", theme.label()));
    }

    // The list scrolls so the cursor stays in view; the keys wrap below it.
    let bottom_height = bottom
        .iter()
        .map(|l| (l.width() as u16).div_ceil(inner.width.max(1)).max(1))
        .sum::<u16>();
    let room = inner
        .height
        .saturating_sub(top.len() as u16 + bottom_height) as usize;
    let first = (cursor_line + 1).saturating_sub(room);
    let mut lines = top;
    lines.extend(list.into_iter().skip(first).take(room));
    while lines.len() < inner.height.saturating_sub(bottom_height) as usize {
        lines.push(Line::raw(""));
    }
    lines.extend(bottom);
    Paragraph::new(lines)
        .wrap(ratatui::widgets::Wrap { trim: false })
        .render(inner, buf);
}
