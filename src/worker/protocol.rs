//! The messages between the page and the engine worker. Moves travel as USI
//! text and positions as SFEN plus the moves played since, so the worker can
//! rebuild the game's history for the repetition rules.
//!
//! Each message crosses as one line of text: a tag, then tab-separated fields; a list of
//! moves is one field of space-separated USI moves, a score is `cp 42` or `mate -3` as in
//! USI. Written by hand rather than through serde: the messages are few and flat, and
//! serde's generic code (with its error paths' formatting) cost both wasm files about
//! 14 KB each.

use std::fmt;
use std::str::FromStr;

use crate::engine::Score;
use crate::notation::usi;
use crate::rules::ImpasseRule;

/// From the page to the worker.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Search {
        id: u32,
        /// The game's start position and its moves; the search root is the position after them.
        sfen: String,
        moves: Vec<String>,
        time_ms: u32,
        /// When the page asked, in ms since the Unix epoch: the time the request waited (for
        /// a worker still starting, or in its queue) comes off the budget.
        asked_at_ms: u64,
        /// Random bonus per root move in centipawns (weak levels), 0 for best play.
        randomness: i32,
        /// The game's impasse rule, which decides when the engine may declare a win.
        impasse_rule: ImpasseRule,
    },
}

/// From the worker to the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// Sent once the worker's wasm runs: messages posted before would be lost.
    Ready,
    /// After each completed iteration.
    Info { id: u32, depth: u32, score: Score, nodes: u64, time_ms: u64, pv: Vec<String> },
    /// The search's answer; `best` is `None` when there is no legal move.
    Done { id: u32, best: Option<String>, declare_win: bool, score: Score, depth: u32 },
    /// A request the worker could not read (names the reason).
    Error { id: u32, reason: String },
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

/// The space-separated moves of one field.
fn moves_field(moves: &[String]) -> String {
    moves.join(" ")
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

    fn moves(&mut self, field: &'static str) -> Result<Vec<String>, ProtocolError> {
        Ok(self.text(field)?.split(' ').filter(|m| !m.is_empty()).map(String::from).collect())
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

impl Request {
    pub fn encode(&self) -> String {
        let Request::Search { id, sfen, moves, time_ms, asked_at_ms, randomness, impasse_rule } = self;
        let rule = impasse_rule.name();
        format!("search\t{id}\t{sfen}\t{}\t{time_ms}\t{asked_at_ms}\t{randomness}\t{rule}", moves_field(moves))
    }

    pub fn decode(text: &str) -> Result<Request, ProtocolError> {
        let mut fields = Fields::new(text);
        let tag = fields.text("tag")?;
        if tag != "search" {
            return Err(ProtocolError { field: "tag", found: Some(tag.to_string()) });
        }
        let request = Request::Search {
            id: fields.value("id")?,
            sfen: fields.text("sfen")?.to_string(),
            moves: fields.moves("moves")?,
            time_ms: fields.value("time_ms")?,
            asked_at_ms: fields.value("asked_at_ms")?,
            randomness: fields.value("randomness")?,
            impasse_rule: fields.impasse_rule("impasse_rule")?,
        };
        fields.end()?;
        Ok(request)
    }
}

impl Reply {
    pub fn encode(&self) -> String {
        match self {
            Reply::Ready => "ready".to_string(),
            Reply::Info { id, depth, score, nodes, time_ms, pv } => {
                format!("info\t{id}\t{depth}\t{score}\t{nodes}\t{time_ms}\t{}", moves_field(pv))
            }
            Reply::Done { id, best, declare_win, score, depth } => {
                let best = best.as_deref().unwrap_or("-");
                format!("done\t{id}\t{best}\t{}\t{score}\t{depth}", u8::from(*declare_win))
            }
            Reply::Error { id, reason } => format!("error\t{id}\t{reason}"),
        }
    }

    pub fn decode(text: &str) -> Result<Reply, ProtocolError> {
        let mut fields = Fields::new(text);
        let reply = match fields.text("tag")? {
            "ready" => Reply::Ready,
            "info" => Reply::Info {
                id: fields.value("id")?,
                depth: fields.value("depth")?,
                score: fields.value("score")?,
                nodes: fields.value("nodes")?,
                time_ms: fields.value("time_ms")?,
                pv: fields.moves("pv")?,
            },
            "done" => Reply::Done {
                id: fields.value("id")?,
                best: Some(fields.text("best")?).filter(|best| *best != "-").map(String::from),
                declare_win: fields.flag("declare_win")?,
                score: fields.value("score")?,
                depth: fields.value("depth")?,
            },
            "error" => Reply::Error { id: fields.value("id")?, reason: fields.remainder("reason")?.to_string() },
            tag => return Err(ProtocolError { field: "tag", found: Some(tag.to_string()) }),
        };
        fields.end()?;
        Ok(reply)
    }
}

/// The search root and the positions up to it (the root last), rebuilt from a request.
pub fn root_of(
    start: &str,
    moves: &[String],
) -> Result<(crate::rules::Position, Vec<crate::engine::HistoryEntry>), String> {
    let words: Vec<&str> = ["sfen"]
        .into_iter()
        .chain(start.split_whitespace())
        .chain(["moves"])
        .chain(moves.iter().map(String::as_str))
        .collect();
    let command = usi::parse_position_command(&words).map_err(|e| e.to_string())?;
    let positions = command.positions();
    let history = positions.iter().map(crate::engine::HistoryEntry::of).collect();
    let root = positions.into_iter().next_back().unwrap_or(command.start);
    Ok((root, history))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen;

    #[test]
    fn root_and_history_from_moves() {
        let moves = ["7g7f", "3c3d"].map(String::from);
        let (root, history) = root_of(sfen::STARTPOS, &moves).unwrap();
        assert_eq!(history.len(), 3);
        assert_eq!(history[2].hash, root.hash());
        assert_eq!(history[0].hash, crate::rules::Position::startpos().hash());
        assert_eq!(root.move_number(), 3);
        assert!(root_of(sfen::STARTPOS, &["7g7e".to_string()]).unwrap_err().contains("7g7e"));
    }

    fn moves(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn every_request_reads_back_as_written() {
        for request in [
            Request::Search {
                id: 7,
                sfen: sfen::STARTPOS.into(),
                moves: vec![],
                time_ms: 1000,
                asked_at_ms: 1_795_000_000_000,
                randomness: 0,
                impasse_rule: ImpasseRule::Declaration27,
            },
            Request::Search {
                id: u32::MAX,
                sfen: "7nk/9/8G/9/9/9/9/9/4K4 b G2p 12".into(),
                moves: moves("G*1b 7g7f 8h2b+"),
                time_ms: 1,
                asked_at_ms: 0,
                randomness: -30,
                impasse_rule: ImpasseRule::Points24,
            },
        ] {
            let text = request.encode();
            assert!(!text.contains('\n'), "{text}");
            assert_eq!(Request::decode(&text), Ok(request));
        }
    }

    #[test]
    fn every_reply_reads_back_as_written() {
        for reply in [
            Reply::Ready,
            Reply::Info {
                id: 3,
                depth: 9,
                score: Score::Cp(-42),
                nodes: 1 << 40,
                time_ms: 2999,
                pv: moves("7g7f 3c3d P*5e"),
            },
            Reply::Info { id: 3, depth: 1, score: Score::Mate(5), nodes: 0, time_ms: 0, pv: vec![] },
            Reply::Done { id: 4, best: Some("8h2b+".into()), declare_win: false, score: Score::Mate(-2), depth: 12 },
            Reply::Done { id: 5, best: None, declare_win: true, score: Score::Cp(0), depth: 0 },
            Reply::Error { id: 0, reason: "message field sfen: cannot read `x\ty`".into() },
        ] {
            assert_eq!(Reply::decode(&reply.encode()), Ok(reply));
        }
    }

    #[test]
    fn malformed_messages_are_refused_naming_the_field() {
        fn field<T: fmt::Debug>(read: Result<T, ProtocolError>) -> &'static str {
            read.expect_err("refused").field
        }
        assert_eq!(field(Request::decode("")), "tag");
        assert_eq!(field(Reply::decode("")), "tag");
        assert_eq!(field(Request::decode("ready")), "tag");
        assert_eq!(field(Reply::decode("bestmove 7g7f")), "tag");
        assert_eq!(field(Request::decode("search")), "id");
        assert_eq!(field(Request::decode("search\t-1\tsfen\t\t10\t0")), "id");
        assert_eq!(field(Request::decode("search\t1\tsfen\t\tlong\t0")), "time_ms");
        assert_eq!(field(Request::decode("search\t1\tsfen\t\t10")), "asked_at_ms");
        assert_eq!(field(Request::decode("search\t1\tsfen\t\t10\t-5\t0")), "asked_at_ms");
        assert_eq!(field(Request::decode("search\t1\tsfen\t\t10\t5")), "randomness");
        assert_eq!(field(Request::decode("search\t1\tsfen\t\t10\t5\t0")), "impasse_rule");
        assert_eq!(field(Request::decode("search\t1\tsfen\t\t10\t5\t0\t26")), "impasse_rule");
        assert_eq!(field(Request::decode("search\t1\tsfen\t\t10\t5\t0\t24\textra")), "end");
        assert_eq!(field(Reply::decode("info\t1\t2\tcp")), "score");
        assert_eq!(field(Reply::decode("info\t1\t2\tpawns 3\t0\t0\t")), "score");
        assert_eq!(field(Reply::decode("info\t1\t2\tcp 3\t0.5\t0\t")), "nodes");
        assert_eq!(field(Reply::decode("info\t1\t2\tcp 3\t5\t0")), "pv");
        assert_eq!(field(Reply::decode("done\t1\t-\tyes\tcp 0\t1")), "declare_win");
        assert_eq!(field(Reply::decode("done\t1\t-\t0\tcp 0")), "depth");
        assert_eq!(field(Reply::decode("error\t1")), "reason");
        assert_eq!(field(Reply::decode("ready\t")), "end");
        assert_eq!(
            Reply::decode("info\t1\t2\tcp 3\tmany").unwrap_err().to_string(),
            "message field nodes: cannot read `many`"
        );
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_or_refused_without_panic(text in "(search|ready|info|done|error|)(\t[-a-z0-9 +*]{0,6}){0,8}") {
            let _ = Request::decode(&text);
            let _ = Reply::decode(&text);
        }
    }
}
