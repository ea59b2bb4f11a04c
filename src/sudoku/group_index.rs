//! The "at most once" groups of a geometry, indexed for the search: each
//! group's placements, each placement's groups, the rule of each group,
//! and the relations of two cells their pairs and stars make.
//!
//! A geometry builds this index from the groups its rules gave, once for
//! every reader. Two kinds of rule give their place among the groups
//! rather than the groups themselves, because the 9x9 fast path reads
//! them another way and needs none of their pairs:
//!
//! - a renban line of three cells or more, which the fast path reasons on
//!   whole;
//! - a relation between the digits of two cells, which the fast path reads
//!   as a table of supports on each pair of cells it relates (a negative
//!   rule relates every two neighbours without a dot: compiling it to
//!   stars, indexing them and reading them back into tables would cost
//!   about a third of a negative black puzzle's instructions).
//!
//! The matrix, the logical solver and the check read their pairs. So a
//! geometry with such rules keeps two indexes: one without their pairs,
//! built with the geometry, and one with them in their places, compiled
//! and indexed the first time a reader asks for it (see
//! `Geometry::fast_path_groups`).

use std::sync::OnceLock;

use crate::sudoku::buckets::by_key;
use crate::sudoku::grid::Size;
use crate::sudoku::relations::{transposed, PairRelation, Relations, Star};

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
    /// The rules whose pairs are left to be compiled, in the order they
    /// came (see [`GivenGroups::compiled_whole`]).
    pub(crate) deferred: Vec<Deferred>,
}

/// A rule whose pairs are compiled only when a reader asks for them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Deferred {
    /// The number of groups before its own.
    pub(crate) at: u32,
    /// Its rule.
    pub(crate) rule: u32,
    /// What it is.
    pub(crate) kind: DeferredKind,
}

/// The kinds of [`Deferred`] rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DeferredKind {
    /// The next renban line of the geometry's consecutive sets.
    Line,
    /// A relation between the digits of two cells on each of some pairs.
    Relation(Box<RelationPairs>),
}

/// A relation on pairs of cells, as [`GivenGroups::push_relation`] takes
/// it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RelationPairs {
    /// The pairs of cells, first and second.
    pub(crate) pairs: Vec<[usize; 2]>,
    /// For each digit `x` of the first cell (index `x - 1`), the digits of
    /// the second (bit `d - 1` for digit `d`) that may not stand with it.
    pub(crate) refused: [u64; Size::MAX_SIDE],
    /// True when the stars centre on the first cell's digits, else on the
    /// second's.
    pub(crate) centre_first: bool,
}

impl RelationPairs {
    /// The pairs with the relation's refusals, as the relations take them.
    fn as_relation(&self) -> PairRelation<'_> {
        PairRelation {
            pairs: &self.pairs,
            refused: &self.refused,
        }
    }
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

    /// Adds the relation `relation` on its pairs of cells, of rule `rule`:
    /// its place among the groups, its stars compiled by
    /// [`GivenGroups::compiled_whole`].
    pub(crate) fn push_relation(&mut self, relation: RelationPairs, rule: u32) {
        self.deferred.push(Deferred {
            at: self.ends.len() as u32,
            rule,
            kind: DeferredKind::Relation(Box::new(relation)),
        });
    }

    /// The relations of the deferred rules, for the relations of the fast
    /// path's index.
    fn relations(&self) -> impl Iterator<Item = PairRelation<'_>> {
        self.deferred
            .iter()
            .filter_map(|deferred| match &deferred.kind {
                DeferredKind::Relation(relation) => Some(relation.as_relation()),
                DeferredKind::Line => None,
            })
    }

    /// These groups with the pairs of the deferred rules in their places,
    /// `lines` being the cells of the renban lines in the order they came,
    /// on a grid of side `n`.
    ///
    /// - A renban line: for each two cells, the first before the second,
    ///   and each digit `x` of the first, the star of the digits of the
    ///   second that may not stand with it (`x` itself, and those as far
    ///   from `x` as the line is long), as the rule of a relation compiles
    ///   it.
    /// - A relation: on each pair, the stars of each digit of the cell they
    ///   centre on and the digits of the other it refuses, as
    ///   `relation::relate_all` made them.
    pub(crate) fn compiled_whole(&self, lines: &[Vec<usize>], n: usize) -> GivenGroups {
        let mut all = GivenGroups {
            placements: Vec::with_capacity(self.placements.len()),
            ends: Vec::with_capacity(self.ends.len()),
            rules: Vec::with_capacity(self.rules.len()),
            deferred: Vec::new(),
        };
        let mut next = 0;
        let mut lines = lines.iter();
        for &Deferred { at, rule, ref kind } in &self.deferred {
            for group in next..at as usize {
                all.push(self.group(group).iter().copied(), self.rules[group]);
            }
            next = at as usize;
            match kind {
                DeferredKind::Line => {
                    let line = lines.next().expect("a renban line for each deferred line");
                    all.push_line(line, n, rule);
                }
                DeferredKind::Relation(relation) => all.push_relation_stars(relation, n, rule),
            }
        }
        for group in next..self.ends.len() {
            all.push(self.group(group).iter().copied(), self.rules[group]);
        }
        all
    }

    /// Adds the stars of the renban line `line`, the relation of its
    /// pairs centred on the first cell; see [`GivenGroups::compiled_whole`].
    fn push_line(&mut self, line: &[usize], n: usize, rule: u32) {
        let length = line.len();
        // The digits each digit refuses on this line, worked out once.
        let mut refused = [0u64; Size::MAX_SIDE];
        for (x, digits) in (1..=n).zip(&mut refused) {
            let far = (1..=n).filter(|&y| y == x || x.abs_diff(y) >= length);
            *digits = far.fold(0u64, |bits, y| bits | 1 << (y - 1));
        }
        let pairs = line
            .iter()
            .enumerate()
            .flat_map(|(i, &first)| line[i + 1..].iter().map(move |&second| [first, second]))
            .collect();
        let relation = RelationPairs {
            pairs,
            refused,
            centre_first: true,
        };
        self.push_relation_stars(&relation, n, rule);
    }

    /// Adds the stars of `relation`; see [`GivenGroups::compiled_whole`].
    pub(crate) fn push_relation_stars(&mut self, relation: &RelationPairs, n: usize, rule: u32) {
        let refused = &relation.refused[..n];
        let refused_by = transposed(refused);
        for &[first, second] in &relation.pairs {
            let (centre, other, table) = match relation.centre_first {
                true => (first, second, refused),
                false => (second, first, &refused_by[..n]),
            };
            for (digit, &digits) in (1..=n as u8).zip(table) {
                self.push_star((centre, digit), other, digits, rule);
            }
        }
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
    /// `n`; of its deferred rules, the relations only, and those only for
    /// the relations of two cells (see [`GivenGroups::compiled_whole`]).
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
        // A pair given again by the same or another rule is kept once
        // (most grids have none, and skip the passes over every placement).
        if !rule_pairs.is_empty() {
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
        index.relations = Relations::new(n, cells, &relation_stars, given.relations(), together);
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
    use crate::sudoku::variants::Variant;

    fn geometry(constraints: Vec<Constraint>) -> Geometry {
        let rules = Rules {
            constraints,
            ..Rules::default()
        };
        rules.geometry(Size::NINE).unwrap()
    }

    #[test]
    fn the_fast_path_reads_no_group_of_the_lines_it_reasons_on_whole_or_the_relations_it_reads_as_tables(
    ) {
        // A renban line of three, reasoned on whole; one of two, which is
        // only its pairs; a dot beside them; anti-knight, whose pairs of
        // equal digits make no table.
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
        // The fast path sees none of their groups, and the relations of
        // the pair and the dot only.
        let fast = whole.fast_path_groups();
        assert_eq!(fast.groups(), 0);
        let related = fast.relations().cells();
        assert!(!related.contains(&0) && !related.contains(&2));
        assert!([1, 10, 40, 50].iter().all(|cell| related.contains(cell)));
        // Without the line, the tables read from the relations are those
        // of the stars compiled in their places.
        let plain = geometry(vec![pair.clone(), dot.clone()]);
        assert_eq!(plain.fast_path_groups().relations(), plain.relations());
        assert!(!plain.relations().is_empty());
        // Pairs of equal digits in cells apart are groups for the fast
        // path too.
        let knight = Rules {
            variants: vec![Variant::AntiKnight],
            constraints: vec![pair, dot],
            ..Rules::default()
        };
        let knight = knight.geometry(Size::NINE).unwrap();
        let alone = geometry(vec![]).groups();
        assert_eq!(alone, 0);
        assert!(knight.fast_path_groups().groups() > 0);
        assert!(knight.fast_path_groups().groups() < knight.groups());
        assert_eq!(knight.fast_path_groups().relations(), knight.relations());
    }

    #[test]
    fn the_stars_of_a_relation_compiled_in_their_place_are_its_rule() {
        // Cells that share a row (0, 1), a box (0, 10) or nothing (0, 40),
        // with the negative rule of black dots between every two
        // neighbours but a dot's (0 and 1), two thermometers and a renban
        // line after it.
        let dot = Constraint::BlackDot {
            cells: [0, 1],
            ratio: 2,
        };
        let thermometer = Constraint::Thermometer(vec![40, 30]);
        let apart = Constraint::Thermometer(vec![0, 40]);
        let whole = geometry(vec![
            dot.clone(),
            Constraint::NegativeBlack,
            apart,
            thermometer.clone(),
            Constraint::Renban(vec![78, 79, 80]),
        ]);
        let dot_groups = geometry(vec![dot]).groups();
        let thermometer_groups = geometry(vec![thermometer]).groups();
        let line_groups = 3 * 9;
        let rule_of = |group: usize| whole.group_rule_number(group);
        assert!(dot_groups > 0 && thermometer_groups > 0);
        // The groups of each rule sit together, in the rules' order.
        let mut order: Vec<usize> = (0..whole.groups()).filter_map(rule_of).collect();
        order.dedup();
        assert_eq!(order.len(), 5);
        assert!(order.windows(2).all(|two| two[0] < two[1]));
        assert!((0..dot_groups).all(|group| rule_of(group) == Some(order[0])));
        let line = whole.groups() - line_groups;
        assert!((line..whole.groups()).all(|group| rule_of(group) == Some(order[4])));
        let last = line - thermometer_groups;
        assert!((last..line).all(|group| rule_of(group) == Some(order[3])));
        let shared = |(a, x): (usize, u8), (b, y): (usize, u8), rule: usize| {
            whole.groups_of(a, x).iter().any(|&group| {
                let placements = whole.group_placements(group as usize);
                rule_of(group as usize) == Some(rule)
                    && placements.contains(&((9 * b + y as usize - 1) as u32))
            })
        };
        let in_ratio = |x: u8, y: u8| x == 2 * y || y == 2 * x;
        // The digits a black dot's cell may hold at all; the others are
        // forbidden outright, not in groups.
        let halves = |d: u8| [1, 2, 3, 4, 6, 8].contains(&d);
        for (a, b) in [(0, 1), (0, 9), (1, 10), (9, 10), (0, 40)] {
            let share = whole.peers_of(a).contains(&(b as u16));
            for x in 1..=9 {
                for y in 1..=9 {
                    // The negative rule, on every two neighbours but the
                    // dot's; the dot on its own; the "thermometer" from 0
                    // to 40.
                    let neighbours = b == a + 1 || b == a + 9;
                    let negative = neighbours && (a, b) != (0, 1) && in_ratio(x, y);
                    assert_eq!(
                        shared((a, x), (b, y), order[1]),
                        negative,
                        "{a}={x}, {b}={y}"
                    );
                    let dot = (a, b) == (0, 1) && halves(x) && halves(y);
                    let dot = dot && x != y && !in_ratio(x, y);
                    assert_eq!(shared((a, x), (b, y), order[0]), dot, "{a}={x}, {b}={y}");
                    let rising = (a, b) == (0, 40) && y <= x && (x != y || !share);
                    let rising = rising && x < 9 && y > 1;
                    assert_eq!(shared((a, x), (b, y), order[2]), rising, "{a}={x}, {b}={y}");
                }
            }
        }
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
        let whole = geometry(vec![
            dot.clone(),
            Constraint::Renban(line.clone()),
            dot.clone(),
        ]);
        let (dot_groups, line_groups) = (geometry(vec![dot]).groups(), 6 * 9);
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
