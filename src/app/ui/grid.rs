//! The one grid renderer: where each cell sits for a board size, the box and
//! cell rules, and the row and column labels (`r#c#`, the scheme every hint and
//! log uses). The player's board and learn mode both draw with it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::put;
use crate::engine::{Cell, Digit};

/// Columns left of the grid for the row labels (`1 `).
pub const LABEL_GUTTER: u16 = 2;

/// How big the board is drawn, largest first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoardSize {
    /// Cells of 7x3 between thin and thick rules, candidates in a 3x3 block.
    Large,
    /// Cells of 5x2, candidates `12345` over `6789`; only the box rules are drawn,
    /// cells in a box sit a blank column apart. Fits 80x24 with the panel.
    Medium,
    /// Cells of 3x1: one symbol per cell, the candidates only in the panel.
    Compact,
}

impl BoardSize {
    /// Every size, the one to try first first.
    pub const ALL: [BoardSize; 3] = [BoardSize::Large, BoardSize::Medium, BoardSize::Compact];

    /// A cell's inside: width and height in characters.
    pub const fn cell(self) -> (u16, u16) {
        match self {
            BoardSize::Large => (7, 3),
            BoardSize::Medium => (5, 2),
            BoardSize::Compact => (3, 1),
        }
    }

    /// Whether thin rules separate the cells of a box.
    pub const fn thin_rules(self) -> bool {
        !matches!(self, BoardSize::Medium)
    }

    /// The grid with its outer border, without the label gutter.
    pub const fn grid_size(self) -> (u16, u16) {
        let (w, h) = self.cell();
        // Every column boundary takes a character (a rule, or a blank inside a box
        // when there are no thin rules); a row boundary takes a line only where a
        // rule is drawn.
        let rules = if self.thin_rules() { 10 } else { 4 };
        (9 * w + 10, 9 * h + rules)
    }

    /// The board as laid out: the grid and, on its left, the row labels.
    pub const fn size(self) -> (u16, u16) {
        let (w, h) = self.grid_size();
        (w + LABEL_GUTTER, h)
    }

    /// Offset of the column's first character from the grid's left border.
    const fn col_x(self, col: u16) -> u16 {
        1 + col * (self.cell().0 + 1)
    }

    /// Offset of the row's first line from the grid's top border.
    const fn row_y(self, row: u16) -> u16 {
        let h = self.cell().1;
        if self.thin_rules() {
            1 + row * (h + 1)
        } else {
            1 + row * h + row / 3
        }
    }

    /// The inside of `cell` on a board drawn at `board` (the rect from the layout,
    /// gutter included).
    pub fn cell_rect(self, board: Rect, cell: Cell) -> Rect {
        let (w, h) = self.cell();
        Rect::new(
            board.x + LABEL_GUTTER + self.col_x(cell.col() as u16),
            board.y + self.row_y(cell.row() as u16),
            w,
            h,
        )
    }

    /// The cell under terminal position (`x`, `y`) on a board drawn at `board`.
    pub fn cell_at(self, board: Rect, x: u16, y: u16) -> Option<Cell> {
        Cell::all().find(|&cell| self.cell_rect(board, cell).contains((x, y).into()))
    }

    /// Where candidate `digit` goes inside a cell, always the same spot; `None`
    /// when the cells are too small for candidates.
    pub fn candidate_spot(self, digit: Digit) -> Option<(u16, u16)> {
        let i = digit.index() as u16;
        match self {
            BoardSize::Large => Some((1 + 2 * (i % 3), i / 3)),
            BoardSize::Medium => Some((i % 5, i / 5)),
            BoardSize::Compact => None,
        }
    }

    /// Where a placed digit's three characters (`[5]`) start inside a cell.
    pub const fn digit_spot(self) -> (u16, u16) {
        match self {
            BoardSize::Large => (2, 1),
            BoardSize::Medium => (1, 0),
            BoardSize::Compact => (0, 0),
        }
    }
}

/// The styles the grid is drawn in.
#[derive(Clone, Copy, Debug)]
pub struct GridStyle {
    pub thin: Style,
    pub thick: Style,
    pub label: Style,
}

/// Draws the rules of a `size` board at `board` (the layout's rect, gutter
/// included), the column numbers in its top border and the row numbers on its left.
pub fn draw(size: BoardSize, board: Rect, buf: &mut Buffer, style: GridStyle) {
    let grid = Rect {
        x: board.x + LABEL_GUTTER,
        width: board.width.saturating_sub(LABEL_GUTTER),
        ..board
    };
    draw_rules(size, grid, buf, style);
    let (w, h) = size.cell();
    for i in 0..9u16 {
        let label = (i + 1).to_string();
        put(
            buf,
            board,
            grid.x + size.col_x(i) + w / 2,
            grid.y,
            &label,
            style.label,
        );
        put(
            buf,
            board,
            board.x,
            grid.y + size.row_y(i) + (h - 1) / 2,
            &label,
            style.label,
        );
    }
}

/// The rules alone, at `area`'s top left (no labels).
fn draw_rules(size: BoardSize, area: Rect, buf: &mut Buffer, style: GridStyle) {
    let (cell_w, cell_h) = size.cell();
    let (width, height) = size.grid_size();
    let pick = |thick: bool| if thick { style.thick } else { style.thin };
    // Horizontal rules, with the junctions where the vertical rules cross them.
    for row in 0..=9u16 {
        let thick = row.is_multiple_of(3);
        if !thick && !size.thin_rules() {
            continue;
        }
        let y = if row == 9 {
            height - 1
        } else {
            size.row_y(row) - 1
        };
        let line = if thick { "━" } else { "─" };
        for x in 0..width {
            put(buf, area, area.x + x, area.y + y, line, pick(thick));
        }
        for col in 0..=9u16 {
            let v_thick = col.is_multiple_of(3);
            if !v_thick && !size.thin_rules() {
                continue;
            }
            let x = col * (cell_w + 1);
            let ch = junction(col, row).to_string();
            put(
                buf,
                area,
                area.x + x,
                area.y + y,
                &ch,
                pick(thick || v_thick),
            );
        }
    }
    // Vertical rules between the horizontal ones.
    for col in 0..=9u16 {
        let thick = col.is_multiple_of(3);
        if !thick && !size.thin_rules() {
            continue;
        }
        let bar = if thick { "┃" } else { "│" };
        let x = area.x + col * (cell_w + 1);
        for row in 0..9u16 {
            for dy in 0..cell_h {
                let y = area.y + size.row_y(row) + dy;
                put(buf, area, x, y, bar, pick(thick));
            }
        }
    }
}

/// Box-drawing character where a vertical and a horizontal rule meet.
/// `col` and `row` are rule indices 0..=9; box rules (multiples of 3) are thick.
fn junction(col: u16, row: u16) -> char {
    let v_thick = col.is_multiple_of(3);
    let h_thick = row.is_multiple_of(3);
    match (col, row) {
        (0, 0) => '┏',
        (9, 0) => '┓',
        (0, 9) => '┗',
        (9, 9) => '┛',
        (_, 0) if v_thick => '┳',
        (_, 0) => '┯',
        (_, 9) if v_thick => '┻',
        (_, 9) => '┷',
        (0, _) if h_thick => '┣',
        (0, _) => '┠',
        (9, _) if h_thick => '┫',
        (9, _) => '┨',
        _ => match (v_thick, h_thick) {
            (true, true) => '╋',
            (true, false) => '╂',
            (false, true) => '┿',
            (false, false) => '┼',
        },
    }
}

/// What one cell shows, whoever draws the board (the player or learn mode).
#[derive(Clone, Debug)]
pub struct CellView {
    /// Painted over the whole inside of the cell first.
    pub background: Style,
    /// Each candidate to draw, by digit (index `digit - 1`), with its style.
    pub candidates: [Option<Style>; 9],
    /// The placed digit's text (`[5]`, `(5)`, `!5!`) and style, drawn over the candidates.
    pub digit: Option<(String, Style)>,
    /// What an empty cell too small for candidates shows instead (a dot, a
    /// hint's digit, a struck mark).
    pub compact: (String, Style),
}

impl CellView {
    /// An empty cell on `background` showing nothing but a dot in the compact board.
    pub fn blank(background: Style, dot: Style) -> CellView {
        CellView {
            background,
            candidates: [None; 9],
            digit: None,
            compact: ("·".to_string(), dot),
        }
    }
}

/// Draws a `size` board at `board` (the layout's rect, gutter included): the rules
/// and labels, then every cell as `view` says it looks.
pub fn draw_board(
    size: BoardSize,
    board: Rect,
    buf: &mut Buffer,
    style: GridStyle,
    mut view: impl FnMut(Cell) -> CellView,
) {
    draw(size, board, buf, style);
    let (digit_x, digit_y) = size.digit_spot();
    for cell in Cell::all() {
        let inner = size.cell_rect(board, cell);
        let shown = view(cell);
        super::paint(buf, inner, shown.background);
        if size.candidate_spot(Digit::new(1)).is_none() {
            match &shown.digit {
                Some((text, style)) => put(buf, board, inner.x, inner.y, text, *style),
                None => {
                    let (text, style) = &shown.compact;
                    put(buf, board, inner.x + 1, inner.y, text, *style);
                }
            }
            continue;
        }
        for digit in Digit::all() {
            let (Some(style), Some((dx, dy))) =
                (shown.candidates[digit.index()], size.candidate_spot(digit))
            else {
                continue;
            };
            put(
                buf,
                board,
                inner.x + dx,
                inner.y + dy,
                &digit.to_string(),
                style,
            );
        }
        if let Some((text, style)) = &shown.digit {
            put(
                buf,
                board,
                inner.x + digit_x,
                inner.y + digit_y,
                text,
                *style,
            );
        }
    }
}
