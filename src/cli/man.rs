//! The manual pages, generated from the command-line grammar in
//! [`super::args`] with clap_mangen, so that they never drift from `--help`.
//!
//! `sudoku-dlx man` prints one page that holds everything: every command
//! with its synopsis and options, the input and output formats, the exit
//! status and examples. `sudoku-dlx man --dir DIR` writes that page as
//! `sudoku-dlx.1` and one page per command beside it (`sudoku-dlx-solve.1`,
//! ...), the pages its SEE ALSO section names.
//!
//! clap_mangen renders the sections it knows of a command (synopsis,
//! options, the examples of `after_help`); the sections it cannot know
//! (formats, exit status) are written here in roff.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

use clap::CommandFactory;
use clap_mangen::Man;

use super::args::Cli;

/// The section of the manual the pages belong to: user commands.
const SECTION: &str = "1";

/// What the reader accepts, in roff.
const INPUT_FORMATS: &str = r#".SH "INPUT FORMATS"
Puzzles are read from the files given, or from standard input when there is none or a file is \fB\-\fR.
Every side from 4x4 to 36x36 is read.
The format is detected from the first line that is not blank or a comment; \fB\-i\fR, \fB\-\-input\-format\fR forces one.
.TP
\fBplain\fR
One puzzle per line (\fIn\fR*\fIn\fR symbols such as 16, 81, 256, 625 or 1296, the text after it a title), or grid blocks: one row per line, blocks separated by blank lines.
Spaces and \fB|\fR, \fB+\fR, \fB\-\fR, \fB*\fR are layout, not cells.
A block is only a block when its rows agree; a line that cannot be its next row is a record of its own.
Lines starting with \fB#\fR are comments.
.TP
\fBsdk\fR
SadMan Sudoku: \fB#A\fR, \fB#D\fR, ... header lines, then the grid.
.TP
\fBss\fR, \fBsdm\fR
Simple Sudoku, plain or in its print form, and one puzzle per line: read as \fBplain\fR.
.TP
\fBopensudoku\fR
OpenSudoku XML: \fB<game data='...'/>\fR elements.
.TP
\fBcsv\fR
A puzzle column and an optional solution column, named by a header row (\fBpuzzle\fR or \fBquizzes\fR, \fBsolution\fR or \fBsolutions\fR).
.TP
\fBcolon\fR
\fIpuzzle\fB:\fIcount\fB:\fIsolution\fR lines; \fBcheck\fR verifies the count and the solution.
.TP
\fBjson\fR
JSON puzzle descriptions, one object per line (or from \fB{\fR alone to \fB}\fR alone), each with its own rules: \fBgivens\fR, \fBboxes\fR, \fBregions\fR, \fBvariants\fR, \fBcages\fR, \fBextra_regions\fR, \fBtitle\fR.
.TP
\fBfpuzzles\fR
f\-puzzles exports: their JSON, the base64 string the site shares, or a \fB?load=\fR link.
.PP
Value \fIv\fR is written \fB123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ\fR[\fIv\fR\-1], letters in either case; \fB.\fR, \fB0\fR and \fB_\fR are blanks.
Hexadecimal 16x16 puzzles (\fB0\-9A\-F\fR) are recognised, or forced with \fB\-\-alphabet hex\fR.
A 36x36 grid writes 36 as \fB0\fR, after \fBZ\fR (\fB.\fR and \fB_\fR are its blanks).
"#;

/// What the commands print, in roff.
const OUTPUT_FORMATS: &str = r#".SH "OUTPUT FORMATS"
Each puzzle gets exactly one record on standard output, in input order; diagnostics go to standard error.
\fB\-f\fR, \fB\-\-format\fR chooses the layout; by default each answer takes the layout of its puzzle.
.TP
\fBline\fR
The grid on one line, or a status word: \fBinvalid\fR, \fBunsolvable\fR, \fBmultiple\fR, \fBundecided\fR; \fBvalid\fR, \fBunique\fR, \fBmismatch\fR for \fBcheck\fR.
.TP
\fBgrid\fR
One row per line with box borders, and a blank line after every record.
On a terminal the givens are bold and the found digits coloured (\fB\-\-color\fR; \fBNO_COLOR\fR is honoured).
.TP
\fBjson\fR
JSON lines: one object per puzzle with \fBsource\fR, \fBline\fR, \fBcolumn\fR, \fBtitle\fR, \fBpuzzle\fR, \fBstatus\fR, \fBsolution\fR, \fBsolutions\fR, \fBcount\fR, \fBlimit_reached\fR, \fBerror\fR, and \fBlevel\fR, \fBhardest\fR and \fBbranches\fR for \fBrate\fR (\fBscore\fR and \fBlevel\fR for a samurai, rated by the search alone); fields that do not apply are left out.
.TP
\fBcsv\fR
A header row, then one row per puzzle with the fields of \fBjson\fR.
.TP
\fBsvg\fR
One SVG document per puzzle: thin lines between cells, thick lines around boxes, the givens in bold black, the found digits in blue, and a caption with the place, title and status.
\fBsolve\fR draws the solution (with \fB\-\-all\fR, one document per solution), the other commands the puzzle.
.TP
\fBhtml\fR
One printable HTML page with every puzzle as an inline SVG picture; with \fB\-\-with\-solutions\fR (refused with other formats and by \fBrate\fR), each solution follows its puzzle after a page break.
A run ended by a signal still ends the page.
.PP
\fBgenerate\fR writes \fBline\fR, \fBgrid\fR, \fBsvg\fR and \fBhtml\fR the same way; its \fBjson\fR objects and \fBcsv\fR rows hold \fBitem\fR, \fBseed\fR, \fBgivens\fR (the puzzle, so that a \fBjson\fR line reads back as a puzzle description, with its rules), \fBsolution\fR, \fBclues\fR (the number of givens), and \fBlevel\fR, \fBhardest\fR and \fBbranches\fR with \fB\-\-rate\fR (\fBscore\fR and \fBlevel\fR for a samurai).
"#;

/// What the exit status means, in roff.
const EXIT_STATUS: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
Every puzzle was answered (for \fBcheck\fR and \fBsolve \-\-unique\fR: every grid valid or uniquely solvable).
.TP
\fB1\fR
At least one puzzle has no solution or givens that break the rules, or was left \fBundecided\fR by the node budget; for \fBcheck\fR and \fBsolve \-\-unique\fR, also a puzzle with several solutions; for \fBcheck\fR, a claimed solution or count that is wrong.
.TP
\fB2\fR
Bad usage, a file that cannot be read or holds no puzzle, a puzzle that cannot be parsed, or output that cannot be written (2 wins over 1).
.PP
.TP
\fB128 + N\fR
Ended by signal N after a whole record: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
.PP
\fBgenerate\fR exits with 1 when no puzzle met the constraints asked for, and 2 on bad usage or output that cannot be written.
\fBcompletions\fR and \fBman\fR exit with 0, or 2 when their output cannot be written.
A closed pipe downstream is a normal end (0).
"#;

/// The commands that get a page of their own: all but `help`.
fn commands(cli: &clap::Command) -> impl Iterator<Item = &clap::Command> {
    cli.get_subcommands()
        .filter(|command| command.get_name() != "help" && !command.is_hide_set())
}

/// The grammar with its usage lines filled in (`sudoku-dlx solve ...`).
fn grammar() -> clap::Command {
    let mut cli = Cli::command();
    cli.build();
    cli
}

/// Writes the whole manual, one page, to `out`.
pub fn write_page(out: &mut impl Write) -> io::Result<()> {
    let cli = grammar();
    let man = Man::new(cli.clone()).section(SECTION);
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    page.extend_from_slice(b".SH COMMANDS\n");
    for command in commands(&cli) {
        let name = command.get_bin_name().unwrap_or(command.get_name());
        let sub = Man::new(command.clone());
        writeln!(page, ".SS \"{}\"", escape(name))?;
        if let Some(about) = command.get_long_about().or(command.get_about()) {
            for line in about.to_string().lines() {
                writeln!(page, "{}", escape(line))?;
            }
        }
        page.extend_from_slice(b".PP\n");
        body_of(&sub, Man::render_synopsis_section, &mut page)?;
        body_of(&sub, Man::render_options_section, &mut page)?;
    }
    page.extend_from_slice(INPUT_FORMATS.as_bytes());
    page.extend_from_slice(OUTPUT_FORMATS.as_bytes());
    page.extend_from_slice(EXIT_STATUS.as_bytes());
    page.extend_from_slice(b".SH EXAMPLES\n");
    for command in std::iter::once(&cli).chain(commands(&cli)) {
        examples(command, &mut page)?;
    }
    see_also(&cli, None, &mut page)?;
    man.render_version_section(&mut page)?;
    out.write_all(&page)?;
    out.flush()
}

/// Writes `sudoku-dlx.1` and one page per command into `dir`, creating it
/// if need be, and names each file on `out`.
pub fn write_pages(dir: &Path, out: &mut impl Write) -> anyhow::Result<()> {
    use anyhow::Context as _;
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let cli = grammar();
    let mut pages = Vec::new();
    let mut page = Vec::new();
    write_page(&mut page)?;
    pages.push((format!("{}.{SECTION}", cli.get_name()), page));
    for command in commands(&cli) {
        let name = format!("{}-{}", cli.get_name(), command.get_name());
        let man = Man::new(command.clone().display_name(&name))
            .title(name.to_uppercase())
            .section(SECTION);
        let mut page = Vec::new();
        man.render(&mut page)?;
        page.extend_from_slice(EXIT_STATUS.as_bytes());
        see_also(&cli, Some(command.get_name()), &mut page)?;
        pages.push((format!("{name}.{SECTION}"), page));
    }
    for (file, page) in pages {
        let path = dir.join(&file);
        fs::write(&path, page).with_context(|| format!("cannot write {}", path.display()))?;
        writeln!(out, "{}", path.display())?;
    }
    out.flush()?;
    Ok(())
}

/// Renders one section of `man` into `page` without its `.SH` heading, to
/// sit under a command's `.SS` heading.
fn body_of(
    man: &Man,
    render: fn(&Man, &mut dyn Write) -> io::Result<()>,
    page: &mut Vec<u8>,
) -> io::Result<()> {
    let mut section = Vec::new();
    render(man, &mut section)?;
    let text = String::from_utf8_lossy(&section);
    for line in text.lines().filter(|line| !line.starts_with(".SH ")) {
        writeln!(page, "{line}")?;
    }
    Ok(())
}

/// The examples of `command`'s `--help`, as a literal block.
fn examples(command: &clap::Command, page: &mut Vec<u8>) -> io::Result<()> {
    let Some(text) = command.get_after_help() else {
        return Ok(());
    };
    let text = text.to_string();
    let Some((_, examples)) = text.split_once("Examples:\n") else {
        return Ok(());
    };
    page.extend_from_slice(b".PP\n.nf\n");
    for line in examples.lines() {
        writeln!(page, "{}", escape(line.strip_prefix("  ").unwrap_or(line)))?;
    }
    page.extend_from_slice(b".fi\n");
    Ok(())
}

/// The SEE ALSO section: every page but the one it is in (`current`).
fn see_also(cli: &clap::Command, current: Option<&str>, page: &mut Vec<u8>) -> io::Result<()> {
    let bin = cli.get_name();
    let mut names: Vec<String> = Vec::new();
    if current.is_some() {
        names.push(bin.to_owned());
    }
    names.extend(
        commands(cli)
            .map(clap::Command::get_name)
            .filter(|name| Some(*name) != current)
            .map(|name| format!("{bin}-{name}")),
    );
    let list: Vec<String> = names
        .iter()
        .map(|name| format!("\\fB{}\\fR({SECTION})", escape(name)))
        .collect();
    writeln!(page, ".SH \"SEE ALSO\"\n{}", list.join(", "))
}

/// `text` with the characters roff gives a meaning escaped: backslashes,
/// hyphens (which roff may print as dashes) and a control character at the
/// start of a line.
fn escape(text: &str) -> String {
    let text = text.replace('\\', "\\e").replace('-', "\\-");
    if text.starts_with(['.', '\'']) {
        format!("\\&{text}")
    } else {
        text
    }
}
