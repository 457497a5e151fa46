//! The move box: a move typed in any notation the rules core reads (USI `7g7f`,
//! western `P-7f`, Japanese `▲７六歩` or `76歩`), read as you type, and the
//! legal moves that complete what is typed so far.

use crate::notation::kanji::{FILE_DIGITS, RANK_NUMERALS};
use crate::notation::japanese::{self, JapaneseError};
use crate::notation::resolve::MoveError;
use crate::notation::usi::{self, UsiMoveError};
use crate::notation::western::{self, WesternError};
use crate::rules::{Move, Position, Square};

use super::i18n::{Lang, T};
use super::movetext::{move_text, Notation};

/// The notation a typed text is in, told from its first character and its script.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Spelling {
    Usi,
    Western,
    Japanese,
}

impl Spelling {
    pub fn of(text: &str) -> Spelling {
        match text.chars().next() {
            _ if !text.is_ascii() => Spelling::Japanese,
            Some(c) if c.is_ascii_digit() => Spelling::Usi,
            _ => Spelling::Western,
        }
    }
}

/// Why a typed text plays no move: the kind, for a short word in either language, and
/// the reader's own explanation (`ambiguous: gold 6i or 4i can reach 5h; write G6i-5h or G4i-5h`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Unplayable {
    pub kind: Unreadable,
    pub detail: String,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Unreadable {
    /// Not a spelling; the column (in characters, from 1) where reading stopped, when known.
    Syntax(Option<usize>),
    /// Several pieces fit: what to write for each.
    Ambiguous(Vec<String>),
    /// A spelling, but no legal move.
    Illegal,
}

impl Unplayable {
    fn new(kind: Unreadable, error: impl std::fmt::Display) -> Unplayable {
        Unplayable { kind, detail: error.to_string() }
    }

    /// In words: the reader's explanation in English; a short sentence in Japanese.
    pub fn words(&self, lang: Lang, text: &str) -> String {
        match (lang, &self.kind) {
            (Lang::En, _) => self.detail.clone(),
            (Lang::Ja, Unreadable::Syntax(Some(column))) => T::Unreadable.with(lang, &[&column.to_string()]),
            (Lang::Ja, Unreadable::Syntax(None)) => T::NotAMove.with(lang, &[text.trim()]),
            (Lang::Ja, Unreadable::Ambiguous(options)) => T::Ambiguous.with(lang, &[&options.join(T::Or.get(lang))]),
            (Lang::Ja, Unreadable::Illegal) => T::NotLegalHere.with(lang, &[text.trim()]),
        }
    }
}

fn from_move_error(error: &MoveError, options: impl FnOnce(&[Square]) -> Vec<String>) -> Unreadable {
    match error {
        MoveError::Ambiguous { origins, .. } => Unreadable::Ambiguous(options(origins)),
        _ => Unreadable::Illegal,
    }
}

/// The legal move of `pos` that `text` names, or why there is none.
/// `previous_to` is where the previous move went, for the Japanese `同`.
pub fn read(pos: &Position, text: &str, previous_to: Option<Square>) -> Result<Move, Unplayable> {
    let text = text.trim();
    match Spelling::of(text) {
        Spelling::Usi => usi::parse_legal(pos, text).map_err(|e| {
            let kind = match e {
                UsiMoveError::Syntax { .. } => Unreadable::Syntax(None),
                UsiMoveError::Illegal { .. } => Unreadable::Illegal,
            };
            Unplayable::new(kind, e)
        }),
        Spelling::Western => western::parse(pos, text).map_err(|e| {
            let kind = match &e {
                WesternError::Syntax { column, .. } => Unreadable::Syntax(Some(*column)),
                WesternError::Move { spelling, error } => from_move_error(error, |origins| {
                    origins.iter().map(|&o| spelling.with_origin(o).to_string()).collect()
                }),
                WesternError::NothingToCapture { .. } => Unreadable::Illegal,
            };
            Unplayable::new(kind, e)
        }),
        Spelling::Japanese => japanese::parse(pos, text, previous_to).map_err(|e| {
            let kind = match &e {
                JapaneseError::Syntax { column, .. } => Unreadable::Syntax(Some(*column)),
                JapaneseError::Unclear { options, .. } => Unreadable::Ambiguous(options.clone()),
                _ => Unreadable::Illegal,
            };
            Unplayable::new(kind, e)
        }),
    }
}

/// `７六歩` written as `76歩`, as people type it on an ASCII keyboard.
fn ascii_squares(japanese: &str) -> String {
    japanese
        .chars()
        .map(|c| {
            let digit = FILE_DIGITS.iter().position(|&d| d == c).or_else(|| RANK_NUMERALS.iter().position(|&n| n == c));
            digit.map_or(c, |i| char::from(b'1' + i as u8))
        })
        .collect()
}

/// Every way the box reads `m`: USI, western, Japanese with and without the side mark,
/// and Japanese with ASCII digits.
fn spellings(pos: &Position, m: Move, previous_to: Option<Square>) -> Vec<String> {
    let mut all = vec![m.to_string()];
    all.extend(western::write(pos, m));
    if let Some(body) = japanese::write_body(pos, m, previous_to) {
        all.extend(japanese::write(pos, m, previous_to));
        all.push(ascii_squares(&body));
        all.push(body);
    }
    all
}

/// Up to `limit` legal moves of `pos` completing `typed`: each in the spelling that starts
/// with what is typed; with nothing typed, every legal move in `notation`.
pub fn suggestions(
    pos: &Position,
    notation: Notation,
    typed: &str,
    previous_to: Option<Square>,
    limit: usize,
) -> Vec<String> {
    let typed = typed.trim_start();
    let mut found: Vec<String> = Vec::new();
    for &m in pos.legal_moves().iter() {
        let spelled = if typed.is_empty() {
            Some(move_text(notation, pos, m, previous_to))
        } else {
            spellings(pos, m, previous_to).into_iter().find(|s| s.starts_with(typed))
        };
        if let Some(s) = spelled.filter(|s| !found.contains(s)) {
            found.push(s);
            if found.len() == limit {
                break;
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen;

    #[test]
    fn every_notation_reads() {
        let pos = Position::startpos();
        let pawn = usi::parse("7g7f").unwrap();
        for text in ["7g7f", "P-7f", "▲７六歩", "76歩", " ７六歩 "] {
            assert_eq!(read(&pos, text, None), Ok(pawn), "{text}");
        }
        assert_eq!(Spelling::of("P*5e"), Spelling::Western);
        assert_eq!(Spelling::of("+P-2b"), Spelling::Western);
    }

    #[test]
    fn refusals_say_why() {
        let pos = Position::startpos();
        let illegal = read(&pos, "7g7e", None).unwrap_err();
        assert!(illegal.detail.contains("not a legal move"));
        assert_eq!(illegal.words(Lang::Ja, "7g7e"), "7g7e：この局面では指せません");
        // Both golds can go to 5h.
        let ambiguous = read(&pos, "G-5h", None).unwrap_err();
        assert!(ambiguous.detail.starts_with("ambiguous"), "{ambiguous:?}");
        assert!(ambiguous.detail.contains("G6i-5h") && ambiguous.detail.contains("G4i-5h"), "{ambiguous:?}");
        assert!(matches!(&ambiguous.kind, Unreadable::Ambiguous(o) if o.len() == 2));
        let unfinished = read(&pos, "P-7", None).unwrap_err();
        assert!(unfinished.detail.contains("column"));
        assert_eq!(unfinished.words(Lang::Ja, "P-7"), "3文字目が読めません");
        let golds = read(&pos, "５八金", None).unwrap_err();
        assert!(matches!(&golds.kind, Unreadable::Ambiguous(o) if o.len() == 2), "{golds:?}");
        assert!(golds.words(Lang::Ja, "５八金").contains(" または "));
    }

    #[test]
    fn drops_and_same_square() {
        let pos = sfen::parse_position("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
        let drop = usi::parse("P*5e").unwrap();
        for text in ["P*5e", "５五歩", "55歩打", "55歩"] {
            assert_eq!(read(&pos, text, None), Ok(drop), "{text}");
        }
        let pos = Position::startpos().after(usi::parse("7g7f").unwrap());
        let to = Some(Square::from_usi("7f").unwrap());
        assert!(read(&pos, "同　歩", to).is_err(), "no gote pawn reaches 7f");
    }

    #[test]
    fn completions() {
        let pos = Position::startpos();
        assert_eq!(suggestions(&pos, Notation::Western, "", None, 100).len(), 30);
        assert_eq!(suggestions(&pos, Notation::Western, "P-7", None, 100), ["P-7f"]);
        assert_eq!(suggestions(&pos, Notation::Western, "7g", None, 100), ["7g7f"]);
        assert_eq!(suggestions(&pos, Notation::Japanese, "76", None, 100), ["76歩"]);
        assert_eq!(suggestions(&pos, Notation::Japanese, "▲７六", None, 100), ["▲７六歩"]);
        let golds = suggestions(&pos, Notation::Western, "G", None, 100);
        assert!(golds.contains(&"G6i-5h".to_string()) && golds.contains(&"G4i-5h".to_string()), "{golds:?}");
        assert_eq!(suggestions(&pos, Notation::Western, "", None, 5).len(), 5);
        assert!(suggestions(&pos, Notation::Western, "xyz", None, 100).is_empty());
    }
}
