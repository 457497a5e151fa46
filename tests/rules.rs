//! Every rule of legal move generation, each shown by a position.
//!
//! Expected move sets were cross-checked with an independent generator
//! (cshogi 1.1.0) and by hand; the comments say why each set is what it is.

use shogi::notation::{sfen, usi};
use shogi::rules::*;

fn pos(text: &str) -> Position {
    sfen::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves whose USI spelling starts with `prefix` ("5e" for the moves
/// of the piece on 5e, "P*" for pawn drops, "" for all), sorted.
fn legal(text: &str, prefix: &str) -> Vec<String> {
    let mut moves: Vec<String> =
        pos(text).legal_moves().iter().map(|m| m.to_string()).filter(|m| m.starts_with(prefix)).collect();
    moves.sort();
    moves
}

fn list(moves: &str) -> Vec<String> {
    let mut moves: Vec<String> = moves.split_whitespace().map(String::from).collect();
    moves.sort();
    moves
}

fn mv(text: &str) -> Move {
    usi::parse(text).unwrap()
}

fn is_legal(text: &str, m: &str) -> bool {
    pos(text).is_legal(mv(m))
}

// ---- How each piece moves ----

/// Each role alone on 5e (kings on 8a and 2i, off all its lines), for sente and
/// for gote: the same position turned around, so the gote sets are the sente
/// sets rotated by 180 degrees.
#[test]
fn each_role_moves_as_the_rules_say() {
    let cases = [
        ("P", "5e5d", "5e5f"),
        ("L", "5e5a+ 5e5b 5e5b+ 5e5c 5e5c+ 5e5d", "5e5f 5e5g 5e5g+ 5e5h 5e5h+ 5e5i+"),
        ("N", "5e4c 5e4c+ 5e6c 5e6c+", "5e4g 5e4g+ 5e6g 5e6g+"),
        ("S", "5e4d 5e5d 5e6d 5e4f 5e6f", "5e4f 5e5f 5e6f 5e4d 5e6d"),
        ("G", "5e4d 5e5d 5e6d 5e4e 5e6e 5e5f", "5e4f 5e5f 5e6f 5e4e 5e6e 5e5d"),
        (
            "B",
            "5e1a 5e1a+ 5e2b 5e2b+ 5e3c 5e3c+ 5e4d 5e9a 5e9a+ 5e8b 5e8b+ 5e7c 5e7c+ 5e6d \
             5e4f 5e3g 5e2h 5e1i 5e6f 5e7g 5e8h 5e9i",
            "5e9i 5e9i+ 5e8h 5e8h+ 5e7g 5e7g+ 5e6f 5e1i 5e1i+ 5e2h 5e2h+ 5e3g 5e3g+ 5e4f \
             5e6d 5e7c 5e8b 5e9a 5e4d 5e3c 5e2b 5e1a",
        ),
        (
            "R",
            "5e5a 5e5a+ 5e5b 5e5b+ 5e5c 5e5c+ 5e5d 5e5f 5e5g 5e5h 5e5i \
             5e1e 5e2e 5e3e 5e4e 5e6e 5e7e 5e8e 5e9e",
            "5e5i 5e5i+ 5e5h 5e5h+ 5e5g 5e5g+ 5e5f 5e5d 5e5c 5e5b 5e5a \
             5e1e 5e2e 5e3e 5e4e 5e6e 5e7e 5e8e 5e9e",
        ),
        ("+P", "5e4d 5e5d 5e6d 5e4e 5e6e 5e5f", "5e4f 5e5f 5e6f 5e4e 5e6e 5e5d"),
        ("+L", "5e4d 5e5d 5e6d 5e4e 5e6e 5e5f", "5e4f 5e5f 5e6f 5e4e 5e6e 5e5d"),
        ("+N", "5e4d 5e5d 5e6d 5e4e 5e6e 5e5f", "5e4f 5e5f 5e6f 5e4e 5e6e 5e5d"),
        ("+S", "5e4d 5e5d 5e6d 5e4e 5e6e 5e5f", "5e4f 5e5f 5e6f 5e4e 5e6e 5e5d"),
        (
            "+B",
            "5e1a 5e2b 5e3c 5e4d 5e9a 5e8b 5e7c 5e6d 5e4f 5e3g 5e2h 5e1i 5e6f 5e7g 5e8h 5e9i \
             5e5d 5e4e 5e6e 5e5f",
            "5e1a 5e2b 5e3c 5e4d 5e9a 5e8b 5e7c 5e6d 5e4f 5e3g 5e2h 5e1i 5e6f 5e7g 5e8h 5e9i \
             5e5d 5e4e 5e6e 5e5f",
        ),
        (
            "+R",
            "5e5a 5e5b 5e5c 5e5d 5e5f 5e5g 5e5h 5e5i 5e1e 5e2e 5e3e 5e4e 5e6e 5e7e 5e8e 5e9e \
             5e4d 5e6d 5e4f 5e6f",
            "5e5a 5e5b 5e5c 5e5d 5e5f 5e5g 5e5h 5e5i 5e1e 5e2e 5e3e 5e4e 5e6e 5e7e 5e8e 5e9e \
             5e4d 5e6d 5e4f 5e6f",
        ),
    ];
    for (piece, sente, gote) in cases {
        let sente_pos = format!("1k7/9/9/9/4{piece}4/9/9/9/7K1 b - 1");
        assert_eq!(legal(&sente_pos, "5e"), list(sente), "sente {piece}");
        let gote_pos = format!("1k7/9/9/9/4{}4/9/9/9/7K1 w - 1", piece.to_lowercase());
        assert_eq!(legal(&gote_pos, "5e"), list(gote), "gote {piece}");
    }
    let king = "5e4d 5e4e 5e4f 5e5d 5e5f 5e6d 5e6e 5e6f";
    assert_eq!(legal("1k7/9/9/9/4K4/9/9/9/9 b - 1", "5e"), list(king));
    assert_eq!(legal("9/9/9/9/4k4/9/9/9/7K1 w - 1", "5e"), list(king));
}

#[test]
fn pieces_are_blocked_by_their_own_side_and_capture_the_other() {
    // Rook on 5e: own pawn on 5c stops it before 5c; gote silver on 3e is taken.
    assert_eq!(
        legal("1k7/9/4P4/9/4R1s2/9/9/9/7K1 b - 1", "5e"),
        list("5e5d 5e5f 5e5g 5e5h 5e5i 5e4e 5e3e 5e6e 5e7e 5e8e 5e9e")
    );
    // The knight jumps over pieces in front of it.
    assert_eq!(legal("1k7/9/9/3PPP3/4N4/9/9/9/7K1 b - 1", "5e"), list("5e4c 5e4c+ 5e6c 5e6c+"));
}

// ---- Promotion ----

#[test]
fn promotion_is_optional_entering_the_zone() {
    assert_eq!(legal("4k4/9/9/4S4/9/9/9/9/4K4 b - 1", "5d"), list("5d4c 5d4c+ 5d5c 5d5c+ 5d6c 5d6c+ 5d4e 5d6e"));
}

#[test]
fn promotion_is_optional_moving_inside_and_out_of_the_zone() {
    // Silver on 5c: every move starts in the zone, backwards ones leave it.
    assert_eq!(
        legal("4k4/9/4S4/9/9/9/9/9/4K4 b - 1", "5c"),
        list("5c4b 5c4b+ 5c5b 5c5b+ 5c6b 5c6b+ 5c4d 5c4d+ 5c6d 5c6d+")
    );
    // Rook on 5b: 5b5f leaves the zone and may still promote.
    let rook = legal("k8/4R4/9/9/9/9/9/9/4K4 b - 1", "5b");
    assert_eq!(rook.len(), 30);
    assert!(rook.contains(&"5b5f+".to_string()) && rook.contains(&"5b5f".to_string()));
    // Gote: a silver leaving gote's zone upwards.
    assert_eq!(
        legal("4k4/9/9/9/9/9/4s4/9/K8 w - 1", "5g"),
        list("5g4h 5g4h+ 5g5h 5g5h+ 5g6h 5g6h+ 5g4f 5g4f+ 5g6f 5g6f+")
    );
}

#[test]
fn pawn_and_lance_must_promote_on_the_last_rank() {
    assert_eq!(legal("4k4/1P7/9/9/9/9/9/9/4K4 b - 1", "8b"), list("8b8a+"));
    assert_eq!(legal("k8/1L7/9/9/9/9/9/9/4K4 b - 1", "8b"), list("8b8a+"));
    // From 8c the lance may stop on 8b either way, but 8a only promoted.
    assert_eq!(legal("k8/9/1L7/9/9/9/9/9/4K4 b - 1", "8c"), list("8c8a+ 8c8b 8c8b+"));
    assert_eq!(legal("4k4/9/9/9/9/9/9/1p7/4K4 w - 1", "8h"), list("8h8i+"));
    assert_eq!(legal("4k4/9/9/9/9/9/1l7/9/K8 w - 1", "8g"), list("8g8h 8g8h+ 8g8i+"));
    // A pawn reaching the second-to-last rank may stay a pawn.
    assert_eq!(legal("4k4/9/1P7/9/9/9/9/9/4K4 b - 1", "8c"), list("8c8b 8c8b+"));
}

#[test]
fn knight_must_promote_on_the_last_two_ranks() {
    assert_eq!(legal("4k4/9/9/1N7/9/9/9/9/4K4 b - 1", "8d"), list("8d7b+ 8d9b+"));
    assert_eq!(legal("4k4/9/9/9/1N7/9/9/9/4K4 b - 1", "8e"), list("8e7c 8e7c+ 8e9c 8e9c+"));
    assert_eq!(legal("4k4/9/9/9/9/1n7/9/9/4K4 w - 1", "8f"), list("8f7h+ 8f9h+"));
    assert_eq!(legal("4k4/9/9/9/1n7/9/9/9/4K4 w - 1", "8e"), list("8e7g 8e7g+ 8e9g 8e9g+"));
}

#[test]
fn gold_king_and_promoted_pieces_never_promote() {
    assert_eq!(legal("4k4/9/9/4G4/9/9/9/9/4K4 b - 1", "5d"), list("5d4c 5d5c 5d6c 5d4d 5d6d 5d5e"));
    assert_eq!(legal("9/9/9/4K4/9/9/9/9/k8 b - 1", "5d"), list("5d4c 5d5c 5d6c 5d4d 5d6d 5d4e 5d5e 5d6e"));
    assert_eq!(legal("4k4/9/9/4+S4/9/9/9/9/4K4 b - 1", "5d"), list("5d4c 5d5c 5d6c 5d4d 5d6d 5d5e"));
    assert_eq!(legal("4k4/9/9/9/9/9/4g4/9/K8 w - 1", "5g"), list("5g4h 5g5h 5g6h 5g4g 5g6g 5g5f"));
}

#[test]
fn a_drop_never_promotes_but_the_dropped_piece_may_promote_moving_in_the_zone() {
    let text = "4k4/9/9/9/9/9/9/9/4K4 b S 1";
    let drops = legal(text, "S*");
    assert!(drops.contains(&"S*2c".to_string()));
    assert!(drops.iter().all(|m| !m.ends_with('+')));
    let mut p = pos(text);
    p.play(mv("S*2c")).unwrap();
    assert_eq!(p.piece_at(Square::from_usi("2c").unwrap()), Some(Piece::new(Color::Sente, Role::Silver)));
    p.play(mv("5a6a")).unwrap();
    // Starting inside the zone, its next move may promote.
    assert!(p.is_legal(mv("2c2b+")) && p.is_legal(mv("2c2b")));
}

#[test]
fn promotion_helpers_agree_with_the_rules() {
    let sq = |s| Square::from_usi(s).unwrap();
    assert!(may_promote(Color::Sente, Role::Silver, sq("5d"), sq("5c")));
    assert!(may_promote(Color::Sente, Role::Silver, sq("5c"), sq("4d")));
    assert!(!may_promote(Color::Sente, Role::Silver, sq("5e"), sq("5d")));
    assert!(!may_promote(Color::Sente, Role::Gold, sq("5d"), sq("5c")));
    assert!(!may_promote(Color::Sente, Role::Dragon, sq("5d"), sq("5c")));
    assert!(may_promote(Color::Gote, Role::Pawn, sq("5f"), sq("5g")));
    assert!(must_promote(Color::Sente, Role::Pawn, sq("5a")) && !must_promote(Color::Sente, Role::Pawn, sq("5b")));
    assert!(must_promote(Color::Sente, Role::Knight, sq("5b")) && !must_promote(Color::Sente, Role::Knight, sq("5c")));
    assert!(must_promote(Color::Gote, Role::Lance, sq("5i")) && !must_promote(Color::Gote, Role::Lance, sq("5h")));
    assert!(must_promote(Color::Gote, Role::Knight, sq("5h")) && !must_promote(Color::Gote, Role::Knight, sq("5g")));
}

// ---- Drops ----

#[test]
fn drops_only_on_empty_squares() {
    // Sente's 6i gold is in hand: 81 - 39 pieces = 42 empty squares, each a drop.
    let text = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS1KGSNL b G 1";
    let p = pos(text);
    let drops = legal(text, "G*");
    assert_eq!(drops.len(), 42);
    let empty = Square::all().filter(|&sq| p.piece_at(sq).is_none()).count();
    assert_eq!(drops.len(), empty);
    for d in &drops {
        assert_eq!(p.piece_at(mv(d).to()), None, "{d}");
    }
    assert!(!p.is_legal(mv("G*7g")), "onto an own pawn");
    assert!(!p.is_legal(mv("G*7c")), "onto an enemy pawn");
}

#[test]
fn two_pawn_rule_counts_unpromoted_pawns_of_the_same_side_only() {
    // Sente pawn on 5g; a tokin on 3e; gote pawn on 7f.
    let text = "4k4/9/9/9/6+P2/2p6/4P4/9/4K4 b P 1";
    let drops = legal(text, "P*");
    assert!(drops.iter().all(|d| !d.starts_with("P*5")), "file 5 holds a sente pawn");
    assert!(is_legal(text, "P*3f"), "a tokin does not count");
    assert!(is_legal(text, "P*7e"), "a gote pawn does not count");
    // 8 files x 8 ranks (not rank a), minus the occupied 3e and 7f: 62.
    assert_eq!(drops.len(), 62);
    // Gote's side of the same rule.
    let gote = "4k4/9/4p4/9/9/9/9/9/4K4 w p 1";
    assert!(!is_legal(gote, "P*5e") && is_legal(gote, "P*4e"));
}

/// Drop targets of `role` for the side to move, as (file, rank from its far side).
fn drop_ranks(text: &str, role: &str) -> Vec<u8> {
    let p = pos(text);
    let mut ranks: Vec<u8> =
        legal(text, &format!("{role}*")).iter().map(|d| mv(d).to().rank_from_far_side(p.turn())).collect();
    ranks.sort();
    ranks.dedup();
    ranks
}

#[test]
fn no_drop_where_the_piece_could_never_move() {
    for (sente, gote, count, first_rank) in [("P", "p", 71, 1), ("L", "l", 71, 1), ("N", "n", 62, 2)] {
        let s = format!("4k4/9/9/9/9/9/9/9/4K4 b {sente} 1");
        let g = format!("4k4/9/9/9/9/9/9/9/4K4 w {gote} 1");
        assert_eq!(legal(&s, &format!("{sente}*")).len(), count, "{s}");
        assert_eq!(legal(&g, &format!("{sente}*")).len(), count, "{g}");
        let expected: Vec<u8> = (first_rank..9).collect();
        assert_eq!(drop_ranks(&s, sente), expected, "{s}");
        assert_eq!(drop_ranks(&g, sente), expected, "{g}");
    }
    assert!(!is_legal("4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*1b"));
    assert!(!is_legal("4k4/9/9/9/9/9/9/9/4K4 w n 1", "N*1h"));
    assert!(!is_legal("4k4/9/9/9/9/9/9/9/4K4 w l 1", "L*1i"));
    // Every other piece may be dropped anywhere empty, the last rank included.
    assert_eq!(legal("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*").len(), 79);
    assert!(is_legal("4k4/9/9/9/9/9/9/9/4K4 b S 1", "S*1a"));
}

// ---- Pawn-drop mate ----

/// Gote king on 5a between its own lances; a sente gold on 5c guards 5b, 4b and 6b.
const DROP_MATE: &str = "3lkl3/9/4G4/9/9/9/9/9/4K4 b P 1";

#[test]
fn a_pawn_drop_that_mates_is_banned() {
    assert_eq!(legal(DROP_MATE, "P*5"), list("P*5d P*5e P*5f P*5g P*5h"));
    // Because it would be mate: after the drop, gote has no move.
    assert!(pos(DROP_MATE).after(mv("P*5b")).is_checkmate());
    // The same for gote dropping in front of sente's king.
    let gote = "4k4/9/9/9/9/9/4g4/9/3LKL3 w p 1";
    assert!(!is_legal(gote, "P*5h"));
    assert!(pos(gote).after(mv("P*5h")).is_checkmate());
}

#[test]
fn a_pawn_drop_mate_is_banned_when_only_a_pinned_piece_could_take_the_pawn() {
    // Gote's gold on 4b could take a pawn on 5b, but sente's bishop on 2d pins it to the king.
    let pinned = "3lkl3/5g3/4G4/7B1/9/9/9/9/4K4 b P 1";
    assert!(!is_legal(pinned, "P*5b"));
    assert!(pos(pinned).after(mv("P*5b")).is_checkmate());
    // Without the bishop the gold takes the pawn: the drop is legal.
    let free = "3lkl3/5g3/4G4/9/9/9/9/9/4K4 b P 1";
    assert!(is_legal(free, "P*5b"));
    let after = pos(free).after(mv("P*5b"));
    assert!(after.is_check());
    assert_eq!(after.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(), vec!["4b5b"]);
}

#[test]
fn a_pawn_drop_check_that_can_be_answered_is_legal() {
    // The king takes the unguarded pawn.
    let take = "4k4/9/9/9/9/9/9/9/4K4 b P 1";
    assert!(is_legal(take, "P*5b"));
    assert!(pos(take).after(mv("P*5b")).is_legal(mv("5a5b")));
    // The pawn is guarded but the king steps aside to 4a or 6a.
    let escape = "4k4/9/4G4/9/9/9/9/9/4K4 b P 1";
    assert!(is_legal(escape, "P*5b"));
    let replies: Vec<String> = pos(escape).after(mv("P*5b")).legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(list(&replies.join(" ")), list("5a4a 5a6a"));
}

#[test]
fn a_pawn_moved_to_mate_is_legal() {
    // Silvers on 4c and 6c guard 5b, 4b and 6b; the pawn steps from 5c to 5b.
    let text = "3lkl3/9/3SPS3/9/9/9/9/9/4K4 b - 1";
    assert_eq!(legal(text, "5c"), list("5c5b 5c5b+"));
    assert!(pos(text).after(mv("5c5b")).is_checkmate());
    // Dropped there instead, the same pawn would be banned.
    assert!(!is_legal("3lkl3/9/3S1S3/9/9/9/9/9/4K4 b P 1", "P*5b"));
}

#[test]
fn a_drop_mate_by_another_piece_is_legal() {
    let text = "3lkl3/9/3S1S3/9/9/9/9/9/4K4 b GL 1";
    for drop in ["G*5b", "L*5b"] {
        assert!(is_legal(text, drop), "{drop}");
        assert!(pos(text).after(mv(drop)).is_checkmate(), "{drop}");
    }
    // A knight dropped on 2c mates a king boxed in by its own lance and knights.
    let knight = "7lk/7nn/9/9/9/9/9/9/4K4 b N 1";
    assert!(is_legal(knight, "N*2c") && pos(knight).after(mv("N*2c")).is_checkmate());
    // lishogi's fixture: the lance drop mates where the pawn drop may not.
    let lishogi = "3rkr3/9/8p/4N4/1B7/9/1SG6/1KS6/9 b LPp 1";
    assert!(is_legal(lishogi, "L*5b") && pos(lishogi).after(mv("L*5b")).is_checkmate());
    assert!(!is_legal(lishogi, "P*5b"));
}

#[test]
fn mate_in_one_finds_a_mating_move_but_never_a_pawn_drop_mate() {
    let mates = |text: &str| pos(text).mate_in_one().map(|m| pos(text).after(m).is_checkmate());
    assert_eq!(mates(DROP_MATE), None, "the only mate is the banned pawn drop");
    assert_eq!(mates("3lkl3/9/3SPS3/9/9/9/9/9/4K4 b - 1"), Some(true), "the pawn steps to 5b");
    assert_eq!(mates("7lk/7nn/9/9/9/9/9/9/4K4 b N 1"), Some(true), "a knight drop");
    assert_eq!(mates("4k4/9/9/9/9/9/9/9/4K4 b P 1"), None, "the king takes the pawn");
    assert_eq!(mates(sfen::STARTPOS), None);
}

// ---- The king may not be left attacked ----

#[test]
fn a_piece_pinned_by_a_rook_or_dragon_moves_only_along_the_pin() {
    assert_eq!(legal("4r4/9/9/9/4S4/9/9/9/4K4 b - 1", "5e"), list("5e5d"));
    assert_eq!(legal("4k4/4+r4/9/9/4S4/9/9/9/4K4 b - 1", "5e"), list("5e5d"));
    // A pinned rook slides along the pin and may take the pinner.
    assert_eq!(
        legal("k3r4/9/9/9/4R4/9/9/9/4K4 b - 1", "5e"),
        list("5e5a 5e5a+ 5e5b 5e5b+ 5e5c 5e5c+ 5e5d 5e5f 5e5g 5e5h")
    );
    // Gote's silver pinned by sente's rook.
    assert_eq!(legal("4k4/4s4/9/9/4R4/9/9/9/4K4 w - 1", "5b"), list("5b5c"));
}

#[test]
fn a_piece_pinned_by_a_bishop_or_horse_moves_only_along_the_pin() {
    // Gold on 3g between king 5i and the bishop on 1e: only 2f stays on the line.
    assert_eq!(legal("4k4/9/9/9/8b/9/6G2/9/4K4 b - 1", "3g"), list("3g2f"));
    assert_eq!(legal("4k4/9/9/9/8+b/9/6G2/9/4K4 b - 1", "3g"), list("3g2f"));
}

#[test]
fn a_piece_pinned_by_a_lance_moves_only_along_the_pin() {
    assert_eq!(legal("4k4/4l4/9/9/4G4/9/9/9/4K4 b - 1", "5e"), list("5e5d 5e5f"));
    // A lance behind the king pins nothing: it only attacks forward.
    assert_eq!(legal("4k4/9/9/9/4G4/9/4K4/4l4/9 b - 1", "5e").len(), 6);
}

#[test]
fn a_pinned_piece_may_not_take_the_checker_if_that_discovers_an_attack() {
    // Knight on 4g checks; the silver on 5h could take it but would open file 5 to the rook.
    let text = "8k/4r4/9/9/9/9/5n3/4S4/4K4 b - 1";
    assert!(pos(text).is_check());
    assert_eq!(legal(text, ""), list("5i4h 5i4i 5i6h 5i6i"));
}

#[test]
fn the_king_may_not_step_into_attack() {
    // Gote's gold on 5g covers 4h, 5h and 6h.
    assert_eq!(legal("4k4/9/9/9/9/9/4g4/9/4K4 b - 1", ""), list("5i4i 5i6i"));
    // Nor take a guarded piece: the pawn on 6h is guarded by the gold on 6g.
    assert_eq!(legal("4k4/9/9/9/9/9/3g5/3p5/4K4 b - 1", ""), list("5i4h 5i4i"));
}

#[test]
fn the_king_may_not_step_back_along_the_line_of_a_checking_slider() {
    // 5f is behind the king as seen from the rook: attacked once the king has left 5e.
    assert_eq!(legal("4r4/9/9/9/4K4/9/9/9/k8 b - 1", ""), list("5e4d 5e4e 5e4f 5e6d 5e6e 5e6f"));
    assert_eq!(legal("4l4/9/9/9/4K4/9/9/9/k8 b - 1", ""), list("5e4d 5e4e 5e4f 5e6d 5e6e 5e6f"));
    assert_eq!(legal("8b/9/9/9/4K4/9/9/9/k8 b - 1", ""), list("5e4e 5e4f 5e5d 5e5f 5e6d 5e6e"));
}

#[test]
fn double_check_allows_only_king_moves() {
    // Rook on 5a and bishop on 1a both check; the silver could take the rook and a
    // gold could be dropped between, but only the king may move.
    let text = "4r3b/5S3/9/9/4K4/9/9/9/k8 b G 1";
    assert_eq!(pos(text).checkers().count(), 2);
    assert_eq!(legal(text, ""), list("5e4e 5e4f 5e6d 5e6e"));
}

#[test]
fn single_check_is_answered_by_capture_interposition_or_king_move() {
    // Rook on 5a checks king 5e: the silver on 4b takes it or steps back to 5c
    // between, a gold dropped on 5b..5d blocks, or the king steps off the file.
    let text = "4r4/5S3/9/9/4K4/9/9/9/k8 b G 1";
    assert_eq!(legal(text, ""), list("4b5a 4b5a+ 4b5c 4b5c+ G*5b G*5c G*5d 5e4d 5e4e 5e4f 5e6d 5e6e 5e6f"));
}

// ---- Checkmate and no legal move ----

#[test]
fn checkmate() {
    let text = "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1";
    let p = pos(text);
    assert!(p.is_check() && !p.has_legal_moves() && p.is_checkmate());
    assert!(p.legal_moves().is_empty());
}

#[test]
fn no_legal_move_without_check() {
    // Gote's lone king on 1a: the knight covers 2a, the gold 1b and 2b; no check.
    let p = pos("8k/9/6NG1/9/9/9/9/9/4K4 w - 1");
    assert!(!p.is_check() && !p.has_legal_moves() && !p.is_checkmate());
}

// ---- Checks no game could reach ----

#[test]
fn impossible_checks_are_refused_when_a_position_is_set_up() {
    let impossible = SetupError::ImpossibleCheck { color: Color::Sente };
    for (text, why) in [
        ("4k4/9/9/9/4r4/5n3/9/3gK4/9 b - 1", "three checkers"),
        ("4k4/9/4r4/9/9/4K4/9/9/4r4 b - 1", "two rooks on one file, the king between"),
        ("4k4/9/9/9/9/9/4gs3/4K4/9 b - 1", "two checkers touching the king: neither was uncovered"),
    ] {
        assert_eq!(sfen::parse_position(text).unwrap_err(), sfen::SfenError::Illegal(impossible.clone()), "{why}");
    }
    // One moved piece and one uncovered slider: a real double check.
    assert!(sfen::parse_position("4r3b/9/9/9/4K4/9/9/9/k8 b - 1").is_ok());
    assert!(sfen::parse_position("4r4/9/9/9/9/5n3/9/4K4/k8 b - 1").is_ok());
}

// ---- Passing, for the search's null move ----

/// A pass is the same position with the other side to move: equal, hash included, to the
/// position read from the same board with the turn flipped; impossible in check.
#[test]
fn a_null_move_hands_the_turn_over_and_is_refused_in_check() {
    for text in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        // Gote's silver on 5c is pinned by the rook on 5i once gote is to move.
        "4k4/9/4s4/9/9/9/9/9/4R3K b - 7",
        "ln1g3nl/1r1s1kg2/p1pppp1pp/6s2/1p5P1/2P6/PPSPPPP1P/2G2S1R1/LN2KG1NL b Bb 17",
    ] {
        let position = pos(text);
        let mut flipped = position.to_setup();
        flipped.turn = !flipped.turn;
        flipped.move_number += 1;
        let expected = Position::from_setup(&flipped).unwrap();
        let passed = position.null_move().unwrap();
        assert_eq!(passed, expected, "{text}");
        assert_eq!(passed.pinned(passed.turn()), expected.pinned(expected.turn()), "{text}");
        assert!(!passed.is_check(), "{text}");
        assert_eq!(passed.null_move().unwrap().hash(), position.hash(), "{text}");
    }
    assert!(pos("4k4/4r4/9/9/9/9/9/9/4K4 b - 1").null_move().is_none());
}

/// The quick test for check (no move played) against playing the move, over random games.
#[test]
fn gives_check_agrees_with_playing_the_move() {
    let starts = [
        sfen::STARTPOS,
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    ];
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut checks = 0;
    for start in starts {
        let mut pos = sfen::parse_position(start).unwrap();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in moves.iter() {
                let expected = pos.after(m).is_check();
                assert_eq!(pos.gives_check(m), expected, "{pos:?} {m}");
                checks += expected as u32;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
        }
    }
    assert!(checks > 100, "only {checks} checking moves seen");
}

/// Capture generation lists exactly the legal moves that take a piece, in and out of check,
/// over random games.
#[test]
fn generated_captures_are_the_legal_captures() {
    let starts = [
        sfen::STARTPOS,
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let (mut captures_seen, mut in_check_seen) = (0, 0);
    for start in starts {
        let mut pos = sfen::parse_position(start).unwrap();
        for _ in 0..150 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut expected: Vec<String> = moves
                .iter()
                .filter(|m| !m.is_drop() && pos.piece_at(m.to()).is_some())
                .map(|m| m.to_string())
                .collect();
            let mut captures = MoveList::new();
            pos.generate_captures(&mut captures);
            let mut got: Vec<String> = captures.iter().map(|m| m.to_string()).collect();
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "{pos:?}");
            captures_seen += got.len();
            in_check_seen += pos.is_check() as usize;
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
        }
    }
    assert!(captures_seen > 200 && in_check_seen > 5, "{captures_seen} captures, {in_check_seen} checks seen");
}

/// Hashes as literals: a change to the keys or to how a position combines them (board,
/// promoted pieces, hands by count, side to move) fails here.
#[test]
fn position_hashes_are_pinned() {
    assert_eq!(Position::startpos().hash(), 0x8743_fed3_b803_fb4c);
    assert_eq!(pos("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2").hash(), 0x30a3_52c3_fba9_3f07);
    assert_eq!(pos("4k4/9/4+P4/9/9/9/9/9/4K4 b 2P 1").hash(), 0xecab_cd53_7438_b7c7);
    assert_eq!(pos("4k4/9/4+P4/9/9/9/9/9/4K4 b 2Pr 1").hash(), 0x4b20_342d_f622_9e8d);
    assert_eq!(pos("4k4/9/4+P4/9/9/9/9/9/4K4 w 2Pr 1").hash(), 0x6650_429f_bd03_cf5c);
}
