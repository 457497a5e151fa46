//! Text put into markup that the page writes itself (the board's squares, the pieces).

use std::borrow::Cow;

/// `text` safe inside an element or a double-quoted attribute value.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.contains(['&', '<', '>', '"']) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_markup_would_read_as_its_own() {
        assert_eq!(escape("5e, sente pawn"), "5e, sente pawn");
        assert!(matches!(escape("歩 P"), Cow::Borrowed(_)));
        assert_eq!(escape(r#"a "b" <c> & d"#), "a &quot;b&quot; &lt;c&gt; &amp; d");
    }
}
