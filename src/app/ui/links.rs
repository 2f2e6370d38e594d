//! How the board shows the hint's link on show (← →): both end candidates drawn
//! reversed, their cells lit, and only the unit that links them shaded (none for
//! a link inside one cell); the panel's footer names the stepping keys.

use ratatui::style::{Modifier, Style};

use super::board::Highlights;
use super::help::{fit_footer, keys_for};
use super::theme::Theme;
use crate::app::action::Action;
use crate::app::keymap::{Binding, Context};
use crate::app::links::{LinkStep, link_count, shown_link};
use crate::app::state::State;
use crate::engine::geometry::logic::links;
use crate::engine::geometry::value_bit;
use crate::engine::logic::Step;
use crate::engine::logic::links::{LinkKind, kind};

/// Marks the classic hint's link on show in `h`: its ends, and its unit in
/// place of the step's.
pub fn highlight_link(state: &State, h: &mut Highlights) {
    let Some((_, _, link)) = shown_link(state) else {
        return;
    };
    for (cell, digit) in [link.from, link.to] {
        h.link_end[cell.index()] |= value_bit(digit.get());
    }
    h.hint_unit.fill(false);
    let board = state.game.position.board();
    if let Some(LinkKind::StrongInUnit(unit) | LinkKind::WeakInUnit(unit)) = kind(&board, &link) {
        for cell in unit.cells() {
            h.hint_unit[cell.index()] = true;
        }
    }
}

/// The same for a shaped hint's `step`: the unit that links the two ends is
/// read on the candidates the hint was found on.
pub fn highlight_shaped_link(state: &State, step: &Step, h: &mut Highlights) {
    let game = &state.game;
    let (Some(at), Some(_)) = (state.hint_link, link_count(state)) else {
        return;
    };
    let Some(link) = step.links.get(at) else {
        return;
    };
    // Only the unit that links the two ends stays shaded.
    h.hint_unit.fill(false);
    let marks = game.hint_marks(state.candidates);
    if let Some(unit) = links::kind(&marks, link).and_then(|k| k.unit()) {
        for &cell in &game.geometry.unit(unit).cells {
            h.hint_unit[cell] = true;
        }
    }
    for (cell, value) in [link.from, link.to] {
        h.link_end[cell.index()] |= value_bit(value.get());
    }
}

/// An end candidate of the link on show: reversed, so it shows without colour too.
pub fn end_style(theme: Theme) -> Style {
    theme
        .candidate_key()
        .add_modifier(Modifier::REVERSED | Modifier::BOLD)
}

/// A cell holding an end of the link on show.
pub fn end_cell_style(theme: Theme) -> Style {
    theme.hint_target()
}

/// The footer while the arrows step through links, keys from the table:
/// "← → links  Home End  Esc leave  H apply", as many as fit in `width`.
pub fn footer(table: &[Binding], width: usize) -> String {
    let keys = |steps: &[LinkStep]| -> String {
        steps
            .iter()
            .flat_map(|&s| keys_for(table, Context::Links, &Action::LinkStep(s)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let items = [
        format!("{} links", keys(&[LinkStep::Previous, LinkStep::Next])),
        keys(&[LinkStep::First, LinkStep::Last]),
        format!(
            "{} leave",
            keys_for(table, Context::Links, &Action::Dismiss).join(" ")
        ),
        format!(
            "{} apply",
            keys_for(table, Context::Board, &Action::Hint).join(" ")
        ),
    ];
    fit_footer(items, width)
}
