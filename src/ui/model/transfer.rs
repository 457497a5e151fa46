//! Games in and out of the app: importing a record (KIF, KI2, CSA, SFEN with or without
//! USI moves), exporting the game at the table, and the share link's parameters
//! (SPEC §4). A record comes in whole and goes out whole: its variations, comments and
//! headers stay with the game at the table ([`Table::tree`]), and the share link carries
//! the lines of play (not the comments). Plain Rust; the dialog in `records.rs` does the
//! browser's part.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::notation::csa::{self, CsaError};
use crate::notation::encoding::{self, InvalidUtf8};
use crate::notation::ki2;
use crate::notation::kif::{self, KifError};
use crate::notation::record::Record;
use crate::notation::sfen::{self, SfenError};
use crate::notation::usi::{self, MoveListError, PositionCommandError};
use crate::notation::variation::write_path;
use crate::rules::{Handicap, ImpasseRule};

use crate::ui::model::table::{termination_of, Sides, Table};
use crate::ui::text::explain;
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
    /// A USI move that is not legal after the ones before it.
    UsiMove {
        line: usize,
        error: MoveListError,
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
            ImportError::UsiMove { line, error } => {
                let refused = T::RecordMove
                    .words(lang, &[number(&(error.index + 1)), explain::usi_move_error(lang, &error.error)]);
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
        Err(PositionCommandError::Move { word, error }) => Err(ImportError::UsiMove { line: line_of(word), error }),
    }
}

/// The game a record holds, set up at the table with the whole record (variations, comments,
/// headers), following its main line; a record's resignation or declared impasse ends it as
/// it did.
pub fn table_of(record: &Record, sides: Sides, impasse_rule: ImpasseRule) -> Result<Table, ImportError> {
    let table = Table::of_record(record.clone(), sides, impasse_rule);
    // The readers check each move against its position; only the end of the game stops one.
    if record.moves.len() > table.ply() {
        Err(ImportError::AfterEnd { number: table.ply() + 1 })
    } else {
        Ok(table)
    }
}

/// The game at the table as a record: its whole tree, with how the game ended as the end of
/// the line it follows where that line says nothing there and the formats can say it.
pub fn record_of(table: &Table) -> Record {
    let mut record = table.tree().clone();
    let says_nothing =
        record.line(table.path()).is_some_and(|line| line.moves.len() == table.ply() && line.termination.is_none());
    let end = table.outcome().and_then(|outcome| termination_of(outcome, table.position().turn()));
    if let Some(end) = end.filter(|_| says_nothing) {
        record.end_at(table.path(), table.ply() + 1, end);
    }
    record
}

/// The game at the table written in `format`: its whole record in KIF and KI2, the main line
/// in CSA and SFEN, which have no variations.
pub fn export(table: &Table, format: Format) -> String {
    let record = record_of(table);
    match format {
        Format::Kif => kif::write(&record),
        Format::Ki2 => ki2::write(&record),
        Format::Csa => csa::write(&record),
        Format::Sfen => {
            let mut text = format!("sfen {}", sfen::write_position(&record.start));
            if !record.moves.is_empty() {
                text.push_str(" moves ");
                text.push_str(&usi::write_moves(&record.moves, " "));
            }
            text.push('\n');
            text
        }
    }
}

/// The URL parameters (SPEC §4) that set up this game again: the start as a
/// handicap name or an SFEN (nothing for the even start), the main line's moves, the
/// variations and the line the game follows (see [`linked_lines`]), the ply shown on that
/// line (`ply`, else the game's end when its line goes on past it), who plays which side
/// and the engine's time.
pub fn share_pairs(table: &Table, ply: Option<usize>, think_ms: u32) -> Vec<(&'static str, String)> {
    let start = table.start();
    let tree = table.tree();
    let mut pairs = Vec::new();
    match Handicap::detect(start).filter(|_| start.move_number() == 1) {
        Some(Handicap::Even) => {}
        Some(handicap) => pairs.push(("handicap", handicap.id().to_string())),
        None => pairs.push(("sfen", sfen::write_position(start))),
    }
    if !tree.moves.is_empty() {
        pairs.push(("moves", usi::write_moves(&tree.moves, ",")));
    }
    let (variations, line) = linked_lines(tree, table.path());
    if !line.is_empty() {
        pairs.push(("line", write_path(&line)));
    }
    if !variations.is_empty() {
        pairs.push(("variations", variations.join(";")));
    }
    // The link's game plays its line in full: moves taken back are shown as ahead.
    let line_length = tree.line(table.path()).map_or(0, |line| line.moves.len());
    if let Some(ply) = ply.or((table.ply() < line_length).then_some(table.ply())) {
        pairs.push(("ply", ply.to_string()));
    }
    pairs.push(("side", table.sides.name().to_string()));
    pairs.push(("think", think_ms.to_string()));
    pairs
}

/// The variations as a share link lists them, depth first, each `<path>@<ply>:<usi,...>`,
/// and the followed line's path in the link. A link has no ends, so a variation that only
/// ends the game is left out (it has no variations of its own) and the paths after it are
/// renumbered; a game that followed one follows its parent line.
fn linked_lines(tree: &Record, followed: &[usize]) -> (Vec<String>, Vec<usize>) {
    // Each linked line's path in the link, by its path in the tree; and how many variations
    // each linked line has in the link so far.
    let mut links: HashMap<Vec<usize>, Vec<usize>> = HashMap::from([(Vec::new(), Vec::new())]);
    let mut counts: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut variations = Vec::new();
    for branch in tree.branches().into_iter().skip(1).filter(|branch| !branch.moves.is_empty()) {
        let Some(parent) = links.get(&branch.path[..branch.path.len() - 1]) else { continue };
        let count = counts.entry(parent.clone()).or_default();
        let link = [parent.as_slice(), &[*count]].concat();
        *count += 1;
        variations.push(format!("{}@{}:{}", write_path(&link), branch.ply, usi::write_moves(branch.moves, ",")));
        links.insert(branch.path, link);
    }
    let followed = (0..=followed.len()).rev().find_map(|depth| links.get(&followed[..depth]));
    (variations, followed.cloned().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::record::Termination;
    use crate::notation::usi;
    use crate::rules::{Color, Position, Reason};
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
    fn a_mate_is_written_as_the_end_of_the_line_the_game_follows() {
        let mut game = table(sfen::parse_position("7nk/9/8G/9/9/9/9/9/4K4 b G 1").unwrap(), "G*1b");
        assert_eq!((game.tree().termination, record_of(&game).termination), (None, Some(Termination::Checkmate)));
        game.branch_at(0, usi::parse("G*2b").unwrap()).unwrap();
        let record = record_of(&game);
        assert_eq!(game.path(), [0]);
        let ends = (record.termination, record.variations[0].termination);
        assert_eq!(ends, (None, Some(Termination::Checkmate)), "only the line followed");
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

    /// A KIF file with headers, comments, ends and variations, one of them nested.
    const KIF_WITH_VARIATIONS: &str = "\
先手：Trent
後手：Ada
手合割：平手
手数----指手---------消費時間--
*対局前
   1 ７六歩(77)
   2 ３四歩(33)+
*角道を開ける
   3 ２六歩(27)
   4 ８四歩(83)
   5 投了
まで4手で後手の勝ち

変化：2手
   2 ８四歩(83)
*居飛車
   3 ２六歩(27)+
   4 ８五歩(84)

変化：3手
   3 ６六歩(67)
   4 中断
";

    #[test]
    fn a_record_with_variations_goes_out_as_it_came_in() {
        let record = import_text(KIF_WITH_VARIATIONS).unwrap();
        let listed: Vec<Vec<usize>> = record.branches().into_iter().map(|b| b.path).collect();
        assert_eq!(listed, [vec![], vec![0], vec![0, 0]], "the file has a nested variation");
        let table = table_of(&record, Sides::Both, ImpasseRule::Declaration27).unwrap();
        assert_eq!((table.path(), table.ply(), table.tree()), (&[][..], 4, &record), "the main line, kept whole");
        assert_eq!(table.outcome().map(|o| o.reason), Some(Reason::Resignation));
        for format in [Format::Kif, Format::Ki2] {
            let text = export(&table, format);
            assert_eq!(import_text(&text).as_ref(), Ok(&record), "{format:?}:\n{text}");
        }
        // Following a variation that was interrupted: the game is on, and the record the same.
        let mut table = table;
        assert!(table.follow(&[0, 0]));
        assert_eq!((table.ply(), table.outcome()), (3, None));
        assert_eq!(record_of(&table), record);
    }

    #[test]
    fn the_share_link_carries_every_line_and_the_one_followed() {
        let mut game = table(Position::startpos(), "7g7f 3c3d 2g2f 8c8d 2f2e");
        game.branch_at(2, usi::parse("6g6f").unwrap()).unwrap();
        game.play(usi::parse("8c8d").unwrap()).unwrap();
        game.branch_at(3, usi::parse("4c4d").unwrap()).unwrap();
        game.branch_at(1, usi::parse("4c4d").unwrap()).unwrap();
        game.play(usi::parse("2g2f").unwrap()).unwrap();
        assert!(game.follow(&[1, 0]));
        game.undo();
        let pairs = share_pairs(&game, None, 700);
        let value = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str());
        assert_eq!(value("moves"), Some("7g7f,3c3d,2g2f,8c8d,2f2e"), "the main line");
        assert_eq!(value("variations"), Some("0@2:4c4d,2g2f;1@3:6g6f,8c8d;1.0@4:4c4d"));
        assert_eq!((value("line"), value("ply")), (Some("1.0"), Some("3")), "the game's end, short of its line's");
        let (p, ignored) = params::parse(pairs);
        assert!(ignored.is_empty(), "{ignored:?}");
        let back = p.record.expect("the lines are at the table");
        assert_eq!((back.tree(), back.path(), p.ply), (game.tree(), game.path(), Some(game.ply())));
        assert_eq!(back.moves().len(), game.ply() + 1, "the line in full, shown where the game was");
        // An end is no part of a link: a variation that only ends the game is left out, and
        // the game that followed it follows its parent line.
        game.resign(Color::Gote);
        assert_eq!(game.path(), [1, 1]);
        let pairs = share_pairs(&game, Some(3), 700);
        assert!(pairs.contains(&("line", "1".to_string())) && pairs.contains(&("ply", "3".to_string())), "{pairs:?}");
        let (p, ignored) = params::parse(pairs);
        assert!(ignored.is_empty(), "{ignored:?}");
        assert_eq!(p.record.expect("the lines").tree().branches().len(), 4);
    }
}
