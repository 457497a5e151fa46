//! The "Record" dialog: import a game (pasted text or a file), export the game at
//! the table (download or copy), and the share link. The formats are `notation/format.rs`'s
//! and the game's `transfer.rs`'s; this file does the browser's part (files, Blob downloads,
//! the clipboard).

use std::borrow::Cow;

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::notation::format::{import_text, import_with, Format, ImportError};
use crate::notation::record::Record;

use crate::ui::computer::EngineState;
use crate::ui::dialog::{Dialog, Dialogs};
use crate::ui::dialogs::modal::modal;
use crate::ui::model::transfer;
use crate::ui::panels::names::strategy_header;
use crate::ui::panels::notices::words_view;
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::explain;
use crate::ui::text::i18n::{format_label, T};

/// Puts an imported record at the table (see `App::import`), or keeps why it cannot be
/// (worded in the page's language as it is when shown), leaving the game as it was.
fn take(app: App, imported: Result<Record, ImportError>, error: RwSignal<Option<ImportError>>) {
    error.set(None);
    if let Err(reason) = imported.and_then(|record| app.import(&record)) {
        error.set(Some(reason));
    }
}

/// Text in an encoding other than UTF-8 (Shift_JIS, mostly), decoded by the browser
/// so that the page's wasm carries no encoding tables; unmappable bytes become U+FFFD.
fn browser_decode<'a>(encoding: &'static encoding_rs::Encoding, bytes: &'a [u8]) -> Cow<'a, str> {
    web_sys::TextDecoder::new_with_label(encoding.name())
        .and_then(|decoder| decoder.decode_with_u8_array(bytes))
        .map_or_else(|_| String::from_utf8_lossy(bytes), Cow::Owned)
}

/// Reads the chosen file's bytes (a KIF may be Shift_JIS, so not as text).
async fn file_bytes(file: web_sys::File) -> Result<Vec<u8>, ImportError> {
    let buffer = JsFuture::from(file.array_buffer()).await.map_err(|_| ImportError::Unreadable)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Offers `text` as a file download through a Blob URL.
fn download(text: &str, file_name: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let link: web_sys::HtmlAnchorElement = document().create_element("a")?.unchecked_into();
    link.set_href(&url);
    link.set_download(file_name);
    link.click();
    // Revoked later: the download reads the URL after this click returns.
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    window().set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 10_000)?;
    Ok(())
}

/// Copies `text`; where the clipboard refuses (or is missing), selects the text in
/// `field` so the person can copy it by hand. `status` says which happened.
fn copy(text: String, field: Option<web_sys::HtmlElement>, status: RwSignal<Option<T>>) {
    let navigator = window().navigator();
    let has_clipboard =
        js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard")).is_ok_and(|c| !c.is_undefined());
    leptos::task::spawn_local(async move {
        let copied = has_clipboard && JsFuture::from(navigator.clipboard().write_text(&text)).await.is_ok();
        if copied {
            status.set(Some(T::Copied));
        } else {
            select(field);
            status.set(Some(T::SelectedToCopy));
        }
    });
}

fn select(field: Option<web_sys::HtmlElement>) {
    let Some(field) = field else { return };
    let _ = field.focus();
    if let Some(area) = field.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        area.select();
    } else if let Some(input) = field.dyn_ref::<web_sys::HtmlInputElement>() {
        input.select();
    }
}

/// The page's address with the share parameters in place of its query (works in any sub-folder).
fn share_url(pairs: &[(&'static str, String)]) -> Option<String> {
    let url = web_sys::Url::new(&window().location().href().ok()?).ok()?;
    let query = web_sys::UrlSearchParams::new().ok()?;
    for (key, value) in pairs {
        query.append(key, value);
    }
    url.set_search(&String::from(query.to_string()));
    url.set_hash("");
    Some(url.href())
}

/// The record dialog (import, export, the share link): its code is loaded on first use (`ui/on_demand.rs`).
#[lazy]
pub fn record_on_demand() -> AnyView {
    record().into_any()
}

fn record() -> impl IntoView {
    let (settings, dialogs) = (Settings::get(), Dialogs::get());
    move || {
        if !dialogs.is_open(Dialog::Record) {
            return None;
        }
        Some(modal("dialog", T::GameRecord.get(settings.lang.get_untracked()), move || dialogs.close(), body(dialogs)))
    }
}

fn body(dialogs: Dialogs) -> impl IntoView {
    // An imported game is put at the table: the controller's job.
    let (app, play, settings, engine) = (App::get(), Play::get(), Settings::get(), EngineState::get());
    let pasted = RwSignal::new(String::new());
    let error = RwSignal::new(None::<ImportError>);
    let format = RwSignal::new(Format::Kif);
    let copied = RwSignal::new(None::<T>);
    let export_field = NodeRef::<html::Textarea>::new();
    let share_field = NodeRef::<html::Input>::new();
    let exported = Memo::new(move |_| {
        let strategy = strategy_header(play);
        play.table.with(|t| transfer::export_named(t, format.get(), strategy.as_deref()))
    });
    let link = Memo::new(move |_| {
        let pairs = play.table.with(|t| transfer::share_pairs(t, play.browse.get(), engine.think_ms.get()));
        share_url(&pairs).unwrap_or_default()
    });
    let on_file = move |ev: web_sys::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        input.set_value("");
        leptos::task::spawn_local(async move {
            take(app, file_bytes(file).await.and_then(|bytes| import_with(&bytes, browser_decode)), error);
        });
    };
    let format_buttons = Format::ALL
        .into_iter()
        .map(|f| {
            view! {
                <button data-format=f.name() aria-pressed=move || (format.get() == f).to_string() on:click=move |_| {
                    format.set(f);
                    copied.set(None);
                }>
                    {settings.text(format_label(f))}
                </button>
            }
        })
        .collect_view();
    let file_name = move || {
        let f = format.get_untracked();
        let date = String::from(js_sys::Date::new_0().to_iso_string()).chars().take(10).collect::<String>();
        format!("shogi-{date}.{}", f.name())
    };
    view! {
        <h2>{settings.text(T::GameRecord)}</h2>
        <section class="record-section">
            <h3>{settings.text(T::Import)}</h3>
            <p class="note">{settings.text(T::ImportNote)}</p>
            <textarea
                class="record-text"
                name="import-text"
                aria-label=settings.text(T::Import)
                rows="6"
                spellcheck="false"
                prop:value=move || pasted.get()
                on:input=move |ev| pasted.set(event_target_value(&ev))
            ></textarea>
            <div class="record-row">
                <button class="primary" data-action="import" on:click=move |_| take(app, import_text(&pasted.get_untracked()), error)>
                    {settings.text(T::ImportText)}
                </button>
                <label class="file-choice">
                    {settings.text(T::OpenFile)}
                    <input type="file" data-action="import-file" accept=".kif,.kifu,.ki2,.ki2u,.csa,.sfen,.txt,text/plain" on:change=on_file />
                </label>
            </div>
            {move || {
                let lang = settings.lang.get();
                error.with(|e| e.as_ref().map(|e| T::NothingImported.words(lang, &[explain::import_error(lang, e)])))
                    .map(|why| view! { <p class="message import-error" role="alert">{words_view(why)}</p> })
            }}
        </section>
        <section class="record-section">
            <h3>{settings.text(T::ExportGame)}</h3>
            <div class="segmented" role="group" aria-label=settings.text(T::RecordFormat)>{format_buttons}</div>
            <textarea class="record-text" data-export="" aria-label=settings.text(T::ExportGame) rows="6" readonly spellcheck="false" node_ref=export_field prop:value=move || exported.get()></textarea>
            <div class="record-row">
                <button data-action="download" on:click=move |_| {
                    if download(&exported.get_untracked(), &file_name()).is_err() {
                        select(export_field.get_untracked().map(Into::into));
                        copied.set(Some(T::DownloadRefused));
                    }
                }>
                    {settings.text(T::Download)}
                </button>
                <button data-action="copy" on:click=move |_| copy(exported.get_untracked(), export_field.get_untracked().map(Into::into), copied)>
                    {settings.text(T::Copy)}
                </button>
            </div>
        </section>
        <section class="record-section">
            <h3>{settings.text(T::ShareLink)}</h3>
            <p class="note">{settings.text(T::ShareNote)}</p>
            <div class="record-row">
                <input class="share-link" data-share="" aria-label=settings.text(T::ShareLink) readonly node_ref=share_field prop:value=move || link.get() />
                <button data-action="copy-link" on:click=move |_| copy(link.get_untracked(), share_field.get_untracked().map(Into::into), copied)>
                    {settings.text(T::CopyLink)}
                </button>
            </div>
        </section>
        <p class="copied" role="status">{move || copied.get().map(|key| settings.t(key))}</p>
        <div class="dialog-buttons">
            <button on:click=move |_| dialogs.close()>{settings.text(T::Close)}</button>
        </div>
    }
}
