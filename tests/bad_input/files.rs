//! Inputs that hold no puzzle or cannot be read at all: the run goes on
//! with the next file.

use super::harness::{run, Check, Expect::*, TempDir, EASY, INKALA};

#[test]
fn an_empty_file() {
    let dir = TempDir::new("empty");
    let empty = dir.file("empty.txt", "");
    let good = dir.file("good.txt", format!("{INKALA}\n"));
    run(&["solve", &empty, &good], "")
        .expect(2, &[Solves(INKALA)])
        .says(&format!("sudoku-dlx: {empty}: no puzzle found"));
    run(&["solve"], "")
        .expect(2, &[])
        .says("sudoku-dlx: <stdin>: no puzzle found");
}

#[test]
fn only_comments() {
    let dir = TempDir::new("comments");
    let comments = dir.file("comments.txt", "# nothing here\n\n   \n+---+---+\n#\n");
    let good = dir.file("good.txt", format!("{EASY}\n"));
    run(&["count", &good, &comments, &good], "")
        .expect(2, &[Line("1"), Line("1")])
        .says(&format!("sudoku-dlx: {comments}: no puzzle found"));
}

#[test]
fn a_directory_given_as_a_file() {
    let dir = TempDir::new("directory");
    let good = dir.file("good.txt", format!("{INKALA}\n"));
    let directory = dir.0.display().to_string();
    run(&["solve", &good, &directory, &good], "")
        .expect(2, &[Solves(INKALA), Solves(INKALA)])
        .says(&format!(
            "sudoku-dlx: {directory}: cannot read: Is a directory"
        ));
}

#[test]
fn a_missing_file() {
    let dir = TempDir::new("missing");
    let good = dir.file("good.txt", format!("{INKALA}\n"));
    let missing = dir.0.join("no-such-file.txt").display().to_string();
    run(&["solve", &missing, &good], "")
        .expect(2, &[Solves(INKALA)])
        .says(&format!(
            "sudoku-dlx: {missing}: cannot read: No such file or directory"
        ));
}

#[cfg(unix)]
#[test]
fn a_file_without_read_permission() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("permission");
    let good = dir.file("good.txt", format!("{INKALA}\n"));
    let locked = dir.file("locked.txt", format!("{EASY}\n"));
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::File::open(&locked).is_ok() {
        // Root (and any process with CAP_DAC_OVERRIDE) reads it anyway.
        eprintln!("skipped a_file_without_read_permission: file permissions are not enforced for this user");
        return;
    }
    run(&["solve", &locked, &good], "")
        .expect(2, &[Solves(INKALA)])
        .says(&format!(
            "sudoku-dlx: {locked}: cannot read: Permission denied"
        ));
}
