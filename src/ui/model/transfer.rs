//! Games in and out of the app: an imported record (read by `notation::format`) set up at
//! the table, the game at the table exported, and the share link's parameters (SPEC §4).
//! A record comes in whole and goes out whole: its variations, comments and headers stay
//! with the game at the table ([`Table::tree`]), and the share link carries the lines of
//! play (not the comments). Plain Rust; the dialog in `records.rs` does the browser's part.

use std::collections::HashMap;

use crate::notation::format::{Format, ImportError};
use crate::notation::record::Record;
use crate::notation::sfen;
use crate::notation::usi;
use crate::notation::variation::write_path;
use crate::rules::{Handicap, ImpasseRule};

use crate::ui::model::table::{termination_of, Sides, Table};

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

/// The game at the table written in `format` (see [`Format::write`]).
pub fn export(table: &Table, format: Format) -> String {
    export_named(table, format, None)
}

/// The KIF header that names the game's opening strategy.
pub const STRATEGY_HEADER: &str = "戦型";

/// The game at the table written in `format`, with the opening strategy the app named
/// (in Japanese, as records name it) in its `戦型` header, where it named one.
pub fn export_named(table: &Table, format: Format, strategy: Option<&str>) -> String {
    let mut record = record_of(table);
    if let Some(strategy) = strategy {
        record.set_header(STRATEGY_HEADER, strategy);
    }
    format.write(&record)
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
    use crate::notation::format::import_text;
    use crate::notation::record::Termination;
    use crate::notation::usi;
    use crate::rules::{Color, Position, Reason};
    use crate::ui::model::params;

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
    fn the_strategy_named_is_the_records_header_and_replaces_the_one_read() {
        let game = table(Position::startpos(), "7g7f 3c3d 2h6h");
        let kif = export_named(&game, Format::Kif, Some("四間飛車"));
        assert!(kif.contains("戦型：四間飛車\n"), "{kif}");
        let record = import_text(&kif).unwrap();
        let again = table_of(&record, Sides::Both, ImpasseRule::Declaration27).unwrap();
        let renamed = import_text(&export_named(&again, Format::Kif, Some("中飛車"))).unwrap();
        assert_eq!(renamed.headers.iter().filter(|(k, _)| k == STRATEGY_HEADER).count(), 1);
        assert_eq!(renamed.header(STRATEGY_HEADER), Some("中飛車"));
        assert_eq!(import_text(&export(&again, Format::Kif)).unwrap().header(STRATEGY_HEADER), Some("四間飛車"));
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
