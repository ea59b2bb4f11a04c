//! Shapes of several grids: square grids that overlap in whole boxes, in
//! one frame (a samurai's five 9x9 grids in a 21x21 frame, a twodoku's two).
//!
//! A shape is data: the corner of each grid in the frame. [`Shape::builder`]
//! turns it into a [`GeometryBuilder`] whose cells are the frame's
//! positions covered by a grid and whose units are the rows, columns and
//! boxes of every grid, a box that two grids share counted once. The rest
//! of the model (encoding, singles, solver, generator, raters, logic) reads
//! that geometry as it reads a square one.

use std::fmt;

use thiserror::Error;

use crate::sudoku::frame::Frame;
use crate::sudoku::geometry::{Geometry, GeometryBuilder};
use crate::sudoku::grid::{Size, Unit};

/// The largest number of cells of a shape (cells are numbered in 16 bits).
const MOST_CELLS: usize = u16::MAX as usize;

/// A shape made of 9x9 grids, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NamedShape {
    /// Five grids: four corners and one in the middle sharing a box with
    /// each (21x21).
    Samurai,
    /// Two grids sharing one box on a diagonal (15x15).
    Twodoku,
    /// Four grids overlapping in a 12x12 frame.
    Butterfly,
    /// Five grids: a centre and four petals (15x15).
    Flower,
    /// Four grids around a hole, each sharing a box with two others
    /// (21x21).
    Sohei,
    /// Five grids: a centre and four sails turning around it (21x21).
    Windmill,
}

impl NamedShape {
    /// Every named shape, in the order of their names' listing.
    pub const ALL: [NamedShape; 6] = [
        NamedShape::Samurai,
        NamedShape::Twodoku,
        NamedShape::Butterfly,
        NamedShape::Flower,
        NamedShape::Sohei,
        NamedShape::Windmill,
    ];

    /// The name, as the command line and JSON write it.
    pub fn name(self) -> &'static str {
        match self {
            NamedShape::Samurai => "samurai",
            NamedShape::Twodoku => "twodoku",
            NamedShape::Butterfly => "butterfly",
            NamedShape::Flower => "flower",
            NamedShape::Sohei => "sohei",
            NamedShape::Windmill => "windmill",
        }
    }

    /// The shape of that name, if any.
    pub fn from_name(name: &str) -> Option<NamedShape> {
        NamedShape::ALL
            .into_iter()
            .find(|shape| shape.name() == name)
    }

    /// The top-left corner (row, column, from 0) of each of its 9x9 grids.
    pub fn corners(self) -> &'static [(usize, usize)] {
        match self {
            NamedShape::Samurai => &[(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)],
            NamedShape::Twodoku => &[(0, 0), (6, 6)],
            NamedShape::Butterfly => &[(0, 0), (0, 3), (3, 0), (3, 3)],
            NamedShape::Flower => &[(0, 3), (3, 0), (3, 3), (3, 6), (6, 3)],
            NamedShape::Sohei => &[(0, 6), (6, 0), (6, 12), (12, 6)],
            NamedShape::Windmill => &[(0, 3), (3, 12), (6, 6), (9, 0), (12, 9)],
        }
    }
}

impl fmt::Display for NamedShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where the cells of a puzzle sit: one square grid, or several grids in a
/// frame.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub enum Shape {
    /// One square grid, as wide as its digits.
    #[default]
    Square,
    /// A named shape of 9x9 grids.
    Named(NamedShape),
    /// Square grids of the puzzle's size at these corners (row, column,
    /// from 0) of a frame.
    Grids(Vec<(usize, usize)>),
}

/// Why a shape makes no geometry.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// A named shape on grids of another size.
    #[error("the {shape} shape is made of 9x9 grids; found {found} grids")]
    NamedSize {
        /// The shape.
        shape: NamedShape,
        /// The size of the puzzle's digits.
        found: Size,
    },
    /// Grids without boxes, which cannot overlap in whole boxes.
    #[error("the grids of a shape overlap in whole boxes; a {size} grid has none")]
    NoBoxes {
        /// The size of the grids.
        size: Size,
    },
    /// No grid at all.
    #[error("a shape needs at least one grid; found none")]
    NoGrids,
    /// Two grids at the same corner.
    #[error("grids {} and {} both have their corner at r{}c{}", first + 1, second + 1, corner.0 + 1, corner.1 + 1)]
    SameCorner {
        /// The first grid, from 0.
        first: usize,
        /// The second grid, from 0.
        second: usize,
        /// Their corner.
        corner: (usize, usize),
    },
    /// Two grids that overlap in part of a box.
    #[error(
        "grids {} (corner r{}c{}) and {} (corner r{}c{}) overlap in part of a box; \
         grids may share only whole {}x{} boxes, so their corners must be a multiple \
         of {} rows and {} columns apart",
        first + 1, corners.0.0 + 1, corners.0.1 + 1, second + 1, corners.1.0 + 1,
        corners.1.1 + 1, boxes.0, boxes.1, boxes.0, boxes.1
    )]
    PartialBox {
        /// The first grid, from 0.
        first: usize,
        /// The second grid, from 0.
        second: usize,
        /// Their corners.
        corners: ((usize, usize), (usize, usize)),
        /// The rows and columns of a box.
        boxes: (usize, usize),
    },
    /// A frame too large.
    #[error("the shape has {found} cells; at most {MOST_CELLS} are supported")]
    TooLarge {
        /// Its cells.
        found: usize,
    },
}

impl Shape {
    /// True for one square grid.
    pub fn is_square(&self) -> bool {
        matches!(self, Shape::Square)
    }

    /// The name of a named shape.
    pub fn name(&self) -> Option<&'static str> {
        match self {
            Shape::Named(shape) => Some(shape.name()),
            _ => None,
        }
    }

    /// The corners of the grids, for a grid side of `size`.
    pub fn corners(&self) -> &[(usize, usize)] {
        match self {
            Shape::Square => &[(0, 0)],
            Shape::Named(shape) => shape.corners(),
            Shape::Grids(corners) => corners,
        }
    }

    /// The frame of this shape for grids of `size`: its rows and columns,
    /// and the positions covered by a grid.
    pub fn frame(&self, size: Size) -> Frame {
        let n = size.side();
        if let Shape::Square = self {
            return Frame::square(n);
        }
        let corners = self.corners();
        let rows = corners.iter().map(|&(top, _)| top + n).max().unwrap_or(0);
        let columns = corners.iter().map(|&(_, left)| left + n).max().unwrap_or(0);
        Frame::with_cells(
            rows,
            columns,
            (0..rows)
                .flat_map(|row| (0..columns).map(move |column| (row, column)))
                .filter(|&(row, column)| {
                    corners.iter().any(|&(top, left)| {
                        (top..top + n).contains(&row) && (left..left + n).contains(&column)
                    })
                }),
        )
    }

    /// The geometry builder of this shape with digits 1 to `size.side()`:
    /// the rows, columns and boxes of every grid (grid by grid; a shared
    /// box once, named after the first grid that has it), counted as the
    /// shape's own units. Variant rules, regions and cages are added to it
    /// as to a square grid's.
    ///
    /// # Errors
    ///
    /// Fails when a named shape is asked for at another size than 9x9, the
    /// grids have no boxes, two grids share a corner or overlap in part of
    /// a box, or the frame is too large.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{NamedShape, Shape, Size};
    ///
    /// let samurai = Shape::Named(NamedShape::Samurai).builder(Size::NINE).unwrap().build().unwrap();
    /// assert_eq!(samurai.cells(), 369);
    /// assert_eq!(samurai.units(), 131); // 5 x 27, less the 4 shared boxes
    /// let bad = Shape::Grids(vec![(0, 0), (4, 4)]).builder(Size::NINE);
    /// assert!(bad.unwrap_err().to_string().contains("part of a box"));
    /// ```
    pub fn builder(&self, size: Size) -> Result<GeometryBuilder, ShapeError> {
        if let Shape::Square = self {
            return Ok(Geometry::builder(size));
        }
        if let Shape::Named(shape) = self {
            if size != Size::NINE {
                return Err(ShapeError::NamedSize {
                    shape: *shape,
                    found: size,
                });
            }
        }
        let corners = self.corners();
        let n = size.side();
        let Some((box_rows, box_columns)) = size.box_shape() else {
            return Err(ShapeError::NoBoxes { size });
        };
        if corners.is_empty() {
            return Err(ShapeError::NoGrids);
        }
        for (first, &a) in corners.iter().enumerate() {
            for (second, &b) in corners.iter().enumerate().skip(first + 1) {
                let (rows_apart, columns_apart) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
                if a == b {
                    return Err(ShapeError::SameCorner {
                        first,
                        second,
                        corner: a,
                    });
                }
                let overlap = rows_apart < n && columns_apart < n;
                if overlap && (rows_apart % box_rows != 0 || columns_apart % box_columns != 0) {
                    return Err(ShapeError::PartialBox {
                        first,
                        second,
                        corners: (a, b),
                        boxes: (box_rows, box_columns),
                    });
                }
            }
        }
        let frame = self.frame(size);
        if frame.cells() > MOST_CELLS {
            return Err(ShapeError::TooLarge {
                found: frame.cells(),
            });
        }
        let cell = |row: usize, column: usize| {
            frame
                .cell_at(row, column)
                .expect("the positions of a grid are cells of the frame")
        };
        let mut units: Vec<(Unit, Vec<usize>)> = Vec::new();
        for (grid, &(top, left)) in corners.iter().enumerate() {
            for row in 0..n {
                let cells = (0..n).map(|k| cell(top + row, left + k)).collect();
                units.push((Unit::GridRow(grid, row), cells));
            }
            for column in 0..n {
                let cells = (0..n).map(|k| cell(top + k, left + column)).collect();
                units.push((Unit::GridColumn(grid, column), cells));
            }
            let stacks = n / box_columns;
            for number in 0..n {
                let (box_top, box_left) = (
                    top + number / stacks * box_rows,
                    left + number % stacks * box_columns,
                );
                let cells: Vec<usize> = (0..n)
                    .map(|k| cell(box_top + k / box_columns, box_left + k % box_columns))
                    .collect();
                if !units.iter().any(|(_, known)| *known == cells) {
                    units.push((Unit::GridBox(grid, number), cells));
                }
            }
        }
        let builder = units.into_iter().fold(
            Geometry::frame_builder(size, frame),
            |builder, (unit, cells)| builder.unit(unit, cells),
        );
        Ok(builder
            .with_grids(corners.to_vec())
            .mark_standard_units((box_rows, box_columns)))
    }
}

impl fmt::Display for Shape {
    /// `square`, the name of a named shape, or `grids`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Square => f.write_str("square"),
            Shape::Named(shape) => f.write_str(shape.name()),
            Shape::Grids(_) => f.write_str("grids"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_shapes_have_their_published_cells_and_units() {
        // Cells, units (rows and columns of every grid, and every box once)
        // and frame, counted independently of the builder.
        let expected = [
            (NamedShape::Samurai, 369, 131, (21, 21)),
            (NamedShape::Twodoku, 153, 53, (15, 15)),
            (NamedShape::Butterfly, 144, 88, (12, 12)),
            (NamedShape::Flower, 189, 111, (15, 15)),
            (NamedShape::Sohei, 288, 104, (21, 21)),
            (NamedShape::Windmill, 333, 127, (21, 21)),
        ];
        for (shape, cells, units, frame) in expected {
            let geometry = Shape::Named(shape)
                .builder(Size::NINE)
                .unwrap()
                .build()
                .unwrap();
            assert_eq!(geometry.cells(), cells, "{shape}");
            assert_eq!(geometry.units(), units, "{shape}");
            assert_eq!(
                (geometry.frame().rows(), geometry.frame().columns()),
                frame,
                "{shape}"
            );
            assert!(!geometry.is_classic() && !geometry.is_square());
            assert_eq!(NamedShape::from_name(shape.name()), Some(shape));
        }
    }

    #[test]
    fn a_shared_box_is_one_unit_of_both_grids() {
        let twodoku = Shape::Named(NamedShape::Twodoku)
            .builder(Size::NINE)
            .unwrap()
            .build()
            .unwrap();
        // r7c7 lies in the box both grids share: row, column and box of
        // the first grid, row and column of the second.
        let cell = twodoku.frame().cell_at(6, 6).unwrap();
        let kinds: Vec<Unit> = twodoku
            .units_of(cell)
            .iter()
            .map(|&unit| twodoku.kind(unit as usize))
            .collect();
        assert_eq!(
            kinds,
            [
                Unit::GridRow(0, 6),
                Unit::GridColumn(0, 6),
                Unit::GridBox(0, 8),
                Unit::GridRow(1, 0),
                Unit::GridColumn(1, 0)
            ]
        );
    }

    #[test]
    fn bad_shapes_are_refused_with_a_reason() {
        let error = |shape: Shape, size: Size| shape.builder(size).unwrap_err().to_string();
        assert_eq!(
            error(Shape::Grids(vec![(0, 0), (0, 4)]), Size::NINE),
            "grids 1 (corner r1c1) and 2 (corner r1c5) overlap in part of a box; grids may \
             share only whole 3x3 boxes, so their corners must be a multiple of 3 rows and 3 \
             columns apart"
        );
        assert_eq!(
            error(Shape::Grids(vec![(0, 0), (0, 0)]), Size::NINE),
            "grids 1 and 2 both have their corner at r1c1"
        );
        assert_eq!(
            error(Shape::Named(NamedShape::Samurai), Size::FOUR),
            "the samurai shape is made of 9x9 grids; found 4x4 grids"
        );
        assert_eq!(
            error(Shape::Grids(vec![]), Size::NINE),
            "a shape needs at least one grid; found none"
        );
        assert!(error(
            Shape::Grids(vec![(0, 0), (2, 2)]),
            Size::from_side(7).unwrap()
        )
        .contains("has none"));
        // Grids that do not touch, or touch in whole boxes, are fine, at any size.
        assert!(Shape::Grids(vec![(0, 0), (2, 2)])
            .builder(Size::FOUR)
            .is_ok());
        assert!(Shape::Grids(vec![(0, 0), (9, 9)])
            .builder(Size::NINE)
            .is_ok());
    }
}
