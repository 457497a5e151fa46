//! The names of what is on the board, beside the move list, in the analysis and in the
//! review: the game's opening strategy and each side's castle (SPEC §3 `data-strategy`,
//! `data-castle`), from `names.txt`, fetched once a game has a move of each side (the service
//! worker keeps it for offline use). The model decides the names (`model/names.rs`).

use std::sync::{Arc, OnceLock};

use leptos::prelude::*;

use crate::rules::Color;
use crate::ui::browser::files;
use crate::ui::model::mode::Mode;
use crate::ui::model::names::{parse_names, Definition, GameNames, Names, NAMES_FILE};
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::text::i18n::{marked_side, T};

/// The definitions once fetched: one signal for every view (not owned by any of them).
pub fn definitions() -> ArcRwSignal<Option<Arc<Names>>> {
    static FILE: OnceLock<ArcRwSignal<Option<Arc<Names>>>> = OnceLock::new();
    FILE.get_or_init(|| {
        let file = ArcRwSignal::new(None);
        let setter = file.clone();
        leptos::task::spawn_local(async move {
            // Unreadable or unreachable, the names are simply not shown.
            if let Ok(names) = files::text(NAMES_FILE).await.and_then(|t| parse_names(&t).map_err(|e| e.to_string())) {
                setter.set(Some(Arc::new(names)));
            }
        });
        file
    })
    .clone()
}

/// The game's strategy in Japanese, for a record's `戦型` header, once known (a game's: not
/// a problem's or a lesson's position).
pub fn strategy_header(play: Play) -> Option<String> {
    if !named_here(play.mode.get()) {
        return None;
    }
    let names = definitions().get()?;
    let game = play.table.with(|t| names.name_game(t.start(), t.moves()));
    Some(names.get(game.strategy)?.name.ja.clone())
}

/// Whether the page names what is on the board in `mode`: in a game, not a problem or a lesson.
pub fn named_here(mode: Mode) -> bool {
    matches!(mode, Mode::Play | Mode::View)
}

/// The names beside the move list, for the position shown; its code is loaded on first use
/// (`ui/on_demand.rs`), once the game has a move of each side.
#[lazy]
pub fn names_on_demand() -> AnyView {
    names(true, false).into_any()
}

/// The names of the game up to the position shown, or (`whole_game`) of its every move;
/// `marked` carries SPEC §3's attributes (the move list's; the analysis and the review
/// repeat the words).
pub fn names(marked: bool, whole_game: bool) -> impl IntoView {
    let (play, settings) = (Play::get(), Settings::get());
    let file = definitions();
    let found = Memo::new(move |_| {
        let names = file.get()?;
        let upto = if whole_game { usize::MAX } else { play.shown_ply.get() };
        let game: GameNames = play.table.with(|t| names.name_game(t.start(), &t.moves()[..upto.min(t.ply())]));
        let named = |index| names.get(index).cloned();
        Some((named(game.strategy), [Color::Sente, Color::Gote].map(|c| named(game.castles[c.index()]))))
    });
    let shown = move || named_here(play.mode.get());
    let item = move |label: String, definition: Definition, attribute: (&'static str, &'static str)| {
        let lang = settings.lang.get();
        let words = definition.words(lang).to_string();
        let lesson = definition.lesson.map(|id| {
            let about = T::LessonAbout.with(lang, &[&words]);
            view! {
                " "
                <a class="names-lesson" href=format!("?lesson={}", id.name()) target="_blank" rel="noopener" aria-label=about>
                    {T::NamesLesson.get(lang)}
                </a>
            }
        });
        let (key, value) = attribute;
        view! {
            <li class=key>
                <span class="names-label">{label}</span>
                <strong
                    data-strategy=(marked && key == "strategy").then_some("")
                    data-castle=(marked && key == "castle").then_some(value)
                >
                    {words}
                </strong>
                {lesson}
            </li>
        }
    };
    move || {
        let (strategy, castles) = found.get().filter(|_| shown())?;
        let lang = settings.lang.get();
        let strategy = strategy.map(|d| item(T::StrategyLabel.get(lang).to_string(), d, ("strategy", "")));
        let castles = [(Color::Sente, "b"), (Color::Gote, "w")].map(|(color, side)| {
            let label = T::CastleLabel.with(lang, &[&marked_side(lang, color)]);
            castles[color.index()].clone().map(|d| item(label, d, ("castle", side)))
        });
        (strategy.is_some() || castles.iter().any(Option::is_some)).then(|| {
            view! { <ul class="board-names" class:repeated=!marked aria-label=T::BoardNames.get(lang)>{strategy}{castles}</ul> }
        })
    }
}
