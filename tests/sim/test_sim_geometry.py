"""game.sim.geometry: directions, neighbours, adjacency, facing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.sim.geometry import (
    ALL8,
    ORTHOGONAL,
    Direction,
    Pos,
    chebyshev,
    direction_to,
    distance,
    is_adjacent,
    manhattan,
    neighbours,
)

coords = st.integers(min_value=-50, max_value=50)
positions = st.builds(Pos, coords, coords)


def test_y_grows_south() -> None:
    assert (Direction.N.dx, Direction.N.dy) == (0, -1)
    assert (Direction.S.dx, Direction.S.dy) == (0, 1)
    assert (Direction.E.dx, Direction.E.dy) == (1, 0)
    assert Pos(3, 3).step(Direction.SW) == Pos(2, 4)


def test_direction_sets() -> None:
    assert ORTHOGONAL == (Direction.N, Direction.E, Direction.S, Direction.W)
    assert set(ALL8) == set(Direction)
    assert len(ALL8) == 8
    assert ALL8[:4] == ORTHOGONAL
    assert not any(d.is_diagonal for d in ORTHOGONAL)
    assert all(d.is_diagonal for d in ALL8[4:])
    for d in Direction:
        assert d.opposite.opposite is d
        assert (d.opposite.dx, d.opposite.dy) == (-d.dx, -d.dy)
        assert Direction.from_delta(d.dx, d.dy) is d
    with pytest.raises(ValueError):
        Direction.from_delta(0, 0)


def test_pos_is_hashable_and_immutable() -> None:
    assert {Pos(1, 2), Pos(1, 2)} == {Pos(1, 2)}
    with pytest.raises(AttributeError):
        Pos(1, 2).x = 3  # type: ignore[misc]


def test_neighbours() -> None:
    assert neighbours(Pos(5, 5)) == (Pos(5, 4), Pos(6, 5), Pos(5, 6), Pos(4, 5))
    assert len(neighbours(Pos(5, 5), 8)) == 8
    assert set(neighbours(Pos(5, 5), 8)) >= set(neighbours(Pos(5, 5), 4))
    with pytest.raises(ValueError):
        neighbours(Pos(0, 0), 6)


@given(positions, positions)
def test_adjacency_matches_neighbours(a: Pos, b: Pos) -> None:
    assert is_adjacent(a, b, 4) == (b in neighbours(a, 4))
    assert is_adjacent(a, b, 8) == (b in neighbours(a, 8))
    assert is_adjacent(a, b, 4) == is_adjacent(b, a, 4)
    assert manhattan(a, b) == distance(a, b, 4)
    assert chebyshev(a, b) == distance(a, b, 8)


def test_diagonals_are_not_adjacent_by_default() -> None:
    assert not is_adjacent(Pos(0, 0), Pos(1, 1))
    assert is_adjacent(Pos(0, 0), Pos(1, 1), 8)
    assert not is_adjacent(Pos(0, 0), Pos(0, 0), 8)


def test_direction_to() -> None:
    o = Pos(0, 0)
    assert direction_to(o, o) is None
    assert direction_to(o, Pos(0, -5)) is Direction.N
    assert direction_to(o, Pos(3, 1)) is Direction.SE
    assert direction_to(o, Pos(3, 1), 4) is Direction.E
    assert direction_to(o, Pos(-1, -3), 4) is Direction.N
    assert direction_to(o, Pos(-2, 2), 4) is Direction.W  # ties go to the east/west axis


@given(positions, positions)
def test_direction_to_steps_closer(a: Pos, b: Pos) -> None:
    for adjacency in (4, 8):
        d = direction_to(a, b, adjacency)
        if a == b:
            assert d is None
        else:
            assert d is not None
            assert d in (ORTHOGONAL if adjacency == 4 else ALL8)
            assert distance(a.step(d), b, adjacency) == distance(a, b, adjacency) - 1
