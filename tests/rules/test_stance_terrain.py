"""Issue 13 item 5 (design doc, step 0/1): the martial stance (house rule `stance_bonus`) and the terrain
roll on difficult ground, both decisions at a round's `e1s0` (rules.stance). Shipped scenario:
content/scenarios/bouts/stance_and_terrain.yaml."""

from __future__ import annotations

from importlib.resources import files

import pytest

from rules.bout import IllegalAction
from rules.costs import stance_shift
from rules.decisions import ORIENTATION, STANCE, TERRAIN
from rules.dice import ScriptedStream, SeededStream
from rules.events import Declared, FootingRoll, StanceChosen
from rules.log import describe
from rules.scenario import load_scenario, run_scenario
from rules.tros_sos import TrosSos
from tests.rules.helpers import bout, catalog, sheet

SCENARIO = files("content") / "scenarios" / "bouts" / "stance_and_terrain.yaml"
SYSTEM = TrosSos()


def test_the_scenario_takes_the_chosen_stance_and_rolls_the_footing() -> None:
    r = run_scenario(load_scenario(str(SCENARIO)))
    stances = [(e.fighter, e.stance) for e in r.events if isinstance(e, StanceChosen)]
    assert stances == [("A", "defensive"), ("B", "neutral")]  # Reflex 5 each: by id; B's is the AI's default
    (roll,) = [e for e in r.events if isinstance(e, FootingRoll)]
    assert (roll.fighter, roll.dice, roll.tn, roll.faces, roll.passed) == ("B", 2, 8, (3, 2), False)
    assert describe(roll, r.names).endswith("loses his footing and goes down")
    declared = {e.fighter: e for e in r.events if isinstance(e, Declared) and e.exchange == 1}
    assert declared["A"].actions[0].cost == 5 + 2  # a Defensive stance: an attack costs 2 more
    assert declared["A"].cp_left == 11 - 7
    assert declared["B"].cp_left == (12 - 2) // 2 - 4  # his terrain dice spent, then halved by the fall
    # the stance counts in the round's first exchange only
    assert all(a.cost == a.dice for e in r.events if isinstance(e, Declared) and e.exchange == 2
               for a in e.actions)


def test_the_stance_decision_comes_after_the_orientations_lowest_reflex_first() -> None:
    b = bout(sheet("A", AG=7, WT=7), sheet("B"), cat=catalog(stance_bonus=True))
    assert [d.kind for d in SYSTEM.due(b)] == [ORIENTATION, ORIENTATION]
    SYSTEM.answer(b, SYSTEM.due(b)[0], "aggressive")
    assert [d.kind for d in SYSTEM.due(b)] == [ORIENTATION]  # no stance before every orientation is in
    SYSTEM.answer(b, SYSTEM.due(b)[0], "defensive")
    (first,) = SYSTEM.due(b)
    assert (first.kind, first.who, first.default) == (STANCE, "B", "defensive")  # B's Reflex 5 < A's 7
    with pytest.raises(IllegalAction):
        SYSTEM.answer(b, first, "reckless")
    SYSTEM.answer(b, first, "offensive")
    (second,) = SYSTEM.due(b)
    assert (second.who, second.default) == ("A", "offensive")
    SYSTEM.answer(b, second, "neutral")
    assert SYSTEM.due(b) == []
    # the chosen stance, not the orientation, shifts the costs
    assert stance_shift(b, "A", "attack") == 0 and stance_shift(b, "B", "attack") == -2
    assert stance_shift(b, "B", "defense") == 2


def test_no_stance_is_asked_without_the_house_rule() -> None:
    b = bout(sheet("A"), sheet("B"))
    for d in SYSTEM.due(b):
        SYSTEM.answer(b, d, "aggressive")
    assert SYSTEM.due(b) == []


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_ai_sets_aside_dice_and_the_roll_spends_them(seed: int) -> None:
    b = bout(sheet("A"), sheet("B"))
    b.set_terrain({"B": 7})
    for d in SYSTEM.due(b):
        SYSTEM.answer(b, d, "cautious")
    (terrain,) = SYSTEM.due(b)
    assert (terrain.kind, terrain.who, terrain.low, terrain.high) == (TERRAIN, "B", 1, 11)
    dice = SYSTEM.suggest(b, terrain, None, SeededStream(seed, "ai"))  # type: ignore[arg-type]
    assert dice == "3"  # TN 7 fails 60 % of the time per die: 2 dice fail 36 %, 3 dice 21.6 % (<= 25 %)
    SYSTEM.answer(b, terrain, "3")
    assert SYSTEM.due(b) == []
    (roll,) = SYSTEM.settle(b, SeededStream(seed, "combat"))
    assert isinstance(roll, FootingRoll) and roll.dice == 3
    fell = not roll.passed
    assert fell == (roll.successes == 0)
    assert b.fighters["B"].cp == ((11 - 3) // 2 if fell else 11 - 3)
    assert b.fighters["B"].prone is fell
    assert SYSTEM.due(b) == [] and SYSTEM.settle(b, SeededStream(seed, "combat")) == []  # once a round


def test_a_terrain_roll_with_a_success_keeps_his_footing() -> None:
    b = bout(sheet("A"), sheet("B"))
    b.set_terrain({"A": 9})
    for d in SYSTEM.due(b):
        SYSTEM.answer(b, d, "cautious")
    (terrain,) = SYSTEM.due(b)
    with pytest.raises(IllegalAction):
        SYSTEM.answer(b, terrain, "0")  # a necessary roll: at least one die
    SYSTEM.answer(b, terrain, 2)
    (roll,) = SYSTEM.settle(b, ScriptedStream([9, 1]))
    assert isinstance(roll, FootingRoll) and roll.passed
    assert b.fighters["A"].cp == 11 - 2 and not b.fighters["A"].prone
