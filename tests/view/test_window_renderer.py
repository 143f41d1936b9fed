"""The game's window: multisampling on a graphics card, none on a software rasterizer (issue 11: 4x multisampling
made every frame on llvmpipe two and a half times as long). The window is made in a subprocess: the test
session's own window stays the only one in this process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.view.renderer import is_software

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
from game.view.app import make_window
from pyglet import gl
choice = {"auto": None, "on": True, "off": False}[sys.argv[1]]
window = make_window(visible=False, antialiasing=choice, icon=False)
samples = gl.GLint()
gl.glGetIntegerv(gl.GL_SAMPLES, samples)
print(json.dumps({"renderer": window.ctx.info.RENDERER, "samples": samples.value, "visible": window.visible}))
"""


def _window(choice: str) -> dict[str, object]:
    env = dict(os.environ, ARCADE_HEADLESS="1", ARCADE_SOUND_BACKENDS="silent")
    result = subprocess.run([sys.executable, "-c", PROBE, choice], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    found: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return found


@pytest.mark.parametrize(("renderer", "software"), [
    ("llvmpipe (LLVM 15.0.6, 256 bits)", True),
    ("softpipe", True),
    ("Google SwiftShader", True),
    ("GDI Generic", True),
    ("Apple Software Renderer", True),
    ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", False),
    ("NVIDIA GeForce RTX 3060/PCIe/SSE2", False),
    ("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49)", False),
    ("Apple M1", False),
])
def test_software_rasterizers_are_told_from_graphics_cards(renderer: str, software: bool) -> None:
    assert is_software(renderer) is software


def test_the_game_window_skips_multisampling_on_a_software_rasterizer() -> None:
    asked = _window("on")  # the machine can multisample (llvmpipe does): the choice below is the game's
    assert asked["samples"] == 4
    auto = _window("auto")  # on this project's machines Mesa's llvmpipe: no multisampling; on a card: 4x
    assert auto["samples"] == (0 if is_software(str(auto["renderer"])) else 4) and auto["visible"] is False
    assert _window("off")["samples"] == 0
