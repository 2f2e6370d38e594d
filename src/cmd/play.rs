//! `pencilmark play`: open the player on a puzzle, or resume the last game.

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Result;
use clap::Args;

use super::Exit;
use crate::app::run;
use crate::app::state::{Game, State, Tone, fresh_puzzle};
use crate::app::update::settle_opened_game;
use crate::engine::Grid;
use crate::engine::grade::Level;
use crate::input;
use crate::puzzles;
use crate::store::Store;

/// Play in the terminal: resumes the last unfinished game, or opens a puzzle.
#[derive(Args, Debug, Default)]
#[command(
    after_help = "Keys: arrows or h j k l move, 1-9 place, p pencil mode, H hint, \
A propagate, S solve, u undo, ? help, q quit (the game is saved).\n\nExamples:\n  \
pencilmark                       resume the last game, or start one\n  \
pencilmark play 003020600900305001001806400008102900700000008006708200002609500800203009005010300\n  \
pencilmark play puzzle.txt --no-color\n  \
pencilmark play --theme light\n  \
pencilmark play --difficulty hard\n  \
pencilmark play collection.txt --index 12\n  \
pencilmark play --data-dir /tmp/pm"
)]
pub struct PlayArgs {
    /// An 81-character puzzle, a file, or `-` for standard input; none resumes the last game.
    pub puzzle: Option<String>,
    /// Where the save, statistics and exports live (default: the user's data
    /// directory, or $PENCILMARK_DATA_DIR).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// No colours: bold, underline and reverse only (also when NO_COLOR is set).
    #[arg(long)]
    pub no_color: bool,
    /// Colour scheme (default: the settings file's, else dark).
    #[arg(long, value_name = "THEME")]
    pub theme: Option<crate::app::config::ThemeName>,
    /// Settings file (default: $PENCILMARK_CONFIG, else
    /// $XDG_CONFIG_HOME/pencilmark/config.toml), e.g. `theme = "light"`.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Start a new game on a bundled puzzle of this level: easy, medium, hard, expert, extreme.
    #[arg(long, value_name = "LEVEL", value_parser = parse_level, conflicts_with = "puzzle")]
    pub difficulty: Option<Level>,
    /// With a file of many puzzles: play the Nth (counting from 1).
    #[arg(long, value_name = "N", requires = "puzzle", value_parser = clap::value_parser!(u64).range(1..))]
    pub index: Option<u64>,
}

fn parse_level(text: &str) -> Result<Level, String> {
    Level::from_key(text)
        .ok_or_else(|| format!("unknown level {text:?}: use easy, medium, hard, expert or extreme"))
}

/// The puzzle PUZZLE names (any format `input::read_puzzles` knows): the first
/// of its text, or the `index`th (from 1).
fn chosen_puzzle(argument: &str, index: Option<u64>) -> Result<Grid> {
    let n = index.unwrap_or(1);
    let n = usize::try_from(n).map_err(|_| anyhow::anyhow!("--index {n} is too large"))?;
    // Streams: a 1M-line collection is read only as far as its nth puzzle.
    Ok(input::nth_puzzle(Some(argument), n)?.givens)
}

/// Runs the command.
pub fn run(args: &PlayArgs) -> Result<Exit> {
    let puzzle = match (&args.puzzle, args.difficulty) {
        (Some(argument), _) => Some((chosen_puzzle(argument, args.index)?, String::new())),
        (None, Some(level)) => {
            let seed = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            let named = puzzles::pick(level, seed);
            Some((named.givens, named.name))
        }
        (None, None) => None,
    };
    if !run::have_terminal() {
        eprintln!(
            "pencilmark play: standard output is not a terminal; run it in a terminal \
             (to solve from a script, use `pencilmark solve`)"
        );
        return Ok(Exit::BadInput);
    }
    if let Some(why) = run::unusable_terminal() {
        eprintln!("pencilmark play: {why}");
        return Ok(Exit::BadInput);
    }
    let store = Store::locate(args.data_dir.as_deref())?;
    let mut notices = Vec::new();
    notices.extend(store.migrate_legacy());
    let stats = store.load_stats();
    notices.extend(stats.notice);
    // Choosing the game to resume: the pointer to the game saved last reads one
    // head; only when it cannot answer are all the saves read.
    let latest = if puzzle.is_none() {
        store.latest_unfinished()
    } else {
        None
    };
    let games = if puzzle.is_none() && latest.is_none() {
        store.list_games()
    } else {
        Vec::new()
    };
    let first_launch = puzzle.is_none() && latest.is_none() && games.is_empty();
    let (givens, name) = match puzzle {
        Some(chosen) => chosen,
        None => {
            // The most recent unfinished game; else the puzzle after the last one played.
            match latest
                .as_ref()
                .or_else(|| games.iter().find(|g| !g.finished))
            {
                Some(recent) => (recent.givens, recent.name.clone()),
                None => {
                    let named = fresh_puzzle(games.first().map(|g| &g.givens));
                    (named.givens, named.name)
                }
            }
        }
    };
    let opened = store.open_game(&givens)?;
    notices.extend(opened.saved.notice);
    let mut saver = opened.saver;
    let stats = stats.value.unwrap_or_default();
    saver.track_stats(stats.clone());
    let read_only = saver.read_only();
    // A new game is graded after the first frame, on a thread (app::run).
    let fresh = || Game::with_grade(givens, &name, None);
    let (game, view, solved_before) = match opened.saved.value {
        Some((game, view)) if !game.finished || read_only => (game, Some(view), false),
        Some(_) => (fresh(), None, true),
        None => (fresh(), None, false),
    };
    let mut state = State::new(game);
    settle_opened_game(&mut state, view, read_only);
    if solved_before {
        state.say(
            Tone::Info,
            "You solved this puzzle before: here it is again from the start",
        );
    }
    if first_launch {
        state.say(
            Tone::Info,
            "Welcome! This is a medium puzzle to start with. Press n for a new game \
             (any level, the famous puzzles, your own), ? for the keys.",
        );
    }
    state.stats = stats;
    let config = crate::app::config::Config::load(args.config.as_deref())?;
    crate::app::keymap::overrides::check(&config)?;
    state.key_overrides = config.keys.clone();
    state.theme = crate::app::config::choose_theme(args.theme, args.no_color, &config);
    state.color = state.theme != crate::app::config::ThemeName::Mono;
    if !notices.is_empty() {
        let mut text = notices.join(" ");
        if let Some(message) = &state.message {
            text = format!("{} {text}", message.text);
        }
        state.say(Tone::Error, text);
    }
    run::run(state, &mut saver)?;
    Ok(Exit::Done)
}
