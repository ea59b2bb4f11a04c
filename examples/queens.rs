//! N queens as an exact-cover problem, solved by the generic engine.
//!
//! Each option places a queen on one square. Every row and every column must
//! hold exactly one queen (primary items); every diagonal may hold at most
//! one (secondary items), which is the problem secondary items exist for.
//!
//! ```sh
//! cargo run --release --example queens -- 8      # 92 solutions
//! ```

use sudoku_dlx::engine::Matrix;

fn main() {
    let n: usize = match std::env::args().nth(1).map(|arg| arg.parse()) {
        None => 8,
        Some(Ok(n)) if (1..=32).contains(&n) => n,
        Some(_) => {
            eprintln!("usage: queens [N]   (N from 1 to 32, default 8)");
            std::process::exit(2);
        }
    };
    let diagonals = 2 * n - 1;
    // Items: rows 0..n, columns n..2n (primary); then the diagonals r+c and
    // the anti-diagonals r-c+n-1 (secondary).
    let mut matrix = Matrix::new(2 * n, 2 * diagonals);
    for row in 0..n {
        for column in 0..n {
            let items = [
                row,
                n + column,
                2 * n + row + column,
                2 * n + diagonals + row + n - 1 - column,
            ];
            matrix
                .add_option(&items)
                .expect("four distinct items in range");
        }
    }
    let mut first = None;
    let stats = matrix.search(u64::MAX, |options| {
        if first.is_none() {
            first = Some(options.to_vec());
        }
    });
    println!(
        "{n} queens: {} solutions, {} search nodes",
        stats.solutions, stats.nodes
    );
    if let Some(options) = first {
        let mut board = vec![vec!['.'; n]; n];
        for option in options {
            board[option / n][option % n] = 'Q';
        }
        for row in board {
            println!("{}", row.into_iter().collect::<String>());
        }
    }
}
