//! What is written on a piece in each of the three piece styles.

use crate::notation::kanji;
use crate::rules::{Piece, Role};

use crate::ui::text::i18n::{Lang, T};

named_enum! {
    /// The three ways of writing pieces; the name is the one used in URLs and storage.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum PieceStyle {
        /// One kanji, as on a real set (玉 and 王 for the two kings).
        Kanji = "kanji",
        /// The letters of English books: K R B G S N L P, promoted `+R`.
        Latin = "latin",
        /// The kanji with its letter small in the lower right corner, for learners.
        Hybrid = "hybrid",
    }
}

impl PieceStyle {
    /// The style a person sees before choosing one: kanji alone for a Japanese reader, who
    /// knows them; the kanji with their letters for everyone else, who may be learning them.
    pub fn default_for(lang: Lang) -> PieceStyle {
        match lang {
            Lang::Ja => PieceStyle::Kanji,
            Lang::En => PieceStyle::Hybrid,
        }
    }

    /// The label a person picks it by.
    pub fn label(self) -> T {
        match self {
            PieceStyle::Kanji => T::StyleKanji,
            PieceStyle::Latin => T::StyleLatin,
            PieceStyle::Hybrid => T::StyleHybrid,
        }
    }
}

/// The text on a piece: the large sign in the middle and, in the hybrid style,
/// the small corner letter. Promoted pieces are drawn in red by the view.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Face {
    pub main: String,
    pub corner: Option<String>,
}

pub fn face(style: PieceStyle, piece: Piece) -> Face {
    let letter = piece.role.letter();
    let promoted = piece.role.is_promoted();
    let kanji = || kanji::piece_char(piece.color, piece.role).to_string();
    match style {
        PieceStyle::Kanji => Face { main: kanji(), corner: None },
        PieceStyle::Latin => {
            Face { main: if promoted { format!("+{letter}") } else { letter.to_string() }, corner: None }
        }
        PieceStyle::Hybrid => {
            // The seed's convention: the letter gains a plus sign *after* it when promoted.
            Face { main: kanji(), corner: Some(if promoted { format!("{letter}+") } else { letter.to_string() }) }
        }
    }
}

/// How large a piece is drawn relative to the king, as real sets grade them by rank.
pub fn size(role: Role) -> f64 {
    match role.unpromoted() {
        Role::King => 1.0,
        Role::Rook | Role::Bishop => 0.97,
        Role::Gold | Role::Silver => 0.93,
        Role::Knight => 0.9,
        Role::Lance => 0.87,
        _ => 0.84,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use crate::ui::text::glyphs;

    #[test]
    fn faces_in_each_style() {
        let dragon = Piece::new(Color::Sente, Role::Dragon);
        let gote_king = Piece::new(Color::Gote, Role::King);
        let sente_king = Piece::new(Color::Sente, Role::King);
        assert_eq!(face(PieceStyle::Latin, dragon), Face { main: "+R".into(), corner: None });
        assert_eq!(face(PieceStyle::Latin, gote_king).main, "K");
        assert_eq!(face(PieceStyle::Kanji, dragon).main, "龍");
        assert_ne!(face(PieceStyle::Kanji, gote_king).main, face(PieceStyle::Kanji, sente_king).main);
        assert_eq!(face(PieceStyle::Hybrid, dragon), Face { main: "龍".into(), corner: Some("R+".into()) });
        assert_eq!(face(PieceStyle::Hybrid, Piece::new(Color::Gote, Role::Pawn)).corner.as_deref(), Some("P"));
    }

    #[test]
    fn every_kanji_has_an_outline_in_the_page() {
        let page = include_str!("../../../public/glyphs.svg");
        for color in Color::ALL {
            for role in Role::ALL {
                let sign = kanji::piece_char(color, role).to_string();
                let id = glyphs::outline_id(&sign).unwrap_or_else(|| panic!("no outline for {sign}"));
                let (_, path) =
                    page.split_once(&format!(r#"<path id="{id}" d="m"#)).unwrap_or_else(|| panic!("{sign}: no {id}"));
                assert!(path.split('"').next().is_some_and(|d| d.ends_with('z')), "{sign}: {id} unclosed");
            }
        }
        assert_eq!(glyphs::outline_id("K"), None, "letters are text");
        assert_eq!(glyphs::outline_id("+R"), None, "letters are text");
    }

    #[test]
    fn names_round_trip_and_sizes_follow_rank() {
        for style in PieceStyle::ALL {
            assert_eq!(PieceStyle::from_name(style.name()), Some(style));
        }
        assert_eq!(PieceStyle::from_name("Kanji"), None);
        assert!(size(Role::King) > size(Role::Rook) && size(Role::Gold) > size(Role::Knight));
        assert!(size(Role::Lance) > size(Role::Pawn));
        assert_eq!(size(Role::Tokin), size(Role::Pawn));
    }
}
