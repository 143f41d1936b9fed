"""Fixed PyInstaller hook for arcade 3.3.3 (tech_notes §4.2); it takes priority over arcade's own hook.

Arcade's hook copies ``VERSION`` to ``./arcade/VERSION`` (upstream bug, arcade#2837 / PR #2867); this
one puts it into ``arcade``. The ``:resources:`` example assets (+20 MB) are not bundled: Steelstep
loads its own assets through importlib.resources. Never use ``--collect-all arcade``.
"""

from importlib.util import find_spec
from pathlib import Path

from PyInstaller.compat import is_darwin

hiddenimports = ["arcade.gl.backends.opengl.provider", "arcade.gl.backends.opengl"]

_spec = find_spec("arcade")
assert _spec is not None and _spec.origin is not None
arcade_path = Path(_spec.origin).parent
datas = [
    (str(arcade_path / "resources" / "system"), "arcade/resources/system"),
    (str(arcade_path / "VERSION"), "arcade"),
]
binaries = [(str(arcade_path / "lib"), "arcade/lib")] if is_darwin else []

# No pymunk line (upstream and tech_notes copy _chipmunk to the top level too): PyInstaller already
# collects pymunk/_chipmunk.* from `from ._chipmunk import ...`, which is where pymunk loads it.
