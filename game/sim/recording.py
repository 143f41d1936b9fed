"""Run files (saves and recordings, SPEC §7): the JSON Lines format, appending, atomic saves, reading.

This module owns the file format and nothing else: commands are opaque JSON objects that the world
defines, checksums are strings the world computes. A run file is UTF-8 JSON Lines, every line ending
in a newline, keys sorted, no NaN/Infinity:

    {"content_hash": "...", "format": 4, "game_version": "0.1.0", "house_rules": {...},
     "kind": "steelstep-run", "seed": 7, "setup": {...}}          line 1: the header
    {"command": {...}, "tick": 0}                                 a command committed at tick 0
    {"checksum": "9f2c...", "tick": 0}                            the checkpoint after tick 0
    ...
    {"end": {...}}                                                optional: the run is over

Ticks never go backwards (several entries may share a tick); nothing follows `end`. Header keys
other than the ones above are ignored (fields may be added without a new format number).

Reading is strict: `read_recording` refuses (`RecordingError`, one line naming the file and line) an
empty file, a line that is not JSON (or nested deeper than `MAX_DEPTH`, or longer than `MAX_LINE`
bytes), another kind of file, a newer format, a format older than `OLDEST_FORMAT` (format 1
checksummed the random streams another way, and was written before a shot's target added CP to its
defence, SPEC §4.9), ticks going backwards, and a content hash other than the expected one. A UTF-8
byte order mark at the start is skipped. Truncation: a file cut exactly after a newline reads as the
shorter run it then is (every line before the cut, exactly as written); a file whose last line has
no newline was cut while a line was written and is refused with "truncated at line N", unless the
caller reads with `read_autosave`: then the half line is dropped, and so are the
commands after the last checkpoint that it would have held, with a note in `Recording.notes`.
`save_atomic` writes a temporary file beside the target, fsyncs it and renames it over, so a crash
never leaves a half-written save; `RecordingWriter` appends and flushes one line at a time (a crash
leaves at most one half line, which the reader then refuses or drops).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO, Self

from game.durable import fsync_directory

KIND = "steelstep-run"
FORMAT_VERSION = 10  # 10: a scenario is won when every foe still standing is routed (hurt enough to flee by
# the AI's own rule, and hurt), its GameOver naming who fled; a Full Evasion without room to evade (bouts
# told who is cornered, `BoutCornered`) sets aside terrain dice and rolls them at TN 7 (fail: prone);
# 9: the leader's Enter at an e1 declaration may keep CP for e2 (a near-equal option the
# planner scored within SUGGEST_KEEP_MARGIN of an all-in one), so a recorded Confirm declares otherwise;
# 8: difficult ground (rubble, mud) on the levels, bouts told who stands on it (`BoutTerrain`);
# 7: levels whose stairs blocked the only way out re-drawn, the AI leader's routes round
# recruits and chests, Dew's and Gold & Glory's carried records of the knocked out, Dew's Enter guard,
# Gold & Glory's wounds on the carry seam, Combat basics' blood loss, crowd per depth and Enter default,
# Sophia's Children's surprise and counter-bid, a refused answer inside the tick taken as Enter;
# 6: stance and terrain rolls, shots from a bout, mobility v2b, disarm on the map,
# party orders, Combat basics hosted (shared squares), Sophia's Children's step and defaults, Dew's traces,
# carried EN/BD and missiles, Gold & Glory's pace, escapes and defaults, the AI leader's rests and waits,
# CP in hand after a consumable, fallen companions brought round; 5: chests, recruits, followers,
# encumbrance CP, painkillers wearing off, the planner's Enter when hurt and which foes plan, the appendix
# and mobility maneuvers, Sophia's Children's Squads and surprise in the world, Dew and Gold & Glory
# hosted; 4: the commands give, use, train and answer; CP rest out of a fight; stepping into a companion
# swaps in every world; the design doc's footwork rules (bump-rush, wait as bumping) and the planner's
# defaults (setup.difficulty); 3: a roguelike run (setup kind "run") spans depths and its checksums name
# the depth; 2: checkpoints hold the streams' draw counts; a shot's target adds CP to its defence
OLDEST_FORMAT = 10  # older runs would not replay the same (other rules, other commands): refused
MAX_LINE = 1 << 20  # bytes in one line: a header or a command is far smaller
MAX_DEPTH = 32  # nesting of JSON arrays and objects in one line (a declaration needs 5)
BOM = b"\xef\xbb\xbf"

PathLike = str | os.PathLike[str]
JsonObject = Mapping[str, Any]


class RecordingError(Exception):
    """A run file that cannot be read or written: `path`, the 1-based `line` when known, `reason`; `outdated`
    when the file is whole but of a format this version does not play (an older or a newer Steelstep's)."""

    def __init__(self, path: PathLike, reason: str, line: int | None = None, *, outdated: bool = False) -> None:
        self.path = str(path)
        self.line = line
        self.reason = reason
        self.outdated = outdated
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {reason}")


def game_version() -> str:
    """The installed game's version, or "unknown" (e.g. in a bundle without package metadata)."""
    try:
        return metadata.version("steelstep")
    except metadata.PackageNotFoundError:
        return "unknown"


# ---- records --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RunHeader:
    """Line 1 of a run file: everything needed to start the same world again."""

    seed: int
    house_rules: JsonObject
    content_hash: str
    setup: JsonObject  # how to build the world: a scenario name or the dungeon's parameters
    game_version: str
    format: int = FORMAT_VERSION
    system: str = "tros_sos"  # the combat system that runs its bouts (rules.systems); absent in older files

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": KIND,
            "format": self.format,
            "seed": self.seed,
            "house_rules": dict(self.house_rules),
            "content_hash": self.content_hash,
            "setup": dict(self.setup),
            "game_version": self.game_version,
            "system": self.system,
        }


@dataclass(frozen=True, slots=True)
class CommandEntry:
    """A command committed at `tick` (its content belongs to the world)."""

    tick: int
    command: JsonObject


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The world's checksum after `tick` (SPEC §7: the random streams' positions, squares, health)."""

    tick: int
    checksum: str


@dataclass(frozen=True, slots=True)
class EndEntry:
    """The run is over; `summary` is the world's (who won, ticks, ...)."""

    summary: JsonObject


Entry = CommandEntry | Checkpoint | EndEntry


@dataclass(frozen=True, slots=True)
class Recording:
    """A whole run file as read."""

    header: RunHeader
    entries: tuple[Entry, ...]
    notes: tuple[str, ...] = ()  # what was dropped when reading with torn_tail=True

    @property
    def commands(self) -> tuple[CommandEntry, ...]:
        return tuple(e for e in self.entries if isinstance(e, CommandEntry))

    @property
    def checkpoints(self) -> tuple[Checkpoint, ...]:
        return tuple(e for e in self.entries if isinstance(e, Checkpoint))

    @property
    def end(self) -> JsonObject | None:
        last = self.entries[-1] if self.entries else None
        return last.summary if isinstance(last, EndEntry) else None

    @property
    def last_tick(self) -> int | None:
        """The tick of the last command or checkpoint; None if there is none."""
        ticks = [e.tick for e in self.entries if not isinstance(e, EndEntry)]
        return ticks[-1] if ticks else None


def entry_to_json(entry: Entry) -> dict[str, Any]:
    if isinstance(entry, CommandEntry):
        return {"tick": entry.tick, "command": dict(entry.command)}
    if isinstance(entry, Checkpoint):
        return {"tick": entry.tick, "checksum": entry.checksum}
    return {"end": dict(entry.summary)}


def _encode(record: Mapping[str, Any]) -> bytes:
    """One line: sorted keys, no spaces, UTF-8, newline-terminated. Raises ValueError if not JSON."""
    try:
        text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"not JSON-serialisable: {exc}") from None
    return text.encode("utf-8") + b"\n"


def encode_entry(entry: Entry) -> bytes:
    """One entry as its line of a run file (for appenders that check the order themselves)."""
    return _encode(entry_to_json(entry))


class _Order:
    """The rules on the sequence of entries, shared by the writers and the reader."""

    __slots__ = ("ended", "tick")

    def __init__(self) -> None:
        self.tick = -1
        self.ended = False

    def check(self, entry: Entry) -> None:
        if self.ended:
            raise ValueError("an entry after the end of the run")
        if isinstance(entry, EndEntry):
            self.ended = True
            return
        tick = entry.tick
        if isinstance(tick, bool) or not isinstance(tick, int) or tick < 0:
            raise ValueError(f"tick must be a whole number >= 0, got {tick!r}")
        if tick < self.tick:
            raise ValueError(f"ticks go backwards (tick {tick} after tick {self.tick})")
        self.tick = tick


# ---- writing -------------------------------------------------------------------------------------




def save_atomic(path: PathLike, header: RunHeader, entries: Iterable[Entry], *, fsync: bool = True) -> None:
    """Write a whole run file: into a temporary file in the same directory, then `os.replace` it
    over `path`. If anything fails (the entries iterator raising, a bad entry, a full disk), the
    temporary file is removed, `path` is left as it was and the error propagates (ValueError for a
    bad entry)."""
    target = Path(path)
    fd, temp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(_encode(header.to_json()))
            order = _Order()
            for entry in entries:
                order.check(entry)
                out.write(_encode(entry_to_json(entry)))
            out.flush()
            if fsync:
                os.fsync(out.fileno())
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    if fsync:
        fsync_directory(target.parent)


class RecordingWriter:
    """Appends a run file line by line, flushing each line (and fsyncing it with `fsync=True`).

    `RecordingWriter(path, header)` starts a new file (replacing any old one) with the header;
    `RecordingWriter.resume(path)` checks an existing file with `read_recording` and appends to it.
    Entries that would make the file unreadable (ticks going backwards, anything after the end,
    values that are not JSON) raise ValueError and write nothing.
    """

    def __init__(self, path: PathLike, header: RunHeader, *, fsync: bool = False) -> None:
        self.path = Path(path)
        self._fsync = fsync
        self._order = _Order()
        line = _encode(header.to_json())
        self._file: BinaryIO = open(self.path, "wb")  # noqa: SIM115 - closed by close()
        self._write(line)

    @classmethod
    def resume(
        cls, path: PathLike, *, expected_content_hash: str | None = None, fsync: bool = False
    ) -> RecordingWriter:
        """Continue an existing run file (refused like `read_recording` refuses it)."""
        recording = read_recording(path, expected_content_hash=expected_content_hash)
        writer = cls.__new__(cls)
        writer.path = Path(path)
        writer._fsync = fsync
        writer._order = _Order()
        for entry in recording.entries:
            writer._order.check(entry)
        writer._file = open(writer.path, "ab")  # noqa: SIM115 - closed by close()
        return writer

    def _write(self, line: bytes) -> None:
        self._file.write(line)
        self._file.flush()
        if self._fsync:
            os.fsync(self._file.fileno())

    def write(self, entry: Entry) -> None:
        line = _encode(entry_to_json(entry))  # before the order check: a bad value changes nothing
        probe = _Order()
        probe.tick, probe.ended = self._order.tick, self._order.ended
        probe.check(entry)
        self._write(line)
        self._order = probe

    def command(self, tick: int, command: JsonObject) -> None:
        self.write(CommandEntry(tick, command))

    def checkpoint(self, tick: int, checksum: str) -> None:
        self.write(Checkpoint(tick, checksum))

    def end(self, summary: JsonObject) -> None:
        self.write(EndEntry(summary))

    @property
    def closed(self) -> bool:
        return self._file.closed

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()


# ---- reading -------------------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


# One decoder for every line: what `json.loads(text, parse_constant=...)` builds afresh per call.
_DECODER = json.JSONDecoder(parse_constant=_reject_constant)


def _depth(raw: bytes) -> int:
    """How deeply the JSON text nests (brackets inside strings counted too: an over-estimate)."""
    depth = deepest = 0
    for byte in raw.translate(None, _NOT_BRACKETS):
        depth += 1 if byte in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def _parse_line(raw: bytes) -> Any:
    if len(raw) > MAX_LINE:
        raise ValueError(f"the line is {len(raw)} bytes long (at most {MAX_LINE})")
    if _depth(raw) > MAX_DEPTH:
        raise ValueError(f"nested more than {MAX_DEPTH} deep")
    try:
        return _DECODER.decode(raw.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply") from None


def _header(data: Any, path: Path) -> RunHeader:
    if not isinstance(data, dict):
        raise RecordingError(path, "not a Steelstep run file (line 1 is not a JSON object)", 1)
    if data.get("kind") != KIND:
        raise RecordingError(path, f"not a Steelstep run file (kind {data.get('kind')!r}, expected {KIND!r})", 1)
    version = data.get("format")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordingError(path, f"bad run file format {version!r}", 1)
    if version < OLDEST_FORMAT:
        raise RecordingError(
            path,
            f"recorded by an older version of Steelstep (run format {version}; this version reads format "
            f"{OLDEST_FORMAT} to {FORMAT_VERSION}): it would not replay the same, start a new run",
            1,
            outdated=True,
        )
    if version > FORMAT_VERSION:
        raise RecordingError(
            path,
            f"written by a newer version of Steelstep (run format {version}; this version reads up to "
            f"format {FORMAT_VERSION})",
            1,
            outdated=True,
        )
    wanted: dict[str, type | tuple[type, ...]] = {
        "seed": int,
        "house_rules": dict,
        "content_hash": str,
        "setup": dict,
        "game_version": str,
    }
    for key, kind in wanted.items():
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RecordingError(path, f"header field {key!r} is missing or of the wrong type ({value!r})", 1)
    system = data.get("system", "tros_sos")
    if not isinstance(system, str):
        raise RecordingError(path, f"header field 'system' is not a combat system's name ({system!r})", 1)
    return RunHeader(
        seed=data["seed"],
        house_rules=data["house_rules"],
        content_hash=data["content_hash"],
        setup=data["setup"],
        game_version=data["game_version"],
        format=version,
        system=system,
    )


def parse_header(data: Any, path: Path) -> RunHeader:
    """A run header from its JSON object (a run file's first line, an event log's `run`); RecordingError
    with a one-line reason if it is not one."""
    return _header(data, path)


def _entry(data: Any) -> Entry:
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    keys = set(data)
    if keys == {"tick", "command"}:
        if not isinstance(data["command"], dict):
            raise ValueError("a command must be a JSON object")
        return CommandEntry(data["tick"], data["command"])
    if keys == {"tick", "checksum"}:
        if not isinstance(data["checksum"], str):
            raise ValueError("a checksum must be a string")
        return Checkpoint(data["tick"], data["checksum"])
    if keys == {"end"}:
        if not isinstance(data["end"], dict):
            raise ValueError("an end summary must be a JSON object")
        return EndEntry(data["end"])
    raise ValueError(f"unknown entry with keys {sorted(keys)} (expected tick+command, tick+checksum or end)")


Hashes = str | Sequence[str] | None


def read_recording(path: PathLike, *, expected_content_hash: Hashes = None) -> Recording:
    """Read and check a whole run file; see the module docstring for what is refused. With
    `expected_content_hash` (the running game's `Catalog.content_hash`, or several accepted ones,
    the first the current), a run recorded with other content is refused too."""
    return _read(Path(path), expected_content_hash, torn_tail=False)


def read_autosave(path: PathLike, *, expected_content_hash: Hashes = None) -> Recording:
    """`read_recording`, but a half-written last line (the game was killed while writing it) is
    dropped with a note in `Recording.notes` instead of refusing the file."""
    return _read(Path(path), expected_content_hash, torn_tail=True)


def _read(source: Path, expected_content_hash: Hashes, *, torn_tail: bool) -> Recording:
    try:
        data = source.read_bytes()
    except FileNotFoundError:
        raise RecordingError(source, "no such file") from None
    except IsADirectoryError:
        raise RecordingError(source, "a directory, not a run file") from None
    except OSError as exc:
        raise RecordingError(source, f"cannot read: {exc.strerror or exc}") from None
    data = data.removeprefix(BOM)
    if not data:
        raise RecordingError(source, "empty file (not a Steelstep run)")
    lines = data.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline
    if not lines and not tail.startswith(b"{"):
        raise RecordingError(source, "not a Steelstep run file (not JSON Lines)", 1)
    notes: list[str] = []
    if tail and torn_tail and lines:
        notes.append(f"dropped the half-written last line (line {len(lines) + 1})")
        tail = b""
    header: RunHeader | None = None
    entries: list[Entry] = []
    order = _Order()
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            raise RecordingError(source, "empty line (a run file has one JSON object per line)", number)
        try:
            value = _parse_line(raw)
        except (UnicodeDecodeError, ValueError) as exc:
            what = "not a Steelstep run file (not JSON Lines)" if number == 1 else "not JSON"
            raise RecordingError(source, f"{what}: {_first_line(exc)}", number) from None
        if header is None:
            header = _header(value, source)
            accepted = (expected_content_hash,) if isinstance(expected_content_hash, str) else expected_content_hash
            if accepted is not None and header.content_hash not in accepted:
                raise RecordingError(
                    source,
                    f"the content changed since this run was recorded (content hash {header.content_hash[:12]}, "
                    f"the game's content is {accepted[0][:12]}): it cannot be replayed",
                    1,
                )
            continue
        try:
            entry = _entry(value)
            order.check(entry)
        except ValueError as exc:
            raise RecordingError(source, _first_line(exc), number) from None
        entries.append(entry)
    if tail:
        number = len(lines) + 1
        raise RecordingError(source, f"truncated at line {number}: the line has no end (the file was cut off)", number)
    assert header is not None  # data is not empty and every line was complete
    if notes:
        entries, dropped = _without_unchecked_tail(entries)
        if dropped:
            notes.append(f"dropped {dropped} command(s) after the last checkpoint")
    return Recording(header, tuple(entries), tuple(notes))


def _without_unchecked_tail(entries: list[Entry]) -> tuple[list[Entry], int]:
    """Drop the commands after the last checkpoint that started a tick it does not hold (the
    checkpoint was in the torn line); free commands given at the last checkpoint's tick stay."""
    last = max((e.tick for e in entries if isinstance(e, Checkpoint)), default=-1)
    keep = list(entries)
    dropped = 0
    while keep and isinstance(keep[-1], CommandEntry) and keep[-1].tick > last:
        keep.pop()
        dropped += 1
    return keep, dropped


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    message = text[0] if text else type(exc).__name__
    return message if len(message) <= 200 else message[:197] + "..."
