"""Log lines for world events (the rules' own lines come from the combat system's `describe`, by
default `rules.log.describe`: the design doc's bout; a run's events from `game.sim.run_log`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.sim import events as ev
from game.sim.run_log import run_line
from game.sim.state import WorldState
from rules.events import Event
from rules.log import describe as tros_describe

RulesDescribe = Callable[[Event, Mapping[str, str] | None], str | None]


def known_names(state: WorldState) -> dict[str, str]:
    """Every actor's name the log may need: those on the party's depth and those on the depths it left (a
    companion left behind, a foe upstairs), so no line shows an id."""
    names: dict[str, str] = {}
    if state.run is not None:
        for stash in state.run.levels.values():
            names.update((a.id, a.name) for a in stash.actors.values())
    names.update((a.id, a.name) for a in state.actors.values())
    return names


def rout_line(fled: list[str]) -> str:
    """What a rout's victory says of the foes who fled (their names): ``the last foe flees (Wolf), the field
    is yours``."""
    who = ", ".join(fled)
    if len(fled) == 1:
        return f"the last foe flees ({who}), the field is yours"
    return f"the last foes flee ({who}), the field is yours"


def describe(event: ev.WorldEvent, names: Mapping[str, str],
             describe_rules: RulesDescribe = tros_describe) -> str | None:
    def n(actor: str | None) -> str:
        return "-" if actor is None else names.get(actor, actor)

    if isinstance(event, ev.RulesEvent):
        line = describe_rules(event.event, names)
        if line is None or event.event.type in ("target", "orientation"):
            return None
        return f"[bout {event.bout}] {line}"
    if isinstance(event, ev.Moved):
        return None
    if isinstance(event, ev.Bumped):
        return f"{n(event.actor)} bumps into {n(event.into)}" if event.hostile else None
    if isinstance(event, ev.BumpFrame):
        return f"{n(event.fled)} steps away from {n(event.actor)}: follow or stay?"
    if isinstance(event, ev.BoutStarted):
        return f"[bout {event.bout}] starts: {', '.join(n(m) for m in event.members)}"
    if isinstance(event, ev.BoutJoined):
        return f"[bout {event.bout}] {n(event.actor)} joins" + (" mid-round" if event.mid_round else "")
    if isinstance(event, ev.BoutSynced):
        merged = ", ".join(str(b) for b in event.merged)
        return f"[bout {event.bout}] synced to step {event.step}" + (f", merging bout {merged}" if merged else "")
    if isinstance(event, ev.BoutSplit):
        return f"[bout {event.bout}] splits: {', '.join(n(m) for m in event.members)} fight on as bout {event.new_bout}"
    if isinstance(event, ev.BoutLeft):
        why = {"separated": "no foe within reach", "joined": "to join the fight beside it"}.get(event.reason,
                                                                                            event.reason)
        return f"[bout {event.bout}] {n(event.actor)} leaves the bout ({why})"
    if isinstance(event, ev.BoutEnded):
        return f"[bout {event.bout}] is over"
    if isinstance(event, ev.OrientationRevealed):
        return f"[bout {event.bout}] orientations: " + ", ".join(f"{n(a)} {o}" for a, o in event.orientations)
    if isinstance(event, ev.Died):
        # a death from wounds was told by the rules' own line; out of combat the world tells it
        return None if event.cause == "wounds" else f"{n(event.actor)} dies ({event.cause})"
    if isinstance(event, ev.ShotLoosed):
        aimed = f" after {event.aim_ticks} tick{'s' if event.aim_ticks != 1 else ''} of aim" if event.aim_ticks else ""
        return f"{n(event.actor)} looses at {n(event.target)}{aimed}"
    if isinstance(event, ev.ShotLanded):  # a shot outside any bout (one in a bout comes as its RulesEvent)
        return describe_rules(event.event, names)
    if isinstance(event, ev.ShotWasted):
        return f"{n(event.actor)}'s shot at {n(event.target)} is wasted ({event.reason})"
    if isinstance(event, ev.KnockedOut):
        return f"{n(event.actor)} is down ({event.cause})"
    if isinstance(event, ev.Bled):
        line = describe_rules(event.event, names)
        return None if line is None else f"{line} (out of a fight)"
    if isinstance(event, ev.FirstAidGiven):
        result = "stops the bleeding" if event.stopped else "fails"
        return f"{n(event.actor)}: first aid {event.dice}d10 TN{event.tn} {list(event.faces)} {result}"
    if isinstance(event, ev.Healed):
        return f"{n(event.actor)} heals: {event.location.replace('_', ' ')} pain {event.pain}"
    if isinstance(event, ev.GameOver):
        if event.fled:
            return f"== {event.outcome} at tick {event.tick}: {rout_line([n(a) for a in event.fled])} =="
        return f"== {event.outcome} at tick {event.tick} =="
    if isinstance(event, ev.Rejected):
        return f"refused: {event.reason}"
    if isinstance(event, ev.TickStarted):
        return None
    return run_line(event, n)  # a run's events (game/sim/run_log.py); None for the rest
