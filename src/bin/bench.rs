//! Move generation speed: `cargo run --release --bin bench [-- --quick] [NAME ...]`.
//!
//! For every position of `tests/data/perft.tsv` (or only those named), runs perft
//! at the largest depth the file lists (one less with `--quick`), checks the count
//! against the file and prints nodes, seconds and nodes per second. A wrong count
//! is an error: the run stops with exit status 1.
//!
//! Built for `wasm32-unknown-unknown` the same cases are exported to JavaScript
//! (`tests/bench/wasm-bench.mjs` times them in Node), since that target has no clock.

use shogi::notation::sfen;

const DATA: &str = include_str!("../../tests/data/perft.tsv");

/// One position at the depth to run, with the count the file expects.
struct Case {
    name: &'static str,
    sfen: &'static str,
    depth: u32,
    nodes: u64,
}

/// The deepest row of each position, in file order (the second deepest when `quick`).
fn cases(quick: bool) -> Vec<Case> {
    let rows: Vec<Case> = DATA
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let number = |i: usize| f.get(i).and_then(|s| s.parse::<u64>().ok());
            match (f.len(), number(2), number(3)) {
                (4, Some(depth), Some(nodes)) => Case { name: f[0], sfen: f[1], depth: depth as u32, nodes },
                _ => panic!("tests/data/perft.tsv: malformed row: {l}"),
            }
        })
        .collect();
    let mut chosen: Vec<Case> = Vec::new();
    for name in rows.iter().map(|r| r.name) {
        if chosen.iter().any(|c| c.name == name) {
            continue;
        }
        let mut depths: Vec<&Case> = rows.iter().filter(|r| r.name == name).collect();
        depths.sort_by_key(|r| r.depth);
        let pick = if quick && depths.len() > 1 { depths[depths.len() - 2] } else { depths[depths.len() - 1] };
        chosen.push(Case { name: pick.name, sfen: pick.sfen, depth: pick.depth, nodes: pick.nodes });
    }
    chosen
}

/// Runs one case; `Err` says how the count is wrong.
fn run(case: &Case) -> Result<u64, String> {
    let pos = sfen::parse_position(case.sfen).map_err(|e| format!("{}: {e}", case.name))?;
    let nodes = pos.perft(case.depth);
    if nodes == case.nodes {
        Ok(nodes)
    } else {
        Err(format!("{} perft {}: {nodes} nodes, but tests/data/perft.tsv says {}", case.name, case.depth, case.nodes))
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let names: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    for case in cases(quick).iter().filter(|c| names.is_empty() || names.iter().any(|n| *n == c.name)) {
        let start = std::time::Instant::now();
        let result = run(case);
        let secs = start.elapsed().as_secs_f64();
        match result {
            Ok(nodes) => {
                println!(
                    "{:<10} perft {}: {nodes:>11} nodes {secs:>8.3} s {:>8.1} M nodes/s",
                    case.name,
                    case.depth,
                    nodes as f64 / secs / 1e6
                );
                total_nodes += nodes;
                total_secs += secs;
            }
            Err(message) => {
                eprintln!("error: {message}");
                std::process::exit(1);
            }
        }
    }
    println!("{:<10}        : {total_nodes:>11} nodes {total_secs:>8.3} s {:>8.1} M nodes/s", "total", total_nodes as f64 / total_secs / 1e6);
}

/// The wasm build's interface: `case_count`, then for each case `case_label`
/// and `case_perft`, which returns the node count, or -1 after leaving the error
/// message as the text. The text (`text_buffer`, `text_length`) is UTF-8.
#[cfg(target_arch = "wasm32")]
mod wasm {
    use super::{cases, run};

    use std::sync::Mutex;

    static TEXT: Mutex<String> = Mutex::new(String::new());

    fn set_text(text: String) {
        *TEXT.lock().unwrap_or_else(|e| e.into_inner()) = text;
    }

    /// Where the text of the last `case_label` or failed `case_perft` is.
    #[no_mangle]
    pub extern "C" fn text_buffer() -> *const u8 {
        TEXT.lock().unwrap_or_else(|e| e.into_inner()).as_ptr()
    }

    #[no_mangle]
    pub extern "C" fn text_length() -> u32 {
        TEXT.lock().unwrap_or_else(|e| e.into_inner()).len() as u32
    }

    #[no_mangle]
    pub extern "C" fn case_count(quick: u32) -> u32 {
        cases(quick != 0).len() as u32
    }

    /// Leaves `name<TAB>depth` as the text.
    #[no_mangle]
    pub extern "C" fn case_label(index: u32, quick: u32) {
        let all = cases(quick != 0);
        let case = &all[index as usize];
        set_text(format!("{}\t{}", case.name, case.depth));
    }

    #[no_mangle]
    pub extern "C" fn case_perft(index: u32, quick: u32) -> i64 {
        match run(&cases(quick != 0)[index as usize]) {
            Ok(nodes) => nodes as i64,
            Err(message) => {
                set_text(message);
                -1
            }
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
