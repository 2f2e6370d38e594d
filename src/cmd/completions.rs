//! `pencilmark completions SHELL`: prints the shell's completion script for every
//! command and option, generated from the same clap definition that parses them.

use std::io::Write;

use anyhow::Result;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::Exit;
use crate::cli::Cli;

/// Print a completion script for bash, zsh, fish, elvish or PowerShell.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
pencilmark completions bash > ~/.local/share/bash-completion/completions/pencilmark\n  \
pencilmark completions zsh > ~/.zfunc/_pencilmark      # with fpath+=~/.zfunc in ~/.zshrc\n  \
pencilmark completions fish > ~/.config/fish/completions/pencilmark.fish")]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Runs the command.
pub fn run(args: &CompletionsArgs) -> Result<Exit> {
    let mut command = Cli::command();
    let mut out = std::io::stdout().lock();
    clap_complete::generate(args.shell, &mut command, "pencilmark", &mut out);
    out.flush()?;
    Ok(Exit::Done)
}
