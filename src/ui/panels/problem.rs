//! Beside the board while a mating problem is solved: its title, where the learner stands,
//! the solver's remark, and the buttons to retry, get a hint, see the solution or go on.

use leptos::prelude::*;

use crate::ui::dialog::{Dialog, Dialogs};
use crate::ui::model::problems::{title, Source, Stage};
use crate::ui::panels::panel::message;
use crate::ui::play::Play;
use crate::ui::problems::Problems;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::T;

/// The problem's panel: its code is loaded on first use (`ui/on_demand.rs`).
#[lazy]
pub fn problem_panel_on_demand(embedded: bool) -> AnyView {
    problem_panel(embedded).into_any()
}

fn problem_panel(embedded: bool) -> impl IntoView {
    let (app, play, settings, problems, dialogs) =
        (App::get(), Play::get(), Settings::get(), Problems::get(), Dialogs::get());
    let stage = move || problems.run.with(|r| r.as_ref().map(|r| r.stage));
    let heading = move || {
        let lang = settings.lang.get();
        problems.run.with(|r| match r {
            Some(r) if r.plies > 0 => title(lang, r.plies, r.attacker()),
            _ => T::Problems.get(lang).to_string(),
        })
    };
    let line = move || {
        let text = match stage()? {
            Stage::Solving => T::ProblemYourMove,
            Stage::Judging(_) => T::ProblemChecking,
            Stage::Measuring => T::ProblemMeasuring,
            Stage::Refused { .. } => T::ProblemRetryOrSolution,
            // The message says these.
            Stage::Solved | Stage::Shown | Stage::NotAProblem(_) => return None,
        };
        Some(settings.t(text))
    };
    let solving = move || matches!(stage(), Some(Stage::Solving));
    let can_retry = move || matches!(stage(), Some(Stage::Refused { .. } | Stage::Solved | Stage::Shown));
    let can_show = move || matches!(stage(), Some(Stage::Solving | Stage::Refused { .. }));
    let from_collection = move || problems.run.with(|r| r.as_ref().is_some_and(|r| r.source != Source::Given));
    let next = move || problems.next_index();
    let over = move || problems.run.with(|r| r.as_ref().is_some_and(|r| r.is_over()));
    view! {
        <section class="problem-panel" data-problem-stage=move || stage().map(stage_name)>
            <h2>{heading}</h2>
            <div class="status-box">
                <p class="status" role="status">{line}</p>
                {message(play, settings, line)}
            </div>
            <div class="controls">
                <button data-action="retry" disabled=move || !can_retry() on:click=move |_| problems.retry()>
                    {settings.text(T::Retry)}
                </button>
                <button data-action="problem-hint" disabled=move || !solving() on:click=move |_| problems.ask_hint()>
                    {settings.text(T::Hint)}
                </button>
                <button data-action="solution" disabled=move || !can_show() on:click=move |_| problems.show_solution()>
                    {settings.text(T::ShowSolution)}
                </button>
                {move || (from_collection() && over()).then(|| next().map(|index| view! {
                    <button class="primary" data-action="next-problem" on:click=move |_| app.open_problem(index)>
                        {settings.text(T::NextProblem)}
                    </button>
                }))}
            </div>
            {(!embedded).then(|| view! {
                <div class="controls">
                    <button data-action="problems" on:click=move |_| dialogs.open(Dialog::Problems)>
                        {settings.text(T::BackToProblems)}
                    </button>
                    <button data-action="leave-problems" on:click=move |_| app.leave_problems()>
                        {settings.text(T::LeaveProblems)}
                    </button>
                </div>
            })}
        </section>
    }
}

/// The stage as `data-problem-stage` names it, for tests and the page's scripts.
fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Measuring => "measuring",
        Stage::Solving => "solving",
        Stage::Judging(_) => "judging",
        Stage::Refused { .. } => "refused",
        Stage::Solved => "solved",
        Stage::Shown => "shown",
        Stage::NotAProblem(_) => "not-a-problem",
    }
}
