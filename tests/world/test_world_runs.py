"""Determinism, recordings and saves (SPEC §7), invariants over random play, and a soak."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.sim import events as ev
from game.sim.commands import Confirm, Declare, Step, Target, from_dict, to_dict
from game.sim.geometry import is_adjacent
from game.sim.recording import RecordingError
from game.sim.runfile import ReplayMismatch, replay, save_run
from game.sim.scenario_file import dungeon_setup, load_named_scenario
from game.sim.world import World
from rules.menu import available_actions


def dump(events: list[ev.WorldEvent]) -> list[str]:
    return [json.dumps(e.to_dict(), sort_keys=True) for e in events]


def play(world: World, ticks: int) -> list[str]:
    out = dump(world.opening)
    for _ in range(ticks):
        out += dump(world.apply(Confirm()))
    return out


def test_same_seed_and_commands_give_the_same_event_log_byte_for_byte() -> None:
    a = play(World(load_named_scenario("arena_three_way"), player_ai=True), 80)
    b = play(World(load_named_scenario("arena_three_way"), player_ai=True), 80)
    assert a == b
    c = play(World(load_named_scenario("arena_three_way"), seed=99, player_ai=True), 80)
    assert a != c


def check_invariants(world: World) -> None:
    s = world.state
    seen: dict[tuple[int, int], str] = {}
    for actor in s.actors.values():
        assert s.tilemap.passable(actor.pos), f"{actor.id} stands in a wall"
        if actor.alive:
            key = (actor.pos.x, actor.pos.y)
            assert key not in seen, f"{actor.id} and {seen[key]} share a square"
            seen[key] = actor.id
        assert actor.fighter.cp >= 0
    if s.paused is not None:
        return  # a tick stopped at the player's bump frame: bouts are updated when it completes
    for bout in s.bouts.values():
        members = bout.members
        for m in members:
            assert any(
                o != m and s.hostile(m, o) and is_adjacent(s.actors[m].pos, s.actors[o].pos, s.house_rules.adjacency)
                for o in members
            ), f"{m} in bout {bout.id} has no adjacent hostile member"
        assert 0 <= bout.step <= 2
    # bouts in their first-exchange window whose members touch have merged (SPEC §2, §3 step 4)
    window = {b.id for b in s.bouts.values() if b.rules.clock.exchange == 1 and b.step <= 1}
    for m in s.membership:
        mine = s.bout_of(m)
        if mine is None or mine.id not in window:
            continue
        for o in s.membership:
            theirs = s.bout_of(o)
            if theirs is not None and theirs.id in window and theirs.id != mine.id and s.hostile(m, o):
                assert not is_adjacent(s.actors[m].pos, s.actors[o].pos, s.house_rules.adjacency), (
                    f"{m} (bout {mine.id}) and {o} (bout {theirs.id}) touch in their window, unmerged")
    # nobody fights in two bouts, and membership points to the bout he fights in
    fighting: dict[str, int] = {}
    for bout in s.bouts.values():
        for m in bout.members:
            assert m not in fighting, f"{m} fights in bouts {fighting[m]} and {bout.id}"
            fighting[m] = bout.id
            assert s.membership.get(m) == bout.id, f"{m} fights in bout {bout.id}, membership says otherwise"
    # a bout starting a round next to a bout busy in exchange has joined it mid-round (SPEC §2, §4.7)
    if s.house_rules.allow_force_enter:
        busy = {b.id for b in s.bouts.values() if not (b.rules.clock.exchange == 1 and b.step <= 1)}
        for bout in s.bouts.values():
            if bout.rules.clock.exchange != 1 or bout.step != 0 or bout.rules.declarations:
                continue
            for m in bout.members:
                for o in fighting:
                    if fighting[o] in busy and s.hostile(m, o):
                        assert not is_adjacent(s.actors[m].pos, s.actors[o].pos, s.house_rules.adjacency), (
                            f"{m} (bout {bout.id}, e1s0) touches {o} (busy bout {fighting[o]}), not joined")


def player_command(world: World, choice: int) -> Step | Target | Declare | Confirm:
    """A random but legal-looking command for whatever decision is owed (some will be refused)."""
    s = world.state
    pending = s.pending
    assert pending is not None
    if pending.kind == "step":
        directions = ["N", "E", "S", "W", None]
        return Step(directions[choice % 5], ["aggressive", "cautious", "defensive", None][choice % 4])
    if pending.kind == "target" and pending.options:
        return Target(pending.options[choice % len(pending.options)])
    if pending.kind == "declare" and choice % 3 == 0:
        bout = s.bout_of(s.leader)
        assert bout is not None
        return Declare(available_actions(bout.rules, s.leader).default)
    return Confirm()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000), st.lists(st.integers(min_value=0, max_value=99), max_size=60))
def test_invariants_hold_over_random_command_streams(seed: int, choices: list[int]) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=seed)
    check_invariants(world)
    for choice in choices:
        before = (world.state.tick, world.checksum())
        events = world.apply(player_command(world, choice))
        if any(isinstance(e, ev.Rejected) for e in events):
            assert len(events) == 1 and (world.state.tick, world.checksum()) == before  # refused: nothing changed
        check_invariants(world)


def test_commands_round_trip_through_json() -> None:
    world = World(load_named_scenario("arena_three_way"))
    for choice in range(40):
        command = player_command(world, choice)
        assert from_dict(json.loads(json.dumps(to_dict(command)))) == command
        world.apply(command)


def _recorded(tmp_path: Path, ticks: int = 60) -> tuple[World, Path]:
    world = World(dungeon_setup(5, party=("player_fighter", "companion_spearman")), seed=5)
    for choice in range(ticks):
        world.apply(player_command(world, choice * 7 + 3))
    path = tmp_path / "run.jsonl"
    save_run(world, path)
    return world, path


def test_record_then_replay_gives_the_same_state(tmp_path: Path) -> None:
    world, path = _recorded(tmp_path)
    result = replay(path)
    assert result.world.summary() == world.summary()
    assert result.world.checksums == world.checksums


def test_a_recording_with_one_command_altered_is_detected(tmp_path: Path) -> None:
    _, path = _recorded(tmp_path)
    lines = path.read_text().splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if '"cmd": "step"' in line.replace('":"', '": "') and i > 10)
    data = json.loads(lines[index])
    data["command"]["direction"] = {"N": "S", "S": "N", "E": "W", "W": "E", None: "E"}[data["command"]["direction"]]
    lines[index] = json.dumps(data, sort_keys=True) + "\n"
    path.write_text("".join(lines))
    with pytest.raises(ReplayMismatch, match="out of sync at tick"):
        replay(path)


def test_a_recording_with_one_line_cut_is_detected(tmp_path: Path) -> None:
    _, path = _recorded(tmp_path)
    lines = path.read_text().splitlines(keepends=True)
    del lines[len(lines) // 2]
    path.write_text("".join(lines))
    with pytest.raises((ReplayMismatch, RecordingError)):
        replay(path)


def test_a_truncated_or_foreign_file_is_refused_with_a_message(tmp_path: Path) -> None:
    _, path = _recorded(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 7])
    with pytest.raises(RecordingError, match="truncated"):
        replay(path)
    foreign = tmp_path / "foreign.jsonl"
    foreign.write_text('{"kind": "something-else", "format": 1}\n')
    with pytest.raises(RecordingError):
        replay(foreign)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(RecordingError):
        replay(empty)


def test_the_cli_runs_records_and_replays(tmp_path: Path) -> None:
    import subprocess
    import sys

    out = tmp_path / "cli.jsonl"
    run = subprocess.run([sys.executable, "-m", "game.sim", "run", "--scenario", "arena_three_way", "--seed", "4",
                          "--ticks", "50", "--record", str(out), "--log"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "[bout" in run.stdout
    ok = subprocess.run([sys.executable, "-m", "game.sim", "replay", str(out)], capture_output=True, text=True,
                        timeout=120)
    assert ok.returncode == 0 and "in sync" in ok.stdout
    text = out.read_text().splitlines()
    bad = [line.replace('"confirm"', '"bogus"') if i == 5 else line for i, line in enumerate(text)]
    out.write_text("\n".join(bad) + "\n")
    broken = subprocess.run([sys.executable, "-m", "game.sim", "replay", str(out)], capture_output=True, text=True,
                            timeout=120)
    assert broken.returncode == 1 and broken.stderr


SOAK_SEEDS = range(20)


@pytest.mark.parametrize("seed", SOAK_SEEDS)
def test_soak_seeded_dungeons_play_2000_ticks(seed: int) -> None:
    world = World(dungeon_setup(seed, party=("player_fighter", "companion_spearman")), seed=seed, player_ai=True)
    for tick in range(2000):
        world.apply(Confirm())
        if tick % 50 == 0:
            check_invariants(world)
    check_invariants(world)


def test_the_world_content_check_cli(tmp_path: Path) -> None:
    import shutil
    import subprocess
    import sys
    from importlib.resources import files

    ok = subprocess.run([sys.executable, "-m", "game.sim", "check"], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0 and "world content OK" in ok.stdout
    root = tmp_path / "content"
    shutil.copytree(str(files("content")), root)
    creatures = root / "creatures.yaml"
    creatures.write_text(creatures.read_text().replace("weapon: spear", "weapon: lance", 1))
    bad = subprocess.run([sys.executable, "-m", "game.sim", "check", str(root)], capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 1
    assert "creatures.yaml:" in bad.stdout and "lance" in bad.stdout


def test_every_world_event_that_changes_a_fact_folds() -> None:
    """The rules' events the world carries (`RulesEvent`, `ShotLanded`, `Bled`) fold through
    `rules.fold` when a state is rebuilt (live, the rules folded them as they emitted them), and every
    world fact has its handler (tests/world/test_world_history.py rebuilds whole runs)."""
    from game.sim import fold

    assert {ev.RulesEvent, ev.ShotLanded, ev.Bled, ev.MovementInitiative, ev.StreamsAt, ev.BoutReach} <= set(
        fold._HANDLERS)
    assert {ev.Moved, ev.BoutStarted, ev.BoutJoined, ev.BoutLeft, ev.Died, ev.TickStarted} <= set(fold._HANDLERS)
