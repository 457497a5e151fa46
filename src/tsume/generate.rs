//! The generator: random positions of a few pieces round gote's king, made to mate longer
//! by small changes (a hill climb on the length of the shortest mate), kept when they make
//! a problem, then stripped of every piece the problem does without. Sente attacks and has
//! no king. The same seed and unit give the same problems on every machine.

use super::search::Search;
use super::solve::solve_with;
use super::verify::verify_with;
use super::{defender_holds_the_rest, Problem};
use crate::rules::{Color, Piece, Position, Role, Setup, Square};

/// How many problems of each length (in plies) a run makes.
pub const TARGETS: [(u8, usize); 6] = [(1, 40), (3, 35), (5, 30), (7, 20), (9, 15), (11, 10)];
/// The longest problems made.
const MAX_PLIES: u8 = 11;
/// Positions searched to find a mate's length before a candidate is dropped.
const SOLVE_NODES: u64 = 50_000;
/// Positions searched to verify a problem (its alternatives included) before it is dropped:
/// this also keeps the app's verdicts on it quick.
const VERIFY_NODES: u64 = 1_000_000;
/// Candidates tried by one unit of work.
const CANDIDATES_PER_UNIT: usize = 300;
/// Changes tried without a longer mate before the climb starts again from a new position.
const PATIENCE: usize = 80;
/// At most this many pieces besides the king on the board, and in the attacker's hand.
const MAX_BOARD_PIECES: usize = 9;
const MAX_HAND_PIECES: u32 = 3;
/// How far from the king (in files or ranks) pieces are put.
const NEAR: i32 = 3;

/// splitmix64: small, and the same on every platform.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True `percent` times in a hundred.
    fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())])
    }
}

/// The problems found by unit `unit` of the run seeded `seed`, of the lengths in `wanted`.
pub fn run_unit(seed: u64, unit: u64, wanted: &[u8]) -> Vec<Problem> {
    let mut rng = Rng(seed ^ unit.wrapping_mul(0xd605_bbb5_8c8a_bbbd));
    let mut found = Vec::new();
    // The climb's position and the length of its mate; candidates tried since it last grew.
    let mut climb: Option<(Setup, u8)> = None;
    let mut stale = 0;
    for _ in 0..CANDIDATES_PER_UNIT {
        if stale >= PATIENCE {
            climb = None;
            stale = 0;
        }
        let candidate = match &climb {
            Some((setup, _)) => mutate(&mut rng, setup),
            None => random_setup(&mut rng),
        };
        let plies = position(&candidate).and_then(|pos| {
            let plies = Search::with_node_limit(SOLVE_NODES).mate_length(&pos, MAX_PLIES)?;
            if wanted.contains(&plies) {
                if let Some(problem) = make_problem(&pos).map(stripped) {
                    if !found.contains(&problem) {
                        found.push(problem);
                    }
                }
            }
            Some(plies)
        });
        // Equally long mates are taken too, so the climb can wander along a plateau.
        match (plies, &climb) {
            (Some(plies), Some((_, best))) if plies >= *best => {
                stale = if plies > *best { 0 } else { stale + 1 };
                climb = Some((candidate, plies));
            }
            (Some(plies), None) => climb = Some((candidate, plies)),
            _ => stale += 1,
        }
    }
    found
}

/// The position of a setup, the defender holding the rest, if it is legal.
fn position(setup: &Setup) -> Option<Position> {
    Position::from_setup(&defender_holds_the_rest(setup)).ok()
}

/// The problem `pos` makes, if it makes one within the node limits.
fn make_problem(pos: &Position) -> Option<Problem> {
    let mut search = Search::with_node_limit(VERIFY_NODES);
    let solution = solve_with(&mut search, pos, MAX_PLIES)?;
    let mut end = pos.clone();
    solution.moves.iter().for_each(|&m| end.play_unchecked(m));
    // Pieces left over are seen at once; uniqueness costs a search for every other check.
    let valid = end.hand(pos.turn()).is_empty()
        && verify_with(&mut search, pos, &solution.moves).is_ok()
        && !search.exhausted();
    valid.then(|| Problem::new(pos.clone(), solution))
}

/// `problem` without each piece it can do without (keeping its length): fewer pieces read
/// more naturally and leave fewer alternatives.
fn stripped(mut problem: Problem) -> Problem {
    let plies = problem.solution.len();
    for sq in Square::all() {
        let mut setup = problem.position.to_setup();
        match setup.piece_at(sq) {
            Some(piece) if piece.role != Role::King => setup.set_piece(sq, None),
            _ => continue,
        }
        if let Some(smaller) = position(&setup).and_then(|pos| make_problem(&pos)) {
            if smaller.solution.len() == plies {
                problem = smaller;
            }
        }
    }
    problem
}

/// Gote's king on one of the top three ranks, a few pieces of each side near it, and a
/// piece or two in sente's hand.
fn random_setup(rng: &mut Rng) -> Setup {
    let mut setup = Setup::empty();
    let king = Square::new(1 + rng.below(9) as u8, rng.below(3) as u8).expect("files 1-9, ranks a-c");
    setup.set_piece(king, Some(Piece::new(Color::Gote, Role::King)));
    for _ in 0..rng.below(3) {
        add_to_board(rng, &mut setup, Color::Gote);
    }
    for _ in 0..1 + rng.below(3) {
        add_to_board(rng, &mut setup, Color::Sente);
    }
    for _ in 0..1 + rng.below(2) {
        add_to_hand(rng, &mut setup);
    }
    setup
}

/// One small change: a piece moved, added, taken away, promoted or unpromoted, or handed to
/// the other side, or a piece added to sente's hand or taken from it.
fn mutate(rng: &mut Rng, setup: &Setup) -> Setup {
    let mut next = setup.clone();
    let pieces: Vec<(Square, Piece)> =
        Square::all().filter_map(|sq| Some((sq, next.piece_at(sq)?))).filter(|(_, p)| p.role != Role::King).collect();
    match rng.below(7) {
        0 | 1 => {
            if let (Some((from, piece)), Some(to)) = (rng.pick(&pieces), empty_square_near_king(rng, &next)) {
                next.set_piece(to, Some(piece));
                next.set_piece(from, None);
            }
        }
        2 => {
            let color = if rng.chance(50) { Color::Sente } else { Color::Gote };
            add_to_board(rng, &mut next, color);
        }
        3 => {
            if let Some((sq, _)) = rng.pick(&pieces) {
                next.set_piece(sq, None);
            }
        }
        4 => {
            if let Some((sq, piece)) = rng.pick(&pieces) {
                let role = match piece.role.promoted() {
                    Some(promoted) => promoted,
                    None => piece.role.unpromoted(),
                };
                next.set_piece(sq, Some(Piece::new(piece.color, role)));
            }
        }
        5 => {
            let held: Vec<Role> = next.hand(Color::Sente).iter().map(|(role, _)| role).collect();
            match rng.pick(&held) {
                Some(role) if rng.chance(50) => next.hand_mut(Color::Sente).remove(role),
                _ => add_to_hand(rng, &mut next),
            }
        }
        _ => {
            if let Some((sq, piece)) = rng.pick(&pieces) {
                next.set_piece(sq, Some(Piece::new(!piece.color, piece.role)));
            }
        }
    }
    next
}

/// The roles still in the set (not on the board, not in sente's hand).
fn available_roles(setup: &Setup) -> Vec<Role> {
    let rest = defender_holds_the_rest(setup);
    Role::HAND.into_iter().filter(|&r| rest.hand(Color::Gote).count(r) > 0).collect()
}

/// Puts a piece of `color` near the king, if there is room and a piece left in the set.
fn add_to_board(rng: &mut Rng, setup: &mut Setup, color: Color) {
    let pieces = Square::all().filter(|&sq| setup.piece_at(sq).is_some()).count();
    if pieces > MAX_BOARD_PIECES {
        return;
    }
    let (Some(role), Some(sq)) = (rng.pick(&available_roles(setup)), empty_square_near_king(rng, setup)) else {
        return;
    };
    // Promoted attackers (dragons, horses, tokins) are common in problems; promoted defenders less so.
    let promote_percent = color.fold(25, 10);
    let role = match role.promoted() {
        Some(promoted) if rng.chance(promote_percent) => promoted,
        _ => role,
    };
    setup.set_piece(sq, Some(Piece::new(color, role)));
}

/// Puts a piece left in the set into sente's hand, if it holds fewer than the most.
fn add_to_hand(rng: &mut Rng, setup: &mut Setup) {
    if setup.hand(Color::Sente).total() < MAX_HAND_PIECES {
        if let Some(role) = rng.pick(&available_roles(setup)) {
            setup.hand_mut(Color::Sente).add(role);
        }
    }
}

/// An empty square at most `NEAR` files and ranks from gote's king.
fn empty_square_near_king(rng: &mut Rng, setup: &Setup) -> Option<Square> {
    let king = Square::all().find(|&sq| setup.piece_at(sq) == Some(Piece::new(Color::Gote, Role::King)))?;
    let near = |sq: Square| {
        (sq.file() as i32 - king.file() as i32).abs() <= NEAR && (sq.rank() as i32 - king.rank() as i32).abs() <= NEAR
    };
    let squares: Vec<Square> = Square::all().filter(|&sq| setup.piece_at(sq).is_none() && near(sq)).collect();
    rng.pick(&squares)
}
