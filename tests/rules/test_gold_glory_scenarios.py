"""Every Gold & Glory scenario file (content/scenarios/systems/gold_and_glory/) runs with its scripted dice
and answers, and every expectation in it holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.gold_glory.scenario import load, run

DIR = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "systems" / "gold_and_glory"
FILES = sorted(DIR.glob("*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_holds(path: Path) -> None:
    spec = load(path)
    result = run(spec)
    assert result.failures == [], f"{path.name}: " + "; ".join(result.failures)
    assert spec.expect.events or spec.expect.fighters, "a scenario must assert something"
    assert spec.dice, "a scenario scripts its dice"
    assert spec.expect.dice_left is not None, "a scenario says how many scripted dice are left"
