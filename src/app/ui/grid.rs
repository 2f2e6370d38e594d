//! The one grid renderer, driven by the geometry: where each cell sits for a
//! board size and a shape, the rules (thick wherever two neighbouring cells lie
//! in different regions, so boxes and jigsaw pieces are drawn alike), and the row
//! and column labels (`r#c#`, the scheme every hint and log uses). The player's
//! board, on every shape, and learn mode all draw with it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::put;
use crate::engine::geometry::{Geometry, MAX_SIDE, format::box_rows_cols};
use crate::engine::{Cell, Digit};

/// Columns left of the grid for the row labels (`1 `).
pub const LABEL_GUTTER: u16 = 2;

/// The largest side whose compact board keeps a thin rule between every two
/// rows: a 25x25 compact board with them is 51 lines tall, without them 31
/// (cells in a box then sit a blank apart, as on the medium board), which fits a
/// 120x45 terminal with the panel below.
pub const COMPACT_RULED_UP_TO: u16 = 16;

/// How big the board is drawn, largest first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoardSize {
    /// Cells between thin and thick rules, candidates spaced out in the shape's
    /// pencil grid (7x3 cells, a 3x3 block, on the classic board).
    Large,
    /// Smaller cells, candidates packed (`12345` over `6789` on the classic
    /// board); only the rules that matter are drawn, cells in a box sit a blank
    /// column apart. The classic board fits 80x24 with the panel.
    Medium,
    /// Cells of 3x1: one symbol per cell, the candidates only in the panel.
    Compact,
}

impl BoardSize {
    /// Every size, the one to try first first.
    pub const ALL: [BoardSize; 3] = [BoardSize::Large, BoardSize::Medium, BoardSize::Compact];

    /// Whether thin rules separate the cells of a box on a board of `side`.
    /// Not on the medium board, nor on a compact board of more than
    /// [`COMPACT_RULED_UP_TO`] values.
    pub const fn thin_rules(self, side: u16) -> bool {
        match self {
            BoardSize::Large => true,
            BoardSize::Medium => false,
            BoardSize::Compact => side <= COMPACT_RULED_UP_TO,
        }
    }

    /// This size laid out for `geometry`.
    pub fn plan(self, geometry: &Geometry) -> Plan<'_> {
        Plan::new(self, geometry)
    }

    /// The classic board as laid out: the grid and, on its left, the row labels.
    pub fn size(self) -> (u16, u16) {
        self.plan(Geometry::classic()).size()
    }

    /// The inside of `cell` on a classic board drawn at `board` (the rect from
    /// the layout, gutter included).
    pub fn cell_rect(self, board: Rect, cell: Cell) -> Rect {
        self.plan(Geometry::classic())
            .cell_rect(board, cell.index())
    }

    /// The classic cell under terminal position (`x`, `y`) on a board drawn at `board`.
    pub fn cell_at(self, board: Rect, x: u16, y: u16) -> Option<Cell> {
        self.plan(Geometry::classic())
            .cell_at(board, x, y)
            .map(Cell::new)
    }

    /// Where a placed digit's three characters (`[5]`) start inside a classic cell.
    pub fn digit_spot(self) -> (u16, u16) {
        self.plan(Geometry::classic()).digit_spot()
    }

    /// Where candidate `digit` goes inside a classic cell, always the same spot;
    /// `None` when the cells are too small for candidates.
    pub fn candidate_spot(self, digit: Digit) -> Option<(u16, u16)> {
        self.plan(Geometry::classic()).candidate_spot(digit.get())
    }
}

/// The pencil grid of a side (columns, rows): the box shape turned on its side,
/// so a 16x16 cell holds a 4x4 grid, a 6x6 cell 3x2, a 4x4 cell 2x2.
fn pencil_grid(side: usize) -> (u16, u16) {
    let (rows, cols) = box_rows_cols(side).unwrap_or_else(|| {
        let cols = (1..=side).find(|c| c * c >= side).unwrap_or(side);
        (side.div_ceil(cols), cols)
    });
    (cols as u16, rows as u16)
}

/// A [`BoardSize`] applied to a shape: where every cell, rule, candidate and
/// label goes. Built per frame; reading it never changes anything.
#[derive(Clone, Copy, Debug)]
pub struct Plan<'g> {
    pub size: BoardSize,
    geometry: &'g Geometry,
    side: u16,
    /// The pencil grid inside a cell: columns, rows.
    pencil: (u16, u16),
}

impl<'g> Plan<'g> {
    pub fn new(size: BoardSize, geometry: &'g Geometry) -> Plan<'g> {
        Plan {
            size,
            geometry,
            side: geometry.side() as u16,
            pencil: pencil_grid(geometry.side()),
        }
    }

    pub fn geometry(&self) -> &'g Geometry {
        self.geometry
    }

    /// A cell's inside: width and height in characters.
    pub fn cell(&self) -> (u16, u16) {
        let (cols, rows) = self.pencil;
        match self.size {
            // Candidates a blank apart, a blank at each side.
            BoardSize::Large => (2 * cols + 1, rows),
            // The classic 9 packed as `12345` over `6789`; others in their grid,
            // never narrower than a placed digit's `[5]`.
            BoardSize::Medium if self.side == 9 => (5, 2),
            BoardSize::Medium => (cols.max(3), rows),
            BoardSize::Compact => (3, 1),
        }
    }

    /// Whether the rule between cells `a` and `b` (neighbours) is thick.
    fn thick_between(&self, a: usize, b: usize) -> bool {
        self.geometry.region_border(a, b)
    }

    /// Whether horizontal boundary `row` (0..=side, above that row of cells)
    /// is drawn at all: the outer border always, thin rules when this size draws
    /// them, else only where some neighbours lie in different regions.
    fn row_rule(&self, row: u16) -> bool {
        if row == 0 || row == self.side || self.size.thin_rules(self.side) {
            return true;
        }
        let side = self.side as usize;
        let row = row as usize;
        (0..side).any(|c| self.thick_between((row - 1) * side + c, row * side + c))
    }

    /// The grid with its outer border, without the label gutter.
    pub fn grid_size(&self) -> (u16, u16) {
        let (w, h) = self.cell();
        // Every column boundary takes a character (a rule, or a blank inside a
        // box when there are no thin rules); a row boundary takes a line only
        // where a rule is drawn.
        let rules = (0..=self.side).filter(|&r| self.row_rule(r)).count() as u16;
        (self.side * w + self.side + 1, self.side * h + rules)
    }

    /// The board as laid out: the grid and, on its left, the row labels.
    pub fn size(&self) -> (u16, u16) {
        let (w, h) = self.grid_size();
        (w + LABEL_GUTTER, h)
    }

    /// Offset of the column's first character from the grid's left border.
    fn col_x(&self, col: u16) -> u16 {
        1 + col * (self.cell().0 + 1)
    }

    /// Offset of the row's first line from the grid's top border.
    fn row_y(&self, row: u16) -> u16 {
        let rules = (0..=row).filter(|&r| self.row_rule(r)).count() as u16;
        row * self.cell().1 + rules
    }

    /// The line of horizontal boundary `row` (which must be drawn).
    fn rule_y(&self, row: u16) -> u16 {
        if row == self.side {
            self.grid_size().1 - 1
        } else {
            self.row_y(row) - 1
        }
    }

    /// The inside of cell `cell` (row-major index) on a board drawn at `board`
    /// (the rect from the layout, gutter included).
    pub fn cell_rect(&self, board: Rect, cell: usize) -> Rect {
        let (w, h) = self.cell();
        let side = self.side as usize;
        Rect::new(
            board.x + LABEL_GUTTER + self.col_x((cell % side) as u16),
            board.y + self.row_y((cell / side) as u16),
            w,
            h,
        )
    }

    /// The cell under terminal position (`x`, `y`) on a board drawn at `board`.
    pub fn cell_at(&self, board: Rect, x: u16, y: u16) -> Option<usize> {
        (0..self.geometry.cells()).find(|&cell| self.cell_rect(board, cell).contains((x, y).into()))
    }

    /// Where candidate `value` (1..=side) goes inside a cell, always the same
    /// spot; `None` when the cells are too small for candidates.
    pub fn candidate_spot(&self, value: u8) -> Option<(u16, u16)> {
        let i = value as u16 - 1;
        let cols = self.pencil.0;
        match self.size {
            BoardSize::Large => Some((1 + 2 * (i % cols), i / cols)),
            BoardSize::Medium if self.side == 9 => Some((i % 5, i / 5)),
            BoardSize::Medium => Some((i % cols, i / cols)),
            BoardSize::Compact => None,
        }
    }

    /// Where a placed digit's three characters (`[5]`) start inside a cell.
    pub fn digit_spot(&self) -> (u16, u16) {
        let (w, h) = self.cell();
        ((w - 3) / 2, (h - 1) / 2)
    }
}

/// The styles the grid is drawn in.
#[derive(Clone, Copy, Debug)]
pub struct GridStyle {
    pub thin: Style,
    pub thick: Style,
    pub label: Style,
}

impl GridStyle {
    /// The rules and labels of every board (classic, shaped, learn mode) in `theme`.
    pub fn of(theme: super::theme::Theme) -> GridStyle {
        GridStyle {
            thin: theme.cell_border(),
            thick: theme.box_border(),
            label: theme.label(),
        }
    }
}

/// How a rule segment is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Weight {
    /// Not drawn (a blank: cells of a box on a board without thin rules).
    None = 0,
    Thin = 1,
    Thick = 2,
}

/// Box-drawing characters by their arms' weights (none, thin, thick), indexed
/// `up * 27 + down * 9 + left * 3 + right`: every junction a region border can make.
const JUNCTIONS: &str =
    " ╶╺╴─╼╸╾━╷┌┍┐┬┮┑┭┯╻┎┏┒┰┲┓┱┳╵└┕┘┴┶┙┵┷│├┝┤┼┾┥┽┿╽┟┢┧╁╆┪╅╈╹┖┗┚┸┺┛┹┻╿┞┡┦╀╄┩╃╇┃┠┣┨╂╊┫╉╋";

fn junction(up: Weight, down: Weight, left: Weight, right: Weight) -> char {
    let index = up as usize * 27 + down as usize * 9 + left as usize * 3 + right as usize;
    JUNCTIONS.chars().nth(index).unwrap_or('┼')
}

impl Plan<'_> {
    /// The weight of the rule at column boundary `col` (0..=side) beside cell row `row`.
    fn vertical(&self, row: u16, col: u16) -> Weight {
        let side = self.side as usize;
        let (row, col) = (row as usize, col as usize);
        self.weight(col == 0 || col == side, || {
            (row * side + col - 1, row * side + col)
        })
    }

    /// The weight of the rule at row boundary `row` (0..=side) over cell column `col`.
    fn horizontal(&self, row: u16, col: u16) -> Weight {
        let side = self.side as usize;
        let (row, col) = (row as usize, col as usize);
        self.weight(row == 0 || row == side, || {
            ((row - 1) * side + col, row * side + col)
        })
    }

    fn weight(&self, border: bool, neighbours: impl FnOnce() -> (usize, usize)) -> Weight {
        if border {
            return Weight::Thick;
        }
        let (a, b) = neighbours();
        if self.thick_between(a, b) {
            Weight::Thick
        } else if self.size.thin_rules(self.side) {
            Weight::Thin
        } else {
            Weight::None
        }
    }
}

/// Draws the rules of the board `plan` lays out at `board` (the layout's rect,
/// gutter included), the column numbers in its top border and the row numbers
/// on its left.
pub fn draw(plan: &Plan, board: Rect, buf: &mut Buffer, style: GridStyle) {
    let grid = Rect {
        x: board.x + LABEL_GUTTER,
        width: board.width.saturating_sub(LABEL_GUTTER),
        ..board
    };
    draw_rules(plan, grid, buf, style);
    let (w, h) = plan.cell();
    for i in 0..plan.side {
        let label = (i + 1).to_string();
        let wide = label.len() as u16 - 1;
        put(
            buf,
            board,
            grid.x + plan.col_x(i) + (w / 2).saturating_sub(wide),
            grid.y,
            &label,
            style.label,
        );
        put(
            buf,
            board,
            board.x,
            grid.y + plan.row_y(i) + (h - 1) / 2,
            &label,
            style.label,
        );
    }
}

/// The rules alone, at `area`'s top left (no labels).
fn draw_rules(plan: &Plan, area: Rect, buf: &mut Buffer, style: GridStyle) {
    let (cell_w, cell_h) = plan.cell();
    let side = plan.side;
    let pick = |weight: Weight| {
        if weight == Weight::Thick {
            style.thick
        } else {
            style.thin
        }
    };
    let none = Weight::None;
    // Horizontal rules, with the junctions where the vertical rules cross them.
    for row in (0..=side).filter(|&r| plan.row_rule(r)) {
        let y = area.y + plan.rule_y(row);
        for col in 0..side {
            let weight = plan.horizontal(row, col);
            let line = match weight {
                Weight::None => " ",
                Weight::Thin => "─",
                Weight::Thick => "━",
            };
            for dx in 0..cell_w {
                put(
                    buf,
                    area,
                    area.x + plan.col_x(col) + dx,
                    y,
                    line,
                    pick(weight),
                );
            }
        }
        for col in 0..=side {
            let up = if row > 0 {
                plan.vertical(row - 1, col)
            } else {
                none
            };
            let down = if row < side {
                plan.vertical(row, col)
            } else {
                none
            };
            let left = if col > 0 {
                plan.horizontal(row, col - 1)
            } else {
                none
            };
            let right = if col < side {
                plan.horizontal(row, col)
            } else {
                none
            };
            let heavy = [up, down, left, right].contains(&Weight::Thick);
            let weight = if heavy { Weight::Thick } else { Weight::Thin };
            let ch = junction(up, down, left, right).to_string();
            put(buf, area, area.x + col * (cell_w + 1), y, &ch, pick(weight));
        }
    }
    // Vertical rules beside the cells.
    for row in 0..side {
        for col in 0..=side {
            let weight = plan.vertical(row, col);
            let bar = match weight {
                Weight::None => continue,
                Weight::Thin => "│",
                Weight::Thick => "┃",
            };
            let x = area.x + col * (cell_w + 1);
            for dy in 0..cell_h {
                put(
                    buf,
                    area,
                    x,
                    area.y + plan.row_y(row) + dy,
                    bar,
                    pick(weight),
                );
            }
        }
    }
}

/// What one cell shows, whoever draws the board (the player or learn mode).
#[derive(Clone, Debug)]
pub struct CellView {
    /// Painted over the whole inside of the cell first.
    pub background: Style,
    /// Each candidate to draw, by value (index `value - 1`), with its style.
    pub candidates: [Option<Style>; MAX_SIDE],
    /// The placed digit's text (`[5]`, `(5)`, `!5!`, `[A]`) and style, drawn over the candidates.
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
            candidates: [None; MAX_SIDE],
            digit: None,
            compact: ("·".to_string(), dot),
        }
    }
}

/// Draws the board `plan` lays out at `board` (the layout's rect, gutter
/// included): the rules and labels, then every cell (a row-major index) as
/// `view` says it looks, candidates in the geometry's alphabet.
pub fn draw_board(
    plan: &Plan,
    board: Rect,
    buf: &mut Buffer,
    style: GridStyle,
    mut view: impl FnMut(usize) -> CellView,
) {
    draw(plan, board, buf, style);
    let (digit_x, digit_y) = plan.digit_spot();
    let alphabet = plan.geometry.alphabet();
    for cell in 0..plan.geometry.cells() {
        let inner = plan.cell_rect(board, cell);
        let shown = view(cell);
        super::paint(buf, inner, shown.background);
        if plan.candidate_spot(1).is_none() {
            match &shown.digit {
                Some((text, style)) => put(buf, board, inner.x, inner.y, text, *style),
                None => {
                    let (text, style) = &shown.compact;
                    put(buf, board, inner.x + 1, inner.y, text, *style);
                }
            }
            continue;
        }
        for value in 1..=plan.side as u8 {
            let (Some(style), Some((dx, dy))) = (
                shown.candidates[value as usize - 1],
                plan.candidate_spot(value),
            ) else {
                continue;
            };
            let symbol = alphabet.symbol(value).to_string();
            put(buf, board, inner.x + dx, inner.y + dy, &symbol, style);
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
