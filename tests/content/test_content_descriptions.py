"""Plain descriptions: every shipped maneuver, action type, flavour, option and orientation has its own
one line, the catalog carries them, and missing or malformed ones are content errors with positions."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import yaml

from rules.bout import ACTION_LABELS, ORIENTATION_CHOICES, Action
from rules.content import default_catalog
from tests.content.contentkit import SHIPPED, copy_shipped, errors_of, position, write

FLAVOURS = {"steal", "buy_attacker", "force_enter", "free", "none", "global", "quick", "postemptive"}  # rules.menu's


def shipped_nodes() -> list[dict[str, object]]:
    nodes: list[dict[str, object]] = []
    for path in sorted((SHIPPED / "maneuvers").glob("*.yaml")):
        nodes += yaml.safe_load(path.read_text(encoding="utf-8"))["maneuvers"]
    return nodes


def test_every_shipped_maneuver_node_writes_its_own_description() -> None:
    nodes = {str(n["id"]): n for n in shipped_nodes()}
    for node_id, node in nodes.items():
        text = node.get("description")
        assert isinstance(text, str) and text.strip() == text and len(text) >= 10, node_id
        parent = node.get("inherits")
        if parent is not None:
            assert text != nodes[str(parent)]["description"], f"{node_id} repeats {parent}'s description"
    assert len({str(n["description"]) for n in nodes.values()}) >= len(nodes) - 2  # no copy-paste


def test_the_catalog_carries_every_description() -> None:
    catalog = default_catalog()
    for m in catalog.maneuvers.values():
        assert m.description and "\n" not in m.description and catalog.describe_maneuver(m.id) == m.description
    assert catalog.describe_maneuver("no_such_maneuver") == ""
    d = catalog.descriptions
    assert set(d.actions) == set(ACTION_LABELS)
    assert set(d.flavours) == FLAVOURS
    choices = {f.name for f in dataclasses.fields(Action)} - {"action", "maneuver"}
    assert set(d.options) == choices
    assert set(d.orientations) == set(ORIENTATION_CHOICES)
    for table in (d.actions, d.flavours, d.options, d.orientations):
        assert all(text and "\n" not in text for text in table.values())


def test_a_maneuver_without_description_is_an_error_at_its_id(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    text = (
        "maneuvers:\n  - id: test_group\n    name: T\n    role: attack\n    abstract: true\n"
        "  - id: test_cut\n    inherits: cut\n    name: C\n"  # a child does not take its parent's line
    )
    path = write(root / "maneuvers" / "zz_test.yaml", text)
    message = "a maneuver needs a description (one plain line for the menu)"
    assert errors_of(root) == [
        f"{path}:{position(text, 2, 'test_group')}: maneuvers[0].id: {message}",
        f"{path}:{position(text, 6, 'test_cut')}: maneuvers[1].id: {message}",
    ]


def test_a_description_must_be_one_line(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    text = 'maneuvers:\n  - id: test_cut\n    inherits: cut\n    name: T\n    description: "two\\nlines"\n'
    path = write(root / "maneuvers" / "zz_test.yaml", text)
    (error,) = errors_of(root)
    assert error.startswith(f"{path}:5:") and "maneuvers[0].description" in error


def test_descriptions_file_needs_every_key_and_no_unknown_ones(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    original = (root / "descriptions.yaml").read_text(encoding="utf-8")
    broken = original.replace("  do_nothing:", "  do_nothin:")
    path = write(root / "descriptions.yaml", broken)
    errors = errors_of(root)
    assert len(errors) == 2 and all(e.startswith(f"{path}:") for e in errors)
    assert any("actions.do_nothing" in e for e in errors)
    line = next(i for i, text in enumerate(broken.splitlines(), 1) if "do_nothin:" in text)
    assert any(e.startswith(f"{path}:{line}:") and "actions.do_nothin" in e for e in errors)
