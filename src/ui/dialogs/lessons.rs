//! The "Lessons" dialog: the stages in the order they are taught, each with the stars won in
//! it on this device and a button for each of its levels.

use leptos::prelude::*;

use crate::ui::dialog::{Dialog, Dialogs};
use crate::ui::dialogs::modal::modal;
use crate::ui::lessons::Lessons;
use crate::ui::model::lesson_id::LessonId;
use crate::ui::model::lessons::stars_words;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::T;

/// The lessons' list: its code is loaded on first use (`ui/on_demand.rs`).
#[lazy]
pub fn lessons_on_demand() -> AnyView {
    lessons_dialog().into_any()
}

fn lessons_dialog() -> impl IntoView {
    let (app, settings, lessons, dialogs) = (App::get(), Settings::get(), Lessons::get(), Dialogs::get());
    move || {
        if !dialogs.is_open(Dialog::Lessons) {
            return None;
        }
        lessons.load();
        lessons.take_in_stored();
        let lang = settings.lang.get_untracked();
        let contents = move || match lessons.course.get() {
            None => view! { <p class="note">{settings.text(T::LessonsLoading)}</p> }.into_any(),
            Some(Err(why)) => {
                view! { <p class="message" role="alert">{T::LessonsUnavailable.with(settings.lang.get(), &[&why])}</p> }
                    .into_any()
            }
            Some(Ok(course)) => course
                .iter()
                .enumerate()
                .map(|(stage, s)| {
                    let (name, count) = (s.name.clone(), s.levels.len());
                    let won = move || {
                        let won = lessons.progress.with(|p| p.stage_stars(stage, count));
                        T::StarsOf.with(settings.lang.get(), &[&won.to_string(), &(3 * count).to_string()])
                    };
                    let buttons = (0..count)
                        .map(|level| {
                            let id = LessonId { stage, level };
                            let stars = Memo::new(move |_| lessons.progress.with(|p| p.stars(id)));
                            let label = move || {
                                let lang = settings.lang.get();
                                T::LevelStars.with(lang, &[&(level + 1).to_string(), &stars_words(lang, stars.get())])
                            };
                            view! {
                                <li>
                                    <button
                                        class="problem"
                                        class:solved=move || stars.get().is_some()
                                        data-lesson-level=id.name()
                                        data-stars=move || stars.get().map(|s| s.to_string())
                                        aria-label=label
                                        on:click=move |_| app.open_lesson(id)
                                    >
                                        {level + 1}
                                    </button>
                                </li>
                            }
                        })
                        .collect_view();
                    view! {
                        <section class="problem-group" data-stage=s.id>
                            <h3>{move || name.get(settings.lang.get()).to_string()}<span class="count">{won}</span></h3>
                            <ol class="problem-grid">{buttons}</ol>
                        </section>
                    }
                })
                .collect_view()
                .into_any(),
        };
        let body = view! {
            <h2>{settings.text(T::Lessons)}</h2>
            <p class="note">{settings.text(T::LessonsIntro)}</p>
            <div class="problem-groups">{contents}</div>
            <div class="dialog-buttons">
                <button data-autofocus on:click=move |_| dialogs.close()>{settings.text(T::Close)}</button>
            </div>
        };
        Some(modal("dialog problems-dialog", T::Lessons.get(lang), move || dialogs.close(), body))
    }
}
