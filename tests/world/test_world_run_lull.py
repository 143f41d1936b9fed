"""Seed 75's endless lull (docs/run.md "Sturdier AI runs"): a companion and a skeleton spearman, both
hurt, met in a corridor with the leader behind them, and both AIs threw Defensive every round, so
nobody ever attacked (4394 rounds, the whole 20000 ticks). `rules.ai.after_a_lull` breaks it: after
an exchange in which neither side attacked, the hurt one goes Cautious. Built as a world scenario
(`tests/world/scenarios/hurt_lull.yaml`), not on a generated dungeon's seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.scenario_file import load_scenario
from game.sim.world import World
from rules import events as rev
from rules.ai import after_a_lull
from rules.fighter import Wound

SCENARIO = Path(__file__).parent / "scenarios" / "hurt_lull.yaml"
COMPANION, SKELETON = "prisoner_militiaman_1", "skeleton_spearman_1"


def hurt_lull(seed: int) -> World:
    """The scenario with the companion and the skeleton each in pain of half his pool (the AI's "hurt")."""
    world = World(load_scenario(SCENARIO), seed=seed, player_ai=True)
    for fid in (COMPANION, SKELETON):
        f = world.state.actors[fid].fighter
        full = f.max_cp()
        f.add_wound(Wound("lower abdomen", "cut", 2, (full + 1) // 2, 0))
        f.cp = f.max_cp()
        assert f.pain * 2 >= f.max_cp() + f.pain  # rules.ai calls him hurt
    return world


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_two_hurt_fighters_who_both_wait_defensive_break_the_lull(seed: int) -> None:
    world = hurt_lull(seed)
    orientations: list[tuple[str, str]] = []
    attacks: list[rev.Attack] = []
    ended = None
    for _ in range(300):
        for e in world.apply(Confirm()):
            if isinstance(e, ev.RulesEvent) and isinstance(e.event, rev.OrientationChosen):
                orientations.append((e.event.fighter, e.event.orientation))
            if isinstance(e, ev.RulesEvent) and isinstance(e.event, rev.Attack):
                attacks.append(e.event)
            if isinstance(e, ev.BoutEnded) and ended is None:
                ended = world.state.tick
        if ended is not None:
            break
    # the situation: both hurt, both chose Defensive at the bout's start, and the first round lulled
    assert sorted(orientations[:2]) == [(COMPANION, "defensive"), (SKELETON, "defensive")]
    # the lull is broken: a Cautious orientation after it, blows exchanged, and the bout comes to an end
    assert any(o == "cautious" for _f, o in orientations[2:])
    assert {a.attacker for a in attacks} & {COMPANION, SKELETON}
    assert ended is not None and ended < 300  # (before: a lull every round, for ever)


def test_a_lull_is_only_after_an_exchange_without_an_attack() -> None:
    world = hurt_lull(1)
    while not world.state.bouts:
        world.apply(Confirm())
    bout = next(iter(world.state.bouts.values())).rules
    assert bout.clock.exchanges_done == 0 and not after_a_lull(bout, COMPANION)  # the first orientation
    bout.clock.exchanges_done = 1
    assert after_a_lull(bout, COMPANION) and after_a_lull(bout, SKELETON)  # nobody attacked
    bout.attacked_last = {SKELETON}
    assert not after_a_lull(bout, COMPANION) and not after_a_lull(bout, SKELETON)  # a blow: no lull
