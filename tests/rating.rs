//! The rating separates the public puzzle collections: easy puzzles rate
//! below top1465, which rates below the forum's hardest.
//!
//! The first 40 puzzles of three bundled collections (`puzzles/`): easy,
//! top1465 and the forum's hardest. On the full sets the medians are 1, 30
//! and 413 (see docs/design.md, "Rating").

use sudoku_dlx::{PuzzleReader, Rater, Record};

/// The first 40 lines of a bundled collection.
fn head40(text: &str) -> String {
    text.lines()
        .take(40)
        .map(|line| format!("{line}\n"))
        .collect()
}

fn median_score(text: &str) -> u64 {
    let text = head40(text);
    let mut reader = PuzzleReader::new(text.as_bytes());
    let mut record = Record::default();
    let mut rater = Rater::new();
    let mut scores = Vec::new();
    while let Some(result) = reader.read_record(&mut record) {
        result.unwrap();
        let rating = rater.rate(&record.grid).unwrap();
        // Rating again gives the same answer.
        assert_eq!(rater.rate(&record.grid).unwrap(), rating);
        scores.push(rating.score);
    }
    assert_eq!(scores.len(), 40);
    scores.sort_unstable();
    scores[scores.len() / 2]
}

#[test]
fn medians_rise_from_easy_to_top1465_to_forum_hardest() {
    let easy = median_score(include_str!("../puzzles/easy.txt"));
    let top1465 = median_score(include_str!("../puzzles/bench-top1465.txt"));
    let hardest = median_score(include_str!("../puzzles/bench-forum-1106.txt"));
    assert!(
        easy < top1465 && top1465 < hardest,
        "medians {easy}, {top1465}, {hardest}"
    );
}
