//! Text formats, one file each. Parsing lives here, rules in [`crate::rules`].

pub mod csa;
pub mod encoding;
pub mod expected;
pub mod format;
pub mod japanese;
pub mod kanji;
pub mod ki2;
pub mod kif;
mod kif_totals;
pub mod record;
pub mod resolve;
pub mod sfen;
pub mod usi;
pub mod variation;
pub mod western;

/// Text quoted in an error message, cut to `max` characters with an ellipsis where it was
/// cut, so that a long (or hostile) input never floods the message.
pub fn clip(text: &str, max: usize) -> String {
    let mut short: String = text.chars().take(max).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

#[cfg(test)]
mod tests {
    #[test]
    fn clip_marks_a_cut() {
        assert_eq!(super::clip("7g7f", 4), "7g7f");
        assert_eq!(super::clip("７六歩打", 2), "７六…");
    }
}
