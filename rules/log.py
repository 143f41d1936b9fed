"""Combat-log lines: one readable line per rules event, every roll shown (SPEC §6 combat log).

`Cut → B 5d10 vs TN6 [9 7 3 6 2] = 3 vs Parry 2 → MoS 1, wound 2 thigh`. The scenario runner, the
headless simulation and the view's log all print through `describe`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules import events as ev


def _faces(faces: tuple[int, ...]) -> str:
    return "[" + " ".join(str(f) for f in faces) + "]"


def _title(maneuver: str) -> str:
    return maneuver.replace("_", " ").capitalize()


def _namer(names: Mapping[str, str] | None) -> Callable[[str | None], str]:
    table = names or {}

    def name(fid: str | None) -> str:
        return "-" if fid is None else table.get(fid, fid)

    return name


def describe(event: ev.Event, names: Mapping[str, str] | None = None) -> str | None:
    """One log line for an event, or None for events that do not belong in the log."""
    n = _namer(names)
    if isinstance(event, ev.Attack):
        text = (
            f"{n(event.attacker)}: {_title(event.maneuver)} → {n(event.defender)} "
            f"{event.dice}d10 vs TN{event.tn} {_faces(event.faces)} = {event.successes}"
        )
        if event.botch:
            text += " (botch)"
        d = event.defence
        if d is not None:
            text += f" vs {_title(d.maneuver)} {d.dice}d10 TN{d.tn} {_faces(d.faces)} = {d.successes}"
        text += f" → MoS {event.mos}"
        w = event.wound
        if event.hit and w is not None:
            if w.level <= 0:
                text += f", glances off the {w.location.replace('_', ' ')}"
            else:
                text += f", wound {w.level} {w.damage_type} {w.location.replace('_', ' ')}"
                bits = [f"BL {w.bl}" if w.bl else "", f"shock {w.shock}" if w.shock else "",
                        f"pain {w.pain}" if w.pain else ""]
                extra = ", ".join(b for b in bits if b)
                if extra:
                    text += f" ({extra})"
        elif event.hit:
            text += ", hit"
        else:
            text += ", miss"
        if event.simultaneous_with:
            text += " [simultaneous]"
        return text
    if isinstance(event, ev.AttackCancelled):
        return f"{n(event.attacker)}: {_title(event.maneuver)} → {n(event.defender)} does not happen: {event.reason}"
    if isinstance(event, ev.ReflexContest):
        who = "tie" if event.winner is None else f"{n(event.winner)} first"
        mobility = event.kind in ("thread_the_needle", "outmaneuver")
        if event.kind == "thread_the_needle":
            who = f"{n(event.a)} threads past {n(event.b)}" if event.winner == event.a else (
                f"{n(event.b)} keeps him in reach")
        elif event.kind == "outmaneuver":
            who = f"{n(event.a)} gets to {n(event.b)}'s flank" if event.winner == event.a else (
                f"{n(event.b)} keeps him in front")
        label = {"cautious": "Cautious contest", "thread_the_needle": "Thread the Needle",
                 "outmaneuver": "Outmaneuver"}.get(event.kind, "Strike-first contest")
        return (
            f"{label}: {n(event.a)} {event.a_dice}d10 TN{event.a_tn} {_faces(event.a_faces)} = {event.a_successes}"
            f" vs {n(event.b)} {event.b_dice}d10 TN{event.b_tn} {_faces(event.b_faces)} = {event.b_successes}"
            + (f" → {who}" if mobility else f" → {who} ({event.reason})")
        )
    if isinstance(event, ev.Declared):
        if not event.actions:
            return f"{n(event.fighter)} declares nothing (CP {event.cp_left} left)"
        parts = []
        entries = []  # a force-enter (SPEC §4.7) leads the line: "X force-enters against Y: ..."
        hidden = False
        for a in event.actions:
            zone = f" at {a.zone}" if a.zone else ""
            if a.flavour == "postemptive":
                hidden = True  # a postemptive defence (rules.declare): shown when it is rolled, not before
                continue
            if a.flavour == "force_enter":
                extras = f", terrain roll {a.terrain_dice}d" + (f", Reflex +{a.reflex_buy} bought back"
                                                               if a.reflex_buy else "")
                entries.append(f"force-enters against {n(a.opponent)}: {_title(a.maneuver)} {a.dice}d{zone}{extras}"
                               f" (cost {a.cost})")
                continue
            target = f" {n(a.opponent)}" if a.opponent else ""
            terrain = f", terrain roll {a.terrain_dice}d" if a.terrain_dice else ""  # a cornered Full Evasion
            parts.append(f"{_title(a.maneuver)}{target} {a.dice}d{zone}{terrain} (cost {a.cost})")
        said = "; ".join(entries + (["declares " + "; ".join(parts)] if parts else []))
        if hidden:  # what is left would tell the hidden defence's cost
            return f"{n(event.fighter)} {said}" if said else None
        return f"{n(event.fighter)} {said} (CP {event.cp_left} left)"
    if isinstance(event, ev.LengthTransfer):
        return (f"{n(event.against)} closed in first: {n(event.fighter)}'s longer weapon loses "
                f"{event.stripped} of its attack dice (length {event.dice})")
    if isinstance(event, ev.ShockApplied):
        carried = f", {event.carried} carried over" if event.carried else ""
        return (f"{n(event.fighter)} takes shock {event.amount}: {event.from_attack} from his attack, "
                f"{event.from_pool} from his pool{carried}")
    if isinstance(event, ev.KnockCheck):
        if event.instant:
            return f"{n(event.fighter)}: {event.kind} is automatic"
        result = "fails" if event.failed else "holds"
        if event.failed and event.kind == "disarm":
            result = "fails: his weapon falls from his hand"
        elif event.failed and event.kind == "knockdown":
            result = "fails: he goes down"
        return (f"{n(event.fighter)}: {event.kind} check {event.dice}d10 TN{event.tn} "
                f"{_faces(event.faces)} = {event.successes}, {result}")
    if isinstance(event, ev.Died):
        return f"{n(event.fighter)} dies ({event.cause})"
    if isinstance(event, ev.CpLost):
        return f"{n(event.fighter)} loses {event.amount} CP ({event.reason})"
    if isinstance(event, ev.Refunded):
        return f"{n(event.fighter)} gets {event.dice} dice back from an unused {_title(event.maneuver)}"
    if isinstance(event, ev.TerrainRoll):
        result = "passes" if event.passed else "fails"
        if event.evasion:  # a Full Evasion without room to evade (rules.exchange)
            result = ("botches: he falls and goes down" if event.botch else "fails: he goes down"
                      ) if not event.passed else "passes: he finds room to throw himself clear"
            return (f"{n(event.fighter)}: full evasion with no room, terrain roll {event.dice}d10 TN{event.tn} "
                    f"{_faces(event.faces)} = {event.successes}, {result}")
        return f"{n(event.fighter)}: terrain roll {event.dice}d10 TN{event.tn} {_faces(event.faces)} {result}"
    if isinstance(event, ev.StanceChosen):
        return f"{n(event.fighter)} takes a {event.stance} stance"
    if isinstance(event, ev.FootingSet):
        return f"{n(event.fighter)} sets aside {event.dice} CP dice for his footing"
    if isinstance(event, ev.FootingRoll):
        result = "keeps his footing" if event.passed else "loses his footing and goes down"
        return (f"{n(event.fighter)}: terrain roll {event.dice}d10 TN{event.tn} {_faces(event.faces)} "
                f"= {event.successes}, {result}")
    if isinstance(event, ev.MobilityChosen):
        if event.maneuver == "none":
            return None  # no modifier: nothing to tell
        return f"{n(event.fighter)} commits to {_title(event.maneuver)} with his footwork"
    if isinstance(event, ev.MobilityCommitted):
        return f"{n(event.fighter)} puts {event.dice} CP dice into {_title(event.maneuver)}"
    if isinstance(event, ev.Flanked):
        who = n(event.fighter)
        return f"{n(event.by)} is at {who}'s flank: {who}'s defences at TN +{event.dtn} this exchange"
    if isinstance(event, ev.ThreadedPast):
        return f"{n(event.foe)} cannot attack {n(event.fighter)} this exchange"
    if isinstance(event, ev.InitiativeAfter):
        holders = ", ".join(f"{n(h)} over {n(o)}" for h, o in event.holders) or "nobody"
        text = f"Initiative after exchange {event.exchange}: {holders}"
        if event.paused:
            text += f"; pause for {', '.join(n(p) for p in event.paused)}"
        return text
    if isinstance(event, ev.TargetInitiative):
        holders = ", ".join(f"{n(h)} over {n(o)}" for h, o in event.holders)
        contested = ", ".join(f"{n(a)} vs {n(b)}" for a, b in event.contested)
        bits = [b for b in (holders, f"contested {contested}" if contested else "") if b]
        return "Target initiative: " + ("; ".join(bits) or "nobody")
    if isinstance(event, ev.TargetChosen):
        forced = f" ({event.reason})" if event.reason else ""
        return f"{n(event.fighter)} targets {n(event.target)}{forced}"
    if isinstance(event, ev.OrientationChosen):
        if event.orientation in ("red", "white"):
            return f"{n(event.fighter)} throws {event.orientation}"
        if event.reason:
            return f"{n(event.fighter)} reverts to {event.orientation} ({event.reason})"
        return f"{n(event.fighter)} is {event.orientation}"
    if isinstance(event, ev.GlobalInitiative):
        holders = ", ".join(n(h) for h in event.holders) or "nobody"
        text = f"Global initiative after exchange {event.exchange}: {holders}"
        if event.lost:
            text += f"; lost by {', '.join(n(f) for f in event.lost)}"
        return text
    if isinstance(event, ev.Untargeted):
        return f"{n(event.fighter)} loses his target ({event.reason})"
    if isinstance(event, ev.LeftBout):
        return f"{n(event.fighter)} leaves the bout ({event.reason})"
    if isinstance(event, ev.BloodLossCheck):
        outcome = f"loses {event.ht_lost} HT (HT {event.ht})" if event.ht_lost else "holds"
        return (f"{n(event.fighter)}: blood loss check {event.dice}d10 TN{event.tn} "
                f"{_faces(event.faces)} = {event.successes}: {outcome}")
    if isinstance(event, ev.RoundEnded):
        cps = ", ".join(f"{n(f)} {cp}" for f, cp in event.refreshed)
        pause = " (battle pause)" if event.pause else ""
        return f"End of round {event.round}{pause}: CP {cps}"
    if event.type == "shot":  # rules.ranged.Shot (not imported here: rules.ranged imports the fold)
        return _shot_line(event, n)
    return None


def _shot_line(shot: Any, n: Callable[[str | None], str]) -> str:
    text = (f"{n(shot.shooter)} shoots {n(shot.target)} ({shot.weapon.replace('_', ' ')}, {shot.distance} sq) "
            f"{shot.dice}d10 vs TN{shot.tn} {_faces(shot.faces)} = {shot.successes} vs "
            f"{shot.defence_dice}d10 TN{shot.defence_tn} {_faces(shot.defence_faces)} = {shot.defence_successes}"
            f" ({shot.defence_cp} CP) → MoS {shot.mos}")
    w = shot.wound
    if shot.hit and w is not None:
        text += f", wound {w.level} {w.damage_type} {w.location.replace('_', ' ')}"
    elif shot.hit_instead is not None:
        text += f", botch: hits {n(shot.hit_instead)}"
    else:
        text += ", miss"
    return text
