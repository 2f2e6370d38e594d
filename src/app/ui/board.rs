//! The board: thick box borders, thin cell borders, digits styled by who placed
//! them, live pencil marks, and the highlighting of the selection, its digit,
//! conflicts, wrong digits and the hint on show.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::theme::Theme;
use super::{paint, put};
use crate::app::state::State;
use crate::engine::hint::Hint;
use crate::engine::types::CELLS;
use crate::engine::{Board, Candidates, Cell, Digit};

/// What the board highlights, computed once per frame from the state.
pub struct Highlights {
    /// The position's board: digits and the Auto candidates.
    pub board: Board,
    pub conflict: [bool; CELLS],
    pub wrong: [bool; CELLS],
    pub hint_unit: [bool; CELLS],
    /// Pattern cells of the hint, with the candidates that matter.
    pub pattern: [Option<Candidates>; CELLS],
    /// Candidates the hint removes.
    pub removed: [Candidates; CELLS],
    /// Digits the hint places.
    pub target: [Option<Digit>; CELLS],
}

impl Highlights {
    pub fn of(state: &State) -> Highlights {
        let mut h = Highlights {
            board: state.game.position.board(),
            conflict: [false; CELLS],
            wrong: [false; CELLS],
            hint_unit: [false; CELLS],
            pattern: [None; CELLS],
            removed: [Candidates::NONE; CELLS],
            target: [None; CELLS],
        };
        for cell in state.game.position.digits.conflicting_cells() {
            h.conflict[cell.index()] = true;
        }
        for cell in &state.marked_wrong {
            h.wrong[cell.index()] = true;
        }
        let Some(progress) = &state.hint else {
            return h;
        };
        match &progress.hint {
            Hint::Step(step) => {
                for unit in &step.units {
                    for cell in unit.cells() {
                        h.hint_unit[cell.index()] = true;
                    }
                }
                if progress.level >= 2 {
                    for &(cell, digits) in &step.pattern {
                        h.pattern[cell.index()] = Some(digits);
                    }
                }
                if progress.level >= 3 {
                    for &(cell, digit) in &step.eliminations {
                        h.removed[cell.index()] = h.removed[cell.index()].with(digit);
                    }
                    for &(cell, digit) in &step.placements {
                        h.target[cell.index()] = Some(digit);
                    }
                }
            }
            Hint::Guess { cell, digit } if progress.level >= 2 => {
                h.target[cell.index()] = Some(*digit);
            }
            _ => {}
        }
        h
    }

    /// The background of a cell: selection first, then the hint, then the digit
    /// and the selection's units.
    fn cell_style(&self, state: &State, cell: Cell, theme: Theme) -> Style {
        let i = cell.index();
        let same_digit = state
            .highlighted_digit()
            .is_some_and(|d| state.game.position.digits.get(cell) == Some(d));
        if cell == state.selected {
            theme.selected()
        } else if self.target[i].is_some() {
            theme.hint_target()
        } else if self.pattern[i].is_some() {
            theme.hint_pattern()
        } else if same_digit {
            theme.same_digit()
        } else if self.hint_unit[i] {
            theme.hint_unit()
        } else if cell.sees(state.selected) {
            theme.peer()
        } else {
            Style::new()
        }
    }

    fn digit_style(&self, state: &State, cell: Cell, theme: Theme) -> Style {
        let i = cell.index();
        if self.conflict[i] || self.wrong[i] {
            theme.wrong()
        } else if state.game.is_given(cell) {
            theme.given()
        } else {
            theme.player()
        }
    }

    fn candidate_style(&self, state: &State, cell: Cell, digit: Digit, theme: Theme) -> Style {
        let i = cell.index();
        if self.removed[i].contains(digit) {
            theme.candidate_removed()
        } else if self.target[i] == Some(digit)
            || self.pattern[i].is_some_and(|c| c.contains(digit))
        {
            theme.candidate_key()
        } else if state.highlighted_digit() == Some(digit) {
            theme.candidate_same()
        } else {
            theme.candidate()
        }
    }
}

/// Box-drawing character where a vertical and a horizontal line meet.
/// `col` and `row` are border indices 0..=9; box borders (multiples of 3) are thick.
fn junction(col: usize, row: usize) -> char {
    let v_thick = col.is_multiple_of(3);
    let h_thick = row.is_multiple_of(3);
    match (col, row) {
        (0, 0) => '┏',
        (9, 0) => '┓',
        (0, 9) => '┗',
        (9, 9) => '┛',
        (_, 0) => {
            if v_thick {
                '┳'
            } else {
                '┯'
            }
        }
        (_, 9) => {
            if v_thick {
                '┻'
            } else {
                '┷'
            }
        }
        (0, _) => {
            if h_thick {
                '┣'
            } else {
                '┠'
            }
        }
        (9, _) => {
            if h_thick {
                '┫'
            } else {
                '┨'
            }
        }
        _ => match (v_thick, h_thick) {
            (true, true) => '╋',
            (true, false) => '╂',
            (false, true) => '┿',
            (false, false) => '┼',
        },
    }
}

/// The grid lines for cells `cell_w` wide and `cell_h` tall, at `area`'s top left:
/// box borders in `thick`, cell borders in `thin`. Learn mode draws with it too.
pub(crate) fn render_grid(
    area: Rect,
    buf: &mut Buffer,
    (thin, thick): (Style, Style),
    cell_w: u16,
    cell_h: u16,
) {
    let style_of = |is_thick: bool| if is_thick { thick } else { thin };
    for row in 0..=9u16 {
        let y = area.y + row * (cell_h + 1);
        let thick = row.is_multiple_of(3);
        let line = if thick { "━" } else { "─" }.repeat(cell_w as usize);
        for col in 0..9u16 {
            let x = area.x + col * (cell_w + 1) + 1;
            put(buf, area, x, y, &line, style_of(thick));
        }
        for col in 0..=9u16 {
            let x = area.x + col * (cell_w + 1);
            let ch = junction(col as usize, row as usize).to_string();
            put(
                buf,
                area,
                x,
                y,
                &ch,
                style_of(thick || col.is_multiple_of(3)),
            );
        }
    }
    for col in 0..=9u16 {
        let x = area.x + col * (cell_w + 1);
        let thick = col.is_multiple_of(3);
        let bar = if thick { "┃" } else { "│" };
        for row in 0..9u16 {
            for dy in 0..cell_h {
                let y = area.y + row * (cell_h + 1) + 1 + dy;
                put(buf, area, x, y, bar, style_of(thick));
            }
        }
    }
}

/// The big board: each cell 7x3, a digit in the middle or its candidates in a
/// 3x3 layout (digit d always in the same spot).
pub fn render_full(state: &State, area: Rect, buf: &mut Buffer, theme: Theme) {
    if area.width < super::FULL_BOARD.0 || area.height < super::FULL_BOARD.1 {
        return;
    }
    render_grid(area, buf, (theme.cell_border(), theme.box_border()), 7, 3);
    let h = Highlights::of(state);
    for cell in Cell::all() {
        let x = area.x + 1 + cell.col() as u16 * 8;
        let y = area.y + 1 + cell.row() as u16 * 4;
        let inner = Rect::new(x, y, 7, 3);
        paint(buf, inner, h.cell_style(state, cell, theme));
        if let Some(digit) = state.game.position.digits.get(cell) {
            let style = h.digit_style(state, cell, theme);
            let mark = if h.conflict[cell.index()] || h.wrong[cell.index()] {
                "!"
            } else {
                " "
            };
            put(buf, area, x + 2, y + 1, &format!(" {digit}{mark}"), style);
            continue;
        }
        let marks = state.shown_marks(&h.board, cell);
        let removed = h.removed[cell.index()];
        for digit in Digit::all() {
            let shown = marks.contains(digit) || removed.contains(digit);
            if !shown {
                continue;
            }
            let dx = 1 + 2 * (digit.index() % 3) as u16;
            let dy = (digit.index() / 3) as u16;
            let style = h.candidate_style(state, cell, digit, theme);
            put(buf, area, x + dx, y + dy, &digit.to_string(), style);
        }
    }
}

/// The compact board: one line per row, each cell ` d ` or ` · `.
pub fn render_compact(state: &State, area: Rect, buf: &mut Buffer, theme: Theme) {
    if area.width < super::COMPACT_BOARD.0 || area.height < super::COMPACT_BOARD.1 {
        return;
    }
    render_grid(area, buf, (theme.cell_border(), theme.box_border()), 3, 1);
    let h = Highlights::of(state);
    for cell in Cell::all() {
        let x = area.x + 1 + cell.col() as u16 * 4;
        let y = area.y + 1 + cell.row() as u16 * 2;
        paint(buf, Rect::new(x, y, 3, 1), h.cell_style(state, cell, theme));
        match state.game.position.digits.get(cell) {
            Some(digit) => {
                let i = cell.index();
                let mark = if h.conflict[i] || h.wrong[i] {
                    "!"
                } else {
                    " "
                };
                let style = h.digit_style(state, cell, theme);
                put(buf, area, x + 1, y, &format!("{digit}{mark}"), style);
            }
            None => {
                let text = match h.target[cell.index()] {
                    Some(digit) => digit.to_string(),
                    None => "·".to_string(),
                };
                let style = match h.target[cell.index()] {
                    Some(_) => theme.candidate_key(),
                    None => theme.candidate(),
                };
                put(buf, area, x + 1, y, &text, style);
            }
        }
    }
}
