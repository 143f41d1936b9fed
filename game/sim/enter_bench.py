"""`python -m game.sim.enter_bench [--scenario NAME ...] [--seeds 1-50] [--difficulty normal] [--system NAME]
[--json]`: a player
who presses Enter on every prompt (`Confirm`: the suggested step, orientation, target and declaration,
`game.sim.deciding`), measured over many seeds (issue 12): per scenario how often the leader is alive
at the end (a victory, or standing when `--max-ticks` runs out). A benchmark that prints numbers, not a
test (`tests/sim/test_enter_survives.py` checks a few seeds); the last line is one JSON object with
`--json`. `--difficulty old` plays the old game (no difficulty: the rules' defaults, a wait under Enter).
"""

from __future__ import annotations

import argparse
import json
import time

from game.sim.commands import Confirm
from game.sim.difficulty import DEFAULT_DIFFICULTY, DIFFICULTIES
from game.sim.scenario_file import load_named_scenario
from game.sim.seed_range import parse_seeds
from game.sim.world import World
from rules.systems import DEFAULT_SYSTEM, WORLD_SYSTEMS

SCENARIOS = ("arena_three_way", "guards_and_bandits")
MORE_SCENARIOS = ("merry_thieves",)  # measured on request (`--scenario`)


def enter_only(scenario: str, seed: int, difficulty: str | None, max_ticks: int = 600,
               system: str = DEFAULT_SYSTEM) -> tuple[bool, str, int]:
    """Play `scenario` on `seed` under combat system `system` pressing Enter at every prompt (under another
    system than `tros_sos` the system's own preselected answer): (leader alive, outcome, ticks)."""
    world = World(load_named_scenario(scenario), seed=seed, difficulty=difficulty, combat_system=system)
    for _ in range(max_ticks):
        if world.state.over is not None:
            break
        events = world.apply(Confirm())
        if events and events[0].type == "rejected":
            raise RuntimeError(f"{scenario} seed {seed}: Enter was refused: {events[0].to_dict()}")
    s = world.state
    return s.actors[s.leader].alive, s.over or "unfinished", s.tick


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.sim.enter_bench", description=__doc__)
    parser.add_argument("--scenario", action="append",
                        help=f"a world scenario (default: {', '.join(SCENARIOS)}; also {', '.join(MORE_SCENARIOS)})")
    parser.add_argument("--seeds", default="1-50")
    parser.add_argument("--difficulty", default=DEFAULT_DIFFICULTY, choices=(*DIFFICULTIES, "old"))
    parser.add_argument("--max-ticks", type=int, default=600)
    parser.add_argument("--system", default=DEFAULT_SYSTEM, choices=sorted(WORLD_SYSTEMS),
                        help="the combat system the world hosts (Enter answers its own prompts too)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    difficulty = None if args.difficulty == "old" else args.difficulty
    seeds = parse_seeds(args.seeds)
    result: dict[str, object] = {"difficulty": args.difficulty, "seeds": len(seeds), "system": args.system}
    for scenario in args.scenario or SCENARIOS:
        alive = 0
        start = time.perf_counter()
        for seed in seeds:
            survived, outcome, ticks = enter_only(scenario, seed, difficulty, args.max_ticks, args.system)
            alive += survived
            if not args.json:
                print(f"{scenario} seed {seed}: {'alive' if survived else 'fallen'} ({outcome}, tick {ticks})",
                      flush=True)
        took = time.perf_counter() - start
        print(f"{scenario}: the leader survives {alive} of {len(seeds)} ({100 * alive / len(seeds):.0f} %), "
              f"{took:.0f} s", flush=True)
        result[scenario] = {"alive": alive, "share": round(alive / len(seeds), 3), "seconds": round(took, 1)}
    if args.json:
        print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
