"""What Sophia's Children needs to know of a combatant: his kind (Minion, Soldier, Leader, Humongous
Monster or player character), level and Agility, and the Squad he belongs to.

`content/sophias_children.yaml` gives them per creature id (validated with file:line:column errors:
`load_stats`); scenario files give them per fighter (`rules.sophias_children.scenario`). A fighter
with none is mapped from his sheet (`from_sheet`, docs/systems/sophias_children.md "Stats").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.content import ContentErrors, read_document, validate
from rules.fighter import FighterSheet

Kind = Literal["minion", "soldier", "leader", "humongous", "pc"]
SQUAD_KINDS: frozenset[str] = frozenset({"minion", "soldier"})  # roll initiative as a Squad
KIND_LABELS = {"minion": "Minion", "soldier": "Soldier", "leader": "Leader", "humongous": "Humongous Monster",
               "pc": "player character"}
AGILITY_BASE = 3  # our AG 5 (the human average) is Agility 2, as the document's thugs and fighters


class ScStats(BaseModel):
    """One combatant's stats in this system."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Kind = "leader"
    level: int = Field(default=1, ge=0, le=20)
    agility: int = Field(default=2, ge=0, le=10)


class StatsFile(BaseModel):
    """`content/sophias_children.yaml`: stats per creature id (`creatures.yaml`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    creatures: dict[str, ScStats] = Field(default_factory=dict)


def from_sheet(sheet: FighterSheet) -> ScStats:
    """A fighter with no stats of this system: a level-1 individual (a Leader: he rolls his own
    initiative) with Agility = our AG - 3, at least 0 (AG 5 -> 2, AG 6 -> 3)."""
    return ScStats(kind="leader", level=1, agility=max(0, sheet.attributes.AG - AGILITY_BASE))


def load_stats(source: Traversable | str | None = None, known: Iterable[str] | None = None,
               display: str | None = None) -> dict[str, ScStats]:
    """Read a stats file (default: the shipped one); `known`: the creature ids it may name. Raises
    ContentErrors (file:line:column: field: message) on any problem."""
    item = source if source is not None else files("content").joinpath("sophias_children.yaml")
    doc = read_document(item, display if display is not None else
                        ("content/sophias_children.yaml" if source is None else None))
    model = validate(doc, StatsFile)
    if known is not None:
        allowed = set(known)
        bad = [doc.error(("creatures", cid), f"unknown creature {cid!r}", key=True)
               for cid in model.creatures if cid not in allowed]
        if bad:
            raise ContentErrors(bad)
    return dict(model.creatures)



@cache
def shipped_stats() -> Mapping[str, ScStats]:
    """`content/sophias_children.yaml`, loaded once."""
    return load_stats()


def world_stats(creature_of: Mapping[str, str]) -> dict[str, ScStats]:
    """Stats per fighter id from his creature id; a fighter whose creature has no entry is left out
    (the system then maps his sheet: `from_sheet`)."""
    table = shipped_stats()
    return {fid: table[cid] for fid, cid in creature_of.items() if cid in table}


def squads_for(creature_of: Mapping[str, str], side_of: Mapping[str, str],
               stats: Mapping[str, ScStats], least: int = 2) -> dict[str, list[str]]:
    """The Squads of a fight: the Minions and Soldiers of one creature on one side, when there are
    `least` or more ("typically encountered in large groups of the same kind"); Squad id
    `creature@side`. The world asks with `least=1` (see `SophiasChildren.enter`)."""
    groups: dict[str, list[str]] = {}
    for fid, cid in creature_of.items():
        st = stats.get(fid)
        if st is not None and st.kind in SQUAD_KINDS:
            groups.setdefault(f"{cid}@{side_of[fid]}", []).append(fid)
    return {sid: members for sid, members in groups.items() if len(members) >= least}
