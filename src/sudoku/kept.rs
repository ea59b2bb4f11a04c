//! A store of values worked out once and kept by key on one thread, up to
//! a number of bytes: the ways of a table rule, what they imply, the digit
//! combinations of a cage. A file of puzzles repeats these far more often
//! than whole puzzles, and a value found again costs a look-up.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Values kept by key, up to `limit` bytes as their owner counts them;
/// past it, the store starts again.
pub(crate) struct Kept<K, V> {
    values: HashMap<K, V, BuildHasherDefault<WordHasher>>,
    bytes: usize,
    limit: usize,
}

impl<K: Hash + Eq, V: Clone> Kept<K, V> {
    /// An empty store of at most `limit` bytes.
    pub(crate) fn new(limit: usize) -> Self {
        Kept {
            values: HashMap::default(),
            bytes: 0,
            limit,
        }
    }

    /// The value kept for `key`, if any.
    pub(crate) fn get(&self, key: &K) -> Option<V> {
        self.values.get(key).cloned()
    }

    /// Keeps `value` for `key`, counted as `bytes`.
    pub(crate) fn keep(&mut self, key: K, value: V, bytes: usize) {
        if self.bytes + bytes > self.limit {
            self.values.clear();
            self.bytes = 0;
        }
        self.bytes += bytes;
        self.values.insert(key, value);
    }
}

/// The hash of the store's keys, eight bytes at a time (a multiply and a
/// rotate per word, as rustc's FxHash does). The keys are lists the
/// program derives (the ways of a table, up to a few thousand bytes,
/// hashed at every look-up), so the standard hasher's defence against
/// chosen collisions buys nothing; hashing them through it cost the
/// quadruple set 3% of its instructions.
#[derive(Default)]
struct WordHasher(u64);

impl WordHasher {
    /// Mixes one word into the hash.
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut eight = [0u8; 8];
            eight.copy_from_slice(word);
            self.add(u64::from_le_bytes(eight));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last) ^ (rest.len() as u64) << 56);
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.add(u64::from(value));
    }

    fn write_u32(&mut self, value: u32) {
        self.add(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        self.add(value);
    }

    fn write_usize(&mut self, value: usize) {
        self.add(value as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::{Kept, WordHasher};
    use std::hash::Hasher;

    #[test]
    fn bytes_that_differ_hash_apart_even_in_trailing_zeros() {
        let hash = |bytes: &[u8]| {
            let mut hasher = WordHasher::default();
            hasher.write(bytes);
            hasher.finish()
        };
        let lists: [&[u8]; 6] = [
            &[],
            &[1],
            &[1, 0],
            &[0, 1],
            &[1, 2, 3, 4, 5, 6, 7, 8],
            &[1, 2, 3, 4, 5, 6, 7, 8, 0],
        ];
        for (i, a) in lists.iter().enumerate() {
            for b in &lists[i + 1..] {
                assert_ne!(hash(a), hash(b), "{a:?} and {b:?}");
            }
        }
        assert_eq!(hash(&[1, 2, 3]), hash(&[1, 2, 3]));
    }

    #[test]
    fn values_are_kept_until_the_limit_then_the_store_starts_again() {
        let mut kept = Kept::new(10);
        kept.keep(1, "a", 6);
        assert_eq!(kept.get(&1), Some("a"));
        assert_eq!(kept.get(&2), None);
        kept.keep(2, "b", 6);
        assert_eq!((kept.get(&1), kept.get(&2)), (None, Some("b")));
    }
}
