"""Gold & Glory (`rules.gold_glory`) hosted by the world (issue 16, through `rules.gold_glory.hosted`): bouts
started in the world are placed by the system (stat lines from `content/gold_glory_stats.yaml` by creature,
on the world's squares), its moves are steps on the map and the bout's squares follow the map, a fighter out
of the bout is out of the world's fight (through the fold), the leader answers its decisions as generic data
(`decide`, `Answer`), its table reaches the player view, the event log rebuilds the world and the bout's own
state at every tick, and a recording replays in sync."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from game.sim import events as ev
from game.sim.commands import Answer, Confirm
from game.sim.player_view import bout_clock, system_table
from game.sim.runfile import replay, save_run
from game.sim.scenario_file import load_named_scenario
from game.sim.state import WorldState
from game.sim.system_moves import walk
from game.sim.world import World
from rules.gold_glory import events as gev
from rules.gold_glory.carry import record as gg_record
from rules.gold_glory.hosted import HostedGoldGlory, as_gg
from rules.gold_glory.state import GGBout
from rules.systems import Entrant, MapStep, world_system
from tests.world.test_world_history import Shadow

SYSTEM = "gold_and_glory"
ROOT = Path(__file__).resolve().parents[2]


def arena(seed: int, player_ai: bool = True) -> World:
    return World(load_named_scenario("arena_three_way"), seed=seed, player_ai=player_ai, combat_system=SYSTEM)


def gg_snapshot(bout: GGBout) -> dict[str, Any]:
    data = {k: v for k, v in bout.__dict__.items() if k not in ("stats", "fighters", "aside", "frames", "defence")}
    data["fighters"] = {fid: asdict(f) for fid, f in bout.fighters.items()}
    data["aside"] = {fid: asdict(f) for fid, f in bout.aside.items()}
    data["frames"] = [asdict(fr) for fr in bout.frames]
    data["defence"] = None if bout.defence is None else asdict(bout.defence)
    return data


def gg_states(state: WorldState) -> dict[int, dict[str, Any]]:
    return {bid: gg_snapshot(as_gg(b.rules)) for bid, b in sorted(state.bouts.items())}


def check_world(w: World) -> None:
    """Every fighter down in the bout is out of the world's fight; every fighting member stands on his square."""
    s = w.state
    for bout in s.bouts.values():
        b = as_gg(bout.rules)
        for fid, f in b.fighters.items():
            if f.dead or f.unconscious:
                assert s.actors[fid].fighter.out_of_fight, f"{fid} is down in the bout, not in the world"
            elif fid in bout.members:
                assert f.pos == tuple(s.actors[fid].pos), f"{fid}: bout square {f.pos}, map {s.actors[fid].pos}"


def rules_events(events: list[ev.WorldEvent]) -> list[object]:
    return [e.event for e in events if isinstance(e, ev.RulesEvent)]


def test_the_world_hosts_it() -> None:
    assert isinstance(world_system(SYSTEM), HostedGoldGlory)


@pytest.mark.parametrize("seed", [1, 3, 5])
def test_an_ai_arena_fights_and_the_log_rebuilds_it_every_tick(seed: int) -> None:
    w = arena(seed)
    shadow = Shadow(w)
    seen: list[object] = []
    for _ in range(300):
        if w.state.over is not None:
            break
        seen += rules_events(shadow.step(Confirm()))
        check_world(w)
        assert gg_states(shadow.state) == gg_states(w.state), f"tick {w.state.tick}: the bouts' state"
    assert w.state.over is not None, "the arena did not end in 300 ticks"
    kinds = {type(e) for e in seen}
    assert {gev.Joined, gev.RoundBegan, gev.Declared, gev.Roll, gev.Damaged, gev.OutOfFight} <= kinds
    down = [e.fighter for e in seen if isinstance(e, gev.OutOfFight) and e.state in ("dead", "unconscious")]
    assert down and all(w.state.actors[fid].fighter.out_of_fight for fid in down)
    assert all(w.state.occupancy.get(w.state.actors[fid].pos) != fid for fid in down), "the fallen leave the map"


def _a_bout(w: World) -> Any:
    for _ in range(40):
        if any(len(b.members) >= 2 for b in w.state.bouts.values()):
            break
        w.apply(Confirm())
    return next(b for b in w.state.bouts.values() if len(b.members) >= 2)


def test_arena_seeds_1_to_10_end_by_tick_300() -> None:
    """A world tick carries a whole movement path and a turn ends with its action ("then done"), so the
    three-way arena fights to an end at the book's pace on every one of these seeds."""
    for seed in range(1, 11):
        w = arena(seed)
        for _ in range(300):
            if w.state.over is not None:
                break
            w.apply(Confirm())
        assert w.state.over is not None, f"seed {seed}: still fighting at tick 300"


def test_a_move_steps_on_the_map_and_a_refused_one_is_put_back() -> None:
    w = arena(1)
    bout = _a_bout(w)
    s = w.state
    fid = sorted(bout.members)[0]
    here = s.actors[fid].pos
    free = next((here.x + dx, here.y + dy) for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0))
                if s.tilemap.passable(type(here)(here.x + dx, here.y + dy))
                and type(here)(here.x + dx, here.y + dy) not in s.occupancy)
    moves = w.system.map_moves([gev.Moved(fid, free, "N", 1)])
    assert moves == (MapStep(fid, free),)
    walk(w.core, moves)
    events = w.core.take()
    assert [type(e) for e in events] == [ev.Moved] and tuple(s.actors[fid].pos) == free
    placed = w.system.enter(bout.rules, w.membership.entrant)
    assert [e for e in placed if isinstance(e, gev.Placed)] == [gev.Placed(fid, free)]
    assert as_gg(bout.rules).fighters[fid].pos == free
    walk(w.core, (MapStep(fid, (free[0] + 5, free[1])),))  # not next to him: he stays
    assert not w.core.take() and tuple(s.actors[fid].pos) == free


def test_merge_split_and_leaving_carry_the_fighters_as_they_are() -> None:
    from rules.content import default_catalog
    from rules.fighter import FighterSheet

    catalog = default_catalog()
    gg = HostedGoldGlory()
    sheets = {fid: FighterSheet.build(catalog, id=fid, name=fid.title(), side=side)
              for fid, side in (("a", "red"), ("b", "blue"), ("c", "red"), ("d", "blue"))}
    creature = {"a": "bandit", "b": "goblin", "c": "bandit", "d": "goblin"}
    where = {"a": (1, 1), "b": (2, 1), "c": (5, 5), "d": (6, 5)}

    def entrant(fid: str) -> Entrant:
        return Entrant(creature[fid], sheets[fid].side, where[fid])

    one = gg.new_bout(catalog, [sheets["a"], sheets["b"]])
    two = gg.new_bout(catalog, [sheets["c"], sheets["d"]])
    joined = gg.enter(one, entrant)
    assert [(e.fighter, e.pos, e.facing) for e in joined if isinstance(e, gev.Joined)] == [
        ("a", (1, 1), "E"), ("b", (2, 1), "W")]
    gg.enter(two, entrant)
    as_gg(two).fighters["c"].hp = 3  # hurt in his own bout
    gg.merge(one, two)
    for fid in ("c", "d"):
        one.add_fighter(two.fighters[fid])
    assert as_gg(one).fighters["c"].hp == 3
    assert not [e for e in gg.enter(one, entrant) if isinstance(e, gev.Joined)]  # nobody placed afresh
    new = gg.new_bout(catalog, [one.fighters["c"], one.fighters["d"]])
    gg.split(one, new)
    for fid in ("c", "d"):
        one.remove_fighter(fid)
    assert sorted(as_gg(new).fighters) == ["c", "d"] and as_gg(new).fighters["c"].hp == 3
    assert sorted(as_gg(one).fighters) == ["a", "b"]
    as_gg(one).fighters["b"].hp = 4
    b_state = one.fighters["b"]
    one.remove_fighter("b")
    assert gg.enter(one, entrant) == [gev.Withdrawn("b")]
    assert "b" in as_gg(one).aside and "b" not in as_gg(one).fighters
    one.add_fighter(b_state)
    where["b"] = (2, 2)
    back = gg.enter(one, entrant)
    assert [(type(e), getattr(e, "back", None)) for e in back] == [(gev.Joined, True)]
    assert as_gg(one).fighters["b"].hp == 4 and as_gg(one).fighters["b"].pos == (2, 2)


def test_out_of_the_fight_is_written_through_the_fold() -> None:
    from rules.content import default_catalog
    from rules.fighter import FighterSheet

    catalog = default_catalog()
    gg = HostedGoldGlory()
    sheets = [FighterSheet.build(catalog, id=fid, name=fid.title(), side=side)
              for fid, side in (("a", "red"), ("b", "blue"))]
    bout = gg.new_bout(catalog, sheets)
    gg.enter(bout, lambda fid: Entrant("bandit", bout.fighters[fid].sheet.side, {"a": (0, 0), "b": (1, 0)}[fid]))
    gg.fold(gev.OutOfFight("a", "dead"), bout.fighters, bout)
    gg.fold(gev.OutOfFight("b", "unconscious"), bout.fighters, bout)
    assert bout.fighters["a"].dead and as_gg(bout).fighters["a"].dead
    assert bout.fighters["b"].unconscious and not bout.fighters["b"].dead


def test_the_leader_answers_by_answer_and_sees_the_table() -> None:
    w = arena(3, player_ai=False)
    shadow = Shadow(w)
    asked: set[str] = set()
    tables: list[tuple[tuple[str, str], ...]] = []
    for _ in range(300):
        if w.state.over is not None:
            break
        pending = w.state.pending
        assert pending is not None
        leader = w.state.leader
        if w.state.bout_of(leader) is not None:
            tables.append(system_table(w.state, leader))
            clock = bout_clock(w.state, leader)
            assert clock is not None and clock[0].startswith("r")
        if pending.kind == "decide":
            decision = next(d for d in pending.asks if d.who == leader)
            asked.add(decision.kind)
            events = shadow.step(Answer(decision.kind, decision.options[0].value))
            assert not any(isinstance(e, ev.Rejected) for e in events), events
        else:
            shadow.step(Confirm())
    assert {"gg_declare", "gg_act"} <= asked, asked
    assert tables and all(" ap " in text and " hp " in text for table in tables for _, text in table)


@pytest.mark.parametrize("seed", [2, 5, 11])
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


def test_a_recording_replays_in_sync(tmp_path: Path) -> None:
    w = arena(3)
    for _ in range(300):
        if w.state.over is not None:
            break
        w.apply(Confirm())
    path = tmp_path / "gg.jsonl"
    save_run(w, path, final=True)
    assert replay(path).world.summary()["checksum"] == w.summary()["checksum"]


def test_enter_on_a_default_does_what_the_ai_would() -> None:
    """Every decision the leader owes comes with the AI's own choice preselected (as Dew's do): Enter
    (`Confirm`) plays as the foes do, never a bare "Done" while a blow is there to strike."""
    w = arena(4, player_ai=False)
    gg = w.system
    assert isinstance(gg, HostedGoldGlory)
    seen = 0
    for _ in range(120):
        if w.state.over is not None:
            break
        for bout in w.state.bouts.values():
            for d in gg.due(bout.rules):
                assert d.default == gg.engine.ai.choose(as_gg(bout.rules), d)
                seen += d.who == w.state.leader
        w.apply(Confirm())
    assert seen > 5


def test_a_step_the_map_refuses_marks_its_square_blocked_in_the_bout() -> None:
    """A path walked onto the map stops at the first square the map refuses (a wall, someone outside the
    bout); `enter` then marks that square impassable in the bout (`gg_blocked`) and puts the fighter
    where the map has him (`gg_placed`), so the bout's paths go round it."""
    w = arena(1)
    bout = _a_bout(w)
    s = w.state
    fid = sorted(bout.members)[0]
    here = s.actors[fid].pos
    trail, refused = [], None
    sq = (here.x, here.y)
    while refused is None:  # north until the wall (or someone) stops him
        sq = (sq[0], sq[1] - 1)
        trail.append(sq)
        if not s.tilemap.passable(type(here)(*sq)) or type(here)(*sq) in s.occupancy:
            refused = sq
    moves = [gev.Moved(fid, to, "N", 1) for to in trail]
    for e in moves:
        w.system.fold(e, bout.rules.fighters, bout.rules)
    walk(w.core, w.system.map_moves(moves))
    w.core.take()
    events = w.system.enter(bout.rules, w.membership.entrant)
    stood = (s.actors[fid].pos.x, s.actors[fid].pos.y)
    assert stood == (trail[-2] if len(trail) > 1 else (here.x, here.y))
    assert [e for e in events if isinstance(e, (gev.Blocked, gev.Placed))] == [gev.Blocked(refused),
                                                                               gev.Placed(fid, stood)]
    assert as_gg(bout.rules).terrain[refused] == 0 and as_gg(bout.rules).fighters[fid].pos == stood


def test_wounds_outlive_the_bout_a_fighter_meets_foes_again_as_he_was() -> None:
    """When a world bout ends and its fighters meet again in a new one, each joins it as he was, through the
    generic seam: the system's `carry` gives the world his record (hp, wounds), the world hands it back as
    `Entrant.carried`, and he joins with it (`kept`), not healed; a fighter with nothing kept joins afresh,
    and one down has nothing to carry."""
    from rules.content import default_catalog
    from rules.fighter import FighterSheet, FighterState

    catalog = default_catalog()
    gg = HostedGoldGlory()
    states = {fid: FighterState(FighterSheet.build(catalog, id=fid, name=fid.title(), side=side))
              for fid, side in (("a", "red"), ("b", "blue"), ("c", "blue"))}
    where = {"a": (1, 1), "b": (2, 1), "c": (1, 2)}
    kept: dict[str, tuple[tuple[str, int], ...]] = {}

    def entrant(fid: str) -> Entrant:
        return Entrant("bandit", states[fid].sheet.side, where[fid], carried=kept.get(fid, ()))

    first = gg.new_bout(catalog, [states["a"], states["b"]])
    gg.enter(first, entrant)
    gg.fold(gev.Damaged("b", "a", 4, 6, 0, 1, 5, 5), first.fighters, first)
    assert as_gg(first).fighters["a"].hp == 5
    kept = {fid: gg.carry(first, fid) for fid in ("a", "b")}  # the world's `Carried` as the bout ends
    sword = (("kit", 1), ("hand:short_sword", 1))  # his things: the bandit's sword in hand, nothing at his belt
    assert kept == {"a": (("hp", 5), ("wound", 5), *sword), "b": (("hp", 10), *sword)}
    assert gg.carry(first, "c") == ()  # not in this bout
    second = gg.new_bout(catalog, [states["a"], states["c"]])  # the first bout is over: a new one
    joined = gg.enter(second, entrant)
    assert [(e.fighter, e.back, e.kept) for e in joined if isinstance(e, gev.Joined)] == [
        ("a", False, (("hp", 5), ("wound", 5), *sword)), ("c", False, ())]
    assert gg.describe(joined[0]) == "A enters the fight wounded (5 hp)."
    a = as_gg(second).fighters["a"]
    assert (a.hp, a.wounds, a.pain(), a.pos, a.declared, a.ap_left, a.prone) == (5, [5], 1, (1, 1), False, 0, False)
    assert as_gg(second).fighters["c"].hp == 10
    as_gg(second).fighters["a"].unconscious = True  # knocked out: kept (a run's companion comes round with it)
    assert gg.carry(second, "a") == (("hp", 5), ("wound", 5), *sword)
    as_gg(second).fighters["a"].dead = True
    assert gg.carry(second, "a") == ()  # the dead carry nothing


def test_a_fighter_wounded_in_one_world_bout_enters_the_next_as_he_was(tmp_path: Path) -> None:
    """In the world: whoever leaves a bout on his feet or knocked out gets `Carried` with his bout's hp and
    wounds (knocked out: 0 hp or less), and a `gg_joined` of his in a later bout carries that record; the log
    rebuilds it and a recording replays."""
    found, knocked_out = [], []
    for seed in range(1, 13):
        w = arena(seed)
        shadow = Shadow(w)
        kept: dict[str, tuple[tuple[str, int], ...]] = {}
        for _ in range(300):
            if w.state.over is not None:
                break
            for e in shadow.step(Confirm()):
                if isinstance(e, ev.Carried):
                    kept[e.actor] = e.record
                    assert e.record == w.state.actors[e.actor].carried and e.record[0][0] == "hp", e
                    if not w.state.actors[e.actor].alive:
                        assert e.record[0][1] <= 0 and not w.state.actors[e.actor].dead, e
                        knocked_out.append(e.actor)
                    for b in w.state.bouts.values():  # set aside in a bout that goes on: as he left it
                        if (f := as_gg(b.rules).aside.get(e.actor)) is not None:
                            assert e.record == gg_record(f)
                elif isinstance(e, ev.RulesEvent) and isinstance(e.event, gev.Joined) and e.event.fighter in kept:
                    assert e.event.kept == kept[e.event.fighter]
                    f = next(as_gg(b.rules).fighters[e.event.fighter] for b in w.state.bouts.values()
                             if e.event.fighter in as_gg(b.rules).fighters)
                    assert (f.hp, f.wounds) == (dict(e.event.kept)["hp"], [x for k, x in e.event.kept if k == "wound"])
                    if any(k == "wound" for k, _ in e.event.kept):
                        found.append((seed, e.event.fighter, w.state.tick))
        if found:
            path = tmp_path / "carry.json"
            save_run(w, path, final=True)
            assert replay(path).world.summary()["checksum"] == w.summary()["checksum"]
            break
    assert found, "no wounded fighter entered a second bout in arena seeds 1-12"
    assert knocked_out, "no one was knocked out before a wounded fighter entered a second bout"
    print("wounded and carried into a new bout (seed, fighter, tick):", found)


def test_a_dungeon_run_fights_its_bouts_under_it_and_replays_in_sync(tmp_path: Path) -> None:
    """`run --run --system gold_and_glory` (docs/systems/gold_and_glory.md, "Dungeon runs"): the run's bouts
    are Gold & Glory's, it goes down the depths to an end, and its recording replays in sync."""
    from game.sim.run_world import run_setup

    w = World(run_setup(2), seed=2, player_ai=True, combat_system=SYSTEM)
    joined = 0
    for _ in range(5000):
        if w.state.over is not None:
            break
        joined += sum(isinstance(e, gev.Joined) for e in rules_events(w.apply(Confirm())))
    assert w.state.over is not None and w.state.run is not None
    assert w.state.run.deepest >= 2 and joined >= 4, (w.state.run.deepest, joined)
    path = tmp_path / "run.json"
    save_run(w, path, final=True)
    assert replay(path).world.summary()["checksum"] == w.summary()["checksum"]


def test_the_worlds_gear_is_what_he_holds_in_the_bout() -> None:
    """A run's equipped weapons reach the bout through `Entrant.gear` (`gg_joined`'s `hands`): he strikes with
    the world's weapon, not his stat line's; a natural one the world lists (a kick) is no item; with no gear
    he holds his stat line's."""
    from rules.content import default_catalog
    from rules.fighter import FighterSheet, FighterState

    catalog = default_catalog()
    gg = HostedGoldGlory()
    states = {fid: FighterState(FighterSheet.build(catalog, id=fid, name=fid.title(), side=side))
              for fid, side in (("a", "red"), ("b", "blue"))}
    gear = {"a": ("dagger", "kick"), "b": ()}

    def entrant(fid: str) -> Entrant:
        return Entrant("player_fighter", states[fid].sheet.side, {"a": (1, 1), "b": (2, 1)}[fid], gear=gear[fid])

    bout = gg.new_bout(catalog, [states["a"], states["b"]])
    joined = [e for e in gg.enter(bout, entrant) if isinstance(e, gev.Joined)]
    assert [(e.fighter, e.hands) for e in joined] == [("a", ("dagger",)), ("b", ())]
    a, b = as_gg(bout).fighters["a"], as_gg(bout).fighters["b"]
    assert (a.hands, a.weapon.id, a.belt) == (["dagger"], "dagger", ["healing_potion"])
    assert (b.hands, b.weapon.id) == (["arming_sword"], "arming_sword")
