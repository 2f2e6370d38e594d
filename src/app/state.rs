//! The player's model: the game (givens, position, history, clock) and what is on
//! screen around it (selection, modes, overlay, messages, the hint in progress).

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use super::stats::{Assists, Stats};
use crate::engine::geometry::Geometry;
use crate::engine::grade::{self, Level};
use crate::engine::hint::Hint;
use crate::engine::logic::Technique;
use crate::engine::search;
use crate::engine::{Cell, Digit, Grid};
use crate::puzzles;

pub use super::history::{History, Timeline};
pub use super::position::Position;

/// Which pencil marks the board shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CandidateMode {
    /// Computed live from the digits, minus the player's strikes.
    #[default]
    Auto,
    /// The player's own marks.
    Manual,
    /// No marks.
    Hidden,
}

impl CandidateMode {
    pub fn next(self) -> CandidateMode {
        match self {
            CandidateMode::Auto => CandidateMode::Manual,
            CandidateMode::Manual => CandidateMode::Hidden,
            CandidateMode::Hidden => CandidateMode::Auto,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            CandidateMode::Auto => "Auto",
            CandidateMode::Manual => "Manual",
            CandidateMode::Hidden => "hidden",
        }
    }
}

/// The puzzle's grade as the panel and the save keep it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GradeInfo {
    pub level: Level,
    pub score: u32,
    /// The hardest technique needed; `None` when logic alone does not finish it.
    pub hardest: Option<Technique>,
}

impl GradeInfo {
    /// Grades `givens` (a puzzle with one solution): up to a second on the hardest.
    pub fn of(givens: &Grid) -> GradeInfo {
        let graded = grade::grade(givens);
        GradeInfo {
            level: graded.level,
            score: graded.score,
            hardest: graded.hardest,
        }
    }
}

/// The classic 9x9's geometry, shared by every classic game.
fn classic_geometry() -> Arc<Geometry> {
    static CLASSIC: OnceLock<Arc<Geometry>> = OnceLock::new();
    CLASSIC
        .get_or_init(|| Arc::new(Geometry::classic().clone()))
        .clone()
}

/// One game on any shape (the classic 9x9, 4x4 to 25x25, X, Windoku, jigsaw):
/// the puzzle, what the player did to it, and the clock. Cells are row-major
/// indices into its geometry, values 1..=side (0: blank); the classic engine's
/// `Grid` is made from them only where the classic features read it
/// ([`Game::classic_givens`], and [`Position`]'s classic views).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    /// The board's shape.
    pub geometry: Arc<Geometry>,
    /// Row-major givens, 0 for blank.
    pub givens: Vec<u8>,
    /// A name for the panel ("Project Euler 96, grid 01", or empty).
    pub name: String,
    /// The first solution the search finds (`None`: the puzzle has none).
    pub solution: Option<Vec<u8>>,
    /// Whether that solution is the only one.
    pub unique: bool,
    /// `None` when the puzzle has no unique solution to grade.
    pub grade: Option<GradeInfo>,
    pub position: Position,
    /// Earlier positions, the latest last.
    pub undo: History,
    /// Positions undone, the next one to redo last.
    pub redo: History,
    pub elapsed_ms: u64,
    pub hints_used: u32,
    /// Every assist the game got, by kind (the win screen and statistics say so).
    pub assists: Assists,
    /// The board is complete and right (by the player or by `S`).
    pub finished: bool,
    /// The board was filled by `S`, not by the player.
    pub solved_by_computer: bool,
    /// The win is already in the statistics (so undo and redo cannot count it twice).
    pub counted: bool,
}

impl Game {
    /// A fresh game on `givens`: solved and graded once, up front.
    pub fn new(givens: Grid, name: &str) -> Game {
        let mut game = Game::with_grade(givens, name, None);
        if game.unique {
            game.grade = Some(GradeInfo::of(&givens));
        }
        game
    }

    /// A classic game on `givens` whose grade is already known (a resumed save).
    pub fn with_grade(givens: Grid, name: &str, grade: Option<GradeInfo>) -> Game {
        let mut game = Game::on_shape(classic_geometry(), givens.values().to_vec(), name);
        game.grade = grade;
        game
    }

    /// A fresh game on `givens` of `geometry` (row-major values), solved once
    /// up front; not graded (a shape's levels are not the classic ladder's).
    pub fn on_shape(geometry: Arc<Geometry>, givens: Vec<u8>, name: &str) -> Game {
        let counted = search::count_shape(&geometry, &givens, 2);
        Game {
            position: Position::start(&givens),
            geometry,
            givens,
            name: name.to_string(),
            solution: counted.first,
            unique: counted.count == 1,
            grade: None,
            undo: History::default(),
            redo: History::default(),
            elapsed_ms: 0,
            hints_used: 0,
            assists: Assists::default(),
            finished: false,
            solved_by_computer: false,
            counted: false,
        }
    }

    /// Whether the board is the classic 9x9 (the classic engine's features read it).
    pub fn is_classic(&self) -> bool {
        self.geometry.is_classic()
    }

    /// The givens as the classic engine reads them (classic 9x9 only).
    pub fn classic_givens(&self) -> Grid {
        super::position::classic_grid(&self.givens)
    }

    /// The solution as the classic engine reads it (classic 9x9 only).
    pub fn classic_solution(&self) -> Option<Grid> {
        self.solution.as_deref().map(super::position::classic_grid)
    }

    pub fn is_given(&self, cell: usize) -> bool {
        self.givens[cell] != 0
    }

    /// The position and its histories, for a move, an undo or a redo.
    pub fn timeline(&mut self) -> Timeline<'_> {
        Timeline {
            position: &mut self.position,
            undo: &mut self.undo,
            redo: &mut self.redo,
        }
    }

    /// Cells holding a player's value that differs from the solution.
    pub fn wrong_cells(&self) -> Vec<usize> {
        let Some(solution) = &self.solution else {
            return Vec::new();
        };
        (0..self.givens.len())
            .filter(|&c| !self.is_given(c))
            .filter(|&c| {
                let value = self.position.values[c];
                value != 0 && value != solution[c]
            })
            .collect()
    }

    /// Whether the board is complete and obeys the rules (the givens are kept
    /// by construction: they cannot be edited).
    pub fn is_complete_and_right(&self) -> bool {
        let values = &self.position.values;
        values.iter().all(|&v| v != 0) && !self.position.conflicts(&self.geometry).contains(&true)
    }

    /// Where the game counts in the statistics once won: by its level on the
    /// classic board, by its shape elsewhere.
    pub fn stats_key(&self) -> super::stats::StatsKey {
        use super::stats::StatsKey;
        match self.is_classic() {
            true => StatsKey::Level(self.grade.map(|g| g.level)),
            false => StatsKey::Shape(self.geometry.name()),
        }
    }

    /// The symbol of `value` in this shape's alphabet.
    pub fn symbol(&self, value: u8) -> char {
        self.geometry.alphabet().symbol(value)
    }

    /// `r4c7` for a cell.
    pub fn cell_name(&self, cell: usize) -> String {
        self.geometry.cell_name(cell)
    }
}

/// The view settings a save keeps beside the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct View {
    pub candidates: CandidateMode,
    pub pencil: bool,
    /// The selected cell (row-major index into the game's geometry).
    pub selected: usize,
}

impl View {
    pub fn of(state: &State) -> View {
        View {
            candidates: state.candidates,
            pencil: state.pencil,
            selected: state.selected,
        }
    }

    /// Puts these settings on `state`.
    pub fn apply(self, state: &mut State) {
        state.candidates = self.candidates;
        state.pencil = self.pencil;
        state.selected = self.selected;
    }
}

/// The window on top of the board that takes the keys, if any.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Overlay {
    #[default]
    None,
    Help,
    /// "Solve the board?" waiting for y.
    ConfirmSolve,
    /// The board is complete: time, hints, statistics, new game.
    Won,
    /// Paused: the board is hidden and the clock stopped until a key is pressed.
    Paused,
    /// The new-game screen ([`State::menu`]).
    NewGame,
    /// The game walked move by move ([`State::replay`]).
    Replay,
}

/// How a message reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tone {
    Info,
    Hint,
    Error,
}

/// A line or two for the panel's message area.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Message {
    pub text: String,
    pub tone: Tone,
}

/// A hint being revealed one level at a time, on any shape: the engine's one
/// [`Hint`], found by the game's ladder ([`Game::is_classic`] says which).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HintProgress {
    pub hint: Hint,
    /// 1: nudge, 2: technique and where, 3: the full explanation (4 applies it).
    pub level: u8,
}

impl HintProgress {
    /// A new hint at its first level, the nudge.
    pub fn new(hint: Hint) -> HintProgress {
        HintProgress { hint, level: 1 }
    }
}

/// Everything on screen.
#[derive(Clone, Debug)]
pub struct State {
    pub game: Game,
    /// The selected cell: a row-major index into the geometry on screen.
    pub selected: usize,
    pub pencil: bool,
    pub candidates: CandidateMode,
    pub overlay: Overlay,
    /// The hint on show, on any shape, and how far it is revealed.
    pub hint: Option<HintProgress>,
    pub message: Option<Message>,
    /// The steps of the last auto-propagation, one line each.
    pub log: Vec<String>,
    /// How far the help is scrolled down (lines), or, on the board, how many
    /// entries the propagation log is scrolled back (negative); the view clamps it.
    pub scroll: i32,
    /// Cells (row-major indices, on any shape) marked wrong by a check (or by
    /// a refused solve) until the next move.
    pub marked_wrong: Vec<usize>,
    pub stats: Stats,
    /// Colours on (off for NO_COLOR or --no-color: bold, underline and reverse only).
    pub color: bool,
    /// The colour scheme the view draws with (mono when `color` is off).
    pub theme: super::config::ThemeName,
    pub running: bool,
    /// Bumped on every change worth saving; the loop saves when it moves.
    pub revision: u64,
    /// Learn mode, when open: it takes the keys and the screen.
    pub learn: Option<Box<super::learn::LearnState>>,
    /// Another pencilmark has this game open: it is shown, but moves are
    /// refused and nothing is saved (so neither player overwrites the other).
    pub read_only: bool,
    /// The terminal is smaller than the smallest layout: only quitting works
    /// and the clock stops (set by the loop from the terminal's size).
    pub too_small: bool,
    /// The value the player asked to see across the board (`f`, on any
    /// shape), until asked again.
    pub highlight: Option<u8>,
    /// The new-game screen, while it is open (`Overlay::NewGame`).
    pub menu: Option<super::menu::NewGameMenu>,
    /// `w` was pressed: the next digit asks why it cannot go in the selected cell.
    pub asking_why: bool,
    /// An audit found stale marks: `a` again removes them.
    pub offering_stale_fix: bool,
    /// `F` found a wrong move: `F` again rewinds to just before it (on any shape).
    pub rewind_offer: Option<super::review::Rewind>,
    /// What the board shows of a look back (audit, wrong move) until the next edit or Esc.
    pub notes: super::review::BoardNotes,
    /// The replay view, while it is open (`Overlay::Replay`).
    pub replay: Option<Box<super::replay::ReplayView>>,
    /// `R` was pressed and the replay is being computed off the screen's thread.
    pub replay_wanted: bool,
    /// The game was just won: its replay goes into the weakness profile.
    pub profile_due: bool,
    /// The settings file's `[keys]` overrides (checked when read): the key
    /// table, the help and the footers all read the table they make.
    pub key_overrides: Vec<super::config::KeyOverride>,
    /// The link of the hint on show (zero-based) while ← → step through them.
    pub hint_link: Option<usize>,
}

impl State {
    pub fn new(game: Game) -> State {
        State {
            game,
            selected: 0,
            pencil: false,
            candidates: CandidateMode::Auto,
            overlay: Overlay::None,
            hint: None,
            message: None,
            log: Vec::new(),
            scroll: 0,
            marked_wrong: Vec::new(),
            stats: Stats::default(),
            color: true,
            theme: super::config::ThemeName::Dark,
            running: true,
            revision: 0,
            learn: None,
            read_only: false,
            too_small: false,
            highlight: None,
            menu: None,
            asking_why: false,
            offering_stale_fix: false,
            rewind_offer: None,
            notes: super::review::BoardNotes::default(),
            replay: None,
            replay_wanted: false,
            profile_due: false,
            key_overrides: Vec::new(),
            hint_link: None,
        }
    }

    /// A state showing a new game on `givens` of `geometry` (any shape but the
    /// classic 9x9 is meant: a classic game is graded, [`Game::new`]).
    pub fn shaped(geometry: Arc<Geometry>, givens: Vec<u8>, name: &str) -> State {
        State::new(Game::on_shape(geometry, givens, name))
    }

    /// The shape of the board on screen.
    pub fn geometry(&self) -> &Geometry {
        &self.game.geometry
    }

    /// The selected cell as the classic engine names it (classic 9x9 only).
    pub fn selected_cell(&self) -> Cell {
        Cell::new(self.selected)
    }

    /// The selected cell's digit, if any.
    pub fn selected_digit(&self) -> Option<Digit> {
        self.game.position.digit(self.selected_cell())
    }

    /// The digit the board highlights: the one asked for with `f`, else the
    /// selected cell's digit.
    pub fn highlighted_digit(&self) -> Option<Digit> {
        self.highlight
            .map(Digit::new)
            .or_else(|| self.selected_digit())
    }

    /// Whether the game clock runs: not while paused, in help, in learn mode,
    /// on the too-small screen, or once the board is finished.
    pub fn clock_runs(&self) -> bool {
        !self.game.finished
            && !self.too_small
            && self.learn.is_none()
            && matches!(self.overlay, Overlay::None | Overlay::ConfirmSolve)
    }

    /// The export's text: the position as a candidate grid (what
    /// `parse::read_candidates` reads on the classic 9x9), under a line naming
    /// the puzzle (on a shape its name and line, a jigsaw's regions after it);
    /// made here, written to a file by the loop.
    pub fn candidate_grid(&self) -> String {
        use crate::engine::geometry::format::{regions_line, to_line};
        let (game, geometry) = (&self.game, self.geometry());
        let head = if game.is_classic() {
            format!("givens {}", game.classic_givens().to_line())
        } else {
            let mut line = to_line(geometry, &game.givens);
            if let Some(regions) = regions_line(geometry) {
                line = format!("{line} {regions}");
            }
            format!("{}, givens {line}", geometry.name())
        };
        let grid = super::position::candidate_grid(geometry, &game.position, self.candidates);
        format!("# pencilmark export: {head}\n{grid}")
    }

    pub fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            tone,
        });
    }
}

/// The puzzle a new game starts on, given the one just played (if any).
///
/// LEAD: the one place the player chooses a fresh puzzle. Today: the bundled
/// starter (the first medium puzzle) when there is no previous game; else the
/// next puzzle of the previous one's bundled collection (same level); else the starter.
pub fn fresh_puzzle(previous: Option<&Grid>) -> puzzles::Named {
    let Some(previous) = previous else {
        return puzzles::starter();
    };
    for level in Level::ALL {
        let collection = puzzles::collection(level);
        if let Some(i) = collection.iter().position(|p| &p.givens == previous) {
            return collection[(i + 1) % collection.len()].clone();
        }
    }
    puzzles::starter()
}
