//! Learn mode's panel, on every shape: what the run is (its rules and order),
//! where it stands, the event shown, the search path and the counts; once the
//! run ends, how, and its settings' counts side by side; then the auto-run line
//! and a footer from the key table. The run's own words come in as a [`Head`]
//! and a [`RunEnd`] (the model's `learn::Learning` reads them from the run).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::fit;
use super::panel::wrap;
use super::theme::Theme;
use crate::app::action::Action;
use crate::app::keymap::{Binding, Context};
use crate::app::learn::{COMPARE_LIMIT, Head, LearnAction, LearnState, RunEnd};

/// How much a panel line matters when the panel is too short for all of them:
/// spacing goes first, then the path and the auto-run line.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Weight {
    Spacing,
    Detail,
    Essential,
}

/// The panel's lines, each already fitted to the width, with their weight.
pub(super) struct Rows {
    pub(super) width: usize,
    pub(super) rows: Vec<(Line<'static>, Weight)>,
}

impl Rows {
    /// `text` wrapped to the width, every row in `style`.
    pub(super) fn text(&mut self, text: &str, style: Style, weight: Weight) {
        for row in wrap(text, self.width) {
            self.rows.push((Line::styled(row, style), weight));
        }
    }

    /// A line laid out already (a table row, a field): cut to the width if need be.
    pub(super) fn line(&mut self, line: Line<'static>, weight: Weight) {
        self.rows.push((line, weight));
    }

    pub(super) fn blank(&mut self) {
        self.rows.push((Line::raw(""), Weight::Spacing));
    }

    /// The rows that fit `room` lines: the lightest dropped first, from the
    /// bottom; if that is not enough, cut, the last row saying more is there.
    pub(super) fn fitted(mut self, room: usize) -> Vec<Line<'static>> {
        for weight in [Weight::Spacing, Weight::Detail] {
            while self.rows.len() > room {
                let Some(i) = self.rows.iter().rposition(|(_, w)| *w == weight) else {
                    break;
                };
                self.rows.remove(i);
            }
        }
        let cut = self.rows.len() > room;
        let mut lines: Vec<Line<'static>> =
            self.rows.into_iter().take(room).map(|(l, _)| l).collect();
        if cut && let Some(last) = lines.last_mut() {
            let text: String = last.spans.iter().map(|s| s.content.as_ref()).collect();
            *last = Line::styled(fit(&format!("{text} …"), self.width), last.style);
        }
        lines
    }
}

/// The panel on every shape: the title, the rules and the order, where the run
/// stands, the event shown, the search path and the counts; once the run
/// ends, how and the comparison; then the auto-run line and the footer.
pub(super) fn draw_panel(
    learn: &LearnState,
    head: &Head,
    end: Option<RunEnd>,
    table: &[Binding],
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
) {
    let width = area.width as usize;
    let mut rows = Rows {
        width,
        rows: Vec::new(),
    };
    let field = |name: &str, value: &str| {
        Line::from(vec![
            Span::styled(format!("{name}  "), theme.label()),
            Span::raw(fit(value, width.saturating_sub(name.len() + 2))),
        ])
    };
    rows.line(Line::styled("Learn mode", theme.title()), Weight::Detail);
    rows.line(field("Rules", head.rules), Weight::Essential);
    rows.line(field("Order", head.order.description()), Weight::Essential);
    rows.text(
        &format!(
            "Event {} of {} · depth {}",
            head.shown, head.events, head.depth
        ),
        Style::new(),
        Weight::Essential,
    );
    let bold = Style::new().add_modifier(Modifier::BOLD);
    rows.text(&format!("▶ {}", head.event), bold, Weight::Essential);
    rows.blank();
    let path = if head.path.is_empty() {
        "(no guess yet)"
    } else {
        &head.path
    };
    rows.text(
        &format!("Path (depth {}): {path}", head.depth),
        Style::new(),
        Weight::Detail,
    );
    rows.text(&head.counts, Style::new(), Weight::Essential);
    if let Some(end) = end {
        rows.blank();
        rows.text(
            &format!("Run ended: {}. {}:", end.ended, end.compared),
            bold,
            Weight::Essential,
        );
        for row in end.table {
            rows.line(Line::raw(fit(&row, width)), Weight::Essential);
        }
        if end.stopped {
            rows.text(
                &format!("  + stopped after {COMPARE_LIMIT} events: at least this much"),
                Style::new(),
                Weight::Essential,
            );
        }
    }
    auto_run_and_footer(learn, rows, table, area, buf, theme);
}

/// The panel's last rows (the auto-run line, then the footer of keys) under
/// `rows`, fitted to `area`.
fn auto_run_and_footer(
    learn: &LearnState,
    mut rows: Rows,
    table: &[Binding],
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
) {
    let width = area.width as usize;
    rows.blank();
    let run = if learn.is_running() {
        "running"
    } else {
        "paused"
    };
    rows.text(
        &format!("Auto-run {run} · {} events/s", learn.speed()),
        Style::new(),
        Weight::Detail,
    );
    let body = Rect {
        height: area.height - 1,
        ..area
    };
    Paragraph::new(rows.fitted(body.height as usize)).render(body, buf);
    let footer = Rect::new(area.x, area.bottom() - 1, area.width, 1);
    Line::styled(footer_text(learn, table, width), theme.label()).render(footer, buf);
}

/// The footer: the most wanted keys, from the key table, as many as fit;
/// `keep` only when there is something to keep.
fn footer_text(learn: &LearnState, table: &[Binding], width: usize) -> String {
    let mut items: Vec<(Action, &str)> = vec![
        (Action::LearnStep(LearnAction::Next), "next"),
        (Action::LearnStep(LearnAction::Back), "back"),
    ];
    if learn.can_keep() {
        items.push((Action::LearnStep(LearnAction::Keep), "keep"));
    }
    items.extend([
        (Action::LearnStep(LearnAction::Leave), "leave"),
        (Action::Help, "keys"),
        (Action::Quit, "quit"),
        (Action::LearnStep(LearnAction::ToggleRun), "run"),
    ]);
    super::help::footer_of(table, Context::Learn, &items, width)
}
