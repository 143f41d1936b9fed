"""Combat basics (`rules.combat_basics`) hosted by the world (issue 14, through `rules.combat_basics.hosted`):
a combat cluster shares one square on the map (a fighter charges into his foe's square and moves out
again), the world's occupancy keeps every fighter of a square, the bout's squares follow the map, the fallen
are out of the world's fight, the leader answers its decisions as generic data, its table reaches the player
view, the event log rebuilds the world and the bout's own state at every tick, and recordings replay in
sync. The other systems never share a square (their worlds keep `crowd` empty)."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.sim import events as ev
from game.sim.commands import Answer, Confirm
from game.sim.geometry import Pos
from game.sim.player_view import system_table
from game.sim.runfile import replay, save_run
from game.sim.scenario_file import load_named_scenario
from game.sim.state import WorldState
from game.sim.system_moves import walk
from game.sim.world import World
from rules.combat_basics import events as cev
from rules.combat_basics.hosted import HostedCombatBasics, as_cb
from rules.combat_basics.state import CbBout
from rules.decisions import CB_TURN
from rules.systems import MapStep, world_system
from tests.world.test_world_history import Shadow

SYSTEM = "combat_basics"
ROOT = Path(__file__).resolve().parents[2]


def arena(seed: int, player_ai: bool = True, scenario: str = "arena_three_way") -> World:
    return World(load_named_scenario(scenario), seed=seed, player_ai=player_ai, combat_system=SYSTEM)


def cb_snapshot(b: CbBout) -> dict[str, Any]:
    return {k: copy.deepcopy(v) for k, v in vars(b).items() if k not in ("catalog", "rules", "fighters")}


def cb_states(state: WorldState) -> dict[int, dict[str, Any]]:
    return {bid: cb_snapshot(as_cb(b.rules)) for bid, b in sorted(state.bouts.items())}


def check_world(w: World) -> None:
    """The fallen of a bout are out of the world's fight; every fighting member stands on the bout's square;
    every actor on the map is on his square's occupants, and a shared square is one bout's cluster."""
    s = w.state
    for bout in s.bouts.values():
        b = as_cb(bout.rules)
        for fid in b.cb:
            f = b.fighters[fid]
            if f.dead or f.unconscious:
                assert s.actors[fid].fighter.out_of_fight
            elif fid in bout.members and not b.owed:
                assert b.cb[fid].pos == tuple(s.actors[fid].pos), f"{fid}: {b.cb[fid].pos} vs {s.actors[fid].pos}"
    for actor in s.actors.values():
        if not actor.fighter.out_of_fight:
            assert actor.id in s.occupants(actor.pos), f"{actor.id} is not on his square's occupants"
    for pos, rest in s.crowd.items():
        assert pos in s.occupancy and rest and s.occupancy[pos] not in rest


def test_the_world_hosts_it() -> None:
    assert isinstance(world_system(SYSTEM), HostedCombatBasics)


@pytest.mark.parametrize("seed", [5, 11])
def test_the_arena_fights_to_an_end_in_clusters_and_the_log_rebuilds_it_every_tick(seed: int, tmp_path: Path) -> None:
    w = arena(seed)
    shadow = Shadow(w)
    shared = left_cluster = 0
    seen: list[object] = []
    for _ in range(300):
        if w.state.over is not None:
            break
        before = {p: len(r) for p, r in w.state.crowd.items()}
        events = shadow.step(Confirm())
        seen += [e.event for e in events if isinstance(e, ev.RulesEvent)]
        check_world(w)
        assert cb_states(shadow.state) == cb_states(w.state), f"tick {w.state.tick}"
        shared = max(shared, max((len(r) + 1 for r in w.state.crowd.values()), default=0))
        left_cluster += sum(1 for p, n in before.items() if len(w.state.crowd.get(p, ())) < n)
    assert w.state.over is not None, f"seed {seed}: no end in 300 ticks"
    assert shared >= 2, "no combat cluster shared a square"
    assert left_cluster >= 1, "nobody left a cluster"
    assert any(isinstance(e, cev.Moved) and e.how == "charge" for e in seen)
    assert any(isinstance(e, cev.AttackRolled) for e in seen)
    assert any(isinstance(e, cev.Walk) for e in seen)
    path = tmp_path / "run.jsonl"
    save_run(w, path, final=True)
    assert replay(path).world.summary()["checksum"] == w.summary()["checksum"]


def test_the_command_line_run_replays_in_sync(tmp_path: Path) -> None:
    record, events = tmp_path / "run.jsonl", tmp_path / "events.jsonl"
    run = subprocess.run([sys.executable, "-m", "game.sim", "run", "--scenario", "arena_three_way", "--system",
                          SYSTEM, "--seed", "11", "--ticks", "300", "--record", str(record), "--events", str(events),
                          "--digest"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert '"outcome": "' in run.stdout and '"outcome": null' not in run.stdout
    again = subprocess.run([sys.executable, "-m", "game.sim", "replay", str(record)], cwd=ROOT, capture_output=True,
                           text=True)
    assert again.returncode == 0 and "in sync" in again.stdout
    folded = subprocess.run([sys.executable, "-m", "game.sim", "fold", str(events)], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert folded.stdout.strip().splitlines()[-1] == run.stdout.strip().splitlines()[-1]


def test_the_occupancy_keeps_a_cluster_and_hands_the_square_on() -> None:
    s = arena(5).state
    a, b, c = sorted(s.actors)[:3]
    square = Pos(1, 4)
    s.occupancy.pop(square, None)
    s.occupy(a, square)
    s.occupy(b, square)
    s.occupy(c, square)
    assert s.occupants(square) == (a, b, c)
    s.vacate(b, square)
    assert s.occupants(square) == (a, c)
    s.vacate(a, square)
    assert s.occupants(square) == (c,) and s.occupancy[square] == c and square not in s.crowd
    s.vacate(c, square)
    assert s.occupants(square) == () and square not in s.occupancy


def _bouted(seed: int) -> World:
    w = arena(seed)
    for _ in range(40):
        w.apply(Confirm())
        if any(len(b.members) >= 2 for b in w.state.bouts.values()):
            return w
    raise AssertionError("no bout")


def _put(s: WorldState, aid: str, square: Pos) -> None:
    s.vacate(aid, s.actors[aid].pos)
    s.actors[aid].pos = square
    s.occupy(aid, square)


def _free_next_to(s: WorldState, square: Pos) -> Pos:
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        p = Pos(square.x + dx, square.y + dy)
        if s.tilemap.passable(p) and p not in s.occupancy:
            return p
    raise AssertionError(f"no free square next to {square}")


def test_a_shared_step_joins_only_a_square_of_ones_own_bout() -> None:
    w = _bouted(5)
    s = w.state
    bout = next(b for b in s.bouts.values() if len(b.members) >= 2)
    a, b = sorted(bout.members)[:2]
    outsider = next(x for x in sorted(s.actors) if s.bout_of(x) is None and s.actors[x].alive)
    to = s.actors[b].pos
    _put(s, a, _free_next_to(s, to))
    here = s.actors[a].pos
    walk(w.core, [MapStep(a, (to.x, to.y))])  # a plain step never shares
    assert s.actors[a].pos == here and s.occupants(to) == (b,)
    walk(w.core, [MapStep(a, (to.x, to.y), share=True)])  # onto a bout-mate's square: his cluster
    assert s.actors[a].pos == to and s.occupants(to) == (b, a)
    walk(w.core, [MapStep(a, (here.x, here.y), share=True)])  # and out again
    assert s.actors[a].pos == here and s.occupants(to) == (b,) and not s.crowd
    opos = s.actors[outsider].pos
    _put(s, a, _free_next_to(s, opos))
    near = s.actors[a].pos
    walk(w.core, [MapStep(a, (opos.x, opos.y), share=True)])  # never onto a square of someone outside his bout
    assert s.actors[a].pos == near and s.occupants(opos) == (outsider,)


def test_the_leader_answers_his_turn_as_generic_data_and_sees_the_table() -> None:
    w = arena(5, player_ai=False)
    turns = 0
    rows: list[tuple[str, str]] = []
    for _ in range(300):
        if w.state.over is not None:
            break
        pending = w.state.pending
        if pending is not None and pending.kind == "decide" and pending.asks and pending.asks[-1].kind == CB_TURN:
            ask = pending.asks[-1]
            assert ask.who == w.state.leader and ask.default in ask.values()
            assert any(v.startswith("delay:") or v.startswith("ready:") for v in ask.values()) or len(ask.values()) > 1
            w.apply(Answer(CB_TURN, ask.default))
            turns += 1
        else:
            w.apply(Confirm())
        rows += list(system_table(w.state, w.state.leader))
    assert turns >= 1, "the leader was never asked for his turn"
    headings = {h for h, _ in rows}
    assert {"Order", "Clusters"} <= headings


def test_other_systems_never_share_a_square() -> None:
    for name in ("tros_sos", "sophias_children"):
        w = World(load_named_scenario("arena_three_way"), seed=5, player_ai=True, combat_system=name)
        for _ in range(120):
            if w.state.over is not None:
                break
            w.apply(Confirm())
            assert not w.state.crowd


@pytest.mark.parametrize(("system", "seed"), [("combat_basics", 1), ("sophias_children", 5)])
def test_enter_on_every_prompt_is_never_refused(system: str, seed: int) -> None:
    """Two refusals seen by the Enter bench: a fighter in a cluster behind another's square was missed by
    his neighbours (a bout split him twice: "already in the bout"), and a designation that came due within
    the tick was asked of the leader's step ("the leader's designate comes with his command")."""
    from game.sim.difficulty import DEFAULT_DIFFICULTY
    from game.sim.enter_bench import enter_only

    _alive, outcome, ticks = enter_only("arena_three_way", seed, DEFAULT_DIFFICULTY, 300, system)  # raises if refused
    assert outcome != "unfinished" and ticks < 300


@pytest.mark.parametrize("system", ["tros_sos", "sophias_children", "dew_sequence", "gold_and_glory", SYSTEM])
def test_hold_the_square_plays_to_an_end_and_replays_under_every_system(system: str, tmp_path: Path) -> None:
    """`hold_the_square` (document 003's readied-action example as a world scenario) under every hosted system."""
    w = World(load_named_scenario("hold_the_square"), seed=1, player_ai=True, combat_system=system)
    for _ in range(300):
        if w.state.over is not None:
            break
        w.apply(Confirm())
    assert w.state.over is not None, f"{system}: no end in 300 ticks"
    path = tmp_path / "hold.jsonl"
    save_run(w, path, final=True)
    assert replay(path).world.checksum() == w.checksum()


def test_hold_the_square_under_combat_basics_enter_readies_and_the_trigger_comes() -> None:
    """Pressing Enter (the leader's default, `CbAI.advise`): the knight readies an attack for an opponent
    entering his square, a bandit steps in, and the readied action takes place before the bandit's turn."""
    w = World(load_named_scenario("hold_the_square"), seed=1, combat_system=SYSTEM, difficulty="normal")
    fired = []
    for _ in range(300):
        if w.state.over is not None:
            break
        fired += [e.event for e in w.apply(Confirm()) if isinstance(e, ev.RulesEvent)
                  and isinstance(e.event, cev.ReadyTriggered) and e.event.fighter == w.state.leader]
    assert fired and fired[0].trigger == "enter"
    assert fired[0].order.index(w.state.leader) == fired[0].order.index(fired[0].by) - 1
