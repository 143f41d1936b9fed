"""Commands: the player's intents, as data. One command in, events out (`game.sim.world.World.apply`).

Every command converts to and from a JSON-ready dict, because the run file (the save) is the list of
commands. `Step`, `Target`, `Declare`, `Answer`, `Bump` and `Confirm` answer the decision the world owes the
player and advance the world; `Order`, `CompanionStep` and `FirstAid` are free: they change what a
companion or the leader will do and advance nothing; so are `Gear` (a run's pick up, drop, equip,
unequip, give, use) and `Train` (spending experience at the stairs).

A shot loosed at the leader in one tick lands at the start of the next (SPEC §4.9), so the advancing
commands that start a tick (`Step`, `Aim`, `Shoot`, `Target`, `Declare`, `Confirm`) carry
`shot_defence_cp`: the CP he adds to his defence against each shot coming at him (the world's
`DecisionDue.incoming` names them). None takes the AI's suggestion (`rules.ai.suggest_shot_defence`);
a value while no shot is coming, a negative one or more than his CP is rejected. The key is written
to the run file only when set.

`from_dict` is the way in for commands as data (run files, anything untrusted): it checks every
field's type and range and refuses unknown keys (`game.sim.command_check`), so a bad command is
refused with the same one-line `CommandError` whether the world runs compiled or as pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.bout import Action


@dataclass(frozen=True, slots=True)
class Step:
    """Move or bump one square (`direction` N, E, S, W, ...), or wait (`direction` None). At `s0` of a
    round the leader also commits an orientation (aggressive, cautious, defensive)."""

    direction: str | None = None
    orientation: str | None = None
    shot_defence_cp: int | None = None


@dataclass(frozen=True, slots=True)
class Aim:
    """Instead of a step: aim the missile weapon at a visible foe (3, 4, 5 ticks: 1/3, 2/3, all of
    the Aim bonus; SPEC §4.9)."""

    target: str
    shot_defence_cp: int | None = None


@dataclass(frozen=True, slots=True)
class Shoot:
    """Instead of a step: loose a shot at a visible foe in range; it lands at the next tick."""

    target: str
    zone: str | None = None
    shot_defence_cp: int | None = None


@dataclass(frozen=True, slots=True)
class Target:
    """At `s1`: the one foe to target."""

    target: str
    shot_defence_cp: int | None = None


@dataclass(frozen=True, slots=True)
class Declare:
    """At `s2`: the declaration (rules actions; an empty tuple declares nothing)."""

    actions: tuple[Action, ...] = ()
    shot_defence_cp: int | None = None


@dataclass(frozen=True, slots=True)
class Bump:
    """At a bump frame: `follow` into the vacated square, `stay`, or step another `direction`."""

    choice: str = "follow"
    direction: str | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to a decision the combat system asks of the leader that no other command answers
    (`DecisionDue` kind `decide`; its `asks` holds the decision as data): `value` one of its options,
    or a whole number in its range when it lists none. What a later combat system's bids,
    designations and interrupts come as (issue 9: the view renders any decision from its data)."""

    kind: str
    value: str | int | None = None
    shot_defence_cp: int | None = None


@dataclass(frozen=True, slots=True)
class Confirm:
    """Take the default of whatever decision is owed (wait, the default target, the default
    declaration, follow); `shot_defence_cp` as on `Step`."""

    shot_defence_cp: int | None = None


@dataclass(frozen=True, slots=True)
class Order:
    """A standing order for a companion: follow, hold, move_to (x, y) or attack (target)."""

    companion: str
    kind: str
    target: str | None = None
    at: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class CompanionStep:
    """Set a companion's next step (a direction, or None to wait) for the coming tick."""

    companion: str
    direction: str | None = None


@dataclass(frozen=True, slots=True)
class FirstAid:
    """Accept (or decline) the first-aid offer when it comes due."""

    accept: bool = True


@dataclass(frozen=True, slots=True)
class Gear:
    """In a run (docs/run.md), out of any bout: `action` pick_up (`count` of `item` from the pile on
    his square), drop (`count` of a carried `item` onto his square), equip (a carried `item`, `slot`
    "off_weapon" for a weapon in the off hand), unequip (the item of `slot`), give (`count` of a
    carried `item` to the party member `to` beside him) or use (a carried consumable `item` on himself,
    or on the party member `to` beside him), by the leader or by the companion `actor`. Free: it
    advances nothing."""

    action: str
    item: str | None = None
    count: int = 1
    slot: str | None = None
    actor: str | None = None
    to: str | None = None


@dataclass(frozen=True, slots=True)
class Train:
    """In a run, at the stairs and out of any bout: spend experience on one more level of a proficiency
    or point of an attribute (`kind` "proficiency" or "attribute", `name` its id: "sword", "ST"), for
    the leader or the companion `actor` (`rules.progression`'s costs). Free: it advances nothing."""

    kind: str
    name: str
    actor: str | None = None


Command = (Step | Aim | Shoot | Target | Declare | Answer | Bump | Confirm | Order | CompanionStep | FirstAid | Gear
           | Train)
TickCommand = Step | Aim | Shoot | Target | Declare | Answer | Confirm  # the commands that carry `shot_defence_cp`
TICK_COMMANDS = (Step, Aim, Shoot, Target, Declare, Answer, Confirm)


@dataclass(frozen=True, slots=True)
class CommandError(ValueError):
    message: str
    data: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.message


def _action_to_dict(a: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"action": a.action, "maneuver": a.maneuver, "opponent": a.opponent, "dice": a.dice}
    for key in ("zone", "greater", "seize", "reflex_buy", "terrain_dice"):
        value = getattr(a, key)
        if value:
            out[key] = value
    if a.parts:
        out["parts"] = [{"maneuver": p.maneuver, "dice": p.dice, "zone": p.zone} for p in a.parts]
    return out


def to_dict(command: Command) -> dict[str, Any]:
    out = _to_dict(command)
    if isinstance(command, TICK_COMMANDS) and command.shot_defence_cp is not None:
        out["shot_defence_cp"] = command.shot_defence_cp
    return out


def _to_dict(command: Command) -> dict[str, Any]:
    if isinstance(command, Step):
        return {"cmd": "step", "direction": command.direction, "orientation": command.orientation}
    if isinstance(command, Aim):
        return {"cmd": "aim", "target": command.target}
    if isinstance(command, Shoot):
        return {"cmd": "shoot", "target": command.target, "zone": command.zone}
    if isinstance(command, Target):
        return {"cmd": "target", "target": command.target}
    if isinstance(command, Declare):
        return {"cmd": "declare", "actions": [_action_to_dict(a) for a in command.actions]}
    if isinstance(command, Answer):
        return {"cmd": "answer", "kind": command.kind, "value": command.value}
    if isinstance(command, Bump):
        return {"cmd": "bump", "choice": command.choice, "direction": command.direction}
    if isinstance(command, Confirm):
        return {"cmd": "confirm"}
    if isinstance(command, Order):
        return {"cmd": "order", "companion": command.companion, "kind": command.kind, "target": command.target,
                "at": list(command.at) if command.at else None}
    if isinstance(command, CompanionStep):
        return {"cmd": "companion_step", "companion": command.companion, "direction": command.direction}
    if isinstance(command, Gear):
        out = {"cmd": "gear", "action": command.action, "item": command.item, "count": command.count,
               "slot": command.slot, "actor": command.actor}
        return out if command.to is None else {**out, "to": command.to}  # (written only when set)
    if isinstance(command, Train):
        return {"cmd": "train", "kind": command.kind, "name": command.name, "actor": command.actor}
    return {"cmd": "first_aid", "accept": command.accept}


def from_dict(data: object) -> Command:
    """Parse a recorded or received command; raises CommandError (one line naming the command, the
    field and what is wrong) for anything else. See `game.sim.command_check` for the rules."""
    from game.sim.command_check import parse_command  # it builds this module's dataclasses

    return parse_command(data)
