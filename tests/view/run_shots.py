"""Screenshots of the run's screens (issue 10) at one window size, headless, into tests/screenshots/
(``python -m tests.view.run_shots 800 600``): the title with the run history, the end screen of a real run,
the inventory and the character screen over a run's game. One process per size (a headless window cannot be
resized); ``test_run_screens`` runs it. Prints ``shot NAME WxH`` per screenshot and ``rect NAME l b r t`` for
every focusable item of each screen (the test checks that they lie inside the window).
"""

from __future__ import annotations

import os
import sys
import tempfile
from datetime import UTC, datetime

os.environ["ARCADE_HEADLESS"] = "1"
os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")

import arcade

from game.view.gui_compat import apply_headless_workaround

apply_headless_workaround()


def main(width: int, height: int) -> int:
    folder = tempfile.mkdtemp(prefix="steelstep-run-shots-")
    os.environ["STEELSTEP_DATA_DIR"] = os.path.join(folder, "data")
    os.environ["STEELSTEP_CONFIG_DIR"] = os.path.join(folder, "config")

    from game import paths
    from game.run_history import RunHistory, RunRecord
    from game.sim.commands import Confirm
    from game.sim.run_world import run_setup
    from game.sim.world import World
    from game.view.app import App
    from game.view.session import Session
    from game.view.settings import Settings, SettingsStore
    from game.view.views.common import MenuView
    from tests.view import helpers

    window = arcade.Window(width, height, "Steelstep run shots", visible=False, vsync=False, antialiasing=False)
    window._enable_event_queue = False  # dispatch_event() becomes synchronous (tech_notes §0.2)
    size = f"{width}x{height}"
    app = App(window, SettingsStore(paths.data_dir().parent / "config"), Settings())
    app.on_quit = lambda: None

    def shot(name: str) -> None:
        helpers.advance(window, 3)
        helpers.screenshot(f"{name}_{size}")
        print(f"shot {name} {size}")
        view = window.current_view
        if isinstance(view, MenuView):
            for i, item in enumerate(view.items):
                r = item.widget.rect
                print(f"rect {name}:{i} {r.left:.0f} {r.bottom:.0f} {r.right:.0f} {r.top:.0f}")

    when = datetime(2026, 11, 24, 3, 0, tzinfo=UTC)
    history = RunHistory(paths.data_dir())
    for seed, outcome, depth, turns, kills in ((11, "death", 3, 428, {"bandits": 3, "vermin": 2}),
                                               (5, "victory", 8, 5120, {"dead": 9, "goblins": 6}),
                                               (16, "death", 1, 38, {})):
        history.add(RunRecord(seed, outcome, depth, turns, kills, 4, None, "killed by Wolf", when.isoformat()))
    app.show_title(seed=4242)
    shot("run_title")

    # the end screen of a real run: the AI leads seed 1 to its end
    world = World(run_setup(1), seed=1, player_ai=True)
    session = Session(world, autosave=app.autosave)
    for _ in range(20000):
        if session.over is not None:
            break
        session.apply(Confirm())
    app.session = session
    app.on_game_exit("game_over")
    shot("run_end")

    # a run played by hand (seed 3): the leader walks to the nearest pile (the shot of the floor's piles
    # when it comes in sight), takes off his shield
    from game.sim.commands import Gear
    from tests.world.test_world_run import walk_to

    assert app.new_run(3) is None and app.session is not None
    world = app.session.world
    run = world.state.run
    assert run is not None
    leader = world.state.actors[world.state.leader]
    from game.view.views.game import GameView

    game = app.game_view
    assert isinstance(game, GameView)
    pile = min(run.floor, key=lambda p: (abs(p.x - leader.pos.x) + abs(p.y - leader.pos.y), p.x, p.y))
    def in_sight() -> bool:
        game.show_events([])  # the map view sees what the leader sees now
        return pile in game.render.visible

    walk_to(world, pile, until=in_sight)
    game.show_events([])
    shot("run_floor_items")  # the floor's piles drawn on the map (game/view/floor_items.py)
    print(f"floor_items {len(game.render.floor_items.sprites)}")
    walk_to(world, pile)
    app.session.apply(Gear("unequip", slot="shield"))
    game = app.game_view
    assert isinstance(game, GameView)
    game.show_events([])
    shot("run_game")
    for hit in game.run_buttons.hits:
        assert isinstance(hit.action, tuple)
        left, bottom, w, h = hit.rect
        print(f"rect run_game:{hit.action[1]} {left:.0f} {bottom:.0f} {left + w:.0f} {bottom + h:.0f}")
    helpers.press(window, arcade.key.I)
    view = window.current_view
    assert type(view).__name__ == "InventoryView", type(view).__name__
    view.focus(next(i for i, line in zip(view.row_items, view.view.lines[view.offset:], strict=False)
                    if line.where == "carried"))
    shot("run_inventory")
    helpers.press(window, arcade.key.ESCAPE)
    helpers.press(window, arcade.key.C)
    view = window.current_view
    assert type(view).__name__ == "CharacterView", type(view).__name__
    shot("run_character")

    # seed 10 down the stairs by hand: the next depth's map, experience on the Character button and screen
    from game.sim.run_world import stairs_down

    helpers.press(window, arcade.key.ESCAPE)
    assert app.new_run(10) is None and app.session is not None
    world = app.session.world
    assert world.state.run is not None
    events = walk_to(world, stairs_down(world.state.run), ticks=2000)
    game = app.game_view
    assert isinstance(game, GameView) and world.state.run.depth == 2
    game.show_events(events)
    shot("run_depth2")
    helpers.press(window, arcade.key.C)
    shot("run_character_xp")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), int(sys.argv[2])))
