"""The event log rebuilds the whole world (issue 9): folding a run's events onto its starting state,
with no rules call and no random draw, gives exactly the live state at every tick; the event log's
command line (`run --events/--digest`, `fold`); time travel by folding (`game.sim.history.History`)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.digest import checksum, digest, snapshot
from game.sim.fold import fold
from game.sim.history import (
    EventLogWriter,
    History,
    HistoryError,
    _link,
    fold_events,
    read_event_log,
    record,
    starting_state,
)
from game.sim.runfile import accepted_content_hashes, header_for
from game.sim.scenario_file import dungeon_setup, load_named_scenario
from game.sim.state import WorldState
from game.sim.world import World
from tests.world.test_world_runs import player_command
from tests.world.worlds import world

PARTY = ("player_fighter", "companion_spearman")


def first_difference(live: dict[str, Any], folded: dict[str, Any], path: str = "") -> str:
    for key in sorted(set(live) | set(folded)):
        a, b = live.get(key), folded.get(key)
        if a != b:
            if isinstance(a, dict) and isinstance(b, dict):
                return first_difference(a, b, f"{path}.{key}")
            return f"{path}.{key}: live {a!r}, folded {b!r}"
    return ""


class Shadow:
    """A state folded from the world's events alone, beside the live one."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.state: WorldState = world.starting_state()
        self.fold(world.opening)
        self.compare()

    def fold(self, events: list[ev.WorldEvent]) -> None:
        for e in events:
            fold(self.state, e)

    def compare(self) -> None:
        live, folded = snapshot(self.world.state), snapshot(self.state)
        assert live == folded, f"tick {self.world.state.tick}: {first_difference(live, folded)}"
        assert checksum(self.state) == self.world.checksum()  # what `fold FILE` checks at each tick's end

    def step(self, command: Any = None) -> list[ev.WorldEvent]:
        events = self.world.apply(command or Confirm())
        self.fold(events)
        self.compare()
        return events


def run_and_compare(world: World, ticks: int) -> None:
    shadow = Shadow(world)
    for _ in range(ticks):
        shadow.step()
        if world.state.over is not None:
            break


def fights(world: World) -> int:
    return sum(1 for a in world.state.actors.values() if not a.alive)


HOUSE_RULE_VARIANTS: list[dict[str, object]] = [
    {"initiative_model": "target_plus_global"},
    {"initiative_model": "red_white"},
    {"adjacency": 8},
    {"auto_chase": True},
    {"quick_attack": True},
    {"declare_roots_only": True},
    {"negative_pool": "no_roll"},
    {"allow_force_enter": False},
    {"allow_not_buying": False},
    {"stance_bonus": True},
    {"mutual_hit_winner": "prior_holder"},
    {"mutual_hit_winner": "last_hitter"},
]

RUNS: list[tuple[str, int, dict[str, object]]] = (
    [("dungeon", seed, {}) for seed in range(40)]
    + [(name, seed, {}) for name in ("arena_three_way", "guards_and_bandits", "corridor_chase") for seed in range(10)]
    + [(name, seed, rules) for rules in HOUSE_RULE_VARIANTS for name, seed in
       (("arena_three_way", 7), ("guards_and_bandits", 3), ("dungeon", 11))]
)


@pytest.mark.parametrize(("where", "seed", "house_rules"), RUNS,
                         ids=[f"{w}-{s}-{'-'.join(f'{k}={v}' for k, v in r.items()) or 'default'}" for w, s, r in RUNS])
def test_folding_the_log_gives_the_live_state_at_every_tick(
        where: str, seed: int, house_rules: dict[str, object]) -> None:
    setup = dungeon_setup(seed, party=PARTY) if where == "dungeon" else load_named_scenario(where)
    world = World(setup, seed=seed, house_rules=house_rules, player_ai=True)
    run_and_compare(world, 300 if where == "dungeon" else 120)
    assert world.state.tick > 0


def test_the_runs_above_fight_wound_and_kill() -> None:
    """The comparison means something only if the runs do what the fold must rebuild."""
    world = World(load_named_scenario("arena_three_way"), seed=7, player_ai=True)
    shadow = Shadow(world)
    kinds: set[str] = set()
    for _ in range(120):
        for e in shadow.step():
            if isinstance(e, ev.RulesEvent):
                kinds.add(e.event.type)
    assert {"declared", "attack", "wound", "initiative", "clock", "round_end"} <= kinds
    assert fights(world) > 0


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000), st.lists(st.integers(min_value=0, max_value=99), max_size=60),
       st.sampled_from(["arena_three_way", "guards_and_bandits", "corridor_chase"]))
def test_folding_matches_over_random_player_commands(seed: int, choices: list[int], scenario: str) -> None:
    """The leader played by random (sometimes refused) commands: steps, orientations, targets,
    declarations, bump frames."""
    shadow = Shadow(World(load_named_scenario(scenario), seed=seed))
    for choice in choices:
        shadow.step(player_command(shadow.world, choice))


def test_folding_matches_with_shots_at_the_leader() -> None:
    """The leader (not the AI) owes his declaration while a shot is in the air at him, and answers with
    CP against it (`shot_defence_cp`)."""
    cast = {"@": ("player_fighter", "player", True), "a": ("bandit_archer", "bandits", False),
            "b": ("bandit", "bandits", False)}
    shadow = Shadow(world(["##############", "#@b........a.#", "##############"], cast=cast, seed=2))
    shots = 0
    for _ in range(40):
        pending = shadow.world.state.pending
        assert pending is not None
        if pending.incoming:
            shots += 1
            shadow.step(Confirm(shot_defence_cp=1))
        else:
            shadow.step()
        if shadow.world.state.over:
            break
    assert shots > 0


def test_a_cli_run_writes_an_event_log_that_folds_to_its_digest(tmp_path: Path) -> None:
    log = tmp_path / "events.jsonl"
    run = subprocess.run([sys.executable, "-m", "game.sim", "run", "--dungeon", "--seed", "5", "--ticks", "120",
                          "--events", str(log), "--digest"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    last = run.stdout.strip().splitlines()[-1]
    assert last.startswith("digest ") and len(last.split()[1]) == 64
    folded = subprocess.run([sys.executable, "-m", "game.sim", "fold", str(log)], capture_output=True, text=True,
                            timeout=300)
    assert folded.returncode == 0, folded.stderr
    assert folded.stdout.strip().splitlines()[-1] == last
    lines = log.read_text().splitlines()
    assert all(json.loads(line)["tick"] >= 0 for line in lines[1:])

    def fold_lines(new: list[str]) -> subprocess.CompletedProcess[str]:
        bad = tmp_path / "bad.jsonl"
        bad.write_text("\n".join(new) + "\n")
        return subprocess.run([sys.executable, "-m", "game.sim", "fold", str(bad)], capture_output=True, text=True,
                              timeout=300)

    moved = next(i for i, line in enumerate(lines) if '"type": "moved"' in line)
    changed = fold_lines([*lines[:moved], lines[moved].replace('"mp": ', '"mp": 1'), *lines[moved + 1:]])
    missing = fold_lines([*lines[:moved], *lines[moved + 1:]])
    garbage = fold_lines([*lines[:moved], "{not json", *lines[moved + 1:]])
    unknown = fold_lines([*lines[:moved], '{"tick": 3, "event": {"type": "teleported"}}', *lines[moved + 1:]])
    for result in (changed, missing, garbage, unknown):
        assert "Traceback" not in result.stderr
        if result.returncode == 0:
            assert result.stdout.strip().splitlines()[-1] != last
        else:
            assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert garbage.returncode != 0 and "not JSON" in garbage.stderr
    assert unknown.returncode != 0 and "teleported" in unknown.stderr


def rechain(lines: list[str]) -> list[str]:
    """The lines with their chain recomputed (as a careless tool that rewrote the log would)."""
    out = [lines[0]]
    chain = _link("", json.dumps(json.loads(lines[0]), sort_keys=True))
    for line in lines[1:]:
        data = json.loads(line)
        body = {"tick": data["tick"], "event": data["event"]}
        chain = _link(chain, json.dumps(body, sort_keys=True))
        out.append(json.dumps({**body, "chain": chain}, sort_keys=True))
    return out


def test_a_rechained_log_with_an_altered_event_does_not_fold_quietly(tmp_path: Path) -> None:
    """Without the chain's help, the fold itself checks every tick against the checksum the live world
    wrote (squares, HT, CP, streams): a step moved or a declaration's CP changed is refused; a wound
    dropped (its pain shows in no checksum) folds into another state, with another digest."""
    world = World(load_named_scenario("arena_three_way"), seed=7, player_ai=True)
    log = tmp_path / "events.jsonl"
    with log.open("w") as out:
        writer = EventLogWriter(out, header_for(world))
        writer.write(0, world.opening)
        for _ in range(60):
            happened = world.apply(Confirm())
            writer.write(world.state.tick, happened)
    lines = log.read_text().splitlines()
    header, logged = read_event_log(log)
    assert digest(fold_events(header, logged)) == digest(world.state)

    def edited(match: str, old: str, new: str) -> list[str]:
        i = next(i for i, line in enumerate(lines) if match in line and old in line)
        return rechain([*lines[:i], lines[i].replace(old, new, 1), *lines[i + 1:]])

    cases = [
        edited('"type": "moved"', '"to": [', '"to": [1'),
        edited('"type": "declared"', '"cp_left": ', '"cp_left": 1'),
        [line for line in rechain([x for x in lines if '"type": "wound"' not in x])],
    ]
    refused = 0
    for case in cases:
        bad = tmp_path / "bad.jsonl"
        bad.write_text("\n".join(case) + "\n")
        try:
            bad_header, bad_events = read_event_log(bad)
            folded = fold_events(bad_header, bad_events)
            assert digest(folded) != digest(world.state)  # folded, but not into the live state
        except HistoryError:
            refused += 1
    assert refused >= 2  # the moved step and the declaration's CP break the tick checksums


def test_an_event_log_with_an_older_hash_of_the_same_content_folds() -> None:
    """The event log's header accepts what a run file's does (`accepted_content_hashes`): a log written
    before display text left the content hash still folds; other content is refused."""
    world = World(load_named_scenario("arena_three_way"), seed=7, player_ai=True)
    header = header_for(world)
    for accepted in accepted_content_hashes():
        assert digest(starting_state(replace(header, content_hash=accepted))) == digest(world.starting_state())
    with pytest.raises(HistoryError, match="other game content"):
        starting_state(replace(header, content_hash="ab" * 32))


def test_read_event_log_refuses_what_is_not_one(tmp_path: Path) -> None:
    bad = tmp_path / "x.jsonl"
    bad.write_text('{"kind": "steelstep-run"}\n')
    with pytest.raises(HistoryError, match="not a Steelstep event log"):
        read_event_log(bad)
    bad.write_text("")
    with pytest.raises(HistoryError, match="empty"):
        read_event_log(bad)


def test_history_jumps_to_any_tick_by_folding() -> None:
    world = World(load_named_scenario("arena_three_way"), seed=4, player_ai=True)
    live: dict[int, dict[str, Any]] = {0: snapshot(world.state)}
    start = world.starting_state()
    events = list(world.opening)
    for _ in range(90):
        events += world.apply(Confirm())
        live[world.state.tick] = snapshot(world.state)
    history = History(start, events, every=20)
    assert history.last_tick == world.state.tick
    for tick in (90, 0, 37, 41, 40, 89, 1, 60):
        assert snapshot(history.state_at(tick)) == live[tick], tick
    # a state handed out is a copy: changing it changes nothing in the history
    some = next(iter(live[50]["actors"]))
    history.state_at(50).actors[some].fighter.cp = -99
    assert snapshot(history.state_at(50)) == live[50]


def test_record_gives_the_events_history_needs() -> None:
    world = World(dungeon_setup(3, party=PARTY), seed=3, player_ai=True)
    start, events = record(world, [Confirm()] * 40)
    history = History(start, events)
    assert digest(history.state_at(40)) == digest(world.state)
