"""Every detailed-sequence scenario file (content/scenarios/systems/dew_sequence/) runs with its scripted
dice and answers, and every expectation in it holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.dew.scenario import load, run

DIR = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "systems" / "dew_sequence"
FILES = sorted(DIR.glob("*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 1


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_holds(path: Path) -> None:
    spec = load(path)
    result = run(spec)
    assert result.failures == [], f"{path.name}: " + "; ".join(result.failures)
    assert spec.expect.events or spec.expect.fighters or spec.expect.ranges, "a scenario must assert something"
