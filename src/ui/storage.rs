//! Settings kept in localStorage under `shogi.` keys (SPEC §5). A stored value
//! that cannot be read is kept aside as `shogi.corrupt.<time>` and the person is told.

use super::face::PieceStyle;
use super::i18n::Lang;
use super::movetext::Notation;

const PIECES_KEY: &str = "shogi.pieces";
const NOTATION_KEY: &str = "shogi.notation";
const LANG_KEY: &str = "shogi.lang";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The stored value under `key`, read by `parse`; `Err` holds the notice for a value that could not be read.
fn read<T>(key: &str, parse: impl Fn(&str) -> Option<T>) -> Result<Option<T>, String> {
    let Some(store) = storage() else { return Ok(None) };
    let Ok(Some(text)) = store.get_item(key) else { return Ok(None) };
    if let Some(value) = parse(&text) {
        return Ok(Some(value));
    }
    let aside = format!("shogi.corrupt.{}", js_sys::Date::now() as u64);
    let _ = store.set_item(&aside, &text);
    let _ = store.remove_item(key);
    Err(format!("A saved setting ({key}) could not be read; it was kept aside as {aside} and the default is used."))
}

fn write(key: &str, value: &str) {
    if let Some(store) = storage() {
        // A full or disabled storage only means the setting is not remembered.
        let _ = store.set_item(key, value);
    }
}

pub fn piece_style() -> Result<Option<PieceStyle>, String> {
    read(PIECES_KEY, PieceStyle::from_name)
}

pub fn save_piece_style(style: PieceStyle) {
    write(PIECES_KEY, style.name());
}

pub fn notation() -> Result<Option<Notation>, String> {
    read(NOTATION_KEY, Notation::from_name)
}

pub fn save_notation(notation: Notation) {
    write(NOTATION_KEY, notation.name());
}

pub fn lang() -> Result<Option<Lang>, String> {
    read(LANG_KEY, Lang::from_name)
}

pub fn save_lang(lang: Lang) {
    write(LANG_KEY, lang.name());
}
