//! The kanji written on pieces, drawn from their outlines in the page (`public/glyphs.svg`,
//! which index.html puts in the page once). Written by `.ci/glyphs.py`; do not edit.
//!
//! Outlines from Noto Serif CJK JP Bold, Version 2.001.
//! © 2017-2022 Adobe (http://www.adobe.com/).
//! Licensed under the SIL Open Font License, Version 1.1 (http://scripts.sil.org/OFL).

/// The size of the outlines' em square: a sign drawn at size `s` is scaled by `s / EM`.
pub const EM: f64 = 1000.0;

/// The signs that have an outline in the page.
const SIGNS: &str = "玉王飛角金銀桂香歩龍馬全圭杏と";

/// The page's id of a sign's outline, centred on (0, 0), y pointing down; `None` for signs
/// drawn as text (letters such as `K` and `+R`).
pub fn outline_id(sign: &str) -> Option<String> {
    let mut chars = sign.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if SIGNS.contains(c) => Some(format!("glyph-{:x}", u32::from(c))),
        _ => None,
    }
}
