//! The integration tests of the crate, one binary for them all: each module
//! below is a test file of its own (its doc comment says what it checks),
//! and `common` holds what they share. One binary links once and lets the
//! test harness run the slow tests of every file side by side, where a
//! binary per file would link each one and wait for each file's slowest
//! test in turn.
//!
//! One file's tests: `cargo test --test suite canon::`.

mod bad_input;
mod bundled;
mod candidates;
mod canon;
mod cases;
mod cli;
mod collections;
mod common;
mod completions;
mod constraints;
mod contract;
mod differential;
mod explain_cli;
mod generate;
mod generate_cli;
mod generate_output;
mod generate_variants;
mod input_formats;
mod jigsaw;
mod jobs;
mod json_input;
mod killer;
mod layers;
mod logic;
mod man;
mod pasted_input;
mod pictures;
mod properties;
mod rating;
mod samurai;
mod samurai_commands;
mod schema;
mod shapes;
mod snapshots;
mod variant_crosscheck;
mod variants;
