"""Watching runs: the recording picker and the watch view (play, pause, speed, and time travel).

The watch view reads a run through a :class:`game.sim.timeline.Timeline`: the state at any tick and the
events of each tick. Playing steps one tick forward per interval at the chosen pace and lets the game view
(built by the app's factory with the same constructor as in play, ``interactive=False``) animate the events;
stepping back, the slider and the jump keys show any tick at once (``GameView.rebind``). A demo is a
timeline too: ``Confirm`` every tick of an AI-against-AI world until the fight is over.

Keys: Space / Enter play or pause; → or ← one tick forward or back; Shift+→ / Shift+← ten ticks; Home / End
the first / the last tick known; ↑ / + faster, ↓ / − slower; Esc leaves. Other keys go to the game view (the
log's filter and scrolling, inspect). Mouse and touch: the bar's buttons, and the slider (click or drag).
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UILabel, UIManager, UISpace

from game.paths import RunFile, data_dir, watchable_runs
from game.view.input_map import Context, Intent
from game.view.views.common import FONT, MenuButton, MenuView, Theme

if TYPE_CHECKING:
    from game.sim.timeline import Timeline  # not at run time: the title screen imports this module
    from game.view.app import App, GameViewFactory
    from game.view.session import Session
    from game.view.settings import Settings

log = logging.getLogger(__name__)


class RecordingPicker(MenuView):
    """The autosave and recordings/ (newest first), a page at a time."""

    NATURAL_HEIGHT = 700
    PAGE = 7

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.runs: list[RunFile] = watchable_runs()
        self.page = 0

    def build(self, s: float) -> None:
        t = self.theme
        root = self.root()
        box = self.panel(space=10, padding=28)
        box.add(self.label("Watch a recording", size=38, bold=True))
        pages = max(1, -(-len(self.runs) // self.PAGE))
        self.page = min(self.page, pages - 1)
        shown = self.runs[self.page * self.PAGE: (self.page + 1) * self.PAGE]
        if not self.runs:
            box.add(self.label("No recordings yet. Every finished run is kept here.", size=19, colour=t.muted))
        for run in shown:
            when = run.modified.strftime("%d %b %Y  %H:%M")
            box.add(self.button(run.label, functools.partial(self._watch, run.path), width=820, height=54,
                                font_size=18, value=when))
        nav = UIBoxLayout(vertical=False, space_between=self.px(14))
        if self.page > 0:
            nav.add(self.button("Newer", functools.partial(self._turn, -1), width=200, height=54, font_size=18))
        if self.page < pages - 1:
            nav.add(self.button("Older", functools.partial(self._turn, +1), width=200, height=54, font_size=18))
        nav.add(self.button("Back", self.app.show_title, width=200, height=54, font_size=18))
        box.add(nav)
        box.add(self.label(f"Folder: {data_dir()}", size=14, colour=t.muted))
        root.add(box, anchor_x="center", anchor_y="center", align_y=self.px(30))
        bottom = UIBoxLayout(vertical=True, space_between=self.px(4))
        bottom.add(self.status_label(width=1100))
        bottom.add(self.key_hint())
        root.add(bottom, anchor_x="center", anchor_y="bottom", align_y=self.px(8))

    def _turn(self, step: int) -> None:
        self.page += step
        self.focus_index = 0
        self.rebuild()

    def _watch(self, path: Path) -> None:
        error = self.app.watch(path, back=self.app.show_watch_picker)
        if error:
            self.set_message(error, "danger")

    def on_cancel(self) -> None:
        self.app.show_title()


def make_watching_view(factory: GameViewFactory, session: Session, settings: Settings,
                       on_exit: Callable[[str], None]) -> arcade.View:
    """The game view in watch mode: ``interactive=False`` when its constructor has that switch (GameView
    does: no arrow pad, no prompts, it only renders what :class:`WatchView` shows it)."""
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    if "interactive" in params:
        return factory(session, settings, on_exit, interactive=False)  # type: ignore[call-arg]
    return factory(session, settings, on_exit)


class WatchView(arcade.View):
    """Plays a run's :class:`Timeline` in the game view, with a control bar and a tick slider."""

    SPEEDS: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
    BASE_INTERVAL = 0.45  # seconds between ticks at 1x (plus the game view's animations)
    MAX_WAIT = 4.0  # never wait longer than this many intervals for the game view to finish animating
    INDEX_BUDGET = 0.004  # seconds per frame spent indexing the run ahead (so jumps are quick)
    BIG_STEP = 10  # Shift+arrow
    SETTLE_SPEED = 4.0  # from this speed on, each tick's animations are finished before the next starts
    LOG_TICKS = 40  # after a jump, the log shows the events of this many ticks before it

    def __init__(self, app: App, session: Session, timeline: Timeline, game_factory: GameViewFactory, *,
                 title: str, back: Callable[[], object], again: Callable[[], object] | None = None,
                 demo: bool = False, end: int | None = None) -> None:
        super().__init__()
        self.app = app
        self.session = session
        self.timeline = timeline
        self.title = title
        self.back = back
        self.again = again
        self.demo = demo
        self.end = end  # the run's last tick when known up front (a recording's header); else as indexed
        self.playing = True
        self.speed = 1.0
        self.timer = 0.0
        self.waited = 0.0
        self.error: str | None = None
        self.game = make_watching_view(game_factory, session, app.settings, self._game_exit)
        app.lend_sounds(self.game)
        self.tick = timeline.first
        self.ui = UIManager()
        self.theme = Theme.for_palette(app.settings.colour_blind)
        self.buttons: dict[str, MenuButton] = {}
        self.info: UILabel | None = None
        self.track: UISpace | None = None
        self.panel: UIBoxLayout | None = None
        self._dragging = False
        self._built_for: tuple[int, int] | None = None
        self.seek(timeline.first)

    # ----- the timeline ---------------------------------------------------------------------------------
    @property
    def last(self) -> int:
        """The furthest tick one can go to now."""
        return self.timeline.last

    @property
    def total(self) -> int:
        """The slider's end: the run's last tick when known, else the furthest indexed so far."""
        return max(self.end or 0, self.timeline.last)

    @property
    def done(self) -> bool:
        if self.error is not None:
            return True
        return self.timeline.complete and self.tick >= self.timeline.last

    def _check(self) -> bool:
        error = self.timeline.error
        if error and self.tick >= self.timeline.last:
            self.error = error
            self.playing = False
        return self.error is None

    def step(self) -> bool:
        """Show the next tick, animated; False when there is nothing after it (or the run failed)."""
        if self.done:
            return False
        target = self.tick + 1
        try:
            state = self.timeline.state_at(target)
            events = self.timeline.events_at(state.tick)
        except Exception as exc:  # a recording must never crash the game (CommandError, rules errors)
            log.exception("watching stopped at tick %s", self.tick)
            self.error = f"Stopped: {exc}"
            self.playing = False
            self._refresh()
            return False
        if state.tick <= self.tick and self.timeline.complete:  # nothing after it after all
            self._check()
            self._refresh()
            return False
        self.tick = state.tick
        rebind = getattr(self.game, "rebind", None)
        if callable(rebind):
            rebind(state)
        show = getattr(self.game, "show_events", None)
        if callable(show):
            show(list(events))  # the game view animates what the tick did
        self._check()
        self._refresh()
        return not self.done

    def seek(self, tick: int) -> None:
        """Jump to ``tick`` (clamped to the ticks known), without animation; the log shows the ticks before."""
        tick = max(self.timeline.first, min(tick, self.total))
        try:
            state = self.timeline.state_at(tick)
        except Exception as exc:
            log.exception("watching: cannot show tick %s", tick)
            self.error = f"Stopped: {exc}"
            self.playing = False
            self._refresh()
            return
        self.tick = state.tick
        history = [e for t in range(max(self.timeline.first, self.tick - self.LOG_TICKS), self.tick + 1)
                   for e in self.timeline.events_at(t)]
        rebind = getattr(self.game, "rebind", None)
        if callable(rebind):
            rebind(state, jump=True, history=history)
        self.timer = 0.0
        self.waited = 0.0
        self._check()
        self._refresh()

    def step_back(self, ticks: int = 1) -> None:
        self.playing = False
        self.seek(self.tick - ticks)

    def step_once(self, ticks: int = 1) -> None:
        self.playing = False
        if ticks == 1:
            self.step()
        else:
            self.seek(self.tick + ticks)
        self._refresh()

    def update_driver(self, dt: float) -> None:
        if not self.timeline.complete:
            self.timeline.index(self.INDEX_BUDGET)
        if not self.playing or self.done:
            return
        interval = self.BASE_INTERVAL / self.speed
        self.timer += dt
        if self.timer < interval:
            return
        if bool(getattr(self.game, "busy", False)) and self.waited < interval * self.MAX_WAIT:
            self.waited += dt
            return
        self.timer = 0.0
        self.waited = 0.0
        if self.speed >= self.SETTLE_SPEED:
            settle = getattr(self.game, "settle", None)  # at speed: the last tick's moves and labels end first,
            if callable(settle):  # so floating labels never pile up into smears
                settle()
        self.step()
        if self.done:
            self.playing = False
            self._refresh()

    def toggle(self) -> None:
        if self.done:
            return
        self.playing = not self.playing
        self.timer = 0.0
        self._refresh()

    def faster(self, step: int = 1) -> None:
        i = self.SPEEDS.index(self.speed) if self.speed in self.SPEEDS else 2
        self.speed = self.SPEEDS[max(0, min(len(self.SPEEDS) - 1, i + step))]
        self._refresh()

    def _game_exit(self, reason: str) -> None:
        if reason == "pause":
            self.toggle()
        elif reason == "quit":
            self.back()
        # "game_over": the end is shown by the control bar; nothing to do

    # ----- control bar --------------------------------------------------------------------------
    def _progress(self) -> str:
        total = self.total
        more = "" if self.timeline.complete or self.end else "+"
        return f"tick {self.tick} of {total}{more}"

    def _status(self) -> str:
        if self.error:
            return self.error
        if self.done:
            over = self.timeline.state_at(self.tick).over
            from game.view.views.game_over import HEADLINES

            what = HEADLINES.get(over, over) if over else ""
            return f"End of {'demo' if self.demo else 'recording'}" + (f": {what.lower()}" if what else "") + \
                f"   ·   {self._progress()}"
        state = "Playing" if self.playing else "Paused"
        return f"{state} {self.speed:g}x   ·   {self._progress()}"

    def bar_scale(self) -> float:
        w, h = self.window.width, self.window.height
        s = max(0.6, min(w / 1280, h / 720) * float(self.app.settings.ui_scale))
        return float(min(s, w / 1280 * 1.2))

    def build_bar(self) -> None:
        w, h = self.window.width, self.window.height
        s = self.bar_scale()
        self.theme = Theme.for_palette(self.app.settings.colour_blind)
        t = self.theme
        self.ui.clear()  # type: ignore[no-untyped-call]
        self.buttons = {}
        root = self.ui.add(UIAnchorLayout())
        # bottom right: in watch mode the game view has no arrow pad there, and its HUD is at the top
        panel = UIBoxLayout(vertical=True, space_between=round(8 * s), align="left")
        panel.with_padding(all=round(12 * s))
        panel.with_background(color=arcade.types.Color(*t.panel))
        panel.with_border(color=arcade.types.Color(*t.panel_edge), width=2)
        head = UIBoxLayout(vertical=False, space_between=round(12 * s))
        head.add(UILabel(text=("DEMO" if self.demo else "WATCHING"), font_name=FONT, font_size=round(16 * s),
                         text_color=t.accent, bold=True))
        self.info = UILabel(text=" ", font_name=FONT, font_size=round(15 * s), text_color=t.text,
                            width=round(380 * s))
        head.add(self.info)
        panel.add(head)
        controls = UIBoxLayout(vertical=False, space_between=round(8 * s))
        leave = UIBoxLayout(vertical=False, space_between=round(8 * s))

        def btn(row: UIBoxLayout, key: str, text: str, fn: Callable[[], object], width: float) -> None:
            b = MenuButton(text, width=round(width * s), height=round(50 * s), font_size=17 * s, theme=t)

            def clicked(_event: object) -> None:
                fn()

            setattr(b, "on_click", clicked)  # noqa: B010
            self.buttons[key] = b
            row.add(b)

        btn(controls, "back", "Back", self.step_back, 84)
        btn(controls, "play", "Pause", self.toggle, 100)
        btn(controls, "step", "Step", self.step_once, 84)
        btn(controls, "slower", "Slower", functools.partial(self.faster, -1), 100)
        btn(controls, "faster", "Faster", functools.partial(self.faster, +1), 100)
        panel.add(controls)
        self.track = UISpace(width=round(460 * s), height=round(34 * s))  # type: ignore[no-untyped-call]
        panel.add(self.track)
        if self.done and self.again is not None:
            btn(leave, "again", "Watch again", self.again, 220)
        btn(leave, "exit", "Exit", self.back, 100)
        panel.add(leave)
        root.add(panel, anchor_x="right", anchor_y="bottom", align_x=-round(10 * s), align_y=round(10 * s))
        self.panel = panel
        self.ui.execute_layout()  # type: ignore[no-untyped-call]
        self._built_for = (w, h)
        reserve = getattr(self.game, "reserve_corner", None)
        if callable(reserve):  # the game view keeps its log clear of the bar
            reserve(panel.rect.left - 8 * s, panel.rect.top + 8 * s)
        self._refresh()

    def _refresh(self) -> None:
        if self.info is None:
            return
        if self.done and self.again is not None and "again" not in self.buttons:
            self.build_bar()
            return
        self.info.text = self._status()
        play = self.buttons.get("play")
        if play is not None:
            play.text = "Play" if not self.playing else "Pause"
            play.disabled = self.done
        if "step" in self.buttons:
            self.buttons["step"].disabled = self.done
        if "back" in self.buttons:
            self.buttons["back"].disabled = self.tick <= self.timeline.first

    # ----- the slider ---------------------------------------------------------------------------
    def _track_rect(self) -> tuple[float, float, float, float] | None:
        """(left, bottom, width, height) of the slider's track area, once the bar is laid out."""
        if self.track is None:
            return None
        r = self.track.rect
        return (r.left, r.bottom, r.width, r.height)

    def tick_at(self, x: float) -> int:
        """The tick under pixel column ``x`` of the slider."""
        rect = self._track_rect()
        if rect is None:
            return self.tick
        left, _, width, _ = rect
        knob = rect[3] / 2
        span = max(1.0, width - 2 * knob)
        frac = max(0.0, min(1.0, (x - left - knob) / span))
        first = self.timeline.first
        return first + round(frac * (self.total - first))

    def x_of(self, tick: int) -> float:
        rect = self._track_rect()
        if rect is None:
            return 0.0
        left, _, width, height = rect
        knob = height / 2
        first = self.timeline.first
        frac = (tick - first) / max(1, self.total - first)
        return left + knob + frac * (width - 2 * knob)

    def _on_track(self, x: float, y: float) -> bool:
        rect = self._track_rect()
        if rect is None:
            return False
        left, bottom, width, height = rect
        return left <= x <= left + width and bottom - 6 <= y <= bottom + height + 6

    def draw_slider(self) -> None:
        rect = self._track_rect()
        if rect is None:
            return
        t = self.theme
        left, bottom, width, height = rect
        cy = bottom + height / 2
        knob = height / 2
        thick = max(4.0, height * 0.22)
        arcade.draw_lrbt_rectangle_filled(left + knob, left + width - knob, cy - thick / 2, cy + thick / 2,
                                          t.panel_edge)
        known = self.x_of(self.timeline.last)  # indexed so far (the rest is still being read)
        arcade.draw_lrbt_rectangle_filled(left + knob, known, cy - thick / 2, cy + thick / 2, t.muted)
        x = self.x_of(self.tick)
        arcade.draw_lrbt_rectangle_filled(left + knob, x, cy - thick / 2, cy + thick / 2, t.accent)
        arcade.draw_circle_filled(x, cy, knob * 0.8, t.accent)
        arcade.draw_circle_outline(x, cy, knob * 0.8, t.text, 2)

    # ----- arcade events ------------------------------------------------------------------------
    def on_show_view(self) -> None:
        self.game.on_show_view()
        if self._built_for != (self.window.width, self.window.height):
            self.build_bar()
        self.ui.enable()  # after the game view's own UI, so the bar gets clicks first

    def on_hide_view(self) -> None:
        self.ui.disable()
        self.game.on_hide_view()

    def on_resize(self, width: int, height: int) -> None:
        self.game.on_resize(width, height)
        self.build_bar()

    def on_update(self, delta_time: float) -> None:
        self.game.on_update(delta_time)
        self.update_driver(delta_time)

    def on_draw(self) -> None:
        self.game.on_draw()
        self.window.default_camera.use()
        self.ui.draw()
        self.draw_slider()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        if self._on_track(x, y):
            self._dragging = True
            self.playing = False
            self.seek(self.tick_at(x))
            return True
        if self.panel is not None and self.panel.rect.point_in_rect((x, y)):
            return True
        handler = getattr(self.game, "on_mouse_press", None)
        return handler(x, y, button, modifiers) if callable(handler) else None

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> bool | None:
        if self._dragging:
            tick = self.tick_at(x)
            if tick != self.tick:
                self.seek(tick)
            return True
        return None

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        self._dragging = False
        return None

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        handler = getattr(self.game, "on_mouse_scroll", None)
        return handler(x, y, scroll_x, scroll_y) if callable(handler) else None

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        m = self.app.settings.key_bindings
        menu = m.resolve(symbol, modifiers & ~arcade.key.MOD_SHIFT, Context.MENU)
        play = m.resolve(symbol, modifiers & ~arcade.key.MOD_SHIFT, Context.MAP)
        intents = {a.intent for a in (menu, play) if a is not None}
        big = self.BIG_STEP if modifiers & arcade.key.MOD_SHIFT else 1
        if symbol == arcade.key.ESCAPE or Intent.CANCEL in intents:
            self.back()
        elif symbol == arcade.key.HOME:
            self.playing = False
            self.seek(self.timeline.first)
        elif symbol == arcade.key.END:
            self.playing = False
            self.seek(self.timeline.last)
        elif intents & {Intent.CONFIRM, Intent.WAIT, Intent.PAUSE}:
            self.toggle()
        elif intents & {Intent.MENU_RIGHT, Intent.MOVE_E}:
            self.step_once(big)
        elif intents & {Intent.MENU_LEFT, Intent.MOVE_W}:
            self.step_back(big)
        elif intents & {Intent.MENU_UP} or symbol in (arcade.key.PLUS, arcade.key.EQUAL, arcade.key.NUM_ADD):
            self.faster(+1)
        elif intents & {Intent.MENU_DOWN} or symbol in (arcade.key.MINUS, arcade.key.NUM_SUBTRACT):
            self.faster(-1)
        else:
            handler = getattr(self.game, "on_key_press", None)  # the log's keys, inspect
            if callable(handler):
                handler(symbol, modifiers)
                return True
            return False
        self._refresh()
        return True
