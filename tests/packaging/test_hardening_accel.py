"""Issue 17, item 9: the first start never waits on the compiler. `accel.py --background` returns at
once (starting a detached build only when one is due and possible); builds take turns under a lock;
scratch directories of a killed build are removed."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """packaging/accel.py with its ROOT moved to a scratch directory (never the repository's .accel)."""
    spec = importlib.util.spec_from_file_location("accel_script", REPO / "packaging" / "accel.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "ROOT", tmp_path)
    return module


def test_one_build_at_a_time(script: ModuleType) -> None:
    with script.build_lock(wait=False) as first:
        assert first
        with script.build_lock(wait=False) as second:
            assert not second  # a second background build gives up
    with script.build_lock(wait=False) as again:
        assert again  # released


def test_a_busy_lock_makes_a_background_build_give_up(script: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    with script.build_lock(wait=False):
        assert script.build(quiet=False, wait=False) == 0
    assert "another build is running" in capsys.readouterr().err


def test_scratch_of_a_killed_build_is_removed(script: ModuleType, tmp_path: Path) -> None:
    accel_dir = script.accel.build_dir(tmp_path).parent
    stale = accel_dir / f"{script.SCRATCH_PREFIX}k1ll3d" / "src"
    stale.mkdir(parents=True)
    keep = accel_dir / "something-else"
    keep.mkdir()
    script.remove_scratch()
    assert not stale.parent.exists() and keep.exists()


def test_background_starts_nothing_when_no_build_is_due(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(script.accel.PURE_VARIABLE, "1")
    assert script.due() is not None and "pure Python" in script.due()
    started = time.perf_counter()
    assert script.start_background() == 0
    assert time.perf_counter() - started < 1.0
    assert not (script.accel.build_dir(tmp_path).parent / script.LOG_NAME).exists()  # nothing was started


def test_background_returns_at_once_and_builds_detached(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(script.accel.PURE_VARIABLE, raising=False)
    monkeypatch.setattr(script, "due", lambda: None)  # a build is due (whatever this machine has)
    calls: list[dict[str, object]] = []

    class FakePopen:
        def __init__(self, args: list[str], **kwargs: object) -> None:
            calls.append({"args": args, **kwargs})

    monkeypatch.setattr(subprocess, "Popen", FakePopen)
    assert script.start_background() == 0
    assert len(calls) == 1
    call = calls[0]
    assert call["args"] == [sys.executable, str(REPO / "packaging" / "accel.py"), "--quiet", "--no-wait"]
    assert call["start_new_session"] is True  # detached: the game never waits, closing it does not stop it
    assert (script.accel.build_dir(tmp_path).parent / script.LOG_NAME).exists()


def test_the_play_script_never_builds_in_the_foreground() -> None:
    text = (REPO / "scripts" / "bootstrap.sh").read_text()
    play_branch = text.split('*)    EXTRAS="";')[1].split(";;")[0]
    assert 'ACCEL_MODE="background"' in play_branch
    assert '"$ROOT/packaging/accel.py" --background' in text
