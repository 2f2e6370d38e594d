//! The help's rows, written from a key table: consecutive bindings with the
//! same help text make one row, a run of digits is written `1-9`, and the row
//! that places values names the symbols of the board being played (`1-6`,
//! `1-9 A-G`, `1-9 A-P`: letters are values there before the table is read).

use super::{BINDINGS, Binding, Context, Key};
use crate::app::action::Action;
use crate::engine::geometry::Alphabet;

/// One line of the help overlay: the keys and what they do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HelpRow {
    pub context: Context,
    pub keys: String,
    pub help: &'static str,
}

/// The default table's help rows (see [`help_rows_of`]).
pub fn help_rows() -> Vec<HelpRow> {
    help_rows_of(BINDINGS)
}

/// The help overlay's rows, from a table, on the classic 9x9: consecutive
/// bindings with the same help text are one row (`1-9`).
pub fn help_rows_of(table: &[Binding]) -> Vec<HelpRow> {
    help_rows_on(table, Alphabet::new(9))
}

/// The help rows of a table on a board whose symbols are `alphabet`: as
/// [`help_rows_of`], with the row whose keys all place a value labelled by the
/// board's symbols rather than by the digit keys bound (on a 6x6 the keys 7-9
/// only say they are no value there; on a 16x16 the letters A-G place 10-16).
pub fn help_rows_on(table: &[Binding], alphabet: Alphabet) -> Vec<HelpRow> {
    struct Row {
        context: Context,
        keys: Vec<Key>,
        help: &'static str,
        places: bool,
    }
    let mut rows: Vec<Row> = Vec::new();
    for binding in table {
        let places = matches!(binding.action, Action::Digit(_));
        match rows.last_mut() {
            Some(row) if row.help == binding.help && row.context == binding.context => {
                row.keys.extend_from_slice(&binding.keys);
                row.places &= places;
            }
            _ => rows.push(Row {
                context: binding.context,
                keys: binding.keys.to_vec(),
                help: binding.help,
                places,
            }),
        }
    }
    rows.into_iter()
        .map(|row| HelpRow {
            context: row.context,
            keys: if row.places && row.keys.len() > 2 {
                alphabet.describe().replace(", ", " ")
            } else {
                keys_label(&row.keys)
            },
            help: row.help,
        })
        .collect()
}

/// `1-9` for a run of digits, else the keys joined by spaces.
fn keys_label(keys: &[Key]) -> String {
    let digits: Vec<char> = keys
        .iter()
        .filter_map(|k| match k {
            Key::Char(c) if c.is_ascii_digit() => Some(*c),
            _ => None,
        })
        .collect();
    if keys.len() > 2 && digits.len() == keys.len() {
        return format!("{}-{}", digits[0], digits[digits.len() - 1]);
    }
    keys.iter().map(|k| k.label()).collect::<Vec<_>>().join(" ")
}
