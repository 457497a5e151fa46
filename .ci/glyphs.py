"""Writes the outlines of the kanji written on pieces: public/glyphs.svg, one SVG path each,
which index.html puts in the page, and src/ui/text/glyphs.rs, the signs they are for and
their em square, with which the pieces `<use>` them.

The board draws its kanji as paths rather than text, so they look the same everywhere,
also on systems with no Japanese font (where text would show empty boxes), and the first
frame needs no font lookup. In the page rather than in the app's wasm, each outline is there
once, for the first frame written into index.html (tests/e2e/first-frame.mjs) as for the app. Run
once by hand when the signs or the font change; the output is committed:

    pip install fonttools
    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb /tmp/cjk
    python3 .ci/glyphs.py /tmp/cjk/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc
"""
import sys

from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTCollection

# Every sign of src/notation/kanji.rs `piece_char`.
SIGNS = "玉王飛角金銀桂香歩龍馬全圭杏と"
RUST_OUT = "src/ui/text/glyphs.rs"
SVG_OUT = "public/glyphs.svg"


def path_data(glyph, dx, dy):
    """The glyph's outline in relative SVG commands, integer font units, y pointing down,
    moved by (dx, dy)."""
    pen = RecordingPen()
    glyph.draw(pen)
    out, (cx, cy), start = [], (0, 0), (0, 0)

    def point(p):
        return round(p[0] + dx), round(dy - p[1])

    def rel(points):
        return " ".join(f"{x - cx} {y - cy}" for x, y in points)

    for op, args in pen.value:
        points = [point(p) for p in args]
        if op == "moveTo":
            out.append("m" + rel(points))
            start = points[-1]
        elif op == "lineTo":
            out.append("l" + rel(points))
        elif op == "curveTo":
            out.append("c" + rel(points))
        elif op in ("closePath", "endPath"):
            out.append("z")
            points = [start]
        else:
            raise ValueError(f"{op}: only cubic outlines (CFF) are handled")
        cx, cy = points[-1]
    return "".join(out).replace(" -", "-")


def main(font_file):
    font = next(f for f in TTCollection(font_file).fonts if f["name"].getDebugName(1) == "Noto Serif CJK JP")
    cmap, glyphs, hhea = font.getBestCmap(), font.getGlyphSet(), font["hhea"]
    em = font["head"].unitsPerEm
    # Centred as the text was with `dominant-baseline: central`: halfway between the font's
    # ascent and descent, horizontally on the middle of the advance.
    central = (hhea.ascent + hhea.descent) / 2
    name = font["name"]
    credit = (f"Outlines from {name.getDebugName(1)} {name.getDebugName(2)}, {name.getDebugName(5).split(';')[0]}.\n"
              f"{name.getDebugName(0)}\n"
              f"Licensed under the SIL Open Font License, Version 1.1 ({name.getDebugName(14)}).")
    paths = []
    for sign in SIGNS:
        glyph = glyphs[cmap[ord(sign)]]
        paths.append(f'<path id="glyph-{ord(sign):x}" d="{path_data(glyph, -glyph.width / 2, central)}"/>')
    # Definitions only, in an SVG of no size outside the layout: the paths are drawn by the
    # pieces' `<use>` alone. (An SVG element takes no `hidden` attribute.)
    svg = f"""<!-- The kanji written on pieces (src/ui/text/glyphs.rs). Written by .ci/glyphs.py; do not edit.
{credit} -->
<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>{"".join(paths)}</defs></svg>
"""
    credit_lines = "\n".join(f"//! {line}" for line in credit.split("\n"))
    rust = f"""//! The kanji written on pieces, drawn from their outlines in the page (`public/glyphs.svg`,
//! which index.html puts in the page once). Written by `.ci/glyphs.py`; do not edit.
//!
{credit_lines}

/// The size of the outlines' em square: a sign drawn at size `s` is scaled by `s / EM`.
pub const EM: f64 = {em}.0;

/// The signs that have an outline in the page.
const SIGNS: &str = "{SIGNS}";

/// The page's id of a sign's outline, centred on (0, 0), y pointing down; `None` for signs
/// drawn as text (letters such as `K` and `+R`).
pub fn outline_id(sign: &str) -> Option<String> {{
    let mut chars = sign.chars();
    match (chars.next(), chars.next()) {{
        (Some(c), None) if SIGNS.contains(c) => Some(format!("glyph-{{:x}}", u32::from(c))),
        _ => None,
    }}
}}
"""
    with open(SVG_OUT, "w", encoding="utf-8") as out:
        out.write(svg)
    with open(RUST_OUT, "w", encoding="utf-8") as out:
        out.write(rust)


if __name__ == "__main__":
    main(sys.argv[1])
