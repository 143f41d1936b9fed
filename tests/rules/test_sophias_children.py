"""sophias_children end to end: every worked example of document 001 as a scenario file, the command
line, the fold (replaying the events onto a fresh bout rebuilds the state), determinism, and an AI
fight to the end."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest

from rules.bout import Bout
from rules.content import ContentErrors
from rules.events import Event, ShockApplied, WoundTaken
from rules.fighter import FighterState
from rules.scenario import ScenarioError, ScenarioResult, load_scenario, run_scenario
from rules.sophias_children import events as sev
from rules.sophias_children.state import OVER, ScBout
from rules.sophias_children.system import SophiasChildren
from rules.systems import SYSTEMS, describer, system

EXAMPLES = files("content") / "scenarios" / "systems" / "sophias_children"
SHIPPED = sorted(p.name for p in EXAMPLES.iterdir() if p.name.endswith(".yaml"))
WORKED = [name for name in SHIPPED if name[:2].isdigit()]  # the document's examples; the rest: arenas
THREE_WAY = Path(str(files("content") / "scenarios" / "bouts" / "three_way.yaml"))


def run(path: Path, seed: int | None = None) -> ScenarioResult:
    return run_scenario(load_scenario(path), seed=seed, system_name="sophias_children")


def example(name: str) -> Path:
    return Path(str(EXAMPLES / name))


def test_registered() -> None:
    assert "sophias_children" in SYSTEMS
    assert system("sophias_children").name == "sophias_children"


def test_every_worked_example_is_shipped() -> None:
    # document 001's examples: surprise #1, #2, #3 (with the initiative, First Action #1 and pool #2
    # examples of the same scene), First Action #3 (the bidding), the Interrupts example, the end of a round
    assert len(WORKED) == 6


@pytest.mark.parametrize("name", WORKED)
def test_every_worked_example_reproduces(name: str) -> None:
    result = run(example(name))  # raises ScenarioError if any expectation in the file fails
    assert result.dice_left == 0  # every scripted die was used, in the order the rules roll them


def test_merry_thieves_pools_and_interrupt_war() -> None:
    result = run(example("05_merry_thieves_interrupts.yaml"))
    pools = [e for e in result.events if isinstance(e, sev.PoolsSet)]
    assert pools[0].pools == (("thieves", 6), ("gang", 8))
    bids = [(e.unit, e.amount, e.counter) for e in result.events if isinstance(e, sev.InterruptBid)]
    assert bids[:6] == [("F1", 0, False), ("thugs", 2, False), ("F2", 2, True), ("thugs", 4, False),
                        ("F2", 4, True), ("thugs", 0, False)]
    settled = [e for e in result.events if isinstance(e, sev.InterruptSettled)]
    assert (settled[0].winner, settled[0].paid) == ("F2", (("gang", 4), ("thieves", 4)))
    assert (settled[1].winner, settled[1].paid) == ("thugs", (("gang", 3),))
    assert ScBout(result.bout).sc.pools == {"thieves": 2, "gang": 1}


def test_francis_spends_his_whole_pool_for_first_action() -> None:
    result = run(example("04_francis_bids_for_first_action.yaml"))
    assert ScBout(result.bout).sc.pools == {"assassins": 5, "francis": 0}
    won = next(e for e in result.events if isinstance(e, sev.FirstActionWon))
    assert won.side == "francis" and dict(won.paid) == {"assassins": 1, "francis": 3}


def test_a_failed_expectation_is_reported(tmp_path: Path) -> None:
    text = example("04_francis_bids_for_first_action.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("pools: {francis: 0, assassins: 5}", "pools: {francis: 1, assassins: 5}"),
                   encoding="utf-8")
    with pytest.raises(ScenarioError, match="francis's Initiative Pool is 0, not 1"):
        run(bad)


def test_a_script_item_that_never_comes_due_is_reported(tmp_path: Path) -> None:
    text = example("02_ambush_of_the_thugs.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("    - {who: Francis, designate: MaA}\n",
                                "    - {who: Francis, designate: MaA}\n    - {who: T1, interrupt: 1}\n"),
                   encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"script item 2 \(T1's interrupt\) never came due"):
        run(bad)


def test_a_bad_script_item_names_file_line_and_column(tmp_path: Path) -> None:
    text = example("04_francis_bids_for_first_action.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("- {who: Francis, bid: 3}", "- {who: Francis, bid: 3, designate: A1}"),
                   encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        load_scenario(bad)
    error = caught.value.errors[0]
    assert error.line is not None and error.line > 20
    assert "sophias_children.script[1]" in error.path and "exactly one of" in error.message


def test_scripted_faces_that_no_d6_can_show_are_a_clear_error(tmp_path: Path) -> None:
    text = example("04_francis_bids_for_first_action.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("  3, 4,      # surprise", "  9, 4,      # surprise"), encoding="utf-8")
    with pytest.raises(ScenarioError, match="scripted face 9 used for a d6 roll"):
        run(bad)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rules.scenario", *args], capture_output=True, text=True,
                          timeout=120)


def test_command_line_prints_the_systems_log() -> None:
    done = cli(str(example("05_merry_thieves_interrupts.yaml")), "--system", "sophias_children")
    assert done.returncode == 0, done.stderr
    assert "Round 1: Thief has First Action (highest initiative)" in done.stdout
    assert "Second Fighter keeps the action (from the pools: gang 4, thieves 4)" in done.stdout
    done = cli(str(example("06_francis_end_of_round.yaml")), "--system", "sophias_children", "--json")
    assert done.returncode == 0, done.stderr
    types = {e["type"] for e in json.loads(done.stdout)["events"]}
    assert {"sc_initiative", "sc_pools", "sc_bid", "sc_first_won", "sc_designate", "sc_interrupt",
            "sc_attack", "sc_round_end"} <= types


def test_three_way_fights_to_an_end_in_every_seed() -> None:
    for seed in range(8):
        result = run(THREE_WAY, seed)
        view = ScBout(result.bout)
        assert view.sc.phase == OVER, f"seed {seed}"
        standing = {s.sheet.side for s in view.fighters.values() if view.fit(s.id)}
        assert len(standing) <= 1, f"seed {seed}"
        assert any(isinstance(e, sev.ScAttack) for e in result.events)
        assert any(isinstance(e, sev.BoutOver) for e in result.events)


def test_the_arena_of_squads_fights_to_an_end_in_every_seed() -> None:
    path = example("arena_party_against_goblins.yaml")
    for seed in range(6):
        result = run(path, seed)  # its file expects "The fight is over" in the log
        view = ScBout(result.bout)
        standing = {s.sheet.side for s in view.fighters.values() if view.fit(s.id)}
        assert len(standing) == 1, f"seed {seed}"
        assert any(isinstance(e, sev.MemberUp) for e in result.events), f"seed {seed}"


def test_same_seed_same_events() -> None:
    a = [e.to_dict() for e in run(THREE_WAY, 3).events]
    b = [e.to_dict() for e in run(THREE_WAY, 3).events]
    c = [e.to_dict() for e in run(THREE_WAY, 4).events]
    assert a == b
    assert a != c


def refold(result: ScenarioResult) -> Bout:
    """A fresh bout of the same fighters with every event folded onto it: no rules call, no dice."""
    sc_system = SophiasChildren()
    fresh = sc_system.new_bout(result.bout.catalog, [FighterState(s.sheet) for s in result.bout.fighters.values()])
    for event in result.events:
        sc_system.fold(event, fresh.fighters, fresh)
    return fresh


def state_of(bout: Bout) -> tuple[object, ...]:
    return (ScBout(bout).sc.snapshot(), {fid: s.snapshot() for fid, s in bout.fighters.items()},
            sorted(bout.left), bout.members())


@pytest.mark.parametrize("name", SHIPPED)
def test_folding_the_events_rebuilds_the_state(name: str) -> None:
    result = run(example(name))
    assert state_of(refold(result)) == state_of(result.bout)


def test_folding_an_ai_fight_rebuilds_the_state() -> None:
    for seed in (1, 2, 3):
        result = run(THREE_WAY, seed)
        assert state_of(refold(result)) == state_of(result.bout)


def test_every_event_has_a_log_line_or_is_silent_on_purpose() -> None:
    describe = describer("sophias_children")
    result = run(example("06_francis_end_of_round.yaml"))
    # the wound is told in the attack's line; shock has no effect in this system; the rest is bookkeeping
    silent: set[type[Event]] = {sev.CombatantJoined, sev.DefenceChosen, sev.ActionsReported, WoundTaken,
                                ShockApplied}
    for event in result.events:
        line = describe(event, result.names)
        if type(event) in silent or (isinstance(event, sev.ActionDone) and event.fighter is not None):
            continue
        if isinstance(event, sev.ActionChosen) and event.kind == "attack":
            continue
        if isinstance(event, sev.InterruptBid) and event.amount == 0 and not event.counter:
            continue
        assert line, event
