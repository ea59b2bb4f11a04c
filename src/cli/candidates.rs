//! The answer of `candidates`: the true candidates of a puzzle found by the
//! library's [`CandidateFinder`], turned into facts and a verdict, and
//! written as one field of sorted symbols per cell.

use sudoku_dlx::{Alphabet, CandidateFinder, Candidates, Geometry, Record};

use super::facts::{Facts, Verdict};

/// Finds the true candidates of `record` with at most `limit` searches and
/// fills `facts`: the candidates when a solution was found, the solutions
/// seen in `found`, `stopped_at_limit` when the work was cut short.
pub fn find(
    limit: u64,
    geometry: &Geometry,
    record: &Record,
    finder: &mut CandidateFinder,
    facts: &mut Facts,
) {
    let found = match finder.find(geometry, &record.grid, limit) {
        Ok(found) => found,
        Err(conflict) => return facts.fail(Verdict::Invalid, &conflict),
    };
    facts.found = Some(found.solutions);
    facts.stopped_at_limit = !found.complete;
    facts.gave_up = found.stopped_at_node_budget;
    facts.proven_unique = found.complete && found.solutions == 1;
    facts.nodes = found.nodes;
    let (solutions, complete) = (found.solutions, found.complete);
    if solutions > 0 {
        facts.candidates = Some(found);
    }
    if facts.gave_up {
        facts.fail(
            Verdict::Undecided,
            &"a search gave up at --max-nodes: some candidates are not settled",
        );
    } else if solutions == 0 && complete {
        facts.fail(Verdict::Unsolvable, &"no solution");
    } else if solutions == 1 && complete {
        facts.verdict = Verdict::Unique;
    } else if solutions >= 2 {
        facts.verdict = Verdict::Multiple;
    }
}

/// The count of solutions seen, as `k`, or `k+` when the work was cut short.
pub fn solutions_seen(facts: &Facts) -> Option<String> {
    let more = if facts.stopped_at_limit { "+" } else { "" };
    facts.found.map(|found| format!("{found}{more}"))
}

/// Appends the symbols of the candidates of `cell`, smallest first.
pub fn write_cell(out: &mut Vec<u8>, candidates: &Candidates, cell: usize, alphabet: Alphabet) {
    out.extend(candidates.digits(cell).map(|digit| alphabet.encode(digit)));
}

/// Appends the candidates of every cell, fields separated by spaces.
pub fn write_line(out: &mut Vec<u8>, candidates: &Candidates, alphabet: Alphabet) {
    for cell in 0..candidates.size().cells() {
        if cell > 0 {
            out.push(b' ');
        }
        write_cell(out, candidates, cell, alphabet);
    }
}
