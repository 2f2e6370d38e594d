//! Learn mode's view on a shape other than the classic 9x9: the board after the
//! events shown, drawn by the one grid renderer from the geometry (values in the
//! shape's alphabet, `[A]` a given of the start, `(A)` placed since, a guess on
//! the path in its own style), the event's cell and the cells its singles
//! filled highlighted, and the panel of the classic view (its rows, its
//! auto-run line and footer) with the shaped run's event, path and counts, and
//! both branching orders side by side once the run ends.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::grid::{self, CellView, GridStyle};
use super::learn::{Head, Highlight, PANEL_MIN, RunEnd, draw_panel, ending_words, highlighted};
use super::theme::Theme;
use super::{Layout, fit};
use crate::app::keymap::Binding;
use crate::app::learn::{LearnState, SHAPE_ORDERS, ShapeRun};
use crate::engine::geometry::learn::{ShapeEnding, ShapeEvent, ShapeOutcome};

/// Draws learn mode on a shape, at the biggest board that leaves the panel
/// [`PANEL_MIN`] beside or below it.
pub fn render(
    learn: &LearnState,
    run: &ShapeRun,
    table: &[Binding],
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let geometry = run.geometry();
    let Layout::Board {
        size,
        title,
        board,
        panel,
    } = Layout::with_panel(area, geometry, PANEL_MIN)
    else {
        return super::render_too_small(area, buf, geometry);
    };
    let heading = format!(
        "pencilmark · learn mode · {} · {}",
        geometry.name(),
        run.order().key()
    );
    Line::styled(fit(&heading, title.width as usize), theme.title()).render(title, buf);
    let event = run.current();
    let plan = size.plan(geometry);
    grid::draw_board(&plan, board, buf, GridStyle::of(theme), |cell| {
        cell_view(run, event, theme, cell)
    });
    render_panel(learn, run, table, panel, buf, theme);
}

/// One cell: its value or its candidates, highlighted when the event is about it.
fn cell_view(run: &ShapeRun, event: Option<&ShapeEvent>, theme: Theme, cell: usize) -> CellView {
    let highlight = event.and_then(|event| {
        if event.cell() == Some(cell) {
            Some(if event.is_dead() {
                Highlight::Contradiction
            } else {
                Highlight::Source
            })
        } else {
            event.filled().contains(&cell).then_some(Highlight::Unit)
        }
    });
    let with = |style: Style| highlighted(theme, style, highlight);
    let mut view = CellView::blank(with(Style::new()), with(theme.candidate()));
    let cursor = run.cursor();
    let value = cursor.values()[cell];
    if value == 0 {
        let candidates = cursor.candidates(cell);
        for v in 1..=run.geometry().side() {
            if candidates >> (v - 1) & 1 == 1 {
                view.candidates[v - 1] = Some(with(theme.candidate()));
            }
        }
        return view;
    }
    let symbol = run.geometry().alphabet().symbol(value);
    let given = run.start()[cell] != 0;
    let (text, style) = if given {
        (format!("[{symbol}]"), theme.given())
    } else if cursor.path().iter().any(|&(c, _)| c == cell) {
        (format!("({symbol})"), theme.guessed())
    } else {
        (format!("({symbol})"), theme.player())
    };
    view.digit = Some((text, with(style)));
    view
}

fn render_panel(
    learn: &LearnState,
    run: &ShapeRun,
    table: &[Binding],
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
) {
    if area.height == 0 {
        return;
    }
    let geometry = run.geometry();
    let cursor = run.cursor();
    let guesses: Vec<String> = cursor
        .path()
        .iter()
        .map(|&(c, v)| {
            let symbol = geometry.alphabet().symbol(v);
            format!("{}={symbol}", geometry.cell_name(c))
        })
        .collect();
    let counts = cursor.counts();
    let head = Head {
        rules: "peers + hidden singles, in one go",
        order: run.order(),
        shown: cursor.shown(),
        events: run.recording().len(),
        event: match run.current() {
            Some(event) => event.text(geometry),
            None => "Press Space to place the givens.".to_string(),
        },
        path: guesses.join(" > "),
        depth: cursor.path().len(),
        counts: format!(
            "Filled by singles {} · guesses {} · backtracks {}",
            counts.filled, counts.guesses, counts.backtracks
        ),
    };
    let comparison = run.comparison();
    let end = learn.at_end().then(|| RunEnd {
        ended: ending_text(run.recording().outcome()),
        compared: "Both orders",
        table: comparison_rows(run),
        stopped: comparison.iter().any(|o| o.ending == ShapeEnding::Stopped),
    });
    draw_panel(learn, &head, end, table, area, buf, theme);
}

fn ending_text(outcome: &ShapeOutcome) -> String {
    let solved = matches!(outcome.ending, ShapeEnding::Solved(_));
    ending_words(
        solved,
        outcome.ending == ShapeEnding::Stopped,
        outcome.events,
    )
}

/// Both orders' counts, one line each under a head: the one on show marked `▶`.
fn comparison_rows(run: &ShapeRun) -> Vec<String> {
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
