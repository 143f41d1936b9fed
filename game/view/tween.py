"""Deterministic tweens on ``arcade.easing``, driven only by the ``dt`` passed to :meth:`TweenManager.update`.

Tweens animate view state (sprite positions, flashes), never game state. Ease-out by default; a speed
multiplier (0.5x-4x) scales time, ``instant`` mode completes every tween as soon as it is added, and
:meth:`TweenManager.fast_forward` completes everything pending (e.g. when the player commits the next step).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from arcade import easing

EaseFunction = Callable[[float], float]
MOVE_SECONDS = 0.15  # SPEC §6: one square at 1x speed
SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
MIN_SPEED, MAX_SPEED = 0.5, 4.0
_MAX_CHAIN = 10_000  # fast_forward guard against on_done callbacks that keep adding tweens forever


@dataclass(eq=False)
class Tween:
    """One running tween of one or more channels (a value, or x and y) sharing a duration and easing."""

    channels: list[easing.EasingData]
    apply: Callable[[tuple[float, ...]], None]
    on_done: Callable[[], object] | None = None
    key: Hashable | None = None
    done: bool = field(default=False, init=False)

    @property
    def progress(self) -> float:
        """0..1 of the elapsed time (not of the eased value)."""
        data = self.channels[0]
        return 1.0 if data.end_period <= 0 else min(1.0, data.cur_period / data.end_period)

    def _step(self, dt: float) -> bool:
        finished = True
        values: list[float] = []
        for data in self.channels:
            ch_done, value = easing.ease_update(data, dt)
            finished = finished and ch_done
            values.append(value)
        self.apply(tuple(values))
        return finished

    def _finish(self) -> None:
        for data in self.channels:
            data.cur_period = data.end_period
        self.apply(tuple(float(data.end_value) for data in self.channels))
        self.done = True


class TweenManager:
    """Holds running tweens; call :meth:`update` from ``on_update(dt)``."""

    def __init__(self, speed: float = 1.0, *, instant: bool = False) -> None:
        self._tweens: list[Tween] = []
        self._speed = 1.0
        self.speed = speed
        self.instant = instant

    # --- settings -------------------------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        if not MIN_SPEED <= value <= MAX_SPEED:
            raise ValueError(f"animation speed must be within {MIN_SPEED}..{MAX_SPEED}, not {value!r}")
        self._speed = float(value)

    def configure(self, setting: float | str) -> None:
        """Apply the settings value: a speed multiplier or ``"instant"``."""
        if setting == "instant":
            self.instant = True
            self.fast_forward()
        else:
            self.instant = False
            self.speed = float(setting)

    # --- adding ---------------------------------------------------------------------------------------------
    def tween_value(
        self,
        start: float,
        end: float,
        duration: float,
        setter: Callable[[float], None],
        *,
        ease: EaseFunction = easing.ease_out,
        on_done: Callable[[], object] | None = None,
        key: Hashable | None = None,
    ) -> Tween:
        """Animate ``setter(v)`` from ``start`` to ``end`` over ``duration`` seconds (at 1x speed)."""
        data = easing.ease_value(start, end, time=max(0.0, duration), ease_function=ease)
        return self._add(Tween([data], lambda v: setter(v[0]), on_done, key))

    def tween_position(
        self,
        start: tuple[float, float],
        end: tuple[float, float],
        duration: float,
        setter: Callable[[float, float], None],
        *,
        ease: EaseFunction = easing.ease_out,
        on_done: Callable[[], object] | None = None,
        key: Hashable | None = None,
    ) -> Tween:
        """Animate ``setter(x, y)`` from ``start`` to ``end`` over ``duration`` seconds (at 1x speed)."""
        dx, dy = easing.ease_position(start, end, time=max(0.0, duration), ease_function=ease)
        return self._add(Tween([dx, dy], lambda v: setter(v[0], v[1]), on_done, key))

    def _add(self, tween: Tween) -> Tween:
        if tween.key is not None:
            self.finish(tween.key)  # a new tween of the same thing first snaps the old one to its end
        if self.instant:
            self._complete(tween)
            return tween
        tween.apply(tuple(float(d.start_value) for d in tween.channels))
        self._tweens.append(tween)
        return tween

    # --- running --------------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """True while any tween is still running."""
        return bool(self._tweens)

    def __len__(self) -> int:
        return len(self._tweens)

    def update(self, dt: float) -> None:
        """Advance all tweens by ``dt`` seconds of real time (scaled by :attr:`speed`)."""
        if self.instant:
            self.fast_forward()
            return
        scaled = max(0.0, dt) * self._speed
        for tween in list(self._tweens):  # tweens added by callbacks below start at the next update
            if tween.done:  # completed meanwhile (replaced by a tween with the same key)
                continue
            if tween._step(scaled):
                tween.done = True
                self._tweens.remove(tween)
                if tween.on_done is not None:
                    tween.on_done()

    def fast_forward(self) -> None:
        """Complete every pending tween at once (also tweens that completion callbacks start)."""
        for _ in range(_MAX_CHAIN):
            if not self._tweens:
                return
            tween = self._tweens.pop(0)
            self._complete(tween)
        raise RuntimeError("fast_forward: tween completion callbacks keep adding tweens")

    def finish(self, key: Hashable) -> None:
        """Complete the running tweens with ``key`` (callbacks run)."""
        matching = [t for t in self._tweens if t.key == key]
        self._tweens = [t for t in self._tweens if t.key != key]
        for tween in matching:
            self._complete(tween)

    def cancel(self, key: Hashable | None = None) -> None:
        """Drop tweens (all, or those with ``key``) where they are, without completing them or running callbacks."""
        dropped = [t for t in self._tweens if key is None or t.key == key]
        for tween in dropped:
            tween.done = True
        self._tweens = [t for t in self._tweens if not t.done]

    @staticmethod
    def _complete(tween: Tween) -> None:
        tween._finish()
        if tween.on_done is not None:
            tween.on_done()
