//! Lists grouped by a small key, by counting rather than by sorting: the
//! tables a geometry is built from (the units of each cell, the groups of
//! each placement, the forbidden pairs of each cell) are filled once per
//! puzzle, and a counting pass over keys known to be few is cheaper than
//! sorting thousands of pairs.

/// The values of `entries`, `(key, value)` with keys below `keys`, grouped
/// by key in key order, each key's values in the order given; and where
/// each key's values start, with one more entry that closes the last.
/// `entries` is called twice and must yield the same entries both times.
pub(crate) fn by_key<T, I>(keys: usize, entries: impl Fn() -> I) -> (Vec<T>, Vec<u32>)
where
    T: Copy + Default,
    I: Iterator<Item = (usize, T)>,
{
    let mut starts = vec![0u32; keys + 1];
    let mut total = 0;
    for (key, _) in entries() {
        starts[key + 1] += 1;
        total += 1;
    }
    if total == 0 {
        return (Vec::new(), starts);
    }
    for key in 1..=keys {
        starts[key] += starts[key - 1];
    }
    let mut values = vec![T::default(); starts[keys] as usize];
    // Each key's start serves as its next free place, ending at the start
    // of the key after it; one shift puts the starts back.
    for (key, value) in entries() {
        values[starts[key] as usize] = value;
        starts[key] += 1;
    }
    starts.copy_within(0..keys, 1);
    starts[0] = 0;
    (values, starts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_grouped_by_key_in_their_order() {
        let entries = [(2, 'a'), (0, 'b'), (2, 'c'), (0, 'd')];
        let (values, starts) = by_key(4, || entries.into_iter());
        assert_eq!(values, ['b', 'd', 'a', 'c']);
        assert_eq!(starts, [0, 2, 2, 4, 4]);
        let (none, starts) = by_key::<u8, _>(2, std::iter::empty);
        assert!(none.is_empty());
        assert_eq!(starts, [0, 0, 0]);
    }
}
