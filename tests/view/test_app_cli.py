"""The entry point in subprocesses: `--smoke` renders every screen headless, no display gives a clear hint."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS", "ARCADE_TEST")}
    env["STEELSTEP_DATA_DIR"] = str(tmp_path / "data")
    env["STEELSTEP_CONFIG_DIR"] = str(tmp_path / "config")
    env.update(extra)
    return env


def _run(args: list[str], env: dict[str, str], timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_smoke_renders_every_screen_headless(tmp_path: Path) -> None:
    result = _run(["--smoke"], _env(tmp_path, ARCADE_SOUND_BACKENDS="silent"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SMOKE OK" in result.stdout
    for screen in ("title", "settings", "game", "legend", "tutorial", "pause", "game over", "recordings"):
        assert screen in result.stdout
    data = tmp_path / "data"  # only logs there: the smoke run plays in its own temporary folders
    assert not (data / "autosave.jsonl").exists() and not (data / "recordings").exists()


def test_no_display_explains_and_exits_2(tmp_path: Path) -> None:
    result = _run([], _env(tmp_path), timeout=60)
    assert result.returncode == 2
    assert "no display" in result.stderr
    assert "./play --smoke" in result.stderr and "./play --terminal" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("args", [["--demo"], ["--watch", "x.jsonl"], ["--seed", "3"]])
def test_no_display_also_for_other_modes(tmp_path: Path, args: list[str]) -> None:
    result = _run(args, _env(tmp_path), timeout=60)
    assert result.returncode == 2 and "no display" in result.stderr


def test_terminal_bout_still_plays(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "game", "--terminal", "--auto", "--seed", "2"], cwd=ROOT,
                            env=_env(tmp_path), capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
