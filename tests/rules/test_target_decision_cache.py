"""`rules.tros_sos.target_decision` keeps each target decision for the bout's life (`Bout.target_decisions`):
what it hands out must always equal the decision built afresh from the bout as it is now."""

from __future__ import annotations

from rules.bout import Bout
from rules.decisions import TARGET, Decision, Option
from rules.tros_sos import target_decision
from tests.rules.helpers import bout, sheet


def _fresh(b: Bout, fid: str) -> Decision:
    forced = b.forced_targets(fid)
    legal = forced or list(b.foes(fid))
    note = "must answer him" if forced else ""
    options = tuple(Option(o, b.fighters[o].sheet.name, note=note) for o in legal)
    return Decision(TARGET, fid, options, b.default_target(fid, legal))


def _at_targeting(orientations: dict[str, str]) -> Bout:
    b = bout(sheet("A", side="red"), sheet("B", side="blue"), sheet("C", side="blue"))
    for fid, orientation in orientations.items():
        b.choose_orientation(fid, orientation)
    b.step_clock()
    assert b.clock.step == 1
    return b


def test_the_kept_decision_follows_the_default_the_foes_and_the_forced_targets() -> None:
    b = _at_targeting({"A": "cautious", "B": "cautious", "C": "cautious"})
    first = target_decision(b, "A")
    assert first == _fresh(b, "A") and first.default == "B"
    assert target_decision(b, "A") is first  # kept while nothing it depends on changed

    b.answer_target("C", "A")  # C comes for A: A's default turns to him
    again = target_decision(b, "A")
    assert again == _fresh(b, "A") and again.default == "C"

    b.fighters["C"].dead = True  # C falls: only B is left to target
    alone = target_decision(b, "A")
    assert alone == _fresh(b, "A") and [o.value for o in alone.options] == ["B"]


def test_a_cautious_fighter_targeted_by_an_aggressive_one_is_offered_only_him() -> None:
    b = _at_targeting({"A": "cautious", "B": "cautious", "C": "aggressive"})
    assert target_decision(b, "A") == _fresh(b, "A")
    b.answer_target("C", "A")
    forced = target_decision(b, "A")
    assert forced == _fresh(b, "A")
    assert [(o.value, o.note) for o in forced.options] == [("C", "must answer him")]
