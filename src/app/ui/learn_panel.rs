//! Learn mode's panel, on every shape: what the run is (its rules and order),
//! where it stands, the event shown, the search path and the counts; once the
//! run ends, how, and its settings' counts side by side; then the auto-run line
//! and a footer from the key table. The run's own words come in as a [`Head`]
//! and a [`RunEnd`] ([`super::learn`] makes them).

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
use crate::app::learn::{
    COMPARE_LIMIT, ClassicRun, LearnAction, LearnState, SHAPE_ORDERS, ShapeRun,
};
use crate::engine::geometry::learn::ShapeEnding;
use crate::engine::trace::{Ending, Order, Settings};

/// How a run ended, in a few words (`events` emitted when it stopped).
pub(super) fn ending_words(solved: bool, stopped: bool, events: u64) -> String {
    match (solved, stopped) {
        (true, _) => "solved".to_string(),
        (false, false) => "no solution".to_string(),
        (false, true) => format!("stopped after {events} events"),
    }
}

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

/// What the panel says first, on every shape.
pub(super) struct Head<'a> {
    pub rules: &'a str,
    pub order: Order,
    pub shown: usize,
    pub events: usize,
    /// The event shown last, in words.
    pub event: String,
    /// The guesses in effect, as people read them (empty: none).
    pub path: String,
    pub depth: usize,
    /// The counts so far, in words.
    pub counts: String,
}

/// How a run ended and every setting's counts, shown once it has.
pub(super) struct RunEnd {
    /// "solved", "no solution", "stopped after N events".
    pub ended: String,
    /// What the table compares: "All four settings".
    pub compared: &'static str,
    pub table: Vec<String>,
    /// Whether a setting hit the comparison's limit.
    pub stopped: bool,
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

/// The four settings' counts as a table `width` wide: columns as wide as their
/// contents, so it fits a 120x45 window's panel; narrower than that, each
/// setting's counts go on a line under its name instead of wrapping mid-row.
pub(super) fn comparison_table(learn: &ClassicRun, width: usize) -> Vec<String> {
    let settings = learn.settings();
    // Short heads: the counts line above names them in full.
    let heads = ["asgn", "elim", "gues", "back"];
    let rows: Vec<(String, [String; 4])> = Settings::ALL
        .iter()
        .zip(learn.comparison())
        .map(|(setting, outcome)| {
            let c = outcome.counts;
            let stopped = if outcome.ending == Ending::Stopped {
                "+"
            } else {
                ""
            };
            (
                format!("{}{setting}", if *setting == settings { "▶" } else { " " }),
                [
                    c.assignments.to_string(),
                    c.eliminations.to_string(),
                    c.guesses.to_string(),
                    format!("{}{stopped}", c.backtracks),
                ],
            )
        })
        .collect();
    let name_width = rows
        .iter()
        .map(|(name, _)| name.chars().count())
        .chain([" rules, order".len()])
        .max()
        .unwrap_or(0);
    let number_widths: Vec<usize> = (0..4)
        .map(|i| {
            rows.iter()
                .map(|(_, n)| n[i].len())
                .chain([heads[i].len()])
                .max()
                .unwrap_or(0)
                + 1
        })
        .collect();
    let numbers = |cells: [&str; 4]| -> String {
        cells
            .iter()
            .zip(&number_widths)
            .map(|(cell, &w)| format!("{cell:>w$}"))
            .collect()
    };
    let row_width = name_width + number_widths.iter().sum::<usize>();
    let one_line = row_width <= width;
    // A space after the `▶` marker when there is room for it.
    let gap = if row_width < width { " " } else { "" };
    let with_gap = |name: &str| {
        let mut chars = name.chars();
        let mark = chars.next().unwrap_or(' ');
        format!("{mark}{gap}{}", chars.as_str())
    };
    let name_width = name_width + gap.len();
    let mut lines = Vec::new();
    if one_line {
        lines.push(format!(
            "{:<name_width$}{}",
            with_gap(" rules, order"),
            numbers(heads)
        ));
        for (name, counts) in &rows {
            let cells = [&counts[0], &counts[1], &counts[2], &counts[3]].map(|c| c.as_str());
            lines.push(format!("{:<name_width$}{}", with_gap(name), numbers(cells)));
        }
    } else {
        lines.push(format!("    {}", numbers(heads)));
        for (name, counts) in &rows {
            let cells = [&counts[0], &counts[1], &counts[2], &counts[3]].map(|c| c.as_str());
            lines.push(name.clone());
            lines.push(format!("    {}", numbers(cells)));
        }
    }
    lines
}

/// Both orders' counts, one line each under a head: the one on show marked `▶`.
pub(super) fn comparison_rows(run: &ShapeRun) -> Vec<String> {
    let mut lines = vec![format!(
        "  {:<9}{:>7}{:>7}{:>7}",
        "order", "fill", "gues", "back"
    )];
    for (order, outcome) in SHAPE_ORDERS.iter().zip(run.comparison()) {
        let mark = if *order == run.order() { "▶" } else { " " };
        let stopped = if outcome.ending == ShapeEnding::Stopped {
            "+"
        } else {
            ""
        };
        lines.push(format!(
            "{mark} {:<9}{:>7}{:>7}{:>7}",
            order.key(),
            outcome.filled,
            outcome.guesses,
            format!("{}{stopped}", outcome.backtracks)
        ));
    }
    lines
}
