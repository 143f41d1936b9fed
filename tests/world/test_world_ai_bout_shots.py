"""The AI shoots from inside a bout (issue 13 item 14, its AI; game.sim.shooting `bout_shot`): a bandit
archer engaged with a companion who fights somebody else (nobody targets the archer) shoots a foe out of
his reach instead of a footwork that would be a wait at `s0`, and at `s2`, holding no initiative (no attack
of his own on offer), declares nothing in melee and shoots at once, before any blow. One who is targeted
keeps to his melee."""

from __future__ import annotations

import pytest

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.world import World
from rules.bout import DO_NOTHING
from rules.events import Attack, Declared
from tests.world.worlds import world

CAST = {
    "@": ("player_fighter", "player", True),
    "s": ("companion_spearman", "player", True),
    "a": ("bandit_archer", "bandits", False),
    "B": ("bandit", "bandits", False),  # id B1: the spearman, targeted by both, takes him (ids in order)
}
# the spearman stands between a bandit and the archer; the leader, out of everybody's reach, in sight
ROWS = ["##########", "#@...Bsa.#", "##########"]


def archer_world(seed: int) -> World:
    w = world(ROWS, cast=CAST, seed=seed)
    for a in w.state.actors.values():
        a.flee_threshold = None
    return w


def targeted(w: World, aid: str) -> bool:
    bout = w.state.bout_of(aid)
    assert bout is not None
    return any(t == aid for f, t in bout.rules.targets.items() if f != aid)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_an_untargeted_archer_in_a_bout_shoots_a_foe_out_of_reach_instead_of_waiting(seed: int) -> None:
    w = archer_world(seed)
    shots = 0
    for _ in range(12):
        bout = w.state.bout_of("a1")
        assert bout is not None  # he is engaged with the spearman all along
        label, pos, free = bout.rules.clock.label(), w.state.actors["a1"].pos, not targeted(w, "a1")
        events = w.apply(Confirm())
        loosed = [e for e in events if isinstance(e, ev.ShotLoosed) and e.actor == "a1"]
        if loosed:
            shots += 1
            assert label.endswith("s0") and free  # his footwork step, nobody on him
            assert loosed[0].target == "player"  # the foe out of his reach (the spearman is in it)
            assert w.state.actors["a1"].pos == pos  # the shot was his footwork: he stayed put
    assert shots >= 1


def test_a_targeted_archer_keeps_to_his_melee() -> None:
    w = world(["#######", "#@as..#", "#######"], cast=CAST, seed=1)  # the leader and the spearman on him
    for a in w.state.actors.values():
        a.flee_threshold = None
    for _ in range(12):
        events = w.apply(Confirm())
        assert not [e for e in events if isinstance(e, ev.ShotLoosed) and e.actor == "a1"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_at_s2_without_initiative_he_declares_nothing_and_shoots_before_any_blow(seed: int) -> None:
    w = archer_world(seed)
    w.apply(Confirm())
    w.apply(Confirm())
    bout = w.state.bout_of("a1")
    assert bout is not None and bout.rules.clock.label() == "e1s2" and not bout.rules.declarations
    rules = bout.rules
    assert rules.targets["a1"] == "s1" and not targeted(w, "a1")
    assert rules.has_initiative("a1")
    assert w.shooting.bout_shot("a1", 2) is None  # his attack is on offer: he strikes in melee
    # he lost the initiative to the spearman (as after a defence the spearman won)
    rules.holders.discard(("a1", "s1"))
    rules.holders.add(("s1", "a1"))
    rules.forget_declaration_order()
    assert not rules.has_initiative("a1")
    events = w.apply(Confirm())
    mine = [e.event for e in events if isinstance(e, ev.RulesEvent) and isinstance(e.event, Declared)
            and e.event.fighter == "a1"]
    assert mine and all(a.action == DO_NOTHING for a in mine[0].actions)  # nothing in melee
    kinds = [e.type for e in events]
    loosed = [e for e in events if isinstance(e, ev.ShotLoosed) and e.actor == "a1"]
    assert loosed and loosed[0].target == "s1"  # his target first
    landed = kinds.index("shot_landed")
    blows = [i for i, e in enumerate(events) if isinstance(e, ev.RulesEvent) and isinstance(e.event, Attack)]
    assert all(landed < i for i in blows)  # at once, before any blow
    assert not [s for s in w.state.shots if s.shooter == "a1"]  # nothing of his left in the air
