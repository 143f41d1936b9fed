"""Where the game keeps the player's runs: the autosave, finished recordings and logs (platformdirs).

``STEELSTEP_DATA_DIR`` overrides the per-user data directory (tests, smoke runs, portable installs).
Nothing here imports arcade, so the entry point can use it before deciding whether to open a window.

Every rewrite goes through a temporary file beside the target, fsync and rename; a game killed in
the middle leaves a `.NAME.jsonl.*.tmp` behind, which the next start removes
(`remove_orphaned_temps`, once the file is `ORPHAN_AGE` seconds old, so a second running game's
save in progress is never touched).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal

import platformdirs

from game.durable import fsync_directory

APP_NAME = "Steelstep"
DATA_ENV = "STEELSTEP_DATA_DIR"
AUTOSAVE_NAME = "autosave.jsonl"
RECORDING_SUFFIX = ".jsonl"

AutosaveState = Literal["none", "finished", "resumable"]
ORPHAN_AGE = 60.0  # seconds: a temporary file this old belongs to no save in progress
_ORPHAN = re.compile(r"^\..+\.jsonl(\..+)?\.tmp$")
_cleaned: set[Path] = set()


def data_dir() -> Path:
    """The data directory (created on first use)."""
    override = os.environ.get(DATA_ENV)
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    """The run being played: appended to after every command, rewritten atomically when a run starts,
    continues or ends (game.view.session, game.sim.runfile.Autosave). The first call in a process
    removes orphaned temporary files of the data directory and recordings/."""
    directory = data_dir()
    if directory not in _cleaned:
        _cleaned.add(directory)
        remove_orphaned_temps(directory)
        remove_orphaned_temps(recordings_dir())
    return directory / AUTOSAVE_NAME


def remove_orphaned_temps(directory: Path, older_than: float = ORPHAN_AGE) -> list[Path]:
    """Delete the temporary files a killed save left in `directory` (`.NAME.jsonl.*.tmp`, at least
    `older_than` seconds old); returns what was removed. Errors are ignored (nothing depends on it)."""
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = [p for p in directory.iterdir() if _ORPHAN.match(p.name)]
    except OSError:
        return removed
    for path in candidates:
        with contextlib.suppress(OSError):
            if path.is_file() and now - path.stat().st_mtime >= older_than:
                path.unlink()
                removed.append(path)
    return removed


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
    Written to a temporary file, fsynced and renamed: a crash never leaves a half copy under the name.

    ``run-20250102-153000-victory.jsonl``; a second archive in the same second gets ``-2``, ``-3``...
    """
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"run-{stamp}" + (f"-{_slug(outcome)}" if outcome else "")
    target = recordings_dir() / f"{base}{RECORDING_SUFFIX}"
    n = 2
    while target.exists():
        target = recordings_dir() / f"{base}-{n}{RECORDING_SUFFIX}"
        n += 1
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out, source.open("rb") as src:
            shutil.copyfileobj(src, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_directory(target.parent)
    return target




def same_bytes(a: Path, b: Path) -> bool:
    """Both files exist and hold the same bytes (sizes first: a different one is not read)."""
    try:
        return a.stat().st_size == b.stat().st_size and a.read_bytes() == b.read_bytes()
    except OSError:
        return False


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
