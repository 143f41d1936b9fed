"""game.sim.levels: the seeded run plan and every depth's level (stairs, foes, loot, recruits, goal)."""

from __future__ import annotations

import json

import pytest

from game.sim.dungeon import generate_dungeon
from game.sim.geometry import Pos
from game.sim.levels import MIN_RECRUITS, Level, RunPlan, generate_level, main, plan_run
from game.sim.pathfinding import distance_map
from game.sim.run_content import RunContent, default_run_content
from game.sim.tilemap import Tile

SEEDS = range(6)


@pytest.fixture(scope="module")
def content() -> RunContent:
    return default_run_content()


@pytest.fixture(scope="module")
def levels(content: RunContent) -> dict[tuple[int, int], Level]:
    out: dict[tuple[int, int], Level] = {}
    for seed in SEEDS:
        plan = plan_run(seed, content)
        for depth in range(1, plan.last + 1):
            out[(seed, depth)] = generate_level(plan, depth, content)
    return out


def test_same_seed_same_plan_and_levels(content: RunContent) -> None:
    a, b = plan_run(7, content), plan_run(7, content)
    assert a == b
    for depth in (1, 5, a.last):
        one = json.dumps(generate_level(a, depth, content).to_dict(), sort_keys=True)
        two = json.dumps(generate_level(b, depth, content).to_dict(), sort_keys=True)
        assert one == two
    plans = {plan_run(seed, content).depths for seed in range(10)}
    assert len(plans) > 1  # seeds differ somewhere


@pytest.mark.parametrize("seed", range(20))
def test_plan_shape(seed: int, content: RunContent) -> None:
    plan = plan_run(seed, content)
    assert plan.last >= 8
    assert [d.depth for d in plan.depths] == list(range(1, plan.last + 1))
    for above, below in zip(plan.depths, plan.depths[1:], strict=False):
        assert below.width * below.height > above.width * above.height  # bigger
        assert below.danger >= above.danger  # and never easier
        assert below.theme != above.theme or len(content.themes_for(below.depth)) == 1
    for d in plan.depths:
        theme = content.themes[d.theme]
        assert theme.depths.min <= d.depth <= theme.depths.max
        assert d.goal == (d.depth == plan.last)
    assert plan.depths[-1].theme == content.run.goal.theme
    assert sum(d.recruit for d in plan.depths) >= MIN_RECRUITS
    assert not plan.depths[0].recruit
    with pytest.raises(IndexError):
        plan.depth(plan.last + 1)


def _reach(level: Level, start: Pos) -> set[Pos]:
    """Orthogonal flood over passable squares, chests counted as walls."""
    m = level.tilemap
    blocked = {c.pos for c in level.chests}
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for n in (Pos(x, y - 1), Pos(x + 1, y), Pos(x, y + 1), Pos(x - 1, y)):
            if n not in seen and n not in blocked and m.passable(n):
                seen.add(n)
                todo.append(n)
    return seen


def test_every_level(levels: dict[tuple[int, int], Level], content: RunContent) -> None:
    for (seed, depth), level in levels.items():
        where = f"seed {seed} depth {depth}"
        m = level.tilemap
        plan: RunPlan = plan_run(seed, content)
        dp = plan.depth(depth)
        assert (m.width, m.height) == (dp.width, dp.height), where
        assert list(m.positions_of(Tile.STAIRS_UP)) == [level.stairs_up], where
        assert list(m.positions_of(Tile.STAIRS_DOWN)) == [level.stairs_down], where
        assert level.dungeon.rooms[level.dungeon.player_room].contains(level.stairs_up), where
        assert len(level.arrival) == content.run.party_cap

        # nothing shares a square
        squares = [level.stairs_up, level.stairs_down, *level.arrival, *(f.pos for f in level.foes),
                   *(i.pos for i in level.floor_items), *(c.pos for c in level.chests),
                   *(r.pos for r in level.recruits)]
        if level.goal is not None:
            squares.append(level.goal.relic_pos)
        assert len(squares) == len(set(squares)), where

        # everything is reachable from the stairs up with chests in the way; every chest can be reached
        reach = _reach(level, level.stairs_up)
        assert level.stairs_down in reach, where
        for pos in squares:
            if pos not in {c.pos for c in level.chests}:
                assert pos in reach, (where, pos)
        for chest in level.chests:
            assert m.tile_at(chest.pos) is Tile.FLOOR
            assert any(chest.pos.offset(dx, dy) in reach for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))), where

        # foes: the theme's creatures, one faction a group; the goal only on the last depth
        theme = content.themes[level.theme]
        allowed = {e.id for e in theme.creatures}
        by_group: dict[int, set[str]] = {}
        for foe in level.foes:
            if foe.title is None and not (level.goal is not None and foe.group == 0):
                assert foe.creature in allowed, (where, foe)
                by_group.setdefault(foe.group, set()).add(content.creatures[foe.creature].faction)
        assert all(len(f) == 1 for f in by_group.values()), where
        assert sum(1 for f in level.foes if level.goal is None or f.group != 0) == dp.danger, where
        assert (level.goal is not None) == dp.goal, where

        # loot: from the theme's table, counts in range, chests only hold what may lie in chests
        for item in level.floor_items:
            entries = [e for e in theme.loot if e.item == item.item and e.in_ in ("any", "floor")]
            assert entries and any(e.count[0] <= item.count <= e.count[1] for e in entries), (where, item)
        for chest in level.chests:
            assert 1 <= len(chest.contents) <= 3
            for item_id, n in chest.contents:
                assert any(e.item == item_id and e.in_ in ("any", "chest") for e in theme.loot), (where, item_id)
                assert n >= 1

        # recruits: a prisoner is guarded, a hireling waits in a room of no group
        assert len(level.recruits) == (1 if dp.recruit else 0), where
        for recruit in level.recruits:
            assert content.creatures[recruit.creature].faction == "player"
            group_rooms = {g.room for g in level.dungeon.spawn_groups}
            room = next(i for i, r in enumerate(level.dungeon.rooms) if r.contains(recruit.pos))
            if recruit.kind == "prisoner":
                assert recruit.price == 0
            else:
                assert recruit.price > 0
            assert (room in group_rooms) == (recruit.kind == "prisoner") or room == level.dungeon.player_room, where


def test_the_goal(levels: dict[tuple[int, int], Level], content: RunContent) -> None:
    spec = content.run.goal
    for seed in SEEDS:
        level = levels[(seed, plan_run(seed, content).last)]
        goal = level.goal
        assert goal is not None
        assert (goal.leader, goal.title, goal.relic) == (spec.leader, spec.title, spec.relic)
        room = level.dungeon.rooms[goal.room]
        assert room.contains(goal.leader_pos) and room.contains(goal.relic_pos)
        assert room.contains(level.stairs_down)  # the last stairs lead out past the leader
        leader = [f for f in level.foes if f.title is not None]
        assert [(f.creature, f.pos) for f in leader] == [(spec.leader, goal.leader_pos)]
        guards = sorted(f.creature for f in level.foes if f.group == 0 and f.title is None)
        assert guards == sorted(spec.guards)
        assert "K" in "".join(level.render()) and "*" in "".join(level.render())


def test_depths_differ_and_plain_dungeons_are_unchanged() -> None:
    a = generate_dungeon(3, depth=1, stairs_up=True)
    b = generate_dungeon(3, depth=2, stairs_up=True)
    assert a.tilemap != b.tilemap
    plain = generate_dungeon(3)
    assert plain.stairs_up is None and "stairs_up" not in plain.to_dict()
    assert not list(plain.tilemap.positions_of(Tile.STAIRS_UP))
    assert plain == generate_dungeon(3, depth=None)


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--seed", "2", "--depth", "8"]) == 0
    out = capsys.readouterr().out
    assert "seed 2 depth 8: crypt" in out and "the goal" in out and "<" in out and ">" in out
    assert main(["show", "--seed", "2", "--depth", "99"]) == 2
    assert "outside the run" in capsys.readouterr().err
    assert main(["check"]) == 0
    assert "run content OK" in capsys.readouterr().out
    assert main(["bench", "--seeds", "1"]) == 0
    assert "level generation: worst" in capsys.readouterr().out


def test_a_level_is_a_world_the_current_engine_runs(content: RunContent) -> None:
    from game.sim.commands import Confirm
    from game.sim.levels import level_setup
    from game.sim.world import World

    plan = plan_run(4, content)
    for depth in (1, plan.last):
        level = generate_level(plan, depth, content)
        setup = level_setup(level, ("player_fighter", "companion_spearman"), content)
        assert setup.leader.id == "player" and setup.leader.pos == level.arrival[0]
        ids = [a.id for a in setup.actors]
        assert len(ids) == len(set(ids)) == 2 + len(level.foes)
        assert all(a.id.startswith(f"d{depth}_") for a in setup.actors if not a.party)
        if level.goal is not None:
            assert any(a.name == level.goal.title and a.pos == level.goal.leader_pos for a in setup.actors)
        world = World(setup, seed=4, player_ai=True)
        for _ in range(40):
            world.apply(Confirm())
        assert world.state.tick == 40
    with pytest.raises(ValueError, match="more than the cap"):
        level_setup(level, ("player_fighter",) * 5, content)


@pytest.mark.parametrize(("seed", "depth"), [(30, 1), (20, 2), (23, 7), (34, 8), (15, 1), (19, 4), (45, 1)])
def test_stairs_never_stand_in_the_only_way(seed: int, depth: int, content: RunContent) -> None:
    """A run's stairs take the party off the level, so the AI leader never walks over them and a player
    cannot: drawn in front of a room's only door they cut the rest off (these seeds' depths did: seed 30's
    arrival room had its only way out over its stairs up, and the AI run stood there for 20000 ticks).
    With both stairs as walls every other passable square stays reachable."""
    level = generate_level(plan_run(seed, content), depth, content)
    m = level.tilemap
    walls = {level.stairs_up, level.stairs_down}
    free = [p for p in m.positions_by_index if m.passable(p) and p not in walls]
    steps = distance_map(m, [level.arrival[0]], adjacency=4, blocked=walls).steps
    assert all(steps[p.y * m.width + p.x] >= 0 for p in free), (seed, depth)


def test_no_level_of_six_seeds_has_stairs_in_the_only_way(levels: dict[tuple[int, int], Level]) -> None:
    for (seed, depth), level in levels.items():
        m = level.tilemap
        walls = {level.stairs_up, level.stairs_down}
        steps = distance_map(m, [level.arrival[0]], adjacency=4, blocked=walls).steps
        assert all(steps[p.y * m.width + p.x] >= 0 for p in m.positions_by_index
                   if m.passable(p) and p not in walls), (seed, depth)
