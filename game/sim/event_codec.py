"""World events to and from JSON: the event log's lines (issue 9: `--events FILE`, `fold FILE`).

`encode` is the event's own `to_dict`. `decode` rebuilds the event from such a dict by its `type` and
its dataclass fields' types: nested rules events by their own `type`, parts (a wound record, a defence
roll, ...) by the field's class, lists back into tuples. A dict that is not a well-formed event raises
`EventDecodeError` with a one-line reason.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, Union

from game.sim import events as ev
from rules import events as rev
from rules import ranged  # noqa: F401  (registers rules.ranged.Shot with the rules' events)
from rules.systems import import_event_types


class EventDecodeError(ValueError):
    """Not a well-formed event."""


def encode(event: ev.WorldEvent) -> dict[str, Any]:
    return event.to_dict()


def decode(data: Any) -> ev.WorldEvent:
    """The world event `data` describes; EventDecodeError if it is not one."""
    if not isinstance(data, dict):
        raise EventDecodeError("an event is a JSON object")
    cls = _world_types().get(str(data.get("type")))
    if cls is None:
        raise EventDecodeError(f"unknown world event type {data.get('type')!r}")
    built = _build(cls, data)
    assert isinstance(built, ev.WorldEvent)
    return built


@cache
def _world_types() -> dict[str, type]:
    return {_name(cls): cls for cls in _subclasses(ev.WorldEvent) if dataclasses.is_dataclass(cls)}


@cache
def _rules_types() -> dict[str, type]:
    import_event_types()  # every combat system's events (rules.systems.EVENT_MODULES)
    return {_name(cls): cls for cls in _subclasses(rev.Event) if dataclasses.is_dataclass(cls)}


def _name(cls: type) -> str:
    """An event class's `type` (its ClassVar)."""
    name: Any = typing.cast(Any, cls).type
    return str(name)


def _subclasses(root: type) -> list[type]:
    out: list[type] = []
    todo: list[type] = [root]
    while todo:
        cls = todo.pop()
        sub: type
        for sub in cls.__subclasses__():
            out.append(sub)
            todo.append(sub)
    return out


@cache
def _hints(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """(field, type, required) per dataclass field of cls."""
    hints = typing.get_type_hints(cls)
    return tuple(
        (f.name, hints[f.name], f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
        for f in dataclasses.fields(cls)
    )


def _build(cls: type, data: Any) -> Any:
    if not isinstance(data, dict):
        raise EventDecodeError(f"{cls.__name__} must be a JSON object")
    kwargs = {}
    for name, hint, required in _hints(cls):
        if name not in data:
            if required:
                raise EventDecodeError(f"{cls.__name__} lacks its field {name!r}")
            continue
        kwargs[name] = _value(data[name], hint, f"{cls.__name__}.{name}")
    return cls(**kwargs)


def _value(value: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        arms = typing.get_args(hint)
        if value is None and type(None) in arms:
            return None
        errors = []
        for arm in arms:
            if arm is type(None):
                continue
            try:
                return _value(value, arm, where)
            except EventDecodeError as exc:
                errors.append(str(exc))
        raise EventDecodeError(errors[0] if errors else f"{where}: unexpected null")
    if origin is tuple:
        if not isinstance(value, list):
            raise EventDecodeError(f"{where}: expected a list")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(v, args[0], where) for v in value)
        if len(args) != len(value):
            raise EventDecodeError(f"{where}: expected {len(args)} items")
        return tuple(_value(v, a, where) for v, a in zip(value, args, strict=True))
    if origin is dict:
        if not isinstance(value, dict):
            raise EventDecodeError(f"{where}: expected an object")
        return value
    if hint is rev.Event:
        if not isinstance(value, dict):
            raise EventDecodeError(f"{where}: expected a rules event")
        cls = _rules_types().get(str(value.get("type")))
        if cls is None:  # a combat system imported since the table was made brings its own events
            _rules_types.cache_clear()
            cls = _rules_types().get(str(value.get("type")))
        if cls is None:
            raise EventDecodeError(f"{where}: unknown rules event type {value.get('type')!r}")
        return _build(cls, value)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _build(hint, value)
    if hint is Any:
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise EventDecodeError(f"{where}: expected true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise EventDecodeError(f"{where}: expected a whole number")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise EventDecodeError(f"{where}: expected text")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise EventDecodeError(f"{where}: expected a number")
        return value
    raise EventDecodeError(f"{where}: cannot decode a {hint!r}")
