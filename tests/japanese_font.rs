//! The Japanese web font (src/ui/browser/fonts.rs, made by .ci/japanese-font.sh) holds every Japanese
//! character the sources write, so no UI text or notation turns into boxes on a system
//! without a Japanese font. A failure names the characters: run the script again.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// The ranges of the font's `unicode-range`: CJK punctuation and kana, ideographs, full-width forms.
fn is_japanese(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x30FF | 0x4E00..=0x9FFF | 0xFF00..=0xFFEF)
}

fn rust_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn the_font_covers_every_japanese_character_of_the_sources() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let covered: BTreeSet<char> =
        fs::read_to_string(root.join("tests/data/japanese-font-characters.txt")).unwrap().chars().collect();
    let mut files = vec![
        root.join("index.html"),
        root.join("public/embed-example.html"),
        root.join("public/lessons.txt"),
        root.join("public/names.txt"),
    ];
    rust_files(&root.join("src"), &mut files);
    let missing: BTreeSet<char> = files
        .iter()
        .flat_map(|f| fs::read_to_string(f).unwrap().chars().collect::<Vec<_>>())
        .filter(|&c| is_japanese(c) && !covered.contains(&c))
        .collect();
    assert!(missing.is_empty(), "not in the font: {} (run .ci/japanese-font.sh)", missing.iter().collect::<String>());
    for font in ["japanese-ui.woff2", "japanese-labels.woff2"] {
        let bytes = fs::read(root.join("public/fonts").join(font)).unwrap();
        assert_eq!(&bytes[..4], b"wOF2", "{font} is a WOFF2 file");
    }
}
