//! The `--stats` summary: how many puzzles a run read and what became of
//! them, how long it took and how much searching it did, on standard error.

use std::io::{self, Write};
use std::time::Duration;

use super::args::Task;
use super::facts::{Facts, Verdict};

/// Every verdict, in the order the summary lists them.
const VERDICTS: [Verdict; 10] = [
    Verdict::Solved,
    Verdict::Valid,
    Verdict::Unique,
    Verdict::Rated,
    Verdict::Multiple,
    Verdict::Unsolvable,
    Verdict::Invalid,
    Verdict::Mismatch,
    Verdict::Undecided,
    Verdict::NotMinimal,
];

/// Counts kept over a run: each record counts once, under its verdict, so
/// the categories add up to the records read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    task: Task,
    read: u64,
    by_verdict: [u64; VERDICTS.len()],
    searched: u64,
    nodes: u64,
}

impl Tally {
    /// An empty tally of a run of `task`.
    pub fn new(task: Task) -> Tally {
        Tally {
            task,
            read: 0,
            by_verdict: [0; VERDICTS.len()],
            searched: 0,
            nodes: 0,
        }
    }

    /// Counts one answer.
    pub fn add(&mut self, facts: &Facts) {
        self.read += 1;
        if let Some(k) = VERDICTS.iter().position(|&v| v == facts.verdict) {
            self.by_verdict[k] += 1;
        }
        if facts.found.is_some() || facts.gave_up {
            self.searched += 1;
            self.nodes += facts.nodes;
        }
    }

    /// The verdicts a task can give, always listed even at 0.
    fn listed(&self, verdict: Verdict) -> bool {
        use Verdict::*;
        let always = [Unsolvable, Invalid, Undecided];
        always.contains(&verdict)
            || match self.task {
                Task::Solve { unique } => verdict == Solved || (unique && verdict == Multiple),
                Task::SolveAll { .. } | Task::Count { .. } => matches!(verdict, Solved | Multiple),
                Task::Check => matches!(verdict, Valid | Unique | Multiple | Mismatch),
                Task::Rate => matches!(verdict, Rated | Multiple),
                Task::Candidates { .. } => matches!(verdict, Solved | Unique | Multiple),
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
        for (&verdict, &count) in VERDICTS.iter().zip(&self.by_verdict) {
            if count > 0 || self.listed(verdict) {
                writeln!(out, "  {:<14} {count:>10}", verdict.word())?;
            }
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
    fn each_record_counts_once_under_its_verdict() {
        let mut tally = Tally::new(Task::Solve { unique: false });
        let solved = Facts {
            found: Some(1),
            nodes: 10,
            ..Facts::default()
        };
        let undecided = Facts {
            verdict: Verdict::Undecided,
            gave_up: true,
            nodes: 30,
            ..Facts::default()
        };
        let invalid = Facts {
            verdict: Verdict::Invalid,
            ..Facts::default()
        };
        for facts in [&solved, &undecided, &invalid] {
            tally.add(facts);
        }
        assert_eq!((tally.read, tally.searched, tally.nodes), (3, 2, 40));
        assert_eq!(tally.by_verdict.iter().sum::<u64>(), 3);
        let mut text = Vec::new();
        tally.write(&mut text, Duration::from_secs(2)).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("  undecided               1"), "{text}");
        assert!(!text.contains("unique"), "solve never checked: {text}");
        assert!(text.contains("puzzles/second          1.5"), "{text}");
        assert!(text.contains("mean search nodes      20.0"), "{text}");
    }
}
