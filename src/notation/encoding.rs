//! The text encoding of a record file. KIF and CSA files come as UTF-8 (with or
//! without a byte order mark) or, from older Windows programs, Shift_JIS; both
//! formats may declare theirs on the first line (`#KIF version=2.0 encoding=Shift_JIS`,
//! `'CSA encoding=UTF-8`).

use std::borrow::Cow;
use std::fmt;

/// Bytes that a byte order mark or the first line declares UTF-8 but are not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct InvalidUtf8 {
    /// 1-based line of the first bad byte.
    pub line: usize,
}

impl fmt::Display for InvalidUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: the file says it is UTF-8 but this line is not valid UTF-8", self.line)
    }
}

impl std::error::Error for InvalidUtf8 {}

/// Decodes a record file: a UTF-8 byte order mark wins, then an `encoding=` label
/// on the first line, then valid UTF-8; anything else is read as Shift_JIS
/// (Windows-31J, as the WHATWG decoder defines it; unmappable bytes become U+FFFD).
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, InvalidUtf8> {
    decode_with(bytes, |encoding, bytes| encoding.decode_without_bom_handling(bytes).0)
}

/// [`decode`] with another decoder for text that is not UTF-8 (given its encoding):
/// the web page passes the browser's `TextDecoder`, which keeps encoding_rs's
/// tables of every encoding out of its wasm.
pub fn decode_with<'a>(
    bytes: &'a [u8],
    decode_other: impl FnOnce(&'static encoding_rs::Encoding, &'a [u8]) -> Cow<'a, str>,
) -> Result<Cow<'a, str>, InvalidUtf8> {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return strict_utf8(rest);
    }
    match declared_encoding(bytes) {
        Some(encoding) if encoding == encoding_rs::UTF_8 => strict_utf8(bytes),
        Some(encoding) => Ok(decode_other(encoding, bytes)),
        None => match std::str::from_utf8(bytes) {
            Ok(text) => Ok(Cow::Borrowed(text)),
            Err(_) => Ok(decode_other(encoding_rs::SHIFT_JIS, bytes)),
        },
    }
}

fn strict_utf8(bytes: &[u8]) -> Result<Cow<'_, str>, InvalidUtf8> {
    std::str::from_utf8(bytes).map(Cow::Borrowed).map_err(|e| InvalidUtf8 {
        line: 1 + bytes.get(..e.valid_up_to()).map_or(0, |valid| valid.iter().filter(|&&b| b == b'\n').count()),
    })
}

/// The encodings a record may declare, by every WHATWG label of each: Unicode's and the
/// Japanese ones. A short list rather than `Encoding::for_label`, which knows every
/// encoding and so brings the tables of all of them into the web page's wasm (about
/// 4 KB gzip-compressed); a record declaring another encoding is read as undeclared.
static LABELS: [(&str, &encoding_rs::Encoding); 19] = [
    ("utf-8", &encoding_rs::UTF_8_INIT),
    ("utf8", &encoding_rs::UTF_8_INIT),
    ("unicode-1-1-utf-8", &encoding_rs::UTF_8_INIT),
    ("unicode11utf8", &encoding_rs::UTF_8_INIT),
    ("unicode20utf8", &encoding_rs::UTF_8_INIT),
    ("x-unicode20utf8", &encoding_rs::UTF_8_INIT),
    ("shift_jis", &encoding_rs::SHIFT_JIS_INIT),
    ("shift-jis", &encoding_rs::SHIFT_JIS_INIT),
    ("sjis", &encoding_rs::SHIFT_JIS_INIT),
    ("csshiftjis", &encoding_rs::SHIFT_JIS_INIT),
    ("ms932", &encoding_rs::SHIFT_JIS_INIT),
    ("ms_kanji", &encoding_rs::SHIFT_JIS_INIT),
    ("windows-31j", &encoding_rs::SHIFT_JIS_INIT),
    ("x-sjis", &encoding_rs::SHIFT_JIS_INIT),
    ("euc-jp", &encoding_rs::EUC_JP_INIT),
    ("x-euc-jp", &encoding_rs::EUC_JP_INIT),
    ("cseucpkdfmtjapanese", &encoding_rs::EUC_JP_INIT),
    ("iso-2022-jp", &encoding_rs::ISO_2022_JP_INIT),
    ("csiso2022jp", &encoding_rs::ISO_2022_JP_INIT),
];

/// The encoding named by `encoding=<label>` on the first line, if it is one of [`LABELS`].
fn declared_encoding(bytes: &[u8]) -> Option<&'static encoding_rs::Encoding> {
    let first_line = bytes.split(|&b| b == b'\n').next()?;
    const KEY: &[u8] = b"encoding=";
    let start = first_line.windows(KEY.len()).position(|w| w.eq_ignore_ascii_case(KEY))? + KEY.len();
    let label = first_line.get(start..)?;
    let end = label.iter().position(|b| b.is_ascii_whitespace() || *b == b',').unwrap_or(label.len());
    let label = label.get(..end)?;
    LABELS.iter().find(|(name, _)| name.as_bytes().eq_ignore_ascii_case(label)).map(|&(_, encoding)| encoding)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_bom_label_and_fallback() {
        let text = "先手：羽生\n";
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(text);
        assert_eq!(decode(text.as_bytes()).unwrap(), text);
        assert_eq!(decode(&sjis).unwrap(), text);
        let bom = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
        assert_eq!(decode(&bom).unwrap(), text);
        let declared = [b"#KIF version=2.0 encoding=Shift_JIS\r\n".as_slice(), &sjis].concat();
        assert_eq!(decode(&declared).unwrap(), format!("#KIF version=2.0 encoding=Shift_JIS\r\n{text}"));
        let lying = [b"'CSA encoding=UTF-8\nV2.2\n".as_slice(), &sjis].concat();
        assert_eq!(decode(&lying), Err(InvalidUtf8 { line: 3 }));
        let euc = [b"#KIF encoding=EUC-JP\n".as_slice(), &encoding_rs::EUC_JP.encode(text).0].concat();
        assert_eq!(decode(&euc).unwrap(), format!("#KIF encoding=EUC-JP\n{text}"));
        // Not a Japanese encoding: read as undeclared (Shift_JIS, as it is not UTF-8).
        let western = [b"#KIF encoding=windows-1252\r\n".as_slice(), &sjis].concat();
        assert_eq!(decode(&western).unwrap(), format!("#KIF encoding=windows-1252\r\n{text}"));
    }

    #[test]
    fn each_label_names_the_encoding_the_standard_gives_it() {
        for (label, encoding) in LABELS {
            assert_eq!(encoding_rs::Encoding::for_label(label.as_bytes()), Some(encoding), "{label}");
            assert_eq!(declared_encoding(format!("'encoding={}\n", label.to_uppercase()).as_bytes()), Some(encoding));
        }
    }
}
