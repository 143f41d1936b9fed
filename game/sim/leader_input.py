"""The leader's command, checked against what the world waits for and turned into this tick's input
(`PlayerInput`): his step or wait (with the orientation it implies), aim or shot, target, declaration,
answer to a combat system's decision, and CP against the shots coming at him. What Enter takes at each
prompt (the suggested step, the planner's defaults) and the choices the view offers (orientation
choices, the maneuver menu) come from here too. A command that does not fit raises `IllegalAction`,
changing nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.sim.commands import TICK_COMMANDS, Aim, Answer, Command, Confirm, Declare, Shoot, Step, Target
from game.sim.deciding import legal_with_reserve
from game.sim.geometry import Direction, directions
from game.sim.leader_step import suggested_step
from game.sim.movement import direction_named
from game.sim.shooting import DEFAULT_SHOT_ZONE, Ranged, Shooting
from game.sim.state import BoutState
from game.sim.world_core import WorldCore
from rules.bout import AGGRESSIVE, CAUTIOUS, DEFENSIVE, DO_NOTHING, Action, IllegalAction
from rules.decisions import WORLD_KINDS
from rules.menu import Menu, available_actions


@dataclass(frozen=True, slots=True)
class PlayerInput:
    """The leader's part of a tick, from his command."""

    direction: Direction | None = None
    orientation: str | None = None
    target: str | None = None
    declaration: tuple[Action, ...] | None = None
    ranged: Ranged | None = None
    shot_defence: int = 0  # CP the leader adds against each shot landing on him this tick
    answer: tuple[str, str | int | None] | None = None  # (kind, value): a decision only `Answer` answers
    answer_for: str | None = None  # whose decision `answer` answers (a companion's under party_orders)


class LeaderInput:
    """The leader's commands checked and read (see the module docstring)."""

    def __init__(self, core: WorldCore, shooting: Shooting) -> None:
        self.core = core
        self.shooting = shooting

    def chosen_defence(self, command: Command) -> int | None:
        """The command's `shot_defence_cp`, checked against the shots coming at the leader (SPEC §4.9)."""
        s = self.core.state
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

    def player_input(self, command: Command) -> PlayerInput:
        s = self.core.state
        pending = s.pending
        assert pending is not None
        kind = pending.kind
        if kind == "watch":
            if not isinstance(command, Confirm | Step):
                raise IllegalAction("the leader is out: only waiting moves the world on")
            return PlayerInput()
        if kind == "step":
            if isinstance(command, Confirm):  # Enter: the suggested step (game.sim.leader_step) or a wait
                step = self.suggested_step()
                return PlayerInput(direction=step,
                                   orientation=self.contextual_orientation(step) if pending.orientation_due else None)
            if isinstance(command, Aim | Shoot):
                return PlayerInput(ranged=self.ranged(command),
                                   orientation=self.contextual_orientation(None) if pending.orientation_due else None)
            if not isinstance(command, Step):
                raise IllegalAction("the world waits for a step (move, bump or wait)")
            direction = direction_named(command.direction)
            if direction is not None and direction not in directions(s.house_rules.adjacency):
                raise IllegalAction(f"cannot step {direction.name} with {s.house_rules.adjacency}-way movement")
            bout = s.bout_of(s.leader)
            if direction is not None and bout is not None and not self.core.system.footwork(bout.rules):
                clock = ", ".join(self.core.system.label(bout.rules))
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
            if isinstance(command, Shoot):  # a shot from inside the bout (game.sim.shooting), the default target
                return PlayerInput(ranged=self.ranged(command), target=pending.default)
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
                return PlayerInput(declaration=self.default_declaration(bout, (command.shot_defence_cp or 0)
                                                                         * len(pending.incoming)))
            if isinstance(command, Shoot):  # the shot is his act of the exchange: nothing declared in melee
                return PlayerInput(ranged=self.ranged(command), declaration=(Action(DO_NOTHING, "do_nothing", None),))
            if not isinstance(command, Declare):
                raise IllegalAction("the world waits for a declaration")
            return PlayerInput(declaration=command.actions)
        if kind == "decide":
            return self.generic_input(command)
        raise IllegalAction(f"unexpected decision {kind}")

    def ranged(self, command: Aim | Shoot) -> Ranged:
        """The leader's aim or shot, refused with the reason when he may not (`Shooting.ranged_problem`)."""
        zone = command.zone if isinstance(command, Shoot) and command.zone else DEFAULT_SHOT_ZONE
        kind = "aim" if isinstance(command, Aim) else "shoot"
        problem = self.shooting.ranged_problem(self.core.state.leader, command.target, shooting=kind == "shoot",
                                               zone=zone)
        if problem:
            raise IllegalAction(problem)
        return Ranged(kind, command.target, zone)

    def generic_input(self, command: Command) -> PlayerInput:
        """The leader's answer to a decision of the combat system that only `Answer` answers: one of
        its options, or a whole number in its range when it lists none; `Confirm` takes the default."""
        pending = self.core.state.pending
        assert pending is not None
        decision = next((d for d in pending.asks if d.kind not in WORLD_KINDS), None)
        if decision is None:
            raise IllegalAction("no decision is waiting for an answer")
        if isinstance(command, Confirm):
            value: str | int | None = decision.default
            if not decision.options and value is not None:
                value = int(value)
            return PlayerInput(answer=(decision.kind, value), answer_for=decision.who)
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
        return PlayerInput(answer=(decision.kind, value), answer_for=decision.who)

    def suggested_step(self) -> Direction | None:
        """What Enter (`Confirm`) does at a step prompt (`game.sim.leader_step`): out of a fight, a step that keeps
        the party together; badly hurt, a step away from the foes near him (in a fight at its footwork stage)
        or rest; None, a wait, otherwise in a fight and always in the old game (no difficulty)."""
        if self.core.deciding.legacy:
            return None
        s = self.core.state
        bout = s.bout_of(s.leader)
        footwork = bout is not None and self.core.system.footwork(bout.rules)
        return suggested_step(s, self.core.goals, self.core.living(), footwork)

    def default_declaration(self, bout: BoutState, reserve: int) -> tuple[Action, ...]:
        """What Enter declares: the planner's suggestion (`game.sim.deciding`), or the rules' menu default in
        the old game or when the CP kept against shots leaves too little for the suggestion."""
        leader = self.core.state.leader
        if self.core.deciding.legacy:
            return available_actions(bout.rules, leader).default  # as the old game did (its files replay so)
        suggested = self.core.deciding.default_declaration(bout.rules, bout.id, leader, self.core.state.tick)
        if reserve and not legal_with_reserve(bout.rules, leader, suggested, reserve):
            return available_actions(bout.rules, leader, reserve=reserve).default
        return suggested

    def menu(self) -> Menu | None:
        """The leader's maneuver menu when a declaration is owed (rules.menu.available_actions)."""
        s = self.core.state
        if s.pending is None or s.pending.kind != "declare":
            return None
        bout = s.bout_of(s.leader)
        return None if bout is None else available_actions(bout.rules, s.leader)

    def orientation_choices(self) -> tuple[str, ...]:
        """The leader's orientation choices: aggressive / cautious / defensive, or the throws red /
        white under the house rule `initiative_model: red_white`."""
        bout = self.core.state.bout_of(self.core.state.leader)
        if bout is not None:
            return bout.rules.orientation_choices()
        return ("red", "white") if self.core.state.house_rules.initiative_model == "red_white" else (
            AGGRESSIVE, CAUTIOUS, DEFENSIVE)

    def contextual_orientation(self, direction: Direction | None) -> str:
        """SPEC §4.2: a step into an enemy is Aggressive, a step away Defensive, a wait Cautious
        (under red_white: into an enemy throws red, anything else white). A wait at the start of a
        round of his bout takes the planner's suggestion instead (`game.sim.deciding`; not in a world
        without a difficulty, the old game)."""
        s = self.core.state
        leader = s.actors[s.leader]
        if direction is None:  # a wait (Enter): the planner's suggestion, unless this is the old game
            bout = s.bout_of(leader.id)
            suggested = None if bout is None else self.core.deciding.default_orientation(bout.rules, bout.id, leader.id,
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
