//! The live region: screen readers announce each move by either side in words,
//! check, taking moves back and the result, as they happen.

use leptos::prelude::*;

use crate::rules::Move;

use crate::ui::model::table::result_sentence;
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::text::i18n::T;
use crate::ui::text::speech;

pub fn live_region() -> impl IntoView {
    let (play, settings) = (Play::get(), Settings::get());
    let announcement = RwSignal::new(String::new());
    // What was last announced: the moves then, and whether the game was over.
    let seen = StoredValue::new(play.table.with_untracked(|t| (t.moves().to_vec(), t.outcome().is_some())));
    Effect::new(move |_| {
        let lang = settings.lang.get_untracked();
        let parts = play.table.with(|t| {
            let (old_moves, was_over): (Vec<Move>, bool) = seen.get_value();
            let moves = t.moves();
            let mut parts = Vec::new();
            if moves.len() > old_moves.len() && moves.starts_with(&old_moves) {
                parts.extend(
                    (old_moves.len()..moves.len()).map(|i| speech::move_words(lang, t.position_at(i), moves[i])),
                );
            } else if moves.len() < old_moves.len() && old_moves.starts_with(moves) {
                parts.push(T::TakenBack.get(lang).to_string());
            } else if moves != old_moves.as_slice() {
                parts.push(T::GameStarted.get(lang).to_string());
            }
            if let Some(outcome) = t.outcome().filter(|_| !was_over || !parts.is_empty()) {
                parts.push(result_sentence(lang, outcome, t.sides));
            }
            seen.set_value((moves.to_vec(), t.outcome().is_some()));
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
