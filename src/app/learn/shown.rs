//! What learn mode shows of a run, on every shape: the board after the events
//! shown (each cell's value, candidates, the candidates the event strikes and
//! its highlight), what the panel says first ([`Head`]) and how the run ended
//! with its settings compared ([`RunEnd`]). Pure reading, no styles: the view
//! (`ui::learn`) draws these in the player's theme.
//!
//! What differs between a classic run and a shaped one is only what the
//! engine records of each board ([`Shown`]); everything else is [`LearnRun`]'s.

use super::LearnRun;
use crate::engine::board::Board;
use crate::engine::geometry::board::ShapeBoard;
use crate::engine::geometry::learn::ShapeEvent;
use crate::engine::geometry::{Geometry, ValueMask, value_bit};
use crate::engine::trace::{self, Ending, Event, Order, Settings, Traced, Why};
use crate::engine::{Cell, Contradiction, Unit};

/// How a cell is singled out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Highlight {
    /// The event's own cell.
    Source,
    /// The cell of a contradiction.
    Contradiction,
    /// A cell of the unit the event reasons about (or one its singles filled).
    Unit,
}

/// One cell of the board after the events shown, as every run tells it.
#[derive(Clone, Copy, Debug, Default)]
pub struct LearnCell {
    /// The value placed (0: open).
    pub value: u8,
    /// A value of the start.
    pub given: bool,
    /// Placed by a guess on the path.
    pub guessed: bool,
    /// The candidates left (drawn in an open cell).
    pub candidates: ValueMask,
    /// The candidates the current event strikes (drawn struck, placed or not).
    pub struck: ValueMask,
    pub highlight: Option<Highlight>,
}

/// What the panel says first, on every shape.
pub struct Head<'a> {
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
pub struct RunEnd {
    /// "solved", "no solution", "stopped after N events".
    pub ended: String,
    /// What the table compares: "All four settings".
    pub compared: &'static str,
    pub table: Vec<String>,
    /// Whether a setting hit the comparison's limit.
    pub stopped: bool,
}

/// How a run ended, in a few words (`events` emitted when it stopped).
pub(super) fn ending_words(solved: bool, stopped: bool, events: u64) -> String {
    match (solved, stopped) {
        (true, _) => "solved".to_string(),
        (false, false) => "no solution".to_string(),
        (false, true) => format!("stopped after {events} events"),
    }
}

/// What learn mode reads of a run on this board: the words and cells the view
/// draws, and the values a finished run leaves.
pub trait Shown: Traced + Sized + 'static {
    fn geometry(run: &LearnRun<Self>) -> &Geometry;
    /// The title line's words after "pencilmark · learn mode · ".
    fn heading(run: &LearnRun<Self>) -> String;
    /// Every cell (row-major) of the board after the events shown.
    fn cells(run: &LearnRun<Self>) -> Vec<LearnCell>;
    /// What the panel says first.
    fn head(run: &LearnRun<Self>) -> Head<'_>;
    /// What the comparison compares, and its table for a panel `width` wide.
    fn compared(run: &LearnRun<Self>, width: usize) -> (&'static str, Vec<String>);
    /// The values on show (row-major, 1..=side) when they solve the start: a
    /// finished run's, never a branch's that is still a guess.
    fn solved_values(run: &LearnRun<Self>) -> Option<Vec<u8>>;
}

impl Shown for Board {
    fn geometry(_run: &LearnRun<Board>) -> &Geometry {
        Geometry::classic()
    }

    fn heading(run: &LearnRun<Board>) -> String {
        run.settings().to_string()
    }

    fn cells(run: &LearnRun<Board>) -> Vec<LearnCell> {
        let event = run.current().map(|r| &r.event);
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
        let position = run.cursor().position();
        let path = run.cursor().path();
        let mut cells: Vec<LearnCell> = Cell::all()
            .map(|cell| LearnCell {
                value: position.digit(cell).map_or(0, |d| d.get()),
                given: run.start().get(cell).is_some(),
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

    fn head(run: &LearnRun<Board>) -> Head<'_> {
        let settings = run.settings();
        let cursor = run.cursor();
        let counts = cursor.counts();
        Head {
            rules: if settings.rules == trace::Rules::Peers {
                "peers only"
            } else {
                "peers + hidden singles"
            },
            order: settings.order,
            shown: cursor.shown(),
            events: run.recording().len(),
            event: match run.current() {
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

    fn compared(run: &LearnRun<Board>, width: usize) -> (&'static str, Vec<String>) {
        ("All four settings", comparison_table(run, width))
    }

    fn solved_values(run: &LearnRun<Board>) -> Option<Vec<u8>> {
        let digits = &run.cursor().position().digits;
        digits.is_solution_of(run.start()).then(|| {
            Cell::all()
                .map(|c| digits.get(c).map_or(0, |d| d.get()))
                .collect()
        })
    }
}

impl Shown for ShapeBoard<'static> {
    fn geometry(run: &LearnRun<Self>) -> &Geometry {
        &run.start().geometry
    }

    fn heading(run: &LearnRun<Self>) -> String {
        let name = <Self as Shown>::geometry(run).name();
        format!("{name} · {}", run.settings().order.key())
    }

    fn cells(run: &LearnRun<Self>) -> Vec<LearnCell> {
        let event: Option<&ShapeEvent> = run.current();
        let cursor = run.cursor();
        (0..<Self as Shown>::geometry(run).cells())
            .map(|cell| LearnCell {
                value: cursor.values()[cell],
                given: run.start().givens[cell] != 0,
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

    fn head(run: &LearnRun<Self>) -> Head<'_> {
        let geometry = <Self as Shown>::geometry(run);
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
        Head {
            rules: "peers + hidden singles, in one go",
            order: run.settings().order,
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
        }
    }

    fn compared(run: &LearnRun<Self>, _width: usize) -> (&'static str, Vec<String>) {
        ("Both orders", comparison_rows(run))
    }

    /// Complete and keeping every start value: a solution of the start, since
    /// the search only places what the rules allow.
    fn solved_values(run: &LearnRun<Self>) -> Option<Vec<u8>> {
        let values = run.cursor().values();
        let solved = values.iter().all(|&v| v != 0)
            && run
                .start()
                .givens
                .iter()
                .zip(values)
                .all(|(&s, &v)| s == 0 || s == v);
        solved.then(|| values.to_vec())
    }
}
/// The four settings' counts as a table `width` wide: columns as wide as their
/// contents, so it fits a 120x45 window's panel; narrower than that, each
/// setting's counts go on a line under its name instead of wrapping mid-row.
fn comparison_table(learn: &LearnRun<Board>, width: usize) -> Vec<String> {
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
fn comparison_rows(run: &LearnRun<ShapeBoard<'static>>) -> Vec<String> {
    let mut lines = vec![format!(
        "  {:<9}{:>7}{:>7}{:>7}",
        "order", "fill", "gues", "back"
    )];
    for (setting, outcome) in ShapeBoard::SETTINGS.iter().zip(run.comparison()) {
        let mark = if *setting == run.settings() {
            "▶"
        } else {
            " "
        };
        let stopped = if outcome.ending == Ending::Stopped {
            "+"
        } else {
            ""
        };
        lines.push(format!(
            "{mark} {:<9}{:>7}{:>7}{:>7}",
            setting.order.key(),
            outcome.counts.filled,
            outcome.counts.guesses,
            format!("{}{stopped}", outcome.counts.backtracks)
        ));
    }
    lines
}
