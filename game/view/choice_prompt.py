"""The generic prompt (SPEC §6): any decision a combat system asks without a prompt of its own (a bid, a
designation, an interrupt, Gold & Glory's ap × speed declaration, Dew's options), built from the decision's
data alone (``ChoiceView``: its options with their costs and notes, or a range of whole numbers, and the
default); it answers ``Answer(kind, value)``.

It fits any decision at any size (issue 11): a long list folds into groups by the options' shared first part
(``game.view.choice_groups``: pick the ap, then the speed), with the default first so one Enter answers it;
whatever still does not fit the window goes into two columns when there is room, then pages, turned with
Left/Right, PgUp/PgDn or the page buttons (the selection carries the page along). Esc, Backspace or "Back to
all" leave a group. Every button is a touch target (``widgets.touch``).
"""

from __future__ import annotations

from collections.abc import Hashable
from math import ceil

from game.sim.commands import Answer
from game.sim.player_view import ChoiceView
from game.sim.state import WorldState
from game.view.choice_groups import MAX_FLAT, Entry, flat_entries, grouped_entries, member_entries
from game.view.input_map import Intent
from game.view.palette import Palette
from game.view.prompts import Option, Outcome, Prompt
from game.view.widgets import TEXT_DIM, elide, touch

MAX_NUMBER_BUTTONS = 9  # a range answer longer than this offers evenly spaced numbers (ends and default kept)
COLUMN = 340  # px at scale 1: one column's width when the prompt has two
ONE_COLUMN = 460  # px at scale 1: the prompt's width with one
MAX_SHARE = 0.62  # of the window's width a two-column prompt may take (the fight stays in view)


def number_choices(low: int, high: int, default: int | None) -> list[int]:
    """The numbers a range decision offers as buttons: all of them when few, else evenly spaced ones; and
    its default, which is always a legal answer, even outside the range (a bid's 0: "yield")."""
    if high - low + 1 <= MAX_NUMBER_BUTTONS:
        picks = set(range(low, high + 1))
    else:
        span = high - low
        picks = {low + round(i * span / (MAX_NUMBER_BUTTONS - 1)) for i in range(MAX_NUMBER_BUTTONS)}
    if default is not None:
        picks.add(default)
    return sorted(picks)


class ChoicePrompt(Prompt):
    """Any decision of the combat system without a prompt of its own, from its data alone (module docstring).
    :attr:`options` are the rows of the level shown (all of them, every page); :meth:`choose` answers a row,
    or opens it when it is a group."""

    kind = "decide"

    def __init__(self, state: WorldState, palette: Palette, choice: ChoiceView) -> None:
        super().__init__(state, palette)
        self.choice = choice
        self.title = choice.title or choice.kind.replace("_", " ").capitalize()
        self.values: list[str | int] = []
        labels: list[str] = []
        subs: list[str] = []
        if choice.options:
            for o in choice.options:
                labels.append(o.label)
                subs.append(" · ".join(part for part in (f"{o.cost} CP" if o.cost else "", o.note) if part))
                self.values.append(o.value)
            default: str | int | None = choice.default
        else:
            default = int(choice.default) if choice.default is not None and choice.default.lstrip("-").isdigit() \
                else None
            for n in number_choices(choice.low, choice.high, default):
                labels.append(str(n))
                subs.append("default" if n == default else "")
                self.values.append(n)
        self._labels, self._subs = labels, subs
        self._keys = [str(v) for v in self.values]
        self.default_index = self.values.index(default) if default in self.values else None
        self.top_entries = grouped_entries(labels, subs, self._keys, self.default_index) \
            or flat_entries(labels, subs, self._keys)
        self.group: Entry | None = None  # the group open, if any
        self.bottom_limit = 0.0  # y the prompt stays above (the log's top; the game view sets it)
        self.rows = self.per_page = self.columns = 1  # the layout of the last build
        self.pages = 1
        self._show(self.top_entries, self._index_of_default(self.top_entries))

    # --- levels -----------------------------------------------------------------------------------------------
    def _index_of_default(self, entries: list[Entry]) -> int:
        d = self.default_index
        return next((i for i, e in enumerate(entries) if d is not None and d in e.members), 0)

    def _show(self, entries: list[Entry], selected: int) -> None:
        self.entries = entries
        self.options = [Option(e.key, e.label, e.sub) for e in entries]
        self.selected = selected
        in_group = self.group is not None
        more = " · Left/Right, PgUp/PgDn: page" if len(entries) > MAX_FLAT else ""
        base = (self.choice.note + " · " if self.choice.note else "")
        self.help = base + "Enter: confirm · Up/Down, Tab: change" + more + (" · Esc: back" if in_group else "")
        self.invalidate()

    def open_group(self, entry: Entry) -> None:
        self.group = entry
        members = member_entries(entry, self._labels, self._subs, self._keys)
        self._show(members, self._index_of_default(members))

    def back(self) -> bool:
        """Leave the open group for the first level (its row selected); False when none is open."""
        if self.group is None:
            return False
        group, self.group = self.group, None
        self._show(self.top_entries, self.top_entries.index(group))
        return True

    # --- behaviour --------------------------------------------------------------------------------------------
    def handle(self, intent: Intent, alternative: bool = False) -> Outcome | None:
        if intent is Intent.MOVE_S:
            return super().handle(Intent.NEXT_OPTION, alternative)
        if intent is Intent.MOVE_N:
            return super().handle(Intent.PREV_OPTION, alternative)
        if intent in (Intent.MOVE_E, Intent.MOVE_W):
            step = 1 if intent is Intent.MOVE_E else -1
            if self.columns == 1 and self.pages == 1:
                return super().handle(Intent.NEXT_OPTION if step > 0 else Intent.PREV_OPTION, alternative)
            self.select(self.selected + step * self.rows)
            return Outcome(close=False)
        if intent is Intent.WAIT:
            return self.choose(self.selected)
        if intent is Intent.CANCEL and self.back():
            return Outcome(close=False)
        return super().handle(intent, alternative)

    def choose(self, index: int) -> Outcome:
        if not self.entries:
            return Outcome(close=False)
        self.select(index)
        entry = self.entries[self.selected]
        if entry.is_group:
            self.open_group(entry)
            return Outcome(close=False)
        return Outcome((Answer(self.choice.kind, self.values[entry.members[0]]),))

    def navigate(self, action: str) -> Outcome | None:
        if action == "back":
            self.back()
        elif action in ("prev", "next"):
            self.page_by(1 if action == "next" else -1)
        else:
            return None
        return Outcome(close=False)

    def page_by(self, step: int) -> bool:
        if self.pages <= 1:
            return False
        page = max(0, min(self.pages - 1, self.selected // self.per_page + step))
        self.select(min(len(self.options) - 1, page * self.per_page + self.selected % self.per_page))
        return True

    @property
    def page(self) -> int:
        return self.selected // max(1, self.per_page)

    # --- drawing ----------------------------------------------------------------------------------------------
    def content_key(self) -> Hashable:
        return (super().content_key(), self.group, self.bottom_limit)

    def fit(self) -> None:
        """Rows, columns and pages for the rows of this level in the room the window leaves."""
        k = self.scale
        gap, row = 8 * k, touch(k) + 8 * k
        floor = max(10 * k, self.bottom_limit + 6 * k)  # over the log
        room = (self.top_limit or self.height) - 10 * k - floor - 80 * k - gap  # under the header, over the help
        n = max(1, len(self.options))
        if n * row <= room and self.group is None:
            self.rows, self.columns, self.pages = n, 1, 1
        else:
            rows = max(1, int((room - row) // row))  # a row for the page buttons
            two = 2 * COLUMN * k + 3 * gap <= MAX_SHARE * self.width
            self.columns = 2 if n > rows and two else 1
            self.rows = min(rows, ceil(n / self.columns))
            self.pages = ceil(n / (self.rows * self.columns))
        self.per_page = self.rows * self.columns

    def build(self) -> None:
        self.fit()
        k = self.scale
        gap, header, help_h, button_h = 8 * k, 40 * k, 40 * k, touch(k)
        nav = self.pages > 1 or self.group is not None
        col_w = ONE_COLUMN * k - 2 * gap if self.columns == 1 else COLUMN * k
        width = self.columns * col_w + (self.columns + 1) * gap
        height = header + gap + self.rows * (button_h + gap) + (button_h + gap if nav else 0) + help_h + gap
        left, top, bottom = self.frame(width, height, header)
        title = self.title if self.group is None else f"{self.title}: {self.group.label.rstrip(' …')}"
        page = f"  ({self.page + 1}/{self.pages})" if self.pages > 1 else ""
        self.texts.put("title", elide(title, int(width / (9 * k))) + page, left + 14 * k, top - header / 2,
                       size=15 * k, bold=True, anchor_y="center")
        self.texts.put("help", elide(self.help, 160), left + 14 * k, bottom + 8 * k, size=10 * k, colour=TEXT_DIM,
                       anchor_y="bottom", width=int(width - 28 * k), multiline=True)
        chars = int(col_w / (10 * k))
        first = self.page * self.per_page
        for i in range(first, min(len(self.options), first + self.per_page)):
            option = self.options[i]
            col, r = divmod(i - first, self.rows)
            rect = (left + gap + col * (col_w + gap), top - header - gap - (r + 1) * button_h - r * gap,
                    col_w, button_h)
            on = i == self.selected
            self.button(("opt", i), rect, elide(option.label, chars), ("prompt", i), primary=on, hot=on,
                        sub=elide(option.sub, int(chars * 1.3)) or None, size=15)
        if nav:
            self._nav(left, top - header - gap - self.rows * (button_h + gap) - button_h, width, button_h)

    def _nav(self, left: float, y: float, width: float, h: float) -> None:
        """The row of page and back buttons."""
        k = self.scale
        gap = 8 * k
        parts: list[tuple[str, str, bool]] = []
        if self.group is not None:
            parts.append(("back", "Back to all", True))
        if self.pages > 1:
            parts += [("prev", "Previous page", self.page > 0), ("next", "Next page", self.page < self.pages - 1)]
        w = (width - (len(parts) + 1) * gap) / len(parts)
        for j, (action, label, enabled) in enumerate(parts):
            self.button(("nav", action), (left + gap + j * (w + gap), y, w, h), label, ("prompt_nav", action),
                        size=14, enabled=enabled)
