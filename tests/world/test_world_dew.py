"""Dew's detailed sequence (`rules.dew`) hosted by the world (issue 15, through `rules.dew.hosted`): bouts
started in the world are placed by the system (stats from `content/dew_stats.yaml` by creature, ranges the
Chebyshev distance between squares), its maneuvers walk on the map, a character out of the sequence is out
of the world's fight (through the fold), the leader answers its decisions as generic data (`decide`,
`Answer`), its table reaches the screen through the player view, the event log rebuilds the world and the
sequence's own state at every tick, and a recording replays in sync."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from game.sim import events as ev
from game.sim.commands import Answer, Confirm, Step
from game.sim.geometry import chebyshev
from game.sim.log import describe
from game.sim.player_view import bout_clock, system_table
from game.sim.runfile import replay, save_run
from game.sim.scenario_file import load_named_scenario
from game.sim.state import WorldState
from game.sim.system_moves import walk
from game.sim.world import World
from rules.bout import IllegalAction
from rules.dew import events as dev
from rules.dew.hosted import HostedDew, as_dew
from rules.dew.state import DewBout, clamp_range
from rules.systems import Entrant, world_system
from tests.world.test_world_history import Shadow

SYSTEM = "dew_sequence"
ROOT = Path(__file__).resolve().parents[2]


def arena(seed: int, player_ai: bool = True) -> World:
    return World(load_named_scenario("arena_three_way"), seed=seed, player_ai=player_ai, combat_system=SYSTEM)


def dew_snapshot(bout: DewBout) -> dict[str, Any]:
    data = {k: v for k, v in bout.__dict__.items() if k not in ("stats", "fighters", "away")}
    data["fighters"] = {fid: asdict(f) for fid, f in bout.fighters.items()}
    data["away"] = {fid: asdict(f) for fid, f in bout.away.items()}
    return data


def dew_states(state: WorldState) -> dict[int, dict[str, Any]]:
    return {bid: dew_snapshot(as_dew(b.rules)) for bid, b in sorted(state.bouts.items())}


def check_world(w: World) -> None:
    """Every Dew character out of the fight is out of the world's fight; every range is the squares'."""
    s = w.state
    for bout in s.bouts.values():
        b = as_dew(bout.rules)
        for fid, f in b.fighters.items():
            if not f.conscious:
                assert s.actors[fid].fighter.out_of_fight, f"{fid} is down in the sequence, not in the world"
        members = [m for m in bout.members if m in b.fighters]
        for i, one in enumerate(members):
            for other in members[i + 1:]:
                grid = clamp_range(chebyshev(s.actors[one].pos, s.actors[other].pos))
                assert b.range(one, other) == grid, f"range {one}-{other}: {b.range(one, other)}, squares {grid}"


def rules_events(events: list[ev.WorldEvent]) -> list[object]:
    return [e.event for e in events if isinstance(e, ev.RulesEvent)]


def test_the_world_hosts_it() -> None:
    assert isinstance(world_system(SYSTEM), HostedDew)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_an_ai_arena_fights_to_an_end_and_the_log_rebuilds_it_every_tick(seed: int) -> None:
    w = arena(seed)
    shadow = Shadow(w)
    seen: list[object] = []
    for _ in range(300):
        if w.state.over is not None:
            break
        seen += rules_events(shadow.step(Confirm()))
        check_world(w)
        assert dew_states(shadow.state) == dew_states(w.state), f"tick {w.state.tick}: the sequence's state"
    assert w.state.over is not None, "the arena did not end in 300 ticks"
    kinds = {type(e) for e in seen}
    assert {dev.Joined, dev.RoundBegan, dev.HitRoll, dev.Damaged, dev.OutOfFight} <= kinds
    down = [e.fighter for e in seen if isinstance(e, dev.OutOfFight)]
    assert down and all(w.state.actors[fid].fighter.out_of_fight for fid in down)
    assert all(w.state.actors[fid].pos not in w.state.occupancy or w.state.occupancy[w.state.actors[fid].pos] != fid
               for fid in down), "the fallen are taken off the map"


def test_a_maneuver_walks_on_the_map_and_the_ranges_follow() -> None:
    w = arena(1)
    for _ in range(40):
        if any(len(b.members) >= 2 for b in w.state.bouts.values()):
            break
        w.apply(Confirm())
    bout = next(b for b in w.state.bouts.values() if len(b.members) >= 2)
    one, other = sorted(bout.members)[:2]
    s = w.state
    before = chebyshev(s.actors[one].pos, s.actors[other].pos)
    moves = w.system.map_moves([dev.Maneuvered(one, other, "open", 40, before, before + 2)])
    assert moves == ((one, other, 2),)
    walk(w.core, moves)
    events = w.core.take()
    assert [type(e) for e in events] == [ev.Moved] * len(events) and events
    after = chebyshev(s.actors[one].pos, s.actors[other].pos)
    assert after > before
    placed = w.system.enter(bout.rules, w.membership.entrant)
    assert any(isinstance(e, dev.RangeSet) for e in placed)
    assert as_dew(bout.rules).range(one, other) == clamp_range(after)
    closing = w.system.map_moves([dev.Moved(one, other, "close", 3, False, 0)])
    assert closing == ((one, other, -3),)


def test_merge_and_split_carry_the_characters_as_they_are() -> None:
    from rules.content import default_catalog
    from rules.fighter import FighterSheet

    catalog = default_catalog()
    dew = HostedDew()
    sheets = {fid: FighterSheet.build(catalog, id=fid, name=fid.title(), side=side)
              for fid, side in (("a", "red"), ("b", "blue"), ("c", "red"), ("d", "blue"))}
    creature = {"a": "bandit", "b": "goblin", "c": "bandit", "d": "goblin"}
    where = {"a": (1, 1), "b": (2, 1), "c": (5, 5), "d": (6, 5)}

    def entrant(fid: str) -> Entrant:
        return Entrant(creature[fid], sheets[fid].side, where[fid])

    one = dew.new_bout(catalog, [sheets["a"], sheets["b"]])
    two = dew.new_bout(catalog, [sheets["c"], sheets["d"]])
    dew.enter(one, entrant)
    dew.enter(two, entrant)
    as_dew(two).fighters["c"].en = 3  # hurt in his own bout
    dew.merge(one, two)
    for fid in ("c", "d"):
        one.add_fighter(two.fighters[fid])
    assert as_dew(one).fighters["c"].en == 3
    assert not [e for e in dew.enter(one, entrant) if isinstance(e, dev.Joined)]  # nobody placed afresh
    assert as_dew(one).range("a", "d") == 5
    new = dew.new_bout(catalog, [one.fighters["c"], one.fighters["d"]])
    dew.split(one, new)
    for fid in ("c", "d"):
        one.remove_fighter(fid)
    assert sorted(as_dew(new).fighters) == ["c", "d"] and as_dew(new).fighters["c"].en == 3
    assert sorted(as_dew(one).fighters) == ["a", "b"]
    assert as_dew(new).range("c", "d") == 1


def test_the_leader_answers_by_answer_and_sees_the_table() -> None:
    w = arena(3, player_ai=False)
    shadow = Shadow(w)
    asked: set[str] = set()
    refused_step = False
    tables: list[tuple[tuple[str, str], ...]] = []
    for _ in range(300):
        if w.state.over is not None:
            break
        pending = w.state.pending
        assert pending is not None
        leader = w.state.leader
        bout = w.state.bout_of(leader)
        if bout is not None:
            tables.append(system_table(w.state, leader))
            clock = bout_clock(w.state, leader)
            assert clock is not None and clock[0].startswith("Round ") and clock[1].endswith(" phase")
        if pending.kind == "step" and bout is not None and not refused_step:
            events = w.apply(Step("E"))
            assert len(events) == 1 and isinstance(events[0], ev.Rejected) and "no footwork" in events[0].reason
            refused_step = True
        if pending.kind == "decide":
            decision = next(d for d in pending.asks if d.who == leader)
            asked.add(decision.kind)
            events = shadow.step(Answer(decision.kind, decision.options[-1].value))
            assert not any(isinstance(e, ev.Rejected) for e in events), events
        else:
            shadow.step(Confirm())
    assert {"dew_option"} <= asked, asked
    assert tables and tables[0][0][0].startswith("Round ") and tables[0][1][0] == "Initiative"
    assert all("blows · EN " in text and " · BD " in text for table in tables for _, text in table[2:])


def test_the_log_speaks_the_documents_words() -> None:
    w = arena(2)
    names = {a.id: a.name for a in w.state.actors.values()}
    lines: list[str] = []
    for _ in range(40):
        for e in w.apply(Confirm()):
            line = describe(e, names, w.system.describe)
            if line:
                lines.append(line)
    text = "\n".join(lines)
    assert "enters the fight" in text and "Combat phase" in text and "expends an active blow" in text


@pytest.mark.parametrize("seed", [4, 7])
def test_a_recording_replays_in_sync(seed: int, tmp_path: Path) -> None:
    w = arena(seed)
    for _ in range(300):
        if w.state.over is not None:
            break
        w.apply(Confirm())
    assert w.state.over is not None
    path = tmp_path / "dew.jsonl"
    save_run(w, path, final=True)
    assert replay(path).world.summary()["checksum"] == w.summary()["checksum"]


@pytest.mark.parametrize("seed", [5, 11])
def test_the_command_line_fights_to_an_end_and_replays_in_sync(seed: int, tmp_path: Path) -> None:
    record = tmp_path / "f.jsonl"
    out = subprocess.run([sys.executable, "-m", "game.sim", "run", "--scenario", "arena_three_way", "--system", SYSTEM,
                          "--seed", str(seed), "--ticks", "300", "--record", str(record)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert '"outcome": null' not in out.stdout.splitlines()[-1], out.stdout
    again = subprocess.run([sys.executable, "-m", "game.sim", "replay", str(record)],
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "in sync" in again.stdout, again.stderr


@pytest.mark.parametrize("seed", [1, 2])
def test_a_bout_with_no_world_around_it_places_its_members_and_ends(seed: int) -> None:
    """`python -m rules.scenario FILE --system dew_sequence`: nobody calls `enter`, so the first `advance`
    places the members (stats by id or name, else from the sheet; in reach is range 1) and the bout ends
    with one side standing, the fallen out of the fight in their `FighterState`s too."""
    from rules.scenario.runner import load_scenario, run_scenario

    result = run_scenario(load_scenario(ROOT / "content" / "scenarios" / "bouts" / "auto_brawl.yaml"), seed=seed,
                          system_name=SYSTEM)
    joined = [e for e in result.events if isinstance(e, dev.Joined)]
    assert sorted(e.fighter for e in joined) == sorted(result.bout.fighters)
    b = as_dew(result.bout)
    assert b.over
    standing = {f.side for f in b.fighters.values() if f.conscious}
    assert len(standing) == 1
    for fid, f in b.fighters.items():
        assert result.bout.fighters[fid].out_of_fight == (not f.conscious)


@pytest.mark.parametrize("name", [SYSTEM, "sophias_children"])
def test_an_event_log_of_a_world_run_folds_to_its_digest(name: str, tmp_path: Path) -> None:
    """`fold FILE` knows every system's events by name (`rules.systems.EVENT_MODULES`), not only those of a
    system already in use (it refused `dew_joined` and `sc_combatant` as unknown)."""
    log = tmp_path / "events.jsonl"
    run = subprocess.run([sys.executable, "-m", "game.sim", "run", "--scenario", "arena_three_way", "--system", name,
                          "--seed", "3", "--ticks", "60", "--events", str(log), "--digest"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    folded = subprocess.run([sys.executable, "-m", "game.sim", "fold", str(log)],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert folded.returncode == 0, folded.stderr
    digest = run.stdout.strip().splitlines()[-1]
    assert digest.startswith("digest ") and folded.stdout.strip().splitlines()[-1] == digest


def test_enter_preselects_what_the_sequence_guard_would_choose() -> None:
    """The leader's Dew prompts preselect the choice of `DewGuard` (the AI, careful with his life; seen
    under Xvfb: "Pass" was preselected while a blow was there to strike), so Enter plays the sequence
    sensibly (tests/world/test_world_dew_enter.py)."""
    from game.sim.commands import Confirm
    from game.sim.scenario_file import load_named_scenario
    from game.sim.world import World

    w = World(load_named_scenario("arena_three_way"), seed=3, combat_system="dew_sequence", difficulty="normal")
    defaults: list[str | None] = []
    for _ in range(200):
        pending = w.state.pending
        if w.state.over is not None or pending is None:
            break
        if pending.kind == "decide":
            bout = w.state.bout_of(w.state.leader)
            assert bout is not None
            asked = pending.asks[-1]
            assert isinstance(w.system, HostedDew)
            expected = w.system.guard.choose(as_dew(bout.rules), asked)
            assert asked.default == expected
            defaults.append(asked.default)
        w.apply(Confirm())
    assert defaults and any(d not in ("pass", "none") for d in defaults)


def test_an_answer_naming_a_man_felled_since_it_was_asked_is_answered_as_enter_would_now() -> None:
    """The leader's prompt is shown at the end of a tick; a shot landing at the start of the next one may fell
    the foe he chose to attack. That answer is taken as Enter's choice now (not refused mid-tick); an answer
    never offered, or one still legal, goes through the engine as ever."""
    from rules.content import default_catalog
    from rules.dice import SeededStream
    from rules.fighter import FighterSheet

    catalog = default_catalog()
    dew = HostedDew()
    sheets = [FighterSheet.build(catalog, id=fid, name=fid.title(), side=side)
              for fid, side in (("a", "red"), ("b", "blue"), ("c", "blue"))]
    where = {"a": (2, 2), "b": (3, 2), "c": (2, 3)}

    def entrant(fid: str) -> Entrant:
        return Entrant("player_fighter" if fid == "a" else "bandit", "red" if fid == "a" else "blue", where[fid])

    bout = dew.new_bout(catalog, sheets)
    dew.enter(bout, entrant)
    dew.advance(bout, SeededStream(1, "combat"))  # round 1: the knight (most blows) has the initiative
    asked = next(d for d in dew.due(bout) if d.who == "a")
    assert {"attack:b", "attack:c"} <= set(asked.values())
    with pytest.raises(IllegalAction):
        dew.answer(bout, asked, "attack:nobody")  # never offered: refused, changing nothing
    for e in (dev.Damaged("c", "b", (6,), 30, True, -10, -2, None, False), dev.OutOfFight("b", "dead")):
        dew.fold(e, bout.fighters, bout)  # a shot fells b between the prompt and the answer
    assert "attack:b" not in {o.value for d in dew.due(bout) for o in d.options}
    events = dew.answer(bout, asked, "attack:b")
    chosen = [e for e in events if isinstance(e, dev.OptionChosen)]
    assert len(chosen) == 1 and chosen[0].fighter == "a" and chosen[0].option == "attack:c", events
