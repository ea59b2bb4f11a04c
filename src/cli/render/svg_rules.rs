//! The rules of a puzzle drawn in its picture ([`super::svg`]), under the
//! digits, the way puzzle setters draw them: killer cages as dashed
//! outlines with their sum in a corner, and each [`Constraint`] in its
//! usual form.
//!
//! The drawing comes in two layers around the grid lines: [`shading`]
//! fills whole cells (clones) and marks odd and even cells before the lines
//! are drawn, so that the lines stay crisp; [`marks`] draws the lines
//! (thermometers, palindromes, whispers, renban and entropic lines), the
//! cages, the minimum and maximum chevrons, the dots and the XV markers
//! over the lines and under the digits. Lines are semi-transparent so that
//! the digits on them stay readable. The rules of every pair of neighbours
//! (non-consecutive, negative black dots, negative XV) have nothing to draw:
//! [`note`] names them for the caption.
//!
//! Everything drawn here sits in a `<g class="rules">` group, and every
//! element carries a class naming what it shows (`thermometer`, `bulb`,
//! `white-dot`, `cage`...), so that a reader can tell the marks from the
//! digits.

use std::fmt::Write as _;
use std::io::Write as _;

use sudoku_dlx::{Cage, Cell, Constraint, Frame, Rules, Variant};

/// The side of one cell, in SVG user units (pixels when shown alone).
pub const CELL: usize = 40;

/// The cell side as a signed coordinate, for the sums of offsets.
const SIDE: i64 = CELL as i64;
/// How far a cage outline sits inside the cells.
const CAGE_INSET: i64 = 4;
/// The radius of a kropki dot.
const DOT: i64 = 6;
/// The font sizes of the value in a dot and of an XV marker.
const DOT_FONT: i64 = 10;
const XV_FONT: i64 = 15;
/// The light colours of clones, one per clone in turn.
const CLONE_COLOURS: [&str; 6] = [
    "#fde6a8", "#c9e7fb", "#d8f2c2", "#f9d0e0", "#e3d7f7", "#d2f0ec",
];
/// The fill of the cells of extra regions.
const EXTRA_REGION_COLOUR: &str = "#e4e4e4";
/// The fill of odd circles and even squares.
const PARITY_COLOUR: &str = "#d6d6d6";

/// How a line rule is drawn: its colour, width and opacity.
struct LineStyle {
    class: &'static str,
    colour: &'static str,
    width: i64,
    opacity: &'static str,
}

const THERMOMETER: LineStyle = LineStyle {
    class: "thermometer",
    colour: "#9a9a9a",
    width: 14,
    opacity: "0.6",
};
const PALINDROME: LineStyle = LineStyle {
    class: "palindrome",
    colour: "#9a9a9a",
    width: 8,
    opacity: "0.7",
};
const WHISPERS: LineStyle = LineStyle {
    class: "whispers",
    colour: "#2fae3c",
    width: 8,
    opacity: "0.6",
};
const RENBAN: LineStyle = LineStyle {
    class: "renban",
    colour: "#c04fd8",
    width: 10,
    opacity: "0.5",
};
const BETWEEN: LineStyle = LineStyle {
    class: "between",
    colour: "#8a8a8a",
    width: 4,
    opacity: "0.8",
};
const REGION_SUM: LineStyle = LineStyle {
    class: "region-sum",
    colour: "#2f7fd8",
    width: 8,
    opacity: "0.5",
};
const ENTROPIC: LineStyle = LineStyle {
    class: "entropic",
    colour: "#f08c1a",
    width: 8,
    opacity: "0.6",
};

/// Where the cells of a picture are drawn: the frame placed with its top
/// left corner at (`left`, `top`).
#[derive(Clone, Copy)]
pub struct Layout<'a> {
    pub frame: &'a Frame,
    pub left: usize,
    pub top: usize,
}

impl Layout<'_> {
    /// The top left corner of `cell`.
    fn corner(&self, cell: usize) -> (i64, i64) {
        let Cell { row, column } = self.frame.position(cell);
        (
            (self.left + column * CELL) as i64,
            (self.top + row * CELL) as i64,
        )
    }

    /// The centre of `cell`.
    fn centre(&self, cell: usize) -> (i64, i64) {
        let (x, y) = self.corner(cell);
        (x + SIDE / 2, y + SIDE / 2)
    }

    /// The midpoint of the centres of two cells: the middle of the edge
    /// between two neighbours.
    fn between(&self, [a, b]: [usize; 2]) -> (i64, i64) {
        let ((xa, ya), (xb, yb)) = (self.centre(a), self.centre(b));
        ((xa + xb) / 2, (ya + yb) / 2)
    }

    /// The cell `dr` rows and `dc` columns away from `cell`, if the frame
    /// has one there.
    fn neighbour(&self, cell: usize, dr: i64, dc: i64) -> Option<usize> {
        let Cell { row, column } = self.frame.position(cell);
        let row = usize::try_from(row as i64 + dr).ok()?;
        let column = usize::try_from(column as i64 + dc).ok()?;
        self.frame.cell_at(row, column)
    }
}

/// Draws what fills cells, before the grid lines: the shading of clones,
/// the circles of odd cells and the squares of even cells.
pub fn shading(out: &mut Vec<u8>, rules: &Rules, at: Layout<'_>) {
    if rules.extra_regions.is_empty()
        && !rules.constraints.iter().any(|c| {
            matches!(
                c,
                Constraint::Clone { .. } | Constraint::Odd(_) | Constraint::Even(_)
            )
        })
    {
        return;
    }
    out.extend_from_slice(b"<g class=\"rules\">\n");
    for &cell in rules.extra_regions.iter().flatten() {
        let (x, y) = at.corner(cell);
        let _ = writeln!(
            out,
            "<rect class=\"extra-region\" x=\"{x}\" y=\"{y}\" width=\"{SIDE}\" \
             height=\"{SIDE}\" fill=\"{EXTRA_REGION_COLOUR}\"/>"
        );
    }
    let mut clones = 0;
    for constraint in &rules.constraints {
        match constraint {
            Constraint::Clone { cells, copy } => {
                let colour = CLONE_COLOURS[clones % CLONE_COLOURS.len()];
                clones += 1;
                for &cell in cells.iter().chain(copy) {
                    let (x, y) = at.corner(cell);
                    let _ = writeln!(
                        out,
                        "<rect class=\"clone\" x=\"{x}\" y=\"{y}\" width=\"{SIDE}\" \
                         height=\"{SIDE}\" fill=\"{colour}\"/>"
                    );
                }
            }
            Constraint::Odd(cell) => {
                let (x, y) = at.centre(*cell);
                let _ = writeln!(
                    out,
                    "<circle class=\"odd\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{PARITY_COLOUR}\"/>",
                    SIDE * 2 / 5
                );
            }
            Constraint::Even(cell) => {
                let (x, y) = at.corner(*cell);
                let inset = SIDE / 8;
                let _ = writeln!(
                    out,
                    "<rect class=\"even\" x=\"{}\" y=\"{}\" width=\"{side}\" height=\"{side}\" \
                     fill=\"{PARITY_COLOUR}\"/>",
                    x + inset,
                    y + inset,
                    side = SIDE - 2 * inset
                );
            }
            _ => {}
        }
    }
    out.extend_from_slice(b"</g>\n");
}

/// Draws the marks over the grid lines and under the digits: the lines,
/// the killer cages, the minimum and maximum chevrons, the dots and the XV
/// markers, in that order (a dot covers the line it sits on).
pub fn marks(out: &mut Vec<u8>, rules: &Rules, at: Layout<'_>) {
    let drawn = |c: &&Constraint| {
        !matches!(
            c,
            Constraint::Clone { .. }
                | Constraint::Odd(_)
                | Constraint::Even(_)
                | Constraint::NonConsecutive
                | Constraint::NegativeBlack
                | Constraint::NegativeXv
        )
    };
    if !rules.constraints.iter().any(|c| drawn(&c)) {
        return;
    }
    out.extend_from_slice(b"<g class=\"rules\">\n");
    for constraint in &rules.constraints {
        match constraint {
            Constraint::Thermometer(cells) => line(out, &THERMOMETER, cells, at),
            Constraint::Palindrome(cells) => line(out, &PALINDROME, cells, at),
            Constraint::Whispers(cells) => line(out, &WHISPERS, cells, at),
            Constraint::Renban(cells) => line(out, &RENBAN, cells, at),
            Constraint::Entropic(cells) => line(out, &ENTROPIC, cells, at),
            Constraint::Arrow { bulb, shaft } => arrow(out, bulb, shaft, at),
            Constraint::Between(cells) => line(out, &BETWEEN, cells, at),
            Constraint::RegionSum(cells) => line(out, &REGION_SUM, cells, at),
            _ => {}
        }
    }
    for cage in rules.cages() {
        self::cage(out, cage, at);
    }
    for constraint in &rules.constraints {
        match constraint {
            Constraint::Minimum(cell) => chevrons(out, *cell, false, at),
            Constraint::Maximum(cell) => chevrons(out, *cell, true, at),
            _ => {}
        }
    }
    for constraint in &rules.constraints {
        match constraint {
            Constraint::WhiteDot { cells, difference } => {
                dot(out, *cells, false, *difference, 1, at)
            }
            Constraint::BlackDot { cells, ratio } => dot(out, *cells, true, *ratio, 2, at),
            Constraint::Xv { cells, sum } => xv(out, *cells, *sum, at),
            Constraint::Quadruple { cells, digits } => quadruple(out, cells, digits, at),
            Constraint::LittleKiller { sum, .. } | Constraint::Sandwich { sum, .. } => {
                outside_clue(out, constraint, *sum, at)
            }
            _ => {}
        }
    }
    out.extend_from_slice(b"</g>\n");
}

/// The rules that have nothing to draw (they hold between every pair of
/// neighbours without a mark), in words for the caption; `None` when the
/// puzzle has none. Non-consecutive is read as the description reads it,
/// a variant, or as a constraint.
pub fn note(rules: &Rules) -> Option<String> {
    let has = |rule: &Constraint| rules.constraints.contains(rule);
    let non_consecutive =
        rules.variants.contains(&Variant::NonConsecutive) || has(&Constraint::NonConsecutive);
    let words: Vec<&str> = [
        (non_consecutive, "non-consecutive"),
        (has(&Constraint::NegativeBlack), "negative black dots"),
        (has(&Constraint::NegativeXv), "negative XV"),
    ]
    .into_iter()
    .filter_map(|(holds, word)| holds.then_some(word))
    .collect();
    (!words.is_empty()).then(|| words.join(", "))
}

/// True when `rules` have clues outside the grid (little killers,
/// sandwiches), which the picture leaves a ring of cells for.
pub fn has_outside_clues(rules: &Rules) -> bool {
    rules.constraints.iter().any(|c| {
        matches!(
            c,
            Constraint::LittleKiller { .. } | Constraint::Sandwich { .. }
        )
    })
}

/// The clue of a little killer or a sandwich in the cell beside the grid
/// it stands in: its number, and for a little killer a small arrow from
/// the number's corner along the diagonal.
fn outside_clue(out: &mut Vec<u8>, constraint: &Constraint, sum: u32, at: Layout<'_>) {
    let Some(((row, column), (dr, dc))) = constraint.clue(at.frame) else {
        return;
    };
    let x = at.left as i64 + (column - 1) * SIDE + SIDE / 2;
    let y = at.top as i64 + (row - 1) * SIDE + SIDE / 2;
    let killer = matches!(constraint, Constraint::LittleKiller { .. });
    let class = if killer { "little-killer" } else { "sandwich" };
    let _ = writeln!(
        out,
        "<text class=\"{class}\" x=\"{x}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\" \
         fill=\"#222\">{sum}</text>",
        y + 5
    );
    if killer {
        // From near the number towards the corner of the grid it points at.
        let (x0, y0) = (x + dc * SIDE / 4, y + dr * SIDE / 4);
        let (x1, y1) = (x + dc * SIDE * 9 / 20, y + dr * SIDE * 9 / 20);
        let (hx, hy) = (SIDE / 10, SIDE / 10);
        let _ = writeln!(
            out,
            "<path class=\"little-killer-arrow\" d=\"M{x0} {y0}L{x1} {y1}M{} {y1}L{x1} {y1}L{x1} {}\" \
             fill=\"none\" stroke=\"#222\" stroke-width=\"1.5\"/>",
            x1 - dc * hx,
            y1 - dr * hy
        );
    }
}

/// A quadruple: a white circle on the corner the four cells share (the
/// middle of their centres), its digits inside.
fn quadruple(out: &mut Vec<u8>, cells: &[usize], digits: &[u8], at: Layout<'_>) {
    let centres: Vec<(i64, i64)> = cells.iter().map(|&cell| at.centre(cell)).collect();
    let count = centres.len().max(1) as i64;
    let x = centres.iter().map(|c| c.0).sum::<i64>() / count;
    let y = centres.iter().map(|c| c.1).sum::<i64>() / count;
    let text: Vec<String> = digits.iter().map(u8::to_string).collect();
    let _ = writeln!(
        out,
        "<circle class=\"quadruple\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"white\" \
         stroke=\"#222\" stroke-width=\"1\"/>\n\
         <text class=\"quadruple-digits\" x=\"{x}\" y=\"{}\" font-size=\"{DOT_FONT}\" \
         text-anchor=\"middle\" fill=\"#222\">{}</text>",
        SIDE * 3 / 10,
        y + DOT_FONT / 3,
        text.join(" ")
    );
}

/// A ring on `cell` (an arrow's bulb, a between line's end) of `class`,
/// filled with `fill`, drawn in `colour`.
fn ring(out: &mut Vec<u8>, class: &str, cell: usize, fill: &str, colour: &str, at: Layout<'_>) {
    let (x, y) = at.centre(cell);
    let _ = writeln!(
        out,
        "<circle class=\"{class}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{fill}\" \
         stroke=\"{colour}\" stroke-width=\"2\"/>",
        SIDE * 3 / 8
    );
}

/// An arrow: a hollow circle on each cell of the bulb, a thin line from the
/// bulb along the shaft, and a head at its end.
fn arrow(out: &mut Vec<u8>, bulb: &[usize], shaft: &[usize], at: Layout<'_>) {
    const COLOUR: &str = "#6a6a6a";
    out.extend_from_slice(b"<g class=\"arrow\" opacity=\"0.8\">\n");
    for &cell in bulb {
        ring(out, "arrow-bulb", cell, "none", COLOUR, at);
    }
    let points: Vec<(i64, i64)> = bulb[bulb.len() - 1..]
        .iter()
        .chain(shaft)
        .map(|&cell| at.centre(cell))
        .collect();
    let text: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
    let _ = writeln!(
        out,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"{COLOUR}\" stroke-width=\"2\"/>",
        text.join(" ")
    );
    if let [.., (x0, y0), (x1, y1)] = points[..] {
        let (dx, dy) = (x1 as f64 - x0 as f64, y1 as f64 - y0 as f64);
        let length = (dx * dx + dy * dy).sqrt().max(1.0);
        let (ux, uy) = (dx / length, dy / length);
        let size = SIDE as f64 / 4.0;
        let tip = (x1 as f64, y1 as f64);
        let wing = |sign: f64| {
            (
                tip.0 - size * ux + sign * size * 0.6 * uy,
                tip.1 - size * uy - sign * size * 0.6 * ux,
            )
        };
        let (left, right) = (wing(1.0), wing(-1.0));
        let _ = writeln!(
            out,
            "<polyline class=\"arrow-head\" points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" \
             fill=\"none\" stroke=\"{COLOUR}\" stroke-width=\"2\"/>",
            left.0, left.1, tip.0, tip.1, right.0, right.1
        );
    }
    out.extend_from_slice(b"</g>\n");
}

/// Draws a line through the centres of `cells` in `style`; a thermometer
/// gets its bulb on the first cell, a between line a circle on each end.
/// The line and the circles are one group, so that its opacity applies
/// once where they overlap.
fn line(out: &mut Vec<u8>, style: &LineStyle, cells: &[usize], at: Layout<'_>) {
    let LineStyle {
        class,
        colour,
        width,
        opacity,
    } = style;
    let _ = writeln!(out, "<g class=\"{class}\" opacity=\"{opacity}\">");
    let points: Vec<String> = cells
        .iter()
        .map(|&cell| {
            let (x, y) = at.centre(cell);
            format!("{x},{y}")
        })
        .collect();
    let _ = writeln!(
        out,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{width}\" \
         stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
        points.join(" ")
    );
    if style.class == THERMOMETER.class {
        if let Some(&bulb) = cells.first() {
            let (x, y) = at.centre(bulb);
            let _ = writeln!(
                out,
                "<circle class=\"bulb\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{colour}\"/>",
                SIDE * 3 / 8
            );
        }
    }
    if style.class == BETWEEN.class {
        // A hollow circle on each end, white inside so the line stops at it.
        for &end in cells.first().into_iter().chain(cells.last()) {
            ring(out, "between-end", end, "white", colour, at);
        }
    }
    out.extend_from_slice(b"</g>\n");
}

/// Draws the dashed outline of `cage`, inset in its cells, and its sum in
/// the top left corner of its first cell in reading order.
fn cage(out: &mut Vec<u8>, cage: &Cage, at: Layout<'_>) {
    let inside = |cell: Option<usize>| cell.is_some_and(|c| cage.cells.contains(&c));
    let mut path = String::new();
    for &cell in &cage.cells {
        let (x, y) = at.corner(cell);
        // Each side with no cage cell beyond it, as (the step out of the
        // cell, the step along the side): top, right, bottom, left.
        for (out_r, out_c, along_r, along_c) in
            [(-1, 0, 0, 1), (0, 1, 1, 0), (1, 0, 0, -1), (0, -1, -1, 0)]
        {
            if inside(at.neighbour(cell, out_r, out_c)) {
                continue;
            }
            // The side runs from `start` to `end` (clockwise), inset; each
            // end stops short at a corner of the cage, runs on to the next
            // cell along the side, or turns into a hollow corner.
            let end_of = |sign: i64| -> i64 {
                let next = at.neighbour(cell, sign * along_r, sign * along_c);
                let diagonal = at.neighbour(cell, sign * along_r + out_r, sign * along_c + out_c);
                match (inside(next), inside(diagonal)) {
                    (false, _) => -CAGE_INSET,
                    (true, false) => 0,
                    (true, true) => CAGE_INSET,
                }
            };
            let (x0, y0, x1, y1) = side_ends(x, y, out_r, out_c);
            let (from, to) = (end_of(-1), end_of(1));
            let (dx, dy) = (along_c, along_r);
            let _ = write!(
                path,
                "M{} {}L{} {}",
                x0 - out_c * CAGE_INSET - dx * from,
                y0 - out_r * CAGE_INSET - dy * from,
                x1 - out_c * CAGE_INSET + dx * to,
                y1 - out_r * CAGE_INSET + dy * to,
            );
        }
    }
    let _ = writeln!(
        out,
        "<path class=\"cage\" d=\"{path}\" fill=\"none\" stroke=\"#222\" stroke-width=\"1\" \
         stroke-dasharray=\"3 2\"/>"
    );
    let first = cage.cells.iter().copied().min_by_key(|&cell| {
        let Cell { row, column } = at.frame.position(cell);
        (row, column)
    });
    if let (Some(sum), Some(first)) = (cage.sum, first) {
        let (x, y) = at.corner(first);
        let text = sum.to_string();
        let width = 6 * text.len() as i64 + 2;
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{width}\" height=\"11\" fill=\"white\"/>\n\
             <text class=\"cage-sum\" x=\"{}\" y=\"{}\" font-size=\"10\" fill=\"#222\">{text}</text>",
            x + 2,
            y + 2,
            x + 3,
            y + 11,
        );
    }
}

/// The ends of the side of the cell at (`x`, `y`) that faces the step
/// (`out_r`, `out_c`), clockwise round the cell.
fn side_ends(x: i64, y: i64, out_r: i64, out_c: i64) -> (i64, i64, i64, i64) {
    match (out_r, out_c) {
        (-1, _) => (x, y, x + SIDE, y),
        (_, 1) => (x + SIDE, y, x + SIDE, y + SIDE),
        (1, _) => (x + SIDE, y + SIDE, x, y + SIDE),
        _ => (x, y + SIDE, x, y),
    }
}

/// Draws a chevron on each side of `cell` that has a neighbour, pointing
/// into the cell for a minimum (the neighbours are larger) and out of it
/// for a maximum.
fn chevrons(out: &mut Vec<u8>, cell: usize, outward: bool, at: Layout<'_>) {
    let (cx, cy) = at.centre(cell);
    let class = if outward { "maximum" } else { "minimum" };
    let (near, far) = (SIDE / 2 - 10, SIDE / 2 - 4);
    let (tip, base) = if outward { (far, near) } else { (near, far) };
    let mut path = String::new();
    for (dr, dc) in [(-1, 0), (0, 1), (1, 0), (0, -1)] {
        if at.neighbour(cell, dr, dc).is_none() {
            continue;
        }
        // Across the side: the other axis.
        let (ar, ac) = (dc, dr);
        let _ = write!(
            path,
            "M{} {}L{} {}L{} {}",
            cx + dc * base - ac * 6,
            cy + dr * base - ar * 6,
            cx + dc * tip,
            cy + dr * tip,
            cx + dc * base + ac * 6,
            cy + dr * base + ar * 6,
        );
    }
    let _ = writeln!(
        out,
        "<path class=\"{class}\" d=\"{path}\" fill=\"none\" stroke=\"#555\" stroke-width=\"2\" \
         stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
    );
}

/// Draws a kropki dot on the edge between `cells`: white with a black
/// outline, or black; its `value` written in it unless it is `usual`.
fn dot(out: &mut Vec<u8>, cells: [usize; 2], black: bool, value: u8, usual: u8, at: Layout<'_>) {
    let (x, y) = at.between(cells);
    let (class, fill, ink) = if black {
        ("black-dot", "black", "white")
    } else {
        ("white-dot", "white", "black")
    };
    let written = value != usual;
    let radius = match (written, value) {
        (false, _) => DOT,
        (true, ..10) => DOT + 2,
        (true, _) => DOT + 4,
    };
    let _ = writeln!(
        out,
        "<circle class=\"{class}\" cx=\"{x}\" cy=\"{y}\" r=\"{radius}\" fill=\"{fill}\" \
         stroke=\"black\" stroke-width=\"1.5\"/>"
    );
    if written {
        let _ = writeln!(
            out,
            "<text class=\"{class}-value\" x=\"{x}\" y=\"{}\" font-size=\"{DOT_FONT}\" \
             fill=\"{ink}\" text-anchor=\"middle\">{value}</text>",
            baseline(y, DOT_FONT)
        );
    }
}

/// The baseline of text of `font` size centred on `y`: the digits of the
/// fonts used stand about 0.7 of the size tall. (`dominant-baseline` would
/// say it, but not every renderer reads it.)
fn baseline(y: i64, font: i64) -> i64 {
    y + font * 7 / 20
}

/// Draws an XV marker on the edge between `cells`: X for 10, V for 5, any
/// other sum as its number, on a white background.
fn xv(out: &mut Vec<u8>, cells: [usize; 2], sum: u8, at: Layout<'_>) {
    let (x, y) = at.between(cells);
    let text = match sum {
        10 => "X".to_owned(),
        5 => "V".to_owned(),
        other => other.to_string(),
    };
    let width = 10 * text.len() as i64 + 4;
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{width}\" height=\"16\" fill=\"white\"/>\n\
         <text class=\"xv\" x=\"{x}\" y=\"{}\" font-size=\"{XV_FONT}\" font-weight=\"bold\" \
         fill=\"black\" text-anchor=\"middle\">{text}</text>",
        x - width / 2,
        y - 8,
        baseline(y, XV_FONT),
    );
}

#[cfg(test)]
mod tests {
    use roxmltree::{Document, Node};
    use sudoku_dlx::{Alphabet, Cage, Constraint, Grid, Rules, Size, Variant};

    use super::super::svg::{self, Picture};

    /// The cell at row `r`, column `c` of a 9x9 grid, both from 1.
    fn rc(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    /// A 9x9 puzzle with every rule there is a mark for, and two cages.
    fn example() -> Rules {
        Rules {
            constraints: vec![
                Constraint::KillerCage(Cage {
                    cells: vec![rc(7, 8), rc(6, 7), rc(6, 8)],
                    sum: Some(15),
                }),
                Constraint::KillerCage(Cage {
                    cells: vec![rc(9, 4), rc(9, 5)],
                    sum: None,
                }),
                Constraint::Thermometer(vec![rc(1, 1), rc(1, 2), rc(1, 3), rc(2, 4)]),
                Constraint::WhiteDot {
                    cells: [rc(3, 1), rc(3, 2)],
                    difference: 1,
                },
                Constraint::WhiteDot {
                    cells: [rc(3, 3), rc(3, 4)],
                    difference: 3,
                },
                Constraint::BlackDot {
                    cells: [rc(4, 1), rc(5, 1)],
                    ratio: 2,
                },
                Constraint::BlackDot {
                    cells: [rc(4, 3), rc(4, 4)],
                    ratio: 3,
                },
                Constraint::Xv {
                    cells: [rc(6, 1), rc(6, 2)],
                    sum: 10,
                },
                Constraint::Xv {
                    cells: [rc(6, 3), rc(7, 3)],
                    sum: 5,
                },
                Constraint::Xv {
                    cells: [rc(6, 5), rc(6, 6)],
                    sum: 7,
                },
                Constraint::Odd(rc(8, 1)),
                Constraint::Even(rc(8, 2)),
                Constraint::Minimum(rc(5, 5)),
                Constraint::Maximum(rc(5, 7)),
                Constraint::Palindrome(vec![rc(1, 6), rc(2, 7), rc(3, 8), rc(3, 7)]),
                Constraint::Clone {
                    cells: vec![rc(9, 1), rc(9, 2)],
                    copy: vec![rc(9, 8), rc(9, 9)],
                },
                Constraint::Whispers(vec![rc(2, 9), rc(3, 9), rc(4, 9), rc(5, 9)]),
                Constraint::Renban(vec![rc(7, 5), rc(7, 6), rc(8, 6)]),
                Constraint::Entropic(vec![rc(8, 4), rc(8, 5), rc(9, 6), rc(9, 7)]),
                Constraint::NonConsecutive,
                Constraint::NegativeXv,
            ],
            ..Rules::default()
        }
    }

    /// The SVG picture of `givens` under `rules`.
    fn draw(rules: &Rules, givens: &Grid) -> String {
        let picture = Picture {
            grid: givens,
            givens,
            alphabet: Alphabet::STANDARD,
            rules,
        };
        let mut out = Vec::new();
        svg::draw(&mut out, Some(picture), "");
        String::from_utf8(out).unwrap()
    }

    /// The elements of `class`.
    fn of_class<'a, 'i>(document: &'a Document<'i>, class: &str) -> Vec<Node<'a, 'i>> {
        let class = class.to_owned();
        document
            .descendants()
            .filter(|n| n.attribute("class") == Some(class.as_str()))
            .collect()
    }

    /// The numbers of `node`'s attributes `names`.
    fn numbers<const N: usize>(node: Node<'_, '_>, names: [&str; N]) -> [i64; N] {
        names.map(|name| node.attribute(name).unwrap().parse().unwrap())
    }

    /// The top left corner of the grid drawn.
    fn origin(document: &Document<'_>) -> (i64, i64) {
        let [x, y] = numbers(of_class(document, "grid")[0], ["x", "y"]);
        (x, y)
    }

    #[test]
    fn every_rule_is_drawn_where_its_cells_are() {
        let text = draw(&example(), &Grid::empty(Size::NINE));
        let document = Document::parse(&text).unwrap();
        let (x0, y0) = origin(&document);
        // The centre of r`r`c`c`.
        let centre = |r: i64, c: i64| (x0 + (c - 1) * 40 + 20, y0 + (r - 1) * 40 + 20);
        let bulbs = of_class(&document, "bulb");
        assert_eq!(bulbs.len(), 1);
        let [cx, cy] = numbers(bulbs[0], ["cx", "cy"]);
        assert_eq!((cx, cy), centre(1, 1), "the bulb on the first cell");
        let thermometer = of_class(&document, "thermometer")[0];
        let points = thermometer
            .descendants()
            .find(|n| n.has_tag_name("polyline"))
            .unwrap()
            .attribute("points")
            .unwrap();
        let (r2c4x, r2c4y) = centre(2, 4);
        assert!(points.ends_with(&format!(" {r2c4x},{r2c4y}")), "{points}");
        assert_eq!(points.split(' ').count(), 4);
        // A white dot on the right edge of r3c1, empty; one of 3 on r3c3.
        let whites = of_class(&document, "white-dot");
        assert_eq!(whites.len(), 2);
        let [cx, cy] = numbers(whites[0], ["cx", "cy"]);
        assert_eq!((cx, cy), (centre(3, 1).0 + 20, centre(3, 1).1));
        assert_eq!(whites[0].attribute("fill"), Some("white"));
        assert_eq!(whites[0].attribute("stroke"), Some("black"));
        let values = of_class(&document, "white-dot-value");
        assert_eq!(values.len(), 1, "1 goes unwritten");
        assert_eq!(values[0].text(), Some("3"));
        // A black dot on the bottom edge of r4c1; one of 3, in white.
        let blacks = of_class(&document, "black-dot");
        assert_eq!(blacks.len(), 2);
        let [cx, cy] = numbers(blacks[0], ["cx", "cy"]);
        assert_eq!((cx, cy), (centre(4, 1).0, centre(4, 1).1 + 20));
        assert_eq!(blacks[0].attribute("fill"), Some("black"));
        let values = of_class(&document, "black-dot-value");
        assert_eq!(values.len(), 1, "2 goes unwritten");
        assert_eq!(values[0].text(), Some("3"));
        assert_eq!(values[0].attribute("fill"), Some("white"));
        // X, V and 7, each on its edge.
        let xv: Vec<(&str, [i64; 2])> = of_class(&document, "xv")
            .into_iter()
            .map(|n| {
                let [x, y] = numbers(n, ["x", "y"]);
                // Centred on the edge: the baseline below its middle.
                (
                    n.text().unwrap(),
                    [x, y - super::baseline(0, super::XV_FONT)],
                )
            })
            .collect();
        let edge = |(x, y): (i64, i64), dx, dy| [x + dx, y + dy];
        assert_eq!(
            xv,
            [
                ("X", edge(centre(6, 1), 20, 0)),
                ("V", edge(centre(6, 3), 0, 20)),
                ("7", edge(centre(6, 5), 20, 0)),
            ]
        );
        let [cx, cy, r] = numbers(of_class(&document, "odd")[0], ["cx", "cy", "r"]);
        assert_eq!((cx, cy), centre(8, 1));
        assert!(r < 20);
        let [x, y, width] = numbers(of_class(&document, "even")[0], ["x", "y", "width"]);
        assert_eq!((x + width / 2, y + width / 2), centre(8, 2));
        assert!(width < 40);
        let clones = of_class(&document, "clone");
        assert_eq!(clones.len(), 4, "both sets shaded");
        let fills: Vec<_> = clones.iter().map(|n| n.attribute("fill")).collect();
        assert!(fills.iter().all(|f| *f == fills[0]));
        for (class, colour) in [
            ("palindrome", "#9a9a9a"),
            ("whispers", "#2fae3c"),
            ("renban", "#c04fd8"),
            ("entropic", "#f08c1a"),
        ] {
            let lines = of_class(&document, class);
            assert_eq!(lines.len(), 1, "{class}");
            let polyline = lines[0].first_element_child().unwrap();
            assert_eq!(polyline.attribute("stroke"), Some(colour), "{class}");
            let opacity: f64 = lines[0].attribute("opacity").unwrap().parse().unwrap();
            assert!(opacity < 1.0, "{class}: the digits show through");
        }
        // The note names the rules with nothing to draw.
        assert_eq!(
            super::note(&example()).as_deref(),
            Some("non-consecutive, negative XV")
        );
    }

    #[test]
    fn minimum_chevrons_point_in_and_maximum_ones_out() {
        let text = draw(&example(), &Grid::empty(Size::NINE));
        let document = Document::parse(&text).unwrap();
        let (x0, y0) = origin(&document);
        // The chevron on the top side of a cell: its middle point (the tip)
        // and its first, as distances above the centre.
        let top = |class: &str, r: i64, c: i64| -> (i64, i64) {
            let d = of_class(&document, class)[0].attribute("d").unwrap();
            let cy = y0 + (r - 1) * 40 + 20;
            let numbers: Vec<i64> = d
                .split(['M', 'L', ' '])
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            assert_eq!(numbers.len(), 4 * 6, "a chevron on each of the four sides");
            assert_eq!(numbers[2], x0 + (c - 1) * 40 + 20, "the tip is centred");
            (cy - numbers[3], cy - numbers[1])
        };
        let (tip, base) = top("minimum", 5, 5);
        assert!(tip < base, "a minimum's chevrons point to its centre");
        let (tip, base) = top("maximum", 5, 7);
        assert!(tip > base, "a maximum's chevrons point out");
        assert!(tip < 20 && base < 20, "inside the cell");
    }

    #[test]
    fn a_chevron_only_where_a_neighbour_is() {
        let rules = Rules {
            constraints: vec![Constraint::Minimum(0)],
            ..Rules::default()
        };
        let text = draw(&rules, &Grid::empty(Size::NINE));
        let document = Document::parse(&text).unwrap();
        let d = of_class(&document, "minimum")[0].attribute("d").unwrap();
        assert_eq!(d.matches('M').count(), 2, "right and below: {d}");
    }

    /// The segments of a path of `M x y L x y` pieces.
    fn segments(d: &str) -> Vec<[i64; 4]> {
        d.split('M')
            .filter(|s| !s.is_empty())
            .map(|s| {
                let n: Vec<i64> = s.split(['L', ' ']).map(|n| n.parse().unwrap()).collect();
                [n[0], n[1], n[2], n[3]]
            })
            .collect()
    }

    #[test]
    fn a_cage_is_a_dashed_outline_inside_its_cells_with_its_sum() {
        let text = draw(&example(), &Grid::empty(Size::NINE));
        let document = Document::parse(&text).unwrap();
        let (x0, y0) = origin(&document);
        let cages = of_class(&document, "cage");
        assert_eq!(cages.len(), 2);
        assert!(cages[0].attribute("stroke-dasharray").is_some());
        // The L of r6c7, r6c8, r7c8: six sides, eight segments (the top,
        // the left and right of r6c8 split by cell), every one inset and
        // closing on itself.
        let segments = segments(cages[0].attribute("d").unwrap());
        let (left, top) = (x0 + 6 * 40, y0 + 5 * 40);
        let mut ends = std::collections::HashMap::new();
        for [xa, ya, xb, yb] in &segments {
            assert!(xa == xb || ya == yb, "straight: {segments:?}");
            for point in [(*xa, *ya), (*xb, *yb)] {
                *ends.entry(point).or_insert(0) += 1;
                assert!(point.0 > left && point.1 > top, "inset: {segments:?}");
                assert!(point.0 < left + 80 && point.1 < top + 80);
            }
        }
        // Corners meet two segments, joins along a side two: a closed outline.
        assert!(ends.values().all(|&n| n == 2), "{segments:?}");
        // The hollow corner of the L, where r6c7 meets r7c8: the outline
        // turns inside r6c8 (4 right of its left side, 4 above its bottom).
        assert!(ends.contains_key(&(left + 44, top + 36)), "{ends:?}");
        let sums = of_class(&document, "cage-sum");
        assert_eq!(sums.len(), 1, "a cage without a sum has none drawn");
        assert_eq!(sums[0].text(), Some("15"));
        let [x, y] = numbers(sums[0], ["x", "y"]);
        assert!((left..left + 15).contains(&x) && (top..top + 15).contains(&y));
    }

    #[test]
    fn the_marks_are_under_the_digits_and_shading_under_the_lines() {
        let givens: Grid = format!("1{}", ".".repeat(80)).parse().unwrap();
        let text = draw(&example(), &givens);
        let at = |needle: &str| text.find(needle).unwrap();
        assert!(at("class=\"clone\"") < at("class=\"grid\""));
        assert!(at("class=\"odd\"") < at("class=\"grid\""));
        assert!(at("class=\"grid\"") < at("class=\"bulb\""));
        assert!(at("class=\"xv\"") < at("class=\"given\""));
        assert!(at("class=\"cage\"") < at("class=\"given\""));
    }

    #[test]
    fn the_note_reads_non_consecutive_as_a_variant_too() {
        let rules = Rules {
            variants: vec![Variant::NonConsecutive],
            constraints: vec![Constraint::NegativeBlack, Constraint::NonConsecutive],
            ..Rules::default()
        };
        assert_eq!(
            super::note(&rules).as_deref(),
            Some("non-consecutive, negative black dots")
        );
    }

    #[test]
    fn a_puzzle_without_rules_draws_none() {
        let text = draw(&Rules::default(), &Grid::empty(Size::NINE));
        assert!(!text.contains("class=\"rules\""), "{text}");
        assert_eq!(super::note(&Rules::default()), None);
    }
}
