"""Key bindings as data: intents, ready-made layouts (arrows, WASD, numpad, vi, one-hand) and key lookup.

A binding is a key name from ``arcade.key`` (``"UP"``, ``"W"``, ``"NUM_8"``), optionally with modifiers
(``"SHIFT+TAB"``). A binding without modifiers also matches with Shift held; Shift then means "the
alternative" (e.g. arrow into an enemy = Aggressive, Shift+arrow = the other orientation choice).
The same key may mean different intents in different contexts (``UP`` moves north on the map and moves
the highlight up in a menu); :func:`find_conflicts` checks clashes inside one context.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from arcade import key as arcade_key


class Intent(StrEnum):
    """What the player wants, independent of the input device."""

    MOVE_N = "move_n"
    MOVE_E = "move_e"
    MOVE_S = "move_s"
    MOVE_W = "move_w"
    WAIT = "wait"
    CONFIRM = "confirm"
    CANCEL = "cancel"
    NEXT_OPTION = "next_option"
    PREV_OPTION = "prev_option"
    MENU_UP = "menu_up"
    MENU_DOWN = "menu_down"
    MENU_LEFT = "menu_left"
    MENU_RIGHT = "menu_right"
    TOGGLE_LOG = "toggle_log"
    INSPECT = "inspect"
    PAUSE = "pause"
    EXPLORE = "explore"
    OVERVIEW = "overview"


class Context(StrEnum):
    """Where input goes: the map (moves) or a menu/prompt (highlight movement)."""

    MAP = "map"
    MENU = "menu"


MOVES: tuple[Intent, ...] = (Intent.MOVE_N, Intent.MOVE_E, Intent.MOVE_S, Intent.MOVE_W)
_MAP_ONLY = frozenset({*MOVES, Intent.WAIT, Intent.INSPECT, Intent.EXPLORE, Intent.OVERVIEW})
_MENU_ONLY = frozenset({Intent.MENU_UP, Intent.MENU_DOWN, Intent.MENU_LEFT, Intent.MENU_RIGHT})


def contexts_of(intent: Intent) -> frozenset[Context]:
    """The contexts in which ``intent`` is active."""
    if intent in _MAP_ONLY:
        return frozenset({Context.MAP})
    if intent in _MENU_ONLY:
        return frozenset({Context.MENU})
    return frozenset({Context.MAP, Context.MENU})


Bindings = dict[Intent, tuple[str, ...]]

# --- layouts (building blocks; combine with compose()) -------------------------------------------------------
ARROWS: Bindings = {
    Intent.MOVE_N: ("UP",), Intent.MOVE_E: ("RIGHT",), Intent.MOVE_S: ("DOWN",), Intent.MOVE_W: ("LEFT",),
    Intent.MENU_UP: ("UP",), Intent.MENU_RIGHT: ("RIGHT",), Intent.MENU_DOWN: ("DOWN",), Intent.MENU_LEFT: ("LEFT",),
}
WASD: Bindings = {
    Intent.MOVE_N: ("W",), Intent.MOVE_E: ("D",), Intent.MOVE_S: ("S",), Intent.MOVE_W: ("A",),
    Intent.MENU_UP: ("W",), Intent.MENU_RIGHT: ("D",), Intent.MENU_DOWN: ("S",), Intent.MENU_LEFT: ("A",),
}
NUMPAD: Bindings = {  # NUM_UP etc. arrive instead of NUM_8 etc. when NumLock is off
    Intent.MOVE_N: ("NUM_8", "NUM_UP"), Intent.MOVE_E: ("NUM_6", "NUM_RIGHT"),
    Intent.MOVE_S: ("NUM_2", "NUM_DOWN"), Intent.MOVE_W: ("NUM_4", "NUM_LEFT"),
    Intent.WAIT: ("NUM_5", "NUM_BEGIN"), Intent.CONFIRM: ("NUM_ENTER",),
    Intent.MENU_UP: ("NUM_8", "NUM_UP"), Intent.MENU_RIGHT: ("NUM_6", "NUM_RIGHT"),
    Intent.MENU_DOWN: ("NUM_2", "NUM_DOWN"), Intent.MENU_LEFT: ("NUM_4", "NUM_LEFT"),
    Intent.NEXT_OPTION: ("NUM_ADD",), Intent.PREV_OPTION: ("NUM_SUBTRACT",),
}
VI: Bindings = {
    Intent.MOVE_N: ("K",), Intent.MOVE_E: ("L",), Intent.MOVE_S: ("J",), Intent.MOVE_W: ("H",),
    Intent.MENU_UP: ("K",), Intent.MENU_RIGHT: ("L",), Intent.MENU_DOWN: ("J",), Intent.MENU_LEFT: ("H",),
}
COMMON: Bindings = {
    Intent.WAIT: ("SPACE", "PERIOD"),
    Intent.CONFIRM: ("ENTER",),
    Intent.CANCEL: ("ESCAPE", "BACKSPACE"),
    Intent.NEXT_OPTION: ("TAB",),
    Intent.PREV_OPTION: ("SHIFT+TAB",),
    Intent.TOGGLE_LOG: ("GRAVE",),
    Intent.INSPECT: ("X", "I"),
    Intent.PAUSE: ("P", "PAUSE", "F10"),
    Intent.EXPLORE: ("O",),
    Intent.OVERVIEW: ("M",),
}
# Everything within reach of the left hand (WASD cluster); the right hand stays on the mouse or is free.
ONE_HAND: Bindings = {
    **WASD,
    Intent.WAIT: ("X",),
    Intent.CONFIRM: ("SPACE", "F"),
    Intent.CANCEL: ("ESCAPE", "Z"),
    Intent.NEXT_OPTION: ("E",),
    Intent.PREV_OPTION: ("Q",),
    Intent.TOGGLE_LOG: ("TAB",),
    Intent.INSPECT: ("C",),
    Intent.PAUSE: ("GRAVE",),
    Intent.EXPLORE: ("R",),
    Intent.OVERVIEW: ("G",),
}


def compose(*layouts: Mapping[Intent, Sequence[str]]) -> Bindings:
    """Merge layouts: each intent gets the keys of every layout, in order, without duplicates."""
    merged: dict[Intent, list[str]] = {}
    for layout in layouts:
        for intent, keys in layout.items():
            bucket = merged.setdefault(intent, [])
            bucket.extend(k for k in keys if k not in bucket)
    return {intent: tuple(merged.get(intent, ())) for intent in Intent}


STANDARD: Bindings = compose(ARROWS, NUMPAD, WASD, VI, COMMON)
PRESETS: dict[str, Bindings] = {"standard": STANDARD, "one_hand": compose(ONE_HAND)}
DEFAULT_PRESET = "standard"

# --- key names ---------------------------------------------------------------------------------------------
_MODIFIERS: dict[str, int] = {"SHIFT": arcade_key.MOD_SHIFT, "CTRL": arcade_key.MOD_CTRL, "ALT": arcade_key.MOD_ALT}
_RELEVANT_MODS = arcade_key.MOD_SHIFT | arcade_key.MOD_CTRL | arcade_key.MOD_ALT
_NAME_BY_SYMBOL: dict[int, str] = {}
for _name in sorted(dir(arcade_key), reverse=True):  # reverse: "RETURN" is seen before "ENTER" (same code)
    _value = getattr(arcade_key, _name)
    if _name.isupper() and not _name.startswith("MOD_") and isinstance(_value, int):
        _NAME_BY_SYMBOL[_value] = _name


def parse_key(spec: str) -> tuple[int, int]:
    """``"SHIFT+TAB"`` -> ``(MOD_SHIFT, TAB)``. Raises ``ValueError`` for an unknown key or modifier."""
    parts = [p.strip().upper() for p in spec.split("+")]
    if not parts or not parts[-1]:
        raise ValueError(f"empty key binding {spec!r}")
    mods = 0
    for mod in parts[:-1]:
        if mod not in _MODIFIERS:
            raise ValueError(f"unknown modifier {mod!r} in key binding {spec!r} (use SHIFT, CTRL, ALT)")
        mods |= _MODIFIERS[mod]
    name = parts[-1]
    symbol = getattr(arcade_key, name, None)
    if not isinstance(symbol, int) or name.startswith("MOD_") or not name.isupper():
        raise ValueError(f"unknown key {name!r} in key binding {spec!r} (use arcade.key names like UP, W, NUM_8)")
    return mods, symbol


def key_name(symbol: int, modifiers: int = 0) -> str:
    """A display/binding name for a key press, e.g. ``"SHIFT+TAB"``."""
    base = _NAME_BY_SYMBOL.get(symbol, str(symbol))
    mods = [m for m, bit in _MODIFIERS.items() if modifiers & bit]
    return "+".join([*mods, base])


@dataclass(frozen=True)
class KeyAction:
    """A resolved key press: the intent and whether Shift asked for the alternative."""

    intent: Intent
    alternative: bool = False


def find_conflicts(bindings: Mapping[Intent, Sequence[str]]) -> list[tuple[Context, str, tuple[Intent, ...]]]:
    """Keys bound to more than one intent active in the same context."""
    out: list[tuple[Context, str, tuple[Intent, ...]]] = []
    for context in Context:
        seen: dict[tuple[int, int], list[Intent]] = {}
        for intent, keys in bindings.items():
            if context not in contexts_of(intent):
                continue
            for spec in keys:
                seen.setdefault(parse_key(spec), []).append(intent)
        for (mods, symbol), intents in seen.items():
            if len(set(intents)) > 1:
                out.append((context, key_name(symbol, mods), tuple(dict.fromkeys(intents))))
    return out


class InputMap:
    """Resolves key presses to :class:`KeyAction` for a context."""

    def __init__(self, bindings: Mapping[Intent, Sequence[str]] | None = None) -> None:
        self.bindings: Bindings = dict(STANDARD if bindings is None else {i: tuple(k) for i, k in bindings.items()})
        self._table: dict[Context, dict[tuple[int, int], Intent]] = {c: {} for c in Context}
        for intent, keys in self.bindings.items():
            for spec in keys:
                combo = parse_key(spec)
                for context in contexts_of(intent):
                    self._table[context].setdefault(combo, intent)  # first binding wins on a clash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, InputMap) and self.bindings == other.bindings

    __hash__ = None  # type: ignore[assignment]  # mutable bindings: not hashable

    def __repr__(self) -> str:
        return f"InputMap({self.to_json()!r})"

    def resolve(self, symbol: int, modifiers: int, context: Context = Context.MAP) -> KeyAction | None:
        """The action for a key press, or ``None`` when the key is not bound in ``context``."""
        mods = modifiers & _RELEVANT_MODS
        table = self._table[context]
        exact = table.get((mods, symbol))
        if exact is not None:
            return KeyAction(exact, alternative=False)
        if mods & arcade_key.MOD_SHIFT:
            plain = table.get((mods & ~arcade_key.MOD_SHIFT, symbol))
            if plain is not None:
                return KeyAction(plain, alternative=True)
        return None

    def keys_for(self, intent: Intent) -> tuple[str, ...]:
        """The binding names of ``intent`` (for help texts and the settings screen)."""
        return self.bindings.get(intent, ())

    def to_json(self) -> dict[str, list[str]]:
        return {intent.value: list(keys) for intent, keys in self.bindings.items()}

    @classmethod
    def from_json(cls, data: object, problems: list[str] | None = None) -> InputMap:
        """Build from ``{"move_n": ["UP", "W"], ...}``; bad entries are skipped and reported in ``problems``.

        Intents missing from ``data`` keep their default keys.
        """
        problems = problems if problems is not None else []
        bindings = dict(STANDARD)
        if not isinstance(data, dict):
            problems.append(f"key_bindings: expected an object, got {type(data).__name__}; using defaults")
            return cls(bindings)
        for raw_intent, raw_keys in data.items():
            try:
                intent = Intent(raw_intent)
            except ValueError:
                problems.append(f"key_bindings: unknown intent {raw_intent!r} ignored")
                continue
            if not isinstance(raw_keys, list) or not all(isinstance(k, str) for k in raw_keys):
                problems.append(f"key_bindings.{raw_intent}: expected a list of key names; default kept")
                continue
            good: list[str] = []
            for spec in raw_keys:
                try:
                    parse_key(spec)
                except ValueError as exc:
                    problems.append(f"key_bindings.{raw_intent}: {exc}")
                else:
                    good.append(spec)
            bindings[intent] = tuple(good)
        return cls(bindings)


def describe(intents: Iterable[Intent], input_map: InputMap) -> str:
    """A short help line such as ``"move_n: UP/W/NUM_8"`` for the given intents."""
    return ", ".join(f"{i.value}: {'/'.join(input_map.keys_for(i)) or '-'}" for i in intents)
