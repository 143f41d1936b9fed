"""The player view's markers by the miniatures (`game.sim.player_view.system_marks`, issue 14): in a world
fighting under Combat basics they are the hosted system's marks of every bout, each matching the stumble,
daze or readied action the system's own table shows; under Sophia's Children the Stunned its Status row names;
none under the design doc's bout."""

from __future__ import annotations

import pytest

from game.sim.commands import Confirm
from game.sim.player_view import MarkView, system_marks, system_table
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World


def _in_table(world: World, mark: MarkView) -> bool:
    """Does the system's table (its Readied / Effects rows) say what the mark says?"""
    name = world.state.actors[mark.actor].name
    rows = dict(system_table(world.state, mark.actor))
    word, _, turns = mark.label.partition(" ")
    if word == "readied":
        return f"{name}: when" in rows.get("Readied", "")
    if word in ("stumbling", "dazed"):
        return f"{name} {word} {turns or 0}t" in rows.get("Effects", "")
    return word == "delayed"


@pytest.mark.parametrize("seed", [2, 3, 5])
def test_combat_basics_marks_in_a_world_match_its_table(seed: int) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=seed, combat_system="combat_basics")
    labels: set[str] = set()
    for _ in range(300):
        if world.state.over is not None:
            break
        marks = system_marks(world.state)
        expected = [MarkView(a, label) for bout in sorted(world.state.bouts.values(), key=lambda b: b.id)
                    for a, label in world.state.system.marks(bout.rules)]  # type: ignore[attr-defined]
        assert list(marks) == expected
        for mark in marks:
            assert _in_table(world, mark), (mark, system_table(world.state, mark.actor))
            labels.add(mark.label.split(" ")[0])
        world.apply(Confirm())
    assert {"dazed", "readied"} <= labels  # these seeds' fights see a daze and a readied attack


def test_no_marks_under_the_design_docs_bout() -> None:
    world = World(load_named_scenario("arena_three_way"), seed=2)
    for _ in range(40):
        assert system_marks(world.state) == ()
        world.apply(Confirm())


@pytest.mark.parametrize("seed", [1, 3, 7])
def test_sophias_children_marks_the_stunned_as_its_table_does(seed: int) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=seed, combat_system="sophias_children")
    stunned = 0
    for _ in range(300):
        if world.state.over is not None:
            break
        for mark in system_marks(world.state):
            assert mark.label in ("Stunned", "Asleep", "Hidden", "Dying")
            status = dict(system_table(world.state, mark.actor)).get("Status", "")
            if mark.label != "Dying":
                assert f"{world.state.actors[mark.actor].name} " in status and mark.label.lower() in status
            stunned += mark.label == "Stunned"
        world.apply(Confirm())
    assert stunned > 0  # these seeds' fights leave someone Stunned
