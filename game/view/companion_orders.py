"""The view's side of party micromanagement (issue 13 item 6; house rule ``party_orders``): while the world
asks the player for a companion's orientation, target or declaration (a ``decide`` prompt whose decision is
his, ``game.sim.player_view.ChoiceView.who``), the prompt is the generic one (``game.view.choice_prompt.ChoicePrompt``,
titled with his name); this module adds what makes it his on the map: his feet get the selection circle, and
for a target a click on one of the offered foes answers it. :class:`game.view.modes.PromptMode` asks it.

Every companion's planned next step is on the map anyway (``game.view.indicators``' planned steps, from
``game.sim.companion_plans``); ``plan_lines`` words each one's step and action for a panel or a hint, and
``plan_of`` one companion's, which the inspect panel shows.
"""

from __future__ import annotations

from game.sim.companion_plans import companion_plans
from game.sim.state import WorldState
from game.view.choice_prompt import ChoicePrompt
from game.view.prompts import Outcome, Prompt


def companion_of(prompt: Prompt, leader: str) -> str | None:
    """The companion whose decision ``prompt`` asks, or None (the leader's own, or another prompt)."""
    if isinstance(prompt, ChoicePrompt) and prompt.choice.who != leader:
        return prompt.choice.who
    return None


def selection(prompt: Prompt, leader: str) -> tuple[str | None, str | None]:
    """What the map marks while the prompt is open: the companion who is being ordered."""
    who = companion_of(prompt, leader)
    return (who, None) if who is not None else (None, None)


def click(prompt: Prompt, leader: str, actor: str) -> Outcome | None:
    """A click on ``actor`` while a companion's target is asked: that foe, if he is one of the options."""
    if companion_of(prompt, leader) is None or not isinstance(prompt, ChoicePrompt) or prompt.choice.kind != "target":
        return None
    if actor not in prompt.values:
        return None
    return prompt.choose(prompt.values.index(actor))


def plan_of(state: WorldState, actor: str) -> str | None:
    """A companion's step and action for the inspect panel ("steps E · fights Goblin 1"), or None."""
    plan = next((p for p in companion_plans(state) if p.actor == actor), None)
    return None if plan is None else plan.line.partition(": ")[2]


def plan_lines(state: WorldState) -> list[str]:
    """One line per companion: his next step (or none in the thick of a fight) and his action."""
    return [plan.line for plan in companion_plans(state)]
