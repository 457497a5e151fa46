//! Settings and games kept in localStorage under `shogi.` keys (SPEC §5). A stored
//! value that cannot be read is kept aside as `shogi.corrupt.<time>` and the person is told.

use crate::ui::model::lessons::LessonProgress;
use crate::ui::model::movetext::Notation;
use crate::ui::model::notice::{Notice, Saved};
use crate::ui::model::problems::Progress;
use crate::ui::model::saved::{self, SavedError, SavedGame};
use crate::ui::model::sound::SoundSettings;
use crate::ui::text::face::PieceStyle;
use crate::ui::text::i18n::Lang;

const PIECES_KEY: &str = "shogi.pieces";
const NOTATION_KEY: &str = "shogi.notation";
const LANG_KEY: &str = "shogi.lang";
const SOUND_KEY: &str = "shogi.sound";
/// The game in progress.
const GAME_KEY: &str = "shogi.game";
/// The finished games, newest first.
const FINISHED_KEY: &str = "shogi.games";
/// The mating problems tried and solved.
const PROBLEMS_KEY: &str = "shogi.problems";
/// The lessons' levels passed, with their stars.
const LESSONS_KEY: &str = "shogi.lessons";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The stored value under `key`, read by `parse` (which may say why it cannot); `Err` holds the
/// notice for a value that could not be read, naming `what` it is, why, and where it was kept aside.
fn read<T>(
    key: &'static str,
    what: Saved,
    parse: impl Fn(&str) -> Result<T, Option<SavedError>>,
) -> Result<Option<T>, Notice> {
    let Some(store) = storage() else { return Ok(None) };
    let Ok(Some(text)) = store.get_item(key) else { return Ok(None) };
    let why = match parse(&text) {
        Ok(value) => return Ok(Some(value)),
        Err(why) => why,
    };
    let time = js_sys::Date::now() as u64;
    // Two values set aside in the same millisecond must not overwrite each other.
    let aside = (0..)
        .map(|n| if n == 0 { format!("shogi.corrupt.{time}") } else { format!("shogi.corrupt.{time}-{n}") })
        .find(|key| !matches!(store.get_item(key), Ok(Some(_))))
        .unwrap_or_default();
    let _ = store.set_item(&aside, &text);
    let _ = store.remove_item(key);
    Err(Notice::Unreadable { what, key, aside, why })
}

/// Whether the value was stored: not when the storage is full, blocked or missing.
fn write(key: &str, value: &str) -> bool {
    storage().is_some_and(|store| store.set_item(key, value).is_ok())
}

/// Whether the page can keep anything on the device (some private windows and settings block
/// localStorage, or make reaching it throw).
pub fn available() -> bool {
    storage().is_some()
}

pub fn piece_style() -> Result<Option<PieceStyle>, Notice> {
    read(PIECES_KEY, Saved::Setting, |text| PieceStyle::from_name(text).ok_or(None))
}

// A setting that cannot be stored is only not remembered: no notice.
pub fn save_piece_style(style: PieceStyle) {
    write(PIECES_KEY, style.name());
}

pub fn notation() -> Result<Option<Notation>, Notice> {
    read(NOTATION_KEY, Saved::Setting, |text| Notation::from_name(text).ok_or(None))
}

pub fn save_notation(notation: Notation) {
    write(NOTATION_KEY, notation.name());
}

pub fn lang() -> Result<Option<Lang>, Notice> {
    read(LANG_KEY, Saved::Setting, |text| Lang::from_name(text).ok_or(None))
}

pub fn save_lang(lang: Lang) {
    write(LANG_KEY, lang.name());
}

pub fn sound() -> Result<Option<SoundSettings>, Notice> {
    read(SOUND_KEY, Saved::Setting, |text| SoundSettings::parse(text).ok_or(None))
}

pub fn save_sound(sound: SoundSettings) {
    write(SOUND_KEY, &sound.write());
}

pub fn game() -> Result<Option<SavedGame>, Notice> {
    read(GAME_KEY, Saved::Game, |text| SavedGame::parse(text).map_err(Some))
}

/// The `saved` stamp of the stored game in progress, read without reading the game (a save
/// checks it every move): `Ok(None)` with none stored, `Err(())` for a value whose stamp
/// cannot be read.
pub fn game_stamp() -> Result<Option<u64>, ()> {
    let Some(store) = storage() else { return Ok(None) };
    match store.get_item(GAME_KEY) {
        Ok(Some(text)) => saved::stamp_of(&text).map(Some).ok_or(()),
        _ => Ok(None),
    }
}

/// Whether the game was stored.
pub fn save_game(game: &SavedGame) -> bool {
    write(GAME_KEY, &game.write())
}

pub fn finished() -> Result<Option<Vec<SavedGame>>, Notice> {
    read(FINISHED_KEY, Saved::FinishedGames, |text| saved::parse_list(text).map_err(Some))
}

/// Whether the list was stored.
pub fn save_finished(games: &[SavedGame]) -> bool {
    write(FINISHED_KEY, &saved::write_list(games))
}

pub fn problems() -> Result<Option<Progress>, Notice> {
    read(PROBLEMS_KEY, Saved::Problems, |text| Progress::parse(text).map_err(|_| None))
}

// Progress that cannot be stored is only not remembered: the problem plays the same.
pub fn save_problems(progress: &Progress) {
    write(PROBLEMS_KEY, &progress.write());
}

pub fn lessons() -> Result<Option<LessonProgress>, Notice> {
    read(LESSONS_KEY, Saved::Lessons, |text| LessonProgress::parse(text).ok_or(None))
}

// Like the problems' progress: not stored, only not remembered.
pub fn save_lessons(progress: &LessonProgress) {
    write(LESSONS_KEY, &progress.write());
}
