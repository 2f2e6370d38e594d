//! Learn mode's view, one for every shape (the classic 9x9 is the geometry of
//! a classic board): the board after the events shown, drawn by the player's
//! grid renderer in the player's theme and layout (row and column labels
//! included; values in the shape's alphabet, `[5]` a given of the start, `(5)`
//! placed since, a guess on the path in its own style), the event's cell and
//! unit (or the cells its singles filled) highlighted and the candidates it
//! strikes drawn struck, and the panel of [`super::learn_panel`]. Pure
//! rendering of a [`LearnState`].
//!
//! What differs between a classic run and a shaped one is only what the
//! engine's two tracers record ([`RunView`]): the board, the heading and the
//! panel's words are read from each into the same shapes here.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::grid::{self, CellView, GridStyle};
use super::learn_panel::{
    Head, RunEnd, comparison_rows, comparison_table, draw_panel, ending_words,
};
use super::theme::Theme;
use super::{Layout, fit};
use crate::app::keymap::Binding;
use crate::app::learn::{ClassicRun, LearnState, Run, ShapeRun};
use crate::engine::geometry::learn::{ShapeEnding, ShapeEvent};
use crate::engine::geometry::{Geometry, ValueMask, value_bit};
use crate::engine::trace::{self, Ending, Event, Why};
use crate::engine::{Cell, Contradiction, Unit};

/// The narrowest panel beside the board, and the shortest below it: the event
/// texts and the comparison need room, so learn mode takes a smaller board than
/// the player where its panel would be smaller.
pub const PANEL_MIN: (u16, u16) = (36, 16);

/// How a cell is singled out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Highlight {
    /// The event's own cell.
    Source,
    /// The cell of a contradiction.
    Contradiction,
    /// A cell of the unit the event reasons about (or one its singles filled).
    Unit,
}

/// `style` on a highlighted cell: the highlight wins.
fn highlighted(theme: Theme, style: Style, highlight: Option<Highlight>) -> Style {
    match highlight {
        None => style,
        Some(Highlight::Source) => style.patch(theme.event_source()),
        Some(Highlight::Contradiction) => style.patch(theme.event_contradiction()),
        Some(Highlight::Unit) => style.patch(theme.event_unit()),
    }
}

/// One cell of the board after the events shown, as every run tells it.
#[derive(Clone, Copy, Debug, Default)]
struct LearnCell {
    /// The value placed (0: open).
    value: u8,
    /// A value of the start.
    given: bool,
    /// Placed by a guess on the path.
    guessed: bool,
    /// The candidates left (drawn in an open cell).
    candidates: ValueMask,
    /// The candidates the current event strikes (drawn struck, placed or not).
    struck: ValueMask,
    highlight: Option<Highlight>,
}

/// What the view reads of a run, the same for the engine's two tracers.
trait RunView {
    fn geometry(&self) -> &Geometry;
    /// The title line's words after "pencilmark · learn mode · ".
    fn heading(&self) -> String;
    /// Every cell (row-major) of the board after the events shown.
    fn board(&self) -> Vec<LearnCell>;
    /// What the panel says first.
    fn head(&self) -> Head<'_>;
    /// How the run ended: (solved, stopped at the event limit, events emitted).
    fn ended(&self) -> (bool, bool, u64);
    /// Whether a setting of the comparison hit its limit.
    fn any_stopped(&self) -> bool;
    /// What the comparison compares, and its table for a panel `width` wide.
    fn compared(&self, width: usize) -> (&'static str, Vec<String>);

    /// How the run ended and the comparison, for a panel `width` wide.
    fn end(&self, width: usize) -> RunEnd {
        let (solved, stopped, events) = self.ended();
        let (compared, table) = self.compared(width);
        RunEnd {
            ended: ending_words(solved, stopped, events),
            compared,
            table,
            stopped: self.any_stopped(),
        }
    }
}

/// Draws learn mode in the player's theme, at the biggest board that leaves
/// the panel [`PANEL_MIN`] columns beside it or lines below it.
pub fn render(learn: &LearnState, table: &[Binding], theme: Theme, area: Rect, buf: &mut Buffer) {
    let run: &dyn RunView = match learn.run() {
        Run::Classic(run) => run.as_ref(),
        Run::Shaped(run) => run.as_ref(),
    };
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
    let heading = format!("pencilmark · learn mode · {}", run.heading());
    Line::styled(fit(&heading, title.width as usize), theme.title()).render(title, buf);
    let cells = run.board();
    let plan = size.plan(geometry);
    grid::draw_board(&plan, board, buf, GridStyle::of(theme), |cell| {
        cell_view(geometry, &cells[cell], theme)
    });
    if panel.height == 0 {
        return;
    }
    let end = learn.at_end().then(|| run.end(panel.width as usize));
    draw_panel(learn, &run.head(), end, table, panel, buf, theme);
}

/// One cell of the learn board: the value, the candidates left, and the ones
/// the current event strikes, drawn struck (an `x` where there is no room).
fn cell_view(geometry: &Geometry, cell: &LearnCell, theme: Theme) -> CellView {
    let with = |style: Style| highlighted(theme, style, cell.highlight);
    let mut view = CellView::blank(with(Style::new()), with(theme.candidate()));
    for value in 1..=geometry.side() as u8 {
        let bit = value_bit(value);
        view.candidates[value as usize - 1] = if cell.struck & bit != 0 {
            Some(with(theme.candidate_removed()))
        } else if cell.value == 0 && cell.candidates & bit != 0 {
            Some(with(theme.candidate()))
        } else {
            None
        };
    }
    if cell.value != 0 {
        let symbol = geometry.alphabet().symbol(cell.value);
        let (text, style) = if cell.given {
            (format!("[{symbol}]"), theme.given())
        } else if cell.guessed {
            (format!("({symbol})"), theme.guessed())
        } else {
            (format!("({symbol})"), theme.player())
        };
        view.digit = Some((text, with(style)));
    } else if cell.struck != 0 {
        view.compact = ("x".to_string(), with(theme.candidate_removed()));
    }
    view
}

impl RunView for ClassicRun {
    fn geometry(&self) -> &Geometry {
        Geometry::classic()
    }

    fn heading(&self) -> String {
        self.settings().to_string()
    }

    fn board(&self) -> Vec<LearnCell> {
        let event = self.current().map(|r| &r.event);
        let unit: Option<Unit> = match event {
            Some(Event::HiddenSingle { unit, .. }) => Some(*unit),
            Some(Event::Assign {
                why: Why::HiddenSingle(unit),
                ..
            }) => Some(*unit),
            Some(Event::Contradiction(Contradiction::NoPlace { unit, .. })) => Some(*unit),
            _ => None,
        };
        let source = event.and_then(Event::source);
        let contradiction = matches!(event, Some(Event::Contradiction(_)));
        let position = self.cursor().position();
        let path = self.cursor().path();
        let mut cells: Vec<LearnCell> = Cell::all()
            .map(|cell| LearnCell {
                value: position.digit(cell).map_or(0, |d| d.get()),
                given: self.start().get(cell).is_some(),
                guessed: path.iter().any(|&(c, _)| c == cell),
                candidates: ValueMask::from(position.candidates[cell.index()].bits()),
                struck: 0,
                highlight: if source == Some(cell) {
                    Some(if contradiction {
                        Highlight::Contradiction
                    } else {
                        Highlight::Source
                    })
                } else if unit.is_some_and(|u| u.contains(cell)) {
                    Some(Highlight::Unit)
                } else {
                    None
                },
            })
            .collect();
        for (cell, digit) in event.map(Event::struck).unwrap_or_default() {
            cells[cell.index()].struck |= value_bit(digit.get());
        }
        cells
    }

    fn head(&self) -> Head<'_> {
        let settings = self.settings();
        let cursor = self.cursor();
        let counts = cursor.counts();
        Head {
            rules: if settings.rules == trace::Rules::Peers {
                "peers only"
            } else {
                "peers + hidden singles"
            },
            order: settings.order,
            shown: cursor.shown(),
            events: self.recording().len(),
            event: match self.current() {
                Some(recorded) => recorded.event.to_string(),
                None => "Press Space to assign the first given.".to_string(),
            },
            path: trace::path_text(cursor.path()),
            depth: cursor.depth(),
            counts: format!(
                "Assignments {} · eliminations {} · guesses {} · backtracks {}",
                counts.assignments, counts.eliminations, counts.guesses, counts.backtracks
            ),
        }
    }

    fn ended(&self) -> (bool, bool, u64) {
        let outcome = self.recording().outcome();
        let solved = matches!(outcome.ending, Ending::Solved(_));
        (solved, outcome.ending == Ending::Stopped, outcome.events)
    }

    fn any_stopped(&self) -> bool {
        let outcomes = self.comparison();
        outcomes.iter().any(|o| o.ending == Ending::Stopped)
    }

    fn compared(&self, width: usize) -> (&'static str, Vec<String>) {
        ("All four settings", comparison_table(self, width))
    }
}

impl RunView for ShapeRun {
    fn geometry(&self) -> &Geometry {
        ShapeRun::geometry(self)
    }

    fn heading(&self) -> String {
        format!("{} · {}", self.geometry().name(), self.order().key())
    }

    fn board(&self) -> Vec<LearnCell> {
        let event: Option<&ShapeEvent> = self.current();
        let cursor = self.cursor();
        (0..self.geometry().cells())
            .map(|cell| LearnCell {
                value: cursor.values()[cell],
                given: self.start()[cell] != 0,
                guessed: cursor.path().iter().any(|&(c, _)| c == cell),
                candidates: cursor.candidates(cell),
                struck: 0,
                highlight: event.and_then(|event| {
                    if event.cell() == Some(cell) {
                        Some(if event.is_dead() {
                            Highlight::Contradiction
                        } else {
                            Highlight::Source
                        })
                    } else {
                        event.filled().contains(&cell).then_some(Highlight::Unit)
                    }
                }),
            })
            .collect()
    }

    fn head(&self) -> Head<'_> {
        let geometry = self.geometry();
        let cursor = self.cursor();
        let guesses: Vec<String> = cursor
            .path()
            .iter()
            .map(|&(c, v)| {
                let symbol = geometry.alphabet().symbol(v);
                format!("{}={symbol}", geometry.cell_name(c))
            })
            .collect();
        let counts = cursor.counts();
        Head {
            rules: "peers + hidden singles, in one go",
            order: self.order(),
            shown: cursor.shown(),
            events: self.recording().len(),
            event: match self.current() {
                Some(event) => event.text(geometry),
                None => "Press Space to place the givens.".to_string(),
            },
            path: guesses.join(" > "),
            depth: cursor.path().len(),
            counts: format!(
                "Filled by singles {} · guesses {} · backtracks {}",
                counts.filled, counts.guesses, counts.backtracks
            ),
        }
    }

    fn ended(&self) -> (bool, bool, u64) {
        let outcome = self.recording().outcome();
        let solved = matches!(outcome.ending, ShapeEnding::Solved(_));
        (
            solved,
            outcome.ending == ShapeEnding::Stopped,
            outcome.events,
        )
    }

    fn any_stopped(&self) -> bool {
        let outcomes = self.comparison();
        outcomes.iter().any(|o| o.ending == ShapeEnding::Stopped)
    }

    fn compared(&self, _width: usize) -> (&'static str, Vec<String>) {
        ("Both orders", comparison_rows(self))
    }
}
