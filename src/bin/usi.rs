//! The native USI engine: `cargo run --release --bin usi`; `usi bench` prints the search
//! benchmark (total nodes as a signature, and nodes per second).

fn main() -> std::io::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("bench") {
        return shogi::usi::bench(&mut std::io::stdout().lock());
    }
    shogi::usi::Session::default().run(std::io::BufReader::new(std::io::stdin()), std::io::stdout().lock())
}
