//! The canonical form of an X-Sudoku (both main diagonals hold every digit
//! once) of up to 9x9, under the transformations that keep the diagonals
//! diagonals: the grid's own symmetries whose row order `p` commutes with
//! reversal (row `i` and row `n-1-i` go to mirror places) and whose column
//! order is `p` or `p` reversed, with or without transposition: 96 for a
//! 9x9 grid (24 row orders). The group is small, so every element is
//! tried, each with the relabelling in order of first appearance.

use super::canon_node::{Shape, MAX};

/// Every row order of the group of `shape` that commutes with reversal:
/// bands in any order, rows within bands in any order, filtered. Only for
/// grids up to 9x9, where there are at most 1,296 orders to filter.
fn row_orders(shape: Shape) -> Vec<Vec<u8>> {
    let (n, band) = (shape.n, shape.band);
    let within = permutations(band);
    let mut all = Vec::new();
    for band_order in permutations(n / band) {
        let mut orders: Vec<Vec<u8>> = vec![Vec::new()];
        for b in band_order {
            let mut longer = Vec::new();
            for prefix in &orders {
                for rows in &within {
                    let mut order = prefix.clone();
                    order.extend(rows.iter().map(|&r| (b * band + r) as u8));
                    longer.push(order);
                }
            }
            orders = longer;
        }
        all.append(&mut orders);
    }
    all.retain(|p| (0..n).all(|i| usize::from(p[n - 1 - i]) == n - 1 - usize::from(p[i])));
    all
}

/// Every permutation of `0..k`.
fn permutations(k: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for item in 0..k {
        let mut longer = Vec::new();
        for p in &all {
            for at in 0..=p.len() {
                let mut q = p.clone();
                q.insert(at, item);
                longer.push(q);
            }
        }
        all = longer;
    }
    all
}

/// A map of the X group with its relabelling: whether it transposes, its
/// row and column orders, and `digits[v]`, the new value of `v`.
pub(super) struct XMap {
    pub transpose: bool,
    pub rows: Vec<u8>,
    pub columns: Vec<u8>,
    pub digits: Vec<u8>,
}

/// The map of the X group of `shape` that gives the smallest image of
/// `cells`; digits absent from the grid take the labels left, in order.
pub(super) fn smallest(shape: Shape, cells: &[u8]) -> XMap {
    let n = shape.n;
    let mut best: Option<XMap> = None;
    let mut best_image = [0u8; MAX * MAX];
    let mut image = [0u8; MAX * MAX];
    for p in row_orders(shape) {
        let reversed: Vec<u8> = p.iter().map(|&r| (n - 1) as u8 - r).collect();
        for q in [p.clone(), reversed] {
            for transpose in [false, true] {
                if transpose && !shape.transposes {
                    continue;
                }
                let mut labels = vec![0u8; n + 1];
                let mut next = 1;
                for (i, &r) in p.iter().enumerate() {
                    for (j, &c) in q.iter().enumerate() {
                        let (r, c) = (usize::from(r), usize::from(c));
                        let v = usize::from(if transpose {
                            cells[c * n + r]
                        } else {
                            cells[r * n + c]
                        });
                        if v != 0 && labels[v] == 0 {
                            labels[v] = next;
                            next += 1;
                        }
                        image[i * n + j] = labels[v];
                    }
                }
                if best.is_none() || image[..n * n] < best_image[..n * n] {
                    best_image = image;
                    best = Some(XMap {
                        transpose,
                        rows: p.clone(),
                        columns: q.clone(),
                        digits: labels,
                    });
                }
            }
        }
    }
    let mut map = best.expect("the group is not empty");
    let mut next = map.digits.iter().filter(|&&l| l != 0).count() as u8 + 1;
    for label in &mut map.digits[1..] {
        if *label == 0 {
            *label = next;
            next += 1;
        }
    }
    map
}
