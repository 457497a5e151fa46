//! The page: header with settings, the board between the two hands, the panel
//! beside it, and the dialogs. The root element carries SPEC §3's game attributes.

use std::future::Future;
use std::pin::Pin;

use leptos::__reexports::send_wrapper::SendWrapper;
use leptos::prelude::*;

use crate::ui::board::clock::clock_on_demand;
use crate::ui::board::drag::Drag;
use crate::ui::board::editor;
use crate::ui::board::focus;
use crate::ui::board::hands::hand;
use crate::ui::board::piece::piece_icon;
use crate::ui::board::view::board;
use crate::ui::browser::{embed, fonts, sound};
use crate::ui::clock::Clocks;
use crate::ui::computer::EngineState;
use crate::ui::dialog::{Dialog, Dialogs};
use crate::ui::dialogs::confirm::confirm_on_demand;
use crate::ui::dialogs::game;
use crate::ui::dialogs::games;
use crate::ui::dialogs::guide::guide_on_demand;
use crate::ui::dialogs::problems::problems_on_demand;
use crate::ui::dialogs::lessons::lessons_on_demand;
use crate::ui::dialogs::records;
use crate::ui::lessons::Lessons;
use crate::ui::model::events::{HostEvent, Told};
use crate::ui::model::lessons::Standing;
use crate::ui::model::mode::Mode;
use crate::ui::model::movetext::Notation;
use crate::ui::model::notice::Notice;
use crate::ui::model::params::{self, Ignored, Params};
use crate::ui::model::problems::ProblemNews;
use crate::ui::model::sound::Sound;
use crate::ui::model::table::{result_name, Table};
use crate::ui::on_demand::on_first_use;
use crate::ui::panels::analysis;
use crate::ui::panels::entry::move_box;
use crate::ui::panels::lesson::lesson_panel_on_demand;
use crate::ui::panels::live::live_region;
use crate::ui::panels::notices::notices;
use crate::ui::panels::panel;
use crate::ui::panels::problem::problem_panel_on_demand;
use crate::ui::panels::review;
use crate::ui::play::Play;
use crate::ui::problems::Problems;
use crate::ui::settings::{self, Settings};
use crate::ui::state::{page_lang, App};
use crate::ui::text::face::PieceStyle;
use crate::ui::text::i18n::{Lang, T};
use crate::ui::text::japanese;
use crate::ui::text::markup::short_number;

/// The URL's query and then its fragment as decoded pairs. The fragment carries what is too
/// long for a query, such as a whole record (`#kif=...`, as embed.js passes `data-kif`):
/// it never goes to the server, whose request-line limit it would break.
fn url_pairs() -> Vec<(String, String)> {
    let location = window().location();
    let parts = [location.search(), location.hash()].map(|part| part.unwrap_or_default());
    let mut pairs = Vec::new();
    for part in parts {
        let Ok(query) = web_sys::UrlSearchParams::new_with_str(part.trim_start_matches('#')) else { continue };
        for entry in query.entries() {
            let Ok(entry) = entry else { continue };
            let entry: js_sys::Array = entry.into();
            if let (Some(k), Some(v)) = (entry.get(0).as_string(), entry.get(1).as_string()) {
                pairs.push((k, v));
            }
        }
    }
    pairs
}

/// Whether a key press goes into a text field (the move box, a record's text).
fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// Whether a key press comes from the board's squares, where the arrow keys move the focus.
fn on_board(ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| e.closest("[role=grid]").ok().flatten())
        .is_some()
}

/// A row of buttons of which one is pressed: `attr` names the choice in the DOM (`data-style="latin"`).
fn segmented<V: Copy + PartialEq + Send + Sync + 'static>(
    label: Signal<&'static str>,
    attr: &'static str,
    choices: impl IntoIterator<Item = (V, &'static str, Signal<&'static str>)>,
    current: RwSignal<V>,
    choose: impl Fn(V) + Copy + 'static,
) -> impl IntoView {
    let buttons = choices
        .into_iter()
        .map(|(value, name, text)| {
            view! {
                <button
                    aria-pressed=move || (current.get() == value).to_string()
                    on:click=move |_| choose(value)
                >
                    {text}
                </button>
            }
            .attr(attr, name)
        })
        .collect_view();
    view! {
        <div class="segmented" role="group" aria-label=label>
            {buttons}
        </div>
    }
}

/// The dragged piece, following the pointer.
fn ghost(drag: Drag) -> impl IntoView {
    let settings = Settings::get();
    move || {
        let (x, y, size) = drag.ghost.get()?;
        let piece = drag.piece()?;
        let upside_down = Signal::derive(move || (piece.color == crate::rules::Color::Gote) != settings.flipped.get());
        let size_px = short_number(size);
        let style = format!("left:{}px;top:{}px;width:{size_px}px;height:{size_px}px", short_number(x - size / 2.0), short_number(y - size / 2.0));
        Some(view! { <div class="ghost" style=style>{piece_icon(piece, settings.style.into(), upside_down)}</div> })
    }
}

/// The header: new game and the dialogs, then the display settings.
fn toolbar() -> impl IntoView {
    let (app, dialogs, text) = (App::get(), Dialogs::get(), Settings::get());
    view! {
        <button data-action="new-game" on:click=move |_| dialogs.open(Dialog::NewGame)>{text.text(T::NewGame)}</button>
        <button data-action="edit-position" on:click=move |_| app.edit_position()>{text.text(T::EditPosition)}</button>
        <button data-action="guide" on:click=move |_| dialogs.open(Dialog::Guide)>{text.text(T::PieceGuide)}</button>
        <button data-action="games" on:click=move |_| dialogs.open(Dialog::Games)>{text.text(T::Games)}</button>
        <button data-action="record" on:click=move |_| dialogs.open(Dialog::Record)>{text.text(T::Record)}</button>
        <button data-action="problems" on:click=move |_| dialogs.open(Dialog::Problems)>{text.text(T::Problems)}</button>
        <button data-action="learn" on:click=move |_| dialogs.open(Dialog::Lessons)>{text.text(T::Learn)}</button>
        {display_settings()}
    }
}

/// Piece style, notation, flip and language: all it needs is the settings from context.
fn display_settings() -> impl IntoView {
    let settings = Settings::get();
    let text = move |key: T| Signal::derive(move || settings.t(key));
    view! {
        {segmented(
            text(T::PieceStyle),
            "data-style",
            PieceStyle::ALL.map(|s| (s, s.name(), text(s.label()))),
            settings.style,
            move |s| settings.set_style(s),
        )}
        {segmented(
            text(T::NotationLabel),
            "data-notation",
            Notation::ALL.map(|n| (n, n.name(), Signal::stored(n.label()))),
            settings.notation,
            move |n| settings.set_notation(n),
        )}
        <button data-action="flip" aria-pressed=move || settings.flipped.get().to_string() on:click=move |_| settings.flip()>
            {settings.text(T::Flip)}
        </button>
        {sound_settings(settings)}
        // Each language's name in its own language, marked as such.
        {segmented(
            text(T::Language),
            "lang",
            Lang::ALL.map(|l| (l, l.name(), Signal::stored(l.own_name()))),
            settings.lang,
            move |l| settings.set_lang(l),
        )}
    }
}

/// The sounds, each switched on or off, folded away behind one button of the header.
fn sound_settings(settings: Settings) -> impl IntoView {
    let switches = Sound::ALL
        .map(|sound| {
            let toggle = move |ev: leptos::ev::Event| settings.set_sound(sound, event_target_checked(&ev));
            view! {
                <label>
                    <input type="checkbox" data-sound=sound.name() prop:checked=move || settings.sound.get().is_on(sound) on:change=toggle />
                    {settings.text(sound.label())}
                </label>
            }
        })
        .collect_view();
    view! {
        <details class="sound-settings">
            <summary>{settings.text(T::SoundHeading)}</summary>
            <fieldset>
                <legend class="sr-only">{settings.text(T::SoundHeading)}</legend>
                {switches}
            </fieldset>
        </details>
    }
}

/// The panel beside the board, its upper part: the game's status and controls, edit mode's,
/// the lesson's or the problem's. An embedded board shows the typed-move box only when its
/// host asks (`input=1`).
fn panel_top(with_move_box: bool, embedded: bool) -> impl IntoView {
    let mode = Play::get().mode;
    move || match mode.get() {
        Mode::Edit => Suspend::new(editor::panel_on_demand()).into_any(),
        Mode::Lesson => Suspend::new(lesson_panel_on_demand(embedded)).into_any(),
        Mode::Problem => view! {
            {Suspend::new(problem_panel_on_demand(embedded))}
            {with_move_box.then(move_box)}
        }
        .into_any(),
        Mode::Play | Mode::View => view! {
            {games::review_bar()}
            {panel::status()}
            {with_move_box.then(move_box)}
            {panel::thinking()}
            {panel::controls()}
        }
        .into_any(),
    }
}

/// The panel's lower part, built a task after the upper: the moves and, in a game, the
/// comments, the analysis, the review and the impasse count.
fn panel_bottom() -> impl IntoView {
    let (mode, engine) = (Play::get().mode, EngineState::get());
    move || match mode.get() {
        Mode::Edit | Mode::Lesson => ().into_any(),
        Mode::Problem => panel::move_list().into_any(),
        Mode::Play | Mode::View => view! {
            // The moves and their step buttons come first, so they stay in sight as the
            // analysis and the review open below them.
            {panel::move_list()}
            {panel::comments()}
            {analysis::controls()}
            {on_first_use(move || engine.analysing.get(), analysis::panel_on_demand)}
            {review::review()}
            {panel::impasse_count()}
        }
        .into_any(),
    }
}

/// `color`'s clock, from the first game on the clock.
fn clock_slot(color: crate::rules::Color) -> impl IntoView {
    let clocks = Clocks::get();
    on_first_use(move || clocks.clock.with(Option::is_some), move || clock_on_demand(color))
}

/// What is drawn over the page: dialogs, the dragged piece, and the live region.
fn overlays(drag: Drag, embedded: bool) -> impl IntoView {
    let dialogs = Dialogs::get();
    view! {
        {game::promotion()}
        // The game-over panel leads to the new-game panel: app chrome an embedded board does without.
        {(!embedded).then(|| view! {
            {on_first_use(move || dialogs.is_open(Dialog::GameOver), game::game_over_on_demand)}
            {on_first_use(move || dialogs.is_open(Dialog::NewGame), game::new_game_on_demand)}
            {on_first_use(move || dialogs.is_open(Dialog::Games), games::games_on_demand)}
            {on_first_use(move || dialogs.is_open(Dialog::Record), records::record_on_demand)}
            {on_first_use(move || dialogs.is_open(Dialog::Problems), problems_on_demand)}
            {on_first_use(move || dialogs.is_open(Dialog::Guide), guide_on_demand)}
            {on_first_use(move || dialogs.is_open(Dialog::Lessons), lessons_on_demand)}
            {on_first_use(
                move || dialogs.is_open(Dialog::ConfirmResign) || dialogs.is_open(Dialog::ConfirmImpasse),
                confirm_on_demand,
            )}
        })}
        {ghost(drag)}
        {live_region()}
    }
}

/// Builds `view` into `parent`, once. A mounted tree has its own root owner, so the
/// contexts the page provides are provided to it again.
fn mount_into<V: IntoView + 'static>(
    parent: Option<impl Into<web_sys::HtmlElement>>,
    app: App,
    view: impl FnOnce() -> V + 'static,
) {
    if let Some(parent) = parent {
        mount_any(parent.into(), app, Box::new(move || view().into_any()));
    }
}

/// The steps `next_task` has queued, in order.
type Steps = std::rc::Rc<std::cell::RefCell<std::collections::VecDeque<Box<dyn FnOnce()>>>>;

/// The page's own channel for `next_task`: its messages come back as tasks, in order, and
/// its steps wait in `queue`. It lives as long as the page, so no message is lost with it.
struct TaskChannel {
    channel: web_sys::MessageChannel,
    queue: Steps,
}

thread_local! {
    static TASKS: Option<TaskChannel> = web_sys::MessageChannel::new().ok().map(|channel| {
        let queue = Steps::default();
        let waiting = queue.clone();
        let run = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
            let step = waiting.borrow_mut().pop_front();
            if let Some(step) = step {
                step();
            }
        });
        channel.port1().set_onmessage(Some(wasm_bindgen::JsCast::unchecked_ref(run.as_ref())));
        run.forget();
        TaskChannel { channel, queue }
    });
}

/// Runs `step` in a task of its own, after the steps queued before it: a message to the page
/// itself, which no timer's minimum delay holds back.
fn next_task(step: impl FnOnce() + 'static) {
    TASKS.with(|tasks| match tasks {
        Some(tasks) => {
            tasks.queue.borrow_mut().push_back(Box::new(step));
            let _ = tasks.channel.port2().post_message(&wasm_bindgen::JsValue::NULL);
        }
        None => step(),
    });
}

/// `mount_into`'s one body for every view (the mounting code once in the page's wasm, not
/// once per view).
fn mount_any(parent: web_sys::HtmlElement, app: App, view: Box<dyn FnOnce() -> AnyView>) {
    leptos::mount::mount_to(parent, move || {
        app.provide();
        view()
    })
    .forget();
}

/// Takes away the copy of the app's first frame that index.html draws for a first visitor, in
/// the task that mounts the live board: no frame shows both, or neither.
fn remove_first_frame() {
    if let Some(copy) = window().document().and_then(|page| page.query_selector("[data-first-frame]").ok().flatten()) {
        copy.remove();
    }
}

/// Mounts the page, then calls `mounted`. A URL with a record to read (`kif=`) first loads
/// the record formats' code, which other pages go without (`ui/on_demand.rs`).
pub fn mount(mounted: impl FnOnce() + 'static) {
    let pairs = url_pairs();
    // The page's state and workings in this task, its views in the next: in one task the two
    // held the page for longer than a person notices.
    let show = move |(params, ignored): (Params, Vec<Ignored>)| {
        // Effects run on Leptos's executor, which mounting a view would start only later.
        let _ = any_spawner::Executor::init_wasm_bindgen();
        let owner = Owner::new();
        let (started, opening) = owner.with(|| start_page(params, ignored));
        let mount = move || {
            next_task(move || {
                remove_first_frame();
                leptos::mount::mount_to_body(move || {
                    started.app.provide();
                    page(started)
                });
                // The state lives as long as the page.
                std::mem::forget(owner);
                mounted();
            })
        };
        match opening {
            // A problem given by the URL shows with the board, never after another position.
            Some(opening) => wasm_bindgen_futures::spawn_local(async move {
                opening.await;
                mount()
            }),
            None => mount(),
        }
    };
    if pairs.iter().any(|(key, _)| key == "kif") {
        wasm_bindgen_futures::spawn_local(async move {
            let read = url_with_record_on_demand(pairs).await;
            if waits_for_japanese(&read) {
                settings::read_japanese().await;
            }
            show(read)
        });
        return;
    }
    let read = params::parse_with(pairs, None::<params::ReadRecord>);
    if waits_for_japanese(&read) {
        wasm_bindgen_futures::spawn_local(async move {
            settings::read_japanese().await;
            show(read)
        });
    } else {
        show(read);
    }
}

/// Whether the page `read` describes is in Japanese, whose texts are not there yet: it shows
/// once they are, never in English first.
fn waits_for_japanese(read: &(Params, Vec<Ignored>)) -> bool {
    page_lang(read.0.lang, &mut Vec::new()) == Lang::Ja && !japanese::ready()
}

/// The URL's parameters with its record read.
#[lazy]
fn url_with_record_on_demand(pairs: Vec<(String, String)>) -> (Params, Vec<Ignored>) {
    params::parse(pairs)
}

/// The opening of a problem the URL gives, which the page waits for before it shows.
type Opening = Pin<Box<dyn Future<Output = ()>>>;

/// What the page's views need from its start.
#[derive(Clone, Copy)]
struct Started {
    app: App,
    drag: Drag,
    /// In another page's frame.
    embedded: bool,
    /// Whether the panel has the move box.
    move_box: bool,
}

/// While a panel is open over the page, the page behind it takes no focus or clicks.
/// An embedded board draws no dialogs (a game over is said in its status line), only the promotion choice.
fn modal_open(embedded: bool) -> impl Fn() -> bool + Copy + 'static {
    let (play, dialogs) = (Play::get(), Dialogs::get());
    move || (!embedded && dialogs.any_open()) || play.promotion.with(Option::is_some)
}

/// The page's state and its workings that draw nothing: the game, the engine's worker, the
/// other tabs, the clocks, the sounds, the keys, the title; and the opening of a problem the
/// URL gives, which the page waits for.
fn start_page(params: Params, ignored: Vec<Ignored>) -> (Started, Option<Opening>) {
    // A record to read through (view mode, `kif=`) has no move box unless its page asks.
    let (wants_move_box, reads_record) = (params.input, params.mode == Mode::View || params.record_read);
    let given_problem = (params.mode == Mode::Problem).then(|| params.start.clone());
    let lesson = (params.mode == Mode::Lesson).then(|| params.lesson.unwrap_or_default());
    let app = App::new(params, ignored.into_iter().map(Notice::Ignored).collect());
    app.provide();
    let (play, settings, engine, dialogs) = (Play::get(), Settings::get(), EngineState::get(), Dialogs::get());
    let drag = Drag::new();
    drag.listen();
    // A page in Japanese draws Japanese in its first frame; an English one after it (`page`).
    if settings.lang.get_untracked() == Lang::Ja {
        fonts::add_japanese_faces();
    }
    // The engine's worker loads and compiles its wasm on its own thread while this one builds
    // the board, so a move made as soon as the board shows finds it ready.
    app.connect_engine();
    app.listen_to_other_tabs();
    app.keep_clocks_ticking();
    let opening = given_problem.map(|start| Box::pin(app.open_given_problem(start)) as Opening);
    let lessons = Lessons::get();
    if let Some(id) = lesson {
        app.open_lesson(id);
    }
    // In another page's frame: only the board, and the host page hears of each move.
    let embedded = embed::is_embedded();
    if embedded {
        let news = Problems::get().news;
        let problem_news = Signal::derive(move || {
            news.get().map(|(_, news)| match news {
                ProblemNews::Solved => HostEvent::Solved,
                ProblemNews::Failed => HostEvent::Failed,
            })
        });
        let passed = lessons.passed;
        let lesson_news = Signal::derive(move || (passed.get() > 0).then_some(HostEvent::Solved));
        let told = play.table.with_untracked(Told::now);
        leptos::task::spawn_local(embed::tell_host_on_demand(play.table, told, problem_news, lesson_news));
    }
    sound::ready_on_gesture(sound::Heard {
        table: play.table,
        clock_events: Clocks::get().events,
        settings: settings.sound,
        lang: settings.lang,
    });
    let modal_open = modal_open(embedded);
    // With no panel open: Escape puts a picked-up piece back, A opens or closes the analysis,
    // T shows the threat (not while typing, nor with a modifier held).
    let _ = window_event_listener(leptos::ev::keydown, move |ev| {
        if modal_open() {
            // A panel answers its own Escape. One that reaches the page came while a panel
            // loaded on first use was not drawn yet, or had not yet taken the focus: it closes
            // that panel all the same.
            if ev.key() == "Escape" {
                let opener = if play.promotion.with_untracked(Option::is_some) {
                    play.cancel_promotion();
                    dialogs.take_opener()
                } else {
                    dialogs.close_from_page()
                };
                if let Some(opener) = opener.map(SendWrapper::new) {
                    // In the next task: the page is inert until its attribute is redrawn.
                    set_timeout(move || focus::focus(&opener), std::time::Duration::ZERO);
                }
            }
            return;
        }
        if ev.key() == "Escape" {
            return play.put_back();
        }
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() || typing(&ev) {
            return;
        }
        match ev.key().as_str() {
            "a" | "A" if play.mode.get_untracked() == Mode::Play && !embedded => {
                app.set_analysing(!engine.analysing.get_untracked())
            }
            "t" | "T" if play.mode.get_untracked() == Mode::Play && !embedded => app.threat(),
            // Stepping through the moves, as on lishogi; on the board the arrows move the focus.
            "ArrowLeft" | "ArrowRight" | "Home" | "End"
                if play.mode.get_untracked() != Mode::Edit && !on_board(&ev) =>
            {
                ev.prevent_default();
                match ev.key().as_str() {
                    "ArrowLeft" => play.step(-1),
                    "ArrowRight" => play.step(1),
                    "Home" => play.browse_to(0),
                    _ => play.browse_to_end(),
                }
            }
            // Between the lines that play another move here, where there are any.
            "ArrowUp" | "ArrowDown" if play.mode.get_untracked() != Mode::Edit && !on_board(&ev) => {
                if let Some(path) = play.neighbour_line(if ev.key() == "ArrowUp" { -1 } else { 1 }) {
                    ev.prevent_default();
                    app.follow_line(&path, play.shown_ply.get_untracked());
                }
            }
            _ => {}
        }
    });
    let _ = window_event_listener(leptos::ev::pagehide, move |_| app.save_unsaved());
    // The page's language, for screen readers' voices and the browser, and its title, which
    // says when the engine has answered, for a player looking at another tab meanwhile.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", settings.lang.get().name());
        }
        let yours = play.mode.get() == Mode::Play && play.table.with(Table::engine_awaits_person);
        document().set_title(settings.t(if yours { T::TitleYourMove } else { T::Title }));
    });
    (Started { app, drag, embedded, move_box: wants_move_box || (!embedded && !reads_record) }, opening)
}

/// The page's views: the header, the board between the hands, the panel and the overlays.
fn page(Started { app, drag, embedded, move_box }: Started) -> impl IntoView {
    let (play, settings, engine, lessons) = (Play::get(), Settings::get(), EngineState::get(), Lessons::get());
    let kanji_ranks = Signal::derive(move || settings.notation.get() == Notation::Japanese);
    let bottom = move || if settings.flipped.get() { crate::rules::Color::Gote } else { crate::rules::Color::Sente };
    let result = move || play.table.with(|t| t.outcome().map(result_name));
    let reason = move || play.table.with(|t| t.outcome().map(|o| o.reason.name()));
    let modal_open = modal_open(embedded);
    // The board comes first. The Japanese fonts' faces, the settings, the panel's contents and the
    // dialogs come in the tasks after the first frame, one task each: the time to a drawn board
    // then includes neither building them nor the browser compiling their code (it compiles wasm
    // functions on first use), nor its looking up the faces' fonts. The header and the panel's
    // box are there from the start, so nothing moves when they fill, except on a narrow screen,
    // where the settings wrap to rows that push the board down (in the first frame they cost
    // its paint more than the shift: docs/history.md, 2026-11-30).
    let (settings_slot, panel_slot, overlays_slot) = (
        NodeRef::<leptos::html::Div>::new(),
        NodeRef::<leptos::html::Aside>::new(),
        NodeRef::<leptos::html::Div>::new(),
    );
    request_animation_frame(move || {
        next_task(fonts::add_japanese_faces);
        next_task(move || mount_into(settings_slot.get_untracked(), app, toolbar));
        next_task(move || mount_into(panel_slot.get_untracked(), app, move || panel_top(move_box, embedded)));
        next_task(move || mount_into(panel_slot.get_untracked(), app, panel_bottom));
        next_task(move || mount_into(overlays_slot.get_untracked(), app, move || overlays(drag, embedded)));
        // The game as the page starts it: the engine may have the first move (side=w,
        // side=none, or a game given by the URL), or the game may already be over.
        next_task(move || app.after_change());
    });
    view! {
        <div
            class="app"
            class:view-only=move || !play.mode.get().takes_moves()
            class:embedded=embedded
            data-sfen=move || play.shown_sfen()
            data-turn=move || play.shown_turn().sfen_char().to_string()
            data-thinking=move || engine.thinking.with(Option::is_some).to_string()
            data-result=result
            data-reason=reason
            data-lesson=move || lessons.run.with(|r| r.as_ref().map(|r| r.id.name()))
            data-stars=move || lessons.run.with(|r| match r.as_ref()?.standing {
                Standing::Passed { stars } => Some(stars.to_string()),
                _ => None,
            })
        >
            <header class="topbar" inert=modal_open>
                <h1>{settings.text(T::Title)}</h1>
                <div class="settings" node_ref=settings_slot></div>
            </header>
            {notices(Signal::derive(modal_open))}
            <main class="layout" inert=modal_open>
                <section class="play-area">
                    <div class="hand-slot top">{move || hand(drag, !bottom())}{move || clock_slot(!bottom())}</div>
                    <div class="board-slot">{board(drag, kanji_ranks)}</div>
                    <div class="hand-slot bottom">{move || hand(drag, bottom())}{move || clock_slot(bottom())}</div>
                </section>
                <aside class="panel" node_ref=panel_slot></aside>
            </main>
            <div class="overlays" node_ref=overlays_slot></div>
        </div>
    }
}
