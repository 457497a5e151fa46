//! Japanese move notation as the Japan Shogi Association writes it (棋譜の表記方法):
//! the side (`▲`/`△`), the destination (`７六`, or `同　` for the previous move's
//! square), the piece (`歩`, `成銀`, `龍`), then, only when two or more pieces of that
//! kind could legally go there, which one moved, then `成`, `不成` or `打`.
//!
//! Telling pieces apart, in this order:
//! 1. the motion, seen from the mover's seat: 上 forward, 寄 sideways, 引 back, when it
//!    alone tells the pieces apart;
//! 2. otherwise where the piece stood: 左 / 右 of the destination, and 直 for a gold-like
//!    piece or a silver stepping straight forward; a dragon or a horse never uses 直,
//!    its 左 / 右 says which of the two stood left or right of the other;
//! 3. when neither alone is enough, both: 左上, 右引, ...
//!
//! `打` is written only when a piece on the board could also move there, and `不成` only
//! when the move could have promoted.

use super::expected::Expected;
use std::fmt;

use super::kanji::{parse_file, parse_rank, parse_role_prefix, short_name, side_mark, FILE_DIGITS, RANK_NUMERALS};
use super::resolve::{self, legal_origins, DropMark, MoveError, Promotion, Request};
use crate::rules::{may_promote, Bitboard, Color, Move, MoveKind, Position, Role, Square};

/// Which way a piece goes, seen from its owner.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Motion {
    /// 上: towards the enemy camp.
    Up,
    /// 寄: along its rank.
    Sideways,
    /// 引: back towards its own camp.
    Down,
}

impl Motion {
    pub fn kanji(self) -> char {
        match self {
            Motion::Up => '上',
            Motion::Sideways => '寄',
            Motion::Down => '引',
        }
    }

    /// Also reads 行 and 入, which some records use for a dragon or horse going forward.
    fn from_kanji(c: char) -> Option<Motion> {
        match c {
            '上' | '行' | '入' => Some(Motion::Up),
            '寄' => Some(Motion::Sideways),
            '引' => Some(Motion::Down),
            _ => None,
        }
    }

    fn of(color: Color, from: Square, to: Square) -> Motion {
        match from.rank_from_far_side(color).cmp(&to.rank_from_far_side(color)) {
            std::cmp::Ordering::Greater => Motion::Up,
            std::cmp::Ordering::Equal => Motion::Sideways,
            std::cmp::Ordering::Less => Motion::Down,
        }
    }
}

/// Where a piece stood, seen from its owner.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    /// 左
    Left,
    /// 右
    Right,
    /// 直: straight below the destination, stepping forward (golds, silvers, promoted minors).
    Straight,
}

impl Side {
    pub fn kanji(self) -> char {
        match self {
            Side::Left => '左',
            Side::Right => '右',
            Side::Straight => '直',
        }
    }

    fn from_kanji(c: char) -> Option<Side> {
        match c {
            '左' => Some(Side::Left),
            '右' => Some(Side::Right),
            '直' => Some(Side::Straight),
            _ => None,
        }
    }
}

/// The suffix that tells a piece apart from others of its kind: side, then motion (`左上`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Qualifier {
    pub side: Option<Side>,
    pub motion: Option<Motion>,
}

impl Qualifier {
    fn describes(&self, bearing: &Bearing) -> bool {
        self.side.is_none_or(|side| bearing.side == Some(side))
            && self.motion.is_none_or(|motion| bearing.motion == motion)
    }

    fn is_empty(&self) -> bool {
        self.side.is_none() && self.motion.is_none()
    }
}

impl fmt::Display for Qualifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for kanji in [self.side.map(Side::kanji), self.motion.map(Motion::kanji)].into_iter().flatten() {
            write!(f, "{kanji}")?;
        }
        Ok(())
    }
}

/// How one of several candidate pieces stands to the destination.
struct Bearing {
    from: Square,
    side: Option<Side>,
    motion: Motion,
}

/// How far to the left of `color`'s seat a square lies.
fn leftness(color: Color, sq: Square) -> u8 {
    color.fold(sq.file(), 10 - sq.file())
}

/// The bearings of the pieces of `role` on `origins`, all of the side to move, towards `to`.
fn bearings(pos: &Position, role: Role, to: Square, origins: Bitboard) -> Vec<Bearing> {
    let color = pos.turn();
    let steps_straight = matches!(
        role,
        Role::Silver | Role::Gold | Role::Tokin | Role::PromotedLance | Role::PromotedKnight | Role::PromotedSilver
    );
    origins
        .map(|from| {
            let motion = Motion::of(color, from, to);
            let here = leftness(color, from);
            let side = if matches!(role, Role::Horse | Role::Dragon) {
                // Left or right of the other one, wherever the destination is.
                let others: Vec<u8> = origins.without(from).map(|o| leftness(color, o)).collect();
                if others.is_empty() {
                    None
                } else if others.iter().all(|&x| x < here) {
                    Some(Side::Left)
                } else if others.iter().all(|&x| x > here) {
                    Some(Side::Right)
                } else {
                    None
                }
            } else {
                match here.cmp(&leftness(color, to)) {
                    std::cmp::Ordering::Greater => Some(Side::Left),
                    std::cmp::Ordering::Less => Some(Side::Right),
                    std::cmp::Ordering::Equal => (steps_straight && motion == Motion::Up).then_some(Side::Straight),
                }
            };
            Bearing { from, side, motion }
        })
        .collect()
}

/// The qualifier the rules call for when the piece on `from` moves to `to`: empty when
/// no other piece of its kind could legally go there.
pub fn qualifier(pos: &Position, from: Square, to: Square) -> Qualifier {
    let Some(piece) = pos.piece_at(from) else { return Qualifier::default() };
    let origins = legal_origins(pos, piece.role, to).with(from);
    if !origins.more_than_one() {
        return Qualifier::default();
    }
    let all = bearings(pos, piece.role, to, origins);
    let (mine, others): (Vec<&Bearing>, Vec<&Bearing>) = all.iter().partition(|b| b.from == from);
    let Some(mine) = mine.first() else { return Qualifier::default() };
    if others.iter().all(|b| b.motion != mine.motion) {
        Qualifier { side: None, motion: Some(mine.motion) }
    } else if mine.side.is_some() && others.iter().all(|b| b.side != mine.side) {
        Qualifier { side: mine.side, motion: None }
    } else {
        Qualifier { side: mine.side, motion: Some(mine.motion) }
    }
}

/// `７六`, or `同　` when the previous move went to the same square.
fn destination(to: Square, previous_to: Option<Square>) -> String {
    if previous_to == Some(to) {
        "同　".to_string()
    } else {
        format!("{}{}", FILE_DIGITS[to.file() as usize - 1], RANK_NUMERALS[to.rank() as usize])
    }
}

/// `▲７六歩` for `m`, a legal move of `pos`; `previous_to` is where the previous move went
/// (for `同`). `None` if `m` moves from an empty square.
pub fn write(pos: &Position, m: Move, previous_to: Option<Square>) -> Option<String> {
    Some(format!("{}{}", side_mark(pos.turn()), write_body(pos, m, previous_to)?))
}

/// The same without the side mark: `７六歩`, `同　銀`, `５五角打`.
pub fn write_body(pos: &Position, m: Move, previous_to: Option<Square>) -> Option<String> {
    let place = destination(m.to(), previous_to);
    match m.kind() {
        MoveKind::Drop { role, to } => {
            let marked = if legal_origins(pos, role, to).any() { "打" } else { "" };
            Some(format!("{place}{}{marked}", short_name(role)))
        }
        MoveKind::Normal { from, to, promote } => {
            let piece = pos.piece_at(from)?;
            let promotion = match (promote, may_promote(piece.color, piece.role, from, to)) {
                (true, _) => "成",
                (false, true) => "不成",
                (false, false) => "",
            };
            Some(format!("{place}{}{}{promotion}", short_name(piece.role), qualifier(pos, from, to)))
        }
    }
}

/// Why a text is not a legal move in Japanese notation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum JapaneseError {
    /// Not a spelling at all; `column` counts characters from 1 (after leading blanks).
    Syntax { text: String, column: usize, expected: Expected },
    /// The ▲/△ mark names the side that is not to move.
    WrongSide { marked: Color },
    /// `同` with no previous move.
    NoPreviousMove,
    /// Several pieces fit the text, or none of those that can go there does: what to
    /// write for each of them.
    Unclear { error: MoveError, options: Vec<String> },
    /// The text names no legal move.
    Move(MoveError),
}

impl fmt::Display for JapaneseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JapaneseError::Syntax { text, column, expected } => {
                write!(f, "'{text}' is not a move in Japanese notation: at column {column}, expected {expected}")
            }
            JapaneseError::WrongSide { marked } => write!(f, "the move is marked for {marked}, who is not to move"),
            JapaneseError::NoPreviousMove => f.write_str("同 needs a previous move"),
            JapaneseError::Unclear { error, options } => write!(f, "{error}; write {}", resolve::or_list(options)),
            JapaneseError::Move(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for JapaneseError {}

/// Reads one move text, keeping the column for errors.
struct Reader<'a> {
    text: &'a str,
    rest: &'a str,
}

impl<'a> Reader<'a> {
    fn column(&self) -> usize {
        self.text[..self.text.len() - self.rest.len()].chars().count() + 1
    }

    fn next_map<T>(&mut self, f: impl FnOnce(char) -> Option<T>) -> Option<T> {
        let c = self.rest.chars().next()?;
        let value = f(c)?;
        self.rest = &self.rest[c.len_utf8()..];
        Some(value)
    }

    fn eat(&mut self, prefix: &str) -> bool {
        match self.rest.strip_prefix(prefix) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    fn error_at(&self, column: usize, expected: Expected) -> JapaneseError {
        JapaneseError::Syntax { text: super::clip(self.text, 40), column, expected }
    }

    fn error(&self, expected: Expected) -> JapaneseError {
        self.error_at(self.column(), expected)
    }

    /// A square as digits: `７六`, `76`, `7六`.
    fn square(&mut self) -> Result<Square, JapaneseError> {
        let file = self.next_map(parse_file).ok_or_else(|| self.error(Expected::FileDigit))?;
        let rank = self.next_map(parse_rank).ok_or_else(|| self.error(Expected::RankNumeral))?;
        Square::new(file, rank).ok_or_else(|| self.error(Expected::Square))
    }
}

/// A move as written, before the position is consulted.
struct Spelling {
    role: Role,
    to: Square,
    qualifier: Qualifier,
    promotion: Promotion,
    dropped: bool,
    /// A KIF-style origin, `(77)`.
    from: Option<Square>,
}

fn read(pos: &Position, text: &str, previous_to: Option<Square>) -> Result<Spelling, JapaneseError> {
    let text = text.trim();
    let mut r = Reader { text, rest: text };
    let marked = r.next_map(|c| match c {
        '▲' | '☗' => Some(Color::Sente),
        '△' | '☖' | '▽' => Some(Color::Gote),
        _ => None,
    });
    if let Some(marked) = marked.filter(|&c| c != pos.turn()) {
        return Err(JapaneseError::WrongSide { marked });
    }
    let to = if r.eat("同") {
        while r.next_map(|c| (c == ' ' || c == '　').then_some(())).is_some() {}
        previous_to.ok_or(JapaneseError::NoPreviousMove)?
    } else {
        r.square()?
    };
    let (role, length) = parse_role_prefix(r.rest).ok_or_else(|| r.error(Expected::PieceName))?;
    r.rest = &r.rest[length..];
    let mut qualifier = Qualifier::default();
    loop {
        let column = r.column();
        if let Some(side) = r.next_map(Side::from_kanji) {
            if qualifier.side.replace(side).is_some() {
                return Err(r.error_at(column, Expected::OneOfLeftRightStraight));
            }
        } else if let Some(motion) = r.next_map(Motion::from_kanji) {
            if qualifier.motion.replace(motion).is_some() {
                return Err(r.error_at(column, Expected::OneOfUpSidewaysDown));
            }
        } else {
            break;
        }
    }
    let promotion = if r.eat("不成") || r.eat("生") {
        Promotion::Decline
    } else if r.eat("成") {
        Promotion::Promote
    } else {
        Promotion::Unmarked
    };
    let drop_column = r.column();
    let dropped = r.eat("打");
    if dropped && (promotion != Promotion::Unmarked || !qualifier.is_empty() || !role.is_hand_role()) {
        return Err(r.error_at(drop_column, Expected::NoDropMarkHere));
    }
    let from = if !dropped && r.eat("(") {
        let from = r.square()?;
        if !r.eat(")") {
            return Err(r.error(Expected::CloseParenAfterOrigin));
        }
        Some(from)
    } else {
        None
    };
    if !r.rest.is_empty() {
        return Err(r.error(Expected::EndOfMove));
    }
    Ok(Spelling { role, to, qualifier, promotion, dropped, from })
}

/// Reads a move such as `▲７六歩`, `同　銀`, `５二金左上`, `２二角成`, `５五角打` or, KIF-style,
/// `７六歩(77)`; `previous_to` is where the previous move went (for `同`). Accepts ASCII
/// digits, 竜/王/全-like variants, and a drop without `打` when no board piece can go there.
pub fn parse(pos: &Position, text: &str, previous_to: Option<Square>) -> Result<Move, JapaneseError> {
    let spelling = read(pos, text, previous_to)?;
    let drop = if spelling.dropped {
        DropMark::Drop
    } else if spelling.qualifier.is_empty() && spelling.from.is_none() {
        DropMark::Either
    } else {
        DropMark::Board
    };
    let request =
        Request { role: spelling.role, to: spelling.to, from: spelling.from, promotion: spelling.promotion, drop };
    let candidates = bearings(pos, spelling.role, spelling.to, legal_origins(pos, spelling.role, spelling.to));
    let keep = |sq: Square| candidates.iter().any(|b| b.from == sq && spelling.qualifier.describes(b));
    resolve::resolve(pos, &request, keep).map_err(|error| match &error {
        MoveError::Ambiguous { origins, .. } | MoveError::NoneMatches { origins, .. } => {
            let options = origins
                .iter()
                .map(|&from| {
                    let place = destination(spelling.to, previous_to);
                    format!("{place}{}{}", short_name(spelling.role), qualifier(pos, from, spelling.to))
                })
                .collect();
            JapaneseError::Unclear { error, options }
        }
        _ => JapaneseError::Move(error),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualifiers_print_side_first() {
        let q = Qualifier { side: Some(Side::Left), motion: Some(Motion::Up) };
        assert_eq!(q.to_string(), "左上");
        assert_eq!(Qualifier::default().to_string(), "");
        assert_eq!(Qualifier { side: Some(Side::Straight), motion: None }.to_string(), "直");
    }

    #[test]
    fn motion_is_seen_from_the_mover() {
        let (a, b) = (Square::from_usi("5e").unwrap(), Square::from_usi("5d").unwrap());
        assert_eq!(Motion::of(Color::Sente, a, b), Motion::Up);
        assert_eq!(Motion::of(Color::Gote, a, b), Motion::Down);
        assert_eq!(Motion::of(Color::Gote, a, Square::from_usi("4e").unwrap()), Motion::Sideways);
    }
}
