//! Perft counts from data files: every count up to ten million nodes here;
//! larger ones run in the benchmark (`cargo run --release --bin bench`).

use shogi::notation::sfen;

const LIMIT: u64 = 10_000_000;

/// Rows of `name<TAB>sfen<TAB>depth<TAB>nodes`, `#` starting a comment.
fn rows(data: &str) -> Vec<(String, String, u32, u64)> {
    data.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "malformed row: {l}");
            (f[0].to_string(), f[1].to_string(), f[2].parse().unwrap(), f[3].parse().unwrap())
        })
        .collect()
}

fn check(data: &str) -> usize {
    let mut checked = 0;
    for (name, text, depth, nodes) in rows(data) {
        if nodes > LIMIT {
            continue;
        }
        let pos = sfen::parse_position(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(pos.perft(depth), nodes, "{name} ({text}) perft {depth}");
        checked += 1;
    }
    checked
}

#[test]
fn reference_perft_counts() {
    assert!(check(include_str!("data/perft.tsv")) == 14);
}
