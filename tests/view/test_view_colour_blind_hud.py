"""The colour-blind palette reaches the top bar's pips and the orientation icons (issue 11), and the legend
shows the pips in the colours the top bar draws them."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import arcade

from game.view.legend import Kind, entries, hud_pip_colours
from game.view.map_render import Textures
from game.view.palette import COLOUR_BLIND, DEFAULT
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import DUEL, world_from_ascii


def test_hud_pips_follow_the_palette_and_the_legend_matches(window: arcade.Window,
                                                            show: Callable[[arcade.View], arcade.View],
                                                            helpers: ModuleType) -> None:
    default, safe = hud_pip_colours(DEFAULT), hud_pip_colours(COLOUR_BLIND)
    assert default["ht"] != safe["ht"] and default["cp"] != safe["cp"]
    for palette, pips in ((DEFAULT, default), (COLOUR_BLIND, safe)):
        shown = {e.key.variant: e.colour for e in entries(palette) if e.key.kind is Kind.HUD_PIP}
        assert shown == pips  # the legend's swatch is what the bar draws
        view = GameView(Session(world_from_ascii(DUEL, seed=1)),
                        Settings(animation_speed="instant", colour_blind=palette is COLOUR_BLIND), lambda _r: None)
        show(view)
        helpers.advance(window, 2)
        image = helpers.grab()
        spot = view.hud.spots["ht"]
        box = (spot[0], spot[1], spot[0] + spot[2], spot[1] + spot[3])
        assert helpers.count_colour(image, box, pips["ht"][:3], tol=8) >= 20, palette.name
        helpers.screenshot(f"hud_pips_{palette.name}")


def test_orientation_icons_carry_the_palettes_ring(window: arcade.Window) -> None:
    a = Textures(64, DEFAULT).icon("aggressive").image.convert("RGBA")
    b = Textures(64, COLOUR_BLIND).icon("aggressive").image.convert("RGBA")
    assert a.tobytes() != b.tobytes()
    edge = b.getpixel((b.width // 2, 0))
    assert isinstance(edge, tuple)
    red = COLOUR_BLIND.colour(COLOUR_BLIND.orientation("aggressive").tone)
    assert all(abs(int(edge[i]) - red[i]) <= 40 for i in range(3)), (edge, red)


def test_the_top_bar_says_what_pain_or_shock_takes_from_the_pool(window: arcade.Window,
                                                                  show: Callable[[arcade.View], arcade.View],
                                                                  helpers: ModuleType) -> None:
    world = world_from_ascii(DUEL, seed=1)
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None)
    show(view)
    helpers.advance(window, 2)
    assert "cost" not in view.hud.texts._texts  # unhurt: nothing taken
    fighter = world.state.actors[world.state.leader].fighter
    fighter.pain, fighter.carried_shock = 4, 2  # as wounds would leave them (the rules keep these two)
    view.hud.invalidate()
    helpers.advance(window, 4)
    cost = view.hud.texts._texts["cost"]
    assert cost.visible and cost.text == "−4 from pain"
    cpv = view.hud.texts._texts["cpv"]
    assert cost.x >= cpv.x + cpv.content_width  # after the CP value, not over it
    helpers.screenshot("hud_pain_cost")
    fighter.pain, fighter.carried_shock = 1, 3
    view.hud.invalidate()
    helpers.advance(window, 4)
    assert view.hud.texts._texts["cost"].text == "−3 from shock"
    window.hide_view()
