"""Arrow pad: layout and hit tests (no window) and headless renders checked pixel by pixel (+ screenshots)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game.sim.geometry import Direction
from game.view.arrow_pad import MIN_HIT, ArrowPad, ButtonIndicators, Mark, PadIndicators
from game.view.assets import texture
from game.view.input_map import Intent
from game.view.palette import COLOUR_BLIND, DEFAULT, Initiative, Outline, Palette, Tone

W, H = 1280, 720


class PadView(arcade.View):
    """A floor with a few actors and the pad on top, like the game screen."""

    def __init__(self, pad: ArrowPad, indicators: PadIndicators) -> None:
        super().__init__()
        self.pad = pad
        self.indicators = indicators
        self.clicked: list[Intent] = []
        self.tiles: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        for gx in range(0, W, 64):
            for gy in range(0, H, 64):
                self.tiles.append(arcade.Sprite(texture("floor"), scale=0.5, center_x=gx + 32, center_y=gy + 32))
        for name, x, y in (("actor_knight", 416, 352), ("actor_goblin", 480, 352), ("actor_wolf", 416, 416)):
            self.tiles.append(arcade.Sprite(texture(name), scale=0.5, center_x=x, center_y=y))

    def on_show_view(self) -> None:
        self.pad.layout(self.window.width, self.window.height)

    def on_resize(self, width: int, height: int) -> None:
        self.pad.layout(width, height)

    def on_draw(self) -> None:
        self.clear(color=(30, 30, 36, 255))
        self.tiles.draw()
        self.pad.draw(self.indicators)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        intent = self.pad.hit_test(x, y)
        if intent is not None:
            self.clicked.append(intent)
            self.pad.pressed = intent

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.pad.pressed = None


S1 = PadIndicators(
    east=ButtonIndicators(target=Initiative.THEIRS, targeting_you=Initiative.THEIRS, outline=Outline.AGGRESSIVE),
    north=ButtonIndicators(targeting_other=Initiative.CONTESTED, outline=Outline.CAUTIOUS, mark=Mark.ATK),
    west=ButtonIndicators(target=Initiative.MINE, outline=Outline.DEFENSIVE, mark=Mark.DEF),
    south=ButtonIndicators(targeting_you=Initiative.CONTESTED, targeting_other=Initiative.MINE),
)
S2 = PadIndicators(
    east=ButtonIndicators(target=Initiative.CONTESTED, targeting_you=Initiative.CONTESTED,
                          outline=Outline.ATTACK_AND_DEFENCE, mark=Mark.ATK),
    north=ButtonIndicators(targeting_other=Initiative.THEIRS, outline=Outline.ATTACK_ONLY),
    west=ButtonIndicators(targeting_you=Initiative.MINE, outline=Outline.DEFENCE_ONLY, mark=Mark.DEF),
)


# --- pure geometry ------------------------------------------------------------------------------------------
def test_layout_right_handed_sits_bottom_right_and_hits_every_button() -> None:
    pad = ArrowPad()
    pad.layout(W, H)
    cx, cy = pad.centre
    assert cx > W / 2 and cy < H / 2
    assert pad.button_size >= MIN_HIT
    for intent, button in pad.buttons.items():
        assert pad.hit_test(button.cx, button.cy) is intent
        left, bottom, right, top = button.hit
        assert right - left >= MIN_HIT and top - bottom >= MIN_HIT
    east, north = pad.buttons[Intent.MOVE_E], pad.buttons[Intent.MOVE_N]
    assert east.cx > cx and east.cy == cy and north.cy > cy
    assert pad.hit_test(10, 10) is None
    assert pad.hit_test(cx + pad.button_size * 1.5, cy + pad.button_size * 1.5) is None  # empty grid corner
    assert cx - pad.extent / 2 >= 0 and cx + pad.extent / 2 <= W and cy - pad.extent / 2 >= 0


def test_gaps_have_no_dead_zone_between_centre_and_arrows() -> None:
    pad = ArrowPad()
    pad.layout(W, H)
    wait, east = pad.buttons[Intent.WAIT], pad.buttons[Intent.MOVE_E]
    for x in range(int(wait.cx), int(east.cx)):
        assert pad.hit_test(x, wait.cy) in (Intent.WAIT, Intent.MOVE_E)


def test_left_handed_flips_to_bottom_left() -> None:
    right, left = ArrowPad(), ArrowPad(handedness="left")
    right.layout(W, H)
    left.layout(W, H)
    assert left.centre[0] < W / 2 < right.centre[0]
    assert left.centre[0] == pytest.approx(W - right.centre[0])
    assert left.hit_test(left.buttons[Intent.MOVE_W].cx, left.centre[1]) is Intent.MOVE_W


def test_small_scale_keeps_touch_targets_at_least_72px() -> None:
    pad = ArrowPad(scale=0.5)
    pad.layout(W, H)
    assert pad.button_size == MIN_HIT


def test_for_direction_maps_sim_directions() -> None:
    ind = PadIndicators(east=ButtonIndicators(mark=Mark.ATK))
    assert ind.for_direction(Direction.E).mark is Mark.ATK
    assert ind.for_direction(Direction.W).mark is None


def test_mesh_grows_with_indicators() -> None:
    pad = ArrowPad()
    pad.layout(W, H)
    empty = len(pad.build_mesh())
    pad.set_indicators(S1)
    assert len(pad.build_mesh()) > empty


def test_enters_step_is_a_frame_inside_its_button_only() -> None:
    pad = ArrowPad()
    pad.layout(W, H)
    plain = pad.build_mesh().data
    before = {(plain[i], plain[i + 1]) for i in range(0, len(plain), 6)}
    for direction, intent in ((Direction.E, Intent.MOVE_E), (Direction.N, Intent.MOVE_N)):
        pad.set_indicators(PadIndicators(suggested=direction))
        data = pad.build_mesh().data
        added = {(data[i], data[i + 1]) for i in range(0, len(data), 6)} - before
        assert added, direction
        button = pad.buttons[intent]
        half = button.size / 2
        assert all(abs(x - button.cx) < half and abs(y - button.cy) < half for x, y in added)  # inside it


# --- rendering ----------------------------------------------------------------------------------------------
def _render(window: arcade.Window, show: Callable[[arcade.View], arcade.View], helpers: ModuleType,
            pad: ArrowPad, indicators: PadIndicators) -> PadView:
    view = show(PadView(pad, indicators))
    assert isinstance(view, PadView)
    helpers.advance(window, 1)
    return view


def _colour(pal: Palette, tone: Tone) -> tuple[int, int, int]:
    r, g, b, _ = pal.colour(tone)
    return (r, g, b)


def test_s1_indicators_render(window: arcade.Window, show: Callable[[arcade.View], arcade.View],
                              helpers: ModuleType, screenshot: Callable[[str], Path]) -> None:
    pad = ArrowPad(DEFAULT)
    _render(window, show, helpers, pad, S1)
    img = helpers.grab()
    screenshot("arrow_pad_s1_default")
    red, yellow, blue = (_colour(DEFAULT, t) for t in (Tone.RED, Tone.YELLOW, Tone.BLUE))
    white = _colour(DEFAULT, Tone.WHITE)
    cx, cy = pad.centre
    east, north, west, south = (pad.buttons[i] for i in (Intent.MOVE_E, Intent.MOVE_N, Intent.MOVE_W, Intent.MOVE_S))
    s = pad.button_size

    # red inner dot on the east button: your target has clear initiative over you
    assert helpers.close_to(helpers.pixel(img, east.cx, east.cy), red)
    # red inner line: an eastern foe targets you with initiative (between the centre ring and the dot)
    assert helpers.close_to(helpers.pixel(img, (cx + 30 + east.cx - 22) / 2, cy), red)
    assert helpers.close_to(helpers.pixel(img, cx + s / 2 + pad.gap / 2, cy), red)  # crosses the gap
    # no line on the north axis between centre and north button (nobody north targets you)
    assert not helpers.close_to(helpers.pixel(img, cx, cy + s / 2 + pad.gap / 2), red)
    # outlines: east aggressive = solid red band outside the button
    band_x = east.cx + s / 2 + 3
    assert helpers.close_to(helpers.pixel(img, band_x, east.cy + s / 4), red)
    # north cautious = dashed yellow along the top edge; west defensive = dotted blue along the left edge
    top_strip = (north.cx - s / 2, north.cy + s / 2, north.cx + s / 2, north.cy + s / 2 + 10)
    assert helpers.count_colour(img, top_strip, yellow) > 100
    left_strip = (west.cx - s / 2 - 10, west.cy - s / 2, west.cx - s / 2, west.cy + s / 2)
    assert helpers.count_colour(img, left_strip, blue) > 60
    # west: white ring = you have clear initiative over your target (ring: the centre is not white)
    ring_box = (west.cx - 15, west.cy - 15, west.cx + 15, west.cy + 15)
    assert helpers.count_colour(img, ring_box, white) > 150
    # north outer line: yellow, above the north button
    outer_box = (north.cx - 6, north.cy + s / 2 + 14, north.cx + 6, north.cy + s / 2 + pad.gap + pad.outer_reach)
    assert helpers.count_colour(img, outer_box, yellow) > 40
    # south: yellow dashed inner line (contesting), white hollow outer line
    south_line = (cx - 6, south.cy, cx + 6, cy - 26)
    assert helpers.count_colour(img, south_line, yellow) > 60
    south_outer = (south.cx - 8, south.cy - s / 2 - pad.gap - pad.outer_reach, south.cx + 8, south.cy - s / 2 - 12)
    assert helpers.count_colour(img, south_outer, white) > 40
    # "Atk" badge on the north button in the attack colour
    bx, by = pad._badge_centre(north)
    assert helpers.count_colour(img, (bx - 22, by - 12, bx + 22, by + 12), DEFAULT.mark_attack[:3]) > 150


def test_s2_colour_blind_render(window: arcade.Window, show: Callable[[arcade.View], arcade.View],
                                helpers: ModuleType, screenshot: Callable[[str], Path]) -> None:
    pad = ArrowPad(COLOUR_BLIND)
    _render(window, show, helpers, pad, S2)
    img = helpers.grab()
    screenshot("arrow_pad_s2_colour_blind")
    s = pad.button_size
    north = pad.buttons[Intent.MOVE_N]
    # s2: north = attack only = solid "red" (vermillion in this palette)
    vermillion = _colour(COLOUR_BLIND, Tone.RED)
    assert helpers.close_to(helpers.pixel(img, north.cx + s / 4, north.cy + s / 2 + 3), vermillion)
    east = pad.buttons[Intent.MOVE_E]
    # contested dot is a yellow diamond: yellow at the centre, not at the bounding-box corner
    okabe_yellow = _colour(COLOUR_BLIND, Tone.YELLOW)
    assert helpers.close_to(helpers.pixel(img, east.cx, east.cy), okabe_yellow)
    assert not helpers.close_to(helpers.pixel(img, east.cx + 14, east.cy + 14), okabe_yellow)


def test_left_handed_render_and_click(window: arcade.Window, show: Callable[[arcade.View], arcade.View],
                                      helpers: ModuleType, screenshot: Callable[[str], Path]) -> None:
    pad = ArrowPad(DEFAULT, handedness="left")
    view = _render(window, show, helpers, pad, S1)
    east = pad.buttons[Intent.MOVE_E]
    helpers.click(window, east.cx, east.cy + 30)
    helpers.click(window, pad.centre[0], pad.centre[1])
    helpers.click(window, W / 2, H - 10)  # map area: no intent
    assert view.clicked == [Intent.MOVE_E, Intent.WAIT]
    window.dispatch_event("on_mouse_press", int(east.cx), int(east.cy), arcade.MOUSE_BUTTON_LEFT, 0)
    helpers.advance(window, 1)
    img = helpers.grab()
    screenshot("arrow_pad_left_pressed_east")
    # the pressed east body is lighter than an idle body; read beside the arrow, away from dot and lines
    pressed_px = helpers.pixel(img, east.cx - 30, east.cy - 30)
    idle = pad.buttons[Intent.MOVE_S]
    idle_px = helpers.pixel(img, idle.cx - 30, idle.cy - 30)
    assert sum(pressed_px) > sum(idle_px) + 40
    assert pad.centre[0] < W / 2


def test_resize_relayouts_through_the_window(window: arcade.Window, show: Callable[[arcade.View], arcade.View],
                                             helpers: ModuleType) -> None:
    pad = ArrowPad()
    _render(window, show, helpers, pad, PadIndicators())
    before = pad.centre
    window.dispatch_event("on_resize", 1024, 768)  # headless set_size() is a no-op (tech_notes §1.2)
    assert pad.centre != before and pad.centre[0] + pad.extent / 2 <= 1024
    window.dispatch_event("on_resize", W, H)
    assert pad.centre == before
