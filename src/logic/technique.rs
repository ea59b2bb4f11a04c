//! The techniques a logical solve uses, their names as players know them,
//! and the scale they are rated on.
//!
//! The score of a technique is in the spirit of Sudoku Explainer's scale
//! (1.0 for the easiest single up to 9.0 for a guess checked by search);
//! the path of a puzzle is rated by its hardest step. The level is one of
//! qqwing's four: `simple` (naked singles), `easy` (hidden singles),
//! `intermediate` (locked candidates, naked and hidden pairs), `expert`
//! (everything else, which qqwing would guess at).

use std::fmt;

/// One technique of a logical step. They are tried in this order, which is
/// the order of their scores: a step always uses the easiest technique
/// that makes progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The last open cell of a unit.
    FullHouse,
    /// A cell item with one option: a cell with one candidate.
    NakedSingle,
    /// A (unit, digit) item with one option: a digit with one place.
    HiddenSingle,
    /// A rule beyond "once per unit" (a thermometer, a dot, a line...):
    /// a candidate that no candidate of a cell the rule ties it to allows,
    /// or one the rule forbids outright.
    ConstraintRule,
    /// A killer cage whose candidates leave some digit of a cell in no
    /// combination of distinct digits of its sum.
    CageCombination,
    /// The "45 rule" of killer cages: the cells of a unit or of a run of
    /// rows or columns that its cages leave out (innies), or that the
    /// cages covering it reach outside it (outies), add up to a known sum.
    InniesOuties,
    /// A digit of a box (or region) that lies on one line: out of the rest
    /// of the line.
    LockedPointing,
    /// A digit of a line that lies in one box (or region): out of the rest
    /// of the box.
    LockedClaiming,
    /// A candidate that sees every place of a digit in a unit, through the
    /// unit, a cage or a rule's groups (common peer elimination).
    CommonPeer,
    /// Two cells with the same two candidates in a unit.
    NakedPair,
    /// Two digits with the same two places in a unit.
    HiddenPair,
    /// A digit on two lines, in two cross lines.
    XWing,
    /// Three cells with three candidates between them in a unit.
    NakedTriple,
    /// An X-wing with fins that see the eliminated candidates.
    FinnedXWing,
    /// A digit on three lines, in three cross lines.
    Swordfish,
    /// Three digits with the same three places in a unit.
    HiddenTriple,
    /// A pivot cell {x,y} and two pincers {x,z}, {y,z}: z goes from cells
    /// that see both pincers.
    XyWing,
    /// A pivot {x,y,z} and pincers {x,z}, {y,z}: z goes from cells that see
    /// all three.
    XyzWing,
    /// Two cells {x,y} joined by a strong link on y: x goes from cells that
    /// see both.
    WWing,
    /// A swordfish with fins.
    FinnedSwordfish,
    /// Unique rectangle type 1 (only on a puzzle known to be unique).
    UniqueRectangle1,
    /// Unique rectangle type 2 (only on a puzzle known to be unique).
    UniqueRectangle2,
    /// Four cells with four candidates between them in a unit.
    NakedQuad,
    /// A digit on four lines, in four cross lines.
    Jellyfish,
    /// Four digits with the same four places in a unit.
    HiddenQuad,
    /// A jellyfish with fins.
    FinnedJellyfish,
    /// An alternating chain on one digit.
    XChain,
    /// An alternating chain through cells with two candidates.
    XyChain,
    /// An alternating inference chain of any links.
    Aic,
    /// A candidate assumed true, broken by a trial: a Nishio forcing chain
    /// (a chain of singles and the rules' steps from the candidate to a
    /// cell or a digit with no place left).
    Nishio,
    /// Each candidate of a cell, or each place of a digit in a unit,
    /// followed by a trial (singles and the rules' steps): what every branch
    /// places or strikes holds (cell and unit forcing chains).
    ForcingChain,
    /// A candidate assumed true, broken by the search.
    BifurcationSearch,
}

/// qqwing's four levels, from the hardest technique of a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LogicLevel {
    /// Naked singles (and full houses) alone.
    Simple,
    /// Hidden singles too.
    Easy,
    /// Locked candidates, naked and hidden pairs.
    Intermediate,
    /// Anything harder.
    Expert,
}

impl LogicLevel {
    /// The level's name, as qqwing spells it.
    pub fn name(self) -> &'static str {
        match self {
            LogicLevel::Simple => "simple",
            LogicLevel::Easy => "easy",
            LogicLevel::Intermediate => "intermediate",
            LogicLevel::Expert => "expert",
        }
    }

    /// The level named `name`, as [`LogicLevel::name`] spells it.
    pub fn from_name(name: &str) -> Option<LogicLevel> {
        [
            LogicLevel::Simple,
            LogicLevel::Easy,
            LogicLevel::Intermediate,
            LogicLevel::Expert,
        ]
        .into_iter()
        .find(|level| level.name() == name)
    }
}

impl fmt::Display for LogicLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 32] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::ConstraintRule,
        Technique::CageCombination,
        Technique::InniesOuties,
        Technique::LockedPointing,
        Technique::LockedClaiming,
        Technique::CommonPeer,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::XWing,
        Technique::NakedTriple,
        Technique::FinnedXWing,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::FinnedSwordfish,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::FinnedJellyfish,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::Nishio,
        Technique::ForcingChain,
        Technique::BifurcationSearch,
    ];

    /// The name players know.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::ConstraintRule => "constraint",
            Technique::CageCombination => "cage combinations",
            Technique::InniesOuties => "45 rule (innies and outies)",
            Technique::LockedPointing => "locked candidates (pointing)",
            Technique::LockedClaiming => "locked candidates (claiming)",
            Technique::CommonPeer => "common peer elimination",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::XWing => "x-wing",
            Technique::NakedTriple => "naked triple",
            Technique::FinnedXWing => "finned x-wing",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::WWing => "w-wing",
            Technique::FinnedSwordfish => "finned swordfish",
            Technique::UniqueRectangle1 => "unique rectangle type 1 (uniqueness)",
            Technique::UniqueRectangle2 => "unique rectangle type 2 (uniqueness)",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::FinnedJellyfish => "finned jellyfish",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "alternating inference chain",
            Technique::Nishio => "nishio forcing chain",
            Technique::ForcingChain => "forcing chain",
            Technique::BifurcationSearch => "bifurcation",
        }
    }

    /// The score on the documented scale.
    pub fn score(self) -> f32 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::NakedSingle => 1.2,
            Technique::HiddenSingle => 1.5,
            Technique::ConstraintRule => 1.7,
            Technique::CageCombination => 1.8,
            Technique::InniesOuties => 2.2,
            Technique::LockedPointing => 2.6,
            Technique::LockedClaiming => 2.8,
            Technique::CommonPeer => 2.9,
            Technique::NakedPair => 3.0,
            Technique::HiddenPair => 3.2,
            Technique::XWing => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::FinnedXWing => 3.7,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::WWing => 4.5,
            Technique::FinnedSwordfish => 4.6,
            Technique::UniqueRectangle1 => 4.7,
            Technique::UniqueRectangle2 => 4.8,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::FinnedJellyfish => 5.6,
            Technique::XChain => 6.6,
            Technique::XyChain => 6.8,
            Technique::Aic => 7.0,
            Technique::Nishio => 7.5,
            Technique::ForcingChain => 8.2,
            Technique::BifurcationSearch => 9.0,
        }
    }

    /// qqwing's level of the technique.
    pub fn level(self) -> LogicLevel {
        match self {
            Technique::FullHouse | Technique::NakedSingle => LogicLevel::Simple,
            Technique::HiddenSingle | Technique::ConstraintRule | Technique::CageCombination => {
                LogicLevel::Easy
            }
            Technique::InniesOuties
            | Technique::LockedPointing
            | Technique::LockedClaiming
            | Technique::CommonPeer
            | Technique::NakedPair
            | Technique::HiddenPair => LogicLevel::Intermediate,
            _ => LogicLevel::Expert,
        }
    }

    /// True for a guess: a candidate assumed and refuted by the search.
    pub fn is_bifurcation(self) -> bool {
        self == Technique::BifurcationSearch
    }

    /// True for the techniques that assume the puzzle has one solution.
    pub fn needs_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::UniqueRectangle1 | Technique::UniqueRectangle2
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn techniques_are_listed_in_the_order_of_their_scores() {
        for pair in Technique::ALL.windows(2) {
            assert!(pair[0] < pair[1], "{:?}", pair);
            assert!(pair[0].score() < pair[1].score(), "{:?}", pair);
            assert!(pair[0].level() <= pair[1].level(), "{:?}", pair);
        }
        assert_eq!(
            LogicLevel::from_name("intermediate"),
            Some(LogicLevel::Intermediate)
        );
    }
}
