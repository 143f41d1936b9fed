"""The compiled accelerator: mypyc builds of the simulation's hot modules, used only when fresh.

`packaging/accel.py` compiles the modules in `COMPILED` with mypyc into `.accel/<tag>/` beside the
source tree (`tag`: this interpreter's version and platform), with a `STAMP` file holding
`source_stamp()`: a hash of exactly the sources it compiled. The packages those modules live in call
`overlay(__name__, __path__)` from their `__init__`: when the build is there and its stamp equals the
stamp of the sources on disk now, the build's package directory goes first on the package's path,
so `import rules.bout` loads the compiled extension; otherwise nothing changes and everything runs as
plain Python. So an edited source is never shadowed by a stale build, a machine without a C compiler
(or a packaged app, which ships no `.accel`) runs the same code in pure Python, and
`STEELSTEP_PURE=1` forces pure Python. Both run the same code: the results are the same, only the
speed differs (the test suite runs both).

This module is never compiled itself, and imports nothing of the game.
"""

from __future__ import annotations

import hashlib
import os
import sys
import sysconfig
from pathlib import Path

# The hot modules: the world's tick and the bout engine (the rest stays plain Python: events and
# commands, files, content loading and anything mypyc cannot compile).
COMPILED: tuple[str, ...] = (
    "game.sim.brain",
    "game.sim.fold",
    "game.sim.fov",
    "game.sim.geometry",
    "game.sim.leader_input",
    "game.sim.membership",
    "game.sim.movement",
    "game.sim.pathfinding",
    "game.sim.recovery",
    "game.sim.run_director",
    "game.sim.shooting",
    "game.sim.state",
    "game.sim.tilemap",
    "game.sim.world",
    "game.sim.world_checksum",
    "game.sim.world_core",
    "game.sim.world_decisions",
    "rules.ai",
    "rules.bout",
    "rules.costs",
    "rules.damage",
    "rules.decisions",
    "rules.declare",
    "rules.dice",
    "rules.exchange",
    "rules.fighter",
    "rules.fold",
    "rules.menu",
    "rules.tros_sos",
    "rules.wounds",
)
GROUP = "steelstep"  # mypyc's shared library is `steelstep__mypyc`
PURE_VARIABLE = "STEELSTEP_PURE"

SOURCE_ROOT = Path(__file__).resolve().parent.parent  # holds rules/ and game/
_decided: Path | bool | None = False  # the build in use (None: pure Python); False: not decided yet


def tag() -> str:
    """This interpreter's build tag, e.g. ``cp311-linux-x86_64``: a build serves only its own."""
    impl = sys.implementation
    return f"{impl.name[:2]}{sys.version_info.major}{sys.version_info.minor}-{sysconfig.get_platform()}"


def build_dir(root: Path = SOURCE_ROOT) -> Path:
    return root / ".accel" / tag()


def source_path(module: str, root: Path = SOURCE_ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def source_stamp(root: Path = SOURCE_ROOT) -> str:
    """A hash of the interpreter tag and every compiled module's name and source."""
    digest = hashlib.sha256(tag().encode())
    for module in COMPILED:
        digest.update(f"\0{module}\0".encode())
        digest.update(source_path(module, root).read_bytes())
    return digest.hexdigest()


def fresh_build(root: Path = SOURCE_ROOT) -> Path | None:
    """The build directory if it holds a complete build (every module's extension and the shared
    library) of the sources as they are now, else None."""
    where = build_dir(root)
    try:
        stamp = (where / "STAMP").read_text().strip()
        if stamp != source_stamp(root):
            return None
    except OSError:  # no build, or sources missing (a packaged app): pure Python
        return None
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    expected = [*COMPILED, f"{GROUP}__mypyc"]
    if not all(where.joinpath(*m.split(".")).with_name(m.split(".")[-1] + suffix).is_file() for m in expected):
        return None  # a file is missing: half a build would mix compiled and pure classes
    return where


def active_build() -> Path | None:
    """The build this process uses (decided once, on first use), or None for pure Python."""
    global _decided
    if _decided is False:
        _decided = None if os.environ.get(PURE_VARIABLE) else fresh_build()
        if _decided is not None and str(_decided) not in sys.path:
            sys.path.append(str(_decided))  # mypyc's shared library is a top-level module there
    assert _decided is not True
    return _decided


def overlay(package: str, path: list[str]) -> None:
    """Put the fresh build's directory of `package` first on its `__path__` (no build: no change)."""
    build = active_build()
    if build is not None:
        compiled = build.joinpath(*package.split("."))
        if compiled.is_dir() and str(compiled) not in path:
            path.insert(0, str(compiled))


def compiled(module: object) -> bool:
    """True if `module` was loaded from a compiled extension."""
    origin = getattr(module, "__file__", None) or ""
    return origin.endswith(tuple(s for s in (sysconfig.get_config_var("EXT_SUFFIX"), ".so", ".pyd") if s))


def describe() -> str:
    """One line for benches and logs: which build runs."""
    build = active_build()
    if build is not None:
        return f"compiled (mypyc, {build.name})"
    why = f"{PURE_VARIABLE} is set" if os.environ.get(PURE_VARIABLE) else "no fresh compiled build"
    return f"pure Python ({why}; `python packaging/accel.py` builds one)"
