"""The game turns pyglet's GL error checks off before arcade loads (frame time, issue 11); STEELSTEP_DEBUG_GL=1
keeps them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = ("from game.view import startup; startup.begin(); import arcade, pyglet; "
         "print(pyglet.options.debug_gl)")


def _debug_gl(extra: dict[str, str]) -> str:
    env = {k: v for k, v in os.environ.items() if k != "STEELSTEP_DEBUG_GL"}
    env.update({"ARCADE_HEADLESS": "1", "ARCADE_SOUND_BACKENDS": "silent", **extra})
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=True)
    return done.stdout.strip().splitlines()[-1]


def test_begin_turns_the_gl_error_checks_off() -> None:
    assert _debug_gl({}) == "False"


def test_steelstep_debug_gl_keeps_them() -> None:
    assert _debug_gl({"STEELSTEP_DEBUG_GL": "1"}) == "True"
