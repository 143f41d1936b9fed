"""Movement traces on the map (Dew's trace system, document 3.1): each mover's trace as a line through the
centres of its squares, a dot on each square it crosses and a ring where it ends; drawn in the mover's
allegiance colour, fainter once he has ended his movement. The data is the player view's
(`game.sim.player_view.system_traces`); this module only draws it."""

from __future__ import annotations

from collections.abc import Callable

import arcade

from game.sim.player_view import ALLY, HOSTILE, TraceView

RGB = tuple[int, int, int]
COLOURS: dict[str, RGB] = {ALLY: (110, 170, 245), HOSTILE: (235, 95, 80)}
NEUTRAL_COLOUR: RGB = (220, 210, 160)
MOVING_ALPHA, ENDED_ALPHA = 230, 150


class TraceLayer:
    """Draws traces in world space (call with the world camera active)."""

    def __init__(self, centre: Callable[[float, float], tuple[float, float]], tile: float) -> None:
        self.centre = centre  # a square's centre in world space
        self.tile = tile

    def draw(self, traces: tuple[TraceView, ...], allegiance: Callable[[str], str],
             shown: Callable[[str], bool]) -> None:
        for trace in traces:
            if len(trace.squares) < 2 or not shown(trace.actor):
                continue
            rgb = COLOURS.get(allegiance(trace.actor), NEUTRAL_COLOUR)
            colour = (*rgb, MOVING_ALPHA if trace.moving else ENDED_ALPHA)
            points = [self.centre(x, y) for x, y in trace.squares]
            arcade.draw_line_strip(points, colour, max(2.0, self.tile * 0.08))
            for x, y in points[1:-1]:
                arcade.draw_circle_filled(x, y, self.tile * 0.09, colour)
            ex, ey = points[-1]
            arcade.draw_circle_outline(ex, ey, self.tile * 0.3, colour, max(2.0, self.tile * 0.07))
