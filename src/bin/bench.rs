//! Move generation speed: `cargo run --release --bin bench [perft]`.
//! Prints nodes, seconds and nodes per second for each reference position.

use std::time::Instant;

use shogi::notation::sfen;

const CASES: &[(&str, &str, u32)] = &[
    ("startpos", sfen::STARTPOS, 6),
    ("matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 4),
    ("midgame", "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124", 4),
];

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    for &(name, text, depth) in CASES {
        let depth = if quick { depth - 1 } else { depth };
        let pos = sfen::parse_position(text).expect("bench positions are legal");
        let start = Instant::now();
        let nodes = pos.perft(depth);
        let secs = start.elapsed().as_secs_f64();
        println!("{name:<10} perft {depth}: {nodes:>11} nodes {secs:>8.3} s {:>8.1} M nodes/s", nodes as f64 / secs / 1e6);
    }
}
