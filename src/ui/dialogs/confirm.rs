//! Asks before a step that ends the game at once: resigning, declaring impasse. Enter
//! confirms (the confirming button has the focus), Escape or Cancel keeps playing.

use leptos::prelude::*;

use crate::rules::ImpasseRule;
use crate::ui::dialog::{Dialog, Dialogs};
use crate::ui::dialogs::modal::modal;
use crate::ui::panels::panel::impasse_action;
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::T;

/// The confirmation: its code is loaded the first time it opens (`ui/on_demand.rs`).
#[lazy]
pub fn confirm_on_demand() -> AnyView {
    confirm().into_any()
}

fn confirm() -> impl IntoView {
    let (app, play, settings, dialogs) = (App::get(), Play::get(), Settings::get(), Dialogs::get());
    move || {
        let (question, action, ends): (T, T, fn(&App)) = if dialogs.is_open(Dialog::ConfirmResign) {
            (T::ConfirmResign, T::Resign, App::resign)
        } else if dialogs.is_open(Dialog::ConfirmImpasse) {
            let rule = play.table.with_untracked(|t| t.impasse_rule);
            let question = match rule {
                ImpasseRule::Declaration27 => T::ConfirmDeclaration,
                ImpasseRule::Points24 => T::ConfirmCount,
            };
            (question, impasse_action(rule), App::declare_impasse)
        } else {
            return None;
        };
        let lang = settings.lang.get_untracked();
        let close = move || dialogs.close();
        let body = view! {
            <p>{question.get(lang)}</p>
            <div class="dialog-buttons">
                <button
                    data-action="confirm"
                    data-autofocus
                    on:click=move |_| {
                        dialogs.close();
                        ends(&app);
                    }
                >
                    {action.get(lang)}
                </button>
                <button data-action="cancel" on:click=move |_| close()>{T::Cancel.get(lang)}</button>
            </div>
        };
        Some(modal("dialog confirm", action.get(lang), close, body))
    }
}
