//! The piece guide: every piece and its promoted form with its move diagram,
//! drawn in the chosen piece style, with the rules in a sentence each.

use leptos::prelude::*;

use crate::notation::kanji;
use crate::rules::{attacks, Bitboard, Color, Piece, Role, Square};

use crate::ui::board::piece::piece_shape;
use crate::ui::dialog::{Dialog, Dialogs};
use crate::ui::dialogs::modal::modal;
use crate::ui::model::guide::{GuideRule, RULES};
use crate::ui::model::reach::how_it_moves;
use crate::ui::settings::Settings;
use crate::ui::text::i18n::{Lang, T};
use crate::ui::text::markup::short_number;

/// Diagram squares (5 × 5, the piece in the middle) and their size in diagram units.
const SPAN: i32 = 2;
const CELL: f64 = 30.0;

/// A sente piece on 5e of an empty board: dots where it steps, arrows where it ranges.
fn diagram(settings: Settings, role: Role) -> impl IntoView {
    let centre = Square::new(5, 4).expect("5e is on the board");
    let reach = attacks::attacks(Color::Sente, role, centre, Bitboard::EMPTY);
    // Screen offsets (columns right, rows down) for sente; file numbers grow to the left.
    let at = |dc: i32, dr: i32| Square::new((5 - dc) as u8, (4 + dr) as u8);
    let xy = |dc: i32, dr: i32| ((dc + SPAN) as f64 * CELL + CELL / 2.0, (dr + SPAN) as f64 * CELL + CELL / 2.0);
    let mut marks = Vec::new();
    for dr in -SPAN..=SPAN {
        for dc in -SPAN..=SPAN {
            let step = dr.abs().max(dc.abs()) == 1;
            let jump = dr.abs() == 2 && dc.abs() == 1;
            if (step || jump) && at(dc, dr).is_some_and(|s| reach.contains(s)) {
                let (x, y) = xy(dc, dr);
                marks.push(view! { <circle class="guide-step" cx=short_number(x) cy=short_number(y) r="7" /> }.into_any());
            }
        }
    }
    for (dc, dr) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
        if at(2 * dc, 2 * dr).is_some_and(|s| reach.contains(s)) {
            let (x1, y1) = xy(dc, dr);
            let (x2, y2) = xy(2 * dc, 2 * dr);
            let (x2, y2) = (x2 + dc as f64 * CELL * 0.35, y2 + dr as f64 * CELL * 0.35);
            marks.push(
                view! { <line class="guide-range" x1=short_number(x1) y1=short_number(y1) x2=short_number(x2) y2=short_number(y2) marker-end="url(#guide-head)" /> }.into_any(),
            );
        }
    }
    let size = (2 * SPAN + 1) as f64 * CELL;
    let side = short_number(size);
    let lines = (0..=2 * SPAN + 1)
        .map(|i| {
            let p = short_number(i as f64 * CELL);
            view! {
                <line class="guide-grid" x1=p.clone() y1="0" x2=p.clone() y2=side.clone() />
                <line class="guide-grid" x1="0" y1=p.clone() x2=side.clone() y2=p />
            }
        })
        .collect_view();
    let (cx, cy) = xy(0, 0);
    view! {
        <svg class="guide-diagram" viewBox=format!("-2 -2 {0} {0}", short_number(size + 4.0)) aria-hidden="true">
            <defs>
                <marker id="guide-head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
                    <path d="M 0 0 L 10 5 L 0 10 z" class="guide-head" />
                </marker>
            </defs>
            <rect class="guide-wood" width=side.clone() height=side />
            {lines}
            {marks}
            <g transform=format!("translate({},{}) scale(0.3)", short_number(cx), short_number(cy))>
                {piece_shape(Piece::new(Color::Sente, role), settings.style.into(), Signal::stored(false))}
            </g>
        </svg>
    }
}

fn entry(settings: Settings, role: Role) -> impl IntoView {
    let lang = settings.lang.get_untracked();
    // The English name beside the Japanese; in Japanese, the name alone.
    let title = match lang {
        Lang::En => view! { {capitalized(role.name())}" — "<span lang="ja">{kanji::full_name(role)}</span> }.into_any(),
        Lang::Ja => kanji::full_name(role).into_any(),
    };
    let moves = how_it_moves(role).get(lang);
    let sentence = if lang == Lang::En { format!("{}.", capitalized(moves)) } else { format!("{moves}。") };
    view! {
        <div class="guide-entry" data-guide=role.name()>
            {diagram(settings, role)}
            <div>
                <h3>{title}</h3>
                <p>{sentence}</p>
            </div>
        </div>
    }
}

/// `pawn` → `Pawn`. The English texts are ASCII: an ASCII upper case spares the page
/// Unicode's case tables (about 6 KB gzip).
fn capitalized(text: &str) -> String {
    let mut text = text.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// The rules of the game, each with the rules listed under it.
fn rule_list(rules: &'static [GuideRule], lang: Lang) -> AnyView {
    let items = rules
        .iter()
        .map(|rule| {
            let details = (!rule.details.is_empty()).then(|| rule_list(rule.details, lang));
            view! { <li data-guide-rule=rule.name>{rule.text.get(lang)}{details}</li> }
        })
        .collect_view();
    view! { <ul class="guide-rules">{items}</ul> }.into_any()
}

/// The piece guide: its code is loaded on first use (`ui/on_demand.rs`).
#[lazy]
pub fn guide_on_demand() -> AnyView {
    guide().into_any()
}

fn guide() -> impl IntoView {
    let (settings, dialogs) = (Settings::get(), Dialogs::get());
    move || {
        if !dialogs.is_open(Dialog::Guide) {
            return None;
        }
        let rows =
            [Role::King, Role::Rook, Role::Bishop, Role::Gold, Role::Silver, Role::Knight, Role::Lance, Role::Pawn]
                .into_iter()
                .map(|role| {
                    view! {
                        <div class="guide-row">
                            {entry(settings, role)}
                            {role.promoted().map(|p| entry(settings, p))}
                        </div>
                    }
                })
                .collect_view();
        let close = move || dialogs.close();
        let t = |key: T| key.get(settings.lang.get_untracked());
        let body = view! {
            <h2>{t(T::GuideRulesTitle)}</h2>
            {rule_list(&RULES, settings.lang.get_untracked())}
            <h2>{t(T::GuideTitle)}</h2>
            <p class="guide-intro">{t(T::GuideIntro)}</p>
            {rows}
            <div class="dialog-buttons">
                <button on:click=move |_| close()>{t(T::Close)}</button>
            </div>
        };
        Some(modal("dialog guide", t(T::PieceGuide), close, body))
    }
}
