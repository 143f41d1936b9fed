"""``python -m game --smoke``: open the window (headless when there is no display), render every screen once
(the legend overlay over the game screen too; the inventory and character screens over a roguelike run; the
tutorial's first lesson),
check a few pixels of each, print ``SMOKE OK <n> views`` and return 0, or print what failed and return 1.

Uses a temporary data and config directory, so the player's saves and settings are never touched. Needs
no source tree: assets come through ``game.view.assets`` (works from a PyInstaller bundle).
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

RGB = tuple[int, int, int]


def _close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 10) -> bool:
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a[:3], b[:3], strict=False))


class Smoke:
    def __init__(self) -> None:
        import arcade

        from game.view.app import App, make_window
        from game.view.settings import Settings, SettingsStore

        self.arcade = arcade
        self.window = make_window(visible=False, antialiasing=False)
        self.window._enable_event_queue = False  # dispatch_event() runs at once (tech_notes §0.2)
        config = Path(os.environ["STEELSTEP_CONFIG_DIR"])
        self.app = App(self.window, SettingsStore(config), Settings())
        self.app.on_quit = lambda: None
        self.passed: list[str] = []
        self.failed: list[str] = []

    # ----- frames and pixels --------------------------------------------------------------------
    def frames(self, n: int = 3) -> None:
        w = self.window
        for _ in range(n):
            w.switch_to()
            w.dispatch_events()
            w._dispatch_updates(1 / 60)
            w.dispatch_event("on_draw")
            w.flip()

    def grab(self) -> Any:
        # read before flip would be ideal; re-draw once so the back buffer holds the frame
        self.window.dispatch_event("on_draw")
        return self.arcade.get_image().convert("RGB")

    @staticmethod
    def count(image: Any, box: tuple[float, float, float, float], colour: tuple[int, ...], tol: int = 12) -> int:
        left, bottom, right, top = (int(v) for v in box)
        crop = image.crop((max(0, left), max(0, image.height - top), right, image.height - bottom))
        return sum(1 for px in crop.getdata() if _close(px, colour, tol))

    def not_black(self, image: Any) -> str | None:
        _lo, hi = image.convert("L").getextrema()
        colours = image.getcolors(maxcolors=1 << 16)
        if hi < 40:
            return f"the screen is (nearly) black (brightest {hi})"
        if colours is not None and len(colours) < 2:
            return "the screen is one flat colour"
        return None

    def focused_has_accent(self, view: Any, image: Any) -> str | None:
        from game.view.views.common import item_rect

        if not view.items:
            return "no focusable widgets"
        box = item_rect(view, view.focus_index)
        n = self.count(image, box, view.theme.accent)
        return None if n >= 60 else f"focused widget at {tuple(round(v) for v in box)} shows no accent frame ({n} px)"

    def check(self, name: str, show: Callable[[], Any], *checks: Callable[[Any, Any], str | None]) -> Any:
        from game.view.app import App

        assert isinstance(self.app, App)
        try:
            view = show()
            self.frames(3)
            image = self.grab()
            problems = [p for p in (self.not_black(image), *(c(view, image) for c in checks)) if p]
        except Exception as exc:
            problems = [f"{type(exc).__name__}: {exc}"]
            traceback.print_exc(file=sys.stderr)
            view = None
        if problems:
            self.failed.append(f"{name}: " + "; ".join(problems))
        else:
            self.passed.append(name)
        return view

    # ----- the run -----------------------------------------------------------------------------
    def run(self) -> int:
        app = self.app
        has_game = app.game_factory is not None

        self.check("title", app.show_title, self.focused_has_accent)
        self.check("settings", lambda: app.show_settings(back=app.show_title), self.focused_has_accent)
        self.check("arena", lambda: app.show_arena(1), self.focused_has_accent)
        if has_game:
            self.check("game", lambda: self._game())
            self.check("legend", self._legend, self._legend_drawn)
            self.check("pause", app.show_pause, self.focused_has_accent)
            self.check("inventory", self._inventory, self.focused_has_accent, self._names("Inventory"))
            self.check("character", self._character, self.focused_has_accent, self._names("Character"))
        else:
            self.check("pause", lambda: app.show_pause(), self.focused_has_accent)
        self.check("game over", self._game_over, self.focused_has_accent, self._headline)
        self.check("recordings", app.show_watch_picker, self.focused_has_accent)
        if has_game:
            self.check("watch", self._watch, self._bar)
            self.check("tutorial", self._tutorial, self._callout_drawn)
        self.window.close()
        if self.failed:
            print("SMOKE FAILED")
            for line in self.failed:
                print(f"  {line}")
            return 1
        note = "" if has_game else f" (no game view: {app.game_factory_error})"
        import arcade

        frozen = bool(getattr(sys, "frozen", False))
        print(f"SMOKE OK {len(self.passed)} views: {', '.join(self.passed)}{note} "
              f"[headless={arcade.headless} frozen={frozen}]")
        return 0

    def _game(self) -> Any:
        error = self.app.new_run(7, "arena_three_way")
        if error:
            raise RuntimeError(error)
        return self.app.game_view

    def _inventory(self) -> Any:
        """The inventory screen over a roguelike run (issue 10), opened as the game view opens it (I)."""
        error = self.app.new_run(7)
        if error:
            raise RuntimeError(error)
        self.app.on_game_exit("inventory")
        return self.app.window.current_view

    def _character(self) -> Any:
        self.app.resume()
        self.app.on_game_exit("character")
        return self.app.window.current_view

    @staticmethod
    def _names(title: str) -> Callable[[Any, Any], str | None]:
        def check(view: Any, image: Any) -> str | None:
            from arcade.gui import UILabel

            texts = [w.text for w in view.ui.walk_widgets() if isinstance(w, UILabel)]
            return None if title in texts else f"no {title!r} heading ({type(view).__name__})"
        return check

    def _legend(self) -> Any:
        """The legend overlay over the live game screen (``?``)."""
        view = self.app.game_view
        open_legend = getattr(view, "open_legend", None)
        if not callable(open_legend):
            raise RuntimeError("the game view has no legend")
        open_legend()
        return view

    def _legend_drawn(self, view: Any, image: Any) -> str | None:
        from game.view.widgets import ROW

        legend = view.legend
        if not legend.visible or not legend.entries:
            return f"the legend is not shown or empty ({len(legend.entries)} entries)"
        left, bottom, w, h = legend.rect
        n = self.count(image, (left, bottom, left + w, bottom + h), ROW, tol=6)
        view.close_legend()
        return None if n >= 200 * len(legend.entries) else f"the legend's rows are missing ({n} px)"

    def _tutorial(self) -> Any:
        """The tutorial's first lesson from the title's entry, its first callout on screen."""
        error = self.app.start_tutorial()
        if error:
            raise RuntimeError(error)
        return self.app.game_view

    def _callout_drawn(self, view: Any, image: Any) -> str | None:
        from game.view.widgets import ACCENT

        left, bottom, w, h = view.callout.rect
        if view.callout.step is None or w <= 0:
            return "no tutorial callout on screen"
        n = self.count(image, (left - 4, bottom - 4, left + w + 4, bottom + h + 4), ACCENT)
        return None if n >= 200 else f"the callout's frame is missing ({n} accent px)"

    def _game_over(self) -> Any:
        from game.sim.commands import Confirm
        from game.sim.scenario_file import load_named_scenario
        from game.sim.world import World
        from game.view.session import Session

        world = World(load_named_scenario("arena_three_way"), seed=3, player_ai=True)
        session = Session(world, autosave=self.app.autosave)
        for _ in range(2000):
            if session.over is not None:
                break
            session.apply(Confirm())
        if session.over is None:
            raise RuntimeError("the smoke fight did not end")
        self.app.session = session
        return self.app.show_game_over()

    def _headline(self, view: Any, image: Any) -> str | None:
        tone = view.theme.good if view.summary.outcome == "victory" else view.theme.danger
        w, h = self.window.width, self.window.height
        n = self.count(image, (0, h * 0.45, w, h), tone)
        return None if n >= 200 else f"the headline colour {tone[:3]} is missing ({n} px)"

    def _watch(self) -> Any:
        recording = next(iter(self.app.archived.values()), None)
        if recording is None:
            raise RuntimeError("no recording was archived at game over")
        error = self.app.watch(recording)
        if error:
            raise RuntimeError(error)
        return self.app.window.current_view

    def _bar(self, view: Any, image: Any) -> str | None:
        w, h = self.window.width, self.window.height
        n = self.count(image, (0, h - 120, w, h), view.theme.accent)
        return None if n >= 30 else f"the watch control bar is missing ({n} accent px at the top)"


def run_smoke() -> int:
    """Set up temporary data/config dirs, run the smoke check, return the exit code."""
    with tempfile.TemporaryDirectory(prefix="steelstep-smoke-") as tmp:
        os.environ["STEELSTEP_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["STEELSTEP_CONFIG_DIR"] = str(Path(tmp) / "config")
        os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")
        try:
            return Smoke().run()
        except Exception as exc:
            traceback.print_exc(file=sys.stderr)
            print(f"SMOKE FAILED: {type(exc).__name__}: {exc}")
            return 1
