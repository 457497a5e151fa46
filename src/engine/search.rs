//! The alpha-beta search: iterative deepening with aspiration windows at the root, principal
//! variation search below it, a transposition table, pruning and late-move reductions in
//! Stockfish's manner, and a quiescence search over captures.

use std::sync::OnceLock;

use super::changes::{follow, Changes};
use super::clock::TimeControl;
use super::correction::CorrectionHistory;
use super::eval::evaluate;
use super::learned::{correction_of, KingSums, LearnedWeights};
use super::network::Units;
use super::ordering::{
    is_capture, is_losing_capture, is_quiet, see, Continuation, MovePicker, OrderKeys, OrderingTables, PieceTo, KILLER,
};
use super::params::*;
use super::promotion::retain_worthwhile;
use super::quick_mate::mates_at_once;
use super::repetition::{PathHistory, Repetition};
use super::tt::{Bound, TranspositionTable};
use super::{Clock, Info, Limits, Line, Score, SearchResult};
use crate::rules::{impasse_result, ImpasseRule, Move, MoveList, Position};

const INFINITY: i32 = MATE + 1;

/// A root move with the random bonus the weakest levels add to it.
#[derive(Clone, Copy)]
struct RootMove {
    mv: Move,
    noise: i32,
}

/// One search in progress: borrowed tables, counters and the stop conditions.
pub(super) struct Searcher<'a> {
    tt: &'a mut TranspositionTable,
    tables: &'a mut OrderingTables,
    correction: &'a mut CorrectionHistory,
    path: PathHistory,
    clock: &'a dyn Clock,
    stop: &'a dyn Fn() -> bool,
    on_info: &'a mut dyn FnMut(&Info),
    time: TimeControl,
    /// How often to report while an iteration runs (`Limits::report_ms`), and when it last was.
    report_ms: Option<f64>,
    reported_at_ms: f64,
    /// The last completed iteration: its depth and lines, best first.
    completed_depth: u32,
    lines: Vec<Line>,
    node_limit: Option<u64>,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    /// Stopping is allowed once the root has a searched move to play.
    may_abort: bool,
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    root_moves: Vec<RootMove>,
    impasse_rule: ImpasseRule,
    /// Added to the built-in evaluation when set (`learned.rs`).
    learned: Option<&'a LearnedWeights>,
    /// What the move to each ply of the current line changed for the learned evaluation
    /// (none at the root), from which a node's sums and units follow when it is evaluated.
    changes: [Option<Changes>; MAX_PLY + 2],
    /// Its sums for the position at each ply of the current line, once known: a child's follow
    /// from its parent's by the move, instead of from the whole board.
    learned_sums: [Option<KingSums>; MAX_PLY + 2],
    /// The learned network's units at each ply of the current line, once known, kept the
    /// same way (`network.rs`).
    units: Box<[Option<Units>; MAX_PLY + 2]>,
    /// The static evaluation at each ply of the current line (`-INFINITY` in check), to
    /// see whether the side to move is improving on its position two plies earlier.
    static_evals: [i32; MAX_PLY + 2],
    /// The move played at each ply of the current line (None for a null move).
    played: [Option<PieceTo>; MAX_PLY + 2],
}

impl<'a> Searcher<'a> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        tt: &'a mut TranspositionTable,
        tables: &'a mut OrderingTables,
        correction: &'a mut CorrectionHistory,
        path: PathHistory,
        limits: &Limits,
        clock: &'a dyn Clock,
        stop: &'a dyn Fn() -> bool,
        on_info: &'a mut dyn FnMut(&Info),
        impasse_rule: ImpasseRule,
        learned: Option<&'a LearnedWeights>,
    ) -> Searcher<'a> {
        Searcher {
            tt,
            tables,
            correction,
            path,
            clock,
            stop,
            on_info,
            time: TimeControl::new(limits, clock),
            report_ms: limits.report_ms.map(|ms| ms as f64),
            reported_at_ms: 0.0,
            completed_depth: 0,
            lines: Vec::new(),
            node_limit: limits.nodes,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            may_abort: false,
            pv: Box::new([[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            root_moves: Vec::new(),
            impasse_rule,
            learned,
            changes: [None; MAX_PLY + 2],
            learned_sums: [None; MAX_PLY + 2],
            units: Box::new([None; MAX_PLY + 2]),
            static_evals: [-INFINITY; MAX_PLY + 2],
            played: [None; MAX_PLY + 2],
        }
    }

    /// Iterative deepening from `root`, which has `moves` (at least one) as its legal moves,
    /// scoring the best `multipv` of them in full. `noise()` draws each root move's random
    /// bonus (0 unless randomness is on).
    pub(super) fn run(
        &mut self,
        root: &Position,
        moves: &MoveList,
        noise: &mut dyn FnMut() -> i32,
        multipv: usize,
        limits: &Limits,
    ) -> SearchResult {
        self.root_moves = moves.iter().map(|&mv| RootMove { mv, noise: noise() }).collect();
        let mut result = SearchResult {
            best: Some(self.root_moves[0].mv),
            declare_win: false,
            score: Score::Cp(self.evaluate(root, 0)),
            depth: 0,
            pv: vec![self.root_moves[0].mv],
            nodes: 0,
        };
        if self.root_moves.len() == 1 && !limits.infinite {
            return result;
        }
        let wanted = multipv.clamp(1, self.root_moves.len());
        let max_depth = limits.depth.map_or(MAX_PLY as i32 - 1, |d| (d as i32).clamp(1, MAX_PLY as i32 - 1));
        // Each line's score in the last completed iteration, the centre of its next window.
        let mut previous: Vec<i32> = Vec::new();
        for depth in 1..=max_depth {
            if depth > 1 && self.time.out_of_time(self.clock) {
                break;
            }
            self.seldepth = 0;
            let mut found: Vec<(i32, Vec<Move>)> = Vec::with_capacity(wanted);
            let mut score = 0;
            for index in 0..wanted {
                score = self.aspiration(root, depth, previous.get(index).copied().unwrap_or(0), index);
                if self.aborted {
                    break;
                }
                let pv = self.pv[0][..self.pv_len[0]].to_vec();
                // The next line is the best of the moves after this one.
                self.move_root_move(pv[0], index);
                found.push((score, pv));
            }
            if self.aborted {
                if let Some((score, pv)) = found.first() {
                    // The first line is complete even when a later one was cut short.
                    result.best = Some(pv[0]);
                    result.pv = pv.clone();
                    result.score = to_score(*score);
                    result.depth = depth as u32;
                } else if self.pv_len[0] > 0 && (score > previous.first().copied().unwrap_or(0) || result.depth == 0) {
                    // A move searched in full this iteration is better informed than the last
                    // best, if it scored higher (or nothing was finished before).
                    result.best = Some(self.pv[0][0]);
                    result.pv = self.pv[0][..self.pv_len[0]].to_vec();
                }
                break;
            }
            // A later line can score above an earlier one once its own window is searched: an
            // insertion sort, best first (a few lines; std's sort would add 5 KB to the worker).
            for i in 1..found.len() {
                let mut j = i;
                while j > 0 && found[j - 1].0 < found[j].0 {
                    found.swap(j - 1, j);
                    j -= 1;
                }
            }
            for (index, (_, pv)) in found.iter().enumerate() {
                self.move_root_move(pv[0], index);
            }
            let best = found[0].0;
            previous = found.iter().map(|&(score, _)| score).collect();
            result.best = Some(found[0].1[0]);
            result.pv = found[0].1.clone();
            result.score = to_score(best);
            result.depth = depth as u32;
            self.lines = found.into_iter().map(|(score, pv)| Line { score: to_score(score), pv }).collect();
            self.completed_depth = depth as u32;
            self.report();
            let mate_settled = best.abs() >= MATE_BOUND && depth > MATE - best.abs() + 2;
            if (mate_settled && !limits.infinite) || self.node_limit.is_some_and(|n| self.nodes >= n) {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// Tells the caller the last completed iteration's lines, with the nodes searched so far.
    /// Out of line: `visit`, on every node's path, calls it only every so often.
    #[cold]
    #[inline(never)]
    fn report(&mut self) {
        let elapsed = self.time.elapsed_ms(self.clock);
        self.reported_at_ms = elapsed;
        (self.on_info)(&Info {
            depth: self.completed_depth,
            seldepth: self.seldepth as u32,
            nodes: self.nodes,
            nps: (self.nodes as f64 * 1000.0 / elapsed.max(1.0)) as u64,
            time_ms: elapsed as u64,
            lines: self.lines.clone(),
        });
    }

    /// Puts root move `mv` at `index`, keeping the others in order.
    fn move_root_move(&mut self, mv: Move, index: usize) {
        if let Some(i) = self.root_moves.iter().position(|r| r.mv == mv) {
            let chosen = self.root_moves.remove(i);
            self.root_moves.insert(index, chosen);
        }
    }

    /// Searches a narrow window around the previous score first, widening on failure.
    /// Searches the root moves from `first` on (the earlier ones are the better lines already found).
    fn aspiration(&mut self, root: &Position, depth: i32, previous: i32, first: usize) -> i32 {
        let mut window = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && previous.abs() < MATE_BOUND {
            (previous - window, previous + window)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.root(root, depth, alpha, beta, first);
            if self.aborted {
                return score;
            }
            if score <= alpha && alpha > -INFINITY {
                alpha = (score - window).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = (score + window).min(INFINITY);
            } else {
                return score;
            }
            window *= 2;
            if window > 1000 {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    fn root(&mut self, pos: &Position, depth: i32, mut alpha: i32, beta: i32, first: usize) -> i32 {
        self.pv_len[0] = 0;
        let mut best = -INFINITY;
        for i in first..self.root_moves.len() {
            let RootMove { mv, noise } = self.root_moves[i];
            self.played[0] = Some(PieceTo::of(pos, mv));
            self.enter(pos, mv, 0);
            let mut child = pos.clone();
            child.play_unchecked(mv);
            self.path.push(child.hash(), child.is_check());
            let new_depth = depth - 1 + (child.is_check() && see(pos, mv) >= 0) as i32;
            let mut score;
            if i == first {
                score = -self.negamax(&child, new_depth, -(beta - noise), -(alpha - noise), 1, true, true) + noise;
            } else {
                let reduction = if depth >= 3 && is_quiet(pos, mv) && !child.is_check() {
                    (late_move_reduction(depth, i - first + 1) - 1).clamp(0, new_depth - 1)
                } else {
                    0
                };
                score = -self.negamax(
                    &child,
                    new_depth - reduction,
                    -(alpha - noise) - 1,
                    -(alpha - noise),
                    1,
                    false,
                    true,
                ) + noise;
                if reduction > 0 && score > alpha && !self.aborted {
                    score = -self.negamax(&child, new_depth, -(alpha - noise) - 1, -(alpha - noise), 1, false, true)
                        + noise;
                }
                if score > alpha && score < beta && !self.aborted {
                    score = -self.negamax(&child, new_depth, -(beta - noise), -(alpha - noise), 1, true, true) + noise;
                }
            }
            self.path.pop();
            if self.aborted {
                break;
            }
            self.may_abort = true;
            if score > best {
                best = score;
                if score > alpha || i == first {
                    self.update_pv(0, mv);
                }
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][0] = mv;
        let child_len = if ply < MAX_PLY { self.pv_len[ply + 1] } else { 0 };
        for i in 0..child_len {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len + 1;
    }

    /// The score of a mate at once by the side to move, not in check, with its move as the line:
    /// the quiescence plays captures only, so a drop that mates lies past its horizon, and in
    /// shogi one is often there (in 2.5 % of the positions a move after the data's).
    fn mate_at_once(&mut self, pos: &Position, in_check: bool, ply: usize) -> Option<i32> {
        if in_check {
            return None;
        }
        let mv = mates_at_once(pos)?;
        self.pv_len[ply + 1] = 0;
        self.update_pv(ply, mv);
        Some(MATE - ply as i32 - 1)
    }

    /// The static evaluation for the side to move in `pos`, the position at `ply`, in centipawns.
    fn evaluate(&mut self, pos: &Position, ply: usize) -> i32 {
        let built_in = evaluate(pos);
        let Some(learned) = self.learned else { return built_in };
        let sums =
            *follow(&mut self.learned_sums, &self.changes, ply, |s, c| learned.follow(s, c), || learned.sums(pos));
        let network = learned.network.as_ref().map_or(0, |network| {
            let step = |units: &mut Units, changes: &Changes| {
                network.follow(units, changes);
                true
            };
            let units = follow(&mut *self.units, &self.changes, ply, step, || network.units(pos));
            network.correction(units, pos.turn()).round() as i32
        });
        built_in + correction_of(sums, pos.turn()) + network
    }

    /// A static evaluation with what the search learnt of this kind of position added, kept
    /// short of the mate scores.
    fn corrected(&self, pos: &Position, ply: usize, raw: i32) -> i32 {
        self.correction.corrected(pos, &self.continuation(ply), raw).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Before `mv` is searched from `pos`, the position at `ply`: what it changes for the
    /// learned evaluation, whose sums and units after it are not yet known.
    fn enter(&mut self, pos: &Position, mv: Move, ply: usize) {
        let Some(learned) = self.learned else { return };
        // The sums cannot follow a king's move: those of the node it led to, from its board,
        // serve every move below it.
        if self.changes[ply].is_some_and(|changes| changes.king_moved) && self.learned_sums[ply].is_none() {
            self.learned_sums[ply] = Some(learned.sums(pos));
        }
        self.entered(ply, Changes::of(pos, mv));
    }

    fn entered(&mut self, ply: usize, changes: Changes) {
        self.changes[ply + 1] = Some(changes);
        self.learned_sums[ply + 1] = None;
        self.units[ply + 1] = None;
    }

    /// Counts a node and decides whether to give up (time, nodes or an outside stop).
    #[inline]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if !self.may_abort {
            return false;
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(NODES_PER_CLOCK_CHECK) {
            if (self.stop)() || self.time.out_of_time(self.clock) {
                self.aborted = true;
            } else if self
                .report_ms
                .is_some_and(|every| self.time.elapsed_ms(self.clock) >= self.reported_at_ms + every)
                && !self.lines.is_empty()
            {
                self.report();
            }
        }
        self.aborted
    }

    /// A node of the main search. `null_ok` is false right after a null move, so that two
    /// never follow each other.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
        null_ok: bool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        match self.path.verdict() {
            Some(Repetition::Draw) => return DRAW,
            Some(Repetition::Win) => return MATE - ply as i32,
            Some(Repetition::Loss) => return -MATE + ply as i32,
            None => {}
        }
        if self.can_declare_win(pos) {
            return MATE - ply as i32 - 1;
        }
        // No mate found deeper can beat one already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = pos.is_check();
        if depth <= 0 {
            if let Some(score) = self.mate_at_once(pos, in_check, ply) {
                return score;
            }
            return self.quiescence(pos, alpha, beta, ply, false);
        }
        if self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos, ply);
        }

        let hash = pos.hash();
        let hit = self.tt.probe(hash, ply);
        if let Some(hit) = hit {
            if !pv_node && hit.depth >= depth && hit.decides(alpha, beta) {
                return hit.score;
            }
        }

        // Before the pruning judges the node by its static score (a node the table knows has
        // been searched, mate or not).
        if hit.is_none() {
            if let Some(score) = self.mate_at_once(pos, in_check, ply) {
                return score;
            }
        }
        // The table keeps the evaluation as computed; the correction learnt since is added anew.
        let raw_eval = match (in_check, hit.and_then(|h| h.eval)) {
            (true, _) => None,
            (false, Some(eval)) => Some(eval),
            (false, None) => Some(self.evaluate(pos, ply)),
        };
        let static_eval = raw_eval.map_or(-INFINITY, |raw| self.corrected(pos, ply, raw));
        self.static_evals[ply] = static_eval;
        // Better than two plies ago: prune less. In check there is no static score to compare.
        let improving = !in_check && ply >= 2 && static_eval > self.static_evals[ply - 2];
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Razoring: far below alpha near the leaves, only a capture could help.
            if depth <= RAZOR_MAX_DEPTH && static_eval + RAZOR_BASE + RAZOR_MARGIN * depth * depth < alpha {
                if pos.mate_in_one().is_some() {
                    return MATE - ply as i32 - 1;
                }
                let score = self.quiescence(pos, alpha - 1, alpha, ply, false);
                if score < alpha || self.aborted {
                    return score;
                }
            }
            if depth <= REVERSE_FUTILITY_MAX_DEPTH
                && static_eval - REVERSE_FUTILITY_MARGIN * (depth - improving as i32) >= beta
            {
                return static_eval;
            }
            if null_ok && depth >= NULL_MOVE_MIN_DEPTH && static_eval >= beta {
                if let Some(score) = self.null_move(pos, depth, beta, static_eval, ply) {
                    return score;
                }
                if self.aborted {
                    return 0;
                }
            }
        }

        // Internal iterative reduction: with no move from the table the ordering is poor
        // and the node likely new; a shallower search costs less and fills the table.
        let tt_move = hit.and_then(|h| h.mv);
        if depth >= IIR_MIN_DEPTH && tt_move.is_none() {
            depth -= 1;
        }

        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        if moves.is_empty() {
            // Checkmated, or no legal move at all: both lose in shogi.
            return -MATE + ply as i32;
        }
        retain_worthwhile(pos, &mut moves);
        let context = self.continuation(ply);
        let mut keys = OrderKeys::new();
        let mut picker = MovePicker::new(pos, &moves, tt_move, self.tables, ply, &context, &mut keys);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        // On the stack: as `Vec`s they cost an allocation at every node (the more in wasm).
        let mut quiets_tried = MoveList::new();
        let mut captures_tried = MoveList::new();
        let mut searched = 0usize;
        let mut skip_quiets = false;
        while let Some((mv, order)) = picker.next() {
            let quiet = is_quiet(pos, mv);
            let checking = pos.gives_check(mv);
            if quiet && skip_quiets && !checking {
                continue;
            }
            let prunable = !in_check && searched > 0 && best > -MATE_BOUND && !pv_node;
            // The depth this move would get after its late-move reduction, for the pruning margins.
            let reduced_depth = (depth - 1 - late_move_reduction(depth, searched + 1)).max(0);
            // A check's static exchange, which its pruning and its extension both ask.
            let check_exchange = checking.then(|| see(pos, mv));
            if let (true, Some(exchange)) = (prunable, check_exchange) {
                // A check is not judged by the static score, but one that loses what gives it
                // (a piece dropped where it is taken) is rarely worth more than that.
                if quiet && loses_material(reduced_depth, || exchange) {
                    continue;
                }
            } else if prunable {
                if quiet {
                    if quiets_tried.len() >= late_move_count(depth, improving) {
                        skip_quiets = true;
                        continue;
                    }
                    // A quiet move that has done badly here before is not worth a shallow look.
                    if (reduced_depth <= HISTORY_PRUNE_MAX_DEPTH
                        && order < -HISTORY_PRUNE_MARGIN * reduced_depth.max(1))
                        || self.may_prune_quiet(pos, mv, reduced_depth, static_eval, alpha)
                    {
                        continue;
                    }
                } else if depth <= SEE_CAPTURE_MAX_DEPTH && see(pos, mv) < -SEE_CAPTURE_MARGIN * depth {
                    continue;
                }
            }
            self.played[ply] = Some(PieceTo::of(pos, mv));
            self.enter(pos, mv, ply);
            let mut child = pos.clone();
            child.play_unchecked(mv);
            self.path.push(child.hash(), checking);
            // A safe check (its piece not lost where it lands) is searched a ply deeper: a mating
            // attack is a string of them. Not every check: in shogi nearly every position has
            // some (drops), and extending them all cost 89 Elo. Bounded by the line's length.
            let extended = check_exchange.is_some_and(|e| e >= 0) && ply < 2 * (self.completed_depth as usize + 1);
            let new_depth = depth - 1 + extended as i32;
            let mut score;
            if searched == 0 {
                score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, pv_node, true);
            } else {
                // Late moves are searched shallower first, quiet ones with a poor history most.
                let reduction = if depth >= LMR_MIN_DEPTH && !in_check && (quiet || is_losing_capture(order)) {
                    let mut r = late_move_reduction(depth, searched + 1);
                    r += !improving as i32 - pv_node as i32 - checking as i32;
                    if quiet {
                        r -= history_adjustment(order);
                    }
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                score = -self.negamax(&child, new_depth - reduction, -alpha - 1, -alpha, ply + 1, false, true);
                if reduction > 0 && score > alpha && !self.aborted {
                    score = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, false, true);
                }
                if score > alpha && score < beta && !self.aborted {
                    score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true, true);
                }
            }
            self.path.pop();
            if self.aborted {
                return 0;
            }
            searched += 1;
            if quiet {
                quiets_tried.push(mv);
            } else if is_capture(pos, mv) {
                captures_tried.push(mv);
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if alpha >= beta {
                        if quiet {
                            self.tables.reward_quiet(pos, ply, &context, mv, quiets_tried.as_slice(), depth);
                        }
                        self.tables.reward_captures(pos, mv, captures_tried.as_slice(), depth);
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        // The evaluation erred the way the bound says, where a quiet move (or none) decided.
        if !in_check
            && best.abs() < MATE_BOUND
            && best_move.is_none_or(|mv| is_quiet(pos, mv))
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.correction.update(pos, &context, depth, best - static_eval);
        }
        self.tt.store(hash, ply, depth, best, raw_eval, bound, best_move);
        best
    }

    /// The moves one and two plies before the node at `ply`.
    fn continuation(&self, ply: usize) -> Continuation {
        let before = |back: usize| ply.checked_sub(back).and_then(|p| self.played[p]);
        [before(1), before(2)]
    }

    /// Whether the side to move wins by impasse here (only a king in the enemy camp can).
    fn can_declare_win(&self, pos: &Position) -> bool {
        let us = pos.turn();
        pos.king_square(us).is_some_and(|k| k.in_promotion_zone(us))
            && impasse_result(pos, self.impasse_rule) == Ok(Some(us))
    }

    /// Passes the move to the opponent: if a shallower search still fails high, so would
    /// the real moves (zugzwang is rare in shogi, where a piece in hand can always be dropped).
    fn null_move(&mut self, pos: &Position, depth: i32, beta: i32, static_eval: i32, ply: usize) -> Option<i32> {
        let passed = pos.null_move()?;
        self.played[ply] = None;
        if self.learned.is_some() {
            self.entered(ply, Changes::none(pos));
        }
        self.path.push(passed.hash(), false);
        let reduction = NULL_MOVE_REDUCTION
            + depth / NULL_MOVE_DEPTH_DIVISOR
            + ((static_eval - beta) / NULL_MOVE_EVAL_DIVISOR).min(3);
        let score = -self.negamax(&passed, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false, false);
        self.path.pop();
        (!self.aborted && score >= beta).then_some(if score >= MATE_BOUND { beta } else { score })
    }

    /// Near the leaves, whether a quiet move can be skipped: too far below alpha, or losing
    /// material where it lands. `depth` is the depth the move would be searched at.
    fn may_prune_quiet(&self, pos: &Position, mv: Move, depth: i32, static_eval: i32, alpha: i32) -> bool {
        (depth <= FUTILITY_MAX_DEPTH && static_eval + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha)
            || loses_material(depth, || see(pos, mv))
    }

    /// Captures only (all moves when in check), until the position is quiet. `ask_mate`: whether
    /// to look for a mate at once here; the main search has looked already where it calls this.
    fn quiescence(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, ask_mate: bool) -> i32 {
        self.pv_len[ply] = 0;
        if self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.is_check();
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos, ply);
        }
        let hash = pos.hash();
        let hit = self.tt.probe(hash, ply);
        // On a principal variation (an open window) the line is wanted too, so no cut-off.
        let pv_node = beta - alpha > 1;
        if let Some(hit) = hit.filter(|_| !pv_node) {
            if hit.decides(alpha, beta) {
                return hit.score;
            }
        }
        let original_alpha = alpha;
        let mut moves = MoveList::new();
        let mut best;
        let mut raw_eval = None;
        if in_check {
            pos.generate_legal(&mut moves);
            if moves.is_empty() {
                return -MATE + ply as i32;
            }
            retain_worthwhile(pos, &mut moves);
            best = -INFINITY;
        } else {
            let raw = hit.and_then(|h| h.eval).unwrap_or_else(|| self.evaluate(pos, ply));
            raw_eval = Some(raw);
            best = self.corrected(pos, ply, raw);
            if best >= beta {
                if hit.is_none() {
                    self.tt.store(hash, ply, QUIESCENCE_DEPTH, best, raw_eval, Bound::Lower, None);
                }
                return best;
            }
            // Past the horizon a mate at once is still a mate: asked where the stand pat does
            // not already cut, at nodes the table does not know.
            if ask_mate && hit.is_none() {
                if let Some(score) = self.mate_at_once(pos, false, ply) {
                    return score;
                }
            }
            alpha = alpha.max(best);
            pos.generate_captures(&mut moves);
            retain_worthwhile(pos, &mut moves);
        }
        let mut best_move = None;
        let mut keys = OrderKeys::new();
        let tt_move = hit.and_then(|h| h.mv);
        let mut picker = MovePicker::new(pos, &moves, tt_move, self.tables, ply, &[None, None], &mut keys);
        while let Some((mv, order)) = picker.next() {
            if !in_check && is_losing_capture(order) {
                continue;
            }
            self.enter(pos, mv, ply);
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, true);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.tt.store(hash, ply, QUIESCENCE_DEPTH, best, raw_eval, bound, best_move);
        best
    }
}

/// Near the leaves, whether a quiet move to be searched at `depth`, whose static exchange is
/// `exchange()` (asked only this near), loses more material where it lands than a shallow
/// search could win back.
fn loses_material(depth: i32, exchange: impl FnOnce() -> i32) -> bool {
    depth <= SEE_QUIET_MAX_DEPTH && exchange() < -SEE_QUIET_MARGIN * depth.max(1)
}

/// The depth quiescence results are stored at: below every main-search depth.
const QUIESCENCE_DEPTH: i32 = -1;

/// How many plies a late move is reduced: more the deeper the node and the later the move
/// (logarithmic in both, as in Stockfish), before the adjustments of the node and the move.
fn late_move_reduction(depth: i32, move_number: usize) -> i32 {
    static TABLE: OnceLock<[[u8; LMR_TABLE_MOVES]; MAX_PLY]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = [[0u8; LMR_TABLE_MOVES]; MAX_PLY];
        for (d, row) in table.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR).max(0.0) as u8;
            }
        }
        table
    });
    table[(depth.max(0) as usize).min(MAX_PLY - 1)][move_number.min(LMR_TABLE_MOVES - 1)] as i32
}

/// Quiet moves searched at this depth before the rest are skipped (late move pruning).
fn late_move_count(depth: i32, improving: bool) -> usize {
    if depth > LATE_MOVE_MAX_DEPTH {
        return usize::MAX;
    }
    let count = LATE_MOVE_BASE + (depth * depth) as usize;
    if improving {
        count
    } else {
        count / 2
    }
}

/// A quiet move's history (its ordering score; killers rank above every history) moves
/// its reduction by up to two plies either way.
fn history_adjustment(order: i32) -> i32 {
    if order >= KILLER {
        1
    } else {
        (order / LMR_HISTORY_DIVISOR).clamp(-2, 2)
    }
}

/// An internal score as the outside sees it.
pub fn to_score(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate(MATE - score)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score))
    } else {
        Score::Cp(score)
    }
}
