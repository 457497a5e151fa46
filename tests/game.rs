//! How a game ends: checkmate, no legal move, repetition, perpetual check,
//! impasse under both rules, resignation; and taking moves back.

use shogi::notation::{sfen, usi};
use shogi::rules::*;

fn game(text: &str) -> Game {
    Game::new(sfen::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

fn play(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        game.play(usi::parse(m).unwrap()).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn won(winner: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome { winner: Some(winner), reason })
}

fn drawn(reason: Reason) -> Option<Outcome> {
    Some(Outcome { winner: None, reason })
}

#[test]
fn checkmate_ends_the_game_for_the_mover() {
    let mut g = game("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "G*5b");
    assert_eq!(g.outcome(), won(Color::Sente, Reason::Checkmate));
    let refused = g.play(usi::parse("5a4a").unwrap());
    assert!(matches!(refused, Err(PlayError::GameOver { .. })), "{refused:?}");
    // A game set up in a mated position is over from the start.
    assert_eq!(game("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1").outcome(), won(Color::Sente, Reason::Checkmate));
}

#[test]
fn no_legal_move_loses_for_the_side_that_cannot_move() {
    // The knight covers 2a; the gold 1b and 2b; gote's king on 1a is not in check.
    let mut g = game("8k/9/7G1/9/9/9/9/9/4K4 b N 1");
    play(&mut g, "N*3c");
    assert!(!g.position().is_check());
    assert_eq!(g.outcome(), won(Color::Sente, Reason::NoLegalMoves));
    // And for gote stalemating sente.
    let mut g = game("4k4/9/9/9/9/9/1g7/9/K8 w n 1");
    play(&mut g, "N*7g");
    assert_eq!(g.outcome(), won(Color::Gote, Reason::NoLegalMoves));
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut g = Game::new(Position::startpos());
    let e = g.play(usi::parse("7g7e").unwrap()).unwrap_err();
    assert!(matches!(e, PlayError::Illegal(_)), "{e}");
    assert!(g.moves().is_empty());
    assert_eq!(g.position(), &Position::startpos());
}

/// Golds step aside and back from the start position: one cycle of 4 plies.
const GOLD_SHUFFLE: &str = "6i6h 4a4b 6h6i 4b4a";

#[test]
fn the_fourth_occurrence_of_a_position_is_a_draw_not_the_third() {
    let mut g = Game::new(Position::startpos());
    assert_eq!(g.repetitions(), 1);
    play(&mut g, GOLD_SHUFFLE);
    assert_eq!(g.repetitions(), 2);
    play(&mut g, GOLD_SHUFFLE);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), None, "the third occurrence does not end the game");
    play(&mut g, "6i6h 4a4b 6h6i");
    assert_eq!(g.outcome(), None);
    play(&mut g, "4b4a");
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.outcome(), drawn(Reason::Repetition));
    assert!(g.play(usi::parse("7g7f").unwrap()).is_err());
}

/// Sente's rook checks from 1a and 1b in turn while gote's king steps between 5a
/// and 5b. Starting with sente to move, the fourth occurrence comes on gote's move.
const ROOK_CHECKS: &str = "1b1a 5a5b 1a1b 5b5a";

#[test]
fn perpetual_check_loses_for_the_checker_when_the_other_side_repeats() {
    let mut g = game("4k4/8R/9/9/9/9/9/9/4K4 b - 1");
    play(&mut g, ROOK_CHECKS);
    play(&mut g, ROOK_CHECKS);
    play(&mut g, "1b1a 5a5b 1a1b");
    assert_eq!(g.outcome(), None);
    play(&mut g, "5b5a");
    assert_eq!(g.outcome(), won(Color::Gote, Reason::PerpetualCheck));
}

#[test]
fn perpetual_check_loses_for_the_checker_when_the_checker_repeats() {
    // The same cycle started one ply later: the checks themselves bring the fourth occurrence.
    let mut g = game("4k3R/9/9/9/9/9/9/9/4K4 w - 1");
    assert!(g.position().is_check());
    for _ in 0..3 {
        play(&mut g, "5a5b 1a1b 5b5a 1b1a");
    }
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.outcome(), won(Color::Gote, Reason::PerpetualCheck));
}

#[test]
fn perpetual_check_by_gote_loses_for_gote() {
    // The first position turned around: gote's rook checks sente's king.
    let mut g = game("4k4/9/9/9/9/9/9/r8/4K4 w - 1");
    for _ in 0..3 {
        play(&mut g, "9h9i 5i5h 9i9h 5h5i");
    }
    assert_eq!(g.outcome(), won(Color::Sente, Reason::PerpetualCheck));
}

#[test]
fn checks_only_in_later_cycles_are_a_plain_repetition() {
    // The first cycle back to the start has quiet rook moves; the next two are all
    // checks. Counted from the first occurrence, sente did not check throughout.
    let mut g = game("4k4/8R/9/9/9/9/9/9/4K4 b - 1");
    play(&mut g, "1b1c 5a4a 1c1b 4a5a");
    assert_eq!(g.repetitions(), 2);
    play(&mut g, ROOK_CHECKS);
    play(&mut g, ROOK_CHECKS);
    assert_eq!(g.outcome(), drawn(Reason::Repetition));
}

#[test]
fn resignation() {
    let mut g = Game::new(Position::startpos());
    play(&mut g, "7g7f");
    assert_eq!(g.resign(Color::Gote), Ok(Outcome { winner: Some(Color::Sente), reason: Reason::Resignation }));
    assert!(g.is_over());
    assert!(g.resign(Color::Sente).is_err(), "the game is already over");
    assert!(g.play(usi::parse("3c3d").unwrap()).is_err());
}

#[test]
fn undo_takes_back_one_ply_and_any_ending() {
    let mut g = Game::new(Position::startpos());
    assert_eq!(g.undo(), None);
    play(&mut g, "7g7f 3c3d 8h2b+");
    let before = g.position().clone();
    play(&mut g, "3a2b");
    assert_eq!(g.undo().map(|m| m.to_string()), Some("3a2b".to_string()));
    assert_eq!(g.position(), &before);
    assert_eq!(g.moves().len(), 3);
    assert_eq!(g.plies().len(), 4);
    assert_eq!(g.plies().last().map(|p| p.hash), Some(before.hash()));
    g.resign(Color::Gote).unwrap();
    g.undo();
    assert_eq!(g.outcome(), None);
    assert_eq!(
        sfen::write_position(g.position()),
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
    );
}

#[test]
fn undo_forgets_an_occurrence() {
    let mut g = Game::new(Position::startpos());
    for _ in 0..3 {
        play(&mut g, GOLD_SHUFFLE);
    }
    assert_eq!(g.outcome(), drawn(Reason::Repetition));
    assert_eq!(g.undo().map(|m| m.to_string()), Some("4b4a".to_string()));
    assert_eq!(g.outcome(), None);
    // The position before 4b4a stood after plies 3, 7 and 11.
    assert_eq!(g.repetitions(), 3);
    play(&mut g, "4b4a");
    assert_eq!(g.outcome(), drawn(Reason::Repetition));
}

// ---- Impasse: the 24-point rule ----

/// Both kings in their zones; every other piece in hand (54 points in all).
fn count_24(hands: &str) -> Game {
    game(&format!("9/4K4/9/9/9/9/9/4k4/9 b {hands} 1"))
}

#[test]
fn points_24_a_side_under_24_loses() {
    // Sente: R B 4G 4S 5P = 23; gote: r b 4n 4l 13p = 31.
    let mut g = count_24("RB4G4S5Prb4n4l13p");
    assert_eq!(impasse_points(g.position(), Color::Sente).total(ImpasseRule::Points24), 23);
    assert!(g.can_declare_impasse(ImpasseRule::Points24), "the count may be called even when it loses");
    assert_eq!(
        g.declare_impasse(ImpasseRule::Points24),
        Ok(Outcome { winner: Some(Color::Gote), reason: Reason::Impasse })
    );
    assert!(g.play(usi::parse("5b5a").unwrap()).is_err());
    // Gote at 23: R B 4G 4S 4N 4L 5P = 31 against r b 13p = 23.
    let mut g = count_24("RB4G4S4N4L5Prb13p");
    assert_eq!(g.declare_impasse(ImpasseRule::Points24).map(|o| o.winner), Ok(Some(Color::Sente)));
}

#[test]
fn points_24_both_at_24_or_more_is_a_draw() {
    // Sente exactly 24 (R B 4G 4S 6P), gote 30.
    let mut g = count_24("RB4G4S6Prb4n4l12p");
    assert_eq!(g.declare_impasse(ImpasseRule::Points24), Ok(Outcome { winner: None, reason: Reason::Impasse }));
    // Gote exactly 24 (r b 14p), sente 30; gote to move calls it.
    let mut g = game("9/4K4/9/9/9/9/9/4k4/9 w RB4G4S4N4L4Prb14p 1");
    assert_eq!(impasse_points(g.position(), Color::Gote).total(ImpasseRule::Points24), 24);
    assert_eq!(g.declare_impasse(ImpasseRule::Points24).map(|o| o.winner), Ok(None));
}

#[test]
fn points_24_counts_pieces_on_the_board_anywhere_and_ignores_promotion() {
    // A sente gold on 5e and a dragon on 9e (a rook: 5) outside the zone.
    let g = game("9/4K4/9/9/+R3G4/9/9/4k4/9 b B3G4S6Pb4n4l12p 1");
    let points = impasse_points(g.position(), Color::Sente);
    assert_eq!(
        points,
        ImpassePoints { in_hand: 5 + 3 + 4 + 6, in_zone: 0, elsewhere: 5 + 1, pieces_in_zone: 0, king_in_zone: true }
    );
    assert_eq!(points.total(ImpasseRule::Points24), 24);
    assert_eq!(points.total(ImpasseRule::Declaration27), 18);
}

#[test]
fn points_24_needs_both_kings_in_their_zones() {
    let mut g = game("9/9/9/4K4/9/9/9/4k4/9 b RB4G4S6Prb4n4l12p 1");
    assert!(!g.can_declare_impasse(ImpasseRule::Points24));
    assert_eq!(g.declare_impasse(ImpasseRule::Points24), Err(ImpasseError::KingsNotBothInZone));
    assert_eq!(g.outcome(), None);
}

// ---- Impasse: the 27-point declaration ----

/// Sente's king on 5b with 10 pieces in the zone worth 26 (two rooks, two
/// bishops, two golds, two silvers, two knights); `hand` adds the rest.
fn sente_declares(zone_row_c: &str, hand: &str, turn: char) -> Game {
    game(&format!("RB1GGSS2/RB2K4/{zone_row_c}/9/9/9/9/9/7k1 {turn} {hand} 1"))
}

#[test]
fn declaration_sente_needs_28_points() {
    let mut g = sente_declares("NN7", "P", 'b');
    assert_eq!(impasse_points(g.position(), Color::Sente).total(ImpasseRule::Declaration27), 27);
    assert!(!g.can_declare_impasse(ImpasseRule::Declaration27));
    assert_eq!(
        g.declare_impasse(ImpasseRule::Declaration27),
        Err(ImpasseError::TooFewPoints { points: 27, needed: 28 })
    );
    assert_eq!(g.outcome(), None, "a refused declaration does not end the game");

    let mut g = sente_declares("NN7", "2P", 'b');
    let points = impasse_points(g.position(), Color::Sente);
    assert_eq!(points, ImpassePoints { in_hand: 2, in_zone: 26, elsewhere: 0, pieces_in_zone: 10, king_in_zone: true });
    assert!(g.can_declare_impasse(ImpasseRule::Declaration27));
    assert_eq!(
        g.declare_impasse(ImpasseRule::Declaration27),
        Ok(Outcome { winner: Some(Color::Sente), reason: Reason::Impasse })
    );
    assert!(g.is_over());
    assert_eq!(g.declare_impasse(ImpasseRule::Declaration27), Err(ImpasseError::GameOver));
}

#[test]
fn declaration_needs_10_pieces_in_the_zone() {
    // One knight moved from the zone to the hand: 9 pieces, still 28 points.
    let mut g = sente_declares("N8", "N2P", 'b');
    assert_eq!(impasse_points(g.position(), Color::Sente).total(ImpasseRule::Declaration27), 28);
    assert_eq!(
        g.declare_impasse(ImpasseRule::Declaration27),
        Err(ImpasseError::TooFewPiecesInZone { pieces: 9, needed: 10 })
    );
}

#[test]
fn declaration_counts_only_the_zone_and_the_hand() {
    // A third gold on 5e makes 28 on the whole board, but only 27 count.
    let mut g = game("RB1GGSS2/RB2K4/NN7/9/4G4/9/9/9/7k1 b P 1");
    assert_eq!(impasse_points(g.position(), Color::Sente).total(ImpasseRule::Points24), 28);
    assert_eq!(
        g.declare_impasse(ImpasseRule::Declaration27),
        Err(ImpasseError::TooFewPoints { points: 27, needed: 28 })
    );
}

#[test]
fn declaration_is_refused_in_check_or_with_the_king_outside_the_zone() {
    // Gote's silver on 4c checks the king on 5b.
    let mut g = sente_declares("NN3s3", "2P", 'b');
    assert!(g.position().is_check());
    assert!(!g.can_declare_impasse(ImpasseRule::Declaration27));
    assert_eq!(g.declare_impasse(ImpasseRule::Declaration27), Err(ImpasseError::InCheck));
    let mut g = game("RB1GGSS2/RB7/NN7/4K4/9/9/9/9/7k1 b 2P 1");
    assert_eq!(g.declare_impasse(ImpasseRule::Declaration27), Err(ImpasseError::KingNotInZone));
}

#[test]
fn declaration_is_made_by_the_side_to_move() {
    // Sente would win by declaring, but it is gote's turn and gote has nothing in its zone.
    let mut g = sente_declares("NN7", "2P", 'w');
    assert_eq!(
        g.declare_impasse(ImpasseRule::Declaration27),
        Err(ImpasseError::TooFewPiecesInZone { pieces: 0, needed: 10 })
    );
}

#[test]
fn declaration_gote_needs_27_points() {
    // The sente position turned around: gote's zone holds 26 points in 10 pieces.
    let gote = |hand: &str| game(&format!("1K7/9/9/9/9/9/7nn/4k2br/2ssgg1br w {hand} 1"));
    let mut g = gote("-");
    assert_eq!(
        g.declare_impasse(ImpasseRule::Declaration27),
        Err(ImpasseError::TooFewPoints { points: 26, needed: 27 })
    );
    let mut g = gote("p");
    assert!(g.can_declare_impasse(ImpasseRule::Declaration27));
    assert_eq!(
        g.declare_impasse(ImpasseRule::Declaration27),
        Ok(Outcome { winner: Some(Color::Gote), reason: Reason::Impasse })
    );
}

#[test]
fn undo_withdraws_a_declaration() {
    let mut g = sente_declares("NN7", "2P", 'b');
    play(&mut g, "5b4b");
    play(&mut g, "2i3i");
    g.declare_impasse(ImpasseRule::Declaration27).unwrap();
    g.undo();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().turn(), Color::Gote);
}

#[test]
fn reasons_have_the_page_attribute_names() {
    let names: Vec<&str> = Reason::ALL.iter().map(|r| r.name()).collect();
    assert_eq!(
        names,
        ["checkmate", "no-moves", "repetition", "perpetual-check", "impasse", "resign", "illegal", "timeout"]
    );
    for reason in Reason::ALL {
        assert_eq!(Reason::from_name(reason.name()), Some(reason));
    }
    assert_eq!(Reason::from_name("stalemate"), None);
}
