"""Issue 13 item 11's shipped scenario (content/scenarios/bouts/flee_after_defending.yaml; design doc: Flee is
"available in 'auto' orientation if you didn't attack during your last exchange"): Bruno, who only parried
in exchange 1, flees in exchange 2; Aldo, who attacked, is refused the same flee. The file's seed (another
may let Aldo's cut land in exchange 1, ending Bruno's choices there)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from rules.events import Declared, LeftBout
from rules.scenario import load_scenario, run_scenario
from rules.scenario.runner import ScenarioError

SCENARIO = Path(str(files("content") / "scenarios" / "bouts" / "flee_after_defending.yaml"))


def test_the_defender_flees_in_the_second_exchange() -> None:
    result = run_scenario(load_scenario(SCENARIO))
    flee = [e for e in result.events if isinstance(e, Declared) and e.fighter == "B"
            and any(a.maneuver == "flee_away" for a in e.actions)]
    assert flee
    assert [e.fighter for e in result.events if isinstance(e, LeftBout)] == ["B"]


def test_the_attacker_may_not_flee_in_auto_orientation() -> None:
    scenario = load_scenario(SCENARIO)
    first, second = scenario.exchanges
    assert not isinstance(second, str) and not isinstance(second.declarations, str)
    swapped = second.model_copy(update={"declarations": {"A": second.declarations["B"], "B": []}})
    with pytest.raises(ScenarioError, match="exchange 2"):
        run_scenario(scenario.model_copy(update={"exchanges": [first, swapped]}))
