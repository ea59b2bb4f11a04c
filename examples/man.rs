//! Writes the `sudoku-dlx(1)` man page to standard output, generated from
//! the command-line grammar itself so that it never drifts from `--help`:
//!
//! ```text
//! cargo run --example man > sudoku-dlx.1 && man ./sudoku-dlx.1
//! ```
//!
//! It lives in an example so that clap_mangen is a dev-dependency only and
//! the binary builds without it.

#[allow(dead_code)]
#[path = "../src/cli/args.rs"]
mod args;
#[allow(dead_code)]
#[path = "../src/cli/generate_args.rs"]
mod generate_args;

use clap::CommandFactory;

fn main() -> std::io::Result<()> {
    clap_mangen::Man::new(args::Cli::command()).render(&mut std::io::stdout().lock())
}
