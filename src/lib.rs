//! A shogi board for the web: the rules core, notations, and (in later modules)
//! the engine and the browser app.
//!
//! ```
//! use shogi::rules::Position;
//! use shogi::notation::{sfen, usi};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 30);
//! pos.play(usi::parse("7g7f").unwrap()).unwrap();
//! assert_eq!(sfen::write_position(&pos), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
//! ```

#[macro_use]
mod named;

pub mod cli;
pub mod engine;
pub mod notation;
pub mod rules;
pub mod tsume;
pub mod ui;
pub mod usi;
pub mod worker;

/// The engine worker's allocator: talc, 3.4 KB gzip lighter than the standard dlmalloc in the
/// worker's wasm and as fast in its search (issue 28). The page keeps dlmalloc: the standard
/// library's `thread::current`, which Leptos reaches, allocates from it directly, so the page
/// would carry both.
#[cfg(all(target_arch = "wasm32", not(feature = "app")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
