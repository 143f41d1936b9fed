"""Tween manager: deterministic under dt, ease-out default, speed, instant, fast_forward, keys, chains."""

from __future__ import annotations

import itertools

import pytest
from arcade import easing

from game.view.tween import MOVE_SECONDS, TweenManager


def test_value_tween_eases_out_and_ends_exactly() -> None:
    tm = TweenManager()
    seen: list[float] = []
    tm.tween_value(0.0, 100.0, 0.5, seen.append)
    assert seen == [0.0]  # the start value is applied at once
    tm.update(0.25)
    assert seen[-1] == pytest.approx(75.0)  # quadratic ease-out at half time: 1 - 0.5**2
    assert tm.busy
    tm.update(0.25)
    assert seen[-1] == 100.0 and not tm.busy


def test_position_tween_is_deterministic_with_fixed_steps() -> None:
    def run() -> list[tuple[float, float]]:
        tm = TweenManager()
        out: list[tuple[float, float]] = []
        tm.tween_position((0, 0), (64, -32), MOVE_SECONDS, lambda x, y: out.append((x, y)))
        for _ in range(20):
            tm.update(1 / 60)
        return out

    first, second = run(), run()
    assert first == second
    assert first[-1] == (64.0, -32.0)
    assert len(first) == 1 + 9  # 0.15 s = 9 frames at 60 fps, then done
    xs = [p[0] for p in first]
    assert all(b >= a for a, b in itertools.pairwise(xs))


def test_speed_multiplier_scales_time() -> None:
    for speed, frames in ((0.5, 18), (1.0, 9), (2.0, 5), (4.0, 3)):
        tm = TweenManager(speed)
        tm.tween_value(0, 1, MOVE_SECONDS, lambda v: None)
        n = 0
        while tm.busy:
            tm.update(1 / 60)
            n += 1
        assert n == frames, speed
    with pytest.raises(ValueError):
        TweenManager(8.0)


def test_instant_mode_completes_on_add_and_runs_callbacks() -> None:
    tm = TweenManager(instant=True)
    seen: list[float] = []
    done: list[str] = []
    tm.tween_value(0, 10, 1.0, seen.append, on_done=lambda: done.append("x"))
    assert seen == [10.0] and done == ["x"] and not tm.busy


def test_fast_forward_completes_chains() -> None:
    tm = TweenManager()
    pos: list[tuple[float, float]] = []

    def back() -> None:  # a bump: half a square out, then back
        tm.tween_position((32, 0), (0, 0), 0.1, lambda x, y: pos.append((x, y)), ease=easing.ease_in)

    tm.tween_position((0, 0), (32, 0), 0.1, lambda x, y: pos.append((x, y)), on_done=back)
    tm.update(0.05)
    tm.fast_forward()
    assert pos[-1] == (0.0, 0.0) and not tm.busy
    assert (32.0, 0.0) in pos


def test_same_key_snaps_previous_tween_to_its_end() -> None:
    tm = TweenManager()
    xs: list[float] = []
    tm.tween_value(0, 64, 0.15, xs.append, key="knight")
    tm.update(0.05)
    tm.tween_value(64, 128, 0.15, xs.append, key="knight")
    assert 64.0 in xs and len(tm) == 1
    tm.fast_forward()
    assert xs[-1] == 128.0


def test_cancel_and_configure() -> None:
    tm = TweenManager()
    xs: list[float] = []
    tm.tween_value(0, 10, 1.0, xs.append, key="a")
    tm.tween_value(0, 10, 1.0, xs.append, key="b")
    tm.cancel("a")
    assert len(tm) == 1
    tm.configure("instant")
    assert tm.instant and not tm.busy and xs[-1] == 10.0
    tm.configure(2.0)
    assert not tm.instant and tm.speed == 2.0


def test_zero_duration_and_callbacks_adding_tweens_during_update() -> None:
    tm = TweenManager()
    log: list[str] = []
    tm.tween_value(0, 1, 0.0, lambda v: log.append(f"a{v}"),
                   on_done=lambda: tm.tween_value(1, 2, 0.1, lambda v: log.append(f"b{v}")))
    tm.update(1 / 60)
    assert log[-1] == "b1.0"  # the follow-up applied its start value and waits for the next update
    tm.update(1.0)
    assert log[-1] == "b2.0" and not tm.busy
