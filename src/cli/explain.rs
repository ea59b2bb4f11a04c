//! `explain` and `hint`: the logical solve path of each puzzle (or
//! pencilmark position), or its next step, as text or JSON lines.
//!
//! Every record read gets exactly one answer, in input order; a record that
//! cannot be read is reported on standard error with its line and column
//! and the run goes on.

use std::io::{self, BufWriter, Read, Write};
use std::path::Path;

use serde_json::{json, Value};
use sudoku_dlx::{
    looks_like_pencilmarks, read_pencilmarks, Boxes, Candidates, ExplainError, Explainer,
    Explanation, Geometry, Grid, InputFormat, PuzzleReader, ReadError, Record, Rules, Shape, Size,
    Step,
};

use super::explain_args::{ExplainConfig, Mode};
use super::facts::Status;
use super::shape_input::shape_of_text;

/// Where a record came from, for messages.
struct Source<'a> {
    name: &'a str,
    line: u64,
}

/// What a run keeps from record to record.
struct Run<'a> {
    config: &'a ExplainConfig,
    explainer: Explainer,
    out: BufWriter<io::StdoutLock<'static>>,
    worst: Status,
    records: u64,
    /// The geometry of the last rules and size met, kept for the next
    /// record (most records of a file share them).
    shape: Option<(Size, Rules, Geometry)>,
}

/// Answers every record of every input; returns the worst status.
pub fn main(config: &ExplainConfig) -> anyhow::Result<Status> {
    let mut explainer = Explainer::new();
    explainer.set_max_steps((config.mode == Mode::Hint).then_some(1));
    let mut run = Run {
        config,
        explainer,
        out: BufWriter::new(io::stdout().lock()),
        worst: Status::Answered,
        records: 0,
        shape: None,
    };
    let stdin = [Path::new("-").to_path_buf()];
    let files = if config.files.is_empty() {
        &stdin[..]
    } else {
        &config.files[..]
    };
    for path in files {
        let name = if path.as_os_str() == "-" {
            "<stdin>".to_string()
        } else {
            path.display().to_string()
        };
        let mut bytes = Vec::new();
        let read = if path.as_os_str() == "-" {
            io::stdin().lock().read_to_end(&mut bytes)
        } else {
            std::fs::File::open(path).and_then(|mut file| file.read_to_end(&mut bytes))
        };
        if let Err(error) = read {
            run.bad_input(&name, &format!("cannot read: {error}"));
            continue;
        }
        let before = run.records;
        run.answer_input(&name, &bytes)?;
        if run.records == before {
            run.bad_input(&name, "no puzzle found");
        }
    }
    run.out.flush()?;
    Ok(run.worst)
}

impl Run<'_> {
    /// Answers every record of one input.
    fn answer_input(&mut self, name: &str, bytes: &[u8]) -> io::Result<()> {
        let mut rules = self.config.rules.clone();
        // A shape recognised by its frame, unless the command line named
        // one (or other boxes).
        if let Some(shape) = shape_of_text(bytes).filter(|_| rules.shape.is_square()) {
            if !self.config.jigsaw && self.config.input_format == InputFormat::Auto {
                rules.shape = Shape::Named(shape);
                rules.boxes = Boxes::Standard;
            }
        }
        let text = String::from_utf8_lossy(bytes);
        if looks_like_pencilmarks(&text) {
            for record in read_pencilmarks(&text) {
                match record {
                    Ok(record) => {
                        let source = Source {
                            name,
                            line: record.line,
                        };
                        self.answer_marks(&source, &record.marks)?
                    }
                    Err(error) => {
                        let source = Source {
                            name,
                            line: error.line,
                        };
                        let message = format!("{}: {}", error.column, error.problem);
                        self.unreadable(&source, &message)?
                    }
                }
            }
            return Ok(());
        }
        let mut reader = PuzzleReader::new(bytes)
            .with_alphabet(self.config.alphabet)
            .with_format(self.config.input_format)
            .with_rules(rules)
            .with_jigsaw(self.config.jigsaw);
        let mut record = Record::default();
        while let Some(result) = reader.read_record(&mut record) {
            match result {
                Ok(()) => {
                    let source = Source {
                        name,
                        line: record.line,
                    };
                    self.answer_grid(&source, &record.grid, &record.rules)?
                }
                Err(ReadError::Parse(error)) => {
                    let source = Source {
                        name,
                        line: error.line,
                    };
                    self.unreadable(&source, &format!("{}: {}", error.column, error.kind))?
                }
                Err(ReadError::Io(error)) => {
                    self.bad_input(name, &format!("cannot read: {error}"));
                    break;
                }
            }
        }
        Ok(())
    }

    fn answer_grid(&mut self, source: &Source<'_>, grid: &Grid, rules: &Rules) -> io::Result<()> {
        let explained = shape_of(&mut self.shape, grid.size(), rules).and_then(|geometry| {
            self.explainer
                .explain(geometry, grid)
                .map_err(|error| reason(&error))
        });
        self.answer(source, explained)
    }

    fn answer_marks(&mut self, source: &Source<'_>, marks: &Candidates) -> io::Result<()> {
        let rules = &self.config.rules;
        let explained = shape_of(&mut self.shape, marks.size(), rules).and_then(|geometry| {
            self.explainer
                .explain_candidates(geometry, marks)
                .map_err(|error| reason(&error))
        });
        self.answer(source, explained)
    }

    /// Writes the answer to one record and weighs its status.
    fn answer(
        &mut self,
        source: &Source<'_>,
        explained: Result<Explanation, String>,
    ) -> io::Result<()> {
        self.records += 1;
        let path = match explained {
            Ok(path) => path,
            Err(why) => {
                let verdict = if why.contains("no solution") {
                    "unsolvable"
                } else {
                    "invalid"
                };
                self.fail(source, verdict, &why, Status::Failed)?;
                return Ok(());
            }
        };
        let stalled = !path.solved && self.config.mode != Mode::Hint;
        let mode = self.config.mode;
        if self.config.json {
            let value = to_json(source, &path, mode);
            writeln!(self.out, "{value}")?;
        } else {
            self.write_text(source, &path)?;
        }
        if stalled {
            self.worst = self.worst.max(Status::Failed);
            if !self.config.quiet {
                let _ = writeln!(
                    io::stderr(),
                    "{}:{}: more than one solution; logic stops short of one",
                    source.name,
                    source.line
                );
            }
        }
        Ok(())
    }

    /// The text answer: the steps and a summary, or the next step.
    fn write_text(&mut self, source: &Source<'_>, path: &Explanation) -> io::Result<()> {
        let out = &mut self.out;
        match self.config.mode {
            Mode::Explain => {
                writeln!(out, "# {}:{}", source.name, source.line)?;
                for (index, step) in path.steps.iter().enumerate() {
                    writeln!(out, "{:3}. {step}", index + 1)?;
                }
                writeln!(
                    out,
                    "# {}: {} steps; hardest {}; score {:.1}, {}; {} bifurcations\n",
                    if path.solved { "solved" } else { "stalled" },
                    path.steps.len(),
                    path.hardest.map_or("none", |t| t.name()),
                    path.score(),
                    path.level(),
                    path.bifurcations
                )
            }
            Mode::Hint => match path.steps.first() {
                Some(step) => writeln!(out, "{step}"),
                None => writeln!(out, "solved: no step left"),
            },
        }
    }

    /// Answers a record that has no path.
    fn fail(
        &mut self,
        source: &Source<'_>,
        verdict: &str,
        why: &str,
        status: Status,
    ) -> io::Result<()> {
        if self.config.json {
            let value = json!({
                "source": source.name,
                "line": source.line,
                "status": verdict,
                "reason": why,
            });
            writeln!(self.out, "{value}")?;
        } else if self.config.mode == Mode::Explain {
            writeln!(
                self.out,
                "# {}:{}\n# {verdict}: {why}\n",
                source.name, source.line
            )?;
        } else {
            writeln!(self.out, "{verdict}")?;
        }
        self.worst = self.worst.max(status);
        if !self.config.quiet {
            let _ = writeln!(io::stderr(), "{}:{}: {why}", source.name, source.line);
        }
        Ok(())
    }

    /// Answers a record that could not be read.
    fn unreadable(&mut self, source: &Source<'_>, message: &str) -> io::Result<()> {
        self.records += 1;
        self.fail(source, "invalid", message, Status::BadInput)
    }

    /// Reports what is wrong with a whole input.
    fn bad_input(&mut self, name: &str, what: &str) {
        self.worst = Status::BadInput;
        let _ = writeln!(io::stderr(), "sudoku-dlx: {name}: {what}");
    }
}

/// The geometry of a grid of `size` under `rules`, built once for a run of
/// records that share them and kept in `shape`.
fn shape_of<'a>(
    shape: &'a mut Option<(Size, Rules, Geometry)>,
    size: Size,
    rules: &Rules,
) -> Result<&'a Geometry, String> {
    if !matches!(shape, Some((s, r, _)) if *s == size && r == rules) {
        let geometry = rules.geometry(size).map_err(|error| error.to_string())?;
        *shape = Some((size, rules.clone(), geometry));
    }
    Ok(&shape.as_ref().expect("just built").2)
}

/// The message of an explain error.
fn reason(error: &ExplainError) -> String {
    error.to_string()
}

/// One step as JSON.
fn step_json(step: &Step) -> Value {
    let cells = |list: &[(usize, u8)]| -> Vec<Value> {
        list.iter()
            .map(|&(cell, digit)| json!({"cell": step.cell_name(cell).to_string(), "digit": digit}))
            .collect()
    };
    json!({
        "technique": step.technique.name(),
        "clue": step.clue,
        "placements": cells(&step.placements),
        "eliminations": cells(&step.eliminations),
    })
}

/// The answer to one record as JSON.
fn to_json(source: &Source<'_>, path: &Explanation, mode: Mode) -> Value {
    let mut value = json!({
        "source": source.name,
        "line": source.line,
        "status": if path.solved { "solved" } else if mode == Mode::Hint { "hint" } else { "stalled" },
    });
    let object = value.as_object_mut().expect("an object");
    let steps: Vec<Value> = path.steps.iter().map(step_json).collect();
    object.insert("steps".into(), Value::from(steps));
    object.insert("solved".into(), Value::from(path.solved));
    object.insert("unique".into(), Value::from(path.unique));
    object.insert("bifurcations".into(), Value::from(path.bifurcations));
    object.insert(
        "hardest".into(),
        path.hardest.map_or(Value::Null, |t| Value::from(t.name())),
    );
    let score = (f64::from(path.score()) * 10.0).round() / 10.0;
    object.insert("score".into(), Value::from(score));
    object.insert("level".into(), Value::from(path.level().name()));
    value
}
