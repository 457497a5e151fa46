//! The stored form of a game (SPEC §5): the game in progress and the list of
//! finished games, as small versioned text that a person can read:
//!
//! ```text
//! shogi-game 1
//! id 1763780000000
//! saved 1763780123456
//! sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
//! moves 7g7f 3c3d 6g6f
//! side b
//! impasse 27
//! think 1000
//! end b resign
//! line 0
//! main 7g7f 3c3d 2g2f 8c8d end resign
//! variation 0 3 6g6f end resign
//! variation 1 4 4c4d 2f2e
//! comment 2 ▲７六歩 △３四歩 の出だし
//! comment 0:3 振り飛車にする
//! time 1 12000
//! time 0:3 5500
//! header 先手 Hanako
//! review 300;cp 42 7g7f 3c3d;...
//! clock 600+30b 0/21500/1 598000/30000/1 run b 8500
//! ```
//!
//! `moves` are the game's moves (what is played now: the review, the finished list and
//! [`SavedGame::is_game`] go by them). `end` is there once the game is over (winner `b`,
//! `w` or `draw`, and the SPEC §3 reason), because a resignation or a declaration does not
//! follow from the moves. The rest of the game's record, a tree of lines (see
//! `notation/variation.rs`), comes after: `line` is the path of the line the game follows
//! (indices joined by dots; none: the main line), whose moves begin with `moves` (the rest
//! is what redo replays); `main` is the main line, with its end ([`Termination`]'s name)
//! when it has one, given when it is not just what `moves` and `end` make it; each
//! `variation` is one other line, depth first: its path, the number of its first move, its
//! moves and its end. Each `comment` is a record's comment after that many moves, on the
//! main line or, after `<path>:`, on that variation. Each `time` is the milliseconds a move (or
//! a line's end) took, placed as a comment is by its number. Each `header` is one of an
//! imported record's headers (players, event, date, ...), its key without blanks, then its
//! value. `variation`, `comment`, `time` and `header` repeat; a text without them is a game
//! of one line (as games were saved before times and headers were kept). `review`
//! is there once the engine has reviewed the game (`model/review.rs`). `clock` is there in a game
//! played on the clock: the clocks as they stood when the game was `saved` (`model/clock.rs`).
//! The finished-games list is `shogi-games 1` followed by such games, newest first.

use std::fmt::Write as _;

use crate::notation::clip;
use crate::notation::record::{Record, Termination};
use crate::notation::sfen::{self, SfenError};
use crate::notation::variation::{parse_path, write_path, VariationRefused};
use crate::rules::{Color, ImpasseRule, Move, Outcome, Position, Reason};

use crate::notation::usi::{parse_move_list, write_moves, MoveListError};
use crate::ui::model::clock::GameClock;
use crate::ui::model::levels::MAX_THINK_MS;
use crate::ui::model::review::{Review, ReviewRun};
use crate::ui::model::table::{result_name, winner_name, Sides, Table};

const GAME_HEADER: &str = "shogi-game 1";
const LIST_HEADER: &str = "shogi-games 1";

/// How many finished games the device keeps; older ones are dropped.
pub const FINISHED_KEPT: usize = 100;

/// A game as stored: everything needed to set the same game up again.
#[derive(Clone, PartialEq, Debug)]
pub struct SavedGame {
    /// When the game began (milliseconds since 1970): its identity in the finished list.
    pub id: u64,
    /// When it was last saved (milliseconds since 1970): for a finished game, when it ended.
    pub saved: u64,
    pub start: Position,
    pub moves: Vec<Move>,
    pub sides: Sides,
    pub impasse_rule: ImpasseRule,
    pub think_ms: u32,
    pub end: Option<Outcome>,
    /// The game's record from `start`: its lines of play, their comments and times, and an
    /// imported record's headers.
    pub tree: Record,
    /// The line of `tree` the game follows; `moves` begin it.
    pub path: Vec<usize>,
    /// The engine's review of these moves, once made.
    pub review: Option<Review>,
    /// The clocks as they stood at `saved` (a [`GameClock::snapshot`]), in a game on the clock.
    pub clock: Option<GameClock>,
}

/// Why a stored game could not be read, and where: the notice about the value kept aside
/// words it (`model/notice.rs`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavedError {
    /// 1-based line of the stored text.
    pub line: usize,
    pub reason: SavedReason,
}

/// What is wrong with a stored game's line (values quoted from it are clipped).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SavedReason {
    /// The text does not begin with this header.
    NoHeader(&'static str),
    GivenTwice(String),
    Missing(&'static str),
    NotANumber {
        key: &'static str,
        value: String,
    },
    UnknownField(String),
    BadSfen(SfenError),
    /// A value that is none of the names the field takes.
    NotOneOf {
        value: String,
        choices: Vec<&'static str>,
    },
    /// `think` is not a time from 1 to [`MAX_THINK_MS`].
    NotATime(String),
    /// `end` is not a winner (`b`, `w`, `draw`) and a reason.
    NotAnEnd(String),
    BadMove(MoveListError),
    /// The move with this 1-based number comes after the game ended.
    AfterEnd(usize),
    /// `review` is not a review of each position of these moves.
    NotAReview,
    /// A `comment` does not begin with a ply of its line's moves (its first word quoted).
    NotAComment(String),
    /// `clock` is not the clocks of a control SPEC §4 allows (its text quoted).
    NotAClock(String),
}

/// The winners an `end` line may name: sente, gote, or nobody.
const WINNERS: [Option<Color>; 3] = [Some(Color::Sente), Some(Color::Gote), None];

/// How an `end` line names the winner.
pub fn winner_names() -> [&'static str; 3] {
    WINNERS.map(winner_name)
}

fn outcome_from_words(winner: &str, reason: &str) -> Option<Outcome> {
    let winner = WINNERS.into_iter().find(|&w| winner_name(w) == winner)?;
    let reason = Reason::from_name(reason)?;
    Some(Outcome { winner, reason })
}

impl SavedGame {
    pub fn of_table(table: &Table, think_ms: u32, id: u64, saved: u64) -> SavedGame {
        let mut tree = table.tree().clone();
        // The start position says it.
        tree.handicap = None;
        SavedGame {
            id,
            saved,
            start: table.start().clone(),
            moves: table.moves().to_vec(),
            sides: table.sides,
            impasse_rule: table.impasse_rule,
            think_ms,
            end: table.outcome(),
            tree,
            path: table.path().to_vec(),
            review: None,
            clock: None,
        }
    }

    /// The engine's review of the game, as shown with it.
    pub fn review_run(&self) -> Option<ReviewRun> {
        let review = self.review.clone()?;
        Some(ReviewRun { start: self.start.clone(), moves: self.moves.clone(), review, searching: None })
    }

    /// Whether this is the game of `start` and `moves`.
    pub fn is_game(&self, start: &Position, moves: &[Move]) -> bool {
        self.moves == moves && self.start == *start
    }

    /// The game at the table again (the moves and the tree around them were checked when it
    /// was read).
    pub fn table(&self) -> Table {
        let mut table = self.replay().unwrap_or_else(|_| Table::new(self.start.clone(), self.sides, self.impasse_rule));
        table.set_tree(self.tree.clone(), self.path.clone());
        table
    }

    /// The game of `moves` and `end` alone, with the one line they make.
    fn replay(&self) -> Result<Table, usize> {
        Table::replay(self.start.clone(), &self.moves, self.sides, self.impasse_rule, self.end)
    }

    /// Whether the main line is what `moves` and `end` make it, as it is read without `main`.
    fn main_line_is_the_game(&self) -> bool {
        self.replay().is_ok_and(|game| {
            let made = game.tree();
            (&made.moves, made.termination) == (&self.tree.moves, self.tree.termination)
        })
    }

    pub fn write(&self) -> String {
        let mut out = format!("{GAME_HEADER}\n");
        let _ = writeln!(out, "id {}", self.id);
        let _ = writeln!(out, "saved {}", self.saved);
        let _ = writeln!(out, "sfen {}", sfen::write_position(&self.start));
        let _ = writeln!(out, "moves {}", write_moves(&self.moves, " "));
        let _ = writeln!(out, "side {}", self.sides.name());
        let _ = writeln!(out, "impasse {}", self.impasse_rule.name());
        let _ = writeln!(out, "think {}", self.think_ms);
        if let Some(end) = self.end {
            let _ = writeln!(out, "end {} {}", result_name(end), end.reason.name());
        }
        if !self.path.is_empty() {
            let _ = writeln!(out, "line {}", write_path(&self.path));
        }
        if !self.main_line_is_the_game() {
            let _ = writeln!(out, "main {}", line_text(&self.tree.moves, self.tree.termination));
        }
        let branches = self.tree.branches();
        for branch in &branches[1..] {
            let (path, ply) = (write_path(&branch.path), branch.ply);
            let _ = writeln!(out, "variation {path} {ply} {}", line_text(branch.moves, branch.termination));
        }
        for branch in &branches {
            // The main line's comments are written as before variations were kept.
            let place = if branch.path.is_empty() { String::new() } else { format!("{}:", write_path(&branch.path)) };
            for comment in branch.comments {
                let _ = writeln!(out, "comment {place}{} {}", comment.ply, comment.text);
            }
            for time in branch.times {
                let _ = writeln!(out, "time {place}{} {}", time.ply, time.ms);
            }
        }
        for (key, value) in &self.tree.headers {
            let key: String = key.chars().map(|c| if c.is_whitespace() { '_' } else { c }).collect();
            let _ = writeln!(out, "header {key} {}", value.replace(['\r', '\n'], " "));
        }
        if let Some(review) = &self.review {
            let _ = writeln!(out, "review {}", review.write());
        }
        if let Some(clock) = &self.clock {
            let _ = writeln!(out, "clock {}", clock.write());
        }
        out
    }

    /// Reads one stored game (the text [`SavedGame::write`] gives).
    pub fn parse(text: &str) -> Result<SavedGame, SavedError> {
        let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
        parse_game(&lines)
    }
}

/// A line's moves and end as `main` and `variation` write them: `7g7f 3c3d end resign`.
fn line_text(moves: &[Move], termination: Option<Termination>) -> String {
    let mut text = write_moves(moves, " ");
    if let Some(termination) = termination {
        let space = if text.is_empty() { "" } else { " " };
        let _ = write!(text, "{space}end {}", termination.name());
    }
    text
}

/// Reads [`line_text`]: the moves' text and the end.
fn read_line_text(line: usize, text: &str) -> Result<(&str, Option<Termination>), SavedError> {
    let (moves, end) = match text.strip_prefix("end ") {
        Some(end) => ("", Some(end)),
        None => text.split_once(" end ").map_or((text, None), |(moves, end)| (moves, Some(end))),
    };
    let termination = end.map(|name| {
        Termination::from_name(name.trim()).ok_or_else(|| SavedError {
            line,
            reason: SavedReason::NotOneOf {
                value: clip(name, 24),
                choices: Termination::ALL.map(Termination::name).to_vec(),
            },
        })
    });
    Ok((moves, termination.transpose()?))
}

/// The `saved` stamp of a stored game, read without reading the game: what a page checks
/// before each save to learn whether another tab saved since.
pub fn stamp_of(text: &str) -> Option<u64> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    if lines.next()? != GAME_HEADER {
        return None;
    }
    lines.find_map(|l| l.strip_prefix("saved ")).and_then(|stamp| stamp.trim().parse().ok())
}

/// Reads a game from its numbered lines, the header first.
fn parse_game(lines: &[(usize, &str)]) -> Result<SavedGame, SavedError> {
    let mut lines = lines.iter().copied().filter(|(_, l)| !l.trim().is_empty());
    let (first, header) = lines.next().unwrap_or((1, ""));
    if header.trim() != GAME_HEADER {
        return Err(SavedError { line: first, reason: SavedReason::NoHeader(GAME_HEADER) });
    }
    let mut fields: Vec<(usize, &str, &str)> = Vec::new();
    for (line, text) in lines {
        let (key, value) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
        if !REPEATED_KEYS.contains(&key) && fields.iter().any(|(_, k, _)| *k == key) {
            return Err(SavedError { line, reason: SavedReason::GivenTwice(clip(key, 24)) });
        }
        fields.push((line, key, value.trim()));
    }
    let last_line = fields.last().map_or(first, |f| f.0);
    let field = |key: &'static str| {
        fields
            .iter()
            .find(|(_, k, _)| *k == key)
            .map(|&(line, _, value)| (line, value))
            .ok_or(SavedError { line: last_line, reason: SavedReason::Missing(key) })
    };
    let number = |key: &'static str| {
        let (line, value) = field(key)?;
        value
            .parse::<u64>()
            .map_err(|_| SavedError { line, reason: SavedReason::NotANumber { key, value: clip(value, 24) } })
    };
    if let Some(&(line, key, _)) = fields.iter().find(|(_, k, _)| !KEYS.contains(k)) {
        return Err(SavedError { line, reason: SavedReason::UnknownField(clip(key, 24)) });
    }
    let id = number("id")?;
    let saved = number("saved")?;
    let (line, text) = field("sfen")?;
    let start = sfen::parse_position(text).map_err(|e| SavedError { line, reason: SavedReason::BadSfen(e) })?;
    let not_one_of = |line: usize, value: &str, choices: &[&'static str]| SavedError {
        line,
        reason: SavedReason::NotOneOf { value: clip(value, 24), choices: choices.to_vec() },
    };
    let (line, text) = field("side")?;
    let sides = Sides::from_name(text).ok_or_else(|| not_one_of(line, text, &Sides::ALL.map(Sides::name)))?;
    let (line, text) = field("impasse")?;
    let impasse_rule =
        ImpasseRule::from_name(text).ok_or_else(|| not_one_of(line, text, &ImpasseRule::ALL.map(ImpasseRule::name)))?;
    let (line, think) = field("think")?;
    let think_ms = think
        .parse::<u32>()
        .ok()
        .filter(|ms| (1..=MAX_THINK_MS).contains(ms))
        .ok_or(SavedError { line, reason: SavedReason::NotATime(clip(think, 24)) })?;
    let end = match fields.iter().find(|(_, k, _)| *k == "end") {
        None => None,
        Some(&(line, _, text)) => {
            let (winner, reason) = text.split_once(' ').unwrap_or((text, ""));
            Some(
                outcome_from_words(winner, reason)
                    .ok_or(SavedError { line, reason: SavedReason::NotAnEnd(clip(text, 24)) })?,
            )
        }
    };
    let (line, text) = field("moves")?;
    let moves = parse_move_list(&start, text).map_err(|bad| SavedError { line, reason: SavedReason::BadMove(bad) })?;
    let mut game = Table::replay(start.clone(), &moves, sides, impasse_rule, end)
        .map_err(|n| SavedError { line, reason: SavedReason::AfterEnd(n) })?;
    let tree = read_tree(&fields, game.tree().clone())?;
    let followed = fields.iter().find(|(_, k, _)| *k == "line");
    let path = match followed {
        None => Vec::new(),
        Some(&(line, _, text)) => parse_path(text)
            .ok_or(SavedError { line, reason: SavedReason::NotANumber { key: "line", value: clip(text, 24) } })?,
    };
    if !game.set_tree(tree.clone(), path.clone()) {
        // No such line, or one that does not begin with `moves`: the one the game followed is not there.
        let main = fields.iter().find(|(_, k, _)| *k == "main").map_or(last_line, |f| f.0);
        return Err(match followed {
            Some(&(line, _, _)) => SavedError { line, reason: SavedReason::Missing("variation") },
            None => SavedError { line: main, reason: SavedReason::Missing("line") },
        });
    }
    let review = match fields.iter().find(|(_, k, _)| *k == "review") {
        None => None,
        Some(&(line, _, text)) => Some(
            Review::parse(text)
                .filter(|r| r.is_complete(moves.len()))
                .ok_or(SavedError { line, reason: SavedReason::NotAReview })?,
        ),
    };
    let clock = match fields.iter().find(|(_, k, _)| *k == "clock") {
        None => None,
        Some(&(line, _, text)) => {
            Some(GameClock::parse(text).ok_or(SavedError { line, reason: SavedReason::NotAClock(clip(text, 40)) })?)
        }
    };
    Ok(SavedGame { id, saved, start, moves, sides, impasse_rule, think_ms, end, tree, path, review, clock })
}

/// The game's tree from its `main`, `variation` and `comment` fields, around `made`: the
/// one line `moves` and `end` make, which stays the main line without `main`.
fn read_tree(fields: &[(usize, &str, &str)], made: Record) -> Result<Record, SavedError> {
    let mut tree = made;
    let of_key =
        |key: &'static str| fields.iter().filter(move |(_, k, _)| *k == key).map(|&(line, _, text)| (line, text));
    let bad_move = |line: usize| move |bad| SavedError { line, reason: SavedReason::BadMove(bad) };
    if let Some((line, text)) = of_key("main").next() {
        let (moves, termination) = read_line_text(line, text)?;
        tree.moves = parse_move_list(&tree.start, moves).map_err(bad_move(line))?;
        tree.termination = termination;
    }
    for (line, text) in of_key("variation") {
        let not_a_number = |value: &str| SavedError {
            line,
            reason: SavedReason::NotANumber { key: "variation", value: clip(value, 24) },
        };
        let mut words = text.splitn(3, ' ');
        let (path, ply) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        let (moves, termination) = read_line_text(line, words.next().unwrap_or(""))?;
        let path = parse_path(path).ok_or_else(|| not_a_number(path))?;
        let ply = ply.parse().map_err(|_| not_a_number(ply))?;
        tree.add_listed_variation(&path, ply, moves, termination).map_err(|refused| match refused {
            // The variation it should branch off (or follow) is not there before it.
            VariationRefused::Misplaced => SavedError { line, reason: SavedReason::Missing("variation") },
            VariationRefused::BadMove(bad) => bad_move(line)(bad),
        })?;
    }
    for (line, text) in of_key("comment") {
        let (place, text) = text.split_once(' ').unwrap_or((text, ""));
        let held = read_place(place).is_some_and(|(path, ply)| {
            tree.add_comment(&path, ply, text.to_string()).is_some_and(|holder| holder == path)
        });
        if !held {
            return Err(SavedError { line, reason: SavedReason::NotAComment(clip(place, 24)) });
        }
    }
    for (line, text) in of_key("time") {
        let (place, ms) = text.split_once(' ').unwrap_or((text, ""));
        let ms = ms
            .parse()
            .map_err(|_| SavedError { line, reason: SavedReason::NotANumber { key: "time", value: clip(ms, 24) } })?;
        let held =
            read_place(place).is_some_and(|(path, ply)| tree.set_time(&path, ply, ms).is_some_and(|at| at == path));
        if !held {
            return Err(SavedError { line, reason: SavedReason::NotAComment(clip(place, 24)) });
        }
    }
    for (_, text) in of_key("header") {
        let (key, value) = text.split_once(' ').unwrap_or((text, ""));
        tree.headers.push((key.to_string(), value.to_string()));
    }
    Ok(tree)
}

/// Where a `comment` or `time` goes: `<ply>` on the main line, `<path>:<ply>` on a variation.
fn read_place(place: &str) -> Option<(Vec<usize>, usize)> {
    let (path, ply) = match place.split_once(':') {
        None => (Vec::new(), place),
        Some((path, ply)) => (parse_path(path).filter(|path| !path.is_empty())?, ply),
    };
    Some((path, ply.parse().ok()?))
}

const KEYS: [&str; 16] = [
    "id",
    "saved",
    "sfen",
    "moves",
    "side",
    "impasse",
    "think",
    "end",
    "line",
    "main",
    "variation",
    "comment",
    "time",
    "header",
    "review",
    "clock",
];

/// The keys that may come more than once.
const REPEATED_KEYS: [&str; 4] = ["variation", "comment", "time", "header"];

/// The finished-games list as stored.
pub fn write_list(games: &[SavedGame]) -> String {
    let mut out = format!("{LIST_HEADER}\n");
    for game in games {
        out.push('\n');
        out.push_str(&game.write());
    }
    out
}

/// Reads the finished-games list; one game that cannot be read makes the whole value unreadable.
pub fn parse_list(text: &str) -> Result<Vec<SavedGame>, SavedError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l)).filter(|(_, l)| !l.trim().is_empty());
    match lines.next() {
        Some((_, header)) if header.trim() == LIST_HEADER => {}
        other => {
            return Err(SavedError { line: other.map_or(1, |(n, _)| n), reason: SavedReason::NoHeader(LIST_HEADER) })
        }
    }
    let mut blocks: Vec<Vec<(usize, &str)>> = Vec::new();
    for (n, line) in lines {
        match blocks.last_mut() {
            Some(block) if line.trim() != GAME_HEADER => block.push((n, line)),
            _ => blocks.push(vec![(n, line)]),
        }
    }
    blocks.iter().map(|block| parse_game(block)).collect()
}

/// Puts a finished game first in the list (replacing an earlier save of the same
/// game, as after an undo and a second ending) and drops the oldest beyond
/// [`FINISHED_KEPT`]. The same game with the same moves and end is already there:
/// nothing changes, and `false` says so.
pub fn add_finished(list: &mut Vec<SavedGame>, game: SavedGame) -> bool {
    if list.iter().any(|g| g.id == game.id && g.moves == game.moves && g.end == game.end) {
        return false;
    }
    list.retain(|g| g.id != game.id);
    list.insert(0, game);
    list.truncate(FINISHED_KEPT);
    true
}

#[cfg(test)]
pub(in crate::ui::model) mod tests {
    use super::*;
    use crate::notation::format::Format;
    use crate::notation::record::Comment;
    use crate::notation::usi;
    use crate::ui::model::transfer;

    fn game(moves: &str, sides: Sides) -> SavedGame {
        let mut table = Table::new(Position::startpos(), sides, ImpasseRule::Points24);
        for m in moves.split_whitespace() {
            table.play(usi::parse(m).unwrap()).unwrap();
        }
        SavedGame::of_table(&table, 300, 1_763_780_000_000, 1_763_780_123_456)
    }

    #[test]
    fn round_trip() {
        let saved = game("7g7f 3c3d 8h2b+", Sides::Gote);
        let text = saved.write();
        assert!(text.starts_with("shogi-game 1\n"), "{text}");
        assert!(text.contains("\nmoves 7g7f 3c3d 8h2b+\n"), "{text}");
        assert_eq!(SavedGame::parse(&text), Ok(saved.clone()));
        let table = saved.table();
        assert_eq!((table.ply(), table.sides, table.impasse_rule), (3, Sides::Gote, ImpasseRule::Points24));
    }

    #[test]
    fn the_clocks_are_kept_with_their_game_and_an_unreadable_one_is_named() {
        use crate::rules::Color;
        use crate::ui::model::clock::{Controls, GameClock};
        let mut saved = game("7g7f 3c3d", Sides::Both);
        let mut clock = GameClock::new(Controls::parse("600+30bx3").unwrap(), Color::Sente, 0.0);
        clock.moved(Color::Sente, 4_000.0).unwrap();
        clock.moved(Color::Gote, 6_500.0).unwrap();
        clock.pause(7_000.0);
        saved.clock = Some(clock.snapshot(7_000.0));
        let text = saved.write();
        assert!(text.contains("\nclock 600+30bx3 595500/30000/3 597500/30000/3 pause b 500\n"), "{text}");
        let back = SavedGame::parse(&text).unwrap();
        assert_eq!(back, saved);
        assert!(back.clock.unwrap().is_paused(), "a paused game stays paused");
        // A game lost on time comes back lost on time, its record ending so.
        let mut table = saved.table();
        table.time_out(Color::Sente);
        let lost = SavedGame { clock: Some(clock.snapshot(9_000.0)), ..SavedGame::of_table(&table, 300, 1, 2) };
        let text_lost = lost.write();
        assert!(text_lost.contains("\nend w timeout\n"), "{text_lost}");
        let back = SavedGame::parse(&text_lost).unwrap().table();
        assert_eq!(back.outcome(), Some(Outcome { winner: Some(Color::Gote), reason: Reason::Timeout }));
        assert_eq!(back.tree().termination, Some(Termination::Timeout));
        let bad = text.replace("30000/3 pause", "30000/9 pause");
        let error = SavedGame::parse(&bad).unwrap_err();
        assert!(matches!(error.reason, SavedReason::NotAClock(_)), "{error:?}");
    }

    #[test]
    fn the_stamp_is_read_without_the_game() {
        let saved = game("7g7f 3c3d", Sides::Both);
        assert_eq!(stamp_of(&saved.write()), Some(1_763_780_123_456));
        assert_eq!(stamp_of("shogi-game 1\nid 1\nsaved soon\n"), None);
        assert_eq!(stamp_of("shogi-games 1\nsaved 5\n"), None, "not a game");
    }

    #[test]
    fn comments_are_kept_with_their_game() {
        let mut saved = game("7g7f 3c3d", Sides::Both);
        saved.tree.comments = vec![
            Comment { ply: 0, text: "平手の対局".into() },
            Comment { ply: 2, text: "角道を開け合う; a common start".into() },
            Comment { ply: 2, text: String::new() },
        ];
        let text = saved.write();
        assert!(
            text.contains("\ncomment 0 平手の対局\ncomment 2 角道を開け合う; a common start\ncomment 2 \n"),
            "{text}"
        );
        assert_eq!(SavedGame::parse(&text), Ok(saved.clone()));
        assert_eq!(saved.table().comments_at(2).count(), 2);
        let beyond = text.replace("comment 0 ", "comment 3 ");
        assert_eq!(SavedGame::parse(&beyond).unwrap_err().reason, SavedReason::NotAComment("3".into()));
    }

    #[test]
    fn a_tree_of_lines_is_kept_with_its_game() {
        let kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n*main\n   4 投了\n\n\
                   変化：2手\n   2 ８四歩(83)\n*居飛車\n   3 ２六歩(27)\n   4 ８五歩(84)\n\n\
                   変化：3手\n   3 ６六歩(67)\n   4 中断\n";
        let record = crate::notation::format::import_text(kif).unwrap();
        let mut table = transfer::table_of(&record, Sides::Both, ImpasseRule::Points24).unwrap();
        assert!(table.follow(&[0]));
        assert!(table.undo(), "a move taken back, for redo");
        let saved = SavedGame::of_table(&table, 300, 1, 2);
        let text = saved.write();
        for line in [
            "\nmoves 7g7f 8c8d 2g2f\n",
            "\nline 0\n",
            "\nmain 7g7f 3c3d 2g2f end resign\n",
            "\nvariation 0 2 8c8d 2g2f 8d8e\nvariation 0.0 3 6g6f end abort\n",
            "\ncomment 3 main\ncomment 0:2 居飛車\n",
        ] {
            assert!(text.contains(line), "{line:?} in\n{text}");
        }
        assert_eq!(SavedGame::parse(&text), Ok(saved.clone()));
        let back = saved.table();
        assert_eq!((back.tree(), back.path(), back.moves()), (&saved.tree, table.path(), table.moves()));
        assert_eq!(back.comments_at(2).collect::<Vec<_>>(), ["居飛車"]);
        assert_eq!(back.tree().moves, record.moves);
        assert!(back.can_redo());
    }

    #[test]
    fn an_imported_records_times_and_headers_are_kept_with_its_game() {
        let kif = "棋戦：練習 対局\n先手：Hanako\n手合割：平手\n   1 ７六歩(77)   ( 0:12/00:00:12)\n\
                   2 ３四歩(33)   ( 0:03/00:00:03)+\n   3 投了         ( 0:07/00:00:19)\n\n\
                   変化：2手\n   2 ８四歩(83)   ( 1:00/00:01:00)\n";
        let record = crate::notation::format::import_text(kif).unwrap();
        let table = transfer::table_of(&record, Sides::Both, ImpasseRule::Points24).unwrap();
        let saved = SavedGame::of_table(&table, 300, 1, 2);
        let text = saved.write();
        for line in [
            "\ntime 1 12000\ntime 2 3000\ntime 3 7000\ntime 0:2 60000\n",
            "\nheader 棋戦 練習 対局\nheader 先手 Hanako\n",
        ] {
            assert!(text.contains(line), "{line:?} in\n{text}");
        }
        assert_eq!(SavedGame::parse(&text), Ok(saved.clone()));
        let back = saved.table();
        assert_eq!(back.tree().headers, record.headers);
        assert_eq!(transfer::export(&back, Format::Kif), transfer::export(&table, Format::Kif));
        for bad in ["time 4 100", "time 1 soon", "time 0:1 100"] {
            assert!(SavedGame::parse(&format!("{text}{bad}\n")).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_text_of_one_line_reads_as_before() {
        let text = format!(
            "shogi-game 1\nid 1\nsaved 2\nsfen {}\nmoves 7g7f 3c3d 2g2f\nside both\nimpasse 27\nthink 100\nend b resign\ncomment 1 first\n",
            sfen::STARTPOS
        );
        let saved = SavedGame::parse(&text).unwrap();
        assert_eq!(saved.tree.moves, saved.moves);
        assert_eq!((saved.tree.termination, saved.path.as_slice()), (Some(Termination::Resign), &[][..]));
        assert_eq!(saved.tree.comments, [Comment { ply: 1, text: "first".into() }]);
        assert!(saved.tree.variations.is_empty());
        assert_eq!(saved.write(), text, "and is written as it was");
    }

    #[test]
    fn lines_that_do_not_fit_name_their_line() {
        let good = game("7g7f", Sides::Sente).write();
        let termination_names = Termination::ALL.map(Termination::name).to_vec();
        let cases = [
            ("variation 1 2 8c8d", SavedReason::Missing("variation")),
            ("variation 0 3 8c8d", SavedReason::Missing("variation")),
            ("variation 0 1 2g2f end 投了", SavedReason::NotOneOf { value: "投了".into(), choices: termination_names }),
            ("variation 0.x 1 2g2f", SavedReason::NotANumber { key: "variation", value: "0.x".into() }),
            ("variation 0 one 2g2f", SavedReason::NotANumber { key: "variation", value: "one".into() }),
            ("comment 1:1 no such line", SavedReason::NotAComment("1:1".into())),
            ("line 3", SavedReason::Missing("variation")),
            ("line 0.x", SavedReason::NotANumber { key: "line", value: "0.x".into() }),
            ("main 2g2f", SavedReason::Missing("line")),
        ];
        for (added, reason) in cases {
            let text = format!("{good}{added}\n");
            assert_eq!(SavedGame::parse(&text), Err(SavedError { line: 9, reason }), "{added}");
        }
        let error = SavedGame::parse(&format!("{good}variation 0 1 2g2f 2g2f\n")).unwrap_err();
        assert!(matches!(error.reason, SavedReason::BadMove(MoveListError { index: 1, .. })), "{error:?}");
        let with_variation = format!("{good}variation 0 1 2g2f 8c8d\ncomment 0:1 kept\nline 0\n");
        assert_eq!(
            SavedGame::parse(&with_variation).unwrap_err(),
            SavedError { line: 11, reason: SavedReason::Missing("variation") },
            "7g7f does not begin it"
        );
        let saved = SavedGame::parse(&with_variation.replace("line 0\n", "")).unwrap();
        assert_eq!(saved.tree.line_comments_at(&[0], 1).collect::<Vec<_>>(), ["kept"]);
    }

    #[test]
    fn a_review_is_kept_with_its_game() {
        let mut saved = game("7g7f 3c3d", Sides::Both);
        let review = Review::parse("300;cp 40 7g7f;cp -30 3c3d;cp 20 2g2f").unwrap();
        saved.review = Some(review);
        let text = saved.write();
        assert!(text.ends_with("\nreview 300;cp 40 7g7f;cp -30 3c3d;cp 20 2g2f\n"), "{text}");
        assert_eq!(SavedGame::parse(&text), Ok(saved.clone()));
        assert!(saved.is_game(&Position::startpos(), &saved.moves));
        // A review of other moves (one position short) is refused, named by its line.
        let short = text.replace(";cp 20 2g2f", "");
        let error = SavedGame::parse(&short).unwrap_err();
        assert_eq!((error.line, error.reason), (9, SavedReason::NotAReview));
    }

    #[test]
    fn a_resignation_is_kept() {
        let mut table = Table::new(Position::startpos(), Sides::Sente, ImpasseRule::Declaration27);
        table.play(usi::parse("7g7f").unwrap()).unwrap();
        table.resign(Color::Sente);
        let saved = SavedGame::of_table(&table, 1000, 1, 2);
        let text = saved.write();
        assert!(text.contains("\nend w resign\n"), "{text}");
        let back = SavedGame::parse(&text).unwrap();
        assert_eq!(back.table().outcome(), Some(Outcome { winner: Some(Color::Gote), reason: Reason::Resignation }));
    }

    #[test]
    fn list_round_trip_newest_first_and_bounded() {
        let mut list = Vec::new();
        for id in 0..(FINISHED_KEPT as u64 + 5) {
            assert!(add_finished(&mut list, SavedGame { id, ..game("2g2f", Sides::Both) }));
        }
        assert_eq!(list.len(), FINISHED_KEPT);
        assert_eq!(
            (list[0].id, list[FINISHED_KEPT - 1].id),
            (FINISHED_KEPT as u64 + 4, 5),
            "newest first, oldest dropped"
        );
        let again = SavedGame { id: 50, moves: Vec::new(), ..list[0].clone() };
        assert!(add_finished(&mut list, again.clone()));
        assert!(!add_finished(&mut list, SavedGame { saved: 9, ..again }), "saved again unchanged: kept as it was");
        assert_eq!((list.len(), list[0].id, list[0].moves.len()), (FINISHED_KEPT, 50, 0), "the same game is replaced");
        assert_eq!(parse_list(&write_list(&list)), Ok(list));
        assert_eq!(parse_list(&write_list(&[])), Ok(Vec::new()));
    }

    #[test]
    fn unreadable_values_name_the_line() {
        let good = game("7g7f", Sides::Sente).write();
        type Case<'a> = (&'a str, usize, fn(&SavedReason) -> bool);
        let cases: [Case; 11] = [
            ("", 1, |r| *r == SavedReason::NoHeader("shogi-game 1")),
            ("{\"moves\": []}", 1, |r| *r == SavedReason::NoHeader("shogi-game 1")),
            (
                &good.replace("moves 7g7f", "moves 7g7f 7g7f"),
                5,
                |r| matches!(r, SavedReason::BadMove(b) if b.index == 1),
            ),
            (&good.replace("side b", "side x"), 6, |r| {
                *r == SavedReason::NotOneOf { value: "x".into(), choices: vec!["b", "w", "both", "none"] }
            }),
            (
                &good.replace("impasse 24", "impasse 25"),
                7,
                |r| matches!(r, SavedReason::NotOneOf { choices, .. } if choices == &["24", "27"]),
            ),
            (&good.replace("think 300", "think 0"), 8, |r| *r == SavedReason::NotATime("0".into())),
            (&good.replace("sfen lnsgkgsnl/", "sfen lnsgkgsnl"), 4, |r| matches!(r, SavedReason::BadSfen(_))),
            (&good.replace("impasse 24\n", ""), 7, |r| *r == SavedReason::Missing("impasse")),
            (&format!("{good}end w nonsense\n"), 9, |r| *r == SavedReason::NotAnEnd("w nonsense".into())),
            (&format!("{good}colour red\n"), 9, |r| *r == SavedReason::UnknownField("colour".into())),
            (&format!("{good}id 4\n"), 9, |r| *r == SavedReason::GivenTwice("id".into())),
        ];
        for (text, line, expected) in cases {
            let err = SavedGame::parse(text).unwrap_err();
            assert_eq!(err.line, line, "{err:?} for {text:?}");
            assert!(expected(&err.reason), "{err:?} for {text:?}");
        }
        let list = write_list(&[game("7g7f", Sides::Sente)]).replace("saved 1763780123456", "saved soon");
        assert_eq!(
            parse_list(&list),
            Err(SavedError { line: 5, reason: SavedReason::NotANumber { key: "saved", value: "soon".into() } })
        );
        assert_eq!(parse_list("shogi-game 1\n").unwrap_err().reason, SavedReason::NoHeader("shogi-games 1"));
    }

    #[test]
    fn moves_after_the_end_are_refused() {
        // After mate no move is legal.
        let text = "shogi-game 1\nid 1\nsaved 2\nsfen 7nk/9/8G/9/9/9/9/9/4K4 b G 1\nmoves G*1b 2a3c\nside both\nimpasse 27\nthink 100\n";
        let err = SavedGame::parse(text).unwrap_err();
        assert!(
            matches!(err, SavedError { line: 5, reason: SavedReason::BadMove(MoveListError { index: 1, .. }) }),
            "{err:?}"
        );
        // After a fourfold repetition the position allows the move, the game does not.
        assert_eq!(
            SavedGame::parse(&repeated_thrice_and("2h3h")),
            Err(SavedError { line: 5, reason: SavedReason::AfterEnd(13) })
        );
    }

    /// A stored game whose rooks go back and forth until the start position comes a fourth
    /// time (a draw), then `more`.
    pub(in crate::ui::model) fn repeated_thrice_and(more: &str) -> String {
        let moves = format!("{} {more}", ["2h3h 8b7b 3h2h 7b8b"; 3].join(" "));
        format!(
            "shogi-game 1\nid 1\nsaved 2\nsfen {}\nmoves {moves}\nside both\nimpasse 27\nthink 100\n",
            sfen::STARTPOS
        )
    }

    #[test]
    fn never_panics_on_mangled_text() {
        let good = write_list(&[game("7g7f 3c3d", Sides::Both), game("2g2f", Sides::None)]);
        for cut in 0..good.len() {
            if good.is_char_boundary(cut) {
                let _ = parse_list(&good[..cut]);
                let _ = SavedGame::parse(&good[cut..]);
            }
        }
        for junk in ["shogi-game 1\nid\n", "shogi-game 1\nend\n", "\u{0}\u{ffff}", "shogi-games 1\nshogi-game 1"] {
            let _ = parse_list(junk);
            let _ = SavedGame::parse(junk);
        }
    }
}
