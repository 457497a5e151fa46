//! URL parameters (SPEC §4). A bad value never stops the page: it is replaced by
//! the default and named, with the reason, in the list of things ignored.
//!
//! A share link gives the game's lines of play: `moves=` the main line, `variations=` the
//! others depth first (`<path>@<ply>:<usi,...>` joined by `;`, a path's indices joined by
//! dots), `line=` the path of the line the game follows (none: the main line), and `ply=`
//! the ply shown on that line. Each is checked (legal moves, paths in order) and ignored
//! with its reason when it does not fit.

use crate::notation::clip;
use crate::notation::format::{self, ImportError};
use crate::notation::record::Record;
use crate::notation::sfen::{self, SfenError};
use crate::notation::usi::{self, MoveListError};
use crate::notation::variation::{parse_path, VariationRefused};
use crate::rules::handicap::Handicap;
use crate::rules::{Move, Position};

use crate::rules::ImpasseRule;
use crate::ui::model::clock::Controls;
use crate::ui::model::lesson_id::{LessonId, STAGES};
use crate::ui::model::levels::MAX_THINK_MS;
use crate::ui::model::mode::Mode;
use crate::ui::model::table::{Sides, Table};
use crate::ui::model::transfer;
use crate::ui::text::face::PieceStyle;
use crate::ui::text::i18n::Lang;

/// `mode=analysis`, which is play mode with the analysis open.
const ANALYSIS: &str = "analysis";

/// Everything the URL can set; `None` where the URL said nothing, so a remembered setting applies.
#[derive(Clone, Debug)]
pub struct Params {
    pub start: Position,
    /// The handicap the start position is, when the URL named one.
    pub handicap: Option<Handicap>,
    /// The moves of the line the game follows (`moves=` alone: the main line).
    pub moves: Vec<Move>,
    /// The ply shown first, on the line the game follows; `None` = the end.
    pub ply: Option<usize>,
    pub mode: Mode,
    /// `mode=analysis`: play mode with the engine studying the position shown.
    pub analysis: bool,
    pub sides: Option<Sides>,
    pub think_ms: Option<u32>,
    /// `clock=`: a new game on the clock, at these time controls.
    pub clock: Option<Controls>,
    pub pieces: Option<PieceStyle>,
    pub flip: Option<bool>,
    pub lang: Option<Lang>,
    /// `input=1`: an embedded board shows the typed-move box too (the full app always does).
    pub input: bool,
    /// `lesson=<stage>[:<level>]`, which also sets `mode=lesson`.
    pub lesson: Option<LessonId>,
    /// The game set up at the table with its whole record: `kif=`'s (KIF, KI2, CSA or USI
    /// text, with its variations, comments and end), or the share link's lines when it gives
    /// `variations=` or `line=`; `start` and `moves` are its own.
    pub record: Option<Table>,
    /// Whether `record` is `kif=`'s: a record to read through, where a person moves both sides
    /// (unless `side=` says otherwise) and the move box is left out (unless `input=1`).
    pub record_read: bool,
    /// Whether the URL sets the game (kif, sfen, handicap, moves, variations or line), which
    /// then replaces the saved one.
    pub game_given: bool,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            start: Position::startpos(),
            handicap: None,
            moves: Vec::new(),
            ply: None,
            mode: Mode::Play,
            analysis: false,
            sides: None,
            think_ms: None,
            clock: None,
            pieces: None,
            flip: None,
            lang: None,
            input: false,
            lesson: None,
            record: None,
            record_read: false,
            game_given: false,
        }
    }
}

/// A parameter that was ignored, and why: shown in the page's language (see `notice`).
#[derive(Clone, PartialEq, Debug)]
pub struct Ignored {
    /// The parameter's name as the URL gave it (shortened).
    pub param: String,
    pub reason: IgnoredReason,
}

#[derive(Clone, PartialEq, Debug)]
pub enum IgnoredReason {
    /// `sfen=` is not a playable position; the start position is shown.
    BadSfen(SfenError),
    /// A value that is none of the names the parameter takes.
    NotOneOf {
        value: String,
        choices: Vec<&'static str>,
    },
    /// `think=` is not a time from 1 to [`MAX_THINK_MS`].
    NotATime {
        value: String,
    },
    /// `clock=` is not a time control SPEC §4 spells (`600+30b`, `180`, `900+10f`, ...).
    NotAClock {
        value: String,
    },
    /// `ply=` is not a ply of the given moves.
    NotAPly {
        value: String,
        moves: usize,
    },
    /// `handicap=` with an `sfen=`, which sets the position.
    SfenGivenToo,
    /// `sfen=`, `handicap=`, `moves=`, `variations=` or `line=` with a `kif=`, whose record
    /// sets the game.
    RecordGivenToo,
    /// `kif=` is not a record that can be read; the reason names the line.
    BadRecord(ImportError),
    /// A move of `moves=` or of a variation of `variations=` (its index counting the game's
    /// moves) is not legal after the ones before; none is played.
    BadMove(MoveListError),
    UnknownParameter,
    /// An entry of `variations=` that is not `<path>@<ply>:<usi,...>` or does not fit where
    /// its path and ply put it.
    NotAVariation {
        value: String,
    },
    /// `line=` names no line of the game.
    NotALine {
        value: String,
    },
}

/// How `kif=`'s text becomes a record ([`format::import_text`]).
pub type ReadRecord = fn(&str) -> Result<Record, ImportError>;

/// Reads decoded `key=value` pairs in URL order.
pub fn parse<K: AsRef<str>, V: AsRef<str>>(pairs: impl IntoIterator<Item = (K, V)>) -> (Params, Vec<Ignored>) {
    parse_with(pairs, Some(format::import_text as ReadRecord))
}

/// [`parse`], with `read_record` for `kif=`'s text. The page passes `None` for a URL without
/// `kif=`: its first download then goes without the record formats' code (`ui/app.rs`).
pub fn parse_with<K: AsRef<str>, V: AsRef<str>>(
    pairs: impl IntoIterator<Item = (K, V)>,
    read_record: Option<impl Fn(&str) -> Result<Record, ImportError>>,
) -> (Params, Vec<Ignored>) {
    let mut params = Params::default();
    let mut ignored = Vec::new();
    let mut moves_text = None;
    let mut ply_text = None;
    let mut handicap_text = None;
    let mut record_text = None;
    let mut variations_text = None;
    let mut line_text = None;
    let mut sfen_given = false;
    for (key, value) in pairs {
        let (key, value) = (key.as_ref(), value.as_ref().trim());
        let mut refuse = |reason| ignored.push(Ignored { param: clip(key, 20), reason });
        let not_one_of =
            |choices: &[&'static str]| IgnoredReason::NotOneOf { value: clip(value, 24), choices: choices.to_vec() };
        params.game_given |= matches!(key, "sfen" | "handicap" | "moves" | "kif" | "variations" | "line");
        match key {
            "kif" => record_text = Some(value.to_string()),
            "sfen" => match sfen::parse_position(value) {
                Ok(pos) => {
                    params.start = pos;
                    sfen_given = true;
                }
                Err(e) => refuse(IgnoredReason::BadSfen(e)),
            },
            "handicap" => handicap_text = Some(value.to_string()),
            "moves" => moves_text = Some(value.to_string()),
            "variations" => variations_text = Some(value.to_string()),
            "line" => line_text = Some(value.to_string()),
            "ply" => ply_text = Some(value.to_string()),
            "mode" => match Mode::from_name(value) {
                Some(mode) => params.mode = mode,
                None if value == ANALYSIS => params.analysis = true,
                None => refuse(not_one_of(&[Mode::ALL.map(Mode::name).as_slice(), &[ANALYSIS]].concat())),
            },
            "side" => match Sides::from_name(value) {
                Some(sides) => params.sides = Some(sides),
                None => refuse(not_one_of(&Sides::ALL.map(Sides::name))),
            },
            "think" => match value.parse::<u32>() {
                Ok(ms) if (1..=MAX_THINK_MS).contains(&ms) => params.think_ms = Some(ms),
                _ => refuse(IgnoredReason::NotATime { value: clip(value, 24) }),
            },
            "clock" => match Controls::parse(value) {
                Some(controls) => params.clock = Some(controls),
                None => refuse(IgnoredReason::NotAClock { value: clip(value, 24) }),
            },
            "pieces" => match PieceStyle::from_name(value) {
                Some(style) => params.pieces = Some(style),
                None => refuse(not_one_of(&PieceStyle::ALL.map(PieceStyle::name))),
            },
            "flip" => match value {
                "1" | "true" => params.flip = Some(true),
                "0" | "false" => params.flip = Some(false),
                _ => refuse(not_one_of(&["1", "0"])),
            },
            "input" => match value {
                "1" | "true" => params.input = true,
                "0" | "false" => params.input = false,
                _ => refuse(not_one_of(&["1", "0"])),
            },
            "lesson" => match LessonId::parse(value) {
                Some(id) => params.lesson = Some(id),
                None => refuse(not_one_of(&STAGES)),
            },
            "lang" => match value {
                "en" => params.lang = Some(Lang::En),
                "ja" => params.lang = Some(Lang::Ja),
                _ => refuse(not_one_of(&["en", "ja"])),
            },
            _ => refuse(IgnoredReason::UnknownParameter),
        }
    }
    if params.lesson.is_some() {
        params.mode = Mode::Lesson;
    }
    if let Some(text) = handicap_text {
        let mut refuse = |reason| ignored.push(Ignored { param: "handicap".into(), reason });
        match Handicap::from_id(&text) {
            Some(_) if sfen_given => refuse(IgnoredReason::SfenGivenToo),
            Some(handicap) => {
                params.start = handicap.position();
                params.handicap = Some(handicap);
            }
            None => refuse(IgnoredReason::NotOneOf {
                value: clip(&text, 24),
                choices: Handicap::all().iter().map(|h| h.id()).collect(),
            }),
        }
    }
    if let Some(text) = moves_text {
        match usi::parse_move_list(&params.start, &text) {
            Ok(moves) => params.moves = moves,
            Err(bad) => ignored.push(Ignored { param: "moves".into(), reason: IgnoredReason::BadMove(bad) }),
        }
    }
    if let Some((text, read)) = record_text.zip(read_record) {
        let given_too = [
            ("sfen", sfen_given),
            ("handicap", params.handicap.is_some()),
            ("moves", !params.moves.is_empty()),
            ("variations", variations_text.is_some()),
            ("line", line_text.is_some()),
        ];
        read_into(&mut params, &mut ignored, read(&text), given_too);
    } else if variations_text.is_some() || line_text.is_some() {
        read_lines(&mut params, &mut ignored, variations_text.as_deref(), line_text.as_deref());
    }
    if let Some(text) = ply_text {
        match text.parse::<usize>() {
            Ok(ply) if ply <= params.moves.len() => params.ply = Some(ply),
            _ => ignored.push(Ignored {
                param: "ply".into(),
                reason: IgnoredReason::NotAPly { value: clip(&text, 24), moves: params.moves.len() },
            }),
        }
    }
    (params, ignored)
}

/// `kif=`'s record, which replaces whatever the other parameters of the game (`given_too`,
/// each named with whether the URL gave it) set.
fn read_into(
    params: &mut Params,
    ignored: &mut Vec<Ignored>,
    record: Result<Record, ImportError>,
    given_too: [(&str, bool); 5],
) {
    let table = record.and_then(|record| transfer::table_of(&record, Sides::default(), ImpasseRule::Declaration27));
    let table = match table {
        Ok(table) => table,
        Err(e) => return ignored.push(Ignored { param: "kif".into(), reason: IgnoredReason::BadRecord(e) }),
    };
    for (param, given) in given_too {
        if given {
            ignored.push(Ignored { param: param.into(), reason: IgnoredReason::RecordGivenToo });
        }
    }
    params.start = table.start().clone();
    params.handicap = None;
    params.moves = table.moves().to_vec();
    params.record = Some(table);
    params.record_read = true;
}

/// The share link's lines (`variations=`, `line=`) around the main line `moves=` set: the
/// game at the table follows the named line in full, and `moves` becomes that line's.
fn read_lines(params: &mut Params, ignored: &mut Vec<Ignored>, variations: Option<&str>, line: Option<&str>) {
    let mut tree = Record::new(params.start.clone());
    tree.moves = params.moves.clone();
    if let Some(text) = variations {
        // All or none: a variation left out would shift the paths of those after it.
        let mut listed = tree.clone();
        let mut entries = text.split(';').filter(|entry| !entry.is_empty());
        match entries.try_for_each(|entry| read_linked_variation(&mut listed, entry)) {
            Ok(()) => tree = listed,
            Err(reason) => ignored.push(Ignored { param: "variations".into(), reason }),
        }
    }
    let path = match line.map(|text| parse_path(text).filter(|path| tree.line(path).is_some()).ok_or(text)) {
        None => Vec::new(),
        Some(Ok(path)) => path,
        Some(Err(text)) => {
            let reason = IgnoredReason::NotALine { value: clip(text, 24) };
            ignored.push(Ignored { param: "line".into(), reason });
            Vec::new()
        }
    };
    let mut table = Table::of_record(tree, Sides::default(), ImpasseRule::Declaration27);
    table.follow(&path);
    params.moves = table.moves().to_vec();
    params.record = Some(table);
}

/// One variation of `variations=`, `<path>@<ply>:<usi,...>`, added to `tree`.
fn read_linked_variation(tree: &mut Record, entry: &str) -> Result<(), IgnoredReason> {
    let misplaced = || IgnoredReason::NotAVariation { value: clip(entry, 24) };
    let (place, moves) = entry.split_once(':').ok_or_else(misplaced)?;
    let (path, ply) = place.split_once('@').ok_or_else(misplaced)?;
    let (Some(path), Ok(ply)) = (parse_path(path), ply.parse()) else { return Err(misplaced()) };
    tree.add_listed_variation(&path, ply, moves, None).map_err(|refused| match refused {
        VariationRefused::Misplaced => misplaced(),
        VariationRefused::BadMove(bad) => IgnoredReason::BadMove(bad),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_parameters() {
        let (p, ignored) = parse([
            ("sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
            ("moves", "7g7f,3c3d,8h2b+"),
            ("ply", "2"),
            ("mode", "view"),
            ("side", "both"),
            ("think", "300"),
            ("pieces", "latin"),
            ("flip", "1"),
            ("lang", "ja"),
        ]);
        assert!(ignored.is_empty(), "{ignored:?}");
        assert!(p.game_given);
        assert!(!parse([("side", "w"), ("think", "100")]).0.game_given, "settings alone leave the saved game");
        assert_eq!(p.moves.len(), 3);
        assert_eq!(p.moves[2].to_string(), "8h2b+");
        assert_eq!((p.ply, p.mode, p.sides, p.think_ms), (Some(2), Mode::View, Some(Sides::Both), Some(300)));
        assert_eq!((p.pieces, p.flip, p.lang), (Some(PieceStyle::Latin), Some(true), Some(Lang::Ja)));
    }

    #[test]
    fn clock_gives_the_time_controls_and_a_bad_one_is_named() {
        let (p, ignored) = parse([("clock", "600+30b/300+30bx2")]);
        assert!(ignored.is_empty(), "{ignored:?}");
        assert_eq!(p.clock.map(|c| c.write()), Some("600+30b/300+30bx2".to_string()));
        assert!(!p.game_given, "a clock alone leaves the saved game");
        let (p, ignored) = parse([("clock", "10 minutes")]);
        assert_eq!(p.clock, None);
        assert_eq!(
            ignored,
            [Ignored { param: "clock".into(), reason: IgnoredReason::NotAClock { value: "10 minutes".into() } }]
        );
    }

    #[test]
    fn input_asks_for_the_move_box() {
        assert!(parse([("input", "1")]).0.input);
        assert!(!parse([("side", "b")]).0.input);
        let (p, ignored) = parse([("input", "yes")]);
        assert!(!p.input && ignored[0].param == "input");
    }

    #[test]
    fn analysis_is_play_mode_with_the_analysis_open() {
        let (p, ignored) = parse([("mode", "analysis")]);
        assert!(ignored.is_empty() && p.analysis && p.mode == Mode::Play, "{ignored:?}");
        let (p, ignored) = parse([("mode", "study")]);
        assert!(!p.analysis && p.mode == Mode::Play);
        assert_eq!(
            ignored[0].reason,
            IgnoredReason::NotOneOf {
                value: "study".into(),
                choices: vec!["play", "view", "edit", "problem", "lesson", "analysis"]
            }
        );
    }

    #[test]
    fn bad_parameters_fall_back_to_defaults_and_say_why() {
        let (p, ignored) = parse([
            ("sfen", "lnsgkgsnl/9 b - 1"),
            ("moves", "7g7f,7g7f"),
            ("ply", "5"),
            ("side", "x"),
            ("think", "0"),
            ("pieces", "<script>"),
            ("utm_source", "mail"),
        ]);
        assert_eq!(p.start, Position::startpos());
        assert!(p.moves.is_empty() && p.ply.is_none() && p.sides.is_none() && p.think_ms.is_none());
        let names: Vec<&str> = ignored.iter().map(|i| i.param.as_str()).collect();
        assert_eq!(names, ["sfen", "side", "think", "pieces", "utm_source", "moves", "ply"]);
        assert!(
            matches!(&ignored[5].reason, IgnoredReason::BadMove(MoveListError { index: 1, .. })),
            "{:?}",
            ignored[5]
        );
        assert!(
            matches!(ignored[0].reason, IgnoredReason::BadSfen(SfenError::RowCount { rows: 2 })),
            "{:?}",
            ignored[0]
        );
        assert_eq!(
            ignored[3].reason,
            IgnoredReason::NotOneOf { value: "<script>".into(), choices: vec!["kanji", "latin", "hybrid"] }
        );
        assert_eq!(ignored[4].reason, IgnoredReason::UnknownParameter);
    }

    #[test]
    fn a_lesson_sets_lesson_mode_and_a_bad_one_is_named() {
        let (p, ignored) = parse([("mode", "lesson"), ("lesson", "rook:2")]);
        assert!(ignored.is_empty() && p.mode == Mode::Lesson, "{ignored:?}");
        assert_eq!(p.lesson.map(|id| id.name()), Some("rook:2".into()));
        let (p, ignored) = parse([("mode", "lesson"), ("lesson", "bogus")]);
        assert_eq!((p.mode, p.lesson), (Mode::Lesson, None));
        assert!(matches!(&ignored[0].reason, IgnoredReason::NotOneOf { value, choices }
            if value == "bogus" && choices.contains(&"drops")));
    }

    #[test]
    fn handicaps_by_name() {
        let (p, ignored) = parse([("handicap", "two-piece"), ("moves", "5a4b")]);
        assert!(ignored.is_empty(), "{ignored:?}");
        assert_eq!(p.handicap, Some(Handicap::TwoPiece));
        assert_eq!(p.start.turn(), crate::rules::Color::Gote, "the handicap giver moves first");
        assert_eq!(p.moves.len(), 1);
        let (p, ignored) = parse([("handicap", "queen")]);
        assert_eq!((p.handicap, p.start), (None, Position::startpos()));
        assert!(
            matches!(&ignored[0].reason, IgnoredReason::NotOneOf { choices, .. } if choices.contains(&"rook-lance")),
            "{:?}",
            ignored[0]
        );
        for pairs in
            [[("sfen", sfen::STARTPOS), ("handicap", "rook")], [("handicap", "rook"), ("sfen", sfen::STARTPOS)]]
        {
            let (p, ignored) = parse(pairs);
            assert_eq!((p.handicap, p.start, ignored[0].param.as_str()), (None, Position::startpos(), "handicap"));
            assert_eq!(ignored[0].reason, IgnoredReason::SfenGivenToo);
        }
    }

    #[test]
    fn a_record_sets_the_game_with_its_comments_and_end() {
        let kif = "手合割：平手\n   1 ７六歩(77)\n*角道を開ける\n   2 ３四歩(33)\n   3 投了\n";
        let (p, ignored) = parse([("kif", kif), ("ply", "1"), ("mode", "view")]);
        assert!(ignored.is_empty(), "{ignored:?}");
        assert!(p.game_given);
        assert_eq!((p.moves.len(), p.ply), (2, Some(1)));
        assert!(p.record_read, "a record to read through");
        let table = p.record.expect("the record is at the table");
        assert_eq!(table.comments_at(1).collect::<Vec<_>>(), ["角道を開ける"]);
        assert_eq!(table.outcome().map(|o| o.winner), Some(Some(crate::rules::Color::Gote)), "sente resigned");
    }

    #[test]
    fn a_record_wins_over_sfen_and_moves_and_a_bad_one_is_named() {
        let (p, ignored) = parse([("sfen", sfen::STARTPOS), ("moves", "2g2f"), ("kif", "startpos moves 7g7f 3c3d")]);
        assert_eq!(p.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["7g7f", "3c3d"]);
        let names: Vec<(&str, &IgnoredReason)> = ignored.iter().map(|i| (i.param.as_str(), &i.reason)).collect();
        assert_eq!(names, [("sfen", &IgnoredReason::RecordGivenToo), ("moves", &IgnoredReason::RecordGivenToo)]);
        let (p, ignored) = parse([("kif", "   1 ７六歩(77)\n   2 ７六歩(77)\n"), ("moves", "2g2f")]);
        assert!(p.record.is_none() && p.moves.len() == 1, "the rest of the URL still applies");
        assert!(
            matches!(&ignored[0].reason, IgnoredReason::BadRecord(ImportError::Kif(e)) if e.line == 2),
            "{ignored:?}"
        );
    }

    fn usi(moves: &[Move]) -> String {
        crate::notation::usi::write_moves(moves, " ")
    }

    #[test]
    fn variations_and_a_line_set_the_game_at_the_table() {
        let (p, ignored) = parse([
            ("moves", "7g7f,3c3d,2g2f"),
            ("variations", "0@2:8c8d,2g2f;0.0@3:6g6f;1@3:5g5f"),
            ("line", "0.0"),
            ("ply", "2"),
        ]);
        assert!(ignored.is_empty(), "{ignored:?}");
        assert!(p.game_given);
        let table = p.record.expect("the lines are at the table");
        let listed: Vec<(Vec<usize>, usize, String)> =
            table.tree().branches().into_iter().map(|b| (b.path, b.ply, usi(b.moves))).collect();
        assert_eq!(
            listed,
            [
                (vec![], 1, "7g7f 3c3d 2g2f".to_string()),
                (vec![0], 2, "8c8d 2g2f".to_string()),
                (vec![0, 0], 3, "6g6f".to_string()),
                (vec![1], 3, "5g5f".to_string()),
            ]
        );
        assert_eq!((table.path(), usi(table.moves()).as_str()), (&[0, 0][..], "7g7f 8c8d 6g6f"));
        assert_eq!((usi(&p.moves).as_str(), p.ply), ("7g7f 8c8d 6g6f", Some(2)));
        let (p, ignored) = parse([("moves", "7g7f"), ("line", "")]);
        assert!(ignored.is_empty() && p.record.is_some_and(|t| t.path().is_empty()), "{ignored:?}");
    }

    #[test]
    fn variations_that_do_not_fit_are_ignored_with_the_line_on_them() {
        let misplaced = |entry: &str| IgnoredReason::NotAVariation { value: entry.into() };
        for (variations, reason) in [
            ("0@2:8c8d;2@3:5g5f", misplaced("2@3:5g5f")),
            ("0.0@3:6g6f", misplaced("0.0@3:6g6f")),
            ("0@4:8c8d", misplaced("0@4:8c8d")),
            ("0@5:5g5f", misplaced("0@5:5g5f")),
            ("0@0:5g5f", misplaced("0@0:5g5f")),
            ("0@3:", misplaced("0@3:")),
            ("0:3@5g5f", misplaced("0:3@5g5f")),
            ("x@3:5g5f", misplaced("x@3:5g5f")),
        ] {
            let (p, ignored) = parse([("moves", "7g7f,3c3d,2g2f"), ("variations", variations), ("line", "0")]);
            let names: Vec<(&str, &IgnoredReason)> = ignored.iter().map(|i| (i.param.as_str(), &i.reason)).collect();
            let no_line = IgnoredReason::NotALine { value: "0".into() };
            assert_eq!(names, [("variations", &reason), ("line", &no_line)], "{variations}");
            let table = p.record.expect("the main line is at the table");
            assert!(table.tree().variations.is_empty() && table.path().is_empty(), "{variations}");
            assert_eq!(p.moves.len(), 3, "{variations}");
        }
        // A move that is not legal is named by its number in the game.
        let (_, ignored) = parse([("moves", "7g7f,3c3d"), ("variations", "0@2:8c8d,8c8d")]);
        assert!(
            matches!(&ignored[..], [Ignored { reason: IgnoredReason::BadMove(MoveListError { index: 2, .. }), .. }]),
            "{ignored:?}"
        );
        // A record wins over the lines too.
        let (p, ignored) = parse([("kif", "startpos moves 7g7f"), ("variations", "0@1:2g2f"), ("line", "0")]);
        let names: Vec<&str> = ignored.iter().map(|i| i.param.as_str()).collect();
        assert_eq!(names, ["variations", "line"]);
        assert!(ignored.iter().all(|i| i.reason == IgnoredReason::RecordGivenToo));
        assert!(p.record.is_some_and(|t| t.tree().variations.is_empty()));
    }

    #[test]
    fn moves_follow_the_given_position() {
        let (p, ignored) = parse([("moves", "P*5e"), ("sfen", "4k4/9/9/9/9/9/9/9/4K4 b P 1")]);
        assert!(ignored.is_empty(), "{ignored:?}");
        assert_eq!(p.moves.len(), 1);
    }
}
