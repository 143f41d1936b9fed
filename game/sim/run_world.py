"""A run's depths in the world state (issue 10, docs/run.md): the run's setup, its `RunState`, and
what the fold does with a run's events (a level change, a pick-up, a change of gear, a fallen
fighter's drop).

The world holds one level at a time in its `WorldState` (map, cast, occupancy, bouts, shots, floor
items); every depth left behind is a `LevelStash` in `RunState.levels`, kept exactly as it was left.
A depth is generated on its first visit from the run's plan (`game.sim.levels.generate_level`: its
own seeded streams, never the world's, so folding a `LevelChanged` draws nothing and a save needs
only the run seed). Actor ids are unique across a run (foes carry their depth), so inventories live
in one map for the whole run.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from game.sim.creatures import CreatureTemplate
from game.sim.geometry import Pos, directions
from game.sim.inventory import (
    Inventory,
    Refusal,
    Wearer,
    drop,
    encumbrance_of,
    from_creature,
    numbers,
    pick_up,
    sheet,
)
from game.sim.levels import (
    Level,
    RunPlan,
    generate_level,
    level_setup,
    plan_run,
)
from game.sim.pathfinding import distance_map
from game.sim.run_content import default_run_content
from game.sim.scenario_file import WorldSetup
from game.sim.state import Actor, LevelStash, Pile, RunState, WorldState
from game.sim.tilemap import Tile, TileMap
from rules.consumables import treat
from rules.fighter import FighterState

RUN_PARTY = ("player_fighter", "companion_spearman")
MAX_PARTY = 4
COINS = "coins"  # the item a hireling is paid in (content/items.yaml)
PAINKILLER_TICKS = 240  # a painkiller dose works this long (40 rounds), then its pain comes back (OUR OWN)


@functools.lru_cache(maxsize=4)
def _plan(seed: int) -> RunPlan:
    return plan_run(seed, default_run_content())


@functools.lru_cache(maxsize=16)
def _level(seed: int, depth: int) -> Level:
    """Depth `depth` of run `seed` (a `Level` is frozen: the live world and a fold may share it)."""
    return generate_level(_plan(seed), depth, default_run_content())


def prepare_depths(seed: int, depths: Sequence[int]) -> None:
    """Make the levels of ``depths`` of run ``seed`` now (they are cached: the stairs' tick then finds them made).
    The game view calls it in a background thread as a depth starts (issue 11: 40-50 ms in the stairs' frame);
    a level is a pure function of the seed and the depth, so the run's events are the same either way."""
    plan = _plan(seed)
    for depth in depths:
        if 1 <= depth <= plan.last:
            _level(seed, depth)


def run_setup(seed: int, party: Sequence[str] = RUN_PARTY) -> WorldSetup:
    """The starting world of the run `seed`: depth 1 with `party` (creature ids, the leader first) on
    its arrival squares. Its origin (a run file header's `setup`) is `{"kind": "run", "seed", "party"}`."""
    if not party or len(party) > MAX_PARTY:
        raise ValueError(f"a run's party is 1 to {MAX_PARTY} creatures, not {len(party)}")
    content = default_run_content()
    unknown = [c for c in party if c not in content.creatures]
    if unknown:
        raise ValueError(f"unknown creature {unknown[0]!r} in the party")
    setup = level_setup(_level(seed, 1), party, content)
    return replace(setup, origin={"kind": "run", "seed": seed, "party": list(party)})


def attach_run(state: WorldState, setup: WorldSetup) -> None:
    """Give the starting state of a run's setup its `RunState`: depth 1's floor and every actor's
    starting inventory (the creature's gear equipped)."""
    seed = setup.origin["seed"]
    party = setup.origin["party"]
    assert isinstance(seed, int) and isinstance(party, list)
    content = default_run_content()
    run = RunState(seed=seed, plan=_plan(seed), content=content, party=tuple(str(p) for p in party))
    run.floor = floor_of(_level(seed, 1))
    for aid, actor in state.actors.items():
        run.inventories[aid] = from_creature(content.creatures[actor.creature], content.items)
    state.run = run


def floor_of(level: Level) -> dict[Pos, Pile]:
    """The items lying on a fresh level: its floor piles and the relic (a chest's contents are on the
    floor once it is opened: `ChestOpened`)."""
    floor: dict[Pos, Pile] = {}
    for item in level.floor_items:
        floor[item.pos] = _added(floor.get(item.pos, ()), ((item.item, item.count),))
    if level.goal is not None:
        pos = level.goal.relic_pos
        floor[pos] = _added(floor.get(pos, ()), ((level.goal.relic, 1),))
    return floor


def _added(pile: Pile, items: Pile) -> Pile:
    out = dict(pile)
    for item, count in items:
        out[item] = out.get(item, 0) + count
    return tuple(out.items())


def _taken(pile: Pile, items: Pile) -> Pile:
    out = dict(pile)
    for item, count in items:
        left = out.get(item, 0) - count
        if left < 0:
            raise ValueError(f"the pile holds {out.get(item, 0)} {item}, not {count}")
        out[item] = left
    return tuple((i, n) for i, n in out.items() if n > 0)


def stairs(state: WorldState, pos: Pos) -> Tile | None:
    """The stairs tile at `pos`, if any."""
    tile = state.tilemap.tile_at(pos)
    return tile if tile in (Tile.STAIRS_DOWN, Tile.STAIRS_UP) else None


def stairs_down(run: RunState) -> Pos:
    """The stairs down of the depth the party is on."""
    return _level(run.seed, run.depth).stairs_down


def stairs_up(run: RunState) -> Pos:
    """The stairs up of the depth the party is on."""
    return _level(run.seed, run.depth).stairs_up


def arrival(run: RunState, depth: int, down: bool, n: int) -> list[Pos]:
    """Where `n` travellers arrive on `depth`: the free squares nearest its stairs up (coming down) or
    its stairs down (coming up), never a stairs square, nearest first (breadth-first, in `directions`
    order), those with a way on to the level's other stairs first (`nearest_free`'s `onward`: the AI
    leader never walks over stairs that are not his goal, so on combat basics' seed 3 the leader who
    arrived in the corridor behind depth 4's stairs up stood there for good). Free: on a depth left
    before, no one stands there; on a new one, no foe and no recruit is placed there (a hireling waits
    in the arrival room: seed 11's beside the stairs up of depth 3)."""
    level = _level(run.seed, depth)
    stash = run.levels.get(depth)
    taken = set(stash.occupancy) if stash is not None else \
        {f.pos for f in level.foes} | {r.pos for r in level.recruits}
    tilemap = stash.tilemap if stash is not None else level.world_map
    start, other = (level.stairs_up, level.stairs_down) if down else (level.stairs_down, level.stairs_up)
    return nearest_free(tilemap, start, taken, n, onward=other)


def free_square(state: WorldState, at: tuple[int, int]) -> Pos | None:
    """The square `at` on the party's depth when someone may stand there (on the map, passable, nobody on
    it); None otherwise (the folds that place a man refuse it)."""
    tilemap = state.tilemap
    if not (0 <= at[0] < tilemap.width and 0 <= at[1] < tilemap.height):
        return None
    pos = tilemap.positions_by_index[at[1] * tilemap.width + at[0]]
    return pos if tilemap.passable(pos) and pos not in state.occupancy else None


def nearest_free(tilemap: TileMap, start: Pos, taken: Collection[Pos], n: int, onward: Pos | None = None) -> list[Pos]:
    """Up to `n` passable squares nearest `start` that are not `taken` and no stairs, nearest first. With
    `onward` (the level's other stairs), the squares from which `onward` is reached without crossing
    `start` come first: a square on the far side of `start` (a dead end behind the stairs) only when
    there are not `n` others."""
    onward_steps = None if onward is None else \
        distance_map(tilemap, [onward], blocked={start}).steps  # (4-way: a way for either adjacency)
    width = tilemap.width
    seen, todo, out, cut_off = {start}, deque([start]), list[Pos](), list[Pos]()
    while todo and len(out) < n:
        here = todo.popleft()
        for d in directions(4):
            nxt = here.step(d)
            if nxt in seen or not tilemap.in_bounds(nxt) or not tilemap.passable(nxt):
                continue
            seen.add(nxt)
            todo.append(nxt)
            if nxt not in taken and tilemap.tile_at(nxt) not in (Tile.STAIRS_DOWN, Tile.STAIRS_UP):
                (out if onward_steps is None or onward_steps[nxt.y * width + nxt.x] >= 0 else cut_off).append(nxt)
    return (out + cut_off)[:n]


def wearer_of(actor: Actor, template: CreatureTemplate, trained: Mapping[str, int] | None = None) -> Wearer:
    """Who wears an inventory: the creature's attributes and proficiencies, with what experience bought
    (`trained`: `RunState.trained`'s entry, "attribute:ST" / "proficiency:sword" -> the value now)."""
    attributes = template.attributes.to_attributes()
    proficiencies = dict(template.proficiencies)
    for key, value in (trained or {}).items():
        kind, _, name = key.partition(":")
        if kind == "attribute":
            attributes = replace(attributes, **{name: value})
        else:
            proficiencies[name] = value
    return Wearer(actor.id, actor.name, actor.faction, attributes, proficiencies, template.move_points)


def run_wearer(run: RunState, actor: Actor) -> Wearer:
    """`wearer_of` for an actor of the run, with what he has trained."""
    return wearer_of(actor, run.content.creatures[actor.creature], run.trained.get(actor.id))


# ----- folding a run's events (called by game.sim.fold) ------------------------------------------------


def fold_level_changed(state: WorldState, frm: int, depth: int, travellers: Sequence[tuple[str, int, int]]) -> None:
    run = _run(state)
    if run.depth != frm:
        raise ValueError(f"the party leaves depth {frm}, but is on depth {run.depth}")
    movers: list[tuple[Actor, int, int]] = []
    for aid, x, y in travellers:
        actor = state.actors.pop(aid)
        state.vacate(aid, actor.pos)  # (a combat cluster's next member holds his square)
        state.fighters.pop(aid, None)
        state.membership.pop(aid, None)
        movers.append((actor, x, y))
    run.levels[frm] = LevelStash(state.tilemap, state.actors, state.occupancy, state.fighters, state.bouts,
                                 state.membership, state.shots, run.floor, state.crowd)
    there = run.levels.pop(depth, None) or _fresh(state, run, depth)
    tilemap = there.tilemap
    state.tilemap = tilemap
    state.actors = {}
    for actor, x, y in movers:
        pos = tilemap.positions_by_index[y * tilemap.width + x]
        if not tilemap.passable(pos) or pos in there.occupancy:
            raise ValueError(f"{actor.id} cannot arrive on {x},{y} of depth {depth}")
        actor.pos = pos
        actor.mp = 0
        actor.planned = False
        state.actors[actor.id] = actor
        there.occupancy[pos] = actor.id
        there.fighters[actor.id] = actor.fighter
    state.actors.update(there.actors)
    state.occupancy = there.occupancy
    state.crowd = there.crowd
    state.fighters = there.fighters
    state.bouts = there.bouts
    state.membership = there.membership
    state.shots = there.shots
    run.floor = there.floor
    run.depth = depth
    run.deepest = max(run.deepest, depth)
    for aid in [a for a, (frm_depth, _t) in run.following.items() if frm_depth == depth]:
        del run.following[aid]  # the party came back to him before he reached it: he is here
    state._foes = {}  # the cast changed (the hostility of factions did not)


def _fresh(state: WorldState, run: RunState, depth: int) -> LevelStash:
    """Depth `depth` as generated, for its first visit."""
    from game.sim.genesis import make_actor  # genesis imports this module lazily too

    if not 1 <= depth <= run.plan.last:
        raise ValueError(f"the run has no depth {depth}")
    level = _level(run.seed, depth)
    content = run.content
    setup = level_setup(level, run.party, content)
    actors: dict[str, Actor] = {}
    for a in setup.actors:
        if a.party:
            continue
        template = content.creatures[a.creature]
        actors[a.id] = make_actor(a, template, state.catalog)
        run.inventories[a.id] = from_creature(template, content.items)
    return LevelStash(
        tilemap=level.world_map, actors=actors, occupancy={a.pos: aid for aid, a in actors.items()},
        fighters={aid: a.fighter for aid, a in actors.items()}, bouts={}, membership={}, shots=[],
        floor=floor_of(level),
    )


def closed_chest(state: WorldState, pos: Pos) -> Pile | None:
    """What the closed chest at `pos` of the party's depth holds (None: no closed chest there)."""
    run = state.run
    if run is None or state.tilemap.tile_at(pos) != Tile.CHEST:
        return None
    return next((c.contents for c in _level(run.seed, run.depth).chests if c.pos == pos), ())


def closed_chests(state: WorldState) -> list[Pos]:
    """The squares of the closed chests on the party's depth."""
    run = state.run
    if run is None:
        return []
    tilemap = state.tilemap
    return [c.pos for c in _level(run.seed, run.depth).chests if tilemap.tile_at(c.pos) == Tile.CHEST]


def fold_chest_opened(state: WorldState, actor_id: str, at: tuple[int, int], items: Pile) -> None:
    """The chest at `at` is open: its square is floor from now on, its contents a pile there."""
    run = _run(state)
    pos = Pos(*at)
    contents = closed_chest(state, pos)
    actor = state.actors.get(actor_id)
    if contents is None or tuple(contents) != tuple(items) or actor is None or max(
            abs(actor.pos.x - pos.x), abs(actor.pos.y - pos.y)) != 1:
        raise ValueError(f"{actor_id} cannot open a chest holding {items} at {at}")
    state.tilemap = state.tilemap.with_tiles({pos: Tile.FLOOR})
    if items:
        run.floor[pos] = _added(run.floor.get(pos, ()), items)


def fold_picked_up(state: WorldState, actor_id: str, at: tuple[int, int], items: Pile) -> None:
    run = _run(state)
    actor = state.actors[actor_id]
    pos = Pos(*at)
    if actor.pos != pos:
        raise ValueError(f"{actor_id} picks up at {at} but stands on {tuple(actor.pos)}")
    pile = _taken(run.floor.get(pos, ()), items)
    inv = run.inventories[actor_id]
    attributes = run_wearer(run, actor).attributes
    for item, count in items:
        after = pick_up(inv, item, count, items=run.content.items, attributes=attributes)
        if isinstance(after, Refusal):
            raise ValueError(after.reason)
        inv = after
        run.items_picked_up += count
    run.inventories[actor_id] = inv
    rebuild_load(state, run, actor)
    if pile:
        run.floor[pos] = pile
    else:
        del run.floor[pos]


def fold_gear_changed(
    state: WorldState, actor_id: str, carried: Pile, equipped: tuple[tuple[str, str], ...]
) -> None:
    """The new inventory; the fighter fights with it from now on (his wounds, HT and flags kept)."""
    run = _run(state)
    actor = state.actors[actor_id]
    old = run.inventories[actor_id]
    inv = Inventory(tuple(carried), tuple(equipped), old.innate_weapon, old.innate_armour)
    if _count(inv) != _count(old):
        raise ValueError(f"{actor_id}'s gear change adds or loses items")
    run.inventories[actor_id] = inv
    rebuild(state, run, actor)


def rebuild(state: WorldState, run: RunState, actor: Actor) -> None:
    """The fighter fights with his inventory and what he trained from now on (wounds, HT and flags
    kept; CP to the new most: he is out of any bout); move points from the load, the missile weapon
    from the `missile` slot."""
    inv = run.inventories[actor.id]
    wearer = run_wearer(run, actor)
    fighter = actor.fighter
    fighter.sheet = sheet(inv, wearer, state.catalog, run.content.items)
    fighter.cp = fighter.max_cp()
    actor.speed = numbers(inv, wearer, items=run.content.items, catalog=state.catalog).move_points
    catalog = state.catalog
    missile = inv.slot("missile")
    actor.missile = catalog.missiles.get(missile) if missile else None


def _count(inv: Inventory) -> dict[str, int]:
    out: dict[str, int] = {}
    for item, n in inv.everything():
        out[item] = out.get(item, 0) + n
    return out


def fold_dropped(state: WorldState, actor_id: str, at: tuple[int, int], items: Pile) -> None:
    run = _run(state)
    old = run.inventories[actor_id]
    if _count(old) != _count(Inventory(tuple(items))):
        raise ValueError(f"{actor_id} drops other items than he carried")
    run.inventories[actor_id] = Inventory((), (), old.innate_weapon, old.innate_armour)
    pos = Pos(*at)
    run.floor[pos] = _added(run.floor.get(pos, ()), items)


def fold_put_down(state: WorldState, actor_id: str, at: tuple[int, int], item: str, count: int) -> None:
    run = _run(state)
    actor = state.actors[actor_id]
    pos = Pos(*at)
    if actor.pos != pos:
        raise ValueError(f"{actor_id} puts down at {at} but stands on {tuple(actor.pos)}")
    after = drop(run.inventories[actor_id], item, count)
    if isinstance(after, Refusal):
        raise ValueError(after.reason)
    run.inventories[actor_id] = after
    rebuild_load(state, run, actor)
    run.floor[pos] = _added(run.floor.get(pos, ()), ((item, count),))


def fold_experience(state: WorldState, actor_id: str, amount: int) -> None:
    run = _run(state)
    if amount < 0 or not state.actors[actor_id].party:
        raise ValueError(f"{actor_id} cannot gain {amount} experience")
    run.experience[actor_id] = run.experience.get(actor_id, 0) + amount


def fold_given(state: WorldState, actor_id: str, to: str, item: str, count: int) -> None:
    run = _run(state)
    given = drop(run.inventories[actor_id], item, count)
    if isinstance(given, Refusal):
        raise ValueError(given.reason)
    taken = pick_up(run.inventories[to], item, count, items=run.content.items,
                    attributes=run_wearer(run, state.actors[to]).attributes)
    if isinstance(taken, Refusal):
        raise ValueError(taken.reason)
    run.inventories[actor_id] = given
    run.inventories[to] = taken
    rebuild(state, run, state.actors[actor_id])  # the load changed: move points follow
    rebuild(state, run, state.actors[to])


def fold_used(state: WorldState, actor_id: str, on: str, item: str, effect: str,
              wounds: tuple[tuple[int, int, int], ...], ht: int | None) -> None:
    run = _run(state)
    after = drop(run.inventories[actor_id], item, 1)
    if isinstance(after, Refusal) or run.content.items[item].effect != effect:
        raise ValueError(f"{actor_id} cannot use a {item} ({effect})")
    fighter = state.actors[on].fighter
    user = state.actors[actor_id].fighter
    pools = {id(f): (f, f.max_cp()) for f in (fighter, user)}
    before = [w.pain for w in fighter.wounds]
    treat(fighter, wounds, ht)
    run.inventories[actor_id] = after
    if effect == "painkiller":
        run.doses[on] = run.doses.get(on, 0) + 1
        numbed = tuple((w.location, w.damage_type, w.level, before[i], before[i] - pain)
                       for i, pain, _bl in wounds if pain < before[i] for w in (fighter.wounds[i],))
        run.numbed[on] = (*run.numbed.get(on, ()), (state.tick + PAINKILLER_TICKS, numbed))
    rebuild_load(state, run, state.actors[actor_id])
    for f, pool in pools.values():
        follow_pool(f, pool)


def follow_pool(fighter: FighterState, pool_before: int) -> None:
    """The CP in hand follows a change of the fighter's pool (`max_cp`) by a consumable, its wearing off
    or a lighter load (docs/run.md "CP in hand"): pain eased, HT given back or load lifted gives him at
    once the dice they held back, pain come back takes them; never past the new pool nor below 0."""
    pool = fighter.max_cp()
    if pool != pool_before:
        fighter.cp = max(0, min(pool, fighter.cp + pool - pool_before))


def pain_returning(run: RunState, actor: Actor, tick: int) -> tuple[tuple[int, int], ...] | None:
    """When `actor`'s oldest painkiller dose wears off at `tick`: each numbed wound's pain after it (the
    pain eased comes back on what the wound hurts now, never past its pain before the dose; a wound is
    known by its place, kind and level, since healing removes the healed ones); None while none is due."""
    doses = run.numbed.get(actor.id)
    if not doses or doses[0][0] > tick:
        return None
    wounds = actor.fighter.wounds
    out: list[tuple[int, int]] = []
    for location, kind, level, before, eased in doses[0][1]:
        index = next((i for i, w in enumerate(wounds) if (w.location, w.damage_type, w.level) == (location, kind, level)
                      and all(i != j for j, _p in out)), None)
        if index is not None:  # (a wound healed away meanwhile stays healed)
            out.append((index, min(before, wounds[index].pain + eased)))
    return tuple(out)


def fold_pain_returned(state: WorldState, actor_id: str, wounds: tuple[tuple[int, int], ...]) -> None:
    """The oldest dose wore off: the pain back, one dose fewer counted against the next."""
    run = _run(state)
    doses = run.numbed.get(actor_id)
    if not doses:
        raise ValueError(f"{actor_id} has no painkiller to wear off")
    fighter = state.actors[actor_id].fighter
    pool = fighter.max_cp()
    treat(fighter, tuple((i, pain, fighter.wounds[i].bl if 0 <= i < len(fighter.wounds) else 0)
                         for i, pain in wounds))
    follow_pool(fighter, pool)
    if len(doses) > 1:
        run.numbed[actor_id] = doses[1:]
    else:
        del run.numbed[actor_id]
    run.doses[actor_id] = max(0, run.doses.get(actor_id, 0) - 1)


def rebuild_load(state: WorldState, run: RunState, actor: Actor) -> None:
    """Only what a lighter load changes: move points and the sheet's encumbrance CP penalty (his gear,
    and the CP he has now, stay: he may be between fights)."""
    wearer = run_wearer(run, actor)
    inv = run.inventories[actor.id]
    enc = encumbrance_of(inv, wearer, items=run.content.items, catalog=state.catalog)
    actor.speed = enc.move_points
    fighter = actor.fighter
    if fighter.sheet.encumbrance_cp != enc.cp_penalty:
        fighter.sheet = replace(fighter.sheet, encumbrance_cp=enc.cp_penalty)


def fold_trained(state: WorldState, actor_id: str, kind: str, name: str, value: int, cost: int) -> None:
    run = _run(state)
    actor = state.actors[actor_id]
    if kind not in ("attribute", "proficiency") or cost < 1 or run.experience.get(actor_id, 0) < cost:
        raise ValueError(f"{actor_id} cannot train {kind} {name} for {cost}")
    run.experience[actor_id] -= cost
    trained = run.trained.setdefault(actor_id, {})
    before = getattr(run_wearer(run, actor).attributes, name) if kind == "attribute" else None
    trained[f"{kind}:{name}"] = value
    hp_before = actor.fighter.ht
    rebuild(state, run, actor)
    if name == "HT" and before is not None:  # a point more of health: he has it now (lost HT stays lost)
        actor.fighter.ht = hp_before + value - before


def level_of(run: RunState, depth: int | None = None) -> Level:
    """The generated level of `depth` (default: the party's) of the run."""
    return _level(run.seed, run.depth if depth is None else depth)


def run_of(state: WorldState) -> RunState:
    """The state's run; ValueError for a world that is no run (a run's event there is a bad log)."""
    return _run(state)


def _run(state: WorldState) -> RunState:
    if state.run is None:
        raise ValueError("a run's event in a world that is no run")
    return state.run


def inventories_snapshot(inventories: Mapping[str, Inventory]) -> dict[str, list[object]]:
    return {aid: [[list(c) for c in inv.carried], [list(e) for e in inv.equipped]]
            for aid, inv in sorted(inventories.items())}
