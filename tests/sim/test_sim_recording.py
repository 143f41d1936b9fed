"""game.sim.recording: round trips, every refusal, atomic saves, and truncation at any byte."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.sim.recording import (
    FORMAT_VERSION,
    KIND,
    OLDEST_FORMAT,
    Checkpoint,
    CommandEntry,
    EndEntry,
    Entry,
    Recording,
    RecordingError,
    RecordingWriter,
    RunHeader,
    game_version,
    read_recording,
    save_atomic,
)

HEADER = RunHeader(
    seed=42,
    house_rules={"auto_chase": True, "adjacency": 4},
    content_hash="ab" * 32,
    setup={"kind": "scenario", "scenario": "arena_three_way"},
    game_version="0.1.0",
)

ENTRIES: tuple[Entry, ...] = (
    Checkpoint(0, "c0"),
    CommandEntry(1, {"actor": "player", "move": "N"}),
    Checkpoint(1, "c1"),
    CommandEntry(2, {"actor": "player", "say": "Grüß Gott \u2028 ✓", "list": [1, 2.5, None, True]}),
    CommandEntry(2, {"answer": "follow"}),
    Checkpoint(2, "c2"),
    CommandEntry(5, {"wait": 3}),
    Checkpoint(5, "c5"),
    EndEntry({"winner": "player", "ticks": 5}),
)


def _write_lines(path: Path, *records: object, raw: bytes = b"") -> Path:
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records) + raw)
    return path


def _header_json(**changes: object) -> dict[str, object]:
    return {**HEADER.to_json(), **changes}


def _refused(path: Path, match: str, **kwargs: str) -> RecordingError:
    with pytest.raises(RecordingError, match=match) as exc:
        read_recording(path, **kwargs)
    assert str(path) in str(exc.value)
    return exc.value


# ---- round trips -----------------------------------------------------------------------------------


def test_writer_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with RecordingWriter(path, HEADER) as writer:
        for entry in ENTRIES:
            writer.write(entry)
    rec = read_recording(path, expected_content_hash=HEADER.content_hash)
    assert rec == Recording(HEADER, ENTRIES)
    assert rec.end == {"winner": "player", "ticks": 5}
    assert rec.last_tick == 5
    assert [c.tick for c in rec.commands] == [1, 2, 2, 5]
    assert [c.checksum for c in rec.checkpoints] == ["c0", "c1", "c2", "c5"]
    lines = path.read_bytes().split(b"\n")
    assert lines[-1] == b""
    first = json.loads(lines[0])
    assert first["kind"] == KIND and first["format"] == FORMAT_VERSION
    assert set(first) == {"kind", "format", "seed", "house_rules", "content_hash", "setup", "game_version", "system"}
    assert json.loads(lines[2]) == {"tick": 1, "command": {"actor": "player", "move": "N"}}


def test_writer_helpers_flush_each_line(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    writer = RecordingWriter(path, HEADER)
    writer.command(0, {"move": "E"})
    assert read_recording(path).commands == (CommandEntry(0, {"move": "E"}),)  # readable while open
    writer.checkpoint(0, "x")
    writer.end({})
    writer.close()
    assert writer.closed
    assert read_recording(path).end == {}


def test_save_atomic_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "save.jsonl"
    save_atomic(path, HEADER, ENTRIES)
    assert read_recording(path) == Recording(HEADER, ENTRIES)
    save_atomic(path, HEADER, iter(ENTRIES[:3]))  # replaces the old save
    assert read_recording(path).entries == ENTRIES[:3]
    assert [p.name for p in tmp_path.iterdir()] == ["save.jsonl"]


def test_resume_appends(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    save_atomic(path, HEADER, ENTRIES[:4])
    with RecordingWriter.resume(path, expected_content_hash=HEADER.content_hash) as writer:
        with pytest.raises(ValueError, match="ticks go backwards"):
            writer.command(1, {})
        for entry in ENTRIES[4:]:
            writer.write(entry)
    assert read_recording(path).entries == ENTRIES
    with pytest.raises(RecordingError, match="content changed"):
        RecordingWriter.resume(path, expected_content_hash="cd" * 32)


def test_header_without_entries(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    RecordingWriter(path, HEADER).close()
    rec = read_recording(path)
    assert rec.entries == () and rec.end is None and rec.last_tick is None


def test_unknown_header_fields_are_ignored(tmp_path: Path) -> None:
    path = _write_lines(tmp_path / "run.jsonl", _header_json(player_name="Ann"), {"tick": 0, "checksum": "c"})
    assert read_recording(path).header == HEADER


def test_game_version() -> None:
    assert isinstance(game_version(), str) and game_version()


# ---- the writers refuse what the reader would refuse ------------------------------------------------


def test_writer_refuses_bad_entries(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with RecordingWriter(path, HEADER) as writer:
        writer.command(3, {"a": 1})
        with pytest.raises(ValueError, match=r"ticks go backwards \(tick 2 after tick 3\)"):
            writer.command(2, {})
        with pytest.raises(ValueError, match="not JSON-serialisable"):
            writer.command(4, {"obj": object()})
        with pytest.raises(ValueError, match="not JSON-serialisable"):
            writer.checkpoint(4, float("nan"))  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="tick must be a whole number"):
            writer.command(-1, {})
        writer.end({"done": True})
        with pytest.raises(ValueError, match="after the end"):
            writer.checkpoint(9, "x")
    assert read_recording(path).entries == (CommandEntry(3, {"a": 1}), EndEntry({"done": True}))


def test_save_atomic_keeps_the_old_file_when_the_entries_fail(tmp_path: Path) -> None:
    path = tmp_path / "save.jsonl"
    save_atomic(path, HEADER, ENTRIES)
    before = path.read_bytes()

    def failing() -> Iterator[Entry]:
        yield from ENTRIES[:5]
        raise RuntimeError("the world crashed while saving")

    with pytest.raises(RuntimeError, match="crashed"):
        save_atomic(path, HEADER, failing())
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["save.jsonl"]  # no temporary file left behind

    with pytest.raises(ValueError, match="ticks go backwards"):
        save_atomic(path, HEADER, [Checkpoint(3, "a"), Checkpoint(2, "b")])
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["save.jsonl"]


def test_save_atomic_into_a_new_file_that_fails(tmp_path: Path) -> None:
    path = tmp_path / "new.jsonl"

    def failing() -> Iterator[Entry]:
        yield Checkpoint(0, "x")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        save_atomic(path, HEADER, failing())
    assert list(tmp_path.iterdir()) == []


# ---- refusals ---------------------------------------------------------------------------------------


def test_refuses_missing_and_empty(tmp_path: Path) -> None:
    _refused(tmp_path / "nothing.jsonl", "no such file")
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    err = _refused(empty, "empty file")
    assert err.line is None


@pytest.mark.parametrize(
    ("content", "match", "line"),
    [
        (b"hello world", "not a Steelstep run file", 1),
        (b"hello world\n", r"not a Steelstep run file \(not JSON Lines\)", 1),
        (b"\x89PNG\r\n\x1a\n", "not a Steelstep run file", 1),
        (b"\n", "empty line", 1),
        (b"[1, 2]\n", r"not a Steelstep run file \(line 1 is not a JSON object\)", 1),
        (b'{"kind": "something-else", "format": 1}\n', "not a Steelstep run file \\(kind 'something-else'", 1),
        (b'{"format": 1}\n', r"not a Steelstep run file \(kind None", 1),
    ],
)
def test_refuses_other_files(tmp_path: Path, content: bytes, match: str, line: int) -> None:
    path = tmp_path / "other.jsonl"
    path.write_bytes(content)
    assert _refused(path, match).line == line


def test_refuses_newer_and_bad_formats(tmp_path: Path) -> None:
    path = _write_lines(tmp_path / "run.jsonl", _header_json(format=FORMAT_VERSION + 1))
    err = _refused(path, "newer version of Steelstep")
    assert f"format {FORMAT_VERSION + 1}" in str(err) and err.line == 1
    for bad in (0, "1", None, True):
        _refused(_write_lines(path, _header_json(format=bad)), "bad run file format")


@pytest.mark.parametrize("old", [1, 2, 3, 4, 5, 6, 7, 8, 9])
def test_refuses_older_runs_with_a_clear_message(tmp_path: Path, old: int) -> None:
    assert FORMAT_VERSION == 10 and OLDEST_FORMAT == 10  # format 9 scenarios went on past a rout
    err = _refused(_write_lines(tmp_path / "run.jsonl", _header_json(format=old)), "older version of Steelstep")
    assert f"run format {old}" in str(err) and "start a new run" in str(err) and err.line == 1


@pytest.mark.parametrize("field", ["seed", "house_rules", "content_hash", "setup", "game_version"])
def test_refuses_bad_header_fields(tmp_path: Path, field: str) -> None:
    header = _header_json()
    del header[field]
    _refused(_write_lines(tmp_path / "run.jsonl", header), f"header field '{field}' is missing")
    _refused(_write_lines(tmp_path / "run.jsonl", _header_json(**{field: True})), f"header field '{field}'")


def test_refuses_other_content(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    save_atomic(path, HEADER, ENTRIES)
    err = _refused(path, "the content changed since this run was recorded", expected_content_hash="cd" * 32)
    assert "abababababab" in str(err) and "cdcdcdcdcdcd" in str(err)
    assert read_recording(path, expected_content_hash=HEADER.content_hash).entries == ENTRIES


@pytest.mark.parametrize(
    ("lines", "match", "line"),
    [
        ([{"tick": 3, "checksum": "a"}, {"tick": 2, "command": {}}], r"ticks go backwards \(tick 2 after tick 3\)", 3),
        ([{"end": {}}, {"tick": 0, "checksum": "a"}], "after the end", 3),
        ([{"tick": -1, "checksum": "a"}], "tick must be a whole number", 2),
        ([{"tick": 1.5, "checksum": "a"}], "tick must be a whole number", 2),
        ([{"tick": True, "checksum": "a"}], "tick must be a whole number", 2),
        ([{"tick": 0, "command": "N"}], "a command must be a JSON object", 2),
        ([{"tick": 0, "checksum": 5}], "a checksum must be a string", 2),
        ([{"end": []}], "an end summary must be a JSON object", 2),
        ([{"tick": 0}], "unknown entry", 2),
        ([{"tick": 0, "command": {}, "checksum": "x"}], "unknown entry", 2),
        ([[1, 2]], "not a JSON object", 2),
    ],
)
def test_refuses_bad_entries(tmp_path: Path, lines: list[object], match: str, line: int) -> None:
    path = _write_lines(tmp_path / "run.jsonl", _header_json(), *lines)
    assert _refused(path, match).line == line


@pytest.mark.parametrize(
    ("raw", "match", "line"),
    [
        (b'{"tick": 1, "check\n', r":2: not JSON: Unterminated string", 2),
        (b"\n", "empty line", 2),
        (b'{"tick": 1, "checksum": NaN}\n', "NaN is not allowed", 2),
        (b'{"tick": 1, "checksum": "\xff"}\n', "not JSON", 2),
        (b'{"tick": 1, "checksum": "a"}', "truncated at line 2", 2),
        (b'{"tick": 1, "chec', "truncated at line 2", 2),
    ],
)
def test_refuses_broken_lines(tmp_path: Path, raw: bytes, match: str, line: int) -> None:
    path = _write_lines(tmp_path / "run.jsonl", _header_json(), raw=raw)
    assert _refused(path, match).line == line


# ---- truncation at any byte -------------------------------------------------------------------------


def _full_file() -> bytes:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "run.jsonl"
        save_atomic(path, HEADER, ENTRIES, fsync=False)
        return path.read_bytes()


FULL = _full_file()


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=len(FULL)))
def test_truncated_anywhere(cut: int) -> None:
    """Cut on a line boundary: the entries before the cut, exactly. Cut mid-line: "truncated at
    line N" (N the cut line). Cut to nothing: empty file. Never anything else."""
    data = FULL[:cut]
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "cut.jsonl"
        path.write_bytes(data)
        if cut == 0:
            with pytest.raises(RecordingError, match="empty file"):
                read_recording(path)
        elif data.endswith(b"\n"):
            complete = data.count(b"\n")
            assert read_recording(path) == Recording(HEADER, ENTRIES[: complete - 1])
        else:
            line = data.count(b"\n") + 1
            with pytest.raises(RecordingError, match=f"truncated at line {line}:") as exc:
                read_recording(path)
            assert exc.value.line == line
