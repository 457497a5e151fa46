//! `datagen --relabel`: an earlier file's positions scored again, line for line, and a stopped
//! run carried on without a line lost or written twice.

use std::path::{Path, PathBuf};
use std::process::Command;

const LINES: &str = "\
lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\t-30\t0\t0
lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\t25\t1\t0
lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4\t-20\t0.5\t7
";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn relabel(input: &Path, out: &Path) {
    let status = Command::new(env!("CARGO_BIN_EXE_datagen"))
        .args(["--relabel", input.to_str().unwrap(), "--out", out.to_str().unwrap(), "--nodes", "300"])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Every field but the score, which the search writes again.
fn kept(line: &str) -> Vec<&str> {
    line.split('\t').enumerate().filter(|&(i, _)| i != 1).map(|(_, f)| f).collect()
}

#[test]
fn relabel_keeps_each_line_but_its_score_and_carries_on_after_a_stop() {
    let (input, out) = (scratch("in.tsv"), scratch("out.tsv"));
    std::fs::write(&input, LINES).unwrap();
    let _ = std::fs::remove_file(&out);
    relabel(&input, &out);
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written.lines().count(), 3);
    for (old, new) in LINES.lines().zip(written.lines()) {
        assert_eq!(kept(old), kept(new));
        let score: i32 = new.split('\t').nth(1).unwrap().parse().unwrap();
        assert!(score.abs() < 1000, "a quiet opening position scored {score}");
    }

    // A stop in the middle of the second line: the rerun cuts it and writes the rest once.
    let first = written.lines().next().unwrap();
    std::fs::write(&out, format!("{first}\n{}", &written.lines().nth(1).unwrap()[..20])).unwrap();
    relabel(&input, &out);
    let resumed = std::fs::read_to_string(&out).unwrap();
    assert_eq!(resumed.lines().count(), 3);
    assert!(resumed.lines().zip(LINES.lines()).all(|(new, old)| kept(new) == kept(old)));
    let _ = std::fs::remove_dir_all(input.parent().unwrap());
}
