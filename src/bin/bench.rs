//! Move generation speed:
//! `cargo run --release --bin bench [-- [--quick] [--repeat N] [NAME ...]]`.
//!
//! For every position of `tests/data/perft.tsv` (or only those named), runs perft
//! at the largest depth the file lists (one less with `--quick`), checks the count
//! against the file and prints nodes, seconds and nodes per second, by the clock
//! and (on Linux) by the thread's CPU time; `--repeat N` keeps the best of N runs.
//! A wrong count is an error: the run stops with exit status 1.
//!
//! Built for `wasm32-unknown-unknown` the same cases are exported to JavaScript
//! (`tests/bench/wasm-bench.mjs` times them in Node), since that target has no clock.

#[cfg(not(target_arch = "wasm32"))]
use shogi::cli::Args;
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

/// CPU time of this thread (64-bit Linux): on a shared machine it says what
/// the run cost even when other programs took turns on the cores.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu_seconds() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanos: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec { seconds: 0, nanos: 0 };
    // SAFETY: clock_gettime from the C library Rust links on Linux, writing one
    // timespec (two 64-bit fields on 64-bit Linux) to memory we own.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    (status == 0).then(|| time.seconds as f64 + time.nanos as f64 / 1e9)
}

#[cfg(not(any(target_arch = "wasm32", all(target_os = "linux", target_pointer_width = "64"))))]
fn thread_cpu_seconds() -> Option<f64> {
    None
}

/// `nodes` in `secs` as the bench prints it.
#[cfg(not(target_arch = "wasm32"))]
fn rate(nodes: u64, secs: f64) -> String {
    format!("{secs:>8.3} s {:>8.1} M nodes/s", nodes as f64 / secs / 1e6)
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args = Args::from_env();
    let quick = args.flag("--quick");
    let repeat = match args.number::<u32>("--repeat", "1") {
        Ok(n) if n > 0 => n,
        _ => {
            eprintln!("error: --repeat needs a positive number");
            std::process::exit(2);
        }
    };
    let names = args.operands(&["--repeat"]);
    if repeat > 1 {
        println!("best of {repeat} runs");
    }
    let (mut total_nodes, mut total_secs, mut total_cpu) = (0u64, 0f64, Some(0f64));
    for case in cases(quick).iter().filter(|c| names.is_empty() || names.contains(&c.name)) {
        let (mut secs, mut cpu) = (f64::INFINITY, None::<f64>);
        let mut nodes = 0;
        for _ in 0..repeat {
            let (start, start_cpu) = (std::time::Instant::now(), thread_cpu_seconds());
            match run(case) {
                Ok(n) => nodes = n,
                Err(message) => {
                    eprintln!("error: {message}");
                    std::process::exit(1);
                }
            }
            secs = secs.min(start.elapsed().as_secs_f64());
            if let (Some(a), Some(b)) = (start_cpu, thread_cpu_seconds()) {
                cpu = Some(cpu.map_or(b - a, |c: f64| c.min(b - a)));
            }
        }
        let cpu_text = cpu.map(|c| format!("   cpu {}", rate(nodes, c))).unwrap_or_default();
        println!("{:<10} perft {}: {nodes:>11} nodes {}{cpu_text}", case.name, case.depth, rate(nodes, secs));
        total_nodes += nodes;
        total_secs += secs;
        total_cpu = total_cpu.zip(cpu).map(|(t, c)| t + c);
    }
    let cpu_text = total_cpu.map(|c| format!("   cpu {}", rate(total_nodes, c))).unwrap_or_default();
    println!("{:<10}        : {total_nodes:>11} nodes {}{cpu_text}", "total", rate(total_nodes, total_secs));
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
