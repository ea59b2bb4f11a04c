//! The counts a propagator keeps per level of the search, so that each
//! level starts from what its parent level left.
//!
//! Options are only taken away below a level, so an item with as many
//! options as it had when a propagator last looked at it has the same
//! options: the propagator skips it. Each level keeps its own row of
//! counts, started as a copy of its parent's, so that a level left by
//! backtracking leaves nothing behind to undo.

/// The row of `count` entries of level `depth` in `levels` (grown to fit),
/// started as a copy of the row of level `depth - 1`, or with `u32::MAX`
/// (never a count) at depth 0.
pub fn level_row(levels: &mut Vec<u32>, count: usize, depth: usize) -> &mut [u32] {
    let here = depth * count;
    if levels.len() < here + count {
        levels.resize(here + count, 0);
    }
    let (parent, row) = levels.split_at_mut(here);
    let row = &mut row[..count];
    match depth {
        0 => row.fill(u32::MAX),
        _ => row.copy_from_slice(&parent[here - count..]),
    }
    row
}
