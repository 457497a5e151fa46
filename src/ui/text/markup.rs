//! Text put into markup that the page writes itself (the board's squares, the pieces), and
//! the numbers it writes.

use std::borrow::Cow;
use std::fmt;

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

/// A number written with `places` decimals, as `{:.places$}` would (a tie rounds away from
/// zero); with a sign always (`signed`, as `{:+.places$}`); or with at most `places`,
/// trailing zeros dropped (`short`: "100", "54.5", "0.63"). Written by integer arithmetic:
/// the standard library's float formatting (Grisu and Dragon with their tables, 7 KB of
/// wasm) stays out of the page (issue 28). Every float the app writes goes through it: one
/// `{}` of an `f64` anywhere, even in a view loaded on demand, brings all of that back.
#[derive(Clone, Copy, Debug)]
pub struct Decimal {
    value: f64,
    places: u32,
    plus: bool,
    trim: bool,
}

impl Decimal {
    pub fn new(value: f64, places: u32) -> Decimal {
        Decimal { value, places, plus: false, trim: false }
    }

    pub fn signed(value: f64, places: u32) -> Decimal {
        Decimal { plus: true, ..Decimal::new(value, places) }
    }

    pub fn short(value: f64, places: u32) -> Decimal {
        Decimal { trim: true, ..Decimal::new(value, places) }
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scale = 10u64.pow(self.places);
        let scaled = (self.value.abs() * scale as f64).round() as u64;
        if self.value < 0.0 && scaled != 0 {
            f.write_str("-")?;
        } else if self.plus {
            f.write_str("+")?;
        }
        write!(f, "{}", scaled / scale)?;
        let (mut fraction, mut digits) = (scaled % scale, self.places);
        if self.trim {
            while digits > 0 && fraction % 10 == 0 {
                fraction /= 10;
                digits -= 1;
            }
        }
        if digits > 0 {
            write!(f, ".{:0width$}", fraction, width = digits as usize)?;
        }
        Ok(())
    }
}

/// A time of `ms` milliseconds in seconds: "0.25", "3".
pub fn seconds(ms: u32) -> String {
    Decimal::short(f64::from(ms) / 1000.0, 3).to_string()
}

/// A length or a coordinate as SVG and CSS get it: to a tenth, whole ones without decimals.
pub fn short_number(value: f64) -> String {
    Decimal::short(value, 1).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_read_as_the_standard_formatting_does() {
        for (value, places) in [(54.5, 1), (-20.0, 1), (1088.0, 0), (0.0833, 4), (1.23456, 2), (12.0, 3)] {
            assert_eq!(Decimal::new(value, places).to_string(), format!("{value:.0$}", places as usize), "{value}");
        }
        assert_eq!(Decimal::new(0.25, 1).to_string(), "0.3", "a tie rounds away from zero");
        assert_eq!(Decimal::new(-0.04, 1).to_string(), "0.0", "no minus before a zero");
        assert_eq!(Decimal::signed(1.5, 1).to_string(), "+1.5");
        assert_eq!(Decimal::signed(0.0, 2).to_string(), "+0.00");
        assert_eq!(Decimal::signed(-12.34, 2).to_string(), "-12.34");
        for (value, short) in
            [(100.0, "100"), (54.5, "54.5"), (-20.0, "-20"), (0.63, "0.63"), (0.25, "0.25"), (1.5, "1.5")]
        {
            assert_eq!(Decimal::short(value, 3).to_string(), short);
        }
        assert_eq!(short_number(490.5), "490.5");
        assert_eq!(short_number(1088.0), "1088");
        assert_eq!(short_number(33.33333), "33.3");
        assert_eq!(
            (seconds(250), seconds(630), seconds(3000), seconds(12345)),
            ("0.25".into(), "0.63".into(), "3".into(), "12.345".into())
        );
    }

    #[test]
    fn escapes_what_markup_would_read_as_its_own() {
        assert_eq!(escape("5e, sente pawn"), "5e, sente pawn");
        assert!(matches!(escape("歩 P"), Cow::Borrowed(_)));
        assert_eq!(escape(r#"a "b" <c> & d"#), "a &quot;b&quot; &lt;c&gt; &amp; d");
    }
}
