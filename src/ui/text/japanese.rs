//! The Japanese texts of [`T`]. Natively they are `i18n.rs`'s table. The page's wasm goes
//! without them (6 KB of an English page's first load, issue 28): it reads them from
//! [`JAPANESE_FILE`], fetched before the page mounts in Japanese or switches to it
//! (`ui/app.rs`, `ui/settings.rs`) and precached for offline use. The file is one text a line,
//! in `T`'s order, written from the table by a test (`UPDATE_JAPANESE=1 cargo test --lib
//! japanese_file`), which fails while the two differ.

use crate::ui::text::i18n::T;

/// The file of the Japanese texts, beside the page.
pub const JAPANESE_FILE: &str = "japanese.txt";

/// The Japanese text of `key`.
#[cfg(not(target_arch = "wasm32"))]
pub fn text(key: T) -> &'static str {
    super::i18n::JAPANESE[key as usize]
}

#[cfg(target_arch = "wasm32")]
static READ: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();

/// The Japanese text of `key`; its English one while the file is not read (it could not be
/// fetched): a page never shows an empty text.
#[cfg(target_arch = "wasm32")]
pub fn text(key: T) -> &'static str {
    READ.get().map_or_else(|| key.get(super::i18n::Lang::En), |texts| texts[key as usize])
}

/// Whether the texts are there to show.
pub fn ready() -> bool {
    #[cfg(target_arch = "wasm32")]
    return READ.get().is_some();
    #[cfg(not(target_arch = "wasm32"))]
    true
}

/// Keeps the texts of `file` (its contents) for the page's life; false if it does not hold one
/// text for each key (a file from another build).
#[cfg(target_arch = "wasm32")]
pub fn take_in(file: String) -> bool {
    match texts_of(file.leak()) {
        Some(texts) => READ.set(texts).is_ok(),
        None => false,
    }
}

/// The texts of a file's contents, in `T`'s order, if it has one line for each key.
pub fn texts_of(file: &str) -> Option<Vec<&str>> {
    let texts: Vec<&str> = file.lines().collect();
    (texts.len() == T::ALL.len()).then_some(texts)
}

/// The file's contents for the table.
#[cfg(test)]
fn file_of_table() -> String {
    T::ALL.iter().map(|&key| format!("{}\n", text(key))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn japanese_file_holds_the_tables_texts() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public").join(JAPANESE_FILE);
        let written = file_of_table();
        if std::env::var_os("UPDATE_JAPANESE").is_some() {
            std::fs::write(&path, &written).unwrap();
        }
        let file = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            file == written,
            "public/{JAPANESE_FILE} differs from i18n.rs: run UPDATE_JAPANESE=1 cargo test --lib japanese_file"
        );
    }

    #[test]
    fn a_file_is_read_only_with_one_text_for_each_key() {
        let written = file_of_table();
        let texts = texts_of(&written).unwrap();
        assert_eq!(texts[T::Title as usize], "将棋");
        assert!(T::ALL.iter().all(|&key| !text(key).contains('\n')), "a text is one line");
        assert_eq!(texts_of(&written[..written.len() - 1]).map(|t| t.len()), Some(T::ALL.len()), "no last newline");
        assert_eq!(texts_of("将棋\n"), None);
        assert_eq!(texts_of(&format!("{written}extra\n")), None);
    }
}
