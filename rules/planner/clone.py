"""Cloning a bout for lookahead: a copy of a `Bout` and its `FighterState`s that the rules can advance
without touching the original (the catalog, house rules and sheets are immutable and shared).

`clone_bout` is the rules' own `Bout.clone` over `FighterState.clone` (compiled in the accelerated
build), with the caches worth keeping taken along. `generic_clone_bout` copies attribute by attribute
from whatever the objects hold (their `__dict__`, `__slots__` or, in a mypyc build, `__mypyc_attrs__`):
containers one level deep (a bout's declarations two), fighter states by `clone_fighter`, immutable
values shared. It was the planner's clone until issue 12's tick bench (about six times slower in the
compiled build); it stays as the test's oracle that the rules' clone copies every field
(`tests/rules/test_planner_clone.py`). `snapshot` is what the clone test compares: every fighter,
targets, holders, clock.
"""

from __future__ import annotations

import copy
from typing import Any

from rules.bout import Bout
from rules.fighter import FighterState, Wound

_SHARED = (int, str, float, bool, type(None), tuple, frozenset, bytes)


def _attr_names(obj: object) -> tuple[str, ...]:
    cls = type(obj)
    mypyc = getattr(cls, "__mypyc_attrs__", None)
    if mypyc is not None:
        return tuple(n for n in mypyc if n != "__dict__")
    names: list[str] = []
    for klass in cls.__mro__:
        for slot in getattr(klass, "__slots__", ()):
            if slot not in names and slot not in ("__dict__", "__weakref__"):
                names.append(slot)
    if hasattr(obj, "__dict__"):
        names.extend(n for n in vars(obj) if n not in names)
    return tuple(names)


_NAMES: dict[type, tuple[str, ...]] = {}


def _names(obj: object) -> tuple[str, ...]:
    """The attribute names of obj: cached per class when it has no `__dict__` (slots, mypyc)."""
    cls = type(obj)
    found = _NAMES.get(cls)
    if found is None:
        found = _attr_names(obj)
        if not hasattr(obj, "__dict__"):
            _NAMES[cls] = found
    return found


def _copy_wound(w: Wound) -> Wound:
    return Wound(w.location, w.damage_type, w.level, w.pain, w.bl)


def _copy_value(value: Any) -> Any:
    t = type(value)
    if t is dict or t is set:
        return value.copy()
    if t is list:
        return [_copy_wound(v) if type(v) is Wound else v for v in value]
    if t in _SHARED_TYPES:
        return value
    params = getattr(t, "__dataclass_params__", None)
    if params is not None and not params.frozen:
        return copy.copy(value)  # a mutable record of plain values (the bout's clock)
    return value  # content objects (catalog, house rules, sheets) are immutable and shared


_SHARED_TYPES = frozenset(_SHARED)


# In a mypyc build `cls.__new__` runs `__init__`: build the empty object with the constructor then.
_COMPILED_BOUT = getattr(Bout, "__mypyc_attrs__", None) is not None
_COMPILED_FIGHTER = getattr(FighterState, "__mypyc_attrs__", None) is not None


def clone_fighter(state: FighterState) -> FighterState:
    """A copy of a fighter's condition (the sheet is shared)."""
    if _COMPILED_FIGHTER:
        clone = FighterState(state.sheet)
        setattr_ = setattr
    else:
        clone = FighterState.__new__(FighterState)
        setattr_ = object.__setattr__
    for name in _names(state):
        try:
            value = getattr(state, name)
        except AttributeError:
            continue
        t = type(value)
        if t is dict or t is set:
            value = value.copy()
        elif t is list:
            value = [_copy_wound(v) if type(v) is Wound else v for v in value]
        elif t not in _SHARED_TYPES:
            value = _copy_value(value)
        setattr_(clone, name, value)
    return clone


def clone_bout(bout: Bout) -> Bout:
    """A bout that resolves exactly as `bout` would, sharing nothing mutable with it: the rules' own
    `Bout.clone` over `FighterState.clone`s (compiled in the accelerated build: about a sixth of the
    generic copy's time there), with the caches it leaves to rebuild taken along: the kits (immutable,
    shared) and the target options."""
    clone = bout.clone({fid: state.clone() for fid, state in bout.fighters.items()})
    clone.kits = bout.kits  # a cache of immutable kits: share it
    clone.target_options = dict(bout.target_options)
    return clone


def generic_clone_bout(bout: Bout) -> Bout:
    """`clone_bout` attribute by attribute from whatever the objects hold (the check that `Bout.clone`
    misses no field: `tests/rules/test_planner_clone.py` compares the two)."""
    clone = Bout(bout.catalog, (), bout.rules) if _COMPILED_BOUT else Bout.__new__(Bout)
    if hasattr(bout, "__dict__") and hasattr(clone, "__dict__"):
        items = bout.__dict__.items()
    else:
        items = ((n, getattr(bout, n)) for n in _names(bout) if hasattr(bout, n))  # type: ignore[assignment]
    out: dict[str, Any] = {}
    for name, value in items:
        t = type(value)
        if name == "fighters":
            value = {fid: clone_fighter(state) for fid, state in value.items()}
        elif name == "declarations":
            value = {fid: list(entries) for fid, entries in value.items()}
        elif name == "kits":
            pass  # a cache of immutable kits: share it
        elif t is dict or t is set:
            value = value.copy()
        elif t is list:
            value = list(value)
        elif t not in _SHARED_TYPES:
            value = _copy_value(value)
        out[name] = value
    if hasattr(clone, "__dict__"):
        clone.__dict__.update(out)
    else:
        for name, value in out.items():
            setattr(clone, name, value)
    return clone


def snapshot(bout: Bout) -> dict[str, object]:
    """Everything the clone test compares: each fighter's condition, targets, initiative, the clock."""
    return {
        "fighters": {fid: {**s.snapshot(), "bonus": s.bonus_dice, "no_refresh": s.no_refresh,
                           "wounds_full": [(w.location, w.damage_type, w.level, w.pain, w.bl) for w in s.wounds]}
                     for fid, s in bout.fighters.items()},
        "members": bout.members(),
        "targets": dict(bout.targets),
        "holders": sorted(bout.holders),
        "contested": sorted(bout.contested),
        "flow": sorted((k, v or "") for k, v in bout.flow.items()),
        "orientation": dict(bout.orientation),
        "global": sorted(bout.global_holders),
        "clock": (bout.clock.exchange, bout.clock.step, bout.clock.round, bout.clock.exchanges_done),
        "declarations": {fid: [(c.maneuver, c.opponent, c.dice, c.cost) for c in items]
                         for fid, items in bout.declarations.items()},
    }
