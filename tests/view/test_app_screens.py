"""Game over (archive + who fell), the recording picker, the watch view (play/pause/step/speed) and the demo."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import arcade

from game.paths import autosave_state, watchable_runs
from game.sim.commands import Confirm
from game.sim.digest import checksum
from game.sim.scenario_file import load_named_scenario
from game.sim.timeline import FoldTimeline
from game.sim.world import World
from game.view.app import App
from game.view.session import Session
from game.view.views import GameOverView, RecordingPicker, WatchView
from game.view.views.common import item_rect
from game.view.views.game_over import ARM_SECONDS

from . import app_support
from .app_support import MAP_GREEN, FakeGameView

K = arcade.key
app = app_support.app  # fixtures
data_dirs = app_support.data_dirs


def _finished_run(app: App, scenario: str = "arena_three_way", seed: int = 3) -> Session:
    """An AI-played fight to its end, autosaved like a played run."""
    world = World(load_named_scenario(scenario), seed=seed, player_ai=True)
    session = Session(world, autosave=app.autosave)
    for _ in range(3000):
        if session.over is not None:
            break
        session.apply(Confirm())
    assert session.over is not None
    return session


def test_game_over_archives_the_run_and_watches_it(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    session = _finished_run(app)
    app.session = session
    app.game_view = FakeGameView(session, app.settings, app.on_game_exit)
    app.on_game_exit("game_over")
    view = window.current_view
    assert isinstance(view, GameOverView)
    helpers.advance(window, 2)
    helpers.screenshot("app_game_over")

    summary = view.summary
    assert summary.outcome == session.over and summary.ticks == session.world.state.tick
    assert summary.recording is not None and summary.recording.parent.name == "recordings"
    assert summary.recording.read_bytes() == app.autosave.read_bytes()  # a copy of the finished autosave
    assert autosave_state(app.autosave) == "finished"
    fallen = {f.name for f in summary.fallen}
    assert fallen == {a.name for a in session.world.state.actors.values() if not a.alive}
    # the headline in the outcome's colour
    tone = view.theme.good if summary.outcome == "victory" else view.theme.danger
    assert helpers.count_colour(helpers.grab(), (0, 400, 1280, 720), tone, tol=30) > 200

    # showing it again does not archive twice
    app.show_game_over()
    assert len(list(summary.recording.parent.glob("*.jsonl"))) == 1

    # "Play again" is preselected; "Watch the recording" next to it plays it in the game view
    view = window.current_view
    assert isinstance(view, GameOverView)
    assert view.focus_index == GameOverView.PLAY_AGAIN
    helpers.advance(window, round(ARM_SECONDS * 60) + 1)  # its buttons act (Enter spam from the fight does not)
    helpers.press(window, K.RIGHT)
    assert view.focus_index == GameOverView.WATCH
    helpers.press(window, K.ENTER)
    watch = window.current_view
    assert isinstance(watch, WatchView)
    assert isinstance(watch.timeline, FoldTimeline) and watch.end == session.world.state.tick
    assert len(watch.timeline.commands) == len(session.world.commands)


def test_title_after_a_finished_run_offers_no_continue(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    app.session = _finished_run(app)
    app.show_game_over()
    view = window.current_view
    assert isinstance(view, GameOverView)
    view.focus(GameOverView.TITLE)
    helpers.advance(window, round(ARM_SECONDS * 60) + 1)
    helpers.press(window, K.ENTER)  # Title
    title = window.current_view
    helpers.advance(window, 1)
    assert type(title).__name__ == "TitleView"
    assert title.items[title.CONTINUE].widget.disabled
    assert "ended" in title.items[title.CONTINUE].widget.text


def test_each_game_over_in_one_session_keeps_its_own_recording(app: App, window: arcade.Window,
                                                              helpers: ModuleType) -> None:
    first = _finished_run(app, "guards_and_bandits", seed=5)
    app.session = first
    shown = app.show_game_over()
    assert shown.summary.recording is not None and shown.summary.recording.is_file()
    first_copy = shown.summary.recording
    assert app.show_game_over().summary.recording == first_copy  # the same end shown again: no second copy
    second = _finished_run(app, "guards_and_bandits", seed=6)  # the next game writes the same autosave path
    app.session = second
    again = app.show_game_over()
    second_copy = again.summary.recording
    assert second_copy is not None and second_copy != first_copy  # (it named the first game's file before)
    assert second_copy.read_bytes() == app.autosave.read_bytes() != first_copy.read_bytes()
    assert len(list((app.autosave.parent / "recordings").glob("*.jsonl"))) == 2


def test_watch_view_plays_pauses_steps_and_changes_speed(
    app: App, window: arcade.Window, helpers: ModuleType
) -> None:
    session = _finished_run(app, "guards_and_bandits", seed=5)
    app.session = session
    app.show_game_over()
    recording = next(iter(app.archived.values()))

    picker = app.show_watch_picker()
    helpers.advance(window, 2)
    assert isinstance(picker, RecordingPicker)
    runs = watchable_runs()
    assert [r.path for r in runs] == [recording]  # the finished autosave is listed once, as its recording
    helpers.screenshot("app_recordings")
    helpers.press(window, K.ENTER)
    watch = window.current_view
    assert isinstance(watch, WatchView)
    game = watch.game
    assert isinstance(game, FakeGameView) and game.session.watching
    total = session.world.state.tick
    assert watch.tick == 0 and game.state.tick == 0

    # playing: one tick per interval at 1x
    helpers.advance(window, round(WatchView.BASE_INTERVAL * 60 * 3) + 2)
    assert 2 <= watch.tick <= 4 and game.state.tick == watch.tick
    assert game.events  # the watch view showed the game view what each tick did (show_events)
    helpers.screenshot("app_watch")

    helpers.press(window, K.SPACE)  # pause
    assert not watch.playing
    at = watch.tick
    helpers.advance(window, 60)
    assert watch.tick == at
    helpers.press(window, K.RIGHT)  # step one
    assert watch.tick == at + 1
    helpers.press(window, K.LEFT)  # and back: the game view jumps to the earlier state
    helpers.press(window, K.LEFT)
    assert watch.tick == at - 1 and game.state.tick == at - 1 and game.jumps[-1] == at - 1
    helpers.press(window, K.RIGHT, modifiers=arcade.key.MOD_SHIFT)  # ten ticks on
    assert watch.tick == at + 9 and game.state.tick == at + 9
    helpers.press(window, K.HOME)
    assert watch.tick == 0
    helpers.press(window, K.RIGHT)
    helpers.press(window, K.RIGHT)
    assert watch.tick == 2
    helpers.press(window, K.UP)
    helpers.press(window, K.UP)
    assert watch.speed == 4.0
    # the game view's animations hold the pace back
    game.busy = True
    helpers.press(window, K.SPACE)
    helpers.advance(window, 20)
    assert watch.tick == 2
    game.busy = False

    # the slider: a click at its far end jumps to the end, one in the middle to the middle
    left, bottom, width, height = watch._track_rect() or (0, 0, 0, 0)
    assert width > 100
    helpers.click(window, left + width - 2, bottom + height / 2)
    assert watch.tick == total and not watch.playing
    helpers.click(window, left + width / 2, bottom + height / 2)
    assert abs(watch.tick - total / 2) <= max(2, total / 40) and game.state.tick == watch.tick
    helpers.press(window, K.SPACE)

    # the bar's buttons work by mouse too: Faster, then play to the end
    b = watch.buttons["faster"].rect
    helpers.click(window, b.center_x, b.center_y)
    assert watch.speed == 8.0
    for _ in range(400):
        if watch.done:
            break
        helpers.advance(window, 10)
    assert watch.done and watch.error is None and watch.tick == total
    assert isinstance(watch.timeline, FoldTimeline)
    assert checksum(watch.timeline.state_at(total)) == session.world.checksum()  # the same fight, folded
    helpers.advance(window, 1)
    assert "again" in watch.buttons
    helpers.press(window, K.ESCAPE)
    assert isinstance(window.current_view, RecordingPicker)


def test_watch_refuses_a_broken_recording(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    bad = app.autosave.parent / "recordings" / "broken.jsonl"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text('{"kind": "not-a-run"}\n')
    picker = app.show_watch_picker()
    helpers.advance(window, 1)
    helpers.press(window, K.ENTER)
    assert window.current_view is picker
    assert picker.message is not None and picker.message[0].startswith("Cannot watch broken.jsonl")
    assert bad.exists()


def test_demo_confirms_every_tick_until_the_fight_ends(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    assert app.demo("arena_three_way", seed=3) is None
    watch = window.current_view
    assert isinstance(watch, WatchView) and watch.demo
    assert watch.session.world.player_ai and watch.session.watching
    helpers.advance(window, 2)
    helpers.screenshot("app_demo")
    watch.speed = 8.0
    for _ in range(300):
        if watch.done:
            break
        helpers.advance(window, 5)
    assert watch.done and watch.error is None
    assert watch.timeline.state_at(watch.tick).over is not None
    assert not app.autosave.exists()  # a demo never touches the autosave


def test_pause_draws_the_frozen_game_dimmed(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    assert app.new_run(8) is None
    helpers.advance(window, 1)
    pause = app.show_pause()
    helpers.advance(window, 2)
    image = helpers.grab()
    corner = helpers.pixel(image, 5, 5)
    assert corner != (0, 0, 0) and corner[1] > corner[0]  # the green map shows through
    assert corner[1] < MAP_GREEN[1]  # ... dimmed
    left, bottom, _right, top = item_rect(pause, 0)
    assert helpers.pixel(image, left + 4, (bottom + top) / 2) == pause.theme.accent[:3]
    helpers.press(window, K.DOWN)
    helpers.press(window, K.DOWN)
    helpers.press(window, K.ENTER)  # Save and quit to title
    assert type(window.current_view).__name__ == "TitleView"
    assert app.session is None and autosave_state(app.autosave) == "resumable"


def test_ui_scale_and_resize_keep_the_title_on_screen(
    app: App, window: arcade.Window, helpers: ModuleType, tmp_path: Path
) -> None:
    app.settings.ui_scale = 2.0
    title = app.show_title()
    helpers.advance(window, 2)
    helpers.screenshot("app_title_ui_scale_2")
    for it in title.items:
        r = it.widget.rect
        assert r.left >= 0 and r.bottom >= 0 and r.right <= window.width and r.top <= window.height
    app.settings.ui_scale = 1.0
    window.dispatch_event("on_resize", 960, 540)  # headless: set_size() is a no-op, so only the layout
    helpers.advance(window, 1)
    for it in title.items:
        r = it.widget.rect
        assert r.right <= 960 and r.top <= 540 and r.bottom >= 0
    window.dispatch_event("on_resize", 1280, 720)
    helpers.advance(window, 1)


def test_with_the_real_game_view(window: arcade.Window, show: object, data_dirs: tuple[Path, Path],
                                 helpers: ModuleType) -> None:
    """The screens around the real GameView: play, pause over it, game over, watch it."""
    from game.view.app import load_game_view
    from game.view.settings import Settings, SettingsStore

    factory, why = load_game_view()
    assert factory is not None, f"no GameView: {why}"
    real = App(window, SettingsStore(data_dirs[1]), Settings(), game_view_factory=factory)
    real.on_quit = lambda: None
    try:
        assert real.new_run(7, "arena_three_way") is None
        helpers.advance(window, 3)
        helpers.screenshot("app_real_game")
        helpers.press(window, K.ESCAPE)  # GameView asks for the pause menu
        helpers.advance(window, 2)
        assert type(window.current_view).__name__ == "PauseView"
        helpers.screenshot("app_real_pause")
        helpers.press(window, K.ENTER)  # Resume
        assert window.current_view is real.game_view

        real.session = _finished_run(real)
        real.show_game_over()
        recording = next(iter(real.archived.values()))
        assert real.watch(recording) is None
        watch = window.current_view
        assert isinstance(watch, WatchView)
        assert getattr(watch.game, "interactive", None) is False
        for _ in range(6):
            helpers.advance(window, 30)
        assert watch.tick >= 2
        helpers.screenshot("app_real_watch")
        watch.speed = 8.0
        for _ in range(300):
            if watch.done:
                break
            helpers.advance(window, 10)
        assert watch.done and watch.error is None
        assert isinstance(watch.timeline, FoldTimeline)
        assert checksum(watch.timeline.state_at(watch.tick)) == real.session.world.checksum()
        helpers.advance(window, 2)
        helpers.screenshot("app_real_watch_end")
    finally:
        window.hide_view()


def test_a_new_run_never_loses_the_previous_autosave(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    app.session = _finished_run(app)
    app.show_game_over()  # archived once
    recordings = app.autosave.parent / "recordings"
    assert len(list(recordings.glob("*.jsonl"))) == 1
    assert app.new_run(21) is None  # the finished run is already in recordings/: no second copy
    assert len(list(recordings.glob("*.jsonl"))) == 1
    assert app.session is not None
    app.session.apply(Confirm())
    assert app.new_run(22) is None  # the unfinished one is kept
    kept = sorted(p.name for p in recordings.glob("*unfinished*.jsonl"))
    assert len(kept) == 1
