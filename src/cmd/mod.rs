//! The subcommands, one file each; `main` dispatches here.

pub mod audit;
pub mod explain;
pub mod generate;
pub mod grade;
pub mod hint;
pub mod play;
pub mod propagate;
pub mod show;
pub mod solve;
pub mod stats;
pub mod trace;
pub mod why;

use std::process::ExitCode;

/// How a command ended, as the conventions define the exit status.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Exit {
    /// 0: done.
    Done = 0,
    /// 1: done, but a puzzle had no solution or a check failed.
    Failed = 1,
    /// 2: bad input or usage.
    BadInput = 2,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}
