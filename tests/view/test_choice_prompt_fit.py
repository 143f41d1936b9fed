"""Long prompts that fit (issue 11): the generic prompt folds a long decision into groups by the options'
shared first part (Gold & Glory's ap × speed: pick the ap, then the speed), keeps the default one Enter away,
pages whatever does not fit, and every row it draws lies inside the window at 1280x720 and 800x600, for a
40-option decision and for the real Gold & Glory declaration; each option is reachable by keys and by taps."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import arcade
import pytest

from game.sim.commands import Answer
from game.sim.player_view import ChoiceOption, ChoiceView
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from game.view.choice_groups import MAX_FLAT, common_start, grouped_entries
from game.view.choice_prompt import ChoicePrompt
from game.view.input_map import Intent
from game.view.prompts import Outcome
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from game.view.widgets import MIN_TOUCH, inside
from tests.world.worlds import setup

from .worlds import play_until

SPEEDS = ("maneuver", "walk", "run", "dash")
SIZES = ((1280, 720), (800, 600))


def _forty(default: str | None = "3:walk") -> ChoiceView:
    options = tuple(ChoiceOption(f"{ap}:{s}", f"{ap} ap, {s} ({2 + i} mp)", note=f"mod-{i}" if i else "")
                    for ap in range(10) for i, s in enumerate(SPEEDS))
    return ChoiceView("gg_declare", "player", options, default, title="Action points and speed for the round")


@pytest.fixture
def sized(window: arcade.Window, helpers: ModuleType) -> Iterator[object]:
    def resize(size: tuple[int, int]) -> None:
        window._width, window._height = size
        window.dispatch_event("on_resize", *size)
        helpers.advance(window, 2)

    yield resize
    resize((1280, 720))
    window.hide_view()


def test_common_start_keeps_whole_words() -> None:
    assert common_start(["0 ap, maneuver (4 mp)", "0 ap, walk (6 mp)"]) == "0 ap"
    assert common_start(["Close on Bandit (range 3)", "Close on Brute (range 2)"]) == "Close on"
    assert common_start(["Pass", "Pass, becoming alert"]) == "Pass"
    assert common_start(["Step", "Steady"]) == ""


def test_forty_options_fold_by_ap_with_the_default_first() -> None:
    choice = _forty()
    labels = [o.label for o in choice.options]
    keys = list(choice.values())
    entries = grouped_entries(labels, [""] * 40, keys, keys.index("3:walk"))
    assert entries is not None
    assert entries[0].key == "3:walk" and entries[0].sub.startswith("default")
    assert [e.label for e in entries[1:]] == [f"{ap} ap …" for ap in range(10)]
    assert all(len(e.members) == 4 for e in entries[1:])
    assert sorted(m for e in entries[1:] for m in e.members) == list(range(40))
    short = grouped_entries(labels[:MAX_FLAT], [""] * MAX_FLAT, keys[:MAX_FLAT], None)
    assert short is None  # what fits stays flat
    numbers = [str(n) for n in range(20)]
    assert grouped_entries(numbers, [""] * 20, numbers, None) is None  # no shared parts: flat, paged


def test_one_enter_answers_the_default_and_a_group_then_a_speed_answers_another(window: arcade.Window) -> None:
    world = World(setup(["#####", "#@..#", "#####"], seed=1))
    prompt = ChoicePrompt(world.state, None, _forty())  # type: ignore[arg-type]
    assert prompt.selected_key == "3:walk"
    assert prompt.handle(Intent.CONFIRM) == Outcome((Answer("gg_declare", "3:walk"),))
    seven = [o.key for o in prompt.options].index("group:7")
    outcome = prompt.choose(seven)
    assert not outcome.close and not outcome.commands
    assert [o.key for o in prompt.options] == [f"7:{s}" for s in SPEEDS]
    assert prompt.choose(2).commands == (Answer("gg_declare", "7:run"),)
    assert prompt.group is not None
    assert prompt.handle(Intent.CANCEL) is not None and prompt.group is None  # Esc: back, not pause
    assert prompt.selected_key == "group:7"
    assert prompt.handle(Intent.CANCEL) is None  # on the first level Esc goes down (pause)


def _drawn(prompt: ChoicePrompt) -> dict[int, tuple[float, float, float, float]]:
    return {int(h.action[1]): h.rect for h in prompt.hits if isinstance(h.action, tuple) and h.action[0] == "prompt"}


def _check_fits(prompt: ChoicePrompt, size: tuple[int, int]) -> None:
    w, h = size
    assert prompt.top_limit <= h
    left, bottom, pw, ph = prompt.rect
    assert left >= 0 and bottom >= 0 and left + pw <= w and bottom + ph <= prompt.top_limit, (size, prompt.rect)
    for rect in (hit.rect for hit in prompt.hits):
        assert inside((left - 1, bottom - 1, pw + 2, ph + 2), rect[0], rect[1]), rect
        assert inside((left - 1, bottom - 1, pw + 2, ph + 2), rect[0] + rect[2] - 1, rect[1] + rect[3] - 1), rect
        assert rect[3] >= MIN_TOUCH


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("default", ["3:walk", None])
def test_every_option_is_reachable_on_screen_by_keys(window: arcade.Window, sized: object, helpers: ModuleType,
                                                      size: tuple[int, int], default: str | None) -> None:
    sized(size)  # type: ignore[operator]
    world = World(setup(["#####", "#@..#", "#####"], seed=1))
    prompt = ChoicePrompt(world.state, None, _forty(default))  # type: ignore[arg-type]
    prompt.layout(size[0], size[1], 0.8 if size[0] == 800 else 1.0)
    prompt.top_limit = size[1] - 48
    reached: set[str] = set()
    for top in range(len(prompt.options)):
        prompt.back()
        prompt.select(top)
        prompt.refresh()
        _check_fits(prompt, size)
        assert top in _drawn(prompt)  # the selection is always on the page shown
        if prompt.entries[top].is_group:
            prompt.choose(top)
            for j in range(len(prompt.options)):
                prompt.select(j)
                prompt.refresh()
                _check_fits(prompt, size)
                assert j in _drawn(prompt)
                reached.add(prompt.options[j].key)
        else:
            reached.add(prompt.options[top].key)
    assert reached == set(_forty().values())


@pytest.mark.parametrize("size", SIZES)
def test_a_long_flat_list_pages_and_taps_turn_the_pages(window: arcade.Window, sized: object, size: tuple[int, int],
                                                         helpers: ModuleType) -> None:
    sized(size)  # type: ignore[operator]
    world = World(setup(["#####", "#@..#", "#####"], seed=1))
    prompt = ChoicePrompt(world.state, None, ChoiceView("pick", "player", tuple(  # type: ignore[arg-type]
        ChoiceOption(f"o{i}", f"Option {i}") for i in range(40)), "o0"))
    prompt.layout(size[0], size[1], 1.0)
    prompt.top_limit = size[1] - 48
    prompt.refresh()
    assert prompt.pages > 1
    _check_fits(prompt, size)
    seen: set[int] = set()
    for _ in range(prompt.pages):
        seen |= set(_drawn(prompt))
        assert prompt.navigate("next") is not None
        prompt.refresh()
        _check_fits(prompt, size)
    assert seen == set(range(40))
    assert not prompt.page_by(0) or prompt.page == prompt.pages - 1


def _gg_view(window: arcade.Window, helpers: ModuleType) -> tuple[World, GameView]:
    world = World(load_named_scenario("arena_three_way"), seed=3, combat_system="gold_and_glory")
    assert play_until(world, lambda w: w.state.pending is not None and w.state.pending.kind == "decide", limit=80)
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda reason: None)
    window.show_view(view)
    helpers.advance(window, 3)
    return world, view


@pytest.mark.parametrize("size", SIZES)
def test_gold_and_glory_declaration_fits_and_keys_and_taps_answer(
        window: arcade.Window, sized: object, helpers: ModuleType, size: tuple[int, int]) -> None:
    world, view = _gg_view(window, helpers)
    sized(size)  # type: ignore[operator]
    prompt = view.prompt
    assert isinstance(prompt, ChoicePrompt) and len(prompt.choice.options) > MAX_FLAT
    _check_fits(prompt, size)
    helpers.screenshot(f"gold_and_glory_prompt_{size[0]}x{size[1]}")
    # a group by a tap, then its screenshot, then back by Esc, then PgDn turns a page if there are pages
    group = next(i for i, e in enumerate(prompt.entries) if e.is_group)
    rect = _drawn(prompt).get(group)
    if rect is None:
        prompt.select(group)
        helpers.advance(window, 1)
        rect = _drawn(prompt)[group]
    helpers.click(window, rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)
    helpers.advance(window, 1)
    assert prompt.group is not None and view.prompt is prompt
    _check_fits(prompt, size)
    helpers.screenshot(f"gold_and_glory_prompt_group_{size[0]}x{size[1]}")
    chosen = prompt.options[len(prompt.options) - 1].key
    helpers.press(window, arcade.key.UP)  # wraps to the last member
    ticks = len(world.commands)
    helpers.press(window, arcade.key.ENTER)
    helpers.advance(window, 2)
    assert len(world.commands) == ticks + 1
    assert world.commands[-1][1]["value"] == chosen
