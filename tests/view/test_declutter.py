"""`game.view.declutter`: boxes that would overlap are moved apart, the rest keep their place."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.view.declutter import Box, clear_spot, overlaps, rise, stack

boxes = st.lists(st.tuples(st.integers(-50, 50), st.integers(-50, 50), st.integers(1, 40), st.integers(1, 20)),
                 max_size=8)


def test_overlaps_needs_shared_area() -> None:
    assert overlaps((0, 0, 10, 10), (5, 5, 10, 10))
    assert not overlaps((0, 0, 10, 10), (10, 0, 10, 10))  # touching edges
    assert not overlaps((0, 0, 10, 10), (0, 11, 10, 10))


def test_three_pips_on_one_square_stack_upwards() -> None:
    same: Box = (0, 0, 20, 6)
    assert stack([same, same, same], gap=2) == [0, 8, 16]
    assert stack([same, same], gap=2, up=False) == [0, -8]
    assert stack([(0, 0, 20, 6), (40, 0, 20, 6)], gap=2) == [0, 0]  # apart already: untouched


@given(boxes, st.booleans())
def test_stacked_boxes_never_overlap(raw: list[tuple[int, int, int, int]], up: bool) -> None:
    shifts = stack(raw, 1.0, up)
    moved = [(x, y + dy, w, h) for (x, y, w, h), dy in zip(raw, shifts, strict=True)]
    assert all(not overlaps(a, b) for i, a in enumerate(moved) for b in moved[i + 1:])
    assert all((dy >= 0) if up else (dy <= 0) for dy in shifts)
    if raw:
        assert shifts[0] == 0


def test_clear_spot_takes_the_first_free_candidate() -> None:
    pips: Box = (-10, 8, 20, 6)
    assert clear_spot([(0, 10), (0, -20)], (30, 10), [pips]) == (0, -20)
    assert clear_spot([(0, 40), (0, -20)], (30, 10), [pips]) == (0, 40)
    assert clear_spot([(0, 10)], (30, 10), [pips]) == (0, 10)  # nowhere free: the first


def test_rise_clears_every_box_it_would_cover() -> None:
    assert rise((0, 0, 10, 4), [(0, 2, 10, 4), (0, 7, 10, 4)], 1) == 12  # past both, 1 clear of the top one
    assert rise((0, 0, 10, 4), [(20, 0, 10, 4)], 1) == 0
