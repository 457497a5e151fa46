//! The lessons of `public/lessons.txt`, the file the app fetches: every level's position is
//! legal with the learner (sente) to move, its targets fit its goal, its texts are in both
//! languages, its goal is not reached before a move, and the fewest moves that reach it are
//! exactly its par. A castle's or a strategy's goal is reached when the names of
//! `public/names.txt` give it to the learner, and the name links back to its level.

use std::sync::Arc;

use shogi::notation::sfen;
use shogi::rules::{Color, Position};
use shogi::ui::model::lesson_id::{LessonId, STAGES};
use shogi::ui::model::lessons::{parse_course, Goal, Level, LevelRun, Stage, Standing, LEARNER};
use shogi::ui::model::names::parse_names;

const FILE: &str = include_str!("../public/lessons.txt");
const NAMES: &str = include_str!("../public/names.txt");

fn course() -> Vec<Stage> {
    let names = Arc::new(parse_names(NAMES).unwrap_or_else(|e| panic!("{e}")));
    parse_course(FILE, &names).unwrap_or_else(|e| panic!("{e}"))
}

/// Whether some line of the learner's moves passes `run` within `moves` more moves.
fn passes_within(level: &Level, run: &LevelRun, moves: u8) -> bool {
    if moves == 0 {
        return false;
    }
    run.position.legal_moves().as_slice().iter().any(|&m| {
        let mut next = run.clone();
        next.apply(level, m);
        match next.standing {
            Standing::Passed { .. } => true,
            Standing::Failed => false,
            Standing::Playing => passes_within(level, &next, moves - 1),
        }
    })
}

/// The fewest moves that pass `level`, looked for up to `limit`.
fn fewest_moves(level: &Level, run: &LevelRun, limit: u8) -> Option<u8> {
    (1..=limit).find(|&moves| passes_within(level, run, moves))
}

/// What is wrong with level `id`, if anything.
fn flaws(id: LessonId, l: &Level) -> Vec<String> {
    let mut flaws = Vec::new();
    let mut expect = |ok: bool, what: String| {
        if !ok {
            flaws.push(what);
        }
    };
    expect(!l.say.en.is_empty() && !l.say.ja.is_empty(), "an instruction in each language".into());
    expect(l.start.turn() == LEARNER, "the learner moves first".into());
    expect(Position::from_setup(&l.start.to_setup()).as_ref() == Ok(&l.start), "a legal position".into());
    for sq in l.targets {
        let owner = l.start.piece_at(sq).map(|p| p.color);
        let (wanted, what) = match l.goal {
            Goal::Capture => (Some(Color::Gote), "a piece to take"),
            Goal::Protect => (Some(LEARNER), "a piece to protect"),
            _ => (None, "an empty square"),
        };
        expect(owner == wanted, format!("{what} on {sq}"));
    }
    let needs_targets = matches!(l.goal, Goal::Stars | Goal::Capture | Goal::Drop | Goal::Protect);
    expect(!needs_targets || l.targets.any(), "targets for its goal".into());
    if let Some(named) = &l.named {
        expect(l.targets.is_empty(), "no targets: the names say when it is built".into());
        let link = named.names.definitions[named.index].lesson;
        expect(link == Some(id), format!("its name links here, not to {:?}", link.map(LessonId::name)));
    }
    expect((l.goal == Goal::Escape) == l.start.is_check(), "in check exactly when escaping".into());
    let fewest = fewest_moves(l, &LevelRun::new(id, l), l.par + 2);
    expect(fewest == Some(l.par), format!("passed in {fewest:?} moves, not its par {}", l.par));
    flaws
}

#[test]
fn every_level_is_legal_and_passes_in_exactly_its_par() {
    let course = course();
    let mut count = 0;
    let mut wrong = Vec::new();
    for (stage, s) in course.iter().enumerate() {
        assert!(!s.name.en.is_empty() && !s.name.ja.is_empty(), "{}: a name in each language", s.id);
        assert!(s.levels.len() >= 3, "{}: a few levels at least", s.id);
        for (level, l) in s.levels.iter().enumerate() {
            count += 1;
            let id = LessonId { stage, level };
            for flaw in flaws(id, l) {
                wrong.push(format!("{} ({}): {flaw}", id.name(), sfen::write_position(&l.start)));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(course.iter().map(|s| s.id).collect::<Vec<_>>(), STAGES);
    assert!(count >= 100, "{count} levels");
    let named = |goal| course.iter().flat_map(|s| &s.levels).filter(|l| l.goal == goal).count();
    assert!(named(Goal::Castle) >= 5 && named(Goal::Strategy) >= 1, "the castles' stage builds castles");
}
