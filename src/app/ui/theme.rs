//! The one theme of the player and learn mode: a style for every role on
//! screen, in four schemes ([`ThemeName`]). Every highlight that matters also
//! carries a modifier (bold, underline, reverse) or a marker character on the
//! board (`[5]`, `(5)`, `!5!`), so mono (`NO_COLOR`, `--no-color`) loses no meaning.

use ratatui::style::{Color, Modifier, Style};

pub use crate::app::config::ThemeName;

/// The styles of every role on screen.
#[derive(Clone, Copy, Debug)]
pub struct Theme {
    pub name: ThemeName,
    given: Style,
    player: Style,
    wrong: Style,
    candidate: Style,
    candidate_struck: Style,
    candidate_same: Style,
    candidate_removed: Style,
    candidate_key: Style,
    selected: Style,
    peer: Style,
    same_digit: Style,
    hint_unit: Style,
    hint_pattern: Style,
    hint_target: Style,
    box_border: Style,
    cell_border: Style,
    label: Style,
    hint: Style,
    error: Style,
    /// Learn mode: a digit placed by a guess still on the search path.
    guessed: Style,
    /// Learn mode: the cell of the event shown, a contradiction's cell, the unit it reasons about.
    event_source: Style,
    event_contradiction: Style,
    event_unit: Style,
    /// The audit's kinds on the board: each carries a modifier (reversed,
    /// struck, underlined) so mono tells them apart too.
    audit_missing: Style,
    audit_stale: Style,
    audit_removable: Style,
    /// The cell of the wrong move `F` found.
    wrong_move: Style,
    /// A cell on an extra unit of the shape (an X diagonal, a Windoku window).
    extra_unit: Style,
}

const fn fg(color: Color) -> Style {
    Style::new().fg(color)
}

const fn bg(color: Color) -> Style {
    Style::new().bg(color)
}

const fn with(modifier: Modifier) -> Style {
    Style::new().add_modifier(modifier)
}

const BOLD: Modifier = Modifier::BOLD;
const UNDERLINED: Modifier = Modifier::UNDERLINED;
const REVERSED: Modifier = Modifier::REVERSED;
const CROSSED: Modifier = Modifier::CROSSED_OUT;
const DIM: Modifier = Modifier::DIM;

impl Theme {
    /// The theme with colours on (dark) or off (mono).
    pub fn new(color: bool) -> Theme {
        Theme::named(if color {
            ThemeName::Dark
        } else {
            ThemeName::Mono
        })
    }

    pub fn named(name: ThemeName) -> Theme {
        match name {
            ThemeName::Dark => Theme::dark(),
            ThemeName::Light => Theme::light(),
            ThemeName::HighContrast => Theme::high_contrast(),
            ThemeName::Mono => Theme::mono(),
        }
    }

    /// For a dark terminal: the 256-colour palette, soft backgrounds.
    fn dark() -> Theme {
        Theme {
            name: ThemeName::Dark,
            given: fg(Color::White).add_modifier(BOLD),
            player: fg(Color::LightCyan),
            wrong: fg(Color::LightRed).add_modifier(BOLD.union(UNDERLINED)),
            candidate: fg(Color::Indexed(250)),
            candidate_struck: fg(Color::Indexed(240)).add_modifier(CROSSED),
            candidate_same: fg(Color::Yellow).add_modifier(BOLD),
            candidate_removed: fg(Color::LightRed).add_modifier(CROSSED.union(BOLD)),
            candidate_key: fg(Color::LightGreen).add_modifier(BOLD),
            selected: bg(Color::Indexed(25)),
            peer: bg(Color::Indexed(236)),
            same_digit: bg(Color::Indexed(58)),
            hint_unit: bg(Color::Indexed(17)),
            hint_pattern: bg(Color::Indexed(23)),
            hint_target: bg(Color::Indexed(22)),
            box_border: fg(Color::White),
            cell_border: fg(Color::Indexed(240)),
            label: fg(Color::Indexed(245)),
            hint: fg(Color::LightGreen),
            error: fg(Color::LightRed).add_modifier(BOLD),
            guessed: fg(Color::Yellow).add_modifier(BOLD),
            event_source: bg(Color::Blue),
            event_contradiction: bg(Color::Red),
            event_unit: bg(Color::Rgb(40, 40, 60)),
            audit_missing: fg(Color::LightYellow).add_modifier(REVERSED.union(BOLD)),
            audit_stale: fg(Color::LightRed).add_modifier(CROSSED),
            audit_removable: fg(Color::LightMagenta).add_modifier(UNDERLINED),
            wrong_move: bg(Color::Indexed(52)),
            extra_unit: bg(Color::Indexed(53)),
        }
    }

    /// For a light terminal: dark text, pale backgrounds.
    fn light() -> Theme {
        Theme {
            name: ThemeName::Light,
            given: fg(Color::Black).add_modifier(BOLD),
            player: fg(Color::Indexed(25)),
            wrong: fg(Color::Indexed(160)).add_modifier(BOLD.union(UNDERLINED)),
            candidate: fg(Color::Indexed(240)),
            candidate_struck: fg(Color::Indexed(246)).add_modifier(CROSSED),
            candidate_same: fg(Color::Indexed(130)).add_modifier(BOLD),
            candidate_removed: fg(Color::Indexed(160)).add_modifier(CROSSED.union(BOLD)),
            candidate_key: fg(Color::Indexed(28)).add_modifier(BOLD),
            selected: bg(Color::Indexed(153)),
            peer: bg(Color::Indexed(254)),
            same_digit: bg(Color::Indexed(229)),
            hint_unit: bg(Color::Indexed(189)),
            hint_pattern: bg(Color::Indexed(158)),
            hint_target: bg(Color::Indexed(120)),
            box_border: fg(Color::Black),
            cell_border: fg(Color::Indexed(248)),
            label: fg(Color::Indexed(242)),
            hint: fg(Color::Indexed(28)),
            error: fg(Color::Indexed(160)).add_modifier(BOLD),
            guessed: fg(Color::Indexed(130)).add_modifier(BOLD),
            event_source: bg(Color::Indexed(153)),
            event_contradiction: bg(Color::Indexed(217)),
            event_unit: bg(Color::Indexed(254)),
            audit_missing: fg(Color::Indexed(130)).add_modifier(REVERSED.union(BOLD)),
            audit_stale: fg(Color::Indexed(160)).add_modifier(CROSSED),
            audit_removable: fg(Color::Indexed(90)).add_modifier(UNDERLINED),
            wrong_move: bg(Color::Indexed(224)),
            extra_unit: bg(Color::Indexed(225)),
        }
    }

    /// The sixteen basic colours only, with bold and reverse on top: readable on
    /// any background and for weak colour vision (no red/green-only cue).
    fn high_contrast() -> Theme {
        Theme {
            name: ThemeName::HighContrast,
            given: with(BOLD),
            player: fg(Color::LightCyan).add_modifier(BOLD),
            wrong: fg(Color::White)
                .bg(Color::Red)
                .add_modifier(BOLD.union(UNDERLINED)),
            candidate: Style::new(),
            candidate_struck: with(DIM.union(CROSSED)),
            candidate_same: fg(Color::LightYellow).add_modifier(BOLD.union(UNDERLINED)),
            candidate_removed: fg(Color::LightRed).add_modifier(CROSSED.union(REVERSED)),
            candidate_key: fg(Color::LightGreen).add_modifier(BOLD.union(UNDERLINED)),
            selected: fg(Color::Black).bg(Color::LightYellow),
            peer: Style::new(),
            same_digit: with(UNDERLINED),
            hint_unit: bg(Color::Blue),
            hint_pattern: fg(Color::Black).bg(Color::LightCyan),
            hint_target: fg(Color::Black).bg(Color::LightGreen).add_modifier(BOLD),
            box_border: with(BOLD),
            cell_border: Style::new(),
            label: with(BOLD),
            hint: fg(Color::LightGreen).add_modifier(BOLD),
            error: fg(Color::LightRed).add_modifier(BOLD.union(REVERSED)),
            guessed: fg(Color::LightYellow).add_modifier(BOLD.union(UNDERLINED)),
            event_source: fg(Color::Black).bg(Color::LightYellow),
            event_contradiction: fg(Color::White).bg(Color::Red).add_modifier(BOLD),
            event_unit: bg(Color::Blue),
            audit_missing: fg(Color::LightYellow).add_modifier(REVERSED.union(BOLD)),
            audit_stale: fg(Color::LightRed).add_modifier(CROSSED.union(BOLD)),
            audit_removable: fg(Color::LightMagenta).add_modifier(UNDERLINED.union(BOLD)),
            wrong_move: fg(Color::White).bg(Color::Red),
            extra_unit: bg(Color::Magenta),
        }
    }

    /// No colour: bold, underline, reverse and dim carry every highlight.
    fn mono() -> Theme {
        Theme {
            name: ThemeName::Mono,
            given: with(BOLD),
            player: Style::new(),
            wrong: with(UNDERLINED.union(REVERSED)),
            candidate: Style::new(),
            candidate_struck: with(DIM.union(CROSSED)),
            candidate_same: with(BOLD.union(UNDERLINED)),
            candidate_removed: with(CROSSED.union(REVERSED)),
            candidate_key: with(BOLD.union(UNDERLINED)),
            selected: with(REVERSED),
            peer: Style::new(),
            same_digit: with(UNDERLINED),
            hint_unit: Style::new(),
            hint_pattern: with(UNDERLINED),
            // Not reversed: that is the selection.
            hint_target: with(BOLD.union(UNDERLINED)),
            box_border: Style::new(),
            cell_border: Style::new(),
            label: Style::new(),
            hint: Style::new(),
            error: with(BOLD),
            guessed: with(UNDERLINED),
            event_source: with(REVERSED),
            event_contradiction: with(REVERSED),
            event_unit: with(UNDERLINED),
            audit_missing: with(REVERSED.union(BOLD)),
            audit_stale: with(CROSSED),
            audit_removable: with(UNDERLINED),
            wrong_move: with(BOLD.union(UNDERLINED)),
            extra_unit: with(Modifier::ITALIC),
        }
    }

    /// Whether the theme uses colour at all.
    pub fn has_color(self) -> bool {
        self.name != ThemeName::Mono
    }

    /// A given digit.
    pub fn given(self) -> Style {
        self.given
    }

    /// A digit the player placed.
    pub fn player(self) -> Style {
        self.player
    }

    /// A digit in conflict with a peer, or marked wrong by a check.
    pub fn wrong(self) -> Style {
        self.wrong
    }

    /// A pencil mark.
    pub fn candidate(self) -> Style {
        self.candidate
    }

    /// A candidate the player struck out (pencil mode): still there, to restore.
    pub fn candidate_struck(self) -> Style {
        self.candidate_struck
    }

    /// A candidate equal to the selected cell's digit.
    pub fn candidate_same(self) -> Style {
        self.candidate_same
    }

    /// A candidate the shown hint removes.
    pub fn candidate_removed(self) -> Style {
        self.candidate_removed
    }

    /// A candidate that proves the shown hint, or the digit it places.
    pub fn candidate_key(self) -> Style {
        self.candidate_key
    }

    pub fn selected(self) -> Style {
        self.selected
    }

    /// The selected cell's row, column and box.
    pub fn peer(self) -> Style {
        self.peer
    }

    /// A cell holding the selected cell's digit.
    pub fn same_digit(self) -> Style {
        self.same_digit
    }

    /// The unit a hint looks at.
    pub fn hint_unit(self) -> Style {
        self.hint_unit
    }

    /// The cells that prove a hint.
    pub fn hint_pattern(self) -> Style {
        self.hint_pattern
    }

    /// The cell a hint fills.
    pub fn hint_target(self) -> Style {
        self.hint_target
    }

    /// The thick lines between boxes.
    pub fn box_border(self) -> Style {
        self.box_border
    }

    /// The thin lines between cells.
    pub fn cell_border(self) -> Style {
        self.cell_border
    }

    /// Panel field names, labels and quiet text.
    pub fn label(self) -> Style {
        self.label
    }

    /// Titles and key names.
    pub fn title(self) -> Style {
        with(BOLD)
    }

    /// An ordinary message.
    pub fn info(self) -> Style {
        Style::new()
    }

    /// A hint message.
    pub fn hint(self) -> Style {
        self.hint
    }

    /// A message about something refused or gone wrong.
    pub fn error(self) -> Style {
        self.error
    }

    /// Learn mode: a digit placed by a guess on the current search path.
    pub fn guessed(self) -> Style {
        self.guessed
    }

    /// Learn mode: the cell of the event shown.
    pub fn event_source(self) -> Style {
        self.event_source
    }

    /// Learn mode: the cell of a contradiction.
    pub fn event_contradiction(self) -> Style {
        self.event_contradiction
    }

    /// Learn mode: a cell of the unit the event reasons about.
    pub fn event_unit(self) -> Style {
        self.event_unit
    }

    /// Audit: the solution's digit, missing from the cell's Manual marks.
    pub fn audit_missing(self) -> Style {
        self.audit_missing
    }

    /// Audit: a Manual mark whose digit a peer holds.
    pub fn audit_stale(self) -> Style {
        self.audit_stale
    }

    /// Audit: a Manual mark a named technique removes.
    pub fn audit_removable(self) -> Style {
        self.audit_removable
    }

    /// The cell of the wrong move `F` found.
    pub fn wrong_move(self) -> Style {
        self.wrong_move
    }

    /// A cell on an extra unit of the shape: an X diagonal, a Windoku window.
    pub fn extra_unit(self) -> Style {
        self.extra_unit
    }
}
