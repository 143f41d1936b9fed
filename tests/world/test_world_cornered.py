"""Room to evade, from the map (research §3 Full Evasion: "without usable terrain, terrain roll TN 7"): the
world tells each bout who has no free square to throw himself into clear of his foes (`BoutCornered`,
folded into `Bout.set_cornered` like `BoutTerrain`), so a cornered fighter's Full Evasion needs terrain
dice; replay and the history fold rebuild the same set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.event_codec import decode, encode
from game.sim.geometry import Pos
from game.sim.history import History
from game.sim.membership import room_to_evade
from game.sim.runfile import replay, save_run
from game.sim.tilemap import parse_ascii
from game.sim.world import World
from rules import ai
from rules.bout import ATTACK, Action
from rules.declare import commit_declaration
from rules.dice import ScriptedStream
from rules.menu import build_menu
from tests.rules.helpers import setup as bout_setup
from tests.world.worlds import setup

DEAD_END = ["#######", "#...@w#", "#######"]  # the wolf at a corridor's end, the knight in its mouth
ROOM = ["#######", "#.....#", "#..@w.#", "#.....#", "#######"]


def _room(rows: list[str], who: str, foes: str) -> bool:
    """`room_to_evade` for the glyph `who` on a small ASCII map, every glyph in `foes` a foe, every letter a
    taken square."""
    legend = {"#": "wall", ".": "floor", "@": "floor", "w": "floor", "x": "floor", "o": "floor"}
    parsed = parse_ascii(rows, legend)
    at = {(x, y): c for y, row in enumerate(rows) for x, c in enumerate(row) if c not in "#."}
    pos = next(Pos(*p) for p, c in at.items() if c == who)
    foe_at = [Pos(*p) for p, c in at.items() if c in foes]
    return room_to_evade(parsed.tilemap, pos, foe_at, lambda sq: (sq[0], sq[1]) in at, 4)


@pytest.mark.parametrize(("rows", "who", "foes", "room"), [
    (DEAD_END, "w", "@", False),  # a dead end whose mouth the foe holds
    (DEAD_END, "@", "w", True),  # the knight has the corridor behind him
    (ROOM, "w", "@", True),  # an open room: the square behind him
    (["#####", "#x@o#", "#####"], "@", "xo", False),  # a foe on each side in a corridor
    (["#####", "#.w.#", "#.@.#", "#####"], "@", "w", True),  # the squares beside him are clear of the foe
    (["#####", "#w.@#", "#####"], "w", "@", False),  # the only free square is next to the foe
    (["######", "#w..@#", "######"], "w", "@", True),  # ... one more square and there is room
])
def test_room_to_evade_on_small_maps(rows: list[str], who: str, foes: str, room: bool) -> None:
    assert _room(rows, who, foes) is room


def _world(rows: list[str], seed: int = 1) -> World:
    w = World(setup(rows, seed=seed), player_ai=True)
    for actor in w.state.actors.values():
        actor.flee_threshold = None  # nobody runs: the bout lasts (not in the setup: a replay would not know it)
    return w


def _cornered(events: list[ev.WorldEvent]) -> list[tuple[str, ...]]:
    return [e.fighters for e in events if isinstance(e, ev.BoutCornered)]


def test_the_wolf_in_a_dead_end_is_cornered_the_knight_is_not() -> None:
    w = _world(DEAD_END)
    assert _cornered(w.opening) == [("w1",)]  # told as the bout starts
    bout = w.state.bout_of("w1")
    assert bout is not None and bout.rules.cornered == {"w1"}


def test_in_an_open_room_nobody_is_cornered_and_nothing_is_sent() -> None:
    w = _world(ROOM)
    events = list(w.opening)
    for _ in range(6):
        events += w.apply(Confirm())
    assert any(isinstance(e, ev.RulesEvent) for e in events)  # they fought
    assert not _cornered(events)
    assert all(not b.rules.cornered for b in w.state.bouts.values())


def test_the_event_round_trips_and_the_history_fold_rebuilds_the_set() -> None:
    w = _world(DEAD_END)
    start = w.starting_state()
    events = list(w.opening)
    live = [{b: set(s.rules.cornered) for b, s in w.state.bouts.items()}]
    for _ in range(6):
        if w.state.over is not None:
            break
        events += w.apply(Confirm())
        live.append({b: set(s.rules.cornered) for b, s in w.state.bouts.items()})
    logged = [decode(json.loads(json.dumps(encode(e)))) for e in events]  # as an event log stores them
    assert [e for e in logged if isinstance(e, ev.BoutCornered)] == [
        e for e in events if isinstance(e, ev.BoutCornered)] != []
    history = History(start, logged, every=3)
    for tick, cornered in enumerate(live):
        assert {b: set(s.rules.cornered) for b, s in history.state_at(tick).bouts.items()} == cornered, tick


def test_replay_rebuilds_the_same_world(tmp_path: Path) -> None:
    w = _world(DEAD_END)
    for _ in range(8):
        if w.state.over is not None:
            break
        w.apply(Confirm())
    path = tmp_path / "dead_end.jsonl"
    save_run(w, path, final=True)
    again = replay(path, build=lambda _data: setup(DEAD_END)).world
    assert again.summary()["checksum"] == w.summary()["checksum"]


def test_the_cornered_wolf_must_set_terrain_dice_aside_and_the_ai_does() -> None:
    w = _world(DEAD_END)
    live = w.state.bout_of("w1")
    assert live is not None
    b = live.rules.clone({fid: f.clone() for fid, f in live.rules.fighters.items()})  # the world's bout, apart
    stream = ScriptedStream([5] * 40)
    bout_setup(b, stream, {"player": "aggressive", "w1": "defensive"}, {"player": "w1", "w1": "player"})
    commit_declaration(b, "player", [Action(ATTACK, "swing", "w1", 6, "III")])
    om = build_menu(b, "w1").opponent("player")
    assert om is not None
    full = [o for a in om.actions for o in a.maneuvers if b.catalog.maneuvers[o.maneuver].evasion == "full"]
    assert full and all(o.terrain_tn == 7 for o in full)  # the menu tells the view and the AI
    declared = ai.suggest_declaration(b, "w1")
    for action in declared:
        if b.catalog.maneuvers[action.maneuver].evasion == "full":
            assert action.terrain_dice == 2
    commit_declaration(b, "w1", declared)  # legal as it stands
