//! The native USI engine: `cargo run --release --bin usi`.

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    shogi::usi::Session::default().run(stdin.lock(), std::io::stdout().lock())
}
