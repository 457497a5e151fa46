//! Which sounds the page makes, and when: a move's sound (a check, a capture, or a plain
//! move), the clock's warnings (time running low, each of the last ten seconds, the next
//! byoyomi period) and an optional spoken count, each switched on or off in the settings
//! (`shogi.sound`). The sounds themselves are made by `browser/sound.rs`.

use crate::rules::{Move, Position};
use crate::ui::model::clock::ClockEvent;
use crate::ui::model::table::Sides;
use crate::ui::text::i18n::T;

named_enum! {
    /// One sound the settings switch; the name is its storage spelling and `data-sound`.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Sound {
        Move = "move",
        Capture = "capture",
        Check = "check",
        /// The clock's time is running low.
        TimeLow = "time-low",
        /// Each of the last ten seconds.
        Countdown = "countdown",
        /// The next byoyomi period begins.
        Period = "period",
        /// The last seconds counted aloud (speech synthesis).
        Voice = "voice",
    }
}

impl Sound {
    /// Its name in the settings.
    pub fn label(self) -> T {
        match self {
            Sound::Move => T::SoundMove,
            Sound::Capture => T::SoundCapture,
            Sound::Check => T::SoundCheck,
            Sound::TimeLow => T::SoundTimeLow,
            Sound::Countdown => T::SoundCountdown,
            Sound::Period => T::SoundPeriod,
            Sound::Voice => T::SoundVoice,
        }
    }
}

/// The sounds switched on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SoundSettings {
    on: [bool; Sound::ALL.len()],
}

impl SoundSettings {
    /// The full app's: every sound but the spoken count, which a person asks for.
    pub fn full_app() -> SoundSettings {
        SoundSettings { on: Sound::ALL.map(|sound| sound != Sound::Voice) }
    }

    /// An embedded board's: none, as a page that embeds a board did not ask for sound.
    pub fn silent() -> SoundSettings {
        SoundSettings { on: [false; Sound::ALL.len()] }
    }

    pub fn is_on(self, sound: Sound) -> bool {
        self.on[sound as usize]
    }

    pub fn with(mut self, sound: Sound, on: bool) -> SoundSettings {
        self.on[sound as usize] = on;
        self
    }

    /// Whether any sound is on (the page then readies its audio at the first gesture).
    pub fn any(self) -> bool {
        self.on.contains(&true)
    }

    /// The names of the sounds on, separated by spaces.
    pub fn write(self) -> String {
        Sound::ALL.into_iter().filter(|&s| self.is_on(s)).map(Sound::name).collect::<Vec<_>>().join(" ")
    }

    /// Reads [`SoundSettings::write`]; None when a name is unknown.
    pub fn parse(text: &str) -> Option<SoundSettings> {
        text.split_whitespace()
            .try_fold(SoundSettings::silent(), |settings, name| Some(settings.with(Sound::from_name(name)?, true)))
    }

    /// The sound of move `m` played from `before`: a check's if it gives check, else a
    /// capture's if it takes a piece, else a plain move's, each only when it is on (a check
    /// that takes falls back to the capture's sound when checks are off).
    pub fn of_move(self, before: &Position, m: Move) -> Option<Sound> {
        let mut after = before.clone();
        after.play_unchecked(m);
        let kinds = [
            (Sound::Check, after.is_check()),
            (Sound::Capture, before.piece_at(m.to()).is_some()),
            (Sound::Move, true),
        ];
        kinds.into_iter().find(|&(sound, applies)| applies && self.is_on(sound)).map(|(sound, _)| sound)
    }

    /// The tone a clock's moment makes, and the number spoken with it, as far as they are on,
    /// at a table where a person plays `sides`: only a person's own clock is heard (the
    /// engine's time running low is its own affair), and the flag has none (the game's end
    /// says it).
    pub fn of_clock(self, event: ClockEvent, sides: Sides) -> (Option<Sound>, Option<u32>) {
        if !sides.person_plays(event.side()) {
            return (None, None);
        }
        let tone = match event {
            ClockEvent::LowTime { .. } => Some(Sound::TimeLow),
            ClockEvent::CountdownSecond { .. } => Some(Sound::Countdown),
            ClockEvent::NewPeriod { .. } => Some(Sound::Period),
            ClockEvent::Flagged { .. } => None,
        };
        let spoken = match event {
            ClockEvent::CountdownSecond { seconds, .. } if self.is_on(Sound::Voice) => Some(seconds),
            _ => None,
        };
        (tone.filter(|&t| self.is_on(t)), spoken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{sfen, usi};

    fn sound(settings: SoundSettings, sfen_text: &str, m: &str) -> Option<Sound> {
        let pos = sfen::parse_position(sfen_text).unwrap();
        let m = usi::parse_legal(&pos, m).unwrap();
        settings.of_move(&pos, m)
    }

    #[test]
    fn a_move_sounds_as_a_check_a_capture_or_a_move() {
        let all = SoundSettings::full_app();
        assert_eq!(sound(all, sfen::STARTPOS, "7g7f"), Some(Sound::Move));
        // After 7g7f 3c3d, the bishop takes on 2b: a capture; a rook checking from afar: a check.
        let open = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
        assert_eq!(sound(all, open, "8h2b+"), Some(Sound::Capture));
        let check = "4k4/9/9/9/9/9/9/9/4K3R b - 1";
        assert_eq!(sound(all, check, "1i1a"), Some(Sound::Check));
        // A check that takes, with checks off, is a capture; with all off, silence.
        let taking_check = "4k3p/9/9/9/9/9/9/9/4K3R b - 1";
        assert_eq!(sound(all, taking_check, "1i1a"), Some(Sound::Check));
        assert_eq!(sound(all.with(Sound::Check, false), taking_check, "1i1a"), Some(Sound::Capture));
        assert_eq!(sound(SoundSettings::silent().with(Sound::Move, true), open, "8h2b+"), Some(Sound::Move));
        assert_eq!(sound(SoundSettings::silent(), open, "8h2b+"), None);
    }

    #[test]
    fn the_clocks_warnings_as_switched() {
        use crate::rules::Color::Sente;
        let side = Sente;
        let all = SoundSettings::full_app();
        let seven = ClockEvent::CountdownSecond { side, seconds: 7 };
        assert_eq!(all.of_clock(seven, Sides::Both), (Some(Sound::Countdown), None));
        let voice = all.with(Sound::Voice, true).with(Sound::Countdown, false);
        assert_eq!(voice.of_clock(seven, Sides::Both), (None, Some(7)));
        assert_eq!(all.of_clock(ClockEvent::NewPeriod { side, periods: 2 }, Sides::Sente), (Some(Sound::Period), None));
        let low = ClockEvent::LowTime { side, seconds: 30 };
        assert_eq!(all.of_clock(low, Sides::Both), (Some(Sound::TimeLow), None));
        assert_eq!(all.with(Sound::TimeLow, false).of_clock(low, Sides::Both), (None, None));
        assert_eq!(SoundSettings::silent().with(Sound::Voice, true).of_clock(low, Sides::Both), (None, None));
        assert_eq!(all.with(Sound::Voice, true).of_clock(ClockEvent::Flagged { side }, Sides::Both), (None, None));
        // Against the engine, only the person's clock is heard.
        assert_eq!(all.with(Sound::Voice, true).of_clock(seven, Sides::Gote), (None, None));
        assert_eq!(all.of_clock(seven, Sides::None), (None, None));
    }

    #[test]
    fn settings_are_stored_by_name() {
        let settings = SoundSettings::full_app().with(Sound::Capture, false);
        assert_eq!(settings.write(), "move check time-low countdown period");
        assert_eq!(SoundSettings::parse(&settings.write()), Some(settings));
        assert_eq!(SoundSettings::parse(""), Some(SoundSettings::silent()));
        assert_eq!(SoundSettings::parse("move bell"), None);
        assert!(!SoundSettings::silent().any() && SoundSettings::full_app().any());
    }
}
