"""The whole live state of a world as plain data, and its digest (issue 9's command-line contract).

`snapshot(state)` lists every fact a fold must rebuild: every actor's square, facing, movement and
care counters and fighter (CP, HT, wounds, pain, shock, BL, flags), every bout's clock, members,
orientations, targets, initiative relations, declarations and reach, the decision owed, the shots in
the air and the random streams' positions; each fighter's sheet (what gear changes); in a run, the
depth, the floor's items, every inventory and every depth left behind in full. `digest(state)` is a
hash of it. Caches are left out: two states with equal snapshots play on identically.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from game.sim.geometry import Pos
from game.sim.run_world import inventories_snapshot
from game.sim.state import Actor, BoutState, LevelStash, Pile, RunState, WorldState
from rules.bout import Bout, Committed
from rules.fighter import FighterSheet, FighterState


def snapshot(state: WorldState) -> dict[str, Any]:
    """The state as JSON-ready data, keys sorted by the encoder."""
    pending = state.pending
    paused = state.paused
    return {
        "tick": state.tick,
        "over": state.over,
        "leader": state.leader,
        "streams": {s.name: s.draws for s in (state.combat, state.ai, state.cosmetic)},
        "actors": {aid: _actor(a) for aid, a in state.actors.items()},
        "bouts": {str(bid): _bout(b) for bid, b in state.bouts.items()},
        "next_bout": state.next_bout,
        "membership": dict(state.membership),
        "pending": None if pending is None else [
            pending.kind, pending.actor, pending.bout, list(pending.options), pending.default,
            pending.orientation_due, pending.first_aid_offered, list(pending.incoming), pending.shot_defence,
            [[a.kind, a.who, [o.value for o in a.options], a.default, a.low, a.high] for a in pending.asks],
        ],
        "paused": None if paused is None else [
            [[a, d.name] for a, d in paused.followers], paused.player_dir.name, list(paused.square),
        ],
        "shots": [[s.shooter, s.target, s.zone, s.aim_ticks] for s in state.shots],
        "occupancy": sorted([p[0], p[1], a] for p, a in state.occupancy.items()),
        "run": None if state.run is None else _run(state.run),
    } | ({"crowd": sorted([p[0], p[1], *a] for p, a in state.crowd.items())} if state.crowd else {})


def _run(run: RunState) -> dict[str, Any]:
    """A run's own facts: the depth, the floor, every inventory, and each depth left behind in full."""
    return {
        "depth": run.depth, "deepest": run.deepest, "picked_up": run.items_picked_up,
        "experience": dict(sorted(run.experience.items())),
        "trained": {aid: dict(sorted(t.items())) for aid, t in sorted(run.trained.items())},
        "doses": dict(sorted(run.doses.items())),
        "following": {aid: list(f) for aid, f in sorted(run.following.items())},
        "numbed": {aid: [[t, [list(w) for w in ws]] for t, ws in doses] for aid, doses in sorted(run.numbed.items())},
        "floor": _floor(run.floor),
        "inventories": inventories_snapshot(run.inventories),
        "levels": {str(d): _stash(stash) for d, stash in sorted(run.levels.items())},
    }


def _floor(floor: dict[Pos, Pile]) -> list[Any]:
    return sorted([p[0], p[1], [list(i) for i in pile]] for p, pile in floor.items())


def _stash(stash: LevelStash) -> dict[str, Any]:
    return {
        "tilemap": [stash.tilemap.width, stash.tilemap.height, stash.tilemap.to_ascii()],
        "actors": {aid: _actor(a) for aid, a in stash.actors.items()},
        "occupancy": sorted([p[0], p[1], a] for p, a in stash.occupancy.items()),
        "fighters": sorted(stash.fighters),
        "bouts": {str(bid): _bout(b) for bid, b in stash.bouts.items()},
        "membership": dict(stash.membership),
        "shots": [[s.shooter, s.target, s.zone, s.aim_ticks] for s in stash.shots],
        "floor": _floor(stash.floor),
    } | ({"crowd": sorted([p[0], p[1], *a] for p, a in stash.crowd.items())} if stash.crowd else {})


def digest(state: WorldState) -> str:
    """sha256 of the snapshot's canonical JSON."""
    text = json.dumps(snapshot(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def checksum(state: WorldState) -> str:
    """The run file's per-tick checksum (`World.checksum`, which keeps it incrementally): the combat
    and ai streams' positions plus every actor's square, HT, CP and whether he is still in the fight."""
    text = f"{state.combat.draws:x}:{state.ai.draws:x};" + run_mark(state) + "".join(
        f"{aid}:{a.pos[0]},{a.pos[1]}:{a.fighter.ht}:{a.fighter.cp}:{int(not a.fighter.out_of_fight)};"
        for aid, a in state.actors.items())
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def run_mark(state: WorldState) -> str:
    """A run's part of the checksum: the depth the party is on and the items picked up so far."""
    run = state.run
    return "" if run is None else f"@{run.depth}:{run.items_picked_up};"


def _actor(a: Actor) -> dict[str, Any]:
    return {
        "pos": list(a.pos), "facing": a.facing.name, "mp": a.mp, "mp_tick": a.mp_tick, "move_init": a.move_init,
        "order": [a.order, a.order_target, None if a.order_at is None else list(a.order_at)],
        "planned": [a.planned, None if a.planned_dir is None else a.planned_dir.name],
        "care": [a.bleed_thirds, a.waited, a.aid_declined, a.heal_ticks],
        "tick_flags": [a.bumped, a.moved, a.stepped_tick],
        "aim": [a.aim_target, a.aim_ticks, a.aim_tick, a.ready_tick],
        "fighter": _fighter(a.fighter),
        "gear": [a.speed, None if a.missile is None else a.missile.name],
    }


def _fighter(f: FighterState) -> dict[str, Any]:
    return {
        "cp": f.cp, "ht": f.ht, "pain": f.pain, "shock": f.carried_shock, "bl": f.blood_loss,
        "wounds": [[w.location, w.damage_type, w.level, w.pain, w.bl] for w in f.wounds],
        "prone": f.prone, "unconscious": f.unconscious, "dead": f.dead, "destroyed": sorted(f.destroyed),
        "bonus_dice": f.bonus_dice, "no_refresh": f.no_refresh,
        "sheet": _sheet(f.sheet),
    }


def _sheet(s: FighterSheet) -> list[Any]:
    """What a change of gear changes on a fighter's sheet."""
    return [None if s.weapon is None else s.weapon.name, None if s.shield is None else s.shield.name,
            None if s.off_weapon is None else s.off_weapon.name, [a.name for a in s.armour], s.proficiency, s.level,
            dict(sorted(s.av.items())), *([s.encumbrance_cp] if s.encumbrance_cp else [])]


def _bout(bs: BoutState) -> dict[str, Any]:
    b: Bout = bs.rules
    c = b.clock
    return {
        "clock": [c.exchange, c.step, c.round, c.exchanges_done],
        "fighters": sorted(b.fighters), "left": sorted(b.left), "arrivals": sorted(b.arrivals),
        "orientation": dict(sorted(b.orientation.items())), "needs_orientation": sorted(b.needs_orientation),
        "targets": dict(sorted(b.targets.items())), "prev_targets": dict(sorted(b.prev_targets.items())),
        "flow": sorted([a, o, h] for (a, o), h in b.flow.items()),
        "holders": sorted(b.holders), "contested": sorted(b.contested), "free_contests": sorted(b.free_contests),
        "declarations": {fid: [_committed(c) for c in items] for fid, items in sorted(b.declarations.items())},
        "length_penalised": sorted([a, o, v] for (a, o), v in b.length_penalised.items()),
        "bonus_expiry": dict(sorted(b.bonus_expiry.items())), "seq": b.seq,
        "global_holders": sorted(b.global_holders), "answered": sorted(b.answered),
        "attacked_last": sorted(b.attacked_last),
        "reach": b.reach_pairs(),
    } | ({"terrain": dict(sorted(b.terrain.items()))} if b.terrain else {}) | (  # difficult ground (`BoutTerrain`)
        {"cornered": sorted(b.cornered)} if b.cornered else {})  # no room to evade (`BoutCornered`)


def _committed(c: Committed) -> list[Any]:
    a = c.action
    parts = [[p.maneuver, p.dice, p.zone] for p in a.parts]
    return [a.action, c.maneuver, c.opponent, c.role, c.dice, c.tn, c.cost, c.conditional_cost, c.zone, c.hand,
            c.flavour, a.greater, a.seize, a.reflex_buy, a.terrain_dice, parts]
