//! Beside the board while a lesson's level is played: the stage and level, the goal and the
//! instruction, the moves against par, the stars once passed, and retry, next and the way out.

use leptos::prelude::*;

use crate::ui::dialog::{Dialog, Dialogs};
use crate::ui::lessons::Lessons;
use crate::ui::model::lessons::{goal_words, stars_words, Standing};
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::T;

/// A lesson's panel: its code is loaded on first use (`ui/on_demand.rs`).
#[lazy]
pub fn lesson_panel_on_demand(embedded: bool) -> AnyView {
    lesson_panel(embedded).into_any()
}

fn lesson_panel(embedded: bool) -> impl IntoView {
    let (app, play, settings, lessons, dialogs) =
        (App::get(), Play::get(), Settings::get(), Lessons::get(), Dialogs::get());
    let id = move || lessons.run.with(|r| r.as_ref().map(|r| r.id));
    let standing = move || lessons.run.with(|r| r.as_ref().map(|r| r.standing));
    // No signal of the panel's own: a retry or the next level puts the mode again, which
    // replaces the panel, while this one's views may still be updated by that same change
    // until the new one's code has come (a signal would be disposed of by then).
    let level = move || lessons.level();
    let heading = move || {
        let lang = settings.lang.get();
        let Some(id) = id() else { return T::Lessons.get(lang).to_string() };
        let stage = lessons.course.with(|c| match c {
            Some(Ok(course)) => course[id.stage].name.get(lang).to_string(),
            _ => String::new(),
        });
        let of = T::LevelOf.with(lang, &[&(id.level + 1).to_string(), &lessons.level_count(id.stage).to_string()]);
        format!("{stage} · {of}")
    };
    let goal = move || level().map(|l| goal_words(&l, settings.lang.get()));
    let say = move || level().map(|l| l.say.get(settings.lang.get()).to_string());
    let moves = move || {
        let used = lessons.run.with(|r| r.as_ref().map_or(0, |r| r.moves));
        let par = level().map_or(0, |l| l.par);
        T::LessonMoves.with(settings.lang.get(), &[&used.to_string(), &par.to_string()])
    };
    let stars = move || match standing() {
        Some(Standing::Passed { stars }) => Some(stars),
        _ => None,
    };
    let best = move || id().and_then(|id| lessons.progress.with(|p| p.stars(id)));
    let over = move || matches!(standing(), Some(Standing::Passed { .. } | Standing::Failed));
    view! {
        <section class="problem-panel lesson-panel">
            <h2>{heading}</h2>
            <p class="goal" aria-live="polite"><strong>{goal}</strong>" "{say}</p>
            <p class="status" role="status">{moves}</p>
            {move || stars().map(|s| view! {
                <p class="stars" aria-hidden="true">{"★".repeat(s.into())}{"☆".repeat((3 - s).into())}</p>
            })}
            <p class="note">
                {move || {
                    let lang = settings.lang.get();
                    T::BestStars.with(lang, &[&stars_words(lang, best())])
                }}
            </p>
            <p class="message" aria-live="polite">{move || play.message.get().map(|m| m.words(settings.lang.get()))}</p>
            <div class="controls">
                <button data-action="retry" on:click=move |_| lessons.retry()>{settings.text(T::Retry)}</button>
                {move || (over() && !embedded).then(|| lessons.next().map(|next| view! {
                    <button class="primary" data-action="next-level" on:click=move |_| app.open_lesson(next)>
                        {settings.text(T::NextLevel)}
                    </button>
                }))}
            </div>
            {(!embedded).then(|| view! {
                <div class="controls">
                    <button data-action="lessons" on:click=move |_| dialogs.open(Dialog::Lessons)>
                        {settings.text(T::AllLessons)}
                    </button>
                    <button data-action="leave-lessons" on:click=move |_| app.back_to_game()>
                        {settings.text(T::LeaveLessons)}
                    </button>
                </div>
            })}
        </section>
    }
}
