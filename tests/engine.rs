//! The engine's search at fixed depths and node counts (never timing): mates found, legal
//! moves always, repetition scored by the rules.

use shogi::engine::strength::LEVELS;
use shogi::engine::{Clock, Engine, Limits, MateResult, Score, SearchResult, Strength};
use shogi::notation::{sfen, usi};
use shogi::rules::{may_promote, Ply, Position, Role, Square};

/// A clock that never moves, so only depth and node limits end a search.
struct FrozenClock;
impl Clock for FrozenClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

fn position(text: &str) -> Position {
    sfen::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn search_depth(engine: &mut Engine, pos: &Position, history: &[Ply], depth: u32) -> SearchResult {
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    engine.search(pos, history, &limits, &FrozenClock, &|| false, &mut |_| {})
}

#[test]
fn startpos_search_returns_a_legal_move_with_a_pv() {
    let mut engine = Engine::new(8);
    let pos = Position::startpos();
    let result = search_depth(&mut engine, &pos, &[], 4);
    let best = result.best.expect("a move");
    assert!(pos.is_legal(best));
    assert_eq!(result.depth, 4);
    assert_eq!(result.pv[0], best);
    let mut replay = pos.clone();
    for &m in &result.pv {
        replay.play(m).expect("every PV move is legal in turn");
    }
}

/// Tsume problems (mate by checks only) from the tests of the public repository
/// antma/tsumeshogi-check (`tests/tsume1.rs`, `tsume3.rs`, `tsume5.rs`, `tsume7.rs`), with
/// the number of plies of their solution (one corrected: it listed three bishops).
const TSUME: &[(&str, i32)] = &[
    ("k8/9/PK7/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1", 1),
    ("3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1", 1),
    ("kn7/ps7/9/9/N8/9/9/9/8B b 2rb4g3s2n4l17p 1", 1),
    ("k2G5/9/K8/9/N8/9/9/9/9 b 2r2b3g4s3n4l18p 1", 3),
    ("3sks3/9/4S4/9/9/8B/9/9/9 b S 1", 3),
    ("7nl/7k1/5+Pppp/9/9/9/9/9/9 b GS2r2b2g3s3n3l14p 1", 3),
    ("5g1nl/4g1sk1/4ppppp/9/4B4/9/9/9/9 b GN2rbg3s2n3l13p 1", 3),
    ("ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42", 3),
    ("9/9/5k3/9/4G4/4P4/9/9/9 b 3G2r2b4s4n4l17p 1", 5),
    ("6knl/6s2/5Pppp/9/9/9/9/9/9 b G2S2r2b3gs3n3l14p 1", 5),
    ("7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1", 5),
    ("l6nl/3+R1pk2/3p3gp/p1p3p2/1p1nsN3/2P3P1P/PP1P1S3/1SG2GK2/LN6L b BGPrbs4p 1", 5),
    ("l2k5/9/3S2S2/9/9/9/9/9/9 b B2N2rb4g2s2n3l18p 1", 5),
];

const TSUME_7: &[&str] =
    &["9/9/9/4k4/9/4P4/9/9/9 b 4G2r2b4s4n4l17p 1", "+R4G1nl/6k2/4ppppp/9/9/9/9/9/9 b r2b3g4s3n3l13p 1"];

/// Plays `line` from `pos` and checks that every move is legal and the last one mates.
fn assert_mating_line(pos: &Position, line: &[shogi::rules::Move]) {
    let mut replay = pos.clone();
    for &m in line {
        replay.play(m).unwrap_or_else(|e| panic!("{pos:?}: {e} in {line:?}"));
    }
    assert!(replay.is_checkmate(), "{pos:?}: {line:?} does not end in mate");
}

#[test]
fn search_finds_mate_in_1_3_and_5_at_fixed_depth() {
    for &(text, plies) in TSUME {
        let pos = position(text);
        let mut engine = Engine::new(8);
        let result = search_depth(&mut engine, &pos, &[], plies as u32 + 1);
        // Tsume counts exclude futile interpositions, which the full search still tries.
        match result.score {
            Score::Mate(n) => assert!(n > 0 && n <= plies + 2, "{text}: mate in {n}, expected {plies}"),
            other => panic!("{text}: expected mate in {plies}, got {other:?}"),
        }
        assert_mating_line(&pos, &result.pv);
    }
}

#[test]
fn mate_search_solves_tsume_up_to_7_plies() {
    let mut engine = Engine::new(1);
    let limits = Limits { nodes: Some(2_000_000), ..Limits::default() };
    for text in TSUME.iter().map(|t| t.0).chain(TSUME_7.iter().copied()) {
        let pos = position(text);
        match engine.mate_search(&pos, &limits, &FrozenClock, &|| false) {
            MateResult::Found(line) => assert_mating_line(&pos, &line),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn mate_search_proves_there_is_no_mate() {
    let mut engine = Engine::new(1);
    let limits = Limits { nodes: Some(2_000_000), ..Limits::default() };
    // A single gold in hand cannot mate a king in the open; nor can a lone king attack.
    for text in ["9/4k4/9/4P4/9/9/9/9/9 b G2r2b4s4n4l17p 1", "4k4/9/9/9/9/9/9/9/4K4 b - 1"] {
        let pos = position(text);
        assert_eq!(engine.mate_search(&pos, &limits, &FrozenClock, &|| false), MateResult::NoMate, "{text}");
    }
}

/// The positions of a game from `start` through `moves`, oldest first, and the last one.
fn replay(start: &str, moves: &[&str]) -> (Vec<Ply>, Position) {
    let mut pos = position(start);
    let mut history = vec![Ply::of(&pos)];
    for text in moves {
        let m = usi::parse_legal(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play_unchecked(m);
        history.push(Ply::of(&pos));
    }
    (history, pos)
}

/// Gote's king on 1b is checked by the rook on 9b; it can take the free rook on 2c or step
/// to 1a, after which the rook checks again from 9a, and so on.
const PERPETUAL: &str = "9/R7k/6NR1/9/9/9/9/9/4K4 w - 1";
const PERPETUAL_CYCLE: [&str; 4] = ["1b1a", "9b9a", "1a1b", "9a9b"];

#[test]
fn perpetual_check_loses_for_the_checker_inside_the_search() {
    // After one cycle, stepping to 1a repeats a position reached by sente's checks only.
    let (history, pos) = replay(PERPETUAL, &PERPETUAL_CYCLE);
    let mut engine = Engine::new(8);
    let result = search_depth(&mut engine, &pos, &history, 3);
    assert_eq!(result.best.map(|m| m.to_string()).as_deref(), Some("1b1a"), "{result:?}");
    assert!(matches!(result.score, Score::Mate(n) if n > 0), "{result:?}");

    // Sente, to move in the middle of the cycle, must not give the repeating check.
    let (history, pos) = replay(PERPETUAL, &PERPETUAL_CYCLE[..3]);
    let result = search_depth(&mut engine, &pos, &history, 3);
    assert_ne!(result.best.map(|m| m.to_string()).as_deref(), Some("9a9b"), "{result:?}");
}

#[test]
fn repetition_without_checks_is_a_draw_inside_the_search() {
    // Sente, far behind, can repeat the position by moving its king back to 8i.
    let (history, pos) = replay("8k/9/9/9/9/9/9/9/K8 b 2r2b 1", &["9i8i", "1a2a", "8i9i", "2a1a"]);
    let mut engine = Engine::new(8);
    let result = search_depth(&mut engine, &pos, &history, 3);
    assert_eq!(result.best.map(|m| m.to_string()).as_deref(), Some("9i8i"), "{result:?}");
    assert_eq!(result.score, Score::Cp(0));
}

/// A clock that advances one millisecond each time it is read: time limits end searches
/// at the same point on every machine.
struct SteppingClock(std::cell::Cell<f64>);
impl Clock for SteppingClock {
    fn now_ms(&self) -> f64 {
        self.0.set(self.0.get() + 1.0);
        self.0.get()
    }
}

/// xorshift64, for reproducible random games.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn never_an_illegal_move_in_random_positions() {
    let mut engine = Engine::new(2);
    let mut state = 0x1234_5678_9abc_def1u64;
    let mut checked = 0;
    let mut in_hand = 0;
    for game in 0..12 {
        let mut pos = Position::startpos();
        for ply in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 4 == game % 4 {
                // Node, depth and (stepped) time limits, including a 1 ms budget.
                let limits = match checked % 3 {
                    0 => Limits { nodes: Some(400), ..Limits::default() },
                    1 => Limits { depth: Some(2), ..Limits::default() },
                    _ => Limits { time_ms: Some(1 + checked % 40), ..Limits::default() },
                };
                let clock = SteppingClock(std::cell::Cell::new(0.0));
                let result = engine.search(&pos, &[], &limits, &clock, &|| false, &mut |_| {});
                let best = result.best.expect("a legal move exists");
                assert!(pos.is_legal(best), "{pos:?}: {best}");
                checked += 1;
                if !pos.hand(pos.turn()).is_empty() {
                    in_hand += 1;
                }
            }
            // Prefer captures, so that hands fill up.
            let captures: Vec<_> =
                moves.iter().copied().filter(|m| m.from().is_some() && pos.piece_at(m.to()).is_some()).collect();
            let pool: &[_] =
                if !captures.is_empty() && next_random(&mut state).is_multiple_of(2) { &captures } else { &moves };
            pos.play_unchecked(pool[(next_random(&mut state) % pool.len() as u64) as usize]);
        }
    }
    assert!(checked >= 300 && in_hand >= 100, "{checked} positions, {in_hand} with pieces in hand");
}

#[test]
fn never_an_illegal_move_near_mate() {
    // The defender's side of every tsume after the first mating move, and the attacker's.
    let mut engine = Engine::new(2);
    for &(text, _) in TSUME {
        let pos = position(text);
        for m in pos.legal_moves().iter() {
            let after = pos.after(*m);
            let limits = Limits { nodes: Some(3000), ..Limits::default() };
            let result = engine.search(&after, &[], &limits, &FrozenClock, &|| false, &mut |_| {});
            match result.best {
                Some(best) => assert!(after.is_legal(best), "{after:?}: {best}"),
                None => assert!(!after.has_legal_moves(), "{after:?}: resigned with legal moves"),
            }
        }
    }
}

#[test]
fn a_single_legal_move_is_played_without_searching() {
    // Gote's king on 1a in check from the rook on 9a, with one escape square.
    let pos = position("8k/R8/6NR1/9/9/9/9/9/4K4 b - 1");
    let pos = pos.after(usi::parse_legal(&pos, "9b9a").unwrap());
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 1, "{moves:?}");
    let mut engine = Engine::new(1);
    let result = search_depth(&mut engine, &pos, &[], 10);
    assert_eq!((result.best, result.depth, result.nodes), (Some(moves[0]), 0, 0));
}

#[test]
fn equal_seeds_give_equal_random_play_and_randomness_varies_it() {
    let pos = Position::startpos();
    let choose = |seed: u64| {
        let mut engine = Engine::new(1);
        engine.set_seed(seed);
        engine.set_strength(Strength { randomness: 300, ..Strength::FULL });
        search_depth(&mut engine, &pos, &[], 2).best.unwrap()
    };
    assert_eq!(choose(7), choose(7));
    let distinct: std::collections::HashSet<_> = (0..12).map(choose).collect();
    assert!(distinct.len() > 1, "randomness never changed the move");
}

#[test]
fn a_level_keeps_to_its_depth_and_nodes() {
    let mut engine = Engine::new(1);
    engine.set_strength(Strength::level(1));
    let limits = Limits { time_ms: Some(60_000), ..Limits::default() };
    let result = engine.search(&Position::startpos(), &[], &limits, &FrozenClock, &|| false, &mut |_| {});
    let cap = Strength::level(1);
    assert!(result.depth <= cap.depth.unwrap() && result.nodes <= cap.nodes.unwrap(), "{result:?}");
}

#[test]
fn the_weakest_level_never_leaves_its_rook_to_a_pawn() {
    // Gote's pawn on 5e, guarded by the gold on 5d, attacks sente's rook on 5f.
    let pos = position("4k4/9/9/4g4/4p4/4R4/9/9/4K4 b - 1");
    let (rook, guarded) = (Square::from_usi("5f").unwrap(), Square::from_usi("5e").unwrap());
    for seed in 0..20 {
        let mut engine = Engine::new(1);
        engine.set_seed(seed);
        engine.set_strength(Strength::level(1));
        let best = search_depth(&mut engine, &pos, &[], 9).best.unwrap();
        assert!(best.from() == Some(rook) && best.to() != guarded, "seed {seed}: {best}");
    }
}

#[test]
fn every_level_varies_its_opening_but_full_strength_does_not() {
    let first_moves = |strength: Strength| {
        let moves: std::collections::HashSet<_> = (0..12)
            .map(|seed| {
                let mut engine = Engine::new(1);
                engine.set_seed(seed);
                engine.set_strength(strength);
                search_depth(&mut engine, &Position::startpos(), &[], 3).best.unwrap()
            })
            .collect();
        moves.len()
    };
    for number in 1..=LEVELS.len() {
        assert!(first_moves(Strength::level(number)) > 1, "level {number} always opens the same way");
    }
    assert_eq!(first_moves(Strength::FULL), 1);
}

/// Sente's king on 5b with ten pieces in the enemy camp worth 26 points and two pawns in
/// hand: 28 points, enough to declare under the 27-point rule.
const DECLARATION: &str = "RRBBGGGGS/S3K4/9/9/9/9/9/9/4k4 b 2P2s4n4l16p 1";

#[test]
fn declares_impasse_when_the_rule_allows() {
    let mut engine = Engine::new(1);
    let result = search_depth(&mut engine, &position(DECLARATION), &[], 4);
    assert!(result.declare_win, "{result:?}");
    // One pawn fewer in hand is one point short.
    let result = search_depth(&mut engine, &position("RRBBGGGGS/S3K4/9/9/9/9/9/9/4k4 b P2s4n4l17p 1"), &[], 2);
    assert!(!result.declare_win && result.best.is_some(), "{result:?}");
}

#[test]
fn multipv_scores_that_many_different_moves_best_first() {
    let mut engine = Engine::new(8);
    engine.set_multipv(3);
    // Gold drop on 5b mates (G*5b is protected by the pawn); other moves only check or wait.
    let pos = position("4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1");
    let mut reports = Vec::new();
    let limits = Limits { depth: Some(4), ..Limits::default() };
    let result = engine.search(&pos, &[], &limits, &FrozenClock, &|| false, &mut |info| reports.push(info.clone()));
    let last = reports.last().expect("a report per iteration");
    assert_eq!(reports.len(), 4);
    assert_eq!(last.lines.len(), 3);
    assert_eq!(last.lines[0].score, Score::Mate(1));
    assert_eq!(last.lines[0].pv[0], result.best.unwrap());
    let firsts: Vec<_> = last.lines.iter().map(|line| line.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{firsts:?}");
    let order = |score: Score| match score {
        Score::Mate(plies) if plies > 0 => 1_000_000 - plies,
        Score::Mate(plies) => -1_000_000 - plies,
        Score::Cp(cp) => cp,
    };
    for pair in last.lines.windows(2) {
        assert!(order(pair[0].score) >= order(pair[1].score), "{:?}", last.lines);
    }
    for line in &last.lines {
        let mut replay = pos.clone();
        for &m in &line.pv {
            replay.play(m).expect("every line's moves are legal in turn");
        }
    }
}

#[test]
fn multipv_asks_for_no_more_lines_than_there_are_moves() {
    let mut engine = Engine::new(8);
    engine.set_multipv(10);
    // The king in the corner, checked by a rook: two ways out.
    let pos = position("8k/9/9/9/9/9/9/9/K7R w - 1");
    let mut lines = 0;
    let limits = Limits { depth: Some(3), ..Limits::default() };
    engine.search(&pos, &[], &limits, &FrozenClock, &|| false, &mut |info| lines = info.lines.len());
    let mut moves = shogi::rules::MoveList::new();
    pos.generate_legal(&mut moves);
    assert_eq!(lines, moves.len());
}

/// A clock that moves a millisecond each time it is read.
struct TickingClock(std::cell::Cell<f64>);
impl Clock for TickingClock {
    fn now_ms(&self) -> f64 {
        self.0.set(self.0.get() + 1.0);
        self.0.get()
    }
}

#[test]
fn reports_come_between_iterations_when_asked_for() {
    // Deep enough for several clock checks within an iteration whatever the weights (at
    // depth 6 the refitted evaluation searched 1,999 nodes: too few for one).
    const DEPTH: usize = 8;
    let pos = Position::startpos();
    let count_reports = |report_ms: Option<u64>| {
        let mut engine = Engine::new(8);
        let limits = Limits { depth: Some(DEPTH as u32), report_ms, ..Limits::default() };
        let mut reports: Vec<shogi::engine::Info> = Vec::new();
        let clock = TickingClock(std::cell::Cell::new(0.0));
        engine.search(&pos, &[], &limits, &clock, &|| false, &mut |info| reports.push(info.clone()));
        reports
    };
    assert_eq!(count_reports(None).len(), DEPTH, "one report per iteration");
    let frequent = count_reports(Some(5));
    assert!(frequent.len() > DEPTH, "{} reports", frequent.len());
    // Each report repeats the last completed iteration's lines, with the nodes searched so far.
    for pair in frequent.windows(2) {
        assert!(pair[1].depth >= pair[0].depth && pair[1].nodes >= pair[0].nodes);
        if pair[1].depth == pair[0].depth {
            assert_eq!(pair[1].lines, pair[0].lines);
        }
    }
}

/// Whether `m` leaves a pawn, bishop or rook unpromoted where it could promote.
fn is_needless_non_promotion(pos: &Position, m: shogi::rules::Move) -> bool {
    let Some(from) = m.from().filter(|_| !m.is_promotion()) else { return false };
    let piece = pos.piece_at(from).expect("a board move moves a piece");
    matches!(piece.role, Role::Pawn | Role::Bishop | Role::Rook) && may_promote(piece.color, piece.role, from, m.to())
}

#[test]
fn no_level_leaves_a_pawn_bishop_or_rook_unpromoted_without_a_mate() {
    // Starts where such moves are on offer: the bishops face each other (7g7f 3c3d), and a
    // middle game with pawns and a rook at the edge of the camp.
    let starts = [
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        "ln1g3nl/1ks1g4/1ppp2+Rpp/p3p4/5P3/2P1P4/PPSP2P1P/1KG1G4/LN5NL b BSPrbs2p 1",
    ];
    let mut offered = 0;
    for number in 1..=LEVELS.len() + 1 {
        for (game, start) in starts.iter().enumerate() {
            let mut engine = Engine::new(1);
            engine.set_seed(number as u64 * 10 + game as u64);
            engine.set_strength(Strength::level(number));
            let mut pos = position(start);
            let mut history = Vec::new();
            for _ in 0..24 {
                if !pos.has_legal_moves() {
                    break;
                }
                offered += pos.legal_moves().iter().filter(|&&m| is_needless_non_promotion(&pos, m)).count();
                // Stepped time (the mate solver runs under a budget) and a node cap.
                let limits = Limits { nodes: Some(3000), time_ms: Some(300), ..Limits::default() };
                let clock = SteppingClock(std::cell::Cell::new(0.0));
                let result = engine.search(&pos, &history, &limits, &clock, &|| false, &mut |_| {});
                let best = result.best.expect("a legal move exists");
                let mates = matches!(result.score, Score::Mate(n) if n > 0);
                assert!(!is_needless_non_promotion(&pos, best) || mates, "level {number}: {best} in {pos:?}");
                history.push(Ply::of(&pos));
                pos.play(best).unwrap();
            }
        }
    }
    assert!(offered > 1000, "only {offered} unpromoting moves were on offer");
}

/// Positions with a forced mate in at most 7 plies, from random games that favour captures
/// (so kings stand open and hands are full), each proven by the mate solver and its line
/// checked move by move: at most one per game, the first found at least ten plies in.
fn generated_mates(count: usize) -> Vec<(Position, usize)> {
    let mut engine = Engine::new(1);
    let mut state = 0x5eed_0000_0000_0029u64;
    let mut found = Vec::new();
    while found.len() < count {
        let mut pos = Position::startpos();
        for ply in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply >= 10 && !pos.is_check() {
                let limits = Limits { depth: Some(7), nodes: Some(20_000), ..Limits::default() };
                if let MateResult::Found(line) = engine.mate_search(&pos, &limits, &FrozenClock, &|| false) {
                    assert_mating_line(&pos, &line);
                    found.push((pos.clone(), line.len()));
                    break;
                }
            }
            let captures: Vec<_> =
                moves.iter().copied().filter(|m| m.from().is_some() && pos.piece_at(m.to()).is_some()).collect();
            let pool: &[_] =
                if !captures.is_empty() && !next_random(&mut state).is_multiple_of(4) { &captures } else { &moves };
            pos.play_unchecked(pool[(next_random(&mut state) % pool.len() as u64) as usize]);
        }
    }
    found
}

#[test]
fn a_normal_search_finds_every_mate_in_up_to_7_plies() {
    let mates = generated_mates(100);
    let longest = |plies: usize| mates.iter().filter(|m| m.1 == plies).count();
    assert!(longest(5) + longest(7) >= 30, "too few long mates: {:?}", [1, 3, 5, 7].map(longest));
    for (pos, plies) in mates {
        // About a second's nodes on a slow machine; the mate solver runs first on a share.
        let limits = Limits { nodes: Some(1_000_000), ..Limits::default() };
        let mut engine = Engine::new(16);
        let result = engine.search(&pos, &[], &limits, &FrozenClock, &|| false, &mut |_| {});
        match result.score {
            Score::Mate(n) => assert!(n > 0 && n as usize <= plies, "{pos:?}: mate in {n}, expected {plies}"),
            other => panic!("{pos:?}: expected mate in {plies}, got {other:?}"),
        }
        assert_mating_line(&pos, &result.pv);
    }
}

/// From a game against Fairy-Stockfish (`docs/matches/fsf-31f4d00-200.txt`, game 51): sente's
/// promoted knight checks gote's king from 6a and from 7a in turn, and a mate at once waits
/// each time (the lance dropped on 7c with the king on 7b, the dragon to 6a with it on 6b).
const KNIGHT_CHECKS: &str = "+B2+N1+R1nl/2k2p3/pp1s1s1+Pp/9/2+B3p2/P3P1P1P/1P2GP2N/1S4SR1/L2GK3L b L6P2gn 109";
const KNIGHT_CYCLE: [&str; 4] = ["6a7a", "7b6b", "7a6a", "6b7b"];

#[test]
fn a_mate_at_once_is_played_before_a_longer_one() {
    // The solver proved mates in 3 (6a7a 7b6b 4a6a, then 7a6a 6b7b L*7c) and the engine played
    // their first moves round the cycle until the repeated checks lost the game.
    let limits = Limits { nodes: Some(100_000), ..Limits::default() };
    for moves in [&KNIGHT_CYCLE[..0], &KNIGHT_CYCLE[..2]] {
        let (history, pos) = replay(KNIGHT_CHECKS, moves);
        let result = Engine::new(8).search(&pos, &history, &limits, &FrozenClock, &|| false, &mut |_| {});
        assert_eq!(result.score, Score::Mate(1), "after {moves:?}: {result:?}");
        assert_mating_line(&pos, &result.pv);
    }
}

#[test]
fn a_proven_mate_is_not_begun_with_a_losing_repetition() {
    // Without the lance there is no mate at once, and the solver's mate begins with the check
    // from 7a; after three rounds of the cycle that check repeats a position a fourth time,
    // every move of the cycle sente's check: the checker loses.
    let no_lance = KNIGHT_CHECKS.replace(" L6P2gn ", " 6P2gn ");
    let cycles: Vec<&str> = KNIGHT_CYCLE.iter().copied().cycle().take(12).collect();
    let limits = Limits { nodes: Some(100_000), ..Limits::default() };
    let (history, pos) = replay(&no_lance, &cycles);
    let result = Engine::new(8).search(&pos, &history, &limits, &FrozenClock, &|| false, &mut |_| {});
    assert_ne!(result.best.map(|m| m.to_string()).as_deref(), Some("6a7a"), "{result:?}");
    // The same position with no history: the solver's mate is played.
    let pos = position(&no_lance);
    let result = Engine::new(8).search(&pos, &[], &limits, &FrozenClock, &|| false, &mut |_| {});
    assert!(matches!(result.score, Score::Mate(n) if n > 1), "{result:?}");
}
