"""The markers a table-top player puts by a miniature (issue 14), as the combat systems' optional
`marks(bout)` gives them: Combat basics' stumbling and dazed with their turns left, readied and delayed,
followed through its worked examples (the file's scripted dice, its events folded one by one onto a fresh
bout); Sophia's Children's Stunned and Dying. Each is read off the state the rules keep."""

from __future__ import annotations

from pathlib import Path

from rules.bout import Bout
from rules.combat_basics import events as ev
from rules.combat_basics.fold import apply
from rules.combat_basics.hosted import HostedCombatBasics, as_cb
from rules.combat_basics.scenario import ScenarioFile, build, load, run
from rules.combat_basics.state import ENTER, Readied
from rules.combat_basics.system import CombatBasics
from rules.combat_basics.table import marks
from rules.content import default_catalog
from rules.decisions import ACTION, DEFENCE, DESIGNATE
from rules.dice import SeededStream
from rules.sophias_children.state import ScBout
from rules.systems import system
from tests.rules.test_sophias_children_rules import Row, Script, fight

FOLDER = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "systems" / "combat_basics"
Marks = tuple[tuple[str, str], ...]


def walk(name: str) -> list[Marks]:
    """The scenario's marks after each of its events, each change once (it must still pass)."""
    spec = load(FOLDER / name)
    result = run(spec)
    assert result.failures == []
    bout = build(spec, default_catalog(), CombatBasics())
    seen: list[Marks] = [marks(bout)]
    for event in result.events:
        apply(event, bout)
        if marks(bout) != seen[-1]:
            seen.append(marks(bout))
    return seen


def test_a_daze_of_even_and_of_odd_seconds_counts_down_then_goes() -> None:
    # Bea dazed 2 s, Cid 3 s (one turn each): Bea's ends with her lost turn; Cid's odd daze leaves him
    # defenceless ("dazed", no turns left) until his round-2 turn starts
    assert walk("15_daze_even_and_odd.yaml") == [
        (), (("B", "dazed 1"),), (("B", "dazed 1"), ("C", "dazed 1")), (("B", "dazed"), ("C", "dazed 1")),
        (("C", "dazed 1"),), (("C", "dazed"),), (),
    ]


def test_a_five_second_daze_shows_each_turn_left() -> None:
    assert walk("14_effect_five_seconds.yaml") == [(), (("B", "dazed 2"),), (("B", "dazed 1"),), (("B", "dazed"),), ()]


def test_a_stumble_is_marked_until_it_ends() -> None:
    assert walk("16_stumble_in_cluster.yaml") == [(), (("B", "stumbling 1"),), (("B", "stumbling"),), ()]
    assert walk("18_stumbling_melee_only_back.yaml")[1] == (("B", "stumbling 1"),)
    assert walk("17_stumble_diagonal.yaml")[-1] == (("B", "stumbling 1"), ("D", "stumbling 1"))


def test_readied_until_triggered_or_lost_and_delayed_until_the_turn_comes_back() -> None:
    assert walk("03_readied_enter_square.yaml")[:3] == [(), (("A", "readied"),), ()]
    assert walk("04_readied_action_lost.yaml") == [(), (("A", "readied"),), ()]
    # Arn delays after Bea; Bea delays too; each mark goes when his turn comes back
    assert walk("02_delay_after_and_before.yaml") == [
        (), (("A", "delayed"),), (("B", "delayed"), ("A", "delayed")), (("A", "delayed"),), (),
    ]


def test_no_marks_for_the_fallen_and_for_a_new_round() -> None:
    spec = load(FOLDER / "15_daze_even_and_odd.yaml")
    bout = run(spec).bout
    assert marks(bout) == ()
    bout.cb["A"].delayed = True  # a delay left over is cleared when a round begins (the fold)
    apply(ev.RoundBegan(bout.round + 1), bout)
    assert marks(bout) == ()
    bout.cb["B"].readied = Readied(ENTER, bout.cb["B"].pos)
    assert marks(bout) == (("B", "readied"),)
    bout.fighters["B"].unconscious = True
    assert marks(bout) == ()


def test_only_the_systems_with_markers_have_the_method() -> None:
    assert callable(getattr(system("combat_basics"), "marks", None))
    assert callable(getattr(system("sophias_children"), "marks", None))
    assert getattr(system("tros_sos"), "marks", None) is None  # the design doc's bout: its own indicators


def test_sophias_children_marks_the_stunned_and_the_dying() -> None:
    rows: list[Row] = [("A", "red", "leader", 1, 3), ("B", "blue", "leader", 1, 3), ("C", "red", "leader", 1, 1)]
    script: Script = [("A", ACTION, "swing:B"), ("B", DEFENCE, "full_evasion"), ("A", DESIGNATE, "C")]
    sc_system, bout, _ = fight(rows, [6, 1, 1, 6, 1, 2, 3, 4, 5, 1, 1, 5], script)
    assert ScBout(bout).has("B", "stunned")  # his dodge held, but left him Stunned
    assert sc_system.marks(bout) == (("B", "Stunned"),)
    bout.fighters["C"].unconscious = True
    assert sc_system.marks(bout) == (("B", "Stunned"), ("C", "Dying"))
    bout.fighters["C"].dead = True
    assert sc_system.marks(bout) == (("B", "Stunned"),)


def _hosted_bout(spec: ScenarioFile, ids: tuple[str, ...]) -> Bout:
    """The file's first fighters renamed to ``ids``, as a world's bout in its first round."""
    fighters = [f.model_copy(update={"id": fid}) for fid, f in zip(ids, spec.fighters, strict=False)]
    cb = build(spec.model_copy(update={"fighters": fighters}), default_catalog(), CombatBasics())
    bout = Bout(default_catalog(), list(cb.fighters.values()))
    bout.system_state = cb
    CombatBasics().advance(as_cb(bout), SeededStream(1, "combat"))
    return bout


def test_a_delay_is_not_carried_into_a_bout_he_joins_for_its_next_round() -> None:
    spec = load(FOLDER / "15_daze_even_and_odd.yaml")
    into, other = _hosted_bout(spec, ("A", "B")), _hosted_bout(spec, ("C", "D"))
    as_cb(other).cb["C"].delayed = True  # he delayed in his old bout, his turn not come back yet
    assert marks(as_cb(other)) == (("C", "delayed"),)
    HostedCombatBasics().merge(into, other)
    for fid in ("C", "D"):  # then the world adds his bout's members (its `BoutSynced` fold)
        into.add_fighter(other.fighters[fid])
    assert "C" in as_cb(into).done and marks(as_cb(into)) == ()  # his turn comes next round, with no delay
