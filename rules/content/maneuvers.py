"""Maneuver trees: check ids, parents and cycles, apply inheritance, and build `catalog.Maneuver`s.

Inheritance (docs/content-format.md): a node takes every field of its parent that it does not set
itself; for a mapping field (`requires`, `cost`, `tn`, `dice`, `effects`, `ai`) only the keys the
child sets replace the parent's; lists and scalars replace whole. `id`, `name`, `inherits` and
`abstract` are never inherited, nor is `description`: every node needs its own plain line for the menu.
The group of a node is its root's id.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from pydantic import BaseModel

from rules.catalog import CompositePart, CostSpec, Effects, Maneuver, Requirements, TNSpec
from rules.content.errors import ContentError
from rules.content.models import ManeuverNode
from rules.content.yamlsource import DataPath, YamlDocument

INHERITED: frozenset[str] = frozenset(
    {
        "role", "status", "tags", "min_level", "requires", "cost", "tn", "attack_kind", "damage_type",
        "damage_bonus", "dice", "effects", "evasion", "composite", "ai",
    }
)
MAPPING_FIELDS: frozenset[str] = frozenset({"requires", "cost", "tn", "dice", "effects", "ai"})


@dataclass(frozen=True, slots=True)
class NodeSource:
    """A validated node and where it came from (for error positions)."""

    node: ManeuverNode
    doc: YamlDocument
    path: DataPath  # ("maneuvers", index)
    order: int

    def error(self, sub: DataPath, message: str) -> ContentError:
        return self.doc.error(self.path + sub, message)

    def where(self) -> str:
        pos = self.doc.position((*self.path, "id"))
        return f"{self.doc.file}:{pos.line}"


def merge(parent: ManeuverNode, child: ManeuverNode) -> ManeuverNode:
    """The child's effective definition: the parent's values overridden by what the child sets."""
    update: dict[str, object] = {
        "id": child.id,
        "name": child.name,
        "description": child.description,
        "inherits": child.inherits,
        "abstract": child.abstract,
    }
    for field in child.model_fields_set & INHERITED:
        value = getattr(child, field)
        if field in MAPPING_FIELDS:
            assert isinstance(value, BaseModel)
            inherited: BaseModel = getattr(parent, field)
            value = inherited.model_copy(update={k: getattr(value, k) for k in value.model_fields_set})
        update[field] = value
    return parent.model_copy(update=update)


def resolve_maneuvers(
    sources: Sequence[NodeSource],
    proficiencies: Collection[str] | None,
    errors: list[ContentError],
) -> dict[str, Maneuver]:
    """Resolve every node that can be resolved; append an error for each problem found.
    `proficiencies` is None when proficiencies.yaml failed to load (its references are not checked)."""
    by_id: dict[str, NodeSource] = {}
    for src in sources:
        first = by_id.get(src.node.id)
        if first is not None:
            errors.append(src.error(("id",), f"duplicate maneuver id {src.node.id!r} (first at {first.where()})"))
        else:
            by_id[src.node.id] = src

    broken = _check_parents(by_id, errors)
    merged: dict[str, ManeuverNode] = {}
    roots: dict[str, str] = {}
    for src in sorted(by_id.values(), key=lambda s: s.order):
        _effective(src.node.id, by_id, broken, merged, roots)

    for src in by_id.values():
        _check_own_fields(src, by_id, proficiencies, errors)
    result: dict[str, Maneuver] = {}
    for src in sorted(by_id.values(), key=lambda s: s.order):
        node_id = src.node.id
        if node_id not in merged:
            continue
        effective = merged[node_id]
        root = by_id[roots[node_id]]
        if not _check_effective(src, effective, root, errors):
            continue
        result[node_id] = to_maneuver(effective, group=roots[node_id], order=src.order)
    return result


def _check_parents(by_id: dict[str, NodeSource], errors: list[ContentError]) -> set[str]:
    """Report dangling parents and cycles; return the ids that cannot be resolved (the node itself or
    an ancestor is dangling or in a cycle)."""
    broken: set[str] = set()
    for src in by_id.values():
        parent = src.node.inherits
        if parent is not None and parent not in by_id:
            errors.append(src.error(("inherits",), f"unknown maneuver {parent!r}"))
            broken.add(src.node.id)

    reported: set[frozenset[str]] = set()
    for src in sorted(by_id.values(), key=lambda s: s.order):
        chain: list[str] = []
        current: str | None = src.node.id
        while current is not None and current in by_id and current not in chain:
            chain.append(current)
            current = by_id[current].node.inherits
        if current is None or current not in chain:
            continue
        cycle = chain[chain.index(current) :]
        key = frozenset(cycle)
        if key in reported:
            continue
        reported.add(key)
        first = min(cycle, key=lambda i: by_id[i].order)
        start = cycle.index(first)
        ordered = cycle[start:] + cycle[:start] + [first]
        errors.append(by_id[first].error(("inherits",), "inheritance cycle: " + " -> ".join(ordered)))
        broken.update(cycle)

    # anything below a broken node is broken too (silently: the cause is already reported)
    changed = True
    while changed:
        changed = False
        for src in by_id.values():
            parent = src.node.inherits
            if src.node.id not in broken and parent is not None and parent in broken:
                broken.add(src.node.id)
                changed = True
    return broken


def _effective(
    node_id: str,
    by_id: dict[str, NodeSource],
    broken: set[str],
    merged: dict[str, ManeuverNode],
    roots: dict[str, str],
) -> None:
    if node_id in merged or node_id in broken:
        return
    chain: list[str] = []
    current: str | None = node_id
    while current is not None and current not in merged:
        chain.append(current)
        current = by_id[current].node.inherits
    for item in reversed(chain):
        node = by_id[item].node
        if node.inherits is None:
            merged[item] = node
            roots[item] = item
        else:
            merged[item] = merge(merged[node.inherits], node)
            roots[item] = roots[node.inherits]


def _check_own_fields(
    src: NodeSource,
    by_id: dict[str, NodeSource],
    proficiencies: Collection[str] | None,
    errors: list[ContentError],
) -> None:
    """References written in this node (not inherited ones: those are reported where they are set)."""
    node = src.node
    fields = node.model_fields_set
    if "composite" in fields:
        for index, part in enumerate(node.composite):
            target = by_id.get(part.maneuver)
            where = ("composite", index, "maneuver")
            if target is None:
                errors.append(src.error(where, f"unknown maneuver {part.maneuver!r}"))
            elif part.maneuver == node.id:
                errors.append(src.error(where, "a composite part cannot be the maneuver itself"))
    if "cost" in fields and proficiencies is not None:
        for name in ("by_proficiency", "with_shield"):
            for prof in getattr(node.cost, name):
                if prof not in proficiencies:
                    errors.append(src.error(("cost", name, prof), f"unknown proficiency {prof!r}"))


def _check_effective(
    src: NodeSource, effective: ManeuverNode, root: NodeSource, errors: list[ContentError]
) -> bool:
    """Checks on the inherited result. False if the node cannot become a Maneuver."""
    node = src.node
    ok = True
    if effective.role is None:
        if node.inherits is None:  # children of a role-less root are not reported again
            errors.append(src.error(("id",), "a root maneuver needs a role (attack or defense)"))
        ok = False
    elif node.inherits is not None and node.role is not None and node.role != root.node.role:
        errors.append(src.error(("role",), f"role {node.role!r} differs from its root {root.node.id!r}"))
    if node.description is None:
        errors.append(src.error(("id",), "a maneuver needs a description (one plain line for the menu)"))
    declarable = not effective.abstract and not effective.composite
    if declarable and effective.tn.source == "fixed" and effective.tn.value < 1:
        where: DataPath = ("tn",) if "tn" in node.model_fields_set else ("id",)
        errors.append(src.error(where, "a declarable maneuver needs a TN: tn.value, or a tn.source"))
    dice = effective.dice
    if "dice" in node.model_fields_set and dice.max is not None and dice.max < dice.min:
        errors.append(src.error(("dice",), f"dice.max {dice.max} is below dice.min {dice.min}"))
    return ok


def check_composite_roles(
    sources: Sequence[NodeSource], maneuvers: dict[str, Maneuver], errors: list[ContentError]
) -> None:
    """A composite part must name a maneuver of the part's role (a defense part names a defence)."""
    for src in sources:
        if "composite" not in src.node.model_fields_set:
            continue
        for index, part in enumerate(src.node.composite):
            target = maneuvers.get(part.maneuver)
            if target is not None and target.role != part.role:
                errors.append(
                    src.error(
                        ("composite", index, "maneuver"),
                        f"{part.maneuver!r} is a {target.role} maneuver, the part's role is {part.role}",
                    )
                )


def to_maneuver(node: ManeuverNode, *, group: str, order: int) -> Maneuver:
    """A resolved (already merged) node as the engine's frozen dataclass."""
    assert node.role is not None
    req, cost, tn, effects = node.requires, node.cost, node.tn, node.effects
    return Maneuver(
        id=node.id,
        name=node.name,
        role=node.role,
        group=group,
        parent=node.inherits,
        tags=frozenset(node.tags),
        min_level=node.min_level,
        requires=Requirements(
            item=req.item,
            hand=req.hand,
            orientations=frozenset(req.orientations),
            vs_attack=frozenset(req.vs_attack),
            max_incoming_dice=req.max_incoming_dice,
            weapon_tags=frozenset(req.weapon_tags),
            first_exchange_only=req.first_exchange_only,
        ),
        cost=CostSpec(
            base=cost.base,
            by_proficiency=dict(cost.by_proficiency),
            with_shield=dict(cost.with_shield),
            conditional=cost.conditional,
        ),
        tn=TNSpec(source=tn.source, value=tn.value, modifier=tn.modifier),
        attack_kind=node.attack_kind,
        damage_type=node.damage_type,
        damage_bonus=node.damage_bonus,
        dice_min=node.dice.min,
        dice_max=node.dice.max,
        effects=Effects(
            initiative_on_win=effects.initiative_on_win,
            can_seize=effects.can_seize,
            bonus_dice_next=effects.bonus_dice_next,
            opponent_cp_loss=effects.opponent_cp_loss,
            botch_damage_bonus=effects.botch_damage_bonus,
            leaves_bout=effects.leaves_bout,
            deals_damage=effects.deals_damage,
            knock=effects.knock,
            special=effects.special,
        ),
        evasion=node.evasion,
        composite=tuple(CompositePart(role=p.role, maneuver=p.maneuver, hand=p.hand) for p in node.composite),
        status=node.status,
        abstract=node.abstract,
        ai_weight=node.ai.weight,
        order=order,
        description=node.description or "",
    )
