//! KI2, the form of KIF that Kifu for Windows and many sites publish games in: the
//! headers and start position as KIF writes them, then the moves in Japanese notation
//! without their origins, several to a line (`▲７六歩    △３四歩    ▲２二角成  △同　銀`),
//! each telling its piece apart from others of its kind with 右/左/直/上/引/寄 as the Japan
//! Shogi Association writes it (see [`japanese`]); comment lines (`*...`) after the move
//! they follow, and a `まで64手で先手の勝ち` line for the end of the game; then the
//! variations under `変化：N手` headers, as KIF has them (without KIF's `+` marks).
//!
//! Reading goes through KIF's reader ([`kif::read_lines`]), so it takes the same
//! headers, handicaps, board diagrams, encodings and variations, and checks every move
//! against the rules. Writing gives UTF-8.

use std::fmt::Write as _;

use super::encoding;
use super::japanese::{self, JapaneseError};
use super::kif::{self, Game, KifError, KifErrorKind, LineText, MoveLines, SUMMARY};
use super::record::{Record, Termination};
use crate::rules::Color;

/// The marks that begin each move: ▲ ☗ for sente, △ ☖ ▽ for gote.
const SIDE_MARKS: [char; 5] = ['▲', '☗', '△', '☖', '▽'];

/// Moves to a line, as Kifu for Windows writes them.
const MOVES_PER_LINE: usize = 6;

/// The columns a move takes before the next on its line, as Kifu for Windows pads them.
const MOVE_COLUMNS: usize = 12;

/// Reads a KI2 file in UTF-8 or Shift_JIS (see [`encoding::decode`]).
pub fn parse(bytes: &[u8]) -> Result<Record, KifError> {
    parse_str(&encoding::decode(bytes)?)
}

/// Reads KI2 text. Errors are KIF's, as the two share all but the moves.
pub fn parse_str(text: &str) -> Result<Record, KifError> {
    kif::read_lines::<Ki2>(text)
}

/// Whether `line` (without leading blanks) is a line of KI2 moves: it begins with a side mark.
pub fn is_move_line(line: &str) -> bool {
    line.starts_with(SIDE_MARKS)
}

/// KI2's move lines: marked moves (`▲７六歩    △３四歩`) and the `まで` line that ends the game.
#[derive(Default)]
struct Ki2;

impl MoveLines for Ki2 {
    fn moves_of(line: &str) -> Option<&str> {
        (is_move_line(line) || line.starts_with(SUMMARY)).then_some(line)
    }

    fn read_moves(game: &mut Game, line_no: usize, line: &str) -> Result<(), KifError> {
        if let Some(summary) = line.strip_prefix(SUMMARY) {
            game.check_not_ended(line_no, line)?;
            if let Some(termination) = read_summary(summary, game.position().turn()) {
                game.end(termination);
            }
            return Ok(());
        }
        for text in move_texts(line) {
            game.check_not_ended(line_no, text)?;
            let m = japanese::parse(game.position(), text, game.last_to())
                .map_err(|error| KifError { line: line_no, kind: move_error(text, error) })?;
            game.play(m);
        }
        Ok(())
    }
}

/// The moves of a line that begins with a side mark, each from its mark to the next.
/// Not split at blanks: `同　銀` holds one.
fn move_texts(line: &str) -> Vec<&str> {
    let starts: Vec<usize> = line.match_indices(SIDE_MARKS).map(|(at, _)| at).collect();
    let ends = starts.iter().skip(1).copied().chain([line.len()]);
    starts.iter().zip(ends).map(|(&start, end)| line[start..end].trim()).collect()
}

/// The KIF error for `text`, a KI2 move the Japanese notation reader refused: a
/// misspelling or a `同` on the first move as KIF says them, anything else with the
/// Japanese reader's own reason.
fn move_error(text: &str, error: JapaneseError) -> KifErrorKind {
    let text = super::clip(text, 40);
    match error {
        JapaneseError::Syntax { expected, .. } => KifErrorKind::MoveSyntax { text, expected },
        JapaneseError::NoPreviousMove => KifErrorKind::NoPreviousMove { text },
        error => KifErrorKind::Ki2Move { text, error },
    }
}

/// How the game ended, from what follows `まで` (`64手で先手の勝ち`) when it is worded
/// as KIF and KI2 writers word it ([`kif::result_words`]); None for other words. The
/// count is not checked: the moves say how many there were.
fn read_summary(summary: &str, to_move: Color) -> Option<Termination> {
    let words = summary.trim_start_matches(char::is_numeric).strip_prefix("手で")?;
    // A handicap game's 下手 and 上手 are sente and gote.
    let words = words.replace("下手", "先手").replace("上手", "後手");
    Termination::ALL.into_iter().find(|&t| kif::result_words(t, to_move, false) == words)
}

/// Writes a record as UTF-8 KI2 that Kifu for Windows and ShogiHome read: KIF's
/// headers and start position, six moves to a line in Japanese notation with the
/// fewest words that tell the moving piece apart, each comment on its own `*` line
/// after the move it follows, and a `まで` line for the end of the game; then the
/// variations in KIF's order ([`kif::write_lines`]), each line with its own `まで` line
/// when it says how it ended. Like [`kif::write`], it stops before a move that is not legal.
pub fn write(record: &Record) -> String {
    let mut out = String::from("#KI2 version=2.0 encoding=UTF-8\n");
    kif::write_start(&mut out, record);
    kif::write_lines(&mut out, record, japanese::write, write_ki2_line);
    out
}

/// A line of KI2: its moves six to a line, broken after a move that a comment follows,
/// then its `まで` line.
fn write_ki2_line(out: &mut String, line: &LineText) {
    kif::write_comments(out, line, line.branch.ply - 1);
    let last = line.branch.ply + line.moves.len() - 1;
    let mut on_line: Vec<&str> = Vec::new();
    for (ply, text) in line.numbered_moves() {
        on_line.push(text);
        let commented = line.branch.comments_at(ply).next().is_some();
        if on_line.len() == MOVES_PER_LINE || commented || ply == last {
            write_move_line(out, &on_line);
            on_line.clear();
            kif::write_comments(out, line, ply);
        }
    }
    if let Some((_, summary)) = &line.end {
        out.push_str(summary);
    }
}

/// Moves on one line, each but the last padded to [`MOVE_COLUMNS`] and followed by at
/// least one blank.
fn write_move_line(out: &mut String, moves: &[&str]) {
    let Some((last, before)) = moves.split_last() else { return };
    for text in before {
        let pad = MOVE_COLUMNS.saturating_sub(kif::columns(text)).max(1);
        let _ = write!(out, "{text}{:pad$}", "");
    }
    let _ = writeln!(out, "{last}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_at_marks_not_blanks() {
        assert_eq!(move_texts("▲７六歩    △同　歩 ▲２二角成△３四歩"), ["▲７六歩", "△同　歩", "▲２二角成", "△３四歩"]);
        assert_eq!(move_texts("▲７六歩"), ["▲７六歩"]);
    }

    #[test]
    fn summaries_read_as_they_are_written() {
        for termination in Termination::ALL {
            for (to_move, handicapped) in [(Color::Sente, false), (Color::Gote, false), (Color::Gote, true)] {
                let words = format!("64手で{}", kif::result_words(termination, to_move, handicapped));
                assert_eq!(read_summary(&words, to_move), Some(termination), "{words}");
            }
        }
        assert_eq!(read_summary("１０手で中断", Color::Sente), Some(Termination::Abort));
        // A win by the side to move after a plain move says nothing clear.
        assert_eq!(read_summary("3手で後手の勝ち", Color::Gote), None);
        assert_eq!(read_summary("3手で切断により後手の勝ち", Color::Sente), None);
        assert_eq!(read_summary("先手の勝ち", Color::Gote), None);
    }

    #[test]
    fn padded_like_kifu_for_windows() {
        let mut out = String::new();
        write_move_line(&mut out, &["▲７六歩", "△３四歩", "▲２二角成", "△同　銀"]);
        assert_eq!(out, "▲７六歩    △３四歩    ▲２二角成  △同　銀\n");
    }
}
