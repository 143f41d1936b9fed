"""Party micromanagement (issue 13 item 6; the design doc's "Multiple units in a Party": "an option to also
micromanage each party member's Offensive/Defensive manuever as well, pausing the game at each instance
with the Manuever menu appearing when your teammates attack someone, or come under attack").

With house rule `party_orders` on, a companion's orientation, target and declaration in a bout where he
faces a foe are the player's to answer, as data (`rules.decisions.Decision`), the same decisions the
leader answers: the orientation and the target as the combat system asks them; the declaration as a
`DECLARATION` decision whose options (`declaration_decision`) are whole declarations built from his
maneuver menu: what the AI would declare (`ai`, the default), a full attack on each foe the menu lets
him attack (`attack:<foe>`: the menu's default maneuver for that action, every die he has, its default
zone), a full defence against each foe (`defend:<foe>`), or nothing. `declaration(value, ...)` turns an
answer into the actions the rules commit (`rules.declare` checks them as it checks the leader's).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.bout import ATTACK_ACTIONS, DEFENCE_ACTIONS, DO_NOTHING, Action, Bout, IllegalAction
from rules.decisions import DECLARATION, ORIENTATION, TARGET, Decision, Option
from rules.menu import Menu, available_actions

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
        dice = min(option.dice_max, max(option.dice_min, menu.cp - option.cost))
        if dice < option.dice_min or option.parts:
            continue
        return Action(ao.action, option.maneuver, opponent, dice, option.default_zone)
    return None


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
    options.append(Option(NOTHING, "Nothing this exchange"))
    return Decision(DECLARATION, fid, tuple(options), AI, note="your companion's declaration")


def declaration(bout: Bout, fid: str, value: str, ai: Sequence[Action]) -> tuple[Action, ...]:
    """The actions of an answer to `declaration_decision` (`ai`: what the AI would declare)."""
    if value == AI:
        return tuple(ai)
    if value == NOTHING:
        return (Action(DO_NOTHING, "do_nothing", None),)
    kind, _, opponent = value.partition(":")
    if kind not in ("attack", "defend") or not opponent:
        raise IllegalAction(f"{value!r} is no declaration: ai, attack:<foe>, defend:<foe> or nothing")
    action = _first(available_actions(bout, fid), opponent, ATTACK_ACTIONS if kind == "attack" else DEFENCE_ACTIONS)
    if action is None:
        raise IllegalAction(f"{fid} cannot {kind} {opponent} now")
    return (action,)
