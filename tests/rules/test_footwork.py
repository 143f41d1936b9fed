"""rules.footwork's wait-as-bumping priority (issue 13 item 7; the world's use: tests/world/test_world_footwork.py)."""

from __future__ import annotations

import pytest

from rules.footwork import WaitCandidate, wait_bump_order


def test_synced_foes_come_before_unsynced_then_front_sides_behind_then_who_targets_him_then_id() -> None:
    c = WaitCandidate
    assert wait_bump_order([
        c("behind_synced", True, "behind"),
        c("front_ahead", False, "front"),
        c("side_b", True, "side"),
        c("side_a", True, "side"),
        c("side_c", True, "side", targets_me=True),
        c("front_synced", True, "front"),
    ]) == ["front_synced", "side_c", "side_a", "side_b", "behind_synced", "front_ahead"]
    assert wait_bump_order([c("x", False, "behind"), c("y", False, "side")]) == ["y", "x"]
    assert wait_bump_order([]) == []
    with pytest.raises(ValueError, match="front, side or behind"):
        wait_bump_order([c("x", True, "left")])
