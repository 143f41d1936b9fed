"""The legend: every mark the game screen can draw, with one line of meaning, in either palette (issue 11).

`CATALOGUE` lists each mark kind the indicator code draws, keyed by a `MarkKey` (kind + variant): the
five initiative arc states, the footbase circles, the arrow pad's dot, inner and outer lines and button
outlines, the orientation icons, the Atk/Def badges, the bout clock pills, companions' planned steps,
the party's feet ring, the HUD's HT and CP pips, the allegiance and leader marks and the health pips over
actors (with bleeding and down), the combat systems' marker tags (stumbling, dazed, ...). `entries(palette)`
dresses them in a palette's colours, strokes and glyphs; `legend_for(drawn, palette)` returns only the
entries for the marks drawn this frame, in catalogue order, for the `?` overlay. `marks_in(indicators)`
reads those keys off the view's `game.view.indicators.Indicators` (duck-typed, so this module stays pure
data: no arcade, no rules).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.sim.tilemap import TERRAIN_TN
from game.view.palette import (
    ARC_TONE,
    INITIATIVE_TONE,
    ORIENTATION_ICON,
    OUTLINE_TONE,
    RGBA,
    ArcState,
    Glyph,
    Initiative,
    Outline,
    Palette,
    Stroke,
    Tone,
)


class Kind(StrEnum):
    """A family of marks; its variants are the states it can show."""

    ARC = "arc"  # initiative arc between two fighters (variant: ArcState)
    FOOTBASE = "footbase"  # circle at a fighter's feet (primary, primary_faded, secondary)
    PAD_DOT = "pad_dot"  # arrow pad: dot on a button (variant: Initiative)
    PAD_INNER_LINE = "pad_inner_line"  # arrow pad: line from the centre (variant: Initiative)
    PAD_OUTER_LINE = "pad_outer_line"  # arrow pad: line outside a button (variant: Initiative)
    PAD_OUTLINE = "pad_outline"  # arrow pad: coloured button outline (variant: Outline)
    PAD_SUGGESTED = "pad_suggested"  # arrow pad: frame inside the button of Enter's step (step)
    ORIENTATION = "orientation"  # icon over a head (aggressive, cautious, defensive)
    ROLL = "roll"  # Atk / Def badge (on the map and on the pad)
    CLOCK = "clock"  # bout clock pill (mine, other)
    PLANNED = "planned"  # a companion's planned step (move, wait)
    PARTY = "party"  # the ring round a party member's shadow
    HUD_PIP = "hud_pip"  # HUD pips (ht, ht_lost, cp, cp_spent)
    ALLEGIANCE = "allegiance"  # mark over a sprite (hostile, neutral, ally)
    LEADER = "leader"  # the leader's crown
    HEALTH = "health"  # pips over a sprite (ht, ht_lost, bleeding, down, wound)
    MOBILITY = "mobility"  # a mobility maneuver: threading arrow past a foe, flank mark (thread, flank)
    FLOOR = "floor"  # what lies on a run's floor (pile, relic: game.view.floor_items), difficult ground (rubble, mud)
    SYSTEM_MARK = "system_mark"  # a combat system's marker tag under a fighter (stumbling, dazed, ...; issue 14)


PIP_HT, PIP_LOST, PIP_BLEEDING, PIP_DOWN, PIP_WOUND = "ht", "ht_lost", "bleeding", "down", "wound"
# the health pips over actors (game.view.map_render draws them in these colours)
HEALTH_COLOURS: dict[str, RGBA] = {
    PIP_HT: (232, 72, 72, 255), PIP_LOST: (70, 34, 38, 255), PIP_BLEEDING: (255, 60, 60, 255),
    PIP_DOWN: (130, 132, 140, 255), PIP_WOUND: (250, 160, 40, 255),
}


MOBILITY_COLOUR: RGBA = (190, 130, 255, 235)  # mobility marks (game.view.map_render draws them in it)
SYSTEM_MARK_COLOUR: RGBA = (250, 204, 36, 255)  # the rim of a system's marker tag (game.view.system_marks)
# a marker tag's legend line, by its label's first word (game.sim.player_view.system_marks; any other: "other")
_SYSTEM_MARKS: dict[str, tuple[str, str]] = {
    "stumbling": ('Tag "stumbling N" under a fighter', "Stumbling, N more turns: no ranged attacks, melee only "
                  "back at who attacks him."),
    "dazed": ('Tag "dazed N" under a fighter', "Dazed, N more turns: no actions, no defence (bare: none till "
              "his turn)."),
    "readied": ('Tag "readied" under a fighter', "A readied action: he acts when its trigger comes (lost at "
                "his next turn)."),
    "delayed": ('Tag "delayed" under a fighter', "He delayed: his turn comes later this round, where he chose."),
    "stunned": ('Tag "Stunned" under a fighter', "Stunned: cannot defend, Interrupt or counter-bid."),
    "asleep": ('Tag "Asleep" under a fighter', "Asleep: cannot defend, Interrupt or counter-bid."),
    "hidden": ('Tag "Hidden" under a fighter', "Hidden in the shadows: his next attack may be a backstab."),
    "dying": ('Tag "Dying" under a fighter', "Dying: knocked out, out of the fight."),
    "other": ("Word tag under a fighter", "A state his combat system keeps on him, in its own words."),
}


def system_mark_key(label: str) -> MarkKey:
    """The legend key of a system's marker tag, by its label's first word (``"dazed 2"`` -> dazed)."""
    word = label.split(" ", 1)[0].lower()
    return MarkKey(Kind.SYSTEM_MARK, word if word in _SYSTEM_MARKS else "other")


@dataclass(frozen=True, slots=True)
class MarkKey:
    kind: Kind
    variant: str


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """One legend line: what to draw as the swatch, a short name and the meaning."""

    key: MarkKey
    name: str  # e.g. "Red arc (solid, disc)"
    meaning: str  # one line, plain words
    colour: RGBA | None  # swatch colour in this palette (None: drawn from an image)
    stroke: Stroke | None = None
    glyph: Glyph | None = None
    image: str | None = None  # assets/images name for image marks (orientation icons, allegiance)


_ARC = {
    ArcState.ATTACKING_WITH_INITIATIVE: "Initiative over the one the arrow points at, used to attack him.",
    ArcState.HAS_INITIATIVE: "Initiative over the one the arrow points at; the attack is not declared yet.",
    ArcState.NO_INITIATIVE: "A target without initiative: an attack is still possible, but it lands after theirs.",
    ArcState.DEFENDING: "A fighter without initiative has declared a defence against the other.",
    ArcState.FORFEITED: "Initiative given up: declared without attacking the one the arrow points at.",
}
_PAD_DOT = {
    Initiative.THEIRS: "Your target, and he holds the initiative over you.",
    Initiative.CONTESTED: "Your target, and the initiative between you is contested.",
    Initiative.MINE: "Your target, and he has no initiative over you.",
}
_PAD_INNER = {
    Initiative.THEIRS: "He targets you and holds the initiative over you.",
    Initiative.CONTESTED: "He targets you and the initiative between you is contested.",
    Initiative.MINE: "He targets you, without initiative over you.",
}
_PAD_OUTER = {
    Initiative.THEIRS: "He targets someone else and holds the initiative over him.",
    Initiative.CONTESTED: "He targets someone else and they contest the initiative.",
    Initiative.MINE: "He targets someone else, without initiative over him.",
}
_PAD_OUTLINE = {
    Outline.AGGRESSIVE: "He chose Aggressive: he will attack and cannot defend this exchange.",
    Outline.CAUTIOUS: "He chose Cautious: he may attack or defend.",
    Outline.DEFENSIVE: "He chose Defensive: he will not attack this exchange.",
    Outline.ATTACK_ONLY: "Against him you can only attack.",
    Outline.ATTACK_AND_DEFENCE: "Against him you can attack or defend.",
    Outline.DEFENCE_ONLY: "Against him you can only defend.",
}
# the same outline colour means his orientation while targets are chosen (s1), your options when declaring (s2)
_OUTLINE_STAGE: dict[object, str] = {
    **{o: " while choosing targets" for o in (Outline.AGGRESSIVE, Outline.CAUTIOUS, Outline.DEFENSIVE)},
    **{o: " while declaring" for o in (Outline.ATTACK_ONLY, Outline.ATTACK_AND_DEFENCE, Outline.DEFENCE_ONLY)},
}
_ORIENTATION = {
    "aggressive": "Aggressive (bear paw): commits to attack, cannot defend this exchange.",
    "cautious": "Cautious (tiger paw): may attack or defend.",
    "defensive": "Defensive (shield): will not attack this exchange.",
}

# Marks whose look does not come from a palette tone: key -> (name, meaning)
_OTHER: dict[MarkKey, tuple[str, str]] = {
    MarkKey(Kind.FOOTBASE, "primary"): ("Double circle at the feet", "Your target."),
    MarkKey(Kind.FOOTBASE, "primary_faded"): ("Double circle, inner ring faded",
                                              "Your target, while you are choosing someone else."),
    MarkKey(Kind.FOOTBASE, "secondary"): ("Single circle at the feet", "The fighter you are choosing now."),
    MarkKey(Kind.ROLL, "Atk"): ("Atk badge", "Your target, and your initiative: you can attack him first."),
    MarkKey(Kind.ROLL, "Def"): ("Def badge", "He has declared an attack on you: you will roll to defend."),
    MarkKey(Kind.PAD_SUGGESTED, "step"): ("Frame inside a pad button",
                                         "Enter's step: the one Enter takes. A click on that button takes it too."),
    MarkKey(Kind.CLOCK, "mine"): ("Clock with a gold rim", "Your fight's clock: exchange and step (e1s2)."),
    MarkKey(Kind.CLOCK, "other"): ("Clock with a grey rim", "Another fight's clock: exchange and step."),
    MarkKey(Kind.PLANNED, "move"): ("Cyan arrow on the floor", "Where a companion will step next."),
    MarkKey(Kind.PLANNED, "wait"): ("Cyan ring on the floor", "A companion who will wait this tick."),
    MarkKey(Kind.PARTY, "ring"): ("Cyan ring round a shadow", "One of your party."),
    MarkKey(Kind.MOBILITY, "thread"): ("Violet arrow slipping past a fighter",
                                       "Thread the Needle: he slips past that foe, who cannot attack him if it works."),
    MarkKey(Kind.MOBILITY, "flank"): ("Violet bracket at a fighter's side",
                                      "Outmaneuver: working round to his flank; if it works, his defences at TN +2."),
    MarkKey(Kind.HUD_PIP, "ht"): ("Red pip by HT", "One point of Health left."),
    MarkKey(Kind.HUD_PIP, "ht_lost"): ("Dark pip by HT", "One point of Health lost."),
    MarkKey(Kind.HUD_PIP, "cp"): ("Gold pip by CP", "One die of your Combat Pool still to spend this round."),
    MarkKey(Kind.HUD_PIP, "cp_spent"): ("Dark pip by CP", "One die of your Combat Pool already spent."),
    MarkKey(Kind.ALLEGIANCE, "hostile"): ("Red diamond over a creature", "Hostile: will fight you."),
    MarkKey(Kind.ALLEGIANCE, "neutral"): ("Yellow square over a creature", "Neutral: neither with you nor against."),
    MarkKey(Kind.ALLEGIANCE, "ally"): ("Green disc over a creature", "On your side."),
    MarkKey(Kind.LEADER, "leader"): ("Gold crown", "The leader: the one you control."),
    MarkKey(Kind.HEALTH, PIP_HT): ("Red pips over a fighter", "His Health left, one pip a point."),
    MarkKey(Kind.HEALTH, PIP_LOST): ("Dark pips over a fighter", "Health he has lost."),
    MarkKey(Kind.HEALTH, PIP_BLEEDING): ("Red drop by the pips", "A wound bleeds: Health drains until first aid."),
    MarkKey(Kind.HEALTH, PIP_DOWN): ("Grey pips", "Down: out of the fight."),
    MarkKey(Kind.HEALTH, PIP_WOUND): ("Orange slashes right of the pips",
                                      "His wounds, one slash each (3 at most): their pain takes dice from his pool."),
    MarkKey(Kind.FLOOR, "pile"): ("Sack and coins on the floor", "Items lie here: step on them to take what helps."),
    MarkKey(Kind.FLOOR, "relic"): ("Grey crown in a glow", "The relic you came for: take it and carry it out."),
    **{MarkKey(Kind.FLOOR, tile.label): (f"{tile.label.title()} on the floor", f"Difficult ground (TN {tn}): who "
       "fights on it makes a terrain roll at s0 or falls.")
       for tile, tn in TERRAIN_TN.items()},
    **{MarkKey(Kind.SYSTEM_MARK, word): line for word, line in _SYSTEM_MARKS.items()},
}
_OTHER_COLOUR: dict[MarkKey, RGBA] = {
    MarkKey(Kind.CLOCK, "mine"): (250, 204, 36, 255),
    MarkKey(Kind.CLOCK, "other"): (120, 130, 150, 255),
    MarkKey(Kind.PLANNED, "move"): (120, 220, 235, 210),
    MarkKey(Kind.PLANNED, "wait"): (120, 220, 235, 210),
    MarkKey(Kind.PARTY, "ring"): (120, 220, 235, 150),
    MarkKey(Kind.MOBILITY, "thread"): MOBILITY_COLOUR,
    MarkKey(Kind.MOBILITY, "flank"): MOBILITY_COLOUR,
    MarkKey(Kind.HUD_PIP, "ht"): (232, 72, 72, 255),
    MarkKey(Kind.HUD_PIP, "ht_lost"): (60, 20, 24, 255),
    MarkKey(Kind.HUD_PIP, "cp"): (250, 204, 36, 255),
    MarkKey(Kind.HUD_PIP, "cp_spent"): (70, 62, 30, 255),
    **{MarkKey(Kind.HEALTH, name): colour for name, colour in HEALTH_COLOURS.items()},
    **{MarkKey(Kind.SYSTEM_MARK, word): SYSTEM_MARK_COLOUR for word in _SYSTEM_MARKS},
}
_IMAGES: dict[MarkKey, str] = {
    MarkKey(Kind.ALLEGIANCE, "hostile"): "mark_hostile",
    MarkKey(Kind.ALLEGIANCE, "neutral"): "mark_neutral",
    MarkKey(Kind.ALLEGIANCE, "ally"): "mark_ally",
    MarkKey(Kind.LEADER, "leader"): "mark_leader",
    MarkKey(Kind.FLOOR, "pile"): "pile",
    MarkKey(Kind.FLOOR, "relic"): "relic",
    **{MarkKey(Kind.FLOOR, tile.label): tile.label for tile in TERRAIN_TN},
}

_TONE_NAME = {Tone.RED: "Red", Tone.YELLOW: "Yellow", Tone.WHITE: "Clear", Tone.BLUE: "Blue", Tone.GREEN: "Green"}


def _tone_name(palette: Palette, tone: Tone, what: str) -> str:
    style = palette.style(tone)
    return f"{_TONE_NAME[tone]} {what} ({style.stroke.value.replace('_', '-')}, {style.glyph.value})"


def _toned(palette: Palette) -> list[LegendEntry]:
    out: list[LegendEntry] = []
    tables: list[tuple[Kind, str, Mapping[Any, str], Mapping[Any, Tone]]] = [
        (Kind.ARC, "arc", _ARC, ARC_TONE),
        (Kind.PAD_DOT, "dot on a pad button", _PAD_DOT, INITIATIVE_TONE),
        (Kind.PAD_INNER_LINE, "line from the pad's centre", _PAD_INNER, INITIATIVE_TONE),
        (Kind.PAD_OUTER_LINE, "line outside a pad button", _PAD_OUTER, INITIATIVE_TONE),
        (Kind.PAD_OUTLINE, "button outline", _PAD_OUTLINE, OUTLINE_TONE),
    ]
    for kind, what, meanings, tones in tables:
        for variant, meaning in meanings.items():
            style = palette.style(tones[variant])
            name = _tone_name(palette, style.tone, what) + _OUTLINE_STAGE.get(variant, "")
            out.append(LegendEntry(MarkKey(kind, str(variant)), name, meaning, style.colour, style.stroke, style.glyph))
    for orientation, meaning in _ORIENTATION.items():
        style = palette.orientation(orientation)
        out.append(LegendEntry(MarkKey(Kind.ORIENTATION, orientation), f"{orientation.title()} icon", meaning,
                               style.colour, None, None, ORIENTATION_ICON[orientation]))
    return out


def hud_pip_colours(palette: Palette) -> dict[str, RGBA]:
    """The top bar's HT and CP pips in ``palette`` (``game.view.hud`` draws them, the legend shows them): HT in
    the palette's red (vermillion in the colour-blind one), CP in its yellow, spent ones dark."""
    if palette.name == "default":
        return {variant: _OTHER_COLOUR[MarkKey(Kind.HUD_PIP, variant)] for variant in ("ht", "ht_lost", "cp",
                                                                                        "cp_spent")}
    red, yellow = palette.colour(Tone.RED), palette.colour(Tone.YELLOW)
    return {"ht": red, "ht_lost": (red[0] // 4, red[1] // 4, red[2] // 4, 255), "cp": yellow,
            "cp_spent": (yellow[0] // 4, yellow[1] // 4, yellow[2] // 4, 255)}


def entries(palette: Palette) -> list[LegendEntry]:
    """Every legend entry, in catalogue order, with this palette's colours."""
    out = _toned(palette)
    for key, (name, meaning) in _OTHER.items():
        colour: RGBA | None
        if key.kind is Kind.FOOTBASE:
            colour = palette.footbase_primary if key.variant.startswith("primary") else palette.footbase_secondary
        elif key.kind is Kind.ROLL:
            colour = palette.mark_attack if key.variant == "Atk" else palette.mark_defence
        elif key.kind is Kind.PAD_SUGGESTED:
            colour = palette.suggested
        elif key.kind is Kind.HUD_PIP:
            colour = hud_pip_colours(palette)[key.variant]
        else:
            colour = _OTHER_COLOUR.get(key)
        out.append(LegendEntry(key, name, meaning, colour, None, None, _IMAGES.get(key)))
    return out


def all_keys() -> tuple[MarkKey, ...]:
    """Every mark kind the legend knows, in catalogue order."""
    keys = [MarkKey(kind, str(v)) for kind, table in (
        (Kind.ARC, _ARC), (Kind.PAD_DOT, _PAD_DOT), (Kind.PAD_INNER_LINE, _PAD_INNER),
        (Kind.PAD_OUTER_LINE, _PAD_OUTER), (Kind.PAD_OUTLINE, _PAD_OUTLINE), (Kind.ORIENTATION, _ORIENTATION),
    ) for v in table]
    return (*keys, *_OTHER)


CATALOGUE: tuple[MarkKey, ...] = all_keys()


_known: dict[str, dict[MarkKey, LegendEntry]] = {}  # palette name -> its entries by key


def legend_for(drawn: Iterable[MarkKey], palette: Palette) -> list[LegendEntry]:
    """The entries for the marks actually on screen, each once, in catalogue order.

    Raises ``KeyError`` for a mark the legend does not know (a new mark needs its line here)."""
    wanted = set(drawn)
    known = _known.get(palette.name)
    if known is None:  # the entries of a palette, made once (the open legend looks them up as marks come and go)
        known = _known[palette.name] = {e.key: e for e in entries(palette)}
    unknown = wanted - known.keys()
    if unknown:
        raise KeyError(f"no legend entry for {sorted((k.kind.value, k.variant) for k in unknown)}")
    return [entry for key, entry in known.items() if key in wanted]


ORIENTATION_OF_THROW = {"red": "aggressive", "white": "defensive"}  # red/white throws show those icons


def marks_in(indicators: Any) -> set[MarkKey]:
    """The mark keys in a `game.view.indicators.Indicators` (map and arrow pad)."""
    out: set[MarkKey] = set()
    for fb in indicators.footbases:
        variant = "primary_faded" if fb.kind == "primary" and fb.inner_faded else fb.kind
        out.add(MarkKey(Kind.FOOTBASE, variant))
    for arc in indicators.arcs:
        out.add(MarkKey(Kind.ARC, str(arc.state)))
    for icon in indicators.icons:
        orientation = icon.orientation
        key = ORIENTATION_OF_THROW.get(orientation, orientation)
        out.add(MarkKey(Kind.ORIENTATION, key))
    for mark in indicators.marks:
        out.add(MarkKey(Kind.ROLL, str(mark.mark)))
    for clock in indicators.clocks:
        out.add(MarkKey(Kind.CLOCK, "mine" if clock.mine else "other"))
    for step in indicators.planned:
        out.add(MarkKey(Kind.PLANNED, "wait" if step.direction is None else "move"))
    for mob in getattr(indicators, "mobility", ()):
        out.add(MarkKey(Kind.MOBILITY, mob.kind))
    return out | pad_marks(indicators.pad)


def pad_marks(pad: Any) -> set[MarkKey]:
    """The mark keys on the arrow pad (a `game.view.arrow_pad.PadIndicators`)."""
    out: set[MarkKey] = set()
    for name in ("north", "east", "south", "west"):
        button = getattr(pad, name)
        for attr, kind in (("target", Kind.PAD_DOT), ("targeting_you", Kind.PAD_INNER_LINE),
                           ("targeting_other", Kind.PAD_OUTER_LINE), ("outline", Kind.PAD_OUTLINE)):
            value = getattr(button, attr)
            if value is not None:
                out.add(MarkKey(kind, str(value)))
        if button.mark is not None:
            out.add(MarkKey(Kind.ROLL, str(button.mark)))
    if getattr(pad, "suggested", None) is not None:
        out.add(MarkKey(Kind.PAD_SUGGESTED, "step"))
    return out


def hud_marks(ht: int, ht_max: int, cp: int, cp_max: int) -> set[MarkKey]:
    """The HUD pips drawn for the leader's HT and CP (the HUD draws one per point of the larger value)."""
    out: set[MarkKey] = set()
    if ht > 0:
        out.add(MarkKey(Kind.HUD_PIP, "ht"))
    if ht < ht_max:
        out.add(MarkKey(Kind.HUD_PIP, "ht_lost"))
    if cp > 0:
        out.add(MarkKey(Kind.HUD_PIP, "cp"))
    if cp < cp_max:
        out.add(MarkKey(Kind.HUD_PIP, "cp_spent"))
    return out


def actor_marks(allegiances: Iterable[str], *, leader: bool = False, party: bool = False) -> set[MarkKey]:
    """The sprite marks on screen: allegiance marks drawn ("hostile", "neutral", "ally"), the leader's
    crown and the party ring, as the map renderer reports them."""
    out = {MarkKey(Kind.ALLEGIANCE, a) for a in allegiances}
    if leader:
        out.add(MarkKey(Kind.LEADER, "leader"))
    if party:
        out.add(MarkKey(Kind.PARTY, "ring"))
    return out
