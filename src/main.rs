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
        Some(Command::Solve(args)) => cmd::solve::run(&args),
        Some(Command::Trace(args)) => cmd::trace::run(&args),
        None => cmd::solve::demo(),
    };
    match result {
        Ok(exit) => exit.into(),
        Err(err) => {
            eprintln!("pencilmark: {err:#}");
            Exit::BadInput.into()
        }
    }
}
