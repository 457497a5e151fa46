//! The game review's panel: the button and budget that start it, its progress (SPEC §3
//! `data-review-progress`) with Cancel, the evaluation graph, each side's summary, and the
//! judgement of the move shown with the engine's better move and why. The move list marks
//! the judged moves (`panel::move_list`).

use leptos::prelude::*;

use crate::rules::{Color, Move, Position};
use crate::ui::computer::EngineState;
use crate::ui::model::movetext::{move_texts, move_time, Notation};
use crate::ui::model::review::{graph_ticks, reason, summary, MoveReport, ReviewRun, REVIEW_BUDGETS_MS};
use crate::ui::on_demand::on_first_use;
use crate::ui::panels::names::names;
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::state::{review_on_demand, App};
use crate::ui::text::i18n::{marked_side, Lang, T};
use crate::ui::text::markup::{seconds, short_number, Decimal};

/// How many moves of the better line are written out.
const BETTER_MOVES: usize = 5;

/// The graph's drawing size (its viewBox); it is stretched to the panel's width.
const GRAPH_W: f64 = 300.0;
const GRAPH_H: f64 = 120.0;

pub fn review() -> impl IntoView {
    let (app, play, settings, engine) = (App::get(), Play::get(), Settings::get(), EngineState::get());
    let run = Memo::new(move |_| engine.review_of(play.table));
    let reports = engine.move_reports(play.table);
    let budget_label = |ms: u32| format!("{} s", seconds(ms));
    let budgets = REVIEW_BUDGETS_MS
        .map(|ms| view! { <option value=ms.to_string() selected=move || engine.review_ms.get() == ms>{budget_label(ms)}</option> });
    let choose = move |ev: leptos::ev::Event| {
        if let Ok(ms) = event_target_value(&ev).parse() {
            engine.review_ms.set(ms);
        }
    };
    view! {
        // Once this game's review is done its button has nothing to do: the room goes to it.
        <div class="review-controls" class:hidden=move || finished(run)>
            <button data-action="review" disabled=move || under_way(run) || !app.can_review() on:click=move |_| leptos::task::spawn_local(review_on_demand(app))>
                {settings.text(T::ReviewGame)}
            </button>
            <label>
                {settings.text(T::ReviewBudget)}
                " "
                <select data-review-budget on:change=choose>{budgets}</select>
            </label>
        </div>
        {on_first_use(move || run.with(Option::is_some), move || findings_on_demand(run, reports))}
        {move || shown_time(play, settings)}
    }
}

/// The review's progress and what it found: the graph, each side's summary and the judgement
/// of the move shown, loaded the first time there is a review (`ui/on_demand.rs`).
#[lazy]
fn findings_on_demand(run: Memo<Option<ReviewRun>>, reports: Memo<Vec<MoveReport>>) -> AnyView {
    let (play, settings, engine) = (Play::get(), Settings::get(), EngineState::get());
    let progress = move || {
        run.with(|r| r.as_ref().map(ReviewRun::progress)).map(|percent| {
            view! {
                <div class="review-progress" data-review-progress=percent.to_string()>
                    <progress max="100" value=percent.to_string() aria-label=settings.text(T::ReviewProgress)></progress>
                    <span>{format!("{percent} %")}</span>
                    <button data-action="cancel-review" class:hidden=move || !under_way(run) on:click=move |_| engine.cancel_review()>
                        {settings.text(T::Cancel)}
                    </button>
                </div>
            }
        })
    };
    view! {
        {progress}
        {move || run.get().filter(|r| r.review.evals.len() >= 2).map(|r| graph(play, &r, reports))}
        {move || finished(run).then(|| sides_summary(settings, reports))}
        {names(false, true)}
        {move || shown_judgement(play, settings, run, reports)}
    }
    .into_any()
}

/// Whether the review in `run` is under way (tracked).
fn under_way(run: Memo<Option<ReviewRun>>) -> bool {
    run.with(|r| r.as_ref().is_some_and(|r| !r.is_done()))
}

/// Whether the review in `run` is done (tracked).
fn finished(run: Memo<Option<ReviewRun>>) -> bool {
    run.with(|r| r.as_ref().is_some_and(ReviewRun::is_done))
}

/// The time the move shown took and its side's total, when the record has times.
fn shown_time(play: Play, settings: Settings) -> Option<impl IntoView> {
    let ply = play.shown_ply.get();
    let (own, total) = play.table.with(|t| move_time(&t.move_times(), ply).filter(|_| (1..=t.ply()).contains(&ply)))?;
    let text = T::MoveTimeShown.with(settings.lang.get(), &[&ply.to_string(), &own, &total]);
    Some(view! { <p class="move-time-shown" data-move-time=own>{text}</p> })
}

/// Sente's winning chance over the plies; a click goes to that ply. Judged moves are dots.
fn graph(play: Play, run: &ReviewRun, reports: Memo<Vec<MoveReport>>) -> impl IntoView {
    let shares = run.review.sente_shares(&run.start);
    let plies = run.moves.len().max(1) as f64;
    let x = move |ply: usize| ply as f64 * GRAPH_W / plies;
    let y = |share: f64| (1.0 - share) * GRAPH_H;
    let points: String = shares.iter().enumerate().map(|(ply, &s)| format!("{},{} ", Decimal::new(x(ply), 1), Decimal::new(y(s), 1))).collect();
    let area = format!("0,{} {points}{},{}", short_number(GRAPH_H), Decimal::new(x(shares.len() - 1), 1), short_number(GRAPH_H));
    let dots = move || {
        reports
            .get()
            .into_iter()
            .filter_map(|r| Some((r.ply, r.judgement?)))
            .filter(|&(ply, _)| ply < shares.len())
            .map(|(ply, judgement)| {
                let share = shares[ply];
                view! { <circle class=format!("dot {}", judgement.name()) cx=short_number(x(ply)) cy=short_number(y(share)) r="3" /> }
            })
            .collect_view()
    };
    let shown = move || short_number(x(play.shown_ply.get()));
    // A click anywhere on the graph goes to the nearest ply.
    let go = move |ev: leptos::ev::MouseEvent| {
        let Some(target) = ev.current_target() else { return };
        let target: web_sys::Element = wasm_bindgen::JsCast::unchecked_into(target);
        let rect = target.get_bounding_client_rect();
        let share = ((ev.client_x() as f64 - rect.left()) / rect.width().max(1.0)).clamp(0.0, 1.0);
        play.browse_to((share * plies).round() as usize);
    };
    let label = Settings::get().text(T::EvaluationGraph);
    // The move numbers along the foot, as HTML: the drawing is stretched to the panel's width.
    let ticks = graph_ticks(run.moves.len())
        .into_iter()
        .map(|ply| view! { <span style=format!("left: {}%", Decimal::new(x(ply) * 100.0 / GRAPH_W, 2))>{ply}</span> })
        .collect_view();
    view! {
        <figure class="review-graph-box">
            <svg class="review-graph" viewBox=format!("0 0 {} {}", short_number(GRAPH_W), short_number(GRAPH_H)) preserveAspectRatio="none" role="img" aria-label=label on:click=go>
                <rect class="graph-gote" width=short_number(GRAPH_W) height=short_number(GRAPH_H) />
                <polygon class="graph-sente" points=area />
                <line class="graph-middle" x1="0" y1=short_number(GRAPH_H / 2.0) x2=short_number(GRAPH_W) y2=short_number(GRAPH_H / 2.0) />
                <line class="graph-shown" x1=shown y1="0" x2=shown y2=short_number(GRAPH_H) />
                {dots}
            </svg>
            <div class="graph-ticks" aria-hidden="true">{ticks}</div>
        </figure>
    }
}

/// Each side's inaccuracies, mistakes and blunders, and its accuracy.
fn sides_summary(settings: Settings, reports: Memo<Vec<MoveReport>>) -> impl IntoView {
    // The counts, then the accuracy on a line of its own when the panel is narrow.
    let line = move |color: Color| {
        let lang = settings.lang.get();
        let summary = reports.with(|r| summary(r))[color.index()];
        let counts = T::ReviewSummary.with(lang, &[&marked_side(lang, color), &summary.counts_words(lang)]);
        view! {
            <span>{counts}</span>
            " · "
            <span class="accuracy">{summary.accuracy_words(lang)}</span>
        }
    };
    view! {
        <div class="review-summary" role="status">
            <p data-summary="b">{move || line(Color::Sente)}</p>
            <p data-summary="w">{move || line(Color::Gote)}</p>
        </div>
    }
}

/// The judgement of the move that led to the position shown: what it is, why, and the better move.
fn shown_judgement(
    play: Play,
    settings: Settings,
    run: Memo<Option<ReviewRun>>,
    reports: Memo<Vec<MoveReport>>,
) -> Option<impl IntoView> {
    let ply = play.shown_ply.get();
    let report = reports.with(|r| r.get(ply.checked_sub(1)?).cloned())?;
    let judgement = report.judgement?;
    let (lang, notation) = (settings.lang.get(), settings.notation.get());
    let run = run.get()?;
    let before = run.position_at(ply - 1);
    let played = run.moves[ply - 1];
    let played_text = quote(notation, &before, &[played]);
    let best = &run.review.evals[ply - 1].pv;
    let better = T::BetterWas.with(lang, &[&quote(notation, &before, &best[..best.len().min(BETTER_MOVES)])]);
    let why = (judgement >= crate::ui::model::review::Judgement::Mistake)
        .then(|| reason(lang, notation, &before, played, &run.review, ply));
    let words = judgement_words(lang, ply, &played_text, judgement.label().get(lang), why);
    Some(view! {
        <div class="review-note" data-review-note=judgement.name()>
            <p>{words}</p>
            <p>{better}</p>
        </div>
    })
}

/// "12. ☗P-7f is a blunder: allows mate in 3 (…)."
fn judgement_words(lang: Lang, ply: usize, played: &str, judgement: &str, why: Option<String>) -> String {
    let head = T::MoveIs.with(lang, &[&format!("{ply}. {played}"), judgement]);
    match why {
        Some(why) => T::MoveIsBecause.with(lang, &[&head, &why]),
        None => head,
    }
}

fn quote(notation: Notation, pos: &Position, moves: &[Move]) -> String {
    move_texts(notation, pos, moves).join(" ")
}
