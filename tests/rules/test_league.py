"""`python -m rules.league`: its JSON contract on a tiny league, and its pairings (same build on
every seat, sides swapped)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rules import league
from rules.content import default_catalog
from rules.dice import SeededStream
from rules.fighter import FighterSheet

KEYS = {"a_wins", "b_wins", "draws", "a_decision_ms_p95"}


def _last_json(out: str) -> dict[str, object]:
    line = out.strip().splitlines()[-1]
    data = json.loads(line)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("bout", "games"), [("duel", 4), ("3way", 3)])
def test_json_contract(bout: str, games: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert league.main(["--a", "planner", "--b", "baseline", "--games", str(games), "--seed", "3",
                        "--bout", bout, "--json"]) == 0
    data = _last_json(capsys.readouterr().out)
    assert set(data) >= KEYS
    assert data["a_wins"] + data["b_wins"] + data["draws"] == games  # type: ignore[operator]
    assert data["a_decision_ms_p95"] > 0  # type: ignore[operator]
    assert data["bout"] == bout and data["a"] == "planner" and data["b"] == "baseline"


def test_same_seed_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for _ in range(2):
        league.main(["--a", "baseline", "--b", "baseline", "--games", "6", "--seed", "9", "--json"])
        data = _last_json(capsys.readouterr().out)
        runs.append((data["a_wins"], data["b_wins"], data["draws"], data["exchanges"]))
    assert runs[0] == runs[1]


def test_command_line_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rules.league", "--a", "baseline", "--b", "baseline", "--games", "2", "--json"],
        capture_output=True, text=True, check=True, timeout=120,
    )
    assert set(_last_json(done.stdout)) >= KEYS


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--games", "0"], ["--a", "nobody"]):
        with pytest.raises(SystemExit) as exc:
            league.main(argv)
        assert exc.value.code == 2
        assert "error" in capsys.readouterr().err


def test_builds_are_playable_and_equal_on_both_seats() -> None:
    catalog = default_catalog()
    stream = SeededStream(1, "builds")
    for _ in range(30):
        build = league.random_build(catalog, stream)
        a = FighterSheet.build(catalog, id="a", side="x", **build)  # type: ignore[arg-type]
        b = FighterSheet.build(catalog, id="b", side="y", **build)  # type: ignore[arg-type]
        assert a.weapon is not None and a.level >= 4
        assert (a.weapon, a.shield, a.armour, a.attributes, a.level) == (b.weapon, b.shield, b.armour,
                                                                          b.attributes, b.level)
