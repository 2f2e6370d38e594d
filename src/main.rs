//! The `pencilmark` binary: parse the command line and dispatch.

use std::process::ExitCode;

use clap::Parser;

use pencilmark::cli::{Cli, Command};
use pencilmark::cmd::{self, Exit};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return if err.use_stderr() {
                Exit::BadInput
            } else {
                Exit::Done
            }
            .into();
        }
    };
    let result = match cli.command {
        Some(Command::Play(args)) => cmd::play::run(&args),
        Some(Command::Solve(args)) => cmd::solve::run(&args),
        Some(Command::Hint(args)) => cmd::hint::run(&args),
        Some(Command::Show(args)) => cmd::show::run(&args),
        Some(Command::Propagate(args)) => cmd::propagate::run(&args),
        Some(Command::Explain(args)) => cmd::explain::run(&args),
        Some(Command::Grade(args)) => cmd::grade::run(&args),
        Some(Command::Generate(args)) => cmd::generate::run(&args),
        Some(Command::Stats(args)) => cmd::stats::run(&args),
        None => cmd::play::run(&cli.play),
        Some(Command::Trace(args)) => cmd::trace::run(&args),
        Some(Command::Why(args)) => cmd::why::run(&args),
        Some(Command::Audit(args)) => cmd::audit::run(&args),
        Some(Command::Replay(args)) => cmd::replay::run(&args),
    };
    match result {
        Ok(exit) => exit.into(),
        Err(err) => {
            eprintln!("pencilmark: {err:#}");
            Exit::BadInput.into()
        }
    }
}
