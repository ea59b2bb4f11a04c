//! The symbols that stand for digits and blanks in text.
//!
//! The standard alphabet writes value `v` as `123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ[v-1]`,
//! letters in either case, with `.`, `0` and `_` for blanks. Many 16x16
//! collections are written in hexadecimal instead: `0-9A-F` for the values 1
//! to 16, with `.` for blanks. A 36x36 grid needs a 36th symbol: `0`, after
//! `Z`, with `.` for blanks. An [`Alphabet`] says which is meant and in which
//! case letters are printed, so that answers come back in the alphabet of the
//! question.

/// The symbols of the standard alphabet, value 1 first, then `0` for the
/// value 36, which only the 36x36 alphabet reads as a digit.
const STANDARD: &[u8; 36] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0";
/// The symbols of the hexadecimal alphabet (16x16 only), value 1 first.
const HEX: &[u8; 16] = b"0123456789ABCDEF";
/// [`STANDARD`] and [`HEX`] by value, the blank (value 0) first, for
/// writing without a branch on the blank, which is unpredictable in a
/// puzzle.
const STANDARD_BY_VALUE: &[u8; 37] = b".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0";
const HEX_BY_VALUE: &[u8; 17] = b".0123456789ABCDEF";

/// Which symbols stand for which values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symbols {
    /// `1-9` then `A-Z`; `.`, `0` and `_` are blanks.
    #[default]
    Standard,
    /// `0-9` then `A-F` for a 16x16 grid; `.` and `_` are blanks.
    Hex,
    /// `1-9`, `A-Z`, then `0` for 36, for a 36x36 grid; `.` and `_` are
    /// blanks.
    ThirtySix,
}

/// An alphabet: the symbols, and the case letters are printed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Alphabet {
    /// Which symbols stand for which values.
    pub symbols: Symbols,
    /// Print letters in lower case.
    pub lowercase: bool,
}

/// What one byte of a puzzle means in some alphabet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symbol {
    /// A blank cell.
    Blank,
    /// A digit with this value (1 to 36); it may still be too large for the
    /// grid at hand.
    Value(u8),
    /// Not a symbol of the alphabet.
    Unknown,
}

impl Alphabet {
    /// The standard alphabet, letters in upper case.
    pub const STANDARD: Alphabet = Alphabet {
        symbols: Symbols::Standard,
        lowercase: false,
    };
    /// The hexadecimal alphabet, letters in upper case.
    pub const HEX: Alphabet = Alphabet {
        symbols: Symbols::Hex,
        lowercase: false,
    };
    /// The 36x36 alphabet (`0` is 36), letters in upper case.
    pub const THIRTY_SIX: Alphabet = Alphabet {
        symbols: Symbols::ThirtySix,
        lowercase: false,
    };

    /// What `byte` means in this alphabet.
    pub fn decode(self, byte: u8) -> Symbol {
        decode_in(self.symbols, byte)
    }

    /// The value `byte` stands for, 0 for a blank, [`UNKNOWN`] for a byte
    /// that is not a symbol of the alphabet: [`Alphabet::decode`] as one
    /// table look-up, for reading without a branch on each symbol.
    pub(crate) fn value_of(self, byte: u8) -> u8 {
        VALUES[self.symbols as usize][usize::from(byte)]
    }

    /// The symbol for `value`, or `.` for 0. The standard alphabet writes
    /// 36 as `0`, as the 36x36 alphabet does (it cannot read it back).
    ///
    /// # Panics
    ///
    /// Panics if `value` is larger than the alphabet has symbols for.
    pub fn encode(self, value: u8) -> u8 {
        let symbol = match self.symbols {
            Symbols::Standard | Symbols::ThirtySix => STANDARD_BY_VALUE[usize::from(value)],
            Symbols::Hex => HEX_BY_VALUE[usize::from(value)],
        };
        if self.lowercase {
            symbol.to_ascii_lowercase()
        } else {
            symbol
        }
    }

    /// The largest value this alphabet can write.
    pub fn max_value(self) -> usize {
        match self.symbols {
            Symbols::Standard => STANDARD.len() - 1,
            Symbols::ThirtySix => STANDARD.len(),
            Symbols::Hex => HEX.len(),
        }
    }

    /// Picks the alphabet that the symbols of one puzzle are written in.
    ///
    /// A 16x16 puzzle (`side` 16) is read as hexadecimal when it uses `0` as
    /// well as `.` or `_` and never `G`: then `0` cannot be a blank. It is
    /// also read as hexadecimal when it is a filled hexadecimal grid, each of
    /// `0-9A-F` sixteen times: in the standard alphabet that would be a grid
    /// with every 16 blanked out, never a real puzzle, while solutions printed
    /// in hexadecimal must read back as they were. A 36x36 puzzle is read
    /// in the 36x36 alphabet (`0` for 36) in the same cases, and also when it
    /// has no `0` at all; it stays standard (`0` a blank) only when `0` is
    /// its one blank. Every other puzzle is read in the standard alphabet. Letters are printed in lower case when the
    /// puzzle wrote its letters in lower case.
    pub fn detect(side: usize, symbols: &[u8]) -> Alphabet {
        let has = |wanted: fn(u8) -> bool| symbols.iter().any(|&b| wanted(b));
        let filled = |table: &[u8]| {
            table.iter().all(|&symbol| {
                let same = |b: &&u8| b.eq_ignore_ascii_case(&symbol);
                symbols.iter().filter(same).count() == side
            })
        };
        let zero = has(|b| b == b'0');
        let zero_is_a_digit =
            |table: &[u8]| zero && (has(|b| matches!(b, b'.' | b'_')) || filled(table));
        let symbols = match side {
            16 if !has(|b| matches!(b, b'G' | b'g')) && zero_is_a_digit(HEX) => Symbols::Hex,
            36 if !zero || zero_is_a_digit(STANDARD) => Symbols::ThirtySix,
            _ => Symbols::Standard,
        };
        let lowercase = has(|b| b.is_ascii_lowercase()) && !has(|b| b.is_ascii_uppercase());
        Alphabet { symbols, lowercase }
    }

    /// A short description of the symbols valid for a grid of side `side`,
    /// for error messages: for example `1-9 or a blank (. 0 _)`.
    pub fn describe(self, side: usize) -> String {
        let first = self.encode(1) as char;
        let side = side.min(self.max_value());
        let last = self.encode(side.min(35) as u8) as char;
        let zero = if side == 36 { ", 0" } else { "" };
        let blanks = match self.symbols {
            Symbols::Standard => ". 0 _",
            Symbols::Hex | Symbols::ThirtySix => ". _",
        };
        format!("{first}-{last}{zero} or a blank ({blanks})")
    }
}

/// [`Alphabet::value_of`] of a byte that is not a symbol.
pub(crate) const UNKNOWN: u8 = u8::MAX;

/// What `byte` stands for in `symbols`.
const fn decode_in(symbols: Symbols, byte: u8) -> Symbol {
    match (symbols, byte) {
        (_, b'.' | b'_') | (Symbols::Standard, b'0') => Symbol::Blank,
        (Symbols::ThirtySix, b'0') => Symbol::Value(36),
        (Symbols::Standard | Symbols::ThirtySix, b'1'..=b'9') => Symbol::Value(byte - b'0'),
        (Symbols::Standard | Symbols::ThirtySix, b'a'..=b'z') => Symbol::Value(byte - b'a' + 10),
        (Symbols::Standard | Symbols::ThirtySix, b'A'..=b'Z') => Symbol::Value(byte - b'A' + 10),
        (Symbols::Hex, b'0'..=b'9') => Symbol::Value(byte - b'0' + 1),
        (Symbols::Hex, b'a'..=b'f') => Symbol::Value(byte - b'a' + 11),
        (Symbols::Hex, b'A'..=b'F') => Symbol::Value(byte - b'A' + 11),
        _ => Symbol::Unknown,
    }
}

/// [`Alphabet::value_of`] of every byte, for each [`Symbols`] in order.
const VALUES: [[u8; 256]; 3] = [
    values_in(Symbols::Standard),
    values_in(Symbols::Hex),
    values_in(Symbols::ThirtySix),
];

/// The value of every byte in `symbols`: 0 blank, [`UNKNOWN`] not a
/// symbol.
const fn values_in(symbols: Symbols) -> [u8; 256] {
    let mut values = [UNKNOWN; 256];
    let mut byte = 0;
    while byte < 256 {
        values[byte] = match decode_in(symbols, byte as u8) {
            Symbol::Blank => 0,
            Symbol::Value(value) => value,
            Symbol::Unknown => UNKNOWN,
        };
        byte += 1;
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_by_value_follow_the_alphabets() {
        assert_eq!(STANDARD_BY_VALUE[1..], STANDARD[..]);
        assert_eq!(HEX_BY_VALUE[1..], HEX[..]);
    }

    #[test]
    fn standard_round_trip() {
        for value in 1..=35 {
            let symbol = Alphabet::STANDARD.encode(value);
            assert_eq!(Alphabet::STANDARD.decode(symbol), Symbol::Value(value));
            let lower = symbol.to_ascii_lowercase();
            assert_eq!(Alphabet::STANDARD.decode(lower), Symbol::Value(value));
        }
        for blank in [b'.', b'0', b'_'] {
            assert_eq!(Alphabet::STANDARD.decode(blank), Symbol::Blank);
        }
        assert_eq!(Alphabet::STANDARD.decode(b'Z'), Symbol::Value(35));
        assert_eq!(Alphabet::STANDARD.decode(b'-'), Symbol::Unknown);
        assert_eq!(Alphabet::STANDARD.decode(b'!'), Symbol::Unknown);
    }

    #[test]
    fn hex_round_trip() {
        let lower = Alphabet {
            symbols: Symbols::Hex,
            lowercase: true,
        };
        for value in 1..=16 {
            assert_eq!(lower.decode(lower.encode(value)), Symbol::Value(value));
        }
        assert_eq!(lower.encode(1), b'0');
        assert_eq!(lower.encode(16), b'f');
        assert_eq!(lower.decode(b'.'), Symbol::Blank);
        assert_eq!(lower.decode(b'g'), Symbol::Unknown);
    }

    #[test]
    fn detection() {
        assert_eq!(
            Alphabet::detect(16, b".ce....2..b..0f."),
            Alphabet {
                symbols: Symbols::Hex,
                lowercase: true
            }
        );
        assert_eq!(Alphabet::detect(16, b"0.G0"), Alphabet::STANDARD);
        assert_eq!(Alphabet::detect(9, b"0.10"), Alphabet::STANDARD);
        assert_eq!(Alphabet::detect(16, b"ABC0000"), Alphabet::STANDARD);
        // A filled hexadecimal grid: each symbol sixteen times.
        let filled: Vec<u8> = (0..256).map(|k| HEX[(k + k / 16) % 16]).collect();
        assert_eq!(Alphabet::detect(16, &filled), Alphabet::HEX);
        // The same with one symbol short is a standard puzzle with 0 blanks.
        let mut short = filled.clone();
        short[0] = b'1';
        assert_eq!(Alphabet::detect(16, &short), Alphabet::STANDARD);
    }

    #[test]
    fn thirty_six_reads_zero_as_a_digit() {
        for value in 1..=36 {
            let symbol = Alphabet::THIRTY_SIX.encode(value);
            assert_eq!(Alphabet::THIRTY_SIX.decode(symbol), Symbol::Value(value));
        }
        assert_eq!(Alphabet::THIRTY_SIX.encode(36), b'0');
        assert_eq!(Alphabet::THIRTY_SIX.decode(b'_'), Symbol::Blank);
        assert_eq!(Alphabet::detect(36, b"0.Z1"), Alphabet::THIRTY_SIX);
        assert_eq!(Alphabet::detect(36, b"..Z1"), Alphabet::THIRTY_SIX);
        // `0` as the only blank: the standard alphabet.
        assert_eq!(Alphabet::detect(36, b"00Z1"), Alphabet::STANDARD);
        // A filled 36x36 grid: each symbol 36 times.
        let filled: Vec<u8> = (0..36 * 36).map(|k| STANDARD[(k + k / 36) % 36]).collect();
        assert_eq!(Alphabet::detect(36, &filled), Alphabet::THIRTY_SIX);
        assert_eq!(Alphabet::THIRTY_SIX.describe(36), "1-Z, 0 or a blank (. _)");
    }

    #[test]
    fn descriptions() {
        assert_eq!(Alphabet::STANDARD.describe(9), "1-9 or a blank (. 0 _)");
        assert_eq!(Alphabet::HEX.describe(16), "0-F or a blank (. _)");
    }
}
