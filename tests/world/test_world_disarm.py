"""A disarmed weapon on the map and the sidearm (issue 13 item 5; game.sim.disarm): in a run, a Disarm that
knocks the weapon from a fighter's hand (the rules' knock_check of kind disarm) puts it on the floor at his
feet (`WeaponDisarmed`), he fights with his unarmed proficiency, and at his bout's next footwork step he
draws a weapon he carries instead of stepping (`WeaponDrawn`); both fold from the log alone."""

from __future__ import annotations

from dataclasses import replace

from game.sim import events as ev
from game.sim.clone import clone_state
from game.sim.commands import Confirm
from game.sim.digest import snapshot
from game.sim.fold import fold
from game.sim.geometry import Pos
from game.sim.run_world import run_setup
from game.sim.world import World
from rules.events import KnockCheck


def _in_a_bout_at_s0(seed: int = 10) -> World:
    w = World(run_setup(seed), seed=seed)
    for _ in range(400):
        s = w.state
        bout = s.bout_of(s.leader)
        if bout is not None and bout.step == 0 and s.pending is not None and s.pending.kind == "step":
            return w
        w.apply(Confirm())
    raise AssertionError("the leader never came to a fight")


def _disarm(w: World) -> list[ev.WorldEvent]:
    """The rules' disarm of the leader, as an exchange would emit it (folded into his bout, then handed to
    the world)."""
    s = w.state
    bout = s.bout_of(s.leader)
    assert bout is not None
    check = KnockCheck(bout.rules.clock.exchange, s.leader, "disarm", 3, 8, (1, 2, 3), 0, True)
    before = len(w.core.events)
    w.core.rules_events(bout.id, bout.rules.fold1(check))
    return w.core.events[before:]


def test_the_disarmed_weapon_lies_on_the_floor_and_he_fights_unarmed() -> None:
    w = _in_a_bout_at_s0()
    s = w.state
    assert s.run is not None
    leader = s.actors[s.leader]
    weapon = s.run.inventories[s.leader].slot("weapon")
    assert weapon is not None and leader.fighter.sheet.weapon is not None
    before = clone_state(s)
    before_floor = dict(s.run.floor.get(leader.pos, ()))
    events = _disarm(w)
    (dropped,) = [e for e in events if isinstance(e, ev.WeaponDisarmed)]
    assert (dropped.actor, dropped.item, Pos(*dropped.pos)) == (s.leader, weapon, leader.pos)
    assert dict(s.run.floor[leader.pos]).get(weapon, 0) == before_floor.get(weapon, 0) + 1
    assert s.run.inventories[s.leader].slot("weapon") is None
    assert leader.fighter.sheet.weapon is None and leader.fighter.sheet.proficiency == "pugilism"
    # the log alone rebuilds it: the rules event, then the drop
    for e in events:
        fold(before, e)
    assert snapshot(before) == snapshot(s)


def test_a_disarmed_fighter_draws_a_carried_weapon_at_his_next_footwork() -> None:
    w = _in_a_bout_at_s0()
    s = w.state
    assert s.run is not None
    inv = s.run.inventories[s.leader]
    s.run.inventories[s.leader] = replace(inv, carried=(*inv.carried, ("dagger", 1)))
    _disarm(w)
    leader = s.actors[s.leader]
    drawn: list[ev.WeaponDrawn] = []
    for _ in range(8):
        cp = leader.fighter.cp
        pos = leader.pos
        events = w.apply(Confirm())
        drawn += [e for e in events if isinstance(e, ev.WeaponDrawn)]
        if drawn:
            assert leader.pos == pos  # the draw was his footwork
            assert leader.fighter.cp <= cp  # drawing costs no CP of its own
            break
    assert [(d.actor, d.item) for d in drawn] == [(s.leader, "dagger")]
    assert leader.fighter.sheet.weapon is not None and leader.fighter.sheet.weapon.id == "dagger"
    assert s.run.inventories[s.leader].slot("weapon") == "dagger"
    assert s.run.inventories[s.leader].count("dagger") == 0


def test_outside_a_run_nothing_falls_to_a_floor() -> None:
    from tests.world.worlds import world

    w = world(["#######", "#.@b..#", "#######"])
    assert w.state.run is None
    bout = w.state.bout_of(w.state.leader)
    assert bout is not None
    events = _disarm(w)
    assert not [e for e in events if isinstance(e, ev.WeaponDisarmed)]
    assert w.state.actors[w.state.leader].fighter.sheet.weapon is None
