"""Shared look and behaviour of the menu screens: theme colours, big buttons, keyboard/mouse focus.

Every menu screen is a :class:`MenuView`: it builds its widgets at a scale factor (window size x the
UI-scale setting, shrunk to fit), keeps one focused item that arrows/WASD (``Context.MENU`` of the key
bindings) move, Enter activates and Escape cancels, and follows the mouse (hover focuses, click activates).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import arcade

from game.view.assets import UI_FONT, load_ui_fonts
from game.view.gui_compat import import_gui
from game.view.input_map import Context, Intent
from game.view.palette import palette
from game.view.screen_clear import clear_colour
from game.view.sound import MENU_BACK, MENU_MOVE, MENU_SELECT

import_gui()  # the headless arcade.gui workaround, before importing from it
from arcade.gui import (  # noqa: E402  (after the headless workaround)
    UIAnchorLayout,
    UIBoxLayout,
    UIFlatButton,
    UIInputText,
    UILabel,
    UIManager,
    UIOnClickEvent,
    UIWidget,
)
from arcade.gui.surface import Surface  # noqa: E402
from arcade.types import Color  # noqa: E402

if TYPE_CHECKING:
    from game.view.app import App

FONT: tuple[str, ...] = (UI_FONT, "Arial", "Helvetica")
W = TypeVar("W", bound=UIWidget)
RGBA = tuple[int, int, int, int]
DESIGN_W, DESIGN_H = 1280, 720


@dataclass(frozen=True)
class Theme:
    """Colours of the menu screens, from the indicator palette so the whole game agrees."""

    bg: RGBA
    panel: RGBA
    panel_edge: RGBA
    button: RGBA
    button_hover: RGBA
    button_press: RGBA
    button_edge: RGBA
    disabled: RGBA
    disabled_text: RGBA
    text: RGBA
    muted: RGBA
    accent: RGBA
    danger: RGBA
    good: RGBA
    info: RGBA

    @classmethod
    def for_palette(cls, colour_blind: bool = False) -> Theme:
        p = palette(colour_blind)
        from game.view.palette import Tone

        return cls(
            bg=p.ink,
            panel=(24, 28, 37, 235),
            panel_edge=(58, 66, 84, 255),
            button=p.button_fill[:3] + (255,),
            button_hover=(52, 60, 78, 255),
            button_press=p.button_fill_pressed,
            button_edge=p.button_edge,
            disabled=(30, 33, 41, 255),
            disabled_text=(104, 110, 124, 255),
            text=p.glyph,
            muted=(150, 158, 176, 255),
            accent=p.footbase_primary,
            danger=p.colour(Tone.RED),
            good=p.colour(Tone.GREEN),
            info=p.colour(Tone.BLUE),
        )

    def tone(self, name: str) -> RGBA:
        return {"danger": self.danger, "good": self.good, "info": self.info, "accent": self.accent}.get(
            name, self.muted
        )


def flat_style(theme: Theme, font_size: float) -> dict[str, Any]:
    """UIFlatButton styles: dark slab, light edge; the focused state is drawn by :class:`MenuButton`."""
    S = UIFlatButton.UIStyle
    size = max(8, round(font_size))
    return {
        "normal": S(font_size=size, font_name=FONT, font_color=theme.text, bg=theme.button,
                    border=theme.button_edge, border_width=2),
        "hover": S(font_size=size, font_name=FONT, font_color=(255, 255, 255, 255), bg=theme.button_hover,
                   border=theme.button_edge, border_width=2),
        "press": S(font_size=size, font_name=FONT, font_color=(255, 255, 255, 255), bg=theme.button_press,
                   border=theme.accent, border_width=2),
        "disabled": S(font_size=size, font_name=FONT, font_color=theme.disabled_text, bg=theme.disabled,
                      border=(52, 56, 66, 255), border_width=2),
    }


class MenuButton(UIFlatButton):
    """A big flat button; focus shows as an accent frame with a bar on the left edge.

    With ``value`` it becomes a setting row: the label on the left, the value (with arrows) on the right.
    """

    def __init__(self, text: str, *, width: float, height: float, font_size: float, theme: Theme,
                 value: str | None = None, **kwargs: Any) -> None:
        super().__init__(text=text, width=width, height=height, style=flat_style(theme, font_size), **kwargs)
        self.theme = theme
        self.k = height / 64
        self.value_label: UILabel | None = None
        if value is not None:
            self.place_text(anchor_x="left", align_x=round(26 * self.k))
            self.value_label = UILabel(text=value, font_name=FONT, font_size=round(font_size),
                                       text_color=theme.accent, bold=True)
            self.add(self.value_label, anchor_x="right", align_x=-round(22 * self.k))

    def set_value(self, value: str) -> None:
        if self.value_label is not None and self.value_label.text != value:
            self.value_label.text = value
            self.trigger_full_render()

    def do_render_focus(self, surface: Surface) -> None:
        surface.limit(self.rect)
        w, h = self.width, self.height
        edge = max(3, round(4 * self.k))
        arcade.draw_lbwh_rectangle_outline(0, 0, w, h, color=self.theme.accent, border_width=edge * 2)
        bar = max(6, round(10 * self.k))
        arcade.draw_lbwh_rectangle_filled(0, 0, bar, h, self.theme.accent)


class SeedInput(UIInputText):
    """A digits-only text field (the run's seed); focus shows like a button's."""

    MAX_DIGITS = 9

    def __init__(self, text: str, *, width: float, height: float, font_size: float, theme: Theme) -> None:
        S = UIInputText.UIStyle
        style = {
            "normal": S(bg=(12, 14, 19, 255), border=theme.button_edge, border_width=2),
            "hover": S(bg=(12, 14, 19, 255), border=theme.text, border_width=2),
            "press": S(bg=(12, 14, 19, 255), border=theme.accent, border_width=2),
            "disabled": S(bg=theme.disabled, border=theme.button_edge, border_width=2),
            "invalid": S(bg=(40, 12, 12, 255), border=theme.danger, border_width=2),
        }
        super().__init__(text=text, width=width, height=height, font_name=FONT, font_size=round(font_size),
                         text_color=theme.text, caret_color=theme.accent, style=style)
        self.theme = theme
        self.k = height / 64
        line = font_size * 96 / 72 * 1.25  # points -> pixels, plus the line gap
        self.with_padding(top=max(0, round((height - line) / 2)), left=round(12 * self.k))

    def on_change(self, event: Any) -> None:
        digits = "".join(ch for ch in self.text if ch.isdigit())[: self.MAX_DIGITS]
        if digits != self.text:
            self.text = digits
            self.caret.position = len(digits)

    def do_render_focus(self, surface: Surface) -> None:
        surface.limit(self.rect)
        edge = max(3, round(4 * self.k))
        arcade.draw_lbwh_rectangle_outline(0, 0, self.width, self.height, color=self.theme.accent,
                                           border_width=edge * 2)


_KEY_WORDS = {"ESCAPE": "Esc", "ENTER": "Enter", "RETURN": "Enter", "SPACE": "Space", "BACKSPACE": "Backspace",
              "TAB": "Tab", "GRAVE": "`", "PERIOD": "."}


def key_names(specs: Sequence[str], most: int = 2) -> str:
    """``("UP", "NUM_8", "W")`` -> ``"Up/W"``: the first ``most`` keys, numpad ones only if nothing else."""
    plain = [k for k in specs if not k.startswith("NUM_")] or list(specs)
    words = [_KEY_WORDS.get(k, k.replace("_", " ").title() if len(k) > 1 else k) for k in plain[:most]]
    return "/".join(words) or "-"


@dataclass
class MenuItem:
    widget: UIWidget
    activate: Callable[[], object] | None = None
    left: Callable[[], object] | None = None
    right: Callable[[], object] | None = None


# Keys that type text: while a text field has focus they go to the field, not to menu navigation.
_TEXT_KEYS = frozenset(
    [getattr(arcade.key, chr(c)) for c in range(ord("A"), ord("Z") + 1)]
    + [getattr(arcade.key, f"KEY_{d}") for d in range(10)]
    + [getattr(arcade.key, f"NUM_{d}") for d in range(10)]
    + [arcade.key.SPACE, arcade.key.BACKSPACE, arcade.key.DELETE, arcade.key.MINUS, arcade.key.PERIOD,
       arcade.key.GRAVE]
)


class MenuView(arcade.View):
    """A menu screen. Subclasses implement :meth:`build` (add widgets, register items with :meth:`item`)."""

    NATURAL_HEIGHT = 640  # px the content needs at factor 1; the factor shrinks to fit the window
    NATURAL_WIDTH = 1180
    DEFAULT_FOCUS = 0

    def __init__(self, app: App) -> None:
        super().__init__()
        self.ui = UIManager()
        load_ui_fonts()
        self.app = app
        self.items: list[MenuItem] = []
        self.focus_index = self.DEFAULT_FOCUS
        self.message: tuple[str, str] | None = None
        self.status: arcade.Text | None = None
        self.status_space: UIWidget | None = None
        self.theme = Theme.for_palette(app.settings.colour_blind)
        self.s = 1.0
        self._built_for: tuple[int, int, float, bool] | None = None
        self._size: tuple[int, int] | None = None

    # ----- building -----------------------------------------------------------------------------
    def factor(self) -> float:
        """Window size relative to 1280x720 times the UI-scale setting, shrunk so the content still fits."""
        w, h = self.size
        base = min(w / DESIGN_W, h / DESIGN_H) * float(self.app.settings.ui_scale)
        fit = min(h * 0.97 / self.NATURAL_HEIGHT, w * 0.97 / self.NATURAL_WIDTH)
        return max(0.5, min(base, fit))

    @property
    def size(self) -> tuple[int, int]:
        """The window size as the last resize reported it (headless windows never change ``width``)."""
        return self._size or (self.window.width, self.window.height)

    def build(self, s: float) -> None:
        raise NotImplementedError

    def rebuild(self) -> None:
        """(Re)build the widgets for the current window size and settings, keeping the focus."""
        self.theme = Theme.for_palette(self.app.settings.colour_blind)
        self.s = self.factor()
        keep = self.focus_index
        for it in self.items:
            it.widget.focused = False
        self.ui.clear()  # type: ignore[no-untyped-call]  # one manager: its surfaces keep the window size
        self.items = []
        self.status = None
        self.status_space = None
        self.build(self.s)
        self._built_for = (*self.size, float(self.app.settings.ui_scale), self.app.settings.colour_blind)
        if self.items:
            self.focus(min(keep, len(self.items) - 1), skip_disabled=True)
        if self.status is not None:
            self._show_status()

    def px(self, value: float) -> int:
        return round(value * self.s)

    def item(self, widget: W, activate: Callable[[], object] | None = None,
             left: Callable[[], object] | None = None, right: Callable[[], object] | None = None) -> W:
        """Register a focusable widget (in navigation order); clicks and Enter call ``activate``."""
        entry = MenuItem(widget, activate, left, right)
        self.items.append(entry)
        index = len(self.items) - 1
        if activate is not None and not isinstance(widget, UIInputText):

            def _clicked(_event: UIOnClickEvent, i: int = index, fn: Callable[[], object] = activate) -> None:
                self.focus(i)
                self.sound(MENU_SELECT)
                fn()

            setattr(widget, "on_click", _clicked)  # noqa: B010  (an instance handler, as arcade's docs do)
        return widget

    def button(self, text: str, activate: Callable[[], object] | None, *, width: float = 440, height: float = 64,
               font_size: float = 22, disabled: bool = False, value: str | None = None,
               left: Callable[[], object] | None = None, right: Callable[[], object] | None = None) -> MenuButton:
        b = MenuButton(text, width=self.px(width), height=self.px(height), font_size=font_size * self.s,
                       theme=self.theme, value=value)
        b.disabled = disabled
        self.item(b, activate, left, right)
        return b

    def label(self, text: str, *, size: float = 18, colour: RGBA | None = None, bold: bool = False,
              width: float | None = None, align: str = "left", multiline: bool = False) -> UILabel:
        return UILabel(text=text, font_name=FONT, font_size=max(8, round(size * self.s)),
                       text_color=colour or self.theme.text, bold=bold,
                       width=None if width is None else self.px(width), align=align, multiline=multiline)

    def panel(self, *, vertical: bool = True, space: float = 14, padding: float = 28) -> UIBoxLayout:
        box = UIBoxLayout(vertical=vertical, space_between=self.px(space))
        box.with_padding(all=self.px(padding))
        box.with_background(color=Color(*self.theme.panel))
        box.with_border(color=Color(*self.theme.panel_edge), width=2)
        return box

    def status_label(self, width: float = 900, lines: int = 2, size: float = 18) -> UIWidget:
        """Room for messages (errors, hints) filled by :meth:`set_message`: ``lines`` lines, drawn over the
        reserved space so that a long message never moves the layout."""
        self.status_space = UIWidget(width=self.px(width), height=self.px(size * 1.55 * lines))
        self.status = arcade.Text(" ", 0, 0, self.theme.muted, font_size=max(8, round(size * self.s)),
                                  width=self.px(width), align="center", font_name=FONT, anchor_x="center",
                                  anchor_y="center", multiline=True)
        return self.status_space

    def status_box(self) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) of the message text in window pixels."""
        assert self.status is not None
        t = self.status
        w, h = t.content_width, t.content_height
        return (t.x - w / 2, t.y - h / 2, t.x + w / 2, t.y + h / 2)

    def keys(self, *intents: Intent, most: int = 2) -> str:
        """Readable keys of ``intents`` for hints: arrows and letters first, numpad last ("Up/W")."""
        return " ".join(key_names(self.app.settings.key_bindings.keys_for(i), most) for i in intents)

    def key_hint(self, text: str | None = None, size: float = 15) -> UILabel:
        if text is None:
            text = (f"{self.keys(Intent.MENU_UP)}  {self.keys(Intent.MENU_DOWN)}  choose      "
                    f"{self.keys(Intent.CONFIRM, most=1)}  select      {self.keys(Intent.CANCEL, most=1)}  back")
        return self.label(text, size=size, colour=self.theme.muted)

    def root(self) -> UIAnchorLayout:
        return self.ui.add(UIAnchorLayout())

    # ----- messages -------------------------------------------------------------------------------
    def set_message(self, text: str | None, tone: str = "info") -> None:
        self.message = None if text is None else (text, tone)
        self._show_status()

    def _show_status(self) -> None:
        if self.status is None:
            return
        text, tone = self.message if self.message else (" ", "info")
        self.status.text = text
        self.status.color = Color(*self.theme.tone(tone))

    # ----- focus ------------------------------------------------------------------------------------
    @property
    def focused(self) -> MenuItem | None:
        if 0 <= self.focus_index < len(self.items):
            return self.items[self.focus_index]
        return None

    def focus(self, index: int, skip_disabled: bool = False) -> None:
        if not self.items:
            return
        index %= len(self.items)
        if skip_disabled and self._disabled(index):
            for step in range(1, len(self.items)):
                candidate = (index + step) % len(self.items)
                if not self._disabled(candidate):
                    index = candidate
                    break
        for i, it in enumerate(self.items):
            if i != index and it.widget.focused:
                it.widget.focused = False
        self.focus_index = index
        self.items[index].widget.focused = True

    def _disabled(self, index: int) -> bool:
        return bool(getattr(self.items[index].widget, "disabled", False))

    def sound(self, name: str) -> None:
        """Play a menu sound through the app's bank (``game.view.sound``)."""
        bank = getattr(self.app, "sounds", None)
        if bank is not None:
            bank.play(name)

    def move_focus(self, step: int) -> None:
        if not self.items:
            return
        i = self.focus_index
        for _ in range(len(self.items)):
            i = (i + step) % len(self.items)
            if not self._disabled(i):
                if i != self.focus_index:
                    self.sound(MENU_MOVE)
                self.focus(i)
                return

    def activate_focused(self) -> None:
        it = self.focused
        if it is None or self._disabled(self.focus_index):
            return
        self.sound(MENU_SELECT)
        if it.activate is not None:
            it.activate()
        else:
            w = it.widget
            w.dispatch_event("on_click", UIOnClickEvent(source=w, x=int(w.center_x), y=int(w.center_y),
                                                        button=arcade.MOUSE_BUTTON_LEFT, modifiers=0))

    def on_cancel(self) -> None:
        """Escape: subclasses go back."""

    # ----- arcade events ----------------------------------------------------------------------------
    def on_show_view(self) -> None:
        if self._built_for != (*self.size, float(self.app.settings.ui_scale), self.app.settings.colour_blind):
            self.rebuild()
        self.ui.enable()

    def on_hide_view(self) -> None:
        self.ui.disable()

    def on_draw_before_ui(self) -> None:
        """Draw under the widgets (backgrounds, sprites)."""

    def on_draw_after_ui(self) -> None:
        """Draw over the widgets."""

    def on_resize(self, width: int, height: int) -> None:
        self._size = (width, height)
        if self._built_for != (width, height, float(self.app.settings.ui_scale), self.app.settings.colour_blind):
            self.rebuild()  # (the window's first resize is usually to the size it was built for)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        it = self.focused
        if it is not None and isinstance(it.widget, UIInputText) and symbol in _TEXT_KEYS:
            return False  # typing goes to the text field
        action = self.app.settings.key_bindings.resolve(symbol, modifiers, Context.MENU)
        fallback = {arcade.key.ENTER: Intent.CONFIRM, arcade.key.NUM_ENTER: Intent.CONFIRM,
                    arcade.key.ESCAPE: Intent.CANCEL, arcade.key.UP: Intent.MENU_UP,
                    arcade.key.DOWN: Intent.MENU_DOWN, arcade.key.LEFT: Intent.MENU_LEFT,
                    arcade.key.RIGHT: Intent.MENU_RIGHT, arcade.key.TAB: Intent.NEXT_OPTION}
        intent = action.intent if action is not None else fallback.get(symbol)
        if intent is None:
            return False
        if intent in (Intent.MENU_UP, Intent.PREV_OPTION):
            self.move_focus(-1)
        elif intent in (Intent.MENU_DOWN, Intent.NEXT_OPTION):
            self.move_focus(+1)
        elif intent == Intent.MENU_LEFT:
            if it is not None and it.left is not None:
                self.sound(MENU_MOVE)
                it.left()
            else:
                self.move_focus(-1)
        elif intent == Intent.MENU_RIGHT:
            if it is not None and it.right is not None:
                self.sound(MENU_MOVE)
                it.right()
            else:
                self.move_focus(+1)
        elif intent == Intent.CONFIRM:
            self.activate_focused()
        elif intent == Intent.CANCEL:
            self.sound(MENU_BACK)
            self.on_cancel()
        else:
            return False
        return True

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        ux, uy = self.ui.adjust_mouse_coordinates(x, y)
        for i, it in enumerate(self.items):
            if it.widget.rect.point_in_rect((ux, uy)) and not self._disabled(i):
                if i != self.focus_index:
                    self.focus(i)
                return

    def idle(self) -> bool:
        """Nothing on a menu moves by itself: once no event has come for a second the window draws one frame in
        six (``game.view.frame_pacing``; an end screen left open under a software renderer kept 65 % of a core
        busy redrawing the same picture). A screen with work of its own in its frames says otherwise."""
        return True

    def on_draw(self) -> None:
        clear_colour(self.window, self.theme.bg)
        self.on_draw_before_ui()
        self.ui.draw()
        self.on_draw_after_ui()
        if self.status is not None and self.status_space is not None and self.message:
            self.status.position = (self.status_space.center_x, self.status_space.center_y)
            self.status.draw()


def item_rect(view: MenuView, index: int) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of a menu item in window pixels (for tests and the smoke check)."""
    r = view.items[index].widget.rect
    return (r.left, r.bottom, r.right, r.top)

