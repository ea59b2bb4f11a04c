//! The Sudoku model: grids and their rules, their mapping onto the
//! exact-cover engine, and what is built on it (solving, singles,
//! generating, rating).

pub mod cages;
pub mod candidates;
pub mod encoding;
pub mod frame;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod jigsaw;
pub mod killer;
pub mod random;
pub mod rating;
pub mod rules;
pub mod shape;
pub mod singles;
pub mod solver;
pub mod true_candidates;
pub mod variants;
