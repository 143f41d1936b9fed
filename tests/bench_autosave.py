"""Autosave cost per command at growing run lengths (issue 17, item 6): prints numbers, asserts nothing.

    python -m tests.bench_autosave [--ticks 4000] [--every 500]

For each window of ticks it times what the game does after a command: `append` (today: the new
lines, one write, flushed) and `rewrite` (before issue 17: the whole file through a temporary file,
fsync and rename, i.e. `save_run`). The dungeon of seed 7 with the AI playing the leader.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from game.sim.commands import Confirm
from game.sim.runfile import Autosave, save_run
from game.sim.scenario_file import dungeon_setup
from game.sim.world import World


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--ticks", type=int, default=4000)
    parser.add_argument("--every", type=int, default=500)
    parser.add_argument("--samples", type=int, default=20, help="rewrites timed per window (they are slow)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="steelstep-bench-") as scratch:
        directory = Path(scratch)
        world = World(dungeon_setup(7, party=("player_fighter", "companion_spearman")), seed=7, player_ai=True)
        saver = Autosave(directory / "autosave.jsonl")
        saver.compact(world, final=False)
        appends: list[float] = []
        print(f"{'ticks':>11} {'file KB':>8} {'append ms (mean / p99 / max)':>30} {'rewrite ms (mean)':>18}")
        for tick in range(1, args.ticks + 1):
            world.apply(Confirm())
            started = time.perf_counter()
            saver.append(world, final=False)  # the world goes on after its victory: keep timing
            appends.append(time.perf_counter() - started)
            if tick % args.every == 0:
                rewrites = []
                for _ in range(args.samples):
                    started = time.perf_counter()
                    save_run(world, directory / "rewrite.jsonl")
                    rewrites.append(time.perf_counter() - started)
                size = (directory / "autosave.jsonl").stat().st_size / 1024
                print(f"{tick - len(appends) + 1:>5}-{tick:<5} {size:>8.0f} "
                      f"{statistics.mean(appends) * 1000:>10.3f} / {_p99(appends) * 1000:.3f} / "
                      f"{max(appends) * 1000:<7.3f} "
                      f"{statistics.mean(rewrites) * 1000:>18.2f}")
                appends = []
        saver.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
