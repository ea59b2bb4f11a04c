//! What `generate` writes: each item in the layout asked for (a line, a
//! grid block, a JSON object or a CSV row), and a progress bar on standard
//! error while a long run makes its items. An item whose rules cannot be
//! told from its givens (jigsaw regions, killer cages) keeps them in the
//! line forms they are read back from: a jigsaw line is `GIVENS REGIONS`, a
//! killer line its JSON description, and a JSON object has them under the
//! keys of the JSON description. Other layouts refuse such items, since a
//! grid block or a CSV row read back would lose them.
//!
//! The machine-readable layouts carry what is known of an item and cannot
//! be read back from its grid: its number and the seed of the run (which
//! together make it again), its solution, its givens and its rating.

use std::io::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use sudoku_dlx::{
    write_block_painted, write_description, write_framed_block, write_line, write_regions,
    write_rules, Alphabet, Boxes, Grid, Rating, Rules, Size,
};

use super::facts::{rating_text, PlayerLevel};
use super::generate_args::{GenerateArgs, Layout};
use super::render::fields::shape_column;
use super::render::{html, svg};

/// One item of a run, as the machine-readable layouts show it.
pub struct Item<'a> {
    /// The number of the item in its run, from 1.
    pub number: u64,
    /// The seed of the run.
    pub seed: u64,
    /// The puzzle, or the complete grid with `--solved`.
    pub grid: &'a Grid,
    /// The solution of a puzzle; `None` for a complete grid.
    pub solution: Option<&'a Grid>,
    /// The rating, when one was asked for.
    pub rating: Option<Rating>,
    /// The level a player means, when a rating was asked for (not for a
    /// samurai, rated by the search alone).
    pub level: Option<PlayerLevel>,
    /// The rules of the item: those of the run, or the regions or cages
    /// made with it.
    pub rules: &'a Rules,
}

/// The columns of `-f csv`, in the order of the JSON fields.
const COLUMNS: [&str; 10] = [
    "item", "seed", "givens", "solution", "clues", "score", "level", "hardest", "branches", "shape",
];

/// An item's fields, named as in the JSON object and the CSV header: the
/// puzzle under `givens`, as a JSON puzzle description names it, so that a
/// `-f json` line reads back as its puzzle (the other keys are those of an
/// answer, which the reader passes over); `clues` counts the givens.
#[derive(Serialize)]
pub struct Fields {
    item: u64,
    seed: u64,
    givens: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    clues: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    branches: Option<u64>,
}

impl Fields {
    /// The fields of item `number` of a run of `seed`: its givens (`clues`
    /// of them) and its solution as lines of cells, and its rating.
    pub fn new(
        (number, seed): (u64, u64),
        givens: String,
        solution: Option<String>,
        clues: usize,
        rating: Option<Rating>,
    ) -> Fields {
        Fields {
            item: number,
            seed,
            givens,
            solution,
            clues,
            score: rating.map(|rating| rating.score),
            level: rating.map(|rating| rating.level.name()),
            hardest: None,
            branches: None,
        }
    }

    fn of(item: &Item<'_>) -> Fields {
        let mut fields = Fields::new(
            (item.number, item.seed),
            line(item.grid),
            item.solution.map(line),
            item.grid.givens(),
            item.rating,
        );
        if let (Some(rating), Some(found)) = (item.rating, item.level) {
            fields.score = None;
            fields.level = Some(found.level.name());
            fields.hardest = Some(found.hardest.map_or("none", |t| t.name()));
            fields.branches = Some(rating.branches());
        }
        fields
    }

    /// Appends the fields as a JSON line (`rules` inside the object under
    /// the keys of the JSON description) or, unless `json`, a CSV row.
    pub fn write(&self, text: &mut Vec<u8>, json: bool, rules: Option<(&Rules, Size)>) {
        if json {
            // Writing into memory cannot fail, and every field serialises.
            let _ = serde_json::to_writer(&mut *text, self);
            if let Some((rules, size)) = rules {
                // Before the closing brace.
                text.pop();
                write_rules(text, rules, size);
                text.push(b'}');
            }
            text.push(b'\n');
            return;
        }
        let mut writer = csv::Writer::from_writer(text);
        let _ = writer.write_record([
            self.item.to_string().as_str(),
            &self.seed.to_string(),
            &self.givens,
            self.solution.as_deref().unwrap_or_default(),
            &self.clues.to_string(),
            &self.score.map(|s| s.to_string()).unwrap_or_default(),
            self.level.unwrap_or_default(),
            self.hardest.unwrap_or_default(),
            &self.branches.map(|b| b.to_string()).unwrap_or_default(),
            &rules
                .map(|(rules, _)| shape_column(&rules.shape))
                .unwrap_or_default(),
        ]);
        let _ = writer.flush();
    }
}

fn line(grid: &Grid) -> String {
    let mut text = Vec::new();
    write_line(&mut text, grid, Alphabet::STANDARD);
    String::from_utf8(text).unwrap_or_default()
}

/// What comes before the first item: the CSV header row, the head of the
/// HTML page.
pub fn header(layout: Layout) -> Vec<u8> {
    let mut out = Vec::new();
    match layout {
        Layout::Csv => {
            let mut writer = csv::Writer::from_writer(&mut out);
            let _ = writer.write_record(COLUMNS);
            let _ = writer.flush();
        }
        Layout::Html => out.extend_from_slice(html::HEADER.as_bytes()),
        _ => {}
    }
    out
}

/// What comes after the last item: the end of the HTML page.
pub fn footer(layout: Layout) -> &'static [u8] {
    match layout {
        Layout::Html => html::FOOTER.as_bytes(),
        _ => b"",
    }
}

/// The caption of an item's picture: its number, the seed, its rating.
fn caption(item: &Item<'_>) -> String {
    let mut caption = format!("item {}, seed {}", item.number, item.seed);
    if let Some(rating) = item.rating {
        caption.push_str(&format!(": {}", rating_text(rating, item.level)));
    }
    caption
}

/// Appends `item` to `text` in the layout `args` ask for: in the text
/// layouts, the grid with its rating after it on the line, or on a comment
/// line before the block.
pub fn write_item(text: &mut Vec<u8>, item: &Item<'_>, args: &GenerateArgs) {
    let picture = svg::Picture {
        grid: item.grid,
        givens: item.grid,
        alphabet: Alphabet::STANDARD,
        rules: item.rules,
    };
    let (grid, rules) = (item.grid, item.rules);
    match args.layout() {
        Layout::Line => {
            match &rules.boxes {
                // Cages and the rules drawn on a solution have no plain
                // form: such a puzzle is its description.
                _ if !rules.constraints.is_empty() => write_description(text, grid, rules, ""),
                Boxes::Regions(regions) => {
                    write_line(text, grid, Alphabet::STANDARD);
                    text.push(b' ');
                    write_regions(text, regions);
                }
                _ => write_line(text, grid, Alphabet::STANDARD),
            }
            if let Some(rating) = item.rating {
                let _ = write!(text, " {}", rating_text(rating, item.level));
            }
            text.push(b'\n');
        }
        Layout::Grid if !rules.shape.is_square() => {
            if let Some(rating) = item.rating {
                let _ = writeln!(text, "# rating: {rating}");
            }
            // The plain block of the frame, which the reader reads back.
            let frame = rules.shape.frame(grid.size());
            write_framed_block(text, grid, &frame, Alphabet::STANDARD);
            text.push(b'\n');
        }
        Layout::Grid => {
            if let Some(rating) = item.rating {
                let _ = writeln!(text, "# rating: {}", rating_text(rating, item.level));
            }
            // Jigsaw and killer items are refused in this layout: a block
            // read back would lose their regions or cages.
            let boxes = match &rules.boxes {
                Boxes::Shape { rows, columns } => Some((*rows, *columns)),
                Boxes::None => None,
                Boxes::Standard | Boxes::Regions(_) => grid.size().box_shape(),
            };
            write_block_painted(text, grid, Alphabet::STANDARD, boxes, |_, _| {});
            text.push(b'\n');
        }
        Layout::Json | Layout::Csv => {
            let json = args.layout() == Layout::Json;
            // The rules that are not the classic ones, in JSON.
            Fields::of(item).write(text, json, Some((rules, grid.size())));
        }
        Layout::Svg => svg::document(text, Some(picture), &caption(item)),
        Layout::Html => {
            html::figure(text, "puzzle", Some(picture), &caption(item));
            if let (true, Some(solution)) = (args.with_solutions, item.solution) {
                let solution = svg::Picture {
                    grid: solution,
                    ..picture
                };
                let caption = format!("{}: solution", caption(item));
                html::figure(text, "solution", Some(solution), &caption);
            }
        }
    }
}

/// A bar of the items made so far, shared by the threads that make them.
pub struct Bar {
    bar: ProgressBar,
    start: Instant,
    /// How long after `start` the bar appears, as for the other commands
    /// ([`super::progress::delay`]): short runs print nothing.
    delay: Duration,
    shown: AtomicBool,
}

impl Bar {
    /// A bar to `count` items, hidden until the run has gone on for a
    /// second.
    pub fn new(count: u64) -> Bar {
        let bar = ProgressBar::with_draw_target(Some(count), ProgressDrawTarget::hidden());
        let template = "{elapsed_precise} [{wide_bar}] {pos}/{len} items, {eta} left";
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        Bar {
            bar,
            start: Instant::now(),
            delay: super::progress::delay(),
            shown: AtomicBool::new(false),
        }
    }

    /// Counts one item made; draws the bar once the run is long enough.
    pub fn item_done(&self) {
        if !self.shown.load(Ordering::Relaxed)
            && self.start.elapsed() >= self.delay
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        // Drawn here, once shown: the first draw after the bar appears
        // is this one.
        self.bar.inc(1);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
