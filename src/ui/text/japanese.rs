//! The Japanese texts as the page gets them. Natively they are `i18n.rs`'s table. The page's
//! wasm goes without them (6 KB of an English page's first load, issue 28): it reads them
//! from [`JAPANESE_FILE`], fetched before the page mounts in Japanese or switches to it
//! (`ui/app.rs`, `ui/settings.rs`) and precached for offline use. The file is one text a line,
//! in `T`'s order, written from the table by a test (`UPDATE_JAPANESE=1 cargo test --lib
//! japanese_file`), which fails while the two differ. This file knows the texts by their
//! place in that order only; `i18n.rs` knows the keys.

/// The file of the Japanese texts, beside the page.
pub const JAPANESE_FILE: &str = "japanese.txt";

#[cfg(target_arch = "wasm32")]
static READ: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();

/// The text at `index` of the file read, if it is read (it could not be fetched otherwise).
#[cfg(target_arch = "wasm32")]
pub fn text(index: usize) -> Option<&'static str> {
    READ.get().map(|texts| texts[index])
}

/// Whether the texts are there to show.
pub fn ready() -> bool {
    #[cfg(target_arch = "wasm32")]
    return READ.get().is_some();
    #[cfg(not(target_arch = "wasm32"))]
    true
}

/// Keeps the texts of `file` (its contents) for the page's life; false if it does not hold
/// `count` texts (a file from another build).
#[cfg(target_arch = "wasm32")]
pub fn take_in(file: String, count: usize) -> bool {
    match texts_of(file.leak(), count) {
        Some(texts) => READ.set(texts).is_ok(),
        None => false,
    }
}

/// The texts of a file's contents, in order, if it has exactly `count` lines.
pub fn texts_of(file: &str, count: usize) -> Option<Vec<&str>> {
    let texts: Vec<&str> = file.lines().collect();
    (texts.len() == count).then_some(texts)
}
