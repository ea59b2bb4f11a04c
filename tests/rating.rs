//! The rating separates the public puzzle collections: easy puzzles rate
//! below top1465, which rates below the forum's hardest.
//!
//! The files in `tests/rating-data/` are the first 40 lines of the collections in
//! `../shared/puzzles/`, unchanged. On the full sets the medians are 1, 30
//! and 413 (see the README, "Rating scale").

use sudoku_dlx::{PuzzleReader, Rater, Record};

fn median_score(text: &str) -> u64 {
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
    let easy = median_score(include_str!("rating-data/emerentius_easy.head40.txt"));
    let top1465 = median_score(include_str!(
        "rating-data/puzzles3_magictour_top1465.head40.txt"
    ));
    let hardest = median_score(include_str!(
        "rating-data/puzzles6_forum_hardest_1106.head40.txt"
    ));
    assert!(
        easy < top1465 && top1465 < hardest,
        "medians {easy}, {top1465}, {hardest}"
    );
}
