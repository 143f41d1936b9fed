"""Indicator colours of SPEC §6 in two palettes (default and colour-blind-safe Okabe-Ito) plus shape keys.

Every semantic colour also has a fixed stroke (solid / dashed / hollow / dotted / dash-dot) and glyph
(disc / diamond / ring / square / cross) that do not change with the palette, so no indicator relies on
colour alone. Pure data: no arcade import.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

RGBA = tuple[int, int, int, int]


class Tone(StrEnum):
    """The semantic colours the design doc uses for indicators."""

    RED = "red"
    YELLOW = "yellow"
    WHITE = "white"  # "clear" in the design doc: drawn as a white outline
    BLUE = "blue"
    GREEN = "green"


class Stroke(StrEnum):
    """How a line or arc of a tone is drawn."""

    SOLID = "solid"
    DASHED = "dashed"
    HOLLOW = "hollow"  # an outlined band: light edges, dark core
    DOTTED = "dotted"
    DASH_DOT = "dash_dot"


class Glyph(StrEnum):
    """How a point marker (the arrow pad's target dot, arc end markers) of a tone is drawn."""

    DISC = "disc"
    DIAMOND = "diamond"
    RING = "ring"
    SQUARE = "square"
    CROSS = "cross"


# Shape keys are palette-independent: the same tone always has the same stroke and glyph.
TONE_STROKE: dict[Tone, Stroke] = {
    Tone.RED: Stroke.SOLID,
    Tone.YELLOW: Stroke.DASHED,
    Tone.WHITE: Stroke.HOLLOW,
    Tone.BLUE: Stroke.DOTTED,
    Tone.GREEN: Stroke.DASH_DOT,
}
TONE_GLYPH: dict[Tone, Glyph] = {
    Tone.RED: Glyph.DISC,
    Tone.YELLOW: Glyph.DIAMOND,
    Tone.WHITE: Glyph.RING,
    Tone.BLUE: Glyph.SQUARE,
    Tone.GREEN: Glyph.CROSS,
}
# Dash patterns in pixels at UI scale 1: alternating on/off lengths; () means continuous.
STROKE_DASH: dict[Stroke, tuple[float, ...]] = {
    Stroke.SOLID: (),
    Stroke.DASHED: (18.0, 8.0),
    Stroke.HOLLOW: (),
    Stroke.DOTTED: (3.0, 7.0),
    Stroke.DASH_DOT: (14.0, 5.0, 3.0, 5.0),
}


class ArcState(StrEnum):
    """Initiative arc between two paired fighters (SPEC §6), drawn towards the one without initiative."""

    ATTACKING_WITH_INITIATIVE = "attacking_with_initiative"  # red
    HAS_INITIATIVE = "has_initiative"  # yellow: may or may not attack
    NO_INITIATIVE = "no_initiative"  # clear: may still attack
    DEFENDING = "defending"  # blue
    FORFEITED = "forfeited"  # green: forfeited attack initiative on you


ARC_TONE: dict[ArcState, Tone] = {
    ArcState.ATTACKING_WITH_INITIATIVE: Tone.RED,
    ArcState.HAS_INITIATIVE: Tone.YELLOW,
    ArcState.NO_INITIATIVE: Tone.WHITE,
    ArcState.DEFENDING: Tone.BLUE,
    ArcState.FORFEITED: Tone.GREEN,
}


class Initiative(StrEnum):
    """Arrow pad dot/line state: who holds initiative between that fighter and his target (or you)."""

    THEIRS = "theirs"  # red: he has clear initiative (over you / over his target)
    CONTESTED = "contested"  # yellow: contesting
    MINE = "mine"  # white: you have clear initiative over him / he has none over his target


INITIATIVE_TONE: dict[Initiative, Tone] = {
    Initiative.THEIRS: Tone.RED,
    Initiative.CONTESTED: Tone.YELLOW,
    Initiative.MINE: Tone.WHITE,
}


class Outline(StrEnum):
    """Arrow button outline: the neighbour's orientation at ``s1``, or what you can do against him at ``s2``."""

    AGGRESSIVE = "aggressive"  # s1 red
    CAUTIOUS = "cautious"  # s1 yellow
    DEFENSIVE = "defensive"  # s1 blue
    ATTACK_ONLY = "attack_only"  # s2 red
    ATTACK_AND_DEFENCE = "attack_and_defence"  # s2 yellow
    DEFENCE_ONLY = "defence_only"  # s2 blue


OUTLINE_TONE: dict[Outline, Tone] = {
    Outline.AGGRESSIVE: Tone.RED,
    Outline.CAUTIOUS: Tone.YELLOW,
    Outline.DEFENSIVE: Tone.BLUE,
    Outline.ATTACK_ONLY: Tone.RED,
    Outline.ATTACK_AND_DEFENCE: Tone.YELLOW,
    Outline.DEFENCE_ONLY: Tone.BLUE,
}

# Orientation icons over heads: Aggressive red bear paw, Cautious yellow tiger paw, Defensive white.
ORIENTATION_TONE: dict[str, Tone] = {
    "aggressive": Tone.RED, "cautious": Tone.YELLOW, "defensive": Tone.WHITE, "red": Tone.RED, "white": Tone.WHITE,
}
ORIENTATION_ICON: dict[str, str] = {
    "aggressive": "orient_aggressive",
    "cautious": "orient_cautious",
    "defensive": "orient_defensive",
}


@dataclass(frozen=True)
class Style:
    """Everything needed to draw one indicator of a tone: colour, stroke, glyph and dash pattern."""

    tone: Tone
    colour: RGBA
    stroke: Stroke
    glyph: Glyph

    @property
    def dash(self) -> tuple[float, ...]:
        return STROKE_DASH[self.stroke]


@dataclass(frozen=True)
class Palette:
    """A named set of indicator and HUD colours."""

    name: str
    tones: dict[Tone, RGBA]
    ink: RGBA  # dark edge around light marks, hollow-stroke core
    button_fill: RGBA
    button_fill_pressed: RGBA
    button_edge: RGBA
    shadow: RGBA  # drop shadow under HUD buttons
    glyph: RGBA  # arrows and labels on buttons
    footbase_primary: RGBA
    footbase_secondary: RGBA
    mark_attack: RGBA  # "Atk" badge
    mark_defence: RGBA  # "Def" badge
    suggested: RGBA  # the frame inside the arrow pad's button of Enter's step

    def colour(self, tone: Tone) -> RGBA:
        return self.tones[tone]

    def style(self, tone: Tone) -> Style:
        return Style(tone, self.tones[tone], TONE_STROKE[tone], TONE_GLYPH[tone])

    def arc(self, state: ArcState) -> Style:
        return self.style(ARC_TONE[state])

    def initiative(self, level: Initiative) -> Style:
        return self.style(INITIATIVE_TONE[level])

    def outline(self, kind: Outline) -> Style:
        return self.style(OUTLINE_TONE[kind])

    def orientation(self, orientation: str) -> Style:
        return self.style(ORIENTATION_TONE[orientation])

    def faded(self, colour: RGBA, alpha: int = 110) -> RGBA:
        """``colour`` with a lower alpha (e.g. the inner footbase circle when not currently selected)."""
        return (colour[0], colour[1], colour[2], alpha)


_INK: RGBA = (16, 18, 24, 255)
_BUTTON_FILL: RGBA = (38, 44, 56, 225)
_BUTTON_FILL_PRESSED: RGBA = (70, 82, 104, 240)
_BUTTON_EDGE: RGBA = (112, 124, 146, 255)
_GLYPH: RGBA = (214, 220, 232, 255)
_SHADOW: RGBA = (0, 0, 0, 80)
_SUGGESTED: RGBA = _GLYPH  # the arrows' own colour, inside the button: "this one" (every tone has a meaning)

DEFAULT = Palette(
    name="default",
    tones={
        Tone.RED: (232, 48, 48, 255),
        Tone.YELLOW: (250, 204, 36, 255),
        Tone.WHITE: (246, 246, 246, 255),
        Tone.BLUE: (64, 150, 255, 255),
        Tone.GREEN: (64, 204, 96, 255),
    },
    footbase_primary=(250, 204, 36, 255),
    footbase_secondary=(200, 210, 230, 255),
    mark_attack=(232, 48, 48, 255),
    mark_defence=(64, 150, 255, 255),
    suggested=_SUGGESTED,
    ink=_INK,
    button_fill=_BUTTON_FILL,
    button_fill_pressed=_BUTTON_FILL_PRESSED,
    button_edge=_BUTTON_EDGE,
    glyph=_GLYPH,
    shadow=_SHADOW,
)

# Okabe & Ito (2008) "Color Universal Design" palette: distinguishable with the common colour-vision deficiencies.
COLOUR_BLIND = Palette(
    name="colour_blind",
    tones={
        Tone.RED: (213, 94, 0, 255),  # vermillion
        Tone.YELLOW: (240, 228, 66, 255),  # yellow
        Tone.WHITE: (246, 246, 246, 255),
        Tone.BLUE: (86, 180, 233, 255),  # sky blue (Okabe-Ito blue 0,114,178 is too dark on the buttons)
        Tone.GREEN: (0, 158, 115, 255),  # bluish green
    },
    footbase_primary=(240, 228, 66, 255),
    footbase_secondary=(200, 210, 230, 255),
    mark_attack=(213, 94, 0, 255),
    mark_defence=(86, 180, 233, 255),
    suggested=_SUGGESTED,
    ink=_INK,
    button_fill=_BUTTON_FILL,
    button_fill_pressed=_BUTTON_FILL_PRESSED,
    button_edge=_BUTTON_EDGE,
    glyph=_GLYPH,
    shadow=_SHADOW,
)


def palette(colour_blind: bool = False) -> Palette:
    """The palette for the ``colour_blind`` setting."""
    return COLOUR_BLIND if colour_blind else DEFAULT
