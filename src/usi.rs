//! The USI command loop over any reader and writer, so tests can feed it a
//! transcript. Search commands arrive with the engine; this part holds the
//! protocol frame, positions and the `go perft` / `d` extensions.

use std::io::{BufRead, Write};

use crate::notation::{sfen, usi};
use crate::rules::Position;

pub const ENGINE_NAME: &str = concat!("shogi-wasm ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the shogi-wasm developers";

/// The engine's state between commands.
pub struct Session {
    position: Position,
}

impl Default for Session {
    fn default() -> Session {
        Session { position: Position::startpos() }
    }
}

/// What the loop should do after a command.
#[derive(PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    Quit,
}

impl Session {
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Handles one command line, writing the replies to `out`.
    pub fn handle(&mut self, line: &str, out: &mut impl Write) -> std::io::Result<Flow> {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else { return Ok(Flow::Continue) };
        let rest: Vec<&str> = words.collect();
        match command {
            "usi" => {
                writeln!(out, "id name {ENGINE_NAME}")?;
                writeln!(out, "id author {ENGINE_AUTHOR}")?;
                writeln!(out, "option name USI_Hash type spin default 16 min 1 max 1024")?;
                writeln!(out, "usiok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "usinewgame" | "setoption" | "gameover" | "stop" | "ponderhit" => {}
            "quit" => return Ok(Flow::Quit),
            "position" => match parse_position_command(&rest) {
                Ok(pos) => self.position = pos,
                Err(reason) => writeln!(out, "info string error: {reason}")?,
            },
            "go" => self.go(&rest, out)?,
            "d" => {
                write!(out, "{}", board_picture(&self.position))?;
                writeln!(out, "sfen {}", sfen::write_position(&self.position))?;
            }
            other => writeln!(out, "info string error: unknown command '{}'", truncate(other))?,
        }
        out.flush()?;
        Ok(Flow::Continue)
    }

    fn go(&mut self, args: &[&str], out: &mut impl Write) -> std::io::Result<()> {
        match args {
            ["perft", depth] => match depth.parse::<u32>() {
                Ok(depth) if depth >= 1 => {
                    let mut total = 0;
                    for (m, count) in self.position.perft_divide(depth) {
                        writeln!(out, "{m}: {count}")?;
                        total += count;
                    }
                    writeln!(out, "Nodes searched: {total}")?;
                }
                _ => writeln!(out, "info string error: perft needs a depth of at least 1")?,
            },
            _ => writeln!(out, "info string error: search is not available in this build")?,
        }
        Ok(())
    }

    /// Reads commands until `quit` or end of input.
    pub fn run(&mut self, input: impl BufRead, mut out: impl Write) -> std::io::Result<()> {
        for line in input.lines() {
            if self.handle(&line?, &mut out)? == Flow::Quit {
                break;
            }
        }
        Ok(())
    }
}

fn truncate(text: &str) -> String {
    text.chars().take(40).collect()
}

/// `startpos|sfen <sfen> [moves ...]` → the position, or the reason it is refused.
pub fn parse_position_command(args: &[&str]) -> Result<Position, String> {
    let (mut pos, rest) = match args {
        ["startpos", rest @ ..] => (Position::startpos(), rest),
        ["sfen", rest @ ..] => {
            let end = rest.iter().position(|w| *w == "moves").unwrap_or(rest.len());
            let text = rest[..end].join(" ");
            (sfen::parse_position(&text).map_err(|e| e.to_string())?, &rest[end..])
        }
        _ => return Err("position needs 'startpos' or 'sfen <sfen>'".to_string()),
    };
    match rest {
        [] => {}
        ["moves", moves @ ..] => {
            for (i, text) in moves.iter().enumerate() {
                let m = usi::parse_legal(&pos, text).map_err(|e| format!("move {}: {e}", i + 1))?;
                pos.play_unchecked(m);
            }
        }
        [other, ..] => return Err(format!("expected 'moves', found '{}'", truncate(other))),
    }
    Ok(pos)
}

/// A plain-text board as sente sees it, with hands.
pub fn board_picture(pos: &Position) -> String {
    use crate::rules::{Color, Square};
    let mut out = String::new();
    let hand = |c: Color| {
        let text = sfen::write_hands(&{
            let mut hands = [crate::rules::Hand::EMPTY; 2];
            hands[c.index()] = *pos.hand(c);
            hands
        });
        text
    };
    out.push_str(&format!("gote hand: {}\n", hand(Color::Gote)));
    out.push_str("  9  8  7  6  5  4  3  2  1\n");
    for rank in 0..9u8 {
        for file in (1..=9u8).rev() {
            let cell = Square::new(file, rank).and_then(|sq| pos.piece_at(sq)).map(|p| p.sfen()).unwrap_or_else(|| ".".into());
            out.push_str(&format!("{cell:>3}"));
        }
        out.push_str(&format!("  {}\n", (b'a' + rank) as char));
    }
    out.push_str(&format!("sente hand: {}\n", hand(Color::Sente)));
    out.push_str(&format!("side to move: {}\n", pos.turn()));
    out
}
