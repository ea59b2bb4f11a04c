//! The rules of one puzzle as plain data: how the grid is cut into boxes or
//! regions, which variant rules apply, its extra regions, and its rules
//! beyond "once per unit" ([`Constraint`]: thermometers, dots, lines,
//! killer cages...).
//!
//! Every way of asking for a variant ends here: the command line's
//! `--boxes` and `--variant`, a jigsaw line's regions, a JSON description,
//! an f-puzzles export. [`Rules::geometry`] turns them into the one
//! [`Geometry`] that the encoding, the solver, the singles pass and the
//! rules check read.

use std::fmt;

use thiserror::Error;

use crate::sudoku::constraint_kind::ConstraintKind;
use crate::sudoku::constraints::{self, Cage, Constraint, ConstraintError};
use crate::sudoku::geometry::{Geometry, GeometryBuilder, GeometryError};
use crate::sudoku::grid::{Size, Unit};
use crate::sudoku::shape::{Shape, ShapeError};
use crate::sudoku::variants::{self, Variant, VariantError};

/// How the grid is cut into the units that are neither rows nor columns.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub enum Boxes {
    /// The size's own boxes: the most square `R x C` with `R <= C`.
    #[default]
    Standard,
    /// Boxes of `rows` rows and `columns` columns; their product is the
    /// side of the grid.
    Shape {
        /// Rows of one box.
        rows: usize,
        /// Columns of one box.
        columns: usize,
    },
    /// No boxes: a Latin square.
    None,
    /// Irregular regions (jigsaw): the region of every cell, row by row,
    /// numbered from 0; each region has `side` cells.
    Regions(Vec<u8>),
}

/// Every rule of one puzzle besides its givens.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    /// Where the cells sit: one square grid, or several grids in a frame.
    pub shape: Shape,
    /// The boxes or regions.
    pub boxes: Boxes,
    /// The variant rules, each once.
    pub variants: Vec<Variant>,
    /// Extra regions (f-puzzles' `extraregion`): the cells of each, numbered
    /// as in the geometry (`row * side + column` in a square grid), hold different digits; a region of `side`
    /// cells holds every digit once.
    pub extra_regions: Vec<Vec<usize>>,
    /// The rules beyond "once per unit": thermometers, dots, lines, killer
    /// cages...
    pub constraints: Vec<Constraint>,
}

/// Why a set of [`Rules`] makes no geometry at a size.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A box shape that does not tile the grid.
    #[error("boxes of {rows}x{columns} do not make a {size} grid; {rows} x {columns} must be {side}", side = size.side())]
    BoxShape {
        /// Rows of one box.
        rows: usize,
        /// Columns of one box.
        columns: usize,
        /// The size of the grid.
        size: Size,
    },
    /// A size with no box shape of its own (a prime side).
    #[error("a {size} grid has no boxes; give regions or use boxes \"none\"")]
    NoBoxes {
        /// The size of the grid.
        size: Size,
    },
    /// A region layout with the wrong number of labels.
    #[error("the regions give {found} labels; a {size} grid needs {expected}", expected = size.cells())]
    RegionLabels {
        /// The labels found.
        found: usize,
        /// The size of the grid.
        size: Size,
    },
    /// A region without one cell per digit.
    #[error("region {label} has {found} cells; each region needs {expected}")]
    RegionSize {
        /// The region's label, as written.
        label: String,
        /// Its cells.
        found: usize,
        /// The side of the grid.
        expected: usize,
    },
    /// A variant rule that does not apply to this shape.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// An extra region with more cells than digits.
    #[error("extra region {} has {found} cells; a region holds at most {side}", index + 1)]
    ExtraRegionSize {
        /// The region, from 0.
        index: usize,
        /// Its cells.
        found: usize,
        /// The side of the grid.
        side: usize,
    },
    /// A constraint that cannot be on this grid.
    #[error(transparent)]
    Constraint(#[from] ConstraintError),
    /// A unit or a killer cage the geometry refuses.
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    /// A shape of grids that cannot be.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// Boxes other than the grids' own on a shape of several grids.
    #[error("a {shape} shape has the boxes of its grids; found boxes {boxes}")]
    ShapeBoxes {
        /// The shape.
        shape: String,
        /// The boxes asked for.
        boxes: String,
    },
}

impl Rules {
    /// The classic rules: the size's own boxes, nothing else.
    pub fn classic() -> Rules {
        Rules::default()
    }

    /// True for the classic rules.
    pub fn is_classic(&self) -> bool {
        self.shape.is_square()
            && self.boxes == Boxes::Standard
            && self.variants.is_empty()
            && self.extra_regions.is_empty()
            && self.constraints.is_empty()
    }

    /// The killer cages, in their order: the [`Constraint::KillerCage`]s
    /// of [`Rules::constraints`].
    pub fn cages(&self) -> impl Iterator<Item = &Cage> + '_ {
        self.constraints
            .iter()
            .filter_map(|constraint| match constraint {
                Constraint::KillerCage(cage) => Some(cage),
                _ => None,
            })
    }

    /// The killer cages, in their order, to change.
    pub fn cages_mut(&mut self) -> impl Iterator<Item = &mut Cage> + '_ {
        self.constraints
            .iter_mut()
            .filter_map(|constraint| match constraint {
                Constraint::KillerCage(cage) => Some(cage),
                _ => None,
            })
    }

    /// The geometry of these rules on a grid of `size`.
    ///
    /// # Errors
    ///
    /// Fails when the boxes do not tile the grid, a region does not have one
    /// cell per digit, a rule does not apply to the shape, or a cage cannot
    /// be (a cell outside the grid, twice, or in two cages; an impossible
    /// sum).
    pub fn geometry(&self, size: Size) -> Result<Geometry, RulesError> {
        let mut builder = self.shape.builder(size)?;
        builder = match &self.boxes {
            _ if !self.shape.is_square() && self.boxes != Boxes::Standard => {
                return Err(RulesError::ShapeBoxes {
                    shape: self.shape.to_string(),
                    boxes: self.boxes.to_string(),
                })
            }
            _ if !self.shape.is_square() => builder,
            Boxes::Standard if size.box_shape().is_none() => {
                return Err(RulesError::NoBoxes { size })
            }
            Boxes::Standard => builder.boxes(),
            Boxes::Shape { rows, columns } => {
                if rows * columns != size.side() {
                    return Err(RulesError::BoxShape {
                        rows: *rows,
                        columns: *columns,
                        size,
                    });
                }
                builder.boxes_of(*rows, *columns)
            }
            Boxes::None => builder,
            Boxes::Regions(labels) => regions(builder, size, labels)?,
        };
        // Non-consecutive is the negative rule of white dots: it is
        // compiled with the constraints, which know where the dots are.
        let non_consecutive = self.variants.contains(&Variant::NonConsecutive);
        let others: Vec<Variant> = self
            .variants
            .iter()
            .copied()
            .filter(|&variant| variant != Variant::NonConsecutive)
            .collect();
        builder = variants::add_all(builder, size, &others)?;
        // The killer cages are compiled with the constraints, last; the
        // builder keeps them in a list of its own, checked when it is
        // built, so coming before the extra regions moves no unit or rule.
        builder = constraints::add_all(builder, size, &self.constraints, non_consecutive)?;
        builder = extra_regions(builder, size, &self.extra_regions)?;
        Ok(builder.build()?)
    }
}

/// Adds the regions of a jigsaw layout to `builder`.
fn regions(
    mut builder: GeometryBuilder,
    size: Size,
    labels: &[u8],
) -> Result<GeometryBuilder, RulesError> {
    let n = size.side();
    if labels.len() != size.cells() {
        return Err(RulesError::RegionLabels {
            found: labels.len(),
            size,
        });
    }
    let mut cells_of: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (cell, &label) in labels.iter().enumerate() {
        match cells_of.get_mut(label as usize) {
            Some(cells) => cells.push(cell),
            None => {
                return Err(RulesError::RegionSize {
                    label: label.to_string(),
                    found: labels.iter().filter(|&&l| l == label).count(),
                    expected: n,
                })
            }
        }
    }
    for (label, cells) in cells_of.into_iter().enumerate() {
        if cells.len() != n {
            return Err(RulesError::RegionSize {
                label: label.to_string(),
                found: cells.len(),
                expected: n,
            });
        }
        builder = builder.unit(Unit::Box(label), cells);
    }
    Ok(builder)
}

/// Adds the extra regions of `regions` to `builder`: a region of `side`
/// cells as a unit, a smaller one as the rule "extra region k": a forbidden
/// pair of each digit in each two of its cells.
fn extra_regions(
    mut builder: GeometryBuilder,
    size: Size,
    regions: &[Vec<usize>],
) -> Result<GeometryBuilder, RulesError> {
    let n = size.side();
    let mut next_unit = builder.extra_units();
    for (index, cells) in regions.iter().enumerate() {
        if cells.len() > n {
            return Err(RulesError::ExtraRegionSize {
                index,
                found: cells.len(),
                side: n,
            });
        }
        if cells.len() == n {
            builder = builder.unit(Unit::Extra(next_unit), cells.iter().copied());
            next_unit += 1;
            continue;
        }
        // Named, so that a conflict or a step says which region it is
        // about: one pair of placements a digit and two cells.
        let rule = builder.rule(Unit::Rule(ConstraintKind::ExtraRegion, index));
        for (k, &a) in cells.iter().enumerate() {
            for &b in &cells[k + 1..] {
                for digit in 1..=n as u8 {
                    builder.forbid_pair((a, digit), (b, digit), rule);
                }
            }
        }
    }
    Ok(builder)
}

impl fmt::Display for Boxes {
    /// `RxC`, `none`, `regions`, or `standard`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Boxes::Standard => f.write_str("standard"),
            Boxes::Shape { rows, columns } => write!(f, "{rows}x{columns}"),
            Boxes::None => f.write_str("none"),
            Boxes::Regions(_) => f.write_str("regions"),
        }
    }
}
