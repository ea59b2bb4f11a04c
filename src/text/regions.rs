//! Jigsaw region layouts written as text: `n * n` labels, one per cell, any
//! symbol naming a region. Shared by the jigsaw line (`GIVENS REGIONS`) and
//! the `regions` key of a JSON description, so that both number regions and
//! name a bad one the same way.

/// What is wrong with a region layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RegionProblem {
    /// Not one label per cell.
    Count {
        /// Labels found.
        found: usize,
    },
    /// More distinct labels than the side; `at` is the index of the first
    /// label too many.
    TooMany {
        /// Index of that label.
        at: usize,
    },
    /// A region without one cell per digit.
    Size {
        /// Its label.
        label: char,
        /// Its cells.
        found: usize,
        /// Index of its first label.
        at: usize,
    },
}

impl RegionProblem {
    /// The problem in words, for a grid of side `side`.
    pub(crate) fn describe(&self, side: usize) -> String {
        let cells = side * side;
        match *self {
            RegionProblem::Count { found } => {
                format!("found {found} region labels; expected {cells}, one per cell")
            }
            RegionProblem::TooMany { .. } => {
                format!("found more than {side} region labels; expected {side} regions")
            }
            RegionProblem::Size { label, found, .. } => format!(
                "region '{label}' has {found} cells; each region needs {side}, one per digit"
            ),
        }
    }

    /// The index of the label the problem is found at, if it has one.
    pub(crate) fn at(&self) -> Option<usize> {
        match *self {
            RegionProblem::Count { .. } => None,
            RegionProblem::TooMany { at } | RegionProblem::Size { at, .. } => Some(at),
        }
    }
}

/// Numbers the regions of `labels` (one per cell, row by row) from 0 in the
/// order their labels first appear; each must cover `side` cells.
pub(crate) fn number_regions(labels: &[char], side: usize) -> Result<Vec<u8>, RegionProblem> {
    if labels.len() != side * side {
        return Err(RegionProblem::Count {
            found: labels.len(),
        });
    }
    let mut names: Vec<char> = Vec::with_capacity(side);
    let mut regions = Vec::with_capacity(labels.len());
    for (at, &label) in labels.iter().enumerate() {
        let region = match names.iter().position(|&name| name == label) {
            Some(region) => region,
            None if names.len() == side => return Err(RegionProblem::TooMany { at }),
            None => {
                names.push(label);
                names.len() - 1
            }
        };
        regions.push(region as u8);
    }
    for (region, &label) in names.iter().enumerate() {
        let found = regions.iter().filter(|&&r| r as usize == region).count();
        if found != side {
            let at = labels.iter().position(|&l| l == label).unwrap_or(0);
            return Err(RegionProblem::Size { label, found, at });
        }
    }
    Ok(regions)
}

/// The label written for region `region` in output: `1-9`, `A-Z`, then `0`.
pub(crate) fn region_label(region: u8) -> char {
    const LABELS: &[u8; 36] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0";
    LABELS[region as usize % LABELS.len()] as char
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(text: &str) -> Vec<char> {
        text.chars().collect()
    }

    #[test]
    fn regions_are_numbered_in_the_order_labels_appear() {
        let regions = number_regions(&chars("bbaabbaaccddccdd"), 4).unwrap();
        assert_eq!(regions, [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
        assert_eq!(region_label(0), '1');
        assert_eq!(region_label(9), 'A');
    }

    #[test]
    fn a_bad_layout_names_its_problem_and_where() {
        assert_eq!(
            number_regions(&chars("aabb"), 4),
            Err(RegionProblem::Count { found: 4 })
        );
        let too_many = number_regions(&chars("aabbccddeeaabbcc"), 4).unwrap_err();
        assert_eq!(too_many, RegionProblem::TooMany { at: 8 });
        let small = number_regions(&chars("aaabbbbbccccdddd"), 4).unwrap_err();
        assert_eq!(
            small,
            RegionProblem::Size {
                label: 'a',
                found: 3,
                at: 0
            }
        );
        assert_eq!(
            small.describe(4),
            "region 'a' has 3 cells; each region needs 4, one per digit"
        );
    }
}
