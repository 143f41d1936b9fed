"""Party micromanagement (issue 13 item 6; the design doc's "Multiple units in a Party": "an option to also
micromanage each party member's Offensive/Defensive manuever as well, pausing the game at each instance
with the Manuever menu appearing when your teammates attack someone, or come under attack").

With house rule `party_orders` on, a companion's orientation, target and declaration in a bout where he
faces a foe are the player's to answer, as data (`rules.decisions.Decision`), the same decisions the
leader answers: the orientation and the target as the combat system asks them; the declaration as a
`DECLARATION` decision whose options (`declaration_decision`) are whole declarations built from his
maneuver menu: what the AI would declare (`ai`, the default), a full attack on each foe the menu lets
him attack (`attack:<foe>`: the menu's default maneuver for that action, every die he has, its default
zone), a full defence against each foe (`defend:<foe>`), each composite maneuver the menu offers against
a foe (`composite:<foe>:<maneuver>`: every die he has, split evenly between its parts, the first parts
taking the odd ones; each part the maneuver of lowest TN that can fill it, at its cheapest zone), or
nothing. `declaration(value, ...)` turns an answer into the actions the rules commit (`rules.declare`
checks them as it checks the leader's).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.bout import ATTACK_ACTIONS, DEFENCE_ACTIONS, DO_NOTHING, Action, Bout, IllegalAction, PartChoice
from rules.decisions import DECLARATION, ORIENTATION, TARGET, Decision, Option
from rules.menu import ManeuverOption, Menu, available_actions, option_terrain_dice

AI, NOTHING = "ai", "nothing"
ORDERED_KINDS = frozenset({ORIENTATION, TARGET, DECLARATION})


def engaged(bout: Bout, fid: str) -> bool:
    """Does he attack or come under attack: a foe in reach in his bout (what pauses the game for him)."""
    return bool(bout.foes(fid))


def _first(menu: Menu, opponent: str, kinds: frozenset[str]) -> Action | None:
    om = menu.opponent(opponent)
    if om is None:
        return None
    for ao in om.actions:
        if ao.action not in kinds or not ao.maneuvers:
            continue
        chosen = ao.option(ao.default) if ao.default is not None else None
        option = chosen or ao.maneuvers[0]
        terrain = option_terrain_dice(option)  # a Full Evasion without room to evade: its terrain roll
        top = option.dice_max + (1 if terrain else 0) - terrain  # dice_max keeps one die for it already
        dice = min(top, max(option.dice_min, menu.cp - option.cost - terrain))
        if dice < option.dice_min or option.parts:
            continue
        return Action(ao.action, option.maneuver, opponent, dice, option.default_zone, terrain_dice=terrain)
    return None


def _composites(bout: Bout, menu: Menu, opponent: str) -> list[Action]:
    """A whole declaration of each composite maneuver the menu offers against `opponent` (module docstring)."""
    om = menu.opponent(opponent)
    if om is None:
        return []
    out: list[Action] = []
    for ao in om.actions:
        for option in ao.maneuvers:
            if option.parts and (action := _composite(bout, menu.cp, ao.action, option, opponent)) is not None:
                out.append(action)
    return out


def _composite(bout: Bout, cp: int, kind: str, option: ManeuverOption, opponent: str) -> Action | None:
    zones = bout.catalog.zones
    picks: list[tuple[str, str | None]] = []
    aim = 0
    for part in option.parts:
        if not part.maneuvers:
            return None
        maneuver, _, part_zones = min(part.maneuvers, key=lambda m: m[1])  # lowest TN, the first on a tie
        zone = min(part_zones, key=lambda z: zones[z].aim_cost) if part_zones else None
        aim += 0 if zone is None else zones[zone].aim_cost
        picks.append((maneuver, zone))
    dice = min(option.dice_max, cp - option.cost - aim)
    n = len(picks)
    if dice < max(n, option.dice_min):
        return None
    parts = tuple(PartChoice(m, dice // n + (1 if i < dice % n else 0), z) for i, (m, z) in enumerate(picks))
    return Action(kind, option.maneuver, opponent, 0, None, parts=parts)


def _split(action: Action) -> str:
    return "+".join(str(p.dice) for p in action.parts)


def declaration_decision(bout: Bout, fid: str) -> Decision:
    """His declaration as a decision with options (see the module docstring)."""
    menu = available_actions(bout, fid)
    fighters = bout.fighters
    options = [Option(AI, "As the AI would")]
    for om in menu.opponents:
        name = fighters[om.opponent].sheet.name
        attack = _first(menu, om.opponent, ATTACK_ACTIONS)
        if attack is not None:
            options.append(Option(f"attack:{om.opponent}", f"Attack {name} ({attack.maneuver.replace('_', ' ')},"
                                  f" {attack.dice} dice)"))
        defence = _first(menu, om.opponent, DEFENCE_ACTIONS)
        if defence is not None:
            options.append(Option(f"defend:{om.opponent}", f"Defend against {name} "
                                  f"({defence.maneuver.replace('_', ' ')}, {defence.dice} dice)"))
        for c in _composites(bout, menu, om.opponent):
            label = bout.catalog.maneuvers[c.maneuver].name
            options.append(Option(f"composite:{om.opponent}:{c.maneuver}", f"{label} on {name} ({_split(c)} dice)"))
    options.append(Option(NOTHING, "Nothing this exchange"))
    return Decision(DECLARATION, fid, tuple(options), AI, note="your companion's declaration")


def declaration(bout: Bout, fid: str, value: str, ai: Sequence[Action]) -> tuple[Action, ...]:
    """The actions of an answer to `declaration_decision` (`ai`: what the AI would declare)."""
    if value == AI:
        return tuple(ai)
    if value == NOTHING:
        return (Action(DO_NOTHING, "do_nothing", None),)
    kind, _, opponent = value.partition(":")
    if kind == "composite":
        opponent, _, maneuver = opponent.partition(":")
        found = [c for c in _composites(bout, available_actions(bout, fid), opponent) if c.maneuver == maneuver]
        if not found:
            raise IllegalAction(f"{fid} cannot declare {maneuver or 'a composite'} on {opponent} now")
        return (found[0],)
    if kind not in ("attack", "defend") or not opponent:
        raise IllegalAction(f"{value!r} is no declaration: ai, attack:<foe>, defend:<foe>, "
                            "composite:<foe>:<maneuver> or nothing")
    action = _first(available_actions(bout, fid), opponent, ATTACK_ACTIONS if kind == "attack" else DEFENCE_ACTIONS)
    if action is None:
        raise IllegalAction(f"{fid} cannot {kind} {opponent} now")
    return (action,)
