"""game.sim.run_summary.summary_of: a whole world's summary by replaying its commands (the end screen's source)."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.difficulty import DIFFICULTIES
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


def test_the_summary_replays_a_run_with_its_difficulty() -> None:
    # the enemies' decision-maker comes with the difficulty: a replay on the old game's baseline drifted from
    # the first fight on, and the end screen of every run with a difficulty crashed
    for difficulty in DIFFICULTIES:
        world = World(run_setup(3), seed=3, player_ai=True, difficulty=difficulty)
        live = list(world.opening)
        while world.state.tick < 120 and world.state.over is None:
            live += world.apply(Confirm())
        assert any(isinstance(e, ev.BoutStarted) for e in live), difficulty  # decisions in a fight were made
        assert [e.to_dict() for e in replayed_events(world)] == [e.to_dict() for e in live], difficulty
