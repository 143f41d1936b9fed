"""game.sim.brain: patrol waypoints and the caches a world keeps across ticks."""

from __future__ import annotations

from game.sim.brain import WAYPOINT_BLOCK, waypoints
from game.sim.commands import Confirm
from game.sim.fov import line_of_sight
from game.sim.pathfinding import distance_map
from game.sim.scenario_file import dungeon_setup
from game.sim.world import World


def test_waypoints_are_passable_one_per_block_and_cover_the_map() -> None:
    setup = dungeon_setup(5, party=("player_fighter",), groups=(("goblin",) * 3,), width=60, height=40)
    m = setup.tilemap
    points = waypoints(m)
    assert points and all(m.passable(p) for p in points)
    blocks = {(p.x // WAYPOINT_BLOCK, p.y // WAYPOINT_BLOCK) for p in points}
    assert len(blocks) == len(points)
    assert blocks == {(p.x // WAYPOINT_BLOCK, p.y // WAYPOINT_BLOCK) for p in m.passable_positions()}
    # every passable square is near a waypoint (within its block's reach), so patrols roam everywhere
    near = distance_map(m, points, max_distance=4 * WAYPOINT_BLOCK).steps
    assert all(near[m.index(p)] >= 0 for p in m.passable_positions())


def test_patrollers_walk_and_the_world_caches_only_map_facts() -> None:
    setup = dungeon_setup(7, party=("player_fighter",), groups=(("goblin",) * 3, ("bandit",) * 3), width=60, height=40)
    world = World(setup, player_ai=True)
    start = {a.id: a.pos for a in world.state.actors.values()}
    for _ in range(60):
        world.apply(Confirm())
    assert any(a.pos != start[a.id] for a in world.state.actors.values() if not a.party)
    m = world.state.tilemap
    for key, seen in list(world._sight.items())[:500]:
        i, j = key >> 32, key & 0xFFFFFFFF
        assert seen == line_of_sight(m, m.positions_by_index[i], m.positions_by_index[j])
        assert i < j or (i == j and seen)
    for goal, route in world._routes.items():
        assert route.steps == distance_map(m, [goal]).steps
