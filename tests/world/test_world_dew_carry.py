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
    assert rested(BANDIT, (("en", -6), ("bd", 5), ("spent", 3)), 2, 10) == (1, 5)  # knocked out, brought round


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


def test_carry_is_nothing_for_a_stranger_or_the_dead() -> None:
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
    f.unconscious, f.en = True, -3  # knocked out: kept, he may be brought round
    assert dict(system.carry(bout.rules, one))["en"] == -3
    f.dead = True
    assert system.carry(bout.rules, one) == ()


def test_one_brought_round_back_into_his_bout_joins_anew_with_what_he_fell_with() -> None:
    """A run's companion knocked out in a bout that still goes on, brought round and back in it: the sequence
    no longer has him lying unconscious; he joins again with the EN (at least 1) and BD he fell with."""
    from rules.content import default_catalog
    from rules.fighter import FighterSheet
    from rules.systems import Entrant

    catalog = default_catalog()
    dew = HostedDew()
    sheets = [FighterSheet.build(catalog, id=fid, name=fid.title(), side=side)
              for fid, side in (("a", "red"), ("b", "blue"), ("c", "blue"))]
    creature = {"a": "bandit", "b": "bandit", "c": "bandit"}
    where = {"a": (1, 1), "b": (2, 1), "c": (1, 2)}
    kept: dict[str, tuple[tuple[str, int], ...]] = {}

    def entrant(fid: str) -> Entrant:
        return Entrant(creature[fid], "red" if fid == "a" else "blue", where[fid],
                       carried=kept.get(fid, ()), rested_rounds=3)

    bout = dew.new_bout(catalog, sheets)
    dew.enter(bout, entrant)
    b = as_dew(bout)
    for e in (dev.Damaged("a", "b", (6,), 23, True, -3, 7, None, False), dev.OutOfFight("b", "unconscious")):
        dew.fold(e, bout.fighters, bout)
    assert bout.fighters["b"].unconscious and not b.fighters["b"].conscious
    kept["b"] = dew.carry(bout, "b")  # the world keeps it as he goes down (`Carried`)
    bout.fighters["b"].unconscious = False  # brought round (the world's `CameRound`)
    joined = [e for e in dew.enter(bout, entrant) if isinstance(e, dev.Joined)]
    assert [(j.fighter, j.back, j.en, j.bd) for j in joined] == [("b", False, 1, 7)]
    assert b.fighters["b"].conscious and (b.fighters["b"].en, b.fighters["b"].bd) == (1, 7)
    assert not [e for e in dew.enter(bout, entrant) if isinstance(e, dev.Joined)]  # once
