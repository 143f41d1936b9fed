"""Saves and recordings of runs (SPEC §7): a run file is the header, the commands and a checksum per
tick; loading builds the same world and replays the commands, checking every checksum. The header's
`setup.difficulty` (easy, normal, hard: game.sim.deciding) picks the enemies' decision-maker; a file
without it (written before difficulties) replays as the old game, everyone on the baseline AI.

Loading trusts nothing in the file: the header's house rules, seed and setup are checked (and the
world's size bounded) before anything is built, every command is checked by `from_dict`, and every
problem is a one-line `RecordingError` or `ReplayMismatch`. `Autosave` keeps the game's autosave:
it appends the new lines after each command (no rewrite), compacts (rewrites the whole file
through a temporary file, fsync and rename) when a run starts, is continued or ends, and fsyncs
when the game leaves the run (`Autosave.close`).
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from game.sim.commands import CommandError, from_dict
from game.sim.difficulty import DIFFICULTIES
from game.sim.events import Rejected
from game.sim.recording import (
    Checkpoint,
    CommandEntry,
    EndEntry,
    Entry,
    Recording,
    RecordingError,
    RunHeader,
    encode_entry,
    game_version,
    read_autosave,
    read_recording,
    save_atomic,
)
from game.sim.scenario_file import WorldSetup, setup_from_origin
from game.sim.world import World
from rules.content import ContentErrors, default_catalog, with_house_rules
from rules.content.layout import content_hash, default_root
from rules.content.parsed_hash import older_hashes
from rules.systems import DEFAULT_SYSTEM

MAX_SEED = 2**63  # a header's seed is a whole number of at most this size


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
        setup={**world.setup.origin, "player_ai": world.player_ai, **_difficulty_field(world)},
        game_version=game_version(),
        system=world.system.name,
    )


def _difficulty_field(world: World) -> dict[str, object]:
    """The header's `setup.difficulty` (game.sim.deciding); a world without one (the old game) writes none,
    so its file reads back the same."""
    difficulty = world.deciding.difficulty
    return {} if difficulty is None else {"difficulty": difficulty}


def entries_for(world: World, final: bool = False) -> list[Entry]:
    """Commands and checkpoints interleaved in tick order (see `entries_between`)."""
    return entries_between(world, 0, 0, final)


def entries_between(world: World, commands: int, checksums: int, final: bool = False) -> list[Entry]:
    """The entries after the first `commands` commands and `checksums` checkpoints, in tick order: a
    command after the checkpoints of earlier ticks (an advancing command is recorded at the tick it
    starts, before that tick's checkpoint). A whole save puts a free command given after tick N
    before checkpoint N; appended after each command it lands after it: both read and replay the
    same (the reader wants ticks that never go backwards, replay checks each tick's checkpoint)."""
    out: list[Entry] = []
    checks = iter(world.checksums[checksums:])
    pending = next(checks, None)
    for tick, command in world.commands[commands:]:
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
    """The world a run header describes, built fresh; RecordingError (one line) when the header
    asks for something this game cannot or will not build."""
    where = path or Path("<run>")
    setup_data = dict(header.setup if isinstance(header, RunHeader) else header)
    player_ai = setup_data.pop("player_ai", False)
    if not isinstance(player_ai, bool):
        raise RecordingError(where, f"header setup.player_ai must be true or false, not {type(player_ai).__name__}", 1)
    raw_difficulty = setup_data.pop("difficulty", None)  # absent: a file from before difficulties, the old game
    difficulty = raw_difficulty if isinstance(raw_difficulty, str) and raw_difficulty in DIFFICULTIES else None
    if raw_difficulty is not None and difficulty is None:
        raise RecordingError(where, f"header setup.difficulty must be one of {', '.join(DIFFICULTIES)}, "
                                    f"not {_one_line(repr(raw_difficulty))}", 1)
    if isinstance(header, RunHeader):
        seed, overrides = header.seed, dict(header.house_rules)
    else:
        raw = header.get("seed", 0)
        seed, overrides = (raw if isinstance(raw, int) and not isinstance(raw, bool) else 0), {}
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise RecordingError(where, f"header seed {seed} is out of range", 1)
    try:
        with_house_rules(default_catalog(), overrides)
    except ContentErrors as exc:
        problem = exc.errors[0] if exc.errors else exc
        raise RecordingError(where, f"bad house rules in the header: {_one_line(str(problem))}", 1) from None
    try:
        setup = (build or setup_from_origin)(setup_data)
    except ContentErrors as exc:
        problem = exc.errors[0] if exc.errors else exc
        raise RecordingError(where, f"cannot rebuild its world: {_one_line(str(problem))}") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise RecordingError(where, _one_line(str(exc))) from None
    combat_system = header.system if isinstance(header, RunHeader) else DEFAULT_SYSTEM
    try:
        return World(setup, seed=seed, house_rules=overrides, player_ai=player_ai, combat_system=combat_system,
                     difficulty=difficulty)
    except ValueError as exc:  # an unknown combat system
        raise RecordingError(where, f"cannot rebuild its world: {_one_line(str(exc))}") from None


def _one_line(text: str) -> str:
    lines = text.strip().splitlines()
    first = lines[0] if lines else "unknown problem"
    return first if len(first) <= 240 else first[:237] + "..."


@functools.cache
def accepted_content_hashes() -> tuple[str, ...]:
    """The shipped content's hash, then the hashes older run files carry for the same content: of its
    raw bytes (before the hash was over the parsed content), and of version 1 of the parsed hash (before
    display text was left out) while the rules data is still that of the version 1 content."""
    current = default_catalog().content_hash
    return current, content_hash(default_root()), *older_hashes(current)


def replay(
    path: str | Path,
    *,
    verify: bool = True,
    until: int | None = None,
    build: SetupBuilder | None = None,
    torn_tail: bool = False,
) -> Replayed:
    """Load a run file and replay it; refuses a bad file (RecordingError) and raises ReplayMismatch
    when the replay drifts. Nothing is half-loaded: the world is returned only when all went well.
    `torn_tail=True` (the autosave) drops a half-written last line (`Recording.notes` says so)."""
    path = Path(path)
    read = read_autosave if torn_tail else read_recording
    recording = read(path, expected_content_hash=accepted_content_hashes())
    world = world_for(recording.header, path, build)
    checks = {c.tick: c.checksum for c in recording.checkpoints}
    seen = 0
    for index, entry in enumerate(recording.entries):
        if not isinstance(entry, CommandEntry):
            continue
        if until is not None and entry.tick > until:
            break
        try:
            command = from_dict(dict(entry.command))
        except CommandError as exc:
            line = index + 2  # the entries are lines 2, 3, ... of the file (only a torn tail is ever dropped)
            message = f"bad command at tick {entry.tick}: {_one_line(str(exc))}"
            raise RecordingError(path, message, line) from None
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


class Autosave:
    """The autosave of a run being played: `compact(world)` writes the whole file (temporary file,
    fsync, rename) and opens it for appending; `append(world)` then writes only the lines added
    since, in one write, flushed to the operating system (a killed game loses nothing; a power cut
    may lose the last lines, and a half line is dropped on Continue, `replay(torn_tail=True)`).
    The appended file replays exactly as the file `save_run` would write (a free command may sit a
    line later, see `entries_between`); `close()` fsyncs it."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._file: BinaryIO | None = None
        self._commands = 0
        self._checksums = 0
        self._ended = False

    def compact(self, world: World, final: bool | None = None) -> None:
        """Rewrite the whole file; `final` (default: whether the run is over) adds the run's end, after
        which nothing more is written."""
        self.close()
        final = world.state.over is not None if final is None else final
        save_run(world, self.path, final=final)
        self._commands, self._checksums, self._ended = len(world.commands), len(world.checksums), final
        if not final:
            self._file = open(self.path, "ab")  # noqa: SIM115 - closed by close()

    def append(self, world: World, final: bool | None = None) -> None:
        """Write what `world` added since the last write; compacts instead when the run ends (`final`,
        default: whether the run is over) or nothing is open yet."""
        if self._ended:
            return
        final = world.state.over is not None if final is None else final
        if self._file is None or final:
            self.compact(world, final)
            return
        entries = entries_between(world, self._commands, self._checksums)
        if not entries:
            return
        self._file.write(b"".join(encode_entry(e) for e in entries))
        self._file.flush()
        self._commands, self._checksums = len(world.commands), len(world.checksums)

    def close(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.flush()
                os.fsync(self._file.fileno())
            self._file.close()
            self._file = None
