//! A legal position: the board kept as bitboards and a mailbox, hands, side to
//! move, an incremental Zobrist hash and the pieces giving check.

use std::fmt;

use super::attacks;
use super::bitboard::Bitboard;
use super::hand::Hand;
use super::moves::{Move, MoveKind};
use super::setup::{Setup, SetupError};
use super::square::Square;
use super::types::{Color, Piece, Role};
use super::zobrist;

#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 81],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 14],
    pub(crate) hands: [Hand; 2],
    pub(crate) turn: Color,
    pub(crate) move_number: u32,
    pub(crate) hash: u64,
    pub(crate) kings: [Option<Square>; 2],
    pub(crate) checkers: Bitboard,
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    pub mv: Move,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.mv)
    }
}

impl std::error::Error for IllegalMove {}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl Position {
    /// The even-game start position.
    pub fn startpos() -> Position {
        crate::notation::sfen::parse_position(crate::notation::sfen::STARTPOS).expect("the start position is legal")
    }

    /// Validates a setup: material, kings, two pawns on a file, dead pieces, and
    /// that the side not to move is not in check.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        setup.validate_material()?;
        let mut pos = Position {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 14],
            hands: setup.hands,
            turn: setup.turn,
            move_number: setup.move_number.max(1),
            hash: 0,
            kings: [None; 2],
            checkers: Bitboard::EMPTY,
        };
        for sq in Square::all() {
            if let Some(piece) = setup.piece_at(sq) {
                pos.put(piece, sq);
            }
        }
        for color in Color::ALL {
            for (role, n) in pos.hands[color.index()].iter() {
                pos.hash ^= zobrist::hand_key(color, role, n);
            }
        }
        if pos.turn == Color::Gote {
            pos.hash ^= zobrist::side_key();
        }
        let waiting = !pos.turn;
        if let Some(k) = pos.kings[waiting.index()] {
            if pos.attackers_to(k, pos.turn, pos.occupied()).any() {
                return Err(SetupError::OpponentInCheck { color: waiting });
            }
        }
        pos.checkers = pos.compute_checkers();
        if !pos.checkers_are_possible() {
            return Err(SetupError::ImpossibleCheck { color: pos.turn });
        }
        Ok(pos)
    }

    pub fn to_setup(&self) -> Setup {
        Setup { board: self.board, hands: self.hands, turn: self.turn, move_number: self.move_number }
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The SFEN move number (1 before the first move).
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    #[inline]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    /// Zobrist hash of board, hands and side to move (not the move number).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// Pieces that move like a gold: gold, tokin and the promoted lance, knight and silver.
    #[inline]
    pub fn gold_movers(&self) -> Bitboard {
        self.by_role[Role::Gold.index()]
            | self.by_role[Role::Tokin.index()]
            | self.by_role[Role::PromotedLance.index()]
            | self.by_role[Role::PromotedKnight.index()]
            | self.by_role[Role::PromotedSilver.index()]
    }

    /// Rook and dragon.
    #[inline]
    pub fn rook_movers(&self) -> Bitboard {
        self.by_role[Role::Rook.index()] | self.by_role[Role::Dragon.index()]
    }

    /// Bishop and horse.
    #[inline]
    pub fn bishop_movers(&self) -> Bitboard {
        self.by_role[Role::Bishop.index()] | self.by_role[Role::Horse.index()]
    }

    /// Every piece of `attacker` that attacks `sq`, with `occupied` as the blockers.
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let defender = !attacker;
        let king_like = self.by_role[Role::King.index()]
            | self.by_role[Role::Horse.index()]
            | self.by_role[Role::Dragon.index()];
        let found = (attacks::pawn_attacks(defender, sq) & self.by_role[Role::Pawn.index()])
            | (attacks::knight_attacks(defender, sq) & self.by_role[Role::Knight.index()])
            | (attacks::silver_attacks(defender, sq) & self.by_role[Role::Silver.index()])
            | (attacks::gold_attacks(defender, sq) & self.gold_movers())
            | (attacks::king_attacks(sq) & king_like)
            | (attacks::rook_attacks(sq, occupied) & self.rook_movers())
            | (attacks::bishop_attacks(sq, occupied) & self.bishop_movers())
            | (attacks::lance_attacks(defender, sq, occupied) & self.by_role[Role::Lance.index()]);
        found & self.by_color[attacker.index()]
    }

    /// Whether `attacker` attacks `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        self.attackers_to(sq, attacker, occupied).any()
    }

    fn compute_checkers(&self) -> Bitboard {
        match self.kings[self.turn.index()] {
            Some(k) => self.attackers_to(k, !self.turn, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// A double check is a moved piece plus a slider whose line it opened: never
    /// more than two checkers, never two on one line with the king, and one of them
    /// attacking from a distance.
    fn checkers_are_possible(&self) -> bool {
        let (Some(k), Some(a)) = (self.kings[self.turn.index()], self.checkers.first()) else { return true };
        let Some(b) = self.checkers.without(a).single() else { return !self.checkers.more_than_one() };
        let from_a_distance = |c| attacks::between(k, c).any();
        !attacks::line_through(a, b).contains(k) && (from_a_distance(a) || from_a_distance(b))
    }

    /// Pieces of `color` that stand alone between their king and an enemy slider.
    pub fn pinned(&self, color: Color) -> Bitboard {
        let Some(k) = self.kings[color.index()] else { return Bitboard::EMPTY };
        let enemy = self.by_color[(!color).index()];
        let snipers = ((attacks::rook_attacks(k, Bitboard::EMPTY) & self.rook_movers())
            | (attacks::bishop_attacks(k, Bitboard::EMPTY) & self.bishop_movers())
            | (attacks::forward_ray(color, k) & self.by_role[Role::Lance.index()]))
            & enemy;
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(k, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & self.by_color[color.index()];
            }
        }
        pinned
    }

    #[inline]
    fn put(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color.index()].toggle(sq);
        self.by_role[piece.role.index()].toggle(sq);
        self.hash ^= zobrist::board_key(piece, sq);
        if piece.role == Role::King {
            self.kings[piece.color.index()] = Some(sq);
        }
    }

    #[inline]
    fn take(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = None;
        self.by_color[piece.color.index()].toggle(sq);
        self.by_role[piece.role.index()].toggle(sq);
        self.hash ^= zobrist::board_key(piece, sq);
        if piece.role == Role::King {
            self.kings[piece.color.index()] = None;
        }
    }

    #[inline]
    fn add_to_hand(&mut self, color: Color, role: Role) {
        let hand = &mut self.hands[color.index()];
        let n = hand.count(role);
        hand.add(role);
        self.hash ^= zobrist::hand_key(color, role, n) ^ zobrist::hand_key(color, role, n + 1);
    }

    #[inline]
    fn remove_from_hand(&mut self, color: Color, role: Role) {
        let hand = &mut self.hands[color.index()];
        let n = hand.count(role);
        hand.remove(role);
        self.hash ^= zobrist::hand_key(color, role, n) ^ zobrist::hand_key(color, role, n - 1);
    }

    /// Plays a move known to be legal (from [`legal_moves`](Position::legal_moves)).
    /// An illegal one leaves the position inconsistent but never unsafe.
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        match m.kind() {
            MoveKind::Normal { from, to, promote } => {
                let Some(piece) = self.board[from.index()] else { return };
                if let Some(captured) = self.board[to.index()] {
                    self.take(captured, to);
                    if captured.role != Role::King {
                        self.add_to_hand(us, captured.role.unpromoted());
                    }
                }
                self.take(piece, from);
                let role = if promote { piece.role.promoted().unwrap_or(piece.role) } else { piece.role };
                self.put(Piece::new(us, role), to);
            }
            MoveKind::Drop { role, to } => {
                self.remove_from_hand(us, role);
                self.put(Piece::new(us, role), to);
            }
        }
        self.turn = !us;
        self.hash ^= zobrist::side_key();
        self.move_number += 1;
        self.checkers = self.compute_checkers();
    }

    /// Plays `m` if it is legal.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove { mv: m })
        }
    }

    /// The position after `m`, which must be legal.
    pub fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    /// Whether `m` gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        self.after(m).is_check()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", crate::notation::sfen::write_position(self))
    }
}
