"""Declaration at `s2`: validate a fighter's actions against his menu and commit their CP (SPEC §4.4).

Legality comes only from `rules.menu.available_actions`; this module checks the chosen numbers
(dice, zone, options), the multi-opponent limits, and the CP total, then records a `Committed` item
per action. Nothing is committed if any action is refused.
"""

from __future__ import annotations

from rules.bout import (
    ACTION_LABELS,
    ATTACK,
    ATTACK_ACTIONS,
    BUY_INITIATIVE,
    CHANGE_TARGET,
    CHANGE_TARGET_BUY,
    DEFENCE_ACTIONS,
    DEFEND_PREEMPTIVE,
    DO_NOTHING,
    DOUBLE_ATTACK,
    NO_INITIATIVE,
    POSTEMPTIVE,
    QUICK_DEFENSE,
    Action,
    Bout,
    Committed,
    IllegalAction,
)
from rules.events import ActionRecord, Declared, Event, TargetChanged
from rules.menu import ActionOption, ManeuverOption, Menu, build_menu


def _find(menu: Menu, action: Action) -> tuple[ActionOption, ManeuverOption]:
    label = ACTION_LABELS.get(action.action, action.action)
    if action.action not in ACTION_LABELS:
        raise IllegalAction(f"unknown action type {action.action!r}")
    candidates = (
        [menu.opponent(action.opponent)] if action.opponent is not None else list(menu.opponents)
    )
    if action.opponent is not None and candidates[0] is None:
        raise IllegalAction(f"{action.opponent} is not an opponent in reach of {menu.fighter}")
    if action.opponent is None and action.action not in DEFENCE_ACTIONS:
        raise IllegalAction(f"{label} needs an opponent")
    for om in candidates:
        if om is None:
            continue
        ao = om.action(action.action)
        if ao is None:
            continue
        mo = ao.option(action.maneuver)
        if mo is not None:
            return ao, mo
    against = action.opponent or "anyone"
    for om in candidates:
        if om is not None and om.action(action.action) is not None:
            raise IllegalAction(f"{action.maneuver} is not available as {label} against {against}")
    raise IllegalAction(f"{label} is not available against {against} now")


def force_enter_reflex_max(bout: Bout, fid: str) -> int:
    """The most Reflex a force-entering fighter may buy back (1 CP each): what halving took (SPEC §4.7)."""
    reflex = bout.fighters[fid].reflex
    return reflex - reflex // 2


def _commit_cost(bout: Bout, mo: ManeuverOption, action: Action) -> tuple[int, int]:
    """(CP committed now, CP charged later only if used)."""
    catalog = bout.catalog
    if mo.parts:
        if len(action.parts) != len(mo.parts):
            raise IllegalAction(f"{mo.name} needs {len(mo.parts)} parts, {len(action.parts)} given")
        aim = 0
        for part, choice in zip(mo.parts, action.parts, strict=True):
            allowed = {m: zones for m, _, zones in part.maneuvers}
            if choice.maneuver not in allowed:
                raise IllegalAction(f"{choice.maneuver} cannot fill the {part.role} part of {mo.name}")
            if choice.dice < 1:
                raise IllegalAction(f"each part of {mo.name} rolls at least one die")
            zones = allowed[choice.maneuver]
            if zones and choice.zone not in zones:
                raise IllegalAction(f"zone {choice.zone} is not a target zone of {choice.maneuver}")
            if choice.zone is not None:
                aim += catalog.zones[choice.zone].aim_cost
        dice = sum(p.dice for p in action.parts)
        if dice > mo.dice_max:
            raise IllegalAction(f"{mo.name}: {dice} dice is more than the {mo.dice_max} available")
        return mo.cost + aim + dice, mo.conditional_cost
    if not mo.dice_min <= action.dice <= mo.dice_max:
        raise IllegalAction(
            f"{mo.name}: {action.dice} dice is outside {mo.dice_min}..{mo.dice_max}"
        )
    aim = 0
    if mo.zones:
        zone_ids = dict(mo.zones)
        zone = action.zone or mo.default_zone
        if zone not in zone_ids:
            raise IllegalAction(f"zone {action.zone} is not a target zone of {mo.name}")
        aim = zone_ids[zone]
    elif action.zone is not None:
        raise IllegalAction(f"{mo.name} takes no target zone")
    if action.greater and (not mo.greater_allowed or action.greater > bout.rules.greater_attack_max):
        raise IllegalAction(f"{mo.name} cannot be made greater by {action.greater}")
    if action.seize and mo.conditional_cost == 0:
        raise IllegalAction(f"{mo.name} has no initiative to seize")
    if action.action == QUICK_DEFENSE:
        return 0, mo.conditional_cost + mo.cost + action.dice
    return mo.cost + aim + action.greater + action.dice, (mo.conditional_cost if action.seize else 0)


def commit_declaration(bout: Bout, fid: str, actions: list[Action], reserve: int = 0) -> list[Event]:
    """Validate and commit `fid`'s declaration; raises IllegalAction and changes nothing if refused.
    `reserve`: CP he keeps out of it (against shots landing before it, SPEC §4.9). The commit is a
    `Declared` event (and a `TargetChanged` per change of target), folded into the bout."""
    if not bout.active(fid):
        raise IllegalAction(f"{fid} is not fighting")
    if fid in bout.declarations:
        raise IllegalAction(f"{fid} has already declared this exchange")
    expected = bout.next_declarer()
    if expected != fid:
        raise IllegalAction(f"it is {expected}'s turn to declare, not {fid}'s")
    state = bout.fighters[fid]
    pending: list[Action] = []
    committed: list[Committed] = []
    total = 0
    for action in actions:
        if action.action == DO_NOTHING:
            continue
        menu = build_menu(bout, fid, pending, action.opponent, (action.action,), reserve)
        ao, mo = _find(menu, action)
        now, later = _commit_cost(bout, mo, action)
        if action.action in (BUY_INITIATIVE,) and ao.flavour == "force_enter":
            max_buy = force_enter_reflex_max(bout, fid)
            if not 0 <= action.reflex_buy <= max_buy:
                raise IllegalAction(f"force-enter: Reflex can be bought back by 0..{max_buy}")
            if action.terrain_dice < 0:
                raise IllegalAction("terrain dice cannot be negative")
            now += action.reflex_buy + action.terrain_dice
        elif mo.terrain_tn:
            now += _evasion_terrain_dice(mo, action)
        elif action.reflex_buy or action.terrain_dice:
            raise IllegalAction("Reflex and terrain dice are bought only when force-entering (terrain dice also "
                                "for a Full Evasion without room to evade)")
        if now > menu.cp:
            raise IllegalAction(f"{mo.name} needs {now} CP, {menu.cp} left")
        total += now
        m = bout.catalog.maneuvers[mo.maneuver]
        flavour = ao.flavour
        if action.action == DOUBLE_ATTACK:
            flavour = "double"
        elif action.action == NO_INITIATIVE:
            flavour = "none"
        committed.append(Committed(  # positional: a call with keywords builds a dict and is never specialized
            fid,  # owner
            action,
            m.role,
            m.id,  # maneuver
            action.opponent,
            sum(p.dice for p in action.parts) if action.parts else action.dice,  # dice
            mo.tn,
            now,  # cost
            later,  # conditional_cost
            action.zone or mo.default_zone if mo.zones else None,  # zone
            mo.hand if not mo.parts else "both",  # hand
            flavour,
        ))
        pending.append(action)
    if len(committed) > 1 and any(bout.catalog.maneuvers[c.maneuver].evasion == "full" for c in committed):
        raise IllegalAction("Full Evasion covers every attacker and must be the only maneuver")
    if len(committed) > 1:  # an attack and a preemptive defence at least
        _hide_postemptive(bout, fid, committed)
    if total > state.cp - max(0, reserve):
        raise IllegalAction(f"the declaration needs {total} CP, {fid} has {state.cp - max(0, reserve)}")
    exchange = bout.clock.exchange
    events = bout.fold1(Declared(exchange, fid, tuple([_record(c) for c in committed]), state.cp - total))
    for c in committed:
        if c.action.action in (CHANGE_TARGET, CHANGE_TARGET_BUY) and c.opponent is not None:
            # changing target concedes initiative to an old target who targets you (design doc)
            old = bout.targets.get(fid)
            conceded = old is not None and bout.targets.get(old) == fid
            events += bout.fold1(TargetChanged(exchange, fid, old, c.opponent, conceded, c.flavour == "free"))
    return events


def _evasion_terrain_dice(mo: ManeuverOption, action: Action) -> int:
    """The terrain dice of a Full Evasion without room to evade (`ManeuverOption.terrain_tn`): at least
    one, and no Reflex bought back. Refused with the reason otherwise."""
    if action.terrain_dice < 1:
        raise IllegalAction(f"{mo.name} without room to evade needs at least 1 terrain die "
                            f"(a terrain roll at TN {mo.terrain_tn}; no success and you go down)")
    if action.reflex_buy:
        raise IllegalAction("Reflex is bought back only when force-entering")
    return action.terrain_dice


def _hide_postemptive(bout: Bout, fid: str, committed: list[Committed]) -> None:
    """Design doc "Defend (postemptive)" (Song of Swords): a preemptive defence against a foe who is not
    his target, declared with an attack on the target he holds initiative over, is not declared publicly
    until he is attacked. Its CP is set aside now; flavour `POSTEMPTIVE` hides it from everyone else
    (`rules.bout.visible_declaration`, so the menus, the odds, the AI and the player view) and from
    the log line (`rules.log`) until its roll shows it."""
    target = bout.targets.get(fid)
    if target is None or not any(c.action.action == DEFEND_PREEMPTIVE for c in committed) or not any(
        c.role == "attack" and c.opponent == target and c.action.action == ATTACK for c in committed
    ) or bout.relation(fid, target) != "you_hold":
        return
    for c in committed:
        if c.action.action == DEFEND_PREEMPTIVE and c.opponent is not None and c.opponent != target:
            c.flavour = POSTEMPTIVE


def _record(c: Committed) -> ActionRecord:
    """A committed item as its `Declared` event carries it (the fold rebuilds the `Committed`)."""
    a = c.action
    return ActionRecord(
        a.action, c.maneuver, c.opponent, c.dice, c.cost, c.zone, c.conditional_cost,
        tuple([(p.maneuver, p.dice, p.zone) for p in a.parts]) if a.parts else (),
        c.flavour, a.terrain_dice, a.reflex_buy, c.role, c.tn, c.hand, a.greater, a.seize,
    )


def is_attack(action: Action) -> bool:
    return action.action in ATTACK_ACTIONS
