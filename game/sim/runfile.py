"""Saves and recordings of runs (SPEC §7): a run file is the header, the commands and a checksum per
tick; loading builds the same world and replays the commands, checking every checksum.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from game.sim.commands import CommandError, from_dict
from game.sim.events import Rejected
from game.sim.recording import (
    Checkpoint,
    CommandEntry,
    EndEntry,
    Entry,
    Recording,
    RecordingError,
    RunHeader,
    game_version,
    read_recording,
    save_atomic,
)
from game.sim.scenario_file import WorldSetup, setup_from_origin
from game.sim.world import World
from rules.content import default_catalog
from rules.systems import DEFAULT_SYSTEM


class ReplayMismatch(Exception):
    """The replayed world drifted from the recording."""

    def __init__(self, tick: int, reason: str = "") -> None:
        super().__init__(f"recording out of sync at tick {tick}" + (f": {reason}" if reason else ""))
        self.tick = tick


def header_for(world: World) -> RunHeader:
    return RunHeader(
        seed=world.seed,
        house_rules=dict(world.overrides),
        content_hash=world.state.catalog.content_hash,
        setup={**world.setup.origin, "player_ai": world.player_ai},
        game_version=game_version(),
        system=world.system.name,
    )


def entries_for(world: World, final: bool = False) -> list[Entry]:
    """Commands and checkpoints interleaved in tick order (a free command sits before its tick)."""
    out: list[Entry] = []
    checks = iter(world.checksums)
    pending = next(checks, None)
    for tick, command in world.commands:
        while pending is not None and pending[0] < tick:
            out.append(Checkpoint(*pending))
            pending = next(checks, None)
        out.append(CommandEntry(tick, dict(command)))
    while pending is not None:
        out.append(Checkpoint(*pending))
        pending = next(checks, None)
    if final:
        out.append(EndEntry(world.summary()))
    return out


def save_run(world: World, path: str | Path, final: bool = False) -> None:
    """Write the run atomically (a temporary file renamed over the old one)."""
    save_atomic(Path(path), header_for(world), entries_for(world, final))


@dataclass
class Replayed:
    world: World
    recording: Recording
    ticks: int


SetupBuilder = Callable[[Mapping[str, object]], WorldSetup]


def world_for(
    header: RunHeader | Mapping[str, object], path: Path | None = None, build: SetupBuilder | None = None
) -> World:
    setup_data = dict(header.setup if isinstance(header, RunHeader) else header)
    player_ai = bool(setup_data.pop("player_ai", False))
    try:
        setup = (build or setup_from_origin)(setup_data)
    except (ValueError, KeyError) as exc:
        raise RecordingError(path or Path("<run>"), f"cannot rebuild its world: {exc}") from None
    seed = header.seed if isinstance(header, RunHeader) else int(str(header.get("seed", 0)))
    overrides = dict(header.house_rules) if isinstance(header, RunHeader) else {}
    combat_system = header.system if isinstance(header, RunHeader) else DEFAULT_SYSTEM
    try:
        return World(setup, seed=seed, house_rules=overrides, player_ai=player_ai, combat_system=combat_system)
    except ValueError as exc:
        raise RecordingError(path or Path("<run>"), f"cannot rebuild its world: {exc}") from None


def replay(
    path: str | Path, *, verify: bool = True, until: int | None = None, build: SetupBuilder | None = None
) -> Replayed:
    """Load a run file and replay it; refuses a bad file (RecordingError) and raises ReplayMismatch
    when the replay drifts. Nothing is half-loaded: the world is returned only when all went well."""
    path = Path(path)
    recording = read_recording(path, expected_content_hash=default_catalog().content_hash)
    world = world_for(recording.header, path, build)
    checks = {c.tick: c.checksum for c in recording.checkpoints}
    seen = 0
    for entry in recording.commands:
        if until is not None and entry.tick > until:
            break
        try:
            command = from_dict(dict(entry.command))
        except CommandError as exc:
            raise RecordingError(path, f"bad command at tick {entry.tick}: {exc}") from None
        events = world.apply(command)
        if events and type(events[0]) is Rejected:  # a refused command gives that one event alone
            raise ReplayMismatch(entry.tick, f"the command was refused ({events[0].to_dict()['reason']})")
        if verify:
            for tick, checksum in world.checksums[seen:]:
                want = checks.get(tick)
                if want is None:
                    raise ReplayMismatch(tick, "the recording has no checkpoint for it (a line is missing)")
                if want != checksum:
                    raise ReplayMismatch(tick)
            seen = len(world.checksums)
    if verify and until is None:
        replayed = dict(world.checksums)
        for tick, want in checks.items():
            got = replayed.get(tick)
            if got is None:
                raise ReplayMismatch(tick, "the recording goes on past the replayed commands")
            if got != want:
                raise ReplayMismatch(tick)
    return Replayed(world, recording, world.state.tick)
