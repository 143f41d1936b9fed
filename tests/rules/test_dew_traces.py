"""The trace system of the movement phase (`rules.dew.traces`, document 3.1-3.2.3): AI bouts on squares
fight to an end with traces, fold back from their events, and keep the grid's rules (paths, no two on a
square, the chase's 2")."""

from __future__ import annotations

import pytest

from rules.dew.build import Entrant, new_dew_bout
from rules.dew.fold import Emitter, apply
from rules.dew.state import DewBout
from rules.dew.stats import load_stats
from rules.dew.traces import chebyshev, path_away, path_towards, ranges_from_squares
from rules.dice import SeededStream
from tests.rules.test_dew import CAST, play, snapshot

SQUARES = {"K": (0, 0), "S": (1, 2), "B": (6, 0), "C": (7, 3), "G": (3, 7), "A": (9, 9)}


def mapped() -> DewBout:
    bout = new_dew_bout(load_stats(), [Entrant(fid, fid, side, creature) for fid, creature, side in CAST])
    for fid, square in SQUARES.items():
        bout.fighters[fid].pos = square
    bout.traces = True
    ranges_from_squares(Emitter(bout), bout)
    return bout


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_an_ai_bout_on_squares_fights_to_an_end_by_traces(seed: int) -> None:
    bout, events, _ = play(seed, mapped())
    assert bout.over, f"seed {seed}: not over after round {bout.round}"
    kinds = {e.type for e in events}
    assert {"dew_trace", "dew_trace_step", "dew_out"} <= kinds, kinds
    for e in events:  # every range is the squares' distance
        if e.type == "dew_trace_step":
            assert e.num <= e.den  # type: ignore[attr-defined]
    for one in bout.fighters.values():
        for other in bout.fighters.values():
            if one.id < other.id:
                assert one.pos is not None and other.pos is not None
                assert bout.range(one.id, other.id) == max(1, min(6, chebyshev(one.pos, other.pos)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_two_standing_characters_end_a_movement_phase_on_one_square(seed: int) -> None:
    bout = mapped()
    _, events, _ = play(seed, bout)
    replay = mapped()
    for event in events:
        apply(event, replay)
        if event.type == "dew_round_end":
            standing = [f.pos for f in replay.fighters.values() if f.conscious]
            assert len(standing) == len(set(standing)), f"seed {seed}, {event}: {standing}"


@pytest.mark.parametrize("seed", [1, 2])
def test_folding_a_traced_bout_rebuilds_it_with_no_dice(seed: int) -> None:
    bout, events, draws = play(seed, mapped())
    replay = mapped()
    stream = SeededStream(seed, "combat")
    for event in events:
        apply(event, replay)
    assert stream.draws == 0 and draws > 0
    assert snapshot(replay) == snapshot(bout)


def test_the_ai_chases_an_unalert_foe_and_closes_on_an_alert_one() -> None:
    from rules.decisions import DEW_MOVE, Decision
    from rules.dew.ai import DewAI
    from rules.dew.phases import movement_options

    bout = mapped()
    bout.fighters["B"].pos = (2, 0)  # K's nearest foe, 1 square out of reach; K's chase: (8 - ENC/5) // 2 - 2 = 1"
    ranges_from_squares(Emitter(bout), bout)
    bout.fighters["B"].alert = False
    values = tuple(o.value for o in movement_options(bout, "K"))
    assert "chase:B|alert" in values
    ai = DewAI()
    assert ai.choose(bout, Decision(DEW_MOVE, "K", tuple(movement_options(bout, "K")), "stay|alert")) == "chase:B|alert"
    bout.fighters["B"].alert = True
    assert ai.choose(bout, Decision(DEW_MOVE, "K", tuple(movement_options(bout, "K")), "stay|alert")) == "close:B|alert"


def test_paths_step_one_square_at_a_time_towards_or_away() -> None:
    for goal in [(5, 0), (3, 4), (-6, -2), (0, 7)]:
        path = path_towards((0, 0), goal, 10, 1)
        assert chebyshev(path[-1], goal) == 1
        here = (0, 0)
        for sq in path:
            assert chebyshev(here, sq) == 1 and chebyshev(sq, goal) < chebyshev(here, goal)
            here = sq
        away = path_away((0, 0), goal, 4)
        assert [chebyshev(sq, goal) for sq in away] == [chebyshev((0, 0), goal) + i for i in range(1, 5)]
    assert path_towards((0, 0), (4, 0), 2, 1) == [(1, 0), (2, 0)]  # no longer than the allowance
