"""Combat systems' markers drawn on the map (issue 14): under Combat basics a dazed fighter carries a
"dazed N" tag under his sprite (game.view.system_marks, hooked into game.view.map_render.draw_screen), its
text reused from frame to frame, and the legend (`?`) lists the tag while it is drawn. Screenshot:
tests/screenshots/combat_basics_marks_1280x720.png."""

from __future__ import annotations

from types import ModuleType

import arcade

from game.sim.commands import Confirm
from game.sim.player_view import system_marks
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from game.view.legend import SYSTEM_MARK_COLOUR, Kind, MarkKey, system_mark_key
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .test_game_legend_mode import on_screen


def _until_dazed(world: World) -> str:
    for _ in range(200):
        dazed = [m for m in system_marks(world.state) if m.label.startswith("dazed")]
        if dazed:
            return dazed[0].actor
        assert world.state.over is None
        world.apply(Confirm())
    raise AssertionError("nobody was dazed in 200 ticks")


def test_a_dazed_fighter_has_his_tag_and_the_legend_lists_it(window: arcade.Window, helpers: ModuleType) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=2, combat_system="combat_basics")
    actor = _until_dazed(world)
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda reason: None)
    window.show_view(view)
    helpers.advance(window, 3)
    layer = view.render.marks
    shown = [m for m in system_marks(world.state) if view.render.actors[m.actor].seen]
    assert list(layer.drawn) == shown and any(m.actor == actor for m in layer.drawn)
    i = next(i for i, m in enumerate(layer.drawn) if m.actor == actor)
    text = layer._texts[i]
    assert text.visible and text.text == layer.drawn[i].label
    sprite = view.render.actors[actor].sprite
    sx, sy = view.camera.project((sprite.center_x, sprite.bottom))
    assert abs(text.x - sx) <= 1 and text.y < sy  # under his feet, centred on him
    img = helpers.grab()
    box = (text.x - text.content_width / 2 - 8, text.y - text.content_height - 8,
           text.x + text.content_width / 2 + 8, text.y + 8)
    assert helpers.count_colour(img, box, SYSTEM_MARK_COLOUR[:3], tol=40) > 20  # the gold rim of its plate
    assert helpers.count_colour(img, box, (255, 246, 222), tol=40) > 5  # its words
    helpers.screenshot(f"combat_basics_marks_{window.width}x{window.height}")
    texts = list(layer._texts)
    helpers.advance(window, 3)
    assert layer._texts[:len(texts)] == texts  # the same Text objects, not rebuilt each frame
    key = system_mark_key(layer.drawn[i].label)
    assert key == MarkKey(Kind.SYSTEM_MARK, "dazed") and key in view.render.drawn_marks()
    helpers.press(window, arcade.key.SLASH, arcade.key.MOD_SHIFT)  # "?"
    helpers.advance(window, 2)
    keys = {e.key for e in view.legend.entries}
    assert keys == on_screen(view)  # every mark on screen, the tags among them, read off what was drawn
    assert {system_mark_key(m.label) for m in layer.drawn} <= keys
    assert {k for k in keys if k.kind is Kind.SYSTEM_MARK} == layer.keys()  # only the tags drawn
    helpers.screenshot(f"combat_basics_marks_legend_{window.width}x{window.height}")
    helpers.press(window, arcade.key.SLASH, arcade.key.MOD_SHIFT)


def test_no_tags_under_the_design_docs_bout(window: arcade.Window, helpers: ModuleType) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=2)
    for _ in range(12):
        world.apply(Confirm())
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda reason: None)
    window.show_view(view)
    helpers.advance(window, 2)
    assert view.render.marks.drawn == () and view.render.marks.keys() == set()
    assert not any(k.kind is Kind.SYSTEM_MARK for k in view.render.drawn_marks())
