"""Screenshots of the game screen, the legend over it and over the maneuver menu, the menu (odds and
descriptions), the settings (sound rows) and the watch view with its slider at 1280x720 and 800x600
(``tests/view/shots.py``, one process per size: a headless window cannot be resized); the legend, the menu
and the sound rows lie inside the window, the watch bar never covers the combat log, and no bout's clock label
sits over a fighter's health pips."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import SCREENSHOT_DIR

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (800, 600)])
def test_screens_render_at_both_sizes_and_the_watch_bar_keeps_off_the_log(width: int, height: int) -> None:
    env = {**os.environ, "ARCADE_HEADLESS": "1", "ARCADE_SOUND_BACKENDS": "silent"}
    done = subprocess.run([sys.executable, "-m", "tests.view.shots", str(width), str(height)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    size = f"{width}x{height}"
    shots = {line.split()[1] for line in lines if line.startswith("shot ")}
    assert shots == {"game", "legend", "menu", "legend_menu", "settings", "watch", "watch_end"}
    for name in shots:
        path = SCREENSHOT_DIR / f"{name}_{size}.png"
        assert path.is_file() and path.stat().st_size > 10_000
    rects = {parts[1]: tuple(float(v) for v in parts[2:6]) for parts in (line.split() for line in lines)
             if parts and parts[0] == "rect"}
    for name in ("legend", "menu", "settings_master_volume", "settings_effects_volume", "settings_muted"):
        left, bottom, right, top = rects[name]
        assert 0 <= left < right <= width and 0 <= bottom < top <= height, (name, rects[name])
    bar, log = rects["watch_bar"], rects["watch_log"]
    assert bar[2] <= width and bar[1] >= 0  # on screen
    assert not _overlap(bar, log), (bar, log)
    clocks = {n: r for n, r in rects.items() if n.startswith("clock_")}
    pips = {n: r for n, r in rects.items() if n.startswith("pips_")}
    assert clocks and pips
    for name, clock in clocks.items():  # a bout's clock never sits over anyone's health pips
        assert not any(_overlap(clock, r) for r in pips.values()), (name, clock, pips)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Do two (left, bottom, right, top) rectangles share some area?"""
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])
