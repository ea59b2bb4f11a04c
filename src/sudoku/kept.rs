//! A store of values worked out once and kept by key on one thread, up to
//! a number of bytes: the ways of a table rule, what they imply, the digit
//! combinations of a cage. A file of puzzles repeats these far more often
//! than whole puzzles, and a value found again costs a look-up.

use std::collections::HashMap;
use std::hash::Hash;

/// Values kept by key, up to `limit` bytes as their owner counts them;
/// past it, the store starts again.
pub(crate) struct Kept<K, V> {
    values: HashMap<K, V>,
    bytes: usize,
    limit: usize,
}

impl<K: Hash + Eq, V: Clone> Kept<K, V> {
    /// An empty store of at most `limit` bytes.
    pub(crate) fn new(limit: usize) -> Self {
        Kept {
            values: HashMap::new(),
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

#[cfg(test)]
mod tests {
    use super::Kept;

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
