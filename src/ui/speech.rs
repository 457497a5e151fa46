//! The board and the game in words, for screen readers: the name of each board
//! cell and the sentence announcing each move.

use crate::rules::{Move, MoveKind, Piece, Position, Square};

use super::face::{face, Face, PieceStyle};

/// `7 g`: file and rank as separate words, so a screen reader spells them out.
pub fn spoken_square(sq: Square) -> String {
    format!("{} {}", sq.file(), (b'a' + sq.rank()) as char)
}

/// `sente pawn`.
pub fn piece_words(piece: Piece) -> String {
    format!("{} {}", piece.color, piece.role)
}

/// What is written on a piece in `style`, as words: `歩 P`. Names end with it so that
/// they hold the visible text (a person using voice control says what they see).
pub fn written_on(piece: Piece, style: PieceStyle) -> String {
    let Face { main, corner } = face(style, piece);
    corner.map_or(main.clone(), |corner| format!("{main} {corner}"))
}

/// A board cell's name: `7 g, sente pawn, 歩 P` or `7 g, empty`.
pub fn cell_label(sq: Square, piece: Option<Piece>, style: PieceStyle) -> String {
    match piece {
        Some(piece) => format!("{}, {}, {}", spoken_square(sq), piece_words(piece), written_on(piece, style)),
        None => format!("{}, empty", spoken_square(sq)),
    }
}

/// A piece in hand's name, with the count shown beside it when there are several:
/// `sente pawn in hand, 歩 P, 3`.
pub fn hand_label(piece: Piece, count: u8, style: PieceStyle) -> String {
    let label = format!("{} in hand, {}", piece_words(piece), written_on(piece, style));
    if count > 1 { format!("{label}, {count}") } else { label }
}

/// A legal move of `before` in words: `Sente: pawn to 7 f`, `Gote: silver takes pawn on 4 b,
/// promotes`, `Sente: drops a pawn on 5 e, check`.
pub fn move_words(before: &Position, m: Move) -> String {
    let side = match before.turn() {
        crate::rules::Color::Sente => "Sente",
        crate::rules::Color::Gote => "Gote",
    };
    let to = spoken_square(m.to());
    let mut words = match m.kind() {
        MoveKind::Drop { role, .. } => format!("{side}: drops a {role} on {to}"),
        MoveKind::Normal { from, promote, .. } => {
            let role = before.piece_at(from).map_or("piece", |p| p.role.name());
            let mut words = match before.piece_at(m.to()) {
                Some(taken) => format!("{side}: {role} takes {} on {to}", taken.role),
                None => format!("{side}: {role} to {to}"),
            };
            if promote {
                words.push_str(", promotes");
            }
            words
        }
    };
    if before.gives_check(m) {
        words.push_str(", check");
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
        move_words(&pos, usi::parse_legal(&pos, m).unwrap())
    }

    #[test]
    fn cells() {
        let sq = Square::from_usi("7g").unwrap();
        let pawn = Some(Piece::new(Color::Sente, Role::Pawn));
        assert_eq!(cell_label(sq, pawn, PieceStyle::Hybrid), "7 g, sente pawn, 歩 P");
        assert_eq!(cell_label(sq, pawn, PieceStyle::Latin), "7 g, sente pawn, P");
        assert_eq!(cell_label(sq, None, PieceStyle::Kanji), "7 g, empty");
        let gold = Piece::new(Color::Gote, Role::Gold);
        assert_eq!(hand_label(gold, 1, PieceStyle::Kanji), "gote gold in hand, 金");
        assert_eq!(hand_label(gold, 2, PieceStyle::Hybrid), "gote gold in hand, 金 G, 2");
        assert_eq!(piece_words(Piece::new(Color::Gote, Role::PromotedSilver)), "gote promoted silver");
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
    }
}
