//! The side panel: mode, timer, filled count, grade, the selected cell, and the
//! message area where hints, explanations and the propagation log appear.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::clock;
use super::theme::Theme;
use crate::app::state::{State, Tone};
use crate::engine::types::CELLS;

/// Draws the panel (it names the selected cell's marks, which the compact board cannot show).
pub fn render(state: &State, area: Rect, buf: &mut Buffer, theme: Theme) {
    let width = area.width.max(1) as usize;
    let game = &state.game;
    let field = |name: &str, value: String| {
        Line::from(vec![
            Span::styled(format!("{name:<8}"), theme.label()),
            Span::raw(value),
        ])
    };
    let mode = if state.pencil { "Pencil" } else { "Digits" };
    let grade = match game.grade {
        Some(g) => format!("{} (score {})", capitalised(g.level.key()), g.score),
        None if game.solution.is_none() => "no solution".to_string(),
        None => "not unique".to_string(),
    };
    let mut lines = vec![
        field("Mode", mode.to_string()),
        field("Marks", state.candidates.name().to_string()),
        field("Time", clock(game.elapsed_ms)),
        field(
            "Filled",
            format!("{}/{CELLS}", game.position.digits.filled()),
        ),
        field("Grade", grade),
        field("Hints", game.hints_used.to_string()),
        field("Cell", selected_cell(state)),
        Line::raw(""),
    ];
    if let Some(message) = &state.message {
        let style = match message.tone {
            Tone::Info => theme.info(),
            Tone::Hint => theme.hint(),
            Tone::Error => theme.error(),
        };
        for text in wrap(&message.text, width) {
            lines.push(Line::styled(text, style));
        }
    }
    let room = (area.height as usize).saturating_sub(1); // the footer line
    if !state.log.is_empty() {
        lines.push(Line::raw(""));
        let entries: Vec<Vec<String>> = state
            .log
            .iter()
            .enumerate()
            .map(|(i, entry)| wrap(&format!("{}. {entry}", i + 1), width))
            .collect();
        // The newest entries that fit, whole; the heading says how many are hidden.
        let mut free = room.saturating_sub(lines.len() + 1);
        let mut shown = 0;
        for entry in entries.iter().rev() {
            if entry.len() > free {
                break;
            }
            free -= entry.len();
            shown += 1;
        }
        let hidden = entries.len() - shown;
        let heading = if hidden == 0 {
            "Propagation log:".to_string()
        } else {
            format!("Propagation log ({hidden} earlier not shown):")
        };
        lines.push(Line::styled(heading, theme.label()));
        for entry in &entries[hidden..] {
            lines.extend(entry.iter().map(|text| Line::raw(text.clone())));
        }
    }
    lines.truncate(room);
    Paragraph::new(lines).render(area, buf);
    if area.height > 0 {
        let footer = Rect::new(area.x, area.bottom() - 1, area.width, 1);
        Line::styled("? help  H hint  q quit", theme.label()).render(footer, buf);
    }
}

/// `r1c1: 1 2 4` for an open cell, `r1c1: given 5` or `r1c1: 7` for a filled one.
fn selected_cell(state: &State) -> String {
    let cell = state.selected;
    match state.game.position.digits.get(cell) {
        Some(d) if state.game.is_given(cell) => format!("{cell}: given {d}"),
        Some(d) => format!("{cell}: {d}"),
        None => {
            let board = state.game.position.board();
            let marks = state.shown_marks(&board, cell);
            let digits: Vec<String> = marks.iter().map(|d| d.to_string()).collect();
            if digits.is_empty() {
                format!("{cell}: no marks")
            } else {
                format!("{cell}: {}", digits.join(" "))
            }
        }
    }
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Breaks `text` into lines of at most `width` characters, at spaces where it can.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > width {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            lines.push(word.drain(..width).collect());
        }
        let word: String = word.into_iter().collect();
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
