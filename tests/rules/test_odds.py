"""rules.odds: exact pool odds, odds that move the right way, and agreement with the engine itself
(the same declarations resolved over many seeded exchanges)."""

from __future__ import annotations

import math

import pytest

from rules import ai
from rules.bout import ATTACK, DEFEND, DO_NOTHING, NO_INITIATIVE, Action, Bout
from rules.declare import commit_declaration
from rules.dice import SeededStream
from rules.events import Attack
from rules.exchange import resolve_exchange
from rules.menu import available_actions
from rules.odds import declaration_odds, pool_odds
from tests.rules.helpers import bout, setup, sheet

TRIALS = 1500


def test_pool_odds_are_exact_for_small_pools() -> None:
    dist, botch = pool_odds(1, 6)
    assert dist == (0.5, 0.5) and botch == pytest.approx(0.1)
    dist, botch = pool_odds(2, 6)
    assert dist == pytest.approx((0.25, 0.5, 0.25)) and botch == pytest.approx(0.01)  # both dice show 1
    dist, botch = pool_odds(3, 8)
    assert dist[3] == pytest.approx(0.3**3) and sum(dist) == pytest.approx(1.0)
    # two or more 1s among three failing dice (faces 1-7): 1 - P(no 1) - P(exactly one 1)
    assert botch == pytest.approx(0.7**3 - 0.6**3 - 3 * 0.1 * 0.6**2)
    assert pool_odds(2, 12)[0][2] == pytest.approx(0.09**2)  # TN 12: a 10 then a 2+ on the reroll
    dist, botch = pool_odds(0, 6)  # house rule negative_pool: one die at TN + 1
    assert dist == pytest.approx((0.6, 0.4)) and botch == pytest.approx(0.1)
    assert pool_odds(0, 6, "no_roll") == ((1.0,), 0.0)


def test_more_dice_and_lower_tn_give_better_pools() -> None:
    for tn in range(2, 13):
        hits = [1 - pool_odds(d, tn)[0][0] for d in range(1, 12)]
        assert hits == sorted(hits) and len(set(hits)) == len(hits), tn
    for dice in range(1, 10):
        hits = [1 - pool_odds(dice, tn)[0][0] for tn in range(2, 14)]
        assert hits == sorted(hits, reverse=True), dice


def holder_attacks_first(weapon: str = "arming_sword", prof: int = 6, agility: int = 5) -> Bout:
    """B (Aggressive) holds initiative over A (Cautious) and has declared a 6-dice swing at A's zone III,
    and no defence; A is next to declare."""
    a = sheet("A", side="a", weapon=weapon, prof={"cut_and_thrust": prof}, AG=agility, WT=agility)
    b = bout(a, sheet("B", side="b"))
    setup(b, SeededStream(0, "setup"), {"A": "cautious", "B": "aggressive"}, {"A": "B", "B": "A"})
    assert b.next_declarer() == "B"
    commit_declaration(b, "B", [Action(ATTACK, "swing", "A", 6, "III")])
    assert b.next_declarer() == "A"
    return b


def from_behind(weapon: str = "arming_sword", prof: int = 6, agility: int = 5) -> Bout:
    """A targets B, who attacks C (Aggressive: he cannot defend, and nobody attacks A). A declares
    before B, unless A's Reflex is the higher: then B has declared his swing at C."""
    a = sheet("A", side="a", weapon=weapon, prof={"cut_and_thrust": prof}, AG=agility, WT=agility)
    b = bout(a, sheet("B", side="b"), sheet("C", side="a"))
    setup(b, SeededStream(0, "setup"), {"A": "cautious", "B": "aggressive", "C": "defensive"},
          {"A": "B", "B": "C", "C": "B"})
    if b.next_declarer() == "B":
        commit_declaration(b, "B", [Action(ATTACK, "swing", "C", 6, "III")])
    assert b.next_declarer() == "A"
    return b


def test_more_dice_land_more_often_and_parry_more_often() -> None:
    b = from_behind()
    lands = [declaration_odds(b, "A", Action(ATTACK, "swing", "B", d, "III")).land or 0.0 for d in range(1, 9)]
    assert lands == pytest.approx([1 - 0.5**d for d in range(1, 9)])  # undefended, and zone III never misses
    held = holder_attacks_first()
    lands = [declaration_odds(held, "A", Action(NO_INITIATIVE, "swing", "B", d, "III")).land or 0.0
             for d in range(1, 9)]
    assert lands == sorted(lands) and lands[-1] > 5 * lands[0]  # his blow lands first and its shock strips dice
    hit_back = [declaration_odds(held, "A", Action(DEFEND, "parry", "B", d)).hit_back for d in range(1, 9)]
    assert hit_back == sorted(hit_back, reverse=True) and hit_back[0] > 2 * hit_back[-1]
    undefended = declaration_odds(held, "A", Action(NO_INITIATIVE, "swing", "B", 3, "III"))
    assert undefended.hit_back > hit_back[0]  # attacking instead of parrying leaves his swing unanswered


def test_a_lower_tn_lands_more_often() -> None:
    sword = declaration_odds(from_behind("arming_sword"), "A", Action(ATTACK, "swing", "B", 4, "III"))
    short = declaration_odds(from_behind("short_sword"), "A", Action(ATTACK, "swing", "B", 4, "III"))
    assert sword.land == pytest.approx(1 - 0.5**4) and short.land == pytest.approx(1 - 0.6**4)  # ATN 6 and 7
    assert sword.assumptions == ("B is expected not to defend",) and sword.hit_back == 0.0


def test_a_certain_hit_is_about_certain_and_a_defence_has_no_land_chance() -> None:
    b = from_behind(prof=14, agility=9)
    dice = available_actions(b, "A").cp
    assert dice >= 15
    odds = declaration_odds(b, "A", Action(ATTACK, "swing", "B", dice, "III"))
    assert odds.land is not None and odds.land > 0.9999 and odds.wound > 3
    defence = declaration_odds(holder_attacks_first(), "A", Action(DEFEND, "parry", "B", 5))
    assert defence.land is None and defence.wound == 0.0 and 0.0 < defence.hit_back < 1.0


def test_the_query_leaves_the_bout_alone() -> None:
    b = holder_attacks_first()
    before = ({f: s.cp for f, s in b.fighters.items()}, {f: list(c) for f, c in b.declarations.items()})
    declaration_odds(b, "A", Action(NO_INITIATIVE, "swing", "B", 4, "III"))
    assert before == ({f: s.cp for f, s in b.fighters.items()}, {f: list(c) for f, c in b.declarations.items()})


def rate(hits: int, p: float) -> float:
    """How many standard errors a count of hits in TRIALS is from the chance p."""
    return abs(hits - p * TRIALS) / math.sqrt(TRIALS * p * (1 - p))


def test_hit_back_matches_the_engine_against_a_declared_parry() -> None:
    odds = declaration_odds(holder_attacks_first(), "A", Action(DEFEND, "parry", "B", 4))
    hits = 0
    levels = 0
    for seed in range(TRIALS):
        b = holder_attacks_first()
        commit_declaration(b, "A", [Action(DEFEND, "parry", "B", 4)])
        result = resolve_exchange(b, SeededStream(seed, "combat"))
        (blow,) = [e for e in result.events if isinstance(e, Attack)]
        hits += blow.hit
        levels += blow.wound.level if blow.hit and blow.wound else 0
    assert rate(hits, odds.hit_back) < 3, (hits / TRIALS, odds.hit_back)
    assert levels / TRIALS == pytest.approx(odds.wound_taken, abs=0.15)


def initiative_duel() -> Bout:
    """A (Aggressive) holds initiative over B (Cautious) and declares first."""
    b = bout(sheet("A", side="a"), sheet("B", side="b"))
    setup(b, SeededStream(0, "setup"), {"A": "aggressive", "B": "cautious"}, {"A": "B", "B": "A"})
    assert b.next_declarer() == "A"
    return b


def test_land_matches_the_engine_against_the_baseline_ai_defence() -> None:
    action = Action(ATTACK, "cut", "B", 6, "III")
    odds = declaration_odds(initiative_duel(), "A", action)
    assert odds.land is not None and odds.assumptions and "B is expected to defend" in odds.assumptions[0]
    hits = 0
    levels = 0
    for seed in range(TRIALS):
        b = initiative_duel()
        commit_declaration(b, "A", [action])
        commit_declaration(b, "B", ai.suggest_declaration(b, "B", SeededStream(seed, "ai")))
        result = resolve_exchange(b, SeededStream(seed, "combat"))
        mine = [e for e in result.events if isinstance(e, Attack) and e.attacker == "A"]
        hits += sum(e.hit for e in mine)
        levels += sum(e.wound.level for e in mine if e.hit and e.wound)
    assert rate(hits, odds.land) < 3, (hits / TRIALS, odds.land)
    assert levels / TRIALS == pytest.approx(odds.wound, abs=0.15)
    assert odds.hit_back == 0.0  # B is not expected to attack: A holds the initiative over him


def test_do_nothing_and_defences_elsewhere() -> None:
    b = holder_attacks_first()
    idle = declaration_odds(b, "A", Action(DO_NOTHING, "", "B"))
    assert idle.land is None and idle.wound == 0.0 and idle.hit_back > 0.9  # his 6-dice swing, unanswered
    # a parry already chosen in the same declaration counts against his blow
    with_parry = declaration_odds(b, "A", Action(DO_NOTHING, "", "B"), pending=[Action(DEFEND, "parry", "B", 6)])
    assert with_parry.hit_back < idle.hit_back - 0.2


def armoured_holder(a_weapon: str, a_prof: str) -> Bout:
    """As holder_attacks_first, but B wears mail and a great helm and A fights with `a_weapon`."""
    a = sheet("A", side="a", weapon=a_weapon, prof={a_prof: 6})
    b = bout(a, sheet("B", side="b", armour=["mail_hauberk", "great_helm"]))
    setup(b, SeededStream(0, "setup"), {"A": "cautious", "B": "aggressive"}, {"A": "B", "B": "A"})
    commit_declaration(b, "B", [Action(ATTACK, "swing", "A", 6, "III")])
    return b


@pytest.mark.parametrize(
    ("weapon", "prof", "action"),
    [
        ("light_mace", "mass_weapon_shield", Action(NO_INITIATIVE, "bash", "B", 5, "VI")),  # blunt table of VI
        ("arming_sword", "cut_and_thrust", Action(NO_INITIATIVE, "thrust", "B", 5, "VIII")),  # 1 in 6 misses
        ("arming_sword", "cut_and_thrust", Action(NO_INITIATIVE, "swing", "B", 7, "V")),  # into the helm
    ],
)
def test_land_and_wounds_match_the_engine_through_armour_and_zone_tables(weapon: str, prof: str,
                                                                        action: Action) -> None:
    odds = declaration_odds(armoured_holder(weapon, prof), "A", action)
    assert odds.land is not None
    hits = wounds = levels = 0
    for seed in range(TRIALS):
        b = armoured_holder(weapon, prof)
        commit_declaration(b, "A", [action])
        result = resolve_exchange(b, SeededStream(seed, "combat"))
        mine = [e for e in result.events if isinstance(e, Attack) and e.attacker == "A"]
        if not mine:  # struck down by B's blow before swinging: the odds leave out who strikes first
            continue
        (blow,) = mine
        level = blow.wound.level if blow.hit and blow.wound else 0
        hits += blow.hit
        wounds += level > 0
        levels += level
    assert rate(hits, odds.land) < 3, (hits / TRIALS, odds.land)
    assert rate(wounds, odds.wound_chance) < 3, (wounds / TRIALS, odds.wound_chance)
    assert levels / TRIALS == pytest.approx(odds.wound, abs=0.15)


def contested_duel() -> Bout:
    """Both Aggressive, targeting each other: the initiative is contested, a Reflex contest orders the blows."""
    b = bout(sheet("A", side="a"), sheet("B", side="b", armour=["gambeson"]))
    setup(b, SeededStream(0, "setup"), {"A": "aggressive", "B": "aggressive"}, {"A": "B", "B": "A"})
    assert b.next_declarer() == "A" and ("A", "B") in b.contested  # rules.bout.pair order
    return b


def test_a_contested_exchange_matches_the_engine_both_ways() -> None:
    action = Action(ATTACK, "cut", "B", 7, "IV")
    odds = declaration_odds(contested_duel(), "A", action)
    assert odds.land is not None and "B is expected to attack you" in odds.assumptions[0]
    lands = hits_back = 0
    for seed in range(TRIALS):
        b = contested_duel()
        commit_declaration(b, "A", [action])
        commit_declaration(b, "B", ai.suggest_declaration(b, "B", SeededStream(seed, "ai")))
        result = resolve_exchange(b, SeededStream(seed, "combat"))
        lands += sum(e.hit for e in result.events if isinstance(e, Attack) and e.attacker == "A")
        hits_back += sum(e.hit for e in result.events if isinstance(e, Attack) and e.attacker == "B")
    assert rate(lands, odds.land) < 3, (lands / TRIALS, odds.land)
    assert rate(hits_back, odds.hit_back) < 3, (hits_back / TRIALS, odds.hit_back)
