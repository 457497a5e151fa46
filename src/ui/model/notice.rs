//! The notices at the top of the page: what was ignored at start (URL parameters, saved
//! values that could not be read), and a game the device would not save. They are kept as what happened, with its details,
//! and put into words when shown, so a change of language re-words them.

use crate::notation::usi::MoveListError;
use crate::ui::model::levels::MAX_THINK_MS;
use crate::ui::model::params::{Ignored, IgnoredReason};
use crate::ui::model::saved::{winner_names, SavedError, SavedReason};
use crate::ui::text::explain;
use crate::ui::text::i18n::{or_list, Lang, Words, T};

#[derive(Clone, PartialEq, Debug)]
pub enum Notice {
    /// A URL parameter (SPEC §4).
    Ignored(Ignored),
    /// A stored value that could not be read, kept aside under another key (SPEC §5), and
    /// why, when the reader says (a saved game's; a setting is just not one of its names).
    Unreadable { what: Saved, key: &'static str, aside: String, why: Option<SavedError> },
    /// The game could not be saved on the device (storage full, blocked or unavailable): it
    /// stays open in the page, and each change tries again.
    NotSaved,
}

/// What a stored value is, which says what is used instead of it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Saved {
    Setting,
    Game,
    FinishedGames,
    /// The mating problems' progress.
    Problems,
    /// The lessons' progress.
    Lessons,
}

impl Saved {
    fn name(self) -> T {
        match self {
            Saved::Setting => T::SavedSetting,
            Saved::Game => T::SavedGame,
            Saved::FinishedGames => T::SavedGames,
            Saved::Problems => T::SavedProblems,
            Saved::Lessons => T::SavedLessons,
        }
    }

    fn instead(self) -> T {
        match self {
            Saved::Setting => T::DefaultUsed,
            Saved::Game => T::NewGameStarted,
            Saved::FinishedGames => T::NewListBegun,
            Saved::Problems | Saved::Lessons => T::ProgressBegunAgain,
        }
    }
}

impl Notice {
    pub fn words(&self, lang: Lang) -> Words {
        match self {
            Notice::Ignored(Ignored { param, reason }) => {
                T::IgnoredParam.words(lang, &[Words::code(param.as_str()), ignored_reason(lang, reason)])
            }
            Notice::Unreadable { what, key, aside, why } => {
                let mut parts = vec![
                    what.name().words(lang, &[]),
                    Words::code(*key),
                    Words::code(aside.as_str()),
                    what.instead().words(lang, &[]),
                ];
                match why {
                    None => T::SavedUnreadable.words(lang, &parts),
                    Some(why) => {
                        parts.push(saved_error(lang, why));
                        T::SavedUnreadableWhy.words(lang, &parts)
                    }
                }
            }
            Notice::NotSaved => T::NotSaved.words(lang, &[]),
        }
    }
}

fn ignored_reason(lang: Lang, reason: &IgnoredReason) -> Words {
    let value = |v: &str| Words::code(v);
    match reason {
        IgnoredReason::BadSfen(e) => T::StartShownInstead.words(lang, &[explain::sfen_error(lang, e)]),
        IgnoredReason::NotOneOf { value: v, choices } => not_one_of(lang, v, choices),
        IgnoredReason::NotATime { value: v } => not_a_time(lang, v),
        IgnoredReason::NotAClock { value: v } => T::NotAClock.words(lang, &[value(v)]),
        IgnoredReason::NotAPly { value: v, moves } => T::NotAPly.words(lang, &[value(v), moves.to_string().into()]),
        IgnoredReason::SfenGivenToo => T::SfenSetsPosition.words(lang, &[]),
        IgnoredReason::RecordGivenToo => T::RecordSetsGame.words(lang, &[]),
        IgnoredReason::BadRecord(e) => T::StartShownInstead.words(lang, &[explain::import_error(lang, e)]),
        IgnoredReason::BadMove(bad) => T::NoMovesPlayed.words(lang, &[bad_move(lang, bad)]),
        IgnoredReason::UnknownParameter => T::UnknownParam.words(lang, &[]),
        IgnoredReason::NotAVariation { value: v } => T::NotAVariation.words(lang, &[value(v)]),
        IgnoredReason::NotALine { value: v } => T::NotALine.words(lang, &[value(v)]),
    }
}

/// Why a saved game could not be read: the line, and what is wrong there.
fn saved_error(lang: Lang, error: &SavedError) -> Words {
    let code = |v: &str| Words::code(v);
    let reason = match &error.reason {
        SavedReason::NoHeader(header) => T::SavedNoHeader.words(lang, &[code(header)]),
        SavedReason::GivenTwice(key) => T::SavedGivenTwice.words(lang, &[code(key)]),
        SavedReason::Missing(key) => T::SavedMissing.words(lang, &[code(key)]),
        SavedReason::NotANumber { key, value } => T::SavedNotANumber.words(lang, &[code(key), code(value)]),
        SavedReason::UnknownField(key) => T::SavedUnknownField.words(lang, &[code(key)]),
        SavedReason::BadSfen(e) => explain::sfen_error(lang, e),
        SavedReason::NotOneOf { value, choices } => not_one_of(lang, value, choices),
        SavedReason::NotATime(value) => not_a_time(lang, value),
        SavedReason::NotAnEnd(value) => {
            T::SavedNotAnEnd.words(lang, &[code(value), or_list(lang, winner_names().map(Words::code))])
        }
        SavedReason::BadMove(bad) => bad_move(lang, bad),
        SavedReason::AfterEnd(number) => T::SavedAfterEnd.words(lang, &[number.to_string().into()]),
        SavedReason::NotAReview => T::SavedNotAReview.words(lang, &[]),
        SavedReason::NotAComment(ply) => T::SavedNotAComment.words(lang, &[code(ply)]),
        SavedReason::NotAClock(text) => T::SavedNotAClock.words(lang, &[code(text)]),
    };
    T::SavedLine.words(lang, &[error.line.to_string().into(), reason])
}

fn not_one_of(lang: Lang, value: &str, choices: &[&'static str]) -> Words {
    T::NotOneOf.words(lang, &[Words::code(value), or_list(lang, choices.iter().map(|&c| Words::code(c)))])
}

fn not_a_time(lang: Lang, value: &str) -> Words {
    T::NotATime.words(lang, &[Words::code(value), MAX_THINK_MS.to_string().into()])
}

/// A move that is not legal where it stands, with its number.
fn bad_move(lang: Lang, bad: &MoveListError) -> Words {
    T::MoveNumbered.words(lang, &[(bad.index + 1).to_string().into(), explain::usi_move_error(lang, &bad.error)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::model::params;
    use crate::ui::model::saved::SavedGame;
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
        assert_words(
            &Notice::Ignored(ignored[0].clone()),
            "Ignored “moves”: move 3: 2b8h is not a legal move here: the piece on 2b belongs to gote; no moves are played",
            "「moves」を無視しました：3手目：「2b8h」はこの局面では指せません：２二の駒は後手の駒です。指し手は一つも再生しません",
        );
    }

    fn assert_words(notice: &Notice, en: &str, ja: &str) {
        assert_eq!(notice.words(Lang::En).to_string(), en);
        assert_eq!(notice.words(Lang::Ja).to_string(), ja);
    }

    #[test]
    fn unreadable_saved_values_in_both_languages() {
        let notice = Notice::Unreadable {
            what: Saved::Setting,
            key: "shogi.pieces",
            aside: "shogi.corrupt.17".into(),
            why: None,
        };
        assert_eq!(
            notice.words(Lang::En).to_string(),
            "The saved setting (shogi.pieces) could not be read; it was kept aside as shogi.corrupt.17 and the default is used."
        );
        for what in [Saved::Setting, Saved::Game, Saved::FinishedGames, Saved::Problems] {
            let notice = Notice::Unreadable { what, key: "shogi.pieces", aside: "shogi.corrupt.1".into(), why: None };
            let ja = notice.words(Lang::Ja);
            assert_japanese(&ja, &ja.to_string());
            assert!(ja.to_string().contains("shogi.pieces") && ja.to_string().contains("shogi.corrupt.1"), "{ja}");
        }
    }

    #[test]
    fn a_saved_game_says_why_it_could_not_be_read_in_both_languages() {
        let why = SavedGame::parse("shogi-game 1\nmoves 7g7f 7g7f\n").err();
        assert_words(
            &Notice::Unreadable { what: Saved::Game, key: "shogi.game", aside: "shogi.corrupt.17".into(), why },
            "The saved game (shogi.game) could not be read (line 2: the “id” line is missing); it was kept aside as shogi.corrupt.17 and a new game is started.",
            "保存されていた対局（shogi.game）が読めませんでした（2行目：「id」の行がありません）。shogi.corrupt.17 として別に残し、新しい対局を始めます。",
        );
        // Every reason the reader gives, worded in both languages.
        let good = "shogi-game 1\nid 1\nsaved 2\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\nmoves 7g7f\nside b\nimpasse 27\nthink 300\n";
        let unreadable = [
            "{}".to_string(),
            format!("{good}id 4\n"),
            good.replace("think 300\n", ""),
            good.replace("saved 2", "saved soon"),
            format!("{good}colour red\n"),
            good.replace("sfen lnsgkgsnl/", "sfen lnsgkgsnl"),
            good.replace("side b", "side x"),
            good.replace("think 300", "think 0"),
            format!("{good}end w nonsense\n"),
            good.replace("moves 7g7f", "moves 7g7f 7g7f"),
            crate::ui::model::saved::tests::repeated_thrice_and("2h3h"),
        ];
        let mut reasons = std::collections::HashSet::new();
        for text in unreadable {
            let why = SavedGame::parse(&text).unwrap_err();
            reasons.insert(std::mem::discriminant(&why.reason));
            let notice = Notice::Unreadable { what: Saved::Game, key: "shogi.game", aside: "x".into(), why: Some(why) };
            let (en, ja) = (notice.words(Lang::En), notice.words(Lang::Ja));
            assert_japanese(&ja, &en.to_string());
            assert!(en.to_string().contains("(line "), "{en}");
        }
        assert_eq!(reasons.len(), 11, "each reason once");
    }
}
