//! Parsers never panic: arbitrary text and mutations of valid inputs.
//! Longer runs: `PROPTEST_CASES=1000000 cargo test --release --test fuzz`.

use proptest::prelude::*;
use shogi::notation::kif::KifError;
use shogi::notation::record::Record;
use shogi::notation::usi::parse_position_command;
use shogi::notation::{ki2, kif, sfen, usi};
use shogi::tsume::parse_problems;
use shogi::ui::model::params;
use shogi::ui::model::problems::Progress;
use shogi::ui::model::saved::SavedGame;

const SAMPLES: &[&str] = &[
    sfen::STARTPOS,
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
];

/// KI2 records with every kind of move it spells: 同, 打, 成, 不成, 右, and its end.
const KI2_SAMPLES: &[&str] = &[
    "手合割：平手\n▲７六歩    △３四歩    ▲２二角成  △同　銀    ▲４五角打  △５二金右\n*角交換\n\
     ▲３四角    △６二銀    ▲２三角不成 △同　銀    ▲５八金右\nまで11手で中断\n",
    "手合割：香落ち\n上手：A\n△３四歩    ▲７六歩    △４四歩\nまで3手で上手の勝ち\n",
    "手合割：平手\n▲７六歩    △３四歩    ▲２二角成  △同　銀\nまで4手で中断\n\n変化：4手\n△同　飛\n*飛車で取る\n\
     まで4手で後手の勝ち\n\n変化：2手\n△８四歩    ▲２六歩\n\n変化：3手\n▲６八銀\n",
];

/// KIF records with variations as Kifu for Windows writes them: nested, with comments,
/// `+` marks, ends, and a variation in place of an end.
const KIF_SAMPLES: &[&str] = &[
    "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:00/00:00:00)\n   2 ３四歩(33)   ( 0:00/00:00:00)+\n\
     *角道\n   3 ２二角成(88) ( 0:00/00:00:00)\n   4 同　銀(31)   ( 0:00/00:00:00)+\n   5 投了         ( 0:00/00:00:00)+\n\
     まで4手で後手の勝ち\n\n変化：5手\n   5 ４五角打     ( 0:00/00:00:00)\n\n変化：4手\n   4 同　飛(82)   ( 0:00/00:00:00)\n\
     *飛車で\n   5 ５五角打     ( 0:00/00:00:00)\n\n変化：2手\n   2 ８四歩(83)   ( 0:00/00:00:00)\n\
        3 ２六歩(27)   ( 0:00/00:00:00)+\n   4 ８五歩(84)   ( 0:00/00:00:00)+\n\n変化：4手\n   4 ３四歩(33)\n\n\
     変化：3手\n   3 ６八銀(79)\n   4 中断\n",
];

/// The app's own texts: problems, progress, a saved game with variations, share-link values.
const APP_SAMPLES: &[&str] = &[
    "# comment\n1 3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1 S*6b\n\
     3 1k1l5/9/2+B6/G8/9/9/9/9/9 b 2N2rb3g4s2n3l18p 1 N*9c 8a7a N*8c\n",
    "shogi-problems 1\nsolved 2 3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1\nscanned 1763780000000\n\
     found 1763780000000 41 3 4k4/9/4P4/9/9/9/9/r8/4K4 b G 1\n",
    "shogi-game 1\nid 1\nsaved 2\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n\
     moves 7g7f 3c3d 6g6f\nside both\nimpasse 27\nthink 1000\nline 1\nmain 7g7f 3c3d 2g2f 8c8d\n\
     variation 0 2 8c8d end resign\nvariation 1 3 6g6f\ncomment 1 first\ncomment 1:3 a branch\n",
    "0@2:8c8d;1@3:6g6f,8c8d;1.0@4:4c4d",
];

/// A valid sample with a few characters replaced, inserted or deleted.
fn mutated(samples: &'static [&'static str]) -> impl Strategy<Value = String> {
    (0..samples.len(), prop::collection::vec((any::<u16>(), 0u8..3, any::<char>()), 1..6)).prop_map(|(i, edits)| {
        let mut chars: Vec<char> = samples[i].chars().collect();
        for (at, op, c) in edits {
            let at = at as usize % (chars.len() + 1);
            match op {
                0 if at < chars.len() => chars[at] = c,
                1 => chars.insert(at, c),
                _ if at < chars.len() => {
                    chars.remove(at);
                }
                _ => {}
            }
        }
        chars.into_iter().collect()
    })
}

/// Text from the characters the formats use, so parsers get past their first check.
fn format_alphabet() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select("0123456789+-*/ bwPLNSGBRKplnsgbrk".chars().collect::<Vec<_>>()), 0..100)
        .prop_map(|v| v.into_iter().collect())
}

/// Text from the characters KI2 uses, over several lines.
fn ki2_alphabet() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> =
        "▲△同　 金銀角飛歩香桂と龍馬右左直上引寄打成不１２３４５６７８９一二三四五六七八九\n*まで手で勝ち先後の：0"
            .chars()
            .collect();
    prop::collection::vec(prop::sample::select(alphabet), 0..100)
        .prop_map(|v| format!("手合割：平手\n{}", v.into_iter().collect::<String>()))
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), mutated(SAMPLES), format_alphabet()]
}

fn any_ki2() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), mutated(KI2_SAMPLES), ki2_alphabet()]
}

/// Lines of KIF moves and variation headers, some out of place, after an even-game header.
fn kif_lines() -> impl Strategy<Value = String> {
    let lines = [
        "   1 ７六歩(77)",
        "   2 ３四歩(33)   ( 0:01/00:00:01)+",
        "   3 ２二角成(88)",
        "   4 同　銀(31)",
        "   4 同　飛(82)",
        "   5 投了",
        "変化：1手",
        "変化：2手",
        "変化：3手",
        "変化：4手",
        "変化：5手",
        "変化：x",
        "*comment",
        "",
    ];
    prop::collection::vec(prop::sample::select(lines.to_vec()), 0..30)
        .prop_map(|lines| format!("手合割：平手\n{}", lines.join("\n")))
}

fn any_kif() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), mutated(KIF_SAMPLES), kif_lines()]
}

/// Whatever a reader of the KIF family makes of `text`: a record that writes back to one
/// with the same game, variations and comments, or an error that names a line of the text.
fn check_kif_family(
    text: &str,
    read: fn(&str) -> Result<Record, KifError>,
    write: fn(&Record) -> String,
) -> Result<(), TestCaseError> {
    match read(text) {
        Ok(record) => {
            let again = read(&write(&record)).unwrap();
            prop_assert_eq!(
                (&again.start, &again.moves, again.termination),
                (&record.start, &record.moves, record.termination)
            );
            prop_assert_eq!(&again.comments, &record.comments);
            prop_assert_eq!(&again.variations, &record.variations);
        }
        Err(e) => {
            prop_assert!((1..=text.lines().count()).contains(&e.line), "{e}");
            prop_assert!(e.to_string().starts_with(&format!("line {}: ", e.line)), "{e}");
        }
    }
    Ok(())
}

/// The samples read, variations and all, so that their mutations start from valid files.
#[test]
fn samples_read_with_their_variations() {
    for text in KIF_SAMPLES {
        let record = kif::parse_str(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(record.branches().len(), 6, "{text}");
    }
    let record = ki2::parse_str(KI2_SAMPLES[2]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(record.branches().len(), 4);
}

#[test]
fn app_samples_are_valid() {
    parse_problems(APP_SAMPLES[0]).unwrap();
    Progress::parse(APP_SAMPLES[1]).unwrap();
    SavedGame::parse(APP_SAMPLES[2]).unwrap();
    let (params, ignored) = params::parse([("moves", "7g7f,3c3d,2g2f,8c8d"), ("variations", APP_SAMPLES[3])]);
    assert!(ignored.is_empty() && params.record.is_some(), "{ignored:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20000, ..ProptestConfig::default() })]

    #[test]
    fn sfen_never_panics(text in any_text()) {
        if let Ok(pos) = sfen::parse_position(&text) {
            // Whatever parses writes back to something that parses to the same position.
            let again = sfen::parse_position(&sfen::write_position(&pos)).unwrap();
            prop_assert_eq!(again, pos.clone());
            let _ = pos.legal_moves();
        }
    }

    #[test]
    fn usi_moves_never_panic(text in any_text()) {
        let pos = shogi::rules::Position::startpos();
        let _ = usi::parse(&text);
        let _ = usi::parse_legal(&pos, &text);
    }

    #[test]
    fn position_commands_never_panic(text in any_text()) {
        let words: Vec<&str> = text.split_whitespace().collect();
        let _ = parse_position_command(&words);
        let mut with_sfen = vec!["sfen"];
        with_sfen.extend(words.iter().copied());
        let _ = parse_position_command(&with_sfen);
    }

    #[test]
    fn ki2_never_panics(text in any_ki2()) {
        check_kif_family(&text, ki2::parse_str, ki2::write)?;
        let _ = ki2::parse(text.as_bytes());
    }

    #[test]
    fn kif_with_variations_never_panics(text in any_kif()) {
        check_kif_family(&text, kif::parse_str, kif::write)?;
        let _ = kif::parse(text.as_bytes());
    }

    #[test]
    fn the_apps_own_texts_never_panic(text in prop_oneof![any::<String>(), mutated(APP_SAMPLES)]) {
        let _ = parse_problems(&text);
        let _ = Progress::parse(&text);
        if let Ok(game) = SavedGame::parse(&text) {
            prop_assert_eq!(SavedGame::parse(&game.write()).ok(), Some(game));
        }
        let link = [("moves", "7g7f,3c3d,2g2f,8c8d"), ("variations", text.as_str()), ("line", "0"), ("ply", "3")];
        let _ = params::parse(link);
    }
}
