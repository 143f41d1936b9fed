"""Full Evasion without room to evade (research §3: "without usable terrain, terrain roll TN 7, fail =
prone, botch = 6 ft fall"): a cornered fighter (`Bout.set_cornered`, fed by the world) must set aside
terrain dice with it, rolled at `full_evasion_terrain_tn` as the exchange resolves; no success (or a
botch) and he goes down, prone with his CP halved, while his evasion still stands. With room: no roll."""

from __future__ import annotations

import pytest

from rules import ai
from rules.bout import ATTACK, DEFEND, Action, Bout, IllegalAction
from rules.declare import commit_declaration
from rules.dice import ScriptedStream, SeededStream
from rules.events import Attack, Declared, RoundEnded, TerrainRoll
from rules.exchange import resolve_exchange
from rules.log import describe
from rules.menu import build_menu, option_terrain_dice
from rules.planner.candidates import declaration_candidates
from tests.rules.helpers import bout, setup, sheet

ORI = {"A": "aggressive", "D": "defensive"}
TARGETS = {"A": "D", "D": "A"}


def _pair(cornered: bool) -> Bout:
    b = bout(sheet("A", side="foes"), sheet("D", AG=6, WT=6, prof={"cut_and_thrust": 8}))
    if cornered:
        b.set_cornered(["D"])
    return b


def _attacked(b: Bout, stream: ScriptedStream | SeededStream) -> None:
    """A declares a cut on D; D is next to declare."""
    setup(b, stream, ORI, TARGETS)
    commit_declaration(b, "A", [Action(ATTACK, "cut", "D", 4, "III")])


def _evasion(b: Bout) -> tuple[int, int]:
    """(dice_max, terrain_tn) of D's Full Evasion option against A."""
    om = build_menu(b, "D").opponent("A")
    assert om is not None
    defend = om.action(DEFEND)
    assert defend is not None
    option = defend.option("full_evasion")
    assert option is not None
    return option.dice_max, option.terrain_tn


def test_the_menu_says_a_cornered_full_evasion_needs_terrain_dice() -> None:
    free, cornered = _pair(False), _pair(True)
    for b in (free, cornered):
        _attacked(b, ScriptedStream([]))
    top, tn = _evasion(free)
    assert tn == 0  # room to evade: today's Full Evasion
    assert _evasion(cornered) == (top - 1, 7)  # one die kept aside for the terrain roll at TN 7


def test_a_cornered_full_evasion_without_terrain_dice_is_refused() -> None:
    b = _pair(True)
    _attacked(b, ScriptedStream([]))
    cp = b.fighters["D"].cp
    with pytest.raises(IllegalAction, match="terrain die"):
        commit_declaration(b, "D", [Action(DEFEND, "full_evasion", None, 5)])
    assert "D" not in b.declarations and b.fighters["D"].cp == cp  # nothing half-committed
    (declared,) = commit_declaration(b, "D", [Action(DEFEND, "full_evasion", None, 5, terrain_dice=2)])
    assert isinstance(declared, Declared) and declared.cp_left == cp - 7  # the terrain dice cost CP too
    assert declared.actions[0].terrain_dice == 2


def test_with_room_to_evade_no_terrain_dice_and_no_roll() -> None:
    b = _pair(False)
    stream = SeededStream(3, "combat")
    _attacked(b, stream)
    with pytest.raises(IllegalAction):  # terrain dice are for force-enters and cornered evasions only
        commit_declaration(b, "D", [Action(DEFEND, "full_evasion", None, 5, terrain_dice=2)])
    commit_declaration(b, "D", [Action(DEFEND, "full_evasion", None, 5)])
    events = resolve_exchange(b, stream).events
    assert not [e for e in events if isinstance(e, TerrainRoll)]
    assert not b.fighters["D"].prone


@pytest.mark.parametrize("seed", range(1, 21))
def test_the_cornered_evader_rolls_at_tn_7_and_a_failure_leaves_him_prone(seed: int) -> None:
    b = _pair(True)
    stream = SeededStream(seed, "combat")
    _attacked(b, stream)
    commit_declaration(b, "D", [Action(DEFEND, "full_evasion", None, 5, terrain_dice=2)])
    events = resolve_exchange(b, stream).events
    (roll,) = [e for e in events if isinstance(e, TerrainRoll)]
    assert (roll.fighter, roll.dice, roll.tn, roll.evasion) == ("D", 2, 7, True)
    assert roll.passed == (roll.successes > 0 and not roll.botch)
    state = b.fighters["D"]
    assert state.prone == (not roll.passed)  # no success (a botch is a fall): he goes down
    attack = next(e for e in events if isinstance(e, Attack))
    assert attack.defence is not None and attack.defence.maneuver == "full_evasion"  # the evasion stands
    assert events.index(attack) < events.index(roll)  # rolled once the exchange is over ...
    if any(isinstance(e, RoundEnded) for e in events):
        # ... after the round's refresh (the evasion's pause ended it): the fall halves the fresh pool
        assert events.index(next(e for e in events if isinstance(e, RoundEnded))) < events.index(roll)
        assert state.cp == state.max_cp()  # max_cp is halved while prone
    if not roll.passed:
        assert "goes down" in (describe(roll, {}) or "")


def test_the_seeds_show_both_outcomes() -> None:
    """The parametrized seeds above are not all passes (or all falls): both branches are checked."""
    outcomes = set()
    for seed in range(1, 21):
        b = _pair(True)
        stream = SeededStream(seed, "combat")
        _attacked(b, stream)
        commit_declaration(b, "D", [Action(DEFEND, "full_evasion", None, 5, terrain_dice=2)])
        (roll,) = [e for e in resolve_exchange(b, stream).events if isinstance(e, TerrainRoll)]
        outcomes.add(roll.passed)
    assert outcomes == {True, False}


def test_the_planner_sets_terrain_dice_aside_for_a_cornered_full_evasion() -> None:
    b = _pair(True)
    _attacked(b, ScriptedStream([]))
    evasions = [d for d in declaration_candidates(b, "D", [], limit=200)
                if d and b.catalog.maneuvers[d[0].maneuver].evasion == "full"]
    assert evasions
    assert all(a.terrain_dice == 2 for d in evasions for a in d)  # 2 dice at TN 7 fail 36% of the time
    free = _pair(False)
    _attacked(free, ScriptedStream([]))
    assert all(a.terrain_dice == 0 for d in declaration_candidates(free, "D", [], limit=200) for a in d)


def test_the_ai_prices_the_terrain_dice_and_declares_them() -> None:
    b = _pair(True)
    _attacked(b, ScriptedStream([]))
    om = build_menu(b, "D").opponent("A")
    assert om is not None
    defend = om.action(DEFEND)
    assert defend is not None
    option = defend.option("full_evasion")
    assert option is not None and option_terrain_dice(option) == 2
    for action in ai.suggest_declaration(b, "D"):  # whatever it picks is legal as it stands
        if b.catalog.maneuvers[action.maneuver].evasion == "full":
            assert action.terrain_dice == 2
    commit_declaration(b, "D", ai.suggest_declaration(b, "D"))
