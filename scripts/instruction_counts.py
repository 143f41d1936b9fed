"""Instruction counts of the rules and world benchmarks' workloads (valgrind callgrind): repeatable on a
shared, loaded machine where wall-clock benches are not. Usage, from a checkout (its .venv):

    python scripts/instruction_counts.py [--pure] [--only rules|world]

Each workload is counted minus a run that only loads the same modules and content, and printed in
millions of instructions. Compare two commits by running it in a worktree of each (issue 9's note).
Needs valgrind (Debian: apt-get install valgrind). `--only rules` (about a minute) or `--only world`
counts one workload.

Measured (M instructions; a build's numbers move by about 1 % between machines and runs):

    workload   build     6e842a6 (before issue 9)   8f18e79 (issue 9 done)   issue 9 perf branch
    rules      compiled  265 (lead) / 276            364-366                  229
    rules      pure      470 / 471                   626                      537
    world      compiled  626 (lead)                  643                      572
    world      pure      1,169 (lead)                1,268                    1,231

Session 7 (main at 402d1e4: the slots, plain positional calls and no properties on the hot paths of
pure CPython 3.11, plus the stance, mobility and disarm rules): rules compiled 229, rules pure 501
(the line: 517), world compiled 581, world pure 1,163.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RULES_LOAD = """
from rules.bench import duel, brawl
from rules.content import default_catalog
default_catalog(); duel(default_catalog()); brawl(default_catalog())
"""
RULES = """
from rules.bench import measure, duel, brawl
measure(duel, 0, exchanges=400)
measure(brawl, 0, exchanges=200)
"""
WORLD_LOAD = """
from game.sim.bench import arena
from game.sim.world import World
from game.sim.scenario_file import dungeon_setup
World(arena(50), player_ai=True)
World(dungeon_setup(11, party=("player_fighter", "companion_spearman"), width=90, height=60), player_ai=True)
"""
WORLD = """
from game.sim.bench import arena
from game.sim.world import World
from game.sim.commands import Confirm
from game.sim.scenario_file import dungeon_setup
w = World(arena(50), player_ai=True)
for _ in range(150): w.apply(Confirm())
w = World(dungeon_setup(11, party=("player_fighter", "companion_spearman"), width=90, height=60), player_ai=True)
for _ in range(400): w.apply(Confirm())
"""


def count(code: str, env: dict[str, str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "work.py"
        script.write_text(code)
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", sys.executable, str(script)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        found = re.search(r"Collected : (\d+)", result.stderr)
        if result.returncode != 0 or found is None:
            raise SystemExit(f"valgrind failed: {result.stderr.strip().splitlines()[-1:]}")
        return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pure", action="store_true", help="count pure Python (STEELSTEP_PURE=1)")
    parser.add_argument("--only", choices=("rules", "world"), help="count one workload only")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if args.pure:
        env["STEELSTEP_PURE"] = "1"
    else:
        env.pop("STEELSTEP_PURE", None)
    for key, name, load, work in (("rules", "rules.bench workload", RULES_LOAD, RULES),
                                  ("world", "world workload", WORLD_LOAD, WORLD)):
        if args.only not in (None, key):
            continue
        delta = count(work, env) - count(load, env)
        print(f"{name}: {delta / 1e6:,.0f} M instructions ({'pure' if args.pure else 'compiled if built'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
