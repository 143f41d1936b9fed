"""rules.progression: experience from fights and depths, buying levels and attributes, maneuvers by level."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.content import default_catalog
from rules.fighter import Attributes, FighterSheet
from rules.menu import build_kit
from rules.progression import (
    MAX_ATTRIBUTE,
    Advancement,
    attribute_cost,
    buy_attribute,
    buy_proficiency,
    depth_experience,
    fight_experience,
    foe_experience,
    gain,
    maneuvers_at,
    maneuvers_opened,
    proficiency_cost,
)
from rules.refusal import Refused

CATALOG = default_catalog()


def _sheet(level_prof: dict[str, int], weapon: str, **attrs: int) -> FighterSheet:
    return FighterSheet.build(CATALOG, id="x", attributes=Attributes(**attrs), proficiencies=level_prof, weapon=weapon)


def test_experience_from_foes_and_depths() -> None:
    rat = _sheet({"brawling": 4}, "wolf_bite", AG=7, WT=3)  # Reflex 5
    king = _sheet({"longsword": 9}, "longsword", AG=6, WT=6)  # Reflex 6
    assert foe_experience(rat) == 4 and foe_experience(king) == 7
    assert foe_experience(_sheet({}, "fist", AG=1, WT=1)) == 1
    assert fight_experience([rat, king], ["a", "b"]) == {"a": 6, "b": 5}
    assert fight_experience([rat], ["a", "b", "c"]) == {"a": 2, "b": 1, "c": 1}
    assert fight_experience([], ["a"]) == {} and fight_experience([rat], []) == {}
    assert [depth_experience(d) for d in (1, 2, 8)] == [0, 5, 35]


def test_buying_proficiency_levels() -> None:
    adv = Advancement(20, Attributes(), {"sword_and_shield": 8})
    after = buy_proficiency(adv, "sword_and_shield", CATALOG)
    assert isinstance(after, Advancement)
    assert after.proficiencies["sword_and_shield"] == 9 and after.experience == 20 - 9
    assert adv.proficiencies["sword_and_shield"] == 8  # the old value is untouched
    # an unrated proficiency starts from its default: sword_and_shield 8 defaults to cut_and_thrust
    default = CATALOG.proficiencies["sword_and_shield"].defaults.get("cut_and_thrust")
    assert default is not None
    start = min(8 - default, CATALOG.proficiencies["sword_and_shield"].default_cap)
    bought = buy_proficiency(adv, "cut_and_thrust", CATALOG)
    assert isinstance(bought, Advancement) and bought.proficiencies["cut_and_thrust"] == start + 1
    assert bought.experience == 20 - proficiency_cost(start)
    poor = buy_proficiency(Advancement(3, Attributes(), {"polearm": 7}), "polearm", CATALOG)
    assert isinstance(poor, Refused) and str(poor) == "Polearm 8 costs 8 experience; you have 3"
    assert "no proficiency 'lance'" in str(buy_proficiency(adv, "lance", CATALOG))
    top = buy_proficiency(Advancement(99, Attributes(), {"polearm": 15}), "polearm", CATALOG)
    assert isinstance(top, Refused) and "highest" in top.reason


def test_buying_attributes() -> None:
    adv = Advancement(25, Attributes(ST=6), {})
    after = buy_attribute(adv, "ST")
    assert isinstance(after, Advancement) and after.attributes.ST == 7 and after.experience == 25 - 21
    assert attribute_cost(6) == 21
    assert str(buy_attribute(after, "ST")) == "ST 8 costs 24 experience; you have 4"
    assert "no attribute 'LUCK'" in str(buy_attribute(adv, "LUCK"))
    assert "highest" in str(buy_attribute(Advancement(99, Attributes(AG=MAX_ATTRIBUTE), {}), "AG"))
    with pytest.raises(ValueError):
        gain(adv, -1)
    assert gain(adv, 5).experience == 30


def test_maneuvers_open_with_min_level() -> None:
    # sword and shield: Feint and Thrust and Rota open at 3, Feint and Swing (with Pommel Bash) at 5,
    # Block Open and Strike at 6 (content/maneuvers)
    assert [m.id for m in maneuvers_opened(CATALOG, "sword_and_shield", 2, 3)] == ["feint_and_thrust", "rota"]
    assert {m.id for m in maneuvers_opened(CATALOG, "sword_and_shield", 4, 5)} == {"feint_and_swing", "pommel_bash"}
    opened_6 = {m.id for m in maneuvers_opened(CATALOG, "sword_and_shield", 5, 6)}
    assert opened_6 == {"block_open_strike"}
    assert maneuvers_opened(CATALOG, "sword_and_shield", 6, 6) == ()
    planned = {m.id for m in maneuvers_opened(CATALOG, "sword_and_shield", 0, 20, include_planned=True)}
    assert "master_strike" in planned or "feint_and_swing" in planned
    at_2 = {m.id for m in maneuvers_at(CATALOG, "sword_and_shield", 2)}
    at_6 = {m.id for m in maneuvers_at(CATALOG, "sword_and_shield", 6)}
    assert at_2 < at_6 and {"rota", "block_open_strike"} <= at_6 - at_2


@pytest.mark.parametrize("level", [2, 3, 5, 6, 9])
def test_maneuvers_at_agrees_with_the_menu(level: int) -> None:
    """Every maneuver the bout menu offers a fighter is one maneuvers_at lists for his level."""
    sheet = FighterSheet.build(CATALOG, id="x", proficiencies={"sword_and_shield": level},
                               weapon="arming_sword", shield="small_shield")
    offered = {e.maneuver.id for e in build_kit(CATALOG, sheet)}
    listed = {m.id for m in maneuvers_at(CATALOG, "sword_and_shield", level)}
    assert offered <= listed
    assert ("rota" in offered) == (level >= 3)


@given(st.integers(0, 60), st.lists(st.sampled_from(["ST", "AG", "WT", "polearm", "bow"]), max_size=8))
def test_spending_never_goes_below_zero(experience: int, buys: list[str]) -> None:
    adv = Advancement(experience, Attributes(), {"polearm": 5})
    for what in buys:
        result = buy_attribute(adv, what) if what.isupper() else buy_proficiency(adv, what, CATALOG)
        if isinstance(result, Advancement):
            assert 0 <= result.experience < adv.experience
            adv = result
    assert adv.experience >= 0
