//! Styles by role, in colour or without it (NO_COLOR, `--no-color`: bold,
//! underline and reverse only), so the board reads the same either way.

use ratatui::style::{Color, Modifier, Style};

/// The styles of every role on screen.
#[derive(Clone, Copy, Debug)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    /// The theme with colours on or off.
    pub fn new(color: bool) -> Theme {
        Theme { color }
    }

    fn pick(self, colored: Style, plain: Style) -> Style {
        if self.color { colored } else { plain }
    }

    /// A given digit.
    pub fn given(self) -> Style {
        self.pick(
            Style::new().fg(Color::White).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// A digit the player placed.
    pub fn player(self) -> Style {
        self.pick(Style::new().fg(Color::LightCyan), Style::new())
    }

    /// A digit in conflict with a peer, or marked wrong by a check.
    pub fn wrong(self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            Style::new().add_modifier(Modifier::UNDERLINED | Modifier::REVERSED),
        )
    }

    /// A pencil mark.
    pub fn candidate(self) -> Style {
        self.pick(Style::new().fg(Color::Indexed(250)), Style::new())
    }

    /// A candidate the player struck out (pencil mode): still there, to restore.
    pub fn candidate_struck(self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::Indexed(240))
                .add_modifier(Modifier::CROSSED_OUT),
            Style::new().add_modifier(Modifier::DIM | Modifier::CROSSED_OUT),
        )
    }

    /// A candidate equal to the selected cell's digit.
    pub fn candidate_same(self) -> Style {
        self.pick(
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }

    /// A candidate the shown hint removes.
    pub fn candidate_removed(self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::CROSSED_OUT | Modifier::BOLD),
            Style::new().add_modifier(Modifier::CROSSED_OUT | Modifier::REVERSED),
        )
    }

    /// A candidate that proves the shown hint, or the digit it places.
    pub fn candidate_key(self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::LightGreen)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }

    pub fn selected(self) -> Style {
        self.pick(
            Style::new().bg(Color::Indexed(25)),
            Style::new().add_modifier(Modifier::REVERSED),
        )
    }

    /// The selected cell's row, column and box.
    pub fn peer(self) -> Style {
        self.pick(Style::new().bg(Color::Indexed(236)), Style::new())
    }

    /// A cell holding the selected cell's digit.
    pub fn same_digit(self) -> Style {
        self.pick(
            Style::new().bg(Color::Indexed(58)),
            Style::new().add_modifier(Modifier::UNDERLINED),
        )
    }

    /// The unit a hint looks at.
    pub fn hint_unit(self) -> Style {
        self.pick(Style::new().bg(Color::Indexed(17)), Style::new())
    }

    /// The cells that prove a hint.
    pub fn hint_pattern(self) -> Style {
        self.pick(
            Style::new().bg(Color::Indexed(23)),
            Style::new().add_modifier(Modifier::UNDERLINED),
        )
    }

    /// The cell a hint fills.
    pub fn hint_target(self) -> Style {
        self.pick(
            Style::new().bg(Color::Indexed(22)),
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
        )
    }

    /// The thick lines between boxes.
    pub fn box_border(self) -> Style {
        self.pick(Style::new().fg(Color::White), Style::new())
    }

    /// The thin lines between cells.
    pub fn cell_border(self) -> Style {
        self.pick(Style::new().fg(Color::Indexed(240)), Style::new())
    }

    /// Panel field names and quiet text.
    pub fn label(self) -> Style {
        self.pick(Style::new().fg(Color::Indexed(245)), Style::new())
    }

    /// Titles and key names.
    pub fn title(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// An ordinary message.
    pub fn info(self) -> Style {
        Style::new()
    }

    /// A hint message.
    pub fn hint(self) -> Style {
        self.pick(Style::new().fg(Color::LightGreen), Style::new())
    }

    /// A message about something refused or gone wrong.
    pub fn error(self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }
}
