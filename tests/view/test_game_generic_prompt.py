"""The generic prompt: a decision of a kind the view has no prompt for (the test system `stance_call`'s
`stance`, standing for a later system's bid or designation) opens `ChoicePrompt` from its data alone, the
keys move and confirm it, and the world takes the `Answer` it sends. A range decision offers numbers."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import arcade
import pytest

from game.sim.commands import Answer
from game.sim.player_view import ChoiceOption, ChoiceView
from game.sim.world import World
from game.view.choice_prompt import MAX_NUMBER_BUTTONS, ChoicePrompt, number_choices
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from tests.world.stance_call import NAME, STANCE, registered
from tests.world.worlds import setup


@pytest.fixture(autouse=True)
def stance_call() -> Iterator[None]:
    with registered():
        yield


def _duel() -> World:
    w = World(setup(["#########", "#...@b..#", "#########"], seed=2), combat_system=NAME)
    for a in w.state.actors.values():
        a.flee_threshold = None
    return w


def test_the_stance_opens_the_generic_prompt_and_enter_answers(window: arcade.Window, helpers: ModuleType) -> None:
    world = _duel()
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda reason: None)
    window.show_view(view)
    helpers.advance(window, 3)
    prompt = view.prompt
    assert isinstance(prompt, ChoicePrompt)
    assert prompt.title == "Stance"
    assert [o.key for o in prompt.options] == ["aggressive", "cautious", "defensive"]
    pending = world.state.pending
    assert pending is not None and prompt.selected_key == pending.default
    helpers.screenshot(f"generic_prompt_{window.width}x{window.height}")
    start = prompt.selected
    helpers.press(window, arcade.key.TAB)
    assert prompt.selected == (start + 1) % 3
    chosen = prompt.selected_key
    helpers.press(window, arcade.key.ENTER)
    helpers.advance(window, 2)
    assert world.commands[-1][1] == {"cmd": "answer", "kind": STANCE, "value": chosen}
    bout = next(iter(world.state.bouts.values()))
    assert bout.rules.orientation[world.state.leader] == chosen


def test_options_show_their_cost_and_note(window: arcade.Window) -> None:
    world = _duel()
    choice = ChoiceView("interrupt", "player", (ChoiceOption("pass", "Let him act"),
                                                ChoiceOption("2", "Interrupt for 2", 2, "leaves your side 4")),
                        default="pass", note="Ravi designated the ogre")
    prompt = ChoicePrompt(world.state, None, choice)  # type: ignore[arg-type]
    assert [o.sub for o in prompt.options] == ["", "2 CP · leaves your side 4"]
    assert prompt.help.startswith("Ravi designated the ogre")
    assert prompt.selected_key == "pass"
    outcome = prompt.choose(1)
    assert outcome.commands == (Answer("interrupt", "2"),)


def test_a_range_decision_offers_numbers_and_answers_a_number(window: arcade.Window) -> None:
    world = _duel()
    prompt = ChoicePrompt(world.state, None, ChoiceView("bid", "player", default="3", low=0, high=5))  # type: ignore[arg-type]
    assert [o.key for o in prompt.options] == ["0", "1", "2", "3", "4", "5"]
    assert prompt.selected_key == "3"
    assert prompt.choose(5).commands == (Answer("bid", 5),)


@pytest.mark.parametrize("low, high, default", [(0, 8, None), (0, 30, 17), (5, 100, 5), (-3, 40, 40), (2, 4, 0),
                                               (1, 1, 0)])
def test_number_choices_keep_the_ends_and_the_default(low: int, high: int, default: int | None) -> None:
    picks = number_choices(low, high, default)
    assert low in picks and high in picks and picks == sorted(set(picks))
    assert default is None or default in picks  # the default is legal even outside the range (a bid's 0)
    assert len(picks) <= MAX_NUMBER_BUTTONS + 1
    inside = [p for p in picks if low <= p <= high]
    if high - low + 1 <= MAX_NUMBER_BUTTONS:
        assert inside == list(range(low, high + 1))


def test_a_counter_bid_offers_yield_as_its_default(window: arcade.Window) -> None:
    world = _duel()
    choice = ChoiceView("counter_bid", "player", default="0", low=2, high=3, note="match it, 0 to yield")
    prompt = ChoicePrompt(world.state, None, choice)  # type: ignore[arg-type]
    assert [o.key for o in prompt.options] == ["0", "2", "3"] and prompt.selected_key == "0"
    assert prompt.choose(0).commands == (Answer("counter_bid", 0),)
