//! Words: the two languages (`Lang`, the `T` texts, `Words`), the wording of the core's
//! errors and refusals, moves read aloud, and what is written on each piece. No browser
//! types and no views; imports only `rules`, `notation` and `ui::text` itself.

pub mod explain;
pub mod face;
pub mod glyphs;
pub mod i18n;
pub mod japanese;
pub mod speech;
