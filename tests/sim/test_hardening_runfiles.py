"""Issue 17: run files and commands from untrusted data. A save names only a scenario of the content,
sizes are bounded before anything is built, every field of a command is checked on the way in (the
same refusal compiled or pure), every refusal is one line, and a BOM or a torn last line are handled."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.sim.command_check import MAX_TEXT, parse_command
from game.sim.commands import CommandError, Confirm, Declare, Order, Shoot, Step, from_dict, to_dict
from game.sim.recording import BOM, MAX_DEPTH, RecordingError, read_autosave, read_recording
from game.sim.runfile import ReplayMismatch, accepted_content_hashes, replay, save_run
from game.sim.scenario_file import dungeon_setup, scenario_names, setup_from_origin
from game.sim.world import World
from rules.bout import Action, PartChoice
from rules.content import default_catalog
from rules.content.layout import content_hash, default_root
from rules.content.parsed_hash import OLDER_HASHES, OlderHash


@pytest.fixture(scope="module")
def run_file(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    world = World(dungeon_setup(7, party=("player_fighter", "companion_spearman")), seed=7, player_ai=True)
    for _ in range(12):
        world.apply(Confirm())
    path = tmp_path_factory.mktemp("run") / "base.jsonl"
    save_run(world, path)
    return path.read_bytes()


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")[:-1]


def _with_header(data: bytes, **changes: Any) -> bytes:
    lines = _lines(data)
    header = json.loads(lines[0])
    for key, value in changes.items():
        if key.startswith("setup_"):
            header["setup"][key.removeprefix("setup_")] = value
        else:
            header[key] = value
    return b"\n".join([json.dumps(header).encode(), *lines[1:]]) + b"\n"


def _refusal(path: Path) -> str:
    with pytest.raises(RecordingError) as exc:
        replay(path)
    message = str(exc.value)
    assert "\n" not in message and "Traceback" not in message
    return message


# ---- the header ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["../../x", "/etc/passwd", "arena_three_way/../corridor_chase", "", "nope"])
def test_a_save_names_only_a_scenario_of_the_content(tmp_path: Path, run_file: bytes, name: str) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("a: &a [1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n")
    path = tmp_path / "run.jsonl"
    path.write_bytes(_with_header(run_file, setup_kind="scenario", setup_scenario=name))
    assert "unknown scenario" in _refusal(path)
    path.write_bytes(_with_header(run_file, setup_kind="scenario", setup_scenario=str(bomb.with_suffix(""))))
    assert "unknown scenario" in _refusal(path)


def test_every_shipped_scenario_name_is_accepted() -> None:
    names = scenario_names()
    assert "arena_three_way" in names and "bouts" not in names
    for name in names:
        assert setup_from_origin({"kind": "scenario", "scenario": name}).origin["scenario"] == name


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"setup_width": 100_000, "setup_height": 100_000}, "width must be a whole number from 20 to 200"),
        ({"setup_width": 3_000}, "width must be"),
        ({"setup_height": -5}, "height must be"),
        ({"setup_seed": 2**80}, "seed must be"),
        ({"setup_party": []}, "party must be a list of 1 to 8"),
        ({"setup_groups": [["bandit"]] * 40}, "groups must be a list of at most 12"),
        ({"setup_groups": [[5]]}, "groups[0] must be a list"),
        ({"setup_kind": "castle"}, "unknown kind 'castle'"),
        ({"setup_player_ai": "yes"}, "player_ai must be true or false"),
        ({"house_rules": {"no_such_rule": True}}, "house_rules.no_such_rule: unknown house rule"),
        ({"house_rules": {"initiative_model": "nonsense"}}, "house_rules.initiative_model"),
        ({"house_rules": {"allow_force_enter": 5}}, "house_rules.allow_force_enter"),
        ({"seed": 2**70}, "header seed"),
    ],
)
def test_bad_headers_are_refused_in_one_line(tmp_path: Path, run_file: bytes, changes: dict[str, Any],
                                             words: str) -> None:
    path = tmp_path / "run.jsonl"
    path.write_bytes(_with_header(run_file, **changes))
    assert words in _refusal(path)


def test_sizes_are_bounded_before_anything_is_built() -> None:
    with pytest.raises(ValueError, match="width"):
        setup_from_origin({"kind": "dungeon", "seed": 1, "width": 3000, "height": 3000, "party": ["player_fighter"],
                           "groups": []})


# ---- lines --------------------------------------------------------------------------------------


def test_a_bom_is_skipped(tmp_path: Path, run_file: bytes) -> None:
    path = tmp_path / "run.jsonl"
    path.write_bytes(BOM + run_file)
    plain = tmp_path / "plain.jsonl"
    plain.write_bytes(run_file)
    assert read_recording(path) == read_recording(plain)
    assert replay(path).world.checksum() == replay(plain).world.checksum()


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 3000, 100_000])
def test_deep_nesting_is_refused_not_a_recursion_error(tmp_path: Path, run_file: bytes, depth: int) -> None:
    lines = _lines(run_file)
    deep = b'{"command":{"cmd":"confirm","zone":' + b"[" * depth + b"]" * depth + b'},"tick":1}'
    path = tmp_path / "run.jsonl"
    path.write_bytes(b"\n".join([lines[0], deep, *lines[2:]]) + b"\n")
    assert f"nested more than {MAX_DEPTH} deep" in _refusal(path)


def test_a_huge_line_is_refused(tmp_path: Path, run_file: bytes) -> None:
    lines = _lines(run_file)
    huge = json.dumps({"command": {"cmd": "confirm", "x": "y" * (2 << 20)}, "tick": 1}).encode()
    path = tmp_path / "run.jsonl"
    path.write_bytes(b"\n".join([lines[0], huge, *lines[2:]]) + b"\n")
    assert "bytes long" in _refusal(path)


def test_a_torn_last_line_is_refused_by_replay_and_dropped_by_the_autosave_reader(
    tmp_path: Path, run_file: bytes
) -> None:
    lines = _lines(run_file)
    path = tmp_path / "run.jsonl"
    for cut in (1, 5, len(lines[-1]) - 1):
        path.write_bytes(run_file[: len(run_file) - 1 - cut])  # inside the last line (a checkpoint)
        assert "truncated" in _refusal(path)
        recording = read_autosave(path)
        assert recording.notes and "half-written" in recording.notes[0]
        # the command whose checkpoint was torn goes too: the rest replays in sync
        assert "dropped 1 command" in recording.notes[1]
        result = replay(path, torn_tail=True)
        assert result.ticks == json.loads(lines[-3])["tick"]


def test_old_raw_byte_content_hashes_still_load(tmp_path: Path, run_file: bytes) -> None:
    parsed, raw, *_ = accepted_content_hashes()
    assert parsed == default_catalog().content_hash and raw == content_hash(default_root()) and parsed != raw
    path = tmp_path / "run.jsonl"
    path.write_bytes(_with_header(run_file, content_hash=raw))
    assert replay(path).ticks == 12
    path.write_bytes(_with_header(run_file, content_hash="ab" * 32))
    assert "the content changed" in _refusal(path)


@pytest.mark.parametrize("older", OLDER_HASHES, ids=lambda o: o.commit[:12])
def test_version_1_content_hashes_load_while_the_rules_data_is_theirs(
    tmp_path: Path, run_file: bytes, older: OlderHash
) -> None:
    """A run saved before display text left the hash carries version 1 of it (`OLDER_HASHES`, proven in
    tests/content/test_content_hash_versions.py): it loads, replays and continues as an autosave while
    the content's rules data is still that of its commit, and is refused once a rules value changed."""
    current = default_catalog().content_hash
    assert older.hash != current
    path = tmp_path / "run.jsonl"
    path.write_bytes(_with_header(run_file, content_hash=older.hash))
    if older.rules != current:
        assert older.hash not in accepted_content_hashes()
        assert "the content changed" in _refusal(path)
        return
    assert older.hash in accepted_content_hashes()
    assert replay(path).ticks == 12
    assert replay(path, torn_tail=True).ticks == 12
    world = replay(path).world
    save_run(world, path)  # saved again, it carries today's hash
    assert json.loads(path.read_bytes().split(b"\n")[0])["content_hash"] == current


# ---- commands -----------------------------------------------------------------------------------


GOOD = [
    Step("N", "aggressive", 2), Step(None), Shoot("bandit_1", "upper"), Confirm(1),
    Declare((Action("attack", "cut", "bandit_1", 5, "upper", greater=1,
                    parts=(PartChoice("cut", 2, "lower"),)),)),
    Order("companion_spearman_1", "move_to", None, (3, 4)),
]


@pytest.mark.parametrize("command", GOOD, ids=lambda c: type(c).__name__)
def test_good_commands_round_trip(command: Any) -> None:
    assert from_dict(json.loads(json.dumps(to_dict(command)))) == command


BAD: list[tuple[object, str]] = [
    ({"cmd": "step", "direction": 5}, "bad step command: direction: must be one of"),
    ({"cmd": "step", "direction": "up"}, "direction: must be one of"),
    ({"cmd": "step", "orientation": []}, "orientation: must be a string, not a list"),
    ({"cmd": "shoot", "target": "bandit_1", "zone": 9}, "zone: must be a string, not 9"),
    ({"cmd": "shoot", "zone": "upper"}, "target: missing"),
    ({"cmd": "step", "speed": 3}, "speed: unknown key"),
    ({"cmd": "confirm", "shot_defence_cp": True}, "shot_defence_cp: must be a whole number"),
    ({"cmd": "confirm", "shot_defence_cp": 2**70}, "shot_defence_cp: must be 0 to 99"),
    ({"cmd": "bump", "shot_defence_cp": 1}, "shot_defence_cp: unknown key"),
    ({"cmd": "target", "target": "x" * (MAX_TEXT + 1)}, "target: must be 1 to 64 characters"),
    ({"cmd": "declare", "actions": {"a": 1}}, "actions: must be a list"),
    ({"cmd": "declare", "actions": [{"action": "attack", "maneuver": "cut", "dice": -1}]},
     "actions[0].dice: must be 0 to 99"),
    ({"cmd": "declare", "actions": [{"action": "attack", "maneuver": "cut", "parts": [{"maneuver": "cut"}]}]},
     "actions[0].parts[0].dice: missing"),
    ({"cmd": "declare", "actions": [{"action": "attack", "maneuver": "cut", "seize": 1}]},
     "actions[0].seize: must be true or false"),
    ({"cmd": "order", "companion": "c", "kind": "dance"}, "kind: must be one of follow"),
    ({"cmd": "order", "companion": "c", "kind": "move_to", "at": [1]}, "at: must be [x, y]"),
    ({"cmd": "order", "companion": "c", "kind": "move_to", "at": [1, -2]}, "at[1]: must be 0 to"),
    ({"cmd": "first_aid", "accept": "yes"}, "accept: must be true or false"),
    ({"cmd": "teleport"}, "unknown command 'teleport'"),
    ({"cmd": 5}, "unknown command 5"),
    ([1, 2], "a command must be a JSON object"),
]


@pytest.mark.parametrize(("data", "words"), BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_commands_are_refused_in_one_line(data: object, words: str) -> None:
    with pytest.raises(CommandError) as exc:
        parse_command(data)
    message = str(exc.value)
    assert words in message and "\n" not in message and len(message) < 300


def test_a_refused_command_in_a_run_file_names_its_tick(tmp_path: Path, run_file: bytes) -> None:
    lines = _lines(run_file)
    at = next(i for i, raw in enumerate(lines) if b'"command"' in raw)
    tick = json.loads(lines[at])["tick"]
    lines[at] = json.dumps({"command": {"cmd": "step", "direction": 5}, "tick": tick}).encode()
    path = tmp_path / "run.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    assert f"{path}:{at + 1}: bad command at tick {tick}: bad step command: direction" in _refusal(path)


def test_a_valid_but_different_command_is_a_mismatch_not_a_crash(tmp_path: Path, run_file: bytes) -> None:
    lines = _lines(run_file)
    at = next(i for i, raw in enumerate(lines) if b'"command"' in raw)
    tick = json.loads(lines[at])["tick"]
    lines[at] = json.dumps({"command": {"cmd": "target", "target": "nobody"}, "tick": tick}).encode()
    path = tmp_path / "run.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    with pytest.raises(ReplayMismatch, match="refused"):
        replay(path)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=12,
)
FIELDS = st.sampled_from(["cmd", "direction", "orientation", "shot_defence_cp", "target", "zone", "actions",
                          "choice", "companion", "kind", "at", "accept"])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["step", "aim", "shoot", "target", "declare", "bump", "confirm", "order",
                        "companion_step", "first_aid"]), st.dictionaries(FIELDS, JSON, max_size=4))
def test_any_json_command_parses_or_is_refused_in_one_line(cmd: str, fields: dict[str, Any]) -> None:
    data = {"cmd": cmd, **fields}
    try:
        command = parse_command(data)
    except CommandError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 300
        return
    assert from_dict(json.loads(json.dumps(to_dict(command)))) == command  # what is accepted round-trips
