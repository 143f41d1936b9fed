"""A combatant's action under Sophia's Children, resolved with the rules package's dice and wounds.

Document 001 leaves "Combat Actions et alia" to elsewhere; this is our stated adaptation
(docs/systems/sophias_children.md "Actions"): an action is an attack (one attack against one
defence, TRoS dice and wound tables), hiding, recovering from being Stunned (or Asleep), or waiting.
The acting Squad's members act one by one, in the order the Squad chooses (`MEMBER`).
"""

from __future__ import annotations

from rules.bout import IllegalAction
from rules.catalog import Maneuver
from rules.costs import maneuver_tn
from rules.damage import blow_for, roll_wound
from rules.decisions import ACTION, DEFENCE, MEMBER, Decision, Option
from rules.dice import DiceStream, Roll, roll_pool
from rules.events import Event, LeftBout
from rules.fighter import FighterState
from rules.sophias_children import events as sev
from rules.sophias_children.fold import Emit
from rules.sophias_children.state import ASLEEP, HIDDEN, STUNNED, ScBout
from rules.wounds import apply_wound

ATTACK, HIDE, RECOVER, WAIT = "attack", "hide", "recover", "wait"
BACK, CLOSE = "back", "close"  # a step on the map: away from a foe in reach, toward a foe of the bout out of it
MOVES = (BACK, CLOSE)
ATTACK_MANEUVERS = ("swing", "thrust")  # with a weapon; unarmed: punch
DEFAULT_ZONE = {"swing": "III", "thrust": "XI"}
DEFENCES = ("parry", "block", "full_evasion")  # "dodges" is a Full Evasion
DODGE = "full_evasion"
NO_DEFENCE = "none"
BACKSTAB = "backstab"


def remaining(bout: ScBout) -> list[str]:
    """The acting unit's members in the fight who have not acted yet."""
    sc = bout.sc
    assert sc.acting is not None
    return [m for m in bout.living(sc.acting) if m not in sc.acted]


def current_member(bout: ScBout) -> str | None:
    sc = bout.sc
    if sc.member is not None:
        return sc.member
    left = remaining(bout)
    return left[0] if len(left) == 1 or not bout.unit(sc.acting or "").squad else None


def action_decisions(bout: ScBout) -> list[Decision]:
    sc = bout.sc
    left = remaining(bout)
    if not left:
        return []
    member = current_member(bout)
    if member is None:
        opts = tuple(Option(m, bout.fighters[m].sheet.name) for m in left)
        return [Decision(MEMBER, left[0], opts, left[0], note="your Squad acts: who acts next")]
    if sc.chosen is None:
        return [action_decision(bout, member)]
    kind, target = sc.chosen[0], sc.chosen[1]
    if kind == ATTACK and sc.defence is None and target is not None and needs_defence(bout, member, target):
        return [defence_decision(bout, target, member)]
    return []


def attack_maneuvers(bout: ScBout, fid: str) -> list[Maneuver]:
    sheet = bout.fighters[fid].sheet
    names = ATTACK_MANEUVERS if sheet.weapon is not None else ("punch",)
    out = []
    for name in names:
        m = bout.catalog.maneuvers.get(name)
        if m is not None and maneuver_tn(sheet, m) is not None:
            out.append(m)
    return out


def action_options(bout: ScBout, fid: str) -> list[Option]:
    if bout.has(fid, STUNNED) or bout.has(fid, ASLEEP):
        return [Option(RECOVER, "Recover", note="gets his balance back: this ends his action")]
    opts = []
    for foe in bout.foes(fid):
        if bout.has(foe, HIDDEN):
            continue
        for m in attack_maneuvers(bout, fid):
            opts.append(Option(f"{m.id}:{foe}", f"{m.name} {bout.fighters[foe].sheet.name}"))
    if not bout.has(fid, HIDDEN):
        opts.append(Option(HIDE, "Hide", note="into the shadows: his next attack is a backstab"))
    opts.append(Option(WAIT, "Wait"))
    return opts + move_options(bout, fid)


def move_options(bout: ScBout, fid: str) -> list[Option]:
    """A step on the map as his action (our adaptation: the document has no movement in its order of
    combat): one square back from a foe in reach, or toward a foe of the bout out of his reach."""
    name = bout.fighters
    reach = bout.foes(fid)
    opts = [Option(f"{BACK}:{foe}", f"Step back from {name[foe].sheet.name}",
                   note="one square away: out of every foe's reach, he is out of the fight") for foe in reach]
    mine = bout.side_of(bout.sc.unit_of[fid]) if fid in bout.sc.unit_of else None
    for other in bout.members():
        if (other != fid and other not in reach and other in bout.sc.unit_of and bout.fit(other)
                and mine is not None and bout.side_of(bout.sc.unit_of[other]) != mine):
            opts.append(Option(f"{CLOSE}:{other}", f"Close in on {name[other].sheet.name}",
                               note="one square toward him"))
    return opts


def is_attack(value: str) -> bool:
    """An attack's answer (`maneuver:target`), not a step's (`back:` / `close:`)."""
    head, sep, _ = value.partition(":")
    return bool(sep) and head not in MOVES


def action_decision(bout: ScBout, fid: str) -> Decision:
    opts = tuple(action_options(bout, fid))
    default = next((o.value for o in opts if is_attack(o.value)), opts[0].value)
    return Decision(ACTION, fid, opts, default, note="your action (an attack may name a zone: swing:B@IV)")


def parse_action(bout: ScBout, fid: str, value: str) -> tuple[str, str | None, str | None, str | None]:
    """(kind, target, maneuver, zone) of a legal answer; IllegalAction otherwise."""
    base, _, zone = value.partition("@")
    legal = {o.value for o in action_options(bout, fid)}
    if base not in legal:
        raise IllegalAction(f"{fid} may: {', '.join(sorted(legal))}")
    if ":" not in base:
        return base, None, None, None
    maneuver, target = base.split(":", 1)
    if maneuver in MOVES:
        if zone:
            raise IllegalAction("a step names no zone")
        return maneuver, target, None, None
    m = bout.catalog.maneuvers[maneuver]
    kind = m.attack_kind or "thrust"
    if zone:
        z = bout.catalog.zones.get(zone)
        if z is None or z.attack_kind != kind:
            raise IllegalAction(f"zone {zone!r} is not a {kind} zone")
    else:
        zone = DEFAULT_ZONE[kind]
    return ATTACK, target, maneuver, zone


def needs_defence(bout: ScBout, attacker: str, target: str) -> bool:
    """A defence is chosen unless he cannot defend: Stunned or Asleep, or backstabbed from Hidden."""
    return bout.fit(target) and bout.able(target) and not bout.has(attacker, HIDDEN)


def defence_options(bout: ScBout, fid: str) -> list[Option]:
    sheet = bout.fighters[fid].sheet
    opts = []
    for name in DEFENCES:
        m = bout.catalog.maneuvers.get(name)
        tn = None if m is None else maneuver_tn(sheet, m)
        if m is not None and tn is not None:
            note = "stops it but leaves him Stunned" if name == DODGE else "Stunned only if it barely holds (a tie)"
            opts.append(Option(name, f"{m.name} (TN {tn})", note=note))
    opts.append(Option(NO_DEFENCE, "No defence"))
    return opts


def defence_decision(bout: ScBout, fid: str, attacker: str) -> Decision:
    opts = tuple(defence_options(bout, fid))
    values = [o.value for o in opts]
    default = "block" if "block" in values else "parry" if "parry" in values else values[0]
    return Decision(DEFENCE, fid, opts, default,
                    note=f"{bout.fighters[attacker].sheet.name} attacks you: your defence "
                         f"({defence_dice(bout.fighters[fid])} dice)")


def attack_dice(state: FighterState) -> int:
    """His whole pool: proficiency + Reflex - pain - shield penalty (halved at HT 1 and prone)."""
    sheet = state.sheet
    penalty = sheet.shield.cp_penalty if sheet.shield is not None else 0
    dice = max(0, sheet.level + state.reflex - state.pain - penalty)
    if state.ht == 1:
        dice //= 2
    if state.prone:
        dice //= 2
    return dice


def defence_dice(state: FighterState) -> int:
    """Half his pool, rounded up: he may be attacked many times in a round."""
    return (attack_dice(state) + 1) // 2


def resolve(bout: ScBout, emit: Emit, stream: DiceStream) -> None:
    """Resolve the chosen action of the acting member, then mark him done."""
    sc = bout.sc
    assert sc.chosen is not None and sc.member is not None and sc.acting is not None
    fid = sc.member
    kind, target, maneuver, zone = sc.chosen
    if kind == RECOVER:
        for status in (STUNNED, ASLEEP):
            if bout.has(fid, status):
                emit(sev.StatusChanged(fid, status, False))
    elif kind == HIDE:
        emit(sev.StatusChanged(fid, HIDDEN, True))
    elif kind in MOVES:
        assert target is not None
        emit(sev.Stepped(fid, target, 1 if kind == BACK else -1))
    elif kind == ATTACK:
        assert target is not None and maneuver is not None and zone is not None
        _attack(bout, emit, stream, fid, target, maneuver, zone)
    emit(sev.ActionDone(sc.acting, fid))


def _attack(bout: ScBout, emit: Emit, stream: DiceStream, fid: str, target: str, maneuver: str, zone: str) -> None:
    sc = bout.sc
    me, him = bout.fighters[fid], bout.fighters[target]
    m = bout.catalog.maneuvers[maneuver]
    rules = bout.rules
    tn = maneuver_tn(me.sheet, m)
    assert tn is not None
    roll = roll_pool(stream, attack_dice(me), tn, rules.negative_pool)
    hidden = bout.has(fid, HIDDEN)
    defence = BACKSTAB if hidden else (sc.defence or NO_DEFENCE)
    droll = Roll(0, 0, (), 0, False)
    if defence not in (BACKSTAB, NO_DEFENCE):
        d = bout.catalog.maneuvers[defence]
        dtn = maneuver_tn(him.sheet, d)
        assert dtn is not None
        droll = roll_pool(stream, defence_dice(him), dtn, rules.negative_pool)
    mos = roll.successes - droll.successes
    hit = mos > 0 and not roll.botch
    stunned = False
    if not hit and defence == DODGE:
        stunned = True  # "successfully dodges, but is now Stunned"
    elif not hit and defence in ("parry", "block") and roll.successes > 0 and mos == 0:
        stunned = True  # it barely held
    consequences: list[Event] = []
    location, level = None, 0
    if hit:
        kind = "thrust" if m.attack_kind == "thrust" else "swing"
        blow = blow_for(me, m, kind, "master", 0)
        wound, _ = roll_wound(bout.catalog, him, blow, zone, mos, 0, stream)
        if wound is None:
            hit = False
        else:
            location, level = wound.location, wound.level
            consequences = apply_wound(him, wound, attacker=fid, exchange=sc.round, stream=stream, rules=rules)
    emit(sev.ScAttack(sc.round, fid, target, maneuver, zone, roll.dice, roll.tn, roll.faces, roll.successes,
                      defence, droll.dice, droll.tn, droll.faces, droll.successes, mos, hit, location, level, stunned))
    emit.extend(consequences)
    if hit and bout.fit(target) and him.pain >= him.sheet.level + him.reflex:
        # pain alone leaves him no dice at all: he can no longer fight (as rules.exchange.end_round)
        emit(LeftBout(sc.round, target, "collapses, overwhelmed by pain", collapsed=True))
    if stunned and bout.fit(target):
        emit(sev.StatusChanged(target, STUNNED, True))
    if hidden:
        emit(sev.StatusChanged(fid, HIDDEN, False))


def answer_action(bout: ScBout, emit: Emit, decision: Decision, value: str) -> None:
    sc = bout.sc
    if decision.kind == MEMBER:
        if value not in remaining(bout):
            raise IllegalAction(f"one of {', '.join(remaining(bout))} acts next")
        emit(sev.MemberUp(sc.acting or "", value))
        return
    if decision.kind == ACTION:
        kind, target, maneuver, zone = parse_action(bout, decision.who, value)
        emit(sev.ActionChosen(decision.who, kind, target, maneuver, zone))
        return
    legal = [o.value for o in defence_options(bout, decision.who)]
    if value not in legal:
        raise IllegalAction(f"defend with one of {', '.join(legal)}")
    emit(sev.DefenceChosen(decision.who, value))


def ready_to_resolve(bout: ScBout) -> bool:
    sc = bout.sc
    if sc.chosen is None:
        return False
    kind, target = sc.chosen[0], sc.chosen[1]
    if kind != ATTACK or sc.defence is not None:
        return True
    assert sc.member is not None and target is not None
    return not needs_defence(bout, sc.member, target)
