//! The looking through the person's finished games for the mates they missed
//! (`tsume::missed_mates` in the engine's worker). It goes on in the background once the
//! Problems dialog starts it: the engine's broker gives anything else the worker first. The
//! mates found join the progress as problems (`Problems::keep_looked_through`). Provided
//! through context.

use std::collections::BTreeSet;

use leptos::prelude::*;

use crate::notation::usi::PositionCommand;
use crate::rules::{Color, Move, Position};
use crate::tsume::MissedMate;
use crate::ui::browser::engine::{self, Priority};
use crate::ui::model::problems::{FoundMate, MAX_FOUND_PLIES};
use crate::ui::model::saved::SavedGame;
use crate::ui::problems::Problems;
use crate::worker::{Reply, Request};

/// A finished game's side to look through.
#[derive(Clone)]
struct Scan {
    game: u64,
    start: Position,
    moves: Vec<Move>,
    side: Color,
}

/// The looking through, while it goes on.
#[derive(Clone, Default)]
pub struct Scanning {
    /// What is left to look through, the next last.
    queue: Vec<Scan>,
    /// The mates found so far in the game being looked through (a game is stored as looked
    /// through once both of a two-person game's sides are).
    found: Vec<FoundMate>,
    pub done: usize,
    pub total: usize,
}

#[derive(Clone, Copy)]
pub struct MissedMates {
    /// While it goes on.
    pub scanning: RwSignal<Option<Scanning>>,
    /// Where the mates found are kept.
    problems: Problems,
}

impl MissedMates {
    pub fn new(problems: Problems) -> MissedMates {
        MissedMates { scanning: RwSignal::new(None), problems }
    }

    /// What the page provided (`start_page` does, before any view is built).
    pub fn get() -> MissedMates {
        expect_context::<MissedMates>()
    }

    /// Looks through `games` not looked through yet, a side the person played at a time,
    /// unless it already goes on.
    pub fn look_through(&self, games: Vec<SavedGame>) {
        if self.scanning.with_untracked(Option::is_some) {
            return;
        }
        let progress = self.problems.progress;
        let mut queue: Vec<Scan> = Vec::new();
        for game in games.iter().filter(|g| !progress.with_untracked(|p| p.is_scanned(g.id))) {
            for side in Color::ALL.into_iter().filter(|&c| game.sides.person_plays(c)) {
                let (start, moves) = (game.start.clone(), game.moves.clone());
                queue.push(Scan { game: game.id, start, moves, side });
            }
        }
        let total = queue.iter().map(|s| s.game).collect::<BTreeSet<_>>().len();
        queue.reverse();
        self.scanning.set(Some(Scanning { queue, found: Vec::new(), done: 0, total }));
        self.scan_next();
    }

    /// Asks the worker about the next game's side, or ends the looking through.
    fn scan_next(&self) {
        let Some(next) = self.scanning.with_untracked(|s| s.as_ref().and_then(|s| s.queue.last().cloned())) else {
            self.scanning.set(None);
            return;
        };
        let game = PositionCommand { start: next.start, moves: next.moves };
        let missed_mates = *self;
        engine::submit(
            Priority::Background,
            move |id| Request::MissedMates { id, game: game.clone(), side: next.side, max_plies: MAX_FOUND_PLIES },
            move |reply| match reply {
                Reply::Missed { found, .. } => missed_mates.scanned(&found),
                // The worker lost it: the rest waits for the next time.
                _ => missed_mates.scanning.set(None),
            },
        );
    }

    /// A game's side looked through: its mates are kept, and the game stored as looked
    /// through once its last side is.
    fn scanned(&self, missed: &[MissedMate]) {
        let mut finished_game = None;
        self.scanning.update(|s| {
            let Some(s) = s else { return };
            let Some(scan) = s.queue.pop() else { return };
            let positions = PositionCommand { start: scan.start.clone(), moves: scan.moves.clone() }.positions();
            s.found.extend(missed.iter().filter_map(|m| {
                let position = positions.get(m.ply)?.clone();
                Some(FoundMate { game: scan.game, ply: m.ply, plies: m.plies, position })
            }));
            if s.queue.last().is_none_or(|next| next.game != scan.game) {
                s.done += 1;
                finished_game = Some((scan.game, std::mem::take(&mut s.found)));
            }
        });
        if let Some((game, found)) = finished_game {
            self.problems.keep_looked_through(game, found);
        }
        self.scan_next();
    }
}
