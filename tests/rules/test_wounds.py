"""rules/wounds.py: applying a wound outside the exchange resolver (missiles now, melee later)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.catalog import HouseRules
from rules.content import default_catalog
from rules.dice import ScriptedStream
from rules.events import Died, KnockCheck, ShockApplied, WoundRecord, WoundTaken
from rules.fighter import FighterSheet, FighterState
from rules.wounds import apply_shock, apply_wound

CAT = default_catalog()


def victim() -> FighterState:
    sheet = FighterSheet.build(CAT, id="V", proficiencies={"cut_and_thrust": 6}, weapon="arming_sword")
    return FighterState(sheet)  # CP 11, Knockdown 5, Knockout 7


def record(**changes: object) -> WoundRecord:
    base: dict[str, object] = dict(
        zone="XI", location="lower_abdomen", damage_type="puncture", level=2, raw=2, bl=2, shock=4, pain=3,
        knockdown=None, knockout=None, destroyed=False, death=False,
    )
    base.update(changes)
    return WoundRecord(**base)  # type: ignore[arg-type]


@dataclass
class Pending:
    owner: str
    defender: str
    index: int
    dice: int
    stripped: int = 0
    done: bool = False


def test_shock_strips_pending_attacks_first_then_the_pool_then_carries() -> None:
    v = victim()
    v.cp = 2
    at_other, at_hitter, done = Pending("V", "X", 0, 3), Pending("V", "A", 1, 2), Pending("V", "A", 2, 4, done=True)
    event = apply_shock(v, 9, attacker="A", exchange=1, pending=[at_other, at_hitter, done])
    assert event == ShockApplied(1, "V", 9, 5, 2, 2)
    assert (at_hitter.stripped, at_other.stripped, done.stripped) == (2, 3, 0)
    assert (v.cp, v.carried_shock) == (0, 2)
    assert apply_shock(v, 0, attacker="A", exchange=1) is None


def test_wound_adds_pain_and_bl_and_takes_shock() -> None:
    v = victim()
    events = apply_wound(v, record(), attacker="A", exchange=0, stream=ScriptedStream([]), rules=HouseRules())
    assert events == [WoundTaken(0, "V", "lower_abdomen", "puncture", 2, 3, 2), ShockApplied(0, "V", 4, 0, 4, 0)]
    assert (v.pain, v.blood_loss, v.cp) == (3, 2, 7)


def test_glancing_blow_does_nothing() -> None:
    v = victim()
    events = apply_wound(v, record(level=0), attacker="A", exchange=0, stream=ScriptedStream([]), rules=HouseRules())
    assert events == []
    assert v.wounds == []


def test_death_skips_the_knock_checks() -> None:
    v = victim()
    events = apply_wound(
        v, record(death=True, knockout=0), attacker="A", exchange=2, stream=ScriptedStream([]), rules=HouseRules()
    )
    assert v.dead and isinstance(events[-1], Died)


def test_knockout_then_knockdown() -> None:
    v = victim()
    stream = ScriptedStream([1] * 7 + [9, 1, 1, 1, 1])  # Knockout 7 dice all fail; Knockdown 5 dice, one 9 passes
    events = apply_wound(
        v, record(knockout=0, knockdown=1), attacker="A", exchange=1, stream=stream, rules=HouseRules()
    )
    checks = [e for e in events if isinstance(e, KnockCheck)]
    assert [(c.kind, c.failed) for c in checks] == [("knockout", True)]  # out of the fight: no knockdown roll
    assert v.unconscious and stream.remaining == 5

    w = victim()
    events = apply_wound(
        w, record(knockdown="instant"), attacker="A", exchange=1, stream=ScriptedStream([]), rules=HouseRules()
    )
    assert w.prone and w.cp == (11 - 4) // 2
    assert next(e for e in events if isinstance(e, KnockCheck)).instant
