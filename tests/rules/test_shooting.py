"""Issue 13 item 14 in a bout scenario (rules.scenario.shots; design doc "Ranged combat"): a member of the
bout shoots at any step; a shot taken at s2 is his act and lands before any blow of the exchange, one
taken at s0 lands at the start of s1. Shipped scenario: content/scenarios/bouts/shot_from_the_bout.yaml.
The world's side is tests/world/test_world_ranged_in_bout.py."""

from __future__ import annotations

from importlib.resources import files

import pytest

from rules.events import Attack, Declared, Event, TargetChosen
from rules.log import describe
from rules.ranged import Shot
from rules.scenario import load_scenario, run_scenario
from rules.scenario.model import ExchangeSpec, ShotSpec
from rules.scenario.runner import ScenarioError

SCENARIO = files("content") / "scenarios" / "bouts" / "shot_from_the_bout.yaml"


def _index(events: list[Event], pick: type, exchange: int) -> list[int]:
    return [i for i, e in enumerate(events) if isinstance(e, pick) and getattr(e, "exchange", None) == exchange]


@pytest.mark.parametrize("seed", [5, 6, 7, 8])
def test_a_shot_from_inside_the_bout_at_s2_lands_before_any_blow(seed: int) -> None:
    r = run_scenario(load_scenario(str(SCENARIO)), seed=seed)
    events = r.events
    shots = [(i, e) for i, e in enumerate(events) if isinstance(e, Shot)]
    assert [s.exchange for _, s in shots][:1] == [1] and shots[0][1].shooter == "C"
    first_i, first = shots[0]
    declared = {e.fighter: e for e in events if isinstance(e, Declared) and e.exchange == 1}
    assert declared["C"].actions == ()  # the shot is her act: nothing declared in melee
    assert max(_index(events, Declared, 1)) < first_i  # after the declarations
    assert all(first_i < i for i in _index(events, Attack, 1))  # before any blow
    assert first.defence_dice == first.defence_cp  # at s2: CP only
    assert describe(first, r.names).startswith("Cara shoots Bruno (short bow, 1 sq)")


@pytest.mark.parametrize("seed", [5, 6, 7, 8])
def test_a_shot_taken_at_s0_lands_at_the_start_of_s1(seed: int) -> None:
    scenario = load_scenario(str(SCENARIO))
    quiet = ExchangeSpec(declarations={"A": [], "B": [], "C": []})  # nobody strikes in exchange 1
    only_s0 = scenario.model_copy(update={"exchanges": [quiet, scenario.exchanges[1]]})
    r = run_scenario(only_s0, seed=seed)
    events = r.events
    (i, shot) = next((i, e) for i, e in enumerate(events) if isinstance(e, Shot))
    assert shot.exchange == 2
    targets_e2 = _index(events, TargetChosen, 2)
    assert targets_e2 and i < min(targets_e2)  # before the targets of s1 are chosen
    assert all(i > j for j in _index(events, Attack, 1))  # after exchange 1
    assert shot.defence_dice == shot.defence_cp + 5  # at s1 his free pool (Reflex 5, unhurt) adds to the CP


def test_a_shooter_without_a_missile_weapon_is_refused_in_one_line() -> None:
    scenario = load_scenario(str(SCENARIO))
    first = scenario.exchanges[0]
    assert not isinstance(first, str)
    bad = first.model_copy(update={"shots": [ShotSpec(shooter="A", target="B")]})
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario.model_copy(update={"exchanges": [bad]}))
    assert str(caught.value) == "exchange 1: shot by A: he has no `missile`"
