"""The run's depths: the seeded run plan and each depth's generated level.

`plan_run(seed)` decides, for every depth 1..N of `content/themes.yaml`'s run, the theme (among those
whose depth range holds it, never the same twice in a row when there is a choice; the last depth is
always the goal's theme), the map size (growing with depth), the foe groups (more and larger with
depth: a depth's total is never below the one above it) and how much loot, how many chests and
whether a recruit waits there. `generate_level(plan, depth)` builds that depth: the map
(`game.sim.dungeon` with stairs up in the arrival room and stairs down in the room farthest from it),
the foes (one faction per group, members by the theme's weights), loot on the floor and in chests
(chests stand against a room's wall, never beside a door or a corridor mouth), a prisoner (in a
guarded room) or a hireling (in an empty room), and on the last depth the goal: the named leader and
his guards in the room of the last stairs, with the relic on the floor beside them.

Randomness: the plan draws from the `levels:plan` stream of the run seed, a depth's population from
`levels:<depth>`, and its map from `mapgen:<seed>:<depth>`; the same seed gives the same run.

`python -m game.sim.levels bench` times generation (the target is 100 ms a level); `show --seed S
--depth D` prints a level as ASCII; `check` checks the run content.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from game.sim.dungeon import Dungeon, Room, generate_dungeon
from game.sim.geometry import Pos
from game.sim.run_content import CreatureEntry, LootEntry, RunContent, ThemeSpec, default_run_content
from game.sim.scenario_file import LEADER_ID, PARTY_FACTION, ActorSetup, WorldSetup
from game.sim.tilemap import Tile, TileMap
from rules.dice import SeededStream

T = TypeVar("T")
PLAN_STREAM = "levels:plan"
RECRUIT_CHANCE = 50  # percent, for each depth after the first whose theme has recruits
MIN_RECRUITS = 2  # a run offers at least this many (forced on the shallowest eligible depths)


# ---- the run plan ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DepthPlan:
    """What one depth will be: its theme, map size, foe groups and loot."""

    depth: int
    theme: str
    width: int
    height: int
    max_rooms: int
    group_sizes: tuple[int, ...]
    loot_piles: int
    chests: int
    recruit: bool
    goal: bool

    @property
    def danger(self) -> int:
        """How many foes the depth holds (the goal's leader and guards not counted)."""
        return sum(self.group_sizes)


@dataclass(frozen=True, slots=True)
class RunPlan:
    seed: int
    depths: tuple[DepthPlan, ...]

    def depth(self, depth: int) -> DepthPlan:
        """The plan of `depth` (1 = the first); IndexError outside the run."""
        if not 1 <= depth <= len(self.depths):
            raise IndexError(f"depth {depth} is outside the run's 1..{len(self.depths)}")
        return self.depths[depth - 1]

    @property
    def last(self) -> int:
        return len(self.depths)


def _pick(stream: SeededStream, options: Sequence[T], weight: Callable[[T], int]) -> T:
    """One of `options` by weight (one draw)."""
    total = sum(weight(o) for o in options)
    roll = stream.randint(1, total)
    for option in options:
        roll -= weight(option)
        if roll <= 0:
            return option
    return options[-1]


def plan_run(seed: int, content: RunContent | None = None) -> RunPlan:
    """The run of `seed`: see the module docstring."""
    content = content or default_run_content()
    run = content.run
    stream = SeededStream(seed, PLAN_STREAM)
    depths: list[DepthPlan] = []
    previous_theme = ""
    previous_danger = 0
    for depth in range(1, run.depths + 1):
        goal = depth == run.depths
        if goal:
            theme = content.themes[run.goal.theme]
        else:
            here = content.themes_for(depth)
            options = [t for t in here if t.id != previous_theme] or list(here)
            theme = _pick(stream, options, lambda t: 1)
        groups = 2 + (depth + 1) // 2
        sizes = [1 + stream.randint(0, 1 + depth // 3) for _ in range(groups)]
        while sum(sizes) < previous_danger:
            sizes[sizes.index(min(sizes))] += 1
        recruit = depth > 1 and bool(theme.recruits) and stream.randint(1, 100) <= RECRUIT_CHANCE
        depths.append(
            DepthPlan(
                depth=depth,
                theme=theme.id,
                width=run.size.width.base + run.size.width.per_depth * (depth - 1),
                height=run.size.height.base + run.size.height.per_depth * (depth - 1),
                max_rooms=8 + depth + groups // 2,
                group_sizes=tuple(sizes),
                loot_piles=3 + depth // 2,
                chests=1 + depth // 3,
                recruit=recruit,
                goal=goal,
            )
        )
        previous_theme, previous_danger = theme.id, sum(sizes)
    missing = MIN_RECRUITS - sum(p.recruit for p in depths)
    for index, plan in enumerate(depths):
        if missing <= 0:
            break
        if plan.depth > 1 and not plan.recruit and content.themes[plan.theme].recruits:
            depths[index] = _with_recruit(plan)
            missing -= 1
    return RunPlan(seed, tuple(depths))


def _with_recruit(plan: DepthPlan) -> DepthPlan:
    return DepthPlan(plan.depth, plan.theme, plan.width, plan.height, plan.max_rooms, plan.group_sizes,
                     plan.loot_piles, plan.chests, True, plan.goal)


# ---- a level ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Foe:
    creature: str
    pos: Pos
    group: int  # index into Level.dungeon.spawn_groups
    title: str | None = None  # the goal's leader has a name of his own


@dataclass(frozen=True, slots=True)
class FloorItem:
    pos: Pos
    item: str
    count: int


@dataclass(frozen=True, slots=True)
class Chest:
    pos: Pos
    contents: tuple[tuple[str, int], ...]  # (item id, count)


@dataclass(frozen=True, slots=True)
class Recruit:
    creature: str
    pos: Pos
    kind: Literal["prisoner", "hireling"]
    price: int  # coins; 0 for a prisoner


@dataclass(frozen=True, slots=True)
class Goal:
    leader: str  # creature id
    title: str
    leader_pos: Pos
    relic: str  # item id
    relic_pos: Pos
    room: int  # index into Level.dungeon.rooms (also the room of the last stairs)


@dataclass(frozen=True, slots=True)
class Level:
    """One generated depth. Chests block movement (they stand where nothing needs to pass); floor
    items, recruits and the relic lie on passable squares."""

    seed: int
    depth: int
    theme: str
    dungeon: Dungeon
    foes: tuple[Foe, ...]
    floor_items: tuple[FloorItem, ...]
    chests: tuple[Chest, ...]
    recruits: tuple[Recruit, ...]
    goal: Goal | None

    @property
    def tilemap(self) -> TileMap:
        """The generated map (chests not on it: they stand on floor squares)."""
        return self.dungeon.tilemap

    @property
    def world_map(self) -> TileMap:
        """The map the world plays on: the generated one with each closed chest a `Tile.CHEST` square."""
        if not self.chests:
            return self.dungeon.tilemap
        return self.dungeon.tilemap.with_tiles({c.pos: Tile.CHEST for c in self.chests})

    @property
    def stairs_up(self) -> Pos:
        up = self.dungeon.stairs_up
        assert up is not None, "levels are always generated with stairs up"
        return up

    @property
    def stairs_down(self) -> Pos:
        return self.dungeon.stairs_down

    @property
    def arrival(self) -> tuple[Pos, ...]:
        """Where the party stands on coming down (one square per party member up to the cap)."""
        return self.dungeon.player_start

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (for comparisons, tools and the lead's per-level persistence)."""
        return {
            "seed": self.seed,
            "depth": self.depth,
            "theme": self.theme,
            "map": self.dungeon.to_dict(),
            "foes": [[f.creature, list(f.pos), f.group, f.title] for f in self.foes],
            "floor_items": [[list(i.pos), i.item, i.count] for i in self.floor_items],
            "chests": [[list(c.pos), [list(x) for x in c.contents]] for c in self.chests],
            "recruits": [[r.creature, list(r.pos), r.kind, r.price] for r in self.recruits],
            "goal": None if self.goal is None else {
                "leader": self.goal.leader, "title": self.goal.title, "leader_pos": list(self.goal.leader_pos),
                "relic": self.goal.relic, "relic_pos": list(self.goal.relic_pos), "room": self.goal.room,
            },
        }

    def render(self) -> list[str]:
        """ASCII rows: `@` arrival, `<` `>` stairs, `e` foe, `K` the goal's leader, `*` the relic,
        `$` floor loot, `=` chest, `R` recruit."""
        rows = [list(r) for r in self.tilemap.to_ascii()]
        marks: list[tuple[Pos, str]] = [(p, "@") for p in self.arrival]
        marks += [(f.pos, "K" if f.title else "e") for f in self.foes]
        marks += [(i.pos, "$") for i in self.floor_items] + [(c.pos, "=") for c in self.chests]
        marks += [(r.pos, "R") for r in self.recruits]
        if self.goal is not None:
            marks.append((self.goal.relic_pos, "*"))
        for pos, char in marks:
            rows[pos.y][pos.x] = char
        return ["".join(r) for r in rows]


def generate_level(plan: RunPlan, depth: int, content: RunContent | None = None) -> Level:
    """Build `depth` of the run `plan` (see the module docstring). Same plan and depth, same level."""
    content = content or default_run_content()
    dp = plan.depth(depth)
    theme = content.themes[dp.theme]
    goal_spec = content.run.goal
    goal_size = (1 + len(goal_spec.guards),) if dp.goal else ()
    dungeon = generate_dungeon(
        plan.seed, dp.width, dp.height,
        party_size=content.run.party_cap,
        group_sizes=goal_size + dp.group_sizes,
        max_rooms=dp.max_rooms,
        room_max=10 + depth // 3,
        extra_corridors=2 + depth // 3,
        depth=depth,
        stairs_up=True,
        ground=theme.ground.ground() if theme.ground is not None else None,
    )
    stream = SeededStream(plan.seed, f"levels:{depth}")
    taken: set[Pos] = {*dungeon.player_start, dungeon.stairs_down}
    if dungeon.stairs_up is not None:
        taken.add(dungeon.stairs_up)
    foes: list[Foe] = []
    goal: Goal | None = None
    for group in dungeon.spawn_groups:
        taken.update(group.squares)
        if dp.goal and group.index == 0:
            leader, *guards = group.squares
            foes.append(Foe(goal_spec.leader, leader, 0, goal_spec.title))
            foes.extend(Foe(c, p, 0) for c, p in zip(goal_spec.guards, guards, strict=True))
            continue
        members = _group(stream, theme, depth, len(group.squares), content)
        foes.extend(Foe(c, p, group.index) for c, p in zip(members, group.squares, strict=True))
    if dp.goal:
        room_index = dungeon.spawn_groups[0].room
        relic_pos = _free_square(stream, dungeon.rooms[room_index], dungeon.tilemap, taken)
        taken.add(relic_pos)
        goal = Goal(goal_spec.leader, goal_spec.title, foes[0].pos, goal_spec.relic, relic_pos, room_index)
    chests = _chests(stream, dungeon, theme, depth, dp.chests, taken)
    floor_items = _floor_items(stream, dungeon, theme, depth, dp.loot_piles, taken)
    recruits = _recruits(stream, dungeon, theme, dp, taken) if dp.recruit else ()
    return Level(plan.seed, depth, theme.id, dungeon, tuple(foes), floor_items, chests, recruits, goal)


def _group(stream: SeededStream, theme: ThemeSpec, depth: int, size: int, content: RunContent) -> tuple[str, ...]:
    """A group's members: one faction (by the summed weights of its creatures), members by weight."""
    eligible = [e for e in theme.creatures if e.min_depth <= depth] or list(theme.creatures)

    def faction(entry: CreatureEntry) -> str:
        return content.creatures[entry.id].faction

    factions = sorted({faction(e) for e in eligible}, key=theme.factions.index)
    chosen = _pick(stream, factions, lambda f: sum(e.weight for e in eligible if faction(e) == f))
    members = [e for e in eligible if faction(e) == chosen]
    return tuple(_pick(stream, members, lambda e: e.weight).id for _ in range(size))


def _free_square(stream: SeededStream, room: Room, tilemap: TileMap, taken: set[Pos]) -> Pos:
    free = [p for p in room.squares() if p not in taken and tilemap.tile_at(p) is Tile.FLOOR]
    if not free:
        free = [p for p in room.squares() if p not in taken and tilemap.passable(p)]
    return free[stream.randint(0, len(free) - 1)]


def _loot_roll(stream: SeededStream, theme: ThemeSpec, depth: int, where: str) -> tuple[str, int]:
    entries: list[LootEntry] = [e for e in theme.loot if e.min_depth <= depth and e.in_ in ("any", where)]
    entry = _pick(stream, entries, lambda e: e.weight)
    low, high = entry.count
    return entry.item, stream.randint(low, high)


def _chest_squares(dungeon: Dungeon, room: Room, taken: set[Pos]) -> list[Pos]:
    """Squares of a room against its wall, where a chest blocks no way through: no orthogonal
    neighbour is a door or a passable square outside the room (a corridor mouth)."""
    m = dungeon.tilemap
    out: list[Pos] = []
    for p in room.squares():
        if p in taken or m.tile_at(p) is not Tile.FLOOR:
            continue
        around = [Pos(p.x + dx, p.y + dy) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))]
        if not any(m.tile_at(n) is Tile.WALL for n in around):
            continue
        if any(m.passable(n) and not room.contains(n) for n in around):
            continue
        out.append(p)
    return out


def _chests(
    stream: SeededStream, dungeon: Dungeon, theme: ThemeSpec, depth: int, count: int, taken: set[Pos]
) -> tuple[Chest, ...]:
    chests: list[Chest] = []
    rooms = [i for i in range(len(dungeon.rooms)) if i != dungeon.player_room] or [dungeon.player_room]
    for _ in range(count):
        room = rooms[stream.randint(0, len(rooms) - 1)]
        squares = _chest_squares(dungeon, dungeon.rooms[room], taken)
        if not squares:
            continue
        pos = squares[stream.randint(0, len(squares) - 1)]
        contents: dict[str, int] = {}
        for _ in range(stream.randint(2, 3)):
            item, n = _loot_roll(stream, theme, depth, "chest")
            contents[item] = contents.get(item, 0) + n
        taken.add(pos)
        chests.append(Chest(pos, tuple(contents.items())))
    return tuple(chests)


def _floor_items(
    stream: SeededStream, dungeon: Dungeon, theme: ThemeSpec, depth: int, count: int, taken: set[Pos]
) -> tuple[FloorItem, ...]:
    items: list[FloorItem] = []
    for _ in range(count):
        room = dungeon.rooms[stream.randint(0, len(dungeon.rooms) - 1)]
        if all(p in taken for p in room.squares()):
            continue
        pos = _free_square(stream, room, dungeon.tilemap, taken)
        item, n = _loot_roll(stream, theme, depth, "floor")
        taken.add(pos)
        items.append(FloorItem(pos, item, n))
    return tuple(items)


def _recruits(
    stream: SeededStream, dungeon: Dungeon, theme: ThemeSpec, dp: DepthPlan, taken: set[Pos]
) -> tuple[Recruit, ...]:
    entry = _pick(stream, theme.recruits, lambda r: r.weight)
    guarded = [g.room for g in dungeon.spawn_groups if not (dp.goal and g.index == 0)]
    used = {g.room for g in dungeon.spawn_groups} | {dungeon.player_room}
    empty = [i for i in range(len(dungeon.rooms)) if i not in used]
    # a prisoner in a guarded room; a hireling waits in the arrival room (the level's start)
    options = (guarded or empty or [dungeon.player_room]) if entry.kind == "prisoner" else [dungeon.player_room]
    rooms = [i for i in options if any(p not in taken for p in dungeon.rooms[i].squares())]
    if not rooms:
        return ()
    room = rooms[stream.randint(0, len(rooms) - 1)]
    pos = _free_square(stream, dungeon.rooms[room], dungeon.tilemap, taken)
    taken.add(pos)
    return (Recruit(entry.creature, pos, entry.kind, entry.price),)


# ---- a starting world -------------------------------------------------------------------------------


CAPTIVE_FACTION = "captives"  # a recruit until he joins: neutral to every faction (content/factions.yaml)


def recruit_id(depth: int, index: int) -> str:
    """The actor id of recruit `index` (of `Level.recruits`) of `depth`."""
    return f"d{depth}_recruit_{index + 1}"


def recruit_offer(level: Level, actor_id: str) -> Recruit | None:
    """The recruit of `level` whose actor id is `actor_id` (None: no recruit of this level)."""
    head, _, index = actor_id.rpartition("_recruit_")
    if head != f"d{level.depth}" or not index.isdigit() or not 1 <= int(index) <= len(level.recruits):
        return None
    return level.recruits[int(index) - 1]


def level_setup(level: Level, party: Sequence[str], content: RunContent | None = None) -> WorldSetup:
    """A `WorldSetup` of `level` with `party` (creature ids, the first the leader) on its arrival
    squares and its foes in place, for a world that knows one level at a time. Foe ids carry the depth
    (`d<depth>_<creature>_<n>`), so they stay unique across a run; the goal's leader takes his title as
    his name. Recruits stand there too, of the faction `CAPTIVE_FACTION` (neutral to all) until they join,
    as `recruit_id(depth, i)`; loot and chests are the world's (docs/run.md)."""
    content = content or default_run_content()
    if not party:
        raise ValueError("the party needs at least a leader")
    if len(party) > len(level.arrival):
        raise ValueError(f"a party of {len(party)} is more than the cap of {len(level.arrival)}")
    creatures = content.creatures
    actors: list[ActorSetup] = []
    seen: dict[str, int] = {}
    for index, (creature, pos) in enumerate(zip(party, level.arrival, strict=False)):
        n = seen[creature] = seen.get(creature, 0) + 1
        actor_id = LEADER_ID if index == 0 else f"{creature}_{n}"
        actors.append(ActorSetup(actor_id, creature, PARTY_FACTION, pos, creatures[creature].name, True, index == 0))
    for foe in sorted(level.foes, key=lambda f: (f.pos.y, f.pos.x)):
        n = seen[foe.creature] = seen.get(foe.creature, 0) + 1
        template = creatures[foe.creature]
        actors.append(ActorSetup(f"d{level.depth}_{foe.creature}_{n}", foe.creature, template.faction, foe.pos,
                                 foe.title or f"{template.name} {n}", False, False))
    for i, offer in enumerate(level.recruits):
        actors.append(ActorSetup(recruit_id(level.depth, i), offer.creature, CAPTIVE_FACTION, offer.pos,
                                 creatures[offer.creature].name, False, False))
    theme = content.themes[level.theme]
    origin: dict[str, object] = {"kind": "run_level", "seed": level.seed, "depth": level.depth, "party": list(party)}
    return WorldSetup(name=f"{theme.name}, depth {level.depth} (seed {level.seed})", seed=level.seed,
                      tilemap=level.world_map, actors=tuple(actors), origin=origin)


# ---- command line ----------------------------------------------------------------------------------


def bench(seeds: int = 20) -> dict[int, tuple[float, float, float, float]]:
    """Milliseconds to generate each depth of a run, over `seeds` seeds: depth -> (wall mean, wall max,
    CPU mean, CPU max). The CPU time (this process's) is what a level costs; the wall time also counts
    whatever else the machine runs meanwhile (the shared 2-core machine: a loaded moment doubles it)."""
    content = default_run_content()
    plan_run(0, content)
    wall: dict[int, list[float]] = {}
    cpu: dict[int, list[float]] = {}
    for seed in range(1, seeds + 1):
        plan = plan_run(seed, content)
        for depth in range(1, plan.last + 1):
            start, start_cpu = time.perf_counter(), time.process_time()
            generate_level(plan, depth, content)
            cpu.setdefault(depth, []).append((time.process_time() - start_cpu) * 1000)
            wall.setdefault(depth, []).append((time.perf_counter() - start) * 1000)
    return {d: (sum(t) / len(t), max(t), sum(cpu[d]) / len(cpu[d]), max(cpu[d])) for d, t in wall.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.sim.levels", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("bench", help="time level generation (target: 100 ms a level)")
    b.add_argument("--seeds", type=int, default=20)
    show = sub.add_parser("show", help="print a level as ASCII")
    show.add_argument("--seed", type=int, default=1)
    show.add_argument("--depth", type=int, default=1)
    check = sub.add_parser("check", help="check content/items.yaml and content/themes.yaml")
    check.add_argument("dir", nargs="?", default=None)
    args = parser.parse_args(argv)
    if args.command == "check":
        return _check(args.dir)
    if args.command == "show":
        plan = plan_run(args.seed)
        if not 1 <= args.depth <= plan.last:
            print(f"depth {args.depth} is outside the run's 1..{plan.last}", file=sys.stderr)
            return 2
        level = generate_level(plan, args.depth)
        dp = plan.depth(args.depth)
        print(f"seed {args.seed} depth {args.depth}: {dp.theme}, {dp.width} x {dp.height}, "
              f"{len(level.foes)} foes, {len(level.floor_items)} floor items, {len(level.chests)} chests, "
              f"{len(level.recruits)} recruits{', the goal' if level.goal else ''}")
        print("\n".join(level.render()))
        return 0
    results = bench(args.seeds)
    worst = worst_cpu = 0.0
    for depth, (mean, top, cpu_mean, cpu_top) in results.items():
        worst, worst_cpu = max(worst, top), max(worst_cpu, cpu_top)
        print(f"depth {depth}: {cpu_mean:6.1f} ms mean, {cpu_top:6.1f} ms max CPU; "
              f"{mean:6.1f} ms mean, {top:6.1f} ms max wall")
    print(f"level generation: worst {worst_cpu:.1f} ms CPU, {worst:.1f} ms wall, over {args.seeds} seeds "
          f"(target <= 100 ms)")
    return 0


def _check(directory: str | None) -> int:
    from game.sim.run_content import load_run_content
    from rules.content import ContentErrors

    try:
        content = load_run_content(directory=directory)
    except ContentErrors as exc:
        for error in exc.errors:
            print(error)
        print(f"{len(exc.errors)} run content errors")
        return 1
    print(f"run content OK: {len(content.items)} items, {len(content.themes)} themes, {content.run.depths} depths")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
