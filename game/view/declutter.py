"""Keep small labels on the map from drawing over each other (issue 11): health pips of actors on one square
(a fallen rat and the rats standing on him), marker tags of a combat cluster, a bout clock over the pips of
the fighter north of it. Pure geometry on boxes (left, bottom, width, height), no drawing: the map and the
tag layer place their sprites by what it returns."""

from __future__ import annotations

from collections.abc import Sequence

Box = tuple[float, float, float, float]  # left, bottom, width, height


def overlaps(a: Box, b: Box) -> bool:
    """Do two boxes share some area (touching edges do not count)?"""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def stack(boxes: Sequence[Box], gap: float, up: bool = True) -> list[float]:
    """The vertical shift of each box so that none overlaps another: in the order given (the first keeps its
    place), each box moves up (``up``) or down past every box already placed that it would cover, ``gap``
    clear of it. Boxes that overlap nothing keep their place (shift 0)."""
    placed: list[Box] = []
    out: list[float] = []
    for left, bottom, width, height in boxes:
        dy = 0.0
        moved = True
        while moved:
            moved = False
            here = (left, bottom + dy, width, height)
            for other in placed:
                if overlaps(here, other):
                    dy = (other[1] + other[3] + gap - bottom) if up else (other[1] - gap - height - bottom)
                    moved = True
                    break
        placed.append((left, bottom + dy, width, height))
        out.append(dy)
    return out


def clear_spot(candidates: Sequence[tuple[float, float]], size: tuple[float, float],
               obstacles: Sequence[Box]) -> tuple[float, float]:
    """The first centre of ``candidates`` where a box of ``size`` covers none of ``obstacles`` (the first
    candidate when every one does)."""
    w, h = size
    for cx, cy in candidates:
        box = (cx - w / 2, cy - h / 2, w, h)
        if not any(overlaps(box, o) for o in obstacles):
            return cx, cy
    return candidates[0]


def rise(box: Box, obstacles: Sequence[Box], gap: float) -> float:
    """How far up ``box`` must move to cover none of ``obstacles`` (each step clears the one it hits)."""
    left, bottom, width, height = box
    dy = 0.0
    hit = True
    while hit:
        hit = False
        for o in obstacles:
            if overlaps((left, bottom + dy, width, height), o):
                dy = o[1] + o[3] + gap - bottom
                hit = True
    return dy
