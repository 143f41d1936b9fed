"""Who holds initiative after an exchange: every case of the design doc's legend (SPEC §4.6).

A and B have Reflex 2 and Toughness 15, so every hit glances off (no wound effects to roll) and the
scripted faces below are exactly: [strike-first contest A, B], attack dice, location d6 on a hit.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rules.bout import ATTACK, NO_INITIATIVE, Action, Bout
from rules.dice import ScriptedStream, SeededStream
from rules.events import Event, InitiativeAfter, RoundEnded
from tests.rules.helpers import attacks, bout, catalog, exchange, sheet

HIT, MISS, LOC = [9, 9], [2, 2], [1]


def duel(cat_rules: dict[str, object] | None = None) -> Bout:
    cat = catalog(**(cat_rules or {}))
    return bout(sheet("A", AG=2, WT=2, TO=15, cat=cat), sheet("B", AG=2, WT=2, TO=15, cat=cat), cat=cat)


def result_of(events: Sequence[Event]) -> tuple[str, str | None]:
    after = next(e for e in events if isinstance(e, InitiativeAfter))
    (pair_result,) = after.results
    return pair_result.symbol, pair_result.holder


A_FIRST = {"A": "aggressive", "B": "cautious"}
BOTH_AGG = {"A": "aggressive", "B": "aggressive"}
A_CUT = [Action(ATTACK, "cut", "B", 2, "III")]
B_LATE = [Action(NO_INITIATIVE, "cut", "A", 2, "III")]
B_CUT = [Action(ATTACK, "cut", "A", 2, "III")]


@pytest.mark.parametrize(
    ("dice", "symbol", "holder"),
    [
        (HIT + LOC + MISS, "!", "A"),  # one hits first, the other misses later
        (HIT + LOC + HIT + LOC, "-", "A"),  # both hit: the first hitter (default house rule)
        (MISS + MISS, "~", "A"),  # both miss in succession: the first resolver
        (MISS + HIT + LOC, "*", "A"),  # miss then hit, not a contested pair: the first keeps it
    ],
)
def test_sequential_cases(dice: list[int], symbol: str, holder: str) -> None:
    b = duel()
    result = exchange(b, dice, {"A": A_CUT, "B": B_LATE}, A_FIRST)
    assert result_of(result.events) == (symbol, holder)


def test_miss_then_hit_in_a_contested_pair_goes_to_the_later_hitter() -> None:
    b = duel()
    # contest: A [9 9] beats B [2 2]; A misses, B hits
    result = exchange(b, [9, 9, 2, 2] + MISS + HIT + LOC, {"A": A_CUT, "B": B_CUT}, BOTH_AGG)
    assert result_of(result.events) == ("*", "B")


@pytest.mark.parametrize(("rule", "holder"), [("last_hitter", "B"), ("prior_holder", "A"), ("first_hitter", "A")])
def test_mutual_hit_winner_house_rule(rule: str, holder: str) -> None:
    b = duel({"mutual_hit_winner": rule})
    result = exchange(b, HIT + LOC + HIT + LOC, {"A": A_CUT, "B": B_LATE}, A_FIRST)
    assert result_of(result.events) == ("-", holder)


def test_simultaneous_one_hits() -> None:
    b = duel()
    # contest tie (equal Reflex, both swing): simultaneous; A hits, B misses
    result = exchange(b, [2, 2, 2, 2] + HIT + MISS + LOC, {"A": A_CUT, "B": B_CUT}, BOTH_AGG)
    assert result_of(result.events) == ("!!", "A")
    assert {a.simultaneous_with for a in attacks(result.events)} == {"A", "B"}


@pytest.mark.parametrize(("dice", "symbol"), [(HIT + HIT + LOC + LOC, "—"), (MISS + MISS, "~~")])
def test_simultaneous_draws_are_a_battle_pause(dice: list[int], symbol: str) -> None:
    b = duel()
    result = exchange(b, [2, 2, 2, 2] + dice, {"A": A_CUT, "B": B_CUT}, BOTH_AGG)
    assert result_of(result.events) == (symbol, None)
    assert result.pause and result.round_ended
    assert any(isinstance(e, RoundEnded) and e.pause for e in result.events)
    assert b.clock.exchange == 1 and b.orientation_due() == ["A", "B"]


def test_simultaneous_hits_do_not_strip_each_other() -> None:
    b = bout(sheet("A", AG=2, WT=2), sheet("B", AG=2, WT=2))
    dice = ScriptedStream([2, 2, 2, 2] + [9] * 6 + [9] * 6 + [3, 3], fallback=SeededStream(1, "combat"))
    result = exchange(b, dice,
                      {"A": [Action(ATTACK, "cut", "B", 6, "III")], "B": [Action(ATTACK, "cut", "A", 6, "III")]},
                      BOTH_AGG)
    rolled = attacks(result.events)
    assert [a.stripped for a in rolled] == [0, 0]
    assert all(a.hit for a in rolled)


def test_uncontested_miss_loses_initiative() -> None:
    b = duel()
    result = exchange(b, MISS, {"A": A_CUT}, A_FIRST)
    assert result_of(result.events) == ("miss", "B")


def test_lull_reopens_orientation_next_round() -> None:
    b = duel()
    result = exchange(b, [], {}, A_FIRST)
    assert result_of(result.events) == ("lull", None)
    assert result.pause
    assert set(b.orientation_due()) == {"A", "B"}
