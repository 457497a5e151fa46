//! Whether a move gives check, without playing it: a direct attack from the destination by
//! the piece as it lands, or a slider uncovered behind the vacated square.

use crate::rules::attacks;
use crate::rules::{Move, MoveKind, Position};

pub fn gives_check(pos: &Position, m: Move) -> bool {
    let us = pos.turn();
    let Some(king) = pos.king_square(!us) else { return false };
    let (from, to, role) = match m.kind() {
        MoveKind::Drop { role, to } => (None, to, role),
        MoveKind::Normal { from, to, promote } => {
            let Some(piece) = pos.piece_at(from) else { return false };
            let role = if promote { piece.role.promoted().unwrap_or(piece.role) } else { piece.role };
            (Some(from), to, role)
        }
    };
    let mut occupied = pos.occupied().with(to);
    if let Some(from) = from {
        occupied = occupied.without(from);
    }
    if attacks::attacks(us, role, to, occupied).contains(king) {
        return true;
    }
    // A discovered check needs the vacated square on a line to the king, off the new one.
    match from {
        Some(from) if attacks::line_through(king, from).any() && !attacks::line_through(king, from).contains(to) => {
            (pos.attackers_to(king, us, occupied) & occupied.without(to)).any()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen;

    #[test]
    fn agrees_with_playing_the_move() {
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
                    assert_eq!(gives_check(&pos, m), expected, "{pos:?} {m}");
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
}
