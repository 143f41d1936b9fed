"""Issue 13 item 5: a disarmed fighter fights unarmed (rules.fighter.disarmed, folded by rules.fold from
the disarm check): his unarmed proficiency sets his pool at the refresh and his menu. Shipped scenario:
content/scenarios/bouts/disarmed_fights_unarmed.yaml; the world's floor and sidearm:
tests/world/test_world_disarm.py."""

from __future__ import annotations

from importlib.resources import files

from rules.events import Declared, KnockCheck, RoundEnded
from rules.fighter import disarmed
from rules.menu import available_actions
from rules.scenario import load_scenario, run_scenario
from tests.rules.helpers import bout, catalog, sheet

SCENARIO = files("content") / "scenarios" / "bouts" / "disarmed_fights_unarmed.yaml"


def test_the_disarmed_fighter_refreshes_and_strikes_unarmed() -> None:
    r = run_scenario(load_scenario(str(SCENARIO)))
    (check,) = [e for e in r.events if isinstance(e, KnockCheck) and e.kind == "disarm"]
    assert check.fighter == "B" and check.failed
    sheet_b = r.bout.fighters["B"].sheet
    assert sheet_b.weapon is None and (sheet_b.proficiency, sheet_b.level) == ("pugilism", 4)
    (end,) = [e for e in r.events if isinstance(e, RoundEnded)]
    assert dict(end.refreshed)["B"] == 4 + 5  # pugilism 4 + Reflex 5, not Cut & Thrust 6 + 5
    after = r.events[r.events.index(check):]
    later = [e for e in after if isinstance(e, Declared) and e.fighter == "B" and e.actions]
    assert later and all(a.maneuver in ("punch", "kick", "head_butt", "grapple") or "evas" in a.maneuver
                         for e in later for a in e.actions)


def test_disarmed_keeps_an_untrained_fighter_at_level_zero() -> None:
    cat = catalog()
    bare = disarmed(sheet("A", prof={"bow": 3}), cat)  # no rating that defaults to an unarmed one
    assert bare.weapon is None and bare.level == 0 and bare.proficiency in ("pugilism", "brawling")


def test_a_disarmed_fighter_is_offered_no_parry() -> None:
    b = bout(sheet("A"), sheet("B"))
    for fid in b.orientation_due():
        b.choose_orientation(fid, "cautious")
    b.fold1(KnockCheck(1, "B", "disarm", 3, 8, (1, 1, 1), 0, True))
    from rules.dice import SeededStream

    b.finish_targeting(SeededStream(1, "combat"), {"A": "B", "B": "A"})
    menu = available_actions(b, "B")
    offered = {o.maneuver for om in menu.opponents for ao in om.actions for o in ao.maneuvers}
    assert "parry" not in offered and "block" not in offered and "partial_evasion" in offered
