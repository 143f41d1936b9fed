"""`python -m game.sim.bench_planner` (issue 12): the planners' work per world tick is counted in rollouts,
the same on every run (a deterministic measure on a busy machine); the old game plans nothing; with the
leader on the baseline only the enemies plan."""

from __future__ import annotations

import pytest

from game.sim.bench_planner import main, measure


def test_rollouts_are_counted_the_same_every_run_and_only_where_planners_decide() -> None:
    first = measure(10, [1], 12, "normal")
    assert first["rollouts"] > 0 and 0 < first["planning_ticks"] <= 12
    assert measure(10, [1], 12, "normal")["rollouts"] == first["rollouts"]
    assert measure(10, [1], 12, None)["rollouts"] == 0  # the old game: everyone on the baseline
    enemies_only = measure(10, [1], 12, "normal", leader="baseline")
    assert enemies_only["rollouts"] < first["rollouts"]


def test_the_command_prints_one_line_per_actor_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--actors", "10", "--seeds", "1", "--ticks", "3", "--json"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("  10 actors, normal, leader planner, 1 seeds x 3 ticks: thread CPU p50")
    assert out[1].startswith("{") and '"rollouts"' in out[1]
