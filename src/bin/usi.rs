//! The native USI engine: `cargo run --release --bin usi`; `usi bench` prints the search
//! benchmark (total nodes as a signature, and nodes per second), `usi bench learned` the same
//! with the learned evaluation.
//!
//! Built for wasm32-unknown-unknown it exports the benchmark instead (`bench_count`,
//! `bench_search(index, learned) -> nodes`), for `tests/bench/engine-wasm-bench.mjs` to time in Node.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "bench") {
        let learned = match args.get(1).map(String::as_str) {
            None => false,
            Some("learned") => true,
            Some(other) => {
                eprintln!("usi bench: unknown evaluation '{other}' (usage: usi bench [learned])");
                std::process::exit(2);
            }
        };
        return shogi::usi::bench(&mut std::io::stdout().lock(), learned);
    }
    shogi::usi::Session::default().run(std::io::BufReader::new(std::io::stdin()), std::io::stdout().lock())
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(target_arch = "wasm32")]
mod wasm {
    use shogi::engine::bench::{self, Bench};
    use std::cell::RefCell;

    thread_local! {
        /// One bench engine for each evaluation (built-in, learned), made at its first search.
        static BENCHES: RefCell<[Option<Bench>; 2]> = const { RefCell::new([None, None]) };
    }

    #[no_mangle]
    pub extern "C" fn bench_count() -> u32 {
        bench::POSITIONS.len() as u32
    }

    /// Searches bench position `index`, with the learned evaluation if `learned` is not 0, and
    /// returns the nodes searched (0 for a bad index).
    #[no_mangle]
    pub extern "C" fn bench_search(index: u32, learned: u32) -> u64 {
        if (index as usize) >= bench::POSITIONS.len() {
            return 0;
        }
        let learned = learned != 0;
        BENCHES.with_borrow_mut(|benches| {
            benches[usize::from(learned)].get_or_insert_with(|| Bench::new(learned)).search(index as usize).nodes
        })
    }
}
