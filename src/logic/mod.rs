//! Logical solving: the steps a person would take, stated on the items and
//! options of the exact-cover matrix (cells, (unit, digit) pairs, "at most
//! once" groups) so that they hold on any geometry.
//!
//! This layer sits above the Sudoku model and below text and the command
//! line. [`explain::Explainer`] walks a puzzle from its givens (or from
//! pencilmarks) to its solution, one [`step::Step`] at a time, always with
//! the easiest [`technique::Technique`] that makes progress, and rates the
//! path by its hardest step.

pub mod bifurcation;
pub mod board;
pub mod cages;
pub mod chains;
pub mod common_peers;
pub mod constraints;
pub mod explain;
pub mod forcing;
pub mod generate;
pub mod search;
pub mod sets;
pub mod singles;
pub mod step;
pub mod table_ways;
pub mod technique;
pub mod trial;
pub mod uniqueness;
pub mod wings;
