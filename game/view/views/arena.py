"""The arena (from the title): pick a combat system and a scenario, read what each is, and fight it.

The lists come from the simulation (`game.sim.arena`: the systems the world hosts, the content's world
scenarios); the fight starts as a run of that scenario under that system (`App.new_run`), so the run file
records both and Continue and Watch work as for any run. Left and right (or a click) change a row's
choice; Enter on "Fight" starts.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from arcade.gui import UIBoxLayout, UILabel

from game.sim.arena import ArenaChoice, arena_scenarios, arena_systems
from game.view.input_map import Intent
from game.view.views.common import MenuButton, MenuView

if TYPE_CHECKING:
    from game.view.app import App

ABOUT_W = 560  # the width of a row's description, at factor 1


class ArenaView(MenuView):
    NATURAL_HEIGHT = 660
    NATURAL_WIDTH = 1200
    SYSTEM, SCENARIO, FIGHT, BACK = range(4)
    DEFAULT_FOCUS = FIGHT

    def __init__(self, app: App, seed: int) -> None:
        super().__init__(app)
        self.seed = seed
        self.systems = arena_systems()
        self.scenarios = arena_scenarios()
        self.system_index = 0
        self.scenario_index = next((i for i, c in enumerate(self.scenarios) if c.id == "arena_three_way"), 0)
        self.rows: dict[str, tuple[MenuButton, UILabel]] = {}

    @property
    def system(self) -> ArenaChoice:
        return self.systems[self.system_index]

    @property
    def scenario(self) -> ArenaChoice:
        return self.scenarios[self.scenario_index]

    def build(self, s: float) -> None:
        t = self.theme
        root = self.root()
        box = self.panel(space=12, padding=30)
        box.add(self.label("Arena", size=40, bold=True))
        box.add(self.label("One fight, under the combat system you choose.", size=17, colour=t.muted))
        rows: tuple[tuple[str, str, ArenaChoice, Callable[[int], None]], ...] = (
            ("system", "Combat system", self.system, self._cycle_system),
            ("scenario", "Scenario", self.scenario, self._cycle_scenario))
        for key, label, choice, cycle in rows:
            forward, back = functools.partial(cycle, +1), functools.partial(cycle, -1)
            button = self.button(label, forward, width=ABOUT_W, height=60, font_size=19,
                                 value=f"‹ {choice.title} ›", left=back, right=forward)
            about = self.label(choice.about, size=15, colour=t.muted, width=ABOUT_W, multiline=True)
            box.add(button)
            box.add(about)
            self.rows[key] = (button, about)
        box.add(self.label(f"Seed {self.seed}", size=15, colour=t.muted))
        actions = UIBoxLayout(vertical=False, space_between=self.px(16))
        actions.add(self.button("Fight", self._fight, width=272, height=60))
        actions.add(self.button("Back", self.app.show_title, width=272, height=60))
        box.add(actions)
        root.add(box, anchor_x="center", anchor_y="center", align_y=self.px(24))
        bottom = UIBoxLayout(vertical=True, space_between=self.px(4))
        bottom.add(self.status_label(width=1000))
        bottom.add(self.key_hint(f"{self.keys(Intent.MENU_UP)}  {self.keys(Intent.MENU_DOWN)}  choose      "
                                 f"{self.keys(Intent.MENU_LEFT)}  {self.keys(Intent.MENU_RIGHT)}  change      "
                                 f"{self.keys(Intent.CONFIRM, most=1)}  select      "
                                 f"{self.keys(Intent.CANCEL, most=1)}  back"))
        root.add(bottom, anchor_x="center", anchor_y="bottom", align_y=self.px(8))

    def _show(self, key: str, choice: ArenaChoice) -> None:
        button, about = self.rows[key]
        button.set_value(f"‹ {choice.title} ›")
        about.text = choice.about

    def _cycle_system(self, step: int) -> None:
        self.system_index = (self.system_index + step) % len(self.systems)
        self._show("system", self.system)

    def _cycle_scenario(self, step: int) -> None:
        self.scenario_index = (self.scenario_index + step) % len(self.scenarios)
        self._show("scenario", self.scenario)

    def _fight(self) -> None:
        self.set_message(f"Starting {self.scenario.title} under {self.system.title} ...", "info")
        error = self.app.new_run(self.seed, self.scenario.id, self.system.id)
        if error:
            self.set_message(error, "danger")

    def on_cancel(self) -> None:
        self.app.show_title()
