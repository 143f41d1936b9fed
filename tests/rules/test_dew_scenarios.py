"""Every detailed-sequence scenario file (content/scenarios/systems/dew_sequence/) runs with its scripted
dice and answers, and every expectation in it holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.dew.scenario import ScenarioFile, load, run

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


def test_offered_and_not_offered_can_fail() -> None:
    """The option expectations read every decision a fighter was asked: a wrong claim either way fails,
    and `not_offered` for a fighter never asked fails rather than holding vacuously."""
    spec = ScenarioFile.model_validate({
        "name": "probe", "rule": "1.2.5",
        "fighters": [{"id": "A", "creature": "bandit", "side": "red"},
                     {"id": "B", "creature": "bandit", "side": "blue", "en": 19},
                     {"id": "N", "creature": "bandit", "side": "red",
                      "stats": {"active_blows": 0, "reactive_blows": 0}}],
        "ranges": {"A-B": 1}, "answers": {"A": ["pass"], "B": ["pass"]}, "until": "phase",
        "expect": {"events": [{"type": "dew_phase", "phase": "noncombat"}],
                   "offered": {"A": ["attack:B", "grab:nothing"]},
                   "not_offered": {"B": ["attack:A", "prepare:x"], "N": ["pass"]}}})
    failures = run(spec).failures
    assert failures == ["A was never offered 'grab:nothing'", "B was offered 'attack:A'",
                        "N was never asked (not_offered needs a decision of his)"]
