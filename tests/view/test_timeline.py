"""The watch view's timeline (``game.sim.timeline``): the state at any tick, forwards, backwards and jumping, is
the live run's state at that tick; each tick's events are the live run's; a broken recording stops cleanly."""

from __future__ import annotations

import time

import pytest

from game.sim.commands import Command, Confirm
from game.sim.digest import checksum, snapshot
from game.sim.scenario_file import dungeon_setup, load_named_scenario
from game.sim.timeline import FoldTimeline, ReplayTimeline
from game.sim.world import World


def _demo_factory(seed: int):  # type: ignore[no-untyped-def]
    return lambda: World(load_named_scenario("arena_three_way"), seed=seed, player_ai=True)


def _live(factory, commands: list[Command] | None, limit: int = 400):  # type: ignore[no-untyped-def]
    """The live run: checksum and event dicts at the start of each tick (after the command that reached it)."""
    world = factory()
    sums = {world.state.tick: world.checksum()}
    events: dict[int, list[dict[str, object]]] = {}
    todo = list(commands) if commands is not None else None
    while (todo is None and world.state.over is None and len(sums) < limit) or todo:
        command = todo.pop(0) if todo is not None else Confirm()
        before = world.state.tick
        out = world.apply(command)
        key = world.state.tick if world.state.tick != before else before + 1
        events.setdefault(key, []).extend(e.to_dict() for e in out)
        if world.state.tick != before:
            sums[world.state.tick] = world.checksum()
    return sums, events, world


@pytest.mark.parametrize("kind", [ReplayTimeline, FoldTimeline])
@pytest.mark.parametrize("seed", [1, 3])
def test_every_tick_forward_backward_and_jumping_matches_the_live_run(seed: int, kind: type[ReplayTimeline]) -> None:
    factory = _demo_factory(seed)
    sums, events, end = _live(factory, None)
    timeline = kind(factory, None, checkpoint_ticks=7)
    ticks = sorted(sums)
    assert len(ticks) > 10
    for tick in ticks:  # forwards
        assert checksum(timeline.state_at(tick)) == sums[tick], tick
        got = [e.to_dict() for e in timeline.events_at(tick)]
        assert got == events.get(tick, []), tick
    assert timeline.complete and timeline.last == end.state.tick
    assert snapshot(timeline.state_at(timeline.last)) == snapshot(end.state)
    for tick in reversed(ticks):  # backwards
        assert checksum(timeline.state_at(tick)) == sums[tick], tick
    order = ticks[::3] + ticks[1::5][::-1] + [ticks[-1], ticks[0], ticks[len(ticks) // 2]]
    for tick in order:  # jumps
        state = timeline.state_at(tick)
        assert state.tick == tick and checksum(state) == sums[tick]


def test_a_recording_is_indexed_ahead_and_a_far_jump_is_quick() -> None:
    factory = lambda: World(dungeon_setup(5, party=("player_fighter", "companion_spearman")),  # noqa: E731
                            seed=5, player_ai=True)
    commands: list[Command] = [Confirm()] * 300
    sums, _, end = _live(factory, commands)
    timeline = FoldTimeline(factory, commands)
    while timeline.index(0.05):
        pass
    assert timeline.complete and timeline.last == end.state.tick
    assert snapshot(timeline.state_at(timeline.last)) == snapshot(end.state)
    started = time.perf_counter()
    mid = sorted(sums)[len(sums) // 3]
    state = timeline.state_at(mid)
    print(f"jump back to tick {mid} of {timeline.last}: {(time.perf_counter() - started) * 1000:.1f} ms")
    assert checksum(state) == sums[mid]


def test_a_command_the_world_refuses_stops_the_timeline_with_a_reason() -> None:
    from game.sim.commands import Declare

    factory = _demo_factory(2)
    timeline = ReplayTimeline(factory, [Confirm(), Declare(()), Confirm()])
    while timeline.index(0.05):
        pass
    assert timeline.complete and timeline.error is not None
    assert "tick" in timeline.error


def test_a_fold_timeline_keeps_a_snapshot_every_few_ticks_and_every_tick_is_right() -> None:
    factory = _demo_factory(1)
    sums, _, _ = _live(factory, None)
    timeline = FoldTimeline(factory, None, checkpoint_ticks=3)
    while timeline.index(0.05):
        pass
    assert len(sums) > 10 and len(timeline._snapshots) == 1 + (timeline.last - timeline.first) // 3
    for tick in sorted(sums, reverse=True):
        assert checksum(timeline.state_at(tick)) == sums[tick], tick
