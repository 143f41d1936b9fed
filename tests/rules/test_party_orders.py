"""Party micromanagement's declarations (issue 13 item 6; rules.party_orders): the whole declarations
offered for a companion include each composite maneuver his menu offers (every die, split between its
parts), and the answer commits through the rules as the leader's would."""

from __future__ import annotations

import pytest

from rules import party_orders
from rules.bout import Bout, IllegalAction
from rules.declare import commit_declaration
from rules.dice import ScriptedStream
from rules.menu import available_actions
from tests.rules.helpers import bout, setup, sheet


def shielded_pair() -> Bout:
    b = bout(sheet("A", TO=15, side="a", prof={"sword_and_shield": 7}, shield="medium_shield"),
             sheet("B", TO=15, side="b"))
    setup(b, ScriptedStream([5] * 40), {"A": "aggressive", "B": "cautious"}, {"A": "B", "B": "A"})
    return b


def test_a_companions_declaration_offers_his_composite_maneuvers() -> None:
    b = shielded_pair()
    om = available_actions(b, "A").opponent("B")
    assert om is not None
    offered = sorted({o.maneuver for ao in om.actions for o in ao.maneuvers if o.parts})
    assert offered  # a sword-and-shield fighter has composites on offer here
    decision = party_orders.declaration_decision(b, "A")
    values = decision.values()
    composite = sorted(v.split(":")[2] for v in values if v.startswith("composite:B:"))
    assert composite == offered
    for maneuver in composite:
        (action,) = party_orders.declaration(b, "A", f"composite:B:{maneuver}", ())
        assert action.maneuver == maneuver and action.opponent == "B"
        assert len(action.parts) >= 2 and all(p.dice >= 1 for p in action.parts)
        dice = [p.dice for p in action.parts]
        assert max(dice) - min(dice) <= 1  # split evenly
        trial = b.clone({fid: f.clone() for fid, f in b.fighters.items()})  # the rules accept it
        commit_declaration(trial, "A", [action])
        assert "A" in trial.declarations


def test_a_composite_the_menu_does_not_offer_is_refused() -> None:
    b = shielded_pair()
    with pytest.raises(IllegalAction):
        party_orders.declaration(b, "A", "composite:B:no_such_maneuver", ())
    with pytest.raises(IllegalAction):
        party_orders.declaration(b, "B", "composite:A:simultaneous_block_strike", ())  # no shield: not his
