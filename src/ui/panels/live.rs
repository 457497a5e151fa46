//! The live region: screen readers announce each move by either side in words,
//! check, taking moves back and the result, as they happen, and the move shown as the
//! record is stepped through.

use leptos::prelude::*;

use crate::rules::Move;

use crate::ui::model::table::{result_sentence, Table};
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::text::i18n::{Lang, T};
use crate::ui::text::speech;

/// The move that led to the position after `ply` moves, numbered and in words ("Move 3:
/// Sente: pawn to 2 f"); the start position at ply 0.
pub fn shown_move(lang: Lang, table: &Table, ply: usize) -> String {
    match ply.checked_sub(1) {
        Some(i) => T::MoveShown
            .with(lang, &[&ply.to_string(), &speech::move_words(lang, table.position_at(i), table.moves()[i])]),
        None => T::StartShown.get(lang).to_string(),
    }
}

pub fn live_region() -> impl IntoView {
    let (play, settings) = (Play::get(), Settings::get());
    let announcement = RwSignal::new(String::new());
    // What was last announced: the moves then, whether the game was over, the line followed
    // and the ply shown.
    let seen = StoredValue::new(play.table.with_untracked(|t| {
        (t.moves().to_vec(), t.outcome().is_some(), t.path().to_vec(), play.shown_ply.get_untracked())
    }));
    Effect::new(move |_| {
        let lang = settings.lang.get_untracked();
        let (shown, browsing) = (play.shown_ply.get(), play.browse.get().is_some());
        let parts = play.table.with(|t| {
            let (old_moves, was_over, old_path, old_shown): (Vec<Move>, bool, Vec<usize>, usize) = seen.get_value();
            let moves = t.moves();
            let mut parts = Vec::new();
            // Stepping through the record, or following another of its lines.
            let line_changed = t.path() != old_path.as_slice();
            let stepped =
                (browsing || moves == old_moves.as_slice() || line_changed) && (shown != old_shown || line_changed);
            if stepped {
                parts.push(shown_move(lang, t, shown));
            } else if moves.len() > old_moves.len() && moves.starts_with(&old_moves) {
                parts.extend(
                    (old_moves.len()..moves.len()).map(|i| speech::move_words(lang, t.position_at(i), moves[i])),
                );
            } else if moves.len() < old_moves.len() && old_moves.starts_with(moves) {
                parts.push(T::TakenBack.get(lang).to_string());
            } else if moves != old_moves.as_slice() {
                parts.push(T::GameStarted.get(lang).to_string());
            }
            if let Some(outcome) = t.outcome().filter(|_| !stepped && (!was_over || !parts.is_empty())) {
                parts.push(result_sentence(lang, outcome, t.sides));
            }
            seen.set_value((moves.to_vec(), t.outcome().is_some(), t.path().to_vec(), shown));
            parts
        });
        if !parts.is_empty() {
            announcement.set(parts.join(T::SentenceBreak.get(lang)));
        }
    });
    view! {
        <div class="sr-only" aria-live="polite" data-live>
            {announcement}
        </div>
    }
}
