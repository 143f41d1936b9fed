"""A play session: the world being played or watched, its autosave, and the run file.

The views talk to the world only through this: `apply(command)` sends a command and returns the
events to animate; `world.state` is read-only for them. New runs, continuing the autosave and
watching a recording all produce a `Session`.

`settle_heap()` (the app calls it as a session's screen starts): the objects that exist then (the world, its
content, the screen's panels) live as long as the run, so they are left out of the garbage collector's full
passes (``gc.freeze``), after one full collection that also frees the last run's cycles. Measured (issue 11,
``python -m game.view.bench``): without it a full pass over the run's heap took 58-174 ms, landing in whatever
frame allocated last (a static frame's 62 ms, the menu key's and the animating frames' spikes).
"""

from __future__ import annotations

import functools
import gc
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.sim.commands import Command, from_dict
from game.sim.difficulty import DEFAULT_DIFFICULTY
from game.sim.events import WorldEvent
from game.sim.recording import RecordingError
from game.sim.run_world import run_setup
from game.sim.runfile import Autosave, ReplayMismatch, replay, world_for
from game.sim.scenario_file import WorldSetup, load_named_scenario
from game.sim.timeline import FoldTimeline
from game.sim.world import DEFAULT_SYSTEM, World

DEFAULT_PARTY = ("player_fighter", "companion_spearman")
log = logging.getLogger(__name__)


@dataclass
class Session:
    """One run. `autosave` (a path) gets the new lines appended after every command that changed the
    world, is rewritten whole (atomically) when the run starts, continues or ends, and is fsynced by
    `close()`; `watching` sessions replay a recording and never save."""

    world: World
    autosave: Path | None = None
    watching: bool = False
    recording_ticks: int = 0
    listeners: list[Callable[[list[WorldEvent]], None]] = field(default_factory=list)
    saver: Autosave | None = field(default=None, repr=False)

    def apply(self, command: Command) -> list[WorldEvent]:
        events = self.world.apply(command)
        if self.autosave is not None and not self.watching and not any(e.type == "rejected" for e in events):
            if self.saver is None:
                self.saver = Autosave(self.autosave)
            self.saver.append(self.world)
        for listener in self.listeners:
            listener(events)
        return events

    def close(self) -> None:
        """Make the autosave durable (fsync); the session may go on appending afterwards."""
        if self.saver is not None:
            self.saver.close()

    @property
    def over(self) -> str | None:
        return self.world.state.over


def settle_heap() -> None:
    """Leave the objects alive now out of the garbage collector's passes (a run's world lives as long as the
    run): unfreeze the last ones, collect everything once (the last run's cycles), freeze what is left. Does
    nothing while the collector is off (before the first frame: ``game.view.startup`` freezes then)."""
    if not gc.isenabled():
        return
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def new_run(seed: int, scenario: str | None = None, autosave: Path | None = None,
            house_rules: dict[str, object] | None = None, player_ai: bool = False,
            difficulty: str | None = DEFAULT_DIFFICULTY, combat_system: str | None = None) -> Session:
    """A new run: a named scenario, or a roguelike run of 8 depths (`game.sim.run_world`, docs/run.md)
    with the default party. `player_ai` lets the AI play the leader too (the demo); `difficulty` picks
    the enemies' decision-maker (game.sim.deciding); `combat_system` the combat system that runs the bouts
    (None: the default)."""
    setup: WorldSetup = load_named_scenario(scenario) if scenario else run_setup(seed, party=DEFAULT_PARTY)
    world = World(setup, seed=seed, house_rules=house_rules, player_ai=player_ai, difficulty=difficulty,
                  combat_system=combat_system or DEFAULT_SYSTEM)
    session = Session(world, autosave)
    if autosave is not None:
        session.saver = Autosave(autosave)
        session.saver.compact(world)
    return session


def continue_run(path: Path) -> Session:
    """Continue from an autosave: replayed and verified, or refused (RecordingError/ReplayMismatch).
    A half-written last line (the game was killed while it wrote) is dropped; the file is then
    rewritten whole, so appending goes on from a clean end."""
    result = replay(path, torn_tail=True)
    for note in result.recording.notes:
        log.warning("continuing %s: %s", path, note)
    session = Session(result.world, autosave=path)
    session.saver = Autosave(path)
    session.saver.compact(result.world)
    return session


def watch_recording(path: Path) -> tuple[Session, FoldTimeline]:
    """A recording to watch: a session on a fresh world (what the game view is built on) and the run's
    timeline (what the watch view shows: any tick, by folding the run's events onto a snapshot).
    The file is read and verified whole first, so a bad file is refused before anything shows."""
    result = replay(path)
    header = result.recording.header
    world = world_for(header, path)
    commands = [from_dict(dict(c.command)) for c in result.recording.commands]
    timeline = FoldTimeline(functools.partial(world_for, header, path), commands)
    return Session(world, watching=True, recording_ticks=result.ticks), timeline


def watch_demo(factory: Callable[[], World]) -> tuple[Session, FoldTimeline]:
    """An AI-against-AI fight to watch: ``factory`` builds the world (``World(..., player_ai=True)``), and the
    timeline plays it with ``Confirm`` every tick until the fight ends."""
    return Session(factory(), watching=True), FoldTimeline(factory, None)


__all__ = ["RecordingError", "ReplayMismatch", "Session", "continue_run", "new_run", "settle_heap", "watch_demo",
           "watch_recording"]
