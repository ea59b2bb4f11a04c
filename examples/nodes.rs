//! Search effort per puzzle of a file: the digits forced before the
//! search, the search nodes and the branch points, averaged over the file,
//! for the first solution and for counting up to two. The README's
//! table of nodes per puzzle comes from here:
//!
//! ```sh
//! cargo run --release --example nodes -- ../shared/puzzles/puzzles3_magictour_top1465.txt
//! ```

use std::fs::File;
use std::io::BufReader;

use sudoku_dlx::{PuzzleReader, Record, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: nodes FILE");
        std::process::exit(2);
    };
    let mut reader = PuzzleReader::new(BufReader::new(File::open(&path)?));
    let mut record = Record::default();
    let mut solver = Solver::new();
    let mut puzzles = 0u64;
    // Per limit (1, then 2): forced digits, nodes, branches.
    let mut sums = [[0u64; 3]; 2];
    while let Some(result) = reader.read_record(&mut record) {
        result?;
        puzzles += 1;
        for (sum, limit) in sums.iter_mut().zip([1, 2]) {
            let Ok(stats) = solver.solve(&record.grid, limit, |_| {}) else {
                continue;
            };
            sum[0] += solver.presolved() as u64;
            sum[1] += stats.nodes;
            sum[2] += stats.branches;
        }
    }
    let mean = |total: u64| total as f64 / puzzles.max(1) as f64;
    println!("{path}: {puzzles} puzzles, means per puzzle");
    for (sum, mode) in sums.iter().zip(["solve", "count <= 2"]) {
        println!(
            "{mode:>10}: forced {:.1}, nodes {:.1}, branches {:.1}",
            mean(sum[0]),
            mean(sum[1]),
            mean(sum[2])
        );
    }
    Ok(())
}
