"""The shipped content loads, passes every check, and holds the whole maneuver tree."""

from __future__ import annotations

import dataclasses
import re
from importlib.resources import files
from pathlib import Path

import yaml

from rules.catalog import Catalog, HouseRules
from rules.content import default_catalog, load_catalog
from rules.content.models import HouseRulesFile
from tests.content.contentkit import SHIPPED, copy_shipped

DEFENSE_TREE = {
    "regular_defense": None, "parry": "regular_defense", "counter": "parry", "rota": "parry",
    "expulsion": "parry", "disarm_defense": "parry", "block": "regular_defense",
    "block_open_strike": "block", "advanced_defense": None, "master_strike_defense": "advanced_defense",
    "overrun": "advanced_defense", "evasion": None, "partial_evasion": "evasion", "void": "partial_evasion",
    "closing_void": "evasion", "duck_and_weave": "closing_void", "full_evasion": "evasion", "flee": None,
    "flee_away": "flee", "mobility": None, "thread_the_needle": "mobility",
    "outmaneuver": "mobility",
}
ATTACK_TREE = {
    "regular_attack": None, "bind_and_strike": "regular_attack", "swing": "regular_attack", "cut": "swing",
    "draw_cut": "cut", "half_sword": "swing", "bash": "swing", "beat": "swing", "disarm_attack": "beat",
    "hook_swing": "swing", "feint_and_swing": "swing", "twitching": "swing", "thrust": "regular_attack",
    "spike": "thrust", "feint_and_thrust": "thrust", "hook_sweep": "thrust", "misc_attack": None,
    "shield_bash": "misc_attack", "pommel_bash": "misc_attack", "murder_stroke": "misc_attack",
    "stop_short": "misc_attack", "toss": "misc_attack", "double_attack": None,
    "double_attack_strike": "double_attack", "advanced_attack": None, "evasive_attack": "advanced_attack",
    "master_strike": "advanced_attack", "simultaneous": None, "simultaneous_block_strike": "simultaneous",
    "grapple": None, "grapple_attack": "grapple", "unarmed": None, "punch": "unarmed", "kick": "unarmed",
    "head_butt": "unarmed",
}
PLAYABLE = {
    "swing", "cut", "bash", "thrust", "spike", "parry", "counter", "rota", "block", "block_open_strike",
    "partial_evasion", "void", "full_evasion", "duck_and_weave", "flee_away", "double_attack_strike",
    "simultaneous_block_strike", "shield_bash", "murder_stroke", "pommel_bash", "punch", "kick", "head_butt",
    "beat", "bind_and_strike",
    # issue 13 item 2: the appendix maneuvers that were planned (docs/rules_rulings.md)
    "draw_cut", "half_sword", "disarm_attack", "hook_swing", "feint_and_swing", "twitching", "feint_and_thrust",
    "hook_sweep", "stop_short", "toss", "evasive_attack", "master_strike", "grapple_attack", "expulsion",
    "disarm_defense", "master_strike_defense", "overrun", "closing_void",
    "thread_the_needle", "outmaneuver",  # issue 13 item 1 (mobility)
}
PROFICIENCIES = {
    "cut_and_thrust", "sword_and_shield", "rapier", "mass_weapon_shield", "longsword", "dagger", "polearm",
    "pugilism", "brawling", "bow", "crossbow", "sling", "thrown",
}


def test_shipped_content_loads() -> None:
    catalog = load_catalog()
    assert isinstance(catalog, Catalog)
    assert len(catalog.zones) == 14
    assert set(catalog.proficiencies) == PROFICIENCIES
    assert len(catalog.content_hash) == 64


def test_default_catalog_is_cached() -> None:
    assert default_catalog() is default_catalog()


def test_loads_from_a_traversable_and_a_string_path() -> None:
    from_package = load_catalog(files("content"))
    from_string = load_catalog(str(SHIPPED))
    assert from_package.content_hash == from_string.content_hash == default_catalog().content_hash


def test_every_node_of_the_design_tree_with_its_parent() -> None:
    catalog = default_catalog()
    expected = {**DEFENSE_TREE, **ATTACK_TREE}
    assert {m.id: m.parent for m in catalog.maneuvers.values()} == expected
    for m in catalog.maneuvers.values():
        assert m.role == ("defense" if m.id in DEFENSE_TREE else "attack")
        assert m.abstract == (m.parent is None), m.id
        root = m.id
        while catalog.maneuvers[root].parent is not None:
            root = catalog.maneuvers[root].parent  # type: ignore[assignment]
        assert m.group == root


def test_playable_exactly_the_nodes_the_engine_can_express() -> None:
    catalog = default_catalog()
    playable = {m.id for m in catalog.maneuvers.values() if not m.abstract and m.status == "playable"}
    assert playable == PLAYABLE


def test_every_planned_node_says_what_is_missing() -> None:
    for path in sorted((SHIPPED / "maneuvers").glob("*.yaml")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"^\s*status: planned", line):
                assert "# missing:" in line, f"{path.name}:{number} needs a '# missing: ...' comment"


def test_key_numbers_from_the_research() -> None:
    m = default_catalog().maneuvers
    assert (m["full_evasion"].tn.value, m["full_evasion"].evasion) == (4, "full")
    assert m["full_evasion"].effects.initiative_on_win == "pause_untarget"
    assert m["full_evasion"].effects.botch_damage_bonus == 2
    assert (m["partial_evasion"].tn.value, m["partial_evasion"].effects.can_seize) == (7, True)
    assert m["partial_evasion"].effects.initiative_on_win == "none"
    assert (m["void"].tn.value, m["void"].evasion) == (8, "partial")
    assert m["duck_and_weave"].effects.opponent_cp_loss == "half_attacker_dice"
    assert m["block"].tn.source == "shield_dtn" and m["block"].requires.hand == "off"
    assert m["parry"].tn.source == "weapon_dtn" and m["parry"].requires.hand == "master"
    assert m["rota"].requires.vs_attack == frozenset({"swing"}) and m["rota"].min_level == 3
    assert [(m[k].tn.value, m[k].damage_type) for k in ("punch", "kick", "head_butt")] == [
        (5, "bludgeon"), (7, "bludgeon"), (6, "bludgeon"),
    ]
    beat = m["beat"]
    assert (beat.effects.deals_damage, beat.effects.opponent_cp_loss, beat.min_level) == (False, "double_mos", 4)
    assert beat.requires.first_exchange_only
    assert (m["swing"].tn.source, m["swing"].damage_type) == ("weapon_swing", None)
    assert (m["cut"].damage_type, m["bash"].damage_type, m["spike"].damage_type) == ("cut", "bludgeon", "bludgeon")
    assert m["flee_away"].effects.leaves_bout and m["flee_away"].requires.orientations == frozenset({"defensive"})
    assert [p.maneuver for p in m["simultaneous_block_strike"].composite] == ["block", "regular_attack"]
    assert [p.hand for p in m["double_attack_strike"].composite] == ["master", "off"]


def test_proficiency_costs_are_folded_into_the_maneuvers() -> None:
    catalog = default_catalog()
    parry, counter = catalog.maneuvers["parry"], catalog.maneuvers["counter"]
    assert parry.cost.with_shield["sword_and_shield"] == 1
    assert "sword_and_shield" not in parry.cost.by_proficiency  # 0 without a shield = the base
    assert counter.cost.base == 2 and counter.cost.with_shield["sword_and_shield"] == 3
    assert catalog.proficiencies["sword_and_shield"].costs_with_shield["counter"] == 3


def test_proficiency_lists_are_expanded_with_exclusions() -> None:
    catalog = default_catalog()
    sword_shield = catalog.proficiencies["sword_and_shield"].maneuvers
    assert {"swing", "cut", "thrust", "parry", "counter", "block_open_strike", "disarm_attack"} <= sword_shield
    assert not {"bash", "spike", "beat", "expulsion"} & sword_shield
    assert {"punch", "kick", "head_butt", "parry"} <= catalog.proficiencies["pugilism"].maneuvers
    assert "counter" not in catalog.proficiencies["pugilism"].maneuvers


def test_house_rule_defaults_match_the_catalog_dataclass() -> None:
    defaults = HouseRulesFile().model_dump()
    assert HouseRules(**defaults) == HouseRules()
    assert default_catalog().house_rules == HouseRules()


def test_house_rules_yaml_sets_every_field() -> None:
    data = yaml.safe_load((SHIPPED / "house_rules.yaml").read_text(encoding="utf-8"))
    assert set(data) == {f.name for f in dataclasses.fields(HouseRules)}


def test_content_hash_is_stable_and_follows_the_parsed_content(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path)
    first = load_catalog(root).content_hash
    assert first == default_catalog().content_hash
    path = root / "house_rules.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text("# a comment\n" + text + "\n\n# another\n", encoding="utf-8")
    assert load_catalog(root).content_hash == first  # comments and blank lines change nothing (issue 17)
    creatures = root / "creatures.yaml"
    original = creatures.read_text(encoding="utf-8")
    changed = original.replace("{ST: 6, AG: 6, TO: 5,", "{ST: 6, AG: 6, TO: 6,", 1)
    assert changed != original
    creatures.write_text(changed, encoding="utf-8")
    assert load_catalog(root).content_hash != first  # a value changed, even outside the rules files
