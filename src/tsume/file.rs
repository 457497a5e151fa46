//! The problems' data file (`public/problems.txt`): what the app fetches and the generator writes.

use std::fmt;

use super::solve::Solution;
use crate::notation::{sfen, usi};
use crate::rules::{Move, Position};

/// The format, as the file's first comment lines state it.
const FORMAT: &str = "\
# Mating problems (tsume shogi). One problem per line:
#   <plies> <SFEN: board, side to move (the attacker), hands, move number> <solution: USI moves>
# The defender holds every piece that is neither on the board nor in the attacker's hand.
# The solution is the main line: the attacker's unique shortest mate, the defender's longest
# defence; the attacker's hand is empty at the end. Lines are grouped by plies, in order.
# Lines starting with # are comments.";

/// A position to mate from and its main line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Problem {
    pub position: Position,
    pub solution: Vec<Move>,
}

impl Problem {
    pub fn new(position: Position, solution: Solution) -> Problem {
        Problem { position, solution: solution.moves }
    }
}

/// A line of the file that is not a problem, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ProblemFileError {
    /// Counted from 1.
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for ProblemFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "problems file, line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for ProblemFileError {}

/// Reads every problem of the file, checking each move is legal (not that it solves).
pub fn parse_problems(text: &str) -> Result<Vec<Problem>, ProblemFileError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| parse_problem(l).map_err(|reason| ProblemFileError { line: i + 1, reason }))
        .collect()
}

fn parse_problem(line: &str) -> Result<Problem, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let (Some(plies), Some(sfen_fields)) = (fields.first(), fields.get(1..5)) else {
        return Err("expected <plies> <SFEN> <moves>".to_string());
    };
    let plies: usize = plies.parse().map_err(|_| format!("'{plies}' is not a number of plies"))?;
    let position = sfen::parse_position(&sfen_fields.join(" ")).map_err(|e| e.to_string())?;
    let solution =
        usi::parse_legal_moves(&position, fields[5..].iter().copied()).map_err(|bad| bad.error.to_string())?;
    if solution.len() != plies {
        return Err(format!("{plies} plies announced, {} moves given", solution.len()));
    }
    Ok(Problem { position, solution })
}

/// The file: the format, the `comments` (each line starting with `#`), then the problems
/// in the order given.
pub fn write_problems(comments: &[String], problems: &[Problem]) -> String {
    let mut out = format!("{FORMAT}\n");
    for comment in comments {
        out.push_str(&format!("# {comment}\n"));
    }
    for problem in problems {
        let moves: Vec<String> = problem.solution.iter().map(Move::to_string).collect();
        out.push_str(&format!(
            "{} {} {}\n",
            problem.solution.len(),
            sfen::write_position(&problem.position),
            moves.join(" ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsume::solve;
    use crate::tsume::tests::problem;

    #[test]
    fn problems_are_written_and_read_back() {
        let position = problem("3k5/9/3S5/9/9/9/9/9/9 b S 1");
        let problems = vec![Problem::new(position.clone(), solve(&position, 1).expect("a mate in 1"))];
        let text = write_problems(&["a comment".to_string()], &problems);
        assert!(text.starts_with(FORMAT) && text.contains("\n# a comment\n"));
        assert!(text.ends_with("\n1 3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1 S*6b\n"));
        assert_eq!(parse_problems(&text), Ok(problems));
    }

    #[test]
    fn a_bad_line_is_named() {
        let error = |text: &str| parse_problems(text).map(|_| ()).unwrap_err();
        let sfen = "3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1";
        assert_eq!(error(&format!("# comment\n\n3 {sfen} S*6b")).line, 3);
        assert!(error(&format!("x {sfen} S*6b")).reason.contains("not a number"));
        assert!(error(&format!("1 {sfen} S*6c")).reason.contains("not a legal move"));
        assert!(error("1 3k5/9").reason.contains("expected"));
    }
}
