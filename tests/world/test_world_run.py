"""A roguelike run in the world (issue 10, docs/run.md): stairs both ways with the depths left behind
kept as they were, the fallen's drop, picking up and equipping changing the numbers the rules use,
the fold over run-mode runs, the `run --run` command-line contract and its recording's replay."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from game.sim import events as ev
from game.sim.clone import clone_state
from game.sim.commands import Confirm, Gear, Order, Step, from_dict, to_dict
from game.sim.digest import snapshot
from game.sim.geometry import Pos, chebyshev, directions, manhattan
from game.sim.inventory import numbers, sheet
from game.sim.levels import Level
from game.sim.pathfinding import distance_map
from game.sim.recording import FORMAT_VERSION
from game.sim.run_world import run_setup, stairs_down, wearer_of
from game.sim.runfile import replay, save_run
from game.sim.scenario_file import dungeon_setup
from game.sim.state import WorldState
from game.sim.tilemap import Tile, TileMap
from game.sim.timeline import FoldTimeline
from game.sim.world import ROUND_TICKS, World
from tests.world.test_world_history import Shadow

ROOT = Path(__file__).resolve().parents[2]


def play_until(shadow: Shadow, kind: type[ev.WorldEvent], ticks: int) -> ev.WorldEvent:
    """Step the AI-led run (checking the fold at every tick) until an event of `kind`."""
    for _ in range(ticks):
        for e in shadow.step():
            if isinstance(e, kind):
                return e
        assert shadow.world.state.over is None, f"the run ended ({shadow.world.state.over}) before a {kind.__name__}"
    raise AssertionError(f"no {kind.__name__} in {ticks} ticks")


def walk_to(shadow: Shadow | World, goal: Pos, ticks: int = 400,
            until: Callable[[], bool] | None = None) -> list[ev.WorldEvent]:
    """The player (not the AI) walks the leader to `goal` along the map's shortest path; a bout on the
    way is fought with the default answers. Returns the events of the tick he arrived (or the level
    changed or the run ended, or `until` said so). With a `Shadow`, the fold is checked at every tick."""
    world = shadow.world if isinstance(shadow, Shadow) else shadow
    for _ in range(ticks):
        s = world.state
        leader = s.actors[s.leader]
        pending = s.pending
        assert pending is not None and s.over is None
        if pending.kind != "step":
            shadow.step(Confirm()) if isinstance(shadow, Shadow) else shadow.apply(Confirm())
            continue
        route = distance_map(s.tilemap, [goal], adjacency=s.house_rules.adjacency).steps
        here = route[leader.pos.y * s.tilemap.width + leader.pos.x]
        step = min((d for d in directions(s.house_rules.adjacency)
                    if s.tilemap.in_bounds(leader.pos.step(d))
                    and 0 <= route[leader.pos.step(d).y * s.tilemap.width + leader.pos.step(d).x] < here),
                   key=lambda d: route[leader.pos.step(d).y * s.tilemap.width + leader.pos.step(d).x])
        events = shadow.step(Step(step.name)) if isinstance(shadow, Shadow) else shadow.apply(Step(step.name))
        if world.state.over is not None or any(isinstance(e, ev.LevelChanged) for e in events) or (
                world.state.actors[world.state.leader].pos == goal) or (until is not None and until()):
            return events
    raise AssertionError(f"the leader did not reach {goal} in {ticks} ticks")


def stairs_up_of(world: World) -> Pos:
    tilemap = world.state.tilemap
    return next(p for p in tilemap.passable_positions() if tilemap.tile_at(p) == Tile.STAIRS_UP)


@pytest.mark.parametrize("seed", [3, 8])
def test_stairs_down_and_up_keep_each_depth_as_it_was_left(seed: int) -> None:
    """The player takes the stairs down, then back up, then down again: each depth is the one he
    left (its cast, their wounds and squares, its floor), the party arrives beside the stairs it came
    by, and the deepest depth counts."""
    shadow = Shadow(World(run_setup(seed), seed=seed))
    world = shadow.world
    run = world.state.run
    assert run is not None and run.depth == 1
    events = walk_to(shadow, stairs_down(run))
    changed = [e for e in events if isinstance(e, ev.LevelChanged)]
    assert changed and (changed[0].frm, changed[0].depth) == (1, 2)
    assert run.depth == 2 and run.deepest == 2 and set(run.levels) == {1}
    left_one = snapshot(world.state)["run"]["levels"]["1"]
    leader = world.state.actors[world.state.leader]
    assert chebyshev(leader.pos, stairs_up_of(world)) <= 2  # the arrival room's squares by the stairs up
    assert all(aid.startswith("d2_") or world.state.actors[aid].party for aid in world.state.actors)
    depth_two_cast = sorted(world.state.actors)

    events = walk_to(shadow, stairs_up_of(world))
    assert any(isinstance(e, ev.LevelChanged) and (e.frm, e.depth) == (2, 1) for e in events)
    assert run.depth == 1 and run.deepest == 2 and set(run.levels) == {2}
    here = snapshot(world.state)
    for aid, actor in left_one["actors"].items():  # every foe of depth 1 is as the party left him
        assert here["actors"][aid] == actor
    assert here["run"]["floor"] == left_one["floor"]
    assert chebyshev(world.state.actors[world.state.leader].pos, stairs_down(run)) <= 2

    events = walk_to(shadow, stairs_down(run))
    assert any(isinstance(e, ev.LevelChanged) and (e.frm, e.depth) == (1, 2) for e in events)
    assert sorted(world.state.actors) == depth_two_cast  # the same depth 2, not a new one


def test_companions_next_to_the_leader_come_along() -> None:
    shadow = Shadow(World(run_setup(10), seed=10, player_ai=True))
    before = {a.id for a in shadow.world.state.actors.values() if a.party and a.alive}
    change = play_until(shadow, ev.LevelChanged, 2000)
    assert isinstance(change, ev.LevelChanged)
    came = {aid for aid, _, _ in change.travellers}
    assert came and came <= before and change.travellers[0][0] == "player"
    party_here = {a.id for a in shadow.world.state.actors.values() if a.party}
    assert party_here == came  # whoever did not come stays on the depth above


def test_what_a_fallen_fighter_carried_falls_where_he_fell() -> None:
    shadow = Shadow(World(run_setup(38), seed=38, player_ai=True))  # (a long run)
    run = shadow.world.state.run
    assert run is not None
    drops = 0
    for _ in range(2000):
        before = dict(run.inventories)
        piles = dict(run.floor)
        for drop in (e for e in shadow.step() if isinstance(e, ev.ItemsDropped)):
            drops += 1
            victim = shadow.world.state.actors[drop.actor]  # checked in the tick he fell
            assert victim.fighter.out_of_fight and (victim.pos.x, victim.pos.y) == drop.pos
            assert drop.items and sorted(drop.items) == sorted(before[drop.actor].everything())
            assert run.inventories[drop.actor].everything() == ()
            pile = dict(run.floor.get(Pos(*drop.pos), ()))
            had = dict(piles.get(Pos(*drop.pos), ()))
            assert all(pile.get(item, 0) == had.get(item, 0) + n for item, n in drop.items)
        if drops >= 2 or shadow.world.state.over is not None:
            break
    assert drops >= 2


def test_picking_up_and_equipping_change_the_numbers_the_rules_use() -> None:
    """The AI leader picks up a weapon the gear choice rates higher and equips it: his fighter's sheet
    (weapon, CP, TNs) and move points are those of his new inventory, and differ from the old."""
    shadow = Shadow(World(run_setup(11), seed=11, player_ai=True))
    world = shadow.world
    run = world.state.run
    assert run is not None
    leader = world.state.actors["player"]
    old_sheet = leader.fighter.sheet
    change = play_until(shadow, ev.GearChanged, 3000)  # (the AI equips only what it picked up)
    assert isinstance(change, ev.GearChanged) and run.items_picked_up > 0
    actor = world.state.actors[change.actor]
    inv = run.inventories[change.actor]
    assert inv.equipped == change.equipped and change.item in dict(inv.equipped).values()
    wearer = wearer_of(actor, run.content.creatures[actor.creature])
    expected = sheet(inv, wearer, world.state.catalog)
    got = actor.fighter.sheet
    assert (got.weapon, got.shield, got.armour, got.level, dict(got.av)) == (
        expected.weapon, expected.shield, expected.armour, expected.level, dict(expected.av))
    n = numbers(inv, wearer, items=run.content.items, catalog=world.state.catalog)
    assert actor.speed == n.move_points
    if change.actor == "player":
        assert (got.weapon, got.shield, got.armour) != (old_sheet.weapon, old_sheet.shield, old_sheet.armour)


@pytest.mark.parametrize("seed", [5, 11, 12, 13])  # (10 now ends at tick 256, before any drop)
def test_folding_a_runs_log_gives_the_live_state_across_depths(seed: int) -> None:
    """Issue 9's fold check over AI-led runs: level changes, pick-ups, gear changes and drops folded
    from the log alone give the live state (every depth left behind included) at every tick."""
    shadow = Shadow(World(run_setup(seed), seed=seed, player_ai=True))
    kinds: set[str] = set()
    for _ in range(1500):
        kinds |= {e.type for e in shadow.step()}
        if shadow.world.state.over is not None:
            break
    assert {"level_changed", "items_picked_up", "items_dropped"} <= kinds


def test_a_cloned_run_state_changes_apart() -> None:
    shadow = Shadow(World(run_setup(10), seed=10, player_ai=True))
    play_until(shadow, ev.LevelChanged, 2000)
    state = shadow.world.state
    copy = clone_state(state)
    then = snapshot(state)
    assert snapshot(copy) == then
    for _ in range(20):
        shadow.step()
    assert snapshot(state) != then and snapshot(copy) == then  # the world moved on, the copy did not


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game.sim", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=600, check=False)


def test_the_run_command_line_contract_and_its_replay(tmp_path: Path) -> None:
    record = tmp_path / "run.jsonl"
    done = _cli("run", "--run", "--seed", "10", "--max-ticks", "150", "--record", str(record))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["outcome"] in ("victory", "death", "unfinished")
    assert isinstance(result["depth"], int) and result["depth"] >= 1
    assert isinstance(result["items_picked_up"], int) and result["items_picked_up"] >= 0
    assert result["ticks"] == 150 or result["outcome"] != "unfinished"
    header = json.loads(record.read_text().splitlines()[0])
    assert header["setup"]["kind"] == "run" and header["setup"]["seed"] == 10 and header["format"] == FORMAT_VERSION
    replayed = _cli("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert "in sync" in replayed.stdout.splitlines()[-1]
    summary = json.loads(replayed.stdout.splitlines()[-2])
    assert summary["deepest"] == result["depth"] and summary["items_picked_up"] == result["items_picked_up"]


def test_a_run_that_goes_deep_replays_in_sync(tmp_path: Path) -> None:
    """A run past its first level change, recorded and replayed (depths generated again from the seed)."""
    record = tmp_path / "deep.jsonl"
    done = _cli("run", "--run", "--seed", "11", "--max-ticks", "2000", "--record", str(record))
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["depth"] >= 2
    replayed = _cli("replay", str(record))
    assert replayed.returncode == 0 and "in sync" in replayed.stdout, replayed.stderr


def test_the_gear_command_drops_picks_up_equips_and_unequips_changing_the_rules_numbers(tmp_path: Path) -> None:
    """The player's leader handles his gear by commands (free: no tick passes); each change is an
    event folded like the others, and his fighter fights with what he has equipped."""
    shadow = Shadow(World(run_setup(3), seed=3))
    world = shadow.world
    run = world.state.run
    assert run is not None
    leader = world.state.actors["player"]
    wearer = wearer_of(leader, run.content.creatures[leader.creature])
    catalog, items = world.state.catalog, run.content.items

    def rules_numbers() -> tuple[object, ...]:
        f = leader.fighter
        return (f.sheet.shield, tuple(a.name for a in f.sheet.armour), f.max_cp(), dict(f.sheet.av), leader.speed)

    def matches_inventory() -> None:
        inv = run.inventories["player"]
        expected = sheet(inv, wearer, catalog)
        assert (leader.fighter.sheet.shield, leader.fighter.sheet.armour, dict(leader.fighter.sheet.av)) == (
            expected.shield, expected.armour, dict(expected.av))
        assert leader.speed == numbers(inv, wearer, items=items, catalog=catalog).move_points

    start = rules_numbers()
    tick = world.state.tick
    body = next(slot for slot, item in run.inventories["player"].equipped if item == "gambeson")
    shadow.step(Gear("unequip", slot=body))
    assert "gambeson" in dict(run.inventories["player"].carried)
    matches_inventory()
    unarmoured = rules_numbers()
    assert unarmoured != start and sum(unarmoured[3].values()) < sum(start[3].values())  # type: ignore[attr-defined]
    shadow.step(Gear("unequip", slot="shield"))
    assert leader.fighter.sheet.shield is None
    matches_inventory()
    shadow.step(Gear("drop", item="small_shield"))
    assert dict(run.floor[leader.pos]).get("small_shield") == 1 and run.inventories["player"].count("small_shield") == 0
    shadow.step(Gear("pick_up", item="small_shield"))
    assert leader.pos not in run.floor or "small_shield" not in dict(run.floor[leader.pos])
    shadow.step(Gear("equip", item="small_shield"))
    shadow.step(Gear("equip", item="gambeson"))
    matches_inventory()
    assert rules_numbers() == start and world.state.tick == tick  # back as he was; no tick passed

    for command, reason in ((Gear("equip", item="longsword"), "you do not carry"),
                            (Gear("pick_up", item="small_shield"), "there are not 1"),
                            (Gear("unequip", slot="legs"), "nothing is equipped as legs"),
                            (Gear("equip", item="no_such_thing"), "no item"),
                            (Gear("drop", item="arming_sword"), "is equipped: unequip it first")):
        refused = world.apply(command)
        assert len(refused) == 1 and isinstance(refused[0], ev.Rejected) and reason in refused[0].reason, refused
        assert from_dict(to_dict(command)) == command
    shadow.step(Step("N"))  # a tick after the gear commands: the run file keeps both, and replays them
    save_run(world, tmp_path / "gear.jsonl", final=True)
    assert replay(tmp_path / "gear.jsonl").world.checksum() == world.checksum()
    plain = World(dungeon_setup(1, party=("player_fighter",)), seed=1)
    refused = plain.apply(Gear("drop", item="arming_sword"))
    assert isinstance(refused[0], ev.Rejected) and "outside a run" in refused[0].reason


def test_the_stairs_up_of_depth_one_lead_out_only_with_the_relic() -> None:
    """Up from depth 1 with the relic is the victory; without it the stairs lead nowhere. (The relic
    is handed to him by the test's setup: it lies on depth 8.)"""
    for relic in (False, True):
        world = World(run_setup(3), seed=3)
        run = world.state.run
        assert run is not None
        if relic:
            inv = run.inventories["player"]
            run.inventories["player"] = replace(inv, carried=(*inv.carried, (run.content.run.goal.relic, 1)))
        up = stairs_up_of(world)
        events = walk_to(world, up)
        over = [e for e in events if isinstance(e, ev.GameOver)]
        if relic:
            assert over and over[0].outcome == "victory" and world.state.over == "victory"
        else:
            assert not over and world.state.over is None and run.depth == 1 and world.state.actors["player"].pos == up


def test_a_lost_run_ends_with_the_leaders_fall() -> None:
    """Permadeath: the AI-led run of seed 1 ends when its leader falls, as `death`, and the world waits
    for nothing more from him."""
    world = World(run_setup(1), seed=1, player_ai=True)
    for _ in range(20000):
        if world.state.over is not None:
            break
        world.apply(Confirm())
    assert world.state.over == "death"
    leader = world.state.actors["player"]
    assert not leader.alive
    assert world.state.pending is not None and world.state.pending.kind == "watch"


def test_watching_a_run_travels_in_time_across_depths() -> None:
    """The watch view's timeline (`FoldTimeline`: fold onto cloned snapshots) gives, at any tick, back
    and forth across a level change, the live run's state."""
    live = World(run_setup(10), seed=10, player_ai=True)
    seen: dict[int, dict[str, object]] = {}
    changed = None
    while live.state.over is None and live.state.tick < 600:
        events = live.apply(Confirm())
        seen[live.state.tick] = snapshot(live.state)
        if changed is None and any(isinstance(e, ev.LevelChanged) for e in events):
            changed = live.state.tick
    assert changed is not None
    timeline = FoldTimeline(lambda: World(run_setup(10), seed=10, player_ai=True), [Confirm()] * live.state.tick,
                            checkpoint_ticks=40)
    for tick in (changed + 3, changed - 3, live.state.tick, changed, 1, changed + 1):
        assert snapshot(timeline.state_at(tick)) == seen[tick], tick


def test_a_runs_event_log_folds_from_the_command_line(tmp_path: Path) -> None:
    """`run --run --events LOG --digest` and `fold LOG` give the same digest (the run's events decode
    and fold from the log alone, the depths generated again from the header's seed)."""
    log = tmp_path / "events.jsonl"
    ran = _cli("run", "--run", "--seed", "11", "--max-ticks", "600", "--events", str(log), "--digest")
    folded = _cli("fold", str(log))
    assert ran.returncode == 0 and folded.returncode == 0, (ran.stderr, folded.stderr)
    assert '"level_changed"' in log.read_text()
    assert ran.stdout.splitlines()[-1].startswith("digest ") and ran.stdout.splitlines()[-1] == \
        folded.stdout.splitlines()[-1]


def test_fallen_foes_and_new_depths_give_the_party_experience() -> None:
    """`rules.progression`: a fallen foe's worth goes to the party members of his bout, the first
    arrival on depth d gives each traveller 5 x (d - 1); folded like every other fact."""
    shadow = Shadow(World(run_setup(11), seed=11, player_ai=True))
    world = shadow.world
    run = world.state.run
    assert run is not None
    gained: list[ev.ExperienceGained] = []
    spent: dict[str, int] = {}
    for _ in range(2000):
        events = shadow.step()
        for e in events:
            if isinstance(e, ev.Trained):  # the AI leader spends it at the stairs (game.sim.run_ai)
                spent[e.actor] = spent.get(e.actor, 0) + e.cost
            if isinstance(e, ev.ExperienceGained):
                gained.append(e)
                if e.why.startswith("depth "):
                    depth = int(e.why.split()[1])
                    assert e.amount == 5 * (depth - 1) and any(
                        isinstance(c, ev.LevelChanged) and c.depth == depth for c in events)
                else:
                    fallen = world.state.actors[e.why]
                    assert fallen.fighter.out_of_fight and not fallen.party and e.amount >= 1
        if world.state.over is not None:
            break
    assert {e.why.startswith("depth ") for e in gained} == {True, False}
    totals: dict[str, int] = {}
    for e in gained:
        totals[e.actor] = totals.get(e.actor, 0) + e.amount
    assert spent and run.experience == {aid: n - spent.get(aid, 0) for aid, n in totals.items()}


def _left_behind(seed: int) -> tuple[Shadow, ev.FollowerSetOut]:
    """Seed `seed`'s companion told to hold; the leader walks down the stairs without him."""
    shadow = Shadow(World(run_setup(seed), seed=seed))
    world = shadow.world
    run = world.state.run
    assert run is not None
    companion = next(a for a in world.state.actors.values() if a.party and a.id != world.state.leader)
    shadow.step(Order(companion.id, "hold"))
    start = companion.pos
    events = walk_to(shadow, stairs_down(run))
    changed = next(e for e in events if isinstance(e, ev.LevelChanged))
    assert [aid for aid, _x, _y in changed.travellers] == [world.state.leader]
    set_out = [e for e in events if isinstance(e, ev.FollowerSetOut)]
    assert len(set_out) == 1 and set_out[0].actor == companion.id and set_out[0].frm == 1
    stash = run.levels[1]
    walk = distance_map(stash.tilemap, [stairs_down_of(stash.tilemap)], adjacency=world.state.house_rules.adjacency)
    steps = walk.steps[start.y * stash.tilemap.width + start.x]
    assert stash.actors[companion.id].pos == start and steps > 0
    assert set_out[0].arrives == world.state.tick + max(1, -(-steps * ROUND_TICKS // companion.speed))
    assert run.following == {companion.id: (1, set_out[0].arrives)}
    return shadow, set_out[0]


def stairs_down_of(tilemap: TileMap) -> Pos:
    return next(p for p in tilemap.passable_positions() if tilemap.tile_at(p) == Tile.STAIRS_DOWN)


@pytest.mark.parametrize("seed", [3, 8])
def test_a_companion_left_behind_walks_after_the_party_and_arrives_by_the_stairs(seed: int, tmp_path: Path) -> None:
    shadow, set_out = _left_behind(seed)
    world = shadow.world
    run = world.state.run
    assert run is not None
    before = snapshot(world.state)["run"]["levels"]["1"]
    arrived: list[ev.FollowerArrived] = []
    while not arrived:
        assert world.state.tick <= set_out.arrives
        events = shadow.step(Step(None) if world.state.pending and world.state.pending.kind == "step" else Confirm())
        arrived = [e for e in events if isinstance(e, ev.FollowerArrived)]
    assert world.state.tick == set_out.arrives and arrived[0].frm == 1
    companion = world.state.actors[set_out.actor]
    assert companion.pos == Pos(*arrived[0].pos) and chebyshev(companion.pos, stairs_up_of(world)) <= 3
    assert world.state.occupancy[companion.pos] == companion.id and not run.following
    # depth 1 is kept as it was, without him
    after = snapshot(world.state)["run"]["levels"]["1"]
    assert set_out.actor not in after["actors"] and set_out.actor in before["actors"]
    assert {k: v for k, v in before["actors"].items() if k != set_out.actor} == after["actors"]
    assert after["floor"] == before["floor"]
    shadow.step(Step(None))
    save_run(world, tmp_path / "follow.jsonl", final=True)
    assert replay(tmp_path / "follow.jsonl").world.checksum() == world.checksum()


def test_a_companion_on_his_way_is_where_he_stood_when_the_party_comes_back() -> None:
    shadow, set_out = _left_behind(3)
    world = shadow.world
    run = world.state.run
    assert run is not None
    start = run.levels[1].actors[set_out.actor].pos
    events = walk_to(shadow, stairs_up_of(world))
    assert any(isinstance(e, ev.LevelChanged) and e.depth == 1 for e in events)
    assert world.state.tick < set_out.arrives and not run.following
    assert world.state.actors[set_out.actor].pos == start


@pytest.mark.parametrize("seed", [3, 8])
def test_a_closed_chest_blocks_the_way_and_opens_when_the_leader_steps_into_it(seed: int, tmp_path: Path) -> None:
    """Chests stand on the map as obstacles (`Tile.CHEST`); the leader stepping into one opens it for the
    step's tick alone: its square is floor, its seeded contents lie there, and the fold and the replay agree."""
    from game.sim.run_world import closed_chest, closed_chests

    shadow = Shadow(World(run_setup(seed), seed=seed))
    world = shadow.world
    s = world.state
    run = s.run
    assert run is not None
    chests = closed_chests(s)
    assert chests and all(s.tilemap.tile_at(p) is Tile.CHEST and not s.tilemap.passable(p) for p in chests)
    assert all(p not in run.floor for p in chests)  # nothing of a closed chest lies on the floor
    level_chests = {c.pos: c.contents for c in _level_of(seed, 1).chests}
    chest = min(chests, key=lambda p: chebyshev(p, s.actors[s.leader].pos))
    beside = next(p for d in directions(4) if s.tilemap.passable(p := chest.step(d)))
    walk_to(shadow, beside, 600)
    leader = s.actors[s.leader]
    assert leader.pos == beside and s.bout_of(leader.id) is None
    contents = closed_chest(s, chest)
    assert contents == level_chests[chest] and contents
    tick = s.tick
    into = next(d for d in directions(4) if beside.step(d) == chest)
    events = shadow.step(Step(into.name))
    assert ev.ChestOpened(leader.id, (chest.x, chest.y), contents) in events
    assert s.tick == tick + 1 and leader.pos == beside  # the step was all it cost: he stays where he was
    assert s.tilemap.tile_at(chest) is Tile.FLOOR and closed_chest(s, chest) is None and chest not in closed_chests(s)
    assert dict(run.floor[chest]) == dict(contents)
    refused = shadow.step(Step(into.name))  # now he steps onto the pile (and takes what is worth it)
    assert leader.pos == chest and not any(isinstance(e, ev.ChestOpened) for e in refused)
    save_run(world, tmp_path / "chest.jsonl", final=True)
    assert replay(tmp_path / "chest.jsonl").world.checksum() == world.checksum()


def _level_of(seed: int, depth: int) -> Level:
    from game.sim.levels import generate_level, plan_run
    from game.sim.run_content import default_run_content

    content = default_run_content()
    return generate_level(plan_run(seed, content), depth, content)


def _beside(s: WorldState, target: Pos) -> Pos:
    return min((p for d in directions(4) if s.tilemap.passable(p := target.step(d)) and p not in s.occupancy),
               key=lambda p: (chebyshev(p, s.actors[s.leader].pos), p))


def test_a_hireling_at_a_levels_start_joins_when_paid_and_takes_orders() -> None:
    """Seed 1's depth 2 has a crossbowman for hire (40 coins) in its arrival room: stepping into him
    without the coins is refused in one line; with them (laid at the leader's feet) he joins the party
    (paid from the purse) and takes orders like any companion; the fold agrees at every step."""
    from game.sim.levels import CAPTIVE_FACTION, recruit_id

    shadow = Shadow(World(run_setup(1), seed=1))
    world = shadow.world
    s = world.state
    run = s.run
    assert run is not None
    walk_to(shadow, stairs_down(run))
    assert run.depth == 2
    hireling = s.actors[recruit_id(2, 0)]
    assert hireling.faction == CAPTIVE_FACTION and not hireling.party and hireling.creature == "hireling_crossbowman"
    assert not any(s.hostile(hireling.id, other) for other in s.actors)  # nobody fights him while he waits
    start = hireling.pos
    shadow.step(Step(None))
    assert hireling.pos == start  # he waits where he stands
    if manhattan(s.actors[s.leader].pos, hireling.pos) != 1:
        walk_to(shadow, _beside(s, hireling.pos))
    into = next(d for d in directions(4) if s.actors[s.leader].pos.step(d) == hireling.pos)
    events = shadow.step(Step(into.name))
    refusal = [e for e in events if isinstance(e, ev.RecruitRefused)]
    assert refusal and refusal[0].reason == "Crossbowman asks 40 coins; you have 0" and not hireling.party
    for state in (s, shadow.state):
        assert state.run is not None
        state.run.floor[state.actors[state.leader].pos] = (("coins", 55),)
    shadow.step(Gear("pick_up", item="coins", count=55))
    party_before = {a.id for a in s.actors.values() if a.party}
    events = shadow.step(Step(into.name))
    assert ev.Recruited("player", hireling.id, "hireling", 40) in events
    assert hireling.party and hireling.faction == "player" and hireling.fighter.sheet.side == "player"
    assert run.inventories["player"].count("coins") == 15
    assert party_before | {hireling.id} <= {a.id for a in s.actors.values() if a.party}  # (and a follower come)
    assert s.actors[s.leader].pos != start and hireling.pos == start  # the step was all: nobody moved
    shadow.step(Order(hireling.id, "hold"))
    assert hireling.order == "hold"


def test_a_prisoner_is_freed_for_nothing_and_a_full_party_takes_no_one() -> None:
    """Seed 3's depth 2 holds a prisoner: stepping into him frees him at no cost; with the party at its
    cap (`run.party_cap`) he is refused in one line."""
    from game.sim.levels import recruit_id

    for full in (False, True):
        shadow = Shadow(World(run_setup(3, ("player_fighter", "companion_spearman", "companion_spearman",
                                           "companion_spearman")[:4 if full else 2]), seed=3))
        s = shadow.world.state
        run = s.run
        assert run is not None
        walk_to(shadow, stairs_down(run), 800)
        prisoner = s.actors[recruit_id(2, 0)]
        assert prisoner.creature == "prisoner_militiaman"
        leader = s.actors[s.leader]
        beside = _beside(s, prisoner.pos)
        for state in (s, shadow.state):  # (carried past his guards: the fight is not what this tests)
            state.occupancy.pop(state.actors[state.leader].pos)
            state.actors[state.leader].pos = beside
            state.occupancy[beside] = state.leader
        into = next(d for d in directions(4) if leader.pos.step(d) == prisoner.pos)
        events = shadow.step(Step(into.name))
        if full:
            refusal = [e for e in events if isinstance(e, ev.RecruitRefused)]
            assert refusal and refusal[0].reason == "the party is full (4 of 4): Freed Militiaman cannot join"
            assert not prisoner.party
        else:
            assert ev.Recruited("player", prisoner.id, "prisoner", 0) in events and prisoner.party


def test_the_ai_leader_opens_chests_and_recruits_and_the_run_replays(tmp_path: Path) -> None:
    """Seed 5's AI-led run opens chests, takes on a recruit on depth 2 and has companions left behind
    come after it, with the fold checked every tick; its recording replays in sync."""
    shadow = Shadow(World(run_setup(5), seed=5, player_ai=True))
    world = shadow.world
    seen: list[ev.WorldEvent] = []
    while world.state.tick < 240 and world.state.over is None:
        seen += [e for e in shadow.step() if isinstance(e, (ev.ChestOpened, ev.Recruited, ev.FollowerArrived))]
    kinds = {type(e) for e in seen}
    assert kinds == {ev.ChestOpened, ev.Recruited, ev.FollowerArrived}, seen
    joined = next(e for e in seen if isinstance(e, ev.Recruited))
    assert world.state.actors[joined.recruit].party or any(
        joined.recruit in stash.actors for stash in world.state.run.levels.values())
    save_run(world, tmp_path / "ai.jsonl", final=True)
    assert replay(tmp_path / "ai.jsonl").world.checksum() == world.checksum()
