//! Whether one given move is legal, found without generating the others. The search asks it of
//! the transposition table's move at every node, before it generates any move: listing every
//! legal move for that cost more than the rest of the node. The answer is the generator's
//! (`legal_moves().contains(m)`) for every position and every 16 bits, garbage included.

use super::attacks;
use super::movegen::{dead_squares, may_promote, must_promote, pawn_files};
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::square::Square;
use super::types::Role;

impl Position {
    /// Whether `m` is legal here: a few bitboard operations, except for a pawn dropped in front
    /// of the enemy king, which is played to see whether it mates.
    pub fn is_legal(&self, m: Move) -> bool {
        match m.checked_kind() {
            Some(MoveKind::Normal { from, to, promote }) => self.is_legal_board_move(from, to, promote),
            Some(MoveKind::Drop { role, to }) => self.is_legal_drop(m, role, to),
            None => false,
        }
    }

    fn is_legal_board_move(&self, from: Square, to: Square, promote: bool) -> bool {
        let us = self.turn;
        let Some(piece) = self.piece_at(from) else { return false };
        let occupied = self.occupied();
        if piece.color != us
            || self.by_color(us).contains(to)
            || !attacks::attacks(us, piece.role, from, occupied).contains(to)
            || if promote { !may_promote(us, piece.role, from, to) } else { must_promote(us, piece.role, to) }
        {
            return false;
        }
        let Some(king) = self.king_square(us) else { return true };
        if piece.role == Role::King {
            // Not off the board: a slider checking along the line it steps back on still reaches.
            return !self.is_attacked(to, !us, occupied.without(from));
        }
        let answers_check = match self.checkers.first() {
            None => true,
            Some(checker) => {
                !self.checkers.more_than_one() && attacks::between(king, checker).with(checker).contains(to)
            }
        };
        answers_check && (!self.pinned.contains(from) || attacks::line_through(king, from).contains(to))
    }

    fn is_legal_drop(&self, m: Move, role: Role, to: Square) -> bool {
        let us = self.turn;
        if self.hand(us).count(role) == 0 || self.occupied().contains(to) || dead_squares(us, role).contains(to) {
            return false;
        }
        if let (Some(checker), Some(king)) = (self.checkers.first(), self.king_square(us)) {
            // A drop only blocks: never a contact check, nor two.
            if self.checkers.more_than_one() || !attacks::between(king, checker).contains(to) {
                return false;
            }
        }
        if role != Role::Pawn {
            return true;
        }
        if pawn_files(self.pieces(us, Role::Pawn)).contains(to) {
            return false;
        }
        // A pawn dropped in front of the enemy king checks it, and must not mate. Rare enough to
        // play out: the generator's own test, inlined here, would add its code to the web page.
        match self.king_square(!us) {
            Some(enemy_king) if attacks::pawn_attacks(us, to).contains(enemy_king) => self.after(m).has_legal_moves(),
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen;
    use crate::rules::MoveList;

    /// The promotion flag's bit.
    fn promote_bit() -> u16 {
        let sq = Square::from_index(0).expect("a square");
        Move::normal(sq, sq, true).bits() ^ Move::normal(sq, sq, false).bits()
    }

    fn xorshift(seed: u64) -> impl FnMut() -> u64 {
        let mut state = seed;
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// A position with its legal moves as a set of 16-bit codes: `legal_moves().contains(m)`
    /// in one look-up.
    struct Oracle<'a> {
        pos: &'a Position,
        legal: Vec<u64>,
    }

    impl<'a> Oracle<'a> {
        fn new(pos: &'a Position, moves: &MoveList) -> Oracle<'a> {
            let mut legal = vec![0u64; 1024];
            for m in moves {
                legal[m.bits() as usize / 64] |= 1 << (m.bits() % 64);
            }
            Oracle { pos, legal }
        }

        fn check(&self, m: Move) {
            let expected = self.legal[m.bits() as usize / 64] >> (m.bits() % 64) & 1 != 0;
            let found = self.pos.is_legal(m);
            if found != expected {
                let shown = if m.checked_kind().is_some() { m.to_string() } else { "not a move".to_string() };
                panic!(
                    "{}: is_legal({shown}, bits {:#06x}) is {found}, legal_moves().contains is {expected}",
                    sfen::write_position(self.pos),
                    m.bits(),
                );
            }
        }
    }

    fn position(text: &str) -> Position {
        sfen::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// The SFENs of a perft file (`name<TAB>sfen<TAB>depth<TAB>nodes`), each once.
    fn perft_positions(data: &str) -> Vec<&str> {
        let mut texts: Vec<&str> = data
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split('\t').nth(1).expect("an SFEN column"))
            .collect();
        texts.dedup();
        texts
    }

    /// Every 16 bits, in the positions of the perft files and in some with the rare cases:
    /// pawn-drop mates, a missing king, a double check, a pin, pieces that must promote.
    #[test]
    fn every_move_value_is_judged_as_the_generator_does_in_reference_positions() {
        let mut texts = perft_positions(include_str!("../../tests/data/perft.tsv"));
        texts.extend(perft_positions(include_str!("../../tests/data/shogiops_perft.tsv")));
        texts.extend([
            "8k/9/6NG1/9/9/9/9/9/K8 b P 1",
            "R6gk/9/6NG1/9/9/9/9/9/K8 b P 1",
            "7gk/9/6NG1/9/9/9/9/9/K8 b P 1",
            "8k/9/6N2/9/9/9/9/9/K8 b P 1",
            "k8/9/9/9/9/9/1gn6/9/K8 w p 1",
            "8k/9/6NG1/9/9/9/9/9/9 b P 1",
            "9/9/9/9/4k4/9/9/9/9 b RBGSNLP 1",
            "4k4/9/9/9/9/9/9/9/9 w rbgsnlp 1",
            "k3r4/9/9/9/8b/9/9/2S3G2/4K4 b GSP 1",
            "k3r4/9/9/9/9/9/9/4K4/9 b G 1",
            "k3r4/9/9/9/9/9/9/4G4/4K4 b GP 1",
            "4r3k/9/9/9/9/9/4P4/4S4/4K4 b P 1",
            "4k4/9/N1L1P4/3S5/9/9/9/9/4K4 b LN 1",
            "4k4/9/9/9/9/5s1n1/4p1l2/9/4K4 w ln 1",
        ]);
        for text in texts {
            let pos = position(text);
            let oracle = Oracle::new(&pos, &pos.legal_moves());
            for bits in 0..=u16::MAX {
                oracle.check(Move::from_bits(bits));
            }
        }
    }

    /// Random play from every opening: in each position, its legal moves and those of the
    /// positions before and after (mostly illegal here), each with the promotion flag flipped,
    /// every drop of every role on every square, and random moves.
    #[test]
    fn moves_are_judged_as_the_generator_does_along_random_games() {
        const PLIES: usize = 40;
        let promote = promote_bit();
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        let openings = include_str!("../../tests/data/openings.sfen");
        let mut positions = 0;
        for text in openings.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let mut line = vec![position(text)];
            let mut moves = vec![line[0].legal_moves()];
            while line.len() <= PLIES && !moves[line.len() - 1].is_empty() {
                let (last, list) = (&line[line.len() - 1], &moves[moves.len() - 1]);
                let next = last.after(list[(random() % list.len() as u64) as usize]);
                moves.push(next.legal_moves());
                line.push(next);
            }
            for (i, pos) in line.iter().enumerate() {
                positions += 1;
                let oracle = Oracle::new(pos, &moves[i]);
                for list in &moves[i.saturating_sub(1)..(i + 2).min(moves.len())] {
                    for &m in list {
                        oracle.check(m);
                        oracle.check(Move::from_bits(m.bits() ^ promote));
                    }
                }
                for role in Role::ALL {
                    for to in Square::all() {
                        oracle.check(Move::drop(role, to));
                    }
                }
                for _ in 0..1000 {
                    let r = random();
                    let square = |shift: u32| Square::from_index((r >> shift) as usize % 81).expect("a square");
                    oracle.check(Move::normal(square(0), square(8), r >> 16 & 1 != 0));
                    oracle.check(Move::from_bits((r >> 32) as u16));
                }
            }
        }
        assert!(positions > 5000, "{positions} positions");
    }
}
