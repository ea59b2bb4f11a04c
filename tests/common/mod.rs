//! Helpers shared by the test crates: grids, the backtracking oracle, the
//! proptest configuration and a runner of the real binary. Each test crate
//! uses only some of them.
#![allow(dead_code)]

pub mod binary;
pub mod grids;
pub mod killer_oracle;
pub mod oracle;
pub mod samurai_oracle;
pub mod samurai_text;
pub mod variant_oracle;

use proptest::test_runner::{Config, RngSeed};

/// A proptest configuration running `cases` cases, or `$PROPTEST_CASES`
/// when it is set, from a fixed seed. Shrinking is kept short: shrinking a 16x16 failure
/// toward fewer clues makes the oracle slow.
pub fn config(cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(cases);
    // A fixed seed unless `$PROPTEST_RNG_SEED` names another: the same
    // cases on every run, so that CI time does not hang on the draw (a rare
    // sparse 16x16 cut can keep the plain backtracking oracle busy for
    // minutes).
    let rng_seed = std::env::var("PROPTEST_RNG_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .map_or(RngSeed::Fixed(20_261_123), RngSeed::Fixed);
    Config {
        cases,
        max_shrink_iters: 64,
        rng_seed,
        ..Config::default()
    }
}
