"""The run's screens (issue 10): New run on the title starts a roguelike run, the run history on the title
(best first), a finished run recorded once, the end screen from the run summary with "Play again" preselected,
and the screenshots of every run screen at 1280x720 and 800x600 (``tests/view/run_shots.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game import paths
from game.run_history import RunHistory, RunRecord
from game.sim.commands import Confirm, Gear
from game.sim.run_world import run_setup
from game.sim.world import World
from game.view.app import App
from game.view.session import Session
from game.view.views import GameOverView, TitleView
from game.view.views.game import GameView
from game.view.views.game_over import ARM_QUIET_SECONDS, ARM_SECONDS
from game.view.views.title import history_line

from . import app_support
from .app_support import FakeGameView
from .helpers import SCREENSHOT_DIR

K = arcade.key
app = app_support.app  # fixtures
data_dirs = app_support.data_dirs
ROOT = Path(__file__).resolve().parents[2]


def _labels(view: arcade.View) -> list[str]:
    from arcade.gui import UILabel

    assert isinstance(view, TitleView | GameOverView)
    return [w.text for w in view.ui.walk_widgets() if isinstance(w, UILabel)]


def _finished_run(app: App, seed: int = 1) -> Session:
    """A roguelike run played by the AI to its end (the leader falls), autosaved like a played run."""
    session = Session(World(run_setup(seed), seed=seed, player_ai=True), autosave=app.autosave)
    for _ in range(20000):
        if session.over is not None:
            break
        session.apply(Confirm())
    assert session.over is not None
    return session


def test_new_run_on_the_title_starts_a_run_of_eight_depths(app: App, window: arcade.Window,
                                                             helpers: ModuleType) -> None:
    title = app.show_title(seed=321)
    helpers.advance(window, 2)
    assert title.focus_index == TitleView.NEW
    helpers.press(window, K.ENTER)
    assert isinstance(window.current_view, FakeGameView)
    assert app.session is not None
    world = app.session.world
    assert world.setup.origin == {"kind": "run", "seed": 321, "party": ["player_fighter", "companion_spearman"]}
    assert world.state.run is not None and world.state.run.plan.last == 8 and world.state.run.depth == 1


def test_the_title_lists_the_run_history_best_first(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    title = app.show_title()
    helpers.advance(window, 1)
    assert "No finished run yet: the first one goes here." in _labels(title)
    history = RunHistory(paths.data_dir())
    for seed, outcome, depth in ((3, "death", 2), (4, "victory", 8), (5, "death", 5)):
        assert history.add(RunRecord(seed, outcome, depth, 100, {"bandits": 1}, 0, None, None,
                                     "2026-11-24T03:00:00+00:00")) is None
    title = app.show_title()
    helpers.advance(window, 1)
    lines = sorted(t for t in _labels(title) if t[:2] in ("1.", "2.", "3."))
    assert lines == [history_line(i, r) for i, r in enumerate(history.best(4).runs, 1)]
    assert [line.split("seed ")[1] for line in lines] == ["4", "5", "3"]  # the victory, then the deepest
    assert lines[0].startswith("1. Victory on depth 8")


def test_a_broken_history_is_one_line_on_the_title(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    (paths.data_dir() / "run_history.sqlite3").write_bytes(b"this is not a database" * 50)
    title = app.show_title()
    helpers.advance(window, 1)
    problems = [t for t in _labels(title) if "run history" in t]
    assert len(problems) == 1 and "\n" not in problems[0]


def test_a_finished_run_is_recorded_once_and_its_end_screen_shows_the_summary(
    app: App, window: arcade.Window, helpers: ModuleType
) -> None:
    session = _finished_run(app, seed=1)
    app.session = session
    app.game_view = FakeGameView(session, app.settings, app.on_game_exit)
    app.on_game_exit("game_over")  # the run ended live: recorded
    view = window.current_view
    assert isinstance(view, GameOverView)
    helpers.advance(window, 2)
    sm = view.summary
    assert sm.is_run and sm.depths == 8 and sm.outcome == "death" and sm.ticks == session.world.state.tick
    assert sm.cause_of_death is not None and sm.cause_of_death.startswith(("killed by", "knocked out by", "bled"))
    shown = _labels(view)
    for label, value in sm.lines():
        assert label in shown and any(value[:40] in t for t in shown), (label, value)
    runs = RunHistory(paths.data_dir()).best().runs
    assert [(r.seed, r.outcome, r.depth, r.turns) for r in runs] == [(1, "death", sm.depth, sm.ticks)]

    app.show_game_over()  # shown again (e.g. continuing the finished autosave): not recorded twice
    assert len(RunHistory(paths.data_dir()).best().runs) == 1
    title = app.show_title()
    helpers.advance(window, 1)
    assert history_line(1, runs[0]) in _labels(title)


def test_play_again_is_preselected_and_starts_a_new_run(app: App, window: arcade.Window,
                                                         helpers: ModuleType) -> None:
    app.session = _finished_run(app, seed=1)
    view = app.show_game_over()
    helpers.advance(window, 2)
    assert view.focus_index == GameOverView.PLAY_AGAIN
    old = app.session
    for _ in range(10):  # Enter (and Esc) pressed on and on from the last fight, three a second, for 3 s:
        helpers.press(window, K.ESCAPE)  # the result stays on screen the whole time
        helpers.press(window, K.ENTER)
        helpers.advance(window, 18)
    assert window.current_view is view and not view.armed and app.session is old
    assert view.shown_for > ARM_SECONDS
    helpers.advance(window, round(ARM_QUIET_SECONDS * 60) - 18 + 1)  # the keys stopped: it arms
    assert view.armed
    helpers.press(window, K.ENTER)
    assert isinstance(window.current_view, FakeGameView)
    assert app.session is not None and app.session is not old
    assert app.session.world.state.run is not None and app.session.over is None


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (800, 600)])
def test_run_screens_render_at_both_sizes(width: int, height: int) -> None:
    env = {**os.environ, "ARCADE_HEADLESS": "1", "ARCADE_SOUND_BACKENDS": "silent"}
    done = subprocess.run([sys.executable, "-m", "tests.view.run_shots", str(width), str(height)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    size = f"{width}x{height}"
    shots = {line.split()[1] for line in lines if line.startswith("shot ")}
    assert shots == EXPECTED_SHOTS
    piles = [int(line.split()[1]) for line in lines if line.startswith("floor_items ")]
    assert piles and piles[0] >= 1  # a pile in sight at the start of seed 3 is drawn
    for name in shots:
        path = SCREENSHOT_DIR / f"{name}_{size}.png"
        assert path.is_file() and path.stat().st_size > 10_000
    rects = {parts[1]: tuple(float(v) for v in parts[2:6]) for parts in (line.split() for line in lines)
             if parts and parts[0] == "rect"}
    assert len(rects) >= 10
    for name, (left, bottom, right, top) in rects.items():
        assert 0 <= left < right <= width and 0 <= bottom < top <= height, (name, left, bottom, right, top)


EXPECTED_SHOTS = {"run_title", "run_end", "run_game", "run_floor_items", "run_inventory", "run_character", "run_depth2",
                  "run_character_xp"}


@pytest.fixture
def real_app(window: arcade.Window, show: object, data_dirs: tuple[Path, Path]) -> Iterator[App]:
    """An App with the real game view (the run buttons and the I / C keys are the game view's)."""
    from game.view.settings import Settings, SettingsStore

    a = App(window, SettingsStore(data_dirs[1]), Settings())
    a.on_quit = lambda: None
    yield a
    window.hide_view()


def _menu_labels(view: arcade.View) -> list[str]:
    from arcade.gui import UILabel

    from game.view.views.common import MenuView

    assert isinstance(view, MenuView)
    return [w.text for w in view.ui.walk_widgets() if isinstance(w, UILabel)]


def test_i_and_c_open_the_run_screens_and_back_returns_to_the_game(
    real_app: App, window: arcade.Window, helpers: ModuleType
) -> None:
    from game.view.views.character import CharacterView
    from game.view.views.inventory import InventoryView

    assert real_app.new_run(3) is None
    game = real_app.game_view
    helpers.advance(window, 3)
    helpers.press(window, K.I)
    assert isinstance(window.current_view, InventoryView)
    assert "Inventory" in _menu_labels(window.current_view)
    helpers.advance(window, 2)
    helpers.screenshot("run_inventory_keys")
    helpers.press(window, K.ESCAPE)
    assert window.current_view is game
    helpers.press(window, K.C)
    assert isinstance(window.current_view, CharacterView)
    helpers.press(window, K.C)
    assert window.current_view is game
    # the run buttons over the log: a click opens the screens too (mouse and touch)
    helpers.advance(window, 2)
    assert isinstance(game, GameView)
    buttons = {str(hit.action[1]): hit.rect for hit in game.run_buttons.hits}
    assert set(buttons) == {"inventory", "character"}
    left, bottom, w, h = buttons["character"]
    helpers.click(window, left + w / 2, bottom + h / 2)
    assert isinstance(window.current_view, CharacterView)
    helpers.press(window, K.ESCAPE)
    left, bottom, w, h = buttons["inventory"]
    helpers.click(window, left + w / 2, bottom + h / 2)
    assert isinstance(window.current_view, InventoryView)


def test_outside_a_run_i_still_inspects(real_app: App, window: arcade.Window, helpers: ModuleType) -> None:
    assert real_app.new_run(7, "arena_three_way") is None
    game = real_app.game_view
    helpers.advance(window, 2)
    helpers.press(window, K.I)
    assert isinstance(game, GameView)
    assert window.current_view is game and game.inspect.visible


def test_the_inventory_by_keys_unequips_drops_picks_up_and_equips_with_the_numbers_side_by_side(
    real_app: App, window: arcade.Window, helpers: ModuleType
) -> None:
    from game.view.views.inventory import InventoryView

    assert real_app.new_run(3) is None
    session = real_app.session
    assert session is not None
    run = session.world.state.run
    assert run is not None
    real_app.on_game_exit("inventory")
    view = window.current_view
    assert isinstance(view, InventoryView)
    helpers.advance(window, 2)

    def focus_on(item: str, where: str) -> None:
        for index, line in zip(view.row_items, view.view.lines[view.offset:], strict=False):
            if line.id == item and line.where == where:
                view.focus(index)
                return
        raise AssertionError(f"no {item} {where} row")

    focus_on("small_shield", "equipped")
    helpers.press(window, K.ENTER)  # Unequip
    assert run.inventories["player"].count("small_shield") == 1 and view.message is not None
    assert view.message[1] == "good"
    focus_on("small_shield", "carried")
    rows = [(c[0].text, c[1].text, c[2].text) for c in view.table]
    assert rows[0][0] == "weapon" and any(r[0] == "DTN" for r in rows)  # now and with it, side by side
    assert [a for a, _ in view.shown_actions][:2] == ["Equip", "Drop"]
    helpers.press(window, K.KEY_2)  # Drop
    leader = session.world.state.actors["player"]
    assert dict(run.floor[leader.pos]).get("small_shield") == 1
    focus_on("small_shield", "floor")
    helpers.press(window, K.ENTER)  # Pick up
    assert run.inventories["player"].count("small_shield") == 1
    focus_on("small_shield", "carried")
    helpers.press(window, K.KEY_1)  # Equip
    assert dict(run.inventories["player"].equipped).get("shield") == "small_shield"
    assert leader.fighter.sheet.shield is not None
    # a refusal is one line in the status
    assert not view.send(Gear("drop", item="arming_sword"))
    assert view.message is not None and view.message[1] == "danger" and "unequip it first" in view.message[0]
    assert "\n" not in view.message[0]
    # back in the game, the game view shows what the screen's commands caused
    helpers.press(window, K.ESCAPE)
    assert window.current_view is real_app.game_view
    kinds = {type(e).__name__ for e in view.events}
    assert {"GearChanged", "ItemPutDown", "ItemsPickedUp"} <= kinds


def test_the_character_screen_spends_experience_at_the_stairs(
    real_app: App, window: arcade.Window, helpers: ModuleType
) -> None:
    from game.view.views.character import CharacterView

    assert real_app.new_run(3) is None
    session = real_app.session
    assert session is not None
    run = session.world.state.run
    assert run is not None
    real_app.on_game_exit("character")
    view = window.current_view
    assert isinstance(view, CharacterView)
    helpers.advance(window, 2)
    assert view.focus_index == 1  # Strength, under the member switch
    helpers.press(window, K.ENTER)
    assert view.message is not None and view.message[1] == "danger"
    assert view.message[0] == "Refused: ST 7 costs 21 experience; you have 0"
    run.experience["player"] = 9  # (as won fights would have given; the live world only)
    view.rebuild()
    labels = _menu_labels(view)
    assert "Experience: 9 unspent" in labels and "At the stairs: experience may be spent" in labels
    sword = next(i for i, it in enumerate(view.items) if getattr(it.widget, "text", "") == "Sword & Shield")
    view.focus(sword)
    helpers.press(window, K.ENTER)
    assert view.message == ("Sword & Shield is now 9.", "good")
    assert session.world.state.actors["player"].fighter.sheet.level == 9 and run.experience["player"] == 0
    assert "Experience: 0 unspent" in _menu_labels(view)
    helpers.press(window, K.TAB)  # the companion's sheet
    assert view.actor == "companion_spearman_1" and "Polearm" in " ".join(_menu_labels(view) + [
        getattr(it.widget, "text", "") for it in view.items])


def test_the_game_view_draws_the_next_depth_after_the_stairs(real_app: App, window: arcade.Window,
                                                              helpers: ModuleType) -> None:
    """New run now starts a run of depths: taking the stairs must give the map view the new depth's map."""
    from game.sim.run_world import stairs_down
    from tests.world.test_world_run import walk_to

    assert real_app.new_run(10) is None
    session, game = real_app.session, real_app.game_view
    assert session is not None and isinstance(game, GameView)
    run = session.world.state.run
    assert run is not None
    events = walk_to(session.world, stairs_down(run), ticks=2000)
    assert run.depth == 2 and session.over is None
    game.show_events(events)
    helpers.advance(window, 6)
    assert game._drawn_level == (2, session.world.state.tilemap.width, session.world.state.tilemap.height)
    assert game.render.state.tilemap is session.world.state.tilemap
    assert session.world.state.leader in game.render.actors
    assert game.run_buttons.experience == run.experience["player"] >= 5  # the first arrival's, on the button
    session.apply(Confirm())
    game.show_events([])
    helpers.advance(window, 3)  # the map view keeps drawing the new depth


def test_watching_a_run_draws_each_depth(real_app: App, window: arcade.Window, helpers: ModuleType,
                                         tmp_path: Path) -> None:
    """The watch view's time travel across a level change (seek both ways) redraws the map of that depth."""
    from game.sim.runfile import save_run
    from game.view.views import WatchView

    world = World(run_setup(10), seed=10, player_ai=True)
    run = world.state.run
    assert run is not None
    changed = None
    while world.state.over is None and world.state.tick < 700 and changed is None:
        world.apply(Confirm())
        if run.depth == 2:
            changed = world.state.tick
    assert changed is not None
    for _ in range(5):
        world.apply(Confirm())
    save_run(world, tmp_path / "deep.jsonl", final=True)
    assert real_app.watch(tmp_path / "deep.jsonl") is None
    watch = window.current_view
    assert isinstance(watch, WatchView)
    game = watch.game
    assert isinstance(game, GameView)
    for tick in (changed + 2, changed - 3, changed + 4):
        watch.seek(tick)
        helpers.advance(window, 3)
        depth = 2 if tick >= changed else 1
        assert game._drawn_level[0] == depth == game.state.run.depth


def test_each_item_offers_its_actions_first_action_first() -> None:
    """What the inventory's rows and buttons do: a consumable is used first, a carried weapon equipped (or held
    in the off hand), an equipped item unequipped, a pile picked up whole; giving only to someone beside."""
    from dataclasses import replace

    from game.sim.party_sheet import gear_view
    from game.view.views.inventory import actions_for

    world = World(run_setup(3), seed=3)
    view = gear_view(world.state, "player")
    sword = next(line for line in view.equipped if line.id == "arming_sword")
    assert [(a, c.action, c.slot) for a, c in actions_for(sword, view)] == [("Unequip", "unequip", "weapon")]
    bandage = replace(sword, id="bandage", name="Linen Bandage", kind="consumable", count=4, where="carried",
                      slot=None, equippable=False, consumable=True)
    assert [a for a, _ in actions_for(bandage, view)] == ["Use", "Drop"]
    spare = replace(sword, where="carried", slot=None)
    assert [a for a, _ in actions_for(spare, view)] == ["Equip", "Off hand", "Drop"]
    beside = replace(view, beside=(("companion_spearman_1", "Spearman"),))
    offered = actions_for(spare, beside)
    assert offered[-1][0] == "Give to Spearman" and offered[-1][1].to == "companion_spearman_1"
    assert [a for a, _ in actions_for(bandage, beside)] == ["Use", "Use on Spearman", "Drop", "Give to Spearman"]
    assert all(c.actor is None for _, c in offered)  # the leader's commands name no actor
    pile = replace(bandage, where="floor", count=3)
    assert [(a, c.action, c.count) for a, c in actions_for(pile, view)] == [("Pick up all", "pick_up", 3)]
    companion = gear_view(world.state, "companion_spearman_1")
    spear = companion.equipped[0]
    assert actions_for(spear, companion)[0][1].actor == "companion_spearman_1"


def test_a_run_lost_to_a_knockout_says_so_not_that_he_died() -> None:
    from game.view.views.game_over import HEADLINES, KNOCKED_OUT, LINES, RunSummary

    common = dict(outcome="death", ticks=90, seed=3, place="A run of the dungeon", fallen=(), depths=8,
                  cause_of_death="knocked out by Bandit 4")
    out = RunSummary(**common, leader_dead=False)  # type: ignore[arg-type]
    assert out.headline == HEADLINES["defeat"] and out.message == KNOCKED_OUT
    assert ("How he fell", "knocked out by Bandit 4") in out.lines()
    dead = RunSummary(**common)  # type: ignore[arg-type]
    assert dead.headline == HEADLINES["death"] and dead.message == LINES["death"]
    assert ("Cause of death", "knocked out by Bandit 4") in dead.lines()


def test_a_scenario_won_by_a_rout_says_the_foes_fled() -> None:
    from game.sim.brain import routed
    from game.view.views.game_over import ROUTED, SCENARIO_LINES, summarize
    from rules.fighter import Wound
    from tests.world.worlds import world

    session = Session(world(["##########", "#@..#.b..#", "##########"]))  # the bandit cannot reach him
    bandit = session.world.state.actors["b1"]
    bandit.fighter.add_wound(Wound("chest", "cut", 3, 9, 0))  # hurt enough to flee, and he does not bleed
    assert routed(bandit)
    session.world.apply(Confirm())
    summary = summarize(session)
    assert summary.outcome == "victory" and summary.headline == "Victory" and summary.fled == ("b1",)
    assert summary.message == ROUTED != SCENARIO_LINES["victory"] and ("Routed", "b1") in summary.lines()
    assert not summary.fallen


def test_the_end_screen_shows_without_numbers_when_its_replay_drifts(monkeypatch: pytest.MonkeyPatch,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    from game.view.views.game_over import summarize

    world = World(run_setup(2), seed=2, player_ai=True)
    for _ in range(30):
        world.apply(Confirm())

    def drifted(_world: World) -> None:
        raise ValueError("the run's commands do not give the same world again")

    monkeypatch.setattr("game.sim.run_summary.summary_of", drifted)
    summary = summarize(Session(world))  # the end screen, not a crash (a drift once crashed every run's end)
    assert summary.ticks == world.state.tick and summary.kills_by_faction == {} and summary.best_blow is None
    assert world.state.run is not None and summary.depth == world.state.run.deepest
    assert "do not give the same world again" in caplog.text


def test_the_kills_line_names_each_faction_with_its_count() -> None:
    from game.view.views.game_over import RunSummary

    one = RunSummary("victory", 8, 1, "Corridor chase", (), kills_by_faction={"wolves": 1})
    assert ("Kills", "1 (wolves 1)") in one.lines()  # not "1 (1 wolves)"
    two = RunSummary("victory", 8, 1, "Arena", (), kills_by_faction={"goblins": 2, "town_guard": 1})
    assert ("Kills", "3 (goblins 2, town guard 1)") in two.lines()
