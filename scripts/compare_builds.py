#!/usr/bin/env python3
"""Do the compiled and the pure-Python builds refuse and accept the same commands? (issue 17, item 2)

    python scripts/compare_builds.py [--worlds 12] [--commands 60]

Runs itself twice, once with ``STEELSTEP_PURE=1`` and once without (the compiled accelerator, which must
be built and fresh: ``python packaging/accel.py``), feeding each world the same random command dicts
(``tests.fuzzkit.random_command``, which mixes good commands with wrongly-typed, out-of-range and unknown
fields) and the hand-written bad commands of ``tests/sim/test_hardening_runfiles.py``. For every command it
records what happened: refused on the way in (the message), rejected by the world (the reason), or applied
(the world's checksum afterwards), and then compares the two transcripts line by line. Exit status 0: the
same; 1: they differ (the first differences are printed); 2: the compiled build is not in use.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def transcript(worlds: int, commands: int) -> list[str]:
    """What each command did, one line each (run in the build this process has)."""
    sys.path.insert(0, str(ROOT))
    from game.sim.commands import CommandError, from_dict
    from game.sim.scenario_file import dungeon_setup
    from game.sim.world import World
    from tests import fuzzkit
    from tests.sim.test_hardening_runfiles import BAD

    lines = []
    for seed in range(worlds):
        rng = random.Random(seed)
        world = World(dungeon_setup(3, party=("player_fighter", "companion_spearman")), seed=3)
        batch = [data for data, _ in BAD] if seed == 0 else []
        batch += [fuzzkit.random_command(rng) for _ in range(commands)]
        for n, data in enumerate(batch):
            head = f"{seed}.{n} {json.dumps(data, sort_keys=True)[:80]}"
            try:
                command = from_dict(data)
            except CommandError as exc:
                lines.append(f"{head} refused: {exc}")
                continue
            try:
                events = world.apply(command)
            except Exception as exc:  # what issue 17 found in the compiled build: must not happen
                lines.append(f"{head} RAISED {type(exc).__name__}: {exc}")
                continue
            if events and events[0].type == "rejected":
                lines.append(f"{head} rejected: {events[0].to_dict()}")
            else:
                lines.append(f"{head} applied: tick {world.state.tick} checksum {world.checksum()}")
    return lines


def run_build(pure: bool, worlds: int, commands: int) -> tuple[str, list[str]]:
    env = {k: v for k, v in os.environ.items() if k != "STEELSTEP_PURE"}
    if pure:
        env["STEELSTEP_PURE"] = "1"
    result = subprocess.run([sys.executable, __file__, "--child", "--worlds", str(worlds), "--commands",
                             str(commands)], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    build, *lines = result.stdout.splitlines()
    return build, lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--worlds", type=int, default=12)
    parser.add_argument("--commands", type=int, default=60)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, str(ROOT))
        import game.sim.world

        print("compiled" if str(game.sim.world.__file__).endswith((".so", ".pyd")) else "pure")
        print("\n".join(transcript(args.worlds, args.commands)))
        return 0
    pure_build, pure = run_build(True, args.worlds, args.commands)
    compiled_build, compiled = run_build(False, args.worlds, args.commands)
    if (pure_build, compiled_build) != ("pure", "compiled"):
        print(f"builds in use: {pure_build} and {compiled_build}; build the accelerator first "
              "(python packaging/accel.py)")
        return 2
    kinds = {word: sum(f" {word}" in line for line in pure) for word in ("refused:", "rejected:", "applied:", "RAISED")}
    print(f"{len(pure)} commands in {args.worlds} worlds (pure Python): {kinds}")
    differ = [(a, b) for a, b in zip(pure, compiled, strict=True) if a != b]
    if not differ:
        print("the compiled build did exactly the same with every command")
        return 0
    print(f"{len(differ)} commands differ; the first:")
    for a, b in differ[:5]:
        print(f"  pure:     {a}\n  compiled: {b}")
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
