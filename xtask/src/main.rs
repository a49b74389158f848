//! `cargo xtask`: fixture and benchmark tooling (the rust-analyzer pattern: one binary,
//! a few subcommands, few dependencies).
//!
//! ```text
//! cargo xtask verify              solve every fixture, diff against its .out, check
//!                                 generated inputs, replay every path, run the oracle
//!                                 where the instance is small
//! cargo xtask regen               rewrite generated .in files and every .out file
//! cargo xtask gen PUZZLE ARGS     print a generated input (see `cargo xtask gen --help`)
//! cargo xtask gen PUZZLE ARGS --name NAME
//!                                 add it to fixtures/PUZZLE with a manifest line
//! cargo xtask bench PUZZLE        time the release binary against the reference
//! ```

#![allow(clippy::print_stdout, clippy::print_stderr)] // a command-line tool

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod bench;
mod bloxorz;
mod fixtures;
mod holedox;
mod huarongdao;
mod manifest;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

const USAGE: &str =
    "usage: cargo xtask verify | regen | gen PUZZLE [ARGS] [--name NAME] | bench PUZZLE";

/// Runs a subcommand; `Ok(false)` means it ran and found problems.
fn run(args: &[String]) -> Result<bool> {
    let root = workspace_root()?;
    match args.first().map(String::as_str) {
        Some("verify") => fixtures::verify(&root),
        Some("regen") => fixtures::regen(&root).map(|()| true),
        Some("gen") => fixtures::gen_command(&root, &args[1..]).map(|()| true),
        Some("bench") => bench::run(&root, &args[1..]).map(|()| true),
        Some("help" | "--help" | "-h") | None => {
            println!("{USAGE}");
            Ok(true)
        }
        Some(other) => bail!("unknown subcommand {other:?}\n{USAGE}"),
    }
}

/// The workspace root: the parent of this crate's directory.
fn workspace_root() -> Result<PathBuf> {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir
        .parent()
        .map(Path::to_path_buf)
        .context("xtask has no parent directory")
}

/// The puzzles with fixtures and generators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Puzzle {
    Huarongdao,
    Bloxorz,
    Holedox,
}

impl Puzzle {
    const ALL: [Puzzle; 3] = [Puzzle::Huarongdao, Puzzle::Bloxorz, Puzzle::Holedox];

    fn name(self) -> &'static str {
        match self {
            Puzzle::Huarongdao => "huarongdao",
            Puzzle::Bloxorz => "bloxorz",
            Puzzle::Holedox => "holedox",
        }
    }

    fn from_name(name: &str) -> Result<Puzzle> {
        Puzzle::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .with_context(|| {
                format!("unknown puzzle {name:?}; expected one of: huarongdao, bloxorz, holedox")
            })
    }

    /// The judge output for an input.
    fn judge(self, input: &[u8]) -> Result<String, parsers::ParseError> {
        match self {
            Puzzle::Huarongdao => parsers::huarongdao::judge(input),
            Puzzle::Bloxorz => parsers::bloxorz::judge(input),
            Puzzle::Holedox => parsers::holedox::judge(input),
        }
    }

    /// Checks beyond the judge output: replays every path, runs the oracle where small.
    fn deep_check(self, input: &[u8]) -> Result<fixtures::DeepCheck> {
        match self {
            Puzzle::Huarongdao => huarongdao::deep_check(input),
            Puzzle::Bloxorz => bloxorz::deep_check(input),
            Puzzle::Holedox => holedox::deep_check(input),
        }
    }

    /// A generated input from generator arguments.
    fn generate(self, args: &[String]) -> Result<String> {
        match self {
            Puzzle::Huarongdao => huarongdao::generate(args),
            Puzzle::Bloxorz => bloxorz::generate(args),
            Puzzle::Holedox => holedox::generate(args),
        }
    }

    fn gen_help(self) -> &'static str {
        match self {
            Puzzle::Huarongdao => huarongdao::GEN_HELP,
            Puzzle::Bloxorz => bloxorz::GEN_HELP,
            Puzzle::Holedox => holedox::GEN_HELP,
        }
    }
}
