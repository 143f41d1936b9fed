"""Every Combat basics scenario file (content/scenarios/systems/combat_basics/: the document's worked
examples) runs with its scripted dice and answers, and every expectation in it holds; replaying its
events onto a fresh bout rebuilds the same state with no dice."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.combat_basics.fold import apply
from rules.combat_basics.scenario import build, load, run
from rules.combat_basics.system import CombatBasics
from rules.content import default_catalog

DIR = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "systems" / "combat_basics"
FILES = sorted(DIR.glob("*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_holds(path: Path) -> None:
    spec = load(path)
    result = run(spec)
    assert result.failures == [], f"{path.name}: " + "; ".join(result.failures)
    e = spec.expect
    assert e.events or e.order or e.positions or e.effects or e.out, "a scenario must assert something"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_replaying_the_events_rebuilds_the_bout(path: Path) -> None:
    spec = load(path)
    result = run(spec)
    fresh = build(spec, default_catalog(), CombatBasics())
    for event in result.events:
        apply(event, fresh)
    assert snapshot(fresh) == snapshot(result.bout)


def snapshot(bout: object) -> dict[str, object]:
    from rules.combat_basics.state import CbBout

    assert isinstance(bout, CbBout)
    facts: dict[str, object] = {k: repr(v) for k, v in vars(bout).items() if k not in ("catalog", "rules", "fighters")}
    facts["fighters"] = {fid: f.snapshot() for fid, f in bout.fighters.items()}
    return facts
