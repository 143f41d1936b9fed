"""Ranged attacks in the world (SPEC §4.9): aiming over consecutive ticks, a shot landing at the next
tick, refusals, and AI archers."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.commands import Aim, Confirm, Shoot, Step
from tests.world.worlds import world

ARCHER_CAST = {
    "@": ("companion_archer_melee", "player", True),
    "b": ("bandit", "bandits", False),
    "s": ("companion_spearman", "player", True),
}


def test_the_player_aims_then_shoots_and_the_shot_lands_at_the_next_tick() -> None:
    w = world(["############", "#@.......b.#", "############"], cast=ARCHER_CAST)
    w.state.actors["b1"].flee_threshold = None
    for expected in (1, 2, 3):
        events = w.apply(Aim("b1"))
        aimed = [e for e in events if isinstance(e, ev.Aimed)]
        assert aimed and aimed[0].ticks == expected
    events = w.apply(Shoot("b1"))
    loosed = [e for e in events if isinstance(e, ev.ShotLoosed)]
    assert loosed and loosed[0].aim_ticks == 3
    assert not [e for e in events if isinstance(e, ev.ShotLanded)]
    landed = [e for e in w.apply(Confirm()) if isinstance(e, ev.ShotLanded)]
    shot = landed[0].event.to_dict()
    assert shot["type"] == "shot" and shot["shooter"] == "player" and shot["target"] == "b1"


def test_aiming_only_counts_on_consecutive_ticks() -> None:
    w = world(["############", "#@.......b.#", "############"], cast=ARCHER_CAST)
    w.apply(Aim("b1"))
    w.apply(Step(None))
    events = w.apply(Aim("b1"))
    assert [e.ticks for e in events if isinstance(e, ev.Aimed)] == [1]


def test_shots_are_refused_without_a_bow_in_melee_or_without_a_line() -> None:
    w = world(["############", "#@.......b.#", "############"])  # the knight has no bow
    refused = w.apply(Shoot("b1"))
    assert [e.type for e in refused] == ["rejected"]
    w2 = world(["#####", "#@b.#", "#####"], cast=ARCHER_CAST)
    assert [e.type for e in w2.apply(Shoot("b1"))] == ["rejected"]  # in melee
    w3 = world(["#########", "#@.#..b.#", "#########"], cast=ARCHER_CAST)
    assert [e.type for e in w3.apply(Shoot("b1"))] == ["rejected"]  # a wall in the way


def test_an_ai_archer_shoots_at_a_foe_in_sight() -> None:
    cast = {"@": ("player_fighter", "player", True), "a": ("bandit_archer", "bandits", False)}
    w = world(["##############", "#@.........a.#", "##############"], cast=cast)
    w.state.actors["a1"].flee_threshold = None
    loosed = []
    for _ in range(6):
        loosed += [e for e in w.apply(Step(None)) if isinstance(e, ev.ShotLoosed)]
    assert loosed and loosed[0].actor == "a1"
