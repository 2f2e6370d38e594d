//! Grading: solve by always taking the easiest step; the grade is the hardest
//! technique needed plus a score summed over the steps.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::grid::Grid;
use super::logic::{self, Technique};

/// Difficulty levels, easiest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
    Extreme,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// "easy", "medium", ...
    pub fn key(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
}

/// A puzzle's grade.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grade {
    pub level: Level,
    pub score: u32,
    /// The hardest technique used; `None` when logic ran out (a guess was needed).
    pub hardest: Option<Technique>,
    /// How many steps of each technique the solve took.
    pub steps: BTreeMap<Technique, usize>,
}

/// Grades `givens` by solving with the easiest step each time.
pub fn grade(givens: &Grid) -> Grade {
    let mut board = Board::with_auto_candidates(givens);
    let mut steps = BTreeMap::new();
    let mut hardest = None;
    while !board.is_solved() {
        let Some(step) = logic::find_step(&board) else {
            return Grade {
                level: Level::Extreme,
                score: 0,
                hardest,
                steps,
            };
        };
        *steps.entry(step.technique).or_insert(0) += 1;
        hardest = hardest.max(Some(step.technique));
        step.apply(&mut board);
    }
    Grade {
        level: Level::Easy,
        score: steps.values().sum::<usize>() as u32,
        hardest,
        steps,
    }
}
