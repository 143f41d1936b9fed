"""Every character the view's texts use is drawn by the UI font: no "tofu" boxes on screen.

The font (Liberation Sans, `game.view.assets`) lacks some symbols (◀ ▶ ✓ ✗ drew as empty boxes in the
maneuver menu). `game.view.glyphs.CHARS` lists what the view may show beyond ASCII; this checks each of them
against the font's own "missing glyph" box, and that every non-ASCII character in a string the view's code
builds (docstrings and comments aside) is in that list.
"""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

import arcade
from PIL import ImageFont

from game.view.glyphs import CHARS

VIEW = Path(__file__).resolve().parents[2] / "game" / "view"
FONT = ":system:fonts/ttf/Liberation/Liberation_Sans_Regular.ttf"


def _expression_strings(source: str) -> list[str]:
    """String literals that are part of an expression (not a docstring: a string statement of its own)."""
    out: list[str] = []
    previous = tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.COMMENT, tokenize.NL):
            continue
        if tok.type == tokenize.STRING and previous not in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            out.append(tok.string)
        previous = tok.type
    return out


def test_the_font_draws_every_listed_character() -> None:
    font = ImageFont.truetype(str(arcade.resources.resolve(FONT)), 24)
    missing_box = font.getmask("\ue000").getbbox()  # a private-use code point: the font's missing-glyph box
    tofu = [c for c in CHARS if c.strip() and font.getmask(c).getbbox() == missing_box]
    assert not tofu, f"the UI font has no glyph for {tofu}"


def test_the_views_strings_use_only_listed_characters() -> None:
    allowed = set(CHARS) | {"\n"}
    strays: dict[str, set[str]] = {}
    for path in sorted(VIEW.rglob("*.py")):
        for literal in _expression_strings(path.read_text(encoding="utf-8")):
            extra = {c for c in literal if ord(c) > 126 and c not in allowed}
            if extra:
                strays.setdefault(path.name, set()).update(extra)
    assert not strays, f"characters outside game.view.glyphs.CHARS: {strays}"
