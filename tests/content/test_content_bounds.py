"""Issue 17, items 5 and 8: hostile YAML is bounded (size, depth, alias-expanded values) and named
with file:line:col; the content hash is over the parsed content; a BOM is fine; an inheritance cycle
is reported once."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules.content import ContentErrors, default_catalog, load_catalog
from rules.content.parsed_hash import canonical, parsed_content_hash
from rules.content.yamlsource import MAX_BYTES, MAX_DEPTH, MAX_VALUES, parse_yaml
from tests.fuzzkit import ALIAS_BOMB

from .contentkit import copy_shipped, errors_of

BOMB = ALIAS_BOMB  # a ~1 KB YAML whose aliases expand 9**8 times (the "alias bomb")


def _refused(text: str) -> str:
    with pytest.raises(ContentErrors) as exc:
        parse_yaml(text, "x.yaml")
    assert len(exc.value.errors) == 1
    return str(exc.value.errors[0])


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 50_000])
def test_deep_nesting_is_named_not_a_crash(depth: int) -> None:
    text = "ok: 1\ndeep: " + "[" * depth + "]" * depth + "\n"
    column = 6 + MAX_DEPTH  # the root mapping is level 1: the MAX_DEPTH-th bracket is one too many
    assert _refused(text) == f"x.yaml:2:{column}: <yaml>: nested more than {MAX_DEPTH} deep"


def test_block_nesting_is_bounded_too() -> None:
    text = "".join("  " * i + f"k{i}:\n" for i in range(MAX_DEPTH + 2)) + "  " * (MAX_DEPTH + 2) + "v: 1\n"
    assert "nested more than" in _refused(text)


def test_an_alias_bomb_is_refused_at_once_with_its_position() -> None:
    message = _refused(BOMB)
    assert message.startswith("x.yaml:") and f"more than {MAX_VALUES} values with the aliases expanded" in message
    line = int(message.split(":")[1])
    assert 6 <= line <= 9


def test_a_bomb_in_a_content_file_does_not_hang_the_checks(tmp_path: Path) -> None:
    for name in ("weapons.yaml", "creatures.yaml"):  # a rules file, a world file
        root = copy_shipped(tmp_path / name)
        with (root / name).open("a", encoding="utf-8") as out:
            out.write("\n" + BOMB.replace("a:", "extra_a:", 1))
        checks = [["-m", "game.sim", "check", str(root)]]
        if name == "weapons.yaml":
            checks.append(["-m", "rules.content", "check", str(root)])
        for command in checks:
            result = subprocess.run([sys.executable, *command], capture_output=True, text=True, timeout=60,
                                    check=False)
            output = result.stdout + result.stderr
            assert result.returncode == 1 and "Traceback" not in output
            assert f"{name}:" in output and "alias bomb" in output


def test_a_huge_file_is_refused() -> None:
    assert "characters long" in _refused("a: 1\n" + "#" * MAX_BYTES)


def test_aliases_within_the_bounds_still_work() -> None:
    doc = parse_yaml("a: &a [1, 2]\nb: [*a, *a]\nc: {<<: {x: 1}, y: 2}\n", "x.yaml")
    assert doc.data == {"a": [1, 2], "b": [[1, 2], [1, 2]], "c": {"x": 1, "y": 2}}


def test_a_bom_in_a_content_file_is_accepted(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    path = root / "weapons.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert errors_of(root) == []
    assert load_catalog(root).content_hash == default_catalog().content_hash


def test_the_hash_ignores_comments_blank_lines_and_key_order_but_not_values(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    first = parsed_content_hash(root)
    scenario = root / "scenarios" / "arena_three_way.yaml"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text("# a comment\n\n" + text + "\n# the end\n", encoding="utf-8")
    assert parsed_content_hash(root) == first
    scenario.write_text(text.replace("name:", "name:   ", 1), encoding="utf-8")
    assert parsed_content_hash(root) == first
    scenario.write_text(text + "\ndescription_extra: 1\n", encoding="utf-8")
    assert parsed_content_hash(root) != first


def test_canonical_tells_types_and_orders_keys() -> None:
    assert canonical({"b": 1, "a": [True, "1", 1.0]}) == canonical({"a": [True, "1", 1.0], "b": 1})
    assert canonical({"a": 1}) != canonical({"a": "1"}) != canonical({"a": True})
    deep: object = []
    for _ in range(5000):  # iterative: no recursion limit
        deep = [deep]
    assert canonical(deep).startswith("[[[")


def test_an_inheritance_cycle_is_reported_once(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    path = root / "maneuvers" / "attack.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  - id: regular_attack\n", "  - id: regular_attack\n    inherits: cut\n", 1),
                    encoding="utf-8")
    errors = errors_of(root)
    assert len(errors) == 1, errors
    assert "attack.yaml:" in errors[0]
    assert "inheritance cycle: regular_attack -> cut -> swing -> regular_attack" in errors[0]


def test_a_truly_unknown_maneuver_is_still_reported(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    path = root / "proficiencies.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("bind_and_strike", "no_such_maneuver", 1), encoding="utf-8")
    errors = errors_of(root)
    assert any("unknown maneuver 'no_such_maneuver'" in e for e in errors), errors
