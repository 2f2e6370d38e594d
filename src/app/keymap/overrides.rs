//! Key overrides by action name: the `[keys]` table of `config.toml` gives an
//! action new keys (`hint = "?"`, `undo = ["u", "ctrl-z"]`), replacing its
//! default keys wherever the table binds it (the board, the new-game screen,
//! learn mode...), except the keys that work anywhere (Ctrl-C, Ctrl-Z) and the
//! "any other key" rows, which stay.
//!
//! An action's name is its serde name (`Action` is snake_case): `hint`,
//! `toggle_pencil`, `move_up`, `digit_5`, `learn_step_next`, `menu_jump_b`;
//! scrolling is `scroll_up` / `scroll_down` (`page_up` / `page_down` in the help).
//! [`check`] refuses an unknown action or key and a key bound twice in one
//! context, naming the file and the line; [`apply`] makes the live table.

use std::borrow::Cow;

use super::{BINDINGS, Binding, Context, Key};
use crate::app::action::Action;
use crate::app::config::{Config, ConfigError, KeyOverride};

/// The keys a file may write, for the error message.
const KEY_NAMES: &str = "a character (\"H\", \"?\"), ctrl-<letter>, space, up, down, left, \
right, enter, esc, tab, shift-tab, backspace, delete, pgup, pgdn, home, end";

/// The name an action has in the `[keys]` table.
pub fn action_name(action: &Action) -> String {
    match action {
        Action::Scroll(by) => match (by.signum(), by.unsigned_abs()) {
            (-1, 10..) => "page_up",
            (_, 10..) => "page_down",
            (-1, _) => "scroll_up",
            _ => "scroll_down",
        }
        .to_string(),
        other => serde_json::to_value(other).map_or_else(|_| format!("{other:?}"), |v| flatten(&v)),
    }
}

/// `"hint"` → `hint`, `{"move": "up"}` → `move_up`, `{"menu": {"jump": "b"}}` → `menu_jump_b`.
fn flatten(value: &serde_json::Value) -> String {
    use serde_json::Value;
    match value {
        Value::String(text) => text.clone(),
        Value::Object(map) => match map.iter().next() {
            Some((name, Value::Null)) => name.clone(),
            Some((name, inner)) => format!("{name}_{}", flatten(inner)),
            None => String::new(),
        },
        other => other.to_string(),
    }
}

/// Whether a file may give this binding other keys.
fn overridable(binding: &Binding) -> bool {
    binding.context != Context::Anywhere && !binding.keys.contains(&Key::Other)
}

/// Every action name a file may override, in table order, each once.
pub fn names() -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for binding in BINDINGS.iter().filter(|b| overridable(b)) {
        let name = action_name(&binding.action);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

impl Key {
    /// A key as a settings file writes it: one character (`H`, `?`), `ctrl-x`, `alt-x`,
    /// or a name (`up`, `esc`, `space`, `pgdn`...), names in any case.
    pub fn parse(text: &str) -> Option<Key> {
        let mut chars = text.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Some(Key::Char(c));
        }
        let lower = text.trim().to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("ctrl-").or(lower.strip_prefix("ctrl+")) {
            let mut chars = rest.chars();
            return match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphanumeric() => Some(Key::Ctrl(c)),
                _ => None,
            };
        }
        // Alt keeps the letter's case: Alt-C (check) is not Alt-c (candidates).
        let trimmed = text.trim();
        if lower.starts_with("alt-") || lower.starts_with("alt+") {
            let mut chars = trimmed.get(4..).unwrap_or_default().chars();
            return match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphanumeric() => Some(Key::Alt(c)),
                _ => None,
            };
        }
        Some(match lower.as_str() {
            "space" => Key::Char(' '),
            "up" => Key::Up,
            "down" => Key::Down,
            "left" => Key::Left,
            "right" => Key::Right,
            "enter" | "return" => Key::Enter,
            "esc" | "escape" => Key::Esc,
            "tab" => Key::Tab,
            "shift-tab" | "backtab" => Key::BackTab,
            "backspace" => Key::Backspace,
            "delete" | "del" => Key::Delete,
            "pgup" | "pageup" | "page-up" => Key::PageUp,
            "pgdn" | "pagedown" | "page-down" => Key::PageDown,
            "home" => Key::Home,
            "end" => Key::End,
            _ => return None,
        })
    }
}

/// The default table with `overrides` applied; a name or key that [`check`]
/// would refuse is skipped.
pub fn apply(overrides: &[KeyOverride]) -> Vec<Binding> {
    let mut table = BINDINGS.to_vec();
    for over in overrides {
        let keys: Vec<Key> = over.keys.iter().filter_map(|k| Key::parse(k)).collect();
        if keys.is_empty() {
            continue;
        }
        for binding in table
            .iter_mut()
            .filter(|b| overridable(b) && action_name(&b.action) == over.action)
        {
            binding.keys = Cow::Owned(keys.clone());
        }
    }
    table
}

/// Checks the `[keys]` table of `config`: every action and key is known, and
/// no key ends up bound twice in one context (the keys that work anywhere
/// count in every context). The error names the file and the line. A file
/// with no `[keys]` leaves the built-in table, which a test holds free of
/// clashes ([`clash`]), so the player's start does not scan it.
pub fn check(config: &Config) -> Result<(), ConfigError> {
    if config.keys.is_empty() {
        return Ok(());
    }
    let names = names();
    for over in &config.keys {
        if !names.contains(&over.action) {
            let hint = closest(&over.action, &names)
                .map(|name| format!("did you mean `{name}`? "))
                .unwrap_or_default();
            return Err(config.invalid(
                over.line,
                format!(
                    "[keys]: unknown action `{}`; {hint}the actions are: {}",
                    over.action,
                    names.join(", ")
                ),
            ));
        }
        if let Some(bad) = over.keys.iter().find(|k| Key::parse(k).is_none()) {
            return Err(config.invalid(
                over.line,
                format!(
                    "[keys]: {} = \"{bad}\": unknown key; a key is {KEY_NAMES}",
                    over.action
                ),
            ));
        }
    }
    let Some(clash) = clash(&apply(&config.keys)) else {
        return Ok(());
    };
    let line = config
        .keys
        .iter()
        .rev()
        .find(|o| o.action == clash.first || o.action == clash.second)
        .map_or(1, |o| o.line);
    Err(config.invalid(
        line,
        format!(
            "[keys]: {} is bound twice in {}: to `{}` and to `{}`",
            clash.key.label(),
            clash.context.title(),
            clash.first,
            clash.second
        ),
    ))
}

/// A key bound to two actions in one context.
#[derive(Debug)]
pub struct Clash {
    pub key: Key,
    pub context: Context,
    /// The two actions' names, in table order.
    pub first: String,
    pub second: String,
}

/// The first key `table` binds twice in one context (the keys that work
/// anywhere count in every context), if any.
pub fn clash(table: &[Binding]) -> Option<Clash> {
    let mut contexts: Vec<Context> = Vec::new();
    for binding in table {
        if binding.context != Context::Anywhere && !contexts.contains(&binding.context) {
            contexts.push(binding.context);
        }
    }
    for context in contexts {
        let live: Vec<&Binding> = table
            .iter()
            .filter(|b| b.context == context || b.context == Context::Anywhere)
            .collect();
        for (i, first) in live.iter().enumerate() {
            for second in &live[i + 1..] {
                if let Some(&key) = first.keys.iter().find(|k| second.keys.contains(k)) {
                    return Some(Clash {
                        key,
                        context,
                        first: action_name(&first.action),
                        second: action_name(&second.action),
                    });
                }
            }
        }
    }
    None
}

/// The known name nearest `name` (a typo's likely meaning), if any is close.
fn closest<'a>(name: &str, names: &'a [String]) -> Option<&'a str> {
    names
        .iter()
        .map(|n| (distance(name, n), n))
        .filter(|&(d, n)| d <= 2.max(n.len() / 4))
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n.as_str())
}

/// Levenshtein distance, by characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}
