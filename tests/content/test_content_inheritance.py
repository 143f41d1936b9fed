"""Maneuver inheritance: mapping fields merge key by key, lists and scalars replace, `abstract` is not
inherited; proficiency lists expand subtrees with exclusions."""

from __future__ import annotations

from pathlib import Path

from rules.catalog import Maneuver, Proficiency
from rules.content import load_catalog
from rules.content.build import allowed_maneuvers
from tests.content.contentkit import copy_shipped, write

TREE = """
maneuvers:
  - id: test_root
    name: Test Root
    description: The root of the test tree.
    role: attack
    abstract: true
    tags: [root_tag]
    requires: {item: weapon, hand: master, weapon_tags: [hook]}
  - id: test_parent
    inherits: test_root
    name: Test Parent
    description: The parent of the test tree.
    tn: {source: weapon_swing, modifier: 1}
    attack_kind: swing
    cost: {base: 1, by_proficiency: {rapier: 3}, with_shield: {sword_and_shield: 4}}
    effects: {opponent_cp_loss: mos, deals_damage: false}
  - id: test_child
    inherits: test_parent
    name: Test Child
    description: The child of the test tree.
    tags: [child_tag]
    requires: {hand: "off"}
    cost: {base: 2}
    tn: {modifier: -1}
    effects: {deals_damage: true}
    attack_kind: null
  - id: test_grandchild
    inherits: test_child
    name: Test Grandchild
    description: The grandchild of the test tree.
    status: planned
"""


def _tree(tmp_path: Path) -> dict[str, Maneuver]:
    root = copy_shipped(tmp_path)
    write(root / "maneuvers" / "zz_test.yaml", TREE)
    return dict(load_catalog(root).maneuvers)


def test_child_overrides_cost_base_but_keeps_by_proficiency(tmp_path: Path) -> None:
    child = _tree(tmp_path)["test_child"]
    assert child.cost.base == 2
    assert dict(child.cost.by_proficiency) == {"rapier": 3}
    assert dict(child.cost.with_shield) == {"sword_and_shield": 4}


def test_mapping_fields_merge_key_by_key(tmp_path: Path) -> None:
    child = _tree(tmp_path)["test_child"]
    assert (child.requires.item, child.requires.hand) == ("weapon", "off")
    assert child.requires.weapon_tags == {"hook"}
    assert (child.tn.source, child.tn.modifier) == ("weapon_swing", -1)
    assert (child.effects.opponent_cp_loss, child.effects.deals_damage) == ("mos", True)


def test_lists_and_scalars_replace_and_explicit_null_clears(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    assert tree["test_parent"].tags == {"root_tag"}
    assert tree["test_child"].tags == {"child_tag"}
    assert tree["test_parent"].attack_kind == "swing"
    assert tree["test_child"].attack_kind is None


def test_abstract_is_not_inherited_status_is(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    assert tree["test_root"].abstract and not tree["test_parent"].abstract
    assert tree["test_grandchild"].status == "planned" and tree["test_child"].status == "playable"


def test_group_parent_and_order(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    grandchild = tree["test_grandchild"]
    assert (grandchild.group, grandchild.parent, grandchild.role) == ("test_root", "test_child", "attack")
    orders = [tree[i].order for i in ("test_root", "test_parent", "test_child", "test_grandchild")]
    assert orders == sorted(orders) and len(set(orders)) == 4
    assert grandchild.cost.base == 2 and dict(grandchild.cost.by_proficiency) == {"rapier": 3}


def test_allowed_maneuvers_nearest_entry_wins() -> None:
    def node(i: str, parent: str | None) -> Maneuver:
        template = next(iter(load_catalog().maneuvers.values()))
        import dataclasses

        return dataclasses.replace(template, id=i, parent=parent)

    tree = {n.id: n for n in (node("a", None), node("b", "a"), node("c", "b"), node("d", "c"), node("e", "a"))}
    assert allowed_maneuvers({"a"}, set(), tree) == {"a", "b", "c", "d", "e"}
    assert allowed_maneuvers({"a"}, {"b"}, tree) == {"a", "e"}
    assert allowed_maneuvers({"a", "d"}, {"b"}, tree) == {"a", "d", "e"}
    assert isinstance(load_catalog().proficiencies["rapier"], Proficiency)


def test_description_is_never_inherited(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    assert tree["test_root"].description == "The root of the test tree."
    assert tree["test_parent"].description == "The parent of the test tree."
    assert tree["test_grandchild"].description == "The grandchild of the test tree."
