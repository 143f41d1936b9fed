"""The frame after a tick (issue 11: frame time): a string that comes back costs no layout (the text pool takes
a hidden text that shows it already), and the log never rebuilds in the same frame as the top bar, a prompt, the
menu or the indicators, but waits one frame, never two."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import arcade
import pytest

from game.sim.commands import Confirm, Step
from game.view import widgets
from game.view.bench import build_world
from game.view.mesh import rounded_rect_points
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from game.view.widgets import Panel, TextPool


def test_a_string_that_comes_back_reuses_its_laid_out_text(window: arcade.Window) -> None:
    pool = TextPool()
    pool.begin()
    first = pool.put("a", "Thrust", 0, 0)
    other = pool.put("b", "Cut", 0, 20)
    pool.end()
    pool.begin()  # "a" gone: its text waits as a spare
    pool.put("b", "Cut", 0, 20)
    pool.end()
    pool.begin()
    again = pool.put("c", "Thrust", 5, 5)  # a new key with the spare's string: the same text, no relayout
    assert again is first and again.text == "Thrust" and again.position == (5, 5)
    assert pool.put("b", "Cut", 0, 20) is other
    pool.end()
    pool.begin()
    pool.put("c", "Thrust", 5, 5)
    pool.end()  # "b" ("Cut") is a spare now
    pool.begin()
    swapped = pool.put("c", "Cut", 5, 5)  # "c" changes to a string a spare shows: swapped, not relaid
    assert swapped is other and swapped.visible
    pool.end()
    assert not first.visible


def test_rounded_rect_points_lie_on_the_outline() -> None:
    pts = rounded_rect_points(10, 20, 40, 30, 6)
    assert len(pts) == 28
    assert min(x for x, _ in pts) == pytest.approx(-10) and max(x for x, _ in pts) == pytest.approx(30)
    assert min(y for _, y in pts) == pytest.approx(5) and max(y for _, y in pts) == pytest.approx(35)
    assert pts[0] == pytest.approx((24, 5))  # the bottom-right arc starts at its bottom


@pytest.fixture
def rebuilt(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    names: list[str] = []
    original = Panel.refresh

    def refresh(self: Panel) -> bool:
        done = original(self)
        if done:
            names.append(type(self).__name__)
        return done

    monkeypatch.setattr(widgets.Panel, "refresh", refresh)
    yield names


def test_the_log_waits_one_frame_after_a_tick(window: arcade.Window, helpers: ModuleType, rebuilt: list[str]) -> None:
    world, events = build_world()
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None, reveal_all=True)
    view.log.add_events(world.state, events)
    window.show_view(view)
    helpers.advance(window, 4)
    waited = 0
    for _ in range(8):
        pending = world.state.pending
        assert pending is not None
        command = Step(None, "cautious") if pending.kind == "step" and pending.orientation_due else \
            Step(None) if pending.kind == "step" else Confirm()
        shown_before = view.log._shape is not None  # a log never drawn yet is drawn at once
        view.apply(command)
        frames: list[list[str]] = []
        for _ in range(3):
            rebuilt.clear()
            helpers.advance(window, 1)
            frames.append(list(rebuilt))
        first, second, third = frames
        if "CombatLog" in first and shown_before:
            assert not {"Hud", "ManeuverMenu", "ChoicePrompt", "TargetPrompt"} & set(first), first
        elif "CombatLog" in second:
            waited += 1
        assert "CombatLog" not in third or "CombatLog" not in second  # never two frames late
    assert waited > 0  # the case the rule is for happened
    window.hide_view()
