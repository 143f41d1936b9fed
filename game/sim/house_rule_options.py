"""The house rules a player may change in the settings screen: each one's name, its values and its shipped
default, read from the rules' ``HouseRules`` (so the view lists them without importing ``rules``)."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, Literal

from rules.catalog import HouseRules

# Rules that only record a choice for a later milestone are not offered: a setting that changes nothing
# would mislead the player. (mobility_version is read since issue 13: rules.mobility.)
NOT_OFFERED: frozenset[str] = frozenset()


def house_rule_choices() -> list[tuple[str, tuple[Any, ...]]]:
    """(name, values) of every HouseRules field that is a bool or a Literal and changes the game."""
    hints = typing.get_type_hints(HouseRules)
    out: list[tuple[str, tuple[Any, ...]]] = []
    for f in dataclasses.fields(HouseRules):
        if f.name in NOT_OFFERED:
            continue
        hint = hints.get(f.name)
        if hint is bool:
            out.append((f.name, (False, True)))
        elif typing.get_origin(hint) is Literal:
            out.append((f.name, tuple(typing.get_args(hint))))
    return out


def house_rule_defaults() -> dict[str, Any]:
    """Every house rule's shipped value (content/house_rules.yaml through the default catalog)."""
    from rules.content import default_catalog

    rules = default_catalog().house_rules
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(HouseRules)}
