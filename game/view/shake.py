"""The screen's shake on a heavy wound (issue 11, "feel"): a short, decaying jolt of the camera.

Deterministic (a fixed pair of frequencies, no dice: view-only, it never touches the world) and brief
(:data:`SECONDS`); a second heavy blow while one shakes starts it again at the stronger of the two.
"""

from __future__ import annotations

import math

SECONDS = 0.28  # how long a shake lasts
PIXELS = 7.0  # its first swing at UI scale 1 (screen pixels)
HEAVY_WOUND = 3  # wound level (1-5) from which a blow shakes the screen
FREQUENCIES = (31.0, 23.0)  # Hz of the horizontal and vertical swings (unequal: no straight line)


class Shake:
    """A camera offset in screen pixels that swings and dies away."""

    def __init__(self) -> None:
        self.time = SECONDS  # since the last start (>= SECONDS: at rest)
        self.strength = 0.0

    def start(self, strength: float = PIXELS) -> None:
        """Jolt the screen by ``strength`` pixels (the stronger, if one is under way)."""
        self.strength = max(strength, self.strength if self.active else 0.0)
        self.time = 0.0

    @property
    def active(self) -> bool:
        return self.time < SECONDS

    def update(self, dt: float) -> None:
        self.time = min(SECONDS, self.time + dt)

    @property
    def offset(self) -> tuple[float, float]:
        """Where the shake puts the view now (0, 0 at rest)."""
        if not self.active:
            return (0.0, 0.0)
        fade = 1.0 - self.time / SECONDS
        fx, fy = FREQUENCIES
        amp = self.strength * fade * fade
        return (amp * math.sin(2 * math.pi * fx * self.time + 0.6), amp * math.cos(2 * math.pi * fy * self.time))
