"""Party micromanagement on screen (issue 13 item 6; game.view.companion_orders): with house rule
`party_orders`, a companion's decision opens the generic prompt titled with his name, his feet carry the
selection circle, a click on a foe answers his target, and every companion's next step is on the map.
Screenshot: tests/screenshots/companion_orders.png."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game.sim.commands import Confirm
from game.sim.world import World
from game.view.choice_prompt import ChoicePrompt
from game.view.companion_orders import plan_lines
from game.view.indicators import compute
from game.view.modes import PromptMode
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import world_from_ascii

Show = Callable[[arcade.View], arcade.View]
SIDE_BY_SIDE = "#########\n#.......#\n#.gs@g..#\n#.......#\n#########\n"
COMPANION = "companion_spearman_1"


def fight() -> World:
    return world_from_ascii(SIDE_BY_SIDE, seed=1, house_rules={"party_orders": True},
                            party={"s": "companion_spearman"})


@pytest.fixture
def game(window: arcade.Window, show: Show, helpers: ModuleType) -> Iterator[Callable[[World], GameView]]:
    def make(world: World) -> GameView:
        view = GameView(Session(world), Settings(animation_speed="instant"), lambda _: None, interactive=True)
        show(view)
        helpers.advance(window, 2)
        return view

    yield make


def _prompt(view: GameView) -> ChoicePrompt:
    mode = view.find(PromptMode)
    assert mode is not None and isinstance(mode.prompt, ChoicePrompt)
    return mode.prompt


def test_a_companions_decision_is_his_prompt_and_his_circle(window: arcade.Window, game: Callable[[World], GameView],
                                                             helpers: ModuleType,
                                                             screenshot: Callable[[str], Path]) -> None:
    w = fight()
    view = game(w)
    prompt = _prompt(view)
    assert prompt.choice.who == COMPANION and prompt.title.startswith(w.state.actors[COMPANION].name + ":")
    ind = view.refresh_indicators()
    assert any(f.actor == COMPANION and f.kind == "secondary" for f in ind.footbases)
    assert any(p.actor == COMPANION for p in ind.planned)  # his next step, on the map
    screenshot("companion_orders")
    helpers.press(window, arcade.key.ENTER)  # his orientation: the default
    helpers.advance(window, 2)
    for _ in range(10):  # on to his target (Enter answers the leader's own steps and prompts)
        found = view.find(PromptMode)
        if found is not None and isinstance(found.prompt, ChoicePrompt) and found.prompt.choice.kind == "target":
            break
        helpers.press(window, arcade.key.ENTER)
        helpers.advance(window, 2)
    prompt = _prompt(view)
    assert prompt.choice.kind == "target" and prompt.choice.who == COMPANION
    mode = view.find(PromptMode)
    assert mode is not None and mode.on_actor_click("goblin_1")
    helpers.advance(window, 2)
    bout = w.state.bout_of(COMPANION)
    assert bout is not None and bout.rules.targets[COMPANION] == "goblin_1"


def test_every_companion_has_a_planned_step_and_action() -> None:
    w = fight()
    w.apply(Confirm())  # his orientation
    lines = plan_lines(w.state)
    assert len(lines) == 1 and lines[0].startswith(w.state.actors[COMPANION].name + ":")
    assert compute(w.state).planned or "no step" in lines[0]
