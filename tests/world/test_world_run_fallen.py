"""A run's fallen companion (issue 10, docs/run.md "Fallen companions"): knocked out, not dead, he lies
where he fell with his gear and comes round when the leader, out of any bout with no foe beside him,
steps onto him (`CameRound`, folded, logged, recorded and replayed); the dead stay dead; the AI leader
goes to a fallen companion and brings him round."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.geometry import Pos, chebyshev
from game.sim.log import describe
from game.sim.run_fallen import fallen_companions
from game.sim.run_world import run_setup
from game.sim.world import World
from tests.world.test_world_history import Shadow
from tests.world.test_world_run import walk_to

COMPANION = "companion_spearman_1"


def knock_out(shadow: Shadow, who: str, dead: bool = False) -> Pos:
    """`who` falls (in the live and the folded state alike, as a blow would fell him); the next tick's
    casualty pass takes him off the map (`KnockedOut` / `Died`). Returns where he lies."""
    for state in (shadow.world.state, shadow.state):
        fighter = state.actors[who].fighter
        if dead:
            fighter.dead = True
        else:
            fighter.unconscious = True
    return shadow.world.state.actors[who].pos


def test_the_leader_stepping_onto_a_knocked_out_companion_brings_him_round() -> None:
    shadow = Shadow(World(run_setup(3), seed=3))
    world = shadow.world
    state, run = world.state, world.state.run
    assert run is not None
    gear = run.inventories[COMPANION].everything()
    where = knock_out(shadow, COMPANION)
    events = walk_to(shadow, where)  # the player walks the leader there (the fold checked every tick)
    companion = state.actors[COMPANION]
    came = [e for e in events if isinstance(e, ev.CameRound)]
    assert came == [ev.CameRound(COMPANION, "player", came[0].pos)]
    assert companion.alive and not companion.fighter.unconscious and state.bout_of(COMPANION) is None
    assert (companion.pos.x, companion.pos.y) == came[0].pos and state.occupancy[companion.pos] == COMPANION
    assert chebyshev(companion.pos, state.actors["player"].pos) == 1  # beside the leader, who stands on the spot
    assert run.inventories[COMPANION].everything() == gear  # he dropped nothing while he lay there
    assert companion.fighter.cp == companion.fighter.max_cp() and fallen_companions(state) == []
    names = {a.id: a.name for a in state.actors.values()}
    assert describe(came[0], names) == "Knight tends Spearman, who comes round and stands again"
    for _ in range(6):  # he follows the leader again
        shadow.step(Confirm())
    assert companion.alive


def test_the_dead_stay_dead_and_drop_what_they_carried() -> None:
    shadow = Shadow(World(run_setup(3), seed=3))
    world = shadow.world
    run = world.state.run
    assert run is not None
    gear = run.inventories[COMPANION].everything()
    where = knock_out(shadow, COMPANION, dead=True)
    dropped = [e for e in shadow.step(Confirm()) if isinstance(e, ev.ItemsDropped)]
    assert [(e.actor, sorted(e.items)) for e in dropped] == [(COMPANION, sorted(gear))]
    events = walk_to(shadow, where)
    assert not [e for e in events if isinstance(e, ev.CameRound)]
    assert not world.state.actors[COMPANION].alive and world.state.actors[COMPANION].fighter.dead


def test_no_coming_round_with_a_foe_beside_the_leader() -> None:
    """The rule's other half: the step brings nobody round while a hostile stands beside the leader."""
    from game.sim.run_director import RunDirector

    shadow = Shadow(World(run_setup(3), seed=3))
    world = shadow.world
    state = world.state
    knock_out(shadow, COMPANION)
    shadow.step(Confirm())
    leader = state.actors["player"]
    foe = next(a for a in state.actors.values() if a.alive and state.hostile("player", a.id))
    director = world.run
    assert isinstance(director, RunDirector)
    here, there = leader.pos, state.actors[COMPANION].pos
    core = director.core
    occupancy = state.occupancy
    beside = next(
        Pos(there.x + dx, there.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
        if (dx, dy) != (0, 0) and Pos(there.x + dx, there.y + dy) not in occupancy
        and state.tilemap.passable(Pos(there.x + dx, there.y + dy))
    )
    leader.pos = there  # as if he stood on him ...
    occupancy[beside] = foe.id  # ... with a foe beside him (the occupancy is what the world reads)
    assert foe.id in core.adjacent_hostiles(leader)
    before = len(core.events)
    director._bring_round(leader)
    assert core.events[before:] == []
    del occupancy[beside]
    assert core.adjacent_hostiles(leader) == []
    director._bring_round(leader)
    assert [type(e) for e in core.events[before:]] == [ev.CameRound]
    leader.pos = here


def test_the_ai_leader_goes_to_a_fallen_companion_and_brings_him_round() -> None:
    shadow = Shadow(World(run_setup(3), seed=3, player_ai=True))
    knock_out(shadow, COMPANION)
    for _ in range(60):
        events = shadow.step()
        if any(isinstance(e, ev.CameRound) for e in events):
            break
    else:
        raise AssertionError("the AI leader never brought his companion round")
    assert shadow.world.state.actors[COMPANION].alive
