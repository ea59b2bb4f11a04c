//! The "at most once" groups of a geometry, indexed for the search: each
//! group's placements, each placement's groups, the rule of each group,
//! and the relations of two cells their pairs and stars make.
//!
//! A geometry builds this index from the groups its rules gave, once for
//! every reader. Renban lines of three cells or more are an exception: the
//! 9x9 fast path reasons on each such line whole and needs none of its
//! pairs, while the matrix, the logical solver and the check read them. So
//! such a line gives no group when it is compiled, only its place among the
//! groups, and a geometry with such lines keeps two indexes: one without
//! the lines' pairs, built with the geometry, and one with them in their
//! places, compiled and indexed the first time a reader asks for it (see
//! `Geometry::groups_beside_runs`).

use std::sync::OnceLock;

use crate::sudoku::buckets::by_key;
use crate::sudoku::relations::{Relations, Star};

/// A group given as such, of no rule.
pub(crate) const NO_RULE: u32 = u32::MAX;

/// The groups as the rules gave them, before they are indexed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct GivenGroups {
    /// The placements of the groups, one group after another: cell and
    /// digit from 1.
    pub(crate) placements: Vec<(usize, u8)>,
    /// Where each group ends in `placements` (the next one starts there).
    pub(crate) ends: Vec<u32>,
    /// The rule of each group, or [`NO_RULE`].
    pub(crate) rules: Vec<u32>,
    /// The lines whose pairs are left to be compiled: for each, the number
    /// of groups before its own and its rule, in the order of the lines
    /// (see [`GivenGroups::with_lines`]).
    pub(crate) lines_at: Vec<(u32, u32)>,
}

impl GivenGroups {
    /// The placements of group `group`, as given.
    pub(crate) fn group(&self, group: usize) -> &[(usize, u8)] {
        let start = group.checked_sub(1).map_or(0, |before| self.ends[before]);
        &self.placements[start as usize..self.ends[group] as usize]
    }

    /// Adds a group of `placements`, of rule `rule`.
    pub(crate) fn push(&mut self, placements: impl IntoIterator<Item = (usize, u8)>, rule: u32) {
        self.placements.extend(placements);
        self.ends.push(self.placements.len() as u32);
        self.rules.push(rule);
    }

    /// Adds the star of `centre` and each digit of `digits` (bit `d - 1`
    /// for digit `d`) in cell `other`, of rule `rule`: a pair for one
    /// digit, nothing for none.
    pub(crate) fn push_star(&mut self, centre: (usize, u8), other: usize, digits: u64, rule: u32) {
        if digits == 0 {
            return;
        }
        self.placements.push(centre);
        let mut rest = digits;
        while rest != 0 {
            self.placements
                .push((other, rest.trailing_zeros() as u8 + 1));
            rest &= rest - 1;
        }
        self.ends.push(self.placements.len() as u32);
        self.rules.push(rule);
    }

    /// These groups with the pairs of the renban lines of `lines_at` in
    /// their places, `lines` being their cells in the same order, on a
    /// grid of side `n`: for each two cells of a line, the first before
    /// the second, and each digit `x` of the first, the star of the digits
    /// of the second that may not stand with it (`x` itself, and those as
    /// far from `x` as the line is long), as the rule of a relation
    /// compiles it.
    pub(crate) fn with_lines(&self, lines: &[Vec<usize>], n: usize) -> GivenGroups {
        let mut all = GivenGroups {
            placements: Vec::with_capacity(self.placements.len()),
            ends: Vec::with_capacity(self.ends.len()),
            rules: Vec::with_capacity(self.rules.len()),
            lines_at: Vec::new(),
        };
        let mut next = 0;
        for (&(at, rule), line) in self.lines_at.iter().zip(lines) {
            for group in next..at as usize {
                all.push(self.group(group).iter().copied(), self.rules[group]);
            }
            next = at as usize;
            let length = line.len();
            // The digits each digit refuses on this line, worked out once.
            let refused: Vec<u64> = (1..=n)
                .map(|x| {
                    (1..=n)
                        .filter(|&y| y == x || x.abs_diff(y) >= length)
                        .fold(0u64, |bits, y| bits | 1 << (y - 1))
                })
                .collect();
            for (i, &first) in line.iter().enumerate() {
                for &second in &line[i + 1..] {
                    for (x, &digits) in (1..=n).zip(&refused) {
                        all.push_star((first, x as u8), second, digits, rule);
                    }
                }
            }
        }
        for group in next..self.ends.len() {
            all.push(self.group(group).iter().copied(), self.rules[group]);
        }
        all
    }
}

/// The groups of a geometry, indexed both ways, with their relations.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct GroupIndex {
    /// The placements of each group, one group after another, each as
    /// `cell * side + digit - 1`.
    placements: Vec<u32>,
    /// Where each group starts in `placements`, and one past the last.
    starts: Vec<u32>,
    /// The groups of each placement, one placement after another.
    placement_groups: Vec<u32>,
    /// Where the groups of each placement start, and one past the last.
    placement_group_starts: Vec<u32>,
    /// The rule each group comes from, or [`NO_RULE`].
    rules: Vec<u32>,
    /// The supports of the pairs and stars, as relations of two cells.
    relations: Relations,
}

impl GroupIndex {
    /// Indexes the groups of `given` on a grid of `cells` cells and side
    /// `n` (not the pairs of its lines: see [`GivenGroups::with_lines`]).
    /// `together` tells
    /// whether two cells share a unit or cage, so that their digits differ
    /// anyway.
    ///
    /// A rule's pair that repeats another, or that only forbids equal
    /// digits in two cells that already differ, is dropped: the first of
    /// each pair is kept, found among the pairs of its first placement. A
    /// star (see `GeometryBuilder::forbid_star`) is kept as it is, but for
    /// the centre's own digit in the other cell where the two cells differ
    /// anyway.
    pub(crate) fn new(
        given: &GivenGroups,
        n: usize,
        cells: usize,
        together: impl Fn(usize, usize) -> bool,
    ) -> GroupIndex {
        let placements = cells * n;
        let code = |&(cell, digit): &(usize, u8)| (cell * n + digit as usize - 1) as u32;
        let groups = given.ends.len();
        let mut keep = vec![true; groups];
        let mut rule_pairs = Vec::with_capacity(groups);
        for (index, &rule) in given.rules.iter().enumerate() {
            if rule == NO_RULE {
                continue;
            }
            let &[(a, d), (b, e)] = given.group(index) else {
                continue;
            };
            if d == e && together(a, b) {
                keep[index] = false;
                continue;
            }
            let (first, second) = (code(&(a, d)), code(&(b, e)));
            rule_pairs.push((first.min(second), first.max(second), index as u32));
        }
        let (pairs_by_first, pair_starts) = by_key(placements, || {
            let pairs = rule_pairs.iter();
            pairs.map(|&(first, second, index)| (first as usize, (second, index)))
        });
        let mut seen_with = vec![u32::MAX; placements];
        for first in 0..placements {
            let range = pair_starts[first] as usize..pair_starts[first + 1] as usize;
            for &(second, index) in &pairs_by_first[range] {
                if seen_with[second as usize] == first as u32 {
                    keep[index as usize] = false;
                }
                seen_with[second as usize] = first as u32;
            }
        }
        let mut index = GroupIndex {
            placements: Vec::with_capacity(given.placements.len()),
            starts: Vec::with_capacity(groups + 1),
            rules: Vec::with_capacity(groups),
            ..GroupIndex::default()
        };
        index.starts.push(0);
        // The groups of two placements and the stars, for the relations of
        // two cells.
        let mut relation_stars = Vec::with_capacity(groups);
        // The group of each of `placements`, for the groups of each
        // placement.
        let mut group_of_placement = Vec::with_capacity(given.placements.len());
        let mut start = 0;
        for ((&end, &rule), &kept) in given.ends.iter().zip(&given.rules).zip(&keep) {
            let members = &given.placements[start as usize..end as usize];
            start = end;
            if !kept {
                continue;
            }
            let group = index.rules.len() as u32;
            match members {
                &[first, second] => {
                    index.placements.extend([code(&first), code(&second)]);
                    relation_stars.push(Star {
                        centre: first,
                        other: second.0,
                        digits: 1 << (second.1 - 1),
                    });
                }
                [centre, others @ ..] if rule != NO_RULE => {
                    let differ = together(centre.0, others[0].0);
                    index.placements.push(code(centre));
                    let mut digits = 0;
                    for other in others {
                        if !(differ && other.1 == centre.1) {
                            index.placements.push(code(other));
                            digits |= 1 << (other.1 - 1);
                        }
                    }
                    relation_stars.push(Star {
                        centre: *centre,
                        other: others[0].0,
                        digits,
                    });
                }
                _ => index.placements.extend(members.iter().map(code)),
            }
            group_of_placement.resize(index.placements.len(), group);
            index.starts.push(index.placements.len() as u32);
            index.rules.push(rule);
        }
        (index.placement_groups, index.placement_group_starts) = by_key(placements, || {
            let owned = index.placements.iter().zip(&group_of_placement);
            owned.map(|(&code, &group)| (code as usize, group))
        });
        index.relations = Relations::new(n, cells, &relation_stars, together);
        index
    }

    /// The number of groups.
    #[inline]
    pub(crate) fn groups(&self) -> usize {
        self.starts.len() - 1
    }

    /// The placements of group `group`, each as `cell * side + digit - 1`.
    #[inline]
    pub(crate) fn group_placements(&self, group: usize) -> &[u32] {
        let (start, end) = (self.starts[group], self.starts[group + 1]);
        &self.placements[start as usize..end as usize]
    }

    /// The groups of placement `placement` (`cell * side + digit - 1`).
    #[inline]
    pub(crate) fn groups_of(&self, placement: usize) -> &[u32] {
        let start = self.placement_group_starts[placement];
        let end = self.placement_group_starts[placement + 1];
        &self.placement_groups[start as usize..end as usize]
    }

    /// The rule of group `group`, or [`NO_RULE`].
    #[inline]
    pub(crate) fn rule(&self, group: usize) -> u32 {
        self.rules[group]
    }

    /// The relations of two cells the pairs and stars make.
    #[inline]
    pub(crate) fn relations(&self) -> &Relations {
        &self.relations
    }
}

/// The index of every group, built the first time it is asked for; see
/// the module documentation. It is derived from the given groups, which a
/// geometry compares, so any two compare equal.
#[derive(Debug, Clone, Default)]
pub(crate) struct LaterIndex(OnceLock<GroupIndex>);

impl LaterIndex {
    /// The index, built by `build` the first time.
    pub(crate) fn get_or_build(&self, build: impl FnOnce() -> GroupIndex) -> &GroupIndex {
        self.0.get_or_init(build)
    }
}

impl PartialEq for LaterIndex {
    fn eq(&self, _: &LaterIndex) -> bool {
        true
    }
}

impl Eq for LaterIndex {}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use crate::sudoku::constraints::Constraint;
    use crate::sudoku::geometry::Geometry;
    use crate::sudoku::grid::Size;
    use crate::sudoku::rules::Rules;

    fn geometry(constraints: Vec<Constraint>) -> Geometry {
        let rules = Rules {
            constraints,
            ..Rules::default()
        };
        rules.geometry(Size::NINE).unwrap()
    }

    #[test]
    fn the_fast_path_reads_every_group_but_those_of_the_lines_it_reasons_on_whole() {
        // A renban line of three, reasoned on whole; one of two, which is
        // only its pairs; a dot beside them.
        let line = Constraint::Renban(vec![0, 1, 2]);
        let pair = Constraint::Renban(vec![40, 50]);
        let dot = Constraint::WhiteDot {
            cells: [1, 10],
            difference: 1,
        };
        let whole = geometry(vec![line.clone(), pair.clone(), dot.clone()]);
        let alone = |rule: &Constraint| geometry(vec![rule.clone()]).groups();
        // Every other reader sees every group of every rule.
        assert_eq!(whole.groups(), alone(&line) + alone(&pair) + alone(&dot));
        let rules: BTreeSet<_> = (0..whole.groups())
            .filter_map(|group| whole.group_rule_number(group))
            .collect();
        assert_eq!(rules.len(), 3);
        assert!(whole.relations().cells().contains(&0));
        // The fast path sees those of the pair and the dot only.
        let beside = whole.groups_beside_runs();
        assert_eq!(beside.groups(), alone(&pair) + alone(&dot));
        let rules_beside: BTreeSet<_> = (0..beside.groups()).map(|g| beside.rule(g)).collect();
        assert_eq!(rules_beside.len(), 2);
        assert!(rules_beside
            .iter()
            .all(|&rule| rules.contains(&(rule as usize))));
        assert!(!beside.relations().cells().contains(&0));
        assert!(beside.relations().cells().contains(&40));
        // With no line of three, the two are one index.
        let plain = geometry(vec![pair, dot]);
        assert_eq!(plain.groups_beside_runs().groups(), plain.groups());
    }

    #[test]
    fn the_pairs_of_a_line_compiled_in_their_place_are_its_rule() {
        // r1c3, r1c4, r2c4, r3c4: cells that share a row, a column or a
        // box, and cells that share nothing.
        let line = vec![2, 3, 12, 21];
        let length = line.len();
        let dot = Constraint::WhiteDot {
            cells: [40, 41],
            difference: 1,
        };
        let whole = geometry(vec![dot.clone(), Constraint::Renban(line.clone()), dot]);
        let (dot_groups, line_groups) = (whole.groups_beside_runs().groups() / 2, 6 * 9);
        assert_eq!(whole.groups(), 2 * dot_groups + line_groups);
        // The line's groups sit between those of the two dots.
        let line_rule = whole.group_rule_number(dot_groups);
        assert!(line_rule.is_some() && line_rule != whole.group_rule_number(0));
        assert!((dot_groups..dot_groups + line_groups)
            .all(|group| whole.group_rule_number(group) == line_rule));
        let together = |(a, x): (usize, usize), (b, y): (usize, usize)| {
            whole.groups_of(a, x as u8).iter().any(|&group| {
                let placements = whole.group_placements(group as usize);
                whole.group_rule_number(group as usize) == line_rule
                    && placements.contains(&((9 * b + y - 1) as u32))
            })
        };
        // Two placements on the line share a group where the rule forbids
        // them, but equal digits in cells whose units keep them apart.
        for &a in &line {
            for &b in line.iter().filter(|&&b| b != a) {
                let share = whole.peers_of(a).contains(&(b as u16));
                for x in 1..=9usize {
                    for y in 1..=9usize {
                        let forbidden = x != y && x.abs_diff(y) >= length || x == y && !share;
                        assert_eq!(together((a, x), (b, y)), forbidden, "{a}={x}, {b}={y}");
                    }
                }
            }
        }
    }
}
