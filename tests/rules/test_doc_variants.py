"""Issue 13 item 15: the design doc's variants that became house rules — `quick_attack_variant: extra_cp`,
`double_attack_loses_both`, `composite_red_red_only` (`miss_loses_global`: test_initiative_models.py;
`blocked_movers_bump`: tests/world/test_world_footwork.py). Each test runs the rule both ways.

Fighters have Toughness 15 where blows land, so every hit glances off and the scripted faces are
exactly: attack dice, defence dice, location d6 on a hit."""

from __future__ import annotations

from importlib.resources import files

from rules.bout import ATTACK, DOUBLE_ATTACK, QUICK_ATTACK, Action, Bout
from rules.declare import commit_declaration
from rules.dice import ScriptedStream
from rules.events import Declared, InitiativeAfter, ReflexContest
from rules.menu import available_actions
from rules.scenario import load_scenario, run_scenario
from tests.rules.helpers import attack_order, bout, catalog, exchange, setup, sheet

A_HOLDS = {"A": "aggressive", "B": "cautious"}


def _duel(**rules: object) -> Bout:
    cat = catalog(quick_attack=True, **rules)
    return bout(sheet("A", AG=2, WT=2, TO=15, cat=cat), sheet("B", AG=2, WT=2, TO=15, cat=cat), cat=cat)


def test_quick_attack_extra_cp_costs_more_and_a_landed_one_gains_initiative() -> None:
    """Design doc "Additional house-rules to discourage Quick Attacks": "Quick attacks may yield
    additional CP cost (though lesser cost compared to buying initiative)"."""
    costs = {}
    for variant in ("no_reward", "extra_cp"):
        b = _duel(quick_attack_variant=variant)
        setup(b, ScriptedStream([]), A_HOLDS)
        commit_declaration(b, "A", [])
        om = available_actions(b, "B").opponent("A")
        assert om is not None
        quick = om.action(QUICK_ATTACK)
        assert quick is not None and quick.option("cut") is not None
        option = quick.option("cut")
        assert option is not None
        costs[variant] = option.cost
        before = b.fighters["B"].cp
        events = commit_declaration(b, "B", [Action(QUICK_ATTACK, "cut", "A", 2, "III")])
        declared = next(e for e in events if isinstance(e, Declared))
        assert before - declared.cp_left == option.cost + 2, variant
    assert costs["extra_cp"] == costs["no_reward"] + 2  # quick_attack_cost: 2 (less than the buy, 4)

    # a Quick Attack that lands: no reward by default; with extra_cp the hitter gains initiative
    for variant, symbol, holder in (("no_reward", "quick_hit", None), ("extra_cp", "hit", "B")):
        b = _duel(quick_attack_variant=variant)
        result = exchange(b, [9, 9, 2], {"A": [], "B": [Action(QUICK_ATTACK, "cut", "A", 2, "III")]}, A_HOLDS)
        after = next(e for e in result.events if isinstance(e, InitiativeAfter))
        assert [(r.symbol, r.holder) for r in after.results] == [(symbol, holder)], variant
        assert b.holders == (set() if holder is None else {("B", "A")}), variant


def test_a_double_attack_that_loses_either_contest_strikes_after_both_foes() -> None:
    """Shipped scenario content/scenarios/bouts/double_attack_loses_both.yaml (the rule on): Dario loses
    the contest with Sandro (scripted, 0 to 5), so Paolo's late blow also goes before his; with the rule
    off Dario still strikes Paolo before Paolo's late blow. Every seed (the dice after the contest
    come from it)."""
    scenario = load_scenario(str(files("content") / "scenarios" / "bouts" / "double_attack_loses_both.yaml"))
    for seed in range(1, 7):
        for rule, expected in ((True, ["S", "P", "D", "D"]), (False, ["S", "D", "D", "P"])):
            rules = {"double_attack_loses_both": rule}
            result = run_scenario(scenario.model_copy(update={"house_rules": rules}), seed=seed)
            (contest,) = [e for e in result.events if isinstance(e, ReflexContest) and e.kind == "strike_first"]
            assert (contest.a, contest.b, contest.winner) == ("D", "S", "S")
            assert attack_order(result.events) == expected, (seed, rule)


def _red_red(**rules: object) -> Bout:
    cat = catalog(**rules)
    shielded = {"prof": {"sword_and_shield": 7}, "shield": "medium_shield", "cat": cat}
    return bout(sheet("A", TO=15, side="a", **shielded), sheet("B", TO=15, side="b", cat=cat),  # type: ignore[arg-type]
                sheet("C", TO=15, side="b", cat=cat), cat=cat)


def _composites(b: Bout, fid: str, opp: str, pending: list[Action] | None = None) -> tuple[list[str], bool]:
    om = available_actions(b, fid, pending or []).opponent(opp)
    assert om is not None
    attack = om.action(ATTACK)
    composite = [o.maneuver for o in attack.maneuvers if o.parts] if attack is not None else []
    return composite, om.action(DOUBLE_ATTACK) is not None


def test_composite_maneuvers_only_in_a_red_red_pair_under_the_house_rule() -> None:
    """Design doc "My other house rules": "Another way is to disable such composite manuevers completely
    except in the case of a true red/red situation". A (sword and shield) against B: Aggressive vs
    Cautious (A holds) offers the composites only with the rule off; Aggressive vs Aggressive
    (contested, red/red) offers them either way."""
    for orient, relation in (({"A": "aggressive", "B": "cautious", "C": "cautious"}, "you_hold"),
                             ({"A": "aggressive", "B": "aggressive", "C": "cautious"}, "contested")):
        found = {}
        for rule in (False, True):
            b = _red_red(composite_red_red_only=rule)
            setup(b, ScriptedStream([5] * 40), orient, {"A": "B", "B": "A", "C": "A"})
            assert b.relation("A", "B") == relation
            found[rule] = _composites(b, "A", "B")[0]
        assert found[False], relation
        assert found[True] == (found[False] if relation == "contested" else []), relation


def _bouts(name: str) -> object:
    return load_scenario(str(files("content") / "scenarios" / "bouts" / name))


def test_the_shipped_quick_attack_and_global_scenarios_both_ways() -> None:
    """quick_attack_extra_cp.yaml: Bruno's Quick Attack costs 2 CP more and, landing, gains initiative;
    miss_keeps_global.yaml: Aldo's parried cut keeps his global initiative. Each with the default too."""
    from rules.events import GlobalInitiative
    from rules.scenario.model import ScenarioFile

    quick = _bouts("quick_attack_extra_cp.yaml")
    assert isinstance(quick, ScenarioFile)
    for variant, cost, holders in (("extra_cp", 5, (("B", "A"),)), ("no_reward", 3, ())):
        rules = {**quick.house_rules, "quick_attack_variant": variant}
        result = run_scenario(quick.model_copy(update={"house_rules": rules}))
        declared = next(e for e in result.events if isinstance(e, Declared) and e.fighter == "B")
        assert [(a.action, a.cost) for a in declared.actions] == [("quick_attack", cost)], variant
        after = next(e for e in result.events if isinstance(e, InitiativeAfter))
        assert after.holders == holders, variant

    glob = _bouts("miss_keeps_global.yaml")
    assert isinstance(glob, ScenarioFile)
    for rule, keepers in ((False, ("A", "B")), (True, ("B",))):
        rules = {**glob.house_rules, "miss_loses_global": rule}
        result = run_scenario(glob.model_copy(update={"house_rules": rules}))
        (g,) = [e for e in result.events if isinstance(e, GlobalInitiative)]
        assert g.holders == keepers, rule


def test_the_shipped_red_red_scenario_declares_its_composite_and_a_held_pair_is_refused_it() -> None:
    """composite_red_red_only.yaml: contested (red/red) Aldo declares a Simultaneous Block/Strike under
    the rule; the same declaration against a Cautious Bruno (Aldo holds) is refused under it and
    accepted without it."""
    import pytest

    from rules.scenario.model import FighterSpec, ScenarioFile
    from rules.scenario.runner import ScenarioError

    scenario = _bouts("composite_red_red_only.yaml")
    assert isinstance(scenario, ScenarioFile)
    result = run_scenario(scenario)
    declared = next(e for e in result.events if isinstance(e, Declared) and e.fighter == "A")
    assert [a.maneuver for a in declared.actions] == ["simultaneous_block_strike"]
    bruno = scenario.fighters[1]
    assert isinstance(bruno, FighterSpec)
    held = scenario.model_copy(update={"fighters": [scenario.fighters[0],
                                                    bruno.model_copy(update={"orientation": "cautious"})]})
    with pytest.raises(ScenarioError, match="not available"):
        run_scenario(held)
    run_scenario(held.model_copy(update={"house_rules": {"composite_red_red_only": False}}))


def test_the_shipped_declaration_order_scenario_declares_by_perception() -> None:
    """content/scenarios/bouts/declaration_order_perception.yaml (design doc: "or some other stat such as
    Perception can be used for declaration"): in a contested pair Aldo (Perception 2) declares before Bruno
    (Perception 9); with the default (`reflex`) Bruno (Reflex 4) goes before Aldo (Reflex 6). Every seed
    (the order comes before any die)."""
    scenario = load_scenario(str(files("content") / "scenarios" / "bouts" / "declaration_order_perception.yaml"))
    for seed in range(1, 6):
        for rule, expected in (("perception", ["A", "B"]), ("reflex", ["B", "A"])):
            rules = {**scenario.house_rules, "declaration_order": rule}
            result = run_scenario(scenario.model_copy(update={"house_rules": rules}), seed=seed)
            declared = [e.fighter for e in result.events if isinstance(e, Declared)]
            assert declared[:2] == expected, (seed, rule)
