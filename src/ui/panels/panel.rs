//! Beside the board: whose turn it is, remarks in plain words, the game's
//! buttons, and the move list (SPEC §3 `data-ply`).

use leptos::__reexports::send_wrapper::SendWrapper;
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::rules::impasse::{declaration_points_needed, DECLARATION_PIECES_NEEDED, POINTS_24_NEEDED};
use crate::rules::{Color, ImpasseRule};

use crate::ui::clock::Clocks;
use crate::ui::computer::EngineState;
use crate::ui::dialog::{Dialog, Dialogs};
use crate::ui::model::branches::alternatives;
use crate::ui::model::clock::GameClock;
use crate::ui::model::mode::Mode;
use crate::ui::model::movetext::{move_texts, move_time};
use crate::ui::model::table::{result_sentence, Sides, Table};
use crate::ui::model::thinking::{score_words, Purpose};
use crate::ui::on_demand::on_first_use;
use crate::ui::panels::live::shown_move;
use crate::ui::panels::names::{named_here, names_on_demand};
use crate::ui::panels::variations::variations_on_demand;
use crate::ui::persistence::Persistence;
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::{marked_side, T};

/// The result, who won and why (SPEC §3 reasons, in words).
pub fn result_text(play: Play, settings: Settings) -> Option<String> {
    let lang = settings.lang.get();
    play.table.with(|t| t.outcome().map(|o| result_sentence(lang, o, t.sides)))
}

pub fn status() -> impl IntoView {
    let (play, settings) = (Play::get(), Settings::get());
    let text = move || {
        // A record read through says which move is shown, and its result at its end.
        if play.mode.get() == Mode::View {
            let (lang, ply) = (settings.lang.get(), play.shown_ply.get());
            let shown = play.table.with(|t| shown_move(lang, t, ply));
            let result = result_text(play, settings).filter(|_| play.browse.get().is_none());
            return match result {
                Some(result) => format!("{shown}{}{result}", T::SentenceBreak.get(lang)),
                None => shown,
            };
        }
        if let Some(result) = result_text(play, settings) {
            return result;
        }
        let (turn, check) = play.shown.with(|p| (p.turn(), p.is_check()));
        let lang = settings.lang.get();
        let side = marked_side(lang, turn);
        let whose = if play.browse.get().is_some() {
            T::LookingBackToMove
        } else {
            match play.table.with(|t| t.sides) {
                s if s.person_plays(turn) && s.person_plays(!turn) => T::ToMove,
                s if s.person_plays(turn) => T::YourMove,
                _ => T::EnginesMove,
            }
        };
        let whose = whose.with(lang, &[&side]);
        if check {
            T::CheckExclaimed.with(lang, &[&whose])
        } else {
            whose
        }
    };
    view! {
        <div class="status-box">
            <p class="status" role="status">{text}</p>
            {message(play, settings, || None)}
        </div>
    }
}

/// The remark about the last action (why a move was refused, ...), unless `said` (what the
/// line above it says) says it already. It lies over what follows instead of pushing it down
/// (style/panels.css); a click on it puts it away, as the next action does.
pub fn message(
    play: Play,
    settings: Settings,
    said: impl Fn() -> Option<&'static str> + Send + Sync + 'static,
) -> impl IntoView {
    move || {
        let words = play.message.get()?.words(settings.lang.get());
        (said() != Some(words.as_str())).then(|| {
            view! { <p class="message" role="alert" on:click=move |_| play.message.set(None)>{words}</p> }
        })
    }
}

/// The engine at work: depth and score (from the person's side), and a stop button.
/// Built once per search: as the depth and score change the spinner keeps turning and
/// the stop button keeps its focus.
pub fn thinking() -> impl IntoView {
    // Stopping plays the best move found so far: the controller applies the engine's answer.
    let (app, play, settings, engine) = (App::get(), Play::get(), Settings::get(), EngineState::get());
    let active = Memo::new(move |_| engine.thinking.with(Option::is_some));
    let depth = move || engine.thinking.with(|t| t.as_ref().map(|t| t.depth.to_string()));
    let words = move || {
        let thinking = engine.thinking.get()?;
        let sides = play.table.with(|t| t.sides);
        // Whose side the score is told from: the person's, or sente's when the engine plays both.
        let viewer = match sides {
            Sides::Sente => Color::Sente,
            Sides::Gote => Color::Gote,
            Sides::Both => thinking.side,
            Sides::None => Color::Sente,
        };
        let score = thinking.score.map(|s| if thinking.side == viewer { s } else { s.negated() });
        let lang = settings.lang.get();
        let whose = match sides {
            Sides::None => T::ForSente,
            _ => T::ForYou,
        };
        let what = match thinking.purpose {
            Purpose::Play => T::EngineThinking,
            Purpose::Hint => T::LookingForHint,
            Purpose::Threat => T::LookingForThreat,
        };
        let progress = match score {
            Some(score) => {
                T::DepthScore.with(lang, &[&thinking.depth.to_string(), &score_words(lang, score), whose.get(lang)])
            }
            None => "…".to_string(),
        };
        Some(format!("{} {progress}", what.get(lang)))
    };
    move || {
        active.get().then(|| {
            view! {
                <div class="thinking" data-depth=depth>
                    <span class="spinner" aria-hidden="true"></span>
                    <span>{words}</span>
                    <button data-action="stop" on:click=move |_| app.stop_engine()>{settings.text(T::Stop)}</button>
                </div>
            }
        })
    }
}

/// Undo, redo, resign, impasse and hint: each changes the game or asks the engine, through the controller.
pub fn controls() -> impl IntoView {
    let (app, play, settings) = (App::get(), Play::get(), Settings::get());
    let (engine, persistence, dialogs) = (EngineState::get(), Persistence::get(), Dialogs::get());
    let can_undo = move || play.table.with(|t| t.undo_target().is_some());
    let can_redo = move || play.table.with(Table::can_redo);
    let can_resign = move || play.table.with(|t| t.outcome().is_none() && t.sides != Sides::None);
    view! {
        // A finished game under review has its own bar (continue from here) instead.
        <div class="controls" class:hidden=move || play.mode.get() != Mode::Play || persistence.reviewing.get()>
            <button data-action="undo" disabled=move || !can_undo() on:click=move |_| app.undo()>{settings.text(T::Undo)}</button>
            <button data-action="redo" disabled=move || !can_redo() on:click=move |_| app.redo()>{settings.text(T::Redo)}</button>
            <button data-action="resign" disabled=move || !can_resign() on:click=move |_| dialogs.open(Dialog::ConfirmResign)>{settings.text(T::Resign)}</button>
            <button
                data-action="impasse"
                class:hidden=move || !(play.table.with(|t| t.persons_turn() && t.can_declare_impasse()) && play.browse.get().is_none())
                on:click=move |_| dialogs.open(Dialog::ConfirmImpasse)
            >
                {move || settings.t(impasse_action(play.table.with(|t| t.impasse_rule)))}
            </button>
            {pause_button()}
            <button
                data-action="hint"
                disabled=move || !(play.table.with(|t| t.persons_turn()) && play.browse.get().is_none() && engine.thinking.with(Option::is_none))
                on:click=move |_| app.hint()
            >
                {settings.text(T::Hint)}
            </button>
        </div>
    }
}

/// Pause and resume, in a game on the clock still being played.
fn pause_button() -> impl IntoView {
    let (app, clocks, settings, play) = (App::get(), Clocks::get(), Settings::get(), Play::get());
    let shown = move || clocks.clock.with(Option::is_some) && play.table.with(|t| t.outcome().is_none());
    let paused = move || clocks.clock.with(|c| c.as_ref().is_some_and(GameClock::is_paused));
    view! {
        <button
            data-action="pause"
            class:hidden=move || !shown()
            aria-pressed=move || paused().to_string()
            on:click=move |_| app.toggle_pause()
        >
            {move || settings.t(if paused() { T::Resume } else { T::Pause })}
        </button>
    }
}

/// The impasse button's words under `rule`.
pub fn impasse_action(rule: ImpasseRule) -> T {
    match rule {
        ImpasseRule::Declaration27 => T::DeclareImpasse,
        ImpasseRule::Points24 => T::CallImpasseCount,
    }
}

/// Once both kings have entered the enemy camp: each side's points under the rule in force.
/// Its code loads the first time that happens (`ui/on_demand.rs`).
pub fn impasse_count() -> impl IntoView {
    let play = Play::get();
    on_first_use(move || play.table.with(|t| t.impasse_count().is_some()), impasse_count_on_demand)
}

#[lazy]
fn impasse_count_on_demand() -> AnyView {
    let (play, settings) = (Play::get(), Settings::get());
    (move || {
        let (points, rule) = play.table.with(|t| t.impasse_count().map(|p| (p, t.impasse_rule)))?;
        let lang = settings.lang.get();
        let side = |c: Color| {
            let p = points[c.index()];
            let need = match rule {
                ImpasseRule::Points24 => T::PointsNeeded.with(lang, &[&POINTS_24_NEEDED.to_string()]),
                ImpasseRule::Declaration27 => T::DeclarationNeeded.with(
                    lang,
                    &[
                        &declaration_points_needed(c).to_string(),
                        &p.pieces_in_zone.to_string(),
                        &DECLARATION_PIECES_NEEDED.to_string(),
                    ],
                ),
            };
            let who = marked_side(lang, c);
            T::SidePoints.with(lang, &[&who, &p.total(rule).to_string(), &need])
        };
        Some(view! {
            <div class="impasse-count" data-impasse-sente=points[0].total(rule).to_string() data-impasse-gote=points[1].total(rule).to_string()>
                <strong>{settings.t(T::ImpasseCount)}</strong>
                <span>{side(Color::Sente)}</span>
                <span>{side(Color::Gote)}</span>
            </div>
        })
    })
    .into_any()
}

/// A record's comments on the position shown (KIF's and KI2's `*` lines).
pub fn comments() -> impl IntoView {
    let play = Play::get();
    move || {
        let ply = play.shown_ply.get();
        let texts: Vec<String> = play.table.with(|t| t.comments_at(ply).map(str::to_string).collect());
        (!texts.is_empty()).then(|| {
            view! { <div class="comments" data-comments>{texts.into_iter().map(|text| view! { <p>{text}</p> }).collect_view()}</div> }
        })
    }
}

/// The followed line's moves, each followed by the other moves played there (the record's
/// variations, indented, each move a button that follows its line); and, while the board
/// follows a variation, the buttons to make it the main line or delete it.
pub fn move_list() -> impl IntoView {
    let (app, play, settings, engine) = (App::get(), Play::get(), Settings::get(), EngineState::get());
    let len = move || play.table.with(Table::ply);
    // The review's judgements (SPEC §3 data-judgement, data-better), marked after the moves.
    let reports = engine.move_reports(play.table);
    let judged = move |i: usize| reports.with(|r| r.get(i).and_then(|r| Some((r.judgement?, r.better))));
    // Each move's text, and its time when the record has times (KIF's column, CSA's T lines).
    let texts = Memo::new(move |_| {
        play.table.with(|t| {
            let times = t.move_times();
            let texts = move_texts(settings.notation.get(), t.start(), t.moves());
            texts
                .into_iter()
                .enumerate()
                .map(|(i, text)| (text, move_time(&times, i + 1).map(|(own, _)| own)))
                .collect::<Vec<_>>()
        })
    });
    // Each alternative with its moves' texts, written from the position where it leaves the line.
    let others = Memo::new(move |_| {
        let notation = settings.notation.get();
        play.table.with(|t| {
            let line = t.tree().line(t.path()).map(|l| l.moves).unwrap_or_default();
            alternatives(t.tree(), t.path())
                .into_iter()
                .map(|alt| {
                    let mut pos = t.start().clone();
                    for &m in &line[..alt.ply - 1] {
                        pos.play_unchecked(m);
                    }
                    let texts = move_texts(notation, &pos, &alt.moves);
                    (alt, texts)
                })
                .collect::<Vec<_>>()
        })
    });
    // The variations at move `ply` (those at `ply` or later, for the end of the list): a row of
    // the list, whose code loads with the first game that has any (`panels/variations.rs`).
    let variations_at = move |ply: usize, or_later: bool| {
        let found: Vec<_> =
            others.with(|o| o.iter().filter(|(alt, _)| alt.ply == ply || or_later && alt.ply > ply).cloned().collect());
        (!found.is_empty()).then(|| Suspend::new(variations_on_demand(ply, found)))
    };
    // Keyed by ply and text: a new move adds one row, and only rows whose text changed
    // (another notation, a different line after an undo) are drawn again.
    let row = move |(i, (text, time)): (usize, (String, Option<String>))| {
        let ply = i + 1;
        // The first mover's moves in the left column, the other's in the right, also after a
        // row of variations.
        let column = if ply % 2 == 1 { "first" } else { "second" };
        view! {
            <li class=column>
                <button
                    data-ply=ply.to_string()
                    data-judgement=move || judged(i).map(|(j, _)| j.name())
                    data-better=move || judged(i).and_then(|(_, better)| better).map(|m| m.to_string())
                    class:current=move || play.shown_ply.get() == ply
                    on:click=move |_| play.browse_to(ply)
                >
                    {format!("{ply}. {text}")}
                    {time.map(|time| view! { <span class="move-time">{time}</span> })}
                    {move || judged(i).map(|(j, _)| view! {
                        <span class="mark" aria-hidden="true">{j.mark()}</span>
                        <span class="sr-only">{format!(", {}", j.label().get(settings.lang.get()))}</span>
                    })}
                </button>
            </li>
            {move || variations_at(ply, false)}
        }
    };
    let in_variation = move || play.table.with(|t| !t.path().is_empty());
    // The move shown stays in sight: the list scrolls inside itself, never the page. Also when
    // the list is resized (the analysis, the review or the names arriving above or below it).
    // Not when the list is first drawn: measuring then would lay the page out inside the task
    // that builds it (18 ms of the page's start), and the resize observer, which hears of the
    // list's first size after the browser's own layout, does it then.
    let list = NodeRef::<leptos::html::Ol>::new();
    Effect::new(move |drawn: Option<()>| {
        play.shown_ply.track();
        if let Some(list) = list.get_untracked().filter(|_| drawn.is_some()) {
            keep_current_in_sight(&list);
        }
    });
    list.on_load(|list| {
        let element = list.clone();
        let follow = Closure::<dyn Fn()>::new(move || keep_current_in_sight(&element));
        let Ok(observer) = web_sys::ResizeObserver::new(follow.as_ref().unchecked_ref()) else { return };
        observer.observe(&list);
        let held = SendWrapper::new((observer, follow));
        on_cleanup(move || held.0.disconnect());
    });
    view! {
        <nav class="move-nav" aria-label=settings.text(T::Moves)>
            <button data-nav="start" aria-label=settings.text(T::FirstPosition) on:click=move |_| play.browse_to(0)>"«"</button>
            <button data-nav="back" aria-label=settings.text(T::PreviousMove) on:click=move |_| play.step(-1)>"‹"</button>
            <button data-nav="forward" aria-label=settings.text(T::NextMove) on:click=move |_| play.step(1)>"›"</button>
            <button data-nav="end" aria-label=settings.text(T::LastPosition) on:click=move |_| play.browse_to_end()>"»"</button>
        </nav>
        {move || in_variation().then(|| view! {
            <div class="variation-bar">
                <span>{settings.text(T::InVariation)}</span>
                <button data-action="promote-line" on:click=move |_| app.promote_line()>{settings.text(T::PromoteLine)}</button>
                <button data-action="delete-line" on:click=move |_| app.remove_followed_line()>{settings.text(T::DeleteLine)}</button>
            </div>
        })}
        // Once both sides have moved: the first moments of a game (to the engine's first move,
        // the first load) do without it.
        {on_first_use(move || play.table.with(|t| t.ply() >= 2) && named_here(play.mode.get()), names_on_demand)}
        <ol class="move-list" node_ref=list on:wheel=move |ev| play.wheel(&ev)>
            <li>
                <button class="start-position" class:current=move || play.shown_ply.get() == 0 on:click=move |_| play.browse_to(0)>
                    {settings.text(T::StartPosition)}
                </button>
            </li>
            <For each=move || texts.get().into_iter().enumerate() key=|entry| entry.clone() children=row />
            {move || variations_at(len() + 1, true)}
        </ol>
    }
}

/// Scrolls the move list, inside itself, so that the move shown is in sight.
fn keep_current_in_sight(list: &web_sys::HtmlOListElement) {
    if let Ok(Some(current)) = list.query_selector(".current") {
        let (outer, inner) = (list.get_bounding_client_rect(), current.get_bounding_client_rect());
        // Whole pixels, rounded outwards, so that no fraction of the row stays hidden.
        let off = if inner.top() < outer.top() {
            (inner.top() - outer.top()).floor()
        } else {
            (inner.bottom() - outer.bottom()).max(0.0).ceil()
        };
        list.set_scroll_top(list.scroll_top() + off as i32);
    }
}
