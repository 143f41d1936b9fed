"""combat_basics stats: content/combat_basics_stats.yaml covers every creature with the mapped stats
and its missile weapon, names only creatures and missile weapons, and a bad file is refused with
file:line:column and the field."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rules.combat_basics.stats import CbStats, from_sheet, load_stats, shipped_stats, stats_for
from rules.content import ContentErrors, default_catalog
from tests.rules.helpers import sheet

ROOT = Path(__file__).resolve().parents[2]


def creatures() -> list[dict[str, object]]:
    data = yaml.safe_load((ROOT / "content" / "creatures.yaml").read_text(encoding="utf-8"))
    return list(data["creatures"])


def test_every_creature_has_stats_by_the_mapping_with_its_missile() -> None:
    ids = [str(c["id"]) for c in creatures()]
    stats = load_stats(known_creatures=ids, known_missiles=default_catalog().missiles).creatures
    assert sorted(stats) == sorted(ids)
    for c in creatures():
        attrs = {"AG": 5, "WP": 5, "WT": 5, "PER": 5, **dict(c.get("attributes") or {})}  # type: ignore[call-overload]
        want = CbStats(dexterity=attrs["AG"], willpower=attrs["WP"], persuasion=attrs["WT"], insight=attrs["PER"],
                       missile=c.get("missile"))
        assert stats[str(c["id"])] == want, c["id"]


def test_a_sheet_maps_dexterity_willpower_persuasion_insight() -> None:
    s = sheet("a", AG=7, WP=4, WT=6, PER=8)
    assert from_sheet(s, "short_bow") == CbStats(dexterity=7, willpower=4, persuasion=6, insight=8, missile="short_bow")


def test_a_fighter_finds_his_entry_by_creature_id_or_his_numbered_id() -> None:
    table = shipped_stats().creatures
    assert stats_for("x", "goblin", table) == table["goblin"]
    assert stats_for("bandit_archer_2", None, table) == table["bandit_archer"]
    assert stats_for("player", None, table) is None


def test_an_unknown_creature_and_missile_are_named_with_their_positions(tmp_path: Path) -> None:
    path = tmp_path / "cb.yaml"
    path.write_text("creatures:\n  goblin: {dexterity: 6}\n  gobbo: {dexterity: 6}\n  wolf: {missile: fangs}\n",
                    encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        load_stats(str(path), known_creatures=["goblin", "wolf"], known_missiles=default_catalog().missiles)
    lines = [str(e) for e in caught.value.errors]
    assert lines == [f"{path}:3:3: creatures.gobbo: unknown creature 'gobbo'",
                     f"{path}:4:19: creatures.wolf.missile: unknown missile weapon 'fangs'"]


def test_bad_values_and_unknown_keys_are_refused_with_positions(tmp_path: Path) -> None:
    path = tmp_path / "cb.yaml"
    path.write_text("challenge_tn: 12\ncreatures:\n  goblin: {dexterity: 0}\n  wolf: {speed: 3}\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        load_stats(str(path))
    lines = [str(e) for e in caught.value.errors]
    assert lines[0].startswith(f"{path}:1:15: challenge_tn: ")
    assert lines[1].startswith(f"{path}:3:23: creatures.goblin.dexterity: ")
    assert lines[2] == f"{path}:4:10: creatures.wolf.speed: unknown key"
