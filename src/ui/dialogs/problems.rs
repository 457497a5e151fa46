//! The "Problems" dialog: the collection grouped by the length of its mates, each problem
//! marked solved or tried on this device, and each group's count of solved problems.

use leptos::prelude::*;

use crate::ui::board::focus;
use crate::ui::collection::Collection;
use crate::ui::dialog::{Dialog, Dialogs};
use crate::ui::dialogs::modal::modal;
use crate::ui::missed_mates::MissedMates;
use crate::ui::model::problems::{groups, Source};
use crate::ui::problems::Problems;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::T;

/// The problems dialog: its code is loaded on first use (`ui/on_demand.rs`).
#[lazy]
pub fn problems_on_demand() -> AnyView {
    problems_dialog().into_any()
}

fn problems_dialog() -> impl IntoView {
    let (app, settings, problems, dialogs) = (App::get(), Settings::get(), Problems::get(), Dialogs::get());
    let collection = Collection::get();
    move || {
        if !dialogs.is_open(Dialog::Problems) {
            return None;
        }
        collection.load();
        problems.take_in_stored();
        let lang = settings.lang.get_untracked();
        let contents = move || {
            match collection.fetched.get() {
            None => view! { <p class="note">{settings.text(T::ProblemsLoading)}</p> }.into_any(),
            Some(Err(why)) => {
                view! { <p class="message" role="alert">{T::ProblemsUnavailable.with(settings.lang.get(), &[&why])}</p> }
                    .into_any()
            }
            Some(Ok(collection)) => {
                // Where the learner is: the problem at the table, else the first not solved.
                let at_table = problems.run.with_untracked(|r| match r.as_ref().map(|r| r.source) {
                    Some(Source::Collection(index)) => Some(index),
                    _ => None,
                });
                let here = at_table.or_else(|| {
                    let unsolved = |&i: &usize| problems.progress.with_untracked(|p| !p.mark(&collection[i].position).solved);
                    groups(&collection).into_iter().flat_map(|(_, members)| members).find(unsolved)
                });
                let sections = groups(&collection)
                    .into_iter()
                    .map(|(plies, members)| {
                        let collection = collection.clone();
                        let positions = members.iter().map(|&i| collection[i].position.clone()).collect::<Vec<_>>();
                        let solved = move || problems.progress.with(|p| p.solved_among(&positions));
                        let total = members.len();
                        let group_title = move || T::MateInGroup.with(settings.lang.get(), &[&plies.to_string()]);
                        let count = move || {
                            T::SolvedOf.with(settings.lang.get(), &[&solved().to_string(), &total.to_string()])
                        };
                        let buttons = members
                            .into_iter()
                            .enumerate()
                            .map(|(number, index)| {
                                let position = collection[index].position.clone();
                                let mark = Memo::new(move |_| problems.progress.with(|p| p.mark(&position)));
                                let label = move || {
                                    let lang = settings.lang.get();
                                    let mark = mark.get();
                                    let name = T::ProblemNumber.with(lang, &[&(number + 1).to_string()]);
                                    let state = if mark.solved {
                                        T::ProblemSolvedMark.get(lang).to_string()
                                    } else if mark.attempts > 0 {
                                        T::ProblemTriedMark.with(lang, &[&mark.attempts.to_string()])
                                    } else {
                                        return format!("{name}, {}", title_of(lang, plies));
                                    };
                                    format!("{name}, {}, {state}", title_of(lang, plies))
                                };
                                view! {
                                    <li>
                                        <button
                                            class="problem"
                                            class:solved=move || mark.get().solved
                                            class:tried=move || mark.with(|m| !m.solved && m.attempts > 0)
                                            data-problem=index.to_string()
                                            data-here=(here == Some(index)).then_some("")
                                            aria-current=(here == Some(index)).then_some("true")
                                            aria-label=label
                                            on:click=move |_| app.open_problem(index)
                                        >
                                            {number + 1}
                                        </button>
                                    </li>
                                }
                            })
                            .collect_view();
                        view! {
                            <section class="problem-group" data-plies=plies.to_string()>
                                <h3>{group_title}<span class="count">{count}</span></h3>
                                <ol class="problem-grid">{buttons}</ol>
                            </section>
                        }
                    })
                    .collect_view();
                view! { <div class="problem-groups">{sections}</div> }.into_any()
            }
        }
        };
        // The dialog opens at the learner's problem: it takes the focus, which scrolls it into
        // sight, once the collection is drawn (after the dialog's own first focus).
        Effect::new(move |_| {
            if collection.fetched.with(|f| matches!(f, Some(Ok(_)))) {
                set_timeout(
                    || {
                        focus::focus_first(".problems-dialog [data-here]");
                    },
                    std::time::Duration::ZERO,
                );
            }
        });
        // The games finished since the dialog was last opened are looked through, in the
        // background: the rest of the page has the engine's worker first.
        app.find_missed_mates();
        let body = view! {
            <h2>{settings.text(T::Problems)}</h2>
            <p class="note">{settings.text(T::ProblemsIntro)}</p>
            {contents}
            {found_in_games()}
            <div class="dialog-buttons">
                <button data-autofocus on:click=move |_| dialogs.close()>{settings.text(T::Close)}</button>
            </div>
        };
        Some(modal("dialog problems-dialog", T::Problems.get(lang), move || dialogs.close(), body))
    }
}

/// The mates missed in the person's finished games, as problems.
fn found_in_games() -> impl IntoView {
    let (app, settings, problems, missed_mates) = (App::get(), Settings::get(), Problems::get(), MissedMates::get());
    let progress = move || {
        missed_mates.scanning.with(|s| {
            s.as_ref().map(|s| {
                let text =
                    T::LookingThroughGames.with(settings.lang.get(), &[&s.done.to_string(), &s.total.to_string()]);
                view! { <p class="note" role="status">{text}</p> }
            })
        })
    };
    let found = move || {
        let lang = settings.lang.get();
        let found = problems.progress.with(|p| p.found.clone());
        if found.is_empty() {
            let scanning = missed_mates.scanning.with(Option::is_some);
            return (!scanning).then(|| view! { <p class="note">{T::NoMissedMates.get(lang)}</p> }).into_any();
        }
        let buttons = found
            .into_iter()
            .enumerate()
            .map(|(index, f)| {
                let mark = problems.progress.with(|p| p.mark(&f.position));
                let tried = !mark.solved && mark.attempts > 0;
                let label = T::FoundMateLabel.with(lang, &[&f.plies.to_string(), &(f.ply + 1).to_string()]);
                view! {
                    <li>
                        <button
                            class="found-mate"
                            class:solved=mark.solved
                            class:tried=tried
                            data-found=index.to_string()
                            on:click=move |_| app.open_found_problem(index)
                        >
                            {label}
                        </button>
                    </li>
                }
            })
            .collect_view();
        view! { <ol class="found-mates">{buttons}</ol> }.into_any()
    };
    view! {
        <section class="problem-group" data-found-mates>
            <h3>{settings.text(T::FindTheMate)}</h3>
            <p class="note">{settings.text(T::FindTheMateNote)}</p>
            {progress}
            {found}
        </section>
    }
}

/// "Mate in 3" for a problem's label.
fn title_of(lang: crate::ui::text::i18n::Lang, plies: u8) -> String {
    T::MateInGroup.with(lang, &[&plies.to_string()])
}
