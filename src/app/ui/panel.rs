//! The side panel: mode, timer, filled count, grade, the selected cell, and the
//! message area where hints, explanations and the propagation log appear.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::theme::Theme;
use super::{clock, fit, help};
use crate::app::action::Action;
use crate::app::keymap::{Context, bindings};
use crate::app::state::{State, Tone};

/// Width of a field's name column ("Filled  ").
const NAME_WIDTH: usize = 8;

/// Draws the panel (it names the selected cell's marks, which the compact board
/// cannot show). Every line fits: fields are cut with an ellipsis, messages wrap,
/// the propagation log shows a window of its entries that PgUp / PgDn move.
pub fn render(state: &State, area: Rect, buf: &mut Buffer, theme: Theme) {
    let width = area.width.max(1) as usize;
    let value_width = width.saturating_sub(NAME_WIDTH);
    let game = &state.game;
    let field = |name: &str, value: &str| {
        Line::from(vec![
            Span::styled(fit(&format!("{name:<NAME_WIDTH$}"), width), theme.label()),
            Span::raw(fit(value, value_width)),
        ])
    };
    let mode = if state.pencil { "Pencil" } else { "Digits" };
    let grade = match game.grade {
        Some(g) => {
            let level = capitalised(g.level.key());
            // The longest form that fits; the level alone is cut only as a last resort.
            [
                format!("{level} (score {})", g.score),
                format!("{level} ({})", g.score),
                level,
            ]
            .into_iter()
            .find(|text| text.chars().count() <= value_width)
            .unwrap_or_else(|| capitalised(g.level.key()))
        }
        None if game.solution.is_none() => "no solution".to_string(),
        None if game.unique => "grading…".to_string(),
        None => "not unique".to_string(),
    };
    let values = &game.position.values;
    let filled = values.iter().filter(|&&v| v != 0).count();
    let filled = format!("{filled}/{}", values.len());
    // A shape's levels are not the classic ladder's: it names its shape.
    let grade_field = match game.is_classic() {
        true => field("Grade", &grade),
        false => field("Shape", &game.geometry.name()),
    };
    let cell = selected_cell(state);
    let mut lines = vec![
        field("Mode", mode),
        field("Marks", state.candidates.name()),
        field("Time", &clock(game.elapsed_ms)),
        field("Filled", &filled),
        grade_field,
        field("Hints", &game.hints_used.to_string()),
        field("Cell", &cell),
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
        let free = room.saturating_sub(lines.len() + 1);
        lines.extend(log_lines(state, width, free, theme));
    }
    if lines.len() > room {
        // Cut: the last line that shows says more is there.
        lines.truncate(room);
        if let Some(last) = lines.last_mut() {
            let text: String = last.spans.iter().map(|s| s.content.as_ref()).collect();
            let style = last.style;
            *last = Line::styled(fit(&format!("{text} …"), width), style);
        }
    }
    Paragraph::new(lines).render(area, buf);
    if area.height > 0 {
        let footer = Rect::new(area.x, area.bottom() - 1, area.width, 1);
        let keys = if crate::app::links::stepping(state) {
            super::links::footer(&bindings(state), width)
        } else {
            help::footer(&bindings(state), Context::Board, width)
        };
        Line::styled(keys, theme.label()).render(footer, buf);
    }
}

/// The propagation log in at most `free` lines: its heading, then the entries
/// that fit, the newest by default, earlier ones as the player scrolls back.
fn log_lines(state: &State, width: usize, free: usize, theme: Theme) -> Vec<Line<'static>> {
    let entries: Vec<Vec<String>> = state
        .log
        .iter()
        .enumerate()
        .map(|(i, entry)| wrap(&format!("{}. {entry}", i + 1), width))
        .collect();
    // The first entry shown when the newest are: as many as fit, whole.
    let mut newest_first = entries.len();
    let mut used = 0;
    while newest_first > 0 && used + entries[newest_first - 1].len() <= free {
        newest_first -= 1;
        used += entries[newest_first].len();
    }
    let first = (newest_first as i64 + i64::from(state.scroll)).clamp(0, newest_first as i64);
    let first = first as usize;
    let mut shown = Vec::new();
    let mut used = 0;
    let mut last = first;
    for entry in &entries[first..] {
        if used + entry.len() > free {
            break;
        }
        used += entry.len();
        last += 1;
        shown.extend(entry.iter().map(|text| Line::raw(text.clone())));
    }
    if last == first && first < entries.len() {
        // Not even one entry fits whole: show its start.
        shown.extend(
            entries[first]
                .iter()
                .take(free)
                .map(|t| Line::raw(t.clone())),
        );
        last = first + 1;
    }
    let heading = if first == 0 && last == entries.len() {
        "Propagation log:".to_string()
    } else {
        let table = bindings(state);
        let keys = help::keys_for(&table, Context::Board, &Action::Scroll(-3))
            .into_iter()
            .chain(help::keys_for(&table, Context::Board, &Action::Scroll(3)))
            .collect::<Vec<_>>()
            .join(" ");
        let range = format!("Log {}-{} of {}", first + 1, last, entries.len());
        let long = format!("{range} ({keys} scroll):");
        if long.chars().count() <= width {
            long
        } else {
            format!("{range}:")
        }
    };
    let mut lines = vec![Line::styled(fit(&heading, width), theme.label())];
    lines.extend(shown);
    lines
}

/// `r1c1: 1 2 4` for an open cell (its marks on show, in the shape's
/// alphabet: `r1c1: 1 A G`), `r1c1: given 5` or `r1c1: 7` for a filled one.
fn selected_cell(state: &State) -> String {
    let game = &state.game;
    let cell = state.selected;
    let name = game.cell_name(cell);
    let value = game.position.values[cell];
    if value != 0 {
        let symbol = game.symbol(value);
        return if game.is_given(cell) {
            format!("{name}: given {symbol}")
        } else {
            format!("{name}: {symbol}")
        };
    }
    let marks = game
        .position
        .shown_marks(&game.geometry, state.candidates, cell);
    let symbols: Vec<String> = (1..=game.geometry.side() as u8)
        .filter(|v| marks >> (v - 1) & 1 == 1)
        .map(|v| game.symbol(v).to_string())
        .collect();
    if symbols.is_empty() {
        format!("{name}: no marks")
    } else {
        format!("{name}: {}", symbols.join(" "))
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
