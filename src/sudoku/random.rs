//! A small seeded random number generator, so that a seed gives the same
//! puzzles on every machine and in every version of the dependencies.
//!
//! [`Rng`] is xoshiro256** (Blackman and Vigna), seeded through SplitMix64 as
//! its authors recommend. It is not for cryptography: it only has to be fast,
//! well mixed and exactly reproducible. [`Rng::for_item`] derives an
//! independent stream for item `index` of a run, which lets items be made in
//! any order, on any number of threads, with the same result.

/// One step of SplitMix64: advances `state` and returns a well-mixed word.
fn split_mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A xoshiro256** generator.
///
/// # Example
///
/// ```
/// use sudoku_dlx::Rng;
///
/// let mut a = Rng::for_item(42, 7);
/// let mut b = Rng::for_item(42, 7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// let mut cards: Vec<u32> = (0..10).collect();
/// a.shuffle(&mut cards);
/// assert!(cards.iter().all(|&c| c < 10));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    state: [u64; 4],
}

impl Rng {
    /// A generator whose whole sequence is fixed by `seed`.
    pub fn from_seed(seed: u64) -> Rng {
        let mut mix = seed;
        Rng {
            state: [
                split_mix(&mut mix),
                split_mix(&mut mix),
                split_mix(&mut mix),
                split_mix(&mut mix),
            ],
        }
    }

    /// The generator for item `index` of a run seeded with `seed`: streams of
    /// different items are unrelated, and each depends on nothing else.
    pub fn for_item(seed: u64, index: u64) -> Rng {
        let mut mix = seed;
        let base = split_mix(&mut mix);
        let mut mix = base ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
        Rng::from_seed(split_mix(&mut mix))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.state;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A number in `0..bound`, every value equally likely (Lemire's method:
    /// one multiplication, and a rare retry to remove the bias). A bound of
    /// 0 gives 0.
    pub fn below(&mut self, bound: usize) -> usize {
        let bound = bound as u64;
        if bound == 0 {
            return 0;
        }
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            let low = product as u64;
            if low >= bound.wrapping_neg() % bound {
                return (product >> 64) as usize;
            }
        }
    }

    /// Puts `items` in a random order, every order equally likely
    /// (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_other_seed_other_sequence() {
        let take = |mut rng: Rng| (0..8).map(|_| rng.next_u64()).collect::<Vec<_>>();
        assert_eq!(take(Rng::from_seed(1)), take(Rng::from_seed(1)));
        assert_ne!(take(Rng::from_seed(1)), take(Rng::from_seed(2)));
        assert_ne!(take(Rng::for_item(1, 0)), take(Rng::for_item(1, 1)));
        assert_ne!(take(Rng::for_item(1, 0)), take(Rng::for_item(2, 0)));
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = Rng::from_seed(3);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let k = rng.below(7);
            seen[k] += 1;
        }
        // Each value is expected 1000 times; 700 is far outside chance.
        assert!(seen.iter().all(|&k| k > 700), "{seen:?}");
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = Rng::from_seed(4);
        let mut items: Vec<usize> = (0..100).collect();
        rng.shuffle(&mut items);
        assert_ne!(items, (0..100).collect::<Vec<_>>());
        items.sort();
        assert_eq!(items, (0..100).collect::<Vec<_>>());
    }
}
