//! The rules beyond "once per unit" that the 9x9 fast path can take on:
//! pairs of placements that may not stand together, renban lines, short
//! tables, killer cages and the rules the geometry keeps whole.
//!
//! Thermometers, kropki dots, XV, non-consecutive neighbours, whispers and
//! their kin compile to "at most once" groups of placements, and the pairs
//! among them to support tables ([`Relations`]). On a grid of classic units
//! with nothing else (no cages, links or extra units), the search needs no
//! matrix for them: placing a digit strikes its group partners as it
//! strikes its peers, and after the forced work each related cell of few
//! candidates takes from its related cells the digits none of its own
//! supports (arc consistency on the pairs, as the matrix's search does
//! with `PairSupports`), each renban line keeps only the digits of the
//! runs that could still fill it, each short table (arrows, between
//! lines) only the digits of its ways left, and each killer cage only the
//! digits of its combinations left (a digit all the runs of a line or the
//! combinations of a cage need is placed as a unit's would be: in its one
//! place, and out of the cells that see all its places). Little killers,
//! sandwiches, region-sum lines and quadruples are read from their
//! definitions (`sums.rs`, `quadruples.rs`), not from their tables.
//! The classic grid has no rules, and its search is compiled without
//! these steps. A 9x9 jigsaw, plain or with such rules (but no killer
//! cage or rule kept whole), is searched the same way, its rules read as
//! [`JigsawRules`]: no boxes, and its regions read as extra units.

use super::adjacent;
use super::covers;
use super::extra_units::{self, MOST_EXTRA_UNITS};
use super::partners::Partners;
use super::quadruples;
use super::state::{Counts, ExtraRules, State};
use super::sums::{self, MOST_CELLS, MOST_SEGMENTS};
use crate::sudoku::cages::Cages;
use crate::sudoku::geometry::{Geometry, Table};
use crate::sudoku::relations::{supported_by, Relations};
use crate::sudoku::whole_rules::{WholeKind, WholeRule};

/// The classic grid: no rule beyond the units.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Classic;

impl ExtraRules for Classic {
    const ANY: bool = false;

    #[inline(always)]
    fn strike_partners(&self, _: &mut State, _: usize, _: usize) {}

    #[inline(always)]
    fn narrow(&self, _: &mut State, _: &Counts) {}

    #[inline(always)]
    fn preferred(&self, _: usize) -> u32 {
        0
    }

    #[inline(always)]
    fn forbid(&self, _: &mut State) {}

    #[inline(always)]
    fn givens_clash(&self, _: &[u8]) -> bool {
        false
    }
}

/// The most digits (ways times cells) a table may list, and the most
/// cells it may have ([`MOST_TABLE_CELLS`]), for the fast path to read it
/// whole after every round of forced work; a puzzle with a longer or wider
/// one keeps the matrix, whose search drops ways one by one. The tables of
/// rules kept whole are not read, and do not count. Arrows and between
/// lines fit: with a bound of 2,048 digits the quadruple set (when its
/// tables were read) ran 0.93 of the instructions of the matrix path
/// rather than 0.67.
const MOST_DIGITS: usize = 4096;

/// See [`MOST_DIGITS`].
const MOST_TABLE_CELLS: usize = 8;

/// The most units read as extra units: a jigsaw's nine regions, the extra
/// units of the geometry and the regions hyper's windows imply.
const MOST_READ_UNITS: usize = 9 + MOST_EXTRA_UNITS + IMPLIED_BY_HYPER.len();

/// The cells of the four windows of hyper, band by band.
const HYPER_WINDOWS: [[u32; 3]; 4] = [
    masks_of([1, 2, 3], [1, 2, 3]),
    masks_of([1, 2, 3], [5, 6, 7]),
    masks_of([5, 6, 7], [1, 2, 3]),
    masks_of([5, 6, 7], [5, 6, 7]),
];

/// The cells of the regions the windows of hyper imply, band by band:
/// columns 2 to 4 hold each digit three times, two of them in the
/// windows, so rows 1, 5 and 9 there hold each once; and so on.
const IMPLIED_BY_HYPER: [[u32; 3]; 5] = [
    masks_of([0, 4, 8], [1, 2, 3]),
    masks_of([0, 4, 8], [5, 6, 7]),
    masks_of([1, 2, 3], [0, 4, 8]),
    masks_of([5, 6, 7], [0, 4, 8]),
    masks_of([0, 4, 8], [0, 4, 8]),
];

/// The cells where `rows` and `columns` (0 to 8) cross, band by band.
const fn masks_of(rows: [usize; 3], columns: [usize; 3]) -> [u32; 3] {
    let mut masks = [0u32; 3];
    let mut k = 0;
    while k < 9 {
        let cell = 9 * rows[k / 3] + columns[k % 3];
        masks[cell / 27] |= 1 << (cell % 27);
        k += 1;
    }
    masks
}

/// A cell in no relation.
const UNRELATED: u8 = u8::MAX;

/// The rules of a geometry of classic 9x9 units that the fast path takes
/// on: its "at most once" groups and relations, its placements forbidden
/// outright, its renban lines, its tables, its killer cages and its rules
/// kept whole; see
/// [`GeometryRules::of`].
#[derive(Debug, Clone)]
pub(crate) struct GeometryRules<'a> {
    geometry: &'a Geometry,
    /// What each placement strikes beyond its peers.
    partners: &'a Partners,
    /// False when no placement strikes anything beyond its peers (no group
    /// and no cage): odd and even cells, arrows.
    strikes: bool,
    relations: &'a Relations,
    /// For each cell, its index in [`Relations::cells`], or [`UNRELATED`].
    related: [u8; 81],
    /// The related cells whose edges prune only with two or three
    /// candidates in the cell, band by band.
    narrow_reach: [u32; 3],
    /// The related cells whose edges may prune with more, band by band.
    wide_reach: [u32; 3],
    /// The cells the search branches on first, band by band: the related
    /// cells whose edges may prune at all and the cells of renban lines;
    /// when the rules are negative everywhere, and so every cell is
    /// related, only those whose edges prune with more than three
    /// candidates (the dots of a negative kropki or XV puzzle) and the
    /// renban cells.
    preferred: [u32; 3],
    /// True when the rules forbid a few pairs of different digits between
    /// every cell and its neighbours (see [`is_negative_everywhere`]): the
    /// placements that strike both places of a digit in a unit are looked
    /// for (`covers.rs`).
    covers: bool,
    /// True when the relations are the non-consecutive rule's and nothing
    /// else: `adjacent.rs` narrows by it in closed form, instead of the
    /// edge walk and the look for covering placements.
    non_consecutive: bool,
    /// True when the non-consecutive rule is the only one whose placements
    /// strike beyond their peers (no group, no cage): its strikes are made
    /// in closed form (`adjacent.rs`), not through `partners`.
    neighbours_only: bool,
    /// The cells of each extra unit, band by band: the geometry's, then
    /// on a hyper grid the regions its windows imply.
    extra_units: [[u32; 3]; MOST_READ_UNITS],
    /// How many of `extra_units` are read.
    extra_count: usize,
    /// False on a jigsaw: no boxes, and its regions are among
    /// `extra_units`.
    boxes: bool,
    /// The peers a placing strikes, band by band:
    /// [`PEERS`](super::tables::PEERS), or on a jigsaw the cells of the
    /// same row, column or region.
    peers: &'a [[u32; 3]; 81],
}

impl<'a> GeometryRules<'a> {
    /// The rules of `geometry`, when the fast path can take them on: 9x9
    /// classic units, with groups, relations, placements forbidden
    /// outright, renban lines, short tables, killer cages and rules kept
    /// whole (none too long for `sums.rs`), and nothing else. `partners`
    /// gathers the strikes of its placements as the search meets them.
    pub(crate) fn of(
        geometry: &'a Geometry,
        partners: &'a mut Partners,
    ) -> Option<GeometryRules<'a>> {
        let long_table = |table: &Table| {
            !geometry.is_kept_whole(table)
                && (table.tuples.len() > MOST_DIGITS || table.cells.len() > MOST_TABLE_CELLS)
        };
        let unread_sum = |rule: &WholeRule| {
            let long =
                || rule.cells.len() > MOST_CELLS || sums::segments(&rule.cells) > MOST_SEGMENTS;
            match rule.kind {
                WholeKind::Total(total) => total > 127 || long(),
                WholeKind::SameInEachBox => long(),
                WholeKind::Sandwich(sum) => rule.cells.len() != 9 || sum > 35,
                WholeKind::Quadruple(digits) => {
                    rule.cells.len() != 4 || digits.iter().any(|&d| d > 9)
                }
            }
        };
        // A jigsaw's regions come after its rows and columns, and are read
        // as extra units; the rules kept whole reason on boxes.
        let boxes = geometry.has_classic_units();
        let first_extra = if boxes { 27 } else { 18 };
        let extra_count = geometry.units().saturating_sub(first_extra);
        if !(boxes || geometry.has_jigsaw_units() && takes_jigsaw(geometry))
            || extra_count > MOST_EXTRA_UNITS + (27 - first_extra)
            || geometry.tables().iter().any(long_table)
            || geometry.whole_rules().iter().any(unread_sum)
        {
            return None;
        }
        partners.clear((!boxes).then(|| jigsaw_peers(geometry)).as_ref());
        let partners: &'a Partners = partners;
        let groups = geometry.fast_path_groups();
        let relations = groups.relations();
        let mut related = [UNRELATED; 81];
        let (mut narrow_reach, mut wide_reach) = ([0u32; 3], [0u32; 3]);
        for (index, &cell) in relations.cells().iter().enumerate() {
            let cell = cell as usize;
            related[cell] = index as u8;
            let bands = match relations.reach(index) {
                0 | 1 => continue,
                2 | 3 => &mut narrow_reach,
                _ => &mut wide_reach,
            };
            bands[cell / 27] |= 1 << (cell % 27);
        }
        let mut extra_units = [[0u32; 3]; MOST_READ_UNITS];
        for (masks, unit) in extra_units.iter_mut().zip(first_extra..geometry.units()) {
            for &cell in geometry.unit_cells(unit) {
                masks[usize::from(cell) / 27] |= 1 << (cell % 27);
            }
        }
        let mut extra_read = extra_count;
        if HYPER_WINDOWS
            .iter()
            .all(|window| extra_units[..extra_count].contains(window))
        {
            for region in IMPLIED_BY_HYPER {
                extra_units[extra_read] = region;
                extra_read += 1;
            }
        }
        let strikes = groups.groups() > 0
            || !relations.is_empty()
            || !geometry.cages().is_empty()
            || extra_count > 0;
        let covers = strikes && is_negative_everywhere(relations);
        // When the rules are negative everywhere every cell is related, and
        // the cells that prune only with few candidates say nothing by
        // being preferred: they are not.
        let mut preferred: [u32; 3] = std::array::from_fn(|band| {
            wide_reach[band] | if covers { 0 } else { narrow_reach[band] }
        });
        // The cells of renban lines, whose pairs the relations leave out,
        // are branched on first as related cells are.
        for &cell in geometry.consecutive_sets().iter().flatten() {
            preferred[cell / 27] |= 1 << (cell % 27);
        }
        let non_consecutive = adjacent::is_non_consecutive(relations);
        Some(GeometryRules {
            geometry,
            partners,
            strikes,
            covers,
            non_consecutive,
            neighbours_only: non_consecutive
                && groups.groups() == 0
                && geometry.cages().is_empty()
                && extra_count == 0,
            extra_units,
            extra_count: extra_read,
            boxes,
            peers: partners.peers(),
            relations,
            related,
            narrow_reach,
            wide_reach,
            preferred,
        })
    }
}

impl GeometryRules<'_> {
    /// True for the rules of a jigsaw, which the search reads as
    /// [`JigsawRules`] (as these rules, the search sees boxes).
    pub(crate) fn is_jigsaw(&self) -> bool {
        !self.boxes
    }
}

#[cfg(test)]
impl GeometryRules<'_> {
    /// These rules narrowed by the edge walk even where the closed form
    /// applies.
    pub(super) fn walking_edges(mut self) -> Self {
        self.non_consecutive = false;
        self.neighbours_only = false;
        self
    }

    /// The related cells whose edges arc consistency reads, and the
    /// related cells the search branches on first, band by band.
    pub(super) fn arc_sources_and_preferred(&self) -> ([u32; 3], [u32; 3]) {
        let sources = std::array::from_fn(|band| self.narrow_reach[band] | self.wide_reach[band]);
        (sources, self.preferred)
    }
}

impl ExtraRules for GeometryRules<'_> {
    const ANY: bool = true;

    #[inline]
    fn strike_partners(&self, state: &mut State, cell: usize, digit: usize) {
        if self.neighbours_only {
            adjacent::strike_neighbours(state, cell, digit);
        } else if self.strikes {
            self.partners.strike(self.geometry, state, cell, digit);
        }
    }

    fn narrow(&self, state: &mut State, counts: &Counts) {
        // A line, table or cage none of whose cells lost a candidate since
        // the last call has struck what it can, as has such a related cell.
        let touched = state.take_touched();
        let units = &self.extra_units[..self.extra_count];
        match (units.is_empty(), self.boxes) {
            (true, _) => {}
            (false, true) => extra_units::narrow::<false>(state, units, touched),
            (false, false) => extra_units::narrow::<true>(state, units, touched),
        }
        let is_touched = |cell: usize| touched[cell / 27] >> (cell % 27) & 1 != 0;
        for line in self.geometry.consecutive_sets() {
            if line.iter().any(|&cell| is_touched(cell)) {
                narrow_run(state, line, self.peers);
            }
        }
        for rule in self.geometry.whole_rules() {
            if rule.cells.iter().any(|&cell| is_touched(cell)) {
                let cells = &rule.cells;
                match rule.kind {
                    WholeKind::Total(total) => sums::narrow_segments(state, cells, Some(total)),
                    WholeKind::SameInEachBox => sums::narrow_segments(state, cells, None),
                    WholeKind::Sandwich(sum) => sums::narrow_sandwich(state, cells, sum as usize),
                    WholeKind::Quadruple(digits) => quadruples::narrow(state, cells, digits),
                }
            }
        }
        for table in self.geometry.tables() {
            if !self.geometry.is_kept_whole(table)
                && table.cells.iter().any(|&cell| is_touched(cell))
            {
                narrow_table(state, table);
            }
        }
        let cages = self.geometry.cages();
        for cage in 0..cages.len() {
            if cages
                .cells(cage)
                .iter()
                .any(|&cell| is_touched(cell.into()))
            {
                narrow_cage(state, cages, cage, self.peers);
            }
        }
        if self.non_consecutive {
            adjacent::narrow(state, touched, counts, self.boxes);
            return;
        }
        for (band, &touched) in touched.iter().enumerate() {
            let mut cells = ((counts.two[band] | counts.three[band]) & self.narrow_reach[band]
                | state.open(band) & self.wide_reach[band])
                & touched;
            while cells != 0 {
                let cell = 27 * band + cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let candidates = u64::from(state.candidates(cell));
                let count = candidates.count_ones();
                if count < 2 {
                    continue;
                }
                let from = self.related[cell] as usize;
                for (other, reach, supports) in self.relations.edges(from) {
                    if count > reach {
                        continue;
                    }
                    let target = self.relations.cells()[other] as usize;
                    let missing = !supported_by(supports, candidates) & 0x1ff;
                    state.strike_digits(target, missing as u16);
                }
            }
        }
        if self.covers && !state.has_changes() {
            covers::strike_covering(state, self.partners, self.geometry, self.boxes);
        }
    }

    #[inline]
    fn preferred(&self, band: usize) -> u32 {
        self.preferred[band]
    }

    #[inline]
    fn preferred_now(&self, state: &State) -> Option<[u32; 3]> {
        self.neighbours_only
            .then(|| adjacent::open_beside_open(state))
    }

    fn forbid(&self, state: &mut State) {
        for &(cell, digit, _) in self.geometry.forbidden_placements() {
            state.strike(cell, usize::from(digit) - 1);
        }
    }

    fn givens_clash(&self, cells: &[u8]) -> bool {
        // The pairs of these lines are not struck on placing (see
        // `Geometry::fast_path_groups`).
        self.geometry.consecutive_sets().iter().any(|line| {
            let mut digits = 0u16;
            for &cell in line {
                let digit = cells[cell];
                if digit != 0 {
                    if digits >> digit & 1 != 0 {
                        return true;
                    }
                    digits |= 1 << digit;
                }
            }
            digits != 0
                && (16 - digits.leading_zeros() - digits.trailing_zeros()) as usize > line.len()
        })
    }
}

/// The rules of a jigsaw geometry as the search reads them: those of its
/// [`GeometryRules`], on a grid with no boxes, whose placings strike the
/// other cells of their row, column and region. A type of its own, so that
/// the search of a grid with boxes is compiled with the boxes known (a test
/// of them at every narrowing cost the non-consecutive set 1.4% more
/// instructions).
#[derive(Debug, Clone, Copy)]
pub(crate) struct JigsawRules<'r, 'a>(pub(crate) &'r GeometryRules<'a>);

impl ExtraRules for JigsawRules<'_, '_> {
    const ANY: bool = true;

    #[inline]
    fn strike_partners(&self, state: &mut State, cell: usize, digit: usize) {
        self.0.strike_partners(state, cell, digit);
    }

    fn narrow(&self, state: &mut State, counts: &Counts) {
        self.0.narrow(state, counts);
    }

    #[inline]
    fn preferred(&self, band: usize) -> u32 {
        self.0.preferred(band)
    }

    fn forbid(&self, state: &mut State) {
        self.0.forbid(state);
    }

    fn givens_clash(&self, cells: &[u8]) -> bool {
        self.0.givens_clash(cells)
    }

    #[inline(always)]
    fn has_boxes(&self) -> bool {
        false
    }

    #[inline(always)]
    fn peers(&self, cell: usize) -> &[u32; 3] {
        &self.0.peers[cell]
    }
}

/// True when the fast path takes the rules of a jigsaw `geometry` on: no
/// killer cage and no rule kept whole (whose sums reason on boxes). It
/// reads the regions after the forced work (`extra_units.rs`), where the
/// matrix has an item for each digit of each region; a killer's search can
/// then run long before its first solution, or after it (design.md,
/// "Jigsaws on the fast path").
fn takes_jigsaw(geometry: &Geometry) -> bool {
    geometry.cages().is_empty() && geometry.whole_rules().is_empty()
}

/// The peers of each cell of a jigsaw `geometry`, band by band: the other
/// cells of its row, its column and its region (units 0 to 26).
fn jigsaw_peers(geometry: &Geometry) -> [[u32; 3]; 81] {
    let mut peers = [[0u32; 3]; 81];
    for unit in 0..27 {
        let cells = geometry.unit_cells(unit);
        let mut masks = [0u32; 3];
        for &cell in cells {
            masks[usize::from(cell) / 27] |= 1 << (cell % 27);
        }
        for &cell in cells {
            for (peer, mask) in peers[usize::from(cell)].iter_mut().zip(masks) {
                *peer |= mask;
            }
        }
    }
    for (cell, peer) in peers.iter_mut().enumerate() {
        peer[cell / 27] &= !(1 << (cell % 27));
    }
    peers
}

/// True when `relations` relate every cell of the grid, and forbid some
/// pairs of different digits but few: on average at most two per digit of
/// an edge. These are the negative rules laid over the whole grid
/// (non-consecutive, negative dots), whose edges prune little one by one
/// (a cell prunes only with two candidates, exactly what the edge forbids
/// beside a digit), and where one placement often touches both places of a
/// digit in a unit. There, looking for such placements (`covers.rs`) ran
/// 0.845 of the instructions on the non-consecutive set and 0.874 on the
/// negative black one; on rules of a few lines and dots it found little and
/// ran up to 1.10 (palindromes), and on the denser relations of minimum
/// and maximum cells 1.06.
fn is_negative_everywhere(relations: &Relations) -> bool {
    let forbidden = relations.different_pairs();
    relations.cells().len() == 81
        && forbidden > 0
        && forbidden <= 2 * relations.side() * relations.edge_count()
}

/// Strikes from each cell of a renban `line` the digits it holds in no run
/// of consecutive digits that could still fill the line: a run is open
/// when the singles within it ([`fill_run`]) leave every cell and every
/// digit of it a place. A digit every open run holds is placed as a unit's
/// would be ([`place_needed`]).
fn narrow_run(state: &mut State, line: &[usize], peers: &[[u32; 3]; 81]) {
    let length = line.len();
    if length > 9 {
        return;
    }
    let mut candidates = [0u16; 9];
    let mut union = 0;
    for (slot, &cell) in candidates.iter_mut().zip(line) {
        *slot = state.candidates(cell);
        union |= *slot;
    }
    let (mut allowed, mut needed) = ([0u16; 9], 0x1ffu16);
    let mut any = false;
    for low in 0..=9 - length {
        let run = ((1u16 << length) - 1) << low;
        if union & run != run {
            continue;
        }
        let mut within = [0u16; 9];
        for (within, &held) in within.iter_mut().zip(&candidates[..length]) {
            *within = held & run;
        }
        if fill_run(&mut within[..length], run) {
            any = true;
            needed &= run;
            for (allowed, &within) in allowed.iter_mut().zip(&within) {
                *allowed |= within;
            }
        }
    }
    let (mut open_cells, mut open) = ([0u8; 9], [0u16; 9]);
    let (mut opened, mut placed) = (0, 0u16);
    for ((&cell, &held), &allowed) in line.iter().zip(&candidates).zip(&allowed) {
        state.strike_digits(cell, held & !allowed);
        if state.open(cell / 27) >> (cell % 27) & 1 == 0 {
            placed |= held;
        } else {
            open_cells[opened] = cell as u8;
            open[opened] = held & allowed;
            opened += 1;
        }
    }
    if any {
        place_needed(
            state,
            &open_cells[..opened],
            &open[..opened],
            needed & !placed,
            peers,
        );
    }
}

/// Strikes from the cells of `table` the digits no way of it left holds
/// (a way is left when each of its digits is still a candidate of its
/// cell; a digit 0 leaves its cell free).
fn narrow_table(state: &mut State, table: &Table) {
    let width = table.cells.len();
    if width == 0 {
        return;
    }
    let mut candidates = [0u16; MOST_TABLE_CELLS];
    for (slot, &cell) in candidates.iter_mut().zip(&table.cells) {
        // Bit 0 for a free cell, bits 1 to 9 for the digits.
        *slot = state.candidates(cell) << 1 | 1;
    }
    let mut supported = [0u16; MOST_TABLE_CELLS];
    for tuple in table.tuples.chunks_exact(width) {
        if tuple
            .iter()
            .zip(&candidates)
            .all(|(&digit, &held)| held >> digit & 1 != 0)
        {
            for (support, &digit) in supported.iter_mut().zip(tuple) {
                *support |= 1 << digit;
            }
        }
    }
    for ((&cell, &held), &support) in table.cells.iter().zip(&candidates).zip(&supported) {
        let support = if support & 1 != 0 { 0x3ff } else { support };
        state.strike_digits(cell, (held & !support) >> 1);
    }
}

/// Narrows cage `cage` to the digit combinations still open: a combination
/// is open when it holds every digit placed in the cage, each open cell
/// has a candidate among its digits not placed, and each of those digits
/// is a candidate of some open cell. Each open cell keeps only the digits
/// of open combinations; a digit every open combination needs leaves the
/// cells outside the cage that see each of its places in the cage, and
/// goes in its one place when it has one. A cage without a sum, or with
/// no combination open, leaves what it finds (the second is a
/// contradiction, which striking a placed digit makes).
fn narrow_cage(state: &mut State, cages: &Cages, cage: usize, peers: &[[u32; 3]; 81]) {
    let combinations = cages.combinations(cage);
    if combinations.is_empty() {
        return;
    }
    let cells = cages.cells(cage);
    let mut open = [0u16; 9];
    let mut open_cells = [0u8; 9];
    let (mut opened, mut placed, mut union) = (0, 0u16, 0u16);
    for &cell in cells {
        let cell = usize::from(cell);
        let candidates = state.candidates(cell);
        if state.open(cell / 27) >> (cell % 27) & 1 == 0 {
            placed |= candidates;
        } else {
            open[opened] = candidates;
            open_cells[opened] = cell as u8;
            union |= candidates;
            opened += 1;
        }
    }
    let open = &open[..opened];
    let (mut allowed, mut needed) = (0u16, 0x1ffu16);
    for &combination in combinations {
        let combination = combination as u16;
        let rest = combination & !placed;
        if combination & placed != placed
            || rest & !union != 0
            || open.iter().any(|&held| held & rest == 0)
        {
            continue;
        }
        allowed |= rest;
        needed &= rest;
    }
    if allowed == 0 {
        if opened == 0 && combinations.iter().any(|&c| c as u16 == placed) {
            return;
        }
        state.empty(usize::from(cells[0]));
        return;
    }
    for (&cell, &held) in open_cells.iter().zip(open) {
        state.strike_digits(usize::from(cell), held & !allowed);
    }
    place_needed(state, &open_cells[..opened], open, needed, peers);
}

/// Narrows `cells`, the candidates of a renban line's cells within `run`
/// (as many digits as cells), by the singles of the run: a cell with one
/// digit left takes it from the others, a digit with one cell left takes
/// that cell. False when a cell or a digit is left without a place: the
/// run cannot fill the line.
fn fill_run(cells: &mut [u16], run: u16) -> bool {
    loop {
        let mut changed = false;
        for k in 0..cells.len() {
            let held = cells[k];
            if held == 0 {
                return false;
            }
            if held & (held - 1) == 0 {
                for (other, cell) in cells.iter_mut().enumerate() {
                    if other != k && *cell & held != 0 {
                        *cell &= !held;
                        changed = true;
                    }
                }
            }
        }
        let mut digits = run;
        while digits != 0 {
            let bit = digits & digits.wrapping_neg();
            digits &= digits - 1;
            let mut holders = cells.iter_mut().filter(|held| **held & bit != 0);
            match (holders.next(), holders.next()) {
                (None, _) => return false,
                (Some(only), None) if *only != bit => {
                    *only = bit;
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return true;
        }
    }
}

/// Places each digit of `needed`, which the open `cells` (with the
/// candidates `held`) of a rule hold once among them, as a unit's digit
/// would be: in its one place among them when it has one, and out of the
/// cells outside them that see each of its places among them (`peers`).
fn place_needed(
    state: &mut State,
    cells: &[u8],
    held: &[u16],
    mut needed: u16,
    peers: &[[u32; 3]; 81],
) {
    let mut members = [0u32; 3];
    for &cell in cells {
        members[usize::from(cell) / 27] |= 1 << (cell % 27);
    }
    while needed != 0 {
        let digit = needed.trailing_zeros() as usize;
        needed &= needed - 1;
        let mut seen_by_all = [u32::MAX; 3];
        let mut holders = 0;
        let mut last = 0;
        for (&cell, &held) in cells.iter().zip(held) {
            if held >> digit & 1 != 0 {
                let cell = usize::from(cell);
                for (band, peers) in seen_by_all.iter_mut().zip(&peers[cell]) {
                    *band &= peers;
                }
                holders += 1;
                last = cell;
            }
        }
        match holders {
            0 => continue,
            1 => state.strike_digits(last, state.candidates(last) & !(1 << digit)),
            _ => {}
        }
        for (band, (&seen, &members)) in seen_by_all.iter().zip(&members).enumerate() {
            state.strike_cells(3 * digit + band, seen & !members);
        }
    }
}
