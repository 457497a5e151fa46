//! The notices at the top of the page: what was ignored at start (URL parameters, saved
//! values that could not be read). They are kept as what happened, with its details,
//! and put into words when shown, so a change of language re-words them.

use crate::ui::model::levels::MAX_THINK_MS;
use crate::ui::model::params::{Ignored, IgnoredReason};
use crate::ui::text::explain;
use crate::ui::text::i18n::{or_list, Lang, Words, T};

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Notice {
    /// A URL parameter (SPEC §4).
    Ignored(Ignored),
    /// A stored value that could not be read, kept aside under another key (SPEC §5).
    Unreadable { what: Saved, key: &'static str, aside: String },
}

/// What a stored value is, which says what is used instead of it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Saved {
    Setting,
    Game,
    FinishedGames,
}

impl Saved {
    fn name(self) -> T {
        match self {
            Saved::Setting => T::SavedSetting,
            Saved::Game => T::SavedGame,
            Saved::FinishedGames => T::SavedGames,
        }
    }

    fn instead(self) -> T {
        match self {
            Saved::Setting => T::DefaultUsed,
            Saved::Game => T::NewGameStarted,
            Saved::FinishedGames => T::NewListBegun,
        }
    }
}

impl Notice {
    pub fn words(&self, lang: Lang) -> Words {
        match self {
            Notice::Ignored(Ignored { param, reason }) => {
                T::IgnoredParam.words(lang, &[Words::code(param.as_str()), ignored_reason(lang, reason)])
            }
            Notice::Unreadable { what, key, aside } => T::SavedUnreadable.words(
                lang,
                &[
                    what.name().words(lang, &[]),
                    Words::code(*key),
                    Words::code(aside.as_str()),
                    what.instead().words(lang, &[]),
                ],
            ),
        }
    }
}

fn ignored_reason(lang: Lang, reason: &IgnoredReason) -> Words {
    let value = |v: &str| Words::code(v);
    match reason {
        IgnoredReason::BadSfen(e) => T::StartShownInstead.words(lang, &[explain::sfen_error(lang, e)]),
        IgnoredReason::NotOneOf { value: v, choices } => {
            T::NotOneOf.words(lang, &[value(v), or_list(lang, choices.iter().map(|&c| Words::code(c)))])
        }
        IgnoredReason::NotATime { value: v } => T::NotATime.words(lang, &[value(v), MAX_THINK_MS.to_string().into()]),
        IgnoredReason::NotAPly { value: v, moves } => T::NotAPly.words(lang, &[value(v), moves.to_string().into()]),
        IgnoredReason::SfenGivenToo => T::SfenSetsPosition.words(lang, &[]),
        IgnoredReason::BadMove(bad) => {
            T::NoMovesPlayed.words(lang, &[bad.number.to_string().into(), explain::usi_refusal(lang, &bad.refusal)])
        }
        IgnoredReason::UnknownParameter => T::UnknownParam.words(lang, &[]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::model::params;
    use crate::ui::text::i18n::tests::assert_japanese;

    #[test]
    fn every_ignored_parameter_in_both_languages() {
        let (_, ignored) = params::parse([
            ("sfen", "lnsgkgsnl/9 b - 1"),
            ("moves", "7g7f,7g7f"),
            ("ply", "5"),
            ("side", "x"),
            ("think", "0"),
            ("pieces", "<script>"),
            ("handicap", "queen"),
            ("flip", "yes"),
            ("utm_source", "mail"),
        ]);
        assert_eq!(ignored.len(), 9, "{ignored:?}");
        for notice in ignored.into_iter().map(Notice::Ignored) {
            let (en, ja) = (notice.words(Lang::En), notice.words(Lang::Ja));
            assert_japanese(&ja, &en.to_string());
            assert!(!en.prose().chars().any(|c| !c.is_ascii() && !"“”…".contains(c)), "{en}");
            // The details are code, the same in both.
            let code =
                |w: &Words| w.parts().iter().filter(|p| matches!(p, crate::ui::text::i18n::Part::Code(_))).count();
            assert_eq!(code(&en), code(&ja), "{en} / {ja}");
        }
    }

    #[test]
    fn bad_moves_say_which_and_why() {
        let (_, ignored) = params::parse([("moves", "7g7f,3c3d,2b8h")]);
        let notice = Notice::Ignored(ignored[0].clone());
        assert_eq!(
            notice.words(Lang::En).to_string(),
            "Ignored “moves”: move 3: 2b8h is not a legal move here: the piece on 2b belongs to gote; no moves are played"
        );
        assert_eq!(
            notice.words(Lang::Ja).to_string(),
            "「moves」を無視しました：3手目：「2b8h」はこの局面では指せません：２二の駒は後手の駒です。指し手は一つも再生しません"
        );
    }

    #[test]
    fn unreadable_saved_values_in_both_languages() {
        let notice = Notice::Unreadable { what: Saved::Game, key: "shogi.game", aside: "shogi.corrupt.17".into() };
        assert_eq!(
            notice.words(Lang::En).to_string(),
            "The saved game (shogi.game) could not be read; it was kept aside as shogi.corrupt.17 and a new game is started."
        );
        for what in [Saved::Setting, Saved::Game, Saved::FinishedGames] {
            let notice = Notice::Unreadable { what, key: "shogi.pieces", aside: "shogi.corrupt.1".into() };
            let ja = notice.words(Lang::Ja);
            assert_japanese(&ja, &ja.to_string());
            assert!(ja.to_string().contains("shogi.pieces") && ja.to_string().contains("shogi.corrupt.1"), "{ja}");
        }
    }
}
