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
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import cast

from game.sim import events as ev
from game.sim import run_actions
from game.sim.brain import Brain, Patrol, waypoints
from game.sim.commands import (
    TICK_COMMANDS,
    Aim,
    Answer,
    Bump,
    Command,
    CompanionStep,
    Confirm,
    Declare,
    FirstAid,
    Gear,
    Order,
    Shoot,
    Step,
    Target,
    Train,
    to_dict,
)
from game.sim.creatures import CreatureTemplate, Relations
from game.sim.deciding import Deciding, legal_with_reserve
from game.sim.digest import run_mark
from game.sim.fold import fold
from game.sim.fov import line_of_sight
from game.sim.gear_choice import upgrade, worth_picking_up
from game.sim.genesis import initial_state, world_catalog
from game.sim.geometry import Direction, Pos, chebyshev, directions, manhattan, neighbours
from game.sim.inventory import Inventory, Refusal, drop, equip, pick_up, unequip
from game.sim.leader_step import suggested_step
from game.sim.pathfinding import DistanceMap, distance_map
from game.sim.run_world import arrival, run_wearer, stairs, stairs_down, stairs_up
from game.sim.scenario_file import WorldSetup
from game.sim.state import Actor, BoutState, Pile, RunState, WorldState
from game.sim.tilemap import Tile
from rules.bout import AGGRESSIVE, CAUTIOUS, DEFENSIVE, Action, IllegalAction
from rules.catalog import Catalog
from rules.decisions import (
    BUMP,
    DECLARATION,
    FIRST_AID,
    ORIENTATION,
    SHOT_DEFENCE,
    TARGET,
    WORLD_KINDS,
    Decision,
    Option,
)
from rules.dice import roll_pool
from rules.events import Event as RulesEventBase
from rules.exchange import blood_loss_check
from rules.fighter import FighterState
from rules.footwork import WaitCandidate, bump_rushes, step_into_empty, wait_bump_order
from rules.menu import Menu, available_actions
from rules.progression import depth_experience, fight_experience
from rules.ranged import ShotContext, can_shoot, reload_ticks, resolve_shot
from rules.systems import DEFAULT_SYSTEM as DEFAULT_SYSTEM
from rules.systems import Answer as RulesAnswer
from rules.systems import Entrant, world_system

DEFAULT_SHOT_ZONE = "XI"
BUMP_LABELS = {"follow": "Follow him", "stay": "Stay"}


SYSTEM_KINDS_WITH_COMMANDS = frozenset({ORIENTATION, TARGET, DECLARATION})  # `Step`, `Target`, `Declare`


def first_aid_decision(who: str) -> Decision:
    """First aid on the next waiting tick (SPEC §4.10), or keep moving."""
    return Decision(FIRST_AID, who, (Option("accept", "Give first aid"), Option("decline", "Not now")), "accept")
ROUND_TICKS = 6  # two exchanges of three steps: movement initiative is rolled once per round
BLEED_THIRDS = 18  # out of combat: a blood-loss check per 6 moving ticks or 18 waiting ticks
FIRST_AID_TICKS = 6
HEAL_TICKS = 18
CARE_TN = 7
RUN_REST_PAIN = 2  # a run's AI leader rests, out of a fight, while bleeding or in this much pain
RUN_ENGAGE = 3  # a run's AI leader turns on a foe within this many steps (manhattan)


@dataclass(frozen=True, slots=True)
class Ranged:
    """An aim or a shot instead of a step."""

    kind: str  # aim | shoot
    target: str
    zone: str


@dataclass(frozen=True, slots=True)
class PlayerInput:
    direction: Direction | None = None
    orientation: str | None = None
    target: str | None = None
    declaration: tuple[Action, ...] | None = None
    ranged: Ranged | None = None
    shot_defence: int = 0  # CP the leader adds against each shot landing on him this tick
    answer: tuple[str, str | int | None] | None = None  # (kind, value): a decision only `Answer` answers


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
        self._cast_templates = creatures
        self.system = world_system(combat_system)  # ValueError naming the systems it hosts
        # who decides for whom (game.sim.deciding): the enemies by difficulty, the party on the planner;
        # None is the old game (everyone on the baseline), what a run file without the field replays as
        self.deciding = Deciding(difficulty, self.seed)  # ValueError naming the difficulties
        self.maker = self.deciding.enemies  # CP against shots: every decision-maker answers as rules.ai does
        self.state = initial_state(setup, self.seed, catalog, creatures, relations, combat_system)
        self.state.deciding = self.deciding
        actors = self.state.actors
        self.commands: list[tuple[int, dict[str, object]]] = []
        self.checksums: list[tuple[int, str]] = []
        self._events: list[ev.WorldEvent] = []
        self._ticking: set[int] = set()
        self._disengaged: set[str] = set()
        self._memory: dict[str, Patrol] = {}
        self._sight: dict[int, bool] = {}  # line-of-sight cache shared by every tick's Brain (`Brain.sees`)
        self._ranged: dict[str, Ranged] = {}
        self._quiet: dict[str, int] = {}  # `Brain.quiet`: no hostile in reach until that tick
        # `checksum`'s text per actor (in `state.actors` order, `_cast`) and the key (square, HT, CP,
        # out of the fight) each was written from; see there.
        self._cast = list(actors)
        self._sum_actors = list(self.state.actors.values())
        self._sum_keys: list[_SumKey | None] = []
        self._sum_texts: list[str] = []
        self._sum_watch: list[int] = []
        self._sum_epoch = -1
        self._goals = waypoints(setup.tilemap)  # patrol goals
        self._routes: dict[Pos, DistanceMap] = {}  # route map to each patrol goal (`Brain.patrol`)
        # Actors still in the fight (see `_living`), rebuilt when `FighterState.roster_epoch` moves.
        self._living_epoch = -1
        self._living_actors: list[Actor] = []
        self._living_ids: list[str] = []
        # `FighterState.roster_epoch` at the end of the last `_casualties` pass (see there); -1: none yet.
        self._casualties_epoch = -1
        self._run_init()
        self._roll_movement_initiative()
        self._update()
        self._decide()
        self._mark_streams()
        self.opening = self._take()

    def starting_state(self) -> WorldState:
        """A fresh copy of this world's state before its first event (`game.sim.history` folds onto it)."""
        s = self.state
        return initial_state(self.setup, self.seed, s.catalog, self._cast_templates, s.relations, self.system.name)

    # ----- the one entry point --------------------------------------------------------------------
    @property
    def pending(self) -> object:
        return self.state.pending

    def apply(self, command: Command) -> list[ev.WorldEvent]:
        """Apply one command; returns the events it caused. An illegal command gives a `Rejected`
        event and changes nothing."""
        try:
            if isinstance(command, Gear | Train):
                self._run_gear(command)
            elif isinstance(command, Order | CompanionStep | FirstAid):
                self._free_command(command)
            else:
                self._advance(command)
        except IllegalAction as exc:
            self._events.clear()
            return [ev.Rejected(to_dict(command), str(exc))]
        finally:
            # the leader's cached defaults were for the world before this command (those asked while it
            # waits, by the view and then by this command's Enter, share one epoch)
            self.deciding.epoch += 1
        return self._take()

    def _take(self) -> list[ev.WorldEvent]:
        out, self._events = self._events, []
        return out

    def _emit(self, event: ev.WorldEvent) -> None:
        fold(self.state, event)
        self._events.append(event)

    def _rules(self, bout: int, events: list[RulesEventBase]) -> None:
        """The rules' events, wrapped with their bout. The rules folded each as they emitted it
        (`rules.fold`, through `rules.fold.Emitter` or `Bout.fold`), so they go straight into the tick's
        events; `game.sim.fold` folds them the same way when a state is rebuilt from the log."""
        wrap = ev.RulesEvent
        self._events += [wrap(bout, e) for e in events]

    def _folded(self, event: ev.WorldEvent) -> None:
        """A world event wrapping rules events the rules already folded (a shot, a bleed): recorded only."""
        self._events.append(event)

    def _mark_streams(self) -> None:
        """The random streams' positions, where the world may stop and wait (SPEC §7: the fold gives the
        streams' positions too)."""
        s = self.state
        self._emit(ev.StreamsAt(s.combat.draws, s.ai.draws, s.cosmetic.draws))

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
            self._emit(ev.OrderGiven(command.companion, command.kind, command.target, command.at))
        elif isinstance(command, CompanionStep):
            self._companion(command.companion)
            direction = _direction(command.direction)
            self._emit(ev.StepPlanned(command.companion, None if direction is None else direction.name))
        else:
            self._emit(ev.FirstAidChoice(s.leader, command.accept))
        self.commands.append((s.tick, to_dict(command)))

    # ----- advancing commands ---------------------------------------------------------------------
    def _advance(self, command: Command) -> None:
        s = self.state
        pending = s.pending
        if pending is None:
            raise IllegalAction("the world is not waiting for a command")
        chosen = self._chosen_defence(command)
        if pending.kind == "bump":
            if not isinstance(command, Bump | Confirm):
                raise IllegalAction("answer the bump frame first: follow, stay or another direction")
            choice = command if isinstance(command, Bump) else Bump("follow")
            self.commands.append((s.tick, to_dict(command)))
            self._resume_bump(choice)
            return
        inp = self._player_input(command)
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
            self._rules(bout.id, declared)  # raised above if illegal, changing nothing
        self.commands.append((record_tick, to_dict(command)))
        self._run_tick(inp)

    def _chosen_defence(self, command: Command) -> int | None:
        """The command's `shot_defence_cp`, checked against the shots coming at the leader (SPEC §4.9)."""
        s = self.state
        chosen = command.shot_defence_cp if isinstance(command, TICK_COMMANDS) else None
        if chosen is None:
            return None
        pending = s.pending
        assert pending is not None
        incoming = pending.incoming
        if not incoming:
            raise IllegalAction("no shot is coming at you: there is nothing to add CP against")
        if chosen < 0:
            raise IllegalAction(f"cannot add {chosen} CP to the defence: 0 or more")
        cp = s.actors[s.leader].fighter.cp
        if chosen * len(incoming) > cp:
            shots = f"each of {len(incoming)} shots" if len(incoming) > 1 else "the shot"
            raise IllegalAction(f"cannot add {chosen} CP against {shots}: you have {cp} CP")
        return chosen

    def _player_input(self, command: Command) -> PlayerInput:
        s = self.state
        pending = s.pending
        assert pending is not None
        kind = pending.kind
        if kind == "watch":
            if not isinstance(command, Confirm | Step):
                raise IllegalAction("the leader is out: only waiting moves the world on")
            return PlayerInput()
        if kind == "step":
            if isinstance(command, Confirm):  # Enter: the suggested step (game.sim.leader_step) or a wait
                return PlayerInput(direction=self.suggested_step(),
                                   orientation=self.contextual_orientation(None) if pending.orientation_due else None)
            if isinstance(command, Aim | Shoot):
                zone = command.zone if isinstance(command, Shoot) and command.zone else DEFAULT_SHOT_ZONE
                kind = "aim" if isinstance(command, Aim) else "shoot"
                problem = self.ranged_problem(s.leader, command.target, shooting=kind == "shoot", zone=zone)
                if problem:
                    raise IllegalAction(problem)
                return PlayerInput(ranged=Ranged(kind, command.target, zone),
                                   orientation=self.contextual_orientation(None) if pending.orientation_due else None)
            if not isinstance(command, Step):
                raise IllegalAction("the world waits for a step (move, bump or wait)")
            direction = _direction(command.direction)
            if direction is not None and direction not in directions(s.house_rules.adjacency):
                raise IllegalAction(f"cannot step {direction.name} with {s.house_rules.adjacency}-way movement")
            bout = s.bout_of(s.leader)
            if direction is not None and bout is not None and not self.system.footwork(bout.rules):
                clock = ", ".join(self.system.label(bout.rules))
                raise IllegalAction(f"no footwork now ({clock}): wait while the fight goes on")
            orientation = command.orientation
            if orientation is not None and orientation not in self.orientation_choices():
                raise IllegalAction(
                    f"{orientation!r} is not a choice now: {', '.join(self.orientation_choices())}"
                )
            if pending.orientation_due and orientation is None:
                orientation = self.contextual_orientation(direction)
            return PlayerInput(direction=direction, orientation=orientation if pending.orientation_due else None)
        if kind == "target":
            if isinstance(command, Confirm):
                return PlayerInput(target=pending.default)
            if not isinstance(command, Target):
                raise IllegalAction("the world waits for a target")
            if command.target not in pending.options:
                raise IllegalAction(f"cannot target {command.target}: choose one of {', '.join(pending.options)}")
            return PlayerInput(target=command.target)
        if kind == "declare":
            bout = s.bout_of(s.leader)
            assert bout is not None
            if isinstance(command, Confirm):
                return PlayerInput(declaration=self._default_declaration(bout, (command.shot_defence_cp or 0)
                                                                         * len(pending.incoming)))
            if not isinstance(command, Declare):
                raise IllegalAction("the world waits for a declaration")
            return PlayerInput(declaration=command.actions)
        if kind == "decide":
            return self._generic_input(command)
        raise IllegalAction(f"unexpected decision {kind}")

    def _generic_input(self, command: Command) -> PlayerInput:
        """The leader's answer to a decision of the combat system that only `Answer` answers: one of
        its options, or a whole number in its range when it lists none; `Confirm` takes the default."""
        pending = self.state.pending
        assert pending is not None
        decision = next((d for d in pending.asks if d.kind not in WORLD_KINDS), None)
        if decision is None:
            raise IllegalAction("no decision is waiting for an answer")
        if isinstance(command, Confirm):
            value: str | int | None = decision.default
            if not decision.options and value is not None:
                value = int(value)
            return PlayerInput(answer=(decision.kind, value))
        if not isinstance(command, Answer):
            raise IllegalAction(f"the world waits for your {decision.kind.replace('_', ' ')}")
        if command.kind != decision.kind:
            raise IllegalAction(f"the world waits for your {decision.kind.replace('_', ' ')}, not {command.kind}")
        value = command.value
        if decision.options:
            if not isinstance(value, str) or value not in decision.values():
                raise IllegalAction(f"cannot answer {value!r}: choose one of {', '.join(decision.values())}")
        elif not isinstance(value, int) or not (decision.low <= value <= decision.high
                                                or str(value) == decision.default):  # the default is legal
            also = "" if decision.default is None else f", or {decision.default}"
            raise IllegalAction(f"cannot answer {value!r}: a whole number from {decision.low} to {decision.high}{also}")
        return PlayerInput(answer=(decision.kind, value))

    def suggested_step(self) -> Direction | None:
        """What Enter (`Confirm`) does at a step prompt: out of a fight, a step that keeps the party together
        (`game.sim.leader_step`); None, a wait, in a fight and always in the old game (no difficulty)."""
        if self.deciding.legacy:
            return None
        return suggested_step(self.state, self._goals, self._living())

    def _default_declaration(self, bout: BoutState, reserve: int) -> tuple[Action, ...]:
        """What Enter declares: the planner's suggestion (`game.sim.deciding`), or the rules' menu default in
        the old game or when the CP kept against shots leaves too little for the suggestion."""
        leader = self.state.leader
        if self.deciding.legacy:
            return available_actions(bout.rules, leader).default  # as the old game did (its files replay so)
        suggested = self.deciding.default_declaration(bout.rules, bout.id, leader, self.state.tick)
        if reserve and not legal_with_reserve(bout.rules, leader, suggested, reserve):
            return available_actions(bout.rules, leader, reserve=reserve).default
        return suggested

    def menu(self) -> Menu | None:
        """The leader's maneuver menu when a declaration is owed (rules.menu.available_actions)."""
        s = self.state
        if s.pending is None or s.pending.kind != "declare":
            return None
        bout = s.bout_of(s.leader)
        return None if bout is None else available_actions(bout.rules, s.leader)

    def ranged_problem(self, shooter_id: str, target_id: str, shooting: bool, zone: str = "XI") -> str | None:
        """Why `shooter_id` may not aim at or shoot `target_id` now, or None (SPEC §4.9)."""
        s = self.state
        shooter = s.actors[shooter_id]
        target = s.actors.get(target_id)
        if shooter.missile is None:
            return f"{shooter.name} has no missile weapon"
        if target is None or not target.alive:
            return "no such target"
        if not s.hostile(shooter_id, target_id):
            return f"{target.name} is no foe"
        if s.bout_of(shooter_id) is not None:
            return f"{shooter.name} is fighting in melee: no room to shoot"
        if zone not in s.catalog.zones or s.catalog.zones[zone].attack_kind != "thrust":
            return f"zone {zone} cannot be aimed at with a missile (thrust zones VIII-XIV)"
        clear = line_of_sight(s.tilemap, shooter.pos, target.pos)
        reload_left = max(0, shooter.ready_tick - (s.tick + 1)) if shooting else 0
        return can_shoot(shooter.fighter, shooter.missile, chebyshev(shooter.pos, target.pos), clear, reload_left)

    def orientation_choices(self) -> tuple[str, ...]:
        """The leader's orientation choices: aggressive / cautious / defensive, or the throws red /
        white under the house rule `initiative_model: red_white`."""
        bout = self.state.bout_of(self.state.leader)
        if bout is not None:
            return bout.rules.orientation_choices()
        return ("red", "white") if self.state.house_rules.initiative_model == "red_white" else (
            AGGRESSIVE, CAUTIOUS, DEFENSIVE)

    def contextual_orientation(self, direction: Direction | None) -> str:
        """SPEC §4.2: a step into an enemy is Aggressive, a step away Defensive, a wait Cautious
        (under red_white: into an enemy throws red, anything else white). A wait at the start of a
        round of his bout takes the planner's suggestion instead (`game.sim.deciding`; not in a world
        without a difficulty, the old game)."""
        s = self.state
        leader = s.actors[s.leader]
        if direction is None:  # a wait (Enter): the planner's suggestion, unless this is the old game
            bout = s.bout_of(leader.id)
            suggested = None if bout is None else self.deciding.default_orientation(bout.rules, bout.id, leader.id,
                                                                                   s.tick)
            if suggested is not None:
                return suggested
        into = None if direction is None else s.at(leader.pos.step(direction))
        attacking = into is not None and s.hostile(leader.id, into.id)
        if self.orientation_choices() == ("red", "white"):
            return "red" if attacking else "white"
        if direction is None:
            return CAUTIOUS
        return AGGRESSIVE if attacking else DEFENSIVE

    def _living(self) -> list[Actor]:
        """The actors still in the fight (not dead, not unconscious), in `state.actors` order; their
        ids sorted are in `_living_ids`. Cached until `FighterState.roster_epoch` moves: every change
        of a fighter's `dead` or `unconscious` flag bumps it (so does any change of a bout's roster or
        reach, which only costs a rebuild), so the cache is never stale. The cast is fixed at setup."""
        if self._living_epoch != FighterState.roster_epoch:
            self._living_actors = [a for a in self.state.actors.values() if not a.fighter.out_of_fight]
            self._living_ids = sorted(a.id for a in self._living_actors)
            self._living_epoch = FighterState.roster_epoch
        return self._living_actors

    # ----- the tick -------------------------------------------------------------------------------
    def _run_tick(self, inp: PlayerInput) -> None:
        s = self.state
        brain = Brain(s, self._memory, self._goals, self._sight, self._routes, self._living(), self._quiet)
        intents = self._intents(brain, inp)
        self._ticking = set(s.bouts)
        self._emit(ev.TickStarted(s.tick + 1))
        self._land_shots(inp)
        if s.tick > 1 and s.tick % ROUND_TICKS == 1:
            self._roll_movement_initiative()
            self._rest()
        for bout in sorted(s.bouts.values(), key=lambda b: b.id):
            self._bout_step(bout, inp)
        self._move(intents, brain)

    def _intents(self, brain: Brain, inp: PlayerInput) -> dict[str, Direction | None]:
        s = self.state
        intents: dict[str, Direction | None] = {}
        self._ranged = {}
        run_leader = s.leader if s.run is not None and self.player_ai else None
        for actor in self._living():
            bout = s.bout_of(actor.id)
            if bout is not None and not self.system.footwork(bout.rules):
                continue
            if actor.id == run_leader and bout is None:
                intents[actor.id] = self._run_leader_intent(brain, actor)
            elif actor.id == s.leader and not self.player_ai:
                if inp.ranged is not None:
                    self._ranged[actor.id] = inp.ranged
                else:
                    intents[actor.id] = inp.direction
            elif bout is None:
                plan = brain.ranged_intent(actor, s.tick + 1)
                if plan is not None and self.ranged_problem(actor.id, plan[1], plan[0] == "shoot") is None:
                    self._ranged[actor.id] = Ranged(plan[0], plan[1], DEFAULT_SHOT_ZONE)
                else:
                    intents[actor.id] = brain.step_intent(actor, engaged=False)
            else:
                orientation = bout.rules.orientation.get(actor.id)
                target = bout.rules.targets.get(actor.id)
                reach = bout.rules.foes_in_reach(actor.id)
                foe_id = target if target in reach else (reach[0] if reach else None)
                foe = None if foe_id is None else s.actors[foe_id]
                intents[actor.id] = brain.step_intent(actor, True, orientation, foe)
        return intents

    def _bout_step(self, bout: BoutState, inp: PlayerInput) -> None:
        """The bout's step at the start of the tick: its decisions still owed are answered (the leader's
        from his command, the rest by the AI), then the combat system settles the step."""
        s = self.state
        if bout.step == 1:
            revealed = tuple((f, o) for f in bout.members if (o := bout.rules.shown_orientation(f)) is not None)
            if revealed:
                self._emit(ev.OrientationRevealed(bout.id, revealed))
        self._answer_due(bout, inp)
        if not self.system.due(bout.rules):  # a decision still owed (the leader's next) holds the step
            self._rules(bout.id, self.system.settle(bout.rules, s.combat))

    def _answer_due(self, bout: BoutState, inp: PlayerInput | None) -> None:
        """Answer the decisions the combat system says are due in `bout`, in its order: the leader's
        from `inp` (with None, stop at the leader's: it is the player's to answer), the others by the
        AI (`_ai_answer`)."""
        s = self.state
        system, rules, leader = self.system, bout.rules, s.leader
        player = not self.player_ai
        due = system.due(rules)
        answered = False  # the leader answers one decision a tick: a second one waits for his next command
        while due:
            waiting = False
            for decision in due:
                if player and decision.who == leader:
                    if inp is None or answered:
                        waiting = True
                        continue
                    answer = self._leader_answer(decision, inp)
                    answered = True
                else:
                    answer = self._ai_answer(bout, decision)
                self._rules(bout.id, system.answer(rules, decision, answer))
            if waiting:
                return
            due = system.due(rules)

    def _leader_answer(self, decision: Decision, inp: PlayerInput) -> RulesAnswer:
        if decision.kind == ORIENTATION:
            return inp.orientation or self.contextual_orientation(None)
        if decision.kind == TARGET:
            return inp.target
        if inp.answer is not None and inp.answer[0] == decision.kind:
            return inp.answer[1]  # checked against the decision by `_generic_input`
        raise IllegalAction(f"the leader's {decision.kind} comes with his command")  # declarations: `_advance`

    def _ai_answer(self, bout: BoutState, decision: Decision) -> RulesAnswer:
        """An AI's answer; a fighter who bumped a foe targets him if he may (the bump is an attack intent)."""
        s = self.state
        if decision.kind == TARGET:
            preferred = s.actors[decision.who].bumped
            if preferred is not None and preferred in decision.values():
                return preferred
        actors = s.actors
        return self.deciding.answer(self.system, bout.rules, bout.id, decision, party=actors[decision.who].party,
                                    party_in_bout=any(actors[m].party for m in bout.members), tick=s.tick,
                                    world_ai=s.ai)

    # ----- movement (SPEC §3 steps 2-3) -----------------------------------------------------------
    def _rest(self) -> None:
        """Everyone standing out of any bout at a round's start gets his CP back (`Rested`): the next fight
        does not start on what the last one left him."""
        s = self.state
        for actor in self._living():
            fighter = actor.fighter
            if s.bout_of(actor.id) is None and (fighter.cp != (cp := fighter.rested_cp()) or fighter.no_refresh):
                self._emit(ev.Rested(actor.id, cp))

    def _roll_movement_initiative(self) -> None:
        s = self.state
        rolls = []
        for actor in s.actors.values():
            if actor.alive:
                rolls.append((actor.id, actor.fighter.reflex + s.combat.d6()))
        self._emit(ev.MovementInitiative(tuple(rolls)))

    def _order_key(self, actor_id: str) -> tuple[int, int, str]:
        a = self.state.actors[actor_id]
        return (-a.move_init, -a.fighter.reflex, a.id)

    def _aim_and_shoot(self) -> None:
        s = self.state
        for aid in sorted(self._ranged, key=self._order_key):
            plan = self._ranged[aid]
            actor = s.actors[aid]
            running = actor.aim_target == plan.target and actor.aim_tick == s.tick - 1
            if plan.kind == "aim":
                self._emit(ev.Aimed(aid, plan.target, actor.aim_ticks + 1 if running else 1))
            else:
                assert actor.missile is not None
                aimed = actor.aim_ticks if running else 0
                ready = s.tick + reload_ticks(actor.missile) + 1
                self._emit(ev.ShotLoosed(aid, plan.target, plan.zone, aimed, ready))

    def _land_shots(self, inp: PlayerInput) -> None:
        """Shots loosed last tick come down first, before anyone moves or strikes (SPEC §4.9). The
        target adds CP to its defence: the leader `inp.shot_defence`, an AI its
        `suggest_shot_defence`; either is cut to the CP he still has (an earlier shot's shock may
        have taken some)."""
        s = self.state
        if not s.shots:
            return
        for shot in list(s.shots):
            shooter, target = s.actors[shot.shooter], s.actors[shot.target]
            if not shooter.alive or not target.alive or shooter.missile is None:
                self._emit(ev.ShotWasted(shot.shooter, shot.target, "the shooter or the target is down"))
                continue
            distance = chebyshev(shooter.pos, target.pos)
            clear = line_of_sight(s.tilemap, shooter.pos, target.pos)
            problem = can_shoot(shooter.fighter, shooter.missile, distance, clear, 0)
            if problem:
                self._emit(ev.ShotWasted(shot.shooter, shot.target, problem))
                continue
            bout = s.bout_of(target.id)
            around = [s.actors[o] for p in neighbours(target.pos, s.house_rules.adjacency)
                      if (o := s.occupancy.get(p)) is not None and o != shooter.id and s.actors[o].alive]
            crowd = 0 if bout is None else sum(1 for a in around if a.id in bout.rules.fighters)
            step = None if bout is None else bout.step
            if target.id == s.leader and not self.player_ai:
                wanted = inp.shot_defence
            elif bout is None:
                wanted = self.maker.shot_defence(target.fighter, None)
            else:
                wanted = self.maker.shot_defence(target.fighter, step, declared=target.id in bout.rules.declarations,
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
                self._folded(ev.ShotLanded(e))
            self._casualties()
        self._emit(ev.ShotsDone())

    def _move(self, intents: dict[str, Direction | None], brain: Brain) -> None:
        s = self.state
        self._aim_and_shoot()
        start = dict(s.occupancy)
        movers: list[tuple[str, Direction]] = []
        bumpers: list[tuple[str, Direction]] = []
        width, height, walkable = s.tilemap.width, s.tilemap.height, s.tilemap.passable_mask
        squares = s.tilemap.positions_by_index  # a square's Pos without building one
        for aid in sorted(intents, key=self._order_key):
            d = intents[aid]
            actor = s.actors[aid]
            if d is None:
                continue
            engaged = s.bout_of(aid) is not None
            if not engaged and self._banked(actor) + actor.speed < 6:
                # a slow actor loses this step and banks the points (SPEC §2)
                self._emit(ev.Forfeited(aid, d.label, "slow", self._banked(actor) + actor.speed))
                continue
            x, y = actor.pos
            tx, ty = x + d.dx, y + d.dy
            if not (0 <= tx < width and 0 <= ty < height and walkable[ty * width + tx]):
                self._emit(ev.Forfeited(aid, d.label, "blocked"))
                continue
            target = squares[ty * width + tx]
            if target in start:
                bumpers.append((aid, d))
            else:
                movers.append((aid, d))
        for aid, d in movers:
            if s.house_rules.blocked_movers_bump and s.actors[aid].pos.step(d) in s.occupancy:
                bumpers.append((aid, d))  # house rule blocked_movers_bump: he bumps the one who took it
            elif self._step(aid, d):
                self._footwork(aid)
        if s.house_rules.wait_bumps and not self.player_ai and s.leader in intents and intents[s.leader] is None:
            self._wait_bump(s.leader)
        followers: list[tuple[str, Direction]] = []
        frame: tuple[str, Direction, Pos, str] | None = None
        swapped: set[str] = set()
        for aid, d in bumpers:
            if aid in swapped:  # the leader swapped squares with him this tick: his own step is spent
                continue
            actor = s.actors[aid]
            square = actor.pos.step(d)
            occupant = s.at(square)
            if occupant is not None:
                hostile = s.hostile(aid, occupant.id)
                # a companion who stood there all along swaps; one who just stepped in is bumped
                if not hostile and start.get(square) == occupant.id and self._run_swap(actor, occupant, d):
                    swapped.update((aid, occupant.id))
                    continue
                self._emit(ev.Bumped(aid, occupant.id, d.name, hostile))
                continue
            fled = s.actors[start[square]]
            bout = s.bout_of(aid)
            rushes = bout is not None and s.hostile(aid, fled.id) and bump_rushes(bout.rules, aid)
            if aid == s.leader and not self.player_ai:
                if s.hostile(aid, fled.id) and not s.house_rules.auto_chase and not rushes:
                    frame = (aid, d, square, fled.id)
                    continue
                followers.append((aid, d))
            elif rushes or brain.follows(actor, fled):
                followers.append((aid, d))
            else:
                self._emit(ev.Forfeited(aid, d.name, "stays"))
        if frame is not None:
            aid, d, square, fled_id = frame
            follow = tuple((f, fd.name) for f, fd in followers)
            self._emit(ev.BumpFrame(aid, (square.x, square.y), d.name, fled_id, follow))
            self._mark_streams()
            options = ("follow", "stay", *(x.name for x in directions(s.house_rules.adjacency)))
            bump = Decision(BUMP, aid, tuple(Option(o, BUMP_LABELS.get(o, f"step {o}")) for o in options), "follow",
                            note=f"{s.actors[fled_id].name} stepped away")
            self._emit(ev.DecisionDue("bump", aid, None, options, "follow", asks=(bump,)))
            return
        for aid, d in followers:
            self._step(aid, d)
        self._end_tick()

    def _resume_bump(self, choice: Bump) -> None:
        s = self.state
        paused = s.paused
        assert paused is not None
        if choice.choice not in ("follow", "stay"):
            d = _direction(choice.direction or choice.choice)
            if d is None or d not in directions(s.house_rules.adjacency):
                raise IllegalAction("follow, stay, or a direction")
        self._emit(ev.BumpAnswered(s.leader, choice.choice if choice.choice in ("follow", "stay") else "step"))
        steps = list(paused.followers)
        if choice.choice == "follow":
            steps.append((s.leader, paused.player_dir))
        elif choice.choice == "stay":
            self._emit(ev.Forfeited(s.leader, paused.player_dir.name, "stays"))
        else:
            d = _direction(choice.direction or choice.choice)
            if d is None or d not in directions(s.house_rules.adjacency):
                raise IllegalAction("follow, stay, or a direction")
            steps.append((s.leader, d))
        for aid, d in sorted(steps, key=lambda x: self._order_key(x[0])):
            self._step(aid, d)
        self._end_tick()

    def _wait_bump(self, aid: str) -> None:
        """aid waited at `s0` of his bout: house rule `wait_bumps` makes it a bump of the foe next to him
        that `rules.footwork.wait_bump_order` ranks first (he faces him; `s1` offers him as the default
        target)."""
        s = self.state
        actor = s.actors[aid]
        bout = s.bout_of(aid)
        if bout is None or bout.step != 0:
            return
        facing = actor.facing
        candidates: list[WaitCandidate] = []
        ways: dict[str, Direction] = {}
        for d in directions(s.house_rules.adjacency):
            other = s.occupancy.get(actor.pos.step(d))
            if other is None or not s.hostile(aid, other) or s.actors[other].fighter.out_of_fight:
                continue
            theirs = s.bout_of(other)
            dot = d.dx * facing.dx + d.dy * facing.dy
            side = "front" if dot > 0 else "behind" if dot < 0 else "side"
            targets_me = theirs is not None and theirs.rules.targets.get(other) == aid
            candidates.append(WaitCandidate(other, theirs is not None and theirs.id == bout.id, side, targets_me))
            ways[other] = d
        order = wait_bump_order(candidates)
        if order:
            self._emit(ev.Bumped(aid, order[0], ways[order[0]].name, True))

    def _footwork(self, aid: str) -> None:
        """aid stepped into an empty square: the rules say what that does to his bout's orientation
        (rules.footwork: an Aggressive fighter at `e1s0` reverts to Cautious)."""
        bout = self.state.bout_of(aid)
        if bout is not None and bout.step == 0:
            self._rules(bout.id, step_into_empty(bout.rules, aid))

    def _step(self, aid: str, d: Direction) -> bool:
        """Move one square if it is free (and a bonus square when the banked points allow); whether he moved."""
        s = self.state
        actor = s.actors[aid]
        engaged = s.bout_of(aid) is not None
        frm = actor.pos
        occupancy, tilemap = s.occupancy, s.tilemap
        width, height, walkable = tilemap.width, tilemap.height, tilemap.passable_mask
        tx, ty = frm[0] + d.dx, frm[1] + d.dy
        if not (0 <= tx < width and 0 <= ty < height and walkable[ty * width + tx]):
            self._emit(ev.Forfeited(aid, d.label, "taken"))
            return False
        squares = tilemap.positions_by_index  # a square's Pos without building one
        target = squares[ty * width + tx]
        if target in occupancy:
            self._emit(ev.Forfeited(aid, d.label, "taken"))
            return False
        mp = 0 if engaged else self._banked(actor) + actor.speed - 6
        if actor.fighter.out_of_fight:
            self._casualties_epoch = -1  # he is back on the map: the next `_casualties` takes him off
        bonus = not engaged and mp >= 6
        name = d.label
        self._emit(ev.Moved(aid, frm, target, name, mp - 6 if bonus else mp))
        if bonus:
            # the bonus square (SPEC §2): taken now or lost
            nx, ny = tx + d.dx, ty + d.dy
            if 0 <= nx < width and 0 <= ny < height and walkable[ny * width + nx] and (
                    nxt := squares[ny * width + nx]) not in occupancy:
                self._emit(ev.Moved(aid, target, nxt, name, mp - 6, bonus=True))
        return True

    def _banked(self, actor: Actor) -> int:
        """Banked movement points survive only from one step to the next."""
        tick = self.state.tick
        return actor.mp if actor.mp_tick in (tick - 1, tick) else 0

    # ----- the update (SPEC §3 step 4) ------------------------------------------------------------
    def _end_tick(self) -> None:
        s = self.state
        self._step_clocks()
        self._update()
        self._health()
        if s.run is not None:
            self._run_step()
        self._check_over()
        self._decide()
        self._mark_streams()
        checksum = self.checksum()
        self.checksums.append((s.tick, checksum))
        self._emit(ev.TickEnded(s.tick, checksum))

    def _step_clocks(self) -> None:
        s = self.state
        for bout_id in sorted(self._ticking):
            bout = s.bouts.get(bout_id)
            if bout is None:
                continue
            # after the last step every declaration is in: the combat system resolves the exchange now,
            # before anything moves again (SPEC §3 step 1), and its clock starts the next one
            if self.system.due(bout.rules):
                continue  # the leader owes a decision of this step: it waits for his command
            result = self.system.advance(bout.rules, s.combat)
            self._rules(bout.id, result.events)
            if not result.resolved:
                continue
            for fid in result.left:
                if s.actors[fid].alive:
                    self._disengaged.add(fid)
            self._casualties()
        self._ticking = set()

    def _casualties(self) -> None:
        """Take the fallen off the map (a `Died` or `KnockedOut` each). Skipped while
        `FighterState.roster_epoch` still equals `_casualties_epoch`, the value at the end of the last
        full pass: no fighter has fallen since, and that pass left none of the fallen on the map. The
        one way back onto it is a step (a man shot down before the moves still takes his planned
        step), so `_step` resets `_casualties_epoch` when a fallen man moves."""
        s = self.state
        if self._casualties_epoch == FighterState.roster_epoch:
            return
        for actor in s.actors.values():
            if actor.fighter.out_of_fight and s.occupancy.get(actor.pos) == actor.id:
                if actor.dead:
                    self._emit(ev.Died(actor.id, "wounds"))
                else:
                    self._emit(ev.KnockedOut(actor.id, "out of the fight"))
        self._casualties_epoch = FighterState.roster_epoch

    def _adjacent_hostiles(self, actor: Actor, among: set[str] | None = None) -> list[str]:
        """Living hostiles on the squares next to him (only those in `among` when given), in
        `directions(adjacency)` order."""
        s = self.state
        # A Pos hashes and compares as its (x, y) tuple, so plain tuples look squares up without
        # building Pos objects on this hot path.
        occupancy = cast("dict[tuple[int, int], str]", s.occupancy)
        actors = s.actors
        foes = s.foes_of(actor.id)
        x, y = actor.pos
        out = []
        for dx, dy in _DELTAS[s.house_rules.adjacency]:
            other = occupancy.get((x + dx, y + dy))
            if other is None or other not in foes or (among is not None and other not in among):
                continue
            if not actors[other].fighter.out_of_fight:
                out.append(other)
        return out

    def _update(self) -> None:
        """Bouts: members who are down or separated leave, split bouts split, finished bouts end,
        new contacts start bouts or join (and sync) bouts in their first-exchange window.

        A fighter with no bout who is next to a member of a bout busy in exchange (past `e1s1`: the
        clock just stepped to `e1s2`, `e2s0`, `e2s1` or `e2s2`), and to no bout in its window and no
        free foe, joins the busy bout of lowest id at once, arriving mid-round (`BoutJoined` with
        `mid_round`, rules.bout `Bout.arrive`; SPEC §2, §4.7). What he may do at each step: at `s0`
        (`e2s0`) footwork like any engaged fighter, no orientation; at `s1` he picks a target with the
        others but holds initiative over nobody; at `s2` he may force-enter one foe in reach while no
        attack on him is declared, or defend, or do nothing (rules.menu). From the next exchange on he
        is an ordinary member. With house rule `allow_force_enter: false` he does not join: he waits,
        unengaged, for the bout's next first-exchange window.

        Members of two different bouts who come to stand next to each other (hostile, adjacent) bring
        their bouts together (`_merge_touching_bouts`, after the newcomers): when both bouts are in their
        first-exchange window (`e1s0`/`e1s1`) they merge into the bout of lower id, synced to the later
        step (`BoutSynced`, as when a newcomer touches several window bouts), transitively. This window
        merge comes first. Then a bout at the very start of a round (`e1s0`, nothing declared) that
        touches a bout busy in exchange (past `e1s1`) dissolves into it (`_join_busy_bouts`): its members
        leave it (`BoutLeft`, "joined"), it ends, and each joins the busy bout arriving mid-round, as a
        newcomer would (house rule `allow_force_enter`; design doc: "not being perfectly synchronised ...
        but already within spatial range to join the fight mid-round"). Without that house rule, or
        while the touching bout is past `e1s0`, they stay separate bouts (neither can reach the other's
        members) until the first tick both are in their window."""
        s = self.state
        self._casualties()
        for bout in sorted(s.bouts.values(), key=lambda b: b.id):
            for fid in sorted(f for f in bout.rules.fighters if f not in bout.rules.left):
                if not s.actors[fid].alive:
                    self._emit(ev.BoutLeft(bout.id, fid, "down"))
            members = set(bout.members)
            for fid in sorted(members):
                if not self._adjacent_hostiles(s.actors[fid], members):
                    self._emit(ev.BoutLeft(bout.id, fid, "separated"))
                    members.discard(fid)
            components = self._components(members)
            for extra in components[1:]:
                self._emit(ev.BoutSplit(bout.id, s.next_bout, tuple(sorted(extra))))
            if len(bout.members) < 2:
                self._emit(ev.BoutEnded(bout.id))
        self._living()
        occupancy = cast("dict[tuple[int, int], str]", s.occupancy)  # a Pos hashes as its tuple
        deltas = _DELTAS[s.house_rules.adjacency]
        for fid in self._living_ids:
            actor = s.actors[fid]
            if actor.fighter.out_of_fight or fid in self._disengaged or s.bout_of(fid) is not None:
                continue
            x, y = actor.pos
            foes_of = s.foes_of(fid)
            for dx, dy in deltas:
                if occupancy.get((x + dx, y + dy)) in foes_of:
                    break
            else:
                continue  # no foe next to him (the common case, checked before the full look)
            foes = self._adjacent_hostiles(actor)
            if not foes:
                continue
            near = {b.id: b for f in foes if (b := s.bout_of(f)) is not None}
            window = sorted((b for b in near.values() if b.rules.clock.exchange == 1 and b.step <= 1),
                            key=lambda b: b.id)
            free = [f for f in foes if s.bout_of(f) is None and f not in self._disengaged]
            if window:
                into = self._merge(window)
                orientation = None
                if into.step >= 1:
                    calm = DEFENSIVE if s.house_rules.initiative_model == "red_white" else CAUTIOUS  # white
                    orientation = AGGRESSIVE if actor.bumped else calm
                self._emit(ev.BoutJoined(into.id, fid, orientation))
            elif free:
                group = self._unbouted_component(fid)
                self._emit(ev.BoutStarted(s.next_bout, tuple(sorted(group))))
            elif near and s.house_rules.allow_force_enter:
                # every bout next to him is busy in exchange: he arrives mid-round (SPEC §2, §4.7)
                self._emit(ev.BoutJoined(min(near), fid, None, mid_round=True))
        self._disengaged.clear()
        self._merge_touching_bouts()
        if s.house_rules.allow_force_enter:
            self._join_busy_bouts()
        for bout in sorted(s.bouts.values(), key=lambda b: b.id):
            members = set(bout.members)
            reach = {m: self._adjacent_hostiles(s.actors[m], members) for m in sorted(members)}
            if not bout.rules.same_reach(reach):
                self._emit(ev.BoutReach(bout.id, tuple((m, tuple(foes)) for m, foes in reach.items())))
            # the combat system places whoever it has not placed yet (rules.systems `enter`)
            self._rules(bout.id, self.system.enter(bout.rules, self._entrant))

    def _entrant(self, actor_id: str) -> Entrant:
        actor = self.state.actors[actor_id]
        return Entrant(actor.creature, actor.faction)

    def _merge(self, window: list[BoutState]) -> BoutState:
        """Merge bouts in their first-exchange window into the one of lowest id, every member synced to
        the latest step among them (`BoutSynced`; nothing when there is one bout already at that step).
        Returns the bout they merged into."""
        into = min(window, key=lambda b: b.id)
        step = max(b.step for b in window)
        others = tuple(sorted(b.id for b in window if b.id != into.id))
        if others or step != into.step:
            self._emit(ev.BoutSynced(into.id, others, step))
        return into

    def _merge_touching_bouts(self) -> None:
        """Bouts in their first-exchange window whose members stand next to a hostile member of another
        such bout merge (transitively: a chain of touching window bouts becomes one bout), each group into
        its bout of lowest id (`_merge`). A bout busy in exchange is left alone here: a bout at `e1s0`
        touching it dissolves into it afterwards (`_join_busy_bouts`, house rule `allow_force_enter`);
        otherwise they merge at the first tick both are in their window."""
        s = self.state
        window = {b.id: b for b in s.bouts.values() if b.rules.clock.exchange == 1 and b.step <= 1}
        if len(window) < 2:
            return
        root = {bid: bid for bid in window}

        def find(bid: int) -> int:
            while root[bid] != bid:
                root[bid] = root[root[bid]]
                bid = root[bid]
            return bid

        for bid in sorted(window):
            for fid in sorted(window[bid].members):
                for foe in self._adjacent_hostiles(s.actors[fid]):
                    other = s.bout_of(foe)
                    if other is None or other.id == bid or other.id not in window:
                        continue
                    a, b = find(bid), find(other.id)
                    if a != b:
                        root[max(a, b)] = min(a, b)
        groups: dict[int, list[BoutState]] = {}
        for bid in sorted(window):
            groups.setdefault(find(bid), []).append(window[bid])
        for group in groups.values():
            if len(group) > 1:
                self._merge(group)

    def _join_busy_bouts(self) -> None:
        """A bout at the very start of a round (`e1s0`, nothing declared) one of whose members stands
        next to a hostile member of a bout busy in exchange (past `e1s1`) dissolves into the busy bout:
        each of its members leaves it (`BoutLeft`, reason "joined"), it ends (`BoutEnded`), and each
        joins the busy bout arriving mid-round (`BoutJoined` with `mid_round`, in sorted order), exactly
        as a newcomer in no bout would (SPEC §2, §4.7). Touching several busy bouts, it joins the one of
        lowest id. Runs after `_merge_touching_bouts` (the window merge has priority), only with house
        rule `allow_force_enter`. After the window merge no two touching bouts are both in their window,
        so a bout that dissolves touches no bout still waiting to dissolve through its members."""
        s = self.state
        for bout in sorted(s.bouts.values(), key=lambda b: b.id):
            rules = bout.rules
            if rules.clock.exchange != 1 or bout.step != 0 or rules.declarations or rules.arrivals:
                continue
            members = sorted(bout.members)
            busy: set[int] = set()
            for fid in members:
                for foe in self._adjacent_hostiles(s.actors[fid]):
                    other = s.bout_of(foe)
                    if other is not None and other.id != bout.id and (
                            other.rules.clock.exchange != 1 or other.step > 1):
                        busy.add(other.id)
            if not busy:
                continue
            into = min(busy)
            for fid in members:
                self._emit(ev.BoutLeft(bout.id, fid, "joined"))
            self._emit(ev.BoutEnded(bout.id))
            for fid in members:
                self._emit(ev.BoutJoined(into, fid, None, mid_round=True))

    def _components(self, members: set[str]) -> list[set[str]]:
        s = self.state
        left = set(members)
        out: list[set[str]] = []
        while left:
            seed = min(left)
            group = {seed}
            todo = [seed]
            while todo:
                cur = todo.pop()
                for other in self._adjacent_hostiles(s.actors[cur], members):
                    if other not in group:
                        group.add(other)
                        todo.append(other)
            left -= group
            out.append(group)
        out.sort(key=lambda g: min(g))
        return out

    def _unbouted_component(self, start: str) -> set[str]:
        s = self.state
        group = {start}
        todo = [start]
        while todo:
            cur = todo.pop()
            for other in self._adjacent_hostiles(s.actors[cur]):
                if other not in group and s.bout_of(other) is None and other not in self._disengaged:
                    group.add(other)
                    todo.append(other)
        return group

    # ----- blood, first aid, healing out of combat (SPEC §4.10) -----------------------------------
    def _health(self) -> None:
        s = self.state
        for actor in self._living():
            f = actor.fighter
            if f.out_of_fight:
                continue
            if not actor.waited and f.blood_loss <= 0 and (actor.moved or not f.wounds):
                continue  # nothing to count: no bleeding, no wait to reset, no healing (no event either way)
            if s.bout_of(actor.id) is not None:
                if actor.waited:
                    self._emit(ev.Recovering(actor.id, actor.bleed_thirds, 0, actor.heal_ticks))
                continue
            bleed, waited, heal = actor.bleed_thirds, actor.waited, actor.heal_ticks
            if f.blood_loss > 0:
                bleed += 3 if actor.moved else 1
                waited = 0 if actor.moved or self._adjacent_hostiles(actor) else waited + 1
                if waited >= FIRST_AID_TICKS and not (actor.id == s.leader and actor.aid_declined):
                    # first aid resolves before that step's blood-loss check (design doc "First Aid")
                    waited = 0
                    dice = (f.attributes.WT + f.attributes.PER) // 2
                    r = roll_pool(s.combat, dice, CARE_TN, s.house_rules.negative_pool)
                    self._emit(ev.FirstAidGiven(actor.id, r.dice, r.tn, r.faces, r.successes, r.successes > 0))
                if bleed >= BLEED_THIRDS:
                    bleed -= BLEED_THIRDS
                    # (no check when the first aid just stopped the bleeding: blood_loss_check needs BL)
                    for e in blood_loss_check(f, s.combat, 0, s.house_rules.negative_pool):
                        self._folded(ev.Bled(actor.id, e))
                    if f.dead:
                        self._emit(ev.Recovering(actor.id, bleed, 0, heal))
                        self._emit(ev.Died(actor.id, "blood loss"))
                        continue
            elif f.wounds and not actor.moved:
                heal += 1
                if heal >= HEAL_TICKS:
                    heal = 0
                    r = roll_pool(s.combat, f.attributes.HT, CARE_TN, s.house_rules.negative_pool)
                    worst = max(f.wounds, key=lambda w: (w.pain, w.level))
                    if r.successes > 0:
                        self._emit(ev.Healed(actor.id, r.successes, worst.location, max(0, worst.pain - r.successes)))
            if (bleed, waited, heal) != (actor.bleed_thirds, actor.waited, actor.heal_ticks):
                self._emit(ev.Recovering(actor.id, bleed, waited, heal))

    def _check_over(self) -> None:
        s = self.state
        if s.over is not None:
            return
        leader = s.actors[s.leader]
        if not leader.alive:
            # a run is permadeath: its leader's fall ends it (docs/run.md)
            self._emit(ev.GameOver("death" if leader.dead or s.run is not None else "defeat", s.tick))
            return
        if s.run is None and not any(a.alive and s.hostile(leader.id, a.id) for a in s.actors.values()):
            self._emit(ev.GameOver("victory", s.tick))

    # ----- decisions owed for the next tick (SPEC §3 step 5) --------------------------------------
    def _decide(self) -> None:
        s = self.state
        leader = s.leader
        for bout in sorted(s.bouts.values(), key=lambda b: b.id):
            # orientations (simultaneous) are chosen before the tick in every bout; in the leader's bout
            # the targets and declarations that come before his are made now too, so that he sees them
            player_here = leader in bout.members and not self.player_ai
            if bout.step == 0 or player_here:
                self._answer_due(bout, None)
        actor = s.actors[leader]
        if not actor.alive or self.player_ai:
            self._emit(ev.DecisionDue("watch", leader))
            return
        mine = s.bout_of(leader)
        self._player_decision(actor, mine)

    def _player_decision(self, actor: Actor, bout: BoutState | None) -> None:
        """What the world waits for from the player, with the decisions it bundles as data (`asks`:
        the combat system's decisions due for him, first aid, CP against shots)."""
        s = self.state
        leader = actor.id
        incoming = self._incoming(actor, bout)
        mine = [] if bout is None else [d for d in self.system.due(bout.rules) if d.who == leader]
        asks: list[Decision] = []
        if incoming[0]:
            cp = actor.fighter.cp
            asks.append(Decision(SHOT_DEFENCE, leader, default=str(incoming[1]), low=0,
                                 high=cp // len(incoming[0]), note=f"CP against each of {len(incoming[0])} shot(s)"))
        generic = next((d for d in mine if d.kind not in SYSTEM_KINDS_WITH_COMMANDS), None)
        if generic is not None and bout is not None:  # a decision only `Answer` answers (issue 9)
            asks.append(generic)
            self._emit(ev.DecisionDue("decide", leader, bout.id, generic.values(), generic.default,
                                      *incoming, tuple(asks)))
            return
        if bout is None or bout.step == 0:
            options: tuple[str, ...] = tuple(d.name for d in directions(s.house_rules.adjacency))
            if any(d.kind == ORIENTATION for d in mine):
                options += ("orientation",)
                asks += [d for d in mine if d.kind == ORIENTATION]
            if actor.waited == FIRST_AID_TICKS - 1 and actor.fighter.blood_loss > 0:
                options += ("first_aid",)
                asks.append(first_aid_decision(leader))
                self._emit(ev.FirstAidOffered(leader))
            self._emit(ev.DecisionDue("step", leader, None if bout is None else bout.id, options, None,
                                      *incoming, tuple(asks)))
        elif bout.step == 1:
            target = next((d for d in mine if d.kind == TARGET), None)
            legal = () if target is None else target.values()
            default = None if target is None else target.default
            if target is not None:
                default = self.deciding.default_target(bout.rules, bout.id, leader, s.tick) or default
            preferred = actor.bumped
            if preferred in legal:
                default = preferred  # the bump was an attack intent on him
            if target is not None:
                asks.append(replace(target, default=default))
            self._emit(ev.DecisionDue("target", leader, bout.id, legal, default, *incoming, tuple(asks)))
        else:
            asks += [d for d in mine if d.kind == DECLARATION]
            self._emit(ev.DecisionDue("declare", leader, bout.id, (), None, *incoming, tuple(asks)))

    def _incoming(self, actor: Actor, bout: BoutState | None) -> tuple[tuple[str, ...], int]:
        """The shooters of the shots landing on `actor` at the next tick, and the CP the AI would add
        against each (he has not declared when they land: his declaration comes after)."""
        shooters = tuple(shot.shooter for shot in self.state.shots if shot.target == actor.id)
        if not shooters:
            return (), 0
        return shooters, self.maker.shot_defence(actor.fighter, None if bout is None else bout.step)

    # ----- checks ---------------------------------------------------------------------------------
    def checksum(self) -> str:
        """The combat and ai streams' positions plus every actor's square and health (SPEC §7).

        Each actor's piece of text is rewritten only when its key (square, HT, CP, out of the fight)
        changed. Keys are read for the actors still in the fight at the last call (`_sum_watch`), and
        for everyone when `FighterState.roster_epoch` moved since then (anyone fell, woke or changed
        bouts): a fighter out of the fight is off the map, bleeds, heals and fights no more, so his key
        is frozen until the roster moves again."""
        s = self.state
        keys, texts, actors = self._sum_keys, self._sum_texts, self._sum_actors
        if not keys:  # the first call
            keys += [None] * len(actors)
            texts += [""] * len(actors)
        everyone = self._sum_epoch != FighterState.roster_epoch
        watch: Iterable[int] = range(len(actors)) if everyone else self._sum_watch
        ids = self._cast
        for i in watch:
            a = actors[i]
            f = a.fighter
            key = (a.pos, f.ht, f.cp, f.out_of_fight)
            if key != keys[i]:
                keys[i] = key
                pos = a.pos
                texts[i] = f"{ids[i]}:{pos[0]},{pos[1]}:{f.ht}:{f.cp}:{int(not f.out_of_fight)};"
        if everyone:
            self._sum_watch = [i for i in watch if not actors[i].fighter.out_of_fight]
            self._sum_epoch = FighterState.roster_epoch
        # One update of the joined text hashes exactly the bytes the per-actor updates did.
        text = f"{s.combat.draws:x}:{s.ai.draws:x};" + run_mark(s) + "".join(texts)  # a stream's draws are its position
        return hashlib.sha256(text.encode()).hexdigest()[:16]

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

    # ----- a roguelike run (issue 10, docs/run.md; only when `state.run` is set) --------------------
    def _run_init(self) -> None:
        self._drops_epoch = -1  # `FighterState.roster_epoch` at the last look for fallen fighters' drops
        self._worth: dict[tuple[Pos, Pile, Inventory], bool] = {}  # the AI leader's view of each pile
        self._credited: set[str] = set()  # fallen foes whose worth the party has had (ids are unique in a run)

    def _run_step(self) -> None:
        """After the moves: the fallen drop what they carried, party members who stepped onto items
        take what is worth it (and equip what is better), and the leader on the stairs takes them."""
        s = self.state
        if self._drops_epoch != FighterState.roster_epoch:
            self._run_drops()
            self._drops_epoch = FighterState.roster_epoch
        run = s.run
        assert run is not None
        if run.floor:
            for actor in self._living():
                if actor.party and actor.moved and actor.pos in run.floor and s.bout_of(actor.id) is None:
                    self._run_pick_up(actor)
        leader = s.actors[s.leader]
        if leader.alive and leader.moved and s.bout_of(leader.id) is None and stairs(s, leader.pos) is not None:
            self._run_stairs(leader)

    def _run_gear(self, command: Gear | Train) -> None:
        """The `Gear` command: pick up, put down, equip or unequip, checked against the state (a
        refusal of `game.sim.inventory` is the command's one-line reason); give, use and `Train` in
        `game.sim.run_actions`."""
        s = self.state
        run = s.run
        if run is None:
            raise IllegalAction("there is no gear to handle outside a run")
        if isinstance(command, Train) or command.action in ("give", "use"):
            self._run_action(command, run)
            return
        who = s.leader if command.actor is None else command.actor
        actor = s.actors.get(who)
        if actor is None or not actor.party or not actor.alive:
            raise IllegalAction(f"{who} is no one of the party who can handle gear here")
        if s.bout_of(who) is not None:
            raise IllegalAction(f"{actor.name} is fighting: no time to handle gear")
        items, inv, at = run.content.items, run.inventories[who], (actor.pos.x, actor.pos.y)
        item = command.item
        if command.action in ("pick_up", "drop", "equip") and (item is None or item not in items):
            raise IllegalAction(f"{command.action.replace('_', ' ')} what? no item {item!r}")
        assert item is not None or command.action == "unequip"
        if command.action == "pick_up":
            assert item is not None
            if dict(run.floor.get(actor.pos, ())).get(item, 0) < command.count:
                raise IllegalAction(f"there are not {command.count} {items[item].name} here")
            result = pick_up(inv, item, command.count, items=items, attributes=run_wearer(run, actor).attributes)
            if isinstance(result, Refusal):
                raise IllegalAction(result.reason)
            self._emit(ev.ItemsPickedUp(who, at, ((item, command.count),)))
        elif command.action == "drop":
            assert item is not None
            result = drop(inv, item, command.count)
            if isinstance(result, Refusal):
                raise IllegalAction(result.reason)
            self._emit(ev.ItemPutDown(who, at, item, command.count))
        else:
            if command.action == "equip":
                assert item is not None
                result = equip(inv, item, items=items, catalog=s.catalog, hand=command.slot)
            else:
                item = inv.slot(command.slot or "")
                result = unequip(inv, command.slot or "", items=items)
            if isinstance(result, Refusal):
                raise IllegalAction(result.reason)
            assert item is not None
            self._emit(ev.GearChanged(who, item, result.carried, result.equipped))
        self.commands.append((s.tick, to_dict(command)))

    def _run_action(self, command: Gear | Train, run: RunState) -> None:
        s = self.state
        if isinstance(command, Train):
            events = run_actions.train(s, run, command)
        else:
            actor = run_actions.party_member(s, command.actor or s.leader, "handle gear")
            if command.action == "give":
                events = run_actions.give(s, run, actor, command)
            else:
                events = run_actions.use_item(s, run, actor, command, s.combat, CARE_TN, s.house_rules.negative_pool)
        for e in events:
            self._emit(e)
        if any(isinstance(e, ev.ItemUsed) and e.faces for e in events):
            self._mark_streams()  # the bandage's roll drew from the combat stream
        self.commands.append((s.tick, to_dict(command)))

    def _run_drops(self) -> None:
        s = self.state
        run = s.run
        assert run is not None
        for actor in s.actors.values():
            if actor.fighter.out_of_fight:  # dead or knocked out (nobody wakes): fallen
                items = run.inventories[actor.id].everything()
                if items:
                    self._emit(ev.ItemsDropped(actor.id, (actor.pos.x, actor.pos.y), items))
                if actor.id not in self._credited:
                    self._credited.add(actor.id)
                    self._run_fight_experience(actor)

    def _run_fight_experience(self, fallen: Actor) -> None:
        """A fallen foe's worth, shared by the party members still standing who fought in his bout."""
        s = self.state
        bout = s.membership.get(fallen.id)
        if bout is None or not s.hostile(s.leader, fallen.id):
            return
        fighters = sorted(a.id for a in self._living() if a.party and s.membership.get(a.id) == bout)
        for member, amount in fight_experience([fallen.fighter.sheet], fighters).items():
            self._emit(ev.ExperienceGained(member, amount, fallen.id))

    def _run_pick_up(self, actor: Actor) -> None:
        """Take from the pile what `gear_choice.worth_picking_up` says, then equip each upgrade."""
        s = self.state
        run = s.run
        assert run is not None
        items, catalog = run.content.items, s.catalog
        wearer = run_wearer(run, actor)
        inv = run.inventories[actor.id]
        taken: list[tuple[str, int]] = []
        for item, count in run.floor[actor.pos]:
            want = min(count, max(0, items[item].stack - inv.count(item)))
            if want and worth_picking_up(inv, item, want, wearer, items=items, catalog=catalog):
                after = pick_up(inv, item, want, items=items, attributes=wearer.attributes)
                if not isinstance(after, Refusal):
                    inv = after
                    taken.append((item, want))
        if not taken:
            return
        self._emit(ev.ItemsPickedUp(actor.id, (actor.pos.x, actor.pos.y), tuple(taken)))
        for _ in range(len(inv.carried)):
            better = next((c for item, _n in run.inventories[actor.id].carried
                           if (c := upgrade(run.inventories[actor.id], item, wearer, items=items, catalog=catalog))),
                          None)
            if better is None:
                break
            new = better.inventory
            self._emit(ev.GearChanged(actor.id, better.item, new.carried, new.equipped))

    def _run_stairs(self, leader: Actor) -> None:
        """The leader on the stairs: down or up a depth with the companions within two squares of him
        (and out of any bout); out of the dungeon with the relic (down from the last depth, up from the
        first) is the victory."""
        s = self.state
        run = s.run
        assert run is not None
        down = stairs(s, leader.pos) == Tile.STAIRS_DOWN
        depth = run.depth + (1 if down else -1)
        if not 1 <= depth <= run.plan.last:
            if run.inventories[leader.id].count(run.content.run.goal.relic):
                self._emit(ev.GameOver("victory", s.tick))
            return
        party = [leader] + [a for a in self._living() if a.party and a.id != leader.id
                            and chebyshev(a.pos, leader.pos) <= 2 and s.bout_of(a.id) is None]
        squares = arrival(run, depth, down, len(party))
        travellers = tuple((a.id, p.x, p.y) for a, p in zip(party, squares, strict=False))
        first_visit = depth > run.deepest
        self._emit(ev.LevelChanged(run.depth, depth, travellers))
        self._level_caches()
        if first_visit:
            for aid, _x, _y in travellers:
                self._emit(ev.ExperienceGained(aid, depth_experience(depth), f"depth {depth}"))

    def _level_caches(self) -> None:
        """A new level: every cache tied to the map or the cast starts again."""
        s = self.state
        self._cast = list(s.actors)
        self._sum_actors = list(s.actors.values())
        self._sum_keys, self._sum_texts, self._sum_watch, self._sum_epoch = [], [], [], -1
        self._goals = waypoints(s.tilemap)
        self._routes, self._memory, self._sight, self._quiet = {}, {}, {}, {}
        self._living_epoch = self._casualties_epoch = self._drops_epoch = -1
        self._disengaged.clear()
        self._worth.clear()

    def _run_leader_intent(self, brain: Brain, actor: Actor) -> Direction | None:
        """The AI leader of a run: fight a foe who is close (`RUN_ENGAGE`) and not fleeing; rest, with no
        foe in sight, while bleeding or in pain (`RUN_REST_PAIN`); else go for
        the nearest pile worth taking (the relic among them), else for the stairs down (out, from the
        last depth, once he holds the relic)."""
        seen = brain.visible_hostiles(actor)
        foes = [h for h in seen if manhattan(actor.pos, h.pos) <= RUN_ENGAGE and not brain.hurt_enough_to_flee(h)]
        if foes:  # one who stands his ground and is close: fight him (a fleeing one is left to flee)
            if manhattan(actor.pos, foes[0].pos) == 1:
                return None
            d = brain.step_toward(actor, foes[0].pos, True)
            if d is not None and stairs(self.state, actor.pos.step(d)) is None:
                return d  # (never off the level after a foe: then he goes on his way)
        f = actor.fighter
        if not seen and (f.blood_loss > 0 or f.pain >= RUN_REST_PAIN):
            return None  # rest: first aid comes after quiet waiting ticks, healing eases pain (SPEC §4.10)
        goal = self._run_goal(actor)
        return brain.patrol(actor) if goal is None else self._route_step(actor, goal)

    def _run_goal(self, actor: Actor) -> Pos | None:
        """The nearest pile worth taking by the way there (full route maps, so the goal never flips as
        he walks round a wall), else the stairs down."""
        s = self.state
        run = s.run
        assert run is not None
        inv = run.inventories[actor.id]
        here = actor.pos.y * s.tilemap.width + actor.pos.x
        best: tuple[int, Pos] | None = None
        for pos, pile in run.floor.items():
            if pos in s.occupancy:
                continue
            key = (pos, pile, inv)
            worth = self._worth.get(key)
            if worth is None:
                worth = self._worth[key] = self._pile_worth(actor, pile)
            if worth:
                steps = self._route(pos).steps[here]
                if steps >= 0 and (best is None or (steps, pos) < best):
                    best = (steps, pos)
        if best is not None:
            return best[1]
        return stairs_down(run)

    def _pile_worth(self, actor: Actor, pile: Pile) -> bool:
        s = self.state
        run = s.run
        assert run is not None
        wearer = run_wearer(run, actor)
        inv = run.inventories[actor.id]
        return any(worth_picking_up(inv, item, min(n, max(1, run.content.items[item].stack - inv.count(item))),
                                    wearer, items=run.content.items, catalog=s.catalog) for item, n in pile)

    def _route(self, goal: Pos) -> DistanceMap:
        route = self._routes.get(goal)
        if route is None:
            tilemap = self.state.tilemap
            off = {p for p in (stairs_down(self.state.run), stairs_up(self.state.run)) if p != goal} \
                if self.state.run is not None else set()  # the way never leads over stairs that are no goal
            route = self._routes[goal] = distance_map(tilemap, [goal], adjacency=self.state.house_rules.adjacency,
                                                      blocked=off)
        return route

    def _route_step(self, actor: Actor, goal: Pos) -> Direction | None:
        """The first free step down the full route map to `goal` (None: there, or blocked for now), never
        onto stairs that are not the goal."""
        s = self.state
        tilemap = s.tilemap
        w, h = tilemap.width, tilemap.height
        steps = self._route(goal).steps
        x, y = actor.pos
        here = steps[y * w + x]
        best_dist, best = (here if here >= 0 else 1 << 30), None
        for d in directions(s.house_rules.adjacency):
            nx, ny = x + d.dx, y + d.dy
            if not (0 <= nx < w and 0 <= ny < h):
                continue
            dist = steps[ny * w + nx]
            square = tilemap.positions_by_index[ny * w + nx]
            if 0 <= dist < best_dist and square not in s.occupancy and (square == goal or stairs(s, square) is None):
                best_dist, best = dist, d  # (stairs on the way are stepped round: they would take him off)
        if best is None:  # a companion in the way (a corridor): step into him, and he steps back (`_run_swap`)
            for d in directions(s.house_rules.adjacency):
                nx, ny = x + d.dx, y + d.dy
                if 0 <= nx < w and 0 <= ny < h and 0 <= steps[ny * w + nx] < here:
                    other = s.at(tilemap.positions_by_index[ny * w + nx])
                    if other is not None and other.party and s.bout_of(other.id) is None:
                        return d
        return best

    def _run_swap(self, leader: Actor, other: Actor, d: Direction) -> bool:
        """The leader stepping into a companion out of any bout swaps squares with him (so a companion never
        blocks the way in a corridor; in every world, not only a run: issue 11): two `Moved`, no points banked."""
        s = self.state
        if leader.id != s.leader or not other.party or not other.alive or s.bout_of(other.id) is not None \
                or s.bout_of(leader.id) is not None:
            return False
        a, b = leader.pos, other.pos
        self._emit(ev.Moved(leader.id, a, b, d.label, 0))
        back = _direction_of(b, a)
        self._emit(ev.Moved(other.id, b, a, back.label, 0))
        return True



_SumKey = tuple[Pos, int, int, bool]  # what an actor's piece of `checksum` text is written from
_DELTAS: dict[int, tuple[tuple[int, int], ...]] = {n: tuple((d.dx, d.dy) for d in directions(n)) for n in (4, 8)}


def _direction_of(a: Pos, b: Pos) -> Direction:
    """The direction of the step from `a` to its neighbour `b`."""
    return next(d for d in Direction if (a.x + d.dx, a.y + d.dy) == (b.x, b.y))


def _direction(name: str | None) -> Direction | None:
    if name is None:
        return None
    try:
        return Direction[name.upper()]
    except KeyError:
        raise IllegalAction(f"unknown direction {name!r}") from None
