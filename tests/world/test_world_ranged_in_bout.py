"""Shooting at any step, from inside a bout too (issue 13 item 14; design doc "Ranged combat";
game.sim.shooting): a bout member's Shoot is his act of the step (`s0` instead of footwork, `s1` with
the default target, `s2` as his declaration: nothing declared in melee). A shot loosed at `s0`/`s1`
lands at the next tick; one loosed at the shooter's `s2` lands at once, before the exchange resolves
(the shooter has initiative over his target), and the event log still rebuilds the world."""

from __future__ import annotations

import pytest

from game.sim import events as ev
from game.sim.commands import Confirm, Shoot
from game.sim.world import World
from rules.events import Attack, Declared
from rules.ranged import Shot
from tests.world.test_world_history import Shadow
from tests.world.test_world_ranged import ARCHER_CAST
from tests.world.worlds import world

DUEL = ["#######", "#.@b..#", "#######"]


def duel(seed: int) -> World:
    w = world(DUEL, cast=ARCHER_CAST, seed=seed)
    for a in w.state.actors.values():
        a.flee_threshold = None
    return w


def shots(events: list[ev.WorldEvent]) -> list[Shot]:
    return [e.event for e in events if isinstance(e, ev.ShotLanded) and isinstance(e.event, Shot)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_shot_at_s0_from_inside_the_bout_lands_at_the_next_tick(seed: int) -> None:
    w = duel(seed)
    bout = w.state.bout_of("player")
    assert bout is not None and bout.rules.clock.label() == "e1s0"
    events = w.apply(Shoot("b1"))
    assert [e.type for e in events if isinstance(e, ev.ShotLoosed | ev.Rejected)] == ["shot_loosed"]
    assert not shots(events)
    assert w.state.actors["player"].pos == (2, 1)  # the shot was his footwork: he stayed put
    (shot,) = shots(w.apply(Confirm()))
    assert (shot.shooter, shot.target, shot.distance) == ("player", "b1", 1)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_shot_at_s2_is_the_declaration_and_lands_before_the_exchange_resolves(seed: int) -> None:
    w = duel(seed)
    shadow = Shadow(w)
    shadow.step(Confirm())
    shadow.step(Confirm())
    assert w.state.pending is not None and w.state.pending.kind == "declare"
    events = shadow.step(Shoot("b1"))
    mine = [e.event for e in events if isinstance(e, ev.RulesEvent) and isinstance(e.event, Declared)
            and e.event.fighter == "player"]
    assert mine and mine[0].actions == ()  # nothing declared in melee
    (shot,) = shots(events)
    kinds = [e.type for e in events]
    landed = kinds.index("shot_landed")
    blows = [i for i, e in enumerate(events) if isinstance(e, ev.RulesEvent) and isinstance(e.event, Attack)]
    assert all(landed < i for i in blows)  # the shooter strikes first: the shot comes before any blow
    assert kinds.index("shot_loosed") < landed < kinds.index("shots_done")
    assert shot.shooter == "player"
    assert not w.state.shots  # nothing left in the air for the next tick


def test_a_shot_at_s1_keeps_the_default_target() -> None:
    w = duel(1)
    w.apply(Confirm())
    pending = w.state.pending
    assert pending is not None and pending.kind == "target"
    events = w.apply(Shoot("b1"))
    assert [e.type for e in events if isinstance(e, ev.ShotLoosed)] == ["shot_loosed"]
    bout = w.state.bout_of("player")
    assert bout is not None and bout.rules.targets["player"] == pending.default
