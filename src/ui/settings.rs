//! The person's display settings (piece style, notation, language, which side is at the
//! bottom), the sounds switched on, and the texts in the chosen language. Provided through Leptos context, so a view
//! that only draws asks for these and not for the whole app.

use leptos::prelude::*;

use crate::ui::browser::{files, sound, storage};
use crate::ui::model::movetext::Notation;
use crate::ui::model::sound::{Sound, SoundSettings};
use crate::ui::text::face::PieceStyle;
use crate::ui::text::i18n::{Lang, T};
use crate::ui::text::japanese::{self, JAPANESE_FILE};

#[derive(Clone, Copy)]
pub struct Settings {
    pub style: RwSignal<PieceStyle>,
    pub notation: RwSignal<Notation>,
    /// The language of every text (SPEC §4 `lang`, remembered as `shogi.lang`).
    pub lang: RwSignal<Lang>,
    pub flipped: RwSignal<bool>,
    /// The sounds on (remembered as `shogi.sound`; an embedded board's start silent).
    pub sound: RwSignal<SoundSettings>,
    /// The language last chosen, which `lang` follows once its texts are there.
    asked_lang: StoredValue<Lang>,
}

impl Settings {
    pub fn new(style: PieceStyle, notation: Notation, lang: Lang, flipped: bool, sounds: SoundSettings) -> Settings {
        Settings {
            style: RwSignal::new(style),
            notation: RwSignal::new(notation),
            lang: RwSignal::new(lang),
            flipped: RwSignal::new(flipped),
            sound: RwSignal::new(sounds),
            asked_lang: StoredValue::new(lang),
        }
    }

    /// The settings the page provided (`start_page` does, before any view is built).
    pub fn get() -> Settings {
        expect_context::<Settings>()
    }

    pub fn set_style(&self, style: PieceStyle) {
        self.style.set(style);
        storage::save_piece_style(style);
    }

    /// Shows the page in `lang`, once its texts are there: Japanese ones are fetched first
    /// unless they were (the language asked last wins).
    pub fn set_lang(&self, lang: Lang) {
        storage::save_lang(lang);
        self.asked_lang.set_value(lang);
        if lang == Lang::Ja && !japanese::ready() {
            let settings = *self;
            wasm_bindgen_futures::spawn_local(async move {
                read_japanese().await;
                if settings.asked_lang.get_value() == lang {
                    settings.lang.set(lang);
                }
            });
        } else {
            self.lang.set(lang);
        }
    }

    pub fn set_notation(&self, notation: Notation) {
        self.notation.set(notation);
        storage::save_notation(notation);
    }

    /// Switches one sound on or off; one switched on plays, so the person hears what it is.
    pub fn set_sound(&self, which: Sound, on: bool) {
        let sounds = self.sound.get_untracked().with(which, on);
        self.sound.set(sounds);
        storage::save_sound(sounds);
        if on {
            sound::sample(sounds, which, self.lang.get_untracked());
        }
    }

    /// Turns the board round: the other side at the bottom.
    pub fn flip(&self) {
        self.flipped.update(|f| *f = !*f);
    }

    /// A text in the chosen language (tracked: a change of language redraws it).
    pub fn t(&self, key: T) -> &'static str {
        key.get(self.lang.get())
    }

    /// The same as a view that follows the language. Every text of the page is this one
    /// closure type, so the view code for it is generated once (a smaller app).
    pub fn text(self, key: T) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
        move || key.get(self.lang.get())
    }
}

/// Fetches the Japanese texts and keeps them, unless they are there. Offline, the service
/// worker has them; should the file fail anyway, the texts stay English (`T::get`).
pub async fn read_japanese() {
    if !japanese::ready() {
        if let Ok(file) = files::text(JAPANESE_FILE).await {
            japanese::take_in(file, T::ALL.len());
        }
    }
}
