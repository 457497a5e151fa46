//! Legal move generation: board moves with the promotion rules, drops with the
//! two-pawn, dead-piece and pawn-drop-mate bans, and no move that leaves one's
//! own king attacked. Pins and checks are resolved up front, so every move
//! produced is legal without trying it.

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::setup::can_ever_move;
use super::square::Square;
use super::types::{Color, Piece, Role};

/// Ranks (for `color`) on which a dropped piece of `role` could never move.
#[inline]
fn dead_drop_squares(color: Color, role: Role) -> Bitboard {
    let last = color.fold(0, 8);
    let second = color.fold(1, 7);
    match role {
        Role::Pawn | Role::Lance => Bitboard::rank(last),
        Role::Knight => Bitboard::rank(last) | Bitboard::rank(second),
        _ => Bitboard::EMPTY,
    }
}

/// The squares of `color`'s promotion zone.
#[inline]
pub fn promotion_zone(color: Color) -> Bitboard {
    match color {
        Color::Sente => Bitboard::rank(0) | Bitboard::rank(1) | Bitboard::rank(2),
        Color::Gote => Bitboard::rank(6) | Bitboard::rank(7) | Bitboard::rank(8),
    }
}

/// Whether a board move of `role` from `from` to `to` may promote.
#[inline]
pub fn may_promote(color: Color, role: Role, from: Square, to: Square) -> bool {
    role.can_promote() && (from.in_promotion_zone(color) || to.in_promotion_zone(color))
}

/// Whether a board move of `role` to `to` must promote (it could never move again otherwise).
#[inline]
pub fn must_promote(color: Color, role: Role, to: Square) -> bool {
    !can_ever_move(Piece::new(color, role), to)
}

/// The files holding an unpromoted pawn of `color`, as whole files.
#[inline]
fn pawn_files(pawns: Bitboard) -> Bitboard {
    // Per 9-bit file: adding 0xff to the low eight bits carries into the top one
    // if any was set; then top bit t becomes the whole file as 2t - t/256.
    const LOW: u128 = 0xff * FILE_BOTTOMS;
    const TOP: u128 = 0x100 * FILE_BOTTOMS;
    let tops = (pawns.0 | ((pawns.0 & LOW) + LOW)) & TOP;
    Bitboard((tops << 1) - (tops >> 8))
}

/// Bit 0 of every file.
const FILE_BOTTOMS: u128 = {
    let mut bits = 0u128;
    let mut file = 0;
    while file < 9 {
        bits |= 1 << (file * 9);
        file += 1;
    }
    bits
};

/// For a board move of `role` from `from`: the destinations where it may promote,
/// and those where it may stay unpromoted.
#[inline]
fn promotion_choices(color: Color, role: Role, from: Square) -> (Bitboard, Bitboard) {
    if !role.can_promote() {
        return (Bitboard::EMPTY, Bitboard::FULL);
    }
    let zone = promotion_zone(color);
    let promote = if zone.contains(from) { Bitboard::FULL } else { zone };
    (promote, !dead_drop_squares(color, role))
}

/// The squares one step forward for `color` of each square in `squares`.
#[inline]
fn pawn_pushes(color: Color, squares: Bitboard) -> Bitboard {
    // Files are runs of nine bits, rank a lowest; no pawn stands on its last rank,
    // so a shift by one never leaves its file.
    match color {
        Color::Sente => Bitboard(squares.0 >> 1),
        Color::Gote => Bitboard(squares.0 << 1) & Bitboard::FULL,
    }
}

/// Where the legal moves go: a list, or a counter that never builds one.
trait MoveSink {
    /// Board moves of a `role` piece from `from` to each of `targets`, promoting as the rules allow.
    fn piece(&mut self, color: Color, role: Role, from: Square, targets: Bitboard);
    /// Pawn moves one rank forward to each of `targets`.
    fn pawns(&mut self, color: Color, targets: Bitboard);
    /// Drops of `role` on each of `targets`.
    fn drops(&mut self, role: Role, targets: Bitboard);
}

impl MoveSink for MoveList {
    #[inline]
    fn piece(&mut self, color: Color, role: Role, from: Square, targets: Bitboard) {
        let (promote, stay) = promotion_choices(color, role, from);
        for to in targets {
            if promote.contains(to) {
                self.push(Move::normal(from, to, true));
            }
            if stay.contains(to) {
                self.push(Move::normal(from, to, false));
            }
        }
    }

    #[inline]
    fn pawns(&mut self, color: Color, targets: Bitboard) {
        let (promote, stay) = (promotion_zone(color), !dead_drop_squares(color, Role::Pawn));
        for to in targets {
            let from = match color {
                Color::Sente => Square::from_index_unchecked(to.index() as u32 + 1),
                Color::Gote => Square::from_index_unchecked(to.index() as u32 - 1),
            };
            if promote.contains(to) {
                self.push(Move::normal(from, to, true));
            }
            if stay.contains(to) {
                self.push(Move::normal(from, to, false));
            }
        }
    }

    #[inline]
    fn drops(&mut self, role: Role, targets: Bitboard) {
        for to in targets {
            self.push(Move::drop(role, to));
        }
    }
}

/// Counts moves: each destination once per promotion choice.
struct MoveCounter(u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn piece(&mut self, color: Color, role: Role, from: Square, targets: Bitboard) {
        let (promote, stay) = promotion_choices(color, role, from);
        self.0 += ((targets & promote).count() + (targets & stay).count()) as u64;
    }

    #[inline]
    fn pawns(&mut self, color: Color, targets: Bitboard) {
        let (promote, stay) = (promotion_zone(color), !dead_drop_squares(color, Role::Pawn));
        self.0 += ((targets & promote).count() + (targets & stay).count()) as u64;
    }

    #[inline]
    fn drops(&mut self, _role: Role, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
}

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Appends every legal move to `list`.
    pub fn generate_legal(&self, list: &mut MoveList) {
        self.generate(list);
    }

    /// The number of legal moves, found without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
        counter.0
    }

    #[inline]
    fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn;
        let ours = self.by_color(us);
        let occupied = self.occupied();
        let Some(king) = self.king_square(us) else {
            // A position without a king of the side to move (a tsume problem): nothing to guard.
            self.generate_pieces(sink, !ours, Bitboard::EMPTY, None);
            self.generate_drops(sink, !occupied);
            return;
        };
        let without_king = occupied.without(king);
        let mut king_targets = Bitboard::EMPTY;
        for to in attacks::king_attacks(king) & !ours {
            if !self.is_attacked(to, !us, without_king) {
                king_targets |= Bitboard::from_square(to);
            }
        }
        sink.piece(us, Role::King, king, king_targets);
        if self.checkers.more_than_one() {
            return;
        }
        let (target, drop_target) = match self.checkers.single() {
            Some(checker) => {
                let gap = attacks::between(king, checker);
                (gap.with(checker), gap)
            }
            None => (!ours, !occupied),
        };
        self.generate_pieces(sink, target, self.pinned, Some(king));
        self.generate_drops(sink, drop_target);
    }

    /// Moves of every piece but the king to `target` squares; `pinned` pieces only along their pin.
    #[inline]
    fn generate_pieces<S: MoveSink>(&self, sink: &mut S, target: Bitboard, pinned: Bitboard, king: Option<Square>) {
        let us = self.turn;
        let occupied = self.occupied();
        let free = self.by_color(us) & !pinned;
        sink.pawns(us, pawn_pushes(us, self.by_role(Role::Pawn) & free) & target);
        // One call per role, so that each is compiled for its own role.
        let mut moves_of = |role: Role, pieces: Bitboard| {
            for from in pieces & free {
                sink.piece(us, role, from, attacks::attacks(us, role, from, occupied) & target);
            }
        };
        moves_of(Role::Lance, self.by_role(Role::Lance));
        moves_of(Role::Knight, self.by_role(Role::Knight));
        moves_of(Role::Silver, self.by_role(Role::Silver));
        moves_of(Role::Gold, self.gold_movers());
        moves_of(Role::Bishop, self.by_role(Role::Bishop));
        moves_of(Role::Rook, self.by_role(Role::Rook));
        moves_of(Role::Horse, self.by_role(Role::Horse));
        moves_of(Role::Dragon, self.by_role(Role::Dragon));
        if let Some(king) = king {
            for from in self.by_color(us) & pinned {
                let Some(piece) = self.piece_at(from) else { continue };
                let along_pin = attacks::line_through(king, from);
                sink.piece(us, piece.role, from, attacks::attacks(us, piece.role, from, occupied) & target & along_pin);
            }
        }
    }

    fn generate_drops<S: MoveSink>(&self, sink: &mut S, drop_target: Bitboard) {
        let us = self.turn;
        let hand = self.hand(us);
        if drop_target.is_empty() || hand.is_empty() {
            return;
        }
        for role in Role::HAND {
            if hand.count(role) == 0 {
                continue;
            }
            let mut targets = drop_target & !dead_drop_squares(us, role);
            if role == Role::Pawn {
                targets &= !pawn_files(self.pieces(us, Role::Pawn));
                // Only a pawn dropped right in front of the enemy king can mate.
                if let Some(enemy_king) = self.king_square(!us) {
                    let mating_square = attacks::pawn_attacks(!us, enemy_king) & targets;
                    if let Some(sq) = mating_square.first() {
                        if self.is_pawn_drop_mate(sq, enemy_king) {
                            targets = targets.without(sq);
                        }
                    }
                }
            }
            sink.drops(role, targets);
        }
    }

    /// Whether dropping a pawn on `sq`, right in front of the enemy king on
    /// `enemy_king`, would checkmate. A contact check cannot be blocked, so it is
    /// mate unless the king can step somewhere safe (taking the pawn included)
    /// or another piece can take the pawn without exposing its king.
    fn is_pawn_drop_mate(&self, sq: Square, enemy_king: Square) -> bool {
        let us = self.turn;
        let them = !us;
        let occupied = self.occupied().with(sq);
        let without_king = occupied.without(enemy_king);
        for to in attacks::king_attacks(enemy_king) & !self.by_color(them) {
            if !self.is_attacked(to, us, without_king) {
                return false;
            }
        }
        let capturers = self.attackers_to(sq, them, occupied).without(enemy_king);
        for capturer in capturers {
            // After the capture the pawn's square stays occupied and the capturer's empties.
            if !self.is_attacked(enemy_king, us, occupied.without(capturer)) {
                return false;
            }
        }
        true
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// In check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// The number of leaf nodes `depth` plies deep (counting legal moves at the last ply).
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => self.legal_moves().iter().map(|&m| self.after(m).perft(depth - 1)).sum(),
        }
    }

    /// Perft split by root move, as `go perft` prints it.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let list = self.legal_moves();
        list.iter().map(|&m| (m, if depth <= 1 { 1 } else { self.after(m).perft(depth - 1) })).collect()
    }
}
