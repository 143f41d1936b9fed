"""The two queues and the overwatch stack (SPEC §4.5), from the design doc's own examples."""

from __future__ import annotations

from rules.bout import ATTACK, DEFEND, Action
from rules.dice import SeededStream
from tests.rules.helpers import attack_order, attacks, bout, exchange, sheet

# Toughness 15 everywhere: every blow glances off, so order tests never lose an attacker to a wound


def test_overwatch_chain_resolves_d_c_b_then_a() -> None:
    # A attacks E with initiative; B overwatches A, C overwatches B, D overwatches C (design doc example)
    fighters = [
        sheet("A", AG=9, WT=9, TO=15), sheet("B", AG=7, WT=7, TO=15), sheet("C", AG=5, WT=5, TO=15),
        sheet("D", AG=3, WT=3, TO=15), sheet("E", AG=2, WT=2, TO=15),
    ]
    b = bout(*fighters)
    decl = {
        "A": [Action(ATTACK, "cut", "E", 3, "III")],
        "B": [Action(ATTACK, "cut", "A", 3, "III")],
        "C": [Action(ATTACK, "cut", "B", 3, "III")],
        "D": [Action(ATTACK, "cut", "C", 3, "III")],
    }
    ori = {"A": "aggressive", "B": "aggressive", "C": "aggressive", "D": "aggressive", "E": "defensive"}
    targets = {"A": "E", "B": "A", "C": "B", "D": "C", "E": "A"}
    result = exchange(b, SeededStream(1, "combat"), decl, ori, targets)
    assert attack_order(result.events) == ["D", "C", "B", "A"]


def test_three_way_ring_resolves_in_rule_order() -> None:
    # A targets B, B targets C, C targets A: everyone overwatches his target. Considering A (highest
    # Reflex) stacks C (over A), then B (over C); B's own overwatcher is A, already on the stack.
    b = bout(sheet("A", AG=8, WT=8, TO=15), sheet("B", AG=6, WT=6, TO=15), sheet("C", AG=4, WT=4, TO=15))
    decl = {
        "A": [Action(ATTACK, "cut", "B", 3, "III")],
        "B": [Action(ATTACK, "cut", "C", 3, "III")],
        "C": [Action(ATTACK, "cut", "A", 3, "III")],
    }
    ori = dict.fromkeys("ABC", "aggressive")
    result = exchange(b, SeededStream(2, "combat"), decl, ori, {"A": "B", "B": "C", "C": "A"})
    assert attack_order(result.events) == ["B", "C", "A"]


def test_initiative_queue_before_non_initiative_queue() -> None:
    # B (Reflex 8) attacks A without initiative; A (Reflex 3) holds initiative over B: A goes first
    b = bout(sheet("A", AG=3, WT=3, TO=15), sheet("B", AG=8, WT=8, TO=15))
    decl = {"A": [Action(ATTACK, "cut", "B", 3, "III")], "B": [Action("no_initiative", "cut", "A", 3, "III")]}
    result = exchange(b, SeededStream(3, "combat"), decl, {"A": "aggressive", "B": "cautious"})
    assert attack_order(result.events) == ["A", "B"]


def test_defence_is_rolled_with_the_attack_it_meets() -> None:
    b = bout(sheet("A", AG=3, WT=3, TO=15), sheet("B", AG=3, WT=3, TO=15))
    decl = {"A": [Action(ATTACK, "cut", "B", 3, "III")], "B": [Action(DEFEND, "parry", "A", 3)]}
    result = exchange(b, [9, 9, 9, 7, 7, 7], decl, {"A": "aggressive", "B": "cautious"})
    (attack,) = attacks(result.events)
    assert attack.successes == 3 and attack.defence is not None and attack.defence.successes == 3
    assert attack.mos == 0 and not attack.hit
    assert b.holders == {("B", "A")}  # a successful parry takes initiative
