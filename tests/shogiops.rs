//! lishogi's shogiops fixtures, read as data: `tests/data/shogiops_perft.tsv`
//! (perft counts) and `tests/data/shogiops_legal.tsv` (facts about single
//! positions). Each file names the commits it was transcribed from.

use shogi::notation::sfen::{self, SfenError};
use shogi::notation::usi;
use shogi::rules::*;

const PERFT: &str = include_str!("data/shogiops_perft.tsv");
const FACTS: &str = include_str!("data/shogiops_legal.tsv");

/// Larger perft counts belong to the benchmark, not the test suite.
const PERFT_LIMIT: u64 = 10_000_000;

/// The data rows of a TSV file (`#` starts a comment), each with its line
/// number and fields, checked to have `columns` fields.
fn rows(data: &str, columns: usize) -> Vec<(usize, Vec<&str>)> {
    data.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), columns, "line {}: {line}", i + 1);
            (i + 1, fields)
        })
        .collect()
}

/// The `(line, sfen, value)` rows of the facts file whose kind is `what`.
fn facts(what: &str) -> Vec<(usize, &'static str, &'static str)> {
    rows(FACTS, 3).into_iter().filter(|(_, f)| f[1] == what).map(|(line, f)| (line, f[0], f[2])).collect()
}

fn position(line: usize, text: &str) -> Position {
    sfen::parse_position(text).unwrap_or_else(|e| panic!("line {line}: {text}: {e}"))
}

fn parse_move(line: usize, text: &str) -> Move {
    usi::parse(text).unwrap_or_else(|e| panic!("line {line}: {e}"))
}

#[test]
fn perft_counts_up_to_ten_million_nodes() {
    let mut checked = 0;
    for (line, f) in rows(PERFT, 4) {
        let (name, text, depth, nodes) = (f[0], f[1], f[2].parse().unwrap(), f[3].parse::<u64>().unwrap());
        if nodes > PERFT_LIMIT {
            continue;
        }
        assert_eq!(position(line, text).perft(depth), nodes, "line {line}: {name} perft {depth}");
        checked += 1;
    }
    // 342 rows, one of them (startpos depth 5) above the limit.
    assert_eq!(checked, 341);
}

/// Every kind of fact in the file, with how its rows are tested. A kind not
/// listed here fails the test, so new data cannot be skipped silently.
const KINDS: [&str; 11] = [
    "legal_move",
    "illegal_move",
    "sfen_after_move",
    "checkmate_after_move",
    "illegal_setup",
    "valid_setup",
    "sfen_roundtrip",
    "lishogi_impasse",
    // lishogi ends a game as a draw when neither side has material left to mate
    // with; the JSA rules and the seeds have no such rule, so these rows
    // describe lishogi's conventions, not shogi's, and are not tested.
    "lishogi_insufficient_material_draw",
    "lishogi_insufficient_material_sente",
    "lishogi_insufficient_material_gote",
];

#[test]
fn every_kind_of_fact_is_known() {
    for (line, f) in rows(FACTS, 3) {
        assert!(KINDS.contains(&f[1]), "line {line}: unknown kind {}", f[1]);
    }
}

#[test]
fn legal_and_illegal_moves() {
    let mut refused = 0;
    for (what, legal, count) in [("legal_move", true, 19), ("illegal_move", false, 12)] {
        let rows = facts(what);
        assert_eq!(rows.len(), count, "{what}");
        for (line, text, m) in rows {
            if overfull_and_refused(line, text) {
                refused += 1;
                continue;
            }
            let pos = position(line, text);
            assert_eq!(pos.is_legal(parse_move(line, m)), legal, "line {line}: {m} in {text}");
            assert_eq!(usi::parse_legal(&pos, m).is_ok(), legal, "line {line}: {m} in {text}");
        }
    }
    // 'multiple checkers' puts four sente bishops round gote's king (a set has two).
    assert_eq!(refused, 4);
}

#[test]
fn sfen_after_a_move() {
    let rows = facts("sfen_after_move");
    assert_eq!(rows.len(), 2);
    for (line, text, value) in rows {
        let (m, expected) = value.split_once(' ').unwrap_or_else(|| panic!("line {line}: no SFEN after the move"));
        let mut pos = position(line, text);
        pos.play(parse_move(line, m)).unwrap_or_else(|e| panic!("line {line}: {e}"));
        assert_eq!(sfen::write_position(&pos), expected, "line {line}");
    }
}

#[test]
fn checkmate_after_a_move() {
    let rows = facts("checkmate_after_move");
    assert_eq!(rows.len(), 2);
    for (line, text, m) in rows {
        let mut game = Game::new(position(line, text));
        let mover = game.position().turn();
        game.play(parse_move(line, m)).unwrap_or_else(|e| panic!("line {line}: {e}"));
        assert_eq!(game.outcome(), Some(Outcome { winner: Some(mover), reason: Reason::Checkmate }), "line {line}");
    }
}

#[test]
fn illegal_and_valid_setups() {
    let illegal = facts("illegal_setup");
    assert_eq!(illegal.len(), 2);
    for (line, text, reason) in illegal {
        let error = sfen::parse_position(text).unwrap_err();
        let expected = match reason {
            "impossible_check" => matches!(error, SfenError::Illegal(SetupError::ImpossibleCheck { .. })),
            "double_pawns" => matches!(error, SfenError::Illegal(SetupError::TwoPawnsOnFile { .. })),
            other => panic!("line {line}: unknown reason {other}"),
        };
        assert!(expected, "line {line}: {reason} expected, got {error}");
    }
    let valid = facts("valid_setup");
    assert_eq!(valid.len(), 1);
    for (line, text, _) in valid {
        position(line, text);
    }
}

/// Pieces of each unpromoted kind (by letter) on the board and in hand, both
/// sides together, read straight from the SFEN text.
fn piece_totals(text: &str) -> Vec<(char, u32)> {
    let mut fields = text.split(' ');
    let board = fields.next().unwrap_or("");
    let hands = fields.nth(1).unwrap_or("-");
    let mut totals: Vec<(char, u32)> = "PLNSGBRK".chars().map(|c| (c, 0)).collect();
    let mut add = |letter: char, n: u32| {
        if let Some(entry) = totals.iter_mut().find(|(c, _)| *c == letter.to_ascii_uppercase()) {
            entry.1 += n;
        }
    };
    board.chars().filter(|c| c.is_ascii_alphabetic()).for_each(|c| add(c, 1));
    let mut count = 0;
    for c in hands.chars() {
        match c.to_digit(10) {
            Some(d) => count = count * 10 + d,
            None => {
                add(c, count.max(1));
                count = 0;
            }
        }
    }
    totals
}

/// Whether `text` holds more of some piece than a set has. shogiops accepts such
/// positions; our parser must refuse them, naming a piece that is over.
fn overfull_and_refused(line: usize, text: &str) -> bool {
    let excess: Vec<(char, u32)> = piece_totals(text)
        .into_iter()
        .filter(|&(letter, n)| Role::from_letter(letter).is_some_and(|role| n > u32::from(role.set_count())))
        .collect();
    if excess.is_empty() {
        return false;
    }
    match sfen::parse_position(text) {
        Err(SfenError::Illegal(SetupError::TooManyPieces { role, count, max })) => {
            assert!(excess.contains(&(role.letter(), u32::from(count))), "line {line}: {role} {count}, {excess:?}");
            assert_eq!(max, role.set_count(), "line {line}");
        }
        other => panic!("line {line}: too many pieces ({excess:?}) expected, got {other:?}"),
    }
    true
}

#[test]
fn sfen_round_trips_and_overfull_sets_are_refused() {
    let rows = facts("sfen_roundtrip");
    assert_eq!(rows.len(), 9);
    let mut refused = 0;
    for (line, text, _) in rows {
        if overfull_and_refused(line, text) {
            refused += 1;
        } else {
            assert_eq!(sfen::write_position(&position(line, text)), text, "line {line}");
        }
    }
    // The full set plus extra pieces in hand, and 15 rooks.
    assert_eq!(refused, 2);
}

/// lishogi's `isImpasse` is the JSA 27-point declaration by the side to move
/// (king in the enemy camp, 10 other pieces there, 28 points for sente and 27
/// for gote, not in check), the rule of [`ImpasseRule::Declaration27`].
#[test]
fn impasse_declaration() {
    let rows = facts("lishogi_impasse");
    assert_eq!(rows.len(), 8);
    for (line, text, value) in rows {
        let game = Game::new(position(line, text));
        let expected: bool = value.parse().unwrap_or_else(|_| panic!("line {line}: {value}"));
        assert_eq!(game.can_declare_impasse(ImpasseRule::Declaration27), expected, "line {line}: {text}");
    }
}
