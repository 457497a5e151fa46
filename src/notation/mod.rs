//! Text formats, one file each. Parsing lives here, rules in [`crate::rules`].

pub mod csa;
pub mod encoding;
pub mod illegal;
pub mod kanji;
pub mod kif;
pub mod record;
pub mod sfen;
pub mod usi;
