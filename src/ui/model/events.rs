//! What an embedded board tells the page around it (SPEC §4, README "Embed it in your
//! page"): each move played, the end of the game, a problem solved or failed, and the page's
//! height. The messages and when the game's are due are decided here, so they are tested
//! natively; `embed.rs` posts them.

use crate::notation::sfen;

use crate::ui::model::table::{result_name, Table};

/// One message to the host page, as [`HostEvent::wire`] writes it.
#[derive(Clone, PartialEq, Debug)]
pub enum HostEvent {
    /// A move was played: the game's ply after it (1 = the first move), the move in USI,
    /// and the position after it.
    Move { ply: usize, usi: String, sfen: String },
    /// The game ended: SPEC §3's `data-result` and `data-reason` values.
    GameOver { result: &'static str, reason: &'static str },
    /// The learner mated in a problem (`mode=problem`).
    Solved,
    /// A move of the learner's was refused in a problem, or they saw the solution.
    Failed,
    /// The page's height in CSS pixels: the board is as wide as the frame and as tall as
    /// that width makes it, so only the host can size the frame.
    Size { height: f64 },
}

/// A field's value in a message.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum WireValue<'a> {
    Number(f64),
    Text(&'a str),
}

impl HostEvent {
    /// The message's `type` and its other fields, by the names the host page reads.
    pub fn wire(&self) -> (&'static str, Vec<(&'static str, WireValue<'_>)>) {
        use WireValue::{Number, Text};
        match self {
            HostEvent::Move { ply, usi, sfen } => {
                ("shogi:move", vec![("ply", Number(*ply as f64)), ("usi", Text(usi)), ("sfen", Text(sfen))])
            }
            HostEvent::GameOver { result, reason } => {
                ("shogi:gameover", vec![("result", Text(result)), ("reason", Text(reason))])
            }
            HostEvent::Solved => ("shogi:solved", Vec::new()),
            HostEvent::Failed => ("shogi:failed", Vec::new()),
            HostEvent::Size { height } => ("shogi:size", vec![("height", Number(*height))]),
        }
    }
}

/// How much of the game the host page has been told.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Told {
    ply: usize,
    over: bool,
}

impl Told {
    /// The game as the page opened it: a game given by the URL is not news.
    pub fn now(table: &Table) -> Told {
        Told { ply: table.ply(), over: table.outcome().is_some() }
    }
}

/// The events since `told`, and what the host knows after them. Moves taken back are
/// forgotten, so a move played again after undo is told again.
pub fn news(table: &Table, told: Told) -> (Vec<HostEvent>, Told) {
    let moves = table.moves();
    let mut events: Vec<HostEvent> = (told.ply.min(moves.len())..moves.len())
        .map(|i| HostEvent::Move {
            ply: i + 1,
            usi: moves[i].to_string(),
            sfen: sfen::write_position(table.position_at(i + 1)),
        })
        .collect();
    let outcome = table.outcome();
    if let Some(outcome) = outcome.filter(|_| !told.over) {
        events.push(HostEvent::GameOver { result: result_name(outcome), reason: outcome.reason.name() });
    }
    (events, Told::now(table))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::usi;
    use crate::rules::{ImpasseRule, Position};
    use crate::ui::model::table::Sides;

    fn table(sfen_text: &str, moves: &[&str]) -> Table {
        let mut table = Table::new(sfen::parse_position(sfen_text).unwrap(), Sides::Both, ImpasseRule::Declaration27);
        for m in moves {
            let m = usi::parse_legal(table.position(), m).unwrap();
            table.play(m).unwrap();
        }
        table
    }

    #[test]
    fn each_new_move_once_with_the_position_after_it() {
        let mut t = Table::new(Position::startpos(), Sides::Both, ImpasseRule::Declaration27);
        let told = Told::now(&t);
        assert_eq!(news(&t, told).0, []);
        for m in ["7g7f", "3c3d"] {
            t.play(usi::parse_legal(t.position(), m).unwrap()).unwrap();
        }
        let (events, told) = news(&t, told);
        assert_eq!(
            events,
            [
                HostEvent::Move {
                    ply: 1,
                    usi: "7g7f".into(),
                    sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2".into()
                },
                HostEvent::Move {
                    ply: 2,
                    usi: "3c3d".into(),
                    sfen: "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3".into()
                },
            ]
        );
        assert_eq!(news(&t, told).0, [], "told already");
    }

    #[test]
    fn a_game_given_at_the_start_is_not_news_and_undo_is_forgotten() {
        let mut t = table("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", &["7g7f", "3c3d"]);
        let told = Told::now(&t);
        t.undo();
        let (events, told) = news(&t, told);
        assert_eq!(events, []);
        t.play(usi::parse_legal(t.position(), "5c5d").unwrap()).unwrap();
        let (events, _) = news(&t, told);
        assert!(matches!(&events[..], [HostEvent::Move { ply: 2, usi, .. }] if usi == "5c5d"), "{events:?}");
    }

    #[test]
    fn each_event_has_its_wire_name_and_fields() {
        use WireValue::{Number, Text};
        let moved = HostEvent::Move { ply: 1, usi: "7g7f".into(), sfen: "startpos".into() };
        let over = HostEvent::GameOver { result: "b", reason: "checkmate" };
        let wires = [&moved, &over, &HostEvent::Solved, &HostEvent::Failed, &HostEvent::Size { height: 420.0 }]
            .map(HostEvent::wire);
        assert_eq!(
            wires,
            [
                ("shogi:move", vec![("ply", Number(1.0)), ("usi", Text("7g7f")), ("sfen", Text("startpos"))]),
                ("shogi:gameover", vec![("result", Text("b")), ("reason", Text("checkmate"))]),
                ("shogi:solved", vec![]),
                ("shogi:failed", vec![]),
                ("shogi:size", vec![("height", Number(420.0))]),
            ]
        );
    }

    #[test]
    fn the_end_of_the_game_is_told_once_after_the_last_move() {
        let mut t = table("7nk/9/8G/9/9/9/9/9/4K4 b G 1", &[]);
        let told = Told::now(&t);
        t.play(usi::parse_legal(t.position(), "G*1b").unwrap()).unwrap();
        let (events, told) = news(&t, told);
        assert_eq!(events.len(), 2);
        assert_eq!(events[1], HostEvent::GameOver { result: "b", reason: "checkmate" });
        assert_eq!(news(&t, told).0, []);
    }
}
