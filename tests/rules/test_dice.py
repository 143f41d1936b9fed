"""Dice: pools against TN, rerolled tens above TN 10, botches, negative pools, streams."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import (
    ScriptedStream,
    ScriptExhausted,
    SeededStream,
    effective_pool,
    roll_pool,
    success_chance,
)


def test_successes_count_faces_at_or_above_tn() -> None:
    r = roll_pool(ScriptedStream([9, 7, 3, 6, 2]), 5, 6)
    assert r.faces == (9, 7, 3, 6, 2)
    assert r.successes == 3
    assert not r.botch


def test_tn_above_ten_rerolls_tens_and_adds() -> None:
    # TN 12: a 10 is rolled again and added: 10+3 = 13 succeeds, 10+1 = 11 fails, a 9 fails
    r = roll_pool(ScriptedStream([10, 3, 10, 1, 9]), 3, 12)
    assert r.faces == (13, 11, 9)
    assert r.successes == 1


def test_reroll_keeps_going_while_below_tn() -> None:
    r = roll_pool(ScriptedStream([10, 10, 5]), 1, 25)
    assert r.faces == (25,)
    assert r.successes == 1


def test_no_reroll_at_tn_ten_or_below() -> None:
    stream = ScriptedStream([10, 4])
    r = roll_pool(stream, 1, 10)
    assert r.faces == (10,) and stream.remaining == 1


def test_botch_needs_two_ones_and_no_success() -> None:
    assert roll_pool(ScriptedStream([1, 1, 4]), 3, 6).botch
    assert not roll_pool(ScriptedStream([1, 1, 7]), 3, 6).botch  # a success
    assert not roll_pool(ScriptedStream([1, 2, 4]), 3, 6).botch  # one 1 on three dice


def test_single_die_botches_on_one() -> None:
    assert roll_pool(ScriptedStream([1]), 1, 6).botch
    assert not roll_pool(ScriptedStream([2]), 1, 6).botch


def test_negative_pool_rolls_one_die_at_higher_tn() -> None:
    assert effective_pool(0, 6) == (1, 7)
    assert effective_pool(-2, 6) == (1, 9)
    assert effective_pool(-2, 6, "no_roll") == (0, 6)
    r = roll_pool(ScriptedStream([8]), -1, 6)
    assert (r.dice, r.tn, r.successes) == (1, 8, 1)


def test_scripted_stream_runs_out_loudly_or_falls_back() -> None:
    s = ScriptedStream([5])
    s.d10()
    with pytest.raises(ScriptExhausted):
        s.d10()
    fallback = ScriptedStream([5], fallback=SeededStream(1, "combat"))
    fallback.d10()
    assert 1 <= fallback.d10() <= 10


def test_scripted_d6_must_be_a_d6_face() -> None:
    with pytest.raises(ValueError, match=r"1\.\.6"):
        ScriptedStream([9]).d6()
    with pytest.raises(ValueError):
        ScriptedStream([11])


def test_success_chance_matches_the_rulebook() -> None:
    assert success_chance(6) == pytest.approx(0.5)
    assert success_chance(10) == pytest.approx(0.1)
    assert success_chance(12) == pytest.approx(0.1 * 0.9)


def test_named_streams_are_independent_and_reproducible() -> None:
    a1 = [SeededStream(7, "combat").d10() for _ in range(1)]
    a = SeededStream(7, "combat")
    b = SeededStream(7, "combat")
    c = SeededStream(7, "ai")
    seq_a = [a.d10() for _ in range(50)]
    assert seq_a == [b.d10() for _ in range(50)]
    assert seq_a != [c.d10() for _ in range(50)]
    assert a1[0] == seq_a[0]


def test_draws_are_the_stream_position() -> None:
    """Each way of drawing (d10, d6, randint, roll_pool's fast path and its TN > 10 rerolls) takes one
    `random()` per count in `draws`: a stream that took `draws` plain `random()`s is in the same state."""
    a = SeededStream(5, "combat")
    draws = (a.d10, a.d6, lambda: a.randint(0, 9), lambda: roll_pool(a, 4, 7), lambda: roll_pool(a, 6, 14))
    for draw in draws:
        before = a.draws
        draw()
        assert a.draws > before
        fresh = SeededStream(5, "combat")
        for _ in range(a.draws):
            fresh._random()
        assert fresh._rng.getstate() == a._rng.getstate()


@given(st.integers(min_value=1, max_value=12), st.integers(min_value=2, max_value=25), st.integers())
def test_pool_invariants(dice: int, tn: int, seed: int) -> None:
    r = roll_pool(SeededStream(seed, "combat"), dice, tn)
    assert r.dice == dice == len(r.faces)
    assert 0 <= r.successes <= dice
    assert r.successes == sum(1 for f in r.faces if f >= tn)
    assert not (r.botch and r.successes)
