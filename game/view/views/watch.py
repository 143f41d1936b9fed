"""Watching runs: the recording picker and the watch view (play, pause, step, speed).

The watch view drives a watching ``Session`` by applying the recorded commands one by one at the chosen
pace; the game view (built by the app's factory with the same constructor as in play) renders the world.
With ``commands=None`` it plays a demo instead: ``Confirm`` every tick of an AI-against-AI world
(``World(player_ai=True)``) until the fight is over.
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import arcade
from arcade.gui import UIAnchorLayout, UIBoxLayout, UILabel, UIManager

from game.paths import RunFile, data_dir, watchable_runs
from game.sim.commands import Confirm, from_dict
from game.view.input_map import Context, Intent
from game.view.views.common import FONT, MenuButton, MenuView, Theme

if TYPE_CHECKING:
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
    does: no arrow pad, no prompts, it only renders what :meth:`WatchView.step` shows it)."""
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    if "interactive" in params:
        return factory(session, settings, on_exit, interactive=False)  # type: ignore[call-arg]
    return factory(session, settings, on_exit)


class WatchView(arcade.View):
    """Plays a recording (or a demo) in the game view, with a control bar at the top."""

    SPEEDS: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
    BASE_INTERVAL = 0.45  # seconds between commands at 1x (plus the game view's animations)
    MAX_WAIT = 4.0  # never wait longer than this many intervals for the game view to finish animating

    def __init__(self, app: App, session: Session, commands: list[dict[str, Any]] | None,
                 game_factory: GameViewFactory, *, title: str, back: Callable[[], object],
                 again: Callable[[], object] | None = None) -> None:
        super().__init__()
        self.app = app
        self.session = session
        self.commands = commands
        self.title = title
        self.back = back
        self.again = again
        self.index = 0
        self.playing = True
        self.speed = 1.0
        self.timer = 0.0
        self.waited = 0.0
        self.error: str | None = None
        self.game = make_watching_view(game_factory, session, app.settings, self._game_exit)
        self.ui = UIManager()
        self.theme = Theme.for_palette(app.settings.colour_blind)
        self.buttons: dict[str, MenuButton] = {}
        self.info: UILabel | None = None
        self._built_for: tuple[int, int] | None = None

    # ----- driving the session ------------------------------------------------------------------
    @property
    def demo(self) -> bool:
        return self.commands is None

    @property
    def done(self) -> bool:
        if self.error is not None or (self.session.over is not None and self.demo):
            return True
        return self.commands is not None and self.index >= len(self.commands)

    def step(self) -> bool:
        """Apply the next command; False when there is nothing left (or the replay failed)."""
        if self.done:
            return False
        try:
            if self.commands is None:
                command: Any = Confirm()
            else:
                command = from_dict(dict(self.commands[self.index]))
            events = self.session.apply(command)
        except Exception as exc:  # a recording must never crash the game (CommandError, rules errors)
            log.exception("watching stopped at command %s", self.index)
            self.error = f"Stopped: {exc}"
            self.playing = False
            self._refresh()
            return False
        show = getattr(self.game, "show_events", None)
        if callable(show):
            show(events)  # the game view animates what the recording did
        rejected = [e for e in events if e.type == "rejected"]
        self.index += 1
        if rejected:
            self.error = f"Recording out of sync at tick {self.session.world.state.tick}"
            self.playing = False
        self._refresh()
        return not self.done

    def update_driver(self, dt: float) -> None:
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

    def step_once(self) -> None:
        self.playing = False
        self.step()
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
        tick = self.session.world.state.tick
        if self.commands is None:
            return f"tick {tick}"
        total = self.session.recording_ticks
        return f"tick {tick} of {total}" if total else f"command {self.index} of {len(self.commands)}"

    def _status(self) -> str:
        if self.error:
            return self.error
        if self.done:
            over = self.session.over
            from game.view.views.game_over import HEADLINES

            what = HEADLINES.get(over, over) if over else ""
            return f"End of {'demo' if self.demo else 'recording'}" + (f": {what.lower()}" if what else "") + \
                f"   ·   {self._progress()}"
        state = "Playing" if self.playing else "Paused"
        return f"{state} {self.speed:g}x   ·   {self._progress()}"

    def build_bar(self) -> None:
        w, h = self.window.width, self.window.height
        s = max(0.6, min(w / 1280, h / 720) * float(self.app.settings.ui_scale))
        s = min(s, w / 1280 * 1.2)
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
        self.info = UILabel(text=" ", font_name=FONT, font_size=round(16 * s), text_color=t.text,
                            width=round(300 * s))
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

        btn(controls, "play", "Pause", self.toggle, 100)
        btn(controls, "step", "Step", self.step_once, 88)
        btn(controls, "slower", "Slower", functools.partial(self.faster, -1), 100)
        btn(controls, "faster", "Faster", functools.partial(self.faster, +1), 100)
        panel.add(controls)
        if self.done and self.again is not None:
            btn(leave, "again", "Watch again", self.again, 220)
        btn(leave, "exit", "Exit", self.back, 100)
        panel.add(leave)
        root.add(panel, anchor_x="right", anchor_y="bottom", align_x=-round(10 * s), align_y=round(10 * s))
        self._built_for = (w, h)
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

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        m = self.app.settings.key_bindings
        menu = m.resolve(symbol, modifiers, Context.MENU)
        play = m.resolve(symbol, modifiers, Context.MAP)
        intents = {a.intent for a in (menu, play) if a is not None}
        if symbol == arcade.key.ESCAPE or Intent.CANCEL in intents:
            self.back()
        elif intents & {Intent.CONFIRM, Intent.WAIT, Intent.PAUSE}:
            self.toggle()
        elif intents & {Intent.MENU_RIGHT, Intent.MOVE_E}:
            self.step_once()
        elif intents & {Intent.MENU_UP} or symbol in (arcade.key.PLUS, arcade.key.EQUAL, arcade.key.NUM_ADD):
            self.faster(+1)
        elif intents & {Intent.MENU_DOWN} or symbol in (arcade.key.MINUS, arcade.key.NUM_SUBTRACT):
            self.faster(-1)
        else:
            return False
        return True
