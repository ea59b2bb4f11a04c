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
    let (solutions, complete) = (found.solutions, found.complete);
    let (gave_up, nodes) = (found.stopped_at_node_budget, found.nodes);
    if solutions > 0 {
        facts.candidates = Some(found);
    }
    judge(facts, solutions, complete, gave_up, nodes);
}

/// Fills `facts` from what a true-candidates search found: `solutions`
/// seen, whether the work was `complete`, whether a search `gave_up` at
/// the node budget, and the `nodes` of all the searches.
pub fn judge(facts: &mut Facts, solutions: u64, complete: bool, gave_up: bool, nodes: u64) {
    facts.found = Some(solutions);
    facts.stopped_at_limit = !complete;
    facts.gave_up = gave_up;
    facts.proven_unique = complete && solutions == 1;
    facts.nodes = nodes;
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
    for cell in 0..candidates.masks().len() {
        if cell > 0 {
            out.push(b' ');
        }
        write_cell(out, candidates, cell, alphabet);
    }
}
