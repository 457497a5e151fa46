//! Parsers never panic: arbitrary text and mutations of valid inputs.
//! Longer runs: `PROPTEST_CASES=1000000 cargo test --release --test fuzz`.

use proptest::prelude::*;
use shogi::notation::usi::parse_position_command;
use shogi::notation::{sfen, usi};

const SAMPLES: &[&str] = &[
    sfen::STARTPOS,
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
];

/// A valid sample with a few characters replaced, inserted or deleted.
fn mutated() -> impl Strategy<Value = String> {
    (0..SAMPLES.len(), prop::collection::vec((any::<u16>(), 0u8..3, any::<char>()), 1..6)).prop_map(|(i, edits)| {
        let mut chars: Vec<char> = SAMPLES[i].chars().collect();
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

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), mutated(), format_alphabet()]
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
}
