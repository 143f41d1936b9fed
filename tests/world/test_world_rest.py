"""CP come back out of a fight (TRoS refreshes CP each round): at a round's start everyone out of any bout
rests (`Rested`) to his full CP on his feet, so the next fight does not start on what the last one left.
A fighter in a bout is left to the bout's own refresh."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.clone import clone_state
from game.sim.commands import Confirm
from game.sim.digest import snapshot
from game.sim.fold import fold
from game.sim.world import ROUND_TICKS
from tests.world.worlds import world


def test_a_tired_fighter_out_of_any_bout_rests_at_the_next_round_and_the_fold_agrees() -> None:
    w = world(["##########", "#@......s#", "##########"])
    leader = w.state.actors["player"].fighter
    full = leader.rested_cp()
    leader.cp = 2  # as a fight would have left him
    leader.no_refresh = True
    folded = clone_state(w.state)  # folded from the same (tired) state on, by the events alone
    rested: list[ev.Rested] = []
    for _ in range(ROUND_TICKS + 1):
        events = w.apply(Confirm())
        for e in events:
            fold(folded, e)
        assert snapshot(folded) == snapshot(w.state)
        rested += [e for e in events if isinstance(e, ev.Rested)]
    assert [e.actor for e in rested] == ["player"]
    assert rested[0].cp == full and leader.cp == full and not leader.no_refresh


def test_a_fighter_in_a_bout_does_not_rest() -> None:
    w = world(["#######", "#@b...#", "#######"])
    for a in w.state.actors.values():
        a.flee_threshold = None
    for _ in range(3 * ROUND_TICKS):
        events = w.apply(Confirm())
        bouted = {fid for b in w.state.bouts.values() for fid in b.members}
        assert not any(isinstance(e, ev.Rested) and e.actor in bouted for e in events)
