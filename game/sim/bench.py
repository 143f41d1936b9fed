"""`python -m game.sim bench`: time per tick with 10, 50 and 200 actors fighting, and replay speed.

Several bouts run at once: the actors stand in clusters of mixed factions on an open map, so fights
start at once and keep going. Prints median and p95 per tick; targets (issue 3): p95 <= 2 ms at 50
actors and <= 10 ms at 200, replay >= 5,000 ticks/s at 50 actors. Replay is timed on three runs of
about 50 actors: the arena (every actor in a bout at once, the worst case), a dungeon whose factions
meet and fight (most of its cast falls early), and a dungeon of 50 who never fight (all 50 walking
for the whole run). The first line says whether the compiled accelerator runs (rules.accel).
Run on demand; not a test.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from game.sim.commands import Confirm
from game.sim.geometry import Pos
from game.sim.runfile import SetupBuilder, replay, save_run
from game.sim.scenario_file import ActorSetup, WorldSetup
from game.sim.tilemap import Tile, TileMap
from game.sim.world import World

FACTIONS = (("bandit", "bandits"), ("goblin", "goblins"), ("town_guard", "town_guard"), ("wolf", "wolves"))


def arena(actors: int, seed: int = 1) -> WorldSetup:
    """An open arena with `actors` actors in clusters of four factions, two squares apart."""
    width = max(30, int((actors * 8) ** 0.5) + 10)
    height = max(20, int(width * 0.6))
    tiles = [Tile.FLOOR] * (width * height)
    for x in range(width):
        tiles[x] = tiles[(height - 1) * width + x] = Tile.WALL
    for y in range(height):
        tiles[y * width] = tiles[y * width + width - 1] = Tile.WALL
    tilemap = TileMap(width, height, bytes(tiles))
    setups = [ActorSetup("player", "player_fighter", "player", Pos(2, 2), "Knight", True, True)]
    n = 1
    y = 3
    while n < actors:
        x = 3
        while x < width - 4 and n < actors:
            creature, faction = FACTIONS[n % len(FACTIONS)]
            setups.append(ActorSetup(f"{creature}_{n}", creature, faction, Pos(x, y), f"{creature} {n}", False, False))
            n += 1
            x += 2
        y += 2
        if y >= height - 2:
            break
    return WorldSetup(f"bench {actors}", seed, tilemap, tuple(setups), origin={"kind": "bench"})


def time_ticks(actors: int, ticks: int, difficulty: str | None = None) -> tuple[float, float, int]:
    world = World(arena(actors), player_ai=True, difficulty=difficulty)
    times = []
    bouts = 0
    for _ in range(ticks):
        start = time.perf_counter()
        world.apply(Confirm())
        times.append(time.perf_counter() - start)
        bouts = max(bouts, len(world.state.bouts))
    times.sort()
    return statistics.median(times) * 1e3, times[int(len(times) * 0.95)] * 1e3, bouts


REPLAYS = 3  # each replay speed is the best of this many (the usual guard against a busy machine)


def _replay_speed(world: World, ticks: int, build: SetupBuilder | None = None) -> float:
    """Play `ticks` ticks, save the run, then time its verified replay (reading the file, building
    the world, every tick re-simulated and checked): the best of REPLAYS."""
    for _ in range(ticks):
        world.apply(Confirm())
    best = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "run.jsonl"
        save_run(world, path)
        for _ in range(REPLAYS):
            start = time.perf_counter()
            result = replay(path, build=build)
            best = max(best, result.ticks / (time.perf_counter() - start))
    return best


def replay_speed(actors: int, ticks: int) -> float:
    return _replay_speed(World(arena(actors), player_ai=True), ticks, build=lambda origin: arena(actors))


DUNGEON_GROUPS = (
    ("bandit",) * 4, ("goblin",) * 4, ("town_guard",) * 4, ("wolf",) * 3, ("bandit",) * 4, ("goblin",) * 4,
    ("town_guard",) * 4, ("bandit",) * 4, ("goblin",) * 4, ("town_guard",) * 4, ("wolf",) * 4, ("bandit",) * 4,
)


CALM_GROUPS = (("town_guard",) * 4,) * 12  # the guard is neutral to the party: nobody ever fights


def dungeon_replay_speed(ticks: int, groups: tuple[tuple[str, ...], ...] = DUNGEON_GROUPS) -> tuple[World, float]:
    """A 90x60 dungeon with the party and twelve groups, played then replayed."""
    from game.sim.scenario_file import dungeon_setup

    setup = dungeon_setup(11, party=("player_fighter", "companion_spearman"), groups=groups, width=90, height=60)
    world = World(setup, player_ai=True)
    return world, _replay_speed(world, ticks)


def history_jumps(ticks: int = 2000, jumps: int = 200) -> tuple[float, float, float, int]:
    """Time travel (the watch view): build a History of a `ticks`-tick dungeon run, then jump to random
    ticks. Returns (build seconds, median ms, worst ms, events)."""
    import random

    from game.sim.history import History, record
    from game.sim.scenario_file import dungeon_setup

    setup = dungeon_setup(11, party=("player_fighter", "companion_spearman"), groups=DUNGEON_GROUPS, width=90,
                          height=60)
    start, events = record(World(setup, player_ai=True), [Confirm()] * ticks)
    began = time.perf_counter()
    history = History(start, events)
    built = time.perf_counter() - began
    picks = random.Random(5).sample(range(history.last_tick + 1), min(jumps, history.last_tick + 1))
    times = []
    for tick in picks:
        began = time.perf_counter()
        history.state_at(tick)
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    return built, times[len(times) // 2], times[-1], len(events)


def _standing(world: World) -> int:
    return sum(1 for a in world.state.actors.values() if a.alive)


def main(actor_counts: str = "10,50,200", ticks: int = 300, difficulty: str | None = None) -> int:
    """`difficulty` (game.sim.deciding): time the ticks with those enemies and the party on the planner, and
    stop there (None: the old game, everyone on the baseline, and every other measure too)."""
    from rules.accel import describe

    print(f"simulation: {describe()}" + (f"; difficulty {difficulty}" if difficulty else ""))
    for count in (int(c) for c in actor_counts.split(",")):
        median, p95, bouts = time_ticks(count, ticks, difficulty)
        print(f"{count:4d} actors: median {median:6.2f} ms/tick, p95 {p95:6.2f} ms/tick "
              f"({ticks} ticks, up to {bouts} bouts at once)")
    if difficulty is not None:
        return 0
    print(f"replay speed, best of {REPLAYS}:")
    print(f"replay, arena, 50 actors all fighting from tick 1 ({ticks} ticks): "
          f"{replay_speed(50, ticks):,.0f} ticks/s")
    world, speed = dungeon_replay_speed(2000)
    print(f"replay, dungeon, {len(world.state.actors)} actors of five factions (2000 ticks, "
          f"{_standing(world)} left standing): {speed:,.0f} ticks/s")
    world, speed = dungeon_replay_speed(2000, CALM_GROUPS)
    print(f"replay, dungeon, {len(world.state.actors)} actors who never fight (2000 ticks, "
          f"{_standing(world)} standing): {speed:,.0f} ticks/s")
    built, median, worst, events = history_jumps()
    print(f"time travel, dungeon of 2000 ticks ({events:,} events): history built in {built:.2f} s; "
          f"a jump to any tick: median {median:.1f} ms, worst {worst:.1f} ms (target <= 100 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
