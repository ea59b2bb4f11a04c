//! The `--stats` summary: how many puzzles a run read and what became of
//! them, how long it took and how much searching it did, on standard error.

use std::io::{self, Write};
use std::time::Duration;

use super::answer::{Facts, Verdict};

/// Counts kept over a run.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Tally {
    read: u64,
    solved: u64,
    unique: u64,
    multiple: u64,
    unsolvable: u64,
    invalid: u64,
    mismatch: u64,
    undecided: u64,
    searched: u64,
    nodes: u64,
}

impl Tally {
    /// Counts one answer.
    pub fn add(&mut self, facts: &Facts) {
        self.read += 1;
        if let Some(found) = facts.found {
            self.searched += 1;
            self.nodes += facts.nodes;
            if found > 0 {
                self.solved += 1;
            }
            if found > 1 {
                self.multiple += 1;
            }
            if found == 0 && !facts.gave_up {
                self.unsolvable += 1;
            }
        }
        if facts.proven_unique {
            self.unique += 1;
        }
        match facts.verdict {
            Verdict::Invalid => self.invalid += 1,
            Verdict::Mismatch => self.mismatch += 1,
            Verdict::Undecided => self.undecided += 1,
            _ => {}
        }
    }

    /// Writes the summary of a run that took `elapsed`.
    pub fn write(&self, out: &mut impl Write, elapsed: Duration) -> io::Result<()> {
        let seconds = elapsed.as_secs_f64();
        let rate = if seconds > 0.0 {
            self.read as f64 / seconds
        } else {
            0.0
        };
        let mean_nodes = if self.searched > 0 {
            self.nodes as f64 / self.searched as f64
        } else {
            0.0
        };
        writeln!(out, "puzzles read     {:>10}", self.read)?;
        writeln!(out, "  solved         {:>10}", self.solved)?;
        writeln!(out, "  unique         {:>10}", self.unique)?;
        writeln!(out, "  multiple       {:>10}", self.multiple)?;
        writeln!(out, "  unsolvable     {:>10}", self.unsolvable)?;
        writeln!(out, "  invalid        {:>10}", self.invalid)?;
        if self.undecided > 0 {
            writeln!(out, "  undecided      {:>10}", self.undecided)?;
        }
        if self.mismatch > 0 {
            writeln!(out, "  mismatch       {:>10}", self.mismatch)?;
        }
        writeln!(out, "time             {seconds:>10.3} s")?;
        writeln!(out, "puzzles/second   {rate:>10.1}")?;
        writeln!(out, "mean search nodes {mean_nodes:>9.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_by_what_the_search_found() {
        let mut tally = Tally::default();
        let unique = Facts {
            found: Some(1),
            proven_unique: true,
            nodes: 10,
            ..Facts::default()
        };
        let several = Facts {
            found: Some(2),
            verdict: Verdict::Multiple,
            nodes: 30,
            ..Facts::default()
        };
        let invalid = Facts {
            verdict: Verdict::Invalid,
            ..Facts::default()
        };
        for facts in [&unique, &several, &invalid] {
            tally.add(facts);
        }
        assert_eq!((tally.read, tally.searched), (3, 2));
        assert_eq!((tally.solved, tally.unique, tally.multiple), (2, 1, 1));
        assert_eq!((tally.unsolvable, tally.invalid, tally.nodes), (0, 1, 40));
        let mut text = Vec::new();
        tally.write(&mut text, Duration::from_secs(2)).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("puzzles/second          1.5"), "{text}");
        assert!(text.contains("mean search nodes      20.0"), "{text}");
    }
}
