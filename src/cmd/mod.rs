//! The subcommands, one file each; `main` dispatches here.

pub mod audit;
pub mod completions;
pub mod explain;
pub mod generate;
pub mod grade;
pub mod hint;
pub mod man;
pub mod play;
pub mod propagate;
pub mod replay;
pub mod shaped;
pub mod shaped_hint;
pub mod shaped_trace;
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

/// The worker threads a command runs: `requested` (`--threads N`, at least 1), or
/// every core, capped at the machine's available parallelism: more threads than
/// cores only share them, and each costs a stack. A cap is said on standard error.
pub fn worker_threads(command: &str, requested: Option<usize>) -> usize {
    let available = std::thread::available_parallelism().map_or(1, |n| n.get());
    match requested {
        None => available,
        Some(n) if n > available => {
            eprintln!(
                "pencilmark {command}: --threads {n} capped at {available}, the available parallelism of this machine"
            );
            available
        }
        Some(n) => n.max(1),
    }
}

/// Says on standard error that a worker thread could not start, and how many run instead.
pub fn report_spawn_failure(command: &str, error: &std::io::Error, running: usize) {
    let running = match running {
        0 => "the main thread alone".to_string(),
        1 => "1 worker thread".to_string(),
        n => format!("{n} worker threads"),
    };
    eprintln!("pencilmark {command}: could not start a thread ({error}); going on with {running}");
}

/// Runs `work` on `0..len` cut into one contiguous share per thread, and returns
/// each share's result in order, with how many threads started. A thread the
/// system refuses (a process limit, say) leaves its share to the calling thread,
/// said once on standard error: fewer threads, never a panic.
pub fn in_shares<R: Send>(
    command: &str,
    len: usize,
    threads: usize,
    work: impl Fn(std::ops::Range<usize>) -> R + Sync,
) -> (Vec<R>, usize) {
    if threads <= 1 || len <= 1 {
        return (vec![work(0..len)], 0);
    }
    let share = len.div_ceil(threads);
    let work = &work;
    let mut refused = None;
    let mut started = 0;
    let results = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..len)
            .step_by(share)
            .map(|start| {
                let range = start..(start + share).min(len);
                let mine = range.clone();
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || work(mine))
                    .map_err(|error| {
                        refused.get_or_insert(error);
                        range
                    })
            })
            .collect();
        started = workers.iter().filter(|worker| worker.is_ok()).count();
        workers
            .into_iter()
            .map(|worker| match worker {
                Ok(handle) => match handle.join() {
                    Ok(result) => result,
                    Err(panic) => std::panic::resume_unwind(panic),
                },
                Err(range) => work(range),
            })
            .collect()
    });
    if let Some(error) = refused {
        report_spawn_failure(command, &error, started);
    }
    (results, started)
}
