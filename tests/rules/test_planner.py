"""The planner: every choice it makes is legal (2-6 fighters, 2-4 sides, every initiative model and
the house rules that change the menus), the same stream gives the same choice, deciding leaves the
bout untouched, and explain() names the chosen maneuver."""

from __future__ import annotations

from functools import partial

import pytest

from rules.bout import Bout
from rules.deciders import DECISION_MAKERS, decision_maker
from rules.declare import commit_declaration
from rules.dice import SeededStream
from rules.exchange import resolve_exchange
from rules.fighter import FighterSheet
from rules.planner import Budget, Planner, bench
from rules.planner.clone import clone_bout, snapshot
from rules.planner.explain import describe
from rules.planner.rollout import Tally
from tests.rules.planner_helpers import INITIATIVE_MODELS, random_bout

QUICK = Budget(rounds=(1, 1), keep=(3,), orientation_samples=1, target_samples=1)


def _over(bout: Bout) -> bool:
    return not any(bout.foes(f) for f in bout.roster())


def _drive(bout: Bout, planner: Planner, seed: int, exchanges: int) -> int:
    """Everyone decides by the planner; every choice is checked against the rules. Returns the
    number of declarations made."""
    stream = SeededStream(seed, "planner")
    combat = SeededStream(seed, "combat")
    declared = 0
    for _ in range(exchanges):
        if _over(bout):
            break
        for fid in bout.orientation_due():
            before = snapshot(bout)
            choice = planner.orientation(bout, fid, stream)
            assert snapshot(bout) == before
            assert choice in bout.orientation_choices()
            bout.choose_orientation(fid, choice)

        def chooser(fid: str) -> str | None:
            before = snapshot(bout)
            target = planner.target(bout, fid, stream)
            assert snapshot(bout) == before
            legal = bout.legal_targets(fid)
            assert target in legal if legal else target is None
            return target

        bout.finish_targeting(combat, chooser)
        while (declarer := bout.next_declarer()) is not None:
            before = snapshot(bout)
            actions = planner.declaration(bout, declarer, stream)
            assert snapshot(bout) == before, "deciding changed the bout"
            commit_declaration(bout, declarer, actions)  # raises IllegalAction if the planner cheated
            declared += 1
        resolve_exchange(bout, combat)
    return declared


def _start(bout: Bout, planner: Planner, stream: SeededStream) -> None:
    for fid in bout.orientation_due():
        bout.choose_orientation(fid, planner.orientation(bout, fid, stream))
    bout.finish_targeting(stream, partial(planner.target, bout, stream=stream))


def test_registered() -> None:
    assert "planner" in DECISION_MAKERS and "baseline" in DECISION_MAKERS
    assert decision_maker("planner").name == "planner"
    assert decision_maker("planner_fast").name == "planner_fast"


@pytest.mark.parametrize("model", INITIATIVE_MODELS)
@pytest.mark.parametrize(("fighters", "sides"), [(2, 2), (3, 3), (4, 2), (5, 3), (6, 4)])
def test_every_choice_is_legal(model: str, fighters: int, sides: int) -> None:
    planner = Planner(QUICK)
    declared = 0
    for seed in range(3):
        bout = random_bout(seed + 10 * fighters, fighters, sides, initiative_model=model)
        declared += _drive(bout, planner, seed, 8)
    assert declared > 0


@pytest.mark.parametrize("rules", [
    {"quick_attack": True}, {"declare_roots_only": True}, {"allow_not_buying": False},
    {"allow_force_enter": False}, {"stance_bonus": True}, {"mutual_hit_winner": "last_hitter"},
])
def test_legal_under_house_rules(rules: dict[str, object]) -> None:
    planner = Planner(QUICK)
    for seed in range(3):
        bout = random_bout(seed, 2 + seed, 2 + seed % 2, **rules)
        assert _drive(bout, planner, seed, 6) > 0


def test_legal_with_the_default_budget() -> None:
    planner = Planner()
    for seed, (n, sides) in enumerate([(2, 2), (3, 3), (4, 2)]):
        assert _drive(random_bout(seed + 40, n, sides), planner, seed, 4) > 0


def test_same_stream_same_choice() -> None:
    for seed in range(4):
        bout = random_bout(seed + 3, 3, 3)
        planner = Planner()
        walk = SeededStream(seed, "walk")
        _start(bout, planner, walk)
        fid = bout.next_declarer()
        assert fid is not None
        twin = clone_bout(bout)
        s1, s2 = SeededStream(seed, "same"), SeededStream(seed, "same")
        first = Planner().declaration(bout, fid, s1)
        second = Planner().declaration(twin, fid, s2)
        assert first == second and s1.draws == s2.draws
        assert Planner().orientation(bout, fid, SeededStream(seed, "o")) == Planner().orientation(
            twin, fid, SeededStream(seed, "o"))


def test_explain_names_the_chosen_maneuver() -> None:
    explained = 0
    for seed in range(6):
        bout = random_bout(seed + 20, 2, 2)
        planner = Planner()
        stream = SeededStream(seed, "planner")
        _start(bout, planner, stream)
        while (declarer := bout.next_declarer()) is not None:
            actions = planner.declaration(bout, declarer, stream)
            text = planner.explain(bout, declarer)
            assert text and "\n" not in text
            if actions:
                for a in actions:
                    assert bout.catalog.maneuvers[a.maneuver].name in text
                explained += 1
                if any(a.opponent == bout.targets.get(declarer) and a.zone for a in actions):
                    assert "% to land" in text and "CP" in text
            else:
                assert text.startswith("Do Nothing")
            commit_declaration(bout, declarer, actions)
    assert explained > 0


def test_legal_with_a_fighter_arriving_mid_round_and_limited_reach() -> None:
    planner = Planner(QUICK)
    chose_for_arrival = 0
    for seed in range(6):
        bout = random_bout(seed + 60, 4, 2)
        # a line: f0 - f1 - f2 - f3 (each reaches only his neighbours)
        bout.set_reach({"f0": ["f1"], "f1": ["f0", "f2"], "f2": ["f1", "f3"], "f3": ["f2"]})
        stream = SeededStream(seed, "planner")
        _start(bout, planner, stream)
        newcomer = random_bout(seed + 61, 1, 1).fighters["f0"].sheet
        arrival = FighterSheet.build(bout.catalog, id="late", side="s1", weapon=newcomer.weapon.id if
                                     newcomer.weapon else None, proficiencies=dict(newcomer.proficiencies),
                                     attributes=newcomer.attributes)
        bout.arrive(arrival)
        bout.set_reach({"f0": ["f1", "late"], "late": ["f0"], "f1": ["f0", "f2"], "f2": ["f1", "f3"],
                        "f3": ["f2"]})
        while (declarer := bout.next_declarer()) is not None:
            actions = planner.declaration(bout, declarer, stream)
            commit_declaration(bout, declarer, actions)
            if declarer == "late":
                chose_for_arrival += 1
                assert all(a.action != "attack" for a in actions)  # an arrival has no plain attack
        resolve_exchange(bout, SeededStream(seed, "combat"))
        assert _drive(bout, planner, seed, 4) >= 0
    assert chose_for_arrival == 6


def test_bench_measures_every_kind_of_decision() -> None:
    times = bench.measure(Planner(QUICK), 3, 3, 1, 2)
    assert times["orientation"] and times["target"] and times["declaration"]
    assert all(cpu >= 0 and wall >= 0 for kind in times.values() for cpu, wall in kind)


def test_a_preview_before_its_turn_changes_nothing() -> None:
    previews = 0
    for seed in range(4):
        bout = random_bout(seed + 80, 3, 3)
        planner = Planner(QUICK)
        _start(bout, planner, SeededStream(seed, "start"))
        order = bout.declaration_order()
        last = order[-1]
        before = snapshot(bout)
        actions = planner.declaration(bout, last, SeededStream(seed, "preview"))
        assert snapshot(bout) == before and bout.next_declarer() == order[0]
        text = planner.explain(bout, last)
        assert text and "no chance seen" not in text  # the samples played the candidates through
        previews += bool(actions)
    assert previews > 0


@pytest.mark.parametrize("model", INITIATIVE_MODELS)
def test_never_an_orientation_that_cannot_defend_against_two_foes(model: str) -> None:
    """With two or more foes able to attack him, the planner never picks Aggressive (a red throw): it
    could not defend at all. Against one foe it may."""
    planner = Planner(QUICK)
    picked: dict[int, set[str]] = {2: set(), 3: set()}
    for seed in range(12):
        for fighters in (2, 3):
            bout = random_bout(seed, fighters, fighters, initiative_model=model)
            for fid in bout.orientation_due():
                picked[fighters].add(planner.orientation(bout, fid, SeededStream(seed, "t")))
    never = {"aggressive", "red"}
    assert picked[3] and not picked[3] & never, picked
    assert picked[2] & never, picked  # (the duel still weighs it, and takes it sometimes)


def test_a_do_nothing_for_one_who_joined_mid_exchange_says_why() -> None:
    """A newcomer who joins a bout mid-round is offered no plain attack that exchange; when the suggestion is
    Do Nothing, its line says so (a playtest: "Do Nothing: keeps 12 CP", and no why)."""
    for seed in range(4):
        bout = random_bout(seed + 60, 2, 2)
        _start(bout, Planner(QUICK), SeededStream(seed, "planner"))
        newcomer = random_bout(seed + 61, 1, 1).fighters["f0"].sheet
        bout.arrive(FighterSheet.build(bout.catalog, id="late", side="s1", weapon=newcomer.weapon.id if
                                       newcomer.weapon else None, proficiencies=dict(newcomer.proficiencies),
                                       attributes=newcomer.attributes))
        assert "late" in bout.arrivals
        cp = bout.fighters["late"].cp
        text = describe(bout, "late", [], Tally())
        assert text.startswith("Do Nothing: you joined mid-exchange, with no initiative to attack with")
        assert text.endswith(f"keeps {cp} CP")
        assert "joined" not in describe(bout, "f0", [], Tally())  # one who was there from the start
