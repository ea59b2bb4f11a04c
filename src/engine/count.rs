//! The counts of options left in the items, and the scans that choose the
//! item to branch on.
//!
//! The engine keeps one count per item in a flat array. While an item is
//! covered its count carries a flag, [`Count::COVERED`], which lifts it above
//! every real count; so the active item with the fewest options is simply the
//! leftmost smallest entry of the array, and no set of active items needs
//! keeping up to date while options are hidden and restored. The price is a
//! scan of the whole array at every search node, which is why the width of a
//! count is a choice: with bytes, one SSE2 instruction compares 16 items, and
//! one AVX2 instruction 32 on the processors that have it (checked at run
//! time, so the binary still runs on every x86_64).

use std::fmt::Debug;

/// Entries the count array must have past its last item, so that the wide
/// scans may read whole blocks of 16 (SSE2) or 32 (AVX2).
pub(crate) const PADDING: usize = 32;

mod sealed {
    pub trait Sealed {}
    impl Sealed for u8 {}
    impl Sealed for u32 {}
}

/// The integer type that holds the count of options left in an item: `u8`
/// (at most 127 options per item, and the fastest choice of item) or `u32`
/// (any matrix the engine can hold).
pub trait Count: sealed::Sealed + Copy + Ord + Default + Debug + Send + Sync + 'static {
    /// Added to the count of an item while it is covered.
    const COVERED: Self;
    /// The most options an item may have.
    const LIMIT: usize;
    /// This count as a number, flag included.
    fn get(self) -> usize;
    /// The count one higher.
    fn up(self) -> Self;
    /// The count one lower.
    fn down(self) -> Self;
    /// The count with the covered flag set.
    fn covered(self) -> Self;
    /// The count with the covered flag cleared.
    fn uncovered(self) -> Self;
    /// The index of the leftmost smallest of `counts[..n]`, for `n >= 1`;
    /// `counts` has at least `PADDING` entries past `n`.
    fn leftmost_min(counts: &[Self], n: usize) -> usize;
    /// Calls `visit` with the indices in `start..n` whose count is `value`,
    /// left to right, the first `most` of them; `counts` has at least
    /// `PADDING` entries past `n`.
    #[inline(always)]
    fn each_equal(
        counts: &[Self],
        start: usize,
        n: usize,
        value: Self,
        most: usize,
        visit: impl FnMut(usize),
    ) {
        scalar_each_equal(counts, start, n, value, most, visit);
    }
}

macro_rules! count_ops {
    ($t:ty) => {
        const COVERED: Self = 1 << (<$t>::BITS - 1);
        const LIMIT: usize = (1 << (<$t>::BITS - 1)) - 1;
        #[inline(always)]
        fn get(self) -> usize {
            self as usize
        }
        // Wrapping, here and below: the count of the null node runs freely,
        // and comes back to where it was when every step is undone.
        #[inline(always)]
        fn up(self) -> Self {
            self.wrapping_add(1)
        }
        #[inline(always)]
        fn down(self) -> Self {
            self.wrapping_sub(1)
        }
        #[inline(always)]
        fn covered(self) -> Self {
            self.wrapping_add(Self::COVERED)
        }
        #[inline(always)]
        fn uncovered(self) -> Self {
            self.wrapping_sub(Self::COVERED)
        }
    };
}

impl Count for u32 {
    count_ops!(u32);

    fn leftmost_min(counts: &[u32], n: usize) -> usize {
        scalar_leftmost_min(&counts[..n])
    }
}

impl Count for u8 {
    count_ops!(u8);

    #[cfg(target_arch = "x86_64")]
    fn leftmost_min(counts: &[u8], n: usize) -> usize {
        // The check reads a flag that the standard library caches after the
        // first call.
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, as just checked.
            unsafe { avx2::leftmost_min(counts, n) }
        } else {
            sse2::leftmost_min(counts, n)
        }
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn leftmost_min(counts: &[u8], n: usize) -> usize {
        scalar_leftmost_min(&counts[..n])
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn each_equal(
        counts: &[u8],
        start: usize,
        n: usize,
        value: u8,
        most: usize,
        visit: impl FnMut(usize),
    ) {
        sse2::each_equal(counts, start, n, value, most, visit);
    }
}

/// The index of the leftmost smallest entry of a non-empty slice.
fn scalar_leftmost_min<T: Ord + Copy>(counts: &[T]) -> usize {
    let mut best = 0;
    for (i, &count) in counts.iter().enumerate() {
        if count < counts[best] {
            best = i;
        }
    }
    best
}

/// [`Count::each_equal`], one entry at a time.
#[inline(always)]
fn scalar_each_equal<T: Eq + Copy>(
    counts: &[T],
    start: usize,
    n: usize,
    value: T,
    most: usize,
    mut visit: impl FnMut(usize),
) {
    let equal = counts[..n].iter().enumerate().skip(start);
    for (i, _) in equal.filter(|&(_, &count)| count == value).take(most) {
        visit(i);
    }
}

/// The first index where a block of `WIDTH` counts matched, given the bits
/// of the blocks that match (`last_bits` for the last one, at `last`, with
/// the lanes past the end cleared; `bits_at(start)` for the others). The
/// blocks are visited from the last back to the first, and the leftmost
/// match is kept by masks, not by a branch, so that the loop has the same
/// length at every search node and the processor foresees its end.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn leftmost_match<const WIDTH: usize>(
    last: usize,
    last_bits: u32,
    mut bits_at: impl FnMut(usize) -> u32,
) -> usize {
    let (mut found, mut bits, mut start) = (0, last_bits, last);
    loop {
        let here = (start as u32) | bits.trailing_zeros();
        // All ones when this block holds a match.
        let holds = u32::from(bits != 0).wrapping_neg();
        found = (here & holds) | (found & !holds);
        if start == 0 {
            return found as usize;
        }
        start -= WIDTH;
        bits = bits_at(start);
    }
}

/// `BYTES` bytes, the upper half 0xFF: a block of `BYTES / 2` loaded from
/// `BYTES / 2 - k` has its lanes `k..` set, which lifts the lanes past the
/// last count above any count.
#[cfg(target_arch = "x86_64")]
const fn tail_mask<const BYTES: usize>() -> [u8; BYTES] {
    let mut bytes = [0; BYTES];
    let mut i = BYTES / 2;
    while i < BYTES {
        bytes[i] = 0xFF;
        i += 1;
    }
    bytes
}

/// The byte scans with SSE2, which every x86_64 processor has.
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::PADDING;
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_min_epu8,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_shuffle_epi32, _mm_srli_epi16,
        _mm_srli_epi32,
    };

    /// Bytes 16..32 are 0xFF: loaded from `16 - k`, lanes `k..16` are set.
    static TAIL: [u8; 32] = super::tail_mask();

    /// The 16 bytes of `counts` from `start`.
    ///
    /// # Safety
    ///
    /// `start + 16 <= counts.len()`.
    #[inline(always)]
    unsafe fn block(counts: &[u8], start: usize) -> __m128i {
        debug_assert!(start + 16 <= counts.len());
        // SAFETY: the 16 bytes from `start` lie in `counts`, as the caller
        // promises; the load is unaligned.
        unsafe { _mm_loadu_si128(counts.as_ptr().add(start).cast()) }
    }

    /// The smallest of the 16 bytes of `lanes`.
    #[inline(always)]
    pub(super) fn smallest_lane(lanes: __m128i) -> u8 {
        // SAFETY: SSE2 is part of every x86_64 target; no memory is touched.
        unsafe {
            let mut min = _mm_min_epu8(lanes, _mm_shuffle_epi32::<0b01_00_11_10>(lanes));
            min = _mm_min_epu8(min, _mm_shuffle_epi32::<0b10_11_00_01>(min));
            min = _mm_min_epu8(min, _mm_srli_epi32::<16>(min));
            min = _mm_min_epu8(min, _mm_srli_epi16::<8>(min));
            _mm_cvtsi128_si32(min) as u8
        }
    }

    /// Bit `i` is set where `counts[start + i] == value`.
    ///
    /// # Safety
    ///
    /// As for [`block`].
    #[inline(always)]
    unsafe fn equal_bits(counts: &[u8], start: usize, value: u8) -> u32 {
        // SAFETY: the load is the caller's; SSE2 is part of every x86_64
        // target.
        unsafe {
            let block = block(counts, start);
            _mm_movemask_epi8(_mm_cmpeq_epi8(block, _mm_set1_epi8(value as i8))) as u32
        }
    }

    pub(super) fn leftmost_min(counts: &[u8], n: usize) -> usize {
        assert!(n >= 1 && counts.len() >= n + PADDING, "padded counts");
        // The last block has its lanes from `n` on set to 0xFF, above any
        // count; the others are whole.
        let last = (n - 1) / 16 * 16;
        // SAFETY: SSE2 is part of every x86_64 target. Every block loaded
        // starts at `last < n` or below, and `counts` has `PADDING >= 16`
        // entries past `n`, as asserted; `TAIL` is loaded from
        // `16 - (n - last)`, at most 15, and has 32 bytes.
        unsafe {
            let tail = block(&TAIL, 16 - (n - last));
            let mut min = _mm_or_si128(block(counts, last), tail);
            for start in (0..last).step_by(16) {
                min = _mm_min_epu8(min, block(counts, start));
            }
            let min = smallest_lane(min);
            let last_bits = equal_bits(counts, last, min) & ((1u32 << (n - last)) - 1);
            // The blocks of the match start below `last`.
            super::leftmost_match::<16>(last, last_bits, |start| equal_bits(counts, start, min))
        }
    }

    #[inline(always)]
    pub(super) fn each_equal(
        counts: &[u8],
        start: usize,
        n: usize,
        value: u8,
        most: usize,
        mut visit: impl FnMut(usize),
    ) {
        assert!(counts.len() >= n + PADDING, "padded counts");
        let mut left = most;
        let mut block_start = start / 16 * 16;
        // Lanes before `start` are dropped from the first block.
        let mut keep = u32::MAX << (start - block_start);
        while block_start < n {
            // SAFETY: `block_start < n`, and `counts` has `PADDING >= 16`
            // entries past `n`, as asserted.
            let mut bits = unsafe { equal_bits(counts, block_start, value) } & keep;
            if n - block_start < 16 {
                bits &= (1 << (n - block_start)) - 1;
            }
            while bits != 0 {
                if left == 0 {
                    return;
                }
                left -= 1;
                visit(block_start + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
            block_start += 16;
            keep = u32::MAX;
        }
    }
}

/// The scan for the smallest count with AVX2, 32 counts to an instruction,
/// for the processors that have it (checked at run time).
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::PADDING;
    use std::arch::x86_64::{
        __m256i, _mm256_castsi256_si128, _mm256_cmpeq_epi8, _mm256_extracti128_si256,
        _mm256_loadu_si256, _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256,
        _mm256_set1_epi8, _mm_min_epu8,
    };

    /// Bytes 32..64 are 0xFF: loaded from `32 - k`, lanes `k..32` are set.
    static TAIL: [u8; 64] = super::tail_mask();

    /// The 32 bytes of `counts` from `start`.
    ///
    /// # Safety
    ///
    /// The processor has AVX2, and `start + 32 <= counts.len()`.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn block(counts: &[u8], start: usize) -> __m256i {
        debug_assert!(start + 32 <= counts.len());
        // SAFETY: the 32 bytes from `start` lie in `counts`, as the caller
        // promises; the load is unaligned.
        unsafe { _mm256_loadu_si256(counts.as_ptr().add(start).cast()) }
    }

    /// Bit `i` is set where `counts[start + i]` equals the lanes of `value`.
    ///
    /// # Safety
    ///
    /// As for [`block`].
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn equal_bits(counts: &[u8], start: usize, value: __m256i) -> u32 {
        // SAFETY: AVX2 is there and the load in bounds, as the caller
        // promises.
        unsafe { _mm256_movemask_epi8(_mm256_cmpeq_epi8(block(counts, start), value)) as u32 }
    }

    /// [`super::sse2::leftmost_min`] on blocks of 32.
    ///
    /// # Safety
    ///
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn leftmost_min(counts: &[u8], n: usize) -> usize {
        assert!(n >= 1 && counts.len() >= n + PADDING, "padded counts");
        let last = (n - 1) / 32 * 32;
        // SAFETY: AVX2 is there, as the caller promises. Every block loaded
        // starts at `last < n` or below, and `counts` has `PADDING >= 32`
        // entries past `n`, as asserted; `TAIL` is loaded from
        // `32 - (n - last)`, at most 31, and has 64 bytes.
        unsafe {
            let tail = block(&TAIL, 32 - (n - last));
            let mut wide = _mm256_or_si256(block(counts, last), tail);
            for start in (0..last).step_by(32) {
                wide = _mm256_min_epu8(wide, block(counts, start));
            }
            // The two halves, then the 16 lanes of what is left.
            let half = _mm_min_epu8(
                _mm256_castsi256_si128(wide),
                _mm256_extracti128_si256::<1>(wide),
            );
            let min = _mm256_set1_epi8(super::sse2::smallest_lane(half) as i8);
            let last_bits = equal_bits(counts, last, min) & ((1u64 << (n - last)) - 1) as u32;
            super::leftmost_match::<32>(last, last_bits, |start| equal_bits(counts, start, min))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scans of `u8` agree with the plain ones on every length and
    /// every place of the minimum, covered entries included.
    #[test]
    fn byte_scans_agree_with_scalar_scans() {
        for n in 1..140 {
            for seed in 0..40u32 {
                let mut counts: Vec<u8> = (0..n + PADDING)
                    .map(|i| ((i as u32 * 7 + seed * 13) % 9 + 1) as u8)
                    .collect();
                counts[(seed as usize * 5) % n] = (seed % 3) as u8;
                counts[(seed as usize * 11) % n] |= u8::COVERED;
                // Padding that would win if it were read as counts.
                counts[n..].fill(0);
                let expected = scalar_leftmost_min(&counts[..n]);
                assert_eq!(u8::leftmost_min(&counts, n), expected, "n {n} seed {seed}");
                #[cfg(target_arch = "x86_64")]
                {
                    assert_eq!(
                        sse2::leftmost_min(&counts, n),
                        expected,
                        "n {n} seed {seed}"
                    );
                    if std::is_x86_feature_detected!("avx2") {
                        // SAFETY: the processor has AVX2, as just checked.
                        let avx2 = unsafe { avx2::leftmost_min(&counts, n) };
                        assert_eq!(avx2, expected, "n {n} seed {seed}");
                    }
                }
                let min = counts[expected];
                for start in [0, expected, n / 2, n - 1] {
                    for most in [0, 1, 3, n] {
                        let (mut fast, mut slow) = (Vec::new(), Vec::new());
                        u8::each_equal(&counts, start, n, min, most, |i| fast.push(i));
                        scalar_each_equal(&counts, start, n, min, most, |i| slow.push(i));
                        assert_eq!(fast, slow, "n {n} seed {seed} start {start} most {most}");
                        let all = (start..n).filter(|&i| counts[i] == min).count();
                        assert_eq!(fast.len(), all.min(most), "n {n} seed {seed} start {start}");
                    }
                }
            }
        }
    }

    #[test]
    fn covered_counts_sort_above_every_real_count() {
        assert!(0u8.covered() > u8::LIMIT as u8);
        assert_eq!((u8::LIMIT as u8).covered().uncovered(), u8::LIMIT as u8);
        assert!(0u32.covered() > u32::LIMIT as u32);
        assert_eq!(5u32.up().down(), 5);
    }
}
