//! `pencilmark man`: the manual page (roff) of the program or of one command,
//! generated from the clap definition, or every page written to a directory.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::{Args, CommandFactory};
use clap_mangen::Man;

use super::Exit;
use crate::cli::Cli;

/// Print the manual page, or write every page to a directory.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
pencilmark man | man -l -\n  \
pencilmark man solve > pencilmark-solve.1\n  \
pencilmark man --dir ~/.local/share/man/man1     # pencilmark.1 and one page per command")]
pub struct ManArgs {
    /// The command whose page to print (solve, hint, ...); none prints the main page.
    pub command: Option<String>,
    /// Write pencilmark.1 and pencilmark-COMMAND.1 for every command into DIR instead.
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub dir: Option<PathBuf>,
}

/// Runs the command.
pub fn run(args: &ManArgs) -> Result<Exit> {
    let mut command = Cli::command().disable_help_subcommand(true);
    if let Some(dir) = &args.dir {
        clap_mangen::generate_to(command, dir)
            .with_context(|| format!("cannot write the manual pages to {}", dir.display()))?;
        return Ok(Exit::Done);
    }
    // Building names each command's page `pencilmark-NAME`.
    command.build();
    let page = match &args.command {
        None => command,
        Some(name) => match command.find_subcommand(name) {
            Some(sub) => sub.clone(),
            None => {
                let names: Vec<&str> = command.get_subcommands().map(|s| s.get_name()).collect();
                anyhow::bail!("no command {name:?}: one of {}", names.join(", "));
            }
        },
    };
    let mut out = std::io::stdout().lock();
    Man::new(page).render(&mut out)?;
    out.flush()?;
    Ok(Exit::Done)
}
