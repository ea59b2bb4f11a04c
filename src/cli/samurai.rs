//! Samurai records through `solve`, `count` and `check`: recognising an
//! input as samurai, and answering its records.
//!
//! An input is read as samurai when `--variant samurai` says so, or when
//! its first record has the samurai shape: a block of 21 lines whose
//! characters sit exactly where the layout has cells, or one line of 369
//! cells. Only those first lines are looked at before reading starts; a
//! one-line classic puzzle is told apart from its first line alone, so a
//! puzzle typed on a terminal is answered at once.
//!
//! Answers take the layout of their puzzle (the 21-line block, or its 369
//! cells on one line) or the one asked for: `-f line`, `-f grid` (the block
//! drawn with box borders), `-f json` and `-f csv` (the fields of a classic
//! answer, each grid as its 369 cells). `rate` and `candidates` answer it
//! too; `solve --all` streams its group as the search finds each solution.
//! `explain`, `hint`, `rate --method techniques` and the pictures refuse
//! samurai input with a message.

use std::io::{self, BufRead, Cursor, Read as _};

use sudoku_dlx::{
    is_samurai_line, is_samurai_row, write_samurai_block, write_samurai_boxes, write_samurai_line,
    InputFormat, Layout, ParseError, ReadError, SamuraiCandidateFinder, SamuraiCandidates,
    SamuraiGrid, SamuraiLayout, SamuraiRateError, SamuraiRater, SamuraiReader, SamuraiRecord,
    SamuraiSolver, SAMURAI_SIDE,
};

use super::answer::{fails, judge, record_rating};
use super::args::{Cli, Command, Common, Config, Format, Task, VariantChoice};
use super::candidates::{judge as judge_candidates, solutions_seen, write_masks};
use super::facts::{Answer, Output, Place, Status, Verdict};
use super::generate_args::RateMethod;
use super::render::{self, Fields};
use super::Session;

/// The longest line looked at to recognise a samurai: a line of 369 cells
/// and a comment.
const LONGEST_PEEKED_LINE: u64 = 4096;

/// An input after its first lines were looked at: those lines, then the
/// rest.
pub type Peeked<R> = io::Chain<Cursor<Vec<u8>>, R>;

/// Looks at the first record of `input` and says whether the input is to
/// be read as samurai; the input is handed back whole.
pub fn recognise<R: BufRead>(config: &Config, mut input: R) -> io::Result<(Peeked<R>, bool)> {
    let mut seen = Vec::new();
    let may_be_samurai =
        !config.jigsaw && matches!(config.input_format, InputFormat::Auto | InputFormat::Plain);
    let samurai = config.samurai || (may_be_samurai && looks_like_samurai(&mut input, &mut seen)?);
    Ok((Cursor::new(seen).chain(input), samurai))
}

/// True when `text`, a whole input, starts with a samurai record: for the
/// commands that refuse samurai input and read their inputs whole.
pub fn is_samurai_text(text: &[u8]) -> bool {
    looks_like_samurai(&mut &text[..], &mut Vec::new()).unwrap_or(false)
}

/// Reads the lines of the first record of `input` into `seen`, as long as
/// they keep the samurai shape, and says whether they have it.
fn looks_like_samurai(input: &mut impl BufRead, seen: &mut Vec<u8>) -> io::Result<bool> {
    let mut row = 0;
    loop {
        let start = seen.len();
        let read = input.take(LONGEST_PEEKED_LINE).read_until(b'\n', seen)?;
        let line = &seen[start..];
        if read == 0 || (read as u64 == LONGEST_PEEKED_LINE && !line.ends_with(b"\n")) {
            return Ok(false);
        }
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let text = line.trim_ascii();
        let comment = text.first() == Some(&b'#');
        if row == 0 && (text.is_empty() || comment) || row > 0 && comment {
            continue;
        }
        if row == 0 && is_samurai_line(line) {
            return Ok(true);
        }
        if !is_samurai_row(line, row) {
            return Ok(false);
        }
        row += 1;
        if row == SAMURAI_SIDE {
            return Ok(true);
        }
    }
}

impl Cli {
    /// Why `--variant samurai` cannot be used as asked, if it cannot.
    pub(super) fn samurai_refused(&self) -> Option<&'static str> {
        let samurai = |variants: &[VariantChoice]| variants.contains(&VariantChoice::Samurai);
        let common: &Common = match &self.command {
            Command::Explain(args) | Command::Hint(args) if samurai(&args.variant) => {
                return Some(UNSUPPORTED);
            }
            Command::Rate {
                method: RateMethod::Techniques,
                common,
            } if samurai(&common.variant) => return Some(TECHNIQUES),
            Command::Solve { common, .. } | Command::Count { common, .. } => common,
            Command::Rate { common, .. } | Command::Candidates { common, .. } => common,
            Command::Check { common, .. } => common,
            _ => return None,
        };
        if !samurai(&common.variant) {
            return None;
        }
        if common.variant.len() > 1 || common.boxes.is_some() {
            return Some("--variant samurai takes no other rule and no --boxes");
        }
        if let Some(Format::Svg | Format::Html) = common.format {
            return Some(FORMATS);
        }
        if !matches!(
            common.input_format.format(),
            InputFormat::Auto | InputFormat::Plain
        ) {
            return Some("--variant samurai reads its own layout: it cannot be used with -i");
        }
        None
    }
}

/// What the commands that do not read samurai puzzles say.
pub const UNSUPPORTED: &str = "samurai puzzles are read by solve, count, check, rate and \
                               candidates; explain and hint do not take them";
/// What `rate --method techniques` says.
pub const TECHNIQUES: &str = "rate --method techniques follows a logical solve path on one grid \
                              and cannot rate samurai puzzles; rate them with --method search \
                              (the default)";
/// What the pictures say.
const FORMATS: &str =
    "samurai answers are written as text, -f line, -f grid, -f json or -f csv; not as pictures";

/// The solver of samurai records and its buffers, kept for the whole run.
#[derive(Debug, Default)]
pub struct SamuraiAnswerer {
    solver: SamuraiSolver,
    rater: SamuraiRater,
    finder: SamuraiCandidateFinder,
    /// The true candidates of the record, once found.
    candidates: Option<SamuraiCandidates>,
    record: SamuraiRecord,
    /// The puzzle and its solutions, each as 369 cells, for the
    /// machine-readable formats.
    text: Vec<u8>,
    /// One piece of a streamed group.
    scratch: Vec<u8>,
    /// The solutions kept to print: the first one.
    first: SamuraiGrid,
}

impl Session {
    /// Answers every record of a samurai input, in order, on this thread.
    pub(super) fn answer_samurai(
        &mut self,
        config: &Config,
        source: &str,
        input: impl BufRead,
    ) -> io::Result<()> {
        let refusal = match config.format {
            Some(Format::Svg | Format::Html | Format::HtmlWithSolutions) => Some(FORMATS),
            _ => None,
        };
        if let Some(refusal) = refusal {
            // Counted as read, so that the input is not also called empty.
            self.broken_inputs += 1;
            return self.bad_input(source, format_args!("{refusal}"));
        }
        let mut reader = SamuraiReader::new(input);
        let mut samurai = std::mem::take(&mut self.samurai);
        let result = loop {
            self.answer.clear();
            let read = match reader.read_record(&mut samurai.record) {
                None => break Ok(()),
                Some(Ok(())) => Ok(&samurai.record),
                Some(Err(ReadError::Parse(error))) => Err(error),
                Some(Err(ReadError::Io(error))) => break self.input_failed(source, &error),
            };
            let mut answer = std::mem::take(&mut self.answer);
            let output = self.output;
            match read {
                Ok(_) => samurai.answer(config, output, source, &mut answer, &mut self.out),
                Err(error) => answer_parse_error(output, source, &error, &mut answer),
            }
            let written = self.emit(&answer);
            self.answer = answer;
            if let Err(error) = written {
                break Err(error);
            }
        };
        self.samurai = samurai;
        result
    }
}

impl SamuraiAnswerer {
    /// Answers the record just read as `config` asks. The group of
    /// `solve --all` is written to `stream` as its search runs (its start,
    /// then each solution as it is found), so that memory stays the same
    /// whatever the limit; a failed write there ends the run. Everything
    /// else, the end of that group included, goes to `answer`.
    fn answer(
        &mut self,
        config: &Config,
        output: Output,
        source: &str,
        answer: &mut Answer,
        stream: &mut dyn io::Write,
    ) {
        let SamuraiAnswerer {
            solver,
            rater,
            finder,
            candidates,
            record,
            text,
            scratch,
            first,
        } = self;
        let task = config.task;
        let place = Place {
            source,
            line: record.line,
        };
        let layout = match output.format {
            Some(Format::Line) => Layout::Line,
            Some(Format::Grid) => Layout::Block,
            _ => record.layout,
        };
        let boxes = output.format == Some(Format::Grid);
        let machine = matches!(output.format, Some(Format::Json | Format::Csv));
        let puzzle = &record.puzzle;
        text.clear();
        write_samurai_line(text, puzzle);
        let Answer { err, facts, .. } = answer;
        let all = matches!(task, Task::SolveAll { .. });
        let json = output.format == Some(Format::Json);
        let send = |stream: &mut dyn io::Write, bytes: &[u8]| {
            if let Err(error) = stream.write_all(bytes) {
                super::write_failed(error);
            }
        };
        if all {
            scratch.clear();
            let cells = std::str::from_utf8(text).unwrap_or_default();
            render::group_start_cells(output, place, &record.title, cells, scratch);
            send(stream, scratch);
        }
        *candidates = None;
        if task == Task::Check && puzzle.is_complete() {
            match SamuraiLayout::get().first_conflict(puzzle) {
                None => facts.verdict = Verdict::Valid,
                Some(conflict) => facts.fail(Verdict::Invalid, &conflict),
            }
        } else if task == Task::Rate {
            rater.set_node_budget(Some(config.max_nodes));
            let rated = rater.rate(puzzle);
            let rated = rated.as_ref().map_err(|error| {
                let verdict = match error {
                    SamuraiRateError::Unsolvable => Verdict::Unsolvable,
                    SamuraiRateError::Multiple => Verdict::Multiple,
                    SamuraiRateError::GaveUp { .. } => Verdict::Undecided,
                    _ => Verdict::Invalid,
                };
                (verdict, error as &dyn std::fmt::Display)
            });
            record_rating(facts, rater.last_nodes(), rated.copied());
        } else if let Task::Candidates { limit } = task {
            finder.set_node_budget(Some(config.max_nodes));
            match finder.find(puzzle, limit) {
                Ok(found) => {
                    let (solutions, complete) = (found.solutions, found.complete);
                    let (gave_up, nodes) = (found.stopped_at_node_budget, found.nodes);
                    judge_candidates(facts, solutions, complete, gave_up, nodes);
                    *candidates = (solutions > 0).then_some(found);
                }
                Err(conflict) => facts.fail(Verdict::Invalid, &conflict),
            }
        } else {
            let limit = match task {
                Task::Solve { unique: false } => 1,
                Task::Solve { unique: true } | Task::Check | Task::Rate => 2,
                Task::SolveAll { limit } | Task::Count { limit } | Task::Candidates { limit } => {
                    limit
                }
            };
            solver.set_node_budget(Some(config.max_nodes));
            let mut found = 0u64;
            let result = solver.solve(puzzle, limit, |solution| {
                if found == 0 {
                    first.clone_from(solution);
                }
                if all {
                    scratch.clear();
                    if json {
                        if found > 0 {
                            scratch.push(b',');
                        }
                        scratch.push(b'"');
                        write_samurai_line(scratch, solution);
                        scratch.push(b'"');
                    } else {
                        write_grid(scratch, solution, layout, boxes);
                    }
                    send(stream, scratch);
                }
                found += 1;
            });
            match result {
                Ok(stats) => judge(task, &stats, facts),
                Err(conflict) => facts.fail(Verdict::Invalid, &conflict),
            }
        }
        let counted = matches!(task, Task::Count { .. } | Task::SolveAll { .. });
        let searched = !matches!(task, Task::Rate | Task::Candidates { .. });
        let shows_solution =
            searched && !counted && matches!(facts.verdict, Verdict::Solved | Verdict::Unique);
        if shows_solution && facts.found.unwrap_or(0) > 0 {
            write_samurai_line(text, first);
        }
        if fails(task, facts.verdict) {
            answer.status = Status::Failed;
            let _ = writeln_bytes(err, format_args!("{place}: {}", facts.reason));
        }
        let facts = &answer.facts;
        let out = &mut answer.out;
        if all && json {
            return render::group_end(output, None, facts, out);
        }
        if machine {
            let text = std::str::from_utf8(text).unwrap_or_default();
            let cells = sudoku_dlx::SAMURAI_CELLS;
            let found = facts.found.filter(|_| counted);
            let fields = Fields {
                source,
                line: record.line,
                title: &record.title,
                puzzle: Some(&text[..cells]),
                status: facts.verdict.word(),
                solution: (shows_solution && text.len() > cells).then(|| &text[cells..]),
                count: found,
                limit_reached: found.map(|_| facts.stopped_at_limit),
                score: facts.rating.map(|rating| rating.score),
                level: facts.rating.map(|rating| rating.level.name()),
                error: (!facts.reason.is_empty()).then_some(facts.reason.as_str()),
                cell_candidates: candidates.as_ref().map(|found| &found.candidates[..]),
                solutions_seen: matches!(task, Task::Candidates { .. })
                    .then(|| solutions_seen(facts))
                    .flatten(),
                ..Fields::default()
            };
            let format = output.format.unwrap_or(Format::Json);
            return render::machine_fields(format, &fields, out, &mut answer.scratch.field);
        }
        if facts.verdict == Verdict::Invalid {
            return status_word(out, layout, facts.verdict.word());
        }
        let found = facts.found.unwrap_or(0);
        match task {
            Task::Solve { .. } if facts.verdict == Verdict::Solved => {
                write_grid(out, first, layout, boxes)
            }
            Task::Rate => match facts.rating {
                Some(rating) => {
                    let _ = writeln_bytes(out, format_args!("{rating}"));
                    end_record(out, layout);
                }
                None => status_word(out, layout, facts.verdict.word()),
            },
            Task::Candidates { .. } => match candidates {
                Some(found) => {
                    write_masks(out, &found.candidates);
                    out.push(b'\n');
                    end_record(out, layout);
                }
                None => status_word(out, layout, facts.verdict.word()),
            },
            Task::Count { .. } if facts.verdict != Verdict::Undecided => {
                let more = if facts.stopped_at_limit { "+" } else { "" };
                let _ = writeln_bytes(out, format_args!("{found}{more}"));
                end_record(out, layout);
            }
            Task::SolveAll { .. } => {
                // The end of a classic group, in the layout of the answer.
                let format = match layout {
                    Layout::Line => Format::Line,
                    Layout::Block => Format::Grid,
                };
                let output = Output {
                    format: Some(format),
                    ..output
                };
                render::group_end(output, None, facts, out);
            }
            _ => status_word(out, layout, facts.verdict.word()),
        }
    }
}

/// Answers a samurai record that could not be read: `invalid`, and the
/// error with its line and column on standard error.
fn answer_parse_error(output: Output, source: &str, error: &ParseError, answer: &mut Answer) {
    answer.facts.fail(Verdict::Invalid, &error.kind);
    answer.facts.column = Some(error.column);
    answer.status = Status::BadInput;
    let _ = writeln_bytes(
        &mut answer.err,
        format_args!("{source}:{}:{}: {}", error.line, error.column, error.kind),
    );
    if let Some(format @ (Format::Json | Format::Csv)) = output.format {
        let fields = Fields {
            source,
            line: error.line,
            column: Some(error.column),
            status: Verdict::Invalid.word(),
            error: Some(answer.facts.reason.as_str()),
            ..Fields::default()
        };
        render::machine_fields(format, &fields, &mut answer.out, &mut answer.scratch.field);
    } else {
        answer.out.extend_from_slice(b"invalid\n");
    }
}

/// Writes a samurai in `layout`: the 21-line block (with box borders when
/// `boxes`) followed by a blank line, or its cells on one line.
fn write_grid(out: &mut Vec<u8>, grid: &SamuraiGrid, layout: Layout, boxes: bool) {
    match layout {
        Layout::Line => {
            write_samurai_line(out, grid);
            out.push(b'\n');
        }
        Layout::Block if boxes => {
            write_samurai_boxes(out, grid);
            out.push(b'\n');
        }
        Layout::Block => {
            write_samurai_block(out, grid);
            out.push(b'\n');
        }
    }
}

/// Writes a status word in place of a grid.
fn status_word(out: &mut Vec<u8>, layout: Layout, word: &str) {
    out.extend_from_slice(word.as_bytes());
    out.push(b'\n');
    end_record(out, layout);
}

/// Ends a record: a blank line after each one in the block layout.
fn end_record(out: &mut Vec<u8>, layout: Layout) {
    if layout == Layout::Block {
        out.push(b'\n');
    }
}

/// Appends formatted text to a byte buffer.
fn writeln_bytes(out: &mut Vec<u8>, text: std::fmt::Arguments<'_>) -> io::Result<()> {
    use std::io::Write as _;
    writeln!(out, "{text}")
}
