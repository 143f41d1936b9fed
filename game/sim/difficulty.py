"""The difficulties (issue 12) as plain names: which decision-maker (`rules.deciders`) answers for the
enemies at each. Imports nothing, so the settings and the title screen read it without loading the
simulation; `game.sim.deciding` builds the decision-makers from it."""

from __future__ import annotations

DIFFICULTY_DECIDERS: dict[str, str] = {"easy": "baseline", "normal": "planner_fast", "hard": "planner"}
DIFFICULTIES: tuple[str, ...] = tuple(DIFFICULTY_DECIDERS)
DEFAULT_DIFFICULTY = "normal"
PARTY_DECIDER = "planner"  # the companions and the leader's suggestions, at every difficulty
DIFFICULTY_LABELS: dict[str, str] = {  # one line each for the settings screen
    "easy": "Easy: rules of thumb",
    "normal": "Normal: a quick look ahead",
    "hard": "Hard: a full look ahead",
}


def check_difficulty(name: object) -> str:
    """`name` if it is a difficulty; ValueError naming the known ones otherwise."""
    if not isinstance(name, str) or name not in DIFFICULTY_DECIDERS:
        raise ValueError(f"unknown difficulty {name!r}: choose one of {', '.join(DIFFICULTIES)}")
    return name
