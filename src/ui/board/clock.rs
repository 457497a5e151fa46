//! A side's clock beside its hand (SPEC §3 `data-clock`): the time left, marked while it
//! runs, in main time the byoyomi or increment to come, and in byoyomi the period's seconds
//! and the periods left. In a game of two people at one device a tap on the running clock
//! ends that side's turn, as on a real clock.

use leptos::prelude::*;

use crate::rules::Color;
use crate::ui::clock::Clocks;
use crate::ui::model::clock::{Extra, GameClock, TimeLeft};
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::{side, T};

/// `ms` as a clock shows it: whole seconds, rounded up (a clock at 0:00 has run out), as
/// `h:mm:ss`, `m:ss`, or the seconds alone in byoyomi.
pub fn clock_text(ms: f64, in_byoyomi: bool) -> String {
    let seconds = (ms.max(0.0) / 1000.0).ceil() as u64;
    match (in_byoyomi, seconds / 3600) {
        (true, _) => seconds.to_string(),
        (false, 0) => format!("{}:{:02}", seconds / 60, seconds % 60),
        (false, hours) => format!("{hours}:{:02}:{:02}", seconds / 60 % 60, seconds % 60),
    }
}

/// `color`'s clock: its code is loaded when a game first has a clock (`ui/on_demand.rs`).
#[lazy]
pub fn clock_on_demand(color: Color) -> AnyView {
    clock(color).into_any()
}

/// `color`'s clock, in a game on the clock.
fn clock(color: Color) -> impl IntoView {
    let (app, clocks, settings) = (App::get(), Clocks::get(), Settings::get());
    // Built again only when a game gets or loses its clock, not at each tick.
    let on_clock = Memo::new(move |_| clocks.clock.with(Option::is_some));
    move || {
        on_clock.get().then_some(())?;
        let left = move || clocks.left(color).unwrap_or(TimeLeft { main_ms: 0.0, period_ms: 0.0, periods: 0 });
        let running = move || clocks.clock.with(|c| c.as_ref().and_then(|c| c.running_side())) == Some(color);
        let in_byoyomi = move || left().in_byoyomi();
        let text = move || clock_text(left().shown_ms(), in_byoyomi());
        // The side whose time ran out says so, rather than what it had left.
        let flagged = move || clocks.clock.with(|c| c.as_ref().and_then(GameClock::flagged)) == Some(color);
        let periods = move || {
            let lang = settings.lang.get();
            if flagged() {
                return Some(T::OutOfTime.get(lang).to_string());
            }
            if in_byoyomi() {
                return Some(T::ByoyomiPeriods.with(lang, &[&left().periods.to_string()]));
            }
            // In main time, what follows it, so a player knows what the last seconds lead to.
            let control = clocks.clock.with(|c| c.as_ref().map(|c| c.controls.of(color)))?;
            let seconds = |ms: u64| (ms / 1000).to_string();
            match control.extra {
                Extra::None => None,
                Extra::Byoyomi { ms, periods: 1 } => Some(T::ByoyomiToCome.with(lang, &[&seconds(ms)])),
                Extra::Byoyomi { ms, periods } => {
                    Some(T::ByoyomiPeriodsToCome.with(lang, &[&seconds(ms), &periods.to_string()]))
                }
                Extra::Fischer { ms } => Some(T::IncrementPerMove.with(lang, &[&seconds(ms)])),
            }
        };
        // Heard before the time: "Gote's clock: 30, byoyomi ×3".
        let owner = move || T::ClockOf.with(settings.lang.get(), &[side(settings.lang.get(), color)]);
        Some(view! {
            <button
                class="clock"
                class:running=running
                class:low=move || left().shown_ms() <= 10_000.0
                class:flagged=flagged
                data-clock=color.fold("b", "w")
                data-ms=move || (left().shown_ms().max(0.0).round() as u64).to_string()
                data-running=move || running().then_some("")
                data-byoyomi=move || in_byoyomi().then_some("")
                data-periods=move || in_byoyomi().then(|| left().periods.to_string())
                on:click=move |_| app.tap_clock(color)
            >
                <span class="sr-only">{owner}</span>
                <span class="clock-time">{text}</span>
                <span class="clock-periods">{periods}</span>
            </button>
        })
    }
}
