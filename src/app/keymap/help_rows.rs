//! The help's rows, written from a key table: consecutive bindings with the
//! same help text make one row, a run of digits is written `1-9`.

use super::{BINDINGS, Binding, Context, Key};

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

/// The help overlay's rows, from a table: consecutive bindings with the same
/// help text are one row (`1-9`).
pub fn help_rows_of(table: &[Binding]) -> Vec<HelpRow> {
    let mut rows: Vec<(Context, Vec<Key>, &'static str)> = Vec::new();
    for binding in table {
        match rows.last_mut() {
            Some((context, keys, help)) if *help == binding.help && *context == binding.context => {
                keys.extend_from_slice(&binding.keys)
            }
            _ => rows.push((binding.context, binding.keys.to_vec(), binding.help)),
        }
    }
    rows.into_iter()
        .map(|(context, keys, help)| HelpRow {
            context,
            keys: keys_label(&keys),
            help,
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
