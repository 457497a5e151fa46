//! The page's sounds, made in the page with Web Audio (short synthesised tones: no audio
//! files, nothing to fetch, so they work offline) and the spoken count with the browser's
//! speech synthesis. Browsers let a page start audio only after a person's gesture, so the
//! audio context is made (or resumed) at the first pointer press or key press, and only
//! while some sound is on: an embedded board, silent by default, never makes one. The code
//! that sounds the moves and the clocks loads at that first gesture too (it is not in the
//! page's first download, issue 28): no sound could play before it. Which sound is due is
//! `model/sound.rs`'s.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use web_sys::{AudioContext, AudioContextState, OscillatorType};

use crate::rules::Color;
use crate::ui::model::clock::ClockEvent;
use crate::ui::model::sound::{Sound, SoundSettings};
use crate::ui::model::table::{Sides, Table};
use crate::ui::text::i18n::Lang;

thread_local! {
    /// The page's one audio context, once a gesture allowed it.
    static AUDIO: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
    /// Whether the moves and the clocks are listened to (their code asked for).
    static LISTENING: Cell<bool> = const { Cell::new(false) };
}

/// What the sounds follow: the table's moves, the clocks' moments, the settings and language.
#[derive(Clone, Copy)]
pub struct Heard {
    pub table: RwSignal<Table>,
    pub clock_events: RwSignal<Vec<ClockEvent>>,
    pub settings: RwSignal<SoundSettings>,
    pub lang: RwSignal<Lang>,
}

/// Makes (or resumes) the audio context at a person's gestures, while a sound is on; the first
/// such gesture also loads the code that sounds the moves and the clocks. A click counts too:
/// the one that switches a sound on comes after its press.
pub fn ready_on_gesture(heard: Heard) {
    for gesture in ["pointerdown", "keydown", "click"] {
        let _ = window_event_listener_untyped(gesture, move |_| {
            if heard.settings.get_untracked().any() {
                ready_audio();
                if !LISTENING.replace(true) {
                    let ply = heard.table.with_untracked(Table::ply);
                    leptos::task::spawn_local(listen_on_demand(heard, ply));
                }
            }
        });
    }
}

/// From now on, sounds each move and the clocks' moments (see `sound_moves`, `sound_clocks`);
/// a move made at `ply`, while this code came, sounds too.
#[lazy]
fn listen_on_demand(heard: Heard, ply: usize) {
    untrack(|| {
        sound_moves(heard.table, heard.settings, ply);
        sound_clocks(heard.clock_events, heard.table, heard.settings, heard.lang);
    })
}

/// Makes the audio context, or resumes it; only within a person's gesture does it start.
fn ready_audio() {
    AUDIO.with_borrow_mut(|audio| {
        if audio.is_none() {
            *audio = AudioContext::new().ok();
        }
        if let Some(context) = audio.as_ref().filter(|c| c.state() == AudioContextState::Suspended) {
            let _ = context.resume();
        }
    });
}

/// Plays each move's sound as it is made at the table, by a person, the engine or the
/// other player; not for looking back through the moves, an undo or a game put at the table.
/// The first move it may sound is the one made at `from_ply`.
fn sound_moves(table: RwSignal<Table>, settings: RwSignal<SoundSettings>, from_ply: usize) {
    Effect::new(move |before: Option<usize>| {
        table.with(|table| {
            let ply = table.ply();
            if ply == before.unwrap_or(from_ply) + 1 {
                let played = settings.get_untracked().of_move(table.position_at(ply - 1), table.moves()[ply - 1]);
                if let Some(sound) = played {
                    play(sound);
                }
            }
            ply
        })
    });
}

/// Sounds the clocks' warnings as the clocks pass them (`events`, a new batch each change),
/// for the sides a person plays at the table; not the batch there before it listened.
fn sound_clocks(
    events: RwSignal<Vec<ClockEvent>>,
    table: RwSignal<Table>,
    settings: RwSignal<SoundSettings>,
    lang: RwSignal<Lang>,
) {
    Effect::new(move |listened: Option<()>| {
        events.with(|events| {
            if listened.is_none() {
                return;
            }
            let sides = table.with_untracked(|t| t.sides);
            for &event in events {
                warn(settings.get_untracked(), event, sides, lang.get_untracked());
            }
        })
    });
}

/// Lets a person hear `sound` as they switch it on (a gesture, so the audio may start): a
/// move's sound, or the clock's warning it belongs to (ten seconds left for the count).
pub fn sample(settings: SoundSettings, sound: Sound, lang: Lang) {
    ready_audio();
    let side = Color::Sente;
    match sound {
        Sound::Move | Sound::Capture | Sound::Check => play(sound),
        Sound::TimeLow => warn(settings, ClockEvent::LowTime { side, seconds: 30 }, Sides::Both, lang),
        Sound::Countdown | Sound::Voice => {
            warn(settings, ClockEvent::CountdownSecond { side, seconds: 10 }, Sides::Both, lang)
        }
        Sound::Period => warn(settings, ClockEvent::NewPeriod { side, periods: 1 }, Sides::Both, lang),
    }
}

/// Sounds a clock's moment as `settings` allow at a table where a person plays `sides`: its
/// tone, and the seconds left spoken in `lang`.
fn warn(settings: SoundSettings, event: ClockEvent, sides: Sides, lang: Lang) {
    let (tone, spoken) = settings.of_clock(event, sides);
    if let Some(sound) = tone {
        play(sound);
    }
    if let Some(seconds) = spoken {
        say(&seconds.to_string(), lang);
    }
}

/// One tone: `frequency` Hz, `delay` s after now, fading out over `length` s.
struct Tone {
    wave: OscillatorType,
    frequency: f32,
    delay: f64,
    length: f64,
    volume: f32,
}

/// The tones of each sound: a move a short wooden knock, a capture a heavier double knock,
/// a check a rising pair, the clock's warnings beeps and a chime.
fn tones(sound: Sound) -> Vec<Tone> {
    let tone = |wave, frequency, delay, length, volume| Tone { wave, frequency, delay, length, volume };
    let (tri, sine) = (OscillatorType::Triangle, OscillatorType::Sine);
    match sound {
        Sound::Move => vec![tone(tri, 440.0, 0.0, 0.07, 0.5)],
        Sound::Capture => vec![tone(tri, 330.0, 0.0, 0.08, 0.6), tone(tri, 220.0, 0.05, 0.1, 0.6)],
        Sound::Check => vec![tone(sine, 660.0, 0.0, 0.12, 0.35), tone(sine, 880.0, 0.1, 0.16, 0.35)],
        Sound::TimeLow => vec![tone(sine, 1000.0, 0.0, 0.1, 0.3), tone(sine, 1000.0, 0.18, 0.1, 0.3)],
        Sound::Countdown => vec![tone(sine, 1200.0, 0.0, 0.08, 0.3)],
        Sound::Period => [660.0, 880.0, 1320.0]
            .into_iter()
            .enumerate()
            .map(|(i, frequency)| tone(sine, frequency, i as f64 * 0.12, 0.25, 0.3))
            .collect(),
        // The spoken count has no tone of its own.
        Sound::Voice => Vec::new(),
    }
}

/// Plays `sound`'s tones, once a gesture made the audio context.
fn play(sound: Sound) {
    AUDIO.with_borrow(|audio| {
        let Some(context) = audio else { return };
        let now = context.current_time();
        for tone in tones(sound) {
            let _ = play_tone(context, &tone, now);
        }
    });
}

fn play_tone(context: &AudioContext, tone: &Tone, now: f64) -> Result<(), wasm_bindgen::JsValue> {
    let oscillator = context.create_oscillator()?;
    oscillator.set_type(tone.wave);
    oscillator.frequency().set_value(tone.frequency);
    let gain = context.create_gain()?;
    let (start, end) = (now + tone.delay, now + tone.delay + tone.length);
    gain.gain().set_value_at_time(tone.volume, start)?;
    gain.gain().exponential_ramp_to_value_at_time(0.001, end)?;
    oscillator.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&context.destination())?;
    oscillator.start_with_when(start)?;
    oscillator.stop_with_when(end)
}

/// Says `text` in `lang` with the browser's speech synthesis, cutting short what it was saying.
fn say(text: &str, lang: Lang) {
    let Ok(synthesis) = window().speech_synthesis() else { return };
    let Ok(utterance) = web_sys::SpeechSynthesisUtterance::new_with_text(text) else { return };
    utterance.set_lang(match lang {
        Lang::En => "en-US",
        Lang::Ja => "ja-JP",
    });
    synthesis.cancel();
    synthesis.speak(&utterance);
}
