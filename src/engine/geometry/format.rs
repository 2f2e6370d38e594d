//! Puzzle lines of every shape: `side * side` symbols (the size inferred from the
//! count), values `1`-`9` then `A`-`G` (to `P` on a 25x25), blanks `.` or `0`; a jigsaw line carries a
//! second field of region numbers in the same alphabet; text after that is a
//! comment. A file may name its variant in a `# variant: x` header.
//!
//! Errors keep their positions and name the shape: "line 3: 255 cells; a 16x16
//! puzzle needs 256", "line 2, column 40: 'H' is not a symbol of a 16x16 puzzle
//! (1-9, A-G)", "line 5: region 7 is not connected".

use std::sync::Arc;

use thiserror::Error;

use super::shapes::box_shape_for;
use super::{Alphabet, Geometry, MAX_SIDE, ShapeError, Variant};

/// The sides a puzzle line may have.
pub const SIDES: [usize; 7] = [4, 6, 8, 9, 12, 16, 25];

/// A puzzle of any shape: its geometry and its givens, row-major, 0 for blank.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    pub geometry: Arc<Geometry>,
    pub givens: Vec<u8>,
}

/// What is wrong with a shaped puzzle's text. Lines and columns are one-based.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ShapeParseError {
    #[error("line {line}: {found} cells; a {side}x{side} puzzle needs {needed}")]
    CellCount {
        line: usize,
        found: usize,
        side: usize,
        needed: usize,
    },
    #[error(
        "line {line}, column {column}: '{ch}' is not a symbol of a {side}x{side} puzzle ({alphabet}, or . 0 for a blank)"
    )]
    Symbol {
        line: usize,
        column: usize,
        ch: char,
        side: usize,
        alphabet: String,
    },
    #[error(
        "line {line}, column {column}: '{ch}' is not a region number of a {side}x{side} puzzle ({alphabet})"
    )]
    RegionSymbol {
        line: usize,
        column: usize,
        ch: char,
        side: usize,
        alphabet: String,
    },
    #[error("line {line}: {error}")]
    Shape { line: usize, error: ShapeError },
    #[error("line {line}: {symbol} appears twice in {unit}: {first} and {second}")]
    Clash {
        line: usize,
        symbol: char,
        unit: String,
        first: String,
        second: String,
    },
    #[error("line {line}: unknown variant '{name}' (classic, x, windoku, jigsaw)")]
    UnknownVariant { line: usize, name: String },
    #[error("the input says '# variant: {header}' but --variant {flag} was given")]
    Contradiction { header: String, flag: String },
}

/// The variant a `# variant: NAME` header line names; `None` for any other line.
pub fn header_variant(text: &str, line: usize) -> Option<Result<Variant, ShapeParseError>> {
    let rest = text.trim().strip_prefix('#')?.trim_start();
    let name = rest.strip_prefix("variant:")?.trim();
    Some(
        Variant::from_key(name).ok_or_else(|| ShapeParseError::UnknownVariant {
            line,
            name: name.to_string(),
        }),
    )
}

/// The variant to read with: the flag's, the header's, classic; an error when
/// the two disagree.
pub fn resolve_variant(
    flag: Option<Variant>,
    header: Option<Variant>,
) -> Result<Variant, ShapeParseError> {
    match (flag, header) {
        (Some(flag), Some(header)) if flag != header => Err(ShapeParseError::Contradiction {
            header: header.key().to_string(),
            flag: flag.key().to_string(),
        }),
        (flag, header) => Ok(flag.or(header).unwrap_or_default()),
    }
}

/// The variant to read an input with, given its first puzzle line `first`: the
/// flag's or the header's (they must agree); with neither, a jigsaw when the line
/// carries a region field. `None` when the input is a classic 9x9, which the
/// classic reader reads.
pub fn shape_of(
    flag: Option<Variant>,
    header: Option<Variant>,
    first: &str,
) -> Result<Option<Variant>, ShapeParseError> {
    let variant = match resolve_variant(flag, header)? {
        Variant::Classic if flag.is_none() && has_region_field(first) => Variant::Jigsaw,
        variant => variant,
    };
    let classic = variant == Variant::Classic && !is_other_size(first);
    Ok((!classic).then_some(variant))
}

/// Whether `text` reads as one shaped puzzle line: a first field of another size
/// than 9x9 (or a jigsaw's two fields), all symbols and blanks. Tells a puzzle
/// argument from a file name.
pub fn is_shaped_line(text: &str) -> bool {
    let symbols = text
        .split_whitespace()
        .next()
        .is_some_and(|f| f.chars().all(|c| c.is_ascii_alphanumeric() || c == '.'));
    symbols && (is_other_size(text) || has_region_field(text))
}

/// Whether `text`'s first field is a puzzle of another size than 9x9 (a square of
/// a supported side, or a longer line nearer a bigger square than 81, so that a
/// 25x25 one cell short is told "a 25x25 puzzle needs 625"): the line belongs to
/// the shape reader.
pub fn is_other_size(text: &str) -> bool {
    let count = text
        .split_whitespace()
        .next()
        .map_or(0, |f| f.chars().count());
    SIDES.iter().any(|&side| side != 9 && side * side == count) || nearest_side(count) > 9
}

/// Whether `text` carries a jigsaw's region field: a second field of as many
/// symbols as the first, each a region number of that size.
pub fn has_region_field(text: &str) -> bool {
    let mut fields = text.split_whitespace();
    let (Some(cells), Some(regions)) = (fields.next(), fields.next()) else {
        return false;
    };
    let count = cells.chars().count();
    let side = nearest_side(count);
    let alphabet = Alphabet::new(side);
    side * side == count
        && regions.chars().count() == count
        && regions.chars().all(|ch| alphabet.value(ch).is_some())
}

/// The supported side whose cell count is nearest to `count`.
fn nearest_side(count: usize) -> usize {
    SIDES
        .into_iter()
        .min_by_key(|&side| (side * side).abs_diff(count))
        .unwrap_or(9)
}

/// Reads puzzle lines of one variant, reusing the geometry while the shape repeats.
#[derive(Default)]
pub struct ShapeReader {
    variant: Variant,
    last: Option<Arc<Geometry>>,
    /// Values given twice in a unit are read, not refused (a game in progress,
    /// whose wrong values are mistakes to name).
    unchecked: bool,
}

impl ShapeReader {
    pub fn new(variant: Variant) -> ShapeReader {
        ShapeReader {
            variant,
            last: None,
            unchecked: false,
        }
    }

    /// A reader that takes a value given twice in a unit (a position with
    /// mistakes); every other error is still refused.
    pub fn unchecked(variant: Variant) -> ShapeReader {
        ShapeReader {
            unchecked: true,
            ..ShapeReader::new(variant)
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The puzzle on line `line` (its text without the end of line).
    pub fn read(&mut self, text: &str, line: usize) -> Result<Puzzle, ShapeParseError> {
        let mut fields = fields(text);
        let (start, cells) = fields.next().unwrap_or((0, ""));
        let found = cells.chars().count();
        let side = nearest_side(found);
        if found != side * side {
            return Err(ShapeParseError::CellCount {
                line,
                found,
                side,
                needed: side * side,
            });
        }
        let alphabet = Alphabet::new(side);
        let givens = cells
            .chars()
            .enumerate()
            .map(|(i, ch)| match ch {
                '.' | '0' => Ok(0),
                _ => alphabet.value(ch).ok_or(ShapeParseError::Symbol {
                    line,
                    column: start + i + 1,
                    ch,
                    side,
                    alphabet: alphabet.describe(),
                }),
            })
            .collect::<Result<Vec<u8>, _>>()?;
        let geometry = match self.variant {
            Variant::Jigsaw => {
                let (start, field) = fields.next().unwrap_or((text.len(), ""));
                let regions = read_regions(field, start, line, side)?;
                self.geometry(|g| {
                    g.side() == side && (0..side * side).all(|c| g.region_of(c) == regions[c])
                })
                .map_or_else(|| Geometry::jigsaw(side, &regions).map(Arc::new), Ok)
            }
            variant => self
                .geometry(|g| g.side() == side)
                .map_or_else(|| Geometry::regular(side, variant).map(Arc::new), Ok),
        }
        .map_err(|error| ShapeParseError::Shape { line, error })?;
        self.last = Some(geometry.clone());
        if let Some(clash) = first_clash(&geometry, &givens, line).filter(|_| !self.unchecked) {
            return Err(clash);
        }
        Ok(Puzzle { geometry, givens })
    }

    /// The last geometry when it passes `same`.
    fn geometry(&self, same: impl Fn(&Geometry) -> bool) -> Option<Arc<Geometry>> {
        self.last.as_ref().filter(|g| same(g)).cloned()
    }
}

/// The whitespace-separated fields of `text`, each with its byte offset.
fn fields(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace()
        .map(move |field| (field.as_ptr() as usize - text.as_ptr() as usize, field))
}

/// A jigsaw's region field: region numbers 1..side in the puzzle's alphabet, 0-based out.
fn read_regions(
    field: &str,
    start: usize,
    line: usize,
    side: usize,
) -> Result<Vec<usize>, ShapeParseError> {
    let found = field.chars().count();
    if found != side * side {
        let error = if found == 0 {
            ShapeError::MissingRegions { cells: side * side }
        } else {
            ShapeError::RegionCount {
                found,
                side,
                needed: side * side,
            }
        };
        return Err(ShapeParseError::Shape { line, error });
    }
    let alphabet = Alphabet::new(side);
    field
        .chars()
        .enumerate()
        .map(|(i, ch)| {
            alphabet
                .value(ch)
                .map(|v| v as usize - 1)
                .ok_or(ShapeParseError::RegionSymbol {
                    line,
                    column: start + i + 1,
                    ch,
                    side,
                    alphabet: alphabet.describe(),
                })
        })
        .collect()
}

/// The first value given twice in one unit, as an error.
pub fn first_clash(geometry: &Geometry, values: &[u8], line: usize) -> Option<ShapeParseError> {
    geometry.units().iter().find_map(|unit| {
        let mut seen = [None; MAX_SIDE + 1];
        for &cell in &unit.cells {
            let value = values[cell] as usize;
            if value == 0 {
                continue;
            }
            if let Some(first) = seen[value] {
                return Some(ShapeParseError::Clash {
                    line,
                    symbol: geometry.alphabet().symbol(value as u8),
                    unit: unit.to_string(),
                    first: geometry.cell_name(first),
                    second: geometry.cell_name(cell),
                });
            }
            seen[value] = Some(cell);
        }
        None
    })
}

/// The line of a shaped grid: each value's symbol, `.` for an open cell.
pub fn to_line(geometry: &Geometry, values: &[u8]) -> String {
    let alphabet = geometry.alphabet();
    values
        .iter()
        .map(|&v| if v == 0 { '.' } else { alphabet.symbol(v) })
        .collect()
}

/// The regions field of a jigsaw's puzzle line: each cell's region number
/// (1-based, in the shape's alphabet); `None` for regular boxes.
pub fn regions_line(geometry: &Geometry) -> Option<String> {
    (geometry.variant() == Variant::Jigsaw).then(|| {
        let regions: Vec<u8> = (0..geometry.cells())
            .map(|cell| geometry.region_of(cell) as u8 + 1)
            .collect();
        to_line(geometry, &regions)
    })
}

/// Box height and width of a side, for callers that lay out a grid.
pub fn box_rows_cols(side: usize) -> Option<(usize, usize)> {
    box_shape_for(side).map(|b| (b.rows, b.cols))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(variant: Variant, text: &str) -> Result<Puzzle, String> {
        ShapeReader::new(variant)
            .read(text, 3)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_short_line_names_the_size_it_resembles() {
        let text = ".".repeat(255);
        assert_eq!(
            read(Variant::Classic, &text).unwrap_err(),
            "line 3: 255 cells; a 16x16 puzzle needs 256"
        );
    }

    #[test]
    fn a_letter_beyond_the_alphabet_is_named_with_its_column() {
        let mut text = ".".repeat(256);
        text.replace_range(39..40, "H");
        assert_eq!(
            read(Variant::Classic, &text).unwrap_err(),
            "line 3, column 40: 'H' is not a symbol of a 16x16 puzzle (1-9, A-G, or . 0 for a blank)"
        );
        let six = format!("7{}", ".".repeat(35));
        assert!(
            read(Variant::Classic, &six)
                .unwrap_err()
                .contains("column 1: '7'")
        );
    }

    #[test]
    fn a_long_line_near_a_bigger_square_goes_to_the_shape_reader() {
        assert!(is_other_size(&".".repeat(624)));
        assert!(is_other_size(&".".repeat(255)));
        assert!(!is_other_size(&".".repeat(83)));
        assert!(!is_other_size(&".".repeat(80)));
        assert!(is_other_size(&".".repeat(64)));
    }

    #[test]
    fn a_25x25_line_is_counted_and_spelled_to_p() {
        assert_eq!(
            read(Variant::Classic, &".".repeat(624)).unwrap_err(),
            "line 3: 624 cells; a 25x25 puzzle needs 625"
        );
        let mut text = ".".repeat(625);
        text.replace_range(599..600, "q");
        assert_eq!(
            read(Variant::Classic, &text).unwrap_err(),
            "line 3, column 600: 'q' is not a symbol of a 25x25 puzzle (1-9, A-P, or . 0 for a blank)"
        );
        text.replace_range(0..2, "pG");
        text.replace_range(599..600, "0");
        let puzzle = read(Variant::Classic, &text).unwrap();
        assert_eq!(puzzle.geometry.side(), 25);
        assert_eq!(&puzzle.givens[..3], &[25, 16, 0]);
        assert_eq!(to_line(&puzzle.geometry, &puzzle.givens)[..3], *"PG.");
    }

    #[test]
    fn letters_read_in_either_case() {
        let puzzle = read(Variant::Classic, &format!("aG{}", ".".repeat(254))).unwrap();
        assert_eq!(&puzzle.givens[..3], &[10, 16, 0]);
        assert_eq!(to_line(&puzzle.geometry, &puzzle.givens)[..3], *"AG.");
    }

    #[test]
    fn jigsaw_errors_name_the_region() {
        let cells = ".".repeat(16);
        assert!(
            read(Variant::Jigsaw, &format!("{cells} 2112112233443344"))
                .unwrap_err()
                .ends_with("region 2 is not connected")
        );
        assert_eq!(
            read(Variant::Jigsaw, &format!("{cells} 1112112233443344")).unwrap_err(),
            "line 3: region 1 has 5 cells; every region needs 4"
        );
        assert!(
            read(Variant::Jigsaw, &cells)
                .unwrap_err()
                .contains("needs its regions")
        );
        assert!(
            read(Variant::Jigsaw, &format!("{cells} 1122112233443345"))
                .unwrap_err()
                .contains("column 33: '5' is not a region number of a 4x4 puzzle (1-4)")
        );
    }

    #[test]
    fn a_repeated_given_names_its_unit_and_cells() {
        let mut text = ".".repeat(36);
        text.replace_range(0..1, "3");
        text.replace_range(35..36, "3");
        assert_eq!(
            read(Variant::X, &text).unwrap_err(),
            "line 3: 3 appears twice in diagonal 1: r1c1 and r6c6"
        );
        assert!(read(Variant::Classic, &text).is_ok());
    }

    #[test]
    fn headers_and_flags_agree_or_fail() {
        assert_eq!(header_variant("# variant: x", 1), Some(Ok(Variant::X)));
        assert_eq!(header_variant("# a comment", 1), None);
        assert!(matches!(
            header_variant("# variant: hexagon", 4),
            Some(Err(ShapeParseError::UnknownVariant { line: 4, .. }))
        ));
        assert_eq!(resolve_variant(None, Some(Variant::X)), Ok(Variant::X));
        assert!(resolve_variant(Some(Variant::Jigsaw), Some(Variant::X)).is_err());
        assert_eq!(resolve_variant(None, None), Ok(Variant::Classic));
    }
}
