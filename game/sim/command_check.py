"""Commands as data, checked on the way in: `parse_command(data)` turns a JSON object into a command
of `game.sim.commands` or refuses it with one line naming the command, the field and the problem.

Explicit on purpose: every field's type and range is checked here, and unknown keys are refused,
before anything reaches the world. The world is compiled with mypyc in one build and pure Python
in the other; a wrongly-typed field would fail differently in each (`TypeError` compiled, an
`AttributeError` or a quiet refusal pure), so nothing may depend on how the world reacts to one.
What the world checks against its state (is that a foe, is it your turn) it still checks; this
module only checks what can be told from the command alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.sim.commands import (
    Aim,
    Answer,
    Bump,
    Command,
    CommandError,
    CompanionStep,
    Confirm,
    Declare,
    FirstAid,
    Gear,
    Order,
    Shoot,
    Step,
    Target,
    Train,
)
from game.sim.geometry import Direction
from rules.bout import Action, PartChoice

MAX_TEXT = 64  # ids, maneuvers, zones, orientations: short words
MAX_DICE = 99  # dice and CP of one action; far above any fighter's pool
MAX_ACTIONS = 8
MAX_PARTS = 8
MAX_SQUARE = 10_000
MAX_ANSWER = 10_000  # a number answering a decision (a bid, CP): far above any pool
DIRECTIONS = frozenset(d.name for d in Direction)
ORDER_KINDS = ("follow", "hold", "move_to", "attack")
SHOT_DEFENCE = "shot_defence_cp"

Checker = Callable[[str, object], Any]


def short(value: object) -> str:
    """A short, safe description of a value (never recursing into it)."""
    if value is None or isinstance(value, bool | int | float):
        text = repr(value)
    elif isinstance(value, str):
        text = repr(value[:24] + ("..." if len(value) > 24 else ""))
    else:
        text = f"a {_kind(value)}"
    return text if len(text) <= 40 else text[:37] + "..."


def _kind(value: object) -> str:
    return {dict: "JSON object", list: "list", str: "string", bool: "true/false", float: "number"}.get(
        type(value), type(value).__name__
    )


class _Refusal(Exception):
    """A field is wrong: `field` and `problem`; turned into a CommandError by `parse_command`."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(problem)
        self.field = field
        self.problem = problem


def text(field: str, value: object) -> str:
    if not isinstance(value, str):
        raise _Refusal(field, f"must be a string, not {short(value)}")
    if not value or len(value) > MAX_TEXT:
        raise _Refusal(field, f"must be 1 to {MAX_TEXT} characters, not {short(value)}")
    return value


def optional_text(field: str, value: object) -> str | None:
    return None if value is None else text(field, value)


def direction(field: str, value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or value.upper() not in DIRECTIONS:
        raise _Refusal(field, f"must be one of {', '.join(sorted(DIRECTIONS))} or null, not {short(value)}")
    return value


def whole(field: str, value: object, low: int = 0, high: int = MAX_DICE) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Refusal(field, f"must be a whole number, not {short(value)}")
    if not low <= value <= high:
        raise _Refusal(field, f"must be {low} to {high}, not {short(value)}")
    return value


def optional_whole(field: str, value: object) -> int | None:
    return None if value is None else whole(field, value)


def flag(field: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise _Refusal(field, f"must be true or false, not {short(value)}")
    return value


def square(field: str, value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise _Refusal(field, f"must be [x, y] or null, not {short(value)}")
    return (whole(f"{field}[0]", value[0], 0, MAX_SQUARE), whole(f"{field}[1]", value[1], 0, MAX_SQUARE))


def _fields(field: str, value: object, allowed: Mapping[str, bool]) -> dict[str, Any]:
    """A JSON object with only `allowed` keys (True: required)."""
    if not isinstance(value, dict):
        raise _Refusal(field, f"must be a JSON object, not {short(value)}")
    for key in value:
        if key not in allowed:
            raise _Refusal(f"{field}.{key}" if field else str(key)[:MAX_TEXT], "unknown key")
    for key, required in allowed.items():
        if required and key not in value:
            raise _Refusal(f"{field}.{key}" if field else key, "missing")
    return value


PART_KEYS = {"maneuver": True, "dice": True, "zone": False}
ACTION_KEYS = {"action": True, "maneuver": True, "opponent": False, "dice": False, "zone": False,
               "greater": False, "seize": False, "reflex_buy": False, "terrain_dice": False, "parts": False}


def part(field: str, value: object) -> PartChoice:
    d = _fields(field, value, PART_KEYS)
    return PartChoice(text(f"{field}.maneuver", d["maneuver"]), whole(f"{field}.dice", d["dice"]),
                      optional_text(f"{field}.zone", d.get("zone")))


def action(field: str, value: object) -> Action:
    d = _fields(field, value, ACTION_KEYS)
    parts = d.get("parts", [])
    if not isinstance(parts, list) or len(parts) > MAX_PARTS:
        raise _Refusal(f"{field}.parts", f"must be a list of at most {MAX_PARTS} parts, not {short(parts)}")
    return Action(
        action=text(f"{field}.action", d["action"]),
        maneuver=text(f"{field}.maneuver", d["maneuver"]),
        opponent=optional_text(f"{field}.opponent", d.get("opponent")),
        dice=whole(f"{field}.dice", d.get("dice", 0)),
        zone=optional_text(f"{field}.zone", d.get("zone")),
        greater=whole(f"{field}.greater", d.get("greater", 0)),
        seize=flag(f"{field}.seize", d.get("seize", False)),
        reflex_buy=whole(f"{field}.reflex_buy", d.get("reflex_buy", 0)),
        terrain_dice=whole(f"{field}.terrain_dice", d.get("terrain_dice", 0)),
        parts=tuple(part(f"{field}.parts[{i}]", p) for i, p in enumerate(parts)),
    )


def actions(field: str, value: object) -> tuple[Action, ...]:
    if not isinstance(value, list) or len(value) > MAX_ACTIONS:
        raise _Refusal(field, f"must be a list of at most {MAX_ACTIONS} actions, not {short(value)}")
    return tuple(action(f"{field}[{i}]", a) for i, a in enumerate(value))


def _step(d: dict[str, Any], cp: int | None) -> Command:
    return Step(direction("direction", d.get("direction")), optional_text("orientation", d.get("orientation")), cp)


def _aim(d: dict[str, Any], cp: int | None) -> Command:
    return Aim(text("target", d["target"]), cp)


def _shoot(d: dict[str, Any], cp: int | None) -> Command:
    return Shoot(text("target", d["target"]), optional_text("zone", d.get("zone")), cp)


def _target(d: dict[str, Any], cp: int | None) -> Command:
    return Target(text("target", d["target"]), cp)


def _declare(d: dict[str, Any], cp: int | None) -> Command:
    return Declare(actions("actions", d.get("actions", [])), cp)


def _answer(d: dict[str, Any], cp: int | None) -> Command:
    value = d.get("value")
    if value is not None and not isinstance(value, str):
        value = whole("value", value, -MAX_ANSWER, MAX_ANSWER)
    elif value is not None:
        value = text("value", value)
    return Answer(text("kind", d["kind"]), value, cp)


def _bump(d: dict[str, Any], cp: int | None) -> Command:
    return Bump(text("choice", d.get("choice", "follow")), direction("direction", d.get("direction")))


def _confirm(d: dict[str, Any], cp: int | None) -> Command:
    return Confirm(cp)


def _order(d: dict[str, Any], cp: int | None) -> Command:
    kind = text("kind", d["kind"])
    if kind not in ORDER_KINDS:
        raise _Refusal("kind", f"must be one of {', '.join(ORDER_KINDS)}, not {short(kind)}")
    return Order(text("companion", d["companion"]), kind, optional_text("target", d.get("target")),
                 square("at", d.get("at")))


def _companion_step(d: dict[str, Any], cp: int | None) -> Command:
    return CompanionStep(text("companion", d["companion"]), direction("direction", d.get("direction")))


def _first_aid(d: dict[str, Any], cp: int | None) -> Command:
    return FirstAid(flag("accept", d.get("accept", True)))


GEAR_ACTIONS = ("pick_up", "drop", "equip", "unequip", "give", "use")
TRAIN_KINDS = ("proficiency", "attribute")
MAX_COUNT = 999


def _gear(d: dict[str, Any], cp: int | None) -> Command:
    kind = text("action", d["action"])
    if kind not in GEAR_ACTIONS:
        raise _Refusal("action", f"must be one of {', '.join(GEAR_ACTIONS)}, not {short(kind)}")
    return Gear(kind, optional_text("item", d.get("item")), whole("count", d.get("count", 1), 1, MAX_COUNT),
                optional_text("slot", d.get("slot")), optional_text("actor", d.get("actor")),
                optional_text("to", d.get("to")))


def _train(d: dict[str, Any], cp: int | None) -> Command:
    kind = text("kind", d["kind"])
    if kind not in TRAIN_KINDS:
        raise _Refusal("kind", f"must be one of {', '.join(TRAIN_KINDS)}, not {short(kind)}")
    return Train(kind, text("name", d["name"]), optional_text("actor", d.get("actor")))


Builder = Callable[[dict[str, Any], int | None], Command]
# every command: its builder and its keys besides "cmd" (True: required); the tick commands also
# take `shot_defence_cp`
SHAPES: dict[str, tuple[Builder, dict[str, bool], bool]] = {
    "step": (_step, {"direction": False, "orientation": False}, True),
    "aim": (_aim, {"target": True}, True),
    "shoot": (_shoot, {"target": True, "zone": False}, True),
    "target": (_target, {"target": True}, True),
    "declare": (_declare, {"actions": False}, True),
    "answer": (_answer, {"kind": True, "value": False}, True),
    "bump": (_bump, {"choice": False, "direction": False}, False),
    "confirm": (_confirm, {}, True),
    "order": (_order, {"companion": True, "kind": True, "target": False, "at": False}, False),
    "companion_step": (_companion_step, {"companion": True, "direction": False}, False),
    "first_aid": (_first_aid, {"accept": False}, False),
    "gear": (_gear, {"action": True, "item": False, "count": False, "slot": False, "actor": False, "to": False},
             False),
    "train": (_train, {"kind": True, "name": True, "actor": False}, False),
}


def parse_command(data: object) -> Command:
    """The command `data` describes, or CommandError with one line naming what is wrong."""
    if not isinstance(data, dict):
        raise CommandError(f"a command must be a JSON object, not {short(data)}")
    kind = data.get("cmd")
    shape = SHAPES.get(kind) if isinstance(kind, str) else None
    if shape is None:
        raise CommandError(f"unknown command {short(kind)} (known: {', '.join(SHAPES)})", data)
    build, keys, ticks = shape
    try:
        allowed = {"cmd": True, **keys, **({SHOT_DEFENCE: False} if ticks else {})}
        fields = _fields("", data, allowed)
        cp = optional_whole(SHOT_DEFENCE, fields.get(SHOT_DEFENCE)) if ticks else None
        return build(fields, cp)
    except _Refusal as exc:
        raise CommandError(f"bad {kind} command: {exc.field}: {exc.problem}", data) from None
