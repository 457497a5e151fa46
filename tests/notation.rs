//! Western and Japanese move notation against real positions, the seed's sample game,
//! and every legal move of a few positions.

use shogi::notation::record::Termination;
use shogi::notation::resolve::{MoveError, Violation};
use shogi::notation::western::{self, GameTextReason, WesternError};
use shogi::notation::{sfen, usi};
use shogi::rules::{Color, Move, Position};

const MIDDLE_GAME: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
const END_GAME: &str = "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124";

fn position(text: &str) -> Position {
    sfen::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    usi::parse(text).unwrap()
}

/// The position after playing USI moves from the start.
fn after_usi(moves: &str) -> Position {
    let mut pos = Position::startpos();
    for m in moves.split_whitespace() {
        pos.play(usi::parse_legal(&pos, m).unwrap()).unwrap();
    }
    pos
}

fn western_of(pos: &Position, usi_move: &str) -> String {
    western::write(pos, mv(usi_move)).unwrap()
}

#[test]
fn western_writes_every_form() {
    let start = Position::startpos();
    assert_eq!(western_of(&start, "7g7f"), "P-7f");
    // Both golds can reach 5h: the origin is named. The king too, but it is another kind.
    assert_eq!(western_of(&start, "6i5h"), "G6i-5h");
    assert_eq!(western_of(&start, "4i5h"), "G4i-5h");
    assert_eq!(western_of(&start, "5i5h"), "K-5h");
    assert_eq!(western_of(&start, "6i6h"), "G-6h");

    // Bishop exchange: capture with promotion, then the recapture.
    let pos = after_usi("7g7f 3c3d");
    assert_eq!(western_of(&pos, "8h2b+"), "Bx2b+");
    assert_eq!(western_of(&pos, "8h2b"), "Bx2b=");
    let pos = after_usi("7g7f 3c3d 8h2b+");
    assert_eq!(western_of(&pos, "3a2b"), "Sx2b");
    let pos = after_usi("7g7f 3c3d 8h2b+ 3a2b");
    assert_eq!(western_of(&pos, "B*5e"), "B*5e");

    // A tokin moving, a pawn capturing on 1c with and without promotion.
    let pos = position("4k4/9/8p/8P/9/9/9/9/4K4 b - 1");
    assert_eq!(western_of(&pos, "1d1c+"), "Px1c+");
    assert_eq!(western_of(&pos, "1d1c"), "Px1c=");
    let pos = position("4k4/1+P7/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(western_of(&pos, "8b7b"), "+P-7b");
    // Forced promotion is still marked.
    let pos = position("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(western_of(&pos, "9b9a+"), "P-9a+");
    // A drop is always written with '*', even when no board piece could go there.
    let pos = position("4k4/9/9/9/9/9/9/9/4K4 b L 1");
    assert_eq!(western_of(&pos, "L*9d"), "L*9d");
    // Gote's moves use the same squares.
    let pos = after_usi("7g7f");
    assert_eq!(western_of(&pos, "3c3d"), "P-3d");
    // An empty origin has no spelling.
    assert_eq!(western::write(&start, mv("5e5d")), None);
}

#[test]
fn western_reads_every_variant() {
    let start = Position::startpos();
    for (text, expected) in [
        ("P-7f", "7g7f"),
        ("P7f", "7g7f"),
        ("p-7f", "7g7f"),
        ("P7g-7f", "7g7f"),
        ("P7g7f", "7g7f"),
        ("G6i-5h", "6i5h"),
        ("G4i5h", "4i5h"),
        ("K5h", "5i5h"),
        ("K-5h+", "5i5h"),
        ("S-4h", "3i4h"),
        ("  P2f\u{a0}", "2g2f"),
    ] {
        assert_eq!(western::parse(&start, text), Ok(mv(expected)), "{text}");
    }

    let pos = after_usi("7g7f 3c3d");
    for (text, expected) in
        [("Bx2b+", "8h2b+"), ("Bx2b=", "8h2b"), ("Bx2b", "8h2b"), ("B2b", "8h2b"), ("B-2b+", "8h2b+")]
    {
        assert_eq!(western::parse(&pos, text), Ok(mv(expected)), "{text}");
    }
    let pos = after_usi("7g7f 3c3d 8h2b+ 3a2b");
    for (text, expected) in [("B*5e", "B*5e"), ("B'5e", "B*5e"), ("B5e", "B*5e"), ("B*3c+", "B*3c")] {
        assert_eq!(western::parse(&pos, text), Ok(mv(expected)), "{text}");
    }

    // Forced promotion is accepted unmarked; a check mark after a move that cannot promote is ignored.
    let pos = position("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(western::parse(&pos, "P9a"), Ok(mv("9b9a+")));
    assert_eq!(western::parse(&pos, "P-9a+"), Ok(mv("9b9a+")));
    let pos = position("4k4/9/4G4/9/9/9/9/9/4K4 b - 1");
    assert_eq!(western::parse(&pos, "G5b+"), Ok(mv("5c5b")));
    assert_eq!(western::parse(&pos, "G-5b#"), Ok(mv("5c5b")));
    let pos = position("4k4/1+P7/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(western::parse(&pos, "+P-7b"), Ok(mv("8b7b")));
    assert_eq!(western::parse(&pos, "+P7b"), Ok(mv("8b7b")));
    // Both + marks: promotion, then check.
    let pos = position("9/4k4/9/4P4/9/9/9/9/4K4 b - 1");
    assert_eq!(western::parse(&pos, "P-5c++"), Ok(mv("5d5c+")));
    assert_eq!(western::parse(&pos, "P-5c=+"), Ok(mv("5d5c")));
    assert_eq!(western::parse(&pos, "P-5c+"), Ok(mv("5d5c+")));
}

#[test]
fn western_errors_give_the_reason() {
    let start = Position::startpos();
    let err = western::parse(&start, "G-5h").unwrap_err();
    assert!(
        matches!(&err, WesternError::Move { error: MoveError::Ambiguous { origins, .. }, .. } if origins.len() == 2)
    );
    assert_eq!(err.to_string(), "ambiguous: gold 6i or 4i can reach 5h; write G6i-5h or G4i-5h");
    assert_eq!(
        western::parse(&start, "G5h").unwrap_err().to_string(),
        "ambiguous: gold 6i or 4i can reach 5h; write G6i-5h or G4i-5h"
    );
    assert_eq!(western::parse(&start, "S-4b").unwrap_err().to_string(), "no silver can reach 4b");
    assert_eq!(western::parse(&start, "S7i-4b").unwrap_err().to_string(), "the silver on 7i cannot reach 4b");
    assert_eq!(western::parse(&start, "S5i-4h").unwrap_err().to_string(), "no silver on 5i");
    assert_eq!(western::parse(&start, "Px7f").unwrap_err().to_string(), "Px7f: nothing to capture on 7f");
    assert_eq!(western::parse(&start, "P*5e").unwrap_err().to_string(), "not legal: P*5e: no pawn in hand");
    assert_eq!(western::parse(&start, "P-7f=").ok(), Some(mv("7g7f")), "'=' where no promotion is possible");
    assert_eq!(
        western::parse(&start, "G-6h+"),
        Ok(mv("6i6h")),
        "a lone '+' after a move that cannot promote is a check mark"
    );
    assert_eq!(western::parse(&start, "G-6h++").unwrap_err().to_string(), "a gold moving from 6i to 6h cannot promote");
    assert!(matches!(western::parse(&start, "P-7f?"), Err(WesternError::Syntax { column: 5, .. })));

    let pos = position("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(western::parse(&pos, "P-9a=").unwrap_err().to_string(), "a pawn moving to 9a must promote");

    // A pinned silver, a piece on the own square, two pawns, a dead drop, pawn-drop mate.
    let pinned = position("k3r4/9/9/9/9/9/4S4/9/4K4 b P 1");
    assert_eq!(
        western::parse(&pinned, "S-4f").unwrap_err().to_string(),
        "not legal: S5g-4f: it would leave the king in check"
    );
    assert_eq!(
        western::parse(&start, "R-2g").unwrap_err().to_string(),
        "not legal: R2h-2g: 2g holds a piece of the same side"
    );
    let pos = position("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    let two_pawns = western::parse(&pos, "P*5c").unwrap_err();
    assert!(matches!(
        two_pawns,
        WesternError::Move { error: MoveError::Illegal { violation: Violation::TwoPawns { file: 5 }, .. }, .. }
    ));
    assert_eq!(
        western::parse(&pos, "P*4a").unwrap_err().to_string(),
        "not legal: P*4a: the piece could never move again from there"
    );
    assert_eq!(western::parse(&pos, "P*5i").unwrap_err().to_string(), "not legal: P*5i: 5i is occupied");
    let mate = position("3rkr3/3s1s3/4G4/9/9/9/9/9/K8 b P 1");
    assert_eq!(
        western::parse(&mate, "P*5b").unwrap_err().to_string(),
        "not legal: P*5b: a dropped pawn may not give checkmate"
    );
    // The same drop without '*' is read as a drop too, since no board pawn reaches 5b.
    assert!(matches!(
        western::parse(&mate, "P5b"),
        Err(WesternError::Move { error: MoveError::Illegal { violation: Violation::PawnDropMate, .. }, .. })
    ));
}

#[test]
fn western_never_panics_on_odd_text() {
    let pos = position(END_GAME);
    for text in [
        "",
        "+",
        "++",
        "x",
        "*",
        "'",
        "-",
        "P",
        "P*",
        "Px",
        "+K-5h",
        "+G5h",
        "N*1a",
        "L*1a",
        "K*5e",
        "あ",
        "🀄",
        "P-7f\u{300}",
        "P\u{0}7f",
        "9999",
        "P-99",
    ] {
        let _ = western::parse(&pos, text);
    }
    let mut text = String::new();
    for c in ['P', '+', '-', 'x', '*', '\'', '=', '#', '1', '9', 'a', 'i', 'ñ', '歩'] {
        for d in ['P', '+', '5', 'e', 'x', '*', '同', '\u{a0}'] {
            text.clear();
            text.extend([c, d, '5', 'e']);
            let _ = western::parse(&pos, &text);
        }
    }
}

/// For every legal move: written, then read back in the same position, it is the same move.
fn assert_round_trips(
    pos: &Position,
    write: impl Fn(&Position, Move) -> String,
    read: impl Fn(&Position, &str) -> Move,
) -> usize {
    let moves = pos.legal_moves();
    let mut seen = std::collections::HashSet::new();
    for &m in moves.iter() {
        let text = write(pos, m);
        assert_eq!(read(pos, &text), m, "{text} in {}", sfen::write_position(pos));
        assert!(seen.insert(text.clone()), "two moves written {text}");
    }
    moves.len()
}

fn round_trip_positions() -> Vec<Position> {
    vec![
        Position::startpos(),
        position(MIDDLE_GAME),
        position(END_GAME),
        after_usi("7g7f 3c3d 8h2b+ 3a2b"),
        // Three golds and two silvers around 5h, a tokin pair, two dragons and two horses.
        position("4k4/9/3+P1+P3/9/+R7+R/9/3GSG3/4G4/S3K4 b Bb 1"),
        position("1+B5+B1/9/4k4/9/9/9/9/4K4/9 b G 1"),
    ]
}

#[test]
fn western_round_trips_every_legal_move() {
    for pos in round_trip_positions() {
        let count = assert_round_trips(
            &pos,
            |p, m| western::write(p, m).unwrap(),
            |p, t| western::parse(p, t).unwrap_or_else(|e| panic!("{t}: {e}")),
        );
        assert!(count > 0);
    }
}

/// The seed's sample game, read from the seed's own text.
#[test]
fn trent_murphy_replays_to_the_resignation() {
    let text = include_str!("data/trent_murphy.txt");
    let record = western::parse_game(text, Position::startpos()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(record.header("Sente"), Some("Michael Trent (1-dan)"));
    assert_eq!(record.header("Gote"), Some("David Murphy (2-dan)"));
    // 36 moves by black and 35 by white: black's 36. K7h is the last, then white resigns.
    assert_eq!(record.moves.len(), 71);
    assert_eq!(record.termination, Some(Termination::Resign));
    assert_eq!(record.moves.last(), Some(&mv("8g7h")));
    assert_eq!(record.moves[0], mv("2g2f"));
    // 17. Bx3c+ and 21. R2a+ promote; 24. +Rx6a is the dragon moving.
    assert_eq!(record.moves[32], mv("8h3c+"));
    assert_eq!(record.moves[40], mv("2d2a+"));

    let mut pos = Position::startpos();
    for &m in &record.moves {
        let written = western::write(&pos, m).unwrap();
        assert_eq!(western::parse(&pos, &written), Ok(m), "{written}");
        pos.play(m).unwrap();
    }
    assert_eq!(pos.turn(), Color::Gote);
    assert!(!pos.is_checkmate());
    assert_eq!(record.end_position(), pos);
}

#[test]
fn game_text_errors_name_line_and_column() {
    let start = Position::startpos();
    let err = western::parse_game("1. P2f P3d\n2. P2e B-3c 3. Q7f", start.clone()).unwrap_err();
    assert_eq!((err.line, err.column), (2, 16));
    assert!(matches!(err.reason, GameTextReason::Move(WesternError::Syntax { .. })));
    let err = western::parse_game("1. P2f P3d 3. P2e", start.clone()).unwrap_err();
    assert_eq!((err.line, err.column), (1, 12));
    assert_eq!(err.reason, GameTextReason::MoveNumber { found: "3".into(), expected: 2 });
    let err = western::parse_game("1. P2f\n1. P3d", start.clone()).unwrap_err();
    assert_eq!((err.line, err.reason), (2, GameTextReason::WrongSide { announced: Color::Sente }));
    let err = western::parse_game("1. P2f [ a comment\n that never ends", start.clone()).unwrap_err();
    assert_eq!((err.line, err.column, err.reason), (1, 8, GameTextReason::UnclosedComment));
    let err = western::parse_game("1. P2f ]", start.clone()).unwrap_err();
    assert_eq!((err.line, err.column, err.reason), (1, 8, GameTextReason::UnopenedComment));
    let err = western::parse_game("1. P2f P3d 2. G-5h", start.clone()).unwrap_err();
    assert_eq!(err.to_string(), "line 1, column 15: ambiguous: gold 6i or 4i can reach 5h; write G6i-5h or G4i-5h");
    // Moves glued to their number; after the resignation (sente to move) nothing is read.
    let record = western::parse_game("1.P7f 1...P3d 2. Resigns 2... nonsense", start).unwrap();
    assert_eq!(record.moves, vec![mv("7g7f"), mv("3c3d")]);
    assert_eq!(record.termination, Some(Termination::Resign));
    assert_eq!(record.header("Sente"), None);
}
