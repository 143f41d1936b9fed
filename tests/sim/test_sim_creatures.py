"""game.sim.creatures: the shipped factions and creatures, relations, sheets, and every load error."""

from __future__ import annotations

import itertools
import textwrap
import zipfile
from importlib.resources import files
from pathlib import Path

import pytest

from game.sim.creatures import (
    CreatureTemplate,
    Faction,
    Relations,
    load_creatures,
    load_factions,
)
from rules.catalog import Catalog
from rules.content.errors import ContentErrors
from rules.content.loader import load_catalog

FACTIONS = ("player", "town_guard", "bandits", "goblins", "wolves", "vermin", "dead", "captives")
CREATURES = (
    "player_fighter",
    "companion_spearman",
    "companion_archer_melee",
    "town_guard",
    "bandit",
    "bandit_archer",
    "goblin_slinger",
    "bandit_chief",
    "goblin",
    "goblin_boss",
    "wolf",
    "giant_rat",
    "bandit_brute",
    "goblin_spearman",
    "skeleton",
    "skeleton_spearman",
    "barrow_king",
    "prisoner_militiaman",
    "hireling_sellsword",
    "hireling_crossbowman",
)

GOOD_FACTIONS = """\
factions:
  - {id: red, name: Red}
  - {id: blue, name: Blue}
  - {id: green, name: Green}
relations:
  - {between: [red, blue], relation: allied}
  - {between: [green, red], relation: neutral}
"""

GOOD_CREATURE = """\
creatures:
  - id: soldier
    name: Soldier
    faction: red
    sprite: guard
    proficiencies: {sword_and_shield: 6}
    weapon: arming_sword
    shield: small_shield
    armour: [gambeson]
"""


def _write(tmp_path: Path, creatures: str = GOOD_CREATURE, factions: str = GOOD_FACTIONS) -> Path:
    (tmp_path / "creatures.yaml").write_text(textwrap.dedent(creatures), encoding="utf-8")
    (tmp_path / "factions.yaml").write_text(textwrap.dedent(factions), encoding="utf-8")
    return tmp_path


def _errors(exc: pytest.ExceptionInfo[ContentErrors]) -> list[str]:
    return [str(e) for e in exc.value.errors]


# ---- shipped content --------------------------------------------------------------------------------


def test_shipped_faction_matrix() -> None:
    rel = load_factions()
    assert tuple(rel.factions) == FACTIONS
    hostile_to_all = {"bandits"}
    for a, b in itertools.product(FACTIONS, repeat=2):
        assert rel.relation(a, b) == rel.relation(b, a)
        if a == b or {a, b} == {"wolves", "goblins"}:
            assert rel.relation(a, b) == "allied"
        elif {a, b} == {"town_guard", "player"} or "captives" in (a, b):  # a run's recruits: neutral to all
            assert rel.relation(a, b) == "neutral"
        else:
            assert rel.hostile(a, b), (a, b)
        if a in hostile_to_all and a != b and b != "captives":
            assert rel.hostile(a, b)


def test_shipped_creatures_load_and_build_sheets(stub_catalog: Catalog) -> None:
    creatures = load_creatures(stub_catalog)
    assert tuple(creatures) == CREATURES
    rel = load_factions()
    for creature in creatures.values():
        assert creature.faction in rel
        sheet = creature.sheet(stub_catalog, f"{creature.id}_1")
        assert sheet.id == f"{creature.id}_1"
        assert sheet.name == creature.name
        assert sheet.side == creature.faction
        assert sheet.weapon is not None and sheet.weapon.id == creature.weapon
        assert sheet.level > 0, creature.id
    assert creatures["wolf"].move_points == 8
    assert all(c.move_points == 6 for c in creatures.values() if c.id != "wolf")
    assert creatures["player_fighter"].faction == "player"
    assert creatures["companion_archer_melee"].weapon == "short_sword"
    assert creatures["goblin"].flee_threshold is not None
    assert creatures["player_fighter"].flee_threshold is None


def test_sheet_overrides(stub_catalog: Catalog) -> None:
    bandit = load_creatures(stub_catalog)["bandit"]
    sheet = bandit.sheet(stub_catalog, "b7", name="Black Bart", side="rebels")
    assert (sheet.id, sheet.name, sheet.side) == ("b7", "Black Bart", "rebels")
    assert sheet.attributes.AG == 6 and sheet.attributes.ST == 5  # default 5 for the unlisted
    assert [a.id for a in sheet.armour] == ["leather_jerkin"]


def test_shipped_creatures_with_the_real_catalog() -> None:
    """The whole content, as `python -m rules.content check` sees it."""
    catalog = load_catalog()
    creatures = load_creatures(catalog)
    for creature in creatures.values():
        creature.sheet(catalog, creature.id)


def test_loads_from_a_zip_traversable(tmp_path: Path, stub_catalog: Catalog) -> None:
    """A PyInstaller-like resource: a Traversable that is not a directory on disk."""
    archive = tmp_path / "content.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for name in ("creatures.yaml", "factions.yaml"):
            zf.writestr(f"content/{name}", (files("content") / name).read_bytes())
    root = zipfile.Path(archive, "content/")
    assert tuple(load_creatures(stub_catalog, root)) == CREATURES
    assert tuple(load_factions(root).factions) == FACTIONS


# ---- relations -------------------------------------------------------------------------------------


def test_relations_defaults_and_symmetry(tmp_path: Path) -> None:
    rel = load_factions(_write(tmp_path))
    assert rel.relation("red", "blue") == rel.relation("blue", "red") == "allied"
    assert rel.relation("red", "green") == rel.relation("green", "red") == "neutral"
    assert rel.relation("blue", "green") == "hostile"  # unlisted pair
    assert rel.hostile("green", "blue") and not rel.hostile("red", "red")
    assert rel.allied("green", "green")
    with pytest.raises(KeyError, match="unknown faction 'purple'"):
        rel.relation("red", "purple")
    matrix = rel.matrix()
    assert all(matrix[a][b] == matrix[b][a] for a in matrix for b in matrix)


def test_relations_constructor_checks() -> None:
    factions = [Faction("a", "A"), Faction("b", "B")]
    with pytest.raises(ValueError, match="two different relations"):
        Relations(factions, {("a", "b"): "allied", ("b", "a"): "neutral"})
    with pytest.raises(ValueError, match="always allied with itself"):
        Relations(factions, {("a", "a"): "hostile"})
    with pytest.raises(KeyError):
        Relations(factions, {("a", "c"): "hostile"})
    with pytest.raises(ValueError, match="twice"):
        Relations([*factions, Faction("a", "again")])


@pytest.mark.parametrize(
    ("factions", "expected"),
    [
        (
            GOOD_FACTIONS + "  - {between: [blue, purple], relation: hostile}\n",
            "factions.yaml:8:22: relations[2].between[1]: unknown faction 'purple'",
        ),
        (
            GOOD_FACTIONS + "  - {between: [blue, blue], relation: allied}\n",
            "factions.yaml:8:15: relations[2].between: 'blue' is always allied with itself",
        ),
        (
            GOOD_FACTIONS + "  - {between: [blue, red], relation: hostile}\n",
            "factions.yaml:8:15: relations[2].between: the pair blue/red is listed with a different relation "
            "(first at line 6)",
        ),
        (
            GOOD_FACTIONS + "  - {between: [blue, red], relation: allied}\n",
            "the pair blue/red is listed again",
        ),
        (
            GOOD_FACTIONS.replace("{id: green,", "{id: red,"),
            "factions.yaml:4:10: factions[2].id: duplicate faction id 'red'",
        ),
        (
            GOOD_FACTIONS.replace("relation: allied", "relation: friendly"),
            "factions.yaml:6:38: relations[0].relation: Input should be 'hostile', 'neutral' or 'allied'",
        ),
        (
            GOOD_FACTIONS.replace("[red, blue]", "[red, blue, green]"),
            "relations[0].between",
        ),
    ],
)
def test_faction_errors(tmp_path: Path, factions: str, expected: str) -> None:
    with pytest.raises(ContentErrors) as exc:
        load_factions(_write(tmp_path, factions=factions))
    assert any(expected in e for e in _errors(exc)), _errors(exc)


# ---- creature errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "weapon: arming_sword",
            "weapon: arming_swrod",
            "creatures.yaml:7:13: creatures[0].weapon: unknown weapon 'arming_swrod' (did you mean 'arming_sword'?)",
        ),
        (
            "shield: small_shield",
            "shield: tower_shield",
            "creatures.yaml:8:13: creatures[0].shield: unknown shield 'tower_shield'",
        ),
        (
            "armour: [gambeson]",
            "armour: [gambeson, plate]",
            "creatures.yaml:9:24: creatures[0].armour[1]: unknown armour 'plate'",
        ),
        (
            "armour: [gambeson]",
            "armour: [gambeson, gambeson]",
            "creatures.yaml:9:24: creatures[0].armour[1]: armour 'gambeson' is listed twice",
        ),
        (
            "proficiencies: {sword_and_shield: 6}",
            "proficiencies: {sword_and_shield: 6, swordplay: 3}",
            "creatures.yaml:6:42: creatures[0].proficiencies.swordplay: unknown proficiency 'swordplay'",
        ),
        (
            "faction: red",
            "faction: reds",
            "creatures.yaml:4:14: creatures[0].faction: unknown faction 'reds' (did you mean 'red'?)",
        ),
        (
            "weapon: arming_sword",
            "weapon: spear\n    off_weapon: dagger",
            "creatures[0].shield: the two-handed 'spear' leaves no hand free for the shield",
        ),
        (
            "weapon: arming_sword",
            "weapon: spear\n    off_weapon: dagger",
            "creatures[0].off_weapon: the two-handed 'spear' leaves no hand free for the off weapon",
        ),
        (
            "proficiencies: {sword_and_shield: 6}",
            "proficiencies: {bow: 6}",
            "creatures.yaml:7:13: creatures[0].weapon: no skill with 'arming_sword'",
        ),
        (
            "proficiencies: {sword_and_shield: 6}",
            "proficiencies: {sword_and_shield: 6}\n    missile: long_bow",
            "creatures[0].missile: no skill with 'long_bow'",
        ),
        (
            "proficiencies: {sword_and_shield: 6}",
            "proficiencies: {sword_and_shield: 6}\n    missile: blowpipe",
            "creatures[0].missile: unknown missile weapon 'blowpipe'",
        ),
        (
            "sprite: guard",
            "sprite: guard\n    attributes: {ST: 6, LUCK: 3}",
            "creatures.yaml:6:25: creatures[0].attributes.LUCK: unknown key",
        ),
        (
            "sprite: guard",
            "sprite: guard\n    attributes: {ST: 0}",
            "creatures.yaml:6:22: creatures[0].attributes.ST: Input should be greater than or equal to 1",
        ),
        (
            "sprite: guard",
            "sprite: guard\n    move_points: six",
            "creatures[0].move_points: Input should be a valid integer",
        ),
        (
            "sprite: guard",
            "sprite: guard\n    ai: reckless",
            "creatures[0].ai: Input should be 'brave', 'cautious' or 'cowardly'",
        ),
        ("    name: Soldier\n", "", "creatures.yaml:2:5: creatures[0].name: Field required"),
    ],
)
def test_creature_errors(tmp_path: Path, stub_catalog: Catalog, old: str, new: str, expected: str) -> None:
    assert old in GOOD_CREATURE
    with pytest.raises(ContentErrors) as exc:
        load_creatures(stub_catalog, _write(tmp_path, GOOD_CREATURE.replace(old, new)))
    assert any(expected in e for e in _errors(exc)), _errors(exc)


def test_good_creature_and_defaults(tmp_path: Path, stub_catalog: Catalog) -> None:
    creatures = load_creatures(stub_catalog, _write(tmp_path))
    soldier = creatures["soldier"]
    assert isinstance(soldier, CreatureTemplate)
    assert soldier.move_points == 6 and soldier.ai == "brave" and soldier.off_weapon is None
    assert soldier.attributes.to_attributes().WP == 5


def test_duplicate_creature_id(tmp_path: Path, stub_catalog: Catalog) -> None:
    body = GOOD_CREATURE + GOOD_CREATURE.removeprefix("creatures:\n")
    with pytest.raises(ContentErrors) as exc:
        load_creatures(stub_catalog, _write(tmp_path, body))
    assert any("creatures.yaml:10:9: creatures[1].id: duplicate creature id 'soldier'" in e for e in _errors(exc))


def test_errors_of_both_files_together(tmp_path: Path, stub_catalog: Catalog) -> None:
    bad_factions = GOOD_FACTIONS + "  - {between: [blue, blue], relation: allied}\n"
    bad_creature = GOOD_CREATURE.replace("weapon: arming_sword", "weapon: stick")
    with pytest.raises(ContentErrors) as exc:
        load_creatures(stub_catalog, _write(tmp_path, bad_creature, bad_factions))
    files_named = {e.file.rsplit("/", 1)[-1] for e in exc.value.errors}
    assert files_named == {"creatures.yaml", "factions.yaml"}


def test_explicit_relations_skip_the_factions_file(tmp_path: Path, stub_catalog: Catalog) -> None:
    (tmp_path / "creatures.yaml").write_text(GOOD_CREATURE, encoding="utf-8")
    rel = Relations([Faction("red", "Red")])
    assert "soldier" in load_creatures(stub_catalog, tmp_path, relations=rel)
    with pytest.raises(ContentErrors, match=r"factions\.yaml: <file>: file not found"):
        load_creatures(stub_catalog, tmp_path)
