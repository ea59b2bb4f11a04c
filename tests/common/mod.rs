//! Helpers shared by the test crates: grids, the backtracking oracle, the
//! proptest configuration and a runner of the real binary. Each test crate
//! uses only some of them.
#![allow(dead_code)]

pub mod binary;
pub mod grids;
pub mod oracle;

use proptest::test_runner::Config;

/// A proptest configuration running `cases` cases, or `$PROPTEST_CASES`
/// when it is set. Shrinking is kept short: shrinking a 16x16 failure
/// toward fewer clues makes the oracle slow.
pub fn config(cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(cases);
    Config {
        cases,
        max_shrink_iters: 64,
        ..Config::default()
    }
}
