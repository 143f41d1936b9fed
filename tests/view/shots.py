"""Screenshots of the game screen, the legend over it, the maneuver menu (with odds and descriptions) and the
watch view (with its tick slider) at one window
size, headless, into tests/screenshots/ (``python -m tests.view.shots 800 600``). A window's size cannot
change headless (tech_notes §0.3), so each size is its own process; ``test_screenshots`` runs it.

Prints one line per screenshot: ``shot NAME WxH`` and, for the watch view, the rectangles that must not
overlap (``rect NAME l b r t``), which the test checks: its bar and log on screen, and on the map every bout's
clock (``clock_N``) and everyone's health pips (``pips_ID``), in world space.
"""

from __future__ import annotations

import os
import sys
import tempfile

os.environ["ARCADE_HEADLESS"] = "1"
os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")

import arcade

from game.view.gui_compat import apply_headless_workaround

apply_headless_workaround()


def _rect(name: str, rect: tuple[float, float, float, float]) -> None:
    left, bottom, width, height = rect
    print(f"rect {name} {left:.0f} {bottom:.0f} {left + width:.0f} {bottom + height:.0f}")


def main(width: int, height: int) -> int:
    folder = tempfile.mkdtemp(prefix="steelstep-shots-")
    os.environ["STEELSTEP_DATA_DIR"] = os.path.join(folder, "data")
    os.environ["STEELSTEP_CONFIG_DIR"] = os.path.join(folder, "config")

    from game.sim.commands import Step, Target
    from game.view.app import App
    from game.view.session import Session
    from game.view.settings import Settings, SettingsStore
    from game.view.views import WatchView
    from game.view.views.game import GameView
    from tests.view import helpers
    from tests.view.worlds import aggressive_waits, play_until, world_from_ascii

    window = arcade.Window(width, height, "Steelstep shots", visible=False, vsync=False, antialiasing=False)
    window._enable_event_queue = False  # dispatch_event() becomes synchronous (tech_notes §0.2)
    size = f"{width}x{height}"

    def shot(name: str) -> None:
        helpers.screenshot(f"{name}_{size}")
        print(f"shot {name} {size}")

    # the game screen: a three-way fight at s1 (target prompt), then the maneuver menu at s2
    three = "##########\n#........#\n#....wb..#\n#....@...#\n#........#\n##########\n"
    world = world_from_ascii(three, seed=3)
    world.apply(Step(None, "aggressive"))
    game = GameView(Session(world), Settings(), lambda reason: None)
    window.show_view(game)
    helpers.advance(window, 8)
    shot("game")
    helpers.press(window, arcade.key.SLASH, arcade.key.MOD_SHIFT)  # ?: the legend over the live screen
    helpers.advance(window, 2)
    shot("legend")
    _rect("legend", game.legend.rect)
    helpers.press(window, arcade.key.ESCAPE)
    helpers.advance(window, 2)
    assert world.state.pending is not None
    default = world.state.pending.default
    if world.state.pending.kind == "target" and default is not None:
        game.apply(Target(default))
    assert play_until(world, lambda w: w.state.pending is not None and w.state.pending.kind == "declare",
                      choose=aggressive_waits)
    game.show_events([])
    helpers.advance(window, 8)
    for _ in range(30):  # the menu's opening makes its texts a few a frame and is drawn once whole
        if game.menu_model is not None and game.menu.shown_whole:
            break
        helpers.advance(window, 1)
    helpers.advance(window, 1)
    shot("menu")
    _rect("menu", game.menu.rect)
    game.open_legend()
    helpers.advance(window, 2)
    shot("legend_menu")
    game.close_legend()
    window.hide_view()

    # the settings screen with its sound rows (master and effects volume, mute)
    app = App(window, SettingsStore(), Settings())
    settings_view = app.show_settings(back=lambda: None)
    helpers.advance(window, 4)
    shot("settings")
    for key in ("master_volume", "effects_volume", "muted"):
        r = settings_view.rows[key].rect
        _rect(f"settings_{key}", (r.left, r.bottom, r.width, r.height))
    window.hide_view()

    # the watch view: a demo, played a few ticks, paused, a step back: the slider shows where we are
    assert app.demo("arena_three_way", seed=3) is None
    watch = window.current_view
    assert isinstance(watch, WatchView)
    watch.speed = 16.0
    for _ in range(120):
        helpers.advance(window, 2)
        if watch.tick >= 14:
            break
    watch.toggle()
    while watch.timeline.index(0.05):
        pass
    watch.step_back()
    helpers.advance(window, 6)
    shot("watch")
    if watch.panel is not None:
        r = watch.panel.rect
        _rect("watch_bar", (r.left, r.bottom, r.width, r.height))
    game_view = watch.game
    if isinstance(game_view, GameView):
        _rect("watch_log", game_view.log.rect)
        render = game_view.render  # on the map (world space): the bouts' clocks and everyone's health pips
        for bout_id, pill in render._clock_pills.items():
            if pill.visible:
                _rect(f"clock_{bout_id}", (pill.left, pill.bottom, pill.width, pill.height))
        for aid, (_mark, pips) in render._status_sprites.items():
            if pips.visible:
                _rect(f"pips_{aid}", (pips.left, pips.bottom, pips.width, pips.height))
    watch.seek(watch.timeline.last)
    helpers.advance(window, 6)
    shot("watch_end")
    window.hide_view()
    return 0


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]] or [1280, 720]
    raise SystemExit(main(args[0], args[1]))
