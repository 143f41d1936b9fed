"""EN and BD carried between separate bouts (issue 15): a Dew character who leaves a bout on his feet keeps
his EN and BD (the world's `Carried`, from the system's `carry`), and enters his next bout with them after
the rest the world rounds out of a fight gave him (`rules.dew.carry`); folded from the log at every tick
and replayed in sync."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.runfile import replay, save_run
from game.sim.world_core import ROUND_TICKS
from rules.dew import events as dev
from rules.dew.carry import rested
from rules.dew.hosted import HostedDew, as_dew
from rules.dew.stats import load_stats
from tests.world.test_world_dew import arena
from tests.world.test_world_history import Shadow

STATS = load_stats()
BANDIT = STATS.creatures["bandit"]  # EN 20, BD 12, recovery 2


def test_rest_gives_the_first_round_then_the_hourly_rate_and_never_bd() -> None:
    kept = (("en", 8), ("bd", 5), ("spent", 4))
    assert rested(BANDIT, kept, 0, 10) == (8, 5)  # straight from one bout into the next: no rest
    assert rested(BANDIT, kept, 1, 10) == (10, 5)  # 2.1.1: the lesser of 2 (hourly) and 4 - 1
    assert rested(BANDIT, (("en", 8), ("bd", 5), ("spent", 2)), 1, 10) == (9, 5)  # the lesser: 2 - 1
    assert rested(BANDIT, kept, 10, 10) == (12, 5)  # and an hour's rate
    assert rested(BANDIT, kept, 95, 10) == (20, 5)  # never above his EN; BD has no rest rate
    assert rested(BANDIT, (), 3, 10) == (20, 12)  # nothing kept: fresh


@pytest.mark.parametrize("seed", [1, 3])
def test_a_tired_man_enters_his_next_bout_tired_and_the_log_rebuilds_it(seed: int, tmp_path: Path) -> None:
    w = arena(seed)
    shadow = Shadow(w)
    kept: dict[str, tuple[tuple[tuple[str, int], ...], int]] = {}
    joined: list[tuple[str, int | None, int | None, int]] = []
    for _ in range(300):
        if w.state.over is not None:
            break
        for e in shadow.step(Confirm()):  # Shadow compares the folded state, Actor.carried with it
            if isinstance(e, ev.Carried):
                kept[e.actor] = (e.record, e.tick)
                assert e.record == w.state.actors[e.actor].carried or w.state.actors[e.actor].carried_tick > e.tick
            elif isinstance(e, ev.RulesEvent) and isinstance(e.event, dev.Joined) and e.event.fighter in kept:
                j = e.event
                record, tick = kept[j.fighter]
                actor = w.state.actors[j.fighter]
                model = STATS.creatures.get(actor.creature)
                if model is None or j.back:
                    continue
                rounds = (w.state.tick - tick) // ROUND_TICKS
                en, bd = rested(model, record, rounds, STATS.rest_rounds_per_hour)
                fresh = (en, bd) == (model.en, model.bd)
                assert (j.en, j.bd) == ((None, None) if fresh else (en, bd)), (j, record, rounds)
                joined.append((j.fighter, j.en, j.bd, w.state.tick))
                b = next(as_dew(bt.rules) for bt in w.state.bouts.values() if j.fighter in as_dew(bt.rules).fighters)
                if not fresh:
                    assert (b.fighters[j.fighter].en, b.fighters[j.fighter].bd) == (en, bd)
    assert kept, "no one left a bout on his feet"
    assert any(en is not None for _, en, _, _ in joined), f"seed {seed}: no one entered a bout tired: {joined}"
    path = tmp_path / "carry.jsonl"
    save_run(w, path, final=True)
    assert replay(path).world.summary()["checksum"] == w.summary()["checksum"]


def test_carry_is_nothing_for_a_stranger_or_the_fallen() -> None:
    w = arena(1)
    for _ in range(40):
        if any(len(b.members) >= 2 for b in w.state.bouts.values()):
            break
        w.apply(Confirm())
    bout = next(b for b in w.state.bouts.values() if len(b.members) >= 2)
    system = w.system
    assert isinstance(system, HostedDew)
    one = sorted(bout.members)[0]
    record = dict(system.carry(bout.rules, one))
    f = as_dew(bout.rules).fighters[one]
    assert (record["en"], record["bd"]) == (f.en, f.bd)
    assert system.carry(bout.rules, "nobody") == ()
    f.unconscious = True
    assert system.carry(bout.rules, one) == ()
