"""The legend mode on the live game screen: ``?``, F1 or the HUD's button open it over the screen, it takes every
input while open and has its way back; its entries are exactly the marks on screen, read independently off
the map's visible sprites (by their textures' names), the arrow pad's indicators and the HUD's pips, in
either palette; readable state over sprites (allegiance, crown, health pips, down) is among them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType

import arcade
import pytest

from game.sim.commands import Step
from game.sim.player_view import ActorStatus
from game.view.hud import vitals
from game.view.legend import Kind, MarkKey, system_mark_key
from game.view.map_render import SPRITES
from game.view.modes import LegendMode
from game.view.palette import COLOUR_BLIND, DEFAULT, ArcState
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import DUEL, defensive_waits, play_until, world_from_ascii

Show = Callable[[arcade.View], arcade.View]
THREE = "##########\n#........#\n#....wb..#\n#....@...#\n#........#\n##########\n"


@pytest.fixture
def game(window: arcade.Window, show: Show, helpers: ModuleType) -> Iterator[Callable[..., GameView]]:
    def make(world: object, **settings: object) -> GameView:
        view = GameView(Session(world), Settings(animation_speed="instant", **settings),  # type: ignore[arg-type]
                        lambda reason: None)
        show(view)
        helpers.advance(window, 2)
        return view

    yield make


def _texture_key(name: str) -> MarkKey | None:
    """A map sprite's texture name (map_render.Textures) -> the mark it shows; None for the unmarked."""
    parts = name.split("-")
    kind = parts[0]
    if kind == "arc":
        return MarkKey(Kind.ARC, parts[1])
    if kind == "footbase":
        faded = parts[1] == "primary" and parts[2] == "True"
        return MarkKey(Kind.FOOTBASE, "primary_faded" if faded else parts[1])
    if kind == "icon":
        return MarkKey(Kind.ORIENTATION, parts[1])
    if kind == "mark":
        return MarkKey(Kind.ROLL, parts[1])
    if kind == "pill":
        return MarkKey(Kind.CLOCK, "mine" if parts[1] == "True" else "other")
    if kind == "planned":
        return MarkKey(Kind.PLANNED, "wait" if parts[1] == "True" else "move")
    if kind == "shadow":
        return MarkKey(Kind.PARTY, "ring") if parts[1] == "True" else None
    if kind == "side":
        return MarkKey(Kind.LEADER, "leader") if parts[1] == "leader" else MarkKey(Kind.ALLEGIANCE, parts[1])
    raise AssertionError(f"unknown map texture {name}")


def _pip_keys(name: str) -> set[MarkKey]:
    _, ht, ht_max, bleeding, down, slashes = name.split("-")[:6]
    if down == "True":
        return {MarkKey(Kind.HEALTH, "down")}
    out = set()
    if int(ht) > 0:
        out.add(MarkKey(Kind.HEALTH, "ht"))
    if int(ht) < int(ht_max):
        out.add(MarkKey(Kind.HEALTH, "ht_lost"))
    if bleeding == "True":
        out.add(MarkKey(Kind.HEALTH, "bleeding"))
    if int(slashes) > 0:
        out.add(MarkKey(Kind.HEALTH, "wound"))
    return out


def on_screen(view: GameView) -> set[MarkKey]:
    """The marks drawn now, read off what was drawn (not through the legend's own functions)."""
    r = view.render
    out: set[MarkKey] = set()
    for sprites in (r.ground, r.arcs, r.overhead, r.status):
        for sprite in sprites:
            if not sprite.visible:
                continue
            name = sprite.texture.image_data.hash or ""
            if name.startswith("pips-"):
                out |= _pip_keys(name)
            else:
                key = _texture_key(name)
                if key is not None:
                    out.add(key)
    for text in r.marks._texts:  # the combat systems' marker tags (game.view.system_marks), by their words
        if text.visible:
            out.add(system_mark_key(text.text))
    pad = view.pad.indicators
    for d in ("north", "east", "south", "west"):
        b = getattr(pad, d)
        for value, kind in ((b.target, Kind.PAD_DOT), (b.targeting_you, Kind.PAD_INNER_LINE),
                            (b.targeting_other, Kind.PAD_OUTER_LINE), (b.outline, Kind.PAD_OUTLINE),
                            (b.mark, Kind.ROLL)):
            if value is not None:
                out.add(MarkKey(kind, str(value)))
    v = vitals(view.state, view.state.leader)
    for i in range(max(v.ht_max, v.ht)):
        out.add(MarkKey(Kind.HUD_PIP, "ht" if i < v.ht else "ht_lost"))
    for i in range(max(v.cp_max, v.cp, 1)):
        out.add(MarkKey(Kind.HUD_PIP, "cp" if i < v.cp else "cp_spent"))
    return out


def _open(window: arcade.Window, view: GameView, helpers: ModuleType) -> None:
    helpers.press(window, arcade.key.SLASH, arcade.key.MOD_SHIFT)  # "?"
    helpers.advance(window, 1)
    assert view.find(LegendMode) is not None and view.legend.visible


@pytest.mark.parametrize("colour_blind", [False, True], ids=["default", "colour_blind"])
def test_legend_entries_are_the_marks_on_screen_at_the_target_prompt(
        window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType, colour_blind: bool) -> None:
    world = world_from_ascii(THREE, seed=3)
    world.apply(Step(None, "aggressive"))
    view = game(world, colour_blind=colour_blind)
    _open(window, view, helpers)
    drawn = on_screen(view)
    keys = {e.key for e in view.legend.entries}
    assert keys == drawn
    assert {MarkKey(Kind.LEADER, "leader"), MarkKey(Kind.ALLEGIANCE, "hostile"), MarkKey(Kind.HEALTH, "ht"),
            MarkKey(Kind.CLOCK, "mine")} <= keys
    palette = COLOUR_BLIND if colour_blind else DEFAULT
    assert view.legend.palette is palette
    for e in view.legend.entries:  # each in the screen's palette
        if e.key.kind is Kind.FOOTBASE and e.key.variant == "secondary":
            assert e.colour == palette.footbase_secondary
    # every entry on the page has its swatch and its line of text
    assert view.legend.shown == view.legend.entries
    texts = [t.text for key, t in view.legend.texts._texts.items() if key in view.legend.texts._used]
    for e in view.legend.entries:
        assert any(t.startswith(e.name[:20]) for t in texts), e.name
    assert len(view.legend.sprites) + sum(e.key.kind.value.startswith(("pad", "hud")) for e in view.legend.entries) \
        >= len(view.legend.entries)  # a swatch for each: a map texture, or the pad's / HUD's mesh


def test_legend_at_the_declaration_lists_arcs_and_pad_marks(window: arcade.Window, game: Callable[..., GameView],
                                                              helpers: ModuleType) -> None:
    world = world_from_ascii(DUEL, seed=1)
    assert play_until(world, lambda w: w.state.pending is not None and w.state.pending.kind == "declare",
                      choose=defensive_waits)
    view = game(world, colour_blind=True)
    assert view.menu_model is not None
    _open(window, view, helpers)
    keys = {e.key for e in view.legend.entries}
    assert keys == on_screen(view)
    assert MarkKey(Kind.ARC, ArcState.ATTACKING_WITH_INITIATIVE.value) in keys
    assert any(k.kind is Kind.PAD_DOT for k in keys) and any(k.kind is Kind.PAD_OUTLINE for k in keys)
    arc = next(e for e in view.legend.entries if e.key == MarkKey(Kind.ARC, ArcState.ATTACKING_WITH_INITIATIVE.value))
    assert arc.colour == COLOUR_BLIND.arc(ArcState.ATTACKING_WITH_INITIATIVE).colour


def test_legend_keys_and_ways_back(window: arcade.Window, game: Callable[..., GameView],
                                   helpers: ModuleType) -> None:
    world = world_from_ascii("#######\n#.....#\n#.@...#\n#.....#\n#######\n", seed=1)
    view = game(world)
    tick = world.state.tick
    _open(window, view, helpers)
    for key in (arcade.key.RIGHT, arcade.key.SPACE, arcade.key.KEY_1, arcade.key.PLUS):
        helpers.press(window, key)
    assert world.state.tick == tick and view.find(LegendMode) is not None  # nothing reached the game
    helpers.press(window, arcade.key.SLASH, arcade.key.MOD_SHIFT)
    assert view.find(LegendMode) is None and not view.legend.visible
    _open(window, view, helpers)
    helpers.press(window, arcade.key.ESCAPE)
    assert view.find(LegendMode) is None  # Esc closes the legend, it does not pause
    helpers.press(window, arcade.key.F1)
    assert view.find(LegendMode) is not None
    helpers.click(window, 10, 10, arcade.MOUSE_BUTTON_RIGHT)  # right click: the way back
    assert view.find(LegendMode) is None
    # the HUD's button, then a click outside the legend
    hit = next(h for h in view.hud.hits if h.action == ("legend",))
    helpers.click(window, hit.rect[0] + hit.rect[2] / 2, hit.rect[1] + hit.rect[3] / 2)
    assert view.find(LegendMode) is not None
    helpers.advance(window, 1)
    left, bottom, w, h = view.legend.rect
    outside_x = left + w + 20 if left < window.width / 2 else left - 20
    helpers.click(window, outside_x, bottom + h / 2)
    assert view.find(LegendMode) is None
    assert world.state.tick == tick


def test_the_legend_pages_when_the_window_is_short(window: arcade.Window, game: Callable[..., GameView],
                                                   helpers: ModuleType) -> None:
    world = world_from_ascii(THREE, seed=3)
    world.apply(Step(None, "aggressive"))
    view = game(world)
    _open(window, view, helpers)
    view.legend.layout(800, 420, 0.75)  # a small window: fewer rows fit
    view.legend.top_limit = 360
    view.legend.refresh()
    if view.legend.pages > 1:
        first = list(view.legend.shown)
        helpers.press(window, arcade.key.RIGHT)
        view.legend.refresh()
        assert view.legend.shown != first and view.legend.page == 1
    seen = []
    for page in range(view.legend.pages):
        view.legend.page = page
        view.legend.invalidate()
        view.legend.refresh()
        seen += view.legend.shown
    assert seen == view.legend.entries  # every entry is on some page, once


def test_status_marks_over_sprites(window: arcade.Window, game: Callable[..., GameView],
                                   helpers: ModuleType) -> None:
    world = world_from_ascii(DUEL, seed=1)
    view = game(world)
    r = view.render
    mark, pips = r._status_sprites["goblin_1"]
    assert mark.texture.image_data.hash.startswith("side-hostile")
    assert r._status_sprites["player"][0].texture.image_data.hash.startswith("side-leader")
    goblin = r.actors["goblin_1"].sprite
    assert pips.center_y > goblin.top and abs(pips.center_x - goblin.center_x) < 2
    # a bleeding, hurt goblin, then a downed one: the pips say so and the legend lists it
    status = dict(r._statuses)
    status["goblin_1"] = ActorStatus("goblin_1", "hostile", False, 2, 5, True, False, False)
    r.set_statuses(status)
    r.layout_overlay()
    assert {MarkKey(Kind.HEALTH, v) for v in ("ht", "ht_lost", "bleeding")} <= r.drawn_marks()
    assert MarkKey(Kind.HEALTH, "wound") not in r.drawn_marks()
    plain_width = r._status_sprites["goblin_1"][1].width
    # wounded twice at full Health (a level-5 head wound leaves HT whole): slashes say he is hurt
    status["goblin_1"] = ActorStatus("goblin_1", "hostile", False, 5, 5, False, False, False, wounds=2)
    r.set_statuses(status)
    r.layout_overlay()
    assert MarkKey(Kind.HEALTH, "wound") in r.drawn_marks()
    assert r._status_sprites["goblin_1"][1].texture.image_data.hash.startswith("pips-5-5-False-False-2-")
    assert r._status_sprites["goblin_1"][1].width > plain_width * 0.9
    status["goblin_1"] = ActorStatus("goblin_1", "hostile", False, 0, 5, False, True, False)
    r.set_statuses(status)
    r.layout_overlay()
    assert MarkKey(Kind.HEALTH, "down") in r.drawn_marks()
    status["goblin_1"] = ActorStatus("goblin_1", "hostile", False, 0, 5, False, True, True)
    r.set_statuses(status)
    assert "goblin_1" not in r._status_sprites  # the dead carry no marks


def test_readable_sprites() -> None:
    assert SPRITES["archer"][0] == "actor_archer"
    assert SPRITES["wolf"][2] > SPRITES["bandit"][2]  # the wolf reads as a wolf, not a mouse


def test_a_mark_without_a_legend_line_is_left_out_not_fatal(window: arcade.Window, game: Callable[..., GameView],
                                                            helpers: ModuleType,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    view = game(world_from_ascii(DUEL, seed=1))
    drawn = view.render.drawn_marks
    odd = MarkKey(Kind.ORIENTATION, "sparkle")
    monkeypatch.setattr(view.render, "drawn_marks", lambda: drawn() | {odd})
    _open(window, view, helpers)
    helpers.advance(window, 2)
    keys = {e.key for e in view.legend.entries}
    assert odd not in keys and MarkKey(Kind.LEADER, "leader") in keys
