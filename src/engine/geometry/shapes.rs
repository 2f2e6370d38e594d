//! The shapes pencilmark knows, each a unit list handed to [`Geometry::from_units`]:
//! every size from 4x4 to 25x25 with its boxes, Sudoku X (two diagonals more),
//! Windoku (four windows more) and jigsaw (irregular regions instead of boxes).

use std::sync::LazyLock;

use thiserror::Error;

use super::{BoxShape, Geometry, MAX_SIDE, UnitKind, UnitSpec};

/// The rule set on top of the rows and columns.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Variant {
    /// Regular boxes.
    #[default]
    Classic,
    /// Regular boxes and both main diagonals.
    X,
    /// 9x9 boxes and four extra 3x3 windows (top-left r2c2, r2c6, r6c2, r6c6).
    Windoku,
    /// Irregular regions of `side` cells instead of boxes.
    Jigsaw,
}

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::Classic,
        Variant::X,
        Variant::Windoku,
        Variant::Jigsaw,
    ];

    /// The name on the command line and in `# variant:` headers.
    pub fn key(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::X => "x",
            Variant::Windoku => "windoku",
            Variant::Jigsaw => "jigsaw",
        }
    }

    /// The variant named `key` (case-insensitive).
    pub fn from_key(key: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.key().eq_ignore_ascii_case(key.trim()))
    }
}

/// Why a shape cannot be built. Region numbers are one-based, as people write them.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ShapeError {
    #[error("a {0}x{0} board is not supported (sides 4, 6, 8, 9, 12, 16 and 25 are)")]
    UnsupportedSide(usize),
    #[error("windoku is a 9x9 variant; this puzzle is {0}x{0}")]
    WindokuSide(usize),
    #[error("a jigsaw puzzle needs its regions (a second field of {cells} region numbers)")]
    MissingRegions { cells: usize },
    #[error("region {region} has {cells} cells; every region needs {side}")]
    RegionSize {
        region: usize,
        cells: usize,
        side: usize,
    },
    #[error("region {region} is not connected")]
    NotConnected { region: usize },
    #[error("regions are given for {found} cells; a {side}x{side} puzzle needs {needed}")]
    RegionCount {
        found: usize,
        side: usize,
        needed: usize,
    },
}

/// Box height and width for a side: as square as possible, wider than tall.
pub fn box_shape_for(side: usize) -> Option<BoxShape> {
    let (rows, cols) = match side {
        4 => (2, 2),
        6 => (2, 3),
        8 => (2, 4),
        9 => (3, 3),
        12 => (3, 4),
        16 => (4, 4),
        25 => (5, 5),
        _ => return None,
    };
    Some(BoxShape { rows, cols })
}

fn boxes(side: usize, shape: BoxShape) -> Vec<UnitSpec> {
    let across = side / shape.cols;
    (0..side)
        .map(|number| {
            let top = (number / across) * shape.rows;
            let left = (number % across) * shape.cols;
            let mut cells: Vec<usize> = (0..side)
                .map(|k| (top + k / shape.cols) * side + left + k % shape.cols)
                .collect();
            cells.sort_unstable();
            UnitSpec {
                kind: UnitKind::Box,
                number,
                cells,
            }
        })
        .collect()
}

fn diagonals(side: usize) -> Vec<UnitSpec> {
    vec![
        UnitSpec {
            kind: UnitKind::Diagonal,
            number: 0,
            cells: (0..side).map(|i| i * side + i).collect(),
        },
        UnitSpec {
            kind: UnitKind::Diagonal,
            number: 1,
            cells: (0..side).map(|i| i * side + side - 1 - i).collect(),
        },
    ]
}

fn windows() -> Vec<UnitSpec> {
    [(1, 1), (1, 5), (5, 1), (5, 5)]
        .into_iter()
        .enumerate()
        .map(|(number, (top, left))| UnitSpec {
            kind: UnitKind::Window,
            number,
            cells: (0..9).map(|k| (top + k / 3) * 9 + left + k % 3).collect(),
        })
        .collect()
}

static CLASSIC: LazyLock<Geometry> =
    LazyLock::new(|| Geometry::regular(9, Variant::Classic).expect("9x9 is a supported side"));

impl Geometry {
    /// The classic 9x9 with 3x3 boxes.
    pub fn classic() -> &'static Geometry {
        &CLASSIC
    }

    /// A shape with regular boxes: classic, X or Windoku, of `side` 4, 6, 8, 9, 12, 16 or 25.
    pub fn regular(side: usize, variant: Variant) -> Result<Geometry, ShapeError> {
        let shape = box_shape_for(side).ok_or(ShapeError::UnsupportedSide(side))?;
        let extra = match variant {
            Variant::Classic => Vec::new(),
            Variant::X => diagonals(side),
            Variant::Windoku if side == 9 => windows(),
            Variant::Windoku => return Err(ShapeError::WindokuSide(side)),
            Variant::Jigsaw => return Err(ShapeError::MissingRegions { cells: side * side }),
        };
        Ok(Geometry::from_units(
            side,
            variant,
            Some(shape),
            boxes(side, shape),
            extra,
        ))
    }

    /// A jigsaw: `regions[cell]` is each cell's region, 0-based. Every region must
    /// have `side` cells and be connected (orthogonally).
    pub fn jigsaw(side: usize, regions: &[usize]) -> Result<Geometry, ShapeError> {
        if box_shape_for(side).is_none() || side > MAX_SIDE {
            return Err(ShapeError::UnsupportedSide(side));
        }
        let cells = side * side;
        if regions.len() != cells {
            return Err(ShapeError::RegionCount {
                found: regions.len(),
                side,
                needed: cells,
            });
        }
        let mut members = vec![Vec::new(); side];
        for (cell, &region) in regions.iter().enumerate() {
            // Numbers beyond the side make a region missing: report that one as empty.
            if let Some(list) = members.get_mut(region) {
                list.push(cell);
            }
        }
        for (region, cells_of) in members.iter().enumerate() {
            if cells_of.len() != side {
                return Err(ShapeError::RegionSize {
                    region: region + 1,
                    cells: cells_of.len(),
                    side,
                });
            }
            if !connected(side, cells_of) {
                return Err(ShapeError::NotConnected { region: region + 1 });
            }
        }
        let units = members
            .into_iter()
            .enumerate()
            .map(|(number, cells)| UnitSpec {
                kind: UnitKind::Region,
                number,
                cells,
            })
            .collect();
        Ok(Geometry::from_units(
            side,
            Variant::Jigsaw,
            None,
            units,
            Vec::new(),
        ))
    }
}

/// The cells orthogonally next to `cell` on a board of `side`.
pub(super) fn neighbours(side: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / side, cell % side);
    [
        (row > 0).then(|| cell - side),
        (row + 1 < side).then(|| cell + side),
        (col > 0).then(|| cell - 1),
        (col + 1 < side).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether `cells` (ascending, non-empty) form one orthogonally connected piece.
pub(super) fn connected(side: usize, cells: &[usize]) -> bool {
    let mut reached = vec![cells[0]];
    let mut frontier = vec![cells[0]];
    while let Some(cell) = frontier.pop() {
        for next in neighbours(side, cell) {
            if cells.binary_search(&next).is_ok() && !reached.contains(&next) {
                reached.push(next);
                frontier.push(next);
            }
        }
    }
    reached.len() == cells.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_shapes_tile_their_side() {
        for side in [4, 6, 8, 9, 12, 16, 25] {
            let shape = box_shape_for(side).unwrap();
            assert_eq!(shape.rows * shape.cols, side);
            assert_eq!(side % shape.rows, 0);
            assert_eq!(side % shape.cols, 0);
        }
    }

    #[test]
    fn jigsaw_with_boxes_as_regions_sees_like_the_regular_shape() {
        let regular = Geometry::regular(6, Variant::Classic).unwrap();
        let regions: Vec<usize> = (0..36).map(|c| regular.region_of(c)).collect();
        let jigsaw = Geometry::jigsaw(6, &regions).unwrap();
        for a in 0..36 {
            assert_eq!(jigsaw.peers(a), regular.peers(a));
        }
    }

    #[test]
    fn jigsaw_errors_name_the_region() {
        let mut regions: Vec<usize> = (0..16).map(|c| (c / 4 / 2) * 2 + (c % 4) / 2).collect();
        regions.swap(0, 15); // region 1 and region 4 trade a cell: both disconnected
        assert_eq!(
            Geometry::jigsaw(4, &regions),
            Err(ShapeError::NotConnected { region: 1 })
        );
        regions[0] = 0; // region 1 now has 5 cells... and region 4 three
        assert_eq!(
            Geometry::jigsaw(4, &regions),
            Err(ShapeError::RegionSize {
                region: 1,
                cells: 5,
                side: 4
            })
        );
    }
}
