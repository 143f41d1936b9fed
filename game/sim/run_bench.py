"""`python -m game.sim.run_bench [--seeds 1-20] [--max-ticks 20000]`: the `run --run` contract measured
over many seeds (issue 10): each seed's outcome, deepest depth, items picked up, ticks and seconds,
then how many reached depth 3 or more. A benchmark that prints numbers, not a test.
"""

from __future__ import annotations

import argparse
import time

from game.sim.__main__ import run_result
from game.sim.commands import Confirm
from game.sim.run_world import run_setup
from game.sim.seed_range import parse_seeds
from game.sim.world import World


def play(seed: int, max_ticks: int) -> dict[str, object]:
    """One AI-led run of `seed`, exactly as `python -m game.sim run --run` plays it."""
    world = World(run_setup(seed), seed=seed, player_ai=True)
    for _ in range(max_ticks):
        if world.state.over is not None:
            break
        world.apply(Confirm())
    return run_result(world)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.sim.run_bench", description=__doc__)
    parser.add_argument("--seeds", default="1-20")
    parser.add_argument("--max-ticks", type=int, default=20000)
    args = parser.parse_args(argv)
    print(f"{'seed':>4} {'outcome':>10} {'depth':>5} {'items':>5} {'ticks':>6} {'seconds':>7}  equipped")
    deep = 0
    seeds = parse_seeds(args.seeds)
    for seed in seeds:
        start = time.perf_counter()
        r = play(seed, args.max_ticks)
        took = time.perf_counter() - start
        depth = r["depth"]
        assert isinstance(depth, int)
        deep += depth >= 3
        equipped = r["equipped"]
        assert isinstance(equipped, list)
        print(f"{seed:>4} {r['outcome']!s:>10} {depth:>5} {r['items_picked_up']!s:>5} {r['ticks']!s:>6} "
              f"{took:>7.2f}  {', '.join(equipped)}")
    print(f"{deep} of {len(seeds)} runs reached depth 3 or deeper")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
