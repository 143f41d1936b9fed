"""Pause menu (Escape in the game): resume, settings, save and quit to the title.

The frozen game is drawn underneath, dimmed, when the game view can draw itself while hidden.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import arcade
from arcade.gui import UIBoxLayout

from game.view.views.common import MenuView

if TYPE_CHECKING:
    from game.view.app import App

log = logging.getLogger(__name__)


class PauseView(MenuView):
    NATURAL_HEIGHT = 560

    def __init__(self, app: App, game: arcade.View | None, detail: str = "") -> None:
        super().__init__(app)
        self.game = game
        self.detail = detail
        self._game_draw_failed = False

    def build(self, s: float) -> None:
        t = self.theme
        root = self.root()
        box = self.panel(space=16, padding=34)
        box.add(self.label("Paused", size=44, bold=True, align="center"))
        if self.detail:
            box.add(self.label(self.detail, size=17, colour=t.muted, align="center"))
        box.add(self.button("Resume", self.app.resume))
        tutorial = self.app.tutorial
        if tutorial is not None:  # a tutorial lesson: start it again or leave the tutorial (nothing is saved)
            box.add(self.button("Restart lesson", tutorial.restart))
            box.add(self.button("Settings", self._settings))
            box.add(self.button("Skip tutorial", tutorial.on_tutorial_skip))
        else:
            box.add(self.button("Settings", self._settings))
            box.add(self.button("Save and quit to title", self.app.save_and_quit))
        root.add(box, anchor_x="center", anchor_y="center", align_y=self.px(20))
        bottom = UIBoxLayout(vertical=True, space_between=self.px(4))
        bottom.add(self.status_label(width=1000))
        bottom.add(self.key_hint())
        root.add(bottom, anchor_x="center", anchor_y="bottom", align_y=self.px(8))

    def _settings(self) -> None:
        self.app.show_settings(back=self.app.show_pause)

    def on_cancel(self) -> None:
        self.app.resume()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        from game.view.input_map import Context, Intent

        action = self.app.settings.key_bindings.resolve(symbol, modifiers, Context.MAP)
        if action is not None and action.intent == Intent.PAUSE:
            self.app.resume()
            return True
        return super().on_key_press(symbol, modifiers)

    def on_draw_before_ui(self) -> None:
        if self.game is not None and not self._game_draw_failed:
            try:
                self.game.on_draw()
            except Exception:  # the game view may not draw while hidden; a plain background will do
                log.exception("drawing the paused game failed; using a plain background")
                self._game_draw_failed = True
            self.window.default_camera.use()
        w, h = self.window.width, self.window.height
        arcade.draw_lbwh_rectangle_filled(0, 0, w, h, (*self.theme.bg[:3], 200))
