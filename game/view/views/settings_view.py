"""Settings: animation speed, UI scale, key bindings, handedness, colour-blind palette, sound (master and
effects volume, mute), the difficulty and the house rules.

Every change is saved at once (``SettingsStore``). House rules are stored as overrides of the shipped
defaults (``Settings.house_rules``) and apply to runs started afterwards; a run in progress keeps the
rules its run file recorded. The difficulty (who decides for the enemies: ``game.sim.deciding``) is the
same: new runs take it, a run in progress keeps the one its file recorded.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from arcade.gui import UIBoxLayout

from game.sim.difficulty import DIFFICULTIES, DIFFICULTY_LABELS
from game.sim.house_rule_options import house_rule_choices, house_rule_defaults
from game.view.input_map import PRESETS, InputMap
from game.view.settings import ANIMATION_SPEEDS, PAD_SIZES, Settings
from game.view.sound import MENU_SELECT
from game.view.views.common import MenuButton, MenuView

if TYPE_CHECKING:
    from game.view.app import App

UI_SCALES: tuple[float, ...] = (0.75, 1.0, 1.25, 1.5, 1.75, 2.0)
VOLUMES: tuple[float, ...] = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)


@dataclass(frozen=True)
class Option:
    """One setting row: how to read it, the values it cycles through, how to write it back."""

    key: str
    label: str
    choices: tuple[Any, ...]
    get: Callable[[Settings], Any]
    set: Callable[[Settings, Any], None]
    describe: str
    rebuild: bool = False  # the screen must be laid out again (scale, colours)
    show: Callable[[Any], str] | None = None  # how a value reads (default: fmt)


PRETTY = {"one_die_tn_plus": "One die, TN+", "no_roll": "No roll", "v1": "v1", "v2b": "v2b",
          "one_hand": "One hand"}


def fmt(value: Any) -> str:
    if isinstance(value, str) and value in PRETTY:
        return PRETTY[value]
    if isinstance(value, bool):
        return "On" if value else "Off"
    if value == "instant":
        return "Instant"
    if isinstance(value, float):
        return f"{value:g}x"
    return str(value).replace("_", " ").capitalize()


def preset_of(bindings: InputMap) -> str:
    for name, layout in PRESETS.items():
        if InputMap(layout) == bindings:
            return name
    return "custom"


def _set_speed(s: Settings, v: Any) -> None:
    s.animation_speed = v


def _set_scale(s: Settings, v: Any) -> None:
    s.ui_scale = float(v)


def _set_preset(s: Settings, v: Any) -> None:
    if v in PRESETS:
        s.key_bindings = InputMap(PRESETS[v])


def _set_hand(s: Settings, v: Any) -> None:
    s.handedness = v


def _set_pad(s: Settings, v: Any) -> None:
    s.arrow_pad = str(v)


def _set_cb(s: Settings, v: Any) -> None:
    s.colour_blind = bool(v)


def _set_master(s: Settings, v: Any) -> None:
    s.master_volume = float(v)


def _set_effects(s: Settings, v: Any) -> None:
    s.effects_volume = float(v)


def _set_muted(s: Settings, v: Any) -> None:
    s.muted = bool(v)


def _set_difficulty(s: Settings, v: Any) -> None:
    s.difficulty = str(v)


def difficulty_option() -> Option:
    return Option("difficulty", "Difficulty", DIFFICULTIES, lambda s: s.difficulty, _set_difficulty,
                  "New runs: how foes decide. " + " · ".join(DIFFICULTY_LABELS[d] for d in DIFFICULTIES) + ".")


def percent(value: Any) -> str:
    return f"{round(float(value) * 100)} %"


def sound_options() -> list[Option]:
    return [
        Option("master_volume", "Master volume", VOLUMES, lambda s: s.master_volume, _set_master,
               "The loudness of everything the game plays.", show=percent),
        Option("effects_volume", "Effects volume", VOLUMES, lambda s: s.effects_volume, _set_effects,
               "Steps, blows, parries, falls and menu clicks, relative to the master volume.", show=percent),
        Option("muted", "Mute", (False, True), lambda s: s.muted, _set_muted,
               "Silence every sound (the volumes are kept for later)."),
    ]


def display_options() -> list[Option]:
    return [
        Option("animation_speed", "Animation speed", ANIMATION_SPEEDS, lambda s: s.animation_speed, _set_speed,
               "How fast moves, lunges and hits play out. Instant skips the animations."),
        Option("ui_scale", "UI scale", UI_SCALES, lambda s: s.ui_scale, _set_scale,
               "Size of buttons and text, on top of the window size.", rebuild=True),
        Option("key_bindings", "Key bindings", tuple(PRESETS), lambda s: preset_of(s.key_bindings), _set_preset,
               "Standard: arrows, WASD, numpad and vi keys. One hand: WASD with Space/F to confirm, Q/E to cycle."),
        Option("handedness", "Handedness", ("right", "left"), lambda s: s.handedness, _set_hand,
               "Which side of the screen the on-screen arrow buttons sit on."),
        Option("arrow_pad", "Arrow pad", PAD_SIZES, lambda s: s.arrow_pad, _set_pad,
               "The on-screen arrow buttons: full size, smaller, or hidden (keys only)."),
        Option("colour_blind", "Colour-blind palette", (False, True), lambda s: s.colour_blind, _set_cb,
               "Okabe-Ito colours for every indicator; shapes and dashes stay the same.", rebuild=True),
    ]


@functools.cache
def house_rule_notes() -> dict[str, str]:
    """The comment above each key of the shipped content/house_rules.yaml (one line each)."""
    try:
        text = (files("content") / "house_rules.yaml").read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError):
        return {}
    notes: dict[str, str] = {}
    block: list[str] = []
    for line in text.splitlines():
        if line.startswith("#"):
            block.append(line.lstrip("#").strip())
        elif m := re.match(r"^([a-z_]+):", line):
            notes[m.group(1)] = " ".join(b for b in block if b)
            block = []
        else:
            block = []
    return notes


def house_options(defaults: dict[str, Any]) -> list[Option]:
    notes = house_rule_notes()
    out = []
    for name, choices in house_rule_choices():
        default = defaults.get(name, choices[0])

        def get(s: Settings, n: str = name, d: Any = default) -> Any:
            return s.house_rules.get(n, d)

        def put(s: Settings, v: Any, n: str = name, d: Any = default) -> None:
            if v == d:
                s.house_rules.pop(n, None)  # only differences from the shipped defaults are stored
            else:
                s.house_rules[n] = v

        note = notes.get(name) or name.replace("_", " ")
        if len(choices) == 1:
            note += " (no other choice yet)"
        out.append(Option(f"house_rules.{name}", name.replace("_", " ").capitalize(), choices, get, put,
                          f"{note}  Default: {fmt(default)}."))
    return out


class SettingsView(MenuView):
    NATURAL_HEIGHT = 720  # the left column: display, sound and Back; the notes sit over the house rules
    ROW_H = 46
    LEFT_W = 480
    RIGHT_W = 540
    HOUSE_PAGE = 8  # house-rule rows per page (the notes above stay clear): more pages get a page button

    def __init__(self, app: App, back: Callable[[], object]) -> None:
        super().__init__(app)
        self.back = back
        self.house_page = 0
        self.options: list[Option | None] = []  # per item; None for plain buttons
        self.rows: dict[str, MenuButton] = {}
        try:
            self.defaults, self.content_problem = house_rule_defaults(), ""
        except Exception as exc:  # the content has errors (ContentErrors): say so, offer no house rules
            lines = str(exc).splitlines()
            self.defaults = {}
            self.content_problem = f"House rules unavailable, the content has errors: {lines[-1] if lines else exc}"

    def build(self, s: float) -> None:
        t = self.theme
        self.options = []
        self.rows = {}
        root = self.root()

        head = UIBoxLayout(vertical=True, space_between=self.px(2), align="left")
        head.add(self.label("Settings", size=40, bold=True))
        head.add(self.label("Saved as you change them.", size=16, colour=t.muted))
        root.add(head, anchor_x="left", align_x=self.px(56), anchor_y="top", align_y=-self.px(12))

        left = self.panel(space=3, padding=18)  # eleven rows: tight enough to fit 720 px
        left.add(self.label("Difficulty, display, controls and sound", size=20, colour=t.accent, bold=True))
        for opt in (difficulty_option(), *display_options(), *sound_options()):
            left.add(self._row(opt))
        left.add(self._plain(self.button("Back", self.back, width=self.LEFT_W, height=self.ROW_H + 6,
                                         font_size=20)))
        root.add(left, anchor_x="left", align_x=self.px(56), anchor_y="top", align_y=-self.px(112))

        # what the focused row does and the keys, over the house rules (the left column is full)
        notes = UIBoxLayout(vertical=True, space_between=self.px(4), align="left")
        notes.add(self.status_label(width=self.RIGHT_W + 40, lines=2, size=15))
        notes.add(self.key_hint(self._hint()))
        root.add(notes, anchor_x="right", align_x=-self.px(56), anchor_y="top", align_y=-self.px(14))

        right = self.panel(space=8, padding=20)
        right.add(self.label("House rules (for new runs)", size=20, colour=t.accent, bold=True))
        house = [] if self.content_problem else house_options(self.defaults)
        pages = max(1, -(-len(house) // self.HOUSE_PAGE))
        self.house_page %= pages
        start = self.house_page * self.HOUSE_PAGE
        for opt in house[start:start + self.HOUSE_PAGE]:
            right.add(self._row(opt))
        if pages > 1:
            right.add(self._plain(self.button(f"More house rules (page {self.house_page + 1} of {pages})",
                                              self.next_house_page, width=self.RIGHT_W, height=self.ROW_H,
                                              font_size=18)))
        if not self.content_problem:
            right.add(self._plain(self.button("Reset house rules to defaults", self._reset, width=self.RIGHT_W,
                                              height=self.ROW_H, font_size=18)))
        root.add(right, anchor_x="right", align_x=-self.px(56), anchor_y="bottom", align_y=self.px(14))

    def next_house_page(self) -> None:
        """Show the next page of house rules (the focus stays on the page button)."""
        self.house_page += 1
        self.rebuild()

    def _hint(self) -> str:
        from game.view.input_map import Intent

        k = self.keys
        return (f"{k(Intent.MENU_UP)}  {k(Intent.MENU_DOWN)}  choose      {k(Intent.MENU_LEFT)}  "
                f"{k(Intent.MENU_RIGHT)}  change      {k(Intent.CANCEL, most=1)}  back")

    def _plain(self, b: MenuButton) -> MenuButton:
        self.options.append(None)
        return b

    def _row(self, opt: Option) -> MenuButton:
        width = self.RIGHT_W if opt.key.startswith("house_rules.") else self.LEFT_W
        forward = functools.partial(self.cycle, opt, +1)
        b = self.button(opt.label, forward, width=width, height=self.ROW_H, font_size=18,
                        value=self._value_text(opt), left=functools.partial(self.cycle, opt, -1), right=forward)
        self.options.append(opt)
        self.rows[opt.key] = b
        return b

    def _value_text(self, opt: Option) -> str:
        show = opt.show or fmt
        return f"<  {show(opt.get(self.app.settings))}  >"

    # ----- changes ------------------------------------------------------------------------------
    def cycle(self, opt: Option, step: int) -> None:
        settings = self.app.settings
        current = opt.get(settings)
        choices: Sequence[Any] = opt.choices
        index = choices.index(current) if current in choices else -1
        new = choices[(index + step) % len(choices)]
        if new == current and len(choices) > 1:
            return
        opt.set(settings, new)
        self.app.save_settings()
        if opt.rebuild:
            self.rebuild()
            self.app.settings_applied()
        else:
            self.rows[opt.key].set_value(self._value_text(opt))
            self.app.settings_applied()
            if opt.key in ("master_volume", "effects_volume", "muted"):
                self.sound(MENU_SELECT)  # a sample at the new volume
            if opt.key == "key_bindings":
                self.rebuild()

    def _reset(self) -> None:
        self.app.settings.house_rules.clear()
        self.app.save_settings()
        for opt in house_options(self.defaults):
            self.rows[opt.key].set_value(self._value_text(opt))
        self.set_message("House rules reset to the shipped defaults.", "good")

    def focus(self, index: int, skip_disabled: bool = False) -> None:
        super().focus(index, skip_disabled)
        if 0 <= self.focus_index < len(self.options):
            opt = self.options[self.focus_index]
            if opt is not None:
                self.set_message(opt.describe, "muted")
        if self.content_problem:
            self.set_message(self.content_problem, "danger")

    def on_cancel(self) -> None:
        self.back()
