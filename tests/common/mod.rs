//! Helpers shared by the property and differential tests. Each test crate
//! uses only some of them.
#![allow(dead_code)]

pub mod grids;
pub mod oracle;
