"""Decisions (SPEC §3 step 5, §8): the combat system's decisions due in each bout answered in its order
(the leader's from his command, everyone else's by the decision-makers of `game.sim.deciding`), and what
the world waits for from the player next, as a `DecisionDue` with the decisions it bundles as data.
"""

from __future__ import annotations

from dataclasses import replace

from game.sim import events as ev
from game.sim.geometry import directions
from game.sim.leader_input import LeaderInput, PlayerInput
from game.sim.recovery import FIRST_AID_TICKS
from game.sim.state import Actor, BoutState
from game.sim.world_core import WorldCore
from rules import party_orders
from rules.bout import DO_NOTHING, Action, IllegalAction
from rules.decisions import DECLARATION, FIRST_AID, ORIENTATION, SHOT_DEFENCE, TARGET, Decision, Option
from rules.events import Event
from rules.systems import Answer as RulesAnswer

SYSTEM_KINDS_WITH_COMMANDS = frozenset({ORIENTATION, TARGET, DECLARATION})  # `Step`, `Target`, `Declare`


def first_aid_decision(who: str) -> Decision:
    """First aid on the next waiting tick (SPEC §4.10), or keep moving."""
    return Decision(FIRST_AID, who, (Option("accept", "Give first aid"), Option("decline", "Not now")), "accept")


class DecisionFlow:
    """Who answers what, and what the player is asked next (see the module docstring)."""

    def __init__(self, core: WorldCore, leader_input: LeaderInput) -> None:
        self.core = core
        self.leader_input = leader_input

    def answer_due(self, bout: BoutState, inp: PlayerInput | None) -> None:
        """Answer the decisions the combat system says are due in `bout`, in its order: the leader's
        from `inp` (with None, stop at the leader's: it is the player's to answer), the others by the
        AI (`ai_answer`)."""
        s = self.core.state
        system, rules, leader = self.core.system, bout.rules, s.leader
        player = not self.core.player_ai
        due = system.due(rules)
        answered = False  # the leader answers one decision a tick: a second one waits for his next command
        asked = self.asked_of(inp)  # whose decision the player's command answers (a companion's: party_orders)
        while due:
            waiting = False
            for decision in due:
                ordered = player and decision.who != leader and self.ordered(bout, decision)
                if player and (decision.who == leader or ordered):
                    if inp is None or answered or decision.who != asked or (
                            not ordered and decision.kind not in SYSTEM_KINDS_WITH_COMMANDS
                            and (inp.answer is None or inp.answer[0] != decision.kind)):
                        # a system's decision that came due within the tick (a designation after the AI's
                        # bids) waits for his next command, as the prompt it becomes (`player_decision`)
                        waiting = True
                        continue
                    answer = (self.companion_answer(bout, decision, inp) if ordered
                              else self.leader_answer(decision, inp))
                    answered = True
                    self.core.rules_events(bout.id, self.players_answer(bout, decision, answer))
                    continue
                answer = self.ai_answer(bout, decision)
                self.core.rules_events(bout.id, system.answer(rules, decision, answer))
            if waiting:
                return
            due = system.due(rules)

    def players_answer(self, bout: BoutState, decision: Decision, answer: RulesAnswer) -> list[Event]:
        """The player's answer given to the system. Within the tick, after this tick's shots have landed (a
        shot felled the man his choice named), it may no longer be legal: the tick has folded events by
        then, so it cannot be refused; the decision is answered as Enter would answer it now (the AI's
        answer, deterministic, so a replay does the same)."""
        try:
            return self.core.system.answer(bout.rules, decision, answer)
        except IllegalAction:
            return self.core.system.answer(bout.rules, decision, self.ai_answer(bout, decision))

    # ----- party micromanagement (house rule party_orders; rules.party_orders) --------------------------------
    def ordered(self, bout: BoutState, decision: Decision) -> bool:
        """Is this companion's decision the player's (house rule `party_orders`): his orientation, target or
        declaration while a foe is in his reach (he attacks or comes under attack), in any bout."""
        s = self.core.state
        rules = bout.rules
        if (self.core.player_ai or self.core.system.name != "tros_sos"
                or not getattr(rules.rules, "party_orders", False) or decision.kind not in party_orders.ORDERED_KINDS):
            return False
        actor = s.actors[decision.who]
        return actor.party and not actor.leader and party_orders.engaged(rules, decision.who)

    def asked_of(self, inp: PlayerInput | None) -> str:
        """Whose decision the player's command answers: a companion's (party_orders) or the leader's."""
        if inp is not None and inp.answer_for is not None:
            return inp.answer_for
        return self.core.state.leader

    def shown(self, bout: BoutState, decision: Decision) -> Decision:
        """A companion's decision as the player sees it: a declaration with whole declarations as options."""
        if decision.kind == DECLARATION:
            return party_orders.declaration_decision(bout.rules, decision.who)
        return decision

    def companion_answer(self, bout: BoutState, decision: Decision, inp: PlayerInput) -> RulesAnswer:
        """The player's answer for a companion (`Answer` of the decision's kind; `Confirm`: its default, the
        AI's declaration for a declaration)."""
        value = inp.answer[1] if inp.answer is not None and inp.answer[0] == decision.kind else None
        if decision.kind != DECLARATION:
            return value if value is not None else self.ai_answer(bout, decision)
        choice = value if isinstance(value, str) else party_orders.AI
        ai = self.ai_answer(bout, decision) if choice == party_orders.AI else ()
        return party_orders.declaration(bout.rules, decision.who, choice, ai if isinstance(ai, tuple) else ())

    def leader_answer(self, decision: Decision, inp: PlayerInput) -> RulesAnswer:
        if decision.kind == ORIENTATION:
            return inp.orientation or self.leader_input.contextual_orientation(None)
        if decision.kind == TARGET:
            return inp.target
        if inp.answer is not None and inp.answer[0] == decision.kind:
            return inp.answer[1]  # checked against the decision by `_generic_input`
        raise IllegalAction(f"the leader's {decision.kind} comes with his command")  # declarations: `_advance`

    def ai_answer(self, bout: BoutState, decision: Decision) -> RulesAnswer:
        """An AI's answer; a fighter who bumped a foe targets him if he may (the bump is an attack intent)."""
        s = self.core.state
        if decision.kind == DECLARATION and self.leader_input.shooting.bout_shot(decision.who, 2) is not None:
            return (Action(DO_NOTHING, "do_nothing", None),)  # he shoots instead (game.sim.shooting)
        if decision.kind == TARGET:
            preferred = s.actors[decision.who].bumped
            if preferred is not None and preferred in decision.values():
                return preferred
        actors = s.actors
        return self.core.deciding.answer(self.core.system, bout.rules, bout.id, decision,
                                         party=actors[decision.who].party,
                                         party_members=frozenset(m for m in bout.members if actors[m].party),
                                         tick=s.tick,
                                         world_ai=s.ai)

    def decide(self) -> None:
        s = self.core.state
        leader = s.leader
        for bout in sorted(s.bouts.values(), key=lambda b: b.id):
            # orientations (simultaneous) are chosen before the tick in every bout; in the leader's bout
            # the targets and declarations that come before his are made now too, so that he sees them
            player_here = leader in bout.members and not self.core.player_ai
            if bout.step == 0 or player_here:
                self.answer_due(bout, None)
        actor = s.actors[leader]
        if not actor.alive or self.core.player_ai:
            self.core.emit(ev.DecisionDue("watch", leader))
            return
        mine = s.bout_of(leader)
        self.player_decision(actor, mine)

    def player_decision(self, actor: Actor, bout: BoutState | None) -> None:
        """What the world waits for from the player, with the decisions it bundles as data (`asks`:
        the combat system's decisions due for him, first aid, CP against shots)."""
        s = self.core.state
        leader = actor.id
        incoming = self.incoming(actor, bout)
        mine = [] if bout is None else [d for d in self.core.system.due(bout.rules) if d.who == leader]
        asks: list[Decision] = []
        if incoming[0]:
            cp = actor.fighter.cp
            asks.append(Decision(SHOT_DEFENCE, leader, default=str(incoming[1]), low=0,
                                 high=cp // len(incoming[0]), note=f"CP against each of {len(incoming[0])} shot(s)"))
        for other in sorted(s.bouts.values(), key=lambda b: b.id):  # a companion's decision first (party_orders)
            orders = [d for d in self.core.system.due(other.rules) if d.who != leader and self.ordered(other, d)]
            if orders:
                order = self.shown(other, orders[0])
                asks.append(order)
                self.core.emit(ev.DecisionDue("decide", leader, other.id, order.values(), order.default,
                                              *incoming, tuple(asks)))
                return
        generic = next((d for d in mine if d.kind not in SYSTEM_KINDS_WITH_COMMANDS), None)
        if generic is not None and bout is not None:  # a decision only `Answer` answers (issue 9)
            asks.append(generic)
            self.core.emit(ev.DecisionDue("decide", leader, bout.id, generic.values(), generic.default,
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
                self.core.emit(ev.FirstAidOffered(leader))
            self.core.emit(ev.DecisionDue("step", leader, None if bout is None else bout.id, options, None,
                                      *incoming, tuple(asks)))
        elif bout.step == 1:
            target = next((d for d in mine if d.kind == TARGET), None)
            legal = () if target is None else target.values()
            default = None if target is None else target.default
            if target is not None:
                default = self.core.deciding.default_target(bout.rules, bout.id, leader, s.tick) or default
            preferred = actor.bumped
            if preferred in legal:
                default = preferred  # the bump was an attack intent on him
            if target is not None:
                asks.append(replace(target, default=default))
            self.core.emit(ev.DecisionDue("target", leader, bout.id, legal, default, *incoming, tuple(asks)))
        else:
            asks += [d for d in mine if d.kind == DECLARATION]
            self.core.emit(ev.DecisionDue("declare", leader, bout.id, (), None, *incoming, tuple(asks)))

    def incoming(self, actor: Actor, bout: BoutState | None) -> tuple[tuple[str, ...], int]:
        """The shooters of the shots landing on `actor` at the next tick, and the CP the AI would add
        against each (he has not declared when they land: his declaration comes after)."""
        shooters = tuple(shot.shooter for shot in self.core.state.shots if shot.target == actor.id)
        if not shooters:
            return (), 0
        return shooters, self.core.maker.shot_defence(actor.fighter, None if bout is None else bout.step)
