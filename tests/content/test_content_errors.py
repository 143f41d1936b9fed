"""Every kind of content error is reported with file, line, column and field path, and all of them
are collected in one pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.content import ContentErrors, default_catalog, with_house_rules
from tests.content.contentkit import body_text, copy_shipped, errors_of, position, shipped_locations, wounds_text, write

EXTRA = "maneuvers/zz_test.yaml"
HEAD = "maneuvers:\n  - id: test_swing\n    inherits: swing\n    name: T\n"  # a valid node, lines 1-4


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_shipped(tmp_path)


def test_yaml_syntax_error(root: Path) -> None:
    path = write(root / "weapons.yaml", "weapons:\n  - {id: a, name: A\n")
    errors = errors_of(root)
    assert errors == [f"{path}:3:1: <yaml>: while parsing a flow mapping did not find expected ',' or '}}'"]


def test_duplicate_key(root: Path) -> None:
    text = """
        maneuvers:
          - id: test_swing
            inherits: swing
            name: Test
            name: Test again
        """
    path = write(root / EXTRA, text)
    assert errors_of(root) == [f"{path}:5:5: maneuvers[0].name: duplicate key 'name' (first at line 4)"]


def test_unknown_key(root: Path) -> None:
    path = write(root / EXTRA, HEAD + "    cots: {base: 1}\n")
    assert errors_of(root) == [f"{path}:5:5: maneuvers[0].cots: unknown key"]


def test_wrong_type(root: Path) -> None:
    path = write(root / EXTRA, HEAD + "    min_level: high\n")
    assert errors_of(root) == [f"{path}:5:16: maneuvers[0].min_level: Input should be a valid integer"]


def test_unquoted_off_gets_a_hint(root: Path) -> None:
    path = write(root / EXTRA, HEAD.replace("swing", "block") + "    requires: {hand: off}\n")
    [error] = errors_of(root)
    assert error.startswith(f"{path}:5:22: maneuvers[0].requires.hand: Input should be 'master', 'off'")
    assert "quote the word" in error


def test_missing_field(root: Path) -> None:
    path = write(root / EXTRA, "maneuvers:\n  - id: test_swing\n    inherits: swing\n")
    assert errors_of(root) == [f"{path}:2:5: maneuvers[0].name: Field required"]


def test_dangling_inherits(root: Path) -> None:
    text = "maneuvers:\n  - id: test_swing\n    inherits: nowhere\n    name: T\n"
    path = write(root / EXTRA, text)
    where = position(text, 3, "nowhere")
    assert errors_of(root) == [f"{path}:{where}: maneuvers[0].inherits: unknown maneuver 'nowhere'"]


def test_inheritance_cycle_reports_the_path(root: Path) -> None:
    text = """
        maneuvers:
          - {id: loop_a, inherits: loop_c, name: A}
          - {id: loop_b, inherits: loop_a, name: B}
          - {id: loop_c, inherits: loop_b, name: C}
          - {id: below, inherits: loop_b, name: D}
        """
    path = write(root / EXTRA, text)
    assert errors_of(root) == [
        f"{path}:2:28: maneuvers[0].inherits: inheritance cycle: loop_a -> loop_c -> loop_b -> loop_a"
    ]


def test_duplicate_maneuver_id_across_files(root: Path) -> None:
    path = write(root / EXTRA, "maneuvers:\n  - {id: parry, inherits: regular_defense, name: P}\n")
    [error] = errors_of(root)
    assert error.startswith(f"{path}:2:10: maneuvers[0].id: duplicate maneuver id 'parry' (first at ")
    assert "defense.yaml:" in error


def test_composite_part_naming_a_missing_maneuver(root: Path) -> None:
    text = """
        maneuvers:
          - id: test_combo
            inherits: simultaneous
            name: Combo
            description: A test combination.
            composite:
              - {role: defense, maneuver: no_such_block, hand: "off"}
              - {role: attack, maneuver: parry, hand: master}
        """
    path = write(root / EXTRA, text)
    assert errors_of(root) == [
        f"{path}:7:35: maneuvers[0].composite[0].maneuver: unknown maneuver 'no_such_block'",
        f"{path}:8:34: maneuvers[0].composite[1].maneuver: 'parry' is a defense maneuver, the part's role is attack",
    ]


def test_declarable_maneuver_without_tn(root: Path) -> None:
    path = write(root / EXTRA, "maneuvers:\n  - {id: test_misc, inherits: misc_attack, name: T, description: D}\n")
    message = "a declarable maneuver needs a TN: tn.value, or a tn.source"
    assert errors_of(root) == [f"{path}:2:10: maneuvers[0].id: {message}"]


def test_dangling_proficiency_on_weapon(root: Path) -> None:
    text = """
        weapons:
          - id: test_blade
            name: Test Blade
            proficiencies: [cut_and_thrust, no_such_skill]
            length: 3
            hands: 1
            atn_swing: 6
            dtn: 6
        """
    path = write(root / "weapons.yaml", text)
    assert errors_of(root) == [f"{path}:4:37: weapons[0].proficiencies[1]: unknown proficiency 'no_such_skill'"]


def test_proficiency_listing_a_missing_maneuver(root: Path) -> None:
    text = """
        proficiencies:
          - id: cut_and_thrust
            name: C&T
            maneuvers: [swing, no_such_maneuver]
            costs: {no_such_cost: 1}
            defaults: {no_such_skill: 2}
        """
    path = write(root / "proficiencies.yaml", text)
    errors = errors_of(root)
    assert f"{path}:4:24: proficiencies[0].maneuvers[1]: unknown maneuver 'no_such_maneuver'" in errors
    assert f"{path}:5:13: proficiencies[0].costs.no_such_cost: unknown maneuver 'no_such_cost'" in errors
    assert f"{path}:6:16: proficiencies[0].defaults.no_such_skill: unknown proficiency 'no_such_skill'" in errors


def test_armour_covering_a_missing_location(root: Path) -> None:
    path = write(root / "armour.yaml", "armour:\n  - {id: test_cap, name: Cap, av: 2, covers: [upper_head, tail]}\n")
    assert errors_of(root) == [f"{path}:2:59: armour[0].covers[1]: unknown location 'tail'"]


def test_zone_weights_must_add_up_to_six(root: Path) -> None:
    text = body_text([["foot", 1], ["shin", 3], ["knee", 1]])
    path = write(root / "body.yaml", text)
    column = text.splitlines()[2].index('"parts": ') + len('"parts": ') + 1
    assert errors_of(root) == [f"{path}:3:{column}: zones[0].parts: d6 weights add up to 5, need 6"]


def test_zone_part_naming_a_missing_location(root: Path) -> None:
    text = body_text([["foot", 1], ["shin", 3], ["hoof", 2]])
    path = write(root / "body.yaml", text)
    column = text.splitlines()[2].index('"hoof"') + 1
    assert errors_of(root) == [f"{path}:3:{column}: zones[0].parts[2][0]: unknown location 'hoof'"]


def test_wound_row_needs_exactly_five_levels(root: Path) -> None:
    first = shipped_locations()[0]
    four: list[dict[str, object]] = [{"bl": 1}, {"bl": 2}, {"bl": 3}, {"bl": 4}]
    path = write(root / "wounds.yaml", wounds_text({("cut", first): four}))
    column = len(f"    {first}: ") + 1
    assert errors_of(root) == [f"{path}:3:{column}: wounds.cut.{first}: a wound row needs exactly 5 levels, found 4"]


def test_missing_wound_row(root: Path) -> None:
    path = write(root / "wounds.yaml", wounds_text({("cut", "knee"): None}))
    assert errors_of(root) == [f"{path}:2:3: wounds.cut: no row for location 'knee'"]


def test_bad_house_rule_value_in_the_file(root: Path) -> None:
    path = root / "house_rules.yaml"
    text = path.read_text(encoding="utf-8").replace("adjacency: 4", "adjacency: 5")
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("adjacency: 5") + 1
    assert errors_of(root) == [f"{path}:{line}:12: adjacency: Input should be 4 or 8"]


def test_bad_house_rule_overrides() -> None:
    catalog = default_catalog()
    with pytest.raises(ContentErrors) as caught:
        with_house_rules(catalog, {"auto_chase": "yes", "no_such_rule": 1, "buy_cost_by_level": [[5, 3]]})
    lines = [str(e) for e in caught.value.errors]
    assert "<house rule overrides>: house_rules.auto_chase: Input should be a valid boolean (got 'yes')" in lines
    unknown = "<house rule overrides>: house_rules.no_such_rule: unknown house rule (known: adjacency, "
    assert any(line.startswith(unknown) for line in lines)
    assert any(
        line.startswith("<house rule overrides>: house_rules.buy_cost_by_level: the last step must start at level 0")
        for line in lines
    )
    assert len(lines) == 3


def test_good_house_rule_overrides() -> None:
    catalog = default_catalog()
    changed = with_house_rules(catalog, {"auto_chase": True, "buy_cost_by_level": ((8, 2), (0, 6))})
    assert changed.house_rules.auto_chase is True
    assert changed.house_rules.buy_cost(9) == 2 and changed.house_rules.buy_cost(3) == 6
    assert changed.maneuvers is catalog.maneuvers
    assert catalog.house_rules.auto_chase is False


def test_all_errors_across_files_are_collected(root: Path) -> None:
    weapon = "{id: w, name: W, proficiencies: [nope], length: 3, hands: 1, atn_swing: 6, dtn: 6}"
    weapons = write(root / "weapons.yaml", f"weapons:\n  - {weapon}\n")
    armour = write(root / "armour.yaml", "armour:\n  - {id: a, name: A, av: 1, covers: [tail]}\n")
    extra = write(root / EXTRA, "maneuvers:\n  - {id: x, inherits: nowhere, name: X}\n")
    (root / "shields.yaml").unlink()
    errors = errors_of(root)
    files = {line.split(":")[0] for line in errors}
    assert {str(weapons), str(armour), str(extra), str(root / "shields.yaml")} <= files
    assert f"{root / 'shields.yaml'}: <file>: file not found" in errors
    assert errors == sorted(errors, key=lambda e: (e.split(":")[0],))  # grouped by file


def test_item_ids_are_unique_across_weapons_shields_and_armour(root: Path) -> None:
    path = write(root / "armour.yaml", "armour:\n  - {id: small_shield, name: Oops, av: 1, covers: [chest]}\n")
    [error] = errors_of(root)
    assert error.startswith(f"{path}:2:10: armour[0].id: duplicate item id 'small_shield' (first at ")
    assert "shields.yaml:" in error


def test_every_zone_must_exist_once(root: Path) -> None:
    text = body_text()
    lines = text.splitlines()
    path = write(root / "body.yaml", "\n".join(lines[:-1]) + "\n")  # drop zone XIV
    assert errors_of(root) == [f"{path}:2:1: zones: missing zones: XIV"]
