//! Quadruples on the 9x9 fast path, narrowed from their definition.
//!
//! The exact-cover encoding reads a quadruple as a table of every way to
//! fill its four cells (a thousand and more), which costs the fast path
//! more to read after every round of forced work than the rule itself: its
//! listed digits each go in a cell of their own that may still hold them.
//! Each way to give them their cells is tried (at most 24); a cell keeps
//! the digit it is given in some way, and all its candidates in a way
//! that gives it none. With no way left, the first cell is emptied, a
//! contradiction; once the four cells are filled, only digits that hold
//! the listed ones are left.

use super::state::State;

/// Strikes from the four `cells` the digits no way of placing the listed
/// `digits` (0 for none) uses.
pub(super) fn narrow(state: &mut State, cells: &[usize], digits: [u8; 4]) {
    let mut candidates = [0u16; 4];
    for (held, &cell) in candidates.iter_mut().zip(cells) {
        *held = state.candidates(cell);
    }
    let listed = digits.iter().take_while(|&&d| d != 0).count();
    let mut kept = [0u16; 4];
    let mut given = [0u16; 4];
    assign(&candidates, &digits[..listed], &mut given, &mut kept);
    if kept == [0; 4] {
        state.empty(cells[0]);
        return;
    }
    for ((&cell, &held), &kept) in cells.iter().zip(&candidates).zip(&kept) {
        state.strike_digits(cell, held & !kept);
    }
}

/// Gives `digits` (1 to 9) cells of their own among those of `candidates`
/// that may hold them, the cells given so far marked in `given` (the digit
/// as a bit); at each complete way, adds to `kept` what each cell may hold
/// in it.
fn assign(candidates: &[u16; 4], digits: &[u8], given: &mut [u16; 4], kept: &mut [u16; 4]) {
    let Some((&digit, rest)) = digits.split_first() else {
        let filled = |(&held, &digit): (&u16, &u16)| held != 0 || digit != 0;
        if candidates.iter().zip(given.iter()).all(filled) {
            for ((kept, &held), &digit) in kept.iter_mut().zip(candidates).zip(given.iter()) {
                *kept |= if digit != 0 { digit } else { held };
            }
        }
        return;
    };
    let bit = 1 << (digit - 1);
    for cell in 0..4 {
        if given[cell] == 0 && candidates[cell] & bit != 0 {
            given[cell] = bit;
            assign(candidates, rest, given, kept);
            given[cell] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rng;

    #[test]
    fn a_cell_keeps_what_some_filling_holding_the_listed_digits_gives_it() {
        let mut rng = Rng::from_seed(4);
        let mut emptied = 0;
        for _ in 0..2000 {
            let candidates: [u16; 4] = std::array::from_fn(|_| rng.below(512) as u16);
            let listed: Vec<u8> = (0..1 + rng.below(4))
                .map(|_| 1 + rng.below(9) as u8)
                .collect();
            let mut expected = [0u16; 4];
            for filling in 0..9usize.pow(4) {
                let digits: [usize; 4] =
                    std::array::from_fn(|k| filling / 9usize.pow(k as u32) % 9);
                let allowed = digits
                    .iter()
                    .zip(&candidates)
                    .all(|(&d, &held)| held >> d & 1 != 0);
                let holds = listed.iter().all(|&l| {
                    let wanted = listed.iter().filter(|&&m| m == l).count();
                    digits.iter().filter(|&&d| d + 1 == usize::from(l)).count() >= wanted
                });
                if allowed && holds {
                    for (kept, &d) in expected.iter_mut().zip(&digits) {
                        *kept |= 1 << d;
                    }
                }
            }
            let (mut given, mut kept) = ([0u16; 4], [0u16; 4]);
            assign(&candidates, &listed, &mut given, &mut kept);
            assert_eq!(kept, expected, "{candidates:?} {listed:?}");
            emptied += usize::from(kept == [0; 4]);
        }
        // Draws with no way left were met, and so were draws with some.
        assert!(emptied > 100 && emptied < 1900, "{emptied}");
    }
}
