//! `pencilmark play`: open the player on a puzzle, or resume the last game.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result};
use clap::Args;

use super::Exit;
use crate::app::run;
use crate::app::state::{Game, State, Tone, fresh_puzzle};
use crate::app::update::settle_opened_game;
use crate::engine::Grid;
use crate::engine::formats::Rules;
use crate::engine::generate::Symmetry;
use crate::engine::geometry::Variant;
use crate::engine::geometry::format::{self, Puzzle, ShapeReader};
use crate::engine::geometry::generate::{Keep, generate_shape};
use crate::engine::grade::Level;
use crate::input::{self, Next, Puzzles};
use crate::puzzles;
use crate::store::Store;
use crate::store::shaped as shaped_store;

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
pencilmark play --size 16                 a generated 16x16 (letters A-G are 10-16)\n  \
pencilmark play --variant jigsaw          a generated 9x9 jigsaw\n  \
pencilmark play puzzles/x-easy.txt --index 3\n  \
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
    /// Start a new game on a generated puzzle of this side: 4, 6, 8, 9, 12, 16 or 25
    /// (with --variant: of that variant; --difficulty easy, the default, keeps
    /// clues while singles solve it, any other level gives a minimal puzzle).
    #[arg(long, value_name = "N", conflicts_with = "puzzle")]
    pub size: Option<usize>,
    /// classic, x, windoku or jigsaw: with PUZZLE, how to read it (a file's
    /// `# variant:` header says the same); without, the variant to generate.
    #[arg(long, value_name = "VARIANT", value_parser = super::shaped::parse_variant)]
    pub variant: Option<Variant>,
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

/// What `play` opens: a classic puzzle, or one of another shape.
enum Chosen {
    Classic(Grid),
    Shaped(Puzzle, String),
}

/// The puzzle PUZZLE names, read as a shape when `--variant`, a `# variant:`
/// header or its first line's size says it is one (the `index`th, from 1).
fn chosen(argument: &str, index: Option<u64>, variant: Option<Variant>) -> Result<Chosen> {
    let mut puzzles = Puzzles::open(Some(argument), Rules::Checked)?;
    let Some(variant) = puzzles.shape(variant)? else {
        return Ok(Chosen::Classic(chosen_puzzle(argument, index)?));
    };
    let index = index.unwrap_or(1);
    let name = puzzles.name().to_string();
    let mut text = String::new();
    let mut seen = 0;
    loop {
        match puzzles.next(&mut text)? {
            Some(Next::Line(number)) if seen + 1 == index => {
                let puzzle = ShapeReader::new(variant)
                    .read(&text, number)
                    .with_context(|| format!("cannot read the puzzle in {name}"))?;
                if let Some(clash) = format::first_clash(&puzzle.geometry, &puzzle.givens, number) {
                    return Err(anyhow::Error::new(clash))
                        .with_context(|| format!("cannot read the puzzle in {name}"));
                }
                if puzzle.geometry.is_classic() {
                    // A classic 9x9 line among other shapes' is a classic game.
                    let givens = crate::app::position::classic_grid(&puzzle.givens);
                    return Ok(Chosen::Classic(givens));
                }
                let title = format!("{} · {name} #{index}", puzzle.geometry.name());
                return Ok(Chosen::Shaped(puzzle, title));
            }
            Some(Next::BadLine(error)) => return Err(error.into()),
            Some(_) => seen += 1,
            None => anyhow::bail!(
                "{name} holds {seen} {} puzzle(s), not {index}",
                variant.key()
            ),
        }
    }
}

/// A new puzzle of `side` and `variant` from the shape generator.
fn generated(side: usize, variant: Variant, level: Option<Level>) -> Result<Chosen> {
    let keep = match level {
        None | Some(Level::Easy) => Keep::Singles,
        Some(_) => Keep::Unique,
    };
    let mut rng = crate::engine::generate::rng_for(clock_seed(), 0);
    let (geometry, puzzle) = generate_shape(side, variant, keep, Symmetry::None, &mut rng)?;
    let title = format!("{} · generated", geometry.name());
    let puzzle = Puzzle {
        geometry: Arc::new(geometry),
        givens: puzzle.givens,
    };
    Ok(Chosen::Shaped(puzzle, title))
}

fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Runs the command.
pub fn run(args: &PlayArgs) -> Result<Exit> {
    let shape_asked =
        args.size.is_some_and(|n| n != 9) || args.variant.is_some_and(|v| v != Variant::Classic);
    let puzzle = match (&args.puzzle, args.difficulty) {
        (Some(argument), _) => match chosen(argument, args.index, args.variant)? {
            Chosen::Classic(givens) => Some((givens, String::new())),
            Chosen::Shaped(puzzle, title) => return play_shaped(args, puzzle, &title),
        },
        (None, level) if shape_asked => {
            let variant = args.variant.unwrap_or_default();
            let Chosen::Shaped(puzzle, title) = generated(args.size.unwrap_or(9), variant, level)?
            else {
                unreachable!("the generator makes shaped puzzles");
            };
            return play_shaped(args, puzzle, &title);
        }
        (None, Some(level)) => {
            let named = puzzles::pick(level, clock_seed());
            Some((named.givens, named.name))
        }
        (None, None) => None,
    };
    if let Some(exit) = terminal_refused() {
        return Ok(exit);
    }
    let store = Store::locate(args.data_dir.as_deref())?;
    let mut notices = Vec::new();
    notices.extend(store.migrate_legacy());
    // The statistics are read by the loop after the first frame (app::run).
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
    configure(args, &mut state)?;
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

/// Why the player cannot start here (no terminal, or one it cannot use), said
/// on standard error: exit 2.
fn terminal_refused() -> Option<Exit> {
    if !run::have_terminal() {
        eprintln!(
            "pencilmark play: standard output is not a terminal; run it in a terminal \
             (to solve from a script, use `pencilmark solve`)"
        );
        return Some(Exit::BadInput);
    }
    if let Some(why) = run::unusable_terminal() {
        eprintln!("pencilmark play: {why}");
        return Some(Exit::BadInput);
    }
    None
}

/// The settings file's keys and theme, and the colour flags, on `state`.
fn configure(args: &PlayArgs, state: &mut State) -> Result<()> {
    let config = crate::app::config::Config::load(args.config.as_deref())?;
    crate::app::keymap::overrides::check(&config)?;
    state.key_overrides = config.keys.clone();
    state.theme = crate::app::config::choose_theme(args.theme, args.no_color, &config);
    state.color = state.theme != crate::app::config::ThemeName::Mono;
    Ok(())
}

/// Plays a puzzle of another shape: resumes its save when it has one (the save
/// is found by the puzzle, so `play FILE` again continues), else starts it.
fn play_shaped(args: &PlayArgs, puzzle: Puzzle, title: &str) -> Result<Exit> {
    if let Some(exit) = terminal_refused() {
        return Ok(exit);
    }
    let store = Store::locate(args.data_dir.as_deref())?;
    let key = shaped_store::key(&puzzle.geometry, &puzzle.givens);
    let (saved, mut saver) = store.open_shaped(&key, shaped_store::read_head)?;
    let read_only = saver.read_only();
    let mut state = State::shaped(puzzle.geometry, puzzle.givens, title);
    let mut view = None;
    let mut solved_before = false;
    match saved.value {
        Some((game, saved_view))
            if game.givens == state.game.givens && (!game.finished || read_only) =>
        {
            state.game = game;
            view = Some(saved_view);
        }
        Some(_) => solved_before = true,
        None => {}
    }
    settle_opened_game(&mut state, view, read_only);
    configure(args, &mut state)?;
    let side = state.geometry().side();
    if solved_before {
        state.say(
            Tone::Info,
            "You solved this puzzle before: here it is again from the start",
        );
    } else if view.is_none() && !read_only {
        let keys = if side > 9 {
            format!(
                "1-9 and A-{} (either case) place values",
                state.geometry().alphabet().symbol(side as u8)
            )
        } else {
            format!("1-{side} place values")
        };
        state.say(
            Tone::Info,
            format!(
                "New {} game: {keys}; ? for the keys",
                state.geometry().name()
            ),
        );
    }
    if let Some(notice) = saved.notice {
        state.say(Tone::Error, notice);
    }
    run::run(state, &mut saver)?;
    Ok(Exit::Done)
}
