"""A faster `__init__` for frozen, slotted dataclasses that the rules build in their hot paths.

A frozen dataclass's generated `__init__` stores each field with `object.__setattr__(self, name, v)`,
which looks the slot up by name every time: about five times slower than a plain attribute store.
`fast_init` swaps in an `__init__` that calls each slot's own descriptor instead. Nothing else
changes: the class stays frozen (assignment raises `FrozenInstanceError`), and its fields, defaults,
equality, hash and repr are the dataclass's own.
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any, TypeVar

T = TypeVar("T")


def eligible(cls: type) -> bool:
    """A frozen, slotted dataclass without __post_init__ or init=False fields."""
    params = getattr(cls, "__dataclass_params__", None)
    return (
        params is not None
        and params.frozen
        and "__slots__" in cls.__dict__
        and not hasattr(cls, "__post_init__")
        and all(f.init and not f.kw_only for f in dataclasses.fields(cls))
        # a class compiled by mypyc (rules.accel) has a native __init__ already: leave it alone
        and isinstance(cls.__dict__.get("__init__"), types.FunctionType)
    )


def fast_init_all(*classes: type) -> None:
    """`fast_init` for each eligible class. Modules that mypyc may compile call this after their
    classes instead of using the decorator (mypyc treats a class with an unknown decorator as a
    plain Python class)."""
    for cls in classes:
        if eligible(cls):
            fast_init(cls)


def fast_init(cls: type[T]) -> type[T]:
    """Class decorator, applied above `@dataclass(frozen=True, slots=True)`."""
    if not eligible(cls):
        raise TypeError(f"fast_init needs a frozen, slotted dataclass without __post_init__, not {cls.__name__}")
    namespace: dict[str, Any] = {"_MISSING": dataclasses.MISSING}
    args: list[str] = []
    body: list[str] = []
    for i, f in enumerate(dataclasses.fields(cls)):  # type: ignore[arg-type]
        namespace[f"_set{i}"] = getattr(cls, f.name).__set__
        if f.default is not dataclasses.MISSING:
            namespace[f"_default{i}"] = f.default
            args.append(f"{f.name}=_default{i}")
            body.append(f"    _set{i}(self, {f.name})")
        elif f.default_factory is not dataclasses.MISSING:
            namespace[f"_factory{i}"] = f.default_factory
            args.append(f"{f.name}=_MISSING")
            body.append(f"    _set{i}(self, _factory{i}() if {f.name} is _MISSING else {f.name})")
        else:
            args.append(f.name)
            body.append(f"    _set{i}(self, {f.name})")
    source = f"def __init__(self, {', '.join(args)}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, namespace)  # the source is built from the dataclass's own field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)  # noqa: B010 - replacing a method mypy sees as fixed
    return cls
