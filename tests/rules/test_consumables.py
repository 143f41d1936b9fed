"""rules.consumables: bandage, painkiller, styptic and cordial as data over a FighterState."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.consumables import (
    Care,
    bandage,
    cared,
    first_aid_dice,
    first_aid_outcome,
    painkiller,
    restore,
    staunch,
    use,
)
from rules.content import default_catalog
from rules.fighter import Attributes, FighterSheet, FighterState, Wound
from rules.refusal import Refused

CATALOG = default_catalog()


def _fighter(*wounds: Wound, ht: int | None = None) -> FighterState:
    sheet = FighterSheet.build(CATALOG, id="hero", name="Hero", attributes=Attributes(WT=6, PER=7, HT=6),
                               proficiencies={"sword_and_shield": 8}, weapon="arming_sword")
    state = FighterState(sheet)
    for w in wounds:
        state.add_wound(Wound(w.location, w.damage_type, w.level, w.pain, w.bl))
    if ht is not None:
        state.ht = ht
    return state


ARM = Wound("forearm", "cut", 2, 3, 2)
CHEST = Wound("chest", "puncture", 3, 5, 3)
LEG = Wound("thigh", "bludgeon", 1, 2, 0)


def _snapshot(state: FighterState) -> dict[str, object]:
    return state.snapshot() | {"pains": [(w.pain, w.bl) for w in state.wounds]}


def test_bandage_allows_a_better_first_aid_roll() -> None:
    hurt = _fighter(ARM, CHEST, LEG)
    care = bandage(hurt, 2)
    assert isinstance(care, Care)
    assert care.first_aid_dice == first_aid_dice(hurt) + 2 == (6 + 7) // 2 + 2
    assert isinstance(bandage(_fighter(LEG), 2), Refused)
    stopped = first_aid_outcome(hurt, 1)
    assert [(c.location, c.bl) for c in stopped.wounds] == [("forearm", (2, 0)), ("chest", (3, 0))]
    after = cared(hurt, stopped)
    assert after.blood_loss == 0 and after.pain == hurt.pain
    assert first_aid_outcome(hurt, 0).wounds == ()


def test_painkiller_numbs_the_worst_wounds_less_with_each_dose() -> None:
    hurt = _fighter(ARM, CHEST, LEG)
    assert hurt.pain == 10
    care = painkiller(hurt, 3)
    assert isinstance(care, Care)
    assert [(c.location, c.pain) for c in care.wounds] == [("chest", (5, 2))]
    after = cared(hurt, care)
    assert after.pain == 7 and after.max_cp() == hurt.max_cp() + 3 and after.blood_loss == hurt.blood_loss
    second = painkiller(after, 3, doses_taken=1)
    assert isinstance(second, Care)
    assert [(c.location, c.pain) for c in second.wounds] == [("forearm", (3, 1))]
    third = painkiller(cared(after, second), 3, doses_taken=3)
    assert isinstance(third, Refused) and "no longer helps" in third.reason
    # never below 1: it numbs, it does not heal
    numb = _fighter(Wound("hand", "cut", 1, 1, 0))
    assert isinstance(painkiller(numb, 3), Refused)


def test_a_new_wound_on_the_same_place_brings_the_pain_back() -> None:
    hurt = _fighter(CHEST)
    eased = cared(hurt, painkiller(hurt, 3))  # type: ignore[arg-type]
    assert eased.pain == 2
    eased.add_wound(Wound("chest", "cut", 2, 4, 1))
    assert eased.pain == 4


def test_staunch_stops_the_worst_bleeding_place() -> None:
    hurt = _fighter(ARM, CHEST, Wound("chest", "cut", 1, 1, 1))
    care = staunch(hurt)
    assert isinstance(care, Care)
    assert {(c.location, c.bl) for c in care.wounds} == {("chest", (3, 0)), ("chest", (1, 0))}
    after = cared(hurt, care)
    assert after.blood_loss == 2  # the forearm still bleeds
    assert isinstance(staunch(_fighter(LEG)), Refused)


def test_restore_gives_back_health_once_nothing_bleeds() -> None:
    pale = _fighter(LEG, ht=3)
    care = restore(pale, 1)
    assert isinstance(care, Care) and care.ht == (3, 4) and cared(pale, care).ht == 4
    assert restore(_fighter(LEG, ht=5), 4).ht == (5, 6)
    assert str(restore(_fighter(ARM, ht=3), 1)) == "stop the bleeding first"
    assert isinstance(restore(_fighter(LEG), 1), Refused)


def test_use_dispatches_and_the_dead_are_refused() -> None:
    hurt = _fighter(ARM)
    assert isinstance(use("first_aid", 2, hurt), Care)
    assert isinstance(use("staunch", 1, hurt), Care)
    assert isinstance(use("painkiller", 2, hurt), Care)
    assert str(use("elixir", 1, hurt)) == "unknown effect 'elixir'"
    hurt.dead = True
    for effect in ("first_aid", "painkiller", "staunch", "restore"):
        assert isinstance(use(effect, 2, hurt), Refused)


WOUNDS = st.lists(
    st.builds(Wound, st.sampled_from(["chest", "forearm", "thigh", "face"]), st.just("cut"), st.integers(1, 5),
              st.integers(0, 8), st.integers(0, 4)),
    max_size=6,
)


@given(WOUNDS, st.sampled_from(["first_aid", "painkiller", "staunch", "restore"]), st.integers(1, 4),
       st.integers(0, 3))
def test_nothing_changes_the_fighter_and_care_never_hurts(
    wounds: list[Wound], effect: str, power: int, doses: int
) -> None:
    hurt = _fighter(*wounds, ht=4)
    before = _snapshot(hurt)
    care = use(effect, power, hurt, doses)
    assert _snapshot(hurt) == before  # a preview, never a change
    if isinstance(care, Care):
        after = cared(hurt, care)
        assert after.pain <= hurt.pain and after.blood_loss <= hurt.blood_loss and after.ht >= hurt.ht
        assert after.max_cp() >= hurt.max_cp()
        assert len(after.wounds) == len(hurt.wounds)
