"""content/items.yaml and content/themes.yaml: the shipped files load; every broken file is refused with
file:line:column and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.sim.run_content import ITEMS_FILE, THEMES_FILE, default_run_content, load_run_content
from rules.content.errors import ContentErrors
from rules.content.loader import default_catalog
from tests.content.contentkit import copy_shipped


def test_shipped_run_content() -> None:
    content = default_run_content()
    assert len(content.themes) >= 5
    assert {"cellars", "caves", "bandit_hold", "goblin_warren", "crypt"} <= set(content.themes)
    assert content.run.depths >= 8
    for depth in range(1, content.run.depths + 1):
        assert content.themes_for(depth), depth
    catalog = default_catalog()
    # every item the catalog can equip that is not natural is an item with a weight
    for weapon in catalog.weapons.values():
        if "natural" not in weapon.tags:
            assert content.items[weapon.id].kind == "weapon"
    for kind, table in (("shield", catalog.shields), ("missile", catalog.missiles)):
        for item_id in table:
            assert content.items[item_id].kind == kind
    assert content.items["arming_sword"].name == "Arming Sword"
    assert content.items["bandage"].effect == "first_aid"
    effects = {i.effect for i in content.items.values() if i.kind == "consumable"}
    assert {"first_aid", "painkiller", "staunch"} <= effects
    assert content.items[content.run.goal.relic].kind == "relic"


def _broken(tmp_path: Path, file: str, old: str, new: str) -> list[str]:
    root = copy_shipped(tmp_path)
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentErrors) as info:
        load_run_content(directory=root)
    return [str(e) for e in info.value.errors]


def _line_col(tmp_path: Path, file: str, new: str, needle: str) -> str:
    """`file:line:column` of `needle` in the (broken) copy, looked for from where `new` was written."""
    text = (tmp_path / "content" / file).read_text(encoding="utf-8")
    before = text[: text.index(needle, text.index(new))]
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    return f"{file}:{line}:{column}"


@pytest.mark.parametrize(
    ("file", "old", "new", "needle", "expected"),
    [
        (THEMES_FILE, "- {id: giant_rat, weight: 5}", "- {id: giant_ratt, weight: 5}", "giant_ratt",
         "themes[0].creatures[0].id: unknown creature 'giant_ratt' (did you mean 'giant_rat'?)"),
        (THEMES_FILE, "- {item: dagger, weight: 2}", "- {item: daggr, weight: 2}", "daggr",
         "themes[0].loot[2].item: unknown item 'daggr'"),
        (THEMES_FILE, "factions: [vermin, bandits]", "factions: [vermin, bandits, wolves]", "wolves]",
         "themes[0].factions[2]: no creature of the theme belongs to 'wolves'"),
        (THEMES_FILE, "      - {id: wolf, weight: 4}\n", "      - {id: skeleton, weight: 4}\n", "skeleton, weight: 4",
         "themes[1].creatures[0].id: 'skeleton' is of faction 'dead', which this theme does not list"),
        (THEMES_FILE, "depths: {min: 6, max: 8}", "depths: {min: 6, max: 7}", "min: 6, max: 7",
         "no theme covers depth 8"),
        (THEMES_FILE, "relic: iron_crown", "relic: bandage", "bandage",
         "run.goal.relic: 'bandage' is a consumable, not a relic"),
        (THEMES_FILE, "{creature: prisoner_militiaman, kind: prisoner, weight: 2}",
         "{creature: bandit, kind: prisoner, weight: 2}", "bandit, kind",
         "themes[0].recruits[0].creature: a recruit joins the party: 'bandit' must be of faction 'player'"),
        (THEMES_FILE, "- {item: stones, weight: 1, count: [5, 15]}", "- {item: stones, weight: 1, count: [5, 95]}",
         "[5, 95]", "themes[0].loot[9].count: 'stones' stacks to 30, not 95"),
        (THEMES_FILE, "ground: {kind: rubble, patches: [0, 1]", "ground: {kind: gravel, patches: [0, 1]", "gravel",
         "themes[0].ground.kind: Input should be 'rubble' or 'mud'"),
        (THEMES_FILE, "ground: {kind: mud, patches: [2, 4]", "ground: {kind: mud, patches: [5, 4]", "[5, 4]",
         "themes[3].ground.patches: patches 5 is more than 4"),
        (THEMES_FILE, "party_cap: 4", "party_cap: many", "many", "run.party_cap: Input should be a valid integer"),
        (ITEMS_FILE, "{id: gladius, kind: weapon,", "{id: gladyus, kind: weapon,", "gladyus",
         "items[2].id: unknown weapon 'gladyus' (did you mean 'gladius'?)"),
        (ITEMS_FILE, "{id: gambeson, kind: armour, slot: body_under,", "{id: gambeson, kind: armour,", "armour,",
         "items[17].kind: armour needs a slot"),
        (ITEMS_FILE, "name: Linen Bandage, effect: first_aid,", "name: Linen Bandage, effect: cure_all,",
         "cure_all", "items[32].effect: Input should be"),
        (ITEMS_FILE, "{id: coins, kind: coins, name: Silver Coins,", "{id: coins, kind: coins,", "coins, weight",
         "items[36].kind: a coins item needs a name"),
    ],
)
def test_broken_run_content(tmp_path: Path, file: str, old: str, new: str, needle: str, expected: str) -> None:
    errors = _broken(tmp_path, file, old, new)
    where = _line_col(tmp_path, file, new, needle)
    matches = [e for e in errors if expected in e]
    assert matches, errors
    if "no theme covers" not in expected:
        assert any(e.startswith(f"{tmp_path / 'content' / file}:{where.split(':', 1)[1]}") for e in matches), (
            where, matches)


def test_errors_of_both_files_come_together(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    for name, old, new in ((ITEMS_FILE, "{id: rapier, kind: weapon,", "{id: rapir, kind: weapon,"),
                           (THEMES_FILE, "leader: barrow_king", "leader: barrow_kin")):
        path = root / name
        path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentErrors) as info:
        load_run_content(directory=root)
    text = str(info.value)
    assert "unknown weapon 'rapir'" in text
    assert "run.goal.leader: unknown creature 'barrow_kin'" in text
    # the rapier loot entry of the crypt now names an item that failed: reported too, not a crash
    assert "unknown item 'rapier'" in text


def test_missing_file_is_one_error(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    (root / THEMES_FILE).unlink()
    with pytest.raises(ContentErrors) as info:
        load_run_content(directory=root)
    assert [str(e) for e in info.value.errors] == [f"{root / THEMES_FILE}: <file>: file not found"]
