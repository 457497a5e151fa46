//! Games in and out of the app: importing a record (KIF, KI2, CSA, SFEN with or without
//! USI moves), exporting the game at the table, and the share link's parameters
//! (SPEC §4). Plain Rust; the dialog in `records.rs` does the browser's part.

use std::borrow::Cow;

use crate::notation::csa::{self, CsaError};
use crate::notation::encoding::{self, InvalidUtf8};
use crate::notation::ki2;
use crate::notation::kif::{self, KifError};
use crate::notation::record::{Record, Termination};
use crate::notation::sfen::{self, SfenError};
use crate::notation::usi::{self, PositionCommandError};
use crate::rules::{Handicap, ImpasseRule, Move, Outcome, Reason};

use crate::ui::model::table::{Sides, Table};
use crate::ui::text::explain::{self, UsiRefusal};
use crate::ui::text::i18n::{Lang, Words, T};

named_enum! {
    /// The record formats the app writes.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Format {
        Kif = "kif",
        Ki2 = "ki2",
        Csa = "csa",
        /// The start position and the moves as a USI `position` argument: `sfen <sfen> moves 7g7f ...`.
        Sfen = "sfen",
    }
}

impl Format {
    pub fn label(self) -> T {
        match self {
            Format::Kif => T::FormatKif,
            Format::Ki2 => T::FormatKi2,
            Format::Csa => T::FormatCsa,
            Format::Sfen => T::FormatSfen,
        }
    }
}

/// Why nothing was imported, as the readers said it (line, move, reason); worded when shown.
#[derive(Clone, PartialEq, Debug)]
pub enum ImportError {
    /// Empty text, or only blank lines.
    Nothing,
    /// The browser could not read the chosen file.
    Unreadable,
    Encoding(InvalidUtf8),
    /// A KIF or KI2 file, which share their errors.
    Kif(KifError),
    Csa(CsaError),
    /// The position of a USI `position`-like text.
    Sfen {
        line: usize,
        error: SfenError,
    },
    /// A word other than `moves` after a USI position.
    NotMoves {
        line: usize,
        found: String,
    },
    /// The `number`th (1-based) USI move.
    UsiMove {
        line: usize,
        number: usize,
        refusal: UsiRefusal,
    },
    /// The `number`th move of the record comes after its game ended.
    AfterEnd {
        number: usize,
    },
}

impl ImportError {
    pub fn words(&self, lang: Lang) -> Words {
        let number = |n: &usize| Words::text(n.to_string());
        match self {
            ImportError::Nothing => T::NothingToImport.words(lang, &[]),
            ImportError::Unreadable => T::FileUnreadable.words(lang, &[]),
            ImportError::Encoding(e) => explain::invalid_utf8(lang, e),
            ImportError::Kif(e) => explain::kif_error(lang, e),
            ImportError::Csa(e) => explain::csa_error(lang, e),
            ImportError::Sfen { line, error } => explain::on_line(lang, *line, explain::sfen_error(lang, error)),
            ImportError::NotMoves { line, found } => {
                explain::on_line(lang, *line, T::ExpectedMovesWord.words(lang, &[Words::code(found.as_str())]))
            }
            ImportError::UsiMove { line, number: n, refusal } => {
                let refused = T::RecordMove.words(lang, &[number(n), explain::usi_refusal(lang, refusal)]);
                explain::on_line(lang, *line, refused)
            }
            ImportError::AfterEnd { number: n } => T::MoveAfterGameEnd.words(lang, &[number(n)]),
        }
    }
}

/// Reads a record file's bytes (UTF-8 or Shift_JIS, see [`encoding::decode`]).
pub fn import(bytes: &[u8]) -> Result<Record, ImportError> {
    import_with(bytes, |encoding, bytes| encoding.decode_without_bom_handling(bytes).0)
}

/// [`import`] with another decoder for text that is not UTF-8 (see [`encoding::decode_with`]).
pub fn import_with<'a>(
    bytes: &'a [u8],
    decode_other: impl FnOnce(&'static encoding_rs::Encoding, &'a [u8]) -> Cow<'a, str>,
) -> Result<Record, ImportError> {
    let text = encoding::decode_with(bytes, decode_other).map_err(ImportError::Encoding)?;
    import_text(&text)
}

/// Reads pasted text in whichever format it is; the error names the line and the reason.
pub fn import_text(text: &str) -> Result<Record, ImportError> {
    let text = text.trim_start_matches('\u{feff}');
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    let Some(first) = first else { return Err(ImportError::Nothing) };
    if is_usi_position(first) {
        return parse_usi_position(text);
    }
    let csa_line = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('\''));
    if csa_line.is_some_and(is_csa_statement) {
        csa::parse(text).map_err(ImportError::Csa)
    } else if is_ki2(text) {
        ki2::parse_str(text).map_err(ImportError::Kif)
    } else {
        kif::parse_str(text).map_err(ImportError::Kif)
    }
}

/// `position ...`, `startpos ...`, `sfen ...`, or a bare SFEN (a board of nine ranks).
fn is_usi_position(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    matches!(word, "position" | "startpos" | "sfen")
        || (word.matches('/').count() == 8 && word.chars().all(|c| c.is_ascii_alphanumeric() || "/+".contains(c)))
}

/// The statements a CSA file begins with (after `'` comments): version, names,
/// information, the position, the side to move or a move.
fn is_csa_statement(line: &str) -> bool {
    ["V2", "V3", "N+", "N-", "$", "PI", "P1", "P+", "P-"].iter().any(|p| line.starts_with(p))
        || line == "+"
        || line == "-"
        || (line.len() >= 7 && line.starts_with(['+', '-']) && line[1..5].bytes().all(|b| b.is_ascii_digit()))
}

/// KI2 rather than KIF: its first line of moves is marked Japanese notation (`▲７六歩`),
/// where KIF's is numbered (`   1 ７六歩(77)`).
fn is_ki2(text: &str) -> bool {
    let numbered = |line: &str| line.starts_with(|c: char| c.is_ascii_digit());
    text.lines().map(str::trim_start).find(|l| ki2::is_move_line(l) || numbered(l)).is_some_and(ki2::is_move_line)
}

/// `[position] (startpos | [sfen] <board> <side> <hands> <number>) [moves m1 m2 ...]`,
/// over one or several lines.
fn parse_usi_position(text: &str) -> Result<Record, ImportError> {
    let words: Vec<(usize, &str)> =
        text.lines().enumerate().flat_map(|(i, l)| l.split_whitespace().map(move |w| (i + 1, w))).collect();
    let line_of = |word: usize| words.get(word).or(words.last()).map_or(1, |w| w.0);
    let bare: Vec<&str> = words.iter().map(|&(_, w)| w).collect();
    match usi::parse_position_command(&bare) {
        Ok(command) => {
            let mut record = Record::new(command.start);
            record.moves = command.moves;
            Ok(record)
        }
        Err(PositionCommandError::Sfen { word, error }) => Err(ImportError::Sfen { line: line_of(word), error }),
        Err(PositionCommandError::NotMoves { word, found }) => {
            Err(ImportError::NotMoves { line: line_of(word), found })
        }
        Err(PositionCommandError::Move { word, number, before, .. }) => {
            let refusal = explain::usi_move(&before, bare[word]).expect_err("the parser refused this move");
            Err(ImportError::UsiMove { line: line_of(word), number, refusal })
        }
    }
}

/// The game a record holds, set up at the table; a record's resignation or
/// declared impasse ends it as it did.
pub fn table_of(record: &Record, sides: Sides, impasse_rule: ImpasseRule) -> Result<Table, ImportError> {
    let end_turn = record.end_position().turn();
    let end = match record.termination {
        Some(Termination::Resign) => Some(Outcome { winner: Some(!end_turn), reason: Reason::Resignation }),
        Some(Termination::ImpasseDeclaration) => Some(Outcome { winner: Some(end_turn), reason: Reason::Impasse }),
        _ => None,
    };
    let mut table = Table::replay(record.start.clone(), &record.moves, sides, impasse_rule, end)
        .map_err(|number| ImportError::AfterEnd { number })?;
    table.comments = record.comments.clone();
    Ok(table)
}

/// The game at the table as a record, with how it ended where the formats can say it.
pub fn record_of(table: &Table) -> Record {
    let mut record = Record::new(table.start().clone());
    record.moves = table.moves().to_vec();
    record.comments = table.comments.clone();
    let turn = table.position().turn();
    record.termination = table.outcome().and_then(|Outcome { winner, reason }| match reason {
        Reason::Checkmate => Some(Termination::Checkmate),
        Reason::Repetition => Some(Termination::Repetition),
        // A record's resignation is the side to move's; a person may resign on the engine's turn.
        Reason::Resignation if winner == Some(!turn) => Some(Termination::Resign),
        Reason::PerpetualCheck if winner == Some(turn) => Some(Termination::OpponentIllegalMove),
        Reason::Impasse if winner == Some(turn) => Some(Termination::ImpasseDeclaration),
        Reason::Impasse => Some(Termination::Impasse),
        _ => None,
    });
    record
}

/// The game at the table written in `format`.
pub fn export(table: &Table, format: Format) -> String {
    match format {
        Format::Kif => kif::write(&record_of(table)),
        Format::Ki2 => ki2::write(&record_of(table)),
        Format::Csa => csa::write(&record_of(table)),
        Format::Sfen => {
            let mut text = format!("sfen {}", sfen::write_position(table.start()));
            if !table.moves().is_empty() {
                text.push_str(" moves");
                for m in table.moves() {
                    text.push(' ');
                    text.push_str(&m.to_string());
                }
            }
            text.push('\n');
            text
        }
    }
}

/// The URL parameters (SPEC §4) that set up this game again: the start as a
/// handicap name or an SFEN (nothing for the even start), the moves, the ply shown,
/// who plays which side and the engine's time.
pub fn share_pairs(table: &Table, ply: Option<usize>, think_ms: u32) -> Vec<(&'static str, String)> {
    let start = table.start();
    let mut pairs = Vec::new();
    match Handicap::detect(start).filter(|_| start.move_number() == 1) {
        Some(Handicap::Even) => {}
        Some(handicap) => pairs.push(("handicap", handicap.id().to_string())),
        None => pairs.push(("sfen", sfen::write_position(start))),
    }
    if !table.moves().is_empty() {
        pairs.push(("moves", table.moves().iter().map(Move::to_string).collect::<Vec<_>>().join(",")));
    }
    if let Some(ply) = ply {
        pairs.push(("ply", ply.to_string()));
    }
    pairs.push(("side", table.sides.name().to_string()));
    pairs.push(("think", think_ms.to_string()));
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::usi;
    use crate::rules::{Color, Position};
    use crate::ui::model::params;
    use crate::ui::text::i18n::tests::assert_japanese;

    fn table(start: Position, moves: &str) -> Table {
        let mut table = Table::new(start, Sides::Both, ImpasseRule::Declaration27);
        for m in moves.split_whitespace() {
            table.play(usi::parse(m).unwrap()).unwrap();
        }
        table
    }

    fn usi_moves(record: &Record) -> String {
        record.moves.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
    }

    const MOVES: &str = "7g7f 3c3d 8h2b+ 3a2b B*4e";

    #[test]
    fn every_format_round_trips() {
        let mut game = table(Position::startpos(), MOVES);
        game.resign(Color::Gote);
        for format in Format::ALL {
            let text = export(&game, format);
            let record = import_text(&text).unwrap_or_else(|e| panic!("{format:?}: {e:?}\n{text}"));
            assert_eq!(usi_moves(&record), MOVES, "{format:?}");
            let back = table_of(&record, Sides::Both, ImpasseRule::Declaration27).unwrap();
            let ended = back.outcome().map(|o| o.reason);
            assert_eq!(ended, (format != Format::Sfen).then_some(Reason::Resignation), "{format:?}:\n{text}");
        }
    }

    #[test]
    fn a_resignation_off_turn_is_not_written_as_the_side_to_moves() {
        let mut game = table(Position::startpos(), "7g7f");
        game.resign(Color::Sente);
        assert_eq!(record_of(&game).termination, None);
        assert!(!export(&game, Format::Kif).contains("投了"));
    }

    #[test]
    fn shift_jis_kif_file() {
        let text = export(&table(Handicap::Lance.position(), "9a9b 7g7f"), Format::Kif).replace("encoding=UTF-8", "");
        let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(&text);
        let record = import(&bytes).unwrap();
        assert_eq!(
            (usi_moves(&record).as_str(), Handicap::detect(&record.start)),
            ("9a9b 7g7f", Some(Handicap::Lance))
        );
    }

    #[test]
    fn sfen_and_usi_spellings() {
        let after = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
        for text in [
            "position startpos moves 7g7f 3c3d",
            "startpos moves 7g7f\n3c3d\n",
            &format!("sfen {} moves 7g7f 3c3d", sfen::STARTPOS),
            &format!("position sfen {} moves 7g7f 3c3d", sfen::STARTPOS),
            &format!("\u{feff}{} moves 7g7f 3c3d", sfen::STARTPOS),
        ] {
            let record = import_text(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(sfen::write_position(&record.end_position()), after, "{text}");
        }
        let record = import_text(after).unwrap();
        assert_eq!((record.moves.len(), sfen::write_position(&record.start)), (0, after.to_string()));
    }

    #[test]
    fn errors_name_the_line_and_reason_in_both_languages() {
        for (text, en_words, ja_words) in [
            (
                "startpos moves 7g7f\n7g7f",
                "line 2: move 2: 7g7f is not a legal move here: there is no piece on 7g",
                "2行目：2手目：「7g7f」",
            ),
            ("sfen lnsgkgsnl/9 b - 1 moves 7g7f", "line 1: SFEN", "1行目：ＳＦＥＮ"),
            (
                "startpos 7g7f",
                "line 1: expected 'moves' after the position, found '7g7f'",
                "1行目：局面の後に「moves」",
            ),
            ("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\n", "line 4:", "4行目："),
            ("V2.2\nPI\n+\n+7776FU\n+2726FU\n", "line 5:", "5行目："),
            ("手合割：平手\n▲５八金\n", "line 2: ▲５八金: ambiguous: gold 6i or 4i can reach 5h", "2行目："),
            ("   \n", "nothing to import", "読み込むもの"),
        ] {
            let err = import_text(text).unwrap_err();
            let (en, ja) = (err.words(Lang::En), err.words(Lang::Ja));
            assert_japanese(&ja, text);
            assert!(en.to_string().contains(en_words), "{en} for {text:?}");
            assert!(ja.to_string().contains(ja_words), "{ja} for {text:?}");
        }
        let not_utf8 = import(b"'CSA encoding=UTF-8\nV2.2\n\xff\n").unwrap_err();
        assert!(not_utf8.words(Lang::En).to_string().starts_with("line 3:"));
        assert!(not_utf8.words(Lang::Ja).to_string().starts_with("3行目："));
        for error in [ImportError::Unreadable, ImportError::AfterEnd { number: 7 }] {
            let ja = error.words(Lang::Ja);
            assert_japanese(&ja, &error.words(Lang::En).to_string());
        }
    }

    #[test]
    fn ki2_is_told_from_kif_by_its_first_move_line() {
        let ki2 = "開始日時：2024/05/01 10:00\n手合割：平手\n*1 手目の前\n▲７六歩    △３四歩\n*▲２六歩もある\n";
        let record = import_text(ki2).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((usi_moves(&record).as_str(), record.comments.len()), ("7g7f 3c3d", 2));
        let kif = "手合割：平手\n*▲７六歩と指す\n   1 ７六歩(77)\n▲と書く行\n";
        let error = import_text(kif).unwrap_err();
        assert!(error.words(Lang::En).to_string().starts_with("line 4: cannot read '▲と書く行'"), "{error:?}");
        assert_eq!(usi_moves(&import_text(&kif.replace("▲と書く行\n", "")).unwrap()), "7g7f");
    }

    #[test]
    fn share_link_sets_up_the_same_game() {
        let lance = table(Handicap::Lance.position(), "9a9b 7g7f");
        let odd = table(sfen::parse_position("4k4/9/9/9/9/9/9/9/4K4 b P 7").unwrap(), "P*5e");
        let even = table(Position::startpos(), MOVES);
        for (game, ply, key) in [(&lance, Some(1), "handicap"), (&odd, None, "sfen"), (&even, Some(3), "moves")] {
            let pairs = share_pairs(game, ply, 700);
            assert_eq!(pairs[0].0, key, "{pairs:?}");
            let (p, ignored) = params::parse(pairs);
            assert!(ignored.is_empty(), "{ignored:?}");
            assert_eq!((&p.start, p.moves.as_slice(), p.ply), (game.start(), game.moves(), ply));
            assert_eq!((p.sides, p.think_ms), (Some(Sides::Both), Some(700)));
        }
    }
}
