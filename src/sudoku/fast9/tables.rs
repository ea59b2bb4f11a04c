//! Tables of the 9x9 fast path, computed at compile time.
//!
//! The grid is three bands of three rows; a band is a 27-bit word per digit,
//! bit `9 * r + c` for row `r` of the band and column `c`, so that cell
//! `27 * b + i` is bit `i` of band `b`. A band holds three rows and three
//! boxes, and a digit sits once in each: its nine segments (row `r` within
//! box `k`, three cells) are where the box-line reasoning happens, one table
//! lookup a band.

/// The 27 bits of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// The nine bits of a row (or of a set of columns).
pub(super) const ROW: u32 = 0x1ff;

/// One bit per row of a band, in column 0: shifted, a column of the band;
/// times a set of columns, those columns of the band.
pub(super) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// Bit set in [`SEGMENTS_LEFT`] when the segments of a band leave a row or a
/// box without a place for the digit.
pub(super) const NO_PLACE: u16 = 1 << 15;

/// For the nine cells of one row of a band, all nine bits when at most
/// one is set, else none: the rows of a band left with one place.
pub(super) static AT_MOST_ONE: [u32; 512] = at_most_one();

const fn at_most_one() -> [u32; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        if (row as u32).count_ones() <= 1 {
            table[row] = ROW;
        }
        row += 1;
    }
    table
}

/// The peers of each cell (the other cells of its row, column and box), as
/// masks of the three bands.
pub(super) static PEERS: [[u32; 3]; 81] = peers();

/// For the nine cells of one row of a band, the three boxes it has a cell
/// in: bit `k` when one of columns `3k..3k+3` is set.
pub(super) static ROW_BOXES: [u8; 512] = row_boxes();

/// For the nine segments of a band (bit `3r + k`: row `r` has a place in
/// box `k`), the segments some placement of the digit in all three rows and
/// boxes uses, or [`NO_PLACE`] when there is none.
pub(super) static SEGMENTS_LEFT: [u16; 512] = segments_left();

/// The cells of a set of segments of a band.
pub(super) static SEGMENT_CELLS: [u32; 512] = segment_cells();

const fn peers() -> [[u32; 3]; 81] {
    let mut table = [[0; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, column) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < 81 {
            let (r, c) = (other / 9, other % 9);
            let same_box = r / 3 == row / 3 && c / 3 == column / 3;
            if other != cell && (r == row || c == column || same_box) {
                table[cell][other / 27] |= 1 << (other % 27);
            }
            other += 1;
        }
        cell += 1;
    }
    table
}

const fn row_boxes() -> [u8; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row >> (3 * k) & 7 != 0 {
                table[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    table
}

/// The six ways to give each row of a band its own box, as segment sets.
const fn permutations() -> [u16; 6] {
    let boxes = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            table[p] |= 1 << (3 * r + boxes[p][r]);
            r += 1;
        }
        p += 1;
    }
    table
}

const fn segments_left() -> [u16; 512] {
    let ways = permutations();
    let mut table = [0; 512];
    let mut segments = 0;
    while segments < 512 {
        let mut left = 0;
        let mut p = 0;
        while p < 6 {
            if ways[p] & segments as u16 == ways[p] {
                left |= ways[p];
            }
            p += 1;
        }
        table[segments] = if left == 0 { NO_PLACE } else { left };
        segments += 1;
    }
    table
}

const fn segment_cells() -> [u32; 512] {
    let mut table = [0; 512];
    let mut segments = 0;
    while segments < 512 {
        let mut s = 0;
        while s < 9 {
            if segments >> s & 1 != 0 {
                let (r, k) = (s / 3, s % 3);
                table[segments] |= 7 << (9 * r + 3 * k);
            }
            s += 1;
        }
        segments += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_twenty_peers() {
        for (cell, bands) in PEERS.iter().enumerate() {
            let count: u32 = bands.iter().map(|band| band.count_ones()).sum();
            assert_eq!(count, 20, "cell {cell}");
            assert_eq!(bands[cell / 27] >> (cell % 27) & 1, 0);
        }
    }

    #[test]
    fn segments_left_keep_only_what_some_placement_uses() {
        // Every segment open: all stay.
        assert_eq!(SEGMENTS_LEFT[511], 511);
        // Box 0 only in row 0: row 0 leaves boxes 1 and 2 to the other rows.
        let only_row0_in_box0: u16 = 511 & !(1 << 3) & !(1 << 6);
        assert_eq!(
            SEGMENTS_LEFT[usize::from(only_row0_in_box0)],
            only_row0_in_box0 & !0b110
        );
        // Row 2 without a place.
        assert_eq!(SEGMENTS_LEFT[0b000_111_111], NO_PLACE);
        // Rows 0 and 1 both confined to boxes 0 and 1: row 2 takes box 2.
        let pair = 0b111_011_011;
        assert_eq!(SEGMENTS_LEFT[pair], 0b100_011_011);
        assert_eq!(SEGMENT_CELLS[1], 7);
        assert_eq!(SEGMENT_CELLS[511], BAND);
        assert_eq!(ROW_BOXES[0b100_000_001], 0b101);
    }

    #[test]
    fn at_most_one_marks_the_rows_of_no_place_or_one() {
        for (row, &rows) in AT_MOST_ONE.iter().enumerate() {
            let bits = (row as u32).count_ones();
            let expected = if bits <= 1 { ROW } else { 0 };
            assert_eq!(rows, expected, "row {row:#011b}");
        }
    }
}
