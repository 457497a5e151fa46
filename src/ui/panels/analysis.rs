//! The analysis board's panel: the engine's verdict on the position shown, its best lines
//! (a move clicked plays the line up to there, where a person moves both sides), and the
//! threat: what the opponent would play if it were their move. SPEC §3 `data-pv`.

use leptos::prelude::*;

use crate::engine::Line;
use crate::rules::Position;
use crate::ui::computer::EngineState;
use crate::ui::model::analysis::{for_sente, verdict};
use crate::ui::model::mode::Mode;
use crate::ui::model::movetext::move_texts;
use crate::ui::model::table::Sides;
use crate::ui::model::thinking::score_words;
use crate::ui::model::threat::THREAT_MARGIN_CP;
use crate::ui::on_demand::on_first_use;
use crate::ui::panels::names::names;
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::{marked_side, T};

/// How many moves of each line are written out.
const SHOWN_MOVES: usize = 8;

/// The buttons that open the analysis and ask for the threat (keys `a` and `t`).
pub fn controls() -> impl IntoView {
    let (app, play, settings, engine) = (App::get(), Play::get(), Settings::get(), EngineState::get());
    let analysing = engine.analysing;
    let threat_free = move || engine.thinking.with(Option::is_none);
    view! {
        <div class="analysis-controls" class:hidden=move || play.mode.get() != Mode::Play>
            <button
                data-action="analyse"
                aria-pressed=move || analysing.get().to_string()
                aria-keyshortcuts="A"
                on:click=move |_| app.set_analysing(!analysing.get_untracked())
            >
                {settings.text(T::Analyse)}
            </button>
            <button data-action="threat" aria-keyshortcuts="T" disabled=move || !threat_free() on:click=move |_| app.threat()>
                {settings.text(T::Threat)}
            </button>
        </div>
        {on_first_use(move || engine.threat.with(Option::is_some), threat_words_on_demand)}
    }
}

/// The threat found in the position shown, in words (the board draws it as an arrow); loaded
/// with the first threat found (`ui/on_demand.rs`).
#[lazy]
fn threat_words_on_demand() -> AnyView {
    let (play, settings, engine) = (Play::get(), Settings::get(), EngineState::get());
    (move || {
        let threat = engine.threat.get().filter(|t| t.ply == play.shown_ply.get())?;
        let lang = settings.lang.get();
        let who = marked_side(lang, threat.side);
        let Some(mv) = threat.mv else {
            let words = T::NoDirectThreat.with(lang, &[&who, &(THREAT_MARGIN_CP / 100).to_string()]);
            return Some(view! { <p class="threat no-threat" role="status">{words}</p> });
        };
        let passed = play.shown.with(|p| p.null_move())?;
        let text = move_texts(settings.notation.get(), &passed, &[mv]).pop()?;
        let words = T::ThreatIs.with(lang, &[&who, &text, &score_words(lang, threat.score)]);
        Some(view! { <p class="threat" role="status" data-threat=mv.to_string()>{words}</p> })
    })
    .into_any()
}

/// The analysis panel: its code is loaded on first use (`ui/on_demand.rs`).
#[lazy]
pub fn panel_on_demand() -> AnyView {
    panel().into_any()
}

/// The analysis: verdict, depth, and the best lines, while the analysis board is open.
fn panel() -> impl IntoView {
    let (play, settings, engine) = (Play::get(), Settings::get(), EngineState::get());
    let verdict_words = move || {
        let lang = settings.lang.get();
        engine.analysis.with(|a| match a.as_ref().and_then(|a| a.sente_score()) {
            Some(score) => verdict(lang, score),
            None => T::AnalysisStarting.get(lang).to_string(),
        })
    };
    let depth = move || {
        let lang = settings.lang.get();
        engine.analysis.with(|a| {
            a.as_ref()
                .filter(|a| a.depth > 0)
                .map(|a| T::DepthNodes.with(lang, &[&a.depth.to_string(), &a.nodes.to_string()]))
        })
    };
    // The engine's own game waits while the person analyses.
    let engine_waits = move || play.table.with(|t| t.engines_turn());
    move || {
        engine.analysing.get().then(|| {
            view! {
                <section class="analysis" aria-label=settings.text(T::Analysis)>
                    <p class="verdict">{verdict_words}</p>
                    <p class="depth">{depth}</p>
                    {names(false, false)}
                    <ol class="lines" aria-label=settings.text(T::BestLines)>{lines()}</ol>
                    <p class="note" class:hidden=move || !engine_waits()>{settings.text(T::AnalysisWaits)}</p>
                </section>
            }
        })
    }
}

/// The best lines, keyed by their analysis, moves and score, so a line unchanged by a report
/// keeps its buttons (and the keyboard focus on one).
fn lines() -> impl IntoView {
    let (play, settings, engine) = (Play::get(), Settings::get(), EngineState::get());
    let entries = move || {
        engine.analysis.with(|a| {
            let Some(a) = a.as_ref() else { return Vec::new() };
            a.lines.iter().map(|line| (a.id, a.position.clone(), line.clone())).collect::<Vec<_>>()
        })
    };
    let key = |(id, _, line): &(u32, Position, Line)| format!("{id} {} {:?}", line.score, line.pv);
    // Each line is read from the position it was found in: the position shown may have
    // changed before this analysis gave way to the next.
    let row = move |(_, studied, line): (u32, Position, Line)| {
        let side_to_move = studied.turn();
        let app = App::get();
        let lang = settings.lang;
        let score = move || score_words(lang.get(), for_sente(line.score, side_to_move));
        let usi = line.pv.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
        let pv = line.pv.clone();
        // A line is played on the board where a person moves both sides, at the game's end.
        let playable =
            move || play.browse.get().is_none() && play.table.with(|t| t.sides == Sides::Both && t.outcome().is_none());
        let moves = move || {
            let texts = move_texts(settings.notation.get(), &studied, &pv[..pv.len().min(SHOWN_MOVES)]);
            texts
                .into_iter()
                .enumerate()
                .map(|(i, text)| {
                    let upto = pv[..=i].to_vec();
                    let label = T::PlayLineTo.with(lang.get(), &[&text]);
                    view! {
                        <button class="line-move" disabled=move || !playable() aria-label=label on:click=move |_| app.play_line(&upto)>
                            {text}
                        </button>
                    }
                })
                .collect_view()
        };
        view! {
            <li data-pv=usi>
                <span class="line-score">{score}</span>
                {moves}
            </li>
        }
    };
    view! { <For each=entries key=key children=row /> }
}
