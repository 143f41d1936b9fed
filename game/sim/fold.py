"""Folding world events into the world state: the only place world facts change.

Positions, facings, bout membership, orders, movement initiative, the streams' positions and the
decision owed are all set here from events, so a state is the fold of its events. The inside of a bout
(clock, targets, initiative, pools, wounds) belongs to the rules: `rules.fold` applies the rules'
events. In live play the rules fold each of their events as they emit it, and the world records them
(`RulesEvent`, `ShotLanded`, `Bled`) without folding them again; rebuilding a state from a log
(`game.sim.history`) folds them here, through the same `rules.fold.apply`. A run's events (a level
change, items picked up or dropped, a change of gear) are folded by `game.sim.run_world` (recruits
and followers by `game.sim.run_party`).
"""

from __future__ import annotations

from game.sim import disarm, run_fallen, run_party, run_world
from game.sim import events as ev
from game.sim.geometry import Direction, Pos
from game.sim.state import BoutState, Decision, PausedTick, PendingShot, WorldState
from rules import fold as rules_fold
from rules.events import ClockStepped


def fold(state: WorldState, event: ev.WorldEvent) -> None:
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        handler(state, event)


def _tick(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.TickStarted)
    state.tick = e.tick
    state.pending = None
    for actor in state.actors.values():
        actor.bumped = None
        actor.moved = False


def _moved(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.Moved)
    actor = state.actors[e.actor]
    frm = e.frm
    if actor.pos != frm:
        raise ValueError(f"{e.actor} moves from {frm}, but stands on {tuple(actor.pos)}")
    x, y = e.to
    to = state.tilemap.positions_by_index[y * state.tilemap.width + x]  # a move ends on the map
    state.vacate(actor.id, frm)
    state.occupy(actor.id, to)
    actor.pos = to
    actor.facing = _DIRECTIONS[e.facing]
    actor.moved = True
    actor.mp_tick = state.tick
    actor.stepped_tick = state.tick
    actor.mp = e.mp
    actor.planned = False


def _forfeited(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.Forfeited)
    actor = state.actors[e.actor]
    actor.facing = _DIRECTIONS[e.facing]
    actor.planned = False
    if e.mp is not None:
        actor.mp = e.mp
        actor.mp_tick = state.tick


def _bumped(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.Bumped)
    actor = state.actors[e.actor]
    actor.facing = _DIRECTIONS[e.facing]
    actor.bumped = e.into if e.hostile else None
    actor.planned = False


def _bout_started(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.BoutStarted)
    fighters = [state.actors[m].fighter for m in e.members]
    state.bouts[e.bout] = BoutState(e.bout, state.system.new_bout(state.catalog, fighters, state.house_rules, reach={}))
    for m in e.members:
        state.membership[m] = e.bout
    state.next_bout = max(state.next_bout, e.bout + 1)


def _joined(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.BoutJoined)
    bout = state.bouts[e.bout].rules
    if e.mid_round:
        bout.arrive(state.actors[e.actor].fighter)
    else:
        bout.add_fighter(state.actors[e.actor].fighter)
    state.membership[e.actor] = e.bout
    if e.orientation is not None:
        bout.orientation[e.actor] = e.orientation
        bout.needs_orientation.discard(e.actor)


def _left(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.BoutLeft)
    bout = state.bouts.get(e.bout)
    if bout is not None and e.actor not in bout.rules.left:
        bout.rules.remove_fighter(e.actor)
    actor = state.actors[e.actor]
    actor.mp = 0  # separated fighters are reset (design doc: "resetting back to e1s0")


def _ended(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.BoutEnded)
    bout = state.bouts.pop(e.bout, None)
    if bout is not None:
        for fid in bout.members:
            bout.rules.remove_fighter(fid)


def _synced(state: WorldState, e: ev.WorldEvent) -> None:
    """Merge bouts in their first-exchange window into `e.bout`, at the later step."""
    assert isinstance(e, ev.BoutSynced)
    into = state.bouts[e.bout]
    for other_id in e.merged:
        other = state.bouts.pop(other_id)
        state.system.merge(into.rules, other.rules)  # the system's own state of the members (rules.systems)
        for fid in other.members:
            state.membership[fid] = into.id
            orientation = other.rules.orientation.get(fid)
            target = other.rules.targets.get(fid)
            into.rules.add_fighter(other.rules.fighters[fid])
            if orientation is not None:
                into.rules.orientation[fid] = orientation
                into.rules.needs_orientation.discard(fid)
            into.rules.targets[fid] = target
    clock = into.rules.clock
    if e.step != clock.step:
        rules_fold.apply(ClockStepped(clock.exchange, e.step, clock.round), into.rules.fighters, into.rules)


def _split(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.BoutSplit)
    old = state.bouts[e.bout]
    new = state.system.new_bout(state.catalog, [old.rules.fighters[m] for m in e.members], state.house_rules, reach={})
    new.clock.exchange = old.rules.clock.exchange
    new.clock.round = old.rules.clock.round
    new.clock.step = old.rules.clock.step
    members = set(e.members)
    for fid in e.members:
        new.orientation[fid] = old.rules.orientation.get(fid)
        target = old.rules.targets.get(fid)
        new.targets[fid] = target if target in members else None
        if fid not in old.rules.needs_orientation:
            new.needs_orientation.discard(fid)
    new.arrivals = old.rules.arrivals & members
    new.attacked_last = old.rules.attacked_last & members
    for key, holder in old.rules.flow.items():
        if key[0] in members and key[1] in members:
            new.flow[key] = holder
    state.system.split(old.rules, new)  # the system's own state of the members (rules.systems)
    for fid in e.members:
        old.rules.remove_fighter(fid)
    state.bouts[e.new_bout] = BoutState(e.new_bout, new)
    for fid in e.members:
        state.membership[fid] = e.new_bout
    state.next_bout = max(state.next_bout, e.new_bout + 1)


def _reach(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.BoutReach)
    state.bouts[e.bout].rules.set_reach(dict(e.reach))


def _terrain(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.BoutTerrain)
    state.bouts[e.bout].rules.set_terrain(dict(e.terrain))


def _cornered(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.BoutCornered)
    state.bouts[e.bout].rules.set_cornered(e.fighters)


def _rules_event(state: WorldState, e: ev.WorldEvent) -> None:
    """A rules event inside a bout (only when rebuilding: live, the rules folded it already)."""
    assert isinstance(e, ev.RulesEvent)
    bout = state.bouts.get(e.bout)
    if bout is not None:
        state.system.fold(e.event, bout.rules.fighters, bout.rules)
    else:  # a bout that ended in the same step (its last events name fighters only)
        state.system.fold(e.event, state.fighters, None)


def _outside_bout(state: WorldState, e: ev.WorldEvent) -> None:
    """A shot or an out-of-combat blood-loss check (only when rebuilding, as `_rules_event`)."""
    assert isinstance(e, ev.ShotLanded | ev.Bled)
    state.system.fold(e.event, state.fighters, None)


def _movement_initiative(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.MovementInitiative)
    for aid, roll in e.order:
        state.actors[aid].move_init = roll


def _rested(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.Rested)
    fighter = state.actors[e.actor].fighter
    fighter.cp = e.cp
    fighter.no_refresh = False


def _carried(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.Carried)
    actor = state.actors[e.actor]
    actor.carried, actor.carried_tick = e.record, e.tick


def _streams(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.StreamsAt)
    state.combat.seek(e.combat)
    state.ai.seek(e.ai)
    state.cosmetic.seek(e.cosmetic)


def _decision(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.DecisionDue)
    state.pending = Decision(
        e.kind, e.actor, e.bout, e.options, e.default,
        orientation_due="orientation" in e.options, first_aid_offered="first_aid" in e.options,
        incoming=e.incoming, shot_defence=e.shot_defence, asks=e.asks,
    )


def _order(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.OrderGiven)
    actor = state.actors[e.companion]
    actor.order = e.kind
    actor.order_target = e.target
    actor.order_at = None if e.at is None else Pos(*e.at)


def _planned(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.StepPlanned)
    actor = state.actors[e.companion]
    actor.planned = True
    actor.planned_dir = None if e.direction is None else Direction[e.direction]


def _died(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.Died | ev.KnockedOut)
    actor = state.actors[e.actor]
    state.vacate(actor.id, actor.pos)


def _bump_frame(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.BumpFrame)
    followers = tuple((aid, Direction[d]) for aid, d in e.followers)
    state.paused = PausedTick(followers, Direction[e.direction], Pos(*e.square))


def _bump_answered(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.BumpAnswered)
    state.paused = None
    state.pending = None


def _recovering(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.Recovering)
    actor = state.actors[e.actor]
    actor.bleed_thirds, actor.waited, actor.heal_ticks = e.bleed_thirds, e.waited, e.heal_ticks


def _aid_choice(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.FirstAidChoice)
    state.actors[e.actor].aid_declined = not e.accept


def _first_aid(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.FirstAidGiven)
    if e.stopped:
        state.actors[e.actor].fighter.stop_bleeding()


def _healed(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.Healed)
    state.actors[e.actor].fighter.ease_pain(e.amount)


def _aimed(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.Aimed)
    actor = state.actors[e.actor]
    actor.aim_target, actor.aim_ticks, actor.aim_tick = e.target, e.ticks, state.tick


def _loosed(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.ShotLoosed)
    actor = state.actors[e.actor]
    actor.aim_target, actor.aim_ticks, actor.aim_tick = None, 0, -1
    actor.ready_tick = e.ready_tick
    state.shots.append(PendingShot(e.actor, e.target, e.zone, e.aim_ticks))


def _shots_done(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.ShotsDone)
    state.shots = []


def _over(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.GameOver)
    state.over = e.outcome


def _level_changed(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.LevelChanged)
    run_world.fold_level_changed(state, e.frm, e.depth, e.travellers)


def _picked_up(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.ItemsPickedUp)
    run_world.fold_picked_up(state, e.actor, e.pos, e.items)


def _gear_changed(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.GearChanged)
    run_world.fold_gear_changed(state, e.actor, e.carried, e.equipped)


def _dropped(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.ItemsDropped)
    run_world.fold_dropped(state, e.actor, e.pos, e.items)


def _disarmed(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.WeaponDisarmed)
    disarm.fold_disarmed(state, e.actor, e.pos, e.item)


def _drawn(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.WeaponDrawn)
    disarm.fold_drawn(state, e.actor, e.item)


def _put_down(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.ItemPutDown)
    run_world.fold_put_down(state, e.actor, e.pos, e.item, e.count)


def _experience(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.ExperienceGained)
    run_world.fold_experience(state, e.actor, e.amount)


def _given(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.ItemsGiven)
    run_world.fold_given(state, e.actor, e.to, e.item, e.count)


def _used(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.ItemUsed)
    run_world.fold_used(state, e.actor, e.on, e.item, e.effect, e.wounds, e.ht)


def _trained(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.Trained)
    run_world.fold_trained(state, e.actor, e.kind, e.name, e.value, e.cost)


def _pain_returned(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.PainReturned)
    run_world.fold_pain_returned(state, e.actor, e.wounds)


def _chest_opened(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.ChestOpened)
    run_world.fold_chest_opened(state, e.actor, e.pos, e.items)


def _recruited(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.Recruited)
    run_party.fold_recruited(state, e.actor, e.recruit, e.kind, e.price)


def _came_round(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.CameRound)
    run_fallen.fold_came_round(state, e.actor, e.by, e.pos)


def _follower_set_out(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.FollowerSetOut)
    run_party.fold_follower_set_out(state, e.actor, e.frm, e.arrives)


def _follower_arrived(state: WorldState, e: ev.WorldEvent) -> None:
    assert isinstance(e, ev.FollowerArrived)
    run_party.fold_follower_arrived(state, e.actor, e.frm, e.pos)


_DIRECTIONS = dict(Direction.__members__)  # `Direction[name]` without the enum's Python-level lookup

_HANDLERS = {
    ev.TickStarted: _tick,
    ev.Moved: _moved,
    ev.Forfeited: _forfeited,
    ev.Bumped: _bumped,
    ev.BoutStarted: _bout_started,
    ev.BoutJoined: _joined,
    ev.BoutLeft: _left,
    ev.BoutEnded: _ended,
    ev.BoutSynced: _synced,
    ev.BoutSplit: _split,
    ev.BoutReach: _reach,
    ev.BoutTerrain: _terrain,
    ev.BoutCornered: _cornered,
    ev.RulesEvent: _rules_event,
    ev.ShotLanded: _outside_bout,
    ev.Bled: _outside_bout,
    ev.MovementInitiative: _movement_initiative,
    ev.Rested: _rested,
    ev.Carried: _carried,
    ev.StreamsAt: _streams,
    ev.DecisionDue: _decision,
    ev.OrderGiven: _order,
    ev.StepPlanned: _planned,
    ev.Died: _died,
    ev.KnockedOut: _died,
    ev.GameOver: _over,
    ev.BumpFrame: _bump_frame,
    ev.BumpAnswered: _bump_answered,
    ev.Recovering: _recovering,
    ev.FirstAidChoice: _aid_choice,
    ev.FirstAidGiven: _first_aid,
    ev.Healed: _healed,
    ev.Aimed: _aimed,
    ev.ShotLoosed: _loosed,
    ev.ShotsDone: _shots_done,
    ev.LevelChanged: _level_changed,
    ev.ItemsPickedUp: _picked_up,
    ev.GearChanged: _gear_changed,
    ev.ItemsDropped: _dropped,
    ev.ItemPutDown: _put_down,
    ev.WeaponDisarmed: _disarmed,
    ev.WeaponDrawn: _drawn,
    ev.ExperienceGained: _experience,
    ev.ItemsGiven: _given,
    ev.ItemUsed: _used,
    ev.Trained: _trained,
    ev.PainReturned: _pain_returned,
    ev.FollowerSetOut: _follower_set_out,
    ev.FollowerArrived: _follower_arrived,
    ev.ChestOpened: _chest_opened,
    ev.Recruited: _recruited,
    ev.CameRound: _came_round,
}
