//! The board and the game in words, for screen readers: the name of each board
//! cell and the sentence announcing each move.

use crate::rules::{Move, MoveKind, Piece, Position, Square};

use crate::ui::text::face::{face, Face, PieceStyle};
use crate::ui::text::i18n::{piece_name, side, square_name, Lang, T};

/// `sente pawn` / `先手の歩兵`.
pub fn piece_words(lang: Lang, piece: Piece) -> String {
    T::PieceOf.with(lang, &[piece.color.fold(T::SenteWord, T::GoteWord).get(lang), piece_name(lang, piece.role)])
}

/// What is written on a piece in `style`, as words: `歩 P`. Names end with it so that
/// they hold the visible text (a person using voice control says what they see).
pub fn written_on(piece: Piece, style: PieceStyle) -> String {
    let Face { main, corner } = face(style, piece);
    corner.map_or(main.clone(), |corner| format!("{main} {corner}"))
}

/// A board cell's name: `7 g, sente pawn, 歩 P` or `7 g, empty`.
pub fn cell_label(lang: Lang, sq: Square, piece: Option<Piece>, style: PieceStyle) -> String {
    let square = square_name(lang, sq);
    match piece {
        Some(piece) => T::Cell.with(lang, &[&square, &piece_words(lang, piece), &written_on(piece, style)]),
        None => T::EmptyCell.with(lang, &[&square]),
    }
}

/// A piece in hand's name, with the count shown beside it when there are several:
/// `sente pawn in hand, 歩 P, 3`.
pub fn hand_label(lang: Lang, piece: Piece, count: u8, style: PieceStyle) -> String {
    let label = T::InHand.with(lang, &[&piece_words(lang, piece), &written_on(piece, style)]);
    if count > 1 {
        T::Counted.with(lang, &[&label, &count.to_string()])
    } else {
        label
    }
}

/// A legal move of `before` in words: `Sente: pawn to 7 f`, `Gote: silver takes pawn on 4 b,
/// promotes`, `Sente: drops a pawn on 5 e, check`.
pub fn move_words(lang: Lang, before: &Position, m: Move) -> String {
    let who = side(lang, before.turn());
    let to = square_name(lang, m.to());
    let mut words = match m.kind() {
        MoveKind::Drop { role, .. } => T::Drops.with(lang, &[who, piece_name(lang, role), &to]),
        MoveKind::Normal { from, promote, .. } => {
            let role = before.piece_at(from).map_or("", |p| piece_name(lang, p.role));
            let mut words = match before.piece_at(m.to()) {
                Some(taken) => T::Takes.with(lang, &[who, role, piece_name(lang, taken.role), &to]),
                None => T::MovesTo.with(lang, &[who, role, &to]),
            };
            if promote {
                words.push_str(T::Promotes.get(lang));
            }
            words
        }
    };
    if before.gives_check(m) {
        words.push_str(T::Check.get(lang));
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{sfen, usi};
    use crate::rules::{Color, Role};

    fn words(sfen_text: &str, m: &str) -> String {
        let pos = sfen::parse_position(sfen_text).unwrap();
        move_words(Lang::En, &pos, usi::parse_legal(&pos, m).unwrap())
    }

    #[test]
    fn cells() {
        let sq = Square::from_usi("7g").unwrap();
        let pawn = Some(Piece::new(Color::Sente, Role::Pawn));
        assert_eq!(cell_label(Lang::En, sq, pawn, PieceStyle::Hybrid), "7 g, sente pawn, 歩 P");
        assert_eq!(cell_label(Lang::En, sq, pawn, PieceStyle::Latin), "7 g, sente pawn, P");
        assert_eq!(cell_label(Lang::En, sq, None, PieceStyle::Kanji), "7 g, empty");
        assert_eq!(cell_label(Lang::Ja, sq, pawn, PieceStyle::Kanji), "７七、先手の歩兵、歩");
        assert_eq!(cell_label(Lang::Ja, sq, None, PieceStyle::Kanji), "７七、空き");
        let gold = Piece::new(Color::Gote, Role::Gold);
        assert_eq!(hand_label(Lang::En, gold, 1, PieceStyle::Kanji), "gote gold in hand, 金");
        assert_eq!(hand_label(Lang::En, gold, 2, PieceStyle::Hybrid), "gote gold in hand, 金 G, 2");
        assert_eq!(hand_label(Lang::Ja, gold, 2, PieceStyle::Kanji), "持ち駒の後手の金将、金、2");
        assert_eq!(piece_words(Lang::En, Piece::new(Color::Gote, Role::PromotedSilver)), "gote promoted silver");
        assert_eq!(piece_words(Lang::Ja, Piece::new(Color::Gote, Role::PromotedSilver)), "後手の成銀");
    }

    #[test]
    fn moves_in_words() {
        assert_eq!(words(sfen::STARTPOS, "7g7f"), "Sente: pawn to 7 f");
        let after_two = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
        assert_eq!(words(after_two, "8h2b+"), "Sente: bishop takes bishop on 2 b, promotes");
        // Gote has a silver on 2 b and a bishop in hand.
        let gote = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w Bb 4";
        assert_eq!(words(gote, "2b3c"), "Gote: silver to 3 c");
        assert_eq!(words(gote, "B*5e"), "Gote: drops a bishop on 5 e");
        // A gold dropped in front of the king gives check.
        let check = "4k4/9/9/9/9/9/9/9/4K4 b G 1";
        assert_eq!(words(check, "G*5b"), "Sente: drops a gold on 5 b, check");
        let pos = sfen::parse_position(after_two).unwrap();
        let m = usi::parse("8h2b+").unwrap();
        assert_eq!(move_words(Lang::Ja, &pos, m), "先手：角行で２二の角行を取る、成り");
    }
}
