//! KIF, the Kakinoki game record format that Kifu for Windows, ShogiHome and most
//! Japanese sites use: `key：value` headers, the start position as a `手合割`
//! name or a board diagram (BOD), one numbered move per line with its origin
//! (`   1 ７六歩(77)   ( 0:00/00:00:00)`), and the end of the game (`投了`, ...).
//!
//! Variations follow the main line as Kifu for Windows writes them, each after a blank
//! line and a `変化：N手` header, its moves numbered from N; a `+` after a move line's time
//! says that an alternative to that move comes further down. A header branches off the
//! line read last (the main line, or the variation before it, with the lines it branches
//! off) at its move N, as ShogiHome's reader (tsshogi's `importKIF`) takes it; see
//! [`write_lines`] for the order of the variations.
//!
//! Reading takes UTF-8 or Shift_JIS and checks every move, in every line, against the
//! rules; it passes over the `+` marks, as the headers say where variations go. Writing
//! gives UTF-8. Comment lines (`*...`) are kept with the move they follow; each move's
//! time (`( 0:12/00:03:45)`: the move's, then its side's total so far) is kept as the move's,
//! with the fraction of a second the totals imply (`kif_totals.rs`), and the total is summed
//! again on writing; a blank time (`( 0:00/00:00:00)`, as a writer without a clock puts it) is
//! none. A record always starts at move 1.
//!
//! KI2 ([`super::ki2`]) writes everything but the moves as KIF does, variations too, so
//! it reads and writes those parts with the functions here.

use super::expected::Expected;
use std::fmt;
use std::fmt::Write as _;
use std::marker::PhantomData;

use super::encoding::{self, InvalidUtf8};
use super::japanese::JapaneseError;
use super::kanji::{self, FILE_DIGITS, RANK_NUMERALS};
use super::kif_totals::{exact_times, ReadTotal};
use super::record::{Comment, MoveTime, Record, Termination};
use super::variation::Branch;
use crate::rules::illegal::{self, IllegalReason};
use crate::rules::{Color, Hand, Handicap, Move, MoveKind, Piece, Position, Role, Setup, SetupError, Square};

/// What is wrong with a KIF file, and on which line.
#[derive(Clone, PartialEq, Debug)]
pub struct KifError {
    /// 1-based line number.
    pub line: usize,
    pub kind: KifErrorKind,
}

#[derive(Clone, PartialEq, Debug)]
pub enum KifErrorKind {
    Encoding,
    UnknownHandicap {
        name: String,
    },
    /// A board diagram row that does not hold nine squares of known pieces.
    BoardRow {
        text: String,
    },
    /// A board diagram with missing or repeated ranks.
    BoardRows {
        found: usize,
    },
    HandPiece {
        text: String,
    },
    Position(SetupError),
    /// A move that cannot be read; `expected` says what was looked for.
    MoveSyntax {
        text: String,
        expected: Expected,
    },
    /// `同` (same square) on the first move.
    NoPreviousMove {
        text: String,
    },
    IllegalMove {
        text: String,
        reason: IllegalReason,
    },
    /// A move without origin that several pieces (or a drop) could make.
    AmbiguousMove {
        text: String,
    },
    /// A KI2 move (Japanese notation without its origin) that names no legal move, or
    /// several; the error says which pieces could go there and how to tell them apart.
    Ki2Move {
        text: String,
        error: JapaneseError,
    },
    MoveAfterEnd {
        text: String,
    },
    /// A line that is no header, board diagram line, move nor comment.
    UnexpectedLine {
        text: String,
    },
    /// A `変化：N手` header whose N is no move of the line before it, which has moves 1 to
    /// `last` (its end counted as a move, as KIF numbers it).
    VariationStart {
        text: String,
        last: usize,
    },
}

impl fmt::Display for KifError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            KifErrorKind::Encoding => write!(f, "the file says it is UTF-8 but this line is not valid UTF-8"),
            KifErrorKind::UnknownHandicap { name } => {
                write!(f, "unknown 手合割 '{name}' and no board diagram to say what it is")
            }
            KifErrorKind::BoardRow { text } => write!(f, "board row '{text}' does not hold nine known squares"),
            KifErrorKind::BoardRows { found } => {
                write!(f, "the board diagram has {found} distinct ranks instead of nine")
            }
            KifErrorKind::HandPiece { text } => write!(f, "'{text}' is not a piece in hand (such as 歩 or 金二)"),
            KifErrorKind::Position(e) => write!(f, "the start position is not legal: {e}"),
            KifErrorKind::MoveSyntax { text, expected } => write!(f, "cannot read move '{text}': expected {expected}"),
            KifErrorKind::NoPreviousMove { text } => write!(f, "{text}: 同 needs a previous move"),
            KifErrorKind::IllegalMove { text, reason } => write!(f, "{text} is not legal: {reason}"),
            KifErrorKind::AmbiguousMove { text } => {
                write!(f, "{text} could be made by several pieces; KIF needs the origin such as (77), or 打")
            }
            KifErrorKind::Ki2Move { text, error } => write!(f, "{text}: {error}"),
            KifErrorKind::MoveAfterEnd { text } => write!(f, "{text} comes after the end of the game"),
            KifErrorKind::UnexpectedLine { text } => {
                write!(f, "cannot read '{text}': it is no header (key：value), board diagram line, move nor comment")
            }
            KifErrorKind::VariationStart { text, last } => {
                write!(f, "{text} names no move of the line before it, whose moves are numbered 1 to {last}")
            }
        }
    }
}

impl std::error::Error for KifError {}

impl From<InvalidUtf8> for KifError {
    fn from(e: InvalidUtf8) -> KifError {
        KifError { line: e.line, kind: KifErrorKind::Encoding }
    }
}

/// Reads a KIF file in UTF-8 or Shift_JIS (see [`encoding::decode`]).
pub fn parse(bytes: &[u8]) -> Result<Record, KifError> {
    parse_str(&encoding::decode(bytes)?)
}

/// Reads KIF text.
pub fn parse_str(text: &str) -> Result<Record, KifError> {
    read_lines::<Kif>(text)
}

/// How a format of the KIF family writes its moves; the rest of a file (headers, the
/// start position, comments, variation headers) KIF and KI2 write alike.
pub(super) trait MoveLines {
    /// The moves that `line` (without leading blanks) holds, if it is one of the format's
    /// move lines.
    fn moves_of(line: &str) -> Option<&str>;

    /// Plays those moves on `game`, or ends the game where they say it ended.
    fn read_moves(game: &mut Game, line_no: usize, moves: &str) -> Result<(), KifError>;
}

/// KIF's move lines: one numbered move each (`   1 ７六歩(77)`), or the end (`  12 投了`).
#[derive(Default)]
struct Kif;

impl MoveLines for Kif {
    fn moves_of(line: &str) -> Option<&str> {
        move_line(line)
    }

    fn read_moves(game: &mut Game, line_no: usize, text: &str) -> Result<(), KifError> {
        game.read_kif_move(line_no, text)
    }
}

/// Reads the text of a file of the KIF family whose moves `F` reads.
pub(super) fn read_lines<F: MoveLines + Default>(text: &str) -> Result<Record, KifError> {
    let mut reader = Reader::<F>::default();
    let mut last_line = 0;
    for (index, raw) in text.lines().enumerate() {
        last_line = index + 1;
        reader.read_line(last_line, raw.trim_start_matches('\u{feff}').trim_end())?;
    }
    reader.into_record(last_line)
}

/// The board diagram (BOD) lines seen so far.
#[derive(Default)]
struct Diagram {
    first_line: Option<usize>,
    rows: Vec<(u8, [Option<Piece>; 9])>,
    hands: [Option<Hand>; 2],
    turn: Option<Color>,
}

#[derive(Default)]
struct Reader<F> {
    headers: Vec<(String, String)>,
    /// The `手合割` value and its line.
    handicap: Option<(String, usize)>,
    diagram: Diagram,
    /// The comments before the first move.
    comments: Vec<Comment>,
    game: Option<Game>,
    /// The format whose move lines it reads.
    format: PhantomData<F>,
}

/// The game read so far: its record, the line of it being read and the position reached on it.
pub(super) struct Game {
    record: Record,
    /// The path of the line being read (see [`super::variation`]).
    line: Vec<usize>,
    /// The position reached on it.
    reached: Reached,
    /// How many moves lead there.
    played: usize,
    /// Whether the line being read has said how it ended, so that no move may follow
    /// before the next variation.
    ended: bool,
    /// The totals of the time column read on the line being read, for [`exact_times`] once
    /// that line is done: a later variation can move its line's path (variations are kept in
    /// ply order, and KIF lists the later ones first).
    totals: Vec<ReadTotal>,
}

impl<F: MoveLines> Reader<F> {
    fn read_line(&mut self, line_no: usize, line: &str) -> Result<(), KifError> {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with(['#', '&']) || is_decoration(trimmed) {
            return Ok(());
        }
        if let Some(text) = trimmed.strip_prefix('*') {
            match &mut self.game {
                Some(game) => game.comment(text),
                None => self.comments.push(Comment { ply: 0, text: text.to_string() }),
            }
            return Ok(());
        }
        if trimmed.starts_with("変化") {
            // A stray one in the headers (some writers put one there) means nothing.
            return self.game.as_mut().map_or(Ok(()), |game| game.start_variation(line_no, trimmed));
        }
        if let Some(moves) = F::moves_of(trimmed) {
            return F::read_moves(self.start_game(line_no)?, line_no, moves);
        }
        // KIF's summary after the end of the game (`まで64手で先手の勝ち`) repeats its last move line.
        if trimmed.starts_with(SUMMARY) {
            return Ok(());
        }
        if self.game.is_some() {
            return match header(trimmed) {
                Some((key, value)) if !is_position_line(trimmed) => {
                    self.headers.push((key.to_string(), value.to_string()));
                    Ok(())
                }
                _ => Err(KifError { line: line_no, kind: KifErrorKind::UnexpectedLine { text: line.to_string() } }),
            };
        }
        self.read_header_line(line_no, line, trimmed)
    }

    /// A line before the moves: header, handicap, or part of a board diagram.
    fn read_header_line(&mut self, line_no: usize, line: &str, trimmed: &str) -> Result<(), KifError> {
        if line.starts_with('|') {
            self.diagram.first_line.get_or_insert(line_no);
            let (rank, row) = board_row(line, self.diagram.rows.len())
                .ok_or_else(|| KifError { line: line_no, kind: KifErrorKind::BoardRow { text: line.to_string() } })?;
            self.diagram.rows.push((rank, row));
        } else if let Some((color, pieces)) = hand_line(trimmed) {
            self.diagram.first_line.get_or_insert(line_no);
            let hand =
                hand(pieces).map_err(|text| KifError { line: line_no, kind: KifErrorKind::HandPiece { text } })?;
            self.diagram.hands[color.index()] = Some(hand);
        } else if let Some(color) = turn_line(trimmed) {
            self.diagram.turn = Some(color);
        } else if let Some((key, value)) = header(trimmed) {
            if key == "手合割" {
                self.handicap = Some((value.to_string(), line_no));
            } else {
                self.headers.push((key.to_string(), value.to_string()));
            }
        } else {
            return Err(KifError { line: line_no, kind: KifErrorKind::UnexpectedLine { text: line.to_string() } });
        }
        Ok(())
    }

    /// The game, starting it from the header lines read so far at the first move.
    fn start_game(&mut self, line_no: usize) -> Result<&mut Game, KifError> {
        if self.game.is_none() {
            let position = self.start_position(line_no)?;
            let mut record = Record::new(position.clone());
            record.handicap = Handicap::detect(&position).map(|h| h.kif_name().to_string());
            record.headers = std::mem::take(&mut self.headers);
            record.comments = std::mem::take(&mut self.comments);
            self.game = Some(Game {
                record,
                line: Vec::new(),
                reached: Reached::start(position),
                played: 0,
                ended: false,
                totals: Vec::new(),
            });
        }
        Ok(self.game.as_mut().expect("the game was just started"))
    }

    fn start_position(&self, line_no: usize) -> Result<Position, KifError> {
        let named = match &self.handicap {
            None => Some(Handicap::Even),
            Some((name, _)) => Handicap::from_kif_name(name),
        };
        let diagram = &self.diagram;
        let mut setup = match named {
            Some(handicap) => handicap.position().to_setup(),
            None if !diagram.rows.is_empty() => Setup::empty(),
            None => {
                let (name, line) = self.handicap.clone().unwrap_or_default();
                return Err(KifError { line, kind: KifErrorKind::UnknownHandicap { name } });
            }
        };
        let diagram_line = diagram.first_line.unwrap_or(line_no);
        if !diagram.rows.is_empty() {
            let mut seen = [false; 9];
            setup.board = [None; 81];
            for (rank, row) in &diagram.rows {
                seen[*rank as usize] = true;
                for (file, piece) in (1..=9u8).rev().zip(row) {
                    if let Some(sq) = Square::new(file, *rank) {
                        setup.set_piece(sq, *piece);
                    }
                }
            }
            let found = seen.iter().filter(|&&s| s).count();
            if found != 9 || diagram.rows.len() != 9 {
                return Err(KifError { line: diagram_line, kind: KifErrorKind::BoardRows { found } });
            }
        }
        for color in Color::ALL {
            if let Some(hand) = diagram.hands[color.index()] {
                setup.hands[color.index()] = hand;
            }
        }
        if let Some(turn) = diagram.turn {
            setup.turn = turn;
        }
        setup.move_number = 1;
        Position::from_setup(&setup).map_err(|e| KifError { line: diagram_line, kind: KifErrorKind::Position(e) })
    }

    fn into_record(mut self, last_line: usize) -> Result<Record, KifError> {
        self.start_game(last_line)?;
        let mut game = self.game.expect("the game was just started");
        // Headers after the moves (some programs write 終了日時 there).
        game.record.headers.append(&mut self.headers);
        game.settle_times();
        Ok(game.record)
    }
}

impl Game {
    /// The position reached on the line being read.
    pub(super) fn position(&self) -> &Position {
        &self.reached.position
    }

    /// Where the last move went, for `同`.
    pub(super) fn last_to(&self) -> Option<Square> {
        self.reached.last_to
    }

    /// Refuses `text`, a move or an end, after the end of the line being read.
    pub(super) fn check_not_ended(&self, line_no: usize, text: &str) -> Result<(), KifError> {
        if self.ended {
            return Err(KifError { line: line_no, kind: KifErrorKind::MoveAfterEnd { text: text.to_string() } });
        }
        Ok(())
    }

    /// Plays `m`, a legal move, on the line being read; where the line already goes on
    /// (after a `変化：N手` header), a move other than its own starts a variation.
    pub(super) fn play(&mut self, m: Move) {
        self.line = self.record.play_at(&self.line, self.played + 1, m).expect("the reader stands on its line");
        self.advance(m);
    }

    /// Ends the line being read, as [`Game::play`] plays a move.
    pub(super) fn end(&mut self, termination: Termination) {
        self.line =
            self.record.end_at(&self.line, self.played + 1, termination).expect("the reader stands on its line");
        self.ended = true;
    }

    fn advance(&mut self, m: Move) {
        self.reached.play(m);
        self.played += 1;
    }

    /// Notes the time of step `ply` (a move or the end) of the line being read, as its time
    /// column gives it: its own, and its side's total if written.
    fn time(&mut self, ply: usize, (ms, total_s): (u64, Option<u64>)) {
        self.record.set_time(&self.line, ply, ms).expect("the reader stands on its line");
        if let Some(total_s) = total_s {
            self.totals.push((self.line.clone(), ply, total_s));
        }
    }

    /// Makes the times of the line just read exact, while the paths read on it still name it.
    fn settle_times(&mut self) {
        exact_times(&mut self.record, &std::mem::take(&mut self.totals));
    }

    fn comment(&mut self, text: &str) {
        self.record.add_comment(&self.line, self.played, text.to_string()).expect("the reader stands on its line");
    }

    /// Goes back along the line read last to where the variation that `header`
    /// (`変化：N手`) begins branches off: the position before its move N.
    fn start_variation(&mut self, line_no: usize, header: &str) -> Result<(), KifError> {
        self.settle_times();
        let line = self.record.line(&self.line).expect("the reader stands on its line");
        let last = line.moves.len() + usize::from(line.termination.is_some());
        let ply = variation_ply(header).filter(|ply| (1..=last).contains(ply)).ok_or_else(|| KifError {
            line: line_no,
            kind: KifErrorKind::VariationStart { text: super::clip(header, 40), last },
        })?;
        (self.reached, self.played, self.ended) = (Reached::start(self.record.start.clone()), 0, false);
        for &m in &line.moves[..ply - 1] {
            self.advance(m);
        }
        Ok(())
    }

    fn read_kif_move(&mut self, line_no: usize, text: &str) -> Result<(), KifError> {
        let error = |kind| KifError { line: line_no, kind };
        self.check_not_ended(line_no, text)?;
        if let Some(termination) = termination(text) {
            self.end(termination);
            if let Some(ms) = time_column(text) {
                self.time(self.played + 1, ms);
            }
            return Ok(());
        }
        let (spec, consumed) = parse_move(text, self.last_to()).map_err(error)?;
        let written = text.get(..consumed).unwrap_or(text).to_string();
        let m = spec.resolve(self.position(), &written).map_err(error)?;
        self.play(m);
        if let Some(ms) = text.get(consumed..).and_then(time_column) {
            self.time(self.played, ms);
        }
        Ok(())
    }
}

/// A move line's time column, `( 0:12/00:03:45)`: the move's own time in ms, and its side's
/// total in seconds where written (see `kif_totals.rs`); each minutes and seconds, or hours too.
fn time_column(rest: &str) -> Option<(u64, Option<u64>)> {
    let inside = rest.split_once('(')?.1;
    let mut parts = inside.split(['/', ')']);
    let own = parts.next()?;
    Some((seconds(own)? * 1000, parts.next().and_then(seconds)))
}

/// `m:ss` or `h:mm:ss` in seconds.
fn seconds(text: &str) -> Option<u64> {
    let text = text.trim();
    let mut seconds: u64 = 0;
    for part in text.split(':') {
        seconds = seconds.checked_mul(60)?.checked_add(part.trim().parse().ok()?)?;
    }
    text.contains(':').then_some(seconds)
}

/// The N of a variation header `変化：N手`.
fn variation_ply(header: &str) -> Option<usize> {
    let number = header.strip_prefix("変化")?.trim_start_matches(['：', ':', ' ', '\u{3000}']);
    let digits = number.len() - number.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    number.get(..digits)?.parse().ok()
}

/// The text after the move number, if `line` is a numbered move line.
fn move_line(line: &str) -> Option<&str> {
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = line.get(digits..)?;
    (digits > 0 && (rest.is_empty() || rest.starts_with(char::is_whitespace))).then(|| rest.trim_start())
}

/// Lines that only draw: the board diagram's frame and file numbers, the title
/// over the moves (`手数----指手--`), the diagram's move count (`手数＝`).
fn is_decoration(line: &str) -> bool {
    let file_numbers = line.chars().filter(|&c| kanji::parse_file(c).is_some()).count() == 9
        && line.chars().all(|c| c.is_whitespace() || kanji::parse_file(c).is_some());
    file_numbers || line.starts_with('+') || line.starts_with("手数----") || line.starts_with("手数＝")
}

/// `key：value` (or `key:value`); the key has no spaces.
fn header(line: &str) -> Option<(&str, &str)> {
    let colon = line.find(['：', ':'])?;
    let key = line.get(..colon)?.trim();
    let value = line.get(colon..)?.trim_start_matches(['：', ':']).trim();
    (!key.is_empty() && !key.contains(char::is_whitespace)).then_some((key, value))
}

fn is_position_line(line: &str) -> bool {
    line.starts_with('|') || hand_line(line).is_some() || turn_line(line).is_some()
}

/// `先手の持駒：...` (or 下手) for sente, `後手の持駒：...` (or 上手) for gote.
fn hand_line(line: &str) -> Option<(Color, &str)> {
    let (key, value) = header(line)?;
    match key {
        "先手の持駒" | "下手の持駒" => Some((Color::Sente, value)),
        "後手の持駒" | "上手の持駒" => Some((Color::Gote, value)),
        _ => None,
    }
}

fn turn_line(line: &str) -> Option<Color> {
    if line.starts_with("先手番") || line.starts_with("下手番") {
        Some(Color::Sente)
    } else if line.starts_with("後手番") || line.starts_with("上手番") {
        Some(Color::Gote)
    } else {
        None
    }
}

/// A board diagram row `|v香v桂 ・ 歩 ...|一`: nine squares, each an optional
/// owner mark (`v` for gote, a space for sente) and a piece or `・`. The rank is
/// the numeral after the closing bar, or the row's place when there is none.
fn board_row(line: &str, index: usize) -> Option<(u8, [Option<Piece>; 9])> {
    let mut chars = line.strip_prefix('|')?.chars();
    let mut row = [None; 9];
    for cell in row.iter_mut() {
        let mut c = chars.next()?;
        let color = match c {
            'v' | 'V' => Color::Gote,
            _ => Color::Sente,
        };
        if matches!(c, 'v' | 'V' | ' ' | '^') {
            c = chars.next()?;
        }
        if c != '・' {
            let mut buf = [0u8; 4];
            let (role, _) = kanji::parse_role_prefix(c.encode_utf8(&mut buf))?;
            *cell = Some(Piece::new(color, role));
        }
    }
    let numeral = chars.as_str().strip_prefix('|')?.trim();
    let rank = match numeral.chars().next() {
        Some(c) => kanji::parse_rank(c)?,
        None => u8::try_from(index).ok().filter(|&r| r < 9)?,
    };
    Some((rank, row))
}

/// `なし`, or pieces separated by spaces, each with an optional kanji count: `角　歩十二`.
fn hand(text: &str) -> Result<Hand, String> {
    let mut hand = Hand::EMPTY;
    for item in text.split([' ', '\u{3000}']).filter(|s| !s.is_empty() && *s != "なし") {
        let parsed = kanji::parse_role_prefix(item).filter(|(role, _)| role.is_hand_role()).and_then(|(role, len)| {
            let count = item.get(len..).map(|n| if n.is_empty() { Some(1) } else { kanji_number(n) })??;
            Some((role, count))
        });
        let (role, count) = parsed.ok_or_else(|| item.to_string())?;
        hand.set(role, hand.count(role).saturating_add(count));
    }
    Ok(hand)
}

/// 1 to 99 in kanji (`三`, `十`, `十八`, `二十`) or ASCII digits.
fn kanji_number(text: &str) -> Option<u8> {
    if let Ok(n) = text.parse::<u8>() {
        return (n > 0 && n < 100).then_some(n);
    }
    let digit = |c: char| RANK_NUMERALS.iter().position(|&d| d == c).map(|i| i as u8 + 1);
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        ['十'] => Some(10),
        [d] => digit(*d),
        ['十', units] => Some(10 + digit(*units)?),
        [tens, '十'] => Some(10 * digit(*tens)?),
        [tens, '十', units] => Some(10 * digit(*tens)? + digit(*units)?),
        _ => None,
    }
}

/// The kanji count written after a piece in hand (ASCII digits past 99).
fn kanji_count(n: u8) -> String {
    if n == 0 || n > 99 {
        return n.to_string();
    }
    let digit = |d: u8| RANK_NUMERALS[usize::from(d - 1)];
    match (n / 10, n % 10) {
        (0, units) => digit(units).to_string(),
        (1, 0) => "十".to_string(),
        (1, units) => format!("十{}", digit(units)),
        (tens, 0) => format!("{}十", digit(tens)),
        (tens, units) => format!("{}十{}", digit(tens), digit(units)),
    }
}

/// What begins the line that sums up the game after its moves (`まで64手で先手の勝ち`).
pub(super) const SUMMARY: &str = "まで";

const TERMINATIONS: [(&str, Termination); 10] = [
    ("投了", Termination::Resign),
    ("詰み", Termination::Checkmate),
    ("詰", Termination::Checkmate),
    ("千日手", Termination::Repetition),
    ("持将棋", Termination::Impasse),
    ("中断", Termination::Abort),
    ("反則勝ち", Termination::OpponentIllegalMove),
    ("反則負け", Termination::IllegalMove),
    ("切れ負け", Termination::Timeout),
    ("入玉勝ち", Termination::ImpasseDeclaration),
];

fn termination(text: &str) -> Option<Termination> {
    TERMINATIONS.iter().find(|(word, _)| text.starts_with(word)).map(|&(_, t)| t)
}

fn termination_word(termination: Termination) -> &'static str {
    match termination {
        Termination::Resign => "投了",
        Termination::Checkmate => "詰み",
        Termination::Repetition => "千日手",
        Termination::Impasse => "持将棋",
        Termination::Abort => "中断",
        Termination::OpponentIllegalMove => "反則勝ち",
        Termination::IllegalMove => "反則負け",
        Termination::Timeout => "切れ負け",
        Termination::ImpasseDeclaration => "入玉勝ち",
    }
}

/// Where a KIF move says its piece comes from.
enum Origin {
    Square(Square),
    Drop,
    /// Neither `(77)` nor `打`: resolved against the legal moves.
    Unstated,
}

/// A move as written, before it is checked against the position.
struct MoveSpec {
    to: Square,
    /// The piece before it moves.
    role: Role,
    promote: bool,
    origin: Origin,
}

/// Reads `７六歩(77)`, `同　歩(23)`, `同歩(23)`, `５五角打`, `２二角成(88)`, `２三銀不成(34)`,
/// returning the move and how many bytes of `text` it used.
fn parse_move(text: &str, last_to: Option<Square>) -> Result<(MoveSpec, usize), KifErrorKind> {
    let syntax = |expected| KifErrorKind::MoveSyntax { text: text.to_string(), expected };
    let rest = text.trim_start_matches(['▲', '△', '☗', '☖']);
    let (to, rest) = match rest.strip_prefix('同') {
        Some(after) => {
            let to = last_to.ok_or_else(|| KifErrorKind::NoPreviousMove { text: text.to_string() })?;
            (to, after.trim_start_matches([' ', '\u{3000}']))
        }
        None => {
            let mut chars = rest.chars();
            let file = chars.next().and_then(kanji::parse_file).ok_or_else(|| syntax(Expected::KifFileOrSame))?;
            let rank = chars.next().and_then(kanji::parse_rank).ok_or_else(|| syntax(Expected::KifRankAfterFile))?;
            (Square::new(file, rank).ok_or_else(|| syntax(Expected::Square))?, chars.as_str())
        }
    };
    let (role, len) = kanji::parse_role_prefix(rest).ok_or_else(|| syntax(Expected::KifPieceName))?;
    let rest = rest.get(len..).unwrap_or_default().trim_start_matches('\u{3000}');
    let (promote, rest) = if let Some(r) = rest.strip_prefix("不成").or_else(|| rest.strip_prefix('生')) {
        (false, r)
    } else if let Some(r) = rest.strip_prefix('成') {
        (true, r)
    } else {
        (false, rest)
    };
    let (origin, rest) = if let Some(r) = rest.strip_prefix('打') {
        (Origin::Drop, r)
    } else if let Some(r) = rest.strip_prefix('(') {
        let mut chars = r.chars();
        let file = chars.next().and_then(kanji::parse_file);
        let rank = chars.next().and_then(kanji::parse_rank);
        let from = file.zip(rank).and_then(|(f, r)| Square::new(f, r)).ok_or_else(|| syntax(Expected::KifOrigin))?;
        let r = chars.as_str().strip_prefix(')').ok_or_else(|| syntax(Expected::CloseParenAfterOrigin))?;
        (Origin::Square(from), r)
    } else {
        (Origin::Unstated, rest)
    };
    if promote && matches!(origin, Origin::Drop) {
        return Err(syntax(Expected::DropWithoutPromotion));
    }
    Ok((MoveSpec { to, role, promote, origin }, text.len() - rest.len()))
}

impl MoveSpec {
    fn resolve(&self, pos: &Position, written: &str) -> Result<Move, KifErrorKind> {
        let illegal = |reason| KifErrorKind::IllegalMove { text: written.to_string(), reason };
        let m = match self.origin {
            Origin::Drop => Move::drop(self.role, self.to),
            Origin::Square(from) => {
                match pos.piece_at(from) {
                    Some(piece) if piece.color == pos.turn() && piece.role != self.role => {
                        return Err(illegal(IllegalReason::WrongPiece {
                            square: from,
                            found: piece.role,
                            named: self.role,
                        }));
                    }
                    _ => {}
                }
                Move::normal(from, self.to, self.promote)
            }
            Origin::Unstated => {
                let matching: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| {
                        m.to() == self.to
                            && m.is_promotion() == self.promote
                            && match m.from() {
                                Some(from) => pos.piece_at(from).map(|p| p.role) == Some(self.role),
                                None => m.drop_role() == Some(self.role),
                            }
                    })
                    .collect();
                return match matching.as_slice() {
                    [m] => Ok(*m),
                    [] => Err(illegal(IllegalReason::NotLegal)),
                    _ => Err(KifErrorKind::AmbiguousMove { text: written.to_string() }),
                };
            }
        };
        match illegal::explain(pos, m) {
            None => Ok(m),
            Some(reason) => Err(illegal(reason)),
        }
    }
}

/// Whether every KIF reader knows the handicap's `手合割` name (ShogiHome, for one,
/// lacks 三枚落ち, 歩三兵 and 裸玉); other start positions are written as a board diagram.
fn has_common_kif_name(handicap: Handicap) -> bool {
    !matches!(handicap, Handicap::ThreePiece | Handicap::ThreePawns | Handicap::NakedKing)
}

/// Writes a record as UTF-8 KIF that Kifu for Windows and ShogiHome read:
/// headers, `手合割` or a board diagram, moves with origins and times (blank where the
/// record has none), each comment after the move it follows, the end of the game and a
/// `まで` summary, then the variations (see [`write_lines`]), with a `+` after each move or
/// end that has an alternative further down. The moves must be legal from the start position (as every
/// reader here makes them); a line stops before one that is not, and so do the
/// variations that would branch off after it.
pub fn write(record: &Record) -> String {
    let mut out = String::from("#KIF version=2.0 encoding=UTF-8\n");
    write_start(&mut out, record);
    out.push_str("手数----指手---------消費時間--\n");
    write_lines(&mut out, record, move_text, write_kif_line);
    out
}

/// A line of KIF: each move numbered on a line of its own with the comments after it, then
/// its end, which the main line sums up in a `まで` line as Kifu for Windows does.
fn write_kif_line(out: &mut String, line: &LineText) {
    write_comments(out, line, line.branch.ply - 1);
    for (ply, text) in line.numbered_moves() {
        write_move_line(out, ply, text, &line.time_column(ply), line.has_alternative(ply));
        write_comments(out, line, ply);
    }
    if let Some((termination, summary)) = &line.end {
        let ply = line.branch.ply + line.moves.len();
        let time = line.time_column(ply);
        write_move_line(out, ply, termination_word(*termination), &time, line.has_alternative(ply));
        if line.branch.path.is_empty() {
            out.push_str(summary);
        }
    }
}

/// What KIF and KI2 write before the moves: the headers, then `手合割` or a board diagram.
pub(super) fn write_start(out: &mut String, record: &Record) {
    for (key, value) in &record.headers {
        if let Some(key) = header_key(key) {
            let _ = writeln!(out, "{key}：{}", one_line(value));
        }
    }
    match Handicap::detect(&record.start).filter(|&h| has_common_kif_name(h)) {
        Some(h) => {
            let _ = writeln!(out, "手合割：{}", h.kif_name());
        }
        None => write_diagram(out, &record.start),
    }
}

/// One line of a record as KIF and KI2 write it: the main line, or a variation under its
/// `変化：N手` header.
pub(super) struct LineText<'a> {
    /// The line in the record: where it starts, its comments.
    pub(super) branch: Branch<'a>,
    /// Its moves as the format spells them, up to the first that is not legal.
    pub(super) moves: Vec<String>,
    /// How it ends, when all its moves were written, and the `まで` line that sums it up.
    pub(super) end: Option<(Termination, String)>,
    /// The plies of its moves (or end) that have an alternative further down the file.
    alternatives: Vec<usize>,
    /// The times of the whole line's steps from the game's first move, where it has them.
    times: Vec<MoveTime>,
}

impl LineText<'_> {
    /// Its moves, each with its number.
    pub(super) fn numbered_moves(&self) -> impl Iterator<Item = (usize, &str)> {
        (self.branch.ply..).zip(self.moves.iter().map(String::as_str))
    }

    /// KIF's time column for its step `ply`: `( 0:12/00:03:45)`, the step's time and its
    /// side's total up to it, in whole seconds (`( 0:00/00:00:00)` without times).
    fn time_column(&self, ply: usize) -> String {
        let own = self.times.iter().find(|t| t.ply == ply).map_or(0, |t| t.ms) / 1000;
        let total: u64 = self.times.iter().filter(|t| t.ply <= ply && t.ply % 2 == ply % 2).map(|t| t.ms).sum();
        let total = total / 1000;
        format!("({:>2}:{:02}/{:02}:{:02}:{:02})", own / 60, own % 60, total / 3600, total / 60 % 60, total % 60)
    }

    /// Whether its move (or end) `ply` has an alternative further down the file.
    fn has_alternative(&self, ply: usize) -> bool {
        self.alternatives.contains(&ply)
    }
}

/// The comments after `ply` moves of `line`, a `*` line each; a line break in a comment
/// starts another, so such a comment reads back as several.
pub(super) fn write_comments(out: &mut String, line: &LineText, ply: usize) {
    for text in line.branch.comments_at(ply) {
        for line in text.split('\n') {
            let _ = writeln!(out, "*{}", line.trim_end_matches('\r'));
        }
    }
}

/// A position a line reaches, with where the move before it went (for `同`).
#[derive(Clone)]
struct Reached {
    position: Position,
    last_to: Option<Square>,
}

impl Reached {
    fn start(position: Position) -> Reached {
        Reached { position, last_to: None }
    }

    fn play(&mut self, m: Move) {
        self.position.play_unchecked(m);
        self.last_to = Some(m.to());
    }
}

/// Writes every line of `record` with `write_line`, each variation after a blank line and
/// its `変化：N手` header, in the order Kifu for Windows writes them (as do ShogiHome and
/// tsshogi's `exportKIF`, which walks its tree depth first): the main line, and after each
/// line its variations, the one that branches off latest first and siblings at one ply in
/// their order, each followed at once by its own. Read back, each header then branches off
/// the line read just before it, or a line that one branches off. `spell` spells a move in
/// the position it is played from, given where the move before went (for `同`).
pub(super) fn write_lines(
    out: &mut String,
    record: &Record,
    spell: impl Fn(&Position, Move, Option<Square>) -> Option<String>,
    write_line: impl Fn(&mut String, &LineText),
) {
    let handicapped = Handicap::detect(&record.start).is_some_and(|h| h != Handicap::Even);
    // Each line with the position before its first move, and whether a sibling follows it.
    let mut pending = vec![(record.main_branch(), Reached::start(record.start.clone()), false)];
    while let Some((branch, from, sibling_follows)) = pending.pop() {
        if !branch.path.is_empty() {
            let _ = write!(out, "\n変化：{}手\n", branch.ply);
        }
        let mut reached = from.clone();
        let mut moves = Vec::new();
        for &m in branch.moves {
            let pos = &reached.position;
            let Some(text) = pos.is_legal(m).then(|| spell(pos, m, reached.last_to)).flatten() else { break };
            moves.push(text);
            reached.play(m);
        }
        let complete = moves.len() == branch.moves.len();
        let end = branch.termination.filter(|_| complete).map(|termination| {
            let result = result_words(termination, reached.position.turn(), handicapped);
            (termination, format!("{SUMMARY}{}手で{result}\n", branch.ply - 1 + moves.len()))
        });
        // A variation replaces a written move or end, or the move where writing stopped.
        let first = if branch.path.is_empty() { 1 } else { branch.ply + 1 };
        let last = branch.ply + moves.len() - usize::from(complete && end.is_none());
        let children: Vec<Branch> = branch.children().filter(|child| (first..=last).contains(&child.ply)).collect();
        let mut alternatives: Vec<usize> = children.iter().map(|child| child.ply).collect();
        alternatives.extend(sibling_follows.then_some(branch.ply));
        // Pushed so that they come off the stack in Kifu for Windows's order.
        for siblings in children.chunk_by(|a, b| a.ply == b.ply) {
            for (index, child) in siblings.iter().enumerate().rev() {
                let mut at = from.clone();
                for &m in &branch.moves[..child.ply - branch.ply] {
                    at.play(m);
                }
                pending.push((child.clone(), at, index + 1 < siblings.len()));
            }
        }
        let times = record.line(&branch.path).map(|line| line.times).unwrap_or_default();
        write_line(out, &LineText { branch, moves, end, alternatives, times });
    }
}

/// How a `まで` line says the game ended, as Kifu for Windows words it; `to_move` is the
/// side to move after the last move. KI2 has no line for the end itself, so its reader
/// takes the termination back from these words.
pub(super) fn result_words(termination: Termination, to_move: Color, handicapped: bool) -> String {
    let side = |c: Color| match (c, handicapped) {
        (Color::Sente, false) => "先手",
        (Color::Gote, false) => "後手",
        (Color::Sente, true) => "下手",
        (Color::Gote, true) => "上手",
    };
    let (last_mover, next) = (side(!to_move), side(to_move));
    match termination {
        Termination::Resign => format!("{last_mover}の勝ち"),
        Termination::Timeout => format!("時間切れにより{last_mover}の勝ち"),
        Termination::IllegalMove => format!("{next}の反則負け"),
        Termination::OpponentIllegalMove => format!("{next}の反則勝ち"),
        Termination::ImpasseDeclaration => format!("{next}の入玉勝ち"),
        Termination::Checkmate | Termination::Repetition | Termination::Impasse | Termination::Abort => {
            termination_word(termination).to_string()
        }
    }
}

/// How many columns `text` takes in a fixed-width font, where a full-width character
/// is two wide.
pub(super) fn columns(text: &str) -> usize {
    text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// One move line: number, text padded to a column, the time column, and `+` when an
/// alternative to the move comes further down.
fn write_move_line(out: &mut String, number: usize, text: &str, time: &str, has_alternative: bool) {
    let pad = 12usize.saturating_sub(columns(text));
    let mark = if has_alternative { "+" } else { "" };
    let _ = writeln!(out, "{number:>4} {text}{:pad$} {time}{mark}", "");
}

/// `７六歩(77)`, `同　銀(31)`, `２二角成(88)`, `５五角打`: the piece as it stands
/// before the move. None for a move from an empty square.
fn move_text(pos: &Position, m: Move, last_to: Option<Square>) -> Option<String> {
    let to = m.to();
    let mut text = if last_to == Some(to) {
        "同\u{3000}".to_string()
    } else {
        format!("{}{}", FILE_DIGITS[usize::from(to.file() - 1)], RANK_NUMERALS[usize::from(to.rank())])
    };
    match m.kind() {
        MoveKind::Normal { from, promote, .. } => {
            text.push_str(kanji::short_name(pos.piece_at(from)?.role));
            if promote {
                text.push('成');
            }
            let _ = write!(text, "({}{})", from.file(), from.rank() + 1);
        }
        MoveKind::Drop { role, .. } => {
            text.push_str(kanji::short_name(role));
            text.push('打');
        }
    }
    Some(text)
}

/// The board diagram: gote's hand, the board from gote's side, sente's hand, the side to move.
fn write_diagram(out: &mut String, pos: &Position) {
    let hand_text = |color: Color| {
        let pieces: String = pos
            .hand(color)
            .iter()
            .map(|(role, n)| {
                let count = if n > 1 { kanji_count(n) } else { String::new() };
                format!("{}{count}\u{3000}", kanji::short_name(role))
            })
            .collect();
        if pieces.is_empty() {
            "なし".to_string()
        } else {
            pieces
        }
    };
    let _ = writeln!(out, "後手の持駒：{}", hand_text(Color::Gote));
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for (rank, row) in Square::reading_order() {
        out.push('|');
        for sq in row {
            match pos.piece_at(sq) {
                None => out.push_str(" ・"),
                Some(piece) => {
                    out.push(piece.color.fold(' ', 'v'));
                    // The king is 玉 for both sides here, as Kifu for Windows writes it.
                    out.push(kanji::piece_char(Color::Sente, piece.role));
                }
            }
        }
        let _ = writeln!(out, "|{}", RANK_NUMERALS[usize::from(rank)]);
    }
    out.push_str("+---------------------------+\n");
    let _ = writeln!(out, "先手の持駒：{}", hand_text(Color::Sente));
    out.push_str(pos.turn().fold("先手番\n", "後手番\n"));
}

/// A header key as the reader takes it back: no blanks or colons (each becomes
/// `_`); None for an empty key, `手合割` (the start position says it) and keys
/// that would read as part of a board diagram.
fn header_key(key: &str) -> Option<String> {
    let key: String = key.chars().map(|c| if c.is_whitespace() || c == ':' || c == '：' { '_' } else { c }).collect();
    (!key.is_empty() && key != "手合割" && !is_position_line(&format!("{key}："))).then_some(key)
}

/// A header value on one line.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kanji_counts_read_back() {
        for n in 1..=99 {
            assert_eq!(kanji_number(&kanji_count(n)), Some(n), "{n}");
        }
        assert_eq!(kanji_number("十八"), Some(18));
        assert_eq!(kanji_number("百"), None);
        assert_eq!(kanji_number("0"), None);
    }

    #[test]
    fn move_texts_read_back() {
        let (spec, used) = parse_move("同　歩(23)   ( 0:01/00:00:01)", Square::from_usi("2c")).unwrap();
        assert_eq!((spec.to, spec.role, spec.promote), (Square::from_usi("2c").unwrap(), Role::Pawn, false));
        assert_eq!(used, "同　歩(23)".len());
        let (spec, _) = parse_move("２二角成(88)", None).unwrap();
        assert!(spec.promote && matches!(spec.origin, Origin::Square(s) if s == Square::from_usi("8h").unwrap()));
        let (spec, _) = parse_move("２三成銀(34)", None).unwrap();
        assert_eq!(spec.role, Role::PromotedSilver);
        assert!(matches!(parse_move("５五角打", None).unwrap().0.origin, Origin::Drop));
        assert!(matches!(parse_move("同歩(23)", None), Err(KifErrorKind::NoPreviousMove { .. })));
        assert!(matches!(parse_move("７六歩(7", None), Err(KifErrorKind::MoveSyntax { .. })));
    }

    #[test]
    fn board_rows_read() {
        let (rank, row) = board_row("|v香v桂 ・ 歩 ・ ・ ・v龍 と|三", 0).unwrap();
        assert_eq!(rank, 2);
        assert_eq!(row[0], Some(Piece::new(Color::Gote, Role::Lance)));
        assert_eq!(row[2], None);
        assert_eq!(row[3], Some(Piece::new(Color::Sente, Role::Pawn)));
        assert_eq!(row[7], Some(Piece::new(Color::Gote, Role::Dragon)));
        assert_eq!(row[8], Some(Piece::new(Color::Sente, Role::Tokin)));
        assert_eq!(board_row("| ・ ・|一", 0), None);
        assert_eq!(board_row("| ・ ・ ・ ・ ・ ・ ・ ・ ・|", 4).map(|r| r.0), Some(4));
    }
}
