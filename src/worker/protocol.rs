//! The messages between the page and the engine worker. Both sides hold moves as
//! `Move` and the game as its start position plus the moves played since, so the worker
//! can rebuild the game's history for the repetition rules.
//!
//! Each message crosses as one line of text: a tag, then tab-separated fields; the start
//! position is its SFEN, a list of moves is one field of space-separated USI moves, a score
//! is `cp 42` or `mate -3` as in USI. Reading a request checks its moves are legal from its
//! start; a reply's moves are read as spelled, and the page checks the one it plays against
//! its game. Written by hand rather than through serde: the messages are few and flat, and
//! serde's generic code (with its error paths' formatting) cost both wasm files about
//! 14 KB each.

use std::fmt;
use std::str::FromStr;

use crate::engine::{Line, Score};
use crate::notation::sfen;
use crate::notation::usi::{self, PositionCommand, PositionCommandError};
use crate::rules::{Color, ImpasseRule, Move, Ply, Position};
use crate::tsume::{Judgement, MissedMate};

/// From the page to the worker.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Search {
        id: u32,
        /// The game's start position and its moves; the search root is the position after them.
        game: PositionCommand,
        /// The time to answer in, counted from `waiting_since_ms`.
        time_ms: u32,
        /// When the person's wait began (at the action of theirs that led to the search, or
        /// the page's request if none did), in ms since the Unix epoch: the time that passed
        /// before the search starts (the page drawing their move, a worker still starting,
        /// its queue) comes off the budget.
        waiting_since_ms: u64,
        /// The app's level (`engine::Strength::level`), 0 for best play with no randomness.
        level: usize,
        /// The game's impasse rule, which decides when the engine may declare a win.
        impasse_rule: ImpasseRule,
    },
    /// Studies the game's position until the page stops the worker: the best `lines` moves,
    /// reported after each iteration and several times a second in between.
    Analyse { id: u32, game: PositionCommand, lines: usize, impasse_rule: ImpasseRule },
    /// Judges a learner's move in a mating problem (`tsume::judge`): `position` has the
    /// attacker to move, and the mate must end within `plies_left` plies counting the move.
    Judge { id: u32, position: Position, plies_left: u8, attacker_move: Move },
    /// The shortest mate from `position` (the attacker to move) within `max_plies`, and its main line.
    Solve { id: u32, position: Position, max_plies: u8 },
    /// The mates within `max_plies` that `side` missed in `game` (`tsume::missed_mates`).
    MissedMates { id: u32, game: PositionCommand, side: Color, max_plies: u8 },
}

/// The solver's answer to a `Solve` request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mate {
    /// The main line of the shortest mate.
    Line(Vec<Move>),
    /// No mate within the plies asked.
    None,
    /// The solver gave up at its node limit.
    Undecided,
}

/// From the worker to the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// Sent once the worker's wasm runs: messages posted before would be lost.
    Ready,
    /// The learned evaluation's weights the page sent could not be read (the reason): the
    /// engine keeps its built-in evaluation.
    WeightsRefused {
        reason: String,
    },
    /// After each completed iteration (and during an analysis, every so often): its depth, the
    /// nodes searched so far, and the best lines, best first.
    Info {
        id: u32,
        depth: u32,
        nodes: u64,
        time_ms: u64,
        lines: Vec<Line>,
    },
    /// The search's answer; `best` is `None` when there is no legal move.
    Done {
        id: u32,
        best: Option<Move>,
        declare_win: bool,
        score: Score,
        depth: u32,
    },
    /// The verdict on a `Judge` request's move; `None` when the solver gave up at its node limit.
    Judged {
        id: u32,
        judgement: Option<Judgement>,
    },
    Solved {
        id: u32,
        mate: Mate,
    },
    Missed {
        id: u32,
        found: Vec<MissedMate>,
    },
    /// A request that gets no answer, with the reason: the worker could not read it (its id
    /// then 0), or (said by the page's broker) the worker failed on it or could not start.
    Error {
        id: u32,
        reason: String,
    },
}

/// A message that could not be read: which field, and the text found there (`None`: missing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError {
    pub field: &'static str,
    pub found: Option<String>,
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.found {
            Some(text) => write!(f, "message field {}: cannot read `{text}`", self.field),
            None => write!(f, "message field {} is missing", self.field),
        }
    }
}

/// The space-separated USI moves of one field.
fn moves_field(moves: &[Move]) -> String {
    usi::write_moves(moves, " ")
}

/// A move as spelled in USI; whether it is legal is for the side that knows the position.
fn read_move(field: &'static str, text: &str) -> Result<Move, ProtocolError> {
    usi::parse(text).map_err(|_| ProtocolError { field, found: Some(text.to_string()) })
}

/// Reads a message's fields in order.
struct Fields<'a> {
    rest: Option<&'a str>,
}

impl<'a> Fields<'a> {
    fn new(text: &'a str) -> Fields<'a> {
        Fields { rest: Some(text) }
    }

    fn text(&mut self, field: &'static str) -> Result<&'a str, ProtocolError> {
        let rest = self.rest.ok_or(ProtocolError { field, found: None })?;
        let (text, after) = match rest.split_once('\t') {
            Some((text, after)) => (text, Some(after)),
            None => (rest, None),
        };
        self.rest = after;
        Ok(text)
    }

    /// Everything left, tabs included (a free-text last field).
    fn remainder(&mut self, field: &'static str) -> Result<&'a str, ProtocolError> {
        self.rest.take().ok_or(ProtocolError { field, found: None })
    }

    fn value<T: FromStr>(&mut self, field: &'static str) -> Result<T, ProtocolError> {
        let text = self.text(field)?;
        text.parse().map_err(|_| ProtocolError { field, found: Some(text.to_string()) })
    }

    fn moves(&mut self, field: &'static str) -> Result<Vec<Move>, ProtocolError> {
        self.text(field)?.split(' ').filter(|m| !m.is_empty()).map(|m| read_move(field, m)).collect()
    }

    /// The start position (`sfen`) and the moves played from it (`moves`), each legal where it
    /// is played.
    fn game(&mut self) -> Result<PositionCommand, ProtocolError> {
        let start = self.text("sfen")?;
        let moves = self.text("moves")?;
        let words: Vec<&str> = ["sfen"]
            .into_iter()
            .chain(start.split_whitespace())
            .chain(["moves"])
            .chain(moves.split_whitespace())
            .collect();
        usi::parse_position_command(&words).map_err(|error| match error {
            PositionCommandError::Move { word, .. } => {
                ProtocolError { field: "moves", found: Some(words[word].to_string()) }
            }
            PositionCommandError::Sfen { .. } | PositionCommandError::NotMoves { .. } => {
                ProtocolError { field: "sfen", found: Some(start.to_string()) }
            }
        })
    }

    /// One line or more, each a score and its moves, to the end of the message.
    fn lines(&mut self) -> Result<Vec<Line>, ProtocolError> {
        let mut lines = Vec::new();
        while lines.is_empty() || self.rest.is_some() {
            lines.push(Line { score: self.value("score")?, pv: self.moves("pv")? });
        }
        Ok(lines)
    }

    fn position(&mut self, field: &'static str) -> Result<Position, ProtocolError> {
        let text = self.text(field)?;
        sfen::parse_position(text).map_err(|_| ProtocolError { field, found: Some(text.to_string()) })
    }

    fn a_move(&mut self, field: &'static str) -> Result<Move, ProtocolError> {
        read_move(field, self.text(field)?)
    }

    /// A move, or `-` for none.
    fn maybe_move(&mut self, field: &'static str) -> Result<Option<Move>, ProtocolError> {
        match self.text(field)? {
            "-" => Ok(None),
            text => read_move(field, text).map(Some),
        }
    }

    fn judgement(&mut self) -> Result<Option<Judgement>, ProtocolError> {
        Ok(Some(match self.text("judgement")? {
            "mates" => Judgement::Mates { reply: self.maybe_move("reply")?, mate_in: self.value("mate_in")? },
            "refuted" => Judgement::Refuted { reply: self.a_move("reply")? },
            "not-check" => Judgement::NotCheck,
            "illegal" => Judgement::Illegal,
            "undecided" => return Ok(None),
            other => return Err(ProtocolError { field: "judgement", found: Some(other.to_string()) }),
        }))
    }

    fn mate(&mut self) -> Result<Mate, ProtocolError> {
        match self.text("mate")? {
            "line" => Ok(Mate::Line(self.moves("line")?)),
            "none" => Ok(Mate::None),
            "undecided" => Ok(Mate::Undecided),
            other => Err(ProtocolError { field: "mate", found: Some(other.to_string()) }),
        }
    }

    fn side(&mut self, field: &'static str) -> Result<Color, ProtocolError> {
        match self.text(field)? {
            "b" => Ok(Color::Sente),
            "w" => Ok(Color::Gote),
            other => Err(ProtocolError { field, found: Some(other.to_string()) }),
        }
    }

    /// Space-separated `ply:plies` pairs.
    fn missed(&mut self) -> Result<Vec<MissedMate>, ProtocolError> {
        let text = self.text("found")?;
        let bad = || ProtocolError { field: "found", found: Some(text.to_string()) };
        text.split(' ')
            .filter(|w| !w.is_empty())
            .map(|pair| {
                let (ply, plies) = pair.split_once(':').ok_or_else(bad)?;
                Ok(MissedMate { ply: ply.parse().map_err(|_| bad())?, plies: plies.parse().map_err(|_| bad())? })
            })
            .collect()
    }

    fn impasse_rule(&mut self, field: &'static str) -> Result<ImpasseRule, ProtocolError> {
        let text = self.text(field)?;
        ImpasseRule::from_name(text).ok_or_else(|| ProtocolError { field, found: Some(text.to_string()) })
    }

    fn flag(&mut self, field: &'static str) -> Result<bool, ProtocolError> {
        match self.text(field)? {
            "0" => Ok(false),
            "1" => Ok(true),
            other => Err(ProtocolError { field, found: Some(other.to_string()) }),
        }
    }

    /// The message ends here: a field more means it was not what it claimed to be.
    fn end(self) -> Result<(), ProtocolError> {
        match self.rest {
            None => Ok(()),
            Some(extra) => Err(ProtocolError { field: "end", found: Some(extra.to_string()) }),
        }
    }
}

impl Reply {
    /// The request this replies to (`Ready` replies to none).
    pub fn id(&self) -> Option<u32> {
        match self {
            Reply::Ready | Reply::WeightsRefused { .. } => None,
            Reply::Info { id, .. }
            | Reply::Done { id, .. }
            | Reply::Judged { id, .. }
            | Reply::Solved { id, .. }
            | Reply::Missed { id, .. }
            | Reply::Error { id, .. } => Some(*id),
        }
    }

    /// Whether this is the request's last reply: the worker is free for the next one.
    pub fn is_last(&self) -> bool {
        !matches!(self, Reply::Ready | Reply::WeightsRefused { .. } | Reply::Info { .. })
    }
}

impl Request {
    pub fn encode(&self) -> String {
        match self {
            Request::Search { id, game, time_ms, waiting_since_ms, level, impasse_rule } => {
                let game = game_fields(game);
                let rule = impasse_rule.name();
                format!("search\t{id}\t{game}\t{time_ms}\t{waiting_since_ms}\t{level}\t{rule}")
            }
            Request::Analyse { id, game, lines, impasse_rule } => {
                format!("analyse\t{id}\t{}\t{lines}\t{}", game_fields(game), impasse_rule.name())
            }
            Request::Judge { id, position, plies_left, attacker_move } => {
                format!("judge\t{id}\t{}\t{plies_left}\t{attacker_move}", sfen::write_position(position))
            }
            Request::Solve { id, position, max_plies } => {
                format!("solve\t{id}\t{}\t{max_plies}", sfen::write_position(position))
            }
            Request::MissedMates { id, game, side, max_plies } => {
                format!("missed\t{id}\t{}\t{}\t{max_plies}", game_fields(game), side.sfen_char())
            }
        }
    }

    pub fn decode(text: &str) -> Result<Request, ProtocolError> {
        let mut fields = Fields::new(text);
        let request = match fields.text("tag")? {
            "search" => Request::Search {
                id: fields.value("id")?,
                game: fields.game()?,
                time_ms: fields.value("time_ms")?,
                waiting_since_ms: fields.value("waiting_since_ms")?,
                level: fields.value("level")?,
                impasse_rule: fields.impasse_rule("impasse_rule")?,
            },
            "analyse" => Request::Analyse {
                id: fields.value("id")?,
                game: fields.game()?,
                lines: fields.value("lines")?,
                impasse_rule: fields.impasse_rule("impasse_rule")?,
            },
            "judge" => Request::Judge {
                id: fields.value("id")?,
                position: fields.position("position")?,
                plies_left: fields.value("plies_left")?,
                attacker_move: fields.a_move("attacker_move")?,
            },
            "solve" => Request::Solve {
                id: fields.value("id")?,
                position: fields.position("position")?,
                max_plies: fields.value("max_plies")?,
            },
            "missed" => Request::MissedMates {
                id: fields.value("id")?,
                game: fields.game()?,
                side: fields.side("side")?,
                max_plies: fields.value("max_plies")?,
            },
            tag => return Err(ProtocolError { field: "tag", found: Some(tag.to_string()) }),
        };
        fields.end()?;
        Ok(request)
    }
}

/// A game as two fields: its start position's SFEN, then its moves.
fn game_fields(game: &PositionCommand) -> String {
    format!("{}\t{}", sfen::write_position(&game.start), moves_field(&game.moves))
}

impl Reply {
    pub fn encode(&self) -> String {
        match self {
            Reply::Ready => "ready".to_string(),
            Reply::WeightsRefused { reason } => format!("weights-refused\t{reason}"),
            Reply::Info { id, depth, nodes, time_ms, lines } => {
                let lines: String =
                    lines.iter().map(|line| format!("\t{}\t{}", line.score, moves_field(&line.pv))).collect();
                format!("info\t{id}\t{depth}\t{nodes}\t{time_ms}{lines}")
            }
            Reply::Done { id, best, declare_win, score, depth } => {
                let best = best.map_or("-".to_string(), |m| m.to_string());
                format!("done\t{id}\t{best}\t{}\t{score}\t{depth}", u8::from(*declare_win))
            }
            Reply::Judged { id, judgement } => {
                let judgement = match judgement {
                    Some(Judgement::Mates { reply, mate_in }) => {
                        format!("mates\t{}\t{mate_in}", reply.map_or("-".to_string(), |m| m.to_string()))
                    }
                    Some(Judgement::Refuted { reply }) => format!("refuted\t{reply}"),
                    Some(Judgement::NotCheck) => "not-check".to_string(),
                    Some(Judgement::Illegal) => "illegal".to_string(),
                    None => "undecided".to_string(),
                };
                format!("judged\t{id}\t{judgement}")
            }
            Reply::Solved { id, mate } => match mate {
                Mate::Line(moves) => format!("solved\t{id}\tline\t{}", moves_field(moves)),
                Mate::None => format!("solved\t{id}\tnone"),
                Mate::Undecided => format!("solved\t{id}\tundecided"),
            },
            Reply::Missed { id, found } => {
                let found: Vec<String> = found.iter().map(|m| format!("{}:{}", m.ply, m.plies)).collect();
                format!("found\t{id}\t{}", found.join(" "))
            }
            Reply::Error { id, reason } => format!("error\t{id}\t{reason}"),
        }
    }

    pub fn decode(text: &str) -> Result<Reply, ProtocolError> {
        let mut fields = Fields::new(text);
        let reply = match fields.text("tag")? {
            "ready" => Reply::Ready,
            "weights-refused" => Reply::WeightsRefused { reason: fields.remainder("reason")?.to_string() },
            "info" => Reply::Info {
                id: fields.value("id")?,
                depth: fields.value("depth")?,
                nodes: fields.value("nodes")?,
                time_ms: fields.value("time_ms")?,
                lines: fields.lines()?,
            },
            "done" => Reply::Done {
                id: fields.value("id")?,
                best: fields.maybe_move("best")?,
                declare_win: fields.flag("declare_win")?,
                score: fields.value("score")?,
                depth: fields.value("depth")?,
            },
            "judged" => Reply::Judged { id: fields.value("id")?, judgement: fields.judgement()? },
            "solved" => Reply::Solved { id: fields.value("id")?, mate: fields.mate()? },
            "found" => Reply::Missed { id: fields.value("id")?, found: fields.missed()? },
            "error" => Reply::Error { id: fields.value("id")?, reason: fields.remainder("reason")?.to_string() },
            tag => return Err(ProtocolError { field: "tag", found: Some(tag.to_string()) }),
        };
        fields.end()?;
        Ok(reply)
    }
}

/// The search root and the positions up to it (the root last), rebuilt from a request's game.
pub fn root_of(game: &PositionCommand) -> (Position, Vec<Ply>) {
    let positions = game.positions();
    let history = positions.iter().map(Ply::of).collect();
    let root = positions.into_iter().next_back().unwrap_or_else(|| game.start.clone());
    (root, history)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::STARTPOS;

    /// A legal game: `start` (an SFEN) and the USI moves played from it.
    fn game(start: &str, moves: &str) -> PositionCommand {
        let words: Vec<&str> =
            ["sfen"].into_iter().chain(start.split(' ')).chain(["moves"]).chain(moves.split_whitespace()).collect();
        usi::parse_position_command(&words).unwrap()
    }

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace().map(|m| usi::parse(m).unwrap()).collect()
    }

    #[test]
    fn root_and_history_from_moves() {
        let (root, history) = root_of(&game(STARTPOS, "7g7f 3c3d"));
        assert_eq!(history.len(), 3);
        assert_eq!(history[2].hash, root.hash());
        assert_eq!(history[0].hash, Position::startpos().hash());
        assert_eq!(root.move_number(), 3);
    }

    #[test]
    fn a_request_writes_the_start_as_sfen_and_the_moves_in_usi() {
        let request = Request::Search {
            id: 7,
            game: game(STARTPOS, "7g7f 3c3d 8h2b+ 3a2b B*4e"),
            time_ms: 1000,
            waiting_since_ms: 5,
            level: 0,
            impasse_rule: ImpasseRule::Declaration27,
        };
        assert_eq!(request.encode(), format!("search\t7\t{STARTPOS}\t7g7f 3c3d 8h2b+ 3a2b B*4e\t1000\t5\t0\t27"));
        let reply = Reply::Done { id: 7, best: moves("P*5e").pop(), declare_win: false, score: Score::Cp(3), depth: 2 };
        assert_eq!(reply.encode(), "done\t7\tP*5e\t0\tcp 3\t2");
    }

    #[test]
    fn every_request_reads_back_as_written() {
        for request in [
            Request::Search {
                id: 7,
                game: game(STARTPOS, ""),
                time_ms: 1000,
                waiting_since_ms: 1_795_000_000_000,
                level: 0,
                impasse_rule: ImpasseRule::Declaration27,
            },
            Request::Search {
                id: 8,
                game: game(STARTPOS, "7g7f 3c3d 8h2b+ 3a2b B*4e"),
                time_ms: 20,
                waiting_since_ms: 9,
                level: 3,
                impasse_rule: ImpasseRule::Points24,
            },
            Request::Search {
                id: u32::MAX,
                game: game("7nk/9/8G/9/9/9/9/9/4K4 b G2p 12", "G*1b"),
                time_ms: 1,
                waiting_since_ms: 0,
                level: 8,
                impasse_rule: ImpasseRule::Points24,
            },
            Request::Analyse {
                id: 9,
                game: game(STARTPOS, "7g7f 3c3d"),
                lines: 3,
                impasse_rule: ImpasseRule::Declaration27,
            },
            Request::Judge {
                id: 10,
                position: sfen::parse_position("3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1").unwrap(),
                plies_left: 3,
                attacker_move: moves("S*6b")[0],
            },
            Request::Solve {
                id: 11,
                position: sfen::parse_position("3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1").unwrap(),
                max_plies: 11,
            },
            Request::MissedMates { id: 12, game: game(STARTPOS, "7g7f 3c3d"), side: Color::Gote, max_plies: 7 },
        ] {
            let text = request.encode();
            assert!(!text.contains('\n'), "{text}");
            assert_eq!(Request::decode(&text), Ok(request));
        }
    }

    #[test]
    fn a_request_is_refused_at_its_first_move_that_is_not_legal_there() {
        let read = |moves: &str| Request::decode(&format!("search\t1\t{STARTPOS}\t{moves}\t10\t0\t0\t27"));
        let refused = |found: &str| Err(ProtocolError { field: "moves", found: Some(found.to_string()) });
        assert_eq!(read("7g7f 3c3d 7g7f"), refused("7g7f"), "no piece there any more");
        assert_eq!(read("7g7f 2c2d 8h2b"), refused("8h2b"), "the bishop's way is closed by the pawn on 3c");
        assert_eq!(read("7g7f 3c3d 8h2b+ 3a2b R*5e"), refused("R*5e"), "no rook in hand, only the bishop");
        assert_eq!(read("7g7f 7g"), refused("7g"), "not a move");
        let bad_start = Request::decode("search\t1\tlnsgkgsnl/9 b - 1\t\t10\t0\t0\t27");
        assert_eq!(bad_start, Err(ProtocolError { field: "sfen", found: Some("lnsgkgsnl/9 b - 1".into()) }));
    }

    #[test]
    fn every_reply_reads_back_as_written() {
        for reply in [
            Reply::Ready,
            Reply::Info {
                id: 3,
                depth: 9,
                nodes: 1 << 40,
                time_ms: 2999,
                lines: vec![Line { score: Score::Cp(-42), pv: moves("7g7f 3c3d P*5e 2b8h+") }],
            },
            Reply::Info {
                id: 3,
                depth: 1,
                nodes: 0,
                time_ms: 0,
                lines: vec![Line { score: Score::Mate(5), pv: vec![] }],
            },
            Reply::Info {
                id: 6,
                depth: 20,
                nodes: 12_345,
                time_ms: 250,
                lines: vec![
                    Line { score: Score::Mate(3), pv: moves("G*5b 5a4a 5b4b") },
                    Line { score: Score::Cp(1200), pv: moves("G*4b") },
                    Line { score: Score::Cp(-7), pv: moves("P*5b 5a5b") },
                ],
            },
            Reply::Done { id: 4, best: moves("8h2b+").pop(), declare_win: false, score: Score::Mate(-2), depth: 12 },
            Reply::Done { id: 5, best: None, declare_win: true, score: Score::Cp(0), depth: 0 },
            Reply::Error { id: 0, reason: "message field sfen: cannot read `x\ty`".into() },
            Reply::WeightsRefused { reason: "not a weights file".into() },
            Reply::Judged { id: 6, judgement: Some(Judgement::Mates { reply: moves("5d4c").pop(), mate_in: 5 }) },
            Reply::Judged { id: 6, judgement: Some(Judgement::Mates { reply: None, mate_in: 0 }) },
            Reply::Judged { id: 6, judgement: Some(Judgement::Refuted { reply: moves("6a6b").pop().unwrap() }) },
            Reply::Judged { id: 6, judgement: Some(Judgement::NotCheck) },
            Reply::Judged { id: 6, judgement: Some(Judgement::Illegal) },
            Reply::Judged { id: 6, judgement: None },
            Reply::Solved { id: 7, mate: Mate::Line(moves("G*5e 5d4c G*4d")) },
            Reply::Solved { id: 7, mate: Mate::None },
            Reply::Solved { id: 7, mate: Mate::Undecided },
            Reply::Missed { id: 8, found: vec![] },
            Reply::Missed { id: 8, found: vec![MissedMate { ply: 0, plies: 1 }, MissedMate { ply: 41, plies: 7 }] },
        ] {
            assert_eq!(Reply::decode(&reply.encode()), Ok(reply));
        }
    }

    #[test]
    fn a_request_hears_reports_until_its_last_reply() {
        let info = Reply::Info { id: 3, depth: 1, nodes: 0, time_ms: 0, lines: vec![] };
        assert_eq!((info.id(), info.is_last()), (Some(3), false));
        let judged = Reply::Judged { id: 6, judgement: None };
        assert_eq!((judged.id(), judged.is_last()), (Some(6), true));
        let error = Reply::Error { id: 0, reason: String::new() };
        assert_eq!((error.id(), error.is_last()), (Some(0), true));
        assert_eq!((Reply::Ready.id(), Reply::Ready.is_last()), (None, false));
        let refused = Reply::WeightsRefused { reason: String::new() };
        assert_eq!((refused.id(), refused.is_last()), (None, false));
    }

    #[test]
    fn malformed_messages_are_refused_naming_the_field() {
        fn field<T: fmt::Debug>(read: Result<T, ProtocolError>) -> &'static str {
            read.expect_err("refused").field
        }
        let search = |fields: &str| Request::decode(&format!("search\t1\t{STARTPOS}\t{fields}"));
        assert_eq!(field(Request::decode("")), "tag");
        assert_eq!(field(Reply::decode("")), "tag");
        assert_eq!(field(Request::decode("ready")), "tag");
        assert_eq!(field(Reply::decode("bestmove 7g7f")), "tag");
        assert_eq!(field(Request::decode("search")), "id");
        assert_eq!(field(Request::decode(&format!("search\t-1\t{STARTPOS}\t\t10\t0"))), "id");
        assert_eq!(field(Request::decode("search\t1")), "sfen");
        assert_eq!(field(Request::decode(&format!("search\t1\t{STARTPOS}"))), "moves");
        assert_eq!(field(search("\tlong\t0")), "time_ms");
        assert_eq!(field(search("\t10")), "waiting_since_ms");
        assert_eq!(field(search("\t10\t-5\t0")), "waiting_since_ms");
        assert_eq!(field(search("\t10\t5")), "level");
        assert_eq!(field(search("\t10\t5\t0")), "impasse_rule");
        assert_eq!(field(search("\t10\t5\t0\t26")), "impasse_rule");
        assert_eq!(field(search("\t10\t5\t0\t24\textra")), "end");
        assert_eq!(field(Reply::decode("info\t1\t2\t5\t0")), "score");
        assert_eq!(field(Reply::decode("info\t1\t2\t5\t0\tpawns 3\t")), "score");
        assert_eq!(field(Reply::decode("info\t1\t2\t0.5\t0\tcp 3\t")), "nodes");
        assert_eq!(field(Reply::decode("info\t1\t2\t5\t0\tcp 3")), "pv");
        assert_eq!(field(Reply::decode("info\t1\t2\t5\t0\tcp 3\t7g7f 7g7")), "pv");
        assert_eq!(field(Reply::decode("info\t1\t2\t5\t0\tcp 3\t7g7f\tcp 1")), "pv");
        assert_eq!(field(Request::decode(&format!("analyse\t1\t{STARTPOS}\t\tthree\t27"))), "lines");
        assert_eq!(field(Request::decode(&format!("analyse\t1\t{STARTPOS}\t\t3"))), "impasse_rule");
        assert_eq!(field(Reply::decode("done\t1\tresign\t0\tcp 0\t1")), "best");
        assert_eq!(field(Reply::decode("done\t1\t-\tyes\tcp 0\t1")), "declare_win");
        assert_eq!(field(Reply::decode("done\t1\t-\t0\tcp 0")), "depth");
        assert_eq!(field(Reply::decode("error\t1")), "reason");
        assert_eq!(field(Request::decode("judge\t1\t9/9 b - 1\t3\tS*6b")), "position");
        assert_eq!(field(Reply::decode("judged\t1\tmaybe")), "judgement");
        assert_eq!(field(Reply::decode("judged\t1\tmates\t-")), "mate_in");
        assert_eq!(field(Reply::decode("solved\t1\tline\t7g7")), "line");
        assert_eq!(field(Request::decode(&format!("missed\t1\t{STARTPOS}\t\tx\t7"))), "side");
        assert_eq!(field(Reply::decode("found\t1\t3:1 4")), "found");
        assert_eq!(field(Reply::decode("ready\t")), "end");
        assert_eq!(
            Reply::decode("info\t1\t2\tmany").unwrap_err().to_string(),
            "message field nodes: cannot read `many`"
        );
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_or_refused_without_panic(text in "(search|analyse|judge|solve|missed|ready|info|done|judged|solved|found|error|)(\t[-a-z0-9 +*/]{0,6}){0,8}") {
            let _ = Request::decode(&text);
            let _ = Reply::decode(&text);
        }
    }
}
