"""The log's story beyond each event's own line (issue 11, a newcomer's stumbles): a foe who breaks off hurt
is said to flee, with his blood loss and health and what may follow; a death from blood loss names whose
wound it was ("the wound you gave him"), told once; the leader's pool coming back out of a fight (`Rested`)
is told ("You catch your breath: CP 14").

`Narrator` reads the world's events in order, as the log gets them, and keeps what a later line needs: who
gave each fighter the bleeding wounds he carries. It changes nothing in the world (a view-side reader).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.sim import brain
from game.sim import events as ev
from game.sim.state import Actor, WorldState

BLOOD_LOSS = "blood loss"


@dataclass(frozen=True, slots=True)
class Told:
    """A line to log (None: nothing) and whether it is the party's own story (shown even when the party could
    not see it happen: a foe it wounded bleeding to death out of sight)."""

    text: str | None
    ours: bool = False


def hurt_enough_to_flee(state: WorldState, actor: Actor) -> bool:
    """The AI's own rule for breaking off (``game.sim.brain.hurt_enough_to_flee``, by the creature's ``ai``
    profile)."""
    return brain.hurt_enough_to_flee(actor)


def flight_line(actor: Actor) -> str:
    """Why a foe left his bout on his feet and what may follow: ``Bandit flees, bleeding (BL 3, HT 4/5 left):
    he may bleed to death``, or ``Bandit flees, badly hurt (pain 6 of his 11 CP)``."""
    f = actor.fighter
    if f.blood_loss > 0:
        return (f"{actor.name} flees, bleeding (BL {f.blood_loss}, HT {max(0, f.ht)}/{f.sheet.attributes.HT} "
                "left): he may bleed to death")
    full = f.sheet.level + f.reflex
    return f"{actor.name} flees, badly hurt (pain {f.pain} of his {full} CP)"


class Narrator:
    """See the module docstring. One per log (a log refilled from the start gets a new one)."""

    def __init__(self) -> None:
        self.bleeders: dict[str, dict[str, int]] = {}  # wounded -> who gave him bleeding wounds -> their worst BL

    def tell(self, event: ev.WorldEvent, line: str | None, state: WorldState, names: Mapping[str, str]) -> Told:
        """The line to log for ``event`` (``line``: its plain line, ``game.sim.log.describe``), in ``state`` after
        the event."""
        inner = event.event if isinstance(event, ev.RulesEvent | ev.ShotLanded | ev.Bled) else None
        if inner is not None:
            self._wounds(inner)
        if isinstance(event, ev.BoutLeft) and event.reason == "separated":
            actor = state.actors.get(event.actor)
            if actor is not None and not actor.party and actor.alive and hurt_enough_to_flee(state, actor):
                return Told(f"[bout {event.bout}] {flight_line(actor)}")
            return Told(line)
        if isinstance(event, ev.Bled) and _bled_to_death(inner):
            return Told(None)  # the world's `Died` right after it tells it, with the credit
        if isinstance(event, ev.Died) and event.cause == BLOOD_LOSS:
            return self._death(event.actor, "", state, names)
        if isinstance(event, ev.RulesEvent) and _bled_to_death(inner):
            return self._death(getattr(inner, "fighter", ""), f"[bout {event.bout}] ", state, names)
        if isinstance(event, ev.Rested) and event.actor == state.leader:
            return Told(f"You catch your breath: CP {event.cp}", True)
        return Told(line)

    def _wounds(self, inner: object) -> None:
        """Note a bleeding wound: an attack's or a shot's (any combat system's event with a wound that bleeds)."""
        wound = getattr(inner, "wound", None)
        if wound is None or not getattr(inner, "hit", False) or getattr(wound, "bl", 0) <= 0:
            return
        by = getattr(inner, "attacker", None) or getattr(inner, "shooter", None)
        victim = getattr(inner, "defender", None) or getattr(inner, "target", None)
        if isinstance(by, str) and isinstance(victim, str):
            given = self.bleeders.setdefault(victim, {})
            given[by] = max(given.get(by, 0), int(wound.bl))

    def credit(self, victim: str) -> str | None:
        """Who gave ``victim`` the worst of the bleeding wounds he carries (ties: the one noted first)."""
        given = self.bleeders.get(victim)
        if not given:
            return None
        return max(given.items(), key=lambda kv: kv[1])[0]

    def _death(self, victim: str, prefix: str, state: WorldState, names: Mapping[str, str]) -> Told:
        name = names.get(victim, victim)
        by = self.credit(victim)
        self.bleeders.pop(victim, None)
        text = f"{prefix}{name} collapses from blood loss and dies"
        if by is None:
            return Told(text)
        giver = state.actors.get(by)
        if by == state.leader:
            return Told(f"{text} — the wound you gave him", True)
        ours = giver is not None and giver.party
        return Told(f"{text} — the wound {names.get(by, by)} gave him", ours)


def _bled_to_death(inner: object) -> bool:
    return getattr(inner, "type", "") == "died" and getattr(inner, "cause", "") == BLOOD_LOSS
