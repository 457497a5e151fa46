//! The new-game panel's time control: none, sudden death, main time + byoyomi (1-5
//! periods) or + Fischer increment, gote's own time (and kind of time) if wished, and the
//! presets players know.

use leptos::prelude::*;

use crate::ui::model::clock::{ClockKind, Control, Controls, MAX_PERIODS, PRESETS};
use crate::ui::text::i18n::{Lang, T};
use crate::ui::text::markup::Decimal;

/// One side's fields: main time in minutes, byoyomi or increment in seconds, periods.
#[derive(Clone, Copy, PartialEq)]
struct Fields {
    main_min: f64,
    extra_s: u64,
    periods: u8,
}

impl Fields {
    fn of(control: Control) -> Fields {
        let (_, main_s, extra_s, periods) = control.fields();
        Fields { main_min: main_s as f64 / 60.0, extra_s, periods }
    }

    fn control(self, kind: ClockKind) -> Option<Control> {
        let main_s = (self.main_min.max(0.0) * 60.0).round() as u64;
        Control::of_fields(kind, main_s, self.extra_s, self.periods)
    }
}

/// The time control chosen in the panel: read by `controls` when the game starts.
#[derive(Clone, Copy)]
pub struct TimeControl {
    /// `None`: no clock.
    kind: RwSignal<Option<ClockKind>>,
    sente: RwSignal<Fields>,
    gote: RwSignal<Fields>,
    gote_own: RwSignal<bool>,
    /// Gote's kind of time when it has its own: a sudden death against byoyomi is a handicap too.
    gote_kind: RwSignal<ClockKind>,
}

impl TimeControl {
    /// The panel's fields set to `last` (the previous game's controls), else to the first preset.
    pub fn new(last: Option<Controls>) -> TimeControl {
        let shown = last.unwrap_or(Controls::both(PRESETS[0]));
        TimeControl {
            kind: RwSignal::new(last.map(|c| c.sente.fields().0)),
            sente: RwSignal::new(Fields::of(shown.sente)),
            gote: RwSignal::new(Fields::of(shown.gote)),
            gote_own: RwSignal::new(shown.sente != shown.gote),
            gote_kind: RwSignal::new(shown.gote.fields().0),
        }
    }

    /// The controls the fields make; `None` for no clock, or fields that make none (a
    /// sudden death of no time), which the panel marks.
    pub fn controls(&self) -> Option<Controls> {
        let kind = self.kind.get()?;
        let sente = self.sente.get().control(kind)?;
        let gote = if self.gote_own.get() { self.gote.get().control(self.gote_kind.get())? } else { sente };
        Some(Controls { sente, gote })
    }

    /// Whether a clock is asked for.
    pub fn wants_clock(&self) -> bool {
        self.kind.with(Option::is_some)
    }

    fn choose_preset(&self, preset: Control) {
        self.kind.set(Some(preset.fields().0));
        self.sente.set(Fields::of(preset));
        self.gote.set(Fields::of(preset));
        self.gote_own.set(false);
        self.gote_kind.set(preset.fields().0);
    }

    /// Gote gets its own time, starting from sente's kind, or no longer has it.
    fn set_gote_own(&self, own: bool) {
        if own && !self.gote_own.get_untracked() {
            self.gote_kind.set(self.kind.get_untracked().unwrap_or(ClockKind::Byoyomi));
        }
        self.gote_own.set(own);
    }
}

/// A preset's name: `10 min + 30 s byoyomi`.
fn preset_name(lang: Lang, preset: Control) -> String {
    let (kind, main_s, extra_s, _) = preset.fields();
    let main = match lang {
        Lang::En => format!("{} min", main_s / 60),
        Lang::Ja => format!("{}分", main_s / 60),
    };
    match (kind, lang) {
        (ClockKind::SuddenDeath, Lang::En) => format!("{main} sudden death"),
        (ClockKind::SuddenDeath, Lang::Ja) => format!("{main}{}", T::SuddenDeath.get(lang)),
        (ClockKind::Byoyomi, Lang::En) => format!("{main} + {extra_s} s byoyomi"),
        (ClockKind::Byoyomi, Lang::Ja) => format!("{main}＋秒読み{extra_s}秒"),
        (ClockKind::Fischer, Lang::En) => format!("{main} + {extra_s} s increment"),
        (ClockKind::Fischer, Lang::Ja) => format!("{main}＋{extra_s}秒加算"),
    }
}

/// A number field bound to one side's fields, shown to a hundredth (minutes to a hundredth still
/// round to the same whole second).
fn number_field(
    label: &'static str,
    name: String,
    fields: RwSignal<Fields>,
    get: fn(&Fields) -> f64,
    set: fn(&mut Fields, f64),
    max: u32,
) -> impl IntoView {
    view! {
        <label class="field clock-field">
            {label}" "
            <input
                type="number"
                name=name
                min="0"
                max=max.to_string()
                step="any"
                prop:value=move || Decimal::short(fields.with(get), 2).to_string()
                on:change=move |ev| {
                    if let Ok(value) = event_target_value(&ev).parse::<f64>() {
                        fields.update(|f| set(f, value.clamp(0.0, max as f64)));
                    }
                }
            />
        </label>
    }
}

/// One side's fields (`side`: `b` or `w`), for its `kind` of time.
fn side_fields(lang: Lang, kind: Signal<Option<ClockKind>>, fields: RwSignal<Fields>, side: &'static str) -> impl IntoView {
    let t = move |key: T| key.get(lang);
    let extra_label =
        move || if kind.get() == Some(ClockKind::Fischer) { t(T::FischerSeconds) } else { t(T::ByoyomiSeconds) };
    let period_options = (1..=MAX_PERIODS)
        .map(|n| view! { <option value=n.to_string() selected=move || fields.with(|f| f.periods) == n>{n}</option> })
        .collect_view();
    view! {
        <div class="clock-fields" data-side=side>
            {number_field(t(T::MainTime), format!("main-{side}"), fields, |f| f.main_min, |f, v| f.main_min = v, 600)}
            <label class="field clock-field" class:hidden=move || kind.get() == Some(ClockKind::SuddenDeath)>
                {extra_label}" "
                <input
                    type="number"
                    name=format!("extra-{side}")
                    min="1"
                    max="3600"
                    prop:value=move || fields.with(|f| f.extra_s).to_string()
                    on:change=move |ev| {
                        if let Ok(value) = event_target_value(&ev).parse::<u64>() {
                            fields.update(|f| f.extra_s = value.min(3600));
                        }
                    }
                />
            </label>
            <label class="field clock-field" class:hidden=move || kind.get() != Some(ClockKind::Byoyomi)>
                {t(T::Periods)}" "
                <select
                    name=format!("periods-{side}")
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<u8>() {
                            fields.update(|f| f.periods = n);
                        }
                    }
                >
                    {period_options}
                </select>
            </label>
        </div>
    }
}

/// Gote's own kind of time, when it has its own.
fn gote_kind_field(lang: Lang, gote_kind: RwSignal<ClockKind>) -> impl IntoView {
    let options = [(ClockKind::SuddenDeath, T::SuddenDeath), (ClockKind::Byoyomi, T::Byoyomi), (ClockKind::Fischer, T::Fischer)]
        .map(|(kind, label)| {
            view! { <option value=kind.name() selected=move || gote_kind.get() == kind>{label.get(lang)}</option> }
        })
        .collect_view();
    view! {
        <label class="field clock-field">
            {T::GoteKindOfTime.get(lang)}" "
            <select
                name="kind-w"
                on:change=move |ev| {
                    if let Some(kind) = ClockKind::from_name(&event_target_value(&ev)) {
                        gote_kind.set(kind);
                    }
                }
            >
                {options}
            </select>
        </label>
    }
}

/// The panel's time-control fieldset.
pub fn time_control_fields(lang: Lang, tc: TimeControl) -> impl IntoView {
    let t = move |key: T| key.get(lang);
    let kinds = [
        (None, t(T::NoClock)),
        (Some(ClockKind::SuddenDeath), t(T::SuddenDeath)),
        (Some(ClockKind::Byoyomi), t(T::Byoyomi)),
        (Some(ClockKind::Fischer), t(T::Fischer)),
    ]
    .into_iter()
    .map(|(kind, label)| {
        view! {
            <label class="option">
                <input
                    type="radio"
                    name="clock-kind"
                    data-clock-kind=kind.map_or("none", ClockKind::name)
                    prop:checked=move || tc.kind.get() == kind
                    on:change=move |_| tc.kind.set(kind)
                />
                {label}
            </label>
        }
    })
    .collect_view();
    let presets = PRESETS
        .into_iter()
        .map(|preset| {
            let chosen = move || tc.controls() == Some(Controls::both(preset));
            view! {
                <button type="button" data-preset=preset.write() aria-pressed=move || chosen().to_string() on:click=move |_| tc.choose_preset(preset)>
                    {preset_name(lang, preset)}
                </button>
            }
        })
        .collect_view();
    let on = move || tc.wants_clock();
    view! {
        <fieldset class="time-control">
            <legend>{t(T::TimeControl)}</legend>
            <div class="clock-kinds">{kinds}</div>
            <div class="presets" role="group" aria-label=t(T::Presets)>{presets}</div>
            <div class:hidden=move || !on()>
                {side_fields(lang, tc.kind.into(), tc.sente, "b")}
                <label class="option">
                    <input type="checkbox" name="gote-own" prop:checked=move || tc.gote_own.get() on:change=move |ev| tc.set_gote_own(event_target_checked(&ev)) />
                    {t(T::GoteOwnTime)}
                </label>
                <div class:hidden=move || !tc.gote_own.get()>
                    {gote_kind_field(lang, tc.gote_kind)}
                    {side_fields(lang, Signal::derive(move || Some(tc.gote_kind.get())), tc.gote, "w")}
                </div>
                <p class="note" class:hidden=move || tc.controls().is_some()>{t(T::NoTimeGiven)}</p>
            </div>
        </fieldset>
    }
}
