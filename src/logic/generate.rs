//! Puzzles of a technique level: the generator's puzzles, explained, kept
//! when the hardest technique of their path has the level asked for.

use crate::logic::explain::{Explainer, Explanation};
use crate::logic::technique::LogicLevel;
use crate::sudoku::generate::{GenerateError, Generated, Generator, PuzzleSpec};
use crate::sudoku::geometry::Geometry;
use crate::sudoku::random::Rng;

/// A puzzle whose solve path has level `level`, and its path: at most
/// `spec.max_attempts` puzzles are made (`spec.difficulty`, the search's
/// level, is still honoured when set).
///
/// # Errors
///
/// [`GenerateError::GaveUp`] when no puzzle of the level came in the
/// attempts allowed, and the generator's own errors.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{puzzle_of_level, Explainer, Generator, LogicLevel, PuzzleSpec, Rng};
///
/// let spec = PuzzleSpec { min_givens: 30, ..PuzzleSpec::default() };
/// let (made, path) = puzzle_of_level(
///     &mut Generator::new(),
///     &mut Explainer::new(),
///     &spec,
///     LogicLevel::Easy,
///     &mut Rng::from_seed(3),
/// )
/// .unwrap();
/// assert_eq!(path.level(), LogicLevel::Easy);
/// assert!(made.puzzle.givens() >= 30);
/// ```
pub fn puzzle_of_level(
    generator: &mut Generator,
    explainer: &mut Explainer,
    spec: &PuzzleSpec,
    level: LogicLevel,
    rng: &mut Rng,
) -> Result<(Generated, Explanation), GenerateError> {
    let geometry = Geometry::classic(spec.size);
    puzzle_of_level_in(generator, explainer, geometry, spec, level, rng)
}

/// [`puzzle_of_level`] under the rules of `geometry` (a variant, other
/// boxes): the puzzles are unique and minimal under them, and their paths
/// are found under them; the size is the geometry's.
///
/// # Errors
///
/// As [`puzzle_of_level`].
pub fn puzzle_of_level_in(
    generator: &mut Generator,
    explainer: &mut Explainer,
    geometry: &Geometry,
    spec: &PuzzleSpec,
    level: LogicLevel,
    rng: &mut Rng,
) -> Result<(Generated, Explanation), GenerateError> {
    let one = PuzzleSpec {
        max_attempts: spec.max_attempts,
        ..*spec
    };
    let mut tried = 0;
    while tried < spec.max_attempts {
        let mut made = generator.puzzle_in(geometry, &one, rng)?;
        tried += made.attempts;
        let Ok(path) = explainer.explain(geometry, &made.puzzle) else {
            continue;
        };
        if path.level() == level {
            made.attempts = tried;
            return Ok((made, path));
        }
    }
    Err(GenerateError::GaveUp {
        attempts: spec.max_attempts,
    })
}
