//! Western and Japanese move notation against real positions, the seed's sample game,
//! and every legal move of a few positions.

use shogi::notation::japanese::{self, JapaneseError};
use shogi::notation::record::Termination;
use shogi::notation::resolve::MoveError;
use shogi::notation::western::{self, GameTextReason, WesternError};
use shogi::notation::{sfen, usi};
use shogi::rules::illegal::IllegalReason;
use shogi::rules::{Color, Move, Piece, Position, Role, Setup, Square};

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

    // Forced promotion is accepted unmarked; a check mark after a checking move that cannot promote is ignored.
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
    assert_eq!(western::parse(&start, "P*5e").unwrap_err().to_string(), "not legal: P*5e: sente has no pawn in hand");
    assert_eq!(western::parse(&start, "P-7f=").ok(), Some(mv("7g7f")), "'=' where no promotion is possible");
    assert_eq!(western::parse(&start, "G-6h++").unwrap_err().to_string(), "a gold moving from 6i to 6h cannot promote");
    // A lone '+' after a move that can neither promote nor give check says it promotes: refused.
    for (text, reason) in [
        ("P-7f+", "a pawn moving from 7g to 7f cannot promote"),
        ("G-6h+", "a gold moving from 6i to 6h cannot promote"),
        ("K-5h+", "a king moving from 5i to 5h cannot promote"),
    ] {
        assert_eq!(western::parse(&start, text).unwrap_err().to_string(), reason, "{text}");
    }
    let pos = after_usi("7g7f 3c3d 8h2b+ 3a2b");
    assert_eq!(western::parse(&pos, "B*5e+").unwrap_err().to_string(), "a dropped bishop cannot promote");
    assert_eq!(western::parse(&pos, "B*3c+"), Ok(mv("B*3c")), "a check mark after a checking drop");
    assert!(matches!(western::parse(&start, "P-7f?"), Err(WesternError::Syntax { column: 5, .. })));

    let pos = position("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(western::parse(&pos, "P-9a=").unwrap_err().to_string(), "a pawn moving to 9a must promote");

    // A pinned silver, a piece on the own square, two pawns, a dead drop, pawn-drop mate.
    let pinned = position("k3r4/9/9/9/9/9/4S4/9/4K4 b P 1");
    assert_eq!(
        western::parse(&pinned, "S-4f").unwrap_err().to_string(),
        "not legal: S5g-4f: it leaves sente's king in check"
    );
    assert_eq!(
        western::parse(&start, "R-2g").unwrap_err().to_string(),
        "not legal: R2h-2g: 2g holds a piece of the side moving"
    );
    let pos = position("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    let two_pawns = western::parse(&pos, "P*5c").unwrap_err();
    assert!(matches!(
        two_pawns,
        WesternError::Move { error: MoveError::Illegal { reason: IllegalReason::TwoPawns { file: 5, .. }, .. }, .. }
    ));
    assert_eq!(
        western::parse(&pos, "P*4a").unwrap_err().to_string(),
        "not legal: P*4a: a pawn dropped on 4a could never move"
    );
    assert_eq!(western::parse(&pos, "P*5i").unwrap_err().to_string(), "not legal: P*5i: 5i is not empty");
    let mate = position("3rkr3/3s1s3/4G4/9/9/9/9/9/K8 b P 1");
    assert_eq!(
        western::parse(&mate, "P*5b").unwrap_err().to_string(),
        "not legal: P*5b: a pawn drop may not give checkmate"
    );
    // The same drop without '*' is read as a drop too, since no board pawn reaches 5b.
    assert!(matches!(
        western::parse(&mate, "P5b"),
        Err(WesternError::Move { error: MoveError::Illegal { reason: IllegalReason::PawnDropMate, .. }, .. })
    ));
}

/// Text built from the characters the notations give meaning to, and a few they do not.
fn odd_texts() -> Vec<String> {
    const ALPHABET: &[char] = &[
        'P', 'L', 'N', 'S', 'G', 'B', 'R', 'K', 'p', '+', '-', 'x', '*', '\'', '=', '#', '1', '5', '9', '0', 'a', 'e',
        'i', 'j', '.', ' ', '\u{a0}', '[', ']', '\n', '▲', '△', '同', '　', '７', '六', '歩', '成', '不', '打', '左',
        '直', '上', '引', '龍', '(', ')', 'é', '\u{301}', '🀄', '\u{0}',
    ];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut texts: Vec<String> = ["", "Resigns", "1.", "1...", "99999999999. P-7f", "[", "]", "同", "+K-5h", "N*1a"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for _ in 0..20_000 {
        let length = next(9);
        texts.push((0..length).map(|_| ALPHABET[next(ALPHABET.len())]).collect());
    }
    texts
}

#[test]
fn parsers_never_panic_on_odd_text() {
    let positions = [Position::startpos(), position(MIDDLE_GAME), position(END_GAME)];
    for text in odd_texts() {
        for pos in &positions {
            let _ = western::parse(pos, &text);
            let _ = japanese::parse(pos, &text, Some(jsa("55")));
        }
        let _ = western::parse_game(&text, Position::startpos());
        let _ = western::parse_game(&format!("1. P7f P3d 2. {text}"), Position::startpos());
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

#[test]
fn japanese_round_trips_every_legal_move() {
    for pos in round_trip_positions() {
        assert_round_trips(
            &pos,
            |p, m| japanese::write(p, m, None).unwrap(),
            |p, t| japanese::parse(p, t, None).unwrap_or_else(|e| panic!("{t}: {e}")),
        );
        // As if each move went where the previous one did: written with 同.
        for &m in pos.legal_moves().iter() {
            let text = japanese::write(&pos, m, Some(m.to())).unwrap();
            assert!(text.contains("同　"), "{text}");
            assert_eq!(japanese::parse(&pos, &text, Some(m.to())), Ok(m), "{text}");
        }
    }
}

/// The seed's sample game, read from the seed's own text.
#[test]
fn trent_murphy_replays_to_the_resignation() {
    let text = include_str!("data/trent_murphy.txt");
    let record = western::parse_game(text, Position::startpos()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(record.header("先手"), Some("Michael Trent (1-dan)"));
    assert_eq!(record.header("後手"), Some("David Murphy (2-dan)"));
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

/// Our writer follows the seed's conventions: the same origins (only 9. G4i-5h and
/// G4a-5b), captures and promotion marks; the seed only leaves out the dash.
#[test]
fn trent_murphy_is_written_as_the_seed_writes_it() {
    let text = include_str!("data/trent_murphy.txt");
    let mut in_comment = false;
    let seed_moves: Vec<&str> = text
        .split(char::is_whitespace)
        .filter(|word| {
            match *word {
                "[" => in_comment = true,
                "]" => in_comment = false,
                _ => return !in_comment,
            }
            false
        })
        .skip_while(|word| *word != "1.")
        .filter(|word| !word.is_empty() && !word.ends_with('.') && *word != "Resigns")
        .collect();
    let record = western::parse_game(text, Position::startpos()).unwrap();
    assert_eq!(seed_moves.len(), record.moves.len());
    let mut pos = Position::startpos();
    for (&m, seed) in record.moves.iter().zip(seed_moves) {
        let ours = western::WesternMove::from_move(&pos, m).unwrap();
        let undashed = if ours.from.is_none() { ours.to_string().replace('-', "") } else { ours.to_string() };
        assert_eq!(undashed, seed);
        pos.play(m).unwrap();
    }
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
    assert_eq!(record.header("先手"), None);
}

/// A JSA square name, `93` = file 9, rank 三.
fn jsa(name: &str) -> Square {
    let digits: Vec<u8> = name.bytes().map(|b| b - b'0').collect();
    Square::new(digits[0], digits[1] - 1).unwrap()
}

/// A position with sente's `pieces` (SFEN letters, `+R` a dragon) and the two kings, sente
/// to move; or, with `as_gote`, the same turned round: gote's pieces, gote to move.
fn figure(pieces: &[(&str, &str)], kings: (&str, &str), as_gote: bool) -> Position {
    let color = if as_gote { Color::Gote } else { Color::Sente };
    let place = |sq: Square| if as_gote { sq.flipped() } else { sq };
    let mut setup = Setup::empty();
    for &(square, letters) in pieces {
        let role = Role::from_letter(letters.chars().last().unwrap()).unwrap();
        let role = if letters.starts_with('+') { role.promoted().unwrap() } else { role };
        setup.set_piece(place(jsa(square)), Some(Piece::new(color, role)));
    }
    setup.set_piece(place(jsa(kings.0)), Some(Piece::new(color, Role::King)));
    setup.set_piece(place(jsa(kings.1)), Some(Piece::new(!color, Role::King)));
    setup.turn = color;
    Position::from_setup(&setup).unwrap()
}

/// Each figure of the JSA page (棋譜の表記方法): the pieces, the destination, and for each
/// piece that moves there the suffix the page gives. Checked for sente and, turned round, for gote.
#[test]
fn japanese_suffixes_follow_the_jsa_figures() {
    type Figure = (
        &'static [(&'static str, &'static str)],
        (&'static str, &'static str),
        &'static str,
        &'static [(&'static str, &'static str)],
    );
    let figures: &[Figure] = &[
        // 上・寄・引: the motion alone tells the pieces apart, even a straight step up (not 直).
        (&[("72", "G"), ("93", "G")], ("59", "51"), "82", &[("93", "上"), ("72", "寄")]),
        (&[("31", "G"), ("43", "G")], ("59", "51"), "32", &[("43", "上"), ("31", "引")]),
        (&[("45", "G"), ("56", "G")], ("59", "51"), "55", &[("56", "上"), ("45", "寄")]),
        (&[("77", "S"), ("89", "S")], ("59", "51"), "88", &[("89", "上"), ("77", "引")]),
        (&[("27", "S"), ("49", "S")], ("59", "51"), "38", &[("49", "上"), ("27", "引")]),
        // 左・右・直: the same motion, told apart by where the piece stood.
        (&[("92", "G"), ("72", "G")], ("59", "51"), "81", &[("92", "左"), ("72", "右")]),
        (&[("32", "G"), ("12", "G")], ("59", "51"), "22", &[("32", "左"), ("12", "右")]),
        (&[("65", "S"), ("45", "S")], ("59", "51"), "56", &[("65", "左"), ("45", "右")]),
        (&[("89", "G"), ("79", "G")], ("59", "51"), "78", &[("89", "左"), ("79", "直")]),
        (&[("39", "S"), ("29", "S")], ("59", "51"), "38", &[("39", "直"), ("29", "右")]),
        (&[("63", "G"), ("53", "G"), ("43", "G")], ("59", "51"), "52", &[("63", "左"), ("53", "直"), ("43", "右")]),
        // Both when neither alone is enough.
        (
            &[("87", "+P"), ("98", "+P"), ("99", "+P"), ("89", "+P"), ("79", "+P")],
            ("59", "51"),
            "88",
            &[("79", "右"), ("89", "直"), ("99", "左上"), ("98", "寄"), ("87", "引")],
        ),
        (
            &[("37", "S"), ("17", "S"), ("39", "S"), ("29", "S")],
            ("59", "51"),
            "28",
            &[("29", "直"), ("17", "右"), ("39", "左上"), ("37", "左引")],
        ),
        // Dragons: motion first, then left or right of each other, never 直.
        (&[("91", "+R"), ("84", "+R")], ("59", "53"), "82", &[("91", "引"), ("84", "上")]),
        (&[("52", "+R"), ("23", "+R")], ("59", "91"), "43", &[("23", "寄"), ("52", "引")]),
        (&[("55", "+R"), ("15", "+R")], ("59", "91"), "35", &[("55", "左"), ("15", "右")]),
        (&[("99", "+R"), ("89", "+R")], ("59", "51"), "88", &[("99", "左"), ("89", "右")]),
        (&[("28", "+R"), ("19", "+R")], ("59", "51"), "17", &[("28", "左"), ("19", "右")]),
        // Horses, the same way.
        (&[("91", "+B"), ("81", "+B")], ("59", "51"), "82", &[("91", "左"), ("81", "右")]),
        (&[("63", "+B"), ("95", "+B")], ("59", "11"), "85", &[("95", "寄"), ("63", "引")]),
        (&[("11", "+B"), ("34", "+B")], ("59", "51"), "12", &[("11", "引"), ("34", "上")]),
        (&[("99", "+B"), ("59", "+B")], ("19", "51"), "77", &[("99", "左"), ("59", "右")]),
        (&[("47", "+B"), ("18", "+B")], ("59", "51"), "29", &[("47", "左"), ("18", "右")]),
    ];
    for &(pieces, kings, to, expected) in figures {
        for as_gote in [false, true] {
            let pos = figure(pieces, kings, as_gote);
            let turn = |sq: Square| if as_gote { sq.flipped() } else { sq };
            let to = turn(jsa(to));
            for &(from, suffix) in expected {
                let from = turn(jsa(from));
                let piece = pos.piece_at(from).unwrap();
                let m = Move::normal(from, to, false);
                assert!(pos.is_legal(m), "{m} in {pos:?}");
                assert_eq!(japanese::qualifier(&pos, from, to).to_string(), suffix, "{m} in {pos:?}");
                let written = japanese::write(&pos, m, None).unwrap();
                let square: String = written.chars().skip(1).take(2).collect();
                let name = shogi::notation::kanji::short_name(piece.role);
                let mark = if as_gote { '△' } else { '▲' };
                // Promotion is possible for some of these moves; 不成 follows the suffix.
                assert!(written.starts_with(&format!("{mark}{square}{name}{suffix}")), "{written}");
                assert_eq!(japanese::parse(&pos, &written, None), Ok(m), "{written}");
            }
        }
    }
}

#[test]
fn japanese_writes_every_form() {
    let start = Position::startpos();
    assert_eq!(japanese::write(&start, mv("7g7f"), None).unwrap(), "▲７六歩");
    assert_eq!(japanese::write(&start, mv("6i5h"), None).unwrap(), "▲５八金左");
    assert_eq!(japanese::write(&start, mv("4i5h"), None).unwrap(), "▲５八金右");
    assert_eq!(japanese::write(&start, mv("5i5h"), None).unwrap(), "▲５八玉");
    let pos = after_usi("7g7f");
    assert_eq!(japanese::write(&pos, mv("3c3d"), Some(mv("7g7f").to())).unwrap(), "△３四歩");
    let pos = after_usi("7g7f 3c3d");
    assert_eq!(japanese::write(&pos, mv("8h2b+"), None).unwrap(), "▲２二角成");
    assert_eq!(japanese::write(&pos, mv("8h2b"), None).unwrap(), "▲２二角不成");
    let pos = after_usi("7g7f 3c3d 8h2b+");
    assert_eq!(japanese::write(&pos, mv("3a2b"), Some(mv("8h2b+").to())).unwrap(), "△同　銀");
    // 打 only when a board bishop could also go there.
    let pos = after_usi("7g7f 3c3d 8h2b+ 3a2b");
    assert_eq!(japanese::write(&pos, mv("B*5e"), None).unwrap(), "▲５五角");
    let pos = position("4k4/9/9/9/9/9/9/1B7/4K4 b B 1");
    assert_eq!(japanese::write(&pos, mv("B*5e"), None).unwrap(), "▲５五角打");
    assert_eq!(japanese::write(&pos, mv("8h5e"), None).unwrap(), "▲５五角");
    // 不成 only where promotion was possible; promoted pieces by their short names.
    let pos = position("4k4/1+P7/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(japanese::write(&pos, mv("8b7b"), None).unwrap(), "▲７二と");
    let pos = position("4k4/9/9/9/9/9/9/9/+S3K4 b - 1");
    assert_eq!(japanese::write(&pos, mv("9i8h"), None).unwrap(), "▲８八成銀");
    assert_eq!(japanese::write(&start, mv("5e5d"), None), None);
}

#[test]
fn japanese_reads_the_common_variants() {
    let start = Position::startpos();
    for (text, expected) in [
        ("▲７六歩", "7g7f"),
        ("☗７六歩", "7g7f"),
        ("７六歩", "7g7f"),
        ("76歩", "7g7f"),
        ("7六歩", "7g7f"),
        (" ７六歩(77) ", "7g7f"),
        ("５八金左", "6i5h"),
        ("５八金左上", "6i5h"),
        ("５八金上左", "6i5h"),
        ("５八金右", "4i5h"),
        ("５八玉", "5i5h"),
        ("５八王", "5i5h"),
        ("５八金(49)", "4i5h"),
    ] {
        assert_eq!(japanese::parse(&start, text, None), Ok(mv(expected)), "{text}");
    }
    let pos = after_usi("7g7f 3c3d 8h2b+");
    for text in ["△同　銀", "同銀", "同 銀", "△２二銀"] {
        assert_eq!(japanese::parse(&pos, text, Some(mv("8h2b+").to())), Ok(mv("3a2b")), "{text}");
    }
    let pos = position("4k4/9/9/9/9/9/9/1B7/4K4 b B 1");
    assert_eq!(japanese::parse(&pos, "５五角打", None), Ok(mv("B*5e")));
    assert_eq!(japanese::parse(&pos, "５五角", None), Ok(mv("8h5e")));
    let pos = after_usi("7g7f 3c3d 8h2b+ 3a2b");
    assert_eq!(japanese::parse(&pos, "５五角", None), Ok(mv("B*5e")));
    let pos = after_usi("7g7f 3c3d");
    assert_eq!(japanese::parse(&pos, "２二角成", None), Ok(mv("8h2b+")));
    assert_eq!(japanese::parse(&pos, "２二角不成", None), Ok(mv("8h2b")));
    assert_eq!(japanese::parse(&pos, "２二角", None), Ok(mv("8h2b")));
    let pos = position("4k4/1+P7/9/9/9/9/9/9/+R3K4 b - 1");
    assert_eq!(japanese::parse(&pos, "７二と", None), Ok(mv("8b7b")));
    assert_eq!(japanese::parse(&pos, "８九竜", None), Ok(mv("9i8i")));
    assert_eq!(japanese::parse(&pos, "８九龍", None), Ok(mv("9i8i")));
}

#[test]
fn japanese_errors_give_the_reason() {
    let start = Position::startpos();
    let err = japanese::parse(&start, "５八金", None).unwrap_err();
    assert_eq!(err.to_string(), "ambiguous: gold 6i or 4i can reach 5h; write ５八金左 or ５八金右");
    let err = japanese::parse(&start, "５八金直", None).unwrap_err();
    assert!(
        matches!(&err, JapaneseError::Unclear { error: MoveError::NoneMatches { .. }, options } if options.len() == 2)
    );
    assert_eq!(japanese::parse(&start, "△７六歩", None), Err(JapaneseError::WrongSide { marked: Color::Gote }));
    assert_eq!(japanese::parse(&start, "同　歩", None), Err(JapaneseError::NoPreviousMove));
    assert_eq!(japanese::parse(&start, "４二銀", None).unwrap_err().to_string(), "no silver can reach 4b");
    assert_eq!(
        japanese::parse(&start, "５五歩打", None).unwrap_err().to_string(),
        "not legal: P*5e: sente has no pawn in hand"
    );
    // 成 on a move that cannot promote (7f is outside sente's zone) is refused, never dropped.
    for text in ["７六歩成", "76歩成", "▲７六歩成"] {
        let err = japanese::parse(&start, text, None).unwrap_err();
        assert_eq!(err.to_string(), "a pawn moving from 7g to 7f cannot promote", "{text}");
    }
    for (text, column) in [
        ("", 1),
        ("７", 2),
        ("７六", 3),
        ("７六象", 3),
        ("７六歩成打", 5),
        ("５八金左右", 5),
        ("７六歩(77", 7),
        ("７六歩!", 4),
        ("５五玉打", 4),
    ] {
        match japanese::parse(&start, text, None) {
            Err(JapaneseError::Syntax { column: found, .. }) => assert_eq!(found, column, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    let pos = position(MIDDLE_GAME);
    for text in ["", "同", "▲", "△同", "打", "成", "１", "十一歩", "🀄", "７六歩(", "７六歩()", "７六歩(0", "\u{0}"]
    {
        let _ = japanese::parse(&pos, text, None);
        let _ = japanese::parse(&pos, text, Some(jsa("55")));
    }
}
