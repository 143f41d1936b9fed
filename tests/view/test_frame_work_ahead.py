"""Work a frame no longer does (issue 11: no frame over 16.7 ms): the first draws of the panels' pictures made on
the title (invisibly), a picture's textures made in a quiet frame of their own, one quiet job a frame, the map's
overlay laid out only when something it follows moved, a panel opening over frames laying out only the texts it
deferred, and the arrow pad's looks kept."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import arcade
import PIL.Image
import pytest

from game.sim.commands import Confirm, Step
from game.view import combat_log, panel_picture, widgets
from game.view.bench import build_world
from game.view.combat_log import CombatLog
from game.view.gl_warm import PICTURE_WARM, SHOWN_SIZES, PictureWarm
from game.view.glyphs import WARMER
from game.view.layout_clock import LayoutClock
from game.view.maneuver_menu import ManeuverMenu
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from game.view.views.title import warm_for_game
from game.view.widgets import Panel, TextPool


def _note(log: list[Any], item: object) -> bool:
    """Record ``item`` (in a stand-in's lambda: ``_note(log, x) or real()``); always False."""
    log.append(item)
    return False


def test_the_picture_warm_paints_and_shows_a_probe_once_per_context_and_leaves_the_screen_as_it_was(
        window: arcade.Window, helpers: ModuleType) -> None:
    warm = PictureWarm()
    window.default_camera.use()
    window.clear(color=(40, 60, 80, 255))
    before = helpers.grab().convert("RGB")
    assert warm.pending(window)
    assert warm.step(window)  # the paint into a picture
    steps = 1
    while warm.step(window):  # the shows, one a frame
        steps += 1
    assert steps == len(SHOWN_SIZES)  # one paint, then a show of each size (the last step returns False)
    assert not warm.pending(window) and not warm.step(window)  # nothing more for this context
    after = helpers.grab().convert("RGB")
    assert before.tobytes() == after.tobytes()  # every colour of the probe is fully transparent


def _power_of_two(n: int) -> bool:
    return n & (n - 1) == 0


def test_the_picture_warm_shows_textures_of_every_power_of_two_kind(window: arcade.Window) -> None:
    """The software rasterizer compiles a sampler variant for each pairing of "this side is a power of two"
    (20-37 ms the first time a picture 192 px wide was shown): the probe shows all four."""
    warm = PictureWarm()
    while warm.step(window):
        pass
    ratio = int(window.get_pixel_ratio())
    assert len(warm.shown) == len(SHOWN_SIZES)
    kinds = {(_power_of_two(w), _power_of_two(h)) for w, h in warm.shown}
    assert kinds == {(True, True), (False, True), (True, False), (False, False)}
    assert warm.shown == [(w * ratio, h * ratio) for w, h in SHOWN_SIZES]


def test_the_title_warms_glyphs_first_then_the_pictures(window: arcade.Window,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(WARMER, "step", lambda budget: _note(calls, "glyphs") or 0)
    monkeypatch.setattr(PICTURE_WARM, "step", lambda w: _note(calls, "pictures") or False)
    monkeypatch.setattr(type(WARMER), "pending", property(lambda self: 1))
    warm_for_game(window, 1.0, 2.0)
    monkeypatch.setattr(type(WARMER), "pending", property(lambda self: 0))
    warm_for_game(window, 1.0, 2.0)
    assert calls == ["glyphs", "pictures"]


def test_the_title_wants_the_map_labels_at_the_zoom_the_game_opens_with(window: arcade.Window,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    wanted: list[tuple[float, bool]] = []
    monkeypatch.setattr(WARMER, "want", lambda size, bold: wanted.append((size, bold)))
    monkeypatch.setattr(WARMER, "want_scale", lambda scale: None)
    monkeypatch.setattr(PICTURE_WARM, "step", lambda w: False)
    warm_for_game(window, 1.0, 1.5)
    world, _events = build_world()
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda reason: None, zoom=1.5)
    assert view.render.zoom == 1.5
    assert (view.render.clock_font_size, True) in wanted and (view.render.floater_font_size, True) in wanted


def test_a_picture_bigger_than_its_textures_makes_them_in_one_quiet_frame_and_paints_in_the_next(
        window: arcade.Window) -> None:
    picture = panel_picture.PanelPicture()
    window.default_camera.use()
    panel_picture.end_frame(paint=False)  # whatever earlier tests left due
    for _ in range(panel_picture.STEADY_FRAMES):
        picture.draw("same", lambda: (0, 0, 300, 200), lambda: None, lambda: None)
        panel_picture.end_frame(paint=False)
    assert panel_picture.due() and picture.paints == 0
    picture.draw("same", lambda: (0, 0, 300, 200), lambda: None, lambda: None)
    panel_picture.end_frame(paint=True)  # a quiet frame: the textures are made, the picture still due
    assert panel_picture.due() and picture.paints == 0
    picture.draw("same", lambda: (0, 0, 300, 200), lambda: None, lambda: None)
    panel_picture.end_frame(paint=True)  # the next: painted
    assert not panel_picture.due() and picture.paints == 1


def _view(window: arcade.Window) -> GameView:
    world, events = build_world()
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda reason: None, zoom=1.0,
                    reveal_all=True)
    view.log.add_events(world.state, events)
    window.show_view(view)
    return view


def test_a_quiet_frame_does_one_job_the_map_s_warming_before_the_glyphs(
        window: arcade.Window, helpers: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    view = _view(window)
    helpers.advance(window, 30)  # the opening's rebuilds and pictures done
    jobs: list[str] = []
    real_warm = view.render.warm_step
    monkeypatch.setattr(view.render, "warm_step", lambda: _note(jobs, "map") or real_warm())
    monkeypatch.setattr(WARMER, "step", lambda budget: _note(jobs, "glyphs") or 0)
    monkeypatch.setattr(view.legend, "warm", lambda *args: _note(jobs, "legend"))
    probe = arcade.Texture(PIL.Image.new("RGBA", (1, 1)), hash="frame-work-ahead-probe")
    view.render._unmade_marks = [(("not made", i), lambda: probe) for i in range(3)]  # three things to make
    warmed = 0
    for _ in range(300):  # until the map has nothing left to make (a process's first map: tiles too)
        if warmed >= 3 and ("legend" in jobs or "glyphs" in jobs):
            break
        before = len(jobs)
        helpers.advance(window, 1)
        made = jobs[before:]
        assert made in ([], ["map"], ["map", "legend"], ["map", "glyphs"], ["legend"], ["glyphs"]), made
        if view.animator.warmed:
            warmed += 1
            assert made == ["map"]  # the map made one thing: nothing else in that frame
    assert warmed >= 3 and ("legend" in jobs or "glyphs" in jobs)
    window.hide_view()


def test_the_overlay_is_laid_out_again_only_when_something_it_follows_changed(
        window: arcade.Window, helpers: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    view = _view(window)
    helpers.advance(window, 10)
    render = view.render
    placed: list[str] = []
    real_place = render._place
    monkeypatch.setattr(render, "_place", lambda v: _note(placed, v.id) or real_place(v))
    helpers.advance(window, 3)
    assert placed == []  # a still screen: no layout
    actor = render.actors["player"]
    actor.gx += 0.5  # a tween moves him: the whole overlay follows in the next frame
    helpers.advance(window, 1)
    assert "player" in placed and render.actors["player"].sprite.center_x == pytest.approx(
        render.foot_xy(*actor.pos)[0])
    placed.clear()
    actor.flash = 0.5  # a flash recolours him
    helpers.advance(window, 1)
    assert "player" in placed
    window.hide_view()


def test_a_panel_opening_over_frames_makes_its_deferred_texts_without_building_again_each_frame(
        window: arcade.Window, helpers: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    view = _view(window)
    helpers.advance(window, 12)
    model = view.menu_model
    assert model is not None
    menu = ManeuverMenu()
    menu.layout(1280, 720, 1.0)
    builds: list[int] = []
    real_build = ManeuverMenu.build
    monkeypatch.setattr(ManeuverMenu, "build", lambda self: _note(builds, self.texts.layouts) or real_build(self))
    menu.open(model)
    frames = 0
    while menu.refresh() and frames < 30:
        frames += 1
    assert menu.shown_whole and not menu.incomplete and len(menu.texts.shown()) > 10
    # the first build, the deferred texts made over frames (no build in those), the last build
    assert frames >= 3 and len(builds) < frames and len(builds) <= 3
    window.hide_view()


def test_the_spares_are_found_by_the_string_they_show(window: arcade.Window) -> None:
    pool = TextPool()
    pool.stock("Thrust", size=12)
    pool.stock("Cut", size=12)
    pool.stock("Cut", size=14)
    pool.begin()
    cut = pool.put("a", "Cut", 0, 0, size=12)
    thrust = pool.put("b", "Thrust", 0, 0, size=12)
    pool.end()
    assert pool.layouts == 0 and cut.text == "Cut" and thrust.text == "Thrust"  # taken, not laid out


def test_the_pad_keeps_its_last_looks(window: arcade.Window, helpers: ModuleType,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    view = _view(window)
    helpers.advance(window, 6)
    pad = view.pad
    made: list[object] = []
    real = type(pad).build_mesh
    monkeypatch.setattr(type(pad), "build_mesh", lambda self: _note(made, self.indicators) or real(self))
    first = pad.indicators
    other = type(first)()
    pad.draw(other)
    pad.draw(first)  # back to a look it had: its shape is kept
    pad.draw(other)
    assert made == [other]
    window.hide_view()


class _Words(Panel):
    """Nine texts, three a build."""

    def __init__(self) -> None:
        super().__init__()
        self.words = [f"word {i}" for i in range(9)]
        self.builds = 0

    def content_key(self) -> object:
        return tuple(self.words)

    def build(self) -> None:
        self.builds += 1
        self.texts.budget = 3
        for i, word in enumerate(self.words):
            self.texts.put(i, word, 0, 20 * i)


def test_a_panel_stocks_wanted_texts_only_while_its_content_stands(window: arcade.Window) -> None:
    panel = _Words()
    assert panel.refresh() and panel.incomplete and panel.texts.layouts == 3
    assert panel.refresh() and panel.builds == 1  # three more made as spares, no build
    panel.words[0] = "changed"  # the content changed: built again at once
    assert panel.refresh() and panel.builds == 2


def test_the_closed_legend_is_built_ahead_for_the_marks_on_screen(
        window: arcade.Window, helpers: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.view.legend import legend_for
    from game.view.legend_panel import LegendPanel

    view = _view(window)
    frames = 0  # quiet frames: glyphs (any this process still wants), the legend's texts and swatches, its build
    while view._legend_prepared != view._legend_sync_key() and frames < 3000:
        helpers.advance(window, 10)
        frames += 10
    assert not view.legend.visible and view.legend.entries, (frames, WARMER.pending)
    builds: list[int] = []
    real_build = LegendPanel.build
    monkeypatch.setattr(LegendPanel, "build", lambda self: _note(builds, 1) or real_build(self))
    for _ in range(60):  # and its picture painted in a later quiet frame, while it is still closed
        if view.legend.picture.paints:
            break
        helpers.advance(window, 1)
    assert view.legend.picture.paints == 1 and not view.legend.visible
    shows = view.legend.picture.shows
    view.open_legend()
    helpers.advance(window, 1)
    assert builds == []  # opened as built ahead
    assert view.legend.picture.shows == shows + 1  # its first frame drew the picture, not the panel
    assert [e.key for e in view.legend.entries] == [e.key for e in legend_for(view.legend_marks(), view.palette)]
    view.close_legend()
    view.apply(Confirm() if view.state.pending is not None and view.state.pending.kind != "step" else Step(None))
    view.open_legend()  # the screen changed since: looked up and built at once
    helpers.advance(window, 1)
    assert builds and [e.key for e in view.legend.entries] == [
        e.key for e in legend_for(view.legend_marks(), view.palette)]
    view.close_legend()
    window.hide_view()


def test_a_picture_painted_ahead_is_shown_in_the_panel_s_first_frame(window: arcade.Window) -> None:
    picture = panel_picture.PanelPicture()
    window.default_camera.use()
    panel_picture.end_frame(paint=False)  # whatever earlier tests left due
    picture.paint_ahead("built", lambda: (0, 0, 100, 60), lambda: None, lambda: None)
    panel_picture.end_frame(paint=False)  # a busy frame: the panel not drawn, still due
    assert panel_picture.due()
    panel_picture.end_frame(paint=True)  # textures
    panel_picture.end_frame(paint=True)  # the paint
    assert picture.paints == 1 and not panel_picture.due()
    picture.draw("built", lambda: (0, 0, 100, 60), lambda: None, lambda: None)
    assert picture.shows == 1  # the first frame that draws it: the picture


def test_a_picture_painted_ahead_is_dropped_when_the_panel_shows_something_else(window: arcade.Window) -> None:
    picture = panel_picture.PanelPicture()
    window.default_camera.use()
    panel_picture.end_frame(paint=False)
    picture.paint_ahead("built", lambda: (0, 0, 100, 60), lambda: None, lambda: None)
    picture.draw("changed", lambda: (0, 0, 100, 60), lambda: None, lambda: None)
    for _ in range(3):
        panel_picture.end_frame(paint=True)
    assert picture.paints == 0 and not panel_picture.due()


def test_a_frame_s_layout_time_stops_budgeted_builds_after_one_layout_of_their_own(
        window: arcade.Window, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = LayoutClock(cap=0.002, work_cap=60.0)  # (the work cap: its own test)
    monkeypatch.setattr(widgets, "LAYOUT_CLOCK", clock)
    clock.start_frame()
    clock.spent = 0.003  # another panel's layouts used the frame's cap
    panel = _Words()
    assert panel.refresh() and panel.incomplete and panel.texts.layouts == 1  # one of its own, then it waits
    panel.texts.stock_wanted(3)
    assert len(panel.texts.wanted) == 7  # stocking ahead stops too, after one
    clock.end_frame()
    outside = _Words()  # outside a frame (a direct build): by the count alone, the same every run
    assert outside.refresh() and outside.texts.layouts == 3
    clock.start_frame()  # a new frame: the cap is the frame's again
    assert clock.spent == 0.0 and not clock.over()
    clock.cap = 60.0  # (a layout may take over 2 ms on a loaded machine: the count alone decides here)
    fresh = _Words()
    assert fresh.refresh() and fresh.texts.layouts == 3
    assert clock.spent > 0  # its layouts were timed


def _log_on(clock: LayoutClock, monkeypatch: pytest.MonkeyPatch) -> CombatLog:
    """The bench scene's combat log with its opening lines to lay out, timed by ``clock``."""
    monkeypatch.setattr(combat_log, "LAYOUT_CLOCK", clock)
    monkeypatch.setattr(widgets, "LAYOUT_CLOCK", clock)
    world, events = build_world()
    log = CombatLog()
    log.layout(1280, 720, 1.0)
    log.add_events(world.state, events)
    assert len(log.lines()) > 3
    return log


def test_the_log_lays_out_one_line_in_a_frame_whose_drawing_took_the_work_cap_and_a_panel_does_not_wait(
        window: arcade.Window, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = LayoutClock(cap=60.0, work_cap=0.006)
    log = _log_on(clock, monkeypatch)
    clock.start_frame()
    assert not clock.busy()
    clock.started -= 0.007  # the frame rebuilt something heavy before the log (no layout time spent)
    assert clock.busy() and not clock.over()
    assert log.refresh() and log.incomplete
    assert len([t for t in log.texts.shown() if t.multiline]) == 1  # the newest line; the rest next frames
    panel = _Words()  # a panel the player waits on (an opening menu) stops at the layout cap only
    assert panel.refresh() and panel.texts.layouts == 3
    clock.end_frame()
    assert not clock.busy()  # outside a frame: never


def test_the_log_lays_out_one_line_in_a_frame_whose_layout_time_is_spent(
        window: arcade.Window, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = LayoutClock(cap=0.002, work_cap=60.0)  # (the work cap: its own test)
    log = _log_on(clock, monkeypatch)
    clock.start_frame()
    clock.spent = 0.003
    assert log.refresh() and log.incomplete
    lines = [t for t in log.texts.shown() if t.multiline]  # (the title and tabs are single lines)
    assert len(lines) == 1  # the newest line; the older ones in the next frames
    clock.end_frame()


def test_a_floating_label_reuses_a_hidden_one_that_shows_its_string(window: arcade.Window,
                                                                    helpers: ModuleType) -> None:
    view = _view(window)
    render = view.render
    miss = render.add_floater("player", "miss", (255, 255, 255, 255))
    glance = render.add_floater("player", "glance", (255, 255, 255, 255))
    assert miss is not None and glance is not None
    render.remove_floater(glance)
    render.remove_floater(miss)  # hidden last: taken first for any other label
    again = render.add_floater("bandit_1", "glance", (200, 200, 255, 255))
    assert again is not None and again.text is glance.text and again.text.text == "glance"
    other = render.add_floater("bandit_1", "L2", (255, 80, 80, 255))
    assert other is not None and other.text is miss.text and other.text.text == "L2"  # any spare, laid out again
    window.hide_view()
