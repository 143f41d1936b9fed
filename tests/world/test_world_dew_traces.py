"""Dew's trace system in the world: a movement trace goes round walls and standing men, its passes become
steps on the map (`map_moves` -> `MapStep`s, walked as `Moved` events), the sequence's squares and ranges
follow the map's, the log folds back to the same state at every tick, and a recording replays in sync."""

from __future__ import annotations

from pathlib import Path

from game.sim import events as ev
from game.sim.commands import Answer, Confirm
from game.sim.player_view import system_traces
from game.sim.runfile import replay, save_run
from game.sim.world import World
from rules.dew import events as dev
from rules.dew.hosted import as_dew
from rules.systems import MapStep
from tests.world.test_world_dew import arena, check_world, dew_states, rules_events
from tests.world.test_world_history import Shadow


def _open_by_a_trace(w: World) -> str:
    """Press Enter until the leader is asked to move, then open from a foe; again at his next movement
    while that trace is too short to see (hemmed in by men and walls)."""
    for _ in range(200):
        pending = w.state.pending
        assert pending is not None and w.state.over is None
        move = next((d for d in pending.asks if d.who == w.state.leader and d.kind == "dew_move"), None)
        if move is None:
            w.apply(Confirm())
            continue
        value = next(v for v in move.values() if v.startswith("open:") and v.endswith("|unalert")
                     and w.state.hostile(w.state.leader, v[5:].partition("|")[0]))
        w.apply(Answer(move.kind, value))
        if any(t.actor == w.state.leader and len(t.squares) > 2 for t in system_traces(w.state)):
            return value
    raise AssertionError("the leader never drew a trace in 200 ticks")


def test_a_trace_walks_on_the_map_round_walls_and_men() -> None:
    w = arena(25, player_ai=False)
    _open_by_a_trace(w)
    leader = w.state.leader
    trace = next(t for t in system_traces(w.state) if t.actor == leader)
    tilemap = w.state.tilemap
    start = trace.squares[0]
    assert len(trace.squares) > 2
    for a, b in zip(trace.squares, trace.squares[1:], strict=False):
        assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 and tilemap.passable(b)  # type: ignore[arg-type]
    assert all(w.state.occupancy.get(sq) in (None, leader) for sq in trace.squares)  # type: ignore[call-overload]
    for _ in range(6):  # the reactions, then the passes that are left
        if next((t for t in system_traces(w.state) if t.actor == leader), trace).moving is False:
            break
        w.apply(Confirm())
    pos = w.state.actors[leader].pos
    assert (pos.x, pos.y) != start and (pos.x, pos.y) in trace.squares
    check_world(w)


def test_trace_steps_are_map_steps_in_the_order_of_the_pass() -> None:
    w = arena(1, player_ai=False)
    step = dev.TraceStep(1, 2, ("a",), (("a", ((1, 0), (2, 0))), ("b", ((5, 5),))))
    assert w.system.map_moves([step]) == (MapStep("a", (1, 0)), MapStep("a", (2, 0)), MapStep("b", (5, 5)))
    traced = dev.Moved("a", "b", "open", 4, False, 0, traced=True)
    assert w.system.map_moves([traced]) == ()  # the trace's steps move him, not a change of distance


def test_the_log_rebuilds_a_traced_fight_every_tick_and_a_recording_replays(tmp_path: Path) -> None:
    w = arena(6, player_ai=False)
    shadow = Shadow(w)
    seen: list[object] = []
    asked = False
    for _ in range(300):
        if w.state.over is not None:
            break
        pending = w.state.pending
        move = None if pending is None or asked else next(  # he opens from a foe till a trace is drawn
            (d for d in pending.asks if d.who == w.state.leader and d.kind == "dew_move"), None)
        if move is not None:
            value = next(v for v in move.values() if v.startswith("open:") and v.endswith("|unalert")
                         and w.state.hostile(w.state.leader, v[5:].partition("|")[0]))
            events = shadow.step(Answer(move.kind, value))
        else:
            events = shadow.step(Confirm())
        seen += rules_events(events)
        asked = any(isinstance(e, dev.TraceDrawn) and e.fighter == w.state.leader and len(e.path) > 2 for e in seen)
        walked = [e for e in events if isinstance(e, ev.Moved)]
        if any(isinstance(e, dev.TraceStep) and e.moves for e in rules_events(events)):
            assert walked, "a pass with moves walks on the map"
        check_world(w)
        assert dew_states(shadow.state) == dew_states(w.state), f"tick {w.state.tick}"
    assert asked and any(isinstance(e, dev.TraceDrawn) and len(e.path) > 2 for e in seen)
    for bout in w.state.bouts.values():
        b = as_dew(bout.rules)
        for fid, f in b.fighters.items():
            assert f.pos == tuple(w.state.actors[fid].pos)
    path = tmp_path / "dew_traces.jsonl"
    save_run(w, path, final=True)
    assert replay(path).world.summary()["checksum"] == w.summary()["checksum"]
