//! The search benchmark: fixed positions searched to a fixed depth. The total node count is
//! a signature of the search (it changes only when the search does); the caller times the
//! searches (natively with `Instant`, in wasm from JavaScript).

use super::{learned, Engine, Limits, NoClock, SearchResult};
use crate::notation::sfen;

/// The opening, and middle and end games from matches against GNU Shogi (moves 31, 61, 91),
/// with pieces in hand.
pub const POSITIONS: &[&str] = &[
    sfen::STARTPOS,
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
    "ln3g2l/1r1sg1s2/p1pp1knpp/bp2ppp2/3N5/PPPS1BPP1/3PPP2P/2R2S3/L2GKG1NL b - 31",
    "ln1gk3l/2rs1sg2/p1p1ppp1p/1pN4p1/3pB4/2P2P1P1/PPSPS1P1P/3KG2R1/LN1G3NL b Pb 31",
    "ln1b4l/r2sggs2/p2p1knpp/1pR1p4/P2N5/1P1SPppP1/3P1P2P/5S1B1/L2GKG1NL b 2Pp 61",
    "+B3k3l/3g1s3/n3ppp2/pp5p1/2r2S2p/P1n2P1P1/1P1PP1P1P/1SG1G2R1/LN2K2NL b G2Pbslp 61",
    "3b2+R2/l1s6/p1npg1Gpp/4pk3/P4p3/1P+RSP1pP1/3P1Pn1P/5S3/L2GKG1+b1 b S2NL4Pl 91",
    "6s2/3GGs1l+R/n3pkpG1/p+B5p1/5p2p/P4P1P1/1P1PP1P1P/4G2R1/L+n2K2NL b 4Pb2snl 91",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
];

pub const DEPTH: u32 = 12;
const HASH_MB: usize = 16;

/// The bench's engine, made once as the app's worker and the USI engine make theirs: the table
/// allocated and the learned weights read before the positions are searched, not timed with
/// each search. Each position is searched from a new game, so every search finds the same state.
pub struct Bench {
    engine: Engine,
}

impl Bench {
    /// With the built-in evaluation or, if `learned`, the committed learned one (the two search
    /// different trees: each has its own signature).
    pub fn new(learned: bool) -> Bench {
        let mut engine = Engine::new(HASH_MB);
        engine.set_learned_weights(learned.then(learned::committed));
        Bench { engine }
    }

    /// Searches bench position `index` (< `POSITIONS.len()`) as a new game's first search.
    pub fn search(&mut self, index: usize) -> SearchResult {
        let pos = sfen::parse_position(POSITIONS[index]).expect("bench positions are legal");
        let limits = Limits { depth: Some(DEPTH), ..Limits::default() };
        self.engine.new_game();
        // A new game keeps the random state; the bench plays at full strength, which draws
        // none, but a search at any strength starts here from the seed a new engine has.
        self.engine.set_seed(0);
        self.engine.search(&pos, &[], &limits, &NoClock, &|| false, &mut |_| {})
    }
}
