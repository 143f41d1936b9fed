"""The companion AI at the leader's side (game.sim.brain `_companion_step`; docs/run.md): he lets a
fleeing foe go once the foe is beyond `COMPANION_LEASH` squares of the leader or out of the leader's
sight (he chased fleeing giant rats across whole levels while the leader fought alone), and
behind the leader in a corridor he takes the way round to the leader's fight (issue 11: "The companion
stays in the corridor behind the leader and never reaches the fight"). Small maps of their own."""

from __future__ import annotations

import pytest

from game.sim.brain import COMPANION_LEASH, Brain
from game.sim.commands import Confirm, Step
from game.sim.geometry import Pos, manhattan
from rules.fighter import Wound
from tests.world.worlds import world

COMPANION = "s1"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_companion_lets_a_fleeing_foe_go_and_stays_by_the_leader(seed: int) -> None:
    w = world(["##################", "#@.s.g...........#", "##################"], seed=seed)
    s = w.state
    goblin = s.actors["g1"]
    f = goblin.fighter
    f.add_wound(Wound("thigh", "cut", 3, f.max_cp(), 0))  # all his pool in pain: he flees
    assert goblin.flee_threshold is not None and Brain(s).hurt_enough_to_flee(goblin)
    gaps = []
    for _ in range(24):
        w.apply(Step(None))  # the leader waits where he is
        gaps.append(manhattan(s.actors[COMPANION].pos, s.actors["player"].pos))
    assert s.actors["g1"].pos.x > 8  # the goblin fled ...
    assert max(gaps) < COMPANION_LEASH and gaps[-1] <= 2, gaps  # ... and the companion came back (he chased him)


def test_the_companion_goes_for_a_fleeing_foe_only_at_the_leaders_side_in_his_sight() -> None:
    w = world(["##############", "#@.s...b.....#", "#######.######", "#######b######", "##############"])
    s = w.state
    brain = Brain(s)
    leader = s.actors["player"]
    near, far = s.actors["b1"], s.actors["b2"]
    assert brain._at_leaders_side(near, leader) and brain._at_leaders_side(far, leader)  # standing: any
    for foe in (near, far):
        foe.fighter.add_wound(Wound("thigh", "cut", 3, foe.fighter.max_cp(), 0))
        assert brain.hurt_enough_to_flee(foe)
    assert manhattan(near.pos, leader.pos) == 6 > COMPANION_LEASH  # four squares from him, six from the leader
    assert not brain._at_leaders_side(near, leader)
    near.pos = Pos(5, 1)
    assert brain._at_leaders_side(near, leader)  # four from the leader, in his sight
    far.pos = Pos(3, 3)  # (a square in the wall row: only sight and distance are asked here)
    assert manhattan(far.pos, leader.pos) == 4 and not brain.sees(leader.pos, far.pos)
    assert not brain._at_leaders_side(far, leader)  # close, but out of the leader's sight: the unknown
    assert brain._at_leaders_side(far, None)  # with no leader he goes for any foe


def test_the_companion_behind_the_leader_in_a_corridor_goes_round_to_his_fight() -> None:
    """The leader fights a bandit chief in a corridor, his companion behind him; a loop leads round to
    the chief's back. The companion takes it, never stepping back, and joins the leader's bout if it
    lasts long enough (before, he stepped to and fro behind the leader, or stood there)."""
    loop = [Pos(1, 2), Pos(1, 1), *(Pos(x, 1) for x in range(2, 8)), Pos(7, 2), Pos(7, 3), Pos(6, 3), Pos(5, 3),
            Pos(4, 3)]
    joined = []
    for seed in range(1, 6):
        w = world(["#########", "#.......#", "#.#####.#", "#s@B....#", "#########"], seed=seed)
        s = w.state
        for a in s.actors.values():
            a.flee_threshold = None
        walked = [s.actors[COMPANION].pos]
        for _ in range(40):
            w.apply(Confirm())
            chief, leader = s.actors["B1"], s.actors["player"]
            if chief.fighter.out_of_fight or leader.fighter.out_of_fight:
                break  # the fight is over before he got there
            if walked[-1] != s.actors[COMPANION].pos:
                walked.append(s.actors[COMPANION].pos)
            bout = s.bout_of(COMPANION)
            if bout is not None and "B1" in bout.members:
                joined.append((seed, s.actors[COMPANION].pos))
                break
        assert walked[1:] == loop[: len(walked) - 1], (seed, walked)  # round the loop, never back
        assert len(walked) > 4, (seed, walked)  # (well on his way by the time the fight can end)
    assert joined and all(pos == Pos(4, 3) for _seed, pos in joined), joined  # at the chief's back
