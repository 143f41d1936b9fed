"""`TrosSos.due` keeps what it may keep (issue 9's speed work): the orientation and declaration decisions
it hands out again, and the targeting order at `s1`. Each test fails if a kept value goes stale."""

from __future__ import annotations

from rules.bout import Bout
from rules.decisions import DECLARATION, ORIENTATION, TARGET, Decision
from rules.dice import SeededStream
from rules.systems import system
from tests.rules.helpers import catalog, sheet

SYSTEM = system()


def _brawl(**house_rules: object) -> Bout:
    cat = catalog(**house_rules)
    return Bout(cat, [
        sheet("a", side="x", cat=cat), sheet("b", side="y", cat=cat), sheet("c", side="z", cat=cat),
    ])


def test_orientation_decisions_follow_the_house_rules_of_each_bout() -> None:
    # the same fighter id, asked in a bout under another initiative model, gets that model's choices
    for model, values in (("target", ("aggressive", "cautious", "defensive")), ("red_white", ("red", "white")),
                          ("target", ("aggressive", "cautious", "defensive"))):
        due = SYSTEM.due(_brawl(initiative_model=model))
        assert [d.kind for d in due] == [ORIENTATION] * 3
        assert all(d.values() == values for d in due)
        assert [d.who for d in due] == ["a", "b", "c"]


def test_a_kept_decision_equals_a_fresh_one() -> None:
    b = _brawl()
    for d in SYSTEM.due(b):
        assert d == Decision(ORIENTATION, d.who, d.options, "cautious")
        SYSTEM.answer(b, d, "aggressive")
    assert SYSTEM.due(b) == []
    stream = SeededStream(3, "combat")
    SYSTEM.advance(b, stream)  # s1: targets
    while due := SYSTEM.due(b):
        SYSTEM.answer(b, due[0], due[0].default)
    SYSTEM.settle(b, stream)
    SYSTEM.advance(b, stream)  # s2: declarations
    seen = []
    while due := SYSTEM.due(b):
        (d,) = due
        assert d.kind == DECLARATION and d == Decision(DECLARATION, d.who, note=d.note)
        seen.append(d.who)
        SYSTEM.answer(b, d, ())
    assert sorted(seen) == ["a", "b", "c"]


def test_the_targeting_order_kept_at_s1_drops_one_who_leaves() -> None:
    b = _brawl()
    for d in SYSTEM.due(b):
        SYSTEM.answer(b, d, "cautious")
    SYSTEM.advance(b, SeededStream(1, "combat"))
    first = SYSTEM.due(b)
    assert [d.kind for d in first] == [TARGET]
    order = b.targeting_order()
    assert first[0].who == order[0]
    b.remove_fighter(order[0])  # he leaves before answering: the kept order must not offer him again
    after = SYSTEM.due(b)
    assert [d.who for d in after] == [order[1]]
    assert order[0] not in [o.value for o in after[0].options]
    SYSTEM.answer(b, after[0], after[0].default)
    assert [d.who for d in SYSTEM.due(b)] == [order[2]]
