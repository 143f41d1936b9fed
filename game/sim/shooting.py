"""Shots (SPEC §4.9): whether one may aim or shoot, aims and shots loosed after the bout steps, and the
shots loosed last tick landing first in this one, the target adding CP to his defence.

Shooting is allowed at any step, from inside a bout too (the design doc's "Ranged combat": "shooting can
be done at any step for any given player for a Roguelike"; issue 13 item 14): a bout member's shot is his
act of that step: at `s0` instead of his footwork, at `s1` beside his target, at `s2` as his declaration
(he declares nothing in melee). A shot lands at the start of the next tick ("the shot only resolves in the
next step"), except one loosed by a bout member at his bout's `s2`: the next step is the exchange's
resolution, and "the shooter has initiative over his target as per normal exchange, and will resolve his
shot first before his target can take action", so it lands at once, in the step it is taken, before the
exchange resolves (`aim_and_shoot`).

The AI shoots from inside a bout too (`bout_shot`, under the default combat system), when the shot costs
it nothing in melee: nobody in its bout targets it (no attack can come at it this exchange), and at `s0` a
foe out of its reach is in a clear line of fire (the shot instead of a footwork that would be a wait), or at
`s2` it holds no initiative (no attack of its own is on offer) and shoots before the foe closes: its target
first, else the nearest foe out of its reach. At `s2` it then declares nothing in melee
(`game.sim.world_decisions`), and its shot lands at once like the leader's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.sim import events as ev
from game.sim.fov import line_of_sight
from game.sim.geometry import chebyshev, neighbours
from game.sim.movement import Movement
from game.sim.state import Actor, BoutState, PendingShot
from game.sim.world_core import ROUND_TICKS, WorldCore
from rules.bout import DO_NOTHING
from rules.ranged import ShotContext, can_shoot, reload_ticks, resolve_shot
from rules.systems import Entrant, Shot, ShotOutcome

DEFAULT_SHOT_ZONE = "XI"


@dataclass(frozen=True, slots=True)
class Ranged:
    """An aim or a shot instead of a step."""

    kind: str  # aim | shoot
    target: str
    zone: str


class Shooting:
    """Aims and shots (see the module docstring); `plans` are this tick's, set with the intents."""

    def __init__(self, core: WorldCore, movement: Movement) -> None:
        self.core = core
        self.movement = movement
        self.plans: dict[str, Ranged] = {}

    def ranged_problem(self, shooter_id: str, target_id: str, shooting: bool, zone: str = "XI") -> str | None:
        """Why `shooter_id` may not aim at or shoot `target_id` now, or None (SPEC §4.9)."""
        s = self.core.state
        shooter = s.actors[shooter_id]
        target = s.actors.get(target_id)
        if shooter.missile is None:
            return f"{shooter.name} has no missile weapon"
        if target is None or not target.alive:
            return "no such target"
        if not s.hostile(shooter_id, target_id):
            return f"{target.name} is no foe"
        if zone not in s.catalog.zones or s.catalog.zones[zone].attack_kind != "thrust":
            return f"zone {zone} cannot be aimed at with a missile (thrust zones VIII-XIV)"
        clear = line_of_sight(s.tilemap, shooter.pos, target.pos)
        reload_left = max(0, shooter.ready_tick - (s.tick + 1)) if shooting else 0
        distance = chebyshev(shooter.pos, target.pos)
        own = getattr(self.core.system, "shot_problem", None)  # a system's own missile rules (dew_sequence)
        if own is not None and (problem := own(self._entrant(shooter), shooter.fighter, shooter.missile.id, distance,
                                               shooter.aim_ticks if shooter.aim_target == target_id else 0)):
            return str(problem)
        return can_shoot(shooter.fighter, shooter.missile, distance, clear, reload_left)

    def aim_and_shoot(self) -> None:
        """This tick's aims and shots; a bout member's shot at his bout's `s2` lands at once (see the module
        docstring), before the others are loosed: they land at the next tick."""
        s = self.core.state
        self._ai_shots_at_s2()
        order = sorted(self.plans, key=self.movement.order_key)
        at_once = [aid for aid in order if self.plans[aid].kind == "shoot" and self._at_s2(aid)]
        if at_once:
            assert not s.shots, "the shots of the last tick have landed"
            for aid in at_once:
                self._loose(aid, self.plans[aid])
            self.land_shots(0, immediate=True)
        for aid in order:
            plan = self.plans[aid]
            if aid in at_once:
                continue
            if plan.kind == "aim":
                actor = s.actors[aid]
                running = actor.aim_target == plan.target and actor.aim_tick == s.tick - 1
                self.core.emit(ev.Aimed(aid, plan.target, actor.aim_ticks + 1 if running else 1))
            else:
                self._loose(aid, plan)

    # ----- the AI's shots from inside a bout (see the module docstring) ---------------------------------
    def bout_shot(self, actor_id: str, step: int) -> Ranged | None:
        """The shot an AI bout member takes at his bout's `step` (0: instead of his footwork, which the
        caller has found would be a wait; 2: instead of a melee declaration) when it pays, else None."""
        s = self.core.state
        actor = s.actors[actor_id]
        if actor.missile is None or self.core.system.name != "tros_sos" or (
                actor.party and s.house_rules.party_orders):  # the player answers for him
            return None
        bout = s.bout_of(actor_id)
        if bout is None:
            return None
        rules = bout.rules
        targets = rules.targets
        if any(t == actor_id and f != actor_id and rules.active(f) and rules.hostile(f, actor_id)
               for f, t in targets.items()):
            return None  # somebody comes at him: he keeps his melee
        if step == 2 and rules.has_initiative(actor_id):
            return None  # his attack is on offer
        reach = set(rules.foes_in_reach(actor_id))
        wanted: list[str] = []
        own = targets.get(actor_id)
        if step == 2 and own is not None:
            wanted.append(own)
        longest = actor.missile.max_range
        far = sorted((chebyshev(actor.pos, s.actors[f].pos), f) for f in s.foes_of(actor_id)
                     if f not in reach and s.actors[f].alive)
        wanted += [f for d, f in far if d <= longest]
        for foe in wanted:
            if self.ranged_problem(actor_id, foe, shooting=True) is None:
                return Ranged("shoot", foe, DEFAULT_SHOT_ZONE)
        return None

    def _ai_shots_at_s2(self) -> None:
        """The AI bout members at `s2` who declared nothing in melee shoot when `bout_shot` says it pays
        (the same answer as when they declared: nothing it reads changes in between)."""
        s = self.core.state
        for bout in sorted(s.bouts.values(), key=lambda b: b.id):
            if bout.step != 2:
                continue
            declared = bout.rules.declarations
            for aid in bout.members:
                if aid in self.plans or (aid == s.leader and not self.core.player_ai):
                    continue
                items = declared.get(aid)
                if items is None or any(c.action.action != DO_NOTHING for c in items):
                    continue
                shot = self.bout_shot(aid, 2)
                if shot is not None:
                    self.plans[aid] = shot

    def _at_s2(self, aid: str) -> bool:
        bout = self.core.state.bout_of(aid)
        return bout is not None and bout.step == 2

    def _loose(self, aid: str, plan: Ranged) -> None:
        s = self.core.state
        actor = s.actors[aid]
        assert actor.missile is not None
        running = actor.aim_target == plan.target and actor.aim_tick == s.tick - 1
        aimed = actor.aim_ticks if running else 0
        ready = s.tick + reload_ticks(actor.missile) + 1
        self.core.emit(ev.ShotLoosed(aid, plan.target, plan.zone, aimed, ready))

    def land_shots(self, leader_defence: int, *, immediate: bool = False) -> None:
        """Shots loosed last tick come down first, before anyone moves or strikes (SPEC §4.9). The
        target adds CP to its defence: the leader `leader_defence` (his command's), an AI its
        `suggest_shot_defence`; either is cut to the CP he still has (an earlier shot's shock may
        have taken some). `immediate`: shots loosed at a bout's `s2` this very tick (`aim_and_shoot`):
        the leader was not asked, so his CP against them is the suggestion too."""
        s, maker = self.core.state, self.core.maker
        if not s.shots:
            return
        for shot in list(s.shots):
            shooter, target = s.actors[shot.shooter], s.actors[shot.target]
            if not shooter.alive or not target.alive or shooter.missile is None:
                self.core.emit(ev.ShotWasted(shot.shooter, shot.target, "the shooter or the target is down"))
                continue
            distance = chebyshev(shooter.pos, target.pos)
            clear = line_of_sight(s.tilemap, shooter.pos, target.pos)
            problem = can_shoot(shooter.fighter, shooter.missile, distance, clear, 0)
            if problem:
                self.core.emit(ev.ShotWasted(shot.shooter, shot.target, problem))
                continue
            bout = s.bout_of(target.id)
            own = getattr(self.core.system, "shoot", None)
            if own is not None:  # a system's own missile rules (dew_sequence), instead of rules.ranged
                self._system_shot(own, shot, distance, bout)
                continue
            around = [s.actors[o] for p in neighbours(target.pos, s.house_rules.adjacency)
                      if (o := s.occupancy.get(p)) is not None and o != shooter.id and s.actors[o].alive]
            crowd = 0 if bout is None else sum(1 for a in around if a.id in bout.rules.fighters)
            step = None if bout is None else bout.step
            if target.id == s.leader and not self.core.player_ai and not immediate:
                wanted = leader_defence
            elif bout is None:
                wanted = maker.shot_defence(target.fighter, None)
            else:
                wanted = maker.shot_defence(target.fighter, step, declared=target.id in bout.rules.declarations,
                                            exchange=bout.rules.clock.exchange)
            ctx = ShotContext(
                shooter=shooter.fighter, target=target.fighter, weapon=shooter.missile, distance=distance,
                aim_ticks=shot.aim_ticks, clear_line_of_fire=clear, crowd=crowd,
                target_step=step,
                target_moved_this_exchange=target.stepped_tick >= 0 and target.stepped_tick >= s.tick - 3,
                defence_cp=max(0, min(wanted, target.fighter.cp)),
                neighbours=tuple(a.fighter for a in around), zone=shot.zone,
            )
            result = resolve_shot(ctx, s.combat, s.catalog)
            for e in result.events:
                self.core.folded(ev.ShotLanded(e))
            self.core.casualties()
        self.core.emit(ev.ShotsDone())

    def _entrant(self, actor: Actor) -> Entrant:
        s = self.core.state
        return Entrant(actor.creature, actor.faction, (actor.pos.x, actor.pos.y), carried=actor.carried,
                       rested_rounds=(s.tick - actor.carried_tick) // ROUND_TICKS)

    def _system_shot(self, shoot: Callable[..., ShotOutcome], shot: PendingShot, distance: int,
                     bout: BoutState | None) -> None:
        """A shot landed by the combat system's own missile rules (its `shoot`): its events already folded,
        recorded as `ShotLanded` (the log's), `RulesEvent`s of the target's bout, and the target's `Carried`."""
        s = self.core.state
        shooter, target = s.actors[shot.shooter], s.actors[shot.target]
        assert shooter.missile is not None
        landing = Shot(shooter.id, target.id, self._entrant(shooter), self._entrant(target), shooter.missile.id,
                       distance, shot.aim_ticks, target.stepped_tick >= s.tick - 1,
                       None if bout is None else bout.rules)
        outcome = shoot(landing, s.fighters, s.combat)
        if outcome.wasted is not None:
            self.core.emit(ev.ShotWasted(shooter.id, target.id, outcome.wasted))
            return
        for e in outcome.events:
            self.core.folded(ev.ShotLanded(e))
        if bout is not None and outcome.bout_events:
            self.core.rules_events(bout.id, outcome.bout_events)
        if outcome.carried:
            self.core.emit(ev.Carried(target.id, outcome.carried, s.tick))
        self.core.casualties()
