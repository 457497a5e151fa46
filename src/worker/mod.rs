//! The engine's Web Worker: the messages the page and the worker exchange, and
//! the worker's loop. One search at a time; the page stops a search by
//! terminating the worker and starting a fresh one.

mod protocol;
#[cfg(target_arch = "wasm32")]
mod run;

pub use protocol::{root_of, Mate, ProtocolError, Reply, Request};
#[cfg(target_arch = "wasm32")]
pub use run::start;
