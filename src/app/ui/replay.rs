//! The replay view, on any shape: the board as it was after the move on show
//! (its cell selected, a wrong value marked `!5!`, an easier step that was open
//! drawn as a hint is), and beside it the engine's annotation of the move; the
//! last page is the per-technique summary and the first wrong move.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::panel::wrap;
use super::theme::Theme;
use super::{Layout, board, fit, help};
use crate::app::action::Action;
use crate::app::keymap::Binding;
use crate::app::keymap::Context;
use crate::app::replay::{ReplayView, Verdict};
use crate::app::update::review::ReplayAction;

/// Draws the replay view over the whole area.
/// `table` is the live key table (with the player's overrides), for the footer.
pub fn render(view: &ReplayView, table: &[Binding], theme: Theme, area: Rect, buf: &mut Buffer) {
    let geometry = view.board.geometry();
    let Layout::Board {
        size,
        title,
        board,
        panel,
    } = Layout::for_shape(area, geometry)
    else {
        return super::render_too_small(area, buf, geometry);
    };
    let mut heading = String::from("pencilmark · replay");
    if !view.board.game.name.is_empty() {
        heading.push_str(" · ");
        heading.push_str(&view.board.game.name);
    }
    Line::styled(fit(&heading, title.width as usize), theme.title()).render(title, buf);
    board::render(&view.board, size, board, buf, theme);
    render_panel(view, table, panel, buf, theme);
}

/// The page's text beside the board, and the keys on the last line.
fn render_panel(view: &ReplayView, table: &[Binding], area: Rect, buf: &mut Buffer, theme: Theme) {
    let width = area.width.max(1) as usize;
    let mut lines: Vec<Line> = Vec::new();
    let para = |text: &str, style: Style, lines: &mut Vec<Line>| {
        lines.extend(
            wrap(text, width)
                .into_iter()
                .map(|l| Line::styled(l, style)),
        );
    };
    let moves = view.moves();
    if view.at == 0 {
        lines.push(Line::styled(
            fit(
                &format!("Start: {moves} move{}", if moves == 1 { "" } else { "s" }),
                width,
            ),
            theme.title(),
        ));
        para(
            "Each move is shown on the board as it was after it, with the technique \
             that justified it, and flagged when an easier step was open.",
            theme.info(),
            &mut lines,
        );
    } else if let Some(page) = view.current() {
        let step = view.step_of[view.at - 1];
        lines.push(Line::styled(
            fit(&format!("Move {} of {moves} (step {step})", view.at), width),
            theme.title(),
        ));
        let style = match page.verdict {
            Verdict::Justified => theme.hint(),
            Verdict::Wrong => theme.error(),
            Verdict::Other => theme.info(),
        };
        para(&page.text, style, &mut lines);
    } else {
        lines.push(Line::styled(fit("Summary", width), theme.title()));
        summary_lines(view, width, theme, &mut lines);
    }
    let footer = footer_lines(table, width, 2);
    let room = (area.height as usize).saturating_sub(footer.len());
    lines.truncate(room);
    Paragraph::new(lines).render(area, buf);
    let footer_top = area.bottom().saturating_sub(footer.len() as u16);
    for (i, text) in footer.iter().enumerate() {
        let row = Rect::new(area.x, footer_top + i as u16, area.width, 1);
        Line::styled(text.clone(), theme.label()).render(row.intersection(area), buf);
    }
}

/// The first wrong move, then a row per technique: used, missed, mistakes.
fn summary_lines(view: &ReplayView, width: usize, theme: Theme, lines: &mut Vec<Line<'static>>) {
    let (text, style) = match &view.annotations.first_wrong {
        Some(wrong) => (format!("First wrong move. {wrong}"), theme.error()),
        None => ("No move went wrong.".to_string(), theme.hint()),
    };
    lines.extend(
        wrap(&text, width)
            .into_iter()
            .map(|l| Line::styled(l, style)),
    );
    if view.annotations.summary.is_empty() {
        return;
    }
    lines.push(Line::raw(""));
    // "used/missed/mistakes" after the name; a name too long goes on a line of its own.
    let counts_width = "use/mis/err".len();
    let name_width = width.saturating_sub(counts_width + 1);
    lines.push(Line::styled(
        fit(
            &format!(
                "{:<name_width$} {:>counts_width$}",
                "technique", "use/mis/err"
            ),
            width,
        ),
        theme.label(),
    ));
    for tally in &view.annotations.summary {
        let name = tally.technique.name();
        let counts = format!("{}/{}/{}", tally.used, tally.missed, tally.mistakes);
        if name.chars().count() > name_width {
            lines.push(Line::raw(fit(name, width)));
            lines.push(Line::raw(format!("{counts:>width$}")));
        } else {
            lines.push(Line::raw(format!(
                "{name:<name_width$} {counts:>counts_width$}"
            )));
        }
    }
    lines.push(Line::raw(""));
    lines.extend(
        wrap(
            "use: moves it proved; mis: moves made while it was open and easier; \
             err: wrong moves made while it was the easiest step",
            width,
        )
        .into_iter()
        .map(|l| Line::styled(l, theme.label())),
    );
}

/// `→ next  ← back  Esc close  G end`, on as many lines as the width needs
/// (at most `rows`).
fn footer_lines(table: &[Binding], width: usize, rows: usize) -> Vec<String> {
    let key = |action: Action| {
        help::keys_for(table, Context::Replay, &action)
            .into_iter()
            .next()
            .unwrap_or_default()
    };
    let items = [
        format!("{} next", key(Action::ReplayStep(ReplayAction::Next))),
        format!("{} back", key(Action::ReplayStep(ReplayAction::Back))),
        format!("{} close", key(Action::Close)),
        format!("{} end", key(Action::ReplayStep(ReplayAction::Last))),
        format!("{} start", key(Action::ReplayStep(ReplayAction::First))),
    ];
    let mut lines = vec![String::new()];
    for item in items {
        let line = lines.last_mut().expect("one line at least");
        let gap = if line.is_empty() { 0 } else { 2 };
        if line.chars().count() + gap + item.chars().count() <= width {
            if gap > 0 {
                line.push_str("  ");
            }
            line.push_str(&item);
        } else if lines.len() < rows && item.chars().count() <= width {
            lines.push(item);
        } else {
            break;
        }
    }
    lines
}
