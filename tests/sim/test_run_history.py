"""game.run_history: the SQLite run history, best first; missing, corrupt and foreign files never crash."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from game.run_history import DB_NAME, RunHistory, RunRecord, default_folder
from game.sim.run_summary import RunSummary


def _record(seed: int, outcome: str = "death", depth: int = 1, turns: int = 100, kills: int = 0) -> RunRecord:
    return RunRecord(seed, outcome, depth, turns, {"bandits": kills} if kills else {}, 2, None, None,
                     "2026-11-24T01:00:00+00:00")


def test_best_runs_first(tmp_path: Path) -> None:
    history = RunHistory(tmp_path / "data")
    assert history.best().runs == () and history.best().message is None  # no file yet: no runs, no fuss
    for record in (_record(1, depth=3, kills=4), _record(2, "victory", 8, turns=9000), _record(3, depth=5),
                   _record(4, depth=3, kills=6), _record(5, depth=3, kills=6, turns=50),
                   _record(6, "victory", 8, turns=7000)):
        assert history.add(record) is None
    listing = history.best()
    assert listing.message is None
    assert [r.seed for r in listing.runs] == [6, 2, 3, 5, 4, 1]
    assert [r.seed for r in history.best(limit=2).runs] == [6, 2]
    first = listing.runs[0]
    assert first.id is not None and first.kills_by_faction == {} and first.finished.startswith("2026-11-24")
    assert listing.runs[3].kills == 6


def test_a_summary_becomes_a_record(tmp_path: Path) -> None:
    summary = RunSummary("death", 4, 1234, {"goblins": 3, "wolves": 1}, 7, "Knight's cut to Goblin's neck, level 5",
                         "killed by Wolf (cut to the neck, level 4)")
    when = datetime(2026, 11, 24, 1, 2, 3, 456, tzinfo=UTC)
    record = RunRecord.from_summary(summary, seed=42, finished=when)
    history = RunHistory(tmp_path)
    assert history.add(record) is None
    (stored,) = history.best().runs
    assert stored == RunRecord(42, "death", 4, 1234, {"goblins": 3, "wolves": 1}, 7,
                               "Knight's cut to Goblin's neck, level 5", "killed by Wolf (cut to the neck, level 4)",
                               "2026-11-24T01:02:03+00:00", stored.id)


def test_a_corrupt_database_is_a_message_then_set_aside(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    garbage = b"this is not a database at all" * 100
    path.write_bytes(garbage)
    history = RunHistory(tmp_path)
    listing = history.best()
    assert listing.runs == ()
    assert listing.message is not None and "cannot be read" in listing.message and "\n" not in listing.message
    note = history.add(_record(1))
    assert note is not None and "kept as run_history.sqlite3.corrupt-1" in note
    assert (tmp_path / f"{DB_NAME}.corrupt-1").read_bytes() == garbage  # nothing lost
    assert [r.seed for r in history.best().runs] == [1]


def test_a_foreign_database_is_set_aside_too(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    history = RunHistory(tmp_path)
    assert "cannot be read" in (history.best().message or "")
    assert "a new one was started" in (history.add(_record(2)) or "")
    assert [r.seed for r in history.best().runs] == [2]


def test_a_newer_database_is_left_alone(tmp_path: Path) -> None:
    history = RunHistory(tmp_path)
    history.add(_record(1))
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        db.execute("PRAGMA user_version = 9")
    listing = history.best()
    assert listing.runs == () and "newer Steelstep (version 9)" in (listing.message or "")
    note = history.add(_record(2))
    assert note is not None and note.startswith("this run was not kept") and "newer" in note
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        assert db.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == 1


def test_bad_rows_are_skipped_with_a_message(tmp_path: Path) -> None:
    history = RunHistory(tmp_path)
    history.add(_record(1))
    history.add(_record(2, depth=2))
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        db.execute("UPDATE runs SET kills = '{broken' WHERE seed = 2")
    listing = history.best()
    assert [r.seed for r in listing.runs] == [1]
    assert listing.message is not None and listing.message.startswith("1 unreadable run skipped")


def test_an_unwritable_folder_is_a_message(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    history = RunHistory(blocker / "sub")
    note = history.add(_record(1))
    assert note is not None and note.startswith("this run was not kept") and "\n" not in note
    assert history.best().runs == ()


def test_the_default_folder_is_platformdirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_folder() == tmp_path / "xdg" / "steelstep"
    history = RunHistory()
    assert history.path == tmp_path / "xdg" / "steelstep" / DB_NAME
    assert history.add(_record(3)) is None and history.path.exists()
