//! The overlays: the help (written from the key table), the "solve?" question
//! and the win screen. Their key lines come from the same table that dispatches.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::panel::wrap;
use super::theme::Theme;
use super::{clock, fit};
use crate::app::action::Action;
use crate::app::keymap::{Binding, Context, HelpRow, bindings, help_rows_of, help_rows_on};
use crate::app::state::State;

/// A box of `width` x `height` centred in `area` (shrunk to fit), cleared, with a
/// title on top and, if given, one at the bottom.
fn popup(area: Rect, buf: &mut Buffer, size: (u16, u16), title: &str, bottom: &str) -> Rect {
    let width = size.0.min(area.width);
    let height = size.1.min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(rect, buf);
    let mut block = Block::bordered().title(format!(" {title} "));
    if !bottom.is_empty() {
        block = block.title_bottom(fit(
            &format!(" {bottom} "),
            width.saturating_sub(2) as usize,
        ));
    }
    let inner = block.inner(rect);
    block.render(rect, buf);
    inner
}

/// The labels of the keys bound to `action` in `context`, from the live table.
pub fn keys_for(table: &[Binding], context: Context, action: &Action) -> Vec<String> {
    table
        .iter()
        .filter(|b| b.context == context && &b.action == action)
        .flat_map(|b| b.keys.iter().map(|k| k.label()))
        .collect()
}

/// The actions the footer names, with a word each; their keys come from the
/// table, and an action the context does not bind is left out.
/// Most wanted first: a narrow footer keeps the first that fit.
const FOOTER: &[(Action, &str)] = &[
    (Action::Help, "help"),
    (Action::Quit, "quit"),
    (Action::Hint, "hint"),
    (Action::NewGame, "new"),
    (Action::Undo, "undo"),
];

/// The footer line for `context`: `? help  H hint  q quit`, as many as fit in `width`.
pub fn footer(table: &[Binding], context: Context, width: usize) -> String {
    footer_of(table, context, FOOTER, width)
}

/// A footer of `items` (an action and its word each) in `context`: each item's
/// first key from the live table, two spaces apart, as many as fit in `width`;
/// an action the context does not bind is left out.
pub fn footer_of(
    table: &[Binding],
    context: Context,
    items: &[(Action, &str)],
    width: usize,
) -> String {
    let items = items.iter().filter_map(|(action, word)| {
        let key = keys_for(table, context, action).into_iter().next()?;
        Some(format!("{key} {word}"))
    });
    fit_footer(items, width)
}

/// `items` two spaces apart, as many as fit in `width`, stopping at the first
/// that does not (a footer never shows a later item without an earlier one).
pub fn fit_footer(items: impl IntoIterator<Item = String>, width: usize) -> String {
    let mut text = String::new();
    for item in items {
        let gap = if text.is_empty() { 0 } else { 2 };
        if text.chars().count() + gap + item.chars().count() > width {
            break;
        }
        if gap > 0 {
            text.push_str("  ");
        }
        text.push_str(&item);
    }
    text
}

/// The key lines of one context: keys in a column at least `key_width` wide, the help
/// text beside them wrapped to `width` with a hanging indent.
fn key_lines(
    rows: &[HelpRow],
    context: Context,
    key_width: usize,
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let rows: Vec<_> = rows.iter().filter(|row| row.context == context).collect();
    let key_width = rows
        .iter()
        .map(|row| row.keys.chars().count() + 2)
        .max()
        .unwrap_or(0)
        .max(key_width);
    let text_width = width.saturating_sub(key_width).max(12);
    let mut lines = Vec::new();
    for row in rows {
        for (i, text) in wrap(row.help, text_width).into_iter().enumerate() {
            let keys = if i == 0 { row.keys.as_str() } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!("{keys:<key_width$}"), theme.title()),
                Span::raw(text),
            ]));
        }
    }
    lines
}

/// The widest key label of the rows, plus two spaces.
fn key_column(rows: &[HelpRow]) -> usize {
    rows.iter()
        .map(|row| row.keys.chars().count() + 2)
        .max()
        .unwrap_or(0)
}

/// The width of the help's text column on the classic board.
const HELP_TEXT_WIDTH: u16 = 54;

/// The help overlay: every key of the screen under it (the board or learn
/// mode), the keys that work anywhere, and the help's own, from the key table.
/// When the window is too short for all of it, it shows `state.scroll` lines
/// down and says how to scroll.
pub fn render_help(state: &State, area: Rect, buf: &mut Buffer, theme: Theme) {
    let scroll = state.scroll;
    let under = if state.learn.is_some() {
        Context::Learn
    } else {
        Context::Board
    };
    let table = bindings(state);
    // The value keys are named in the symbols of the board being played.
    let rows = help_rows_on(&table, state.geometry().alphabet());
    let key_width = key_column(&rows).max("mouse click  ".len());
    // The help text keeps the classic board's column (78 wide in all) where the
    // keys take more room (Alt-h Alt-j... on a board whose letters are values),
    // so a wide terminal shows the 25x25's keys unwrapped, without scrolling.
    let width = (key_width as u16 + HELP_TEXT_WIDTH + 2)
        .max(78)
        .min(area.width);
    let inner_width = width.saturating_sub(2) as usize;
    let mut lines = key_lines(&rows, under, key_width, inner_width, theme);
    if under == Context::Board {
        lines.push(Line::from(vec![
            Span::styled(format!("{:<key_width$}", "mouse click"), theme.title()),
            Span::raw("select a cell"),
        ]));
    }
    lines.push(Line::raw(""));
    lines.extend(key_lines(
        &rows,
        Context::Anywhere,
        key_width,
        inner_width,
        theme,
    ));
    if under == Context::Board {
        lines.push(Line::raw(""));
        lines.push(Line::styled(Context::Links.title(), theme.title()));
        lines.extend(key_lines(
            &rows,
            Context::Links,
            key_width,
            inner_width,
            theme,
        ));
    }
    lines.push(Line::raw(""));
    lines.extend(key_lines(
        &rows,
        Context::Help,
        key_width,
        inner_width,
        theme,
    ));
    let height = (lines.len() as u16 + 2).min(area.height);
    let visible = height.saturating_sub(2) as usize;
    let top = (scroll.max(0) as usize).min(lines.len().saturating_sub(visible));
    let bottom = if lines.len() > visible {
        let keys: Vec<String> = [-1, 1, -10, 10]
            .iter()
            .filter_map(|&by| {
                keys_for(&table, Context::Help, &Action::Scroll(by))
                    .into_iter()
                    .next()
            })
            .collect();
        let close = keys_for(&table, Context::Help, &Action::Close)
            .into_iter()
            .next()
            .unwrap_or_default();
        format!(
            "{}-{} of {}: {} scroll, {close} close",
            top + 1,
            (top + visible).min(lines.len()),
            lines.len(),
            keys.join(" ")
        )
    } else {
        String::new()
    };
    let title = if under == Context::Learn {
        "Keys: learn mode"
    } else {
        "Keys"
    };
    let inner = popup(area, buf, (width, height), title, &bottom);
    Paragraph::new(lines)
        .scroll((top as u16, 0))
        .render(inner, buf);
}

/// The "solve the board?" question, with its keys from the table.
pub fn render_confirm(state: &State, area: Rect, buf: &mut Buffer, theme: Theme) {
    let mut lines = vec![
        Line::styled("Fill in the whole solution?", theme.title()),
        Line::raw(""),
    ];
    lines.extend(key_lines(
        &help_rows_of(&bindings(state)),
        Context::ConfirmSolve,
        14,
        42,
        theme,
    ));
    let inner = popup(area, buf, (44, lines.len() as u16 + 2), "Solve", "");
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
    // A shape's games are counted per shape, the classic ones per level.
    let key = game.stats_key();
    match state.stats.counted(&key) {
        Some(s) if s.finished > 0 => {
            let name = key.name();
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
    lines.extend(key_lines(
        &help_rows_of(&bindings(state)),
        Context::Won,
        8,
        44,
        theme,
    ));
    let inner = popup(area, buf, (46, lines.len() as u16 + 2), "Solved", "");
    Paragraph::new(lines).render(inner, buf);
}
