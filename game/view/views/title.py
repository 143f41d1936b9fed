"""Title screen: new run (a roguelike run of 8 depths, with an editable seed), continue, the tutorial, the
arena (one fight under a chosen combat system), watch a recording, settings, quit; and the run history,
best runs first (``game.run_history``)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import arcade
from arcade.gui import UIBoxLayout, UIImage, UILabel, UIWidget

from game import paths
from game.paths import autosave_state
from game.run_history import Listing, RunHistory, RunRecord
from game.view.assets import texture
from game.view.gl_warm import PICTURE_WARM
from game.view.glyphs import WARMER
from game.view.map_scale import BASE_ZOOM, label_font_sizes
from game.view.views.common import FONT, MenuView, SeedInput
from game.view.widgets import panel_scale_for

if TYPE_CHECKING:
    from game.view.app import App


TAGLINE = "Steel, initiative and a dungeon full of people who want you dead."
HISTORY_ROWS = 4  # best runs shown under the name


def history_line(rank: int, run: RunRecord) -> str:
    """One run of the history as the title lists it."""
    how = {"victory": "Victory", "death": "Died", "defeat": "Fell"}.get(run.outcome, run.outcome.capitalize())
    kills = f"{run.kills} kill{'s' if run.kills != 1 else ''}"
    return f"{rank}. {how} on depth {run.depth}  ·  {kills}  ·  {run.turns} turns  ·  seed {run.seed}"


def load_history(limit: int = HISTORY_ROWS) -> Listing:
    """The best runs of the history in the data folder (a problem comes back as the listing's message)."""
    try:
        return RunHistory(paths.data_dir()).best(limit)
    except OSError as exc:  # the data folder itself cannot be made
        return Listing((), f"run history: {exc}")


def random_seed() -> int:
    """A fresh seed from the clock: six digits, easy to read out and type again."""
    return int(time.time() * 1000) % 1_000_000


TITLE_WARM_BUDGET = 0.004  # seconds of glyph warming a title frame


def warm_for_game(window: arcade.Window, scale: float, zoom: float) -> None:
    """One title frame's work ahead for the game screen at panel ``scale`` and map ``zoom``: its glyphs (the
    panels' sizes and the map's labels), then the first draws of its panels' pictures."""
    WARMER.want_scale(scale)
    for size in label_font_sizes(zoom):
        WARMER.want(size, True)
    if WARMER.pending:
        WARMER.step(TITLE_WARM_BUDGET)
    else:
        PICTURE_WARM.step(window)


class TitleView(MenuView):
    NATURAL_HEIGHT = 650
    NATURAL_WIDTH = 1240
    NEW, SEED, REROLL, CONTINUE, TUTORIAL, ARENA, WATCH, SETTINGS, QUIT = range(9)

    def __init__(self, app: App, seed: int | None = None) -> None:
        super().__init__(app)
        if seed is None:
            seed = app.title_seed if app.title_seed is not None else random_seed()
        self.seed_text = str(seed)
        self.seed_input: SeedInput | None = None
        self.scene: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.autosave = autosave_state(app.autosave)
        self.focus_index = self.CONTINUE if self.autosave == "resumable" else self.NEW
        self.history = load_history()

    # ----- layout -------------------------------------------------------------------------------
    def build(self, s: float) -> None:
        if self.seed_input is not None:
            self.seed_text = self.seed_input.text
        self.autosave = autosave_state(self.app.autosave)
        t = self.theme
        root = self.root()

        # left: the name of the game
        brand = UIBoxLayout(vertical=True, space_between=self.px(10), align="left")
        icon = UIImage(texture=texture("icon"), width=self.px(96), height=self.px(96))
        brand.add(icon)
        brand.add(UILabel(text="STEELSTEP", font_name=FONT, font_size=round(70 * s), text_color=t.text, bold=True))
        brand.add(self.label(TAGLINE, size=19, colour=t.muted, width=520, multiline=True))
        brand.add(self.label("A tactical roguelike of Riddle-of-Steel swordplay", size=16, colour=t.accent))
        self.scene_space = UIWidget(width=self.px(448), height=self.px(128))
        brand.add(self.scene_space)
        brand.add(self._history_box())
        root.add(brand, anchor_x="left", align_x=self.px(84), anchor_y="center", align_y=self.px(30))

        # right: the menu
        menu = self.panel(space=10, padding=24)
        menu.add(self.button("New run", self._new_run, height=60))
        seed_row = UIBoxLayout(vertical=False, space_between=self.px(12))
        seed_row.add(self.label("Seed", size=20, colour=t.muted, width=70))
        self.seed_input = SeedInput(self.seed_text, width=self.px(200), height=self.px(52), font_size=22 * s,
                                    theme=t)
        seed_row.add(self.item(self.seed_input, self._new_run))
        seed_row.add(self.button("New seed", self._reroll, width=146, height=52, font_size=17))
        menu.add(seed_row)
        cont = {"none": "Continue (no saved run)", "finished": "Continue (last run ended)"}.get(
            self.autosave, "Continue"
        )
        menu.add(self.button(cont, self._continue, disabled=self.autosave != "resumable", height=60))
        menu.add(self.button("Tutorial", self._tutorial, height=60))
        menu.add(self.button("Arena", self._arena, height=60))
        menu.add(self.button("Watch a recording", self.app.show_watch_picker, height=60))
        menu.add(self.button("Settings", self._settings, height=60))
        menu.add(self.button("Quit", self.app.quit, height=60))
        root.add(menu, anchor_x="right", align_x=-self.px(84), anchor_y="center", align_y=self.px(24))

        bottom = UIBoxLayout(vertical=True, space_between=self.px(6))
        bottom.add(self.status_label(width=1000))
        bottom.add(self.key_hint())
        root.add(bottom, anchor_x="center", anchor_y="bottom", align_y=self.px(8))
        self._build_scene(s)

    def _history_box(self) -> UIBoxLayout:
        """The run history: the best runs, or why there are none to show."""
        t = self.theme
        box = UIBoxLayout(vertical=True, space_between=self.px(3), align="left")
        box.add(self.label("Best runs", size=17, bold=True, colour=t.accent))
        runs, message = self.history.runs, self.history.message
        if message:
            box.add(self.label(message, size=13, colour=t.danger, width=560, multiline=True))
        elif not runs:
            box.add(self.label("No finished run yet: the first one goes here.", size=14, colour=t.muted))
        for rank, run in enumerate(runs, 1):
            colour = t.good if run.outcome == "victory" else t.text
            box.add(self.label(history_line(rank, run), size=14, colour=colour))
        return box

    def _build_scene(self, s: float) -> None:
        """A strip of dungeon floor under the name: a knight and his spearman facing a goblin and a bandit."""
        self.scene = arcade.SpriteList()
        self._scene_at: tuple[float, float] | None = None
        tile = 64 * s
        for i in range(7):
            f = arcade.Sprite(texture("floor"), scale=tile / 128)
            f.color = (74, 78, 92, 255)
            f.properties["offset"] = (tile / 2 + i * tile, tile / 2)
            self.scene.append(f)
        for name, col, mirrored in (("actor_knight", 1.0, False), ("actor_companion", 0.2, False),
                                    ("actor_goblin", 4.6, True), ("actor_bandit", 5.6, True)):
            a = arcade.Sprite(texture(name), scale=0.66 * s)
            if mirrored:
                a.scale_x = -a.scale_x
            a.properties["offset"] = (tile * (col + 0.5), tile - 6 * s + a.height / 2)
            self.scene.append(a)

    def on_update(self, delta_time: float) -> None:
        """The title's idle frames make the game screen's glyphs ahead (game.view.glyphs), then the first draws of
        its panels' pictures (game.view.gl_warm)."""
        w, h = self.window.get_size()
        ui_scale = float(self.app.settings.ui_scale)
        warm_for_game(self.window, panel_scale_for(w, h, ui_scale), BASE_ZOOM * ui_scale)

    def idle(self) -> bool:
        """Still once the game screen's glyphs and pictures are made ahead (its frames do that work till then)."""
        return not (WARMER.pending or PICTURE_WARM.pending(self.window))

    def on_draw_after_ui(self) -> None:  # after the UI: its layout has placed the space this frame
        space = getattr(self, "scene_space", None)
        if space is None:
            return
        at = (space.rect.left, space.rect.bottom)
        if at != self._scene_at:  # place the sprites once the layout has placed the space
            self._scene_at = at
            for sprite in self.scene:
                dx, dy = sprite.properties["offset"]
                sprite.position = (at[0] + dx, at[1] + dy)
        self.scene.draw()

    # ----- actions ------------------------------------------------------------------------------
    @property
    def seed(self) -> int:
        text = self.seed_input.text if self.seed_input is not None else self.seed_text
        return int(text) if text.isdigit() else random_seed()

    def _reroll(self) -> None:
        self.seed_text = str(random_seed())
        if self.seed_input is not None:
            self.seed_input.text = self.seed_text

    def _new_run(self) -> None:
        self.set_message("Starting a new run ...", "info")
        error = self.app.new_run(self.seed)
        if error:
            self.set_message(error, "danger")

    def _tutorial(self) -> None:
        error = self.app.start_tutorial()
        if error:
            self.set_message(error, "danger")

    def _arena(self) -> None:
        self.app.show_arena(self.seed)

    def _continue(self) -> None:
        error = self.app.continue_run()
        if error:
            self.set_message(error, "danger")

    def _settings(self) -> None:
        self.app.show_settings(back=self.app.show_title)

    def on_hide_view(self) -> None:
        super().on_hide_view()
        self.app.title_seed = self.seed  # the same seed is offered again when the title comes back

    def on_cancel(self) -> None:
        self.focus(self.QUIT)
