//! Game records: KIF, KI2 and CSA read and written, handicap starts, Shift_JIS, board
//! diagrams, comments, variations, errors with line numbers, and no panic on damaged files.

use shogi::notation::csa::CsaErrorKind;
use shogi::notation::japanese::JapaneseError;
use shogi::notation::kif::KifErrorKind;
use shogi::notation::record::Variation;
use shogi::notation::record::{Comment, MoveTime, Record, Termination};
use shogi::notation::resolve::MoveError;
use shogi::notation::{csa, ki2, kif, sfen, usi};
use shogi::rules::illegal::IllegalReason;
use shogi::rules::{Color, Handicap, Move, Position, Role, SetupError};

const KFW_GAME: &str = include_str!("data/kfw_game.kif");
const KFW_VARIATIONS: &str = include_str!("data/kfw_variations.kif");
const BOD_ENDGAME: &str = include_str!("data/bod_endgame.kif");
const LANCE_KIF: &str = include_str!("data/lance_handicap.kif");
const FLOODGATE_CSA: &str = include_str!("data/floodgate_style.csa");
const LANCE_CSA: &str = include_str!("data/lance_handicap.csa");

/// A small deterministic generator (64-bit LCG), so that test games repeat.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What kinds of move a played game holds.
#[derive(Default, Debug)]
struct Kinds {
    captures: usize,
    drops: usize,
    promotions: usize,
    declined_promotions: usize,
}

/// Plays up to `plies` legal moves from `start`, preferring at each turn a kind
/// of move the game still lacks, so that captures, drops, promotions and
/// declined promotions all appear.
fn play(start: Position, plies: usize, seed: u64) -> (Vec<Move>, Kinds) {
    let mut rng = Lcg(seed);
    let mut pos = start;
    let mut moves = Vec::new();
    let mut kinds = Kinds::default();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let capture = |m: &Move| m.from().is_some() && pos.piece_at(m.to()).is_some();
        let declined = |m: &Move| {
            m.from().is_some_and(|from| !m.is_promotion() && legal.contains(Move::normal(from, m.to(), true)))
        };
        let wanted: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                (kinds.declined_promotions == 0 && declined(m))
                    || (kinds.promotions == 0 && m.is_promotion())
                    || (kinds.drops < 3 && m.is_drop())
                    || (kinds.captures < 5 && capture(m))
            })
            .collect();
        let pool: &[Move] = if wanted.is_empty() { &legal } else { &wanted };
        let m = pool[rng.below(pool.len())];
        kinds.captures += usize::from(capture(&m));
        kinds.drops += usize::from(m.is_drop());
        kinds.promotions += usize::from(m.is_promotion());
        kinds.declined_promotions += usize::from(declined(&m));
        pos.play(m).unwrap();
        moves.push(m);
    }
    (moves, kinds)
}

fn played_record(start: Position, headers: &[(&str, &str)], termination: Termination) -> Record {
    let (moves, kinds) = play(start.clone(), 80, 7);
    assert!(
        kinds.captures > 0 && kinds.drops > 0 && kinds.promotions > 0 && kinds.declined_promotions > 0,
        "the test game should hold every kind of move: {kinds:?}"
    );
    let mut record = Record::new(start.clone());
    record.handicap = Handicap::detect(&start).map(|h| h.kif_name().to_string());
    record.headers = headers.iter().map(|&(k, v)| (k.to_string(), v.to_string())).collect();
    record.moves = moves;
    record.termination = Some(termination);
    record
}

const EVEN_HEADERS: &[(&str, &str)] =
    &[("先手", "Sente Player"), ("後手", "後手の人"), ("棋戦", "Test match"), ("開始日時", "2024/05/01 10:00:00")];

#[test]
fn kif_round_trips_a_played_game() {
    let record = played_record(Position::startpos(), EVEN_HEADERS, Termination::Resign);
    let text = kif::write(&record);
    assert!(text.contains("手合割：平手\n"), "{text}");
    assert!(text.contains("   1 "), "{text}");
    let read = kif::parse_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(read, record);
    assert_eq!(kif::write(&read), text);
    assert_eq!(kif::parse(text.as_bytes()).unwrap(), record);
}

#[test]
fn csa_round_trips_a_played_game() {
    let record = played_record(Position::startpos(), EVEN_HEADERS, Termination::Checkmate);
    let text = csa::write(&record);
    assert!(
        text.starts_with(
            "V2.2\nN+Sente Player\nN-後手の人\n$EVENT:Test match\n$START_TIME:2024/05/01 10:00:00\nPI\n+\n"
        ),
        "{text}"
    );
    assert!(text.ends_with("%TSUMI\n"), "{text}");
    let read = csa::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(read, record);
    assert_eq!(csa::write(&read), text);
}

#[test]
fn kif_and_csa_carry_the_same_game() {
    let record = played_record(Position::startpos(), EVEN_HEADERS, Termination::Timeout);
    let through_both = csa::parse(&csa::write(&kif::parse_str(&kif::write(&record)).unwrap())).unwrap();
    assert_eq!(through_both, record);
}

#[test]
fn every_termination_round_trips() {
    let start = Position::startpos();
    for termination in Termination::ALL {
        let mut record = Record::new(start.clone());
        record.handicap = Some("平手".to_string());
        record.moves = vec![usi::parse("7g7f").unwrap()];
        record.termination = Some(termination);
        assert_eq!(kif::parse_str(&kif::write(&record)).unwrap(), record, "{termination:?}");
        assert_eq!(csa::parse(&csa::write(&record)).unwrap(), record, "{termination:?}");
    }
}

#[test]
fn odd_header_keys_are_written_so_that_they_read_back() {
    let mut record = Record::new(Position::startpos());
    record.handicap = Some("平手".to_string());
    record.headers =
        [("TIME LIMIT", "10 min"), ("", "lost"), ("先手の持駒", "lost"), ("手合割", "香落ち"), ("備考", "a\nb")]
            .iter()
            .map(|&(k, v)| (k.to_string(), v.to_string()))
            .collect();
    let read = kif::parse_str(&kif::write(&record)).unwrap();
    assert_eq!(
        read.headers,
        [("TIME_LIMIT".to_string(), "10 min".to_string()), ("備考".to_string(), "a b".to_string())]
    );
    assert_eq!(read.handicap.as_deref(), Some("平手"));
    let e = csa::parse("$:x\nPI\n+\n").unwrap_err();
    assert_eq!((e.line, matches!(e.kind, CsaErrorKind::Syntax { .. })), (1, true));
}

#[test]
fn handicap_game_in_both_formats() {
    let headers = &[("下手", "Shitate"), ("上手", "Uwate")];
    let record = played_record(Handicap::Lance.position(), headers, Termination::Resign);
    assert_eq!(record.handicap.as_deref(), Some("香落ち"));
    assert_eq!(record.start.turn(), Color::Gote);

    let kif_text = kif::write(&record);
    assert!(kif_text.contains("手合割：香落ち\n"), "{kif_text}");
    assert!(kif_text.contains("上手：Uwate\n"), "{kif_text}");
    assert_eq!(kif::parse_str(&kif_text).unwrap(), record);

    let csa_text = csa::write(&record);
    assert!(csa_text.contains("\nPI11KY\n-\n"), "{csa_text}");
    assert!(csa_text.contains("'Lance handicap (香落ち)\n"), "{csa_text}");
    assert_eq!(csa::parse(&csa_text).unwrap(), record);
}

#[test]
fn every_handicap_start_round_trips() {
    for &handicap in Handicap::all() {
        let mut record = Record::new(handicap.position());
        record.handicap = Some(handicap.kif_name().to_string());
        let (moves, _) = play(handicap.position(), 6, 3);
        record.moves = moves;
        let kif_text = kif::write(&record);
        let diagram = matches!(handicap, Handicap::ThreePiece | Handicap::ThreePawns | Handicap::NakedKing);
        assert_eq!(kif_text.contains("手合割"), !diagram, "{handicap:?}: {kif_text}");
        assert_eq!(kif_text.contains("後手の持駒"), diagram, "{handicap:?}: {kif_text}");
        assert_eq!(kif::parse_str(&kif_text).unwrap(), record, "{handicap:?}: {kif_text}");
        let csa_text = csa::write(&record);
        assert!(csa_text.contains("\nPI"), "{handicap:?}: {csa_text}");
        assert_eq!(csa::parse(&csa_text).unwrap(), record, "{handicap:?}: {csa_text}");
    }
    let three_pawns = csa::write(&Record::new(Handicap::ThreePawns.position()));
    assert!(three_pawns.contains("\nP-00FU00FU00FU\n-\n"), "{three_pawns}");
}

#[test]
fn reads_a_kifu_for_windows_file_with_its_variation() {
    let record = kif::parse_str(KFW_GAME).unwrap();
    assert_eq!(record.header("先手"), Some("先手太郎"));
    assert_eq!(record.header("開始日時"), Some("2024/05/01(水) 10:00:00"));
    assert_eq!(record.header("手合割"), None);
    assert_eq!(record.handicap.as_deref(), Some("平手"));
    let usi: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(usi, ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "2b3c", "4e3d", "3c3d", "2g2f", "B*5e", "8i7g"]);
    assert_eq!(record.termination, Some(Termination::Resign));
    assert_eq!(record.variations, [timed(variation(4, "8b2b", Some(Termination::Resign)), &[(4, 1)])]);
    // The moves, times, comments, ends and variations are kept; an end without a time
    // (the variation's) is written with its side's total.
    let written = kif::write(&record);
    assert!(written.contains("   4 同　銀(31)   ( 0:01/00:00:04)+\n"), "{written}");
    assert!(written.contains("  12 投了         ( 0:01/00:00:40)\n"), "{written}");
    assert!(
        written.ends_with("\n\n変化：4手\n   4 同　飛(82)   ( 0:01/00:00:04)\n   5 投了         ( 0:00/00:00:07)\n")
    );
    assert!(written.contains("   5 ４五角打"), "{written}");
    assert!(written.contains("  12 投了"), "{written}");
    assert!(written.contains("まで11手で先手の勝ち"), "{written}");
    assert_eq!(kif::parse_str(&written).unwrap(), record);
}

#[test]
fn reads_a_board_diagram_with_hands_and_a_declined_promotion() {
    let record = kif::parse_str(BOD_ENDGAME).unwrap();
    assert_eq!(sfen::write_position(&record.start), "4+p2kl/9/6S1p/9/9/9/9/9/+R3K4 b G2P 1");
    assert_eq!(record.handicap, None);
    assert_eq!(record.moves[0], Move::normal(sq("3c"), sq("2b"), false));
    assert_eq!(record.moves.len(), 6);
    assert_eq!(record.termination, Some(Termination::Abort));
    assert_eq!(record.end_position().hand(Color::Gote).count(Role::Pawn), 1);
    let written = kif::write(&record);
    assert!(written.contains("後手の持駒：なし\n"), "{written}");
    assert!(written.contains("\n| ・ ・ ・ ・vと ・ ・v玉v香|一\n"), "{written}");
    assert!(written.contains("先手の持駒：金\u{3000}歩二\u{3000}\n先手番\n"), "{written}");
    assert!(written.contains("   1 ２二銀(33)"), "{written}");
    assert_eq!(kif::parse_str(&written).unwrap(), record);
    // The diagram carries gote to move too.
    let gote_to_move = BOD_ENDGAME.replace("先手番", "後手番").replace("   1 ２二銀不成(33)", "   1 １四歩(13)");
    let record = kif::parse_str(gote_to_move.split("   2 ").next().unwrap()).unwrap();
    assert_eq!(record.start.turn(), Color::Gote);
    assert_eq!(kif::parse_str(&kif::write(&record)).unwrap(), record);
}

#[test]
fn reads_handicap_headers() {
    let record = kif::parse_str(LANCE_KIF).unwrap();
    assert_eq!(record.handicap.as_deref(), Some("香落ち"));
    assert_eq!(record.start, Handicap::Lance.position());
    assert_eq!(record.header("上手"), Some("上手の先生"));
    assert_eq!(record.header("下手"), Some("下手の生徒"));
    assert_eq!(record.moves[0].to_string(), "3c3d");
    let written = kif::write(&record);
    assert!(written.contains("まで2手で下手の勝ち"), "{written}");

    let record = csa::parse(LANCE_CSA).unwrap();
    assert_eq!(record.handicap.as_deref(), Some("香落ち"));
    assert_eq!(record.header("下手"), Some("shitate"));
    assert_eq!(record.header("上手"), Some("uwate"));
    assert_eq!(record.termination, Some(Termination::Abort));
    assert_eq!(record.moves.len(), 2);
}

#[test]
fn reads_a_floodgate_style_csa_file() {
    let record = csa::parse(FLOODGATE_CSA).unwrap();
    assert_eq!(record.header("先手"), Some("sente_player"));
    assert_eq!(record.header("棋戦"), Some("テスト対局"));
    assert_eq!(record.header("持ち時間"), Some("00:10+10"));
    assert_eq!(record.header("MAX_MOVES"), Some("256"));
    let usi: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(usi, ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "2b3c", "4e3d", "3c3d"]);
    assert_eq!(record.termination, Some(Termination::Resign));
    // The same game as the KIF fixture, up to gote's eighth ply.
    assert_eq!(kif::parse_str(KFW_GAME).unwrap().moves[..8], record.moves[..]);
    let written = csa::write(&record);
    assert!(written.contains("$MAX_MOVES:256\n"), "{written}");
    assert!(written.contains("\n+8822UM\n"), "{written}");
    assert_eq!(csa::parse(&written).unwrap(), record);
}

#[test]
fn csa_full_board_and_piece_lines() {
    let text = "V2\nP1 *  *  *  *  *  *  * -OU * \nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  * +GI *  * \n\
                P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \n\
                P7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  * +OU *  *  *  * \n\
                P+00KI00FU\nP-00AL\n+\n+3322GI\n-2122OU\n%KACHI\n";
    let record = csa::parse(text).unwrap();
    assert_eq!(sfen::write_position(&record.start), "7k1/9/6S2/9/9/9/9/9/4K4 b GP2r2b3g3s4n4l17p 1");
    assert_eq!(record.moves[0], Move::normal(sq("3c"), sq("2b"), false));
    assert_eq!(record.termination, Some(Termination::ImpasseDeclaration));
    let written = csa::write(&record);
    assert!(written.contains("P1 *  *  *  *  *  *  * -OU * \n"), "{written}");
    assert!(written.contains("P-00HI00HI00KA00KA00KI00KI00KI00GI"), "{written}");
    assert_eq!(csa::parse(&written).unwrap(), record);
    // Promotion is read from the piece name after the move.
    let promoted = csa::parse(&text.replace("+3322GI", "+3322NG")).unwrap();
    assert_eq!(promoted.moves[0], Move::normal(sq("3c"), sq("2b"), true));
}

#[test]
fn shift_jis_and_bom_files_read_like_utf8() {
    let expected = kif::parse_str(KFW_GAME).unwrap();
    let (sjis, _, unmappable) = encoding_rs::SHIFT_JIS.encode(KFW_GAME);
    assert!(!unmappable);
    assert!(std::str::from_utf8(&sjis).is_err(), "the fixture must really be Shift_JIS bytes");
    assert_eq!(kif::parse(&sjis).unwrap(), expected);
    let declared = format!("#KIF version=2.0 encoding=Shift_JIS\r\n{}", KFW_GAME.replace('\n', "\r\n"));
    assert_eq!(kif::parse(&encoding_rs::SHIFT_JIS.encode(&declared).0).unwrap(), expected);
    let bom = [b"\xEF\xBB\xBF".as_slice(), KFW_GAME.as_bytes()].concat();
    assert_eq!(kif::parse(&bom).unwrap(), expected);
    let csa_sjis = encoding_rs::SHIFT_JIS.encode(&FLOODGATE_CSA.replace("'CSA encoding=UTF-8\n", "")).0.into_owned();
    assert_eq!(csa::parse_bytes(&csa_sjis).unwrap(), csa::parse(FLOODGATE_CSA).unwrap());
}

fn sq(name: &str) -> shogi::rules::Square {
    shogi::rules::Square::from_usi(name).unwrap()
}

/// The KIF error for `moves` after an even-game header, which takes 2 lines.
fn kif_error(body: &str) -> kif::KifError {
    kif::parse_str(&format!("手合割：平手\n手数----指手---------消費時間--\n{body}")).unwrap_err()
}

#[test]
fn kif_errors_name_the_line_and_reason() {
    let e = kif_error("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７四歩(76)\n");
    assert_eq!(e.line, 5);
    assert_eq!(e.to_string(), "line 5: ７四歩(76) is not legal: a pawn on 7f cannot reach 7d");
    let e = kif_error("   1 同　歩(77)\n");
    assert_eq!((e.line, matches!(e.kind, KifErrorKind::NoPreviousMove { .. })), (3, true));
    let e = kif_error("   1 ５五角打\n");
    assert_eq!(
        e.kind,
        KifErrorKind::IllegalMove {
            text: "５五角打".into(),
            reason: IllegalReason::NotInHand { color: Color::Sente, role: Role::Bishop },
        }
    );
    let e = kif_error("   1 ７六銀(77)\n");
    assert_eq!(e.to_string(), "line 3: ７六銀(77) is not legal: the piece on 7g is a pawn, not a silver");
    let e = kif_error("   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n");
    assert_eq!((e.line, matches!(e.kind, KifErrorKind::MoveAfterEnd { .. })), (5, true));
    let e = kif_error("   1 ７六歩(77)\nhello\n");
    assert_eq!((e.line, matches!(e.kind, KifErrorKind::UnexpectedLine { .. })), (4, true));
    let e = kif_error("   1 ７x歩(77)\n");
    assert!(matches!(e.kind, KifErrorKind::MoveSyntax { .. }), "{e}");

    let e = kif::parse_str("先手：A\n手合割：五枚落ち\n   1 ７六歩(77)\n").unwrap_err();
    assert_eq!((e.line, e.kind), (2, KifErrorKind::UnknownHandicap { name: "五枚落ち".into() }));
    let short_board: String = BOD_ENDGAME.lines().filter(|l| !l.ends_with("|五")).map(|l| format!("{l}\n")).collect();
    let e = kif::parse_str(&short_board).unwrap_err();
    assert_eq!((e.line, e.kind), (2, KifErrorKind::BoardRows { found: 8 }));
    let e = kif::parse_str(&BOD_ENDGAME.replace("| 龍 ・", "| 玉 ・")).unwrap_err();
    assert_eq!(e.kind, KifErrorKind::Position(SetupError::TooManyKings { color: Color::Sente }));
    let e = kif::parse_str(&BOD_ENDGAME.replace(" 銀 ・v歩|三", " 銀|三")).unwrap_err();
    assert_eq!((e.line, matches!(e.kind, KifErrorKind::BoardRow { .. })), (7, true));
    let e = kif::parse_str(&BOD_ENDGAME.replace("金　歩二", "金　成香")).unwrap_err();
    assert_eq!((e.line, e.kind), (15, KifErrorKind::HandPiece { text: "成香".into() }));

    // A CSA file is no KIF; an ASCII diagram frame is.
    let e = kif::parse_str(FLOODGATE_CSA).unwrap_err();
    assert_eq!((e.line, matches!(e.kind, KifErrorKind::UnexpectedLine { .. })), (1, true), "{e}");
    let ascii_frame = BOD_ENDGAME.replace("  ９ ８ ７ ６ ５ ４ ３ ２ １", "  9  8  7  6  5  4  3  2  1");
    assert_eq!(kif::parse_str(&ascii_frame).unwrap(), kif::parse_str(BOD_ENDGAME).unwrap());

    let bad_utf8 = [b"#KIF version=2.0 encoding=UTF-8\n\xFF\n".as_slice()].concat();
    let e = kif::parse(&bad_utf8).unwrap_err();
    assert_eq!((e.line, e.kind), (2, KifErrorKind::Encoding));
}

#[test]
fn csa_errors_name_the_line_and_reason() {
    let e = csa::parse("V2.2\nPI\n+\n-3334FU\n").unwrap_err();
    assert_eq!(e.to_string(), "line 4: -3334FU is not legal: it is sente's turn");
    let e = csa::parse("V2.2\nPI\n+\n+7776FU\n-3334FU\n+7674FU\n").unwrap_err();
    assert_eq!(e.to_string(), "line 6: +7674FU is not legal: a pawn on 7f cannot reach 7d");
    let e = csa::parse("PI\n+\n+7776FU,-3334FU,+8822RY\n").unwrap_err();
    assert_eq!(e.to_string(), "line 3: +8822RY is not legal: the piece on 8h is a bishop, not a dragon");
    // A bishop may take on 2b without promoting.
    assert_eq!(
        csa::parse("PI\n+\n+7776FU,-3334FU,+8822KA\n").unwrap().moves[2],
        Move::normal(sq("8h"), sq("2b"), false)
    );
    let e = csa::parse("V2.2\n+7776FU\n").unwrap_err();
    assert_eq!((e.line, matches!(e.kind, CsaErrorKind::NoStartPosition { .. })), (2, true));
    let e = csa::parse("V2.2\nPI55FU\n+\n").unwrap_err();
    assert_eq!((e.line, e.kind), (2, CsaErrorKind::NothingToRemove { text: "55FU".into() }));
    let e = csa::parse("P1-KY-KE\n").unwrap_err();
    assert!(matches!(e.kind, CsaErrorKind::Syntax { .. }), "{e}");
    let e = csa::parse("PI\n+\n%MATTA\n").unwrap_err();
    assert_eq!((e.line, matches!(e.kind, CsaErrorKind::UnsupportedEnd { .. })), (3, true));
    let e = csa::parse("PI\nX\n").unwrap_err();
    assert_eq!((e.line, matches!(e.kind, CsaErrorKind::UnknownStatement { .. })), (2, true));
    let e = csa::parse("V2.2\nN+a\n").unwrap_err();
    assert_eq!((e.line, e.kind), (2, CsaErrorKind::MissingPosition));
    let e = csa::parse("PI\n+\n%TORYO\n+7776FU\n").unwrap_err();
    assert!(matches!(e.kind, CsaErrorKind::MoveAfterEnd { .. }), "{e}");
    let e = csa::parse("P+00FU00FU\nP-00AL\nP+00FU\n+\n").unwrap_err();
    assert!(matches!(e.kind, CsaErrorKind::Position(SetupError::TooManyPieces { role: Role::Pawn, .. })), "{e}");
    let e = csa::parse("PI\n+\n+0055KA\n").unwrap_err();
    assert!(e.to_string().ends_with("sente has no bishop in hand"), "{e}");
}

/// Every kind of damage a file can suffer: cut short anywhere, characters
/// inserted, replaced or deleted at random, huge numbers, random bytes.
#[test]
fn damaged_files_give_errors_not_panics() {
    let record = played_record(Position::startpos(), EVEN_HEADERS, Termination::Resign);
    let texts = [
        KFW_GAME.to_string(),
        BOD_ENDGAME.to_string(),
        LANCE_KIF.to_string(),
        FLOODGATE_CSA.to_string(),
        LANCE_CSA.to_string(),
        kif::write(&record),
        csa::write(&record),
        ki2::write(&record),
        ki2::write(&kif::parse_str(KFW_GAME).unwrap()),
        KFW_VARIATIONS.to_string(),
        ki2::write(&kif::parse_str(KFW_VARIATIONS).unwrap()),
    ];
    let try_all = |text: &str| {
        let _ = kif::parse_str(text);
        let _ = ki2::parse_str(text);
        let _ = csa::parse(text);
    };
    for text in &texts {
        for (cut, _) in text.char_indices() {
            try_all(&text[..cut]);
            let _ = kif::parse(&text.as_bytes()[..cut + 1]);
            let _ = ki2::parse(&text.as_bytes()[..cut + 1]);
            let _ = csa::parse_bytes(&text.as_bytes()[..cut + 1]);
        }
    }
    const PIECES: &[&str] = &[
        "|",
        "v",
        "・",
        "同",
        "　",
        "打",
        "成",
        "不成",
        "(",
        ")",
        "+",
        "-",
        "%",
        ",",
        "P",
        "I",
        "00",
        "AL",
        "：",
        "\n",
        "歩",
        "成香",
        "玉",
        "十",
        "九",
        "１",
        "9",
        "0",
        "99999999999999999999",
        "🐉",
        "\u{feff}",
        "\r",
        "*",
        "変化",
        "変化：3手",
        "手合割：",
        "先手の持駒：",
        "後手番",
        "P+00FU",
        "-",
        "T",
        "$",
        "N+",
        "'",
        "|v香v桂v銀v金v玉v金v銀v桂v香|一",
        "▲",
        "△",
        "右",
        "上",
        "まで",
        "手で",
    ];
    let mut rng = Lcg(11);
    for _ in 0..3000 {
        let mut text = texts[rng.below(texts.len())].clone();
        for _ in 0..1 + rng.below(6) {
            let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
            let at = boundaries[rng.below(boundaries.len())];
            let piece = PIECES[rng.below(PIECES.len())];
            match rng.below(3) {
                0 => text.insert_str(at, piece),
                1 => {
                    let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
                    text.replace_range(at..end, piece);
                }
                _ => {
                    let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
                    text.replace_range(at..end, "");
                }
            }
        }
        try_all(&text);
    }
    for _ in 0..500 {
        let bytes: Vec<u8> = (0..rng.below(300)).map(|_| rng.next() as u8).collect();
        let _ = kif::parse(&bytes);
        let _ = ki2::parse(&bytes);
        let _ = csa::parse_bytes(&bytes);
    }
    let huge = [
        "99999999999999999999999999 ７六歩(77)\n",
        "先手の持駒：歩九十九　歩九十九　歩九十九　歩九十九\n   1 ７六歩(77)\n",
        &format!("P{}\n+\n", "+00FU".repeat(400)),
        &format!("PI\nP-00AL\nP+00AL\n{}\n", "+".repeat(5000)),
        &"|".repeat(10000),
        &"   1 ".repeat(1000),
        &"▲７六歩△同　歩".repeat(1000),
    ];
    for text in huge {
        try_all(text);
    }
    let e = kif::parse_str(huge[1]).unwrap_err();
    assert!(matches!(e.kind, KifErrorKind::Position(SetupError::TooManyPieces { .. })), "{e}");
}

/// The seed's sample game (Trent vs Murphy), read from its own western notation,
/// survives KIF, KI2 and CSA both ways, ending in gote's resignation.
#[test]
fn sample_game_round_trips_through_kif_ki2_and_csa() {
    use shogi::notation::record::Termination;
    use shogi::notation::western;
    use shogi::rules::Position;

    let game = western::parse_game(include_str!("data/trent_murphy.txt"), Position::startpos()).unwrap();
    assert_eq!(game.moves.len(), 71);
    assert_eq!(game.termination, Some(Termination::Resign));

    let kif = shogi::notation::kif::write(&game);
    let from_kif = shogi::notation::kif::parse_str(&kif).unwrap();
    assert_eq!(from_kif.moves, game.moves);
    assert_eq!(from_kif.termination, Some(Termination::Resign));

    let csa = shogi::notation::csa::write(&from_kif);
    let from_csa = shogi::notation::csa::parse(&csa).unwrap();
    assert_eq!(from_csa.moves, game.moves);
    assert_eq!(from_csa.termination, Some(Termination::Resign));
    assert_eq!(from_csa.header("先手"), Some("Michael Trent (1-dan)"));

    // data/trent_murphy.ki2 is this game as KI2 (the browser tests replay it): written by
    // ki2::write, and read back the same.
    let ki2_file = include_str!("data/trent_murphy.ki2");
    assert_eq!(shogi::notation::ki2::write(&game), ki2_file);
    let from_ki2 = shogi::notation::ki2::parse_str(ki2_file).unwrap();
    assert_eq!((from_ki2.moves, from_ki2.termination), (game.moves, Some(Termination::Resign)));
}

fn comment(ply: usize, text: &str) -> Comment {
    Comment { ply, text: text.to_string() }
}

fn usi_moves(record: &Record) -> Vec<String> {
    record.moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn kif_comments_stay_with_their_moves() {
    let record = kif::parse_str(KFW_GAME).unwrap();
    assert_eq!(record.comments, [comment(0, "対局前のコメント"), comment(3, "角交換")]);
    let written = kif::write(&record);
    assert!(written.contains("手数----指手---------消費時間--\n*対局前のコメント\n   1 ７六歩(77)"), "{written}");
    assert!(written.contains("   3 ２二角成(88) ( 0:02/00:00:07)\n*角交換\n   4 同　銀(31)"), "{written}");
    assert_eq!(kif::parse_str(&written).unwrap(), record);

    let mut record = played_record(Position::startpos(), EVEN_HEADERS, Termination::Resign);
    let last = record.moves.len();
    record.comments =
        vec![comment(0, "before"), comment(0, ""), comment(1, " indented"), comment(last, "the end"), comment(5, "*")];
    record.comments.sort_by_key(|c| c.ply);
    assert_eq!(kif::parse_str(&kif::write(&record)).unwrap(), record);
    // A comment over several lines comes back as one comment a line.
    let mut multi_line = Record::new(Position::startpos());
    multi_line.comments = vec![comment(0, "one\ntwo")];
    assert_eq!(kif::parse_str(&kif::write(&multi_line)).unwrap().comments, [comment(0, "one"), comment(0, "two")]);
}

#[test]
fn ki2_round_trips_the_sample_games() {
    let mut trent_murphy =
        shogi::notation::western::parse_game(include_str!("data/trent_murphy.txt"), Position::startpos()).unwrap();
    trent_murphy.handicap = Some("平手".to_string());
    let mut played = played_record(Position::startpos(), EVEN_HEADERS, Termination::Resign);
    played.comments = vec![comment(0, "start"), comment(6, "sixth"), comment(7, "seventh"), comment(7, "again")];
    let records = [kif::parse_str(KFW_GAME).unwrap(), trent_murphy, played, kif::parse_str(BOD_ENDGAME).unwrap()];
    for record in records.iter().map(untimed) {
        let text = ki2::write(&record);
        assert!(text.lines().filter(|l| ki2::is_move_line(l)).all(|l| !l.contains('(')), "no origins: {text}");
        let read = ki2::parse_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(read, record, "{text}");
        assert_eq!(ki2::write(&read), text);
        assert_eq!(ki2::parse(text.as_bytes()).unwrap(), record);
    }
    let text = ki2::write(&kif::parse_str(KFW_GAME).unwrap());
    assert_eq!(
        text,
        "#KI2 version=2.0 encoding=UTF-8\n開始日時：2024/05/01(水) 10:00:00\n棋戦：テスト対局\n先手：先手太郎\n後手：後手花子\n\
         手合割：平手\n*対局前のコメント\n▲７六歩    △３四歩    ▲２二角成\n*角交換\n△同　銀    ▲４五角    △３三銀    \
         ▲３四角    △同　銀    ▲２六歩\n△５五角    ▲７七桂\nまで11手で先手の勝ち\n\n変化：4手\n△同　飛\n\
         まで4手で後手の勝ち\n"
    );
}

/// Every handicap, three of which are written as board diagrams, and every end.
#[test]
fn ki2_and_kif_carry_every_termination_and_handicap() {
    for termination in Termination::ALL {
        for &handicap in Handicap::all() {
            let mut record = Record::new(handicap.position());
            record.handicap = Some(handicap.kif_name().to_string());
            record.moves = play(handicap.position(), 3, 5).0;
            record.termination = Some(termination);
            let text = ki2::write(&record);
            assert_eq!(ki2::parse_str(&text).unwrap(), record, "{text}");
            assert_eq!(kif::parse_str(&kif::write(&record)).unwrap(), record);
        }
    }
}

/// A real opening as a person would write it: 同, a drop marked 打, a promotion and a
/// declined one, golds told apart by 右 on both sides, a comment and the end.
#[test]
fn reads_a_hand_written_ki2_opening() {
    let text = "先手：Sente\n後手：Gote\n手合割：平手\n\
                ▲７六歩    △３四歩    ▲２二角成  △同　銀    ▲４五角打  △５二金右\n\
                *角交換から角を打つ\n\
                ▲３四角    △６二銀    ▲２三角不成  △同　銀 ▲５八金右\n\
                まで11手で中断\n";
    let record = ki2::parse_str(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        usi_moves(&record),
        ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "6a5b", "4e3d", "7a6b", "3d2c", "2b2c", "4i5h"]
    );
    assert_eq!(record.termination, Some(Termination::Abort));
    assert_eq!(record.comments, [comment(6, "角交換から角を打つ")]);
    assert_eq!((record.header("先手"), record.handicap.as_deref()), (Some("Sente"), Some("平手")));
    // Written back with the fewest words: the bishop drop needs no 打 here.
    let written = ki2::write(&record);
    assert!(written.contains("▲４五角    △５二金右\n"), "{written}");
    assert!(written.contains("▲２三角不成 △同　銀    ▲５八金右\nまで11手で中断\n"), "{written}");
}

#[test]
fn reads_a_handicap_ki2_where_gote_moves_first() {
    let text = "手合割：香落ち\n上手：上手の先生\n下手：下手の生徒\n\n△３四歩    ▲７六歩    △４四歩    ▲２六歩\nまで4手で下手の勝ち\n";
    let record = ki2::parse_str(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(record.start, Handicap::Lance.position());
    assert_eq!((record.start.turn(), record.handicap.as_deref()), (Color::Gote, Some("香落ち")));
    assert_eq!(usi_moves(&record), ["3c3d", "7g7f", "4c4d", "2g2f"]);
    assert_eq!(record.termination, Some(Termination::Resign));
    assert_eq!(record.header("上手"), Some("上手の先生"));
    let written = ki2::write(&record);
    assert!(written.contains("手合割：香落ち\n△３四歩    ▲７六歩"), "{written}");
    assert!(written.ends_with("\nまで4手で下手の勝ち\n"), "{written}");
}

/// The KI2 error for `moves` after an even-game header, which takes 1 line.
fn ki2_error(moves: &str) -> kif::KifError {
    ki2::parse_str(&format!("手合割：平手\n{moves}")).unwrap_err()
}

#[test]
fn ki2_errors_name_the_line_and_reason() {
    let e = ki2_error("▲７六歩    △３四歩\n▲７四歩\n");
    assert_eq!(e.line, 3);
    assert_eq!(e.to_string(), "line 3: ▲７四歩: no pawn can reach 7d");
    let e = ki2_error("▲５八金\n");
    assert_eq!(e.to_string(), "line 2: ▲５八金: ambiguous: gold 6i or 4i can reach 5h; write ５八金左 or ５八金右");
    assert!(matches!(
        e.kind,
        KifErrorKind::Ki2Move { error: JapaneseError::Unclear { error: MoveError::Ambiguous { .. }, .. }, .. }
    ));
    let e = ki2_error("▲７六歩    ▲２六歩\n");
    assert_eq!(e.to_string(), "line 2: ▲２六歩: the move is marked for sente, who is not to move");
    let e = ki2_error("▲７六歩\nまで1手で中断\n△３四歩\n");
    assert_eq!((e.line, e.kind), (4, KifErrorKind::MoveAfterEnd { text: "△３四歩".into() }));
    let e = ki2_error("▲同　歩\n");
    assert_eq!((e.line, e.kind), (2, KifErrorKind::NoPreviousMove { text: "▲同　歩".into() }));
    let e = ki2_error("▲７六歩 △３Ｘ歩\n");
    assert!(matches!(&e.kind, KifErrorKind::MoveSyntax { text, .. } if text == "△３Ｘ歩"), "{e}");
    let e = ki2_error("▲７六歩\nhello\n");
    assert_eq!((e.line, matches!(e.kind, KifErrorKind::UnexpectedLine { .. })), (3, true));
    // A KIF file is no KI2, nor the other way round.
    let e = ki2::parse_str(KFW_GAME).unwrap_err();
    assert_eq!((e.line, matches!(e.kind, KifErrorKind::UnexpectedLine { .. })), (9, true), "{e}");
    let e = kif::parse_str("手合割：平手\n▲７六歩\n").unwrap_err();
    assert_eq!((e.line, matches!(e.kind, KifErrorKind::UnexpectedLine { .. })), (2, true), "{e}");
}

fn variation(ply: usize, moves: &str, termination: Option<Termination>) -> Variation {
    let moves = moves.split_whitespace().map(|m| usi::parse(m).unwrap()).collect();
    Variation { ply, moves, termination, comments: Vec::new(), times: Vec::new(), variations: Vec::new() }
}

/// `variation` with the times of its steps, `(ply, seconds)` each.
fn timed(variation: Variation, times: &[(usize, u64)]) -> Variation {
    let times = times.iter().map(|&(ply, seconds)| MoveTime { ply, ms: seconds * 1000 }).collect();
    Variation { times, ..variation }
}

/// `record` without its times, as a format without them (KI2) reads it back.
fn untimed(record: &Record) -> Record {
    let mut record = record.clone();
    record.times.clear();
    let mut pending: Vec<&mut Variation> = record.variations.iter_mut().collect();
    while let Some(variation) = pending.pop() {
        variation.times.clear();
        pending.extend(variation.variations.iter_mut());
    }
    record
}

fn usi_text(moves: &[Move]) -> String {
    moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" ")
}

/// KIF text with every move line's time blank, as the writer leaves it.
fn blank_times(text: &str) -> String {
    let blank = |line: &str| match line.rfind(" (").filter(|&at| line[at..].contains('/')) {
        Some(at) => format!("{} ( 0:00/00:00:00){}", &line[..at], if line.ends_with('+') { "+" } else { "" }),
        None => line.to_string(),
    };
    text.lines().map(|line| blank(line) + "\n").collect()
}

/// The moves section of a KIF text: from the line over the moves on.
fn moves_section(text: &str) -> &str {
    &text[text.find("手数----").unwrap()..]
}

#[test]
fn reads_nested_variations_in_kifu_for_windows_order() {
    let record = kif::parse_str(KFW_VARIATIONS).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(usi_text(&record.moves), "7g7f 3c3d 2g2f 4c4d 3i4h 8b4b 5i6h 5a6b 6h7h 6b7b");
    assert_eq!(record.termination, Some(Termination::Abort));
    assert_eq!(record.comments, [comment(0, "序盤の研究"), comment(4, "振り飛車を明示")]);
    let tree: Vec<(Vec<usize>, usize, String, Option<Termination>)> = record
        .branches()
        .into_iter()
        .skip(1)
        .map(|branch| (branch.path, branch.ply, usi_text(branch.moves), branch.termination))
        .collect();
    let expected = [
        (vec![0], 2, "8c8d 2g2f 8d8e 8h7g 3c3d", None),
        (vec![0, 0], 4, "3c3d 2f2e", None),
        (vec![1], 4, "8c8d 2f2e 8d8e 2e2d 2c2d 2h2d", Some(Termination::Resign)),
        (vec![1, 0], 6, "2b3c 3i4h", None),
        (vec![2], 4, "6c6d", None),
        (vec![3], 6, "8b3b 5i6h", None),
    ]
    .map(|(path, ply, moves, end)| (path, ply, moves.to_string(), end));
    assert_eq!(tree, expected);
    assert_eq!(record.variations[0].comments, [comment(3, "相居飛車")]);
    assert_eq!(record.variations[3].comments, [comment(7, "三間飛車")]);
    assert_eq!(usi_text(&record.line(&[1, 0]).unwrap().moves), "7g7f 3c3d 2g2f 8c8d 2f2e 2b3c 3i4h");
    // Written back as Kifu for Windows wrote it, times and all.
    let written = kif::write(&record);
    assert_eq!(moves_section(&written), moves_section(KFW_VARIATIONS));
    assert_eq!(kif::parse_str(&written).unwrap(), record);
    // CSA has no variations: it writes the main line alone.
    let mut main_line = record.clone();
    main_line.variations.clear();
    assert_eq!(csa::write(&record), csa::write(&main_line));
}

/// Starts a variation at move `ply` of the line at `path` with a legal move other than the
/// line's own, picked by `seed`, plays up to `plies - 1` more, and returns its path.
fn branch_off(record: &mut Record, path: &[usize], ply: usize, plies: usize, seed: u64) -> Vec<usize> {
    let line = record.line(path).unwrap().moves;
    let mut pos = record.start.clone();
    for &m in &line[..ply - 1] {
        pos.play(m).unwrap();
    }
    let others: Vec<Move> = pos.legal_moves().iter().copied().filter(|&m| line.get(ply - 1) != Some(&m)).collect();
    let first = others[seed as usize % others.len()];
    pos.play(first).unwrap();
    let mut at = record.play_at(path, ply, first).unwrap();
    for (index, m) in play(pos, plies - 1, seed).0.into_iter().enumerate() {
        at = record.play_at(&at, ply + 1 + index, m).unwrap();
    }
    at
}

#[test]
fn kif_and_ki2_round_trip_nested_variations() {
    let mut record = played_record(Position::startpos(), EVEN_HEADERS, Termination::Resign);
    record.comments = vec![comment(0, "start"), comment(9, "before the branches")];
    // Three levels deep from move 10, a sibling there, and a later variation that ends.
    let outer = branch_off(&mut record, &[], 10, 8, 1);
    let inner = branch_off(&mut record, &outer, 13, 5, 2);
    assert_eq!(branch_off(&mut record, &inner, 15, 3, 3), [0, 0, 0]);
    assert_eq!(branch_off(&mut record, &[], 10, 4, 4), [1]);
    let late = branch_off(&mut record, &[], 30, 6, 5);
    assert_eq!(record.end_at(&late, 36, Termination::Abort), Some(vec![2]));
    // Resigning instead of move 20, another move instead of the main line's resignation,
    // and another first move, which comes first: the paths above shift by one.
    assert_eq!(record.end_at(&[], 20, Termination::Resign), Some(vec![2]));
    assert_eq!(branch_off(&mut record, &[], 81, 3, 6), [4]);
    assert_eq!(branch_off(&mut record, &[], 1, 2, 7), [0]);
    for (path, ply, text) in [
        (&[1, 0, 0][..], 17, "deep"),
        (&[1, 0], 13, "on its first move"),
        (&[2], 13, "the sibling's last"),
        (&[4], 35, "late"),
    ] {
        record.add_comment(path, ply, text.to_string()).unwrap();
    }
    assert_eq!(record.branches().len(), 9);
    let round_trip = |record: &Record| {
        for (write, read) in [
            (kif::write as fn(&Record) -> String, kif::parse_str as fn(&str) -> Result<Record, kif::KifError>),
            (ki2::write, ki2::parse_str),
        ] {
            let text = write(record);
            assert_eq!(text.matches("\n\n変化：").count(), 8, "{text}");
            let read_back = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(&read_back, record, "{text}");
            assert_eq!(write(&read_back), text);
        }
    };
    round_trip(&record);
    // The same after the innermost line becomes the main line.
    let innermost = record.line(&[1, 0, 0]).unwrap();
    assert!(record.promote(&[1, 0, 0]));
    assert_eq!(record.line(&[]).unwrap(), innermost);
    round_trip(&record);
}

/// What tsshogi's `exportKIF` (ShogiHome's writer) gives for a game with a variation, from
/// its own test, times and all.
const TSSHOGI_KIF: &str = "先手：藤井
後手：大山
手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:08/00:00:08)
   2 ３四歩(33)   ( 0:12/00:00:12)
*2手目へのコメント
*2手目へのコメント2
   3 ２二角成(88) ( 0:15/00:00:23)
   4 同　銀(31)   ( 0:03/00:00:15)+
   5 ４五角打     ( 0:06/00:00:29)
   6 中断         ( 0:00/00:00:15)

変化：4手
   4 同　飛(82)   ( 0:05/00:00:17)
   5 投了         ( 0:07/00:00:30)
";

#[test]
fn reads_and_writes_a_kif_as_shogihome_writes_it() {
    let record = kif::parse_str(TSSHOGI_KIF).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(usi_text(&record.moves), "7g7f 3c3d 8h2b+ 3a2b B*4e");
    assert_eq!(record.termination, Some(Termination::Abort));
    assert_eq!(record.comments, [comment(2, "2手目へのコメント"), comment(2, "2手目へのコメント2")]);
    // 同 in the variation takes the square of the move before it branches off.
    assert_eq!(record.variations, [timed(variation(4, "8b2b", Some(Termination::Resign)), &[(4, 5), (5, 7)])]);
    // Written the same, times and all, but for the format line and Kifu for Windows's summary.
    let expected =
        TSSHOGI_KIF.replace("中断         ( 0:00/00:00:15)\n", "中断         ( 0:00/00:00:15)\nまで5手で中断\n");
    assert_eq!(kif::write(&record), format!("#KIF version=2.0 encoding=UTF-8\n{expected}"));
    // KI2 as tsshogi's `exportKI2` writes the variation.
    assert!(ki2::write(&record).ends_with("まで5手で中断\n\n変化：4手\n△同　飛\nまで4手で後手の勝ち\n"));
}

/// tsshogi's own KI2 test file: bookmarks (`&`), a comment, a variation at move 10 that
/// ends in words the Kifu for Windows family does not write (`まで13手で投了`).
#[test]
fn reads_a_ki2_variation_as_shogihome_reads_it() {
    let text = "
開始日時：1582/06/02 04:00:00
棋戦：本能寺の変
先手：織田信長
後手：明智光秀

&開始局面
▲２六歩    △３四歩    ▲７六歩    △５四歩    ▲４八銀    △５二飛
▲６八玉    △５五歩    ▲７八玉
&第9手、▲７八玉
△４二銀    ▲５六歩
*角が浮いた瞬間に反発する。
△３三銀    ▲５五歩    △４四銀    ▲５七銀    △５五銀    ▲５六歩
△４四銀    ▲５八金右
まで19手で中断

変化：10手
△３三角    ▲６八銀    △４二銀    ▲５八金右
まで13手で投了
";
    let record = ki2::parse_str(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((record.moves.len(), record.termination), (19, Some(Termination::Abort)));
    assert_eq!(record.moves[18].to_string(), "4i5h");
    assert_eq!(record.comments, [comment(11, "角が浮いた瞬間に反発する。")]);
    assert_eq!(record.variations, [variation(10, "2b3c 7i6h 3a4b 4i5h", None)]);
    let written = ki2::write(&record);
    assert!(
        written.ends_with("まで19手で中断\n\n変化：10手\n△３三角    ▲６八銀    △４二銀    ▲５八金右\n"),
        "{written}"
    );
    assert_eq!(ki2::parse_str(&written).unwrap(), record);
}

#[test]
fn variation_errors_name_the_line_and_reason() {
    let two_moves = "   1 ７六歩(77)\n   2 ３四歩(33)\n";
    // An illegal move in a variation, and in a variation of it.
    let e = kif_error(&format!("{two_moves}\n変化：2手\n   2 ３五歩(33)\n"));
    assert_eq!(e.to_string(), "line 7: ３五歩(33) is not legal: a pawn on 3c cannot reach 3e");
    let e =
        kif_error(&format!("{two_moves}\n変化：2手\n   2 ８四歩(83)\n   3 ２六歩(27)\n変化：3手\n   3 ８五歩(84)\n"));
    assert_eq!((e.line, matches!(e.kind, KifErrorKind::IllegalMove { .. })), (10, true), "{e}");
    // 同 in a variation names the square of the move before it.
    let e = kif_error(&format!("{two_moves}\n変化：2手\n   2 同　歩(73)\n"));
    assert_eq!(e.to_string(), "line 7: 同　歩(73) is not legal: a pawn on 7c cannot reach 7f");
    // Headers that name no move of the line before them.
    let e = kif_error(&format!("{two_moves}\n変化：3手\n   3 ２六歩(27)\n"));
    assert_eq!(e.to_string(), "line 6: 変化：3手 names no move of the line before it, whose moves are numbered 1 to 2");
    for header in ["変化：0手", "変化：", "変化：九手", "変化：99999999999999999999999手"] {
        let e = kif_error(&format!("{two_moves}{header}\n"));
        assert_eq!((e.line, e.kind), (5, KifErrorKind::VariationStart { text: header.to_string(), last: 2 }));
    }
    // An end counts as a move: a variation may replace it; nothing may follow one.
    let ended = format!("{two_moves}   3 投了\n");
    assert_eq!(
        kif_error(&format!("{ended}変化：4手\n")).kind,
        KifErrorKind::VariationStart { text: "変化：4手".into(), last: 3 }
    );
    let record = kif::parse_str(&format!("手合割：平手\n{ended}変化：3手\n   3 ２六歩(27)\n")).unwrap();
    assert_eq!(record.variations, [variation(3, "2g2f", None)]);
    let e = kif_error(&format!("{two_moves}変化：2手\n   2 投了\n   3 ２六歩(27)\n"));
    assert_eq!((e.line, matches!(e.kind, KifErrorKind::MoveAfterEnd { .. })), (7, true), "{e}");
    // KI2 variations read through the same code.
    let e = ki2_error("▲７六歩    △３四歩\n\n変化：2手\n△８四歩    ▲７四歩\n");
    assert_eq!(e.to_string(), "line 5: ▲７四歩: no pawn can reach 7d");
    let e = ki2_error("▲７六歩\n変化：2手\n");
    assert_eq!((e.line, matches!(e.kind, KifErrorKind::VariationStart { last: 1, .. })), (3, true), "{e}");
}

/// A KIF with times, a comment and headers, as a person pastes one from a game site.
const TIMED_KIF: &str = include_str!("data/timed_game.kif");

#[test]
fn kif_times_round_trip() {
    let record = kif::parse_str(TIMED_KIF).unwrap_or_else(|e| panic!("{e}"));
    let seconds: Vec<(usize, u64)> = record.times.iter().map(|t| (t.ply, t.ms / 1000)).collect();
    assert_eq!(seconds, [(1, 12), (2, 3), (3, 65), (4, 754), (5, 7)]);
    assert_eq!(kif::write(&record), format!("#KIF version=2.0 encoding=UTF-8\n{TIMED_KIF}"));
    // A file whose times are all blank has none, so nothing shows a time for it.
    let blank = kif::parse_str(&blank_times(TIMED_KIF)).unwrap();
    assert!(blank.times.is_empty());
    assert_eq!(untimed(&record), blank);
    // Times over an hour, and a clock's milliseconds, which KIF writes in whole seconds.
    let mut long = record.clone();
    long.times = vec![MoveTime { ply: 1, ms: 3_725_999 }, MoveTime { ply: 3, ms: 1_500 }];
    let written = kif::write(&long);
    assert!(written.contains("   1 ７六歩(77)   (62:05/01:02:05)\n"), "{written}");
    assert!(written.contains("   2 ３四歩(33)   ( 0:00/00:00:00)\n"), "{written}");
    assert!(written.contains("   3 ２六歩(27)   ( 0:01/01:02:07)\n"), "{written}");
}

#[test]
fn kif_totals_beyond_the_moves_whole_seconds_round_trip() {
    // As a clock in ms writes them (ShogiHome, this app): each part cut down on its own, so
    // sente's 0:02 and 0:02 make 00:00:05 (2.5 s each).
    let kif = TIMED_KIF
        .replace("( 0:12/00:00:12)", "( 0:02/00:00:02)")
        .replace("( 1:05/00:01:17)", "( 0:02/00:00:05)")
        .replace("( 0:07/00:01:24)", "( 0:00/00:00:06)");
    let record = kif::parse_str(&kif).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kif::write(&record), format!("#KIF version=2.0 encoding=UTF-8\n{kif}"));
    let sente: Vec<u64> = record.times.iter().filter(|t| t.ply % 2 == 1).map(|t| t.ms).collect();
    assert_eq!(sente.iter().sum::<u64>() / 1000, 6);
    // The app's own clock's times, written and read back, come back as written.
    let mut played = record.clone();
    played.times = vec![MoveTime { ply: 1, ms: 2_500 }, MoveTime { ply: 2, ms: 900 }, MoveTime { ply: 3, ms: 2_600 }];
    let written = kif::write(&played);
    assert!(written.contains("   3 ２六歩(27)   ( 0:02/00:00:05)\n"), "{written}");
    assert_eq!(kif::write(&kif::parse_str(&written).unwrap()), written);
    // A total that no times give (time from before the record) leaves the whole seconds.
    let before = kif::parse_str(&TIMED_KIF.replace("( 0:12/00:00:12)", "( 0:12/00:03:45)")).unwrap();
    assert_eq!(before.times.first(), Some(&MoveTime { ply: 1, ms: 12_000 }));
}

#[test]
fn kif_totals_stay_on_their_variation_when_an_earlier_one_is_read_after_it() {
    // KIF lists the later variation first; the one at move 2 then goes before it in the tree,
    // and its totals (gote's 2.5 s each) must still be matched to its own moves.
    let kif = format!(
        "{}\n変化：4手\n   4 ８八角成(22)   ( 0:01/00:00:04)\n\n変化：2手\n   2 ８四歩(83)   ( 0:02/00:00:02)\n   3 ２六歩(27)   ( 0:00/00:00:12)\n   4 ８五歩(84)   ( 0:02/00:00:05)\n",
        TIMED_KIF.trim_end()
    );
    let record = kif::parse_str(&kif).unwrap_or_else(|e| panic!("{e}"));
    let plies: Vec<usize> = record.variations.iter().map(|v| v.ply).collect();
    assert_eq!(plies, [2, 4]);
    let gote: Vec<u64> = record.variations[0].times.iter().filter(|t| t.ply % 2 == 0).map(|t| t.ms).collect();
    assert_eq!(gote.iter().sum::<u64>() / 1000, 5, "{gote:?}");
    assert_eq!(record.variations[1].times, [MoveTime { ply: 4, ms: 1_000 }]);
    let written = kif::write(&record);
    assert!(written.contains("   4 ８五歩(84)   ( 0:02/00:00:05)\n"), "{written}");
    assert!(written.contains("   4 ８八角成(22) ( 0:01/00:00:04)\n"), "{written}");
    assert_eq!(kif::parse_str(&written).unwrap(), record);
}

#[test]
fn csa_times_and_comments_round_trip() {
    let record = kif::parse_str(TIMED_KIF).unwrap();
    let csa_text = csa::write(&record);
    assert!(
        csa_text.contains("\n+7776FU\nT12\n-3334FU\nT3\n'*角道を開ける\n+2726FU\nT65\n-8384FU\nT754\n%TORYO\n"),
        "{csa_text}"
    );
    assert!(csa_text.contains("N+Hanako\nN-Taro\n$START_TIME:2026/11/20 19:00:00\n$EVENT:練習対局\n"), "{csa_text}");
    let from_csa = csa::parse(&csa_text).unwrap_or_else(|e| panic!("{e}\n{csa_text}"));
    // CSA writes the names first; the end's time goes on a `T` line after `%TORYO`.
    assert!(csa_text.contains("\n%TORYO\nT7\n"), "{csa_text}");
    let mut expected = record.clone();
    expected.headers.rotate_left(2);
    assert_eq!(from_csa, expected);
    assert_eq!(csa::write(&from_csa), csa_text);
    // V3's fractions of a second, a time after an end, and a comment before the first move.
    let v3 = "V3.0\nPI\n+\n'*start\n+7776FU\nT1.5\n-3334FU\nT0.25\n%TORYO\nT4\n";
    let read = csa::parse(v3).unwrap();
    let times: Vec<(usize, u64)> = read.times.iter().map(|t| (t.ply, t.ms)).collect();
    assert_eq!(times, [(1, 1500), (2, 250), (3, 4000)]);
    assert_eq!(read.comments, [comment(0, "start")]);
    let bad = csa::parse("V2.2\nPI\n+\n+7776FU\nTx\n").unwrap_err();
    assert_eq!(bad.line, 5, "{bad}");
}
