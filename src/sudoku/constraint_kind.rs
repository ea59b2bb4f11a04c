//! The names of the rules beyond "once per unit", apart from their data, so
//! that a unit, a conflict or a step of a solve path can name the rule it is
//! about without knowing how the rule is compiled.

use std::fmt;

/// Which rule a [`crate::Constraint`] states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ConstraintKind {
    /// Digits strictly increase from the bulb.
    Thermometer,
    /// Two cells whose digits differ by 1 (or by the dot's value).
    WhiteDot,
    /// Two cells whose digits are in ratio 2 (or the dot's value).
    BlackDot,
    /// Two cells whose digits add up to 10 (X), 5 (V) or the marker's value.
    Xv,
    /// Orthogonal neighbours without a kropki dot are not consecutive (the
    /// `non-consecutive` variant: negative white dots).
    NonConsecutive,
    /// Orthogonal neighbours without a kropki dot are not in ratio 2.
    NegativeBlack,
    /// Orthogonal neighbours without an X or V do not add up to 10 or 5.
    NegativeXv,
    /// A cell holding an odd digit.
    Odd,
    /// A cell holding an even digit.
    Even,
    /// A cell whose digit is smaller than those of its orthogonal neighbours.
    Minimum,
    /// A cell whose digit is larger than those of its orthogonal neighbours.
    Maximum,
    /// A line that reads the same from both ends.
    Palindrome,
    /// Two sets of cells holding the same digits, place by place.
    Clone,
    /// Neighbours on the line differ by at least half the side, rounded up.
    Whispers,
    /// The line holds a set of consecutive digits, in any order.
    Renban,
    /// Every three cells in a row on the line hold one low, one middle and
    /// one high digit.
    Entropic,
    /// The shaft's digits add up to the number in the bulb.
    Arrow,
    /// The line's inner digits lie strictly between those of its ends.
    Between,
    /// The listed digits appear among four cells around a corner.
    Quadruple,
    /// A diagonal's digits add up to the clue outside the grid.
    LittleKiller,
    /// The digits between the 1 and the largest digit add up to the clue.
    Sandwich,
    /// The line's segments in each box add up to one sum.
    RegionSum,
    /// Cells holding different digits that add up to the cage's sum (a
    /// broken cage is named as [`crate::Unit::Cage`]).
    KillerCage,
    /// Cells holding different digits, fewer than the side (a region of
    /// the side's size is a unit, [`crate::Unit::Extra`]).
    ExtraRegion,
}

impl ConstraintKind {
    /// The rule's name, as messages and the JSON description write it.
    pub fn name(self) -> &'static str {
        match self {
            ConstraintKind::Thermometer => "thermometer",
            ConstraintKind::WhiteDot => "white dot",
            ConstraintKind::BlackDot => "black dot",
            ConstraintKind::Xv => "xv",
            ConstraintKind::NonConsecutive => "non-consecutive",
            ConstraintKind::NegativeBlack => "negative black dots",
            ConstraintKind::NegativeXv => "negative xv",
            ConstraintKind::Odd => "odd cell",
            ConstraintKind::Even => "even cell",
            ConstraintKind::Minimum => "minimum",
            ConstraintKind::Maximum => "maximum",
            ConstraintKind::Palindrome => "palindrome",
            ConstraintKind::Clone => "clone",
            ConstraintKind::Whispers => "german whispers",
            ConstraintKind::Renban => "renban",
            ConstraintKind::Entropic => "entropic line",
            ConstraintKind::Arrow => "arrow",
            ConstraintKind::Between => "between line",
            ConstraintKind::Quadruple => "quadruple",
            ConstraintKind::LittleKiller => "little killer",
            ConstraintKind::Sandwich => "sandwich",
            ConstraintKind::RegionSum => "region-sum line",
            ConstraintKind::KillerCage => "killer cage",
            ConstraintKind::ExtraRegion => "extra region",
        }
    }
}

impl fmt::Display for ConstraintKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
