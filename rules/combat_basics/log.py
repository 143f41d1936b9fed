"""The combat log of Combat basics: one line per event, in the document's words (turns, initiative,
consistency and potential, delaying, readied actions and triggers, combat clusters, situational
penalties, stumble and daze)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.combat_basics import events as ev
from rules.events import Died, Event, KnockCheck, LeftBout, WoundTaken

TRIGGERS = {"enter": "an opponent enters this square", "attacked": "someone attacks him",
            "intent": "he becomes aware someone wants to attack him"}
DEFENCES = {"parry": "parries", "block": "blocks", "full_evasion": "dodges", "none": "does not defend"}


def _sq(square: tuple[int, int]) -> str:
    return f"({square[0]}, {square[1]})"


def _turns(n: int) -> str:
    return f"{n} turn{'s' if n != 1 else ''}"


def _seconds(n: int) -> str:
    return f"{n} second{'s' if n != 1 else ''}"


def describe(event: Event, names: Mapping[str, str]) -> str | None:
    def n(fid: str | None) -> str:
        return "" if fid is None else names.get(fid, fid)

    handler = _LINES.get(type(event))
    if handler is not None:
        return handler(event, n)
    if isinstance(event, WoundTaken):
        return f"{n(event.fighter)} takes a level {event.level} {event.damage_type} wound to the " \
               f"{event.location.replace('_', ' ')} (pain {event.pain}, blood loss {event.bl})"
    if isinstance(event, KnockCheck) and event.failed:
        what = "knocked out" if event.kind == "knockout" else "knocked down"
        return f"{n(event.fighter)} is {what} ({event.kind} check {list(event.faces)} against TN {event.tn})"
    if isinstance(event, Died):
        return f"{n(event.fighter)} dies: {event.cause}"
    if isinstance(event, LeftBout):
        return f"{n(event.fighter)} {event.reason}"
    return None


N = Callable[[str | None], str]


def _joined(e: ev.Joined, n: N) -> str:
    return f"{n(e.fighter)} stands at {_sq(e.pos)} (dexterity {e.dexterity}, willpower {e.willpower})"


def _stats(e: ev.StatsSet, n: N) -> None:
    return None


def _initiative(e: ev.InitiativeRolled, n: N) -> str:
    return (f"{n(e.fighter)} throws initiative: dexterity {e.dexterity} as consistency {list(e.faces)}, "
            f"willpower {e.willpower} as potential → {e.score}")


def _roll_off(e: ev.RollOff, n: N) -> str:
    pairs = ", ".join(f"{n(f)} {face}" for f, face in zip(e.fighters, e.faces, strict=True))
    return f"Same initiative and willpower: a roll-off ({pairs})"


def _order(e: ev.OrderSet, n: N) -> str:
    return "Initiative order: " + ", ".join(n(f) for f in e.order)


def _round(e: ev.RoundBegan, n: N) -> str:
    return f"Round {e.round}: turns of two seconds each, in initiative order"


def _turn(e: ev.TurnBegan, n: N) -> str:
    return f"{n(e.fighter)}'s turn"


def _choice(e: ev.TurnChosen, n: N) -> None:
    return None  # the action's own events say what he does


def _delayed(e: ev.Delayed, n: N) -> str:
    where = "just before" if e.where == "before" else "after"
    return f"{n(e.fighter)} delays until {where} {n(e.other)}; the order is now " + ", ".join(n(f) for f in e.order)


def _readied(e: ev.Readied, n: N) -> str:
    return f"{n(e.fighter)} readies an attack; the trigger: {TRIGGERS[e.trigger]}"


def _lost(e: ev.ReadyLost, n: N) -> str:
    return f"{n(e.fighter)}'s readied action is lost: {e.reason}"


def _triggered(e: ev.ReadyTriggered, n: N) -> str:
    if e.trigger == "intent" and not e.first:
        return (f"The trigger ({TRIGGERS[e.trigger]}): {n(e.by)}; {n(e.fighter)}'s readied action follows "
                f"{n(e.by)}'s attack, and he moves to the turn before {n(e.by)}")
    first = " and he makes the first attack" if e.first else ""
    return (f"The trigger ({TRIGGERS[e.trigger]}): {n(e.by)}; {n(e.fighter)}'s readied action takes place{first}, "
            f"and he moves to the turn before {n(e.by)}")


def _challenge(e: ev.IntentChallenge, n: N) -> str:
    verdict = "sees it coming" if e.passed else "does not see it coming: he will know only when attacked"
    return (f"{n(e.attacker)} tries to hide the attack: persuasion {list(e.persuasion_faces)} → {e.persuasion} "
            f"against {n(e.readier)}'s insight {list(e.insight_faces)} → {e.insight} (TN {e.tn}): "
            f"{n(e.readier)} {verdict}")


def _moved(e: ev.Moved, n: N) -> str:
    how = {"move": "moves", "charge": "charges", "pushed": "is pushed out of the cluster",
           "placed": "is placed"}[e.how]
    return f"{n(e.fighter)} {how} from {_sq(e.start)} to {_sq(e.end)}"


def _waited(e: ev.Waited, n: N) -> str:
    return f"{n(e.fighter)}'s turn is done"


def _strike(e: ev.StrikeQueued, n: N) -> str | None:
    if e.mode == "melee":
        return None  # its roll's line says it
    why = "re-rolls at" if e.reason == "reroll" else "shoots at"
    parts = []
    if e.distance:
        parts.append(f"distance {e.distance}")
    if e.cluster:
        parts.append(f"a combat cluster of {e.cluster}")
    detail = f" ({', '.join(parts)})" if parts else ""
    return f"{n(e.attacker)} {why} {n(e.target)}{detail}: situational penalty {e.penalty} on consistency"


def _defence(e: ev.DefenceChosen, n: N) -> None:
    return None


def _attack(e: ev.AttackRolled, n: N) -> str:
    if e.outcome == "skipped":
        return f"{n(e.attacker)}'s attack on {n(e.target)} does not happen"
    att = f"{e.dice} dice{f' (-{e.penalty})' if e.penalty else ''} {list(e.faces)} vs TN {e.tn} → {e.successes}"
    deff = (f"; {n(e.target)} {DEFENCES[e.defence]} {list(e.defence_faces)} vs TN {e.defence_tn} → "
            f"{e.defence_successes}") if e.defence != "none" else f"; {n(e.target)} makes no defensive roll"
    glance = ", but it glances off" if e.level <= 0 else ""
    result = {"hit": "hit" + (f" ({e.location.replace('_', ' ')}){glance}" if e.location else ""),
              "dodged": "dodged", "blocked": "blocked", "missed": "missed"}[e.outcome]
    where = "in the combat cluster" if e.mode == "melee" else "with a shot"
    return f"{n(e.attacker)} attacks {n(e.target)} {where} ({e.maneuver.replace('_', ' ')}): {att}{deff}: {result}"


def _asked(e: ev.DirectionAsked, n: N) -> str:
    return f"{n(e.victim)} stumbles: {n(e.causer)} chooses the direction it came from ({', '.join(e.options)})"


def _effect(e: ev.EffectBegan, n: N) -> str:
    if e.kind == "daze":
        odd = "; odd: he cannot defend until the start of the turn in which it ends" if e.odd else ""
        return f"{n(e.fighter)} is dazed for {_seconds(e.seconds)} ({_turns(e.turns)}): no actions, no defence{odd}"
    where = f"; he cannot move {e.blocked}" if e.blocked else ""
    return (f"{n(e.fighter)} stumbles for {_seconds(e.seconds)} ({_turns(e.turns)}): no ranged attacks, melee only "
            f"at those who attack him first{where}")


def _tick(e: ev.EffectTick, n: N) -> None:
    return None


def _ended(e: ev.EffectEnded, n: N) -> str:
    return f"{n(e.fighter)} is no longer {'dazed' if e.kind == 'daze' else 'stumbling'}"


def _turn_lost(e: ev.TurnLost, n: N) -> str:
    return f"{n(e.fighter)} is dazed: no actions this turn"


def _turn_end(e: ev.TurnEnded, n: N) -> None:
    return None


def _fled(e: ev.Fled, n: N) -> str:
    return f"{n(e.fighter)} flees the fight"


def _left(e: ev.LeftReported, n: N) -> str:
    return "Out of the fight: " + ", ".join(n(f) for f in e.fighters)


def _over(e: ev.BoutOver, n: N) -> str:
    return "The fight is over; standing: " + (", ".join(n(f) for f in e.standing) or "nobody")


def _withdrawn(e: ev.Withdrawn, n: N) -> str:
    return f"{n(e.fighter)} is out of the fight's reach"


def _walk(e: ev.Walk, n: N) -> None:
    return None  # the map shows the moves


_LINES: dict[type, Callable[[Any, N], str | None]] = {
    ev.Joined: _joined, ev.StatsSet: _stats, ev.InitiativeRolled: _initiative, ev.RollOff: _roll_off,
    ev.OrderSet: _order,
    ev.RoundBegan: _round, ev.TurnBegan: _turn, ev.TurnChosen: _choice, ev.Delayed: _delayed,
    ev.Readied: _readied, ev.ReadyLost: _lost, ev.ReadyTriggered: _triggered, ev.IntentChallenge: _challenge,
    ev.Moved: _moved, ev.Waited: _waited, ev.StrikeQueued: _strike, ev.DefenceChosen: _defence,
    ev.AttackRolled: _attack, ev.DirectionAsked: _asked, ev.EffectBegan: _effect, ev.EffectTick: _tick,
    ev.EffectEnded: _ended, ev.TurnLost: _turn_lost, ev.TurnEnded: _turn_end, ev.Fled: _fled,
    ev.LeftReported: _left, ev.BoutOver: _over, ev.Withdrawn: _withdrawn, ev.Walk: _walk,
}
