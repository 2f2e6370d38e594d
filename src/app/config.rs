//! The player's settings file and the theme choice.
//!
//! The file is `config.toml` in the user's configuration directory
//! (`$XDG_CONFIG_HOME/pencilmark/config.toml`, else `~/.config/pencilmark/config.toml`
//! on Linux), or the path in `$PENCILMARK_CONFIG`, or `--config PATH`. A missing
//! file at the default place is no error; a missing file that was named, or a
//! file with a mistake in it, is, with the line it is on.
//!
//! ```toml
//! theme = "light"   # dark, light, high-contrast or mono
//!
//! [keys]            # key overrides, by action name (see the README's key table)
//! hint = "?"        # one key ...
//! help = ["h", "F"] # ... or several; they replace the action's default keys
//! move_left = "ctrl-b"
//! ```
//!
//! This module only reads the file; the key table checks the overrides
//! (`keymap::check_overrides`: unknown actions and keys, a key bound twice).

use std::fmt;
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use thiserror::Error;

/// The environment variable that names the settings file.
pub const CONFIG_ENV: &str = "PENCILMARK_CONFIG";

/// The settings the file can hold, with their help for the error message.
const SETTINGS: &[(&str, &str)] = &[
    ("theme", "dark, light, high-contrast or mono"),
    ("[keys]", "action = \"key\" or [\"key\", ...]"),
];

/// A colour scheme for the player (and learn mode).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, ValueEnum)]
pub enum ThemeName {
    /// Light text on a dark terminal.
    #[default]
    Dark,
    /// Dark text on a light terminal.
    Light,
    /// The basic sixteen colours, bold and reverse: the strongest contrast.
    HighContrast,
    /// No colour at all: bold, underline, reverse, dim and markers (what
    /// `NO_COLOR` and `--no-color` choose).
    Mono,
}

impl ThemeName {
    pub const ALL: [ThemeName; 4] = [
        ThemeName::Dark,
        ThemeName::Light,
        ThemeName::HighContrast,
        ThemeName::Mono,
    ];

    /// The name the command line and the file use.
    pub fn key(self) -> &'static str {
        match self {
            ThemeName::Dark => "dark",
            ThemeName::Light => "light",
            ThemeName::HighContrast => "high-contrast",
            ThemeName::Mono => "mono",
        }
    }

    pub fn from_key(key: &str) -> Option<ThemeName> {
        ThemeName::ALL.into_iter().find(|t| t.key() == key)
    }
}

impl fmt::Display for ThemeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// What the settings file says.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Config {
    pub theme: Option<ThemeName>,
    /// The `[keys]` table: the keys the player wants for an action, in file order.
    pub keys: Vec<KeyOverride>,
    /// The file it was read from (`None`: no file).
    pub path: Option<PathBuf>,
}

/// One line of the `[keys]` table, as written (checked by the key table).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KeyOverride {
    /// The action's name (`hint`, `move_up`, `learn_next`).
    pub action: String,
    /// The keys as written (`H`, `ctrl-z`, `up`, `space`).
    pub keys: Vec<String>,
    /// The line of the file it is on, from 1.
    pub line: usize,
}

/// A settings file that cannot be used.
#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("cannot read the settings file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("settings file {path}, line {line}: {message}")]
    Invalid {
        path: PathBuf,
        line: usize,
        message: String,
    },
}

impl Config {
    /// Reads the settings: from `named` (`--config`), else `$PENCILMARK_CONFIG`,
    /// else the default place, where a missing file means no settings.
    pub fn load(named: Option<&Path>) -> Result<Config, ConfigError> {
        let from_env = std::env::var_os(CONFIG_ENV)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from);
        let (path, must_exist) = match named.map(Path::to_path_buf).or(from_env) {
            Some(path) => (path, true),
            None => match default_path() {
                Some(path) => (path, false),
                None => return Ok(Config::default()),
            },
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(err) if !must_exist && err.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Config::default());
            }
            Err(source) => return Err(ConfigError::Read { path, source }),
        };
        let mut config = Config::parse(&text).map_err(|(line, message)| ConfigError::Invalid {
            path: path.clone(),
            line,
            message,
        })?;
        config.path = Some(path);
        Ok(config)
    }

    /// A mistake found later in what this file says (a key override the key
    /// table refuses), as an error naming the file and the line.
    pub fn invalid(&self, line: usize, message: String) -> ConfigError {
        ConfigError::Invalid {
            path: self.path.clone().unwrap_or_default(),
            line,
            message,
        }
    }

    /// Reads the settings from the text of a file; a mistake comes back with
    /// its line (from 1) and what is wrong.
    pub fn parse(text: &str) -> Result<Config, (usize, String)> {
        let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
        let document = toml_edit::Document::parse(text).map_err(|err| {
            let line = err.span().map_or(1, |span| line_of(span.start));
            (line, err.message().trim().to_string())
        })?;
        let table = document.as_table();
        let mut config = Config::default();
        for (name, item) in table.iter() {
            let line = table
                .get_key_value(name)
                .and_then(|(key, _)| key.span())
                .map_or(1, |span| line_of(span.start));
            match name {
                "theme" => {
                    let value = item.as_str().unwrap_or_default();
                    let theme = ThemeName::from_key(value).ok_or_else(|| {
                        let written = item
                            .span()
                            .and_then(|span| text.get(span))
                            .unwrap_or_default()
                            .trim();
                        (
                            line,
                            format!("theme = {written}: use dark, light, high-contrast or mono"),
                        )
                    })?;
                    config.theme = Some(theme);
                }
                "keys" => config.keys = key_overrides(item, &line_of)?,
                other => {
                    let known: Vec<String> = SETTINGS
                        .iter()
                        .map(|(name, values)| format!("{name} ({values})"))
                        .collect();
                    return Err((
                        line,
                        format!(
                            "unknown setting `{other}`; the settings are: {}",
                            known.join(", ")
                        ),
                    ));
                }
            }
        }
        Ok(config)
    }
}

/// The `[keys]` table's entries: each an action name and a key or a list of keys.
fn key_overrides(
    item: &toml_edit::Item,
    line_of: &dyn Fn(usize) -> usize,
) -> Result<Vec<KeyOverride>, (usize, String)> {
    let start = |span: Option<std::ops::Range<usize>>| span.map_or(1, |s| line_of(s.start));
    let Some(table) = item.as_table_like() else {
        return Err((
            start(item.span()),
            "keys must be a table: [keys] then lines like hint = \"H\"".to_string(),
        ));
    };
    let mut overrides = Vec::new();
    for (action, value) in table.iter() {
        let line = table
            .get_key_value(action)
            .and_then(|(key, _)| key.span())
            .map_or_else(|| start(value.span()), |span| line_of(span.start));
        let keys: Option<Vec<String>> = match value.as_value() {
            Some(toml_edit::Value::String(key)) => Some(vec![key.value().clone()]),
            Some(toml_edit::Value::Array(list)) => list
                .iter()
                .map(|k| k.as_str().map(str::to_string))
                .collect(),
            _ => None,
        };
        let keys = keys.filter(|keys| !keys.is_empty()).ok_or_else(|| {
            (
                line,
                format!(
                    "keys.{action}: give a key as text (\"H\", \"ctrl-z\", \"up\") or a list of them"
                ),
            )
        })?;
        overrides.push(KeyOverride {
            action: action.to_string(),
            keys,
            line,
        });
    }
    Ok(overrides)
}

/// `config.toml` in the user's configuration directory, if there is one.
pub fn default_path() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(dir).join("pencilmark").join("config.toml"));
    }
    directories::ProjectDirs::from("", "", "pencilmark")
        .map(|dirs| dirs.config_dir().join("config.toml"))
}

/// The theme to draw with: no colour (`--no-color` or a non-empty `NO_COLOR`)
/// wins, then `--theme`, then the file, then dark.
pub fn choose_theme(flag: Option<ThemeName>, no_color: bool, config: &Config) -> ThemeName {
    let no_color = no_color || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    if no_color {
        ThemeName::Mono
    } else {
        flag.or(config.theme).unwrap_or_default()
    }
}
