//! Samurai puzzles for the tests, read through the library's reader from
//! text or from the files of the repository, and the library's solver and
//! rater on the samurai shape's geometry.

use std::sync::OnceLock;

use sudoku_dlx::engine::SearchStats;
use sudoku_dlx::{
    Conflict, Geometry, Grid, NamedShape, PuzzleReader, RateError, Rater, Rating, Record, Rules,
    Shape, Size, SolutionCount, Solver,
};

/// The cells of a samurai.
pub const SAMURAI_CELLS: usize = 369;

/// A samurai: the grid of the cells of the samurai shape.
pub type SamuraiGrid = Grid;

/// The rules of a samurai.
pub fn rules() -> Rules {
    Rules {
        shape: Shape::Named(NamedShape::Samurai),
        ..Rules::default()
    }
}

/// The geometry of the samurai shape.
pub fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| rules().geometry(Size::NINE).expect("the samurai shape"))
}

/// True when `grid` is a complete samurai that obeys the rules.
pub fn is_solved(grid: &Grid) -> bool {
    grid.is_complete() && geometry().first_conflict(grid).is_none()
}

/// The text of a file of the repository.
pub fn file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    std::fs::read_to_string(path).expect("the file is readable")
}

/// Reads every record of `text` as samurai.
pub fn read_all(text: &str) -> Vec<SamuraiGrid> {
    let mut reader = PuzzleReader::new(text.as_bytes()).with_rules(rules());
    let mut record = Record::default();
    let mut all = Vec::new();
    while let Some(result) = reader.read_record(&mut record) {
        result.expect("a well-formed samurai");
        all.push(record.grid.clone());
    }
    all
}

/// The library's solver on the samurai geometry.
#[derive(Default)]
pub struct SamuraiSolver {
    solver: Solver,
}

impl SamuraiSolver {
    pub fn new() -> SamuraiSolver {
        SamuraiSolver::default()
    }

    pub fn set_node_budget(&mut self, budget: Option<u64>) {
        self.solver.set_node_budget(budget);
    }

    pub fn solve(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        on_solution: impl FnMut(&Grid),
    ) -> Result<SearchStats, Conflict> {
        self.solver.solve_in(geometry(), puzzle, limit, on_solution)
    }

    pub fn first_solution(&mut self, puzzle: &Grid) -> Result<Option<Grid>, Conflict> {
        self.solver.first_solution_in(geometry(), puzzle)
    }

    pub fn count_solutions(
        &mut self,
        puzzle: &Grid,
        limit: u64,
    ) -> Result<SolutionCount, Conflict> {
        let stats = self.solve(puzzle, limit, |_| {})?;
        Ok(SolutionCount {
            found: stats.solutions,
            at_limit: stats.stopped_at_limit,
        })
    }
}

/// The library's search rating on the samurai geometry.
#[derive(Default)]
pub struct SamuraiRater {
    rater: Rater,
}

impl SamuraiRater {
    pub fn new() -> SamuraiRater {
        SamuraiRater::default()
    }

    pub fn rate(&mut self, puzzle: &Grid) -> Result<Rating, RateError> {
        self.rater.rate_in(geometry(), puzzle)
    }
}
