"""The legend: an entry for every mark kind the palette and the indicator code define, in both palettes,
and exactly the marks on screen when asked for a frame's marks."""

from __future__ import annotations

import pytest

from game.view.arrow_pad import Mark
from game.view.indicators import compute
from game.view.legend import (
    CATALOGUE,
    Kind,
    LegendEntry,
    MarkKey,
    actor_marks,
    entries,
    hud_marks,
    legend_for,
    marks_in,
)
from game.view.palette import (
    COLOUR_BLIND,
    DEFAULT,
    ORIENTATION_ICON,
    ArcState,
    Glyph,
    Initiative,
    Outline,
    Palette,
    Stroke,
    Tone,
)

from .test_game_indicators import _at_declare

PALETTES = [DEFAULT, COLOUR_BLIND]


@pytest.mark.parametrize("palette", PALETTES, ids=lambda p: p.name)
def test_every_mark_kind_the_palette_defines_has_one_entry(palette: Palette) -> None:
    keys = [e.key for e in entries(palette)]
    assert keys == list(CATALOGUE) and len(set(keys)) == len(keys)
    expected = {MarkKey(Kind.ARC, s.value) for s in ArcState}
    for kind in (Kind.PAD_DOT, Kind.PAD_INNER_LINE, Kind.PAD_OUTER_LINE):
        expected |= {MarkKey(kind, i.value) for i in Initiative}
    expected |= {MarkKey(Kind.PAD_OUTLINE, o.value) for o in Outline}
    expected |= {MarkKey(Kind.ORIENTATION, o) for o in ORIENTATION_ICON}
    expected |= {MarkKey(Kind.ROLL, m.value) for m in Mark}
    expected |= {MarkKey(Kind.FOOTBASE, k) for k in ("primary", "primary_faded", "secondary")}
    expected |= {MarkKey(Kind.CLOCK, k) for k in ("mine", "other")}
    expected |= {MarkKey(Kind.PLANNED, k) for k in ("move", "wait")}
    assert expected <= set(keys)
    for entry in entries(palette):
        assert entry.meaning and "\n" not in entry.meaning and len(entry.meaning) <= 100, entry.key
        assert entry.colour is not None or entry.image is not None, entry.key
    assert len({e.name for e in entries(palette)}) == len(keys)  # every swatch has its own name


@pytest.mark.parametrize("palette", PALETTES, ids=lambda p: p.name)
def test_swatches_use_the_palettes_colours_strokes_and_glyphs(palette: Palette) -> None:
    by_key = {e.key: e for e in entries(palette)}
    for state in ArcState:
        entry, style = by_key[MarkKey(Kind.ARC, state.value)], palette.arc(state)
        assert (entry.colour, entry.stroke, entry.glyph) == (style.colour, style.stroke, style.glyph)
    for level in Initiative:
        assert by_key[MarkKey(Kind.PAD_DOT, level.value)].colour == palette.initiative(level).colour
    for outline in Outline:
        assert by_key[MarkKey(Kind.PAD_OUTLINE, outline.value)].colour == palette.outline(outline).colour
    assert by_key[MarkKey(Kind.ROLL, "Atk")].colour == palette.mark_attack
    assert by_key[MarkKey(Kind.FOOTBASE, "primary")].colour == palette.footbase_primary
    assert by_key[MarkKey(Kind.ORIENTATION, "aggressive")].image == "orient_aggressive"


def test_the_colour_blind_legend_differs_only_in_colour() -> None:
    plain, safe = entries(DEFAULT), entries(COLOUR_BLIND)
    def shape(e: LegendEntry) -> tuple[MarkKey, str, Stroke | None, Glyph | None]:
        return e.key, e.meaning, e.stroke, e.glyph

    assert [shape(e) for e in plain] == [shape(e) for e in safe]
    red = MarkKey(Kind.ARC, ArcState.ATTACKING_WITH_INITIATIVE.value)
    assert next(e.colour for e in plain if e.key == red) == DEFAULT.colour(Tone.RED)
    assert next(e.colour for e in safe if e.key == red) == COLOUR_BLIND.colour(Tone.RED) != DEFAULT.colour(Tone.RED)


def test_the_legend_shows_exactly_the_marks_the_indicator_code_drew() -> None:
    world = _at_declare()
    indicators = compute(world.state)
    drawn = marks_in(indicators)
    # what this duel at the declaration step shows (see test_game_indicators): the goblin's red arc and
    # the leader's clear one, the red inner line and dot on the east button, its Def badges, the target
    # circle and the bout clock
    assert {
        MarkKey(Kind.ARC, ArcState.ATTACKING_WITH_INITIATIVE.value), MarkKey(Kind.ARC, ArcState.NO_INITIATIVE.value),
        MarkKey(Kind.PAD_INNER_LINE, Initiative.THEIRS.value), MarkKey(Kind.PAD_DOT, Initiative.THEIRS.value),
        MarkKey(Kind.PAD_OUTLINE, Outline.DEFENCE_ONLY.value), MarkKey(Kind.ROLL, "Def"),
    } <= drawn
    assert MarkKey(Kind.ARC, ArcState.DEFENDING.value) not in drawn
    shown = legend_for(drawn, COLOUR_BLIND)
    assert {e.key for e in shown} == drawn and len(shown) == len(drawn)
    order = [CATALOGUE.index(e.key) for e in shown]
    assert order == sorted(order)
    assert legend_for([], DEFAULT) == []


def test_a_mark_without_an_entry_is_refused() -> None:
    with pytest.raises(KeyError, match="sparkle"):
        legend_for([MarkKey(Kind.ARC, "sparkle")], DEFAULT)


def test_hud_and_sprite_marks_have_entries() -> None:
    assert hud_marks(ht=3, ht_max=5, cp=0, cp_max=12) == {MarkKey(Kind.HUD_PIP, "ht"), MarkKey(Kind.HUD_PIP, "ht_lost"),
                                                         MarkKey(Kind.HUD_PIP, "cp_spent")}
    assert hud_marks(ht=5, ht_max=5, cp=12, cp_max=12) == {MarkKey(Kind.HUD_PIP, "ht"), MarkKey(Kind.HUD_PIP, "cp")}
    sprites = actor_marks(["hostile", "ally"], leader=True, party=True)
    shown = legend_for(sprites | hud_marks(1, 5, 3, 12), DEFAULT)
    assert [e.image for e in shown if e.image] == ["mark_hostile", "mark_ally", "mark_leader"]
    with pytest.raises(KeyError):
        legend_for(actor_marks(["friendly"]), DEFAULT)
