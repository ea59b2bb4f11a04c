//! Locked candidates, run by the search after every choice on large grids.
//!
//! Where two units cross in several cells (a box and a row, say), a digit
//! whose places left in one of them all lie in the crossing must go there,
//! so the other unit's places for it outside the crossing are impossible.
//! Exact cover learns this only once the digit is placed; on grids of side
//! 25 and 36 a search without it wanders into branches that such a
//! deduction closes at once. In matrix terms: when every option of the item
//! "unit U holds d" is also an option of the item "unit V holds d", the
//! options of the second item that are not options of the first are hidden.
//!
//! Each level of the search starts from what its parent level left: an
//! item with as many options as it had there has the same options, so only
//! the items the last choice changed are looked at, and again after each
//! change, until nothing changes.

use crate::engine::{Count, Propagate, Pruning};
use crate::sudoku::geometry::Geometry;

use super::level_counts::level_row;
use super::DIGIT_SLOTS;

/// An entry of the table of items for a digit a unit already holds.
const NONE: u32 = u32::MAX;

/// The buffers of the propagation, reused from puzzle to puzzle.
#[derive(Debug, Clone, Default)]
pub struct Intersections {
    /// One entry per (unit, missing digit) item of the present matrix.
    slots: Vec<Slot>,
    /// For each unit and digit (from 0), its slot in `slots`, or [`NONE`].
    slot_of: Vec<u32>,
    /// For each level of the search (its depth) and each slot, the options
    /// its item had when it was last looked at there.
    seen: Vec<u32>,
    /// The cells of the options of the item being looked at.
    cells: Vec<u16>,
}

/// A (unit, digit) item of the matrix.
#[derive(Debug, Clone, Copy)]
struct Slot {
    item: u32,
    unit: u16,
    digit: u8,
}

impl Intersections {
    /// Empty buffers; they grow to fit the largest puzzle seen.
    pub fn new() -> Intersections {
        Intersections::default()
    }

    /// The propagator for a matrix of `geometry` whose item "unit `u`
    /// holds digit `d`" is `unit_items[u][d - 1]` for each digit missing
    /// from `unit_digits[u]`, and whose option `k` places `placements[k]`
    /// (`cell << 8 | digit`). Every option must place one digit: the
    /// geometry has no cages and no tables.
    pub fn propagator<'a>(
        &'a mut self,
        geometry: &'a Geometry,
        unit_digits: &[u64],
        unit_items: &[[u32; DIGIT_SLOTS]],
        placements: &'a [u32],
    ) -> LockedCandidates<'a> {
        let n = geometry.side();
        self.slots.clear();
        self.slot_of.clear();
        self.slot_of.resize(geometry.units() * DIGIT_SLOTS, NONE);
        for (unit, (&digits, items)) in unit_digits.iter().zip(unit_items).enumerate() {
            for (digit, &item) in items.iter().enumerate().take(n) {
                if digits >> digit & 1 == 0 {
                    self.slot_of[unit * DIGIT_SLOTS + digit] = self.slots.len() as u32;
                    self.slots.push(Slot {
                        item,
                        unit: unit as u16,
                        digit: digit as u8,
                    });
                }
            }
        }
        LockedCandidates {
            buffers: self,
            geometry,
            placements,
            widest: widest_crossing(geometry),
        }
    }
}

/// The most cells two units of `geometry` share: a unit whose digit has
/// more places left than that cannot have them all in a crossing.
fn widest_crossing(geometry: &Geometry) -> usize {
    match geometry.box_shape() {
        Some((rows, columns)) if geometry.is_classic() => rows.max(columns),
        _ => geometry.side(),
    }
}

/// Locked candidates on one matrix: see the module documentation.
#[derive(Debug)]
pub struct LockedCandidates<'a> {
    buffers: &'a mut Intersections,
    geometry: &'a Geometry,
    placements: &'a [u32],
    widest: usize,
}

impl Propagate for LockedCandidates<'_> {
    fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) {
        let (geometry, placements, widest) = (self.geometry, self.placements, self.widest);
        let Intersections {
            slots,
            slot_of,
            seen,
            cells,
        } = &mut *self.buffers;
        let count = slots.len();
        let seen = level_row(seen, count, pruning.depth());
        let mut changed = true;
        while changed {
            changed = false;
            for slot in 0..count {
                let Slot { item, unit, digit } = slots[slot];
                let Some(left) = pruning.options_left(item as usize) else {
                    seen[slot] = 0;
                    continue;
                };
                if seen[slot] == left as u32 {
                    continue;
                }
                seen[slot] = left as u32;
                if left < 2 || left > widest {
                    continue;
                }
                cells.clear();
                pruning.each_option(item as usize, |option| {
                    cells.push((placements[option] >> 8) as u16);
                });
                let first = cells[0] as usize;
                for &other in geometry.units_of(first) {
                    if other == unit
                        || !cells[1..]
                            .iter()
                            .all(|&cell| geometry.units_of(cell as usize).contains(&other))
                    {
                        continue;
                    }
                    let target = slot_of[other as usize * DIGIT_SLOTS + digit as usize];
                    if target == NONE {
                        continue;
                    }
                    let target_item = slots[target as usize].item as usize;
                    match pruning.options_left(target_item) {
                        Some(options) if options > left => {}
                        _ => continue,
                    }
                    let kept = pruning.hide_where(target_item, |option| {
                        let cell = (placements[option] >> 8) as usize;
                        !geometry.units_of(cell).contains(&unit)
                    });
                    if kept == 0 {
                        return;
                    }
                    changed = true;
                }
            }
        }
    }
}
