"""The inventory screen (issue 10; `I` or the game screen's Inventory button): a party member's equipped and
carried items and the pile at his feet, the rules' numbers now and with the focused item equipped, side by side
(CP, TNs, damage, AV, load and encumbrance, move points), and what to do with it: equip / unequip, use, pick
up, drop, give to a companion beside him. Every change is a `Gear` command (`Session.apply`); a refusal shows
as one line. Read through `game.sim.party_sheet` (the view never imports `rules`).

Keys: arrows / WASD move the focus (the list scrolls), Enter does the focused item's first action, 1-4 the
action buttons (numbered), Tab / ← → on the name switch party member, I or Esc goes back to the game.
Mouse: hover focuses, a click acts; touch: a tap on a row does its first action, the buttons the others.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade
from arcade.gui import UIBoxLayout, UILabel, UIWidget
from arcade.types import Color

from game.sim.commands import Command, Gear
from game.sim.events import Rejected, WorldEvent
from game.sim.party_sheet import GearView, ItemLine, comparison, gear_view, now_rows
from game.view.views.common import MenuButton
from game.view.views.party_screen import PartyMemberScreen

if TYPE_CHECKING:
    from game.view.app import App
    from game.view.session import Session

ROWS = 10  # item rows shown at once (the list scrolls)
TABLE_ROWS = 15  # rows of the comparison table (`Comparison.rows`)
KIND_WORDS = {"weapon": "weapon", "shield": "shield", "armour": "armour", "missile": "missile weapon",
              "ammunition": "ammunition", "consumable": "consumable", "coins": "coins", "relic": "relic"}


def actions_for(line: ItemLine, view: GearView) -> list[tuple[str, Gear]]:
    """The commands a screen offers for one item, its first action first (what Enter does)."""
    who = None if view.leader else view.actor
    out: list[tuple[str, Gear]] = []
    if line.where == "floor":
        out.append((f"Pick up{' all' if line.count > 1 else ''}", Gear("pick_up", item=line.id, count=line.count,
                                                                   actor=who)))
        return out
    if line.where == "equipped":
        out.append(("Unequip", Gear("unequip", slot=line.slot, actor=who)))
        return out
    if line.consumable:
        out.append(("Use", Gear("use", item=line.id, actor=who)))
        out += [(f"Use on {name}", Gear("use", item=line.id, actor=who, to=mate)) for mate, name in view.beside]
    if line.equippable:
        out.append(("Equip", Gear("equip", item=line.id, actor=who)))
        if line.kind == "weapon":
            out.append(("Off hand", Gear("equip", item=line.id, slot="off_weapon", actor=who)))
    out.append(("Drop", Gear("drop", item=line.id, count=1, actor=who)))
    for mate, name in view.beside:
        out.append((f"Give to {name}", Gear("give", item=line.id, count=1, actor=who, to=mate)))
    return out


class InventoryView(PartyMemberScreen):
    CLOSE_KEY = arcade.key.I

    def __init__(self, app: App, session: Session, back: Callable[[list[WorldEvent]], object],
                 actor: str | None = None) -> None:
        super().__init__(app, session, back, actor)
        self.offset = 0
        self.selected = 0  # index into the view's lines
        self.view = gear_view(session.world.state, self.actor)
        self.row_items: list[int] = []  # menu item index of each shown row
        self.table: list[tuple[UILabel, UILabel, UILabel]] = []
        self.detail: UILabel | None = None

    # ----- layout -------------------------------------------------------------------------------
    def build(self, s: float) -> None:
        t = self.theme
        self.view = gear_view(self.session.world.state, self.actor)
        lines = self.view.lines
        self.selected = min(self.selected, max(0, len(lines) - 1))
        self.offset = max(0, min(self.offset, len(lines) - ROWS))
        root = self.root()
        page = UIBoxLayout(vertical=True, space_between=self.px(12))
        head = UIBoxLayout(vertical=False, space_between=self.px(20))
        head.add(self.label("Inventory", size=30, bold=True, colour=t.accent))
        if len(self.members) > 1:
            head.add(self.button(self.view.name, self._next_member, width=300, height=46, font_size=18,
                                 value="<  >", left=lambda: self._next_member(-1), right=self._next_member))
        else:
            head.add(self.label(self.view.name, size=24, bold=True))
        if self.view.fighting:
            head.add(self.label("fighting: no time for gear", size=16, colour=t.danger))
        page.add(head)

        body = UIBoxLayout(vertical=False, space_between=self.px(22), align="top")
        body.add(self._list(lines))
        body.add(self._details())
        page.add(body)
        page.add(self._actions())
        root.add(page, anchor_x="center", anchor_y="top", align_y=-self.px(14))
        bottom = UIBoxLayout(vertical=True, space_between=self.px(2))
        bottom.add(self.status_label(width=1100, lines=1, size=16))
        bottom.add(self.key_hint("Up/Down item   Enter first action   1-4 the actions below   Tab member   I/Esc back"))
        root.add(bottom, anchor_x="center", anchor_y="bottom", align_y=self.px(4))
        self._show_selected()

    def _list(self, lines: tuple[ItemLine, ...]) -> UIBoxLayout:
        t = self.theme
        box = self.panel(space=5, padding=12)
        self.row_items = []
        shown = lines[self.offset:self.offset + ROWS]
        section = None
        if self.offset > 0:
            box.add(self.label(f"▲ {self.offset} more", size=13, colour=t.muted))
        for i, line in enumerate(shown, self.offset):
            if line.where != section:
                section = line.where
                title = {"equipped": "Equipped", "carried": "Carried", "floor": "On the floor here"}[section]
                box.add(self.label(title, size=14, bold=True, colour=t.muted))
            button = self.button(line.label, functools.partial(self._first_action, i), width=500, height=38,
                                 font_size=15, value=f"{line.weight * line.count:g}")
            self.row_items.append(len(self.items) - 1)
            box.add(button)
        rest = len(lines) - self.offset - len(shown)
        if rest > 0:
            box.add(self.label(f"▼ {rest} more", size=13, colour=t.muted))
        if not lines:
            box.add(self.label("Nothing carried, nothing here.", size=16, colour=t.muted))
        box.add(UIWidget(width=self.px(500), height=1))
        return box

    def _details(self) -> UIBoxLayout:
        t = self.theme
        box = self.panel(space=6, padding=14)
        self.detail = self.sized(self.label(" ", size=17, bold=True, multiline=True, width=560), 560)
        box.add(self.detail)
        table = UIBoxLayout(vertical=False, space_between=self.px(14), align="top")
        columns = [UIBoxLayout(vertical=True, space_between=self.px(2), align=align)
                   for align in ("right", "left", "left")]
        for column, (text, width) in zip(columns, (("", 230), ("Now", 150), ("With it", 150)), strict=True):
            column.add(self.sized(self.label(text or " ", size=14, bold=True, colour=t.muted), width))
        self.table = []
        for _ in range(TABLE_ROWS):
            cells = (self.sized(self.label(" ", size=14, colour=t.muted, align="right"), 230),
                     self.sized(self.label(" ", size=14), 150), self.sized(self.label(" ", size=14), 150))
            for column, cell in zip(columns, cells, strict=True):
                column.add(cell)
            self.table.append(cells)
        for column in columns:
            table.add(column)
        box.add(table)
        return box

    def sized(self, label: UILabel, width: float) -> UILabel:
        """A label that keeps `width` (design pixels) whatever its text, so the table's columns stay put."""
        label.size_hint_min = (self.px(width), label.size_hint_min[1] if label.size_hint_min else None)
        label.rect = label.rect.resize(width=self.px(width))
        return label

    def _actions(self) -> UIBoxLayout:
        row = UIBoxLayout(vertical=False, space_between=self.px(12))
        self.action_buttons: list[MenuButton] = []
        for slot in range(4):
            b = self.button(" ", functools.partial(self._action, slot), width=230, height=48, font_size=16)
            self.action_buttons.append(b)
            row.add(b)
        row.add(self.button("Back", self._back, width=150, height=48, font_size=16))
        return row

    # ----- the focused item ---------------------------------------------------------------------
    def focus(self, index: int, skip_disabled: bool = False) -> None:
        super().focus(index, skip_disabled)
        if index in self.row_items:
            self.selected = self.offset + self.row_items.index(index)
            self._show_selected()

    def _line(self) -> ItemLine | None:
        lines = self.view.lines
        return lines[self.selected] if 0 <= self.selected < len(lines) else None

    def _show_selected(self) -> None:
        if self.detail is None or not self.table:
            return
        line = self._line()
        rows: list[tuple[str, str, str]] = []
        if line is None:
            self.detail.text = "No item"
        else:
            kind = KIND_WORDS.get(line.kind, line.kind)
            where = {"equipped": "equipped", "carried": "carried", "floor": "on the floor"}[line.where]
            self.detail.text = f"{line.name}  ·  {kind}  ·  weight {line.weight:g}  ·  {where}"
            if line.where == "carried" and line.equippable:
                compared = comparison(self.session.world.state, self.actor, line.id)
                if isinstance(compared, str):
                    self.detail.text += f"\nCannot equip: {compared}"
                else:
                    rows = compared
        if not rows:
            rows = [(label, value, "") for label, value in now_rows(self.view)]
        for cells, row in zip(self.table, [*rows, *[("", "", "")] * TABLE_ROWS], strict=False):
            label, now, then = row
            cells[0].text, cells[1].text, cells[2].text = label or " ", now or " ", then or " "
            changed = bool(then and now and then != now)
            cells[2].update_font(font_color=Color(*(self.theme.accent if changed else self.theme.text)))
        actions = actions_for(line, self.view) if line is not None else []
        self.shown_actions = actions[:4]
        for slot, b in enumerate(self.action_buttons):
            b.text = f"{slot + 1}  {self.shown_actions[slot][0]}" if slot < len(self.shown_actions) else " "
            b.disabled = slot >= len(self.shown_actions) or self.view.fighting

    # ----- actions ------------------------------------------------------------------------------
    def send(self, command: Command) -> bool:
        """Apply one command; a refusal shows as one line. Returns whether the world took it."""
        events = self.session.apply(command)
        refusal = next((e for e in events if isinstance(e, Rejected)), None)
        if refusal is not None:
            self.set_message(f"Refused: {refusal.reason}", "danger")
            return False
        self.events += events
        self.set_message(self._said(command), "good")
        keep = self.focus_index
        self.rebuild()
        self.focus(min(keep, len(self.items) - 1), skip_disabled=True)
        return True

    def _said(self, command: Command) -> str:
        assert isinstance(command, Gear)
        items = self.session.world.state.run.content.items if self.session.world.state.run else {}
        name = items[command.item].name if command.item is not None and command.item in items else \
            (command.slot or "").replace("_", " ")
        if command.action == "give" and command.to is not None:
            return f"Gave the {name} to {self.session.world.state.actors[command.to].name}."
        words = {"pick_up": "Picked up", "drop": "Dropped", "equip": "Equipped", "unequip": "Unequipped",
                 "use": "Used"}
        return f"{words.get(command.action, command.action)} the {name}."

    def _first_action(self, index: int) -> None:
        self.selected = index
        self._show_selected()
        self._action(0)

    def _action(self, slot: int) -> None:
        if slot < len(self.shown_actions):
            self.send(self.shown_actions[slot][1])

    def member_changed(self) -> None:
        self.selected = self.offset = 0

    # ----- scrolling and keys -------------------------------------------------------------------
    def move_focus(self, step: int) -> None:
        lines = len(self.view.lines)
        if self.row_items and self.focus_index in self.row_items:
            row = self.row_items.index(self.focus_index)
            if step > 0 and row == len(self.row_items) - 1 and self.offset + ROWS < lines:
                self._scroll(1, self.focus_index)
                return
            if step < 0 and row == 0 and self.offset > 0:
                self._scroll(-1, self.focus_index)
                return
        super().move_focus(step)

    def _scroll(self, by: int, keep: int) -> None:
        self.offset += by
        self.selected += by
        self.rebuild()
        self.focus(keep)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        keys = {arcade.key.KEY_1: 0, arcade.key.KEY_2: 1, arcade.key.KEY_3: 2, arcade.key.KEY_4: 3}
        if symbol in keys:
            self._action(keys[symbol])
            return True
        return super().on_key_press(symbol, modifiers)
