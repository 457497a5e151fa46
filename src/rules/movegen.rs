//! Legal move generation: board moves with the promotion rules, drops with the
//! two-pawn, dead-piece and pawn-drop-mate bans, and no move that leaves one's
//! own king attacked. Pins and checks are resolved up front, so every move
//! produced is legal without trying it. The same generator fills a list or
//! only counts (with popcounts, for perft's last ply and `count_legal_moves`).

use super::attacks;
use super::bitboard::{shl, shr, Bitboard};
use super::moves::{Move, MoveList};
use super::position::Position;
use super::setup::can_ever_move;
use super::square::Square;
use super::types::{Color, Piece, Role};

/// The squares (for `color`) where a piece of `role` could never move again: it
/// may not be dropped there, nor move there without promoting.
#[inline]
fn dead_squares(color: Color, role: Role) -> Bitboard {
    const LAST: [Bitboard; 2] = [Bitboard::rank(0), Bitboard::rank(8)];
    const LAST_TWO: [Bitboard; 2] =
        [Bitboard(Bitboard::rank(0).0 | Bitboard::rank(1).0), Bitboard(Bitboard::rank(7).0 | Bitboard::rank(8).0)];
    match role {
        Role::Pawn | Role::Lance => LAST[color.index()],
        Role::Knight => LAST_TWO[color.index()],
        _ => Bitboard::EMPTY,
    }
}

/// The squares of `color`'s promotion zone.
#[inline]
pub fn promotion_zone(color: Color) -> Bitboard {
    const ZONES: [Bitboard; 2] = [
        Bitboard(Bitboard::rank(0).0 | Bitboard::rank(1).0 | Bitboard::rank(2).0),
        Bitboard(Bitboard::rank(6).0 | Bitboard::rank(7).0 | Bitboard::rank(8).0),
    ];
    ZONES[color.index()]
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

/// For board moves of `role`, starting inside the promotion zone or not: the
/// destinations where it may promote, and those where it may stay unpromoted.
/// (For pieces that only move forward, a start inside the zone means an end inside it.)
#[inline]
fn promotion_choices(color: Color, role: Role, from_in_zone: bool) -> (Bitboard, Bitboard) {
    if !role.can_promote() {
        (Bitboard::EMPTY, Bitboard::FULL)
    } else if from_in_zone {
        (Bitboard::FULL, !dead_squares(color, role))
    } else {
        (promotion_zone(color), !dead_squares(color, role))
    }
}

/// The files holding a pawn among `pawns`, as whole files.
#[inline]
fn pawn_files(pawns: Bitboard) -> Bitboard {
    // Per 9-bit file: adding 0xff to the low eight bits carries into the top one
    // if any was set; then top bit t becomes the whole file as 2t - t/256.
    const LOW: u128 = 0xff * Bitboard::rank(0).0;
    const TOP: u128 = Bitboard::rank(8).0;
    let tops = (pawns.0 | ((pawns.0 & LOW) + LOW)) & TOP;
    Bitboard((tops << 1) - (tops >> 8))
}

/// Each square of `squares` moved by `offset` bit indices (files are runs of
/// nine bits, rank a lowest, so one rank forward for sente is -1).
#[inline]
fn shifted(squares: Bitboard, offset: i32) -> Bitboard {
    if offset >= 0 {
        Bitboard(shl(squares.0, offset as u32)) & Bitboard::FULL
    } else {
        Bitboard(shr(squares.0, offset.unsigned_abs()))
    }
}

/// The offsets of a pawn's move and of a knight's two moves, for each color.
/// No pawn or knight stands where these would leave the board through a side
/// or wrap to the next file, since it could not move from there.
const PAWN_OFFSET: [i32; 2] = [-1, 1];
const KNIGHT_OFFSETS: [[i32; 2]; 2] = [[-11, 7], [11, -7]];

/// Where the legal moves go: a list, or a counter that never builds one.
trait MoveSink {
    /// Board moves from `from` to each of `targets`: promoting where `promote`
    /// holds, unpromoted where `stay` holds.
    fn piece(&mut self, from: Square, targets: Bitboard, promote: Bitboard, stay: Bitboard);
    /// Board moves to each of `targets` from the square `offset` indices back.
    fn jumps(&mut self, offset: i32, targets: Bitboard, promote: Bitboard, stay: Bitboard);
    /// Drops of each of `roles` on each of `targets`.
    fn drops(&mut self, roles: &[Role], targets: Bitboard);
}

impl MoveList {
    #[inline]
    fn push_choices(&mut self, from: Square, to: Square, promote: Bitboard, stay: Bitboard) {
        if promote.contains(to) {
            self.push(Move::normal(from, to, true));
        }
        if stay.contains(to) {
            self.push(Move::normal(from, to, false));
        }
    }
}

impl MoveSink for MoveList {
    #[inline]
    fn piece(&mut self, from: Square, targets: Bitboard, promote: Bitboard, stay: Bitboard) {
        for to in targets {
            self.push_choices(from, to, promote, stay);
        }
    }

    #[inline]
    fn jumps(&mut self, offset: i32, targets: Bitboard, promote: Bitboard, stay: Bitboard) {
        for to in targets {
            let from = Square::from_index_unchecked((to.index() as i32 - offset) as u32);
            self.push_choices(from, to, promote, stay);
        }
    }

    #[inline]
    fn drops(&mut self, roles: &[Role], targets: Bitboard) {
        for &role in roles {
            for to in targets {
                self.push(Move::drop(role, to));
            }
        }
    }
}

/// The moves of some pieces of one role, all inside or all outside the promotion zone.
struct Moves {
    us: Color,
    role: Role,
    pieces: Bitboard,
    in_zone: bool,
    occupied: Bitboard,
    target: Bitboard,
}

impl Moves {
    #[inline(always)]
    fn generate<S: MoveSink>(self, sink: &mut S) {
        let (promote, stay) = promotion_choices(self.us, self.role, self.in_zone);
        for from in self.pieces {
            sink.piece(from, attacks::attacks(self.us, self.role, from, self.occupied) & self.target, promote, stay);
        }
    }
}

/// Counts moves: each destination once per promotion choice.
struct MoveCounter(u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn piece(&mut self, _from: Square, targets: Bitboard, promote: Bitboard, stay: Bitboard) {
        self.0 += ((targets & promote).count() + (targets & stay).count()) as u64;
    }

    #[inline(always)]
    fn jumps(&mut self, _offset: i32, targets: Bitboard, promote: Bitboard, stay: Bitboard) {
        self.0 += ((targets & promote).count() + (targets & stay).count()) as u64;
    }

    #[inline(always)]
    fn drops(&mut self, roles: &[Role], targets: Bitboard) {
        self.0 += roles.len() as u64 * targets.count() as u64;
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

    /// Appends every legal capture to `list` (with both promotion choices where there is a
    /// choice), in no particular order: the moves a quiescence search looks at.
    pub fn generate_captures(&self, list: &mut MoveList) {
        self.generate_for::<true, _>(self.turn, list)
    }

    /// The number of legal moves, found without listing them.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn count_legal_moves(&self) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has just been found to have popcnt.
            return unsafe { self.count_legal_moves_popcnt() };
        }
        self.count_legal_moves_inline()
    }

    /// The number of legal moves, listed and counted: in the page and the worker a second
    /// copy of the generator, one that only counts, costs more than it saves (19 KB of wasm,
    /// 5 KB gzip of the worker's; the mate solver, its one user there, took 2 % longer on the
    /// problems' test natively).
    #[cfg(target_arch = "wasm32")]
    pub fn count_legal_moves(&self) -> u64 {
        self.legal_moves().len() as u64
    }

    /// [`count_legal_moves`](Position::count_legal_moves) with the popcnt instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn count_legal_moves_popcnt(&self) -> u64 {
        self.count_legal_moves_inline()
    }

    #[inline(always)]
    fn count_legal_moves_inline(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
        counter.0
    }

    #[inline(always)]
    fn generate<S: MoveSink>(&self, sink: &mut S) {
        // One body for both sides to move: compiled once for each (so that every
        // table row, offset and zone of the colour was a constant) it was twice the
        // code in each wasm file, and no faster (slower in wasm).
        self.generate_for::<false, _>(self.turn, sink)
    }

    /// The legal moves of `us`, or only its captures (a drop never captures).
    #[inline(always)]
    fn generate_for<const CAPTURES_ONLY: bool, S: MoveSink>(&self, us: Color, sink: &mut S) {
        let ours = self.by_color(us);
        let occupied = self.occupied();
        let reachable = if CAPTURES_ONLY { self.by_color(!us) } else { !ours };
        let Some(king) = self.king_square(us) else {
            // A position without a king of the side to move (a tsume problem): nothing to guard.
            self.generate_pieces(us, sink, reachable, Bitboard::EMPTY, None);
            if !CAPTURES_ONLY {
                self.generate_drops(us, sink, !occupied);
            }
            return;
        };
        sink.piece(
            king,
            self.safe_king_steps(us, king, occupied.without(king)) & reachable,
            Bitboard::EMPTY,
            Bitboard::FULL,
        );
        if self.checkers.more_than_one() {
            return;
        }
        let (target, drop_target) = match self.checkers.single() {
            Some(checker) => {
                let gap = attacks::between(king, checker);
                (gap.with(checker) & reachable, gap)
            }
            None => (reachable, !occupied),
        };
        self.generate_pieces(us, sink, target, self.pinned, Some(king));
        if !CAPTURES_ONLY {
            self.generate_drops(us, sink, drop_target);
        }
    }

    /// The squares next to `color`'s king on `king` that it may step to: not
    /// holding its own pieces and not attacked by the enemy, whose sliders see
    /// through `occupied` (which must not hold the king, so that stepping back
    /// along a slider's line is seen to stay in its reach).
    #[inline(always)]
    fn safe_king_steps(&self, color: Color, king: Square, occupied: Bitboard) -> Bitboard {
        let around = attacks::king_attacks(king) & !self.by_color(color);
        if around.is_empty() {
            return around;
        }
        let them = !color;
        let theirs = self.by_color(them);
        let mut attacked = shifted(self.pieces(them, Role::Pawn), PAWN_OFFSET[them.index()]);
        let knights = self.pieces(them, Role::Knight);
        for offset in KNIGHT_OFFSETS[them.index()] {
            attacked |= shifted(knights, offset);
        }
        // Only pieces within two squares of the king can step next to it.
        let near = attacks::near(king) & theirs;
        for from in near & self.by_role(Role::Silver) {
            attacked |= attacks::silver_attacks(them, from);
        }
        for from in near & self.gold_movers() {
            attacked |= attacks::gold_attacks(them, from);
        }
        for from in near & (self.by_role(Role::King) | self.by_role(Role::Horse) | self.by_role(Role::Dragon)) {
            attacked |= attacks::king_attacks(from);
        }
        // Only sliders in line with a neighbour of the king can attack it.
        for from in theirs & self.rook_movers() & attacks::rook_reach_around(king) {
            attacked |= attacks::rook_attacks(from, occupied);
        }
        for from in theirs & self.bishop_movers() & attacks::bishop_reach_around(king) {
            attacked |= attacks::bishop_attacks(from, occupied);
        }
        for from in theirs & self.by_role(Role::Lance) & attacks::lance_reach_around(king) {
            attacked |= attacks::lance_attacks(them, from, occupied);
        }
        around & !attacked
    }

    /// Moves of every piece but the king to `target` squares; `pinned` pieces only along their pin.
    #[inline(always)]
    fn generate_pieces<S: MoveSink>(
        &self,
        us: Color,
        sink: &mut S,
        target: Bitboard,
        pinned: Bitboard,
        king: Option<Square>,
    ) {
        let occupied = self.occupied();
        let zone = promotion_zone(us);
        let free = self.by_color(us) & !pinned;

        let (promote, stay) = promotion_choices(us, Role::Pawn, false);
        let pawn_offset = PAWN_OFFSET[us.index()];
        sink.jumps(pawn_offset, shifted(self.by_role(Role::Pawn) & free, pawn_offset) & target, promote, stay);
        // A pinned knight can never move: no knight move stays on a line.
        let knights = self.by_role(Role::Knight) & free;
        let (promote, stay) = promotion_choices(us, Role::Knight, false);
        for offset in KNIGHT_OFFSETS[us.index()] {
            sink.jumps(offset, shifted(knights, offset) & target, promote, stay);
        }

        // One call per role and zone, so that each is compiled for its own case.
        let each = |role: Role, pieces: Bitboard, in_zone: bool| Moves { us, role, pieces, in_zone, occupied, target };
        each(Role::Lance, self.by_role(Role::Lance) & free, false).generate(sink);
        each(Role::Gold, self.gold_movers() & free, false).generate(sink);
        each(Role::Horse, self.by_role(Role::Horse) & free, false).generate(sink);
        each(Role::Dragon, self.by_role(Role::Dragon) & free, false).generate(sink);
        let (silvers, bishops, rooks) =
            (self.by_role(Role::Silver) & free, self.by_role(Role::Bishop) & free, self.by_role(Role::Rook) & free);
        each(Role::Silver, silvers & zone, true).generate(sink);
        each(Role::Silver, silvers & !zone, false).generate(sink);
        each(Role::Bishop, bishops & zone, true).generate(sink);
        each(Role::Bishop, bishops & !zone, false).generate(sink);
        each(Role::Rook, rooks & zone, true).generate(sink);
        each(Role::Rook, rooks & !zone, false).generate(sink);
        if let Some(king) = king {
            for from in self.by_color(us) & pinned {
                let Some(piece) = self.piece_at(from) else { continue };
                let along_pin = attacks::line_through(king, from);
                let targets = attacks::attacks(us, piece.role, from, occupied) & target & along_pin;
                let (promote, stay) = promotion_choices(us, piece.role, zone.contains(from));
                sink.piece(from, targets, promote, stay);
            }
        }
    }

    #[inline(always)]
    fn generate_drops<S: MoveSink>(&self, us: Color, sink: &mut S, drop_target: Bitboard) {
        let hand = self.hand(us);
        if drop_target.is_empty() || hand.is_empty() {
            return;
        }
        // Rook, bishop, gold and silver may be dropped on any empty square.
        let mut anywhere = [Role::Rook; 4];
        let mut held = 0;
        for role in [Role::Rook, Role::Bishop, Role::Gold, Role::Silver] {
            if hand.count(role) > 0 {
                anywhere[held] = role;
                held += 1;
            }
        }
        sink.drops(&anywhere[..held], drop_target);
        for role in [Role::Knight, Role::Lance] {
            if hand.count(role) > 0 {
                sink.drops(&[role], drop_target & !dead_squares(us, role));
            }
        }
        if hand.count(Role::Pawn) > 0 {
            let mut targets = drop_target & !dead_squares(us, Role::Pawn) & !pawn_files(self.pieces(us, Role::Pawn));
            // Only a pawn dropped right in front of the enemy king can mate.
            if let Some(enemy_king) = self.king_square(!us) {
                let mating_square = attacks::pawn_attacks(!us, enemy_king) & targets;
                if let Some(sq) = mating_square.first() {
                    if self.is_pawn_drop_mate(us, sq, enemy_king) {
                        targets = targets.without(sq);
                    }
                }
            }
            sink.drops(&[Role::Pawn], targets);
        }
    }

    /// Whether `us` dropping a pawn on `sq`, right in front of the enemy king on
    /// `enemy_king`, would checkmate. A contact check cannot be blocked, so it is
    /// mate unless the king can step somewhere safe (taking the pawn included)
    /// or another piece can take the pawn without exposing its king.
    #[inline(always)]
    fn is_pawn_drop_mate(&self, us: Color, sq: Square, enemy_king: Square) -> bool {
        let them = !us;
        let occupied = self.occupied().with(sq);
        if self.safe_king_steps(them, enemy_king, occupied.without(enemy_king)).any() {
            return false;
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

    /// Whether the side to move has any legal move. It generates rather than counts, so
    /// the web app (which asks once per move played) carries one move generator, not two.
    pub fn has_legal_moves(&self) -> bool {
        !self.legal_moves().is_empty()
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
        // The counts are popcounts: x86-64 has an instruction for them on nearly
        // every CPU, but not in the baseline the binary is built for.
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has just been found to have popcnt.
            return unsafe { self.perft_popcnt(depth) };
        }
        self.perft_portable(depth)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn perft_popcnt(&self, depth: u32) -> u64 {
        self.perft_with(depth, |pos, depth| pos.perft_popcnt(depth))
    }

    fn perft_portable(&self, depth: u32) -> u64 {
        self.perft_with(depth, Position::perft_portable)
    }

    #[inline(always)]
    fn perft_with(&self, depth: u32, recurse: impl Fn(&Position, u32) -> u64) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves_inline(),
            _ => {
                let mut nodes = 0;
                for &m in self.legal_moves().iter() {
                    let mut child = self.clone();
                    child.play_unchecked(m);
                    nodes += recurse(&child, depth - 1);
                }
                nodes
            }
        }
    }

    /// Perft split by root move, as `go perft` prints it.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let list = self.legal_moves();
        list.iter().map(|&m| (m, if depth <= 1 { 1 } else { self.after(m).perft(depth - 1) })).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{sfen, usi};

    fn position(text: &str) -> Position {
        sfen::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn has(pos: &Position, usi_move: &str) -> bool {
        pos.legal_moves().contains(usi::parse(usi_move).expect("a USI move"))
    }

    #[test]
    fn pawn_files_fill_every_file_holding_a_pawn() {
        for files in 0u32..512 {
            let pawns: Bitboard = (1..=9u8)
                .filter(|f| files >> (f - 1) & 1 != 0)
                .map(|f| Square::new(f, (f * 5) % 9).expect("a square"))
                .collect();
            let expected =
                (1..=9u8).filter(|f| files >> (f - 1) & 1 != 0).fold(Bitboard::EMPTY, |b, f| b | Bitboard::file(f));
            assert_eq!(pawn_files(pawns), expected);
        }
    }

    // Gote's king on 1a; sente's gold on 2c guards 1b and 2b, the knight on 3c guards 2a.
    #[test]
    fn a_pawn_drop_that_mates_is_not_legal() {
        let pos = position("8k/9/6NG1/9/9/9/9/9/K8 b P 1");
        assert!(!has(&pos, "P*1b"));
        assert!(has(&pos, "P*1c") && has(&pos, "P*9b"));
    }

    #[test]
    fn a_pawn_drop_mate_stays_illegal_when_only_a_pinned_piece_could_take_the_pawn() {
        // Gote's gold on 2a could take on 1b, but the rook on 9a pins it to the king.
        let pos = position("R6gk/9/6NG1/9/9/9/9/9/K8 b P 1");
        assert!(!has(&pos, "P*1b"));
    }

    #[test]
    fn a_pawn_drop_check_that_can_be_answered_is_legal() {
        // The gold on 2a is free to take the pawn.
        assert!(has(&position("7gk/9/6NG1/9/9/9/9/9/K8 b P 1"), "P*1b"));
        // Nothing guards 1b: the king takes the pawn.
        assert!(has(&position("8k/9/6N2/9/9/9/9/9/K8 b P 1"), "P*1b"));
        // Nothing guards 2a: the king steps away.
        assert!(has(&position("8k/9/7G1/9/9/9/9/9/K8 b P 1"), "P*1b"));
    }

    #[test]
    fn mates_by_other_drops_and_by_pawn_moves_are_legal() {
        let pos = position("8k/9/6NG1/9/9/9/9/9/K8 b G 1");
        assert!(has(&pos, "G*1b"));
        assert!(pos.after(usi::parse("G*1b").expect("a USI move")).is_checkmate());
        let pos = position("8k/9/6NGP/9/9/9/9/9/K8 b - 1");
        assert!(has(&pos, "1c1b"));
        assert!(pos.after(usi::parse("1c1b").expect("a USI move")).is_checkmate());
    }

    #[test]
    fn counting_agrees_with_listing() {
        let mut pos = Position::startpos();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..300 {
            let moves = pos.legal_moves();
            assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{pos:?}");
            if moves.is_empty() {
                pos = Position::startpos();
                continue;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
        }
    }
}
