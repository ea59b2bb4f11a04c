//! The rules beyond "once per unit": thermometers, dots, lines and marked
//! cells, as data, and their compilation into what the engine and every
//! pass above it already read.
//!
//! Every rule here relates the digits of two cells at a time (a thermometer
//! is a strict order on every pair of its cells, a renban line a bounded
//! difference on every pair, a dot a relation on its two cells), or forbids
//! digits in one cell (odd, even). A relation compiles to "at most once"
//! groups of two placements, one per pair of digits it forbids, and to the
//! placements it forbids outright (a digit of one cell that no digit of the
//! other allows); [`relation`] does that once for all. The encoding makes a
//! secondary item of each group, the singles pass and the logical solver
//! strike a placed digit's partners, and the rules check names the rule of
//! a group two placed digits break: no other layer knows the rules.
//!
//! An arrow adds its digits up, which no relation of two cells states: it
//! is compiled to a table of the ways to fill it (see [`arrow`]), with what
//! that implies for pairs of cells compiled as above ([`ways`]); so are a
//! quadruple (its four cells), a between line (a table of three cells
//! per inner cell) and a sandwich (its row, the cells outside it free).
//! Little killers and region-sum lines add up more cells than one table
//! can list: [`sums`] chains tables of pieces through shared running sums.
//! A killer cage goes whole to the geometry, which keeps the cages as
//! tables of their own ([`crate::sudoku::cages`]) for the encoding to give
//! options and propagation of their own ([`killer_cage`]).
//!
//! One file a rule, with its compilation and its tests: the rule as stated,
//! checked against the solver on every 4x4 grid ([`oracle`]); this file
//! holds the data, the checks every rule shares (cells inside the grid,
//! each once) and the dispatch.

mod arrow;
mod between;
mod cage_totals;
mod clone;
mod dots;
mod entropic;
mod extremum;
mod killer_cage;
mod little_killer;
mod palindrome;
mod parity;
mod quadruple;
mod region_sum;
mod relation;
mod renban;
mod sandwich;
mod sums;
mod thermometer;
mod ways;
mod whispers;
mod xv;

use thiserror::Error;

pub use killer_cage::Cage;

use crate::sudoku::constraint_kind::ConstraintKind;
use crate::sudoku::frame::Frame;
use crate::sudoku::geometry::{GeometryBuilder, NO_RULE};
use crate::sudoku::grid::{Cell, Size, Unit};
use crate::sudoku::whole_rules::{WholeKind, WholeRule};

/// One rule beyond "once per unit". Cells are numbered as in the geometry
/// (`row * side + column` in a square grid; in reading order of the frame
/// in a shape of several grids).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// The digits strictly increase along the cells, from the bulb (the
    /// first cell).
    Thermometer(Vec<usize>),
    /// The digits of the two cells differ by `difference` (a kropki white
    /// dot; 1 unless the dot gives a value).
    WhiteDot {
        /// The two cells.
        cells: [usize; 2],
        /// The difference, at least 1.
        difference: u8,
    },
    /// One digit of the two cells is `ratio` times the other (a kropki
    /// black dot; 2 unless the dot gives a value).
    BlackDot {
        /// The two cells.
        cells: [usize; 2],
        /// The ratio, at least 2.
        ratio: u8,
    },
    /// The digits of the two cells add up to `sum`: 10 for an X, 5 for a V.
    Xv {
        /// The two cells.
        cells: [usize; 2],
        /// The sum.
        sum: u8,
    },
    /// Orthogonal neighbours without a kropki dot are not consecutive (the
    /// `non-consecutive` rule, or f-puzzles' negative white dots).
    NonConsecutive,
    /// Orthogonal neighbours without a kropki dot are not in ratio 2.
    NegativeBlack,
    /// Orthogonal neighbours without an X or a V add up to neither 10 nor 5.
    NegativeXv,
    /// The cell holds an odd digit.
    Odd(usize),
    /// The cell holds an even digit.
    Even(usize),
    /// The cell's digit is smaller than those of its orthogonal neighbours.
    Minimum(usize),
    /// The cell's digit is larger than those of its orthogonal neighbours.
    Maximum(usize),
    /// The line reads the same from both ends.
    Palindrome(Vec<usize>),
    /// The cells of `copy` hold the digits of `cells`, place by place.
    Clone {
        /// The first set of cells.
        cells: Vec<usize>,
        /// The second, as long.
        copy: Vec<usize>,
    },
    /// Neighbours on the line differ by at least half the side, rounded up
    /// (5 on 9x9).
    Whispers(Vec<usize>),
    /// The line holds a set of consecutive digits, in any order.
    Renban(Vec<usize>),
    /// Every three cells in a row on the line hold one low, one middle and
    /// one high digit (1-3, 4-6, 7-9 on 9x9); the side must divide by 3.
    Entropic(Vec<usize>),
    /// The digits of the shaft add up to the number in the bulb (one to
    /// three cells, read digit by digit); digits may repeat on the shaft
    /// where no unit forbids it.
    Arrow {
        /// The bulb's cells, most significant digit first.
        bulb: Vec<usize>,
        /// The shaft's cells, from the bulb.
        shaft: Vec<usize>,
    },
    /// The digits of the cells between the two ends of the line lie
    /// strictly between the ends' digits.
    Between(Vec<usize>),
    /// The listed digits (up to four; a digit listed twice appears at
    /// least twice) appear among the four cells around a corner.
    Quadruple {
        /// The four cells.
        cells: Vec<usize>,
        /// The digits, 1 to 4 of them.
        digits: Vec<u8>,
    },
    /// The digits along a diagonal add up to the clue outside the grid;
    /// digits may repeat where no unit forbids it.
    LittleKiller {
        /// The diagonal's cells, from the clue.
        cells: Vec<usize>,
        /// The clue.
        sum: u32,
    },
    /// The digits between the 1 and the largest digit of a row or column
    /// add up to the clue outside it.
    Sandwich {
        /// The row's or column's cells, from the clue.
        cells: Vec<usize>,
        /// The clue.
        sum: u32,
    },
    /// The line's segments in each box it crosses add up to one sum.
    RegionSum(Vec<usize>),
    /// A killer cage: its cells hold different digits, adding up to its
    /// sum when it has one.
    KillerCage(Cage),
}

/// Why a constraint makes no rule on a geometry.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ConstraintError {
    /// A cell number outside the grid.
    #[error("{rule} names cell {cell}, outside the grid of {cells} cells")]
    CellOutside {
        /// The rule, numbered among its kind.
        rule: Unit,
        /// The cell number.
        cell: usize,
        /// The cells of the grid.
        cells: usize,
    },
    /// A cell named twice.
    #[error("{rule} names {cell} twice")]
    CellTwice {
        /// The rule.
        rule: Unit,
        /// The cell, as `r1c1`.
        cell: String,
    },
    /// A line too short or too long for its rule.
    #[error("{rule} has {found} cells; {expected}")]
    Length {
        /// The rule.
        rule: Unit,
        /// Its cells.
        found: usize,
        /// What its rule needs.
        expected: String,
    },
    /// A value a marker cannot have on this grid.
    #[error("{rule} has the value {found}; {expected}")]
    Value {
        /// The rule.
        rule: Unit,
        /// The value given.
        found: u32,
        /// The values it can have.
        expected: String,
    },
    /// A rule that does not exist at this size.
    #[error("{kind} needs a side divisible by 3; this grid's side is {side}")]
    Side {
        /// The rule.
        kind: ConstraintKind,
        /// The side of the grid.
        side: usize,
    },
}

impl Constraint {
    /// Which rule this is.
    pub fn kind(&self) -> ConstraintKind {
        match self {
            Constraint::Thermometer(_) => ConstraintKind::Thermometer,
            Constraint::WhiteDot { .. } => ConstraintKind::WhiteDot,
            Constraint::BlackDot { .. } => ConstraintKind::BlackDot,
            Constraint::Xv { .. } => ConstraintKind::Xv,
            Constraint::NonConsecutive => ConstraintKind::NonConsecutive,
            Constraint::NegativeBlack => ConstraintKind::NegativeBlack,
            Constraint::NegativeXv => ConstraintKind::NegativeXv,
            Constraint::Odd(_) => ConstraintKind::Odd,
            Constraint::Even(_) => ConstraintKind::Even,
            Constraint::Minimum(_) => ConstraintKind::Minimum,
            Constraint::Maximum(_) => ConstraintKind::Maximum,
            Constraint::Palindrome(_) => ConstraintKind::Palindrome,
            Constraint::Clone { .. } => ConstraintKind::Clone,
            Constraint::Whispers(_) => ConstraintKind::Whispers,
            Constraint::Renban(_) => ConstraintKind::Renban,
            Constraint::Entropic(_) => ConstraintKind::Entropic,
            Constraint::Arrow { .. } => ConstraintKind::Arrow,
            Constraint::Between(_) => ConstraintKind::Between,
            Constraint::Quadruple { .. } => ConstraintKind::Quadruple,
            Constraint::LittleKiller { .. } => ConstraintKind::LittleKiller,
            Constraint::Sandwich { .. } => ConstraintKind::Sandwich,
            Constraint::RegionSum(_) => ConstraintKind::RegionSum,
            Constraint::KillerCage(_) => ConstraintKind::KillerCage,
        }
    }

    /// The cells the rule names, in its order (a clone's cells, then its
    /// copy); none for the rules of every pair of neighbours.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Constraint::Thermometer(cells)
            | Constraint::Palindrome(cells)
            | Constraint::Whispers(cells)
            | Constraint::Renban(cells)
            | Constraint::Entropic(cells)
            | Constraint::Between(cells)
            | Constraint::Quadruple { cells, .. }
            | Constraint::LittleKiller { cells, .. }
            | Constraint::Sandwich { cells, .. }
            | Constraint::RegionSum(cells)
            | Constraint::KillerCage(Cage { cells, .. }) => cells.clone(),
            Constraint::WhiteDot { cells, .. }
            | Constraint::BlackDot { cells, .. }
            | Constraint::Xv { cells, .. } => cells.to_vec(),
            Constraint::NonConsecutive | Constraint::NegativeBlack | Constraint::NegativeXv => {
                Vec::new()
            }
            Constraint::Odd(cell)
            | Constraint::Even(cell)
            | Constraint::Minimum(cell)
            | Constraint::Maximum(cell) => vec![*cell],
            Constraint::Clone { cells, copy } => cells.iter().chain(copy).copied().collect(),
            Constraint::Arrow { bulb, shaft } => bulb.iter().chain(shaft).copied().collect(),
        }
    }
}

impl Constraint {
    /// The clue of a little killer or a sandwich: the position before its
    /// first cell in `frame`, as (row, column) from 1 with 0 and one past
    /// the frame's last row or column outside, and the step from it along
    /// the rule's cells; `None` for the other rules. A diagonal of one
    /// cell, at a corner, is read from above or below.
    pub fn clue(&self, frame: &Frame) -> Option<((i64, i64), (i64, i64))> {
        let (Constraint::LittleKiller { cells, .. } | Constraint::Sandwich { cells, .. }) = self
        else {
            return None;
        };
        let at = |cell: usize| {
            let Cell { row, column } = frame.position(cell);
            (row as i64 + 1, column as i64 + 1)
        };
        let (row, column) = at(*cells.first()?);
        let outside = |r: i64, c: i64| frame.cell_at_from_one(r, c).is_none();
        let step = match cells.get(1) {
            Some(&next) => {
                let (r, c) = at(next);
                (r - row, c - column)
            }
            None => [(1, 1), (1, -1), (-1, 1), (-1, -1)]
                .into_iter()
                .find(|&(dr, dc)| outside(row - dr, column - dc) && outside(row + dr, column + dc))
                .unwrap_or((1, 1)),
        };
        Some(((row - step.0, column - step.1), step))
    }
}

/// What a rule's compilation writes to: the geometry being built, and what
/// it needs to know of the grid.
pub(super) struct Context<'b, 'f> {
    /// The geometry being built.
    pub(super) builder: &'b mut GeometryBuilder,
    /// The side of the grid: the largest digit.
    pub(super) side: usize,
    /// Where the cells sit, for the rules of neighbours.
    pub(super) frame: &'f Frame,
    /// The rule being compiled, from [`GeometryBuilder::rule`].
    pub(super) rule: u32,
}

/// Adds the groups and forbidden placements of every constraint to
/// `builder`, and those of `non-consecutive` when `non_consecutive` is set
/// (on the orthogonal neighbours without a white dot); then the killer
/// cages, in their order, which the geometry checks when it is built.
///
/// # Errors
///
/// Fails when a constraint other than a cage names a cell outside the grid
/// or twice, or its length or value cannot be on this grid.
pub(crate) fn add_all(
    mut builder: GeometryBuilder,
    size: Size,
    constraints: &[Constraint],
    non_consecutive: bool,
) -> Result<GeometryBuilder, ConstraintError> {
    let frame = builder.frame().clone();
    let mut numbered: Vec<(Unit, &Constraint)> = Vec::with_capacity(constraints.len() + 1);
    let mut seen = std::collections::HashMap::new();
    let implied = Constraint::NonConsecutive;
    let extra = (non_consecutive && !constraints.contains(&implied)).then_some(&implied);
    let numbered_rules = constraints
        .iter()
        .chain(extra)
        .filter(|constraint| !matches!(constraint, Constraint::KillerCage(_)));
    for constraint in numbered_rules {
        let count = seen.entry(constraint.kind()).or_insert(0usize);
        numbered.push((Unit::Rule(constraint.kind(), *count), constraint));
        *count += 1;
    }
    // The pairs of cells of the markers of `kinds`, sorted, for the
    // negative rules to leave out.
    let marked = |kinds: &[ConstraintKind]| -> Vec<[usize; 2]> {
        let mut pairs: Vec<[usize; 2]> = constraints
            .iter()
            .filter(|constraint| kinds.contains(&constraint.kind()))
            .map(|constraint| {
                let cells = constraint.cells();
                [cells[0].min(cells[1]), cells[0].max(cells[1])]
            })
            .collect();
        pairs.sort_unstable();
        pairs
    };
    let kropki = [ConstraintKind::WhiteDot, ConstraintKind::BlackDot];
    for &(name, constraint) in &numbered {
        check_cells(name, constraint, frame.cells())?;
        let rule = builder.rule(name);
        let mut context = Context {
            builder: &mut builder,
            side: size.side(),
            frame: &frame,
            rule,
        };
        let cx = &mut context;
        match constraint {
            Constraint::Thermometer(cells) => thermometer::compile(cx, cells),
            Constraint::WhiteDot { cells, difference } => {
                dots::white(cx, name, *cells, *difference)?
            }
            Constraint::BlackDot { cells, ratio } => dots::black(cx, name, *cells, *ratio)?,
            Constraint::Xv { cells, sum } => xv::compile(cx, name, *cells, *sum)?,
            // A pair with a dot of either colour is exempt from both
            // negative rules: 1 and 2 are consecutive and in ratio 2, and
            // a puzzle that marks every dot shows one of the two.
            Constraint::NonConsecutive => dots::non_consecutive(cx, &marked(&kropki)),
            Constraint::NegativeBlack => dots::negative_black(cx, &marked(&kropki)),
            Constraint::NegativeXv => xv::negative(cx, &marked(&[ConstraintKind::Xv])),
            Constraint::Odd(cell) => parity::compile(cx, *cell, true),
            Constraint::Even(cell) => parity::compile(cx, *cell, false),
            Constraint::Minimum(cell) => extremum::compile(cx, *cell, false),
            Constraint::Maximum(cell) => extremum::compile(cx, *cell, true),
            Constraint::Palindrome(cells) => palindrome::compile(cx, cells),
            Constraint::Clone { cells, copy } => clone::compile(cx, name, cells, copy)?,
            Constraint::Whispers(cells) => whispers::compile(cx, cells),
            Constraint::Renban(cells) => renban::compile(cx, name, cells)?,
            Constraint::Entropic(cells) => entropic::compile(cx, cells)?,
            Constraint::Arrow { bulb, shaft } => arrow::compile(cx, name, bulb, shaft)?,
            Constraint::Between(cells) => between::compile(cx, name, cells)?,
            Constraint::Quadruple { cells, digits } => quadruple::compile(cx, name, cells, digits)?,
            Constraint::LittleKiller { cells, sum } => {
                little_killer::compile(cx, name, cells, *sum)?
            }
            Constraint::Sandwich { cells, sum } => sandwich::compile(cx, *sum, name, cells)?,
            Constraint::RegionSum(cells) => region_sum::compile(cx, name, cells)?,
            // Not numbered: compiled below.
            Constraint::KillerCage(_) => {}
        }
    }
    for constraint in constraints {
        if let Constraint::KillerCage(cage) = constraint {
            builder = killer_cage::compile(builder, cage);
        }
    }
    cage_totals::compile(&mut Context {
        builder: &mut builder,
        side: size.side(),
        frame: &frame,
        rule: NO_RULE,
    });
    Ok(builder)
}

/// Refuses a line of fewer than `least` cells: `expected` says why.
fn at_least(
    name: Unit,
    cells: &[usize],
    least: usize,
    expected: &str,
) -> Result<(), ConstraintError> {
    match cells.len() < least {
        true => Err(ConstraintError::Length {
            rule: name,
            found: cells.len(),
            expected: expected.into(),
        }),
        false => Ok(()),
    }
}

/// The box of each cell of the geometry being built (its first unit of
/// [`Unit::Box`]), `None` for a cell in none.
fn box_of(cx: &Context) -> Vec<Option<usize>> {
    let mut boxes = vec![None; cx.frame.cells()];
    for (index, (unit, members)) in cx.builder.unit_list().iter().enumerate() {
        if matches!(unit, Unit::Box(_) | Unit::GridBox(..)) {
            for &cell in members {
                boxes[cell].get_or_insert(index);
            }
        }
    }
    boxes
}

/// Keeps the rule being compiled, `kind` on `cells` (each once, as
/// [`check_cells`] makes sure), whole beside its tables ([`WholeRule`]),
/// for the searches that narrow it from its definition.
fn keep_whole(cx: &mut Context, cells: &[usize], kind: WholeKind) {
    cx.builder.whole_rule(WholeRule {
        rule: cx.rule,
        cells: cells.to_vec(),
        kind,
    });
}

/// Checks that `constraint` names cells of the grid, each once.
fn check_cells(name: Unit, constraint: &Constraint, cells: usize) -> Result<(), ConstraintError> {
    let named = constraint.cells();
    for (k, &cell) in named.iter().enumerate() {
        if cell >= cells {
            return Err(ConstraintError::CellOutside {
                rule: name,
                cell,
                cells,
            });
        }
        if named[..k].contains(&cell) {
            return Err(ConstraintError::CellTwice {
                rule: name,
                cell: format!("cell {cell}"),
            });
        }
    }
    Ok(())
}

/// The pairs of orthogonal neighbours of `frame`, each once, the first
/// earlier in reading order.
pub(crate) fn neighbour_pairs(frame: &Frame) -> impl Iterator<Item = [usize; 2]> + '_ {
    (0..frame.cells()).flat_map(move |cell| {
        let at = frame.position(cell);
        let right = frame.cell_at(at.row, at.column + 1);
        let below = frame.cell_at(at.row + 1, at.column);
        [right, below]
            .into_iter()
            .flatten()
            .map(move |other| [cell, other])
    })
}

#[cfg(test)]
mod oracle;
#[cfg(test)]
mod tests;
