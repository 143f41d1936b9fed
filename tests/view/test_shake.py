"""A heavy wound jolts the screen (issue 11, "feel"): game.view.shake's decaying offset, raised by the animator
when a blow of wound level 3 or more lands, applied to the game view's camera and gone a moment later; the
"instant" animation setting keeps the screen still."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from types import ModuleType

import arcade
import pytest

from game.sim import bout_events as rev
from game.sim import events as wev
from game.sim.world import World
from game.view.session import Session
from game.view.settings import Settings
from game.view.shake import HEAVY_WOUND, SECONDS, Shake
from game.view.views.game import GameView

from .worlds import DUEL, aggressive_waits, world_from_ascii


@pytest.fixture
def game(window: arcade.Window, show: Callable[[arcade.View], None],
         helpers: ModuleType) -> Iterator[Callable[..., GameView]]:
    def make(world: World, *, speed: float | str) -> GameView:
        view = GameView(Session(world), Settings(animation_speed=speed), lambda _r: None)  # type: ignore[arg-type]
        show(view)
        helpers.advance(window, 2)
        return view

    yield make


def test_a_shake_swings_dies_away_and_a_stronger_one_wins() -> None:
    shake = Shake()
    assert shake.offset == (0.0, 0.0) and not shake.active
    shake.start(8.0)
    swings = []
    for _ in range(int(SECONDS * 60) + 2):
        swings.append(shake.offset)
        shake.update(1 / 60)
    assert max(abs(x) + abs(y) for x, y in swings[:4]) > 3.0  # a visible jolt at once
    assert abs(swings[-3][0]) + abs(swings[-3][1]) < 0.5  # nearly still at the end
    assert shake.offset == (0.0, 0.0) and not shake.active
    shake.start(8.0)
    shake.start(2.0)  # a lighter blow while it shakes: the stronger stays
    assert shake.strength == 8.0


def _heavy_attack() -> rev.Attack:
    """A real attack that wounded (from a seeded duel), its wound made level HEAVY_WOUND."""
    world = world_from_ascii(DUEL, seed=7)
    found: list[rev.Attack] = []
    for _ in range(300):
        events = world.apply(aggressive_waits(world))
        found += [e.event for e in events if isinstance(e, wev.RulesEvent) and isinstance(e.event, rev.Attack)
                  and e.event.hit and e.event.wound is not None and e.event.wound.level > 0]
        if found or world.state.over is not None:
            break
    assert found, "the seeded duel has a wounding blow"
    attack = found[0]
    assert attack.wound is not None
    return replace(attack, wound=replace(attack.wound, level=HEAVY_WOUND))


def test_a_heavy_wound_jolts_the_camera_and_a_light_one_does_not(
        window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType) -> None:
    attack = _heavy_attack()
    view = game(world_from_ascii(DUEL, seed=7), speed=1.0)
    helpers.advance(window, 30)  # the camera settles
    still = view.camera.position
    assert attack.wound is not None
    view.animator._impact(replace(attack, wound=replace(attack.wound, level=HEAVY_WOUND - 1)))
    helpers.advance(window, 1)
    assert not view.shake.active and view.camera.position == still
    view.animator._impact(attack)
    assert view.shake.active
    moved = []
    for _ in range(4):
        helpers.advance(window, 1)
        moved.append(view.camera.position != still)
    assert any(moved)
    helpers.advance(window, int(SECONDS * 60) + 30)
    assert not view.shake.active and view.camera.position == still  # back where it was


def test_the_instant_setting_keeps_the_screen_still(window: arcade.Window, game: Callable[..., GameView],
                                                    helpers: ModuleType) -> None:
    view = game(world_from_ascii(DUEL, seed=7), speed="instant")
    view.animator._impact(_heavy_attack())
    assert not view.shake.active
