//! Settings and games kept in localStorage under `shogi.` keys (SPEC §5). A stored
//! value that cannot be read is kept aside as `shogi.corrupt.<time>` and the person is told.

use super::face::PieceStyle;
use super::i18n::Lang;
use super::movetext::Notation;
use super::saved::{self, SavedGame};

const PIECES_KEY: &str = "shogi.pieces";
const NOTATION_KEY: &str = "shogi.notation";
const LANG_KEY: &str = "shogi.lang";
/// The game in progress.
const GAME_KEY: &str = "shogi.game";
/// The finished games, newest first.
const FINISHED_KEY: &str = "shogi.games";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The stored value under `key`, read by `parse`; `Err` holds the notice for a value that could
/// not be read, naming `what` it is and what is used `instead`.
fn read<T>(key: &str, what: &str, instead: &str, parse: impl Fn(&str) -> Option<T>) -> Result<Option<T>, String> {
    let Some(store) = storage() else { return Ok(None) };
    let Ok(Some(text)) = store.get_item(key) else { return Ok(None) };
    if let Some(value) = parse(&text) {
        return Ok(Some(value));
    }
    let time = js_sys::Date::now() as u64;
    // Two values set aside in the same millisecond must not overwrite each other.
    let aside = (0..)
        .map(|n| if n == 0 { format!("shogi.corrupt.{time}") } else { format!("shogi.corrupt.{time}-{n}") })
        .find(|key| !matches!(store.get_item(key), Ok(Some(_))))
        .unwrap_or_default();
    let _ = store.set_item(&aside, &text);
    let _ = store.remove_item(key);
    Err(format!("The saved {what} ({key}) could not be read; it was kept aside as {aside} and {instead}."))
}

fn write(key: &str, value: &str) {
    if let Some(store) = storage() {
        // A full or disabled storage only means the setting is not remembered.
        let _ = store.set_item(key, value);
    }
}

pub fn piece_style() -> Result<Option<PieceStyle>, String> {
    read(PIECES_KEY, "setting", "the default is used", PieceStyle::from_name)
}

pub fn save_piece_style(style: PieceStyle) {
    write(PIECES_KEY, style.name());
}

pub fn notation() -> Result<Option<Notation>, String> {
    read(NOTATION_KEY, "setting", "the default is used", Notation::from_name)
}

pub fn save_notation(notation: Notation) {
    write(NOTATION_KEY, notation.name());
}

pub fn lang() -> Result<Option<Lang>, String> {
    read(LANG_KEY, "setting", "the default is used", Lang::from_name)
}

pub fn save_lang(lang: Lang) {
    write(LANG_KEY, lang.name());
}

pub fn game() -> Result<Option<SavedGame>, String> {
    read(GAME_KEY, "game", "a new game is started", |text| SavedGame::parse(text).ok())
}

pub fn save_game(game: &SavedGame) {
    write(GAME_KEY, &game.write());
}

pub fn finished() -> Result<Option<Vec<SavedGame>>, String> {
    read(FINISHED_KEY, "list of finished games", "a new list is begun", |text| saved::parse_list(text).ok())
}

pub fn save_finished(games: &[SavedGame]) {
    write(FINISHED_KEY, &saved::write_list(games));
}

/// Whether the page is inside another page's frame (an embedded board), which must
/// not take over the app's saved game.
pub fn framed() -> bool {
    let Some(window) = web_sys::window() else { return false };
    match window.top() {
        Ok(Some(top)) => !js_sys::Object::is(&top, &window),
        _ => true,
    }
}
