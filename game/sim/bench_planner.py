"""`python -m game.sim.bench_planner`: what the planners cost the world tick (issue 12), in numbers that
hold on a busy shared machine: thread CPU per tick (p50 / p95 / max) and the planners' rollouts (bouts
played forward, a deterministic count of their work), over the bench arena (`game.sim.bench.arena`) on
several seeds. `--leader baseline` lets the baseline answer the AI-led leader's decisions, so only the
enemies plan: in play the leader is the player, whose suggested defaults are planned once while his
prompt shows, not in the world's ticks. Numbers, not a test.
"""

from __future__ import annotations

import argparse
import json
import time

from game.sim.bench import arena
from game.sim.commands import Confirm
from game.sim.difficulty import DEFAULT_DIFFICULTY, DIFFICULTIES
from game.sim.seed_range import parse_seeds
from game.sim.world import World
from rules.deciders import decision_maker
from rules.league import percentile
from rules.planner import Planner

TARGETS_MS = {50: 2.0, 200: 10.0}  # the world tick's p95 targets (issue 3)


def measure(actors: int, seeds: list[int], ticks: int, difficulty: str | None,
            leader: str = "planner") -> dict[str, float]:
    """Per-tick thread CPU in ms (p50, p95, max), the planners' rollouts, the ticks that planned, and the
    rollouts of a tick at the 95th percentile and at most (deterministic: the work, whatever the load)."""
    cpu: list[float] = []
    per_tick: list[float] = []
    rollouts = planning_ticks = 0
    for seed in seeds:
        world = World(arena(actors, seed), player_ai=True, difficulty=difficulty)
        deciding = world.deciding
        if leader == "baseline" and not deciding.legacy:
            deciding.party = decision_maker("baseline")
        planners = [m for m in {id(m): m for m in (deciding.party, deciding.enemies)}.values()
                    if isinstance(m, Planner)]
        for _ in range(ticks):
            before = sum(p.rollouts for p in planners)
            start = time.thread_time()
            world.apply(Confirm())
            cpu.append((time.thread_time() - start) * 1000)
            done = sum(p.rollouts for p in planners) - before
            per_tick.append(done)
            rollouts += done
            planning_ticks += done > 0
    return {"actors": actors, "ticks": len(cpu), "cpu_ms_p50": round(percentile(cpu, 0.5), 2),
            "cpu_ms_p95": round(percentile(cpu, 0.95), 2), "cpu_ms_max": round(max(cpu, default=0.0), 2),
            "rollouts": rollouts, "planning_ticks": planning_ticks,
            "tick_rollouts_p95": percentile(per_tick, 0.95), "tick_rollouts_max": max(per_tick, default=0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.sim.bench_planner", description=__doc__)
    parser.add_argument("--actors", default="50,200", help="actor counts (default 50,200)")
    parser.add_argument("--seeds", default="1-5", help="arena seeds: 1-5 or 1,4,9 (default 1-5)")
    parser.add_argument("--ticks", type=int, default=100, help="ticks per seed (default 100)")
    parser.add_argument("--difficulty", default=DEFAULT_DIFFICULTY, choices=(*DIFFICULTIES, "old"))
    parser.add_argument("--leader", default="planner", choices=("planner", "baseline"),
                        help="who answers the AI-led leader's decisions (default: the party's planner)")
    parser.add_argument("--json", action="store_true", help="end with one JSON object per actor count")
    args = parser.parse_args(argv)
    difficulty = None if args.difficulty == "old" else args.difficulty
    seeds = parse_seeds(args.seeds)
    for count in (int(c) for c in args.actors.split(",")):
        row = measure(count, seeds, args.ticks, difficulty, args.leader)
        target = TARGETS_MS.get(count)
        print(f"{count:4d} actors, {args.difficulty}, leader {args.leader}, {len(seeds)} seeds x {args.ticks} ticks: "
              f"thread CPU p50 {row['cpu_ms_p50']:.2f} / p95 {row['cpu_ms_p95']:.2f} / max {row['cpu_ms_max']:.1f} ms"
              + (f" (target p95 <= {target:g})" if target else "")
              + f"; rollouts {row['rollouts']:,} in {row['planning_ticks']} ticks"
              f" (per tick p95 {row['tick_rollouts_p95']:g}, max {row['tick_rollouts_max']:g})", flush=True)
        if args.json:
            print(json.dumps(row, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
