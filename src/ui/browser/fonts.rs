//! The faces of "Shogi Japanese", the family first in every font stack of the page
//! (style/base.css), for Japanese text where the system has no Japanese font (minimal Linux,
//! kiosks, containers): Noto Sans CJK JP (SIL Open Font License 1.1) cut down by
//! .ci/japanese-font.sh to the characters the page and the notations write, every kana and the
//! full-width forms. Each face names the systems' own Japanese fonts first (`local()`), so a
//! system that has one draws with it and fetches nothing, and its `unicode-range` keeps it to
//! Japanese, so a file is fetched only when Japanese text is drawn. The few characters an
//! English page shows (the 日本語 and ７六歩 buttons) have a file of their own, 2 KB instead of
//! 65: of faces whose ranges overlap, the one declared later wins. Latin text passes through
//! the family to the next in the stack: after system-ui, Chromium keeps the boxes it drew
//! before the font arrived.
//!
//! The faces are not in the page's first style sheet: each `local()` name is a look-up in the
//! system's fonts, which lengthened the first frame's layout by about 10 ms on Linux (half of
//! it). An English page draws no Japanese before its toolbar and panel are built, after that
//! frame; a Japanese one gets the faces before its first.

use std::cell::Cell;

/// The systems' own Japanese fonts, by full and PostScript name: macOS and iOS, Windows, then
/// Linux and Android.
macro_rules! system_fonts {
    () => {
        concat!(
            r#"local("Hiragino Sans W3"),local("HiraginoSans-W3"),local("Hiragino Kaku Gothic ProN W3"),"#,
            r#"local("HiraKakuProN-W3"),local("Yu Gothic UI Regular"),local("YuGothicUI-Regular"),local("Meiryo"),"#,
            r#"local("Noto Sans CJK JP Regular"),local("NotoSansCJKjp-Regular"),local("Noto Sans JP Regular"),"#,
            r#"local("NotoSansJP-Regular")"#,
        )
    };
}

/// A face of the family: the systems' fonts, else `file` (public/fonts/), for `range`.
macro_rules! face {
    ($file:literal, $range:literal) => {
        concat!(
            r#"@font-face{font-family:"Shogi Japanese";src:"#,
            system_fonts!(),
            r#",url("fonts/"#,
            $file,
            r#"") format("woff2");unicode-range:"#,
            $range,
            ";font-display:swap}"
        )
    };
}

/// Every Japanese character; then those an English page shows (日本語 and ７六歩, as
/// .ci/japanese-font.sh cuts them), declared later so that they win.
const FACES: &str = concat!(
    face!("japanese-ui.woff2", "U+3000-30FF,U+4E00-9FFF,U+FF00-FFEF"),
    face!("japanese-labels.woff2", "U+516D,U+65E5,U+672C,U+6B69,U+8A9E,U+FF17"),
);

thread_local! {
    static ADDED: Cell<bool> = const { Cell::new(false) };
}

/// Adds the faces to the page, once.
pub fn add_japanese_faces() {
    if ADDED.replace(true) {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let (Ok(style), Some(head)) = (document.create_element("style"), document.head()) else { return };
    style.set_text_content(Some(FACES));
    let _ = head.append_child(&style);
}
