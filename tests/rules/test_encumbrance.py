"""rules.encumbrance: load against ST + EN, the SoS CP rows, move points scaled to our speed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.encumbrance import CP_PENALTY, LEVELS, MOB_PENALTY, can_carry, capacity, encumbrance, level_for
from rules.fighter import Attributes

AVERAGE = Attributes()  # all 5: CAR 10, Mobility 7


@pytest.mark.parametrize(
    ("load", "level"),
    [(0, 0), (10, 0), (10.000000001, 0), (10.01, 1), (15, 1), (15.01, 2), (20, 2), (25, 3), (25.01, 4), (90, 4)],
)
def test_levels_by_load(load: float, level: int) -> None:
    assert level_for(load, 10) == level


def test_the_song_of_swords_rows() -> None:
    assert LEVELS == ("unencumbered", "light", "medium", "heavy", "overloaded")
    assert CP_PENALTY == (0, 1, 2, 3, 4)
    assert MOB_PENALTY == (0, 2, 4, 6, 8)
    assert capacity(Attributes(ST=7, EN=4)) == 11


@pytest.mark.parametrize(
    ("load", "cp", "move_points", "name"),
    [(8, 0, 6, "unencumbered"), (12, 1, 5, "light"), (18, 2, 3, "medium"), (23, 3, 1, "heavy"),
     (29, 4, 1, "overloaded")],
)
def test_costs_of_a_load(load: float, cp: int, move_points: int, name: str) -> None:
    # Mobility 7, 6 move points: MOB 2/4/6/8 -> 12/7=1, 24/7=3, 36/7=5, 48/7=6 (capped at 5: one point stays)
    enc = encumbrance([load / 2, load / 2], AVERAGE, 6)
    assert (enc.cp_penalty, enc.move_points, enc.name) == (cp, move_points, name)
    assert enc.load == load and enc.capacity == 10


def test_shield_move_penalty_adds_and_one_point_always_stays() -> None:
    assert encumbrance([5], AVERAGE, 6, shield_move_penalty=1).move_points == 5
    assert encumbrance([12], AVERAGE, 6, shield_move_penalty=1).move_points == 4
    assert encumbrance([40], AVERAGE, 6, shield_move_penalty=3).move_points == 1
    strong = Attributes(ST=8, AG=6, EN=8)  # CAR 16, Mobility 11
    assert encumbrance([20], strong, 6).move_points == 5  # light: 2 * 6 // 11 = 1


def test_can_carry() -> None:
    assert can_carry(30, AVERAGE) and not can_carry(30.5, AVERAGE)


@given(st.lists(st.floats(min_value=0, max_value=10, allow_nan=False), max_size=12),
       st.floats(min_value=0, max_value=10, allow_nan=False), st.integers(3, 9), st.integers(3, 9))
def test_more_load_never_costs_less(weights: list[float], more: float, strength: int, endurance: int) -> None:
    attrs = Attributes(ST=strength, EN=endurance)
    a = encumbrance(weights, attrs, 6)
    b = encumbrance([*weights, more], attrs, 6)
    assert b.level >= a.level and b.cp_penalty >= a.cp_penalty and b.move_points <= a.move_points
    assert 1 <= b.move_points <= 6
