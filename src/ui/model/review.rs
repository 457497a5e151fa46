//! The engine's review of a whole game: each position's evaluation, each move judged by the
//! winning chance it gives away, why a mistake is one in words, and each side's summary.
//!
//! Stored with the saved game (SPEC §5) as one line, the budget and then each position's
//! score (from the side to move's point of view) and best line, `;`-separated:
//! `review 300;cp 42 7g7f 3c3d;cp -30 8c8d;mate 3 G*5b 5a4a 5b4b`.

use std::fmt::Write as _;

use crate::engine::Score;
use crate::notation::usi;
use crate::rules::attacks::attacks;
use crate::rules::{Color, Move, MoveKind, Position, Role};
use crate::ui::model::analysis::sente_share;
use crate::ui::model::movetext::{move_texts, Notation};
use crate::ui::model::thinking::score_words;
use crate::ui::text::i18n::{piece_name, Lang, T};
use crate::ui::text::markup::Decimal;

/// The budget per position a review uses unless the person picks another.
pub const DEFAULT_REVIEW_MS: u32 = 300;

/// The budgets a person can pick from.
pub const REVIEW_BUDGETS_MS: [u32; 4] = [100, 300, 1000, 3000];

/// How many moves of a line the words quote.
const QUOTED_MOVES: usize = 3;

named_enum! {
    /// How bad a move is, by the winning chance it gives away (SPEC §3 `data-judgement`).
    #[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
    pub enum Judgement {
        Inaccuracy = "inaccuracy",
        Mistake = "mistake",
        Blunder = "blunder",
    }
}

impl Judgement {
    /// The judgement of a move that lowers its side's winning chance by `drop` (0 to 1): at
    /// least 5, 10 and 15 points of winning chance, lichess's thresholds (0.1, 0.2 and 0.3
    /// on its scale of -1 to 1).
    pub fn of_drop(drop: f64) -> Option<Judgement> {
        match drop {
            d if d >= 0.15 => Some(Judgement::Blunder),
            d if d >= 0.10 => Some(Judgement::Mistake),
            d if d >= 0.05 => Some(Judgement::Inaccuracy),
            _ => None,
        }
    }

    pub fn label(self) -> T {
        match self {
            Judgement::Inaccuracy => T::Inaccuracy,
            Judgement::Mistake => T::Mistake,
            Judgement::Blunder => T::Blunder,
        }
    }

    /// The English plural: "inaccuracies", "mistakes", "blunders".
    fn plural_label(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracies",
            Judgement::Mistake => "mistakes",
            Judgement::Blunder => "blunders",
        }
    }

    /// The mark after the move in the move list, as annotators write them.
    pub fn mark(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// The engine's evaluation of one position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Eval {
    /// From the side to move's point of view.
    pub score: Score,
    /// The best line from the position (empty where there is no move).
    pub pv: Vec<Move>,
}

/// The evaluations of a game's positions, from the start (ply 0) on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Review {
    /// The search time each position had.
    pub budget_ms: u32,
    pub evals: Vec<Eval>,
}

/// One move as the review judges it.
#[derive(Clone, PartialEq, Debug)]
pub struct MoveReport {
    /// The move's number (1 = the first move), as the move list counts.
    pub ply: usize,
    pub side: Color,
    /// The winning chance the move gave away, 0 to 1 (0 for the engine's own choice).
    pub drop: f64,
    pub judgement: Option<Judgement>,
    /// The engine's choice, where it is another move.
    pub better: Option<Move>,
    /// lichess's accuracy of the move, 0 to 100 (see [`move_accuracy`]).
    pub accuracy: f64,
}

/// The move numbers the review's graph marks along its foot for a game of `plies` moves: every
/// 2nd, 5th, 10th, 20th, 50th or 100th move, the finest step with at most 8 marks.
pub fn graph_ticks(plies: usize) -> Vec<usize> {
    let step = [2, 5, 10, 20, 50, 100].into_iter().find(|step| plies / step <= 8).unwrap_or(plies.max(1));
    (1..=plies / step).map(|k| k * step).collect()
}

/// A side's moves in sum.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct SideSummary {
    /// Inaccuracies, mistakes and blunders.
    pub counts: [usize; 3],
    /// The mean of its moves' accuracies; `None` for a side with no move.
    pub accuracy: Option<f64>,
}

impl SideSummary {
    /// Its counts in words, one for one: "1 inaccuracy, 0 mistakes, 2 blunders" / "疑問手 1・悪手 0・大悪手 2".
    pub fn counts_words(&self, lang: Lang) -> String {
        let words = Judgement::ALL.iter().zip(self.counts).map(|(j, n)| match lang {
            Lang::En if n == 1 => format!("1 {}", j.label().get(lang)),
            Lang::En => format!("{n} {}", j.plural_label()),
            Lang::Ja => format!("{} {n}", j.label().get(lang)),
        });
        words.collect::<Vec<_>>().join(T::SummarySeparator.get(lang))
    }

    /// Its accuracy in words, kept on one line: "accuracy 94 %" / "正確度 94 %".
    pub fn accuracy_words(&self, lang: Lang) -> String {
        let accuracy = self.accuracy.map_or("–".to_string(), |a| Decimal::new(a, 0).to_string());
        T::AccuracyIs.with(lang, &[&accuracy])
    }
}

/// A move's accuracy from the winning chance it gave away (0 to 1): lichess's formula,
/// 103.1668 × e^(−0.04354 × points lost) − 3.1669, held to 0-100; the best move scores 100.
pub fn move_accuracy(drop: f64) -> f64 {
    (103.1668 * (-0.04354 * drop * 100.0).exp() - 3.1669).clamp(0.0, 100.0)
}

/// The side to move at `ply` of a game from `start` (no move passes).
fn side_at(start: &Position, ply: usize) -> Color {
    if ply.is_multiple_of(2) {
        start.turn()
    } else {
        !start.turn()
    }
}

impl Review {
    /// Whether every position of a game of `moves` moves is evaluated.
    pub fn is_complete(&self, moves: usize) -> bool {
        self.evals.len() == moves + 1
    }

    /// Sente's winning chance at each evaluated ply, for the graph.
    pub fn sente_shares(&self, start: &Position) -> Vec<f64> {
        let for_sente =
            |ply: usize, score: Score| if side_at(start, ply) == Color::Sente { score } else { score.negated() };
        self.evals.iter().enumerate().map(|(ply, e)| sente_share(for_sente(ply, e.score))).collect()
    }

    /// Each move whose position before and after are evaluated.
    pub fn judge(&self, start: &Position, moves: &[Move]) -> Vec<MoveReport> {
        moves
            .iter()
            .enumerate()
            .take(self.evals.len().saturating_sub(1))
            .map(|(i, &played)| {
                let (before, after) = (&self.evals[i], &self.evals[i + 1]);
                let best = before.pv.first().copied();
                // The mover's chance before, and after (the next position is the opponent's).
                let drop = if best == Some(played) {
                    0.0
                } else {
                    (sente_share(before.score) - (1.0 - sente_share(after.score))).max(0.0)
                };
                let judgement = Judgement::of_drop(drop);
                MoveReport {
                    ply: i + 1,
                    side: side_at(start, i),
                    drop,
                    judgement,
                    better: judgement.and(best),
                    accuracy: move_accuracy(drop),
                }
            })
            .collect()
    }

    /// One line for the saved game (see the module's comment).
    pub fn write(&self) -> String {
        let mut out = format!("{}", self.budget_ms);
        for eval in &self.evals {
            let _ = write!(out, ";{}", eval.score);
            for m in &eval.pv {
                let _ = write!(out, " {m}");
            }
        }
        out
    }

    /// Reads what [`Review::write`] wrote; `None` if it is not that.
    pub fn parse(text: &str) -> Option<Review> {
        let mut parts = text.split(';');
        let budget_ms = parts.next()?.trim().parse().ok()?;
        let evals = parts
            .map(|part| {
                let mut words = part.split_whitespace();
                let score = format!("{} {}", words.next()?, words.next()?).parse().ok()?;
                let pv = words.map(|w| usi::parse(w).ok()).collect::<Option<Vec<_>>>()?;
                Some(Eval { score, pv })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Review { budget_ms, evals })
    }
}

/// A review of the game of `start` and `moves`, under way or done.
#[derive(Clone, PartialEq, Debug)]
pub struct ReviewRun {
    pub start: Position,
    pub moves: Vec<Move>,
    pub review: Review,
    /// The search in flight: its id, and the best line it last reported (its score comes
    /// with its answer).
    pub searching: Option<(u32, Vec<Move>)>,
}

impl ReviewRun {
    /// A review to make, each position searched for `budget_ms`.
    pub fn new(start: Position, moves: Vec<Move>, budget_ms: u32) -> ReviewRun {
        ReviewRun { start, moves, review: Review { budget_ms, evals: Vec::new() }, searching: None }
    }

    pub fn is_of(&self, start: &Position, moves: &[Move]) -> bool {
        self.moves == moves && self.start == *start
    }

    pub fn is_done(&self) -> bool {
        self.review.is_complete(self.moves.len())
    }

    /// The share of positions evaluated, 0 to 100 (SPEC §3 `data-review-progress`).
    pub fn progress(&self) -> u32 {
        (self.review.evals.len() * 100 / (self.moves.len() + 1)) as u32
    }

    /// The next position to evaluate, by its ply; `None` once all are.
    pub fn next_ply(&self) -> Option<usize> {
        Some(self.review.evals.len()).filter(|&ply| ply <= self.moves.len())
    }

    /// The position after the first `ply` moves.
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves[..ply] {
            pos.play_unchecked(m);
        }
        pos
    }
}

/// Both sides' summaries, sente's first.
pub fn summary(reports: &[MoveReport]) -> [SideSummary; 2] {
    let mut sides = [SideSummary::default(); 2];
    for color in [Color::Sente, Color::Gote] {
        let own: Vec<&MoveReport> = reports.iter().filter(|r| r.side == color).collect();
        let summary = &mut sides[color.index()];
        for judgement in own.iter().filter_map(|r| r.judgement) {
            summary.counts[judgement as usize] += 1;
        }
        summary.accuracy = (!own.is_empty()).then(|| own.iter().map(|r| r.accuracy).sum::<f64>() / own.len() as f64);
    }
    sides
}

/// A rough worth of each piece, to name what a move loses (not the engine's values).
fn worth(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Lance => 3,
        Role::Knight => 4,
        Role::Silver => 5,
        Role::Gold | Role::Tokin | Role::PromotedLance | Role::PromotedKnight | Role::PromotedSilver => 6,
        Role::Bishop => 8,
        Role::Rook => 10,
        Role::Horse => 11,
        Role::Dragon => 13,
        Role::King => 100,
    }
}

/// Why move `report.ply` is a mistake, in words: the mate it misses or allows, the fork or
/// capture or promotion it allows (read from the engine's lines), else the evaluation's fall.
/// `before` is the position the move was played in.
pub fn reason(lang: Lang, notation: Notation, before: &Position, played: Move, review: &Review, ply: usize) -> String {
    let (best, after) = (&review.evals[ply - 1], &review.evals[ply]);
    let mover = before.turn();
    let position_after = before.after(played);
    let quote =
        |pos: &Position, line: &[Move]| move_texts(notation, pos, &line[..line.len().min(QUOTED_MOVES)]).join(" ");
    let reply_line = quote(&position_after, &after.pv);
    let mates_in = |plies: i32| score_words(lang, Score::Mate(plies));
    if let Score::Mate(plies) = best.score {
        if plies > 0 && !matches!(after.score, Score::Mate(p) if p < 0) {
            return T::MissesMate.with(lang, &[&mates_in(plies), &quote(before, &best.pv)]);
        }
    }
    if let Score::Mate(plies) = after.score {
        if plies > 0 {
            return T::AllowsMate.with(lang, &[&mates_in(plies), &reply_line]);
        }
    }
    let Some(&reply) = after.pv.first() else { return falls(lang, best.score, after.score.negated()) };
    let reply_text = quote(&position_after, &[reply]);
    if let Some([a, b]) = forked(&position_after, reply, mover) {
        let [a, b] = [a, b].map(|role| piece_name(lang, role));
        return T::AllowsFork.with(lang, &[&reply_text, a, b]);
    }
    if let Some(lost) = piece_lost(&position_after, &after.pv, mover) {
        return T::LosesPiece.with(lang, &[piece_name(lang, lost), &reply_line]);
    }
    if let Some(promoted) = major_promoted(&position_after, &after.pv) {
        return T::LetsPromote.with(lang, &[piece_name(lang, promoted), &reply_line]);
    }
    falls(lang, best.score, after.score.negated())
}

/// "The evaluation falls from +1.20 to -0.80" (both from the mover's point of view).
fn falls(lang: Lang, before: Score, after: Score) -> String {
    T::EvalFalls.with(lang, &[&score_words(lang, before), &score_words(lang, after)])
}

/// The two most valuable pieces of `victim` worth a silver or more (or its king) that the
/// piece `reply` moves or drops attacks once it stands, if it attacks two.
fn forked(pos: &Position, reply: Move, victim: Color) -> Option<[Role; 2]> {
    let role = match reply.kind() {
        MoveKind::Normal { from, promote, .. } => {
            let role = pos.piece_at(from)?.role;
            if promote {
                role.promoted().unwrap_or(role)
            } else {
                role
            }
        }
        MoveKind::Drop { role, .. } => role,
    };
    let after = pos.after(reply);
    let attacked = attacks(!victim, role, reply.to(), after.occupied()) & after.by_color(victim);
    let mut dearest: [Option<Role>; 2] = [None, None];
    for role in attacked.filter_map(|sq| after.piece_at(sq)).map(|p| p.role) {
        if worth(role) < worth(Role::Silver) {
            continue;
        }
        if dearest[0].is_none_or(|d| worth(role) > worth(d)) {
            dearest = [Some(role), dearest[0]];
        } else if dearest[1].is_none_or(|d| worth(role) > worth(d)) {
            dearest[1] = Some(role);
        }
    }
    Some([dearest[0]?, dearest[1]?])
}

/// Along the opponent's best `line` from `pos` (a few plies), the most valuable piece
/// `loser` is left short of, if the exchange costs it at least a knight's worth.
fn piece_lost(pos: &Position, line: &[Move], loser: Color) -> Option<Role> {
    let mut pos = pos.clone();
    let (mut balance, mut dearest) = (0, None::<Role>);
    for &m in line.iter().take(4) {
        if let Some(victim) = pos.piece_at(m.to()) {
            let value = worth(victim.role);
            if victim.color == loser {
                balance -= value;
                dearest = dearest.filter(|&d| worth(d) >= value).or(Some(victim.role));
            } else {
                balance += value;
            }
        }
        pos.play(m).ok()?;
    }
    (balance <= -worth(Role::Knight)).then_some(dearest).flatten()
}

/// A rook or bishop the opponent promotes in the first moves of its best `line` from `pos`.
fn major_promoted(pos: &Position, line: &[Move]) -> Option<Role> {
    let mut pos = pos.clone();
    for &m in line.iter().take(3) {
        let moved = m.from().and_then(|from| pos.piece_at(from));
        if let Some(piece) = moved.filter(|p| m.is_promotion() && matches!(p.role, Role::Rook | Role::Bishop)) {
            return Some(piece.role);
        }
        pos.play(m).ok()?;
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_graph_marks_a_few_round_move_numbers() {
        assert_eq!(super::graph_ticks(1), Vec::<usize>::new());
        assert_eq!(super::graph_ticks(17), [2, 4, 6, 8, 10, 12, 14, 16]);
        assert_eq!(super::graph_ticks(18), [5, 10, 15]);
        assert_eq!(super::graph_ticks(120), [20, 40, 60, 80, 100, 120]);
    }

    #[test]
    fn a_summary_counts_one_as_one_in_both_languages() {
        let side = super::SideSummary { counts: [1, 0, 2], accuracy: Some(93.6) };
        assert_eq!(side.counts_words(super::Lang::En), "1 inaccuracy, 0 mistakes, 2 blunders");
        assert_eq!(side.counts_words(super::Lang::Ja), "疑問手 1・悪手 0・大悪手 2");
        assert_eq!(side.accuracy_words(super::Lang::En), "accuracy\u{a0}94\u{a0}%");
        assert_eq!(side.accuracy_words(super::Lang::Ja), "正確度\u{a0}94\u{a0}%");
    }

    use super::*;
    use crate::notation::sfen;

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace().map(|m| usi::parse(m).unwrap()).collect()
    }

    fn eval(score: Score, pv: &str) -> Eval {
        Eval { score, pv: moves(pv) }
    }

    #[test]
    fn judgements_follow_the_chance_given_away() {
        assert_eq!(Judgement::of_drop(0.04), None);
        assert_eq!(Judgement::of_drop(0.05), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of_drop(0.12), Some(Judgement::Mistake));
        assert_eq!(Judgement::of_drop(0.4), Some(Judgement::Blunder));
        assert_eq!(move_accuracy(0.0).round(), 100.0);
        assert!((move_accuracy(0.1) - 63.6).abs() < 0.1);
        assert_eq!(move_accuracy(1.0), 0.0);
    }

    #[test]
    fn a_move_is_judged_by_the_mover_chance_before_and_after() {
        let start = Position::startpos();
        let played = moves("7g7f 3c3d 8h2b+");
        let review = Review {
            budget_ms: 300,
            evals: vec![
                eval(Score::Cp(50), "7g7f 3c3d"),
                // Gote to move: the engine wanted 8c8d; 3c3d gives sente +800.
                eval(Score::Cp(-40), "8c8d"),
                eval(Score::Cp(800), "8h2b+"),
                eval(Score::Cp(-820), "3a2b"),
            ],
        };
        let reports = review.judge(&start, &played);
        assert_eq!(reports.len(), 3);
        assert_eq!((reports[0].judgement, reports[0].better, reports[0].accuracy.round()), (None, None, 100.0));
        assert_eq!(reports[1].side, Color::Gote);
        assert_eq!(reports[1].judgement, Some(Judgement::Blunder));
        assert_eq!(reports[1].better, Some(moves("8c8d")[0]));
        assert_eq!(reports[2].judgement, None, "the engine's own move");
        let [sente, gote] = summary(&reports);
        assert_eq!((sente.counts, gote.counts), ([0, 0, 0], [0, 0, 1]));
        assert_eq!(sente.accuracy.map(f64::round), Some(100.0));
        assert_eq!(gote.accuracy.map(f64::round), Some(28.0), "27 points lost");
        let shares = review.sente_shares(&start);
        assert!(shares[2] > 0.75 && shares[1] > 0.5 && shares[3] > 0.75, "{shares:?}");
    }

    #[test]
    fn a_run_goes_through_every_position_once() {
        let mut run = ReviewRun::new(Position::startpos(), moves("7g7f 3c3d"), 100);
        assert_eq!((run.next_ply(), run.progress(), run.is_done()), (Some(0), 0, false));
        for ply in 0..3 {
            assert_eq!(run.next_ply(), Some(ply));
            run.review.evals.push(eval(Score::Cp(0), ""));
        }
        assert_eq!((run.next_ply(), run.progress(), run.is_done()), (None, 100, true));
        assert_eq!(run.position_at(2).move_number(), 3);
        assert!(run.is_of(&Position::startpos(), &moves("7g7f 3c3d")) && !run.is_of(&Position::startpos(), &[]));
    }

    #[test]
    fn a_review_reads_back_as_written() {
        let review = Review {
            budget_ms: 1000,
            evals: vec![eval(Score::Cp(42), "7g7f 3c3d"), eval(Score::Mate(-3), "G*5b 5a4a"), eval(Score::Mate(0), "")],
        };
        let text = review.write();
        assert_eq!(text, "1000;cp 42 7g7f 3c3d;mate -3 G*5b 5a4a;mate 0");
        assert_eq!(Review::parse(&text), Some(review));
        for bad in ["", "x;cp 1", "300;cp", "300;cp 1 7g7", "300;pawns 3"] {
            assert_eq!(Review::parse(bad), None, "{bad}");
        }
        assert!(!Review::parse("300;cp 1;cp 2").unwrap().is_complete(2));
        assert!(Review::parse("300;cp 1;cp 2").unwrap().is_complete(1));
    }

    fn why(sfen_text: &str, played: &str, best: Eval, after: Eval) -> String {
        let pos = sfen::parse_position(sfen_text).unwrap();
        let review = Review { budget_ms: 300, evals: vec![best, after] };
        reason(Lang::En, Notation::Western, &pos, moves(played)[0], &review, 1)
    }

    #[test]
    fn reasons_name_mates_forks_losses_and_promotions() {
        // Sente could mate with G*5b (guarded by the pawn); the king's walk lets gote off.
        let mate =
            why("4k4/9/4P4/9/9/9/9/9/K8 b G 1", "9i9h", eval(Score::Mate(1), "G*5b"), eval(Score::Cp(-300), "5a4b"));
        assert_eq!(mate, "misses mate in 1 (☗G*5b)");
        let allowed = why(STARTPOS, "7g7f", eval(Score::Cp(0), "2g2f"), eval(Score::Mate(3), "3c3d 2g2f 2b7g+"));
        assert_eq!(allowed, "allows mate in 2 (☖P-3d ☗P-2f ☖B-7g+)");
        // A bishop dropped on 6f attacks the rook on 8h and the gold on 4h.
        let fork =
            why("4k4/9/9/9/9/9/9/1R3G3/4K4 b b 1", "5i5h", eval(Score::Cp(0), "8h8g"), eval(Score::Cp(900), "B*6f"));
        assert_eq!(fork, "allows ☖B*6f, attacking the rook and the gold");
        // The rook steps onto the bishop's diagonal and is taken for nothing.
        let loss = why(
            "4k4/9/9/9/4b4/9/9/R8/4K4 b - 1",
            "9h8h",
            eval(Score::Cp(0), "5i4h"),
            eval(Score::Cp(1000), "5e8h 5i4h"),
        );
        assert_eq!(loss, "loses the rook (☖Bx8h= ☗K-4h)");
        // The king's move leaves the pawn to the rook, which takes it and promotes.
        let promotes =
            why("r3k4/9/9/9/9/9/P8/9/4K4 b - 1", "5i4h", eval(Score::Cp(0), "9g9f"), eval(Score::Cp(300), "9a9g+"));
        assert_eq!(promotes, "lets the opponent's rook promote (☖Rx9g+)");
        let falls = why(STARTPOS, "9g9f", eval(Score::Cp(40), "7g7f"), eval(Score::Cp(200), "3c3d"));
        assert_eq!(falls, "the evaluation falls from +0.40 to -2.00");
    }

    const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
}
