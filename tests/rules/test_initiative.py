"""Target initiative per pair at s1 (SPEC §4.2-§4.3) and the forced Cautious retarget."""

from __future__ import annotations

import pytest

from rules.bout import IllegalAction
from rules.dice import ScriptedStream
from rules.events import ReflexContest
from rules.fighter import FighterSheet
from tests.rules.helpers import bout, setup, sheet


def two() -> tuple[FighterSheet, FighterSheet]:
    return sheet("A", AG=2, WT=2), sheet("B", AG=2, WT=2)


@pytest.mark.parametrize(
    ("oa", "ob", "holders", "contested"),
    [
        ("aggressive", "cautious", {("A", "B")}, set()),
        ("aggressive", "defensive", {("A", "B")}, set()),
        ("cautious", "defensive", {("A", "B")}, set()),
        ("defensive", "aggressive", {("B", "A")}, set()),
        ("defensive", "defensive", set(), set()),
        ("aggressive", "aggressive", set(), {("A", "B")}),
    ],
)
def test_mutual_targets_by_orientation(
    oa: str, ob: str, holders: set[tuple[str, str]], contested: set[tuple[str, str]]
) -> None:
    b = bout(*two())
    setup(b, ScriptedStream([]), {"A": oa, "B": ob}, {"A": "B", "B": "A"})
    assert b.holders == holders
    assert b.contested == contested


def test_cautious_vs_cautious_rolls_reflex_at_tn5() -> None:
    b = bout(*two())
    events = setup(b, ScriptedStream([5, 6, 4, 2]), {"A": "cautious", "B": "cautious"})
    contest = next(e for e in events if isinstance(e, ReflexContest))
    assert (contest.a_successes, contest.b_successes, contest.winner) == (2, 0, "A")
    assert b.holders == {("A", "B")}


def test_cautious_tie_gives_neither_initiative() -> None:
    b = bout(*two())
    setup(b, ScriptedStream([5, 1, 5, 1]), {"A": "cautious", "B": "cautious"})
    assert b.holders == set()


def test_targeting_someone_who_does_not_target_you_is_overwatch() -> None:
    b = bout(sheet("A"), sheet("B"), sheet("C"))
    setup(b, ScriptedStream([]), {"A": "defensive", "B": "aggressive", "C": "aggressive"},
          {"A": "B", "B": "C", "C": "B"})
    # A is Defensive yet holds initiative over B: B does not target him back
    assert ("A", "B") in b.holders
    assert ("B", "C") not in b.holders and ("C", "B") not in b.holders
    assert ("B", "C") in b.contested


def test_cautious_fighter_targeted_by_aggressive_one_must_target_him() -> None:
    b = bout(sheet("A", AG=8, WT=8), sheet("B"), sheet("C"))
    for fid, ori in {"A": "aggressive", "B": "cautious", "C": "cautious"}.items():
        b.choose_orientation(fid, ori)
    assert b.targeting_order()[0] == "A"  # Aggressive choose first
    b.choose_target("A", "B")
    assert b.legal_targets("B") == ["A"]
    with pytest.raises(IllegalAction, match="must target one of them"):
        b.choose_target("B", "C")
    events = b.finish_targeting(ScriptedStream([1] * 20), {"B": "C"})
    forced = [e for e in events if getattr(e, "fighter", None) == "B" and getattr(e, "forced", False)]
    assert b.targets["B"] == "A" and forced


def test_single_foe_is_targeted_automatically() -> None:
    b = bout(*two())
    setup(b, ScriptedStream([]), {"A": "aggressive", "B": "defensive"})
    assert b.targets == {"A": "B", "B": "A"}


def test_declaration_order_initiative_first_then_lowest_reflex() -> None:
    b = bout(sheet("A", AG=8, WT=8), sheet("B", AG=3, WT=3), sheet("C", AG=6, WT=6), sheet("D", AG=2, WT=2))
    setup(b, ScriptedStream([]), {"A": "aggressive", "B": "aggressive", "C": "defensive", "D": "defensive"},
          {"A": "C", "B": "D", "C": "A", "D": "B"})
    assert b.declaration_order() == ["B", "A", "D", "C"]
