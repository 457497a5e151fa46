#!/usr/bin/env bash
# Makes public/fonts/japanese-ui.woff2 and japanese-labels.woff2: Noto Sans CJK JP (SIL Open
# Font License 1.1, public/fonts/OFL.txt) cut down to the characters the page and the
# notations write in Japanese, plus every kana and the full-width forms; and the 2 KB of the
# labels an English page shows. src/ui/browser/fonts.rs declares them after the systems' own Japanese
# fonts, so only a browser that has none fetches them, and only once Japanese is shown.
# Run again after adding Japanese text: a test (tests/japanese_font.rs) checks that the
# list of characters, tests/data/japanese-font-characters.txt, covers the sources.
# Needs apt-get (the font's Debian package) and pip (fontTools, brotli).
set -euo pipefail
cd "$(dirname "$0")/.."

out=public/fonts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 -c 'import fontTools.subset, brotli' 2>/dev/null || pip install --quiet fonttools brotli
(cd "$work" && apt-get download fonts-noto-cjk >/dev/null 2>&1 && dpkg -x fonts-noto-cjk_*.deb x)
collection=$(find "$work/x" -name NotoSansCJK-Regular.ttc)

# The characters: the sources' Japanese text (code, page, example), and whole blocks a name
# or a comment is likely to use: kana, CJK punctuation, full-width forms.
python3 - tests/data/japanese-font-characters.txt src index.html public/embed-example.html public/lessons.txt public/names.txt <<'PY'
import pathlib, sys
from itertools import chain
out, roots = sys.argv[1], sys.argv[2:]
def japanese(c):
    return 0x3000 <= ord(c) <= 0x30FF or 0x4E00 <= ord(c) <= 0x9FFF or 0xFF00 <= ord(c) <= 0xFFEF
files = chain.from_iterable([p] if p.is_file() else sorted(p.rglob('*.rs')) for p in map(pathlib.Path, roots))
used = {c for f in files for c in f.read_text(encoding='utf-8') if japanese(c)}
blocks = {chr(c) for c in chain(range(0x3000, 0x3040), range(0x3041, 0x3097), range(0x30A1, 0x3100), range(0xFF01, 0xFF5F))}
pathlib.Path(out).write_text(''.join(sorted(used | blocks)) + '\n', encoding='utf-8')
PY

# Face 0 of the collection is the Japanese one. Horizontal text needs none of its layout
# features (vertical forms, local variants), which would double the glyphs; nor hinting.
pyftsubset "$collection" --font-number=0 --text-file=tests/data/japanese-font-characters.txt --flavor=woff2 \
  --layout-features= --no-hinting --desubroutinize --output-file="$out/japanese-ui.woff2"
# The characters an English page shows, as src/ui/browser/fonts.rs's second face lists them.
pyftsubset "$collection" --font-number=0 --text='日本語７六歩' --flavor=woff2 \
  --layout-features= --no-hinting --desubroutinize --output-file="$out/japanese-labels.woff2"
echo "$(($(wc -m < tests/data/japanese-font-characters.txt) - 1)) characters"
ls -l "$out"/*.woff2 | awk '{print $9 ":", $5, "bytes"}'
