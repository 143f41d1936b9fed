"""Issue 13 item 4 (design doc "Defend (postemptive)", Song of Swords): a preemptive defence against a foe
who is not his target, declared with an Attack on the target he holds initiative over, stays hidden until
it is rolled: no one else sees it (rules.bout.visible_declaration: the menus, the odds, the AI and the
player view read declarations only through it), the log line shows neither it nor the CP left, and it
still defends. Shipped scenario: content/scenarios/bouts/postemptive_defence.yaml."""

from __future__ import annotations

from importlib.resources import files

from rules.bout import ATTACK, DEFEND_PREEMPTIVE, POSTEMPTIVE, Action, Bout, visible_declaration
from rules.declare import commit_declaration
from rules.dice import SeededStream
from rules.events import Attack, Declared
from rules.log import describe
from rules.menu import available_actions
from rules.scenario import load_scenario, run_scenario
from tests.rules.helpers import bout, setup, sheet

ORIENT = {"A": "cautious", "X": "cautious", "T": "defensive"}
TARGETS = {"A": "T", "X": "A", "T": "A"}


def _three() -> Bout:
    return bout(
        sheet("A", prof={"sword_and_shield": 7}, shield="medium_shield", side="left", AG=5, WT=5),
        sheet("X", prof={"cut_and_thrust": 7}, side="right", AG=7, WT=7),
        sheet("T", side="right"),
    )


def test_a_postemptive_defence_is_hidden_from_everyone_else_until_rolled() -> None:
    b = _three()
    setup(b, SeededStream(1, "combat"), ORIENT, TARGETS)
    assert b.relation("A", "T") == "you_hold" and b.relation("X", "A") == "you_hold"
    assert b.next_declarer() == "A"
    # the maneuver menu says so once the attack on his target is chosen (its description: flavour)
    cut = Action(ATTACK, "cut", "T", 3, "III")
    for pending, flavour in (([], ""), ([cut], POSTEMPTIVE)):
        om = available_actions(b, "A", pending).opponent("X")
        assert om is not None
        preempt = om.action(DEFEND_PREEMPTIVE)
        assert preempt is not None and preempt.flavour == flavour
        assert b.catalog.descriptions.flavours.get(flavour or "steal")
    target_menu = available_actions(b, "A", [cut]).opponent("T")
    assert target_menu is not None
    on_target = target_menu.action(DEFEND_PREEMPTIVE)
    assert on_target is None or on_target.flavour == ""
    events = commit_declaration(b, "A", [
        Action(ATTACK, "cut", "T", 3, "III"), Action(DEFEND_PREEMPTIVE, "block", "X", 4),
    ])
    assert [c.flavour for c in b.declarations["A"]] == ["", POSTEMPTIVE]
    assert [s.maneuver for s in visible_declaration(b, "A", "A")] == ["cut", "block"]  # his own: all
    for viewer in ("X", "T"):
        assert [s.maneuver for s in visible_declaration(b, viewer, "A")] == ["cut"], viewer
    declared = next(e for e in events if isinstance(e, Declared))
    assert describe(declared, {"A": "Aldo", "T": "Tomas"}) == "Aldo declares Cut Tomas 3d at III (cost 3)"


def test_a_preemptive_defence_against_the_target_or_without_initiative_stays_public() -> None:
    b = _three()
    setup(b, SeededStream(1, "combat"), ORIENT, TARGETS)
    # a defence against his own target is not postemptive (only against another foe)
    commit_declaration(b, "A", [Action(ATTACK, "cut", "T", 3, "III"), Action(DEFEND_PREEMPTIVE, "block", "T", 4)])
    assert [c.flavour for c in b.declarations["A"]] == ["", ""]
    assert [s.maneuver for s in visible_declaration(b, "X", "A")] == ["cut", "block"]


def test_the_shipped_scenario_rolls_the_hidden_block_against_the_foe_who_attacks() -> None:
    scenario = load_scenario(str(files("content") / "scenarios" / "bouts" / "postemptive_defence.yaml"))
    for seed in range(1, 7):
        result = run_scenario(scenario, seed=seed)
        names = result.names
        lines = [describe(e, names) for e in result.events if isinstance(e, Declared) and e.fighter == "A"]
        assert lines == ["Aldo declares Cut Tomas 3d at III (cost 3)"], seed
        on_aldo = next(e for e in result.events if isinstance(e, Attack) and e.attacker == "X")
        assert on_aldo.defence is not None and on_aldo.defence.maneuver == "block", seed


def test_the_ai_hides_its_reserve_in_a_postemptive_defence_against_a_threat() -> None:
    """Issue 13 item 4 for the AI (rules.ai._postemptive): holding initiative over its target T in
    exchange 1, with X targeting it and not declared yet, A attacks T and puts the CP it keeps back
    into a defence against X that X does not see; it then defends against X's attack."""
    from rules.ai import suggest_declaration
    from rules.declare import commit_declaration as commit
    from rules.events import Refunded

    for seed in range(1, 6):
        b = _three()
        setup(b, SeededStream(seed, "combat"), ORIENT, TARGETS)
        chosen = suggest_declaration(b, "A")
        assert [a.action for a in chosen] == [ATTACK, DEFEND_PREEMPTIVE], seed
        attack, hidden = chosen
        assert (attack.opponent, hidden.opponent) == ("T", "X") and hidden.dice >= 1
        commit(b, "A", chosen)
        assert [c.flavour for c in b.declarations["A"]] == ["", POSTEMPTIVE]
        assert [c.action for c in visible_declaration(b, "X", "A")] == [ATTACK]  # X sees only the attack
        # the hidden defence is rolled against X's cut, not refunded
        from rules.exchange import resolve_exchange
        commit(b, "X", [Action(ATTACK, "cut", "A", 3, "III")])
        commit(b, "T", [])
        events = resolve_exchange(b, SeededStream(seed, "combat")).events
        on_a = [e for e in events if isinstance(e, Attack) and e.defender == "A"]
        assert on_a and on_a[0].defence is not None and on_a[0].defence.maneuver == hidden.maneuver
        assert not [e for e in events if isinstance(e, Refunded) and e.fighter == "A"]


def test_the_ai_hides_nothing_without_initiative_over_its_target() -> None:
    """A preemptive defence there would be public (rules.declare): the AI keeps its reserve loose."""
    from rules.ai import suggest_declaration

    b = _three()
    setup(b, SeededStream(1, "combat"), {"A": "aggressive", "X": "cautious", "T": "aggressive"}, TARGETS)
    assert b.relation("A", "T") == "contested"
    assert [a.action for a in suggest_declaration(b, "A")] == [ATTACK]
