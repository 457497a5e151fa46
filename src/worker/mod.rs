//! The engine's Web Worker: the messages the page and the worker exchange, the worker's
//! loop, and the schedule by which the page shares it. One request at a time; the page stops
//! one by terminating the worker and starting a fresh one.

mod protocol;
// The worker's build only: its solver is a lazily loaded (exported) function, which the app's
// wasm would otherwise link with all it reaches.
#[cfg(all(target_arch = "wasm32", not(feature = "app")))]
mod run;
mod schedule;

pub use protocol::{root_of, Mate, ProtocolError, Reply, Request};
#[cfg(all(target_arch = "wasm32", not(feature = "app")))]
pub use run::start;
pub use schedule::{Priority, Schedule, Step};
