"""Difficult ground in the world (issue 13 item 5): the world tells each bout who stands on rubble or mud
(`BoutTerrain`, folded like `BoutReach`), so a fighter on it makes the terrain roll at `e1s0` and one on
firm ground does not; stepping off it (or onto it) changes that; replay and the history fold rebuild the
same bout terrain."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from game.sim import events as ev
from game.sim.commands import Answer, Confirm, Step
from game.sim.event_codec import decode, encode
from game.sim.geometry import Pos
from game.sim.history import History
from game.sim.runfile import replay, save_run
from game.sim.scenario_file import WorldSetup
from game.sim.tilemap import Tile
from game.sim.world import World
from rules.decisions import TERRAIN
from rules.events import FootingRoll, FootingSet
from tests.world.test_world_history import Shadow
from tests.world.worlds import setup

ROOM = ["#######", "#.....#", "#.@b..#", "#.....#", "#######"]


def _setup(ground: dict[Pos, Tile], seed: int = 1) -> WorldSetup:
    base = setup(ROOM, seed=seed)
    return dataclasses.replace(base, tilemap=base.tilemap.with_tiles(ground))


def _world(ground: dict[Pos, Tile], seed: int = 1, player_ai: bool = False, stubborn: bool = True) -> World:
    w = World(_setup(ground, seed), player_ai=player_ai)
    for actor in w.state.actors.values():
        if stubborn:  # nobody runs: the bout lasts (not in the setup: a replay would not know it)
            actor.flee_threshold = None
    return w


def _footing(events: list[ev.WorldEvent]) -> list[FootingSet | FootingRoll]:
    return [e.event for e in events if isinstance(e, ev.RulesEvent) and isinstance(e.event, FootingSet | FootingRoll)]


def _terrain(events: list[ev.WorldEvent]) -> list[tuple[tuple[str, int], ...]]:
    return [e.terrain for e in events if isinstance(e, ev.BoutTerrain)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_fighter_on_mud_rolls_at_s0_the_one_on_firm_ground_does_not(seed: int) -> None:
    w = _world({Pos(2, 2): Tile.MUD}, seed, player_ai=True)
    assert _terrain(w.opening) == [(("player", 8),)]  # the bout is told as it starts
    bout = w.state.bout_of("player")
    assert bout is not None and bout.rules.terrain == {"player": 8}
    shadow = Shadow(w)  # the fold of the events alone keeps the same bouts, terrain with them (the snapshot)
    events = list(w.opening)
    while not any(isinstance(e, FootingRoll) for e in _footing(events)):
        events += shadow.step()
        assert w.state.tick < 4
    (chosen, roll) = _footing(events)
    assert isinstance(chosen, FootingSet) and isinstance(roll, FootingRoll)
    assert (chosen.fighter, chosen.exchange, chosen.dice) == ("player", 1, 4)  # the AI's dice at TN 8
    assert (roll.fighter, roll.exchange, roll.tn, roll.dice) == ("player", 1, 8, 4)
    assert roll.passed == (roll.successes > 0)
    assert w.state.actors["player"].fighter.prone == (not roll.passed)  # no success: he goes down
    assert shadow.state.bouts[bout.id].rules.terrain == {"player": 8}


def test_firm_ground_asks_nothing() -> None:
    w = _world({}, player_ai=True)
    bout = w.state.bout_of("player")
    assert bout is not None and bout.rules.terrain == {}
    shadow = Shadow(w)
    events = list(w.opening)
    for _ in range(8):  # two rounds
        events += shadow.step()
    assert any(isinstance(e, ev.RulesEvent) for e in events)  # they fought
    assert not _terrain(events) and not _footing(events)


def test_the_leader_is_asked_for_his_terrain_dice_and_gets_them() -> None:
    w = _world({Pos(2, 2): Tile.RUBBLE})
    shadow = Shadow(w)
    shadow.step(Step(None, "cautious"))  # he stays on the rubble
    pending = w.state.pending
    assert pending is not None
    (ask,) = [a for a in pending.asks if a.kind == TERRAIN]
    assert (ask.who, ask.low, ask.default) == ("player", 1, "3")  # the AI's answer at TN 7 is the default
    events = shadow.step(Answer(TERRAIN, 2))
    while not any(isinstance(e, FootingRoll) for e in _footing(events)):
        events += shadow.step()
    assert [(e.fighter, e.dice) for e in _footing(events)] == [("player", 2), ("player", 2)]
    roll = _footing(events)[1]
    assert isinstance(roll, FootingRoll) and roll.tn == 7


def test_stepping_off_and_on_changes_who_rolls_and_replay_rebuilds_it(tmp_path: Path) -> None:
    ground = {Pos(2, 2): Tile.MUD, Pos(2, 1): Tile.RUBBLE}
    w = _world(ground, stubborn=False)
    shadow = Shadow(w)
    events = shadow.step(Step("N", "cautious"))  # off the mud onto the rubble; the bandit follows onto the mud
    assert w.state.actors["player"].pos == Pos(2, 1)
    bout = w.state.bout_of("player")
    assert bout is not None
    expected = {"player": 7} | ({"b1": 8} if w.state.actors["b1"].pos == Pos(2, 2) else {})
    assert bout.rules.terrain == expected and dict(_terrain(events)[-1]) == expected
    assert shadow.state.bouts[bout.id].rules.terrain == expected
    for _ in range(12):
        if w.state.pending is not None and any(a.kind == TERRAIN for a in w.state.pending.asks):
            shadow.step(Answer(TERRAIN, 3))
        else:
            shadow.step()
    path = tmp_path / "ground.jsonl"
    save_run(w, path, final=True)
    again = replay(path, build=lambda _data: _setup(ground)).world
    assert again.summary()["checksum"] == w.summary()["checksum"]
    assert {b: s.rules.terrain for b, s in again.state.bouts.items()} == {
        b: s.rules.terrain for b, s in w.state.bouts.items()}


def test_the_history_fold_rebuilds_the_bout_terrain_at_every_tick() -> None:
    w = _world({Pos(2, 2): Tile.MUD, Pos(2, 1): Tile.RUBBLE}, player_ai=True)
    start = w.starting_state()
    events = list(w.opening)
    live = [{b: s.rules.terrain.copy() for b, s in w.state.bouts.items()}]
    for _ in range(10):
        events += w.apply(Confirm())
        live.append({b: s.rules.terrain.copy() for b, s in w.state.bouts.items()})
    assert any(isinstance(e, ev.BoutTerrain) for e in events)
    logged = [decode(json.loads(json.dumps(encode(e)))) for e in events]  # as an event log stores them
    assert [e for e in logged if isinstance(e, ev.BoutTerrain)] == [e for e in events if isinstance(e, ev.BoutTerrain)]
    history = History(start, logged, every=3)
    for tick, terrain in enumerate(live):
        assert {b: s.rules.terrain for b, s in history.state_at(tick).bouts.items()} == terrain, tick
