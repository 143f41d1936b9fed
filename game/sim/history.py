"""A run's history: its event log, and the state at any tick rebuilt by folding events (SPEC §7).

- `EventLogWriter` writes the event log (JSON Lines): a header line with the run's header (the same as
  a run file's: seed, house rules, content hash, how the world was built), then one event a line,
  each with its tick and `chain`, a hash of the line before it and its own content, so a changed,
  missing or reordered line is refused, not folded into a quietly different state.
- `read_event_log(path)` reads one back (refusing a bad file with a one-line `HistoryError`), and
  `fold_events(header, events)` rebuilds the state: the starting world (`game.sim.genesis`) with every
  event folded onto it, with no rules call and no random draw. Each tick's end is checked against
  the checksum the live world wrote into its `TickEnded` (`game.sim.digest.checksum`).
- `History` holds a run's events with a folded snapshot every `every` ticks, so `state_at(tick)` is a
  copy of the nearest snapshot with at most `every` ticks of events folded on: the watch view's time
  travel.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from game.sim import events as ev
from game.sim.clone import clone_state
from game.sim.digest import checksum
from game.sim.event_codec import EventDecodeError, decode, encode
from game.sim.fold import fold
from game.sim.genesis import initial_state, world_catalog
from game.sim.recording import RecordingError, RunHeader, parse_header
from game.sim.runfile import accepted_content_hashes
from game.sim.scenario_file import setup_from_origin
from game.sim.state import WorldState
from game.sim.world import World
from rules.content import default_catalog

LOG_FORMAT = "steelstep-events"
LOG_VERSION = 1


class HistoryError(Exception):
    """An event log that cannot be folded; the message is one line naming the problem."""


@dataclass(frozen=True)
class LoggedEvent:
    tick: int
    event: ev.WorldEvent


class EventLogWriter:
    """Writes a world's events as they happen (`write(world.state.tick, events)`)."""

    def __init__(self, out: IO[str], header: RunHeader) -> None:
        self._out = out
        first = json.dumps({"format": LOG_FORMAT, "version": LOG_VERSION, "run": header.to_json()}, sort_keys=True)
        out.write(first + "\n")
        self._chain = _link("", first)

    def write(self, tick: int, events: Iterable[ev.WorldEvent]) -> None:
        for e in events:
            body = {"tick": tick, "event": encode(e)}
            self._chain = _link(self._chain, json.dumps(body, sort_keys=True))
            self._out.write(json.dumps({**body, "chain": self._chain}, sort_keys=True) + "\n")


def _link(previous: str, text: str) -> str:
    return hashlib.sha256(f"{previous}\n{text}".encode()).hexdigest()[:16]


def read_event_log(path: str | Path) -> tuple[RunHeader, list[LoggedEvent]]:
    """The header and events of an event log; HistoryError with the line on anything wrong."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise HistoryError(f"{path}: cannot read it ({exc})") from None
    if not lines:
        raise HistoryError(f"{path}: empty, not an event log")
    first = _json(path, 1, lines[0])
    if not isinstance(first, dict) or first.get("format") != LOG_FORMAT:
        raise HistoryError(f"{path}:1: not a Steelstep event log")
    if first.get("version") != LOG_VERSION:
        raise HistoryError(f"{path}:1: event log version {first.get('version')!r}, this game reads {LOG_VERSION}")
    chain = _link("", json.dumps(first, sort_keys=True))
    try:
        header = parse_header(first.get("run"), path)
    except RecordingError as exc:
        raise HistoryError(f"{path}:1: {exc}") from None
    events: list[LoggedEvent] = []
    last = 0
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        data = _json(path, number, line)
        if not isinstance(data, dict) or not isinstance(data.get("tick"), int) or isinstance(data["tick"], bool):
            raise HistoryError(f"{path}:{number}: an event line is {{\"tick\": N, \"event\": {{...}}, \"chain\": ...}}")
        if data["tick"] < last:
            raise HistoryError(f"{path}:{number}: tick {data['tick']} after tick {last}")
        last = data["tick"]
        try:
            event = decode(data.get("event"))
        except EventDecodeError as exc:
            raise HistoryError(f"{path}:{number}: {exc}") from None
        chain = _link(chain, json.dumps({"tick": data["tick"], "event": data.get("event")}, sort_keys=True))
        if data.get("chain") != chain:
            raise HistoryError(f"{path}:{number}: the log was changed here (this line, or one before it, was "
                               "altered, added or removed)")
        events.append(LoggedEvent(last, event))
    return header, events


def _json(path: Path, number: int, line: str) -> Any:
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        raise HistoryError(f"{path}:{number}: not JSON") from None


def starting_state(header: RunHeader) -> WorldState:
    """The world a run file's header describes, before its first event."""
    if header.content_hash not in accepted_content_hashes():
        raise HistoryError("the run was made with other game content (content hash differs)")
    catalog = default_catalog()
    data = dict(header.setup)
    data.pop("player_ai", None)
    try:
        setup = setup_from_origin(data)
    except (ValueError, KeyError) as exc:
        raise HistoryError(f"cannot rebuild its world: {exc}") from None
    try:
        catalog = world_catalog(catalog, header.house_rules)
        return initial_state(setup, header.seed, catalog, combat_system=header.system)
    except ValueError as exc:
        raise HistoryError(f"cannot rebuild its world: {exc}") from None


def fold_events(header: RunHeader, events: Iterable[LoggedEvent]) -> WorldState:
    """The state after folding every event onto the starting world; HistoryError if one does not fit."""
    state = starting_state(header)
    for number, item in enumerate(events, start=1):
        _fold_one(state, item.event, number)
    return state


def _fold_one(state: WorldState, event: ev.WorldEvent, number: int) -> None:
    try:
        fold(state, event)
    except Exception as exc:  # an edited log can name anything: refuse it, never a traceback
        raise HistoryError(f"event {number} ({event.type}) does not fit the state: {exc!r}") from None
    if isinstance(event, ev.TickEnded) and checksum(state) != event.checksum:
        raise HistoryError(f"event {number}: the folded state at the end of tick {event.tick} is not the one "
                           "the run recorded (checksum differs)")


class History:
    """A run's events, foldable to any tick. Build it with `record` (play a world, keeping its events)
    or from an event log; `state_at(tick)` never re-simulates. `start` (the starting state) is folded
    onto: pass one nobody else holds."""

    def __init__(self, start: WorldState, events: Sequence[ev.WorldEvent], every: int = 50) -> None:
        self.events = list(events)
        self.every = every
        self._ends: list[int] = []  # index after the last event of tick t (t = 0: the opening)
        for i, e in enumerate(self.events):
            if isinstance(e, ev.TickStarted):
                while len(self._ends) < e.tick:
                    self._ends.append(i)
        self._ends.append(len(self.events))
        self._snapshots: list[tuple[int, WorldState]] = []  # (events folded, state), every `every` ticks
        state, done = start, 0
        for tick in range(0, self.last_tick + 1, every):
            end = self._ends[tick]
            for e in self.events[done:end]:
                fold(state, e)
            done = end
            self._snapshots.append((done, clone_state(state)))

    @property
    def last_tick(self) -> int:
        return len(self._ends) - 1

    def state_at(self, tick: int) -> WorldState:
        """A fresh copy of the state at the end of `tick` (clamped to 0..last_tick)."""
        tick = max(0, min(tick, self.last_tick))
        done, snap = self._snapshots[tick // self.every]
        state = clone_state(snap)
        for e in self.events[done:self._ends[tick]]:
            fold(state, e)
        return state

    def ticks(self) -> Iterator[int]:
        return iter(range(self.last_tick + 1))


def record(world: World, commands: Iterable[Any]) -> tuple[WorldState, list[ev.WorldEvent]]:
    """Apply `commands` to a fresh `world`, returning its starting state and every event (for History)."""
    start = world.starting_state()
    events = list(world.opening)
    for command in commands:
        events += world.apply(command)
    return start, events
