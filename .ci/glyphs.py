"""Writes src/ui/text/glyphs.rs: the outlines of the kanji written on pieces, as SVG path data.

The board draws its kanji as paths rather than text, so they look the same everywhere,
also on systems with no Japanese font (where text would show empty boxes), and the first
frame needs no font lookup. Run once by hand when the signs or the font change; the output
is committed:

    pip install fonttools
    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb /tmp/cjk
    python3 .ci/glyphs.py /tmp/cjk/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc
"""
import sys

from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTCollection

# Every sign of src/notation/kanji.rs `piece_char`.
SIGNS = "玉王飛角金銀桂香歩龍馬全圭杏と"
OUT = "src/ui/text/glyphs.rs"


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
    arms = []
    for sign in SIGNS:
        glyph = glyphs[cmap[ord(sign)]]
        arms.append(f"        \"{sign}\" => \"{path_data(glyph, -glyph.width / 2, central)}\",")
    source = f"""//! The kanji written on pieces, as SVG outlines. Written by `.ci/glyphs.py`; do not edit.
//!
//! Outlines from {name.getDebugName(1)} {name.getDebugName(2)}, {name.getDebugName(5).split(';')[0]}.
//! {name.getDebugName(0)}
//! Licensed under the SIL Open Font License, Version 1.1 ({name.getDebugName(14)}).

/// The size of the outlines' em square: a sign drawn at size `s` is scaled by `s / EM`.
pub const EM: f64 = {em}.0;

/// A sign's outline centred on (0, 0), y pointing down; `None` for signs drawn as text
/// (letters such as `K` and `+R`).
pub fn outline(sign: &str) -> Option<&'static str> {{
    Some(match sign {{
{chr(10).join(arms)}
        _ => return None,
    }})
}}
"""
    with open(OUT, "w", encoding="utf-8") as out:
        out.write(source)


if __name__ == "__main__":
    main(sys.argv[1])
