"""Where the game keeps the player's runs: the autosave, finished recordings and logs (platformdirs).

``STEELSTEP_DATA_DIR`` overrides the per-user data directory (tests, smoke runs, portable installs).
Nothing here imports arcade, so the entry point can use it before deciding whether to open a window.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal

import platformdirs

APP_NAME = "Steelstep"
DATA_ENV = "STEELSTEP_DATA_DIR"
AUTOSAVE_NAME = "autosave.jsonl"
RECORDING_SUFFIX = ".jsonl"

AutosaveState = Literal["none", "finished", "resumable"]


def data_dir() -> Path:
    """The data directory (created on first use)."""
    override = os.environ.get(DATA_ENV)
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    """The run being played: rewritten atomically after every command (game.view.session)."""
    return data_dir() / AUTOSAVE_NAME


def recordings_dir() -> Path:
    path = data_dir() / "recordings"
    path.mkdir(parents=True, exist_ok=True)
    return path


def logs_dir() -> Path:
    path = data_dir() / "logs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_state(path: Path | None = None) -> AutosaveState:
    """``none`` (no autosave), ``finished`` (its last line is the run's end) or ``resumable``.

    Only the last line is looked at; a damaged file counts as ``resumable`` so that Continue is offered
    and then refuses it with the reader's own message (the file is never touched here).
    """
    path = autosave_path() if path is None else path
    try:
        size = path.stat().st_size
        with path.open("rb") as fh:
            fh.seek(max(0, size - 65536))
            tail = fh.read()
    except OSError:
        return "none"
    lines = [line for line in tail.splitlines() if line.strip()]
    if not lines:
        return "resumable"
    try:
        last = json.loads(lines[-1])
    except (ValueError, UnicodeDecodeError):
        return "resumable"
    return "finished" if isinstance(last, dict) and "end" in last else "resumable"


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "run"


def archive_run(source: Path, outcome: str | None = None, when: datetime | None = None) -> Path:
    """Copy a finished run (normally the autosave) into recordings/ under a timestamped name; returns it.

    ``run-20250102-153000-victory.jsonl``; a second archive in the same second gets ``-2``, ``-3``...
    """
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"run-{stamp}" + (f"-{_slug(outcome)}" if outcome else "")
    target = recordings_dir() / f"{base}{RECORDING_SUFFIX}"
    n = 2
    while target.exists():
        target = recordings_dir() / f"{base}-{n}{RECORDING_SUFFIX}"
        n += 1
    tmp = target.with_name(f".{target.name}.tmp")
    shutil.copyfile(source, tmp)
    os.replace(tmp, target)
    return target


def already_archived(source: Path) -> bool:
    """True when recordings/ holds a byte-identical copy of ``source``."""
    try:
        size = source.stat().st_size
        data: bytes | None = None
        for other in recordings_dir().glob(f"*{RECORDING_SUFFIX}"):
            if other.stat().st_size == size:
                data = source.read_bytes() if data is None else data
                if other.read_bytes() == data:
                    return True
    except OSError:
        return False
    return False


@dataclass(frozen=True)
class RunFile:
    """A run file the player may watch: its path, a display label and when it was last written."""

    path: Path
    label: str
    modified: datetime
    is_autosave: bool = False


_ARCHIVED = re.compile(r"^run-\d{8}-\d{6}(?:-(?P<outcome>[a-z0-9-]+?))?(?:-\d+)?$")


def run_label(stem: str) -> str:
    """``run-20250102-153000-victory`` -> ``Victory``; other names stay as they are."""
    m = _ARCHIVED.match(stem)
    if not m:
        return stem
    outcome = (m.group("outcome") or "run").replace("-", " ")
    return {"death": "Death", "victory": "Victory", "defeat": "Defeat", "unfinished": "Unfinished run"}.get(
        outcome, outcome.capitalize()
    )


def watchable_runs() -> list[RunFile]:
    """The autosave (if any) first, then recordings/ newest first."""
    out: list[RunFile] = []
    auto = autosave_path()
    if auto.is_file() and not (autosave_state(auto) == "finished" and already_archived(auto)):
        state = autosave_state(auto)
        label = "Last run (autosave, finished)" if state == "finished" else "Current run (autosave)"
        out.append(RunFile(auto, label, datetime.fromtimestamp(auto.stat().st_mtime), is_autosave=True))
    recordings: list[RunFile] = []
    for path in recordings_dir().glob(f"*{RECORDING_SUFFIX}"):
        if path.name.startswith("."):
            continue
        try:
            modified = datetime.fromtimestamp(path.stat().st_mtime)
        except OSError:
            continue
        recordings.append(RunFile(path, run_label(path.stem), modified))
    recordings.sort(key=lambda r: (r.modified, r.path.name), reverse=True)
    return out + recordings
