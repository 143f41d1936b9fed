"""A run's timeline for watching with time travel: the world's state at any tick and what happened in each.

:class:`Timeline` is what the watch view needs (issue 9 "Watch gets time travel"); nothing else of a run:

- ``first`` / ``last``: the ticks one can go to (``last`` grows while a run is still being indexed or a
  demo is still being played; ``complete`` says it has reached the end);
- ``state_at(tick)``: the state at the start of that tick (after the command that brought the world to it;
  ``state_at(last)`` is the end). The caller draws it until its next call: the timeline may reuse (move
  forward in place) the object it returned last;
- ``events_at(tick)``: the events of the commands that led from ``tick - 1`` to ``tick``, to animate a
  step forward (and for the combat log);
- ``index(seconds)``: do up to that much work ahead of time (the watch view calls it each frame), so
  later jumps are quick; True while there is more to do;
- ``error``: why the run could not be followed past ``last`` (a refused or failing command), else None.

:class:`FoldTimeline` (what the watch view uses) plays the recorded commands (or, for a demo, ``Confirm``
until the fight ends) once, ahead, to learn the run's events, and gives any tick's state by folding
those events onto a folded snapshot (one every ``CHECKPOINT_TICKS`` ticks): time travel without
re-simulating. :class:`ReplayTimeline`, its base, can instead replay commands from copies of the world
(kept for comparison in tests).
"""

from __future__ import annotations

import copy
import time
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from game.sim.clone import clone_state
from game.sim.commands import Command, Confirm
from game.sim.events import WorldEvent
from game.sim.fold import fold
from game.sim.state import WorldState
from game.sim.world import World

CHECKPOINT_TICKS = 20
MAX_CHECKPOINTS = 120  # about 1 MB each for a dungeon: past this, every other one goes and the gap doubles
DEMO_TICK_LIMIT = 5000  # a demo that has not ended by then stops there


class Timeline(Protocol):
    @property
    def first(self) -> int: ...

    @property
    def last(self) -> int: ...

    @property
    def complete(self) -> bool: ...

    @property
    def error(self) -> str | None: ...

    def state_at(self, tick: int) -> WorldState: ...

    def events_at(self, tick: int) -> tuple[WorldEvent, ...]: ...

    def index(self, seconds: float) -> bool: ...


@dataclass(slots=True)
class _Checkpoint:
    tick: int
    command: int  # commands applied to reach it
    world: World | None  # a copy never moved (None: rebuild from the factory and replay)


def _copy_world(world: World) -> World | None:
    """A deep copy sharing the immutable parts (catalog, map, setup), or None when the world's classes cannot
    be copied (compiled). The random streams' bound ``random`` is re-bound to each copy's own generator."""
    s = world.state
    memo = {id(x): x for x in (s.catalog, s.tilemap, world.setup, s.relations, s.house_rules)}
    try:
        twin = copy.deepcopy(world, memo)
    except (TypeError, AttributeError, copy.Error):
        return None
    for stream in (twin.state.combat, twin.state.ai, twin.state.cosmetic):
        rng = getattr(stream, "_rng", None)
        if rng is not None:
            setattr(stream, "_random", rng.random)  # noqa: B010  (a bound method does not deep-copy)
    return twin


class ReplayTimeline:
    """A :class:`Timeline` that replays commands. ``factory`` builds the starting world (the same every call);
    ``commands`` are the recording's (None: a demo, ``Confirm`` every tick until the fight is over)."""

    def __init__(self, factory: Callable[[], World], commands: Sequence[Command] | None = None, *,
                 start: World | None = None, checkpoint_ticks: int = CHECKPOINT_TICKS, copies: bool = True) -> None:
        self.factory = factory
        self.demo = commands is None
        self.commands: list[Command] = list(commands or ())
        self.every = max(1, checkpoint_ticks)
        first = start if start is not None else factory()
        self.opening: tuple[WorldEvent, ...] = tuple(first.opening)
        base = _copy_world(first) if copies else None
        self._copyable = base is not None
        self._checkpoints: list[_Checkpoint] = [_Checkpoint(first.state.tick, 0, base)]
        self._ticks: list[int] = [first.state.tick]  # checkpoint ticks, for bisect
        self._frontier = first  # the indexing world: always at the furthest tick known
        self._frontier_command = 0
        self._events: dict[int, list[WorldEvent]] = {}
        self._command_at: dict[int, int] = {first.state.tick: 0}  # tick -> commands applied to reach it
        self._cursor: World | None = None  # the world whose state state_at returned last
        self._cursor_command = 0
        self.error: str | None = None

    # ----- the protocol ---------------------------------------------------------------------------------
    @property
    def first(self) -> int:
        return self._checkpoints[0].tick

    @property
    def last(self) -> int:
        return self._frontier.state.tick

    @property
    def complete(self) -> bool:
        if self.error is not None:
            return True
        if self.demo:
            return self._frontier.state.over is not None or self.last >= DEMO_TICK_LIMIT
        return self._frontier_command >= len(self.commands)

    def events_at(self, tick: int) -> tuple[WorldEvent, ...]:
        self._index_to(tick)
        events = list(self._events.get(tick, ()))
        if tick == self.last and self.complete:
            events += self._events.get(tick + 1, ())  # commands after the last tick began (the end)
        return tuple(events)

    def state_at(self, tick: int) -> WorldState:
        tick = max(self.first, tick)
        self._index_to(tick)
        tick = min(tick, self.last)
        want = self._target(tick)
        cursor = self._cursor
        if cursor is not None and self._cursor_command <= want \
                and tick - cursor.state.tick <= self.every:
            self._replay(cursor, want)  # at it already, or a little before it: move forward in place
            return cursor.state
        checkpoint = self._checkpoints[max(0, bisect_right(self._ticks, tick) - 1)]
        world = _copy_world(checkpoint.world) if checkpoint.world is not None else None
        self._cursor_command = checkpoint.command
        if world is None:
            world, self._cursor_command = self.factory(), 0
        self._cursor = world
        self._replay(world, want)
        return world.state

    def index(self, seconds: float) -> bool:
        """Index ahead for up to ``seconds``; True while the end is not reached."""
        deadline = time.perf_counter() + seconds
        while not self.complete:
            self._advance_frontier()
            if time.perf_counter() >= deadline:
                break
        return not self.complete

    # ----- extras (tests, the watch view's counters) ----------------------------------------------------
    def command_index(self, tick: int) -> int:
        """How many commands were applied to reach ``tick`` (the whole run's for the last tick)."""
        self._index_to(tick)
        if tick >= self.last:
            return self._frontier_command
        return self._command_at.get(tick, 0)

    @property
    def world(self) -> World | None:
        """The world whose state ``state_at`` returned last (for checks against a live run)."""
        return self._cursor

    # ----- inside ---------------------------------------------------------------------------------------
    def _target(self, tick: int) -> int:
        """Commands applied to reach ``tick`` (every command for the last tick: trailing ones belong to it)."""
        while tick < self.last:
            found = self._command_at.get(tick)
            if found is not None:
                return found
            tick += 1  # a tick no command stopped at: the next one that did
        return self._frontier_command

    def _advance_frontier(self) -> None:
        """Apply one more command to the frontier, recording its events under the tick it leads to."""
        world = self._frontier
        if self.demo:
            if world.state.over is not None:
                return
            command: Command | None = Confirm()
            self.commands.append(Confirm())
        else:
            command = self.commands[self._frontier_command] if self._frontier_command < len(self.commands) else None
        if command is None:
            return
        before = world.state.tick
        try:
            events = world.apply(command)
        except Exception as exc:  # a recording must never crash the watch view (CommandError, rules errors)
            self.error = f"Stopped at tick {before}: {exc}"
            return
        self._frontier_command += 1
        tick = world.state.tick
        if any(e.type == "rejected" for e in events):
            self.error = f"Recording out of sync at tick {before}"
        # a command that did not end the tick (an order, a bump frame) belongs to the step into the next one
        self._events.setdefault(tick if tick != before else before + 1, []).extend(events)
        if tick != before:
            self._command_at[tick] = self._frontier_command
            if tick - self._ticks[-1] >= self.every and self._copyable:
                twin = _copy_world(world)
                if twin is not None:
                    self._checkpoints.append(_Checkpoint(tick, self._frontier_command, twin))
                    self._ticks.append(tick)
                    if len(self._checkpoints) > MAX_CHECKPOINTS:
                        self._thin()

    def _thin(self) -> None:
        """Keep every other checkpoint (the first always) and space new ones twice as far apart."""
        self._checkpoints = self._checkpoints[::2]
        self._ticks = [c.tick for c in self._checkpoints]
        self.every *= 2

    def _index_to(self, tick: int) -> None:
        while self.last < tick and not self.complete:
            self._advance_frontier()

    def _replay(self, world: World, target: int) -> None:
        """Apply commands to ``world`` (the cursor) until it has had ``target`` of them."""
        while self._cursor_command < target:
            world.apply(self.commands[self._cursor_command])
            self._cursor_command += 1


class FoldTimeline(ReplayTimeline):
    """The :class:`Timeline` the watch view uses: commands are played once, ahead (``index``), to learn the
    run's events; every state after that comes from folding them (``game.sim.fold``: no rules call, no
    random draw) onto a folded snapshot kept every ``checkpoint_ticks`` ticks (``game.sim.clone``)."""

    def __init__(self, factory: Callable[[], World], commands: Sequence[Command] | None = None, *,
                 start: World | None = None, checkpoint_ticks: int = CHECKPOINT_TICKS) -> None:
        super().__init__(factory, commands, start=start, checkpoint_ticks=checkpoint_ticks, copies=False)
        folded = self._frontier.starting_state()
        for e in self.opening:
            fold(folded, e)
        self._indexed = folded  # folded up to the frontier (the tick after it: trailing commands aside)
        self._indexed_tick = self.first
        self._snapshots: list[tuple[int, WorldState]] = [(self.first, clone_state(folded))]
        self._view: WorldState | None = None  # what state_at returned last, and its tick
        self._view_tick = -1

    def state_at(self, tick: int) -> WorldState:
        tick = max(self.first, tick)
        self._index_to(tick)
        tick = min(tick, self.last)
        view = self._view
        if view is None or not self._view_tick <= tick <= self._view_tick + self.every:
            ticks = [t for t, _ in self._snapshots]
            at, snapshot = self._snapshots[max(0, bisect_right(ticks, tick) - 1)]
            view, self._view_tick = clone_state(snapshot), at
        for t in range(self._view_tick + 1, tick + 1):
            self._fold_tick(view, t)
        if tick == self.last and self.complete:
            for e in self._events.get(tick + 1, ()):  # commands after the last tick began (the end)
                fold(view, e)
        self._view, self._view_tick = view, tick
        return view

    def _advance_frontier(self) -> None:
        super()._advance_frontier()
        while self._indexed_tick < self.last:
            self._indexed_tick += 1
            self._fold_tick(self._indexed, self._indexed_tick)
            if self._indexed_tick - self._snapshots[-1][0] >= self.every:
                self._snapshots.append((self._indexed_tick, clone_state(self._indexed)))

    def _fold_tick(self, state: WorldState, tick: int) -> None:
        for e in self._events.get(tick, ()):
            fold(state, e)
