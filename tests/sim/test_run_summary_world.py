"""game.sim.run_summary.summary_of: a whole world's summary by replaying its commands (the end screen's source)."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.run_summary import replayed_events, summarize, summary_of
from game.sim.run_world import run_setup
from game.sim.world import World


def test_summary_of_an_ai_run_replays_its_events_seed_by_seed() -> None:
    for seed in (1, 4):
        world = World(run_setup(seed), seed=seed, player_ai=True)
        live = list(world.opening)
        while world.state.over is None:
            live += world.apply(Confirm())
        assert [e.to_dict() for e in replayed_events(world)] == [e.to_dict() for e in live]
        s = summary_of(world)
        assert s.outcome == "death" and s.turns == world.state.tick
        assert s.depth == world.state.run.deepest
        leader = world.state.leader
        assert s.cause_of_death is not None
        fell = [e for e in live if isinstance(e, ev.Died | ev.KnockedOut) and e.actor == leader]
        assert fell, seed
        if isinstance(fell[-1], ev.KnockedOut):
            assert s.cause_of_death.startswith("knocked out")


def test_a_knocked_out_leader_has_a_cause() -> None:
    s = summarize([ev.KnockedOut("hero", "pain"), ev.GameOver("death", 9)], party={"hero"}, leader="hero",
                  factions={"hero": "player"})
    assert s.cause_of_death == "knocked out" and s.outcome == "death" and s.turns == 9
