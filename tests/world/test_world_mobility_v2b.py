"""Mobility Version 2b in the world (house rule `mobility_version: v2b`; rules.mobility): the AI commits
modifiers at s0, they resolve at s1, and folding the event log gives the live state at every tick."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from rules.events import MobilityCommitted, ReflexContest
from tests.world.test_world_history import Shadow


def test_v2b_modifiers_are_committed_resolved_and_rebuilt_from_the_log() -> None:
    w = World(load_named_scenario("guards_and_bandits"), seed=3, house_rules={"mobility_version": "v2b"},
              player_ai=True)
    shadow = Shadow(w)  # compares the folded state with the live one at every step
    committed: list[MobilityCommitted] = []
    rolled: list[ReflexContest] = []
    for _ in range(120):
        for e in shadow.step():
            if isinstance(e, ev.RulesEvent) and isinstance(e.event, MobilityCommitted):
                committed.append(e.event)
            if isinstance(e, ev.RulesEvent) and isinstance(e.event, ReflexContest) and e.event.kind in (
                    "thread_the_needle", "outmaneuver"):
                rolled.append(e.event)
        if w.state.over is not None:
            break
    assert committed and rolled
    assert {c.fighter for c in committed} >= {r.a for r in rolled}
