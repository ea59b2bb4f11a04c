//! A progress bar on standard error for long batches.
//!
//! The bar stays hidden for the first second, so that short runs print
//! nothing, and is only drawn when standard error is a terminal and standard
//! output is not (answers scrolling on the terminal are progress enough).
//! It follows the bytes read when every input is a file of known size, and
//! otherwise spins; its message counts the puzzles answered.

use std::io::Read;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes on before its bar appears, unless set otherwise
/// (see [`delay`]).
const DELAY: Duration = Duration::from_secs(1);

/// The variable that sets the delay before a bar appears, in milliseconds.
///
/// Not part of the interface (not in `--help` nor in the manual): it lets
/// the tests of the bars see one at once (`0`), so that they do not depend
/// on how long a run takes. A user has no need of it: the delay only keeps
/// short runs quiet.
const DELAY_VARIABLE: &str = "SUDOKU_DLX_PROGRESS_DELAY_MS";

/// How long a run goes on before its bar appears: a second, or what
/// [`DELAY_VARIABLE`] says.
pub fn delay() -> Duration {
    std::env::var(DELAY_VARIABLE)
        .ok()
        .and_then(|millis| millis.parse().ok())
        .map_or(DELAY, Duration::from_millis)
}
/// How often the puzzle count in the message is refreshed.
const REFRESH: Duration = Duration::from_millis(200);

/// The progress of a run.
#[derive(Debug)]
pub struct Progress {
    /// `None` when no bar is ever to be drawn.
    bar: Option<ProgressBar>,
    start: Instant,
    /// How long after `start` the bar appears.
    delay: Duration,
    shown: bool,
    puzzles: u64,
    last_message: Instant,
}

impl Progress {
    /// Progress through `total_bytes` of input (unknown for `None`); no bar
    /// at all unless `enabled`.
    pub fn new(enabled: bool, total_bytes: Option<u64>) -> Progress {
        let bar = enabled.then(|| {
            let (bar, template) = match total_bytes {
                Some(total) => (
                    ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden()),
                    "{elapsed_precise} [{wide_bar}] {percent}% {msg}",
                ),
                None => (
                    ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
                    "{spinner} {elapsed_precise} {msg}",
                ),
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar
        });
        let now = Instant::now();
        Progress {
            bar,
            start: now,
            delay: delay(),
            shown: false,
            puzzles: 0,
            last_message: now,
        }
    }

    /// `input`, counting its bytes into the bar.
    pub fn wrap(&self, input: impl Read + 'static) -> Box<dyn Read> {
        match &self.bar {
            Some(bar) => Box::new(bar.wrap_read(input)),
            None => Box::new(input),
        }
    }

    /// Counts one answered puzzle; shows the bar once the run is long enough.
    pub fn puzzle_done(&mut self) {
        let Some(bar) = &self.bar else { return };
        self.puzzles += 1;
        let now = Instant::now();
        if now.duration_since(self.last_message) < REFRESH {
            return;
        }
        self.last_message = now;
        if !self.shown && now.duration_since(self.start) >= self.delay {
            self.shown = true;
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        bar.set_message(format!("{} puzzles", self.puzzles));
        if bar.length().is_none() {
            bar.tick();
        }
    }

    /// Runs `write` with the bar out of the way, for messages on standard
    /// error.
    pub fn suspend<T>(&self, write: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
