//! The lines that leave the one followed at a move, as a row of the move list after that
//! move: each line's first moves as buttons that follow it. A game played straight through
//! has none: this code loads with the first list that has one (`ui/on_demand.rs`).

use leptos::prelude::*;

use crate::notation::variation::write_path;
use crate::ui::model::branches::Alternative;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::T;

/// How many moves of a variation the move list shows beside the line followed.
const VARIATION_MOVES_SHOWN: usize = 6;

#[lazy]
pub fn variations_on_demand(ply: usize, found: Vec<(Alternative, Vec<String>)>) -> AnyView {
    variations(ply, found).into_any()
}

/// The row of the variations `found` at move `ply`, each with its moves' texts.
fn variations(ply: usize, found: Vec<(Alternative, Vec<String>)>) -> impl IntoView {
    let (app, settings) = (App::get(), Settings::get());
    let label = move || T::VariationsAt.with(settings.lang.get(), &[&ply.to_string()]);
    let lines = found
        .into_iter()
        .map(|(alt, texts)| {
            let more = (texts.len() > VARIATION_MOVES_SHOWN).then_some("…");
            let buttons = texts
                .into_iter()
                .take(VARIATION_MOVES_SHOWN)
                .enumerate()
                .map(|(k, text)| {
                    let (path, at) = (alt.path.clone(), alt.ply + k);
                    let text = if k == 0 { format!("{at}. {text}") } else { text };
                    view! {
                        <button
                            class="variation-move"
                            data-variation=write_path(&path)
                            data-variation-ply=at.to_string()
                            on:click=move |_| app.follow_line(&path, at)
                        >
                            {text}
                        </button>
                    }
                })
                .collect_view();
            view! { <li class="variation">{buttons}{more}</li> }
        })
        .collect_view();
    // A row of its own across the list's two columns.
    view! { <li class="variations-row"><ol class="variations" aria-label=label>{lines}</ol></li> }
}
