//! The USI binary's command loop, fed transcripts (SPEC §2). Searches are limited by depth
//! or nodes, or ended by `stop`, never by timing.

use std::io::Cursor;

use shogi::engine::strength::LEVELS;
use shogi::notation::{sfen, usi};
use shogi::usi::Session;

/// Runs `lines` one by one through `Session::handle` and returns everything written.
fn transcript(lines: &[&str]) -> String {
    let mut session = Session::default();
    let mut out = Vec::new();
    for line in lines {
        session.handle(line, &mut out).expect("writing to a Vec cannot fail");
    }
    String::from_utf8(out).expect("replies are UTF-8")
}

/// Feeds `input` through `Session::run`, whose reader thread delivers `stop` to a running search.
fn run(input: &str) -> String {
    let mut out = Vec::new();
    Session::default().run(Cursor::new(input.to_string()), &mut out).expect("run succeeds");
    String::from_utf8(out).expect("replies are UTF-8")
}

fn bestmove(output: &str) -> &str {
    let line =
        output.lines().find(|l| l.starts_with("bestmove ")).unwrap_or_else(|| panic!("no bestmove in:\n{output}"));
    &line["bestmove ".len()..]
}

#[test]
fn handshake_lists_options() {
    let out = transcript(&["usi", "isready"]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("id name "));
    assert!(lines[1].starts_with("id author "));
    assert!(lines.iter().any(|l| l.starts_with("option name USI_Hash type spin")));
    assert_eq!(&lines[lines.len() - 2..], ["usiok", "readyok"]);
}

#[test]
fn go_depth_prints_an_info_line_per_iteration_then_a_legal_bestmove() {
    let out = transcript(&["position startpos moves 7g7f 3c3d", "go depth 3"]);
    let infos: Vec<&str> = out.lines().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 3, "{out}");
    for (i, info) in infos.iter().enumerate() {
        let words: Vec<&str> = info.split_whitespace().collect();
        assert_eq!(words[2], (i + 1).to_string());
        for field in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
            assert!(words.contains(&field), "{field} missing in {info}");
        }
    }
    let pos = sfen::parse_position("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3").unwrap();
    assert!(usi::parse_legal(&pos, bestmove(&out)).is_ok(), "{out}");
}

#[test]
fn multipv_prints_each_line_numbered_best_first() {
    let out = transcript(&["setoption name MultiPV value 3", "position startpos", "go depth 3"]);
    let infos: Vec<Vec<&str>> =
        out.lines().filter(|l| l.starts_with("info depth")).map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(infos.len(), 9, "three lines for each of three iterations:\n{out}");
    for (i, words) in infos.iter().enumerate() {
        assert_eq!(words[..6], ["info", "depth", &(i / 3 + 1).to_string(), "seldepth", words[4], "multipv"]);
        assert_eq!(words[6], (i % 3 + 1).to_string());
    }
    let last_firsts: Vec<&str> = infos[6..].iter().map(|w| w[w.iter().position(|&x| x == "pv").unwrap() + 1]).collect();
    assert_eq!(bestmove(&out), last_firsts[0], "{out}");
    assert!(last_firsts[1] != last_firsts[0] && last_firsts[2] != last_firsts[1], "{out}");
    let refused = transcript(&["setoption name MultiPV value 0", "setoption name MultiPV value 17"]);
    assert_eq!(refused.lines().count(), 1, "0 is read as 1, 17 is refused: {refused}");
}

#[test]
fn go_nodes_and_clock_parameters_answer_with_a_legal_move() {
    for go in
        ["go nodes 500", "go btime 0 wtime 0 byoyomi 50", "go btime 2000 wtime 2000 binc 10 winc 10", "go movetime 30"]
    {
        let out = transcript(&["position startpos", go]);
        assert!(usi::parse_legal(&shogi::rules::Position::startpos(), bestmove(&out)).is_ok(), "{go}: {out}");
    }
}

#[test]
fn go_infinite_waits_for_stop() {
    let out = run("position startpos\ngo infinite\nstop\nquit\n");
    let pos = shogi::rules::Position::startpos();
    assert!(usi::parse_legal(&pos, bestmove(&out)).is_ok(), "{out}");
}

#[test]
fn stop_ends_a_long_search_and_the_engine_keeps_running() {
    let out = run("position startpos\ngo depth 60\nstop\nisready\nposition startpos moves 2g2f\ngo depth 1\nquit\n");
    let bestmoves: Vec<&str> = out.lines().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bestmoves.len(), 2, "{out}");
    assert!(out.contains("readyok"));
}

#[test]
fn malformed_position_lines_are_errors_and_the_last_good_position_stays() {
    let out = transcript(&[
        "position startpos moves 7g7f",
        "position sfen lnsgkgsnl/9/9 b - 1",
        "position startpos moves 7g7f 7g7f",
        "position startpos moves 7g7f zz",
        "position banana",
        "position startpos 7g7f",
        "d",
        "go depth 1",
    ]);
    let errors = out.lines().filter(|l| l.starts_with("info string error: ")).count();
    assert_eq!(errors, 5, "{out}");
    assert!(out.contains("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("bestmove ")), "{out}");
}

#[test]
fn bad_go_and_setoption_commands_are_errors() {
    let out = transcript(&[
        "go depth",
        "go depth x",
        "go sideways 3",
        "setoption name Nonsense value 1",
        "setoption name USI_Hash value lots",
        "setoption name USI_Hash value 8",
        "frobnicate",
        "isready",
    ]);
    let errors = out.lines().filter(|l| l.starts_with("info string error: ")).count();
    assert_eq!(errors, 6, "{out}");
    assert!(!out.contains("bestmove"), "{out}");
    assert!(out.ends_with("readyok\n"));
}

#[test]
fn the_level_option_plays_as_the_apps_level() {
    let steps = LEVELS.len();
    let out = transcript(&[
        "usi",
        &format!("setoption name Level value {}", steps + 1),
        "setoption name Level value 1",
        "position startpos",
        "go depth 9",
    ]);
    assert!(out.contains(&format!("option name Level type spin default 0 min 0 max {steps}\n")), "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("info string error: ")).count(), 1, "{out}");
    // Level 1 looks one ply ahead, whatever depth `go` allows.
    assert!(out.lines().filter(|l| l.starts_with("info depth")).all(|l| l.starts_with("info depth 1 ")), "{out}");
    assert!(usi::parse_legal(&shogi::rules::Position::startpos(), bestmove(&out)).is_ok(), "{out}");
}

#[test]
fn go_mate_answers_checkmate_nomate_or_timeout() {
    let out = transcript(&["position sfen 3sks3/9/4S4/9/9/8B/9/9/9 b S 1", "go mate 5000"]);
    let line = out.lines().find(|l| l.starts_with("checkmate ")).expect("a checkmate line");
    let moves: Vec<&str> = line.split_whitespace().skip(1).collect();
    let mut pos = sfen::parse_position("3sks3/9/4S4/9/9/8B/9/9/9 b S 1").unwrap();
    for m in &moves {
        pos.play(usi::parse(m).unwrap()).unwrap();
    }
    assert!(pos.is_checkmate(), "{line}");

    let out = transcript(&["position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1", "go mate infinite"]);
    assert!(out.contains("checkmate nomate"), "{out}");
    let out = run("position startpos\ngo mate infinite\nstop\nquit\n");
    assert!(out.contains("checkmate timeout") || out.contains("checkmate nomate"), "{out}");
}

#[test]
fn a_side_with_no_legal_move_resigns() {
    let out = transcript(&["position sfen 4k4/9/4G4/9/9/9/9/9/4K4 b G 1 moves G*5b", "go depth 3"]);
    assert_eq!(bestmove(&out), "resign", "{out}");
}

#[test]
fn perft_and_board_display_remain() {
    let out = transcript(&["position startpos", "go perft 2", "d"]);
    assert!(out.contains("Nodes searched: 900"), "{out}");
    assert!(out.contains("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"));
}

#[test]
fn a_winning_impasse_declaration_is_bestmove_win() {
    let out = transcript(&["position sfen RRBBGGGGS/S3K4/9/9/9/9/9/9/4k4 b 2P2s4n4l16p 1", "go depth 3"]);
    assert_eq!(bestmove(&out), "win", "{out}");
}

#[test]
fn the_learned_evaluation_is_on_by_default_and_can_be_switched_off() {
    let out = transcript(&["usi"]);
    assert!(out.contains("option name LearnedEval type check default true\n"), "{out}");
    let position = "position sfen ln3g2l/1r1sg1s2/p1pp1knpp/bp2ppp2/3N5/PPPS1BPP1/3PPP2P/2R2S3/L2GKG1NL b - 31";
    let score = |switch: &str| {
        let out = transcript(&[switch, position, "go depth 1"]);
        let info = out.lines().find(|l| l.starts_with("info depth 1 ")).unwrap_or_else(|| panic!("{out}")).to_string();
        info.split(" pv ").next().unwrap().split(" nodes ").next().unwrap().to_string()
    };
    assert_eq!(score("setoption name LearnedEval value true"), score("isready"));
    assert_ne!(score("setoption name LearnedEval value false"), score("isready"));
    let refused = transcript(&["setoption name LearnedEval value maybe"]);
    assert!(refused.starts_with("info string error: LearnedEval is true or false"), "{refused}");
}

#[test]
fn go_on_the_clock_keeps_back_more_when_answers_are_seen_to_arrive_late() {
    use shogi::rules::Color::{Gote, Sente};
    use shogi::usi::{parse_go, GoClock};
    let args = ["btime", "0", "wtime", "30000", "winc", "500", "byoyomi", "1000"];
    let (limits, told) = parse_go(&args, Sente).unwrap();
    assert_eq!((limits.time_ms, told), (None, GoClock { time_left_ms: Some(0), increment_ms: 0, byoyomi_ms: 1000 }));
    assert_eq!((told.budget_ms(0), told.budget_ms(100)), (Some(920), Some(720)));
    assert_eq!(
        parse_go(&args, Gote).unwrap().1,
        GoClock { time_left_ms: Some(30_000), increment_ms: 500, byoyomi_ms: 1000 }
    );
    let (fixed, told) = parse_go(&["movetime", "300"], Sente).unwrap();
    assert_eq!((fixed.time_ms, told.budget_ms(100)), (Some(300), None), "a fixed time is the GUI's");
}

#[test]
fn usi_bench_refuses_an_evaluation_it_does_not_know() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_usi")).args(["bench", "lerned"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "nothing searched");
    assert!(String::from_utf8_lossy(&out.stderr).contains("usage: usi bench [learned]"));
}
