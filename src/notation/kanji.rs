//! The Japanese spellings shared by Japanese notation, KIF and the app:
//! full-width file digits, kanji rank numerals, piece names.

use crate::rules::{Color, Role};

/// Full-width digits １..９ for files, index 0 = file 1.
pub const FILE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// Kanji numerals 一..九 for ranks, index 0 = rank a.
pub const RANK_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The sente (☗/▲) and gote (☖/△) marks used before moves.
pub fn side_mark(color: Color) -> char {
    color.fold('▲', '△')
}

/// The short name used in move notation and KIF (`歩`, `と`, `成香`, `馬`, `龍`, `玉`).
pub fn short_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "歩",
        Role::Lance => "香",
        Role::Knight => "桂",
        Role::Silver => "銀",
        Role::Gold => "金",
        Role::Bishop => "角",
        Role::Rook => "飛",
        Role::King => "玉",
        Role::Tokin => "と",
        Role::PromotedLance => "成香",
        Role::PromotedKnight => "成桂",
        Role::PromotedSilver => "成銀",
        Role::Horse => "馬",
        Role::Dragon => "龍",
    }
}

/// The one-character name drawn on a piece; kings differ by side (玉 for sente, 王 for gote)
/// and the promoted minors use their cursive forms.
pub fn piece_char(color: Color, role: Role) -> char {
    match role {
        Role::Pawn => '歩',
        Role::Lance => '香',
        Role::Knight => '桂',
        Role::Silver => '銀',
        Role::Gold => '金',
        Role::Bishop => '角',
        Role::Rook => '飛',
        Role::King => color.fold('玉', '王'),
        Role::Tokin => 'と',
        Role::PromotedLance => '杏',
        Role::PromotedKnight => '圭',
        Role::PromotedSilver => '全',
        Role::Horse => '馬',
        Role::Dragon => '龍',
    }
}

/// The full name (`歩兵`, `龍王`, ...), as a piece guide writes it.
pub fn full_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "歩兵",
        Role::Lance => "香車",
        Role::Knight => "桂馬",
        Role::Silver => "銀将",
        Role::Gold => "金将",
        Role::Bishop => "角行",
        Role::Rook => "飛車",
        Role::King => "玉将",
        Role::Tokin => "と金",
        Role::PromotedLance => "成香",
        Role::PromotedKnight => "成桂",
        Role::PromotedSilver => "成銀",
        Role::Horse => "龍馬",
        Role::Dragon => "龍王",
    }
}

/// Reads a piece name as KIF and Japanese notation write it, including the
/// common variants (王, 竜, 全/圭/杏, 仝/今). Returns the role and the length in bytes.
pub fn parse_role_prefix(text: &str) -> Option<(Role, usize)> {
    const NAMES: &[(&str, Role)] = &[
        ("成香", Role::PromotedLance),
        ("成桂", Role::PromotedKnight),
        ("成銀", Role::PromotedSilver),
        ("歩", Role::Pawn),
        ("香", Role::Lance),
        ("桂", Role::Knight),
        ("銀", Role::Silver),
        ("金", Role::Gold),
        ("角", Role::Bishop),
        ("飛", Role::Rook),
        ("玉", Role::King),
        ("王", Role::King),
        ("と", Role::Tokin),
        ("杏", Role::PromotedLance),
        ("仝", Role::PromotedLance),
        ("圭", Role::PromotedKnight),
        ("今", Role::PromotedKnight),
        ("全", Role::PromotedSilver),
        ("馬", Role::Horse),
        ("龍", Role::Dragon),
        ("竜", Role::Dragon),
    ];
    NAMES.iter().find(|(name, _)| text.starts_with(name)).map(|&(name, role)| (role, name.len()))
}

/// A file from a full-width or ASCII digit.
pub fn parse_file(c: char) -> Option<u8> {
    FILE_DIGITS.iter().position(|&d| d == c).map(|i| i as u8 + 1).or_else(|| match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    })
}

/// A rank (0 = 一) from a kanji numeral or an ASCII digit.
pub fn parse_rank(c: char) -> Option<u8> {
    RANK_NUMERALS.iter().position(|&d| d == c).map(|i| i as u8).or_else(|| match c {
        '1'..='9' => Some(c as u8 - b'1'),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for role in Role::ALL {
            let (parsed, len) = parse_role_prefix(short_name(role)).unwrap();
            assert_eq!((parsed, len), (role, short_name(role).len()));
        }
        assert_eq!(parse_file('７'), Some(7));
        assert_eq!(parse_rank('六'), Some(5));
        assert_eq!(parse_rank('6'), Some(5));
    }
}
