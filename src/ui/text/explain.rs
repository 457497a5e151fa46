//! The rules core's refusals — an SFEN, a USI move, a position that cannot be played,
//! an illegal move, a western or Japanese move text, a KIF, KI2 or CSA file, an impasse
//! declaration — in the page's language, keeping their details (line, column, piece,
//! square, points, the rule broken). The core's own English
//! (`Display`) stays for the USI binary and records; the page speaks through these.

use crate::notation::csa::{CsaError, CsaErrorKind};
use crate::notation::encoding::InvalidUtf8;
use crate::notation::format::ImportError;
use crate::notation::japanese::JapaneseError;
use crate::notation::kanji::FILE_DIGITS;
use crate::notation::kif::{KifError, KifErrorKind};
use crate::notation::resolve::MoveError;
use crate::notation::sfen::SfenError;
use crate::notation::usi::UsiMoveError;
use crate::notation::western::WesternError;
use crate::rules::illegal::IllegalReason;
use crate::rules::{Color, ImpasseError, Role, SetupError, Square};

use crate::ui::text::i18n::{
    expected_words, or_list, piece_name, rank_name, sfen_field_words, square_name, Lang, Words, T,
};

/// A square as moves name it: `7g` / `７七`.
fn square(lang: Lang, sq: Square) -> Words {
    match lang {
        Lang::En => Words::text(sq.to_string()),
        Lang::Ja => Words::text(square_name(lang, sq)),
    }
}

fn squares(lang: Lang, squares: &[Square]) -> Words {
    or_list(lang, squares.iter().map(|&sq| square(lang, sq)))
}

fn file(lang: Lang, file: u8) -> Words {
    match lang {
        Lang::En => Words::text(file.to_string()),
        Lang::Ja => Words::text(FILE_DIGITS[usize::from(file.clamp(1, 9)) - 1].to_string()),
    }
}

fn side(lang: Lang, color: Color) -> Words {
    color.fold(T::SenteWord, T::GoteWord).get(lang).into()
}

fn piece(lang: Lang, role: Role) -> Words {
    piece_name(lang, role).into()
}

fn number(n: impl ToString) -> Words {
    Words::text(n.to_string())
}

pub fn setup_error(lang: Lang, error: &SetupError) -> Words {
    match *error {
        SetupError::TooManyKings { color } => T::TooManyKings.words(lang, &[side(lang, color)]),
        SetupError::TooManyPieces { role, count, max } => {
            T::TooManyPieces.words(lang, &[piece(lang, role), number(count), number(max)])
        }
        SetupError::TwoPawnsOnFile { color, file: f } => {
            T::TwoPawnsInSetup.words(lang, &[side(lang, color), file(lang, f)])
        }
        SetupError::DeadPiece { piece: p, square: sq } => {
            T::DeadPiece.words(lang, &[side(lang, p.color), piece(lang, p.role), square(lang, sq)])
        }
        SetupError::OpponentInCheck { color } => T::OpponentInCheck.words(lang, &[side(lang, color)]),
        SetupError::ImpossibleCheck { color } => T::ImpossibleCheck.words(lang, &[side(lang, color)]),
    }
}

pub fn sfen_error(lang: Lang, error: &SfenError) -> Words {
    match error {
        SfenError::MissingField { field } => T::SfenMissingField.words(lang, &[sfen_field_words(lang, *field)]),
        SfenError::Unexpected { field, column, found, expected } => T::SfenUnexpected.words(
            lang,
            &[
                sfen_field_words(lang, *field),
                number(column),
                Words::code(found.to_string()),
                expected_words(lang, *expected),
            ],
        ),
        SfenError::RowLength { row, squares } => {
            let rank = (*row).clamp(1, 9) as u8 - 1;
            T::SfenRowLength.words(lang, &[number(row), rank_name(lang, rank).into(), number(squares)])
        }
        SfenError::RowCount { rows } => T::SfenRowCount.words(lang, &[number(rows)]),
        SfenError::BadMoveNumber { found } => T::SfenMoveNumber.words(lang, &[Words::code(found.as_str())]),
        SfenError::TrailingText { found } => T::SfenTrailing.words(lang, &[Words::code(found.as_str())]),
        SfenError::Illegal(e) => T::SfenIllegal.words(lang, &[setup_error(lang, e)]),
    }
}

pub fn illegal_reason(lang: Lang, reason: IllegalReason) -> Words {
    let (p, sq) = (|role| piece(lang, role), |s| square(lang, s));
    match reason {
        IllegalReason::NoPiece { square } => T::NoPieceOnSquare.words(lang, &[sq(square)]),
        IllegalReason::OpponentsPiece { square, owner } => {
            T::OpponentsPiece.words(lang, &[sq(square), side(lang, owner)])
        }
        IllegalReason::WrongPiece { square, found, named } => {
            T::WrongPiece.words(lang, &[sq(square), p(found), p(named)])
        }
        IllegalReason::OwnPieceOnTarget { square } => T::OwnPieceOnTarget.words(lang, &[sq(square)]),
        IllegalReason::Unreachable { role, from, to } => T::CannotReach.words(lang, &[p(role), sq(from), sq(to)]),
        IllegalReason::CannotPromote { role, from, to } => T::CannotPromote.words(lang, &[p(role), sq(from), sq(to)]),
        IllegalReason::MustPromote { role, to } => T::MustPromote.words(lang, &[p(role), sq(to)]),
        IllegalReason::NotDroppable { role } => T::NotDroppable.words(lang, &[p(role)]),
        IllegalReason::NotInHand { color, role } => T::NotInHand.words(lang, &[side(lang, color), p(role)]),
        IllegalReason::Occupied { square } => T::NotEmpty.words(lang, &[sq(square)]),
        IllegalReason::DeadDrop { role, to } => T::DeadDrop.words(lang, &[p(role), sq(to)]),
        IllegalReason::TwoPawns { color, file: f } => T::TwoPawns.words(lang, &[side(lang, color), file(lang, f)]),
        IllegalReason::PawnDropMate => T::PawnDropGivesMate.words(lang, &[]),
        IllegalReason::KingLeftInCheck { color } => T::KingLeftInCheck.words(lang, &[side(lang, color)]),
        IllegalReason::NotLegal => T::NotAmongLegal.words(lang, &[]),
    }
}

pub fn move_error(lang: Lang, error: &MoveError) -> Words {
    let (p, sq) = (|role| piece(lang, role), |s| square(lang, s));
    match error {
        &MoveError::NoPieceOn { role, from } => T::NoSuchPieceOn.words(lang, &[p(role), sq(from)]),
        &MoveError::CannotReach { role, from: None, to } => T::NoneCanReach.words(lang, &[p(role), sq(to)]),
        &MoveError::CannotReach { role, from: Some(from), to } => {
            T::CannotReach.words(lang, &[p(role), sq(from), sq(to)])
        }
        MoveError::Ambiguous { role, to, origins } => {
            T::AmbiguousOrigins.words(lang, &[p(*role), squares(lang, origins), sq(*to)])
        }
        MoveError::NoneMatches { role, to, origins } => {
            T::NoneMatches.words(lang, &[p(*role), squares(lang, origins), sq(*to)])
        }
        &MoveError::CannotPromote { role, from: Some(from), to } => {
            T::CannotPromote.words(lang, &[p(role), sq(from), sq(to)])
        }
        &MoveError::CannotPromote { role, from: None, .. } => T::DroppedCannotPromote.words(lang, &[p(role)]),
        &MoveError::MustPromote { role, to } => T::MustPromote.words(lang, &[p(role), sq(to)]),
        MoveError::Illegal { mv, reason } => not_legal(lang, mv.to_string(), *reason),
    }
}

/// `not legal: G6i-5h: it leaves sente's king in check`, the move as it was written.
fn not_legal(lang: Lang, written: String, reason: IllegalReason) -> Words {
    T::NotLegalMove.words(lang, &[Words::code(written), illegal_reason(lang, reason)])
}

/// The refusal, and what to write instead for each of the pieces meant.
fn write_instead(lang: Lang, error: &MoveError, options: impl IntoIterator<Item = String>) -> Words {
    let options = or_list(lang, options.into_iter().map(Words::code));
    T::WriteInstead.words(lang, &[move_error(lang, error), options])
}

pub fn usi_move_error(lang: Lang, error: &UsiMoveError) -> Words {
    match error {
        UsiMoveError::Syntax { text } => T::NotUsi.words(lang, &[Words::code(text.as_str())]),
        UsiMoveError::Illegal { text, reason } => {
            let refused = T::NotLegalHere.words(lang, &[Words::code(text.as_str())]);
            T::Because.words(lang, &[refused, illegal_reason(lang, *reason)])
        }
    }
}

pub fn western_error(lang: Lang, error: &WesternError) -> Words {
    match error {
        WesternError::Syntax { text, column, expected } => {
            T::NotWestern.words(lang, &[Words::code(text.as_str()), number(column), expected_words(lang, *expected)])
        }
        WesternError::NothingToCapture { spelling } => {
            T::NothingToCapture.words(lang, &[Words::code(spelling.to_string()), square(lang, spelling.to)])
        }
        WesternError::Move { spelling, error: e @ MoveError::Ambiguous { origins, .. } } => {
            write_instead(lang, e, origins.iter().map(|&o| spelling.with_origin(o).to_string()))
        }
        WesternError::Move { spelling, error: MoveError::Illegal { mv, reason } } => {
            let tried = mv.from().map_or(*spelling, |from| spelling.with_origin(from));
            not_legal(lang, tried.to_string(), *reason)
        }
        WesternError::Move { error, .. } => move_error(lang, error),
    }
}

pub fn japanese_error(lang: Lang, error: &JapaneseError) -> Words {
    match error {
        JapaneseError::Syntax { text, column, expected } => {
            T::NotJapanese.words(lang, &[Words::code(text.as_str()), number(column), expected_words(lang, *expected)])
        }
        JapaneseError::WrongSide { marked } => T::WrongSide.words(lang, &[side(lang, *marked)]),
        JapaneseError::NoPreviousMove => T::NoPreviousMove.words(lang, &[]),
        JapaneseError::Unclear { error, options } => write_instead(lang, error, options.iter().cloned()),
        JapaneseError::Move(error) => move_error(lang, error),
    }
}

pub fn impasse_error(lang: Lang, error: &ImpasseError) -> Words {
    match *error {
        ImpasseError::GameOver => T::GameAlreadyOver.words(lang, &[]),
        ImpasseError::KingsNotBothInZone => T::KingsNotBothInCamp.words(lang, &[]),
        ImpasseError::KingNotInZone => T::KingNotInCamp.words(lang, &[]),
        ImpasseError::InCheck => T::DeclarerInCheck.words(lang, &[]),
        ImpasseError::TooFewPiecesInZone { pieces, needed } => {
            T::TooFewPiecesInCamp.words(lang, &[number(pieces), number(needed)])
        }
        ImpasseError::TooFewPoints { points, needed } => T::TooFewPoints.words(lang, &[number(points), number(needed)]),
    }
}

/// `line 4: …`, the line of a record file.
fn on_line(lang: Lang, line: usize, what: Words) -> Words {
    T::RecordLine.words(lang, &[number(line), what])
}

/// Why nothing was imported: the reader's line (and move) and reason.
pub fn import_error(lang: Lang, error: &ImportError) -> Words {
    match error {
        ImportError::Nothing => T::NothingToImport.words(lang, &[]),
        ImportError::Unreadable => T::FileUnreadable.words(lang, &[]),
        ImportError::Encoding(e) => invalid_utf8(lang, e),
        ImportError::Kif(e) => kif_error(lang, e),
        ImportError::Csa(e) => csa_error(lang, e),
        ImportError::Sfen { line, error } => on_line(lang, *line, sfen_error(lang, error)),
        ImportError::NotMoves { line, found } => {
            on_line(lang, *line, T::ExpectedMovesWord.words(lang, &[Words::code(found.as_str())]))
        }
        ImportError::UsiMove { line, error } => {
            let refused = T::RecordMove.words(lang, &[number(error.index + 1), usi_move_error(lang, &error.error)]);
            on_line(lang, *line, refused)
        }
        ImportError::AfterEnd { number: n } => T::MoveAfterGameEnd.words(lang, &[number(n)]),
    }
}

fn invalid_utf8(lang: Lang, error: &InvalidUtf8) -> Words {
    on_line(lang, error.line, T::NotUtf8.words(lang, &[]))
}

/// A move of a record as it was written, and why it cannot be played.
fn record_move_not_legal(lang: Lang, text: &str, why: Words) -> Words {
    T::MoveNotLegal.words(lang, &[Words::code(text), why])
}

fn kif_error(lang: Lang, error: &KifError) -> Words {
    let code = |text: &str| Words::code(text);
    let what = match &error.kind {
        KifErrorKind::Encoding => T::NotUtf8.words(lang, &[]),
        KifErrorKind::UnknownHandicap { name } => T::UnknownHandicap.words(lang, &[code(name)]),
        KifErrorKind::BoardRow { text } => T::BoardRowUnread.words(lang, &[code(text)]),
        KifErrorKind::BoardRows { found } => T::BoardRanks.words(lang, &[number(found)]),
        KifErrorKind::HandPiece { text } => T::NotAHandPiece.words(lang, &[code(text)]),
        KifErrorKind::Position(e) => T::StartNotLegal.words(lang, &[setup_error(lang, e)]),
        KifErrorKind::MoveSyntax { text, expected } => {
            T::CannotReadMove.words(lang, &[code(text), expected_words(lang, *expected)])
        }
        KifErrorKind::NoPreviousMove { text } => {
            T::Because.words(lang, &[code(text), T::NoPreviousMove.words(lang, &[])])
        }
        KifErrorKind::IllegalMove { text, reason } => record_move_not_legal(lang, text, illegal_reason(lang, *reason)),
        KifErrorKind::AmbiguousMove { text } => T::KifNeedsOrigin.words(lang, &[code(text)]),
        KifErrorKind::Ki2Move { text, error } => T::Because.words(lang, &[code(text), japanese_error(lang, error)]),
        KifErrorKind::MoveAfterEnd { text } => T::MoveAfterEnd.words(lang, &[code(text)]),
        KifErrorKind::UnexpectedLine { text } => T::UnexpectedLine.words(lang, &[code(text)]),
        KifErrorKind::VariationStart { text, last } => T::VariationStart.words(lang, &[code(text), number(last)]),
    };
    on_line(lang, error.line, what)
}

fn csa_error(lang: Lang, error: &CsaError) -> Words {
    let code = |text: &str| Words::code(text);
    let what = match &error.kind {
        CsaErrorKind::Encoding => T::NotUtf8.words(lang, &[]),
        CsaErrorKind::UnknownStatement { text } => T::NotCsaStatement.words(lang, &[code(text)]),
        CsaErrorKind::Syntax { text, expected } => {
            T::CannotRead.words(lang, &[code(text), expected_words(lang, *expected)])
        }
        CsaErrorKind::NothingToRemove { text } => T::NothingToRemove.words(lang, &[code(text)]),
        CsaErrorKind::Position(e) => T::StartNotLegal.words(lang, &[setup_error(lang, e)]),
        CsaErrorKind::PositionAfterStart { text } => T::PositionAfterStart.words(lang, &[code(text)]),
        CsaErrorKind::NoStartPosition { text } => T::BeforeSideToMove.words(lang, &[code(text)]),
        CsaErrorKind::MissingPosition => T::NoStartPosition.words(lang, &[]),
        CsaErrorKind::WrongSide { text, to_move } => {
            record_move_not_legal(lang, text, T::ItsTurn.words(lang, &[side(lang, *to_move)]))
        }
        CsaErrorKind::IllegalMove { text, reason } => record_move_not_legal(lang, text, illegal_reason(lang, *reason)),
        CsaErrorKind::MoveAfterEnd { text } => T::MoveAfterEnd.words(lang, &[code(text)]),
        CsaErrorKind::UnsupportedEnd { text } => T::UnsupportedEnd.words(lang, &[code(text)]),
    };
    on_line(lang, error.line, what)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::expected::{Expected, SfenField};
    use crate::notation::format::{import, import_text};
    use crate::notation::{csa, japanese, ki2, kif, sfen, usi, western};
    use crate::rules::{Piece, Position};
    use crate::ui::text::i18n::tests::assert_japanese;
    use crate::ui::text::i18n::Part;

    fn sq(name: &str) -> Square {
        Square::from_usi(name).unwrap()
    }

    /// Both languages hold `details` (numbers, code): the Japanese has every detail the English has.
    fn both(words: impl Fn(Lang) -> Words, details: &[&str]) -> (String, String) {
        let (en, ja) = (words(Lang::En), words(Lang::Ja));
        assert_japanese(&ja, &en.to_string());
        for detail in details {
            assert!(en.to_string().contains(detail) && ja.to_string().contains(detail), "{detail}: {en} / {ja}");
        }
        (en.to_string(), ja.to_string())
    }

    #[test]
    fn every_setup_error_in_japanese() {
        use SetupError::*;
        let gote = Color::Gote;
        let cases = [
            (TooManyKings { color: gote }, "後手"),
            (TooManyPieces { role: Role::Pawn, count: 19, max: 18 }, "19"),
            (TwoPawnsOnFile { color: gote, file: 5 }, "５筋"),
            (DeadPiece { piece: Piece::new(Color::Sente, Role::Knight), square: sq("3b") }, "３二の先手の桂馬"),
            (OpponentInCheck { color: gote }, "後手"),
            (ImpossibleCheck { color: gote }, "後手"),
        ];
        for (error, detail) in cases {
            let (en, ja) = both(|lang| setup_error(lang, &error), &[]);
            assert!(ja.contains(detail), "{ja}");
            assert!(en.contains("gote") || en.contains("19") || en.contains("3b") || en.contains("5"), "{en}");
        }
    }

    #[test]
    fn every_sfen_error_in_japanese() {
        let cases = [
            ("lnsgkgsnl/9 b - 1", "SFEN board: 2 rows instead of 9", "段の数が9でなく2"),
            ("9/9/9/9/9/9/9/9/9", "the side to move field is missing", "手番"),
            ("9/9/9/9/9/9/9/9/9 b", "the hand field is missing", "持ち駒"),
            (
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
                "column 57: unexpected 'X'",
                "57文字目",
            ),
            ("8/9/9/9/9/9/9/9/9 b - 1", "row 1 (rank a): 8 squares", "一段目"),
            ("4k4/9/9/9/9/9/9/9/4K4 x - 1", "'b' (sente) or 'w' (gote)", "（先手）"),
            ("4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "a count of at least 1", "1以上"),
            ("4k4/9/9/9/9/9/9/9/4K4 b - 0", "'0' is not", "手数"),
            ("4k4/9/9/9/9/9/9/9/4K4 b - 1 extra", "extra", "余分"),
            ("4k4/9/9/9/9/9/9/9/4K3P b - 1", "never move again", "二度と動けません"),
            ("4k4/9/9/9/9/9/9/9/9 b - 1", "", ""),
        ];
        for (text, en_detail, ja_detail) in cases {
            let Err(error) = sfen::parse_position(text) else { continue };
            let (en, ja) = both(|lang| sfen_error(lang, &error), &[]);
            assert_eq!(en, error.to_string(), "the page's English is the core's");
            assert!(en.contains(en_detail), "{text}: {en}");
            assert!(ja.contains(ja_detail), "{text}: {ja}");
        }
    }

    #[test]
    fn every_illegal_reason_in_japanese() {
        use IllegalReason::*;
        let (a, b) = (sq("7g"), sq("7f"));
        let reasons = [
            NoPiece { square: a },
            OpponentsPiece { square: a, owner: Color::Gote },
            WrongPiece { square: a, found: Role::Pawn, named: Role::Gold },
            OwnPieceOnTarget { square: a },
            Unreachable { role: Role::Pawn, from: a, to: b },
            CannotPromote { role: Role::Pawn, from: a, to: b },
            MustPromote { role: Role::Pawn, to: b },
            NotDroppable { role: Role::King },
            NotInHand { color: Color::Sente, role: Role::Rook },
            Occupied { square: a },
            DeadDrop { role: Role::Knight, to: sq("1b") },
            TwoPawns { color: Color::Sente, file: 7 },
            PawnDropMate,
            KingLeftInCheck { color: Color::Sente },
            NotLegal,
        ];
        for reason in reasons {
            let (en, ja) = both(|lang| illegal_reason(lang, reason), &[]);
            assert_eq!(en.contains("7g"), ja.contains("７七"), "{en} / {ja}");
        }
    }

    #[test]
    fn usi_moves_say_the_rule_they_break() {
        let pos = Position::startpos();
        let error = usi::parse_legal(&pos, "7g7e").unwrap_err();
        let (en, ja) = both(|lang| usi_move_error(lang, &error), &["7g7e"]);
        assert_eq!(en, "7g7e is not a legal move here: the pawn on 7g cannot reach 7e");
        assert_eq!(ja, "「7g7e」はこの局面では指せません：７七の歩兵は７五へ動けません");
        let error = usi::parse_legal(&pos, "7g7").unwrap_err();
        both(|lang| usi_move_error(lang, &error), &["7g7", "P*5e"]);
    }

    #[test]
    fn typed_moves_in_japanese_keep_every_detail() {
        let pos = Position::startpos();
        let western = |text| western::parse(&pos, text).unwrap_err();
        let ambiguous = western("G-5h");
        let (en, _) = both(|lang| western_error(lang, &ambiguous), &["G6i-5h", "G4i-5h"]);
        assert_eq!(en, ambiguous.to_string(), "the page's English is the core's");
        let unfinished = western("P-7");
        let (en, ja) = both(|lang| western_error(lang, &unfinished), &["P-7", "3"]);
        assert_eq!(en, unfinished.to_string());
        assert!(ja.contains("7f"), "{ja}");
        let pinned = sfen::parse_position("4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1").unwrap();
        let illegal = western::parse(&pinned, "G-6f").unwrap_err();
        let (en, ja) = both(|lang| western_error(lang, &illegal), &["G5g-6f"]);
        assert_eq!(en, illegal.to_string());
        assert!(ja.contains("先手の玉"), "{ja}");
        for text in ["５八金", "△７六歩", "同歩", "７六", "７六飛", "７六歩打"] {
            let error = japanese::parse(&pos, text, None).unwrap_err();
            let (en, _) = both(|lang| japanese_error(lang, &error), &[]);
            assert_eq!(en, error.to_string(), "{text}");
        }
        for text in ["Px7f", "+G-5h", "P7e", "R*2h", "K-5h-", "+P-7f"] {
            let error = western::parse(&pos, text).unwrap_err();
            let (en, _) = both(|lang| western_error(lang, &error), &[]);
            assert_eq!(en, error.to_string(), "{text}");
        }
    }

    #[test]
    fn every_impasse_refusal_keeps_its_numbers() {
        use ImpasseError::*;
        let cases = [
            (GameOver, "終わって"),
            (KingsNotBothInZone, "両方の玉"),
            (KingNotInZone, "敵陣に入っていません"),
            (InCheck, "王手"),
            (TooFewPiecesInZone { pieces: 7, needed: 10 }, "駒が7枚で、10枚必要"),
            (TooFewPoints { points: 25, needed: 28 }, "25点で、28点必要"),
        ];
        for (error, ja_detail) in cases {
            let (en, ja) = both(|lang| impasse_error(lang, &error), &[]);
            assert_eq!(en, error.to_string(), "the page's English is the core's");
            assert!(ja.contains(ja_detail), "{ja}");
        }
    }

    /// Each kind of KIF (and KI2) and CSA error, from a file that makes the reader stop with it: the
    /// English is the core's, the Japanese names the same line and keeps the same code.
    #[test]
    fn every_record_error_in_japanese() {
        let kings = crate::notation::record::Record::new(sfen::parse_position("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap());
        let diagram = kif::write(&kings);
        let even = |moves: &str| format!("手合割：平手\n{moves}");
        let kif_files = [
            even("   1 同歩(77)\n"),
            even("   1 ７六歩(78)\n"),
            even("   1 ５八金\n"),
            even("   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n"),
            even("   1 ７六歩(77)\nxyz\n"),
            even("   1 ７六Ｘ(77)\n"),
            even("   1 ７六歩(77)\n変化：3手\n"),
            "手合割：謎\n   1 ７六歩(77)\n".into(),
            "|x|\n".into(),
            "先手の持駒：犬\n".into(),
            diagram.replacen("先手の持駒：なし", "先手の持駒：歩十九", 1),
            diagram.lines().filter(|l| !l.contains("|") || !l.contains("五")).collect::<Vec<_>>().join("\n"),
        ];
        let mut kinds = std::collections::BTreeSet::new();
        let check = |en: Words, ja: Words, core: String, line: usize| {
            assert_japanese(&ja, &en.to_string());
            assert_eq!(en.to_string(), core, "the page's English is the core's");
            assert!(ja.to_string().starts_with(&format!("{line}行目：")), "{ja}");
            let code = |w: &Words| {
                w.parts()
                    .iter()
                    .filter_map(|p| if let Part::Code(c) = p { Some(c.clone()) } else { None })
                    .collect::<String>()
            };
            assert!(
                code(&en).chars().filter(char::is_ascii_alphanumeric).all(|c| code(&ja).contains(c)),
                "{en} / {ja}"
            );
        };
        let kif_errors = kif_files.iter().map(|text| kif::parse_str(text).unwrap_err());
        // The page words a position that cannot be played its own way (see `setup_error`).
        let core = |error: String, setup: Option<&SetupError>| match setup {
            Some(e) => error.replace(&e.to_string(), &setup_error(Lang::En, e).to_string()),
            None => error,
        };
        let ki2_errors = ["▲５八金\n", "▲７六歩 ▲２六歩\n", "▲７四歩\n"].map(|text| ki2::parse_str(text).unwrap_err());
        let bad_utf8 = kif::parse(b"#KIF version=2.0 encoding=UTF-8\n\xff\n").unwrap_err();
        for error in kif_errors.chain(ki2_errors).chain([bad_utf8]) {
            let setup = if let KifErrorKind::Position(e) = &error.kind { Some(e) } else { None };
            check(kif_error(Lang::En, &error), kif_error(Lang::Ja, &error), core(error.to_string(), setup), error.line);
            kinds.insert(format!("{:?}", error.kind).split([' ', '(']).next().unwrap().to_string());
        }
        assert_eq!(kinds.len(), 14, "{kinds:?}");
        kinds.clear();
        let csa_files = [
            "X",
            "N*",
            "PI55HI",
            "PI\nP+00FU\n+",
            "PI\n+\nP+00FU",
            "+7776FU",
            "V2.2",
            "PI\n+\n-3334FU",
            "PI\n+\n+7876FU",
            "PI\n+\n%TORYO\n+7776FU",
            "PI\n+\n%MATTA",
        ];
        let csa_errors = csa_files.iter().map(|text| csa::parse(text).unwrap_err());
        for error in csa_errors.chain([csa::parse_bytes(b"'CSA encoding=UTF-8\nV2.2\n\xff\n").unwrap_err()]) {
            let setup = if let CsaErrorKind::Position(e) = &error.kind { Some(e) } else { None };
            check(csa_error(Lang::En, &error), csa_error(Lang::Ja, &error), core(error.to_string(), setup), error.line);
            kinds.insert(format!("{:?}", error.kind).split([' ', '(']).next().unwrap().to_string());
        }
        assert_eq!(kinds.len(), 12, "{kinds:?}");
    }

    /// The readers stop with every SFEN field and every `Expected` (but one, see below),
    /// and each is worded in Japanese (that each has a wording, the exhaustive match says).
    #[test]
    fn every_expectation_is_said_and_worded_in_japanese() {
        let board = |row: &str| format!("{row}/9/9/9/9/9/9/9/9 b - 1");
        let hand = |hand: &str| format!("4k4/9/9/9/9/9/9/9/4K4 b {hand} 1");
        let mut said = std::collections::BTreeSet::new();
        let sfens = [board("+1"), board("X"), board("+G"), hand("100P"), hand("K"), hand("0P"), hand("2")];
        let sfens = sfens.into_iter().chain([
            "9/9/9/9/9/9/9/9/9".into(),
            "9/9/9/9/9/9/9/9/9 b".into(),
            "9/9/9/9/9/9/9/9/9 x -".into(),
        ]);
        for text in sfens {
            match sfen::parse_setup(&text) {
                Err(SfenError::Unexpected { field, expected, .. }) => said.extend([field.name(), expected.name()]),
                Err(SfenError::MissingField { field }) => said.extend([field.name()]),
                other => panic!("{text}: {other:?}"),
            }
        }
        let pos = Position::startpos();
        for text in ["X-7f", "+G-5h", "P-7", "Pz", "P7g*7f", "K*5e", "P-7f!!"] {
            match western::parse(&pos, text) {
                Err(WesternError::Syntax { expected, .. }) => said.insert(expected.name()),
                other => panic!("{text}: {other:?}"),
            };
        }
        for text in ["歩", "７歩", "７六", "７六歩左右", "７六歩上引", "７六歩(77", "７六歩x", "０六歩", "７六歩成打"]
        {
            match japanese::parse(&pos, text, None) {
                Err(JapaneseError::Syntax { expected, .. }) => said.insert(expected.name()),
                other => panic!("{text}: {other:?}"),
            };
        }
        for text in ["Ｘ六歩(77)", "７Ｘ歩(77)", "７六Ｘ(77)", "７六歩(7)", "７六歩(77", "５五角成打"]
        {
            match kif::parse_str(&format!("手合割：平手\n   1 {text}\n")) {
                Err(KifError { kind: KifErrorKind::MoveSyntax { expected, .. }, .. }) => said.insert(expected.name()),
                other => panic!("{text}: {other:?}"),
            };
        }
        let csa_position = ["N*name", "$KEY", "P", "PX", "PI82H", "PI00HI", "P1 * *", "P+00K", "P+00OU"];
        for text in csa_position.map(String::from).into_iter().chain(["PI\n+\n+77".into(), "PI\n+\n+7776FU\nTx".into()])
        {
            match csa::parse(&text) {
                Err(CsaError { kind: CsaErrorKind::Syntax { expected, .. }, .. }) => said.insert(expected.name()),
                other => panic!("{text}: {other:?}"),
            };
        }
        let all: std::collections::BTreeSet<&str> =
            SfenField::ALL.map(SfenField::name).into_iter().chain(Expected::ALL.map(Expected::name)).collect();
        // The Japanese and KIF readers check a square after reading a file and a rank, which never fails.
        assert_eq!(all.difference(&said).collect::<Vec<_>>(), [&"a square"]);
        for field in SfenField::ALL {
            assert_japanese(&sfen_field_words(Lang::Ja, field), field.name());
        }
        for expected in Expected::ALL {
            assert_japanese(&expected_words(Lang::Ja, expected), expected.name());
        }
    }

    #[test]
    fn import_errors_name_the_line_and_reason_in_both_languages() {
        for (text, en_words, ja_words) in [
            (
                "startpos moves 7g7f\n7g7f",
                "line 2: move 2: 7g7f is not a legal move here: there is no piece on 7g",
                "2行目：2手目：「7g7f」",
            ),
            ("sfen lnsgkgsnl/9 b - 1 moves 7g7f", "line 1: SFEN", "1行目：ＳＦＥＮ"),
            (
                "startpos 7g7f",
                "line 1: expected 'moves' after the position, found '7g7f'",
                "1行目：局面の後に「moves」",
            ),
            ("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\n", "line 4:", "4行目："),
            ("V2.2\nPI\n+\n+7776FU\n+2726FU\n", "line 5:", "5行目："),
            ("手合割：平手\n▲５八金\n", "line 2: ▲５八金: ambiguous: gold 6i or 4i can reach 5h", "2行目："),
            ("   \n", "nothing to import", "読み込むもの"),
        ] {
            let err = import_text(text).unwrap_err();
            let (en, ja) = (import_error(Lang::En, &err), import_error(Lang::Ja, &err));
            assert_japanese(&ja, text);
            assert!(en.to_string().contains(en_words), "{en} for {text:?}");
            assert!(ja.to_string().contains(ja_words), "{ja} for {text:?}");
        }
        let not_utf8 = import(b"'CSA encoding=UTF-8\nV2.2\n\xff\n").unwrap_err();
        assert!(import_error(Lang::En, &not_utf8).to_string().starts_with("line 3:"));
        assert!(import_error(Lang::Ja, &not_utf8).to_string().starts_with("3行目："));
        for error in [ImportError::Unreadable, ImportError::AfterEnd { number: 7 }] {
            let ja = import_error(Lang::Ja, &error);
            assert_japanese(&ja, &import_error(Lang::En, &error).to_string());
        }
    }
}
