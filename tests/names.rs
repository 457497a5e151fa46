//! The strategies and castles of `public/names.txt`, the file the app fetches: each one is
//! reached by a game that names it, and is not named one move before; every definition has
//! such a game here, and a castle or strategy keeps its name as the game goes on.

use shogi::notation::usi;
use shogi::rules::{Move, Position};
use shogi::ui::model::names::{parse_names, GameNames, Kind, Names};

const FILE: &str = include_str!("../public/names.txt");

/// While sente builds, gote's king steps aside and back.
const GOTE_WAITS: [&str; 2] = ["5a4b", "4b5a"];

/// Sente's moves that build each castle, the last one completing it.
const CASTLES: [(&str, &str); 39] = [
    ("ranging-anaguma", "2h6h 5i4h 4h3h 3h2h 1i1h 2h1i 3i2h"),
    (
        "big-four",
        "7g7f 8h7g 5i6h 6h7h 9i9h 7h8h 8h9i 8g8f 7i8h 8h8g 6i7h 7h8h 4i5h 5h6h 6h7h 7g5e 5g5f 3i4h 4h5g 5g6f 6f7g",
    ),
    ("matsuo-anaguma", "7g7f 8h7g 5i6h 6h7h 9i9h 7h8h 8h9i 7i8h 3i4h 4h5i 5i6h 6h7i 6i7h"),
    ("silver-crown-anaguma", "7g7f 8h7g 5i6h 6h7h 9i9h 7h8h 8h9i 8g8f 7i8h 8h8g"),
    ("static-anaguma", "7g7f 8h7g 5i6h 6h7h 9i9h 7h8h 8h9i 7i8h"),
    ("millennium", "7g7f 8h7g 7g6f 8i7g 5i6h 6h7h 7h8h 8h8i 7i8h 6i7i"),
    ("four-piece-mino", "2h7h 5i4h 4h3h 3h2h 3i3h 6i5h 4g4f 5h4g 4f4e 7i6h 5g5f 6h5g 5g4f"),
    ("diamond-mino", "2h7h 5i4h 4h3h 3h2h 3i3h 6i5h 4g4f 5g5f 5f5e 7i6h 6h5g 5g5f 5f4g"),
    ("silver-crown", "2h6h 5i4h 4h3h 3h2h 3i3h 6i5h 4g4f 5h4g 2g2f 3h2g 4i3h"),
    ("high-mino", "2h6h 5i4h 4h3h 3h2h 3i3h 6i5h 4g4f 5h4g"),
    ("topknot-mino", "2h6h 5i4h 4h3h 3h2h 3i3h 2g2f"),
    ("mino", "2h6h 5i4h 4h3h 3h2h 3i3h 6i5h"),
    ("silver-mino", "2h7h 5i4h 4h3h 3h2h 3i3h 6g6f 7i6h 6h6g 6g5h"),
    ("kimura-mino", "2h6h 5i4h 4h3h 3h2h 4i3h 4g4f 3i4h 4h4g"),
    ("gold-mino", "2h6h 5i4h 4h3h 3h2h 4i3h 3i4h"),
    ("half-mino", "2h6h 5i4h 4h3h 3h2h 3i3h"),
    ("right-yagura", "2h6h 5i4h 4h3h 3h2h 3g3f 3i4h 4i3h 4h3g"),
    ("double-gold", "2h7h 5i4h 4h3h 6i5h 4i4h"),
    ("tenshukaku-mino", "7g7f 8h7g 8g8f 5i6h 6h7h 7h8g 7i7h"),
    ("left-mino", "7g7f 8h7g 5i6h 6h7h 7h8h 7i7h"),
    ("kikusui-yagura", "7g7f 8h7g 7g5e 6g6f 8i7g 5i6h 6h7h 7h8h 8h8i 7i8h 6i7h 4i5h 5h6g"),
    ("diamond-yagura", "7g7f 6g6f 7i6h 6h7g 8h7i 5i6h 6h7h 7h8h 6i7h 4i5h 5h6g 6f6e 5g5f 3i4h 4h5g 5g6f"),
    ("complete-yagura", "7g7f 6g6f 7i6h 6h7g 8h7i 5i6h 6h7h 7h8h 6i7h 4i5h 5h6g 5g5f 3i4h 4h5g"),
    ("gold-yagura", "7g7f 6g6f 7i6h 6h7g 8h7i 5i6h 6h7h 7h8h 6i7h 4i5h 5h6g"),
    ("silver-yagura", "7g7f 6g6f 7i6h 6h7g 8h7i 5i6h 6h7h 7h8h 6i7h 3i4h 4h5i 5i6h 6h6g"),
    ("standing-silver-yagura", "7g7f 7f7e 6g6f 7i7h 7h7g 7g7f 8h7i 5i6h 6h7h 7h8h 6i7h 4i5h 5h6g"),
    ("bonanza", "7g7f 7i6h 6h7g 5i6h 6h7h 6i6h 4i5h"),
    ("kabuto", "7g7f 7i6h 6h7g 6i7h 5i6h 4i5h"),
    ("elmo", "7g7f 5i6h 6h7h 7i6h 6i7i"),
    ("boxed", "5i6h 6h7h 4i5h 5h6h"),
    ("boat", "5i6h 6h7h 4i5h"),
    ("yagura", "7g7f 7i6h 6h7g 8h7i 5i6h 6h7h 7h8h 6i7h"),
    ("quick", "7g7f 7i6h 6h7g 5i6h 6h7h"),
    ("gangi", "6g6f 7i6h 6h6g 5i6h 6h7i 6i7h"),
    ("crab", "6i7h 5i6i 7i6h 4i5h"),
    ("strawberry", "6i7h 4i5h 5i6h"),
    ("duck", "7i6h 6i7i 3i4h 4i3i 5i5h"),
    ("middle-residence", "6i7h 4i3h 5i5h"),
    ("right-king", "2g2f 2f2e 6i5h 5i4h"),
];

/// Games that reach each strategy, the last move reaching it.
const STRATEGIES: [(&str, &str); 21] = [
    ("double-ranging", "7g7f 3c3d 2h6h 8b4b"),
    ("gokigen", "7g7f 3c3d 5g5f 8c8d 5f5e 8d8e 2h5h"),
    ("primitive-central", "5g5f 8c8d 5f5e 5a4b 2h5h 4b5a 7i6h 5a4b 6h5g 4b5a 5g5f"),
    ("central-rook", "7g7f 3c3d 2h5h"),
    ("twisting", "2g2f 8c8d 2f2e 8d8e 7g7f 5a4b 7f7e 4b5a 2h2f 5a4b 2f7f"),
    ("ishida", "7g7f 3c3d 7f7e 8c8d 2h7h 8d8e 7h7f"),
    ("quick-ishida", "7g7f 3c3d 7f7e 8c8d 2h7h"),
    ("third-file", "7g7f 3c3d 2h7h"),
    ("fourth-file", "7g7f 3c3d 6g6f 8c8d 2h6h"),
    ("opposing", "7g7f 3c3d 8h7g 8c8d 2h8h"),
    ("right-fourth", "4g4f 8c8d 2h4h"),
    ("side-pawn", "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f 2d3d"),
    ("bishop-exchange-climbing", "7g7f 3c3d 2g2f 4a3b 2f2e 8c8d 8h2b+ 3a2b 3i3h 5a4b 3h2g 4b5a 2g2f"),
    ("bishop-exchange-reclining", "7g7f 3c3d 2g2f 4a3b 2f2e 8c8d 8h2b+ 3a2b 6g6f 5a4b 7i6h 4b5a 6h6g 5a4b 6g5f"),
    ("bishop-exchange", "7g7f 3c3d 2g2f 4a3b 2f2e 8c8d 8h2b+ 3a2b"),
    ("climbing-silver", "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 3i3h 5a4b 3h2g 4b5a 2g2f"),
    ("yagura", "7g7f 8c8d 6g6f 3c3d 7i6h 5a4b 6h7g 4b5a 6i7h"),
    ("double-wing", "2g2f 8c8d 2f2e 8d8e"),
    ("ureshino", "7i6h"),
    ("double-static", "7g7f 8c8d 2g2f 8d8e 2f2e"),
    ("static-rook", "2g2f 8c8d 2f2e"),
];

fn names() -> Names {
    parse_names(FILE).unwrap_or_else(|e| panic!("{e}"))
}

fn moves(text: &str) -> Vec<Move> {
    let mut position = Position::startpos();
    text.split_whitespace()
        .enumerate()
        .map(|(i, usi)| {
            let m = usi::parse(usi).unwrap_or_else(|_| panic!("`{usi}` is not a move"));
            position.play(m).unwrap_or_else(|e| panic!("move {} `{usi}` of `{text}`: {e:?}", i + 1));
            m
        })
        .collect()
}

/// Sente's moves with gote waiting between them.
fn sente_builds(sente: &str) -> String {
    let mut game = Vec::new();
    for (i, m) in sente.split_whitespace().enumerate() {
        if i > 0 {
            game.push(GOTE_WAITS[(i - 1) % 2]);
        }
        game.push(m);
    }
    game.join(" ")
}

/// The names of the game `text`, and of the same game one move shorter.
fn named(names: &Names, text: &str) -> (GameNames, GameNames) {
    let game = moves(text);
    let start = Position::startpos();
    (names.name_game(&start, &game), names.name_game(&start, &game[..game.len() - 1]))
}

fn ids(names: &Names, kind: Kind) -> Vec<&str> {
    names.definitions.iter().filter(|d| d.kind == kind).map(|d| d.id.as_str()).collect()
}

#[test]
fn the_file_has_enough_names_each_in_both_languages() {
    let names = names();
    assert!(ids(&names, Kind::Castle).len() >= 30 && ids(&names, Kind::Strategy).len() >= 15);
    for d in &names.definitions {
        assert!(d.name.en.is_ascii() && !d.name.ja.is_ascii(), "{}: {:?}", d.id, d.name);
    }
    let mut castles: Vec<&str> = CASTLES.iter().map(|(id, _)| *id).collect();
    let mut strategies: Vec<&str> = STRATEGIES.iter().map(|(id, _)| *id).collect();
    castles.sort_unstable();
    strategies.sort_unstable();
    let (mut in_file, mut strategies_in_file) = (ids(&names, Kind::Castle), ids(&names, Kind::Strategy));
    in_file.sort_unstable();
    strategies_in_file.sort_unstable();
    assert_eq!(castles, in_file, "a game here for every castle");
    assert_eq!(strategies, strategies_in_file, "a game here for every strategy");
}

#[test]
fn every_castle_is_named_once_built_and_not_one_move_before() {
    let names = names();
    let mut wrong = Vec::new();
    for (id, sente) in CASTLES {
        let castle = names.find(Kind::Castle, id);
        let (built, before) = named(&names, &sente_builds(sente));
        let word = |n: GameNames| names.get(n.castles[0]).map_or("nothing", |d| d.id.as_str()).to_string();
        if built.castles[0] != castle || before.castles[0] == castle {
            wrong.push(format!("{id}: built {}, a move before {}", word(built), word(before)));
        }
        if built.castles[1].is_some() {
            wrong.push(format!("{id}: gote has {:?}", names.get(built.castles[1])));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn every_strategy_is_named_once_reached_and_not_one_move_before() {
    let names = names();
    let mut wrong = Vec::new();
    for (id, game) in STRATEGIES {
        let strategy = names.find(Kind::Strategy, id);
        let (reached, before) = named(&names, game);
        let word = |n: GameNames| names.get(n.strategy).map_or("nothing", |d| d.id.as_str()).to_string();
        if reached.strategy != strategy || before.strategy == strategy {
            wrong.push(format!("{id}: reached {}, a move before {}", word(reached), word(before)));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn gotes_castle_is_read_from_gotes_side() {
    let names = names();
    // Gote's Mino, each move sente's Mino turned round; sente's king steps aside and back.
    let (built, before) = named(&names, "5i4h 8b4b 4h5i 5a6b 5i4h 6b7b 4h5i 7b8b 5i4h 7a7b 4h5i 4a5b");
    assert_eq!(
        (built.castles, before.castles[1]),
        ([None, names.find(Kind::Castle, "mino")], names.find(Kind::Castle, "half-mino"))
    );
    assert_eq!(built.strategy, names.find(Kind::Strategy, "fourth-file"), "gote's rook on its fourth file");
    // A move made is gote's own, turned round: 3a4b is gote's 7i6h.
    let ureshino = names.find(Kind::Strategy, "ureshino");
    let (reached, before) = named(&names, "7g7f 3a4b");
    assert_eq!((reached.strategy, before.strategy), (ureshino, None));
}

#[test]
fn a_strategy_stays_and_the_castle_last_built_is_kept_once_broken() {
    let names = names();
    // Fourth-file Ranging Rook into a Mino; then the king and the rook leave.
    let game = moves(&sente_builds("2h6h 5i4h 4h3h 3h2h 3i3h 6i5h 2h1h 6h6i"));
    let later = names.name_game(&Position::startpos(), &game);
    assert_eq!(later.strategy, names.find(Kind::Strategy, "fourth-file"));
    assert_eq!(later.castles[0], names.find(Kind::Castle, "mino"));
}

#[test]
fn the_snowroof_and_the_helmet_are_named_as_they_are_played() {
    let names = names();
    let castle = |text: &str| named(&names, text).0.castles;
    // The Snowroof (雁木): king on 6i between golds on 7h and 5h, silvers on 6g and 5g.
    let snowroof = castle(&sente_builds("6g6f 7i6h 6h6g 6i7h 5i6i 4i5h 5g5f 3i4h 4h5g"));
    assert_eq!(snowroof, [names.find(Kind::Castle, "gangi"), None]);
    // The Helmet (カブト囲い) as a Bishop Exchange game builds it, and gote's turned round.
    let sente = castle("7g7f 3c3d 2g2f 4a3b 6i7h 2b8h+ 7i8h 3a4b 3i3h 7a6b 1g1f 1c1d 5i6h 6c6d 8h7g 6b6c 4i5h");
    assert_eq!(sente[0], names.find(Kind::Castle, "kabuto"));
    let (built, before) = named(&names, "5i4h 3c3d 4h5i 3a4b 5i4h 4b3c 4h5i 4a3b 5i4h 5a4b 4h5i 6a5b");
    assert_eq!((built.castles, before.castles), ([None, names.find(Kind::Castle, "kabuto")], [None, None]));
}
