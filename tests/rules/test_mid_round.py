"""Arriving mid-round (SPEC §2, §4.7): a fighter who joins a bout busy in exchange holds no initiative
for the rest of that exchange and may only force-enter one foe (not under attack), defend, or do
nothing; `rules.menu.available_actions` offers exactly that."""

from __future__ import annotations

from rules.ai import suggest_declaration
from rules.bout import (
    ATTACK,
    BUY_INITIATIVE,
    DEFEND,
    DEFEND_PREEMPTIVE,
    DO_NOTHING,
    QUICK_DEFENSE,
    Action,
    Bout,
)
from rules.declare import commit_declaration
from rules.dice import ScriptedStream, SeededStream
from rules.events import Attack, AttackCancelled, Event, RoundEnded, TerrainRoll
from rules.exchange import resolve_exchange
from rules.menu import available_actions
from tests.rules.helpers import bout, catalog, declare_all, setup, sheet

ORI = {"D": "aggressive", "F": "aggressive", "G": "defensive"}
TARGETS = {"D": "G", "F": "G", "G": "F"}
ATTACKS = frozenset({"attack", "double_attack", "buy_initiative", "no_initiative", "change_target",
                     "change_target_buy", "quick_attack"})


def _busy_bout(**house_rules: object) -> Bout:
    """D and F against G, past targeting (the clock at `e1s2`); then C (Reflex 8, level 10) arrives.
    F's Reflex 5 sits between C's halved Reflex (4) and his full one (8)."""
    cat = catalog(**house_rules) if house_rules else None
    b = bout(
        sheet("D", AG=2, WT=2, TO=15, side="north", cat=cat),
        sheet("F", AG=5, WT=5, TO=15, side="north", cat=cat),
        sheet("G", AG=2, WT=2, TO=15, side="south", cat=cat),
        cat=cat,
    )
    setup(b, ScriptedStream([]), ORI, TARGETS)
    b.arrive(sheet("C", AG=8, WT=8, TO=15, prof={"cut_and_thrust": 10}, side="south", cat=cat))
    return b


def _into_exchange_two(b: Bout) -> None:
    """Exchange 1 of `_busy_bout`: C does nothing, F attacks G and misses (so G holds initiative
    over F afterwards and no battle pause ends the round early)."""
    declare_all(b, {"F": [Action(ATTACK, "cut", "G", 2, "III")]})
    resolve_exchange(b, ScriptedStream([2, 2]))
    assert b.clock.exchange == 2 and not b.arriving("C")  # an ordinary member from exchange 2 on


def _dice() -> ScriptedStream:
    return ScriptedStream([], fallback=SeededStream(7, "combat"))


def _order(events: list[Event]) -> list[str]:
    """Who acted in what order: attacks, cancelled attacks and terrain rolls (once per fighter)."""
    out: list[str] = []
    for e in events:
        who = e.fighter if isinstance(e, TerrainRoll) else (
            e.attacker if isinstance(e, Attack | AttackCancelled) else None)
        if who is not None and who not in out:
            out.append(who)
    return out


def _attack_kinds(b: Bout, fid: str, opponent: str) -> set[str]:
    om = available_actions(b, fid).opponent(opponent)
    assert om is not None
    return {a.action for a in om.actions if a.action in ATTACKS}


def test_an_arrival_is_offered_only_force_enter_defences_or_nothing() -> None:
    b = _busy_bout()
    assert b.arriving("C") and "C" not in b.orientation_due() and not b.has_initiative("C")
    menu = available_actions(b, "C")
    assert {o.opponent for o in menu.opponents} == {"D", "F"}
    for om in menu.opponents:
        kinds = {a.action for a in om.actions}
        assert kinds == {BUY_INITIATIVE, DEFEND_PREEMPTIVE, QUICK_DEFENSE, DO_NOTHING}
        buy = om.action(BUY_INITIATIVE)
        assert buy is not None and buy.flavour == "force_enter"
        assert om.relation == "none"
    assert menu.default == ()  # nobody attacks him: the preselected declaration is to do nothing


def test_an_arrival_force_enters_one_foe_only() -> None:
    b = _busy_bout()
    chosen = [Action(BUY_INITIATIVE, "cut", "D", 2, "III", terrain_dice=2)]
    pending = available_actions(b, "C", chosen)
    for om in pending.opponents:
        assert not {a.action for a in om.actions} & ATTACKS


def test_an_arrival_under_attack_may_only_defend() -> None:
    b = _busy_bout()
    while (fid := b.next_declarer()) != "C":
        assert fid is not None
        commit_declaration(b, fid, [Action("change_target", "cut", "C", 2, "III")] if fid == "D" else [])
    om = available_actions(b, "C").opponent("D")
    assert om is not None and om.attacking_you
    assert {a.action for a in om.actions} == {DEFEND, DO_NOTHING}
    other = available_actions(b, "C").opponent("F")
    assert other is not None and not {a.action for a in other.actions} & ATTACKS


def test_without_allow_force_enter_an_arrival_cannot_attack() -> None:
    b = _busy_bout(allow_force_enter=False)
    for foe in ("D", "F"):
        assert not _attack_kinds(b, "C", foe)


def test_an_arrival_holds_initiative_over_nobody() -> None:
    b = _busy_bout()
    _into_exchange_two(b)
    b.arrive(sheet("H", AG=8, WT=8, TO=15, side="south"))
    b.finish_targeting(ScriptedStream([5] * 40), {"H": "D", "D": "H", "F": "G", "G": "F", "C": "F"})
    assert ("D", "H") in b.holders and ("H", "D") not in b.holders  # mutual with an arrival: D holds
    assert ("C", "F") in b.holders  # C, who arrived in exchange 1, overwatches as anyone does
    assert not _attack_kinds(b, "H", "D") - {BUY_INITIATIVE}
    b2 = _busy_bout()
    _into_exchange_two(b2)
    b2.arrive(sheet("H", AG=8, WT=8, TO=15, side="south"))
    b2.finish_targeting(ScriptedStream([5] * 40), {"H": "D", "D": "G", "F": "G", "G": "F", "C": "F"})
    assert not [h for h in b2.holders if "H" in h]  # his overwatch gives him none
    assert _attack_kinds(b2, "H", "D") == {BUY_INITIATIVE}


def test_force_entering_arrival_orders_at_half_reflex_and_rolls_terrain() -> None:
    b = _busy_bout()
    stream = _dice()
    declare_all(b, {
        "C": [Action(BUY_INITIATIVE, "cut", "D", 2, "III", terrain_dice=2)],
        "F": [Action(ATTACK, "cut", "G", 2, "III")],
    })
    result = resolve_exchange(b, stream)
    assert _order(result.events) == ["F", "C"]  # C orders at Reflex 8 // 2 = 4 < F's 5
    terrain = next(e for e in result.events if isinstance(e, TerrainRoll))
    assert terrain.fighter == "C" and terrain.tn == 7 and terrain.dice == 2
    b2 = _busy_bout()
    declare_all(b2, {
        "C": [Action(BUY_INITIATIVE, "cut", "D", 2, "III", reflex_buy=4, terrain_dice=2)],
        "F": [Action(ATTACK, "cut", "G", 2, "III")],
    })
    assert _order(resolve_exchange(b2, _dice()).events) == ["C", "F"]  # bought back


def test_a_failed_terrain_roll_cancels_the_arrivals_attack() -> None:
    b = _busy_bout()
    declare_all(b, {"C": [Action(BUY_INITIATIVE, "cut", "D", 2, "III", terrain_dice=1)]})
    result = resolve_exchange(b, ScriptedStream([6]))
    terrain = next(e for e in result.events if isinstance(e, TerrainRoll))
    assert not terrain.passed
    cancelled = [e for e in result.events if isinstance(e, AttackCancelled)]
    assert cancelled and cancelled[0].attacker == "C" and "terrain" in cancelled[0].reason
    assert not [e for e in result.events if e.type == "attack"]


def test_an_arrival_who_force_enters_in_exchange_two_gets_no_refresh() -> None:
    b = _busy_bout()
    _into_exchange_two(b)
    b.arrive(sheet("H", AG=8, WT=8, TO=15, prof={"cut_and_thrust": 10}, side="south"))
    b.finish_targeting(ScriptedStream([5] * 40), {"H": "D", "D": "G", "F": "G", "G": "F", "C": "F"})
    full = b.fighters["H"].cp
    declare_all(b, {"H": [Action(BUY_INITIATIVE, "cut", "D", 2, "III", terrain_dice=1)]})
    assert b.fighters["H"].cp == full - 3 - 1 - 2
    result = resolve_exchange(b, _dice())
    end = next(e for e in result.events if isinstance(e, RoundEnded))
    refreshed = dict(end.refreshed)
    assert refreshed["H"] == full - 6 < b.fighters["H"].max_cp()
    assert refreshed["C"] == b.fighters["C"].max_cp()  # arrived in exchange 1, did not force-enter


def test_the_ai_force_enters_an_arrival_with_cp_to_spare_and_defends_when_attacked() -> None:
    b = _busy_bout()
    actions = suggest_declaration(b, "C", SeededStream(3, "ai"))
    assert len(actions) == 1 and actions[0].action == BUY_INITIATIVE and actions[0].terrain_dice >= 1
    assert actions == suggest_declaration(_busy_bout(), "C", SeededStream(3, "ai"))  # deterministic
    commit_declaration_all_but(b, "C")
    commit_declaration(b, "C", actions)
    attacked = _busy_bout()
    while (fid := attacked.next_declarer()) != "C":
        assert fid is not None
        commit_declaration(attacked, fid, [Action("change_target", "cut", "C", 2, "III")] if fid == "D" else [])
    defence = suggest_declaration(attacked, "C", SeededStream(3, "ai"))
    assert defence and all(a.action == DEFEND for a in defence)
    poor = _busy_bout()
    poor.fighters["C"].cp = 5
    assert suggest_declaration(poor, "C", SeededStream(3, "ai")) == []


def commit_declaration_all_but(b: Bout, fid: str) -> None:
    while (nxt := b.next_declarer()) is not None and nxt != fid:
        commit_declaration(b, nxt, [])
