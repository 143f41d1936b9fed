"""`scripts/find_won_seed.py`: which seeds it plays, in what order, what it reports and where it stops
(with a stand-in for the runs; one real run of the command it builds is the victory test's)."""

from __future__ import annotations

import importlib.util
import sys
import threading
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def finder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("find_won_seed", ROOT / "scripts" / "find_won_seed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class FakeRuns:
    """Runs that win on `winners` (at once, in the finder's threads), recording which seeds were played
    and which were stopped."""

    def __init__(self, winners: set[int]) -> None:
        self.winners = winners
        self.played: list[int] = []
        self.stopped: list[int] = []
        self.lock = threading.Lock()

    def __call__(self, seed: int) -> dict[str, object] | None:
        with self.lock:
            self.played.append(seed)
        if seed in self.stopped:
            return None
        won = seed in self.winners
        return {"outcome": "victory" if won else "death", "depth": 8 if won else 2, "ticks": 100 * seed}

    def stop(self, seed: int) -> None:
        self.stopped.append(seed)


def test_the_finder_reports_each_run_and_stops_after_the_lowest_winners() -> None:
    module = finder()
    runs = FakeRuns({4, 7, 9})
    lines: list[str] = []
    won = module.find(list(range(1, 21)), 2, 2, runs, stop=runs.stop, report=lines.append)
    assert won == [4, 7]
    assert "seed 4: victory in 400 ticks" in lines and "seed 7: victory in 700 ticks" in lines
    assert "seed 1: death on depth 2" in lines
    assert max(runs.played) <= 8  # nothing started after the second winner (at most one more in flight)
    assert all(s > 7 for s in runs.stopped)


def test_the_finder_returns_fewer_when_the_range_runs_out() -> None:
    module = finder()
    runs = FakeRuns({3})
    assert module.find(list(range(1, 6)), 2, 2, runs, stop=runs.stop, report=lambda _line: None) == [3]
    assert sorted(runs.played) == [1, 2, 3, 4, 5]


def test_the_finder_plays_the_victory_tests_command() -> None:
    module = finder()
    assert module.run_command(168, 20000, None) == [sys.executable, "-m", "game.sim", "run", "--run", "--seed",
                                                    "168", "--max-ticks", "20000"]
    assert module.run_command(3, 5000, "combat_basics")[-2:] == ["--system", "combat_basics"]
