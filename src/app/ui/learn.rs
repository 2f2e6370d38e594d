//! Learn mode's view: the board after the events shown, with the event's cell,
//! unit and struck candidates highlighted, and a panel with the event text, the
//! search path and depth, the counts, and the four settings side by side once the
//! run ends. Pure rendering of a [`LearnState`].

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::board::render_grid;
use super::grid::BoardSize;
use super::put;
use super::theme::Theme;
use crate::app::learn::{BINDINGS, COMPARE_LIMIT, LearnAction, LearnState};
use crate::engine::trace::{self, Ending, Event, Outcome, Settings, Why};
use crate::engine::{Cell, Contradiction, Digit, Unit};

/// The board with every candidate drawn: 3x3 characters per cell.
const FULL_WIDTH: u16 = 73;
const FULL_HEIGHT: u16 = 37;
/// The board with digits only: 3 characters per cell, one line per row.
const COMPACT_WIDTH: u16 = 31;
const COMPACT_HEIGHT: u16 = 13;

/// The view's styles, from the player's [`Theme`].
struct Palette {
    given: Style,
    placed: Style,
    guessed: Style,
    candidate: Style,
    struck: Style,
    grid: Style,
    box_rule: Style,
    theme: Theme,
}

impl Palette {
    fn new(theme: Theme) -> Palette {
        Palette {
            given: theme.given(),
            placed: theme.player(),
            guessed: theme.guessed(),
            candidate: theme.candidate(),
            struck: theme.candidate_removed(),
            grid: theme.cell_border(),
            box_rule: theme.box_border(),
            theme,
        }
    }

    /// `style` on a highlighted cell.
    fn highlighted(&self, style: Style, highlight: Option<Highlight>) -> Style {
        match highlight {
            None => style,
            Some(Highlight::Source) => style.patch(self.theme.event_source()),
            Some(Highlight::Contradiction) => style.patch(self.theme.event_contradiction()),
            Some(Highlight::Unit) => style.patch(self.theme.event_unit()),
        }
    }
}

/// How a cell is singled out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Highlight {
    /// The event's own cell.
    Source,
    /// The cell of a contradiction.
    Contradiction,
    /// A cell of the unit the event reasons about.
    Unit,
}

/// What the current event points at on the board.
struct Marks {
    source: Option<Cell>,
    struck: Vec<(Cell, Digit)>,
    unit: Option<Unit>,
    contradiction: bool,
}

impl Marks {
    fn of(event: Option<&Event>) -> Marks {
        let unit = match event {
            Some(Event::HiddenSingle { unit, .. }) => Some(*unit),
            Some(Event::Assign {
                why: Why::HiddenSingle(unit),
                ..
            }) => Some(*unit),
            Some(Event::Contradiction(Contradiction::NoPlace { unit, .. })) => Some(*unit),
            _ => None,
        };
        Marks {
            source: event.and_then(Event::source),
            struck: event.map(Event::struck).unwrap_or_default(),
            unit,
            contradiction: matches!(event, Some(Event::Contradiction(_))),
        }
    }

    fn highlight(&self, cell: Cell) -> Option<Highlight> {
        if self.source == Some(cell) {
            Some(if self.contradiction {
                Highlight::Contradiction
            } else {
                Highlight::Source
            })
        } else if self.unit.is_some_and(|u| u.contains(cell)) {
            Some(Highlight::Unit)
        } else {
            None
        }
    }
}

impl Widget for &LearnState {
    fn render(self, area: Rect, buf: &mut Buffer) {
        render(self, Theme::new(self.color()), area, buf);
    }
}

/// Draws learn mode in the player's theme.
pub fn render(learn: &LearnState, theme: Theme, area: Rect, buf: &mut Buffer) {
    let full = area.height >= FULL_HEIGHT && area.width >= FULL_WIDTH + 21;
    let board_width = if full { FULL_WIDTH } else { COMPACT_WIDTH };
    let [board_area, panel_area] =
        Layout::horizontal([Constraint::Length(board_width + 1), Constraint::Min(20)]).areas(area);
    let marks = Marks::of(learn.current().map(|r| &r.event));
    let palette = Palette::new(theme);
    if full {
        render_full_board(learn, &marks, &palette, board_area, buf);
    } else if board_area.height >= COMPACT_HEIGHT {
        render_compact_board(learn, &marks, &palette, board_area, buf);
    }
    render_panel(learn, panel_area, buf);
}

/// The style of a placed digit: a given of the position, a guess on the path, or propagated.
fn digit_style(learn: &LearnState, palette: &Palette, cell: Cell) -> Style {
    if learn.start().get(cell).is_some() {
        palette.given
    } else if learn.cursor().path().iter().any(|&(c, _)| c == cell) {
        palette.guessed
    } else {
        palette.placed
    }
}

fn render_full_board(
    learn: &LearnState,
    marks: &Marks,
    palette: &Palette,
    area: Rect,
    buf: &mut Buffer,
) {
    // The player's large board: 7x3 cells between thin and thick rules.
    render_grid(area, buf, (palette.grid, palette.box_rule), 7, 3);
    let position = learn.cursor().position();
    for cell in Cell::all() {
        let inner = BoardSize::Large.grid_cell_rect(area, cell);
        let (x, y) = (inner.x, inner.y);
        let highlight = marks.highlight(cell);
        let with_bg = |style: Style| palette.highlighted(style, highlight);
        for k in 0..3 {
            put(buf, area, x, y + k, "       ", with_bg(Style::new()));
        }
        let placed = position.digits.get(cell);
        let candidates = position.candidates[cell.index()];
        for digit in Digit::all() {
            let Some((dx, dy)) = BoardSize::Large.candidate_spot(digit) else {
                continue;
            };
            let style = if marks.struck.contains(&(cell, digit)) {
                palette.struck
            } else if placed.is_none() && candidates.contains(digit) {
                palette.candidate
            } else {
                continue;
            };
            // A placed cell loses its other candidates after its digit shows: those
            // strikes are drawn around the digit, which takes the centre.
            if placed.is_none() || (dx, dy) != (3, 1) {
                put(
                    buf,
                    area,
                    x + dx,
                    y + dy,
                    &digit.to_string(),
                    with_bg(style),
                );
            }
        }
        if let Some(digit) = placed {
            // Bracketed like the player's digits, so a digit never reads as candidate 5.
            let text = if learn.start().get(cell).is_some() {
                format!("[{digit}]")
            } else {
                format!("({digit})")
            };
            put(
                buf,
                area,
                x + 2,
                y + 1,
                &text,
                with_bg(digit_style(learn, palette, cell)),
            );
        }
    }
}

fn render_compact_board(
    learn: &LearnState,
    marks: &Marks,
    palette: &Palette,
    area: Rect,
    buf: &mut Buffer,
) {
    let (x0, y0) = (area.x, area.y);
    let horizontal = |left: &str, mid: &str, right: &str| {
        let segment = "─".repeat(9);
        format!("{left}{segment}{mid}{segment}{mid}{segment}{right}")
    };
    put(buf, area, x0, y0, &horizontal("┌", "┬", "┐"), palette.grid);
    put(
        buf,
        area,
        x0,
        y0 + 4,
        &horizontal("├", "┼", "┤"),
        palette.grid,
    );
    put(
        buf,
        area,
        x0,
        y0 + 8,
        &horizontal("├", "┼", "┤"),
        palette.grid,
    );
    put(
        buf,
        area,
        x0,
        y0 + 12,
        &horizontal("└", "┴", "┘"),
        palette.grid,
    );
    let position = learn.cursor().position();
    for row in 0..9u16 {
        let y = y0 + 1 + row + row / 3;
        for x in [0u16, 10, 20, 30] {
            put(buf, area, x0 + x, y, "│", palette.grid);
        }
        for col in 0..9u16 {
            let cell = Cell::at(usize::from(row), usize::from(col));
            let x = x0 + 1 + col * 3 + col / 3;
            let struck = marks.struck.iter().any(|&(c, _)| c == cell);
            let (text, style) = match position.digits.get(cell) {
                Some(digit) if learn.start().get(cell).is_some() => {
                    (format!("[{digit}]"), digit_style(learn, palette, cell))
                }
                Some(digit) => (format!("({digit})"), digit_style(learn, palette, cell)),
                None if struck => (" x ".to_string(), palette.struck),
                None => (" · ".to_string(), palette.candidate),
            };
            let style = palette.highlighted(style, marks.highlight(cell));
            put(buf, area, x, y, &text, style);
        }
    }
}

fn ending_text(outcome: &Outcome) -> String {
    match outcome.ending {
        Ending::Solved(_) => "solved".to_string(),
        Ending::NoSolution => "no solution".to_string(),
        Ending::Stopped => format!("stopped after {} events", outcome.events),
    }
}

fn render_panel(learn: &LearnState, area: Rect, buf: &mut Buffer) {
    let settings = learn.settings();
    let title = " Learn mode ";
    let settings_line = format!(
        "Rules: {}\nOrder: {}",
        if settings.rules == trace::Rules::Peers {
            "peers only"
        } else {
            "peers + hidden singles"
        },
        settings.order.description()
    );
    let cursor = learn.cursor();
    let recording = learn.recording();
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines: Vec<Line> = settings_line
        .lines()
        .map(|l| Line::from(l.to_string()))
        .collect();
    lines.push(Line::from(format!(
        "Event {} of {} · depth {}",
        cursor.shown(),
        recording.len(),
        cursor.depth()
    )));
    let event_text = match learn.current() {
        Some(recorded) => recorded.event.to_string(),
        None => "Press Space to assign the first given.".to_string(),
    };
    lines.push(Line::from(vec![
        Span::styled("▶ ", bold),
        Span::styled(event_text, bold),
    ]));
    lines.push(Line::from(""));
    let path = if cursor.path().is_empty() {
        "(no guess yet)".to_string()
    } else {
        trace::path_text(cursor.path())
    };
    lines.push(Line::from(format!(
        "Path (depth {}): {path}",
        cursor.depth()
    )));
    let counts = cursor.counts();
    lines.push(Line::from(format!(
        "Assignments {} · eliminations {} · guesses {} · backtracks {}",
        counts.assignments, counts.eliminations, counts.guesses, counts.backtracks
    )));
    lines.push(Line::from(""));
    if learn.at_end() {
        lines.push(Line::styled(
            format!(
                "Run ended: {}. All four settings:",
                ending_text(recording.outcome())
            ),
            bold,
        ));
        let inner_width = area.width.saturating_sub(2) as usize;
        lines.extend(
            comparison_table(learn, inner_width)
                .into_iter()
                .map(Line::from),
        );
        if learn
            .comparison()
            .iter()
            .any(|o| o.ending == Ending::Stopped)
        {
            lines.push(Line::from(format!(
                "  + stopped after {COMPARE_LIMIT} events: at least this much"
            )));
        }
        lines.push(Line::from(""));
    }
    let run = if learn.is_running() {
        "running"
    } else {
        "paused"
    };
    lines.push(Line::from(format!(
        "Auto-run {run} · {} events/s",
        learn.speed()
    )));
    lines.push(Line::from(help_text()));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::bordered().title(title))
        .render(area, buf);
}

/// The four settings' counts as a table `width` wide: columns as wide as their
/// contents, so it fits a 120x45 window's panel; narrower than that, each
/// setting's counts go on a line under its name instead of wrapping mid-row.
fn comparison_table(learn: &LearnState, width: usize) -> Vec<String> {
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

/// One line of key help, generated from the key table so it cannot drift.
fn help_text() -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut seen: Vec<LearnAction> = Vec::new();
    for &(_, name, action) in BINDINGS {
        if let Some(i) = seen.iter().position(|&a| a == action) {
            parts[i] = format!("{}/{name}", parts[i]);
        } else {
            seen.push(action);
            parts.push(name.to_string());
        }
    }
    seen.iter()
        .zip(parts)
        .map(|(action, keys)| format!("{keys} {}", action.description()))
        .collect::<Vec<_>>()
        .join(" · ")
}
