//! Times the logical solve path of every puzzle of a file (one 9x9 puzzle a
//! line): the median, the slowest and the whole set, plus the share solved
//! with no bifurcation. Used by `scripts/explain-coverage.sh`:
//!
//! ```sh
//! cargo run --release --example explain_times -- puzzles/bench-top1465.txt
//! ```

use std::io::BufRead;
use std::time::Instant;

use sudoku_dlx::{Explainer, Geometry, Grid, Size};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: explain_times FILE");
        std::process::exit(2);
    };
    let file = match std::fs::File::open(&path) {
        Ok(file) => std::io::BufReader::new(file),
        Err(error) => {
            eprintln!("explain_times: {path}: {error}");
            std::process::exit(2);
        }
    };
    let geometry = Geometry::classic(Size::NINE);
    let mut explainer = Explainer::new();
    let mut times = Vec::new();
    let mut without_bifurcation = 0;
    let start = Instant::now();
    for line in file.lines().map_while(Result::ok) {
        let Ok(grid) = line.trim().parse::<Grid>() else {
            continue;
        };
        let began = Instant::now();
        let Ok(path) = explainer.explain(geometry, &grid) else {
            continue;
        };
        times.push(began.elapsed().as_secs_f64() * 1e3);
        without_bifurcation += usize::from(path.bifurcations == 0 && path.solved);
    }
    let whole = start.elapsed().as_secs_f64();
    if times.is_empty() {
        eprintln!("explain_times: {path}: no puzzle");
        std::process::exit(1);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{} puzzles, {} with no bifurcation; median {:.2} ms, slowest {:.1} ms, whole set {:.2} s",
        times.len(),
        without_bifurcation,
        times[times.len() / 2],
        times[times.len() - 1],
        whole
    );
}
