//! The engine's Web Worker: the messages the page and the worker exchange, the worker's
//! loop, and the schedule by which the page shares it. One request at a time; the page stops
//! one by terminating the worker and starting a fresh one.

mod protocol;
#[cfg(target_arch = "wasm32")]
mod run;
mod schedule;

pub use protocol::{root_of, Mate, ProtocolError, Reply, Request};
#[cfg(target_arch = "wasm32")]
pub use run::start;
pub use schedule::{Priority, Schedule, Step};
