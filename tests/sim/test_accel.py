"""rules.accel: the compiled build is used only when fresh, and it plays exactly like pure Python."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from rules import accel

# A run of 400 ticks that leaves `result` (its checksum per tick and its summary); run here and, for
# a pure-Python interpreter, in a subprocess.
RUN = """
from game.sim.commands import Confirm
from game.sim.scenario_file import dungeon_setup
from game.sim.world import World
world = World(dungeon_setup(3, groups=(("bandit",) * 3, ("goblin",) * 3, ("wolf",) * 2)), player_ai=True)
sums = []
for _ in range(400):
    world.apply(Confirm())
    sums.append(world.checksums[-1][1])
result = {"sums": sums, "summary": world.summary()}
"""


def _copy_sources(root: Path) -> None:
    for module in accel.COMPILED:
        dest = accel.source_path(module, root)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(accel.source_path(module), dest)


def test_a_build_is_used_only_while_its_stamp_matches_the_sources(tmp_path: Path) -> None:
    _copy_sources(tmp_path)
    assert accel.fresh_build(tmp_path) is None  # no build at all
    build = accel.build_dir(tmp_path)
    build.mkdir(parents=True)
    (build / "STAMP").write_text(accel.source_stamp(tmp_path) + "\n")
    assert accel.fresh_build(tmp_path) is None  # a stamp without the extensions is no build
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    for module in (*accel.COMPILED, f"{accel.GROUP}__mypyc"):
        parts = module.split(".")
        made = build.joinpath(*parts[:-1], parts[-1] + suffix)
        made.parent.mkdir(parents=True, exist_ok=True)
        made.write_bytes(b"")
    assert accel.fresh_build(tmp_path) == build
    made.unlink()
    assert accel.fresh_build(tmp_path) is None  # half a build is no build either
    made.write_bytes(b"")
    assert accel.fresh_build(tmp_path) == build
    edited = accel.source_path("rules.bout", tmp_path)
    edited.write_text(edited.read_text() + "\n# an edit\n")
    assert accel.fresh_build(tmp_path) is None  # an edited source is never shadowed by the old build
    (build / "STAMP").write_text("not a stamp\n")
    assert accel.fresh_build(tmp_path) is None


def test_the_stamp_covers_every_compiled_source_and_the_interpreter(tmp_path: Path) -> None:
    _copy_sources(tmp_path)
    stamp = accel.source_stamp(tmp_path)
    assert stamp == accel.source_stamp(tmp_path)
    for module in accel.COMPILED:
        path = accel.source_path(module, tmp_path)
        original = path.read_bytes()
        path.write_bytes(original + b" ")
        assert accel.source_stamp(tmp_path) != stamp, module
        path.write_bytes(original)
    assert accel.tag() in accel.build_dir(tmp_path).name


def test_this_process_runs_all_compiled_or_all_pure() -> None:
    modules = [importlib.import_module(m) for m in accel.COMPILED]
    expected = accel.active_build() is not None
    assert [accel.compiled(m) for m in modules] == [expected] * len(modules)
    assert accel.describe().startswith("compiled" if expected else "pure Python")


def test_pure_python_plays_the_same_run_as_this_process() -> None:
    """Whatever this process runs (compiled when a fresh build exists), a pure-Python interpreter
    plays the same 400 ticks with the same checksums, tick by tick."""
    scope: dict[str, object] = {}
    exec(RUN, scope)
    here = json.loads(json.dumps(scope["result"]))
    env = {**os.environ, accel.PURE_VARIABLE: "1"}
    code = RUN + "import json\nprint(json.dumps(result))\n"
    done = subprocess.run([sys.executable, "-c", code], cwd=accel.SOURCE_ROOT, env=env, capture_output=True,
                          text=True, check=True)
    pure = json.loads(done.stdout)
    assert len(pure["sums"]) == 400
    assert pure["sums"] == here["sums"]
    assert pure["summary"] == here["summary"]
