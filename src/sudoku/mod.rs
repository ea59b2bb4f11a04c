//! The Sudoku model: grids and their rules, their mapping onto the
//! exact-cover engine, and what is built on it (solving, singles,
//! generating, rating).

mod buckets;
pub mod cages;
pub mod candidates;
pub mod canon;
mod canon_band;
mod canon_node;
mod canon_x;
pub mod constraint_kind;
pub mod constraints;
pub mod decorate;
pub mod encoding;
mod fast9;
pub mod frame;
pub mod generate;
pub mod geometry;
pub mod grid;
mod group_index;
pub mod jigsaw;
mod kept;
pub mod killer;
pub mod minimal;
mod pattern_grids;
pub mod random;
pub mod rating;
pub mod relations;
mod restarts;
pub mod rules;
pub mod shape;
pub mod singles;
pub mod solver;
pub mod symmetry;
pub mod transform;
pub mod true_candidates;
pub mod variants;
mod whole_rules;
