//! The `sudoku-dlx` command. All the work is in [`cli`]; `main` only turns
//! its outcome into an exit status.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
