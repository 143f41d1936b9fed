"""The local run history: every finished run's summary in an SQLite database (stdlib `sqlite3`) in the
platformdirs user data folder, listed best runs first (victories, then the deepest, then the most
kills, then the fastest).

Nothing here ever raises at the game: a missing database is created on the first `add`; a corrupt,
unreadable or too new one gives a one-line message instead of runs. `add` on a corrupt database moves
the file aside (`run_history.sqlite3.corrupt-<n>`, nothing is deleted) and starts a new one, saying so.
A row the game cannot read is skipped, and the message says how many were.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

if TYPE_CHECKING:  # the title lists the history without importing the simulation (issue 17)
    from game.sim.run_summary import RunSummary

APP_NAME = "steelstep"
DB_NAME = "run_history.sqlite3"
SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    seed INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    depth INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    kills TEXT NOT NULL,
    kills_total INTEGER NOT NULL,
    wounds_taken INTEGER NOT NULL,
    best_blow TEXT,
    cause_of_death TEXT,
    finished TEXT NOT NULL
)"""
_ORDER = "ORDER BY (outcome = 'victory') DESC, depth DESC, kills_total DESC, turns ASC, id ASC"
_COLUMNS = "id, seed, outcome, depth, turns, kills, wounds_taken, best_blow, cause_of_death, finished"


def default_folder() -> Path:
    """The platformdirs user data folder of the game."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


@dataclass(frozen=True, slots=True)
class RunRecord:
    seed: int
    outcome: str
    depth: int
    turns: int
    kills_by_faction: Mapping[str, int]
    wounds_taken: int
    best_blow: str | None
    cause_of_death: str | None
    finished: str  # ISO 8601, UTC, to the second
    id: int | None = None

    @property
    def kills(self) -> int:
        return sum(self.kills_by_faction.values())

    @classmethod
    def from_summary(cls, summary: RunSummary, seed: int, finished: datetime | None = None) -> RunRecord:
        when = (finished or datetime.now(UTC)).astimezone(UTC).replace(microsecond=0)
        return cls(seed, summary.outcome, summary.depth, summary.turns, dict(summary.kills_by_faction),
                   summary.wounds_taken, summary.best_blow, summary.cause_of_death, when.isoformat())


@dataclass(frozen=True, slots=True)
class Listing:
    """What `RunHistory.best` found: the runs, and a one-line message when something was wrong."""

    runs: tuple[RunRecord, ...]
    message: str | None = None


class RunHistory:
    """The run history database in `folder` (default: `default_folder()`)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder if folder is not None else default_folder()) / DB_NAME

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=2.0)

    def _problem(self, exc: Exception) -> str:
        detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return f"run history {self.path} cannot be read ({detail})"

    def add(self, record: RunRecord) -> str | None:
        """Store a finished run. Returns None, or a one-line message (the run may not have been kept)."""
        note: str | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and self._version() is None:
                note = self._move_aside()
            self._insert(record)
        except (sqlite3.Error, OSError, ValueError) as exc:
            return f"this run was not kept: {self._problem(exc)}"
        return note

    def _version(self) -> int | None:
        """The schema version of an existing file; None when it is no database of ours (or corrupt)."""
        try:
            with closing(self._connect()) as db:
                version = int(db.execute("PRAGMA user_version").fetchone()[0])
                tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                db.execute("PRAGMA quick_check").fetchone()
        except sqlite3.DatabaseError:
            return None
        if version == 0 and not tables:
            return SCHEMA_VERSION  # an empty file: sqlite makes it ours
        return version if "runs" in tables else None

    def _move_aside(self) -> str:
        n = 1
        while (aside := self.path.with_name(f"{DB_NAME}.corrupt-{n}")).exists():
            n += 1
        self.path.rename(aside)
        return f"the run history was unreadable: kept as {aside.name}, a new one was started"

    def _insert(self, r: RunRecord) -> None:
        with closing(self._connect()) as db, db:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise ValueError(f"made by a newer Steelstep (version {version})")
            db.execute(_SCHEMA)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute(
                "INSERT INTO runs (seed, outcome, depth, turns, kills, kills_total, wounds_taken, best_blow,"
                " cause_of_death, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (r.seed, r.outcome, r.depth, r.turns, json.dumps(dict(r.kills_by_faction), sort_keys=True),
                 r.kills, r.wounds_taken, r.best_blow, r.cause_of_death, r.finished),
            )

    def best(self, limit: int = 10) -> Listing:
        """The best `limit` runs, best first. Never raises: problems come back as the message."""
        if not self.path.exists():
            return Listing(())
        try:
            with closing(self._connect()) as db:
                version = int(db.execute("PRAGMA user_version").fetchone()[0])
                if version > SCHEMA_VERSION:
                    return Listing((), f"run history {self.path} was made by a newer Steelstep (version {version})")
                rows = db.execute(f"SELECT {_COLUMNS} FROM runs {_ORDER} LIMIT ?", (limit,)).fetchall()
        except sqlite3.Error as exc:
            return Listing((), self._problem(exc))
        runs: list[RunRecord] = []
        skipped = 0
        for row in rows:
            record = _record(row)
            if record is None:
                skipped += 1
            else:
                runs.append(record)
        message = f"{skipped} unreadable run{'s' if skipped != 1 else ''} skipped in {self.path}" if skipped else None
        return Listing(tuple(runs), message)


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is no integer")
    return value


def _record(row: tuple[object, ...]) -> RunRecord | None:
    """A row as a record; None when it is not what this version writes."""
    try:
        run_id, seed, outcome, depth, turns, kills, wounds, blow, cause, finished = row
        parsed = json.loads(str(kills))
        if not isinstance(parsed, dict):
            return None
        by_faction = {str(k): _int(v) for k, v in parsed.items()}
        return RunRecord(_int(seed), str(outcome), _int(depth), _int(turns), by_faction, _int(wounds),
                         None if blow is None else str(blow), None if cause is None else str(cause), str(finished),
                         _int(run_id))
    except (ValueError, TypeError):
        return None
