//! The `pencilmark` binary: parse the command line and dispatch.

use std::process::ExitCode;

use clap::Parser;

use pencilmark::cli::{Cli, Command};
use pencilmark::cmd::{self, Exit};

fn main() -> ExitCode {
    install_panic_report();
    // How the tests reach the panic report: no command panics on purpose. With
    // `raw`, the terminal is in raw mode first, as the player leaves it.
    if let Some(how) = std::env::var_os("PENCILMARK_TEST_PANIC") {
        if how == "raw" {
            let _ = ratatui::crossterm::terminal::enable_raw_mode();
        }
        panic!("PENCILMARK_TEST_PANIC is set");
    }
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
        Some(Command::Completions(args)) => cmd::completions::run(&args),
        Some(Command::Man(args)) => cmd::man::run(&args),
    };
    match result {
        Ok(exit) => exit.into(),
        // The reader went away (`| head`): what it wanted was written.
        Err(err) if is_broken_pipe(&err) => Exit::Done.into(),
        Err(err) => {
            eprintln!("pencilmark: {err:#}");
            Exit::BadInput.into()
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// A panic prints a short report saying where to file it instead of a raw
/// backtrace (`RUST_BACKTRACE=1` adds one), after the terminal is given back: the
/// player's own hooks (ratatui's restore, mouse capture off) run before this one,
/// and raw mode still on here is switched off too.
fn install_panic_report() {
    std::panic::set_hook(Box::new(|info| {
        if ratatui::crossterm::terminal::is_raw_mode_enabled().unwrap_or(false) {
            ratatui::restore();
        }
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "an unknown panic".to_string());
        let place = info
            .location()
            .map_or(String::new(), |l| format!(" at {}:{}", l.file(), l.line()));
        let thread = std::thread::current();
        eprintln!(
            "\npencilmark {} stopped on an internal error{place} (thread {}): {message}\n\
             This is a bug in pencilmark, not in your input. Please report it at\n\
             {}/issues with the command you ran and this message.",
            env!("CARGO_PKG_VERSION"),
            thread.name().unwrap_or("unnamed"),
            env!("CARGO_PKG_REPOSITORY"),
        );
        let backtrace = std::backtrace::Backtrace::capture();
        if backtrace.status() == std::backtrace::BacktraceStatus::Captured {
            eprintln!("{backtrace}");
        } else {
            eprintln!("(Run with RUST_BACKTRACE=1 to add a backtrace to the report.)");
        }
    }));
}
