"""The world: one entry point, `World.apply(command) -> events` (SPEC §2, §3, §4.10).

A tick runs the design doc's "finalised enterframe process": the bout steps of every bout (the
leader's orientation at `s0`, targets at `s1`, declarations at `s2`), movers in movement-initiative
order, bumpers after movers (with the player's bump frame), then the update (bouts started, joined,
synced, split, left; clocks stepped; an exchange whose declarations are all in is resolved at once,
before anything moves again), out-of-combat blood loss, first aid and healing, and finally the
decisions owed for the next tick. AIs decide from the state before the tick.

Shots loosed in a tick land at the start of the next, before the bout steps (SPEC §4.9). The target
adds CP to its defence: an AI what `rules.ai.suggest_shot_defence` says, the leader what his command's
`shot_defence_cp` says (the `DecisionDue` before it names the shots coming at him and the suggestion a
command without the field takes). His CP for it comes before his declaration at `s2`: the declaration
must fit in what the shots leave.

This module runs the tick's order; each part is its own module, sharing `game.sim.world_core.WorldCore`
(the state, the tick's events, the caches): `leader_input` (the leader's command read and checked),
`shooting`, `movement`, `membership` (the update), `recovery` (rest, blood, first aid, healing),
`world_decisions` (who answers what; what the player is asked next), `run_director` (a run's gear,
drops, stairs and AI leader) and `world_checksum`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from game.sim import events as ev
from game.sim.brain import Brain, routed
from game.sim.commands import Bump, Command, CompanionStep, Confirm, FirstAid, Gear, Order, Train, to_dict
from game.sim.creatures import CreatureTemplate, Relations
from game.sim.deciding import Deciding
from game.sim.disarm import draw_sidearms
from game.sim.genesis import initial_state, world_catalog
from game.sim.geometry import Direction, Pos
from game.sim.leader_input import LeaderInput, PlayerInput
from game.sim.levels import CAPTIVE_FACTION
from game.sim.membership import Membership
from game.sim.movement import Movement, direction_named
from game.sim.recovery import health, rest
from game.sim.run_director import RunDirector
from game.sim.scenario_file import WorldSetup
from game.sim.shooting import DEFAULT_SHOT_ZONE, Ranged, Shooting
from game.sim.state import Actor, BoutState, WorldState
from game.sim.system_moves import walk
from game.sim.world_checksum import Checksum
from game.sim.world_core import ROUND_TICKS, WorldCore
from game.sim.world_decisions import DecisionFlow
from rules.bout import IllegalAction
from rules.catalog import Catalog
from rules.decisions import DECLARATION
from rules.menu import Menu
from rules.systems import DEFAULT_SYSTEM as DEFAULT_SYSTEM
from rules.systems import world_system

__all__ = ["DEFAULT_SYSTEM", "ROUND_TICKS", "World"]


class World:
    """A running world. Build it from a `WorldSetup`; drive it with `apply`."""

    def __init__(
        self,
        setup: WorldSetup,
        *,
        seed: int | None = None,
        house_rules: Mapping[str, object] | None = None,
        catalog: Catalog | None = None,
        creatures: Mapping[str, CreatureTemplate] | None = None,
        relations: Relations | None = None,
        player_ai: bool = False,
        combat_system: str = DEFAULT_SYSTEM,
        difficulty: str | None = None,
    ) -> None:
        self.overrides: dict[str, object] = {**setup.house_rules, **(house_rules or {})}
        catalog = world_catalog(catalog, self.overrides)
        self.setup = setup
        self.seed = setup.seed if seed is None else seed
        self.player_ai = player_ai
        self.creatures = creatures
        self.system = world_system(combat_system)  # ValueError naming the systems it hosts
        # who decides for whom (game.sim.deciding): the enemies by difficulty, the party on the planner;
        # None is the old game (everyone on the baseline), what a run file without the field replays as
        self.deciding = Deciding(difficulty, self.seed)  # ValueError naming the difficulties
        self.maker = self.deciding.enemies  # CP against shots: every decision-maker answers as rules.ai does
        self.state = initial_state(setup, self.seed, catalog, creatures, relations, combat_system)
        self.state.deciding = self.deciding
        self.commands: list[tuple[int, dict[str, object]]] = []
        self.checksums: list[tuple[int, str]] = []
        self.core = core = WorldCore(self.state, self.system, self.deciding, player_ai)
        self.movement = Movement(core)
        self.shooting = Shooting(core, self.movement)
        self.input = LeaderInput(core, self.shooting)
        self.decisions = DecisionFlow(core, self.input)
        self.membership = Membership(core)
        self.run = RunDirector(core)
        if self.state.run is not None:
            self.movement.step_into = self.run.step_into
        self._checksum = Checksum(self.state)
        self.movement.roll_movement_initiative()
        self.membership.update()
        self.decisions.decide()
        core.mark_streams()
        self.opening = core.take()

    def starting_state(self) -> WorldState:
        """A fresh copy of this world's state before its first event (`game.sim.history` folds onto it)."""
        s = self.state
        return initial_state(self.setup, self.seed, s.catalog, self.creatures, s.relations, self.system.name)

    # ----- the one entry point --------------------------------------------------------------------
    @property
    def pending(self) -> object:
        return self.state.pending

    def apply(self, command: Command) -> list[ev.WorldEvent]:
        """Apply one command; returns the events it caused. An illegal command gives a `Rejected`
        event and changes nothing."""
        try:
            if isinstance(command, Gear | Train):
                self.run.gear(command)
                self.commands.append((self.state.tick, to_dict(command)))
            elif isinstance(command, Order | CompanionStep | FirstAid):
                self._free_command(command)
            else:
                self._advance(command)
        except IllegalAction as exc:
            self.core.events.clear()
            return [ev.Rejected(to_dict(command), str(exc))]
        finally:
            # the leader's cached defaults were for the world before this command (those asked while it
            # waits, by the view and then by this command's Enter, share one epoch)
            self.deciding.epoch += 1
        return self.core.take()

    # ----- what the view asks (delegated to the parts that know) -------------------------------------
    def menu(self) -> Menu | None:
        """The leader's maneuver menu when a declaration is owed (rules.menu.available_actions)."""
        return self.input.menu()

    def ranged_problem(self, shooter_id: str, target_id: str, shooting: bool,
                       zone: str = DEFAULT_SHOT_ZONE) -> str | None:
        """Why `shooter_id` may not aim at or shoot `target_id` now, or None (SPEC §4.9)."""
        return self.shooting.ranged_problem(shooter_id, target_id, shooting, zone)

    def orientation_choices(self) -> tuple[str, ...]:
        return self.input.orientation_choices()

    def contextual_orientation(self, direction: Direction | None) -> str:
        return self.input.contextual_orientation(direction)

    def suggested_step(self) -> Direction | None:
        return self.input.suggested_step()

    def checksum(self) -> str:
        """The combat and ai streams' positions plus every actor's square and health (SPEC §7)."""
        return self._checksum.digest()

    # ----- free commands --------------------------------------------------------------------------
    def _companion(self, actor_id: str) -> Actor:
        actor = self.state.actors.get(actor_id)
        if actor is None or not actor.party or actor.leader:
            raise IllegalAction(f"{actor_id} is not a companion")
        if not actor.alive:
            raise IllegalAction(f"{actor.name} cannot act")
        return actor

    def _free_command(self, command: Order | CompanionStep | FirstAid) -> None:
        s = self.state
        if isinstance(command, Order):
            self._companion(command.companion)
            if command.kind not in ("follow", "hold", "move_to", "attack"):
                raise IllegalAction(f"unknown order {command.kind!r}")
            if command.kind == "attack" and (command.target not in s.actors or not s.actors[command.target].alive):
                raise IllegalAction("attack whom?")
            if command.kind == "move_to" and (command.at is None or not s.tilemap.passable(Pos(*command.at))):
                raise IllegalAction("move where? that square cannot be walked")
            self.core.emit(ev.OrderGiven(command.companion, command.kind, command.target, command.at))
        elif isinstance(command, CompanionStep):
            self._companion(command.companion)
            direction = direction_named(command.direction)
            self.core.emit(ev.StepPlanned(command.companion, None if direction is None else direction.name))
        else:
            self.core.emit(ev.FirstAidChoice(s.leader, command.accept))
        self.commands.append((s.tick, to_dict(command)))

    def _advance(self, command: Command) -> None:
        s = self.state
        pending = s.pending
        if pending is None:
            raise IllegalAction("the world is not waiting for a command")
        chosen = self.input.chosen_defence(command)
        if pending.kind == "bump":
            if not isinstance(command, Bump | Confirm):
                raise IllegalAction("answer the bump frame first: follow, stay or another direction")
            choice = command if isinstance(command, Bump) else Bump("follow")
            self.commands.append((s.tick, to_dict(command)))
            self.movement.resume_bump(choice)
            self._end_tick()
            return
        inp = self.input.player_input(command)
        defence = pending.shot_defence if chosen is None else chosen
        if defence:
            inp = replace(inp, shot_defence=defence)
        record_tick = s.tick + 1
        bout = s.bout_of(s.leader)
        if inp.declaration is not None and bout is not None:
            # the shots land before the declaration: it must fit in the CP they leave
            reserve = (chosen or 0) * len(pending.incoming)
            mine = [d for d in self.system.due(bout.rules) if d.who == s.leader and d.kind == DECLARATION]
            if not mine:
                raise IllegalAction("it is not your turn to declare")
            declared = self.system.answer(bout.rules, mine[0], inp.declaration, reserve=reserve)
            self.core.rules_events(bout.id, declared)  # raised above if illegal, changing nothing
        self.commands.append((record_tick, to_dict(command)))
        self._run_tick(inp)

    def _run_tick(self, inp: PlayerInput) -> None:
        s, core = self.state, self.core
        brain = Brain(s, core.memory, core.goals, core.sight, core.routes, core.living(), core.quiet)
        intents = self._intents(brain, inp)
        for drawn in draw_sidearms(s):  # a disarmed fighter draws a sidearm: that is his footwork
            self.core.emit(drawn)
            intents[drawn.actor] = None
            if drawn.actor != s.leader or self.player_ai:
                self.shooting.plans.pop(drawn.actor, None)  # an AI's free shot (bout_shot) is not that too
        self.core.ticking = set(s.bouts)
        self.core.emit(ev.TickStarted(s.tick + 1))
        self.shooting.land_shots(inp.shot_defence)
        if s.tick > 1 and s.tick % ROUND_TICKS == 1:
            self.movement.roll_movement_initiative()
            rest(self.core)
        for bout in sorted(s.bouts.values(), key=lambda b: b.id):
            self._bout_step(bout, inp)
        self.shooting.aim_and_shoot()
        if not self.movement.move(intents, brain):
            self._end_tick()

    def _intents(self, brain: Brain, inp: PlayerInput) -> dict[str, Direction | None]:
        s = self.state
        intents: dict[str, Direction | None] = {}
        self.shooting.plans = {}
        run_leader = s.leader if s.run is not None and self.player_ai else None
        for actor in self.core.living():
            bout = s.bout_of(actor.id)
            if bout is not None and not self.system.footwork(bout.rules):
                if actor.id == s.leader and inp.ranged is not None:
                    self.shooting.plans[actor.id] = inp.ranged  # a shot at s1/s2 from inside the bout
                continue
            if actor.faction == CAPTIVE_FACTION:
                continue  # a run's recruit waits where he stands until the leader comes to him
            if actor.id == run_leader and bout is None:
                intents[actor.id] = self.run.leader_intent(brain, actor)
            elif actor.id == s.leader and not self.player_ai:
                if inp.ranged is not None:
                    self.shooting.plans[actor.id] = inp.ranged
                else:
                    intents[actor.id] = inp.direction
            elif bout is None:
                plan = brain.ranged_intent(actor, s.tick + 1)
                if plan is not None and self.shooting.ranged_problem(actor.id, plan[1], plan[0] == "shoot") is None:
                    self.shooting.plans[actor.id] = Ranged(plan[0], plan[1], DEFAULT_SHOT_ZONE)
                else:
                    intents[actor.id] = brain.step_intent(actor, engaged=False)
            else:
                orientation = bout.rules.orientation.get(actor.id)
                target = bout.rules.targets.get(actor.id)
                reach = bout.rules.foes_in_reach(actor.id)
                foe_id = target if target in reach else (reach[0] if reach else None)
                foe = None if foe_id is None else s.actors[foe_id]
                step = brain.step_intent(actor, True, orientation, foe)
                shot = None if step is not None else self.shooting.bout_shot(actor.id, 0)
                if shot is not None:
                    self.shooting.plans[actor.id] = shot  # a free shot instead of a wait (game.sim.shooting)
                else:
                    intents[actor.id] = step
        return intents

    def _bout_step(self, bout: BoutState, inp: PlayerInput) -> None:
        """The bout's step at the start of the tick: its decisions still owed are answered (the leader's
        from his command, the rest by the AI), then the combat system settles the step."""
        s = self.state
        if bout.step == 1:
            revealed = tuple((f, o) for f in bout.members if (o := bout.rules.shown_orientation(f)) is not None)
            if revealed:
                self.core.emit(ev.OrientationRevealed(bout.id, revealed))
        self.decisions.answer_due(bout, inp)
        if not self.system.due(bout.rules):  # a decision still owed (the leader's next) holds the step
            settled = self.system.settle(bout.rules, s.combat)
            self.core.rules_events(bout.id, settled)
            if settled:
                moves = self.system.map_moves(settled)  # a system's own maneuvers, walked on the map
                if moves:
                    walk(self.core, moves)

    def _end_tick(self) -> None:
        s = self.state
        self._step_clocks()
        self.membership.update()
        health(self.core)
        if s.run is not None and self.run.step():
            self._new_level()
        self._check_over()
        self.decisions.decide()
        self.core.mark_streams()
        checksum = self.checksum()
        self.checksums.append((s.tick, checksum))
        self.core.emit(ev.TickEnded(s.tick, checksum))

    def _step_clocks(self) -> None:
        s = self.state
        for bout_id in sorted(self.core.ticking):
            bout = s.bouts.get(bout_id)
            if bout is None:
                continue
            # after the last step every declaration is in: the combat system resolves the exchange now,
            # before anything moves again (SPEC §3 step 1), and its clock starts the next one
            if self.system.due(bout.rules):
                continue  # the leader owes a decision of this step: it waits for his command
            result = self.system.advance(bout.rules, s.combat)
            self.core.rules_events(bout.id, result.events)
            if not result.resolved:
                continue
            for fid in result.left:
                if s.actors[fid].alive:
                    self.core.disengaged.add(fid)
            self.core.casualties()
        self.core.ticking = set()

    def _check_over(self) -> None:
        """Emit the end of the game when it comes: the leader down (death or defeat), or, in a scenario,
        a victory once no foe of his stands, or once every foe still standing is routed (they would
        only flee, heal out of sight and evade: the field is his). A run ends on its own terms."""
        s = self.state
        if s.over is not None:
            return
        leader = s.actors[s.leader]
        if not leader.alive:
            # a run is permadeath: its leader's fall ends it (docs/run.md)
            self.core.emit(ev.GameOver("death" if leader.dead or s.run is not None else "defeat", s.tick))
            return
        if s.run is not None:
            return
        standing = [a for a in s.actors.values() if a.alive and s.hostile(leader.id, a.id)]
        if all(routed(a) for a in standing):
            self.core.emit(ev.GameOver("victory", s.tick, tuple(sorted(a.id for a in standing))))

    def summary(self) -> dict[str, object]:
        s = self.state
        return {
            "tick": s.tick,
            "outcome": s.over,
            "alive": sorted(a.id for a in s.actors.values() if a.alive),
            "dead": sorted(a.id for a in s.actors.values() if a.dead),
            "bouts": len(s.bouts),
            "checksum": self.checksum(),
            **({} if s.run is None else {"depth": s.run.depth, "deepest": s.run.deepest,
                                         "items_picked_up": s.run.items_picked_up}),
        }

    def _new_level(self) -> None:
        """The party went to another level: every cache tied to the map or the cast starts again."""
        self._checksum.new_level()
        self.core.new_level()
        self.run.new_level()
