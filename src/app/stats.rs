//! Honest accounting: the help a game got ([`Assists`]: every hint level,
//! propagation, check, solve and learn-mode keep) and the statistics of
//! finished games per level, whose best and average times count unaided games only,
//! and per technique what the games' replays said (the weakness profile).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::grade::Level;
use crate::engine::learn::replay::Tally;

/// The help one game got, by kind. A game with none is solved unaided.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Assists {
    /// Hint level 1: a nudge (or "something is wrong").
    pub nudges: u32,
    /// Hint level 2: the technique and where (or the wrong cells, or the guess).
    pub techniques: u32,
    /// Hint level 3: the full explanation.
    pub explanations: u32,
    /// Hint level 4: the hint applied to the board.
    pub applied_hints: u32,
    /// `A`: forced singles filled by the computer.
    pub propagations: u32,
    /// `C`: digits checked against the solution.
    pub checks: u32,
    /// `S`: the board solved by the computer.
    pub solves: u32,
    /// Learn mode's result kept on the board.
    pub learn_keeps: u32,
    /// `w`: asked why a digit cannot go in a cell.
    pub whys: u32,
    /// `a`: the player's Manual marks audited.
    pub audits: u32,
    /// `F`: asked for the wrong move the position suffers from.
    pub first_wrongs: u32,
    /// `R` before the end: the game replayed with its missed steps named.
    pub replays: u32,
}

impl Assists {
    /// Every kind with its count and its name (singular, plural).
    fn kinds(&self) -> [(u32, &'static str, &'static str); 12] {
        [
            (self.nudges, "nudge", "nudges"),
            (self.techniques, "technique hint", "technique hints"),
            (self.explanations, "explanation", "explanations"),
            (self.applied_hints, "applied hint", "applied hints"),
            (self.propagations, "propagation", "propagations"),
            (self.checks, "check", "checks"),
            (self.solves, "solve", "solves"),
            (self.learn_keeps, "learn-mode keep", "learn-mode keeps"),
            (self.whys, "why-not question", "why-not questions"),
            (self.audits, "mark audit", "mark audits"),
            (
                self.first_wrongs,
                "wrong-move search",
                "wrong-move searches",
            ),
            (self.replays, "replay", "replays"),
        ]
    }

    pub fn total(&self) -> u32 {
        self.kinds().iter().map(|k| k.0).sum()
    }

    pub fn is_unaided(&self) -> bool {
        self.total() == 0
    }

    /// "2 nudges, 1 propagation", or "none".
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self
            .kinds()
            .iter()
            .filter(|k| k.0 > 0)
            .map(|&(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
            .collect();
        if parts.is_empty() {
            "none".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// Finished games of one level.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct LevelStats {
    /// Games finished by the player (a board filled by `S` is not counted).
    pub finished: u32,
    /// Of those, finished with no assist at all.
    pub unaided: u32,
    /// The best time of an unaided game.
    pub best_ms: Option<u64>,
    /// The unaided games' times added up (for the average).
    pub unaided_ms: u64,
    /// Assists over all finished games.
    pub assists: u64,
}

impl LevelStats {
    /// Counts a game finished by the player in `millis`, with `assists`.
    fn add(&mut self, millis: u64, assists: &Assists) {
        self.finished += 1;
        self.assists += assists.total() as u64;
        if assists.is_unaided() {
            self.unaided += 1;
            self.unaided_ms += millis;
            self.best_ms = Some(self.best_ms.map_or(millis, |best| best.min(millis)));
        }
    }

    /// The average time of the unaided games (`None` before the first).
    pub fn average_ms(&self) -> Option<u64> {
        self.unaided_ms.checked_div(self.unaided as u64)
    }

    /// `self` plus what `mine` added since `base` (two players finishing games
    /// at once each keep their wins).
    fn merged(&self, base: &LevelStats, mine: &LevelStats) -> LevelStats {
        let best = [self.best_ms, mine.best_ms].into_iter().flatten().min();
        LevelStats {
            finished: self.finished + mine.finished.saturating_sub(base.finished),
            unaided: self.unaided + mine.unaided.saturating_sub(base.unaided),
            best_ms: best,
            unaided_ms: self.unaided_ms + mine.unaided_ms.saturating_sub(base.unaided_ms),
            assists: self.assists + mine.assists.saturating_sub(base.assists),
        }
    }
}

/// The statistics file's format; version 1 counted hints only and timed every game.
pub const STATS_VERSION: u32 = 2;

/// One technique over the finished games (the weakness profile): what each
/// game's replay said of it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct TechniqueStats {
    /// Games whose replay named it.
    pub games: u32,
    /// Moves it proved.
    pub used: u32,
    /// Moves made while it was open and easier than what they needed.
    pub missed: u32,
    /// Wrong moves made while it was the easiest step open.
    pub mistakes: u32,
}

impl TechniqueStats {
    /// `self` plus what `mine` added since `base`.
    fn merged(&self, base: &TechniqueStats, mine: &TechniqueStats) -> TechniqueStats {
        let added = |disk: u32, base: u32, mine: u32| disk + mine.saturating_sub(base);
        TechniqueStats {
            games: added(self.games, base.games, mine.games),
            used: added(self.used, base.used, mine.used),
            missed: added(self.missed, base.missed, mine.missed),
            mistakes: added(self.mistakes, base.mistakes, mine.mistakes),
        }
    }
}

/// Where a finished game is counted: a classic game by its level (`None`:
/// ungraded), a game on another shape by the shape's name (a shape's levels are
/// not the classic ladder's). The file keeps the two kinds in two tables.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StatsKey {
    Level(Option<Level>),
    Shape(String),
}

impl StatsKey {
    /// "hard", "ungraded", "16x16", "9x9 jigsaw".
    pub fn name(&self) -> String {
        match self {
            StatsKey::Level(level) => Stats::key(*level).to_string(),
            StatsKey::Shape(shape) => shape.clone(),
        }
    }
}

/// Statistics of finished games, per level ("ungraded" for puzzles without one).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Stats {
    pub version: u32,
    pub levels: BTreeMap<String, LevelStats>,
    /// The weakness profile, per technique key (absent in older files).
    #[serde(default)]
    pub techniques: BTreeMap<String, TechniqueStats>,
    /// Games finished on other shapes, per shape name (`16x16`, `9x9 jigsaw`):
    /// the shapes' levels are not the classic ladder's, so they are kept apart.
    /// Absent in older files, and left out while empty so that a classic
    /// player's file is written as before.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub shapes: BTreeMap<String, LevelStats>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            version: STATS_VERSION,
            levels: BTreeMap::new(),
            techniques: BTreeMap::new(),
            shapes: BTreeMap::new(),
        }
    }
}

impl Stats {
    /// The key of a level in [`Stats::levels`].
    pub fn key(level: Option<Level>) -> &'static str {
        level.map_or("ungraded", Level::key)
    }

    /// Counts a game finished by the player in `millis`, with `assists`,
    /// where `key` says.
    pub fn record_in(&mut self, key: &StatsKey, millis: u64, assists: &Assists) {
        let table = match key {
            StatsKey::Level(_) => &mut self.levels,
            StatsKey::Shape(_) => &mut self.shapes,
        };
        table.entry(key.name()).or_default().add(millis, assists);
    }

    /// The finished games counted where `key` says.
    pub fn counted(&self, key: &StatsKey) -> Option<&LevelStats> {
        match key {
            StatsKey::Level(_) => self.levels.get(&key.name()),
            StatsKey::Shape(_) => self.shapes.get(&key.name()),
        }
    }

    /// Counts a classic game of `level` finished by the player.
    pub fn record(&mut self, level: Option<Level>, millis: u64, assists: &Assists) {
        self.record_in(&StatsKey::Level(level), millis, assists);
    }

    /// Adds a finished game's replay summary to the weakness profile.
    pub fn record_techniques(&mut self, summary: &[Tally]) {
        for tally in summary {
            let entry = self
                .techniques
                .entry(tally.technique.key().to_string())
                .or_default();
            entry.games += 1;
            entry.used += tally.used;
            entry.missed += tally.missed;
            entry.mistakes += tally.mistakes;
        }
    }

    pub fn level(&self, level: Option<Level>) -> Option<&LevelStats> {
        self.counted(&StatsKey::Level(level))
    }

    /// The statistics on disk (`self`) with what `mine` added since `base`.
    pub fn merged(&self, base: &Stats, mine: &Stats) -> Stats {
        let mut out = self.clone();
        out.version = STATS_VERSION;
        for (key, mine_level) in &mine.levels {
            let base_level = base.levels.get(key).cloned().unwrap_or_default();
            let disk_level = self.levels.get(key).cloned().unwrap_or_default();
            out.levels
                .insert(key.clone(), disk_level.merged(&base_level, mine_level));
        }
        for (key, mine_shape) in &mine.shapes {
            let base_shape = base.shapes.get(key).cloned().unwrap_or_default();
            let disk_shape = self.shapes.get(key).cloned().unwrap_or_default();
            out.shapes
                .insert(key.clone(), disk_shape.merged(&base_shape, mine_shape));
        }
        for (key, mine_technique) in &mine.techniques {
            let base_technique = base.techniques.get(key).copied().unwrap_or_default();
            let disk_technique = self.techniques.get(key).copied().unwrap_or_default();
            out.techniques.insert(
                key.clone(),
                disk_technique.merged(&base_technique, mine_technique),
            );
        }
        out
    }
}
