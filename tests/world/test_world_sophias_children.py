"""Sophia's Children (source document 001, `rules.sophias_children`) hosted by the world (issue 14): bouts
started, joined, merged and split in the world are placed by the system (`CombatSystem.enter`: stats from
`content/sophias_children.yaml` by creature, Squads of like Minions and Soldiers), members hold their
squares while it runs (no footwork), the leader's bids, designations, interrupts, actions and defences
come to him as generic decisions (`DecisionDue` kind `decide`) and go back as `Answer` or `Confirm`, the
log speaks the document's words, the event log rebuilds the world at every tick, and a recording replays
in sync."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.sim import events as ev
from game.sim.commands import Answer, Confirm, Step
from game.sim.log import describe
from game.sim.runfile import replay, save_run
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from rules.sophias_children import events as sev
from tests.world.test_world_history import Shadow

SYSTEM = "sophias_children"
ROOT = Path(__file__).resolve().parents[2]


def arena(seed: int, player_ai: bool = True) -> World:
    return World(load_named_scenario("arena_three_way"), seed=seed, player_ai=player_ai, combat_system=SYSTEM)


def rules_events(events: list[ev.WorldEvent]) -> list[object]:
    return [e.event for e in events if isinstance(e, ev.RulesEvent)]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_an_ai_arena_fights_to_an_end_and_the_log_rebuilds_it_every_tick(seed: int) -> None:
    w = arena(seed)
    shadow = Shadow(w)
    seen: list[object] = []
    for _ in range(400):
        if w.state.over is not None:
            break
        seen += rules_events(shadow.step(Confirm()))
    assert w.state.over is not None, "the arena did not end in 400 ticks"
    assert any(isinstance(e, sev.CombatantJoined) for e in seen)  # placed by the system
    assert any(isinstance(e, sev.ActionGiven) for e in seen)


def test_members_hold_their_squares_while_the_order_of_combat_runs() -> None:
    w = arena(2)
    before: dict[str, object] = {}
    for _ in range(200):
        if w.state.over is not None:
            break
        for bout in w.state.bouts.values():
            for fid in bout.members:
                if fid in before:
                    assert w.state.actors[fid].pos == before[fid], f"{fid} moved inside bout {bout.id}"
        before = {fid: w.state.actors[fid].pos for b in w.state.bouts.values() for fid in b.members}
        w.apply(Confirm())


def test_the_leader_answers_by_answer_and_confirm_and_a_step_is_refused() -> None:
    w = arena(4, player_ai=False)  # (a fight in which the leader, answering the last option, yields a match)
    shadow = Shadow(w)
    asked: set[str] = set()
    refused_step = False
    yielded = False
    for _ in range(400):
        if w.state.over is not None:
            break
        pending = w.state.pending
        assert pending is not None
        bout = w.state.bout_of(w.state.leader)
        if pending.kind == "step" and bout is not None and not refused_step:
            events = w.apply(Step("E"))
            assert len(events) == 1 and isinstance(events[0], ev.Rejected) and "no footwork" in events[0].reason
            refused_step = True
        if pending.kind == "decide":
            decision = next(d for d in pending.asks if d.who == w.state.leader)
            asked.add(decision.kind)
            if decision.options:  # the last option, to leave the default path now and then
                events = shadow.step(Answer(decision.kind, decision.options[-1].value))
                yielded |= decision.kind == "counter_bid" and decision.options[-1].value == "0"  # a match's last: yield
            elif decision.default is not None and not decision.low <= int(decision.default) <= decision.high:
                events = shadow.step(Answer(decision.kind, int(decision.default)))  # yield: 0, outside the range
                yielded = True
            else:
                events = shadow.step(Answer(decision.kind, decision.low))
            assert not any(isinstance(e, ev.Rejected) for e in events), events
        else:
            shadow.step(Confirm())
    assert refused_step and yielded
    assert asked & {"action", "designate", "bid", "interrupt", "counter_bid", "defence"}, asked


def test_the_log_speaks_the_documents_words(tmp_path: Path) -> None:
    w = arena(3)
    names = {a.id: a.name for a in w.state.actors.values()}
    lines: list[str] = []
    for _ in range(60):
        for e in w.apply(Confirm()):
            line = describe(e, names, w.system.describe)
            if line:
                lines.append(line)
    text = "\n".join(lines)
    assert "Initiative Pools" in text and "Tapped" in text and "designates" in text


def test_a_recording_replays_in_sync_and_the_command_line_agrees(tmp_path: Path) -> None:
    w = arena(4)
    for _ in range(300):
        if w.state.over is not None:
            break
        w.apply(Confirm())
    path = tmp_path / "sc.jsonl"
    save_run(w, path, final=True)
    assert replay(path).world.summary()["checksum"] == w.summary()["checksum"]
    out = subprocess.run([sys.executable, "-m", "game.sim", "run", "--scenario", "arena_three_way", "--system", SYSTEM,
                          "--seed", "5", "--ticks", "300", "--record", str(tmp_path / "f.jsonl")],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    again = subprocess.run([sys.executable, "-m", "game.sim", "replay", str(tmp_path / "f.jsonl")],
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "in sync" in again.stdout, again.stderr


def test_a_step_back_is_an_action_walked_on_the_map(tmp_path: Path) -> None:
    """Our adaptation's move as an action (`back:FOE`, `close:FOE`): the step is the leader's action for
    the Next Action, the world walks it (`map_moves`: one square farther from that foe), the log says it,
    the fold rebuilds it and the recording replays in sync."""
    from rules.decisions import ACTION
    from rules.sophias_children.action import BACK

    w = arena(1, player_ai=False)  # (a fight in which the leader is offered a step back)
    shadow = Shadow(w)
    stepped = None
    for _ in range(400):
        if w.state.over is not None or stepped is not None:
            break
        pending = w.state.pending
        assert pending is not None
        ask = next((d for d in pending.asks if d.who == w.state.leader), None) if pending.kind == "decide" else None
        backs = [] if ask is None or ask.kind != ACTION else [v for v in ask.values() if v.startswith(f"{BACK}:")]
        if ask is not None and backs:
            foe = backs[0].split(":", 1)[1]
            leader, them = w.state.actors[w.state.leader].pos, w.state.actors[foe].pos
            events = shadow.step(Answer(ACTION, backs[0]))
            steps = [e for e in rules_events(events) if isinstance(e, sev.Stepped)]
            assert steps == [sev.Stepped(w.state.leader, foe, 1)]
            now = w.state.actors[w.state.leader].pos
            assert abs(now.x - them.x) + abs(now.y - them.y) > abs(leader.x - them.x) + abs(leader.y - them.y)
            names = {a.id: a.name for a in w.state.actors.values()}
            assert any("steps back from" in (describe(e, names, w.system.describe) or "") for e in events)
            stepped = foe
        elif ask is not None:
            shadow.step(Answer(ask.kind, ask.default if ask.options else int(ask.default or 0)))
        else:
            shadow.step(Confirm())
    assert stepped is not None, "the leader was never offered a step back"
    for _ in range(20):
        if w.state.over is not None:
            break
        shadow.step(Confirm())
    path = tmp_path / "run.jsonl"
    save_run(w, path, final=w.state.over is not None)
    assert replay(path).world.summary()["checksum"] == w.summary()["checksum"]


def _stuck(w: World) -> set[int]:
    """The bouts whose round has nobody left to designate (every unit still Up left the bout)."""
    from rules.sophias_children.order import designate_options
    from rules.sophias_children.state import DESIGNATE
    from rules.sophias_children.system import as_sc

    out = set()
    for bid, bout in w.state.bouts.items():
        b = as_sc(bout.rules)
        if b.sc.phase == DESIGNATE and not b.sc.round_end and not designate_options(b):
            out.add(bid)
    return out


def test_a_round_whose_up_units_all_left_ends_and_the_enter_defaults_are_the_advice() -> None:
    """Seed 23 under Enter: the goblins still Up left the bout (down, separated) and the bout sat with nobody
    to designate, forever; now the round ends at the next step. Each default the leader is offered is
    `ai.advise`'s answer where it is one of the options (a match is an option beside "0", Yield)."""
    from game.sim.difficulty import DEFAULT_DIFFICULTY
    from rules.decisions import COUNTER
    from rules.sophias_children import ai
    from rules.sophias_children.system import as_sc

    w = World(load_named_scenario("arena_three_way"), seed=23, combat_system=SYSTEM, difficulty=DEFAULT_DIFFICULTY)
    shadow = Shadow(w)
    stuck_before: set[int] = set()
    offered = 0
    for _ in range(300):
        if w.state.over is not None:
            break
        pending = w.state.pending
        assert pending is not None
        bout = w.state.bout_of(w.state.leader)
        if pending.kind == "decide" and bout is not None:
            ask = next(d for d in pending.asks if d.who == w.state.leader)
            if ask.options:
                advice = str(ai.advise(as_sc(bout.rules), ask))
                assert ask.default == advice or advice not in ask.values(), (ask, advice)
                offered += 1
            if ask.kind == COUNTER:
                assert ask.values()[-1] == "0" and all(int(v) >= ask.low for v in ask.values()[:-1])
        shadow.step(Confirm())
        stuck = _stuck(w)
        assert not stuck & stuck_before, f"tick {w.state.tick}: bouts {stuck & stuck_before} wait on nobody"
        stuck_before = stuck
    assert w.state.over is not None, "the arena did not end in 300 ticks"
    assert offered > 0


@pytest.mark.parametrize(("offset", "sees"), [((1, 0), True), ((-1, 0), True), ((0, 1), True), ((0, -1), False)])
def test_surprise_is_a_foe_from_behind_one_beside_him_he_saw_coming(offset: tuple[int, int], sees: bool) -> None:
    """The world's adjudication of surprise ("a foe that had not seen you"): the fighter facing south sees a
    foe in front of him, to a front corner or beside him (the world's sight has no blind side: one who
    walked up beside him was in view); only one who came up from behind was not (the arena's 4-adjacency:
    no corners)."""
    from game.sim.geometry import Direction, Pos

    w = World(load_named_scenario("merry_thieves"), seed=1, combat_system=SYSTEM)
    s = w.state
    leader = s.actors[s.leader]
    s.vacate(leader.id, leader.pos)  # out in the street, nobody round him
    leader.pos = Pos(6, 3)
    s.occupy(leader.id, leader.pos)
    leader.facing = Direction.S
    thug = next(a for a in s.actors.values() if not a.party)
    s.vacate(thug.id, thug.pos)
    thug.pos = Pos(leader.pos.x + offset[0], leader.pos.y + offset[1])
    assert s.at(thug.pos) is None and s.tilemap.passable(thug.pos)
    s.occupy(thug.id, thug.pos)
    assert w.membership.entrant(s.leader).facing_foe is sees
