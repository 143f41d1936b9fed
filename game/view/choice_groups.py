"""How a long list of a decision's options folds into groups (issue 11: long prompts that fit).

Pure data, no drawing. Options whose answer values share a first part (the text before the first ``:``:
Gold & Glory's ``3:walk``, ``3:run`` share the ap ``3``; Dew's ``attack:bandit``, ``attack:wolf`` share
``attack``) form one group, titled by the common start of their labels ("3 ap"). The first level lists the
default first (so Enter alone answers it), then each group (one answer stands for itself); picking a group
lists its members. A list too short to need it, or without shared first parts, stays flat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.view.widgets import elide

MAX_FLAT = 8  # options shown as they are; past this the prompt folds them into groups (and pages what's left)
_TRIM = " ,:;-(·"


@dataclass(frozen=True)
class Entry:
    """One row of the prompt: an answer (one member) or a group (several), by index into the flat options."""

    label: str
    sub: str
    members: tuple[int, ...]
    key: str  # the answer's value, or ``group:<first part>``

    @property
    def is_group(self) -> bool:
        return len(self.members) > 1


def first_part(value: str) -> str:
    return value.split(":", 1)[0]


def common_start(labels: Sequence[str]) -> str:
    """The longest start all ``labels`` share, cut back to a whole word and trimmed of joining punctuation."""
    if not labels:
        return ""
    start = labels[0]
    for label in labels[1:]:
        n = 0
        while n < min(len(start), len(label)) and start[n] == label[n]:
            n += 1
        start = start[:n]
    at_boundary = not start or not start[-1].isalnum() or all(
        len(label) == len(start) or not label[len(start)].isalnum() for label in labels)
    if not at_boundary:  # a word cut in two: back to the last whole word, or nothing
        start = start[: start.rfind(" ") + 1] if " " in start else ""
    return start.rstrip(_TRIM)


def group_title(labels: Sequence[str]) -> str:
    return common_start(labels) or labels[0]


def flat_entries(labels: Sequence[str], subs: Sequence[str], keys: Sequence[str]) -> list[Entry]:
    return [Entry(labels[i], subs[i], (i,), keys[i]) for i in range(len(labels))]


def grouped_entries(labels: Sequence[str], subs: Sequence[str], keys: Sequence[str],
                    default: int | None) -> list[Entry] | None:
    """The first level of a long option list (see the module docstring), or None when it should stay flat."""
    if len(labels) <= MAX_FLAT:
        return None
    order: list[str] = []
    groups: dict[str, list[int]] = {}
    for i, key in enumerate(keys):
        part = first_part(key)
        if part not in groups:
            order.append(part)
            groups[part] = []
        groups[part].append(i)
    if len(order) in (1, len(keys)):
        return None
    out: list[Entry] = []
    if default is not None:
        out.append(Entry(labels[default], " · ".join(p for p in ("default", subs[default]) if p), (default,),
                         keys[default]))
    for part in order:
        members = groups[part]
        if len(members) == 1:
            if members[0] != default:
                out.append(Entry(labels[members[0]], subs[members[0]], (members[0],), keys[members[0]]))
            continue
        names = [labels[i] for i in members]
        title = group_title(names)
        rest = ", ".join(name[len(title):].strip(_TRIM) or name for name in names)
        out.append(Entry(f"{title} …", elide(f"{len(members)} choices: {rest}", 60), tuple(members), f"group:{part}"))
    return out


def member_entries(group: Entry, labels: Sequence[str], subs: Sequence[str], keys: Sequence[str]) -> list[Entry]:
    """The second level: a group's members, each an answer."""
    return [Entry(labels[i], subs[i], (i,), keys[i]) for i in group.members]
