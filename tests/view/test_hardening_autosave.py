"""Issue 17, items 6 and 7: the autosave appends per command (never rewrites), a torn last line is
dropped on Continue, the run is compacted at start/continue/end, and killed saves leave no litter."""

from __future__ import annotations

import itertools
import os
import time
from pathlib import Path

import pytest

from game import paths
from game.sim.commands import Confirm, Order
from game.sim.recording import read_recording
from game.sim.runfile import Autosave, replay, save_run
from game.view.session import continue_run, new_run


def _play(path: Path, commands: int) -> list[bytes]:
    """A new run with an autosave; the file's bytes after each command."""
    session = new_run(11, autosave=path)
    seen = [path.read_bytes()]
    for n in range(commands):
        if n % 5 == 2:
            session.apply(Order("companion_spearman_1", "hold"))  # a free command between ticks
        else:
            session.apply(Confirm())
        seen.append(path.read_bytes())
    session.close()
    return seen


def test_each_command_appends_and_never_rewrites(tmp_path: Path) -> None:
    path = tmp_path / "autosave.jsonl"
    seen = _play(path, 20)
    for before, after in itertools.pairwise(seen):
        assert after.startswith(before) and len(after) > len(before)  # only appended
    # what was appended replays exactly like a whole save of the same run
    appended = replay(path)
    whole = tmp_path / "whole.jsonl"
    save_run(appended.world, whole)
    assert replay(whole).world.checksum() == appended.world.checksum()
    assert sorted(whole.read_bytes().splitlines()) == sorted(path.read_bytes().splitlines())


def test_the_appended_file_is_one_inode_until_compaction(tmp_path: Path) -> None:
    path = tmp_path / "autosave.jsonl"
    session = new_run(3, autosave=path)
    inode = path.stat().st_ino
    for _ in range(5):
        session.apply(Confirm())
    assert path.stat().st_ino == inode  # appended in place, not renamed over
    assert session.saver is not None
    session.saver.compact(session.world)
    assert path.stat().st_ino != inode  # compaction: temp file + rename
    assert read_recording(path).commands == replay(path).recording.commands


@pytest.mark.parametrize("cut", [1, 4, 12])
def test_continue_drops_a_torn_last_line_and_compacts(tmp_path: Path, cut: int) -> None:
    path = tmp_path / "autosave.jsonl"
    _play(path, 9)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - cut])  # the game was killed while writing the last line
    session = continue_run(path)
    assert read_recording(path)  # compacted: a whole, strict file again
    assert path.read_bytes().endswith(b"\n")
    before = session.world.state.tick
    session.apply(Confirm())  # and the run goes on, appending
    assert replay(path).world.state.tick == before + 1


def test_a_finished_run_is_compacted_with_its_end(tmp_path: Path) -> None:
    path = tmp_path / "autosave.jsonl"
    saver = Autosave(path)
    session = new_run(5, autosave=path, player_ai=True)
    session.saver = saver
    saver.compact(session.world)
    for _ in range(3000):
        session.apply(Confirm())
        if session.over is not None:
            break
    assert session.over is not None, "seed 5 ends within 3000 ticks"
    assert read_recording(path).end is not None
    assert paths.autosave_state(path) == "finished"


def test_orphaned_temporary_files_are_removed(tmp_path: Path) -> None:
    old = time.time() - 3600
    orphans = [tmp_path / ".autosave.jsonl.k2j3h4.tmp", tmp_path / ".run-20250101-120000.jsonl.tmp"]
    young = tmp_path / ".autosave.jsonl.abcd.tmp"
    others = [tmp_path / "autosave.jsonl", tmp_path / ".settings.toml.tmp", tmp_path / "notes.tmp"]
    for item in (*orphans, young, *others):
        item.write_text("x")
    for item in (*orphans, *others):
        os.utime(item, (old, old))
    assert sorted(paths.remove_orphaned_temps(tmp_path)) == sorted(orphans)
    assert young.exists() and all(o.exists() for o in others) and not any(o.exists() for o in orphans)


def test_the_first_autosave_path_of_a_process_cleans_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path))
    orphan = tmp_path / "recordings" / ".run-x.jsonl.1234.tmp"
    orphan.parent.mkdir()
    orphan.write_text("x")
    os.utime(orphan, (time.time() - 3600,) * 2)
    assert paths.autosave_path() == tmp_path / paths.AUTOSAVE_NAME
    assert not orphan.exists()


def test_archive_run_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path))
    source = tmp_path / "autosave.jsonl"
    source.write_bytes(b'{"kind": "x"}\n' * 100)
    target = paths.archive_run(source, "victory")
    assert target.read_bytes() == source.read_bytes()
    assert [p.name for p in target.parent.iterdir()] == [target.name]


CHILD = """
import sys
from pathlib import Path
from game.sim.commands import Confirm
from game.view.session import new_run
session = new_run(7, autosave=Path(sys.argv[1]))
print("started", flush=True)
for _ in range(100000):
    session.apply(Confirm())
"""


@pytest.mark.parametrize("delay", [0.05, 0.3, 0.8])
def test_kill_9_while_playing_never_loses_the_run(tmp_path: Path, delay: float) -> None:
    import signal
    import subprocess
    import sys

    path = tmp_path / "autosave.jsonl"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "started"
        time.sleep(delay)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    session = continue_run(path)  # whatever the moment of the kill: the run continues
    assert session.world.state.tick >= 0
    assert read_recording(path)  # and the file is whole again
