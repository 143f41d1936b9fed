"""The game screen opened on a world under another combat system, at the leader's prompt (the system view
tests of Combat basics, Sophia's Children and Gold & Glory share it)."""

from __future__ import annotations

from types import ModuleType

import arcade

from game.sim.commands import Confirm
from game.sim.world import World
from game.view.choice_prompt import ChoicePrompt
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from rules.decisions import Decision


def until_decide(world: World, system: str, ticks: int = 80) -> None:
    """Press Enter until the leader owes a decision of the combat system (`decide`)."""
    for _ in range(ticks):
        pending = world.state.pending
        assert pending is not None and world.state.over is None
        if pending.kind == "decide":
            return
        world.apply(Confirm())
    raise AssertionError(f"the leader was asked nothing of {system} in {ticks} ticks")


def show_at_prompt(world: World, window: arcade.Window, helpers: ModuleType) -> tuple[GameView, Decision]:
    """The game screen on `world`, a few frames on: its prompt is the generic one, of the kind of the
    decision the leader owes (returned with the view)."""
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda reason: None)
    window.show_view(view)
    helpers.advance(window, 3)
    prompt = view.prompt
    assert isinstance(prompt, ChoicePrompt)
    pending = world.state.pending
    assert pending is not None
    decision = next(d for d in pending.asks if d.who == world.state.leader)
    assert prompt.choice.kind == decision.kind
    return view, decision
