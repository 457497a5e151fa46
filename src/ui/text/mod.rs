//! Words: the two languages (`Lang`, the `T` texts, `Words`), the wording of the core's
//! errors and refusals, moves read aloud, what is written on each piece, and text made safe
//! for markup. No browser types and no views; imports only `rules`, `notation` and `ui::text` itself.

pub mod explain;
pub mod face;
pub mod glyphs;
pub mod i18n;
pub mod japanese;
pub mod markup;
pub mod speech;
