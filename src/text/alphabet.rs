//! The symbols that stand for digits and blanks in text.
//!
//! The standard alphabet writes value `v` as `123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ[v-1]`,
//! letters in either case, with `.`, `0` and `_` for blanks. Many 16x16
//! collections are written in hexadecimal instead: `0-9A-F` for the values 1
//! to 16, with `.` for blanks. An [`Alphabet`] says which is meant and in which
//! case letters are printed, so that answers come back in the alphabet of the
//! question.

/// The symbols of the standard alphabet, value 1 first.
const STANDARD: &[u8; 35] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/// The symbols of the hexadecimal alphabet (16x16 only), value 1 first.
const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Which symbols stand for which values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symbols {
    /// `1-9` then `A-Z`; `.`, `0` and `_` are blanks.
    #[default]
    Standard,
    /// `0-9` then `A-F` for a 16x16 grid; `.` and `_` are blanks.
    Hex,
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
    /// A digit with this value (1 to 35); it may still be too large for the
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

    /// What `byte` means in this alphabet.
    pub fn decode(self, byte: u8) -> Symbol {
        match (self.symbols, byte) {
            (_, b'.' | b'_') | (Symbols::Standard, b'0') => Symbol::Blank,
            (Symbols::Standard, b'1'..=b'9') => Symbol::Value(byte - b'0'),
            (Symbols::Standard, b'a'..=b'z') => Symbol::Value(byte - b'a' + 10),
            (Symbols::Standard, b'A'..=b'Z') => Symbol::Value(byte - b'A' + 10),
            (Symbols::Hex, b'0'..=b'9') => Symbol::Value(byte - b'0' + 1),
            (Symbols::Hex, b'a'..=b'f') => Symbol::Value(byte - b'a' + 11),
            (Symbols::Hex, b'A'..=b'F') => Symbol::Value(byte - b'A' + 11),
            _ => Symbol::Unknown,
        }
    }

    /// The symbol for `value`, or `.` for 0.
    ///
    /// # Panics
    ///
    /// Panics if `value` is larger than the alphabet has symbols for.
    pub fn encode(self, value: u8) -> u8 {
        if value == 0 {
            return b'.';
        }
        let symbol = match self.symbols {
            Symbols::Standard => STANDARD[value as usize - 1],
            Symbols::Hex => HEX[value as usize - 1],
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
            Symbols::Standard => STANDARD.len(),
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
    /// in hexadecimal must read back as they were. Every other puzzle is read
    /// in the standard alphabet. Letters are printed in lower case when the
    /// puzzle wrote its letters in lower case.
    pub fn detect(side: usize, symbols: &[u8]) -> Alphabet {
        let has = |wanted: fn(u8) -> bool| symbols.iter().any(|&b| wanted(b));
        let filled_hex = || {
            HEX.iter().all(|&symbol| {
                let same = |b: &&u8| b.eq_ignore_ascii_case(&symbol);
                symbols.iter().filter(same).count() == side
            })
        };
        let hex = side == 16
            && has(|b| b == b'0')
            && !has(|b| matches!(b, b'G' | b'g'))
            && (has(|b| matches!(b, b'.' | b'_')) || filled_hex());
        let lowercase = has(|b| b.is_ascii_lowercase()) && !has(|b| b.is_ascii_uppercase());
        Alphabet {
            symbols: if hex { Symbols::Hex } else { Symbols::Standard },
            lowercase,
        }
    }

    /// A short description of the symbols valid for a grid of side `side`,
    /// for error messages: for example `1-9 or a blank (. 0 _)`.
    pub fn describe(self, side: usize) -> String {
        let first = self.encode(1) as char;
        let last = self.encode(side.min(self.max_value()) as u8) as char;
        let blanks = match self.symbols {
            Symbols::Standard => ". 0 _",
            Symbols::Hex => ". _",
        };
        format!("{first}-{last} or a blank ({blanks})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn descriptions() {
        assert_eq!(Alphabet::STANDARD.describe(9), "1-9 or a blank (. 0 _)");
        assert_eq!(Alphabet::HEX.describe(16), "0-F or a blank (. _)");
    }
}
