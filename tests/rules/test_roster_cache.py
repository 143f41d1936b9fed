"""The bout caches its members and each fighter's foes in reach; every change they depend on drops them."""

from __future__ import annotations

from rules.bout import Bout
from rules.fighter import FighterState
from tests.rules.helpers import bout, sheet


def _three() -> Bout:
    return bout(sheet("A", side="red"), sheet("B", side="blue"), sheet("C", side="blue"))


def test_members_and_foes_follow_death_and_unconsciousness_set_directly() -> None:
    b = _three()
    assert b.members() == ["A", "B", "C"] and b.foes_in_reach("A") == ["B", "C"]
    b.fighters["B"].dead = True
    assert b.members() == ["A", "C"] and b.foes_in_reach("A") == ["C"]
    assert not b.active("B")
    b.fighters["C"].unconscious = True
    assert b.members() == ["A"] and b.foes_in_reach("A") == []
    b.fighters["C"].unconscious = False
    assert b.members() == ["A", "C"] and b.foes_in_reach("A") == ["C"]


def test_members_and_foes_follow_joining_leaving_and_reach() -> None:
    b = _three()
    b.set_reach({"A": ["C"], "B": ["A"], "C": ["A"]})
    assert b.foes_in_reach("A") == ["C"] and b.foes_in_reach("B") == ["A"]
    b.remove_fighter("C")
    assert b.members() == ["A", "B"] and b.foes_in_reach("A") == []
    b.add_fighter(sheet("D", side="green"))
    b.set_reach(None)
    assert b.members() == ["A", "B", "D"] and b.foes_in_reach("D") == ["A", "B"]
    b.add_fighter(b.fighters["C"])  # C comes back
    assert b.members() == ["A", "B", "C", "D"]


def test_a_fighter_shared_by_two_bouts_updates_both() -> None:
    shared = FighterState(sheet("A", side="red"))
    one = Bout(bout(sheet("B", side="blue")).catalog, [shared, sheet("B", side="blue")])
    two = Bout(one.catalog, [shared, sheet("C", side="green")])
    assert one.foes_in_reach("B") == ["A"] and two.foes_in_reach("C") == ["A"]
    shared.dead = True
    assert one.foes_in_reach("B") == [] and two.foes_in_reach("C") == []


def test_returned_lists_are_copies() -> None:
    b = _three()
    b.members().append("X")
    b.foes_in_reach("A").clear()
    assert b.members() == ["A", "B", "C"] and b.foes_in_reach("A") == ["B", "C"]


def test_setting_the_same_reach_again_keeps_the_caches_and_a_new_reach_drops_them() -> None:
    b = _three()
    b.set_reach({"A": ["B"], "B": ["A"], "C": []})
    assert b.foes_in_reach("A") == ["B"]
    epoch = FighterState.roster_epoch
    # equal as sets: nothing to rebuild (the world sets the reach every tick)
    b.set_reach({"A": ("B",), "B": ["A"], "C": []})
    assert FighterState.roster_epoch == epoch and b.foes_in_reach("A") == ["B"]
    b.set_reach({"A": ["B", "C"], "B": ["A"], "C": ["A"]})
    assert FighterState.roster_epoch != epoch
    assert b.foes_in_reach("A") == ["B", "C"] and b.foes_in_reach("C") == ["A"]
    b.fighters["B"].dead = True  # a fall still drops them with the reach unchanged
    b.set_reach({"A": ["B", "C"], "B": ["A"], "C": ["A"]})
    assert b.members() == ["A", "C"] and b.foes_in_reach("A") == ["C"]
