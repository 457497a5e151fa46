//! The move box: a move typed in any notation the rules core reads (USI `7g7f`,
//! western `P-7f`, Japanese `▲７六歩` or `76歩`), read as you type, and the
//! legal moves that complete what is typed so far.

use crate::notation::japanese::{self, JapaneseError};
use crate::notation::kanji::{FILE_DIGITS, RANK_NUMERALS};
use crate::notation::usi::{self, UsiMoveError};
use crate::notation::western::{self, WesternError};
use crate::rules::{Move, Position, Square};

use crate::ui::model::movetext::{move_text, Notation};
use crate::ui::text::explain;
use crate::ui::text::i18n::{Lang, Words};

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

/// Why a typed text plays no move: its reader's error, with every detail (the column where
/// reading stopped, the pieces that fit, the rule broken), said in either language.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Unplayable {
    Usi(UsiMoveError),
    Western(WesternError),
    Japanese(JapaneseError),
}

impl Unplayable {
    pub fn words(&self, lang: Lang) -> Words {
        match self {
            Unplayable::Usi(error) => explain::usi_move_error(lang, error),
            Unplayable::Western(error) => explain::western_error(lang, error),
            Unplayable::Japanese(error) => explain::japanese_error(lang, error),
        }
    }
}

/// The legal move of `pos` that `text` names, or why there is none.
/// `previous_to` is where the previous move went, for the Japanese `同`.
pub fn read(pos: &Position, text: &str, previous_to: Option<Square>) -> Result<Move, Unplayable> {
    let text = text.trim();
    match Spelling::of(text) {
        Spelling::Usi => usi::parse_legal(pos, text).map_err(Unplayable::Usi),
        Spelling::Western => western::parse(pos, text).map_err(Unplayable::Western),
        Spelling::Japanese => japanese::parse(pos, text, previous_to).map_err(Unplayable::Japanese),
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
    use crate::notation::{sfen, usi};
    use crate::ui::text::i18n::tests::assert_japanese;

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
    fn refusals_say_why_in_both_languages() {
        let pos = Position::startpos();
        let words = |text: &str| {
            let why = read(&pos, text, None).unwrap_err();
            let (en, ja) = (why.words(Lang::En), why.words(Lang::Ja));
            assert_japanese(&ja, text);
            (en.to_string(), ja.to_string())
        };
        assert_eq!(
            words("7g7e"),
            (
                "7g7e is not a legal move here: the pawn on 7g cannot reach 7e".into(),
                "「7g7e」はこの局面では指せません：７七の歩兵は７五へ動けません".into()
            )
        );
        // Both golds can go to 5h: both languages name them and what to write.
        let (en, ja) = words("G-5h");
        assert_eq!(en, "ambiguous: gold 6i or 4i can reach 5h; write G6i-5h or G4i-5h");
        assert_eq!(ja, "どの駒か分かりません：６九・４九の金将が５八へ動けます。G6i-5h・G4i-5h と書いてください");
        let (en, ja) = words("P-7");
        assert!(en.contains("column 3") && en.contains("7f"), "{en}");
        assert_eq!(ja, "「P-7」は西洋式の指し手として読めません：3文字目に「7f」のようなマスが必要です");
        let (en, ja) = words("５八金");
        assert!(en.contains("５八金右") && en.contains("５八金左"), "{en}");
        assert!(ja.contains("５八金右") && ja.contains("５八金左") && ja.contains("金将"), "{ja}");
        let (en, ja) = words("△７六歩");
        assert_eq!(
            (en.as_str(), ja.as_str()),
            (
                "the move is marked for gote, who is not to move",
                "後手の手の印がついていますが、後手の手番ではありません"
            )
        );
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
