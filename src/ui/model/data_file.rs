//! The data files the app fetches and reads (`lessons.txt`, `names.txt`): one line each for
//! what they hold, blank lines and `#` comments between.

/// A line of a data file that cannot be read, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineError {
    pub file: &'static str,
    pub line: usize,
    pub why: String,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{} line {}: {}", self.file, self.line, self.why)
    }
}

/// The lines that hold something, trimmed, each with its number (from 1).
pub fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}
