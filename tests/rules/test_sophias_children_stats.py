"""sophias_children stats: content/sophias_children.yaml covers every creature, names only creatures,
and a bad file is refused with file:line:column and the field."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.content import ContentErrors
from rules.sophias_children.stats import ScStats, from_sheet, load_stats, squads_for, world_stats
from tests.rules.helpers import sheet

ROOT = Path(__file__).resolve().parents[2]


def creature_ids() -> list[str]:
    data = yaml.safe_load((ROOT / "content" / "creatures.yaml").read_text(encoding="utf-8"))
    return [c["id"] for c in data["creatures"]]


def test_every_creature_has_stats_and_every_entry_is_a_creature() -> None:
    ids = creature_ids()
    stats = load_stats(known=ids)
    assert sorted(stats) == sorted(ids)
    assert stats["goblin"].kind == "minion" and stats["bandit_chief"].kind == "leader"
    assert stats["barrow_king"].kind == "humongous" and stats["player_fighter"].kind == "pc"


def test_an_unknown_creature_is_named_with_its_position(tmp_path: Path) -> None:
    path = tmp_path / "sc.yaml"
    path.write_text("creatures:\n  goblin: {kind: minion, level: 1, agility: 3}\n  gobbo: {kind: minion}\n",
                    encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        load_stats(str(path), known=creature_ids())
    assert str(caught.value.errors[0]) == f"{path}:3:3: creatures.gobbo: unknown creature 'gobbo'"


def test_a_bad_kind_and_a_negative_agility_are_refused_with_positions(tmp_path: Path) -> None:
    path = tmp_path / "sc.yaml"
    path.write_text("creatures:\n  goblin: {kind: goblinoid, level: 1}\n  wolf: {agility: -1}\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        load_stats(str(path))
    lines = [str(e) for e in caught.value.errors]
    assert lines[0].startswith(f"{path}:2:18: creatures.goblin.kind: ")
    assert lines[1].startswith(f"{path}:3:19: creatures.wolf.agility: ")


def test_a_sheet_maps_to_a_level_1_individual_with_agility_ag_minus_3() -> None:
    assert from_sheet(sheet("a", AG=5)) == ScStats(kind="leader", level=1, agility=2)
    assert from_sheet(sheet("b", AG=7)).agility == 4
    assert from_sheet(sheet("c", AG=2)).agility == 0


def test_the_world_groups_minions_and_soldiers_of_one_creature_and_side_into_squads() -> None:
    creature_of = {"goblin_1": "goblin", "goblin_2": "goblin", "goblin_3": "goblin", "goblin_boss_1": "goblin_boss",
                   "bandit_1": "bandit", "player": "player_fighter", "bandit_2": "bandit"}
    side_of = {"goblin_1": "wolves", "goblin_2": "wolves", "goblin_3": "tribe", "goblin_boss_1": "wolves",
               "bandit_1": "bandits", "player": "player", "bandit_2": "bandits"}
    stats = world_stats(creature_of)
    assert set(stats) == set(creature_of)
    assert squads_for(creature_of, side_of, stats) == {"goblin@wolves": ["goblin_1", "goblin_2"],
                                                        "bandit@bandits": ["bandit_1", "bandit_2"]}
