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
    for key, seen in list(world.core.sight.items())[:500]:
        i, j = key >> 32, key & 0xFFFFFFFF
        assert seen == line_of_sight(m, m.positions_by_index[i], m.positions_by_index[j])
        assert i < j or (i == j and seen)
    for goal, route in world.core.routes.items():
        assert route.steps == distance_map(m, [goal]).steps


class _Forgetful(dict[str, int]):
    """A `quiet` map that keeps nothing: every tick's Brain scans for hostiles afresh."""

    def __setitem__(self, key: str, value: int) -> None:
        pass


def test_quiet_actors_skip_only_scans_that_would_find_nobody() -> None:
    """`Brain.quiet` changes nothing but speed: the same run with it disabled gives the same events."""
    groups = (("goblin",) * 4, ("bandit",) * 4, ("wolf",) * 3, ("town_guard",) * 4)
    runs = []
    for forgetful in (False, True):
        setup = dungeon_setup(3, party=("player_fighter", "companion_spearman"), groups=groups, width=60, height=40)
        world = World(setup, player_ai=True)
        if forgetful:
            world.core.quiet = _Forgetful()
        runs.append([[e.to_dict() for e in world.apply(Confirm())] for _ in range(400)])
        assert forgetful or world.core.quiet  # the skip did happen in the first run
    assert runs[0] == runs[1]
