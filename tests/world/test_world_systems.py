"""The seam between the world and its combat systems (`rules.systems`, docs/systems/README.md): the world's
bout is `BoutLike` for every hosted system, every hosted system answers the membership's questions
(`in_window`, `at_round_start`) and the screen's (`label`, `table`), and one it does not host is refused
with a one-line error."""

from __future__ import annotations

import pytest

from game.sim.commands import Confirm
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from rules.bout import AGGRESSIVE, Bout
from rules.content import default_catalog
from rules.fighter import FighterSheet
from rules.systems import WORLD_SYSTEMS, BoutLike, Entrant, system, world_system


def two() -> list[FighterSheet]:
    catalog = default_catalog()
    return [FighterSheet.build(catalog, id="a", name="A", side="red"),
            FighterSheet.build(catalog, id="b", name="B", side="blue")]


@pytest.mark.parametrize("name", sorted(WORLD_SYSTEMS))
def test_every_hosted_system_makes_a_boutlike_bout_and_answers_the_world(name: str) -> None:
    sys_ = world_system(name)
    bout: BoutLike = sys_.new_bout(default_catalog(), two())  # mypy: `Bout` is `BoutLike`
    assert isinstance(bout, Bout)
    assert bout.members() == ["a", "b"] and bout.active("a") and not bout.left
    bout.set_reach({"a": ["b"], "b": ["a"]})
    assert bout.same_reach({"a": ["b"], "b": ["a"]}) and bout.foes_in_reach("a") == ["b"]
    copy = bout.clone(dict(bout.fighters))
    assert copy.members() == bout.members()
    assert (copy.system_state is None) == (bout.system_state is None)
    assert sys_.in_window(bout) and sys_.at_round_start(bout)  # a fresh bout: in its window, at a round's start
    sys_.enter(bout, lambda fid: Entrant("bandit", "red" if fid == "a" else "blue", (0, 0) if fid == "a" else (1, 0)))
    label = sys_.label(bout)
    assert len(label) == 2 and all(isinstance(part, str) and part for part in label)
    assert all(len(row) == 2 for row in sys_.table(bout))
    assert sys_.map_moves([]) == ()


def test_tros_sos_leaves_its_window_after_the_first_exchanges_targets() -> None:
    sys_ = system("tros_sos")
    bout = sys_.new_bout(default_catalog(), two(), reach={"a": ["b"], "b": ["a"]})
    for fid in ("a", "b"):
        bout.choose_orientation(fid, AGGRESSIVE)
    seen = []
    for step in range(3):
        seen.append((bout.clock.exchange, bout.clock.step, sys_.in_window(bout), sys_.at_round_start(bout)))
        if step < 2:
            bout.step_clock()
    assert seen == [(1, 0, True, True), (1, 1, True, False), (1, 2, False, False)]


def test_a_system_the_world_does_not_host_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="unknown combat system 'no_such'"):
        World(load_named_scenario("arena_three_way"), seed=1, combat_system="no_such")


def test_a_dew_world_keeps_the_seam_neutral() -> None:
    """Under the detailed sequence the world's bout keeps `tros_sos`'s clock at `e1s0`, nothing declared:
    the neutral answer for the few readers of it (the map's arcs, shot defence)."""
    w = World(load_named_scenario("arena_three_way"), seed=2, player_ai=True, combat_system="dew_sequence")
    for _ in range(20):
        w.apply(Confirm())
        for bout in w.state.bouts.values():
            assert bout.rules.clock.label() == "e1s0" and not bout.rules.declarations
            assert not w.system.footwork(bout.rules)
