//! CSA, the Computer Shogi Association record format (V2.2; V2 and V3 files
//! read too): `N+`/`N-` names, `$KEY:value` information, the start position as
//! `PI` with removed pieces (`PI82HI22KA`) or `P1`..`P9` rows plus `P+`/`P-` piece
//! lines, the side to move, then moves such as `+7776FU` (the piece named as it
//! stands after the move, so `+2822RY` is a rook promoting) and `%TORYO`.
//!
//! Reading follows the first game of a file (up to a `/` line), allows several
//! statements on a line separated by `,`, keeps each move's `T` time (seconds, with a
//! fraction in V3) and the `'*` comments (as ShogiHome and Shogidokoro write a record's
//! comments; other `'` lines are skipped), and checks every move against the rules. CSA has
//! no variations: a record's are left out when it is written.

use super::expected::Expected;
use std::fmt;
use std::fmt::Write as _;

use super::encoding::{self, InvalidUtf8};
use super::record::{Comment, Record, Termination};
use crate::rules::illegal::{self, IllegalReason};
use crate::rules::{Color, Handicap, Move, MoveKind, Piece, Position, Role, Setup, SetupError, Square};

/// What is wrong with a CSA file, and on which line.
#[derive(Clone, PartialEq, Debug)]
pub struct CsaError {
    /// 1-based line number.
    pub line: usize,
    pub kind: CsaErrorKind,
}

#[derive(Clone, PartialEq, Debug)]
pub enum CsaErrorKind {
    Encoding,
    /// A statement that is none of the CSA kinds.
    UnknownStatement {
        text: String,
    },
    /// A statement of a known kind that cannot be read; `expected` says what was looked for.
    Syntax {
        text: String,
        expected: Expected,
    },
    /// `PI` removes a piece that the start position does not have there.
    NothingToRemove {
        text: String,
    },
    Position(SetupError),
    /// A position statement after the side to move was given.
    PositionAfterStart {
        text: String,
    },
    /// A move or end of game before the side to move was given.
    NoStartPosition {
        text: String,
    },
    /// No start position in the whole file.
    MissingPosition,
    WrongSide {
        text: String,
        to_move: Color,
    },
    IllegalMove {
        text: String,
        reason: IllegalReason,
    },
    MoveAfterEnd {
        text: String,
    },
    /// An end of game (`%MATTA`, ...) that a record cannot hold.
    UnsupportedEnd {
        text: String,
    },
}

impl fmt::Display for CsaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            CsaErrorKind::Encoding => write!(f, "the file says it is UTF-8 but this line is not valid UTF-8"),
            CsaErrorKind::UnknownStatement { text } => write!(f, "'{text}' is not a CSA statement"),
            CsaErrorKind::Syntax { text, expected } => write!(f, "cannot read '{text}': expected {expected}"),
            CsaErrorKind::NothingToRemove { text } => {
                write!(f, "'{text}' removes a piece that is not there in the even-game position")
            }
            CsaErrorKind::Position(e) => write!(f, "the start position is not legal: {e}"),
            CsaErrorKind::PositionAfterStart { text } => {
                write!(f, "'{text}' changes the position after the side to move was given")
            }
            CsaErrorKind::NoStartPosition { text } => {
                write!(f, "'{text}' comes before the side to move ('+' or '-' on its own line)")
            }
            CsaErrorKind::MissingPosition => write!(f, "the file has no start position"),
            CsaErrorKind::WrongSide { text, to_move } => write!(f, "{text} is not legal: it is {to_move}'s turn"),
            CsaErrorKind::IllegalMove { text, reason } => write!(f, "{text} is not legal: {reason}"),
            CsaErrorKind::MoveAfterEnd { text } => write!(f, "{text} comes after the end of the game"),
            CsaErrorKind::UnsupportedEnd { text } => write!(f, "{text} is an end of game a record cannot hold"),
        }
    }
}

impl std::error::Error for CsaError {}

impl From<InvalidUtf8> for CsaError {
    fn from(e: InvalidUtf8) -> CsaError {
        CsaError { line: e.line, kind: CsaErrorKind::Encoding }
    }
}

/// The CSA piece names, in [`Role`] order.
const NAMES: [&str; 14] = ["FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"];

fn role_name(role: Role) -> &'static str {
    NAMES[role.index()]
}

fn role_from_name(name: &str) -> Option<Role> {
    NAMES.iter().position(|&n| n == name).and_then(Role::from_index)
}

/// `$` keys and the KIF header names the record keeps them under.
const INFO_KEYS: [(&str, &str); 7] = [
    ("EVENT", "棋戦"),
    ("SITE", "場所"),
    ("START_TIME", "開始日時"),
    ("END_TIME", "終了日時"),
    ("TIME_LIMIT", "持ち時間"),
    ("OPENING", "戦型"),
    ("NOTE", "備考"),
];

/// The header names for sente's and gote's player, in an even and in a handicap game.
const NAME_KEYS: [[&str; 2]; 2] = [["先手", "後手"], ["下手", "上手"]];

/// Reads a CSA file in UTF-8 or Shift_JIS (see [`encoding::decode`]).
pub fn parse_bytes(bytes: &[u8]) -> Result<Record, CsaError> {
    parse(&encoding::decode(bytes)?)
}

/// Reads CSA text.
pub fn parse(text: &str) -> Result<Record, CsaError> {
    let mut reader =
        Reader { headers: Vec::new(), names: Vec::new(), setup: Setup::empty(), comments: Vec::new(), game: None };
    let mut lines = 0;
    for (index, raw) in text.lines().enumerate() {
        lines = index + 1;
        let line = raw.trim_start_matches('\u{feff}').trim();
        if line == "/" {
            break;
        }
        let statements: Vec<&str> =
            if line.starts_with(['N', '$', '\'']) { vec![line] } else { line.split(',').collect() };
        for statement in statements {
            reader.statement(statement.trim()).map_err(|kind| CsaError { line: index + 1, kind })?;
        }
    }
    reader.into_record(lines)
}

struct Reader {
    /// Headers in file order; the player names get their keys at the end.
    headers: Vec<(String, String)>,
    /// Indices in `headers` of the player names, with their side.
    names: Vec<(usize, Color)>,
    setup: Setup,
    /// The comments before the side to move is given.
    comments: Vec<Comment>,
    game: Option<(Record, Position)>,
}

impl Reader {
    fn statement(&mut self, statement: &str) -> Result<(), CsaErrorKind> {
        let text = || statement.to_string();
        let syntax = |expected| CsaErrorKind::Syntax { text: statement.to_string(), expected };
        let Some(first) = statement.chars().next() else { return Ok(()) };
        match first {
            '\'' => {
                if let Some(text) = statement.strip_prefix("'*") {
                    let comment = |ply| Comment { ply, text: text.to_string() };
                    match &mut self.game {
                        Some((record, _)) => record.comments.push(comment(record.moves.len())),
                        None => self.comments.push(comment(0)),
                    }
                }
                Ok(())
            }
            'V' => Ok(()),
            'T' => {
                let ms = seconds(&statement[1..]).ok_or_else(|| syntax(Expected::CsaTime))?;
                if let Some((record, _)) = &mut self.game {
                    let ply = record.moves.len() + usize::from(record.termination.is_some());
                    // A time before the first move times nothing.
                    let _ = record.set_time(&[], ply, ms);
                }
                Ok(())
            }
            'N' => {
                let color = match statement.get(1..2) {
                    Some("+") => Color::Sente,
                    Some("-") => Color::Gote,
                    _ => return Err(syntax(Expected::CsaNameMark)),
                };
                self.names.push((self.headers.len(), color));
                self.headers.push((String::new(), statement.get(2..).unwrap_or_default().to_string()));
                Ok(())
            }
            '$' => {
                let (key, value) = statement
                    .get(1..)
                    .and_then(|s| s.split_once(':'))
                    .filter(|(key, _)| !key.is_empty())
                    .ok_or_else(|| syntax(Expected::CsaInformation))?;
                let key = INFO_KEYS.iter().find(|(csa, _)| *csa == key).map_or(key, |(_, kif)| kif);
                self.headers.push((key.to_string(), value.to_string()));
                Ok(())
            }
            'P' => {
                if self.game.is_some() {
                    return Err(CsaErrorKind::PositionAfterStart { text: text() });
                }
                self.position_statement(statement)
            }
            '+' | '-' if statement.len() == 1 => {
                if self.game.is_some() {
                    return Err(CsaErrorKind::PositionAfterStart { text: text() });
                }
                self.setup.turn = if first == '+' { Color::Sente } else { Color::Gote };
                self.setup.move_number = 1;
                let position = Position::from_setup(&self.setup).map_err(CsaErrorKind::Position)?;
                let mut record = Record::new(position.clone());
                record.comments = std::mem::take(&mut self.comments);
                self.game = Some((record, position));
                Ok(())
            }
            '+' | '-' | '%' => {
                let (record, position) =
                    self.game.as_mut().ok_or_else(|| CsaErrorKind::NoStartPosition { text: text() })?;
                if record.termination.is_some() {
                    return Err(CsaErrorKind::MoveAfterEnd { text: text() });
                }
                if first == '%' {
                    record.termination = end_of_game(statement, position.turn())?;
                } else {
                    let m = parse_move(position, statement)?;
                    position.play_unchecked(m);
                    record.moves.push(m);
                }
                Ok(())
            }
            _ => Err(CsaErrorKind::UnknownStatement { text: text() }),
        }
    }

    /// `PI...`, `P1`..`P9`, `P+...` or `P-...`.
    fn position_statement(&mut self, statement: &str) -> Result<(), CsaErrorKind> {
        let syntax = |expected| CsaErrorKind::Syntax { text: statement.to_string(), expected };
        let body = statement.get(2..).ok_or_else(|| syntax(Expected::CsaPositionLine))?;
        match statement.as_bytes().get(1) {
            Some(b'I') => {
                self.setup = Position::startpos().to_setup();
                for chunk in chunks(body).ok_or_else(|| syntax(Expected::CsaRemovedPieces))? {
                    let (sq, role) = square_and_role(chunk).ok_or_else(|| syntax(Expected::CsaRemovedPieces))?;
                    let sq = sq.ok_or_else(|| syntax(Expected::CsaBoardSquare))?;
                    if self.setup.piece_at(sq).map(|p| p.role) != Some(role) {
                        return Err(CsaErrorKind::NothingToRemove { text: chunk.to_string() });
                    }
                    self.setup.set_piece(sq, None);
                }
            }
            Some(&digit @ b'1'..=b'9') => {
                let rank = digit - b'1';
                let row = board_row(body).ok_or_else(|| syntax(Expected::CsaBoardRow))?;
                for (file, piece) in (1..=9u8).rev().zip(row) {
                    if let Some(sq) = Square::new(file, rank) {
                        self.setup.set_piece(sq, piece);
                    }
                }
            }
            Some(&sign @ (b'+' | b'-')) => {
                let color = if sign == b'+' { Color::Sente } else { Color::Gote };
                for chunk in chunks(body).ok_or_else(|| syntax(Expected::CsaPieces))? {
                    if chunk == "00AL" {
                        self.give_rest_to(color);
                        continue;
                    }
                    match square_and_role(chunk).ok_or_else(|| syntax(Expected::CsaPieces))? {
                        (Some(sq), role) => self.setup.set_piece(sq, Some(Piece::new(color, role))),
                        (None, role) if role.is_hand_role() => {
                            let hand = self.setup.hand_mut(color);
                            hand.set(role, hand.count(role).saturating_add(1));
                        }
                        (None, _) => return Err(syntax(Expected::CsaHandPiece)),
                    }
                }
            }
            _ => return Err(syntax(Expected::CsaPositionLine)),
        }
        Ok(())
    }

    /// `00AL`: every piece of the set not on the board or in a hand goes to `color`'s hand.
    fn give_rest_to(&mut self, color: Color) {
        for role in Role::HAND {
            let on_board = Square::all()
                .filter(|&sq| self.setup.piece_at(sq).is_some_and(|p| p.role.unpromoted() == role))
                .count();
            let in_hands: usize = Color::ALL.iter().map(|&c| usize::from(self.setup.hand(c).count(role))).sum();
            let rest = usize::from(role.set_count()).saturating_sub(on_board + in_hands);
            let hand = self.setup.hand_mut(color);
            hand.set(role, hand.count(role).saturating_add(u8::try_from(rest).unwrap_or(u8::MAX)));
        }
    }

    fn into_record(mut self, last_line: usize) -> Result<Record, CsaError> {
        let Some((mut record, _)) = self.game.take() else {
            return Err(CsaError { line: last_line, kind: CsaErrorKind::MissingPosition });
        };
        let handicap = Handicap::detect(&record.start);
        record.handicap = handicap.map(|h| h.kif_name().to_string());
        let keys = NAME_KEYS[usize::from(handicap.is_some_and(|h| h != Handicap::Even))];
        for (index, color) in self.names {
            if let Some((key, _)) = self.headers.get_mut(index) {
                *key = keys[color.index()].to_string();
            }
        }
        record.headers = self.headers;
        Ok(record)
    }
}

/// A `T` statement's time in milliseconds: whole seconds, or with a fraction (`T12.345`).
fn seconds(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) {
        return None;
    }
    let ms: u64 = format!("{:0<3}", fraction.get(..3).unwrap_or(fraction)).parse().ok()?;
    whole.parse::<u64>().ok()?.checked_mul(1000)?.checked_add(ms)
}

/// The 4-character groups of a piece list (`82HI22KA`).
fn chunks(body: &str) -> Option<Vec<&str>> {
    if !body.is_ascii() || !body.len().is_multiple_of(4) {
        return None;
    }
    (0..body.len()).step_by(4).map(|i| body.get(i..i + 4)).collect()
}

/// A square (None for `00`, the hand) and a piece name: `82HI`, `00FU`.
fn square_and_role(chunk: &str) -> Option<(Option<Square>, Role)> {
    let role = role_from_name(chunk.get(2..4)?)?;
    Some((square(chunk.get(0..2)?)?, role))
}

/// `77` is file 7, rank 7 (g); `00` is the hand (Some(None)).
fn square(digits: &str) -> Option<Option<Square>> {
    match digits.as_bytes() {
        [b'0', b'0'] => Some(None),
        [file @ b'1'..=b'9', rank @ b'1'..=b'9'] => Some(Square::new(file - b'0', rank - b'1')),
        _ => None,
    }
}

/// The nine squares of a `P1`..`P9` row: ` * ` or `+FU`/`-KY`. Blank runs are
/// tolerated, as rows pasted through mail or HTML lose spaces.
fn board_row(body: &str) -> Option<[Option<Piece>; 9]> {
    let mut row = [None; 9];
    let mut rest = body;
    for cell in row.iter_mut() {
        rest = rest.trim_start_matches(' ');
        if let Some(after) = rest.strip_prefix('*') {
            rest = after;
            continue;
        }
        let color = match rest.get(..1)? {
            "+" => Color::Sente,
            "-" => Color::Gote,
            _ => return None,
        };
        *cell = Some(Piece::new(color, role_from_name(rest.get(1..3)?)?));
        rest = rest.get(3..)?;
    }
    rest.trim().is_empty().then_some(row)
}

/// `+7776FU`: side, origin (`00` for a drop), destination, piece after the move.
fn parse_move(pos: &Position, text: &str) -> Result<Move, CsaErrorKind> {
    let syntax = || CsaErrorKind::Syntax { text: text.to_string(), expected: Expected::CsaMove };
    let illegal = |reason| CsaErrorKind::IllegalMove { text: text.to_string(), reason };
    if text.len() != 7 || !text.is_ascii() {
        return Err(syntax());
    }
    let color = if text.starts_with('+') { Color::Sente } else { Color::Gote };
    let from = text.get(1..3).and_then(square).ok_or_else(syntax)?;
    let to = text.get(3..5).and_then(square).flatten().ok_or_else(syntax)?;
    let role = text.get(5..7).and_then(role_from_name).ok_or_else(syntax)?;
    if color != pos.turn() {
        return Err(CsaErrorKind::WrongSide { text: text.to_string(), to_move: pos.turn() });
    }
    let m = match from {
        None => Move::drop(role, to),
        Some(from) => {
            // The name is the piece after the move: a different name is a promotion.
            let promote = match pos.piece_at(from) {
                Some(piece) if piece.color == color && piece.role != role => {
                    if piece.role.promoted() != Some(role) {
                        return Err(illegal(IllegalReason::WrongPiece {
                            square: from,
                            found: piece.role,
                            named: role,
                        }));
                    }
                    true
                }
                _ => false,
            };
            Move::normal(from, to, promote)
        }
    };
    match illegal::explain(pos, m) {
        None => Ok(m),
        Some(reason) => Err(illegal(reason)),
    }
}

/// `%TORYO` and the other ends of game; `to_move` decides who `%+ILLEGAL_ACTION` favours.
/// Ends a record has no word for that do not change the result (`%MAX_MOVES`,
/// `%FUZUMI`, `%ERROR`) leave the record without one.
fn end_of_game(text: &str, to_move: Color) -> Result<Option<Termination>, CsaErrorKind> {
    let foul_by = |offender: Color| {
        if offender == to_move {
            Termination::IllegalMove
        } else {
            Termination::OpponentIllegalMove
        }
    };
    Ok(Some(match text {
        "%TORYO" => Termination::Resign,
        "%TSUMI" => Termination::Checkmate,
        "%SENNICHITE" => Termination::Repetition,
        "%KACHI" => Termination::ImpasseDeclaration,
        "%JISHOGI" | "%HIKIWAKE" => Termination::Impasse,
        "%CHUDAN" => Termination::Abort,
        "%TIME_UP" => Termination::Timeout,
        "%ILLEGAL_MOVE" => Termination::IllegalMove,
        "%+ILLEGAL_ACTION" => foul_by(Color::Sente),
        "%-ILLEGAL_ACTION" => foul_by(Color::Gote),
        "%MAX_MOVES" | "%FUZUMI" | "%ERROR" => return Ok(None),
        _ => return Err(CsaErrorKind::UnsupportedEnd { text: text.to_string() }),
    }))
}

fn end_of_game_text(termination: Termination, to_move: Color) -> String {
    match termination {
        Termination::Resign => "%TORYO".to_string(),
        Termination::Checkmate => "%TSUMI".to_string(),
        Termination::Repetition => "%SENNICHITE".to_string(),
        Termination::ImpasseDeclaration => "%KACHI".to_string(),
        Termination::Impasse => "%JISHOGI".to_string(),
        Termination::Abort => "%CHUDAN".to_string(),
        Termination::Timeout => "%TIME_UP".to_string(),
        Termination::IllegalMove => "%ILLEGAL_MOVE".to_string(),
        Termination::OpponentIllegalMove => format!("%{}ILLEGAL_ACTION", sign(!to_move)),
    }
}

fn sign(color: Color) -> char {
    color.fold('+', '-')
}

/// Writes a record as CSA V2.2: names, the `$` information the record has
/// (other headers as `'` comments), the start position (`PI` with removals when
/// it is the even-game set less some pieces, as handicaps are; else `P1`..`P9`),
/// hands, the side to move, the main line's moves, each with its `T` time in whole
/// seconds when the record has times, its comments as `'*` lines after the move they
/// follow, and the end of the game with its time where it has one (the variations are left
/// out: CSA has none). The moves must be legal from the start position; writing stops before
/// one that is not.
pub fn write(record: &Record) -> String {
    let mut out = String::from("V2.2\n");
    for color in Color::ALL {
        let name = record.headers.iter().find(|(key, _)| NAME_KEYS.iter().any(|keys| keys[color.index()] == key));
        if let Some((_, name)) = name {
            let _ = writeln!(out, "N{}{}", sign(color), one_line(name));
        }
    }
    for (key, value) in &record.headers {
        if NAME_KEYS.iter().flatten().any(|k| k == key) {
            continue;
        }
        match INFO_KEYS.iter().find(|(_, kif)| kif == key) {
            Some((csa, _)) => {
                let _ = writeln!(out, "${csa}:{}", one_line(value));
            }
            None if !key.is_empty()
                && key.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b"_+-".contains(&b)) =>
            {
                let _ = writeln!(out, "${key}:{}", one_line(value));
            }
            None => {
                let _ = writeln!(out, "'{}: {}", one_line(key), one_line(value));
            }
        }
    }
    if let Some(handicap) = Handicap::detect(&record.start).filter(|&h| h != Handicap::Even) {
        let _ = writeln!(out, "'{} ({})", handicap.name(), handicap.kif_name());
    }
    write_position(&mut out, &record.start);
    write_comments(&mut out, record, 0);
    // A record with times has one for each move: a move without is one of no time.
    let timed = !record.times.is_empty();
    let mut pos = record.start.clone();
    let mut complete = true;
    for (index, &m) in record.moves.iter().enumerate() {
        let Some(text) = move_text(&pos, m) else {
            complete = false;
            break;
        };
        let _ = writeln!(out, "{text}");
        if timed {
            let ms = record.times.iter().find(|t| t.ply == index + 1).map_or(0, |t| t.ms);
            let _ = writeln!(out, "T{}", ms / 1000);
        }
        write_comments(&mut out, record, index + 1);
        pos.play_unchecked(m);
    }
    if let Some(termination) = record.termination.filter(|_| complete) {
        let _ = writeln!(out, "{}", end_of_game_text(termination, pos.turn()));
        // The time the end took (a resignation thought over), as the reader takes it back.
        if let Some(end) = record.times.iter().find(|t| t.ply == record.moves.len() + 1) {
            let _ = writeln!(out, "T{}", end.ms / 1000);
        }
    }
    out
}

/// The main line's comments after `ply` moves, a `'*` line each (a line break starts another).
fn write_comments(out: &mut String, record: &Record, ply: usize) {
    for text in record.comments_at(ply) {
        for line in text.lines() {
            let _ = writeln!(out, "'*{line}");
        }
    }
}

/// `+7776FU`, `+2822RY` (promotion), `-0055KA` (drop); None for a move that is not legal in `pos`.
fn move_text(pos: &Position, m: Move) -> Option<String> {
    if !pos.is_legal(m) {
        return None;
    }
    let digits = |sq: Square| format!("{}{}", sq.file(), sq.rank() + 1);
    let (from, role) = match m.kind() {
        MoveKind::Normal { from, promote, .. } => {
            let role = pos.piece_at(from)?.role;
            (digits(from), if promote { role.promoted()? } else { role })
        }
        MoveKind::Drop { role, .. } => ("00".to_string(), role),
    };
    Some(format!("{}{from}{}{}", sign(pos.turn()), digits(m.to()), role_name(role)))
}

fn write_position(out: &mut String, pos: &Position) {
    let even = Position::startpos();
    let removal_only = Square::all().all(|sq| pos.piece_at(sq).is_none() || pos.piece_at(sq) == even.piece_at(sq));
    if removal_only {
        out.push_str("PI");
        for sq in Square::all().filter(|&sq| pos.piece_at(sq).is_none()) {
            if let Some(piece) = even.piece_at(sq) {
                let _ = write!(out, "{}{}{}", sq.file(), sq.rank() + 1, role_name(piece.role));
            }
        }
        out.push('\n');
    } else {
        for (rank, row) in Square::reading_order() {
            let _ = write!(out, "P{}", rank + 1);
            for sq in row {
                match pos.piece_at(sq) {
                    None => out.push_str(" * "),
                    Some(piece) => {
                        let _ = write!(out, "{}{}", sign(piece.color), role_name(piece.role));
                    }
                }
            }
            out.push('\n');
        }
    }
    for color in Color::ALL {
        let hand = pos.hand(color);
        if !hand.is_empty() {
            let _ = write!(out, "P{}", sign(color));
            for (role, n) in hand.iter() {
                for _ in 0..n {
                    let _ = write!(out, "00{}", role_name(role));
                }
            }
            out.push('\n');
        }
    }
    let _ = writeln!(out, "{}", sign(pos.turn()));
}

/// A name or value on one line.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_squares() {
        let row = board_row("-KY-KE-GI-KI-OU-KI-GI-KE-KY").unwrap();
        assert_eq!(row[4], Some(Piece::new(Color::Gote, Role::King)));
        let squeezed = board_row(" * -HI * * * * * -KA *").unwrap();
        assert_eq!(squeezed[1], Some(Piece::new(Color::Gote, Role::Rook)));
        assert_eq!(squeezed[7], Some(Piece::new(Color::Gote, Role::Bishop)));
        assert_eq!(board_row(" *  * "), None);
        assert_eq!(square("00"), Some(None));
        assert_eq!(square("77"), Some(Square::from_usi("7g")));
        assert_eq!(square("70"), None);
        for role in Role::ALL {
            assert_eq!(role_from_name(role_name(role)), Some(role));
        }
    }
}
