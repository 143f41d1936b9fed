"""The maneuver menu at ``s2`` (SPEC §4.4, §6; design doc "UI Manuever Interface").

Per opponent in reach: the action type, the maneuver (``Name (cost): tnX``, ``~`` for conditional costs),
one CP slider per rolled part and the target zone; "Do Nothing" is always an action type. Everything offered
comes from the rules' menu (``game.sim.declaring.DeclarationSource.menu``) and nothing else: the model asks it
for every choice with the other opponents' choices as ``pending``, so hands and CP already spoken for are
respected. The menu opens on ``menu.default`` (the rules' preselected declaration), so Enter alone declares the default.

For the focused opponent's current choice the menu shows its odds, live as dice, zone or maneuver change:
the chance to land, to be hit back and the expected wound levels dealt and taken (``DeclarationSource.odds``,
cached per choice), with what was assumed about foes still to declare; and the plain one-line description
of the highlighted row's entry (the maneuver, the action type and its kind of buy, or the option).

:class:`MenuModel` is the pure part (no window). :class:`ManeuverMenu` draws it as rows of big cyclers
(``◀ value ▶``, every button at least 72 px for touch), a slider with − / + per rolled part, a list of the
focused row's options for the mouse, and Do Nothing / Default / Confirm buttons.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass, replace

from game.sim.declaring import (
    ACTION_LABELS,
    DEFAULT_ZONE,
    DO_NOTHING,
    Action,
    ActionOption,
    DeclarationOdds,
    DeclarationSource,
    ManeuverOption,
    Menu,
    OpponentMenu,
    PartChoice,
    chance_text,
)
from game.view.widgets import (
    ACCENT,
    BUTTON,
    PANEL,
    PANEL_EDGE,
    PANEL_HEADER,
    ROW,
    ROW_FOCUS,
    TEXT,
    TEXT_DIM,
    Hit,
    Panel,
    Rect,
    elide,
    touch,
)

RELATION_TEXT = {
    "you_hold": "you hold initiative",
    "he_holds": "he holds initiative",
    "contested": "initiative contested",
    "none": "no initiative",
}


COLUMN_W, LIST_W = 452, 262  # px at scale 1: the rows' column and the option list beside it
MENU_W = COLUMN_W + LIST_W + 36  # the panel's width at scale 1 (the game view fits the pad beside it, or not)


@dataclass(frozen=True)
class Row:
    """One focusable row of the menu: ``kind`` opponent | action | maneuver | dice | terrain | reflex | zone |
    buttons (terrain and reflex only for a force-enter, drawn side by side on one line)."""

    kind: str
    part: int = 0


class MenuModel:
    """What the player is declaring: at most one action per opponent, edited through the menu's choices."""

    def __init__(self, source: DeclarationSource, names: dict[str, str] | None = None, reserve: int = 0) -> None:
        self.source = source
        self.fid = source.fid
        self.names = names or {}
        self._names_pattern: tuple[dict[str, str], re.Pattern[str]] | None = None  # (for names, its pattern)
        self.reserve = max(0, reserve)  # CP kept for shots landing before the declaration (SPEC §4.9)
        self.base: Menu = source.menu(reserve=self.reserve)
        self.opponents: list[str] = [o.opponent for o in self.base.opponents]
        self.target = source.target
        self.choices: dict[str, Action] = {}
        self.loose: list[Action] = []  # default items without an opponent (kept as they are)
        self._cache: dict[tuple[object, ...], Menu] = {}
        self.reset()
        self.focus = 0  # index into opponents
        for i, opp in enumerate(self.opponents):
            if opp == self.target:
                self.focus = i
                break
        else:
            for i, opp in enumerate(self.opponents):
                if opp in self.choices:
                    self.focus = i
                    break
        self.row_index = 1 if self.opponents else 0
        self.part = 0
        self.button = 2  # buttons row: 0 Do Nothing, 1 Default, 2 Confirm
        self.message = ""
        self._odds: dict[tuple[object, ...], DeclarationOdds] = {}

    # --- declaration ----------------------------------------------------------------------------------------
    def reset(self) -> None:
        """Back to the rules' default declaration."""
        self.choices = {}
        self.loose = []
        for action in self.base.default:
            if action.opponent is not None and action.opponent not in self.choices:
                self.choices[action.opponent] = action
            else:
                self.loose.append(action)
        self.message = ""

    def nothing(self) -> None:
        self.choices = {}
        self.loose = []

    def order(self) -> list[str]:
        """Opponents in declaration order: the primary target first, then the menu's order."""
        ordered = [o for o in self.opponents if o == self.target]
        ordered += [o for o in self.opponents if o != self.target]
        return ordered

    def declaration(self) -> tuple[Action, ...]:
        items = [self.choices[o] for o in self.order() if o in self.choices]
        return tuple(items + self.loose)

    def is_default(self) -> bool:
        return self.declaration() == self.base.default

    def pending_for(self, opp: str) -> list[Action]:
        """The other choices that come before ``opp``'s in declaration order (what the rules see as pending)."""
        out: list[Action] = []
        for o in self.order():
            if o == opp:
                break
            if o in self.choices:
                out.append(self.choices[o])
        return out

    def menu_for(self, opp: str) -> OpponentMenu | None:
        pending = self.pending_for(opp)
        key = (opp, tuple(pending))
        menu = self._cache.get(key)
        if menu is None:
            menu = self.source.menu(pending, reserve=self.reserve) if pending else self.base
            self._cache[key] = menu
        return menu.opponent(opp)

    def cp_left(self, opp: str | None = None) -> int:
        """CP left after the choices before ``opp`` (or after everything, for None)."""
        pending = self.pending_for(opp) if opp is not None else list(self.declaration())
        if not pending:
            return self.base.cp
        return self.source.menu(pending, reserve=self.reserve).cp

    def set_reserve(self, reserve: int) -> None:
        """Keep ``reserve`` CP out of the declaration (the CP against an arrow, which lands first): the menu's CP
        and dice ranges shrink, and choices that no longer fit are trimmed or dropped. An untouched default
        declaration becomes the new default."""
        reserve = max(0, reserve)
        if reserve == self.reserve:
            return
        was_default = self.is_default()
        self.reserve = reserve
        self.base = self.source.menu(reserve=reserve)
        self._cache.clear()
        if was_default:
            self.reset()
        else:
            self.revalidate()
    # --- per-opponent choices -------------------------------------------------------------------------------
    @property
    def opponent(self) -> str | None:
        return self.opponents[self.focus] if self.opponents else None

    def actions(self, opp: str) -> list[ActionOption]:
        om = self.menu_for(opp)
        return list(om.actions) if om is not None else []

    def action_of(self, opp: str) -> str:
        choice = self.choices.get(opp)
        return DO_NOTHING if choice is None else choice.action

    def action_option(self, opp: str) -> ActionOption | None:
        current = self.action_of(opp)
        for a in self.actions(opp):
            if a.action == current:
                return a
        return None

    def maneuver_option(self, opp: str) -> ManeuverOption | None:
        choice = self.choices.get(opp)
        ao = self.action_option(opp)
        if choice is None or ao is None:
            return None
        return ao.option(choice.maneuver)

    def set_action(self, opp: str, action: str) -> None:
        if action == DO_NOTHING:
            self.choices.pop(opp, None)
            self.part = 0
            self.revalidate()
            return
        ao = next((a for a in self.actions(opp) if a.action == action), None)
        if ao is None or not ao.maneuvers:
            return
        maneuver = ao.default or ao.maneuvers[0].maneuver
        current = self.choices.get(opp)
        if current is not None and ao.option(current.maneuver) is not None:
            maneuver = current.maneuver  # keep the maneuver when the new action type offers it too
        self._set(opp, ao, maneuver)

    def set_maneuver(self, opp: str, maneuver: str) -> None:
        ao = self.action_option(opp)
        if ao is None or ao.option(maneuver) is None:
            return
        self._set(opp, ao, maneuver)

    def _budget(self, opp: str) -> int:
        cp = self.cp_left(opp)
        return cp if self.source.exchange == 2 else (cp + 1) // 2

    def _set(self, opp: str, ao: ActionOption, maneuver: str) -> None:
        mo = ao.option(maneuver)
        if mo is None:
            return
        old = self.choices.get(opp)
        want = old.dice if old is not None and not old.parts else max(mo.dice_min, self._budget(opp) - mo.cost)
        if old is not None and old.parts:
            want = sum(p.dice for p in old.parts)
        zone = None
        if mo.zones:
            zone_ids = [z for z, _ in mo.zones]
            zone = old.zone if old is not None and old.zone in zone_ids else mo.default_zone or zone_ids[0]
        # force-enter: preselect the terrain dice (rules.ai) and keep a Reflex buy-back already chosen; both are
        # paid from the maneuver's CP, so they come out of the attack's dice range
        terrain = reflex = 0
        if ao.flavour == "force_enter" and not mo.parts:
            room = mo.dice_max - _aim(mo, zone)
            if old is not None and old.action == ao.action:
                reflex = max(0, min(old.reflex_buy, self.source.reflex_max, room - mo.dice_min))
            terrain = max(0, min(self.source.terrain_dice, room - mo.dice_min - reflex))
        elif mo.terrain_tn and not mo.parts:
            # a Full Evasion without room to evade: its terrain dice (at least 1, which dice_max keeps aside)
            terrain = max(1, min(self.source.terrain_dice_for(mo), mo.dice_max + 1 - mo.dice_min))
        dice = max(mo.dice_min, min(mo.dice_max - _aim(mo, zone) - terrain - reflex + _kept(mo), want))
        parts: tuple[PartChoice, ...] = ()
        if mo.parts:
            n = len(mo.parts)
            share = [dice // n + (1 if i < dice % n else 0) for i in range(n)]
            built = []
            for i, part in enumerate(mo.parts):
                pid, _, zones = part.maneuvers[0]
                pz = None
                if zones:
                    pz = next((z for z in zones if z in DEFAULT_ZONE.values()), zones[0])
                built.append(PartChoice(pid, max(1, share[i]), pz))
            parts = tuple(built)
            dice = sum(p.dice for p in parts)
        self.choices[opp] = Action(ao.action, mo.maneuver, opp, dice, zone, parts=parts, terrain_dice=terrain,
                                   reflex_buy=reflex)
        self.part = min(self.part, max(0, len(parts) - 1))
        self.revalidate(keep=opp)

    def set_dice(self, opp: str, dice: int, part: int = 0) -> None:
        choice = self.choices.get(opp)
        mo = self.maneuver_option(opp)
        if choice is None or mo is None:
            return
        if choice.parts:
            part = max(0, min(part, len(choice.parts) - 1))
            others = sum(p.dice for i, p in enumerate(choice.parts) if i != part)
            value = max(1, min(dice, mo.dice_max - others))
            parts = tuple(replace(p, dice=value) if i == part else p for i, p in enumerate(choice.parts))
            self.choices[opp] = replace(choice, parts=parts, dice=sum(p.dice for p in parts))
        else:
            top = mo.dice_max - _extras(mo, choice)
            self.choices[opp] = replace(choice, dice=max(mo.dice_min, min(top, dice)))
        self.revalidate(keep=opp)

    def dice_range(self, opp: str, part: int = 0) -> tuple[int, int, int]:
        """(min, max, current) dice of ``opp``'s choice (of one part of a composite)."""
        choice = self.choices.get(opp)
        mo = self.maneuver_option(opp)
        if choice is None or mo is None:
            return (0, 0, 0)
        if choice.parts:
            part = max(0, min(part, len(choice.parts) - 1))
            others = sum(p.dice for i, p in enumerate(choice.parts) if i != part)
            return (1, max(1, mo.dice_max - others), choice.parts[part].dice)
        return (mo.dice_min, max(mo.dice_min, mo.dice_max - _extras(mo, choice)), choice.dice)

    # --- force-enter: terrain dice and Reflex bought back (SPEC §4.7) ---------------------------------------
    def force_enter(self, opp: str | None) -> bool:
        """Whether ``opp``'s choice is a force-enter (it buys terrain dice and may buy back Reflex)."""
        if opp is None or opp not in self.choices or self.choices[opp].parts:
            return False
        ao = self.action_option(opp)
        return ao is not None and ao.flavour == "force_enter"

    def evasion_terrain(self, opp: str | None) -> int:
        """The terrain roll's TN ``opp``'s choice needs as a Full Evasion without room to evade (0: none)."""
        if opp is None or opp not in self.choices or self.choices[opp].parts:
            return 0
        mo = self.maneuver_option(opp)
        return mo.terrain_tn if mo is not None else 0

    def terrain_tn(self, opp: str) -> int:
        """The TN of the terrain roll on ``opp``'s terrain row: a cornered Full Evasion's or a force-enter's."""
        return self.evasion_terrain(opp) or self.source.terrain_tn

    def extra_range(self, opp: str, kind: str) -> tuple[int, int, int]:
        """(min, max, current) of a force-enter's ``terrain`` dice or ``reflex`` bought back, or of a cornered
        Full Evasion's ``terrain`` dice (at least 1). The max leaves the attack (the evasion) at least its
        fewest dice: raising one takes dice from it when the CP is all spent."""
        choice = self.choices.get(opp)
        mo = self.maneuver_option(opp)
        if choice is not None and mo is not None and kind == "terrain" and self.evasion_terrain(opp):
            return (1, max(1, mo.dice_max + 1 - mo.dice_min), choice.terrain_dice)
        if choice is None or mo is None or not self.force_enter(opp):
            return (0, 0, 0)
        room = mo.dice_max - _aim(mo, choice.zone) - mo.dice_min
        if kind == "terrain":
            return (0, max(0, room - choice.reflex_buy), choice.terrain_dice)
        top = min(self.source.reflex_max, room - choice.terrain_dice)
        return (0, max(0, top), choice.reflex_buy)

    def set_extra(self, opp: str, kind: str, value: int) -> None:
        """Set a force-enter's terrain dice or Reflex buy-back (a cornered Full Evasion's terrain dice); the
        attack (the evasion) gives up dice to pay for it."""
        choice = self.choices.get(opp)
        mo = self.maneuver_option(opp)
        if choice is None or mo is None or not (
                self.force_enter(opp) or (kind == "terrain" and self.evasion_terrain(opp))):
            return
        lo, hi, _ = self.extra_range(opp, kind)
        value = max(lo, min(hi, value))
        new = replace(choice, terrain_dice=value) if kind == "terrain" else replace(choice, reflex_buy=value)
        dice = max(mo.dice_min, min(new.dice, mo.dice_max - _extras(mo, new)))
        self.choices[opp] = replace(new, dice=dice)
        self.revalidate(keep=opp)

    def ordering_reflex(self, opp: str) -> tuple[int, int]:
        """(Reflex for ordering after halving and the buy-back, full Reflex)."""
        reflex = self.source.reflex
        choice = self.choices.get(opp)
        return (reflex // 2 + (choice.reflex_buy if choice is not None else 0), reflex)

    def zones(self, opp: str, part: int = 0) -> list[tuple[str, int]]:
        """Target zones (id, aim cost) of ``opp``'s choice (of one part)."""
        choice = self.choices.get(opp)
        mo = self.maneuver_option(opp)
        if choice is None or mo is None:
            return []
        if choice.parts:
            part = max(0, min(part, len(choice.parts) - 1))
            p = choice.parts[part]
            for pid, _, zones in mo.parts[part].maneuvers:
                if pid == p.maneuver:
                    return [(z, self.source.zone_aim_cost(z)) for z in zones]
            return []
        return list(mo.zones)

    def zone_of(self, opp: str, part: int = 0) -> str | None:
        choice = self.choices.get(opp)
        if choice is None:
            return None
        if choice.parts:
            return choice.parts[max(0, min(part, len(choice.parts) - 1))].zone
        return choice.zone

    def set_zone(self, opp: str, zone: str, part: int = 0) -> None:
        choice = self.choices.get(opp)
        if choice is None or zone not in [z for z, _ in self.zones(opp, part)]:
            return
        if choice.parts:
            parts = tuple(replace(p, zone=zone) if i == part else p for i, p in enumerate(choice.parts))
            self.choices[opp] = replace(choice, parts=parts)
        else:
            self.choices[opp] = replace(choice, zone=zone)
        self.revalidate(keep=opp)

    def revalidate(self, keep: str | None = None) -> None:
        """Drop (or trim) choices the rules no longer allow after a change, in declaration order."""
        self._cache.clear()
        dropped: list[str] = []
        for opp in self.order():
            choice = self.choices.get(opp)
            if choice is None:
                continue
            om = self.menu_for(opp)
            ao = om.action(choice.action) if om is not None else None
            mo = ao.option(choice.maneuver) if ao is not None else None
            if mo is None:
                del self.choices[opp]
                dropped.append(opp)
                self._cache.clear()
                continue
            if not choice.parts and not mo.dice_min <= choice.dice <= mo.dice_max - _extras(mo, choice):
                fitted = _fit(mo, choice)
                if fitted != choice:
                    self.choices[opp] = fitted
                    self._cache.clear()
        names = ", ".join(self.names.get(o, o) for o in dropped if o != keep)
        self.message = f"dropped the choice against {names}: no longer possible" if names else ""

    def check(self) -> str | None:
        """A reason the current declaration would be refused, or None (the world has the final word)."""
        pending: list[Action] = []
        for action in self.declaration():
            if action.action == DO_NOTHING:
                continue
            menu = self.source.menu(pending)
            om = menu.opponent(action.opponent) if action.opponent else None
            ao = om.action(action.action) if om is not None else None
            mo = ao.option(action.maneuver) if ao is not None else None
            if mo is None and action.opponent is not None:
                return f"{ACTION_LABELS.get(action.action, action.action)} {action.maneuver} is not available"
            pending.append(action)
        return None

    # --- keyboard-style navigation --------------------------------------------------------------------------
    def rows(self) -> list[Row]:
        out: list[Row] = []
        opp = self.opponent
        if opp is not None:
            out.append(Row("opponent"))
            out.append(Row("action"))
            choice = self.choices.get(opp)
            if choice is not None:
                out.append(Row("maneuver"))
                n = max(1, len(choice.parts))
                for i in range(n):
                    out.append(Row("dice", i))
                if self.force_enter(opp):
                    out += [Row("terrain"), Row("reflex")]
                elif self.evasion_terrain(opp):  # a Full Evasion without room to evade
                    out.append(Row("terrain"))
                for i in range(n):
                    if self.zones(opp, i):
                        out.append(Row("zone", i))
        out.append(Row("buttons"))
        return out

    @property
    def row(self) -> Row:
        rows = self.rows()
        self.row_index = max(0, min(self.row_index, len(rows) - 1))
        return rows[self.row_index]

    def move_row(self, delta: int) -> None:
        rows = self.rows()
        self.row_index = (self.row_index + delta) % len(rows)

    def focus_row(self, row: Row) -> None:
        rows = self.rows()
        if row in rows:
            self.row_index = rows.index(row)

    def cycle_opponent(self, delta: int) -> None:
        if self.opponents:
            self.focus = (self.focus + delta) % len(self.opponents)
            self.part = 0

    def select_opponent(self, opp: str) -> None:
        if opp in self.opponents:
            self.focus = self.opponents.index(opp)

    def cycle(self, delta: int) -> None:
        """Left/right on the focused row: the next value of that row."""
        row = self.row
        opp = self.opponent
        if row.kind == "buttons":
            self.button = (self.button + delta) % 3
            return
        if opp is None:
            return
        if row.kind == "opponent":
            self.cycle_opponent(delta)
        elif row.kind == "action":
            options = [a.action for a in self.actions(opp)]
            if options:
                current = self.action_of(opp)
                i = options.index(current) if current in options else 0
                self.set_action(opp, options[(i + delta) % len(options)])
        elif row.kind == "maneuver":
            ao = self.action_option(opp)
            choice = self.choices.get(opp)
            if ao is not None and choice is not None and ao.maneuvers:
                ids = [m.maneuver for m in ao.maneuvers]
                i = ids.index(choice.maneuver) if choice.maneuver in ids else 0
                self.set_maneuver(opp, ids[(i + delta) % len(ids)])
        elif row.kind == "dice":
            _, _, dice = self.dice_range(opp, row.part)
            self.set_dice(opp, dice + delta, row.part)
        elif row.kind in ("terrain", "reflex"):
            _, _, value = self.extra_range(opp, row.kind)
            self.set_extra(opp, row.kind, value + delta)
        elif row.kind == "zone":
            zones = [z for z, _ in self.zones(opp, row.part)]
            if zones:
                zone = self.zone_of(opp, row.part)
                i = zones.index(zone) if zone in zones else 0
                self.set_zone(opp, zones[(i + delta) % len(zones)], row.part)

    def adjust_dice(self, delta: int) -> None:
        opp = self.opponent
        if opp is None:
            return
        row = self.row
        if row.kind in ("terrain", "reflex"):  # +/− on a force-enter's terrain or Reflex row change that
            _, _, value = self.extra_range(opp, row.kind)
            self.set_extra(opp, row.kind, value + delta)
            return
        part = row.part if row.kind in ("dice", "zone") else 0
        _, _, current = self.dice_range(opp, part)
        self.set_dice(opp, current + delta, part)

    # --- odds and descriptions ---------------------------------------------------------------------------------
    def odds(self, opp: str | None = None) -> DeclarationOdds | None:
        """The odds of the choice against ``opp`` (the focused opponent): None when he gets Do Nothing."""
        opp = self.opponent if opp is None else opp
        choice = self.choices.get(opp) if opp is not None else None
        if opp is None or choice is None:
            return None
        pending = tuple(self.pending_for(opp))
        key = (choice, pending)
        found = self._odds.get(key)
        if found is None:
            found = self._odds[key] = self.source.odds(choice, pending, self.maneuver_option(opp))
        return found

    def odds_lines(self, opp: str | None = None) -> tuple[str, str, str]:
        """(your blow's odds, the blows back, what they assume) in words for the choice against ``opp``;
        empty strings for Do Nothing."""
        odds = self.odds(opp)
        if odds is None:
            return "", "", ""
        mine = "No blow of yours"
        if odds.land is not None:
            mine = f"Lands {chance_text(odds.land)} · wound ~{odds.wound:.1f}"
        back = f"Hit back {chance_text(odds.hit_back)} · taken ~{odds.wound_taken:.1f}"
        assumed = "; ".join(self._named(a) for a in odds.assumptions)
        return mine, back, ("Assuming " + assumed) if assumed else ""

    def _named(self, text: str) -> str:
        """Actor ids in the rules' words -> names, in one pass (the longest ids first in the pattern: goblin_10
        before goblin_1). The pattern is compiled once per cast: a pattern a name, made again in each menu
        rebuild, cost 2 ms of the frame after a tick in a 30-actor scene."""
        if not self.names:
            return text
        if self._names_pattern is None or self._names_pattern[0] is not self.names:
            ids = sorted(self.names, key=len, reverse=True)
            self._names_pattern = (self.names, re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b"))
        names = self.names
        return self._names_pattern[1].sub(lambda m: names[m.group(1)], text)

    def description(self, row: Row | None = None) -> str:
        """The plain one-line description of the highlighted entry of ``row`` (the focused row)."""
        row = self.row if row is None else row
        opp = self.opponent
        src = self.source
        if row.kind == "opponent":
            return src.describe_option("opponent")
        if opp is None:
            return ""
        choice = self.choices.get(opp)
        if row.kind == "action":
            ao = self.action_option(opp)
            if ao is None:
                return src.describe_action(DO_NOTHING)
            action, flavour = src.describe_action(ao.action), src.describe_flavour(ao.flavour)
            if len(action) + len(flavour) > DESCRIPTION_CHARS:  # the kind of buy is the more specific line
                return flavour
            return action + (f" {flavour}" if flavour else "")
        if row.kind in ("maneuver", "buttons"):
            return src.describe_maneuver(choice.maneuver) if choice is not None else src.describe_action(DO_NOTHING)
        if row.kind == "dice":
            parts = src.describe_option("parts") if choice is not None and choice.parts else ""
            return src.describe_option("dice") + (f" {parts}" if parts else "")
        if row.kind == "zone":
            return src.describe_option("zone")
        if row.kind == "terrain":
            return src.describe_option("terrain_dice")
        if row.kind == "reflex":
            return src.describe_option("reflex_buy")
        return ""

    # --- text -----------------------------------------------------------------------------------------------
    def name(self, fid: str | None) -> str:
        return "-" if fid is None else self.names.get(fid, fid)

    def opponent_line(self, opp: str) -> tuple[str, str]:
        om = self.base.opponent(opp)
        title = self.name(opp) + (" (your target)" if opp == self.target else "")
        bits = [RELATION_TEXT.get(om.relation, om.relation)] if om is not None else []
        for c in self.source.attacks_on_me():
            if c.owner == opp:
                tn = f" TN{c.tn}" if c.tn is not None else ""
                bits.append(f"attacks you: {c.maneuver.replace('_', ' ').title()} {c.dice}d{tn}")
        return title, " · ".join(bits)

    def why(self) -> str:
        """Why the preselected declaration is suggested (the planner's line), while it stands untouched; ""
        once the player changes it or when nothing can say (the old game's rules default)."""
        return self.source.explain() if self.is_default() else ""

    def warnings(self) -> list[str]:
        """What a newcomer must know before Enter (issue 11): at a fight's first exchange on a pool the last
        fight left short, why; at e1, a declaration that leaves no dice for the second exchange (most urgent last)."""
        notes: list[str] = []
        src = self.source
        if src.exchange == 1 and src.round == 1 and self.base.cp + self.reserve < src.rested_cp:
            notes.append(f"CP {self.base.cp + self.reserve} of {src.rested_cp}: this fight began before your pool "
                         "refilled (a round out of any fight).")
        if src.exchange == 1 and self.declaration() and self.cp_left() == 0:
            notes.append("Leaves no dice for exchange 2: you cannot defend at e2.")
        return notes

    def summary(self) -> str:
        items = self.declaration()
        if not items:
            return "Declaring nothing"
        parts = []
        for a in items:
            who = self.name(a.opponent) if a.opponent else "anyone"
            label = a.maneuver.replace("_", " ").title()
            zone = f" @{a.zone}" if a.zone else ""
            extra = ""
            if a.terrain_dice or a.reflex_buy:
                extra = f" +{a.terrain_dice} terrain" + (f" +{a.reflex_buy} Reflex" if a.reflex_buy else "")
            parts.append(f"{label} {who} {a.dice}d{zone}{extra}")
        return "Declaring: " + " · ".join(parts)


# ----- drawing ---------------------------------------------------------------------------------------------
ROW_GAP = 8.0
LAYOUTS_PER_BUILD = 5  # texts a build lays out while the menu opens (about 0.8 ms each; over a few frames)
LIST_ROW = 27.0
LIST_TOP = 40.0  # the list's title and margins above its first row
LIST_MIN_ROWS = 3  # choices the option list has room for however few rows the menu has
ODDS_H = 92.0  # px at scale 1: the odds box between the option list and the description
DESCRIPTION_H = 100.0  # px at scale 1: the description box under the odds
DESCRIPTION_CHARS = 220  # the most the description box holds (six lines at the smallest scale)
WARNING = (255, 176, 96, 255)  # the menu's warning (a short pool, no dice left for e2)
WARNING_LINE = 17.0  # px at scale 1 a line of the warning takes
SUMMARY_H = 40.0  # px at scale 1 the menu keeps under its rows for the summary (two lines of it)
WARNING_CHAR_W = 8.2  # px at scale 1: a bold 11 pt character, on average (to reserve the warning's lines)


class ManeuverMenu(Panel):
    """Draws a :class:`MenuModel`. Hit actions (for :meth:`GameView`): ``("menu", verb, arg)``."""

    def __init__(self) -> None:
        super().__init__()
        self.model: MenuModel | None = None
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self.top_limit = 0.0
        self.tracks: dict[int, tuple[float, float, int, int]] = {}  # part -> (x0, x1, min, max)
        self.visible = False
        self._opened_as: Hashable = None  # the content the menu opened on (its builds spread while it stands)

    def open(self, model: MenuModel) -> None:
        self.model = model
        self.visible = True
        self._opened_as = None
        self.hold_until_whole()  # its texts laid out over a frame or two (the frame after a tick), shown whole

    def close(self) -> None:
        self.model = None
        self.visible = False
        self.invalidate()

    def content_key(self) -> Hashable:
        m = self.model
        if m is None:
            return None
        return (id(m), m.focus, m.row_index, m.part, m.button, m.declaration(), m.message, self.top_limit)

    def dice_at(self, part: int, x: float) -> int | None:
        track = self.tracks.get(part)
        if track is None:
            return None
        x0, x1, lo, hi = track
        if x1 <= x0:
            return lo
        t = max(0.0, min(1.0, (x - x0) / (x1 - x0)))
        return lo + round(t * (hi - lo))

    def build(self) -> None:
        m = self.model
        if m is None:
            return
        key = self.content_key()
        if self._opened_as is None:
            self._opened_as = key
        # the opening's builds make and lay out a few texts a frame; a key press's rebuild is whole
        self.texts.budget = None if self.shown_whole or key != self._opened_as else LAYOUTS_PER_BUILD
        k = self.scale
        self.tracks = {}
        rows = m.rows()
        pitch = touch(k)
        row_h = pitch - ROW_GAP * k
        col_w = COLUMN_W * k
        list_w = LIST_W * k
        width = MENU_W * k
        header = 44 * k
        summary_h = SUMMARY_H * k
        lines = len(rows) - (1 if Row("reflex") in rows else 0)  # terrain and reflex share a line
        height = header + lines * pitch + summary_h + 16 * k
        # the right column's list shows at least LIST_MIN_ROWS choices: a declaration of Do Nothing has two
        # rows on the left, and its list of action types had no room for one (shown empty)
        height = max(height, header + 20 * k + (DESCRIPTION_H + ODDS_H + LIST_TOP + LIST_MIN_ROWS * LIST_ROW) * k)
        left = self.x_for(width, 12 * k)
        top = (self.top_limit or self.height) - 10 * k
        x = left + 12 * k
        # the declaration summary (the planner's line while the default stands): laid out first, for its height
        why = "" if m.message else m.why()
        summary = elide(m.message or (f"Suggested: {why}" if why else m.summary()), 150)
        summary_text = self.texts.put("summary", summary, x, 0, size=11 * k,
                                      colour=(255, 160, 120, 255) if m.message else TEXT, anchor_y="bottom",
                                      width=int(col_w), multiline=True)
        summary_top = 14 * k + (summary_text.content_height if summary and summary_text.visible else 0)
        warning, over_summary = self._warning(m, top - 12 * k - height)
        if over_summary:  # above the summary's lines, however many it wraps to
            height += _warning_lines(warning) * WARNING_LINE * k + max(0.0, summary_top + 4 * k - SUMMARY_H * k)
        bottom = max(12 * k, top - height)
        self.rect = (left, bottom, width, top - bottom)
        self.box(self.rect, PANEL, 12, edge=PANEL_EDGE, shadow=True)
        self.box((left, top - header, width, header), PANEL_HEADER, 12)
        cp_now = m.cp_left()
        self.texts.put("title", "Declare", left + 14 * k, top - header / 2, size=16 * k, bold=True,
                       anchor_y="center")
        cp_line = f"e{m.source.exchange}s2 · CP {cp_now} of {m.base.cp} left"
        if m.reserve:
            cp_line += f" ({m.reserve} kept for the arrow)"
        self.texts.put("cp", cp_line, left + 100 * k, top - header / 2, size=12 * k, colour=ACCENT, anchor_y="center")
        hint = "Enter: declare" + (" the default" if m.is_default() else "") + " · Tab: opponent · arrows · +/−"
        if m.reserve:
            hint = "Enter: declare · [ ]: arrow CP"
        self.texts.put("hint", hint, left + width - 14 * k, top - header / 2, size=10 * k, colour=TEXT_DIM,
                       anchor_x="right", anchor_y="center")
        y = top - header - 8 * k
        opp = m.opponent
        focused = m.row
        half = (col_w - ROW_GAP * k) / 2
        for index, row in enumerate(rows):
            rect = (x, y - row_h, col_w, row_h)
            if row.kind == "terrain":
                rect = (x, y - row_h, half, row_h)
            elif row.kind == "reflex":
                y += pitch  # on the terrain dice's line, right half
                rect = (x + col_w - half, y - row_h, half, row_h)
            hit_band = (rect[0], rect[1] - ROW_GAP * k / 2, rect[2], pitch)
            is_focus = row == focused
            if row.kind == "buttons":
                self._buttons(m, rect, is_focus)
            elif opp is not None:
                self._row(m, opp, row, index, rect, hit_band, is_focus)
            y -= pitch
        # declaration summary and messages
        if warning and not over_summary:  # no room for both: the warning takes the summary's line
            summary_text.visible = False
        elif summary_text.visible and summary_text.position != (x, bottom + 14 * k):
            summary_text.position = (x, bottom + 14 * k)
        if warning:  # a short pool, or no dice left for e2 (issue 11): above the summary, or in its place
            self.texts.put("warning", warning, x, bottom + (summary_top + 4 * k if over_summary else 14 * k),
                           size=11 * k, bold=True, colour=WARNING, anchor_y="bottom", width=int(col_w),
                           multiline=True)
        # right: the focused row's options (for the mouse), the focused choice's odds, the entry's description
        desc_h, odds_h = DESCRIPTION_H * k, ODDS_H * k
        rx = x + col_w + 12 * k
        list_rect = (rx, bottom + 12 * k + desc_h + odds_h, list_w, top - header - bottom - 20 * k - desc_h - odds_h)
        self._option_list(m, opp, focused, list_rect)
        self._odds(m, opp, (rx, bottom + 12 * k + desc_h, list_w, odds_h - 6 * k))
        self._description(m, (rx, bottom + 12 * k, list_w, desc_h - 6 * k))

    def _warning(self, m: MenuModel, spare: float) -> tuple[str, bool]:
        """The menu's warning (``MenuModel.warnings``) and whether it goes over the summary line (the menu grows by
        its lines, when the window has ``spare`` px for that); else in the summary's one line, the most urgent
        note alone when all of them would not fit on it."""
        if m.message:
            return "", False
        notes = m.warnings()
        text = " ".join(notes)
        if not text:
            return "", False
        k = self.scale
        if _warning_lines(text) * WARNING_LINE * k <= spare:
            return text, True
        return (text if _warning_lines(text) == 1 else notes[-1]), False

    def _cycler(self, key: Hashable, rect: Rect, hit_band: Rect, caption: str, value: str, sub: str, focus: bool,
                prev: Hashable, nxt: Hashable, centre: Hashable) -> None:
        k = self.scale
        left, bottom, w, h = rect
        self.box(rect, ROW_FOCUS if focus else ROW, 10, edge=ACCENT if focus else PANEL_EDGE)
        bw = touch(k)
        for side, action in ((-1, prev), (1, nxt)):
            bx = left if side < 0 else left + w - bw
            self.box((bx + 4 * k, bottom + 4 * k, bw - 8 * k, h - 8 * k), BUTTON, 8)
            self.arrow_glyph(bx + bw / 2, bottom + h / 2, side, 13 * k, TEXT)
            self.hits.append(Hit((bx, hit_band[1], bw, hit_band[3]), action))
        cx = left + bw + 8 * k
        self.texts.put((key, "cap"), caption, cx, bottom + h - 8 * k, size=9 * k, colour=ACCENT if focus else TEXT_DIM,
                       bold=True, anchor_y="top")
        long = len(value) > 26
        self.texts.put((key, "val"), elide(value, 34), cx, bottom + h / 2 - 2 * k, size=(12 if long else 14) * k,
                       bold=True, anchor_y="center")
        if sub:
            self.texts.put((key, "sub"), elide(sub, 58), cx, bottom + 7 * k, size=9 * k, colour=TEXT_DIM,
                           anchor_y="bottom")
        self.hits.append(Hit((left + bw, hit_band[1], w - 2 * bw, hit_band[3]), centre))

    def _row(self, m: MenuModel, opp: str, row: Row, index: int, rect: Rect,
             hit_band: Rect, focus: bool) -> None:
        key = ("row", index)
        focus_action = ("menu", "focus", index)
        if row.kind == "opponent":
            title, sub = m.opponent_line(opp)
            count = f"Opponent {m.focus + 1}/{len(m.opponents)}"
            self._cycler(key, rect, hit_band, count, title, sub, focus, ("menu", "opp", -1), ("menu", "opp", 1),
                         focus_action)
        elif row.kind == "action":
            ao = m.action_option(opp)
            label = ao.label if ao is not None else ACTION_LABELS[DO_NOTHING]
            n = len(m.actions(opp))
            self._cycler(key, rect, hit_band, f"Action type ({n})", label, _flavour(ao), focus,
                         ("menu", "cycle", (index, -1)), ("menu", "cycle", (index, 1)), focus_action)
        elif row.kind == "maneuver":
            mo = m.maneuver_option(opp)
            ao = m.action_option(opp)
            n = len(ao.maneuvers) if ao is not None else 0
            label = plain_label(mo) if mo is not None else "-"
            sub = ""
            if mo is not None:
                sub = f"{mo.dice_min}–{mo.dice_max} dice" + (" · two parts" if mo.parts else "")
                if mo.tn:
                    sub += f" · a die succeeds on {mo.tn}+"
                if mo.conditional_cost:
                    sub += f" · ~{mo.conditional_cost} CP only if used"
            self._cycler(key, rect, hit_band, f"Maneuver ({n})", label, sub, focus, ("menu", "cycle", (index, -1)),
                         ("menu", "cycle", (index, 1)), focus_action)
        elif row.kind == "dice":
            self._slider(m, opp, row, index, rect, hit_band, focus)
        elif row.kind in ("terrain", "reflex"):
            lo, hi, value = m.extra_range(opp, row.kind)
            if row.kind == "terrain":
                caption, text = "Terrain dice", f"{value}"
                sub = f"{value} CP · TN{m.terrain_tn(opp)}"
            else:
                ordering, full = m.ordering_reflex(opp)
                caption, text = "Buy back Reflex", f"{value}"
                sub = f"{value} CP · Reflex {ordering}/{full}"
            self._stepper(key, rect, hit_band, caption, text, sub, focus, value > lo, value < hi,
                          ("menu", row.kind, -1), ("menu", row.kind, 1), focus_action)
        elif row.kind == "zone":
            zone = m.zone_of(opp, row.part)
            zones = m.zones(opp, row.part)
            aim = dict(zones).get(zone or "", 0)
            name = m.source.zone_name(zone) if zone is not None else "-"
            label = f"{zone} {name}" + (f" (+{aim} CP)" if aim else "")
            cap = "Target zone" + (f" (part {row.part + 1})" if len(m.choices[opp].parts) > 1 else "")
            self._cycler(key, rect, hit_band, cap, label, f"{len(zones)} zones", focus,
                         ("menu", "cycle", (index, -1)), ("menu", "cycle", (index, 1)), focus_action)

    def _slider(self, m: MenuModel, opp: str, row: Row, index: int, rect: Rect,
                hit_band: Rect, focus: bool) -> None:
        k = self.scale
        left, bottom, w, h = rect
        lo, hi, value = m.dice_range(opp, row.part)
        self.box(rect, ROW_FOCUS if focus else ROW, 10, edge=ACCENT if focus else PANEL_EDGE)
        bw = touch(k)
        for side, verb in ((-1, -1), (1, 1)):
            bx = left if side < 0 else left + w - bw
            self.box((bx + 4 * k, bottom + 4 * k, bw - 8 * k, h - 8 * k), BUTTON, 8)
            self.texts.put(("pm", index, side), "−" if side < 0 else "+", bx + bw / 2, bottom + h / 2, size=22 * k,
                           bold=True, anchor_x="center", anchor_y="center")
            self.hits.append(Hit((bx, hit_band[1], bw, hit_band[3]), ("menu", "dice", (row.part, verb))))
        x0 = left + bw + 14 * k
        x1 = left + w - bw - 14 * k
        ty = bottom + h * 0.36
        self.mesh.rect(x0, ty - 4 * k, x1 - x0, 8 * k, (24, 28, 36, 255))
        span = max(1, hi - lo)
        t = (value - lo) / span if hi > lo else 1.0
        self.mesh.rect(x0, ty - 4 * k, (x1 - x0) * t, 8 * k, ACCENT)
        # tick marks per die
        if hi - lo <= 24:
            for d in range(lo, hi + 1):
                tx = x0 + (x1 - x0) * ((d - lo) / span if hi > lo else 1.0)
                self.mesh.rect(tx - 1 * k, ty + 6 * k, 2 * k, 5 * k, TEXT_DIM)
        knob = x0 + (x1 - x0) * t
        self.mesh.disc(knob, ty, 11 * k, (16, 18, 24, 255))
        self.mesh.disc(knob, ty, 9 * k, ACCENT)
        self.tracks[row.part] = (x0, x1, lo, hi)
        choice = m.choices.get(opp)
        part_label = ""
        if choice is not None and choice.parts:
            p = choice.parts[row.part]
            part_label = f" · part {row.part + 1}: {p.maneuver.replace('_', ' ').title()}"
        mo = m.maneuver_option(opp)
        cost = (mo.cost if mo is not None else 0)
        self.texts.put(("dv", index), f"{value} dice{part_label}", x0, bottom + h - 10 * k, size=13 * k, bold=True,
                       anchor_y="top", colour=ACCENT if focus else TEXT)
        self.texts.put(("dr", index), f"{lo}–{hi}" + (f" · +{cost} CP" if cost else ""), x1, bottom + h - 10 * k,
                       size=9 * k, colour=TEXT_DIM, anchor_x="right", anchor_y="top")
        self.hits.append(Hit((x0 - 10 * k, hit_band[1], x1 - x0 + 20 * k, hit_band[3]), ("menu", "track", row.part)))

    def _stepper(self, key: Hashable, rect: Rect, hit_band: Rect, caption: str, value: str, sub: str, focus: bool,
                 can_down: bool, can_up: bool, down: Hashable, up: Hashable, centre: Hashable) -> None:
        """A number with − / + buttons (touch-sized) on a half-width row: ``[−] caption value sub [+]``."""
        k = self.scale
        left, bottom, w, h = rect
        self.box(rect, ROW_FOCUS if focus else ROW, 10, edge=ACCENT if focus else PANEL_EDGE)
        bw = touch(k)
        for side, action, enabled in ((-1, down, can_down), (1, up, can_up)):
            bx = left if side < 0 else left + w - bw
            self.box((bx + 4 * k, bottom + 4 * k, bw - 8 * k, h - 8 * k), BUTTON, 8)
            self.texts.put((key, "pm", side), "−" if side < 0 else "+", bx + bw / 2, bottom + h / 2, size=22 * k,
                           bold=True, anchor_x="center", anchor_y="center", colour=TEXT if enabled else TEXT_DIM)
            self.hits.append(Hit((bx, hit_band[1], bw, hit_band[3]), action))
        cx = left + w / 2
        self.texts.put((key, "cap"), caption, cx, bottom + h - 7 * k, size=9 * k, colour=ACCENT if focus else TEXT_DIM,
                       bold=True, anchor_x="center", anchor_y="top")
        self.texts.put((key, "val"), value, cx, bottom + h / 2 - 1 * k, size=15 * k, bold=True, anchor_x="center",
                       anchor_y="center", colour=ACCENT if focus else TEXT)
        self.texts.put((key, "sub"), sub, cx, bottom + 6 * k, size=8 * k, colour=TEXT_DIM, anchor_x="center",
                       anchor_y="bottom")
        self.hits.append(Hit((left + bw, hit_band[1], w - 2 * bw, hit_band[3]), centre))

    def _buttons(self, m: MenuModel, rect: Rect, focus: bool) -> None:
        k = self.scale
        left, bottom, w, h = rect
        gap = 8 * k
        widths = (0.3, 0.25, 0.45)
        x = left
        labels = (("Do Nothing", "declare nothing", ("menu", "nothing", None)),
                  ("Default", "reset", ("menu", "default", None)),
                  ("Confirm", "Enter", ("menu", "confirm", None)))
        for i, (label, sub, action) in enumerate(labels):
            bw = (w - 2 * gap) * widths[i]
            hot = focus and m.button == i
            self.button(("btn", i), (x, bottom, bw, h), label, action, primary=i == 2, hot=hot, sub=sub,
                        hit_rect=(x, bottom - ROW_GAP * k / 2, bw, max(touch(k), h + ROW_GAP * k)))
            x += bw + gap

    def _option_list(self, m: MenuModel, opp: str | None, row: Row, rect: Rect) -> None:
        k = self.scale
        left, bottom, w, h = rect
        self.box(rect, (28, 32, 42, 255), 8)
        items: list[tuple[str, str, Hashable]] = []  # label, sub, action
        title = ""
        current = ""
        if opp is not None:
            if row.kind == "opponent":
                title = "Opponents"
                for o in m.opponents:
                    label, _ = m.opponent_line(o)
                    items.append((label, o, ("menu", "pick_opp", o)))
                current = opp
            elif row.kind == "action":
                title = f"Action types vs {m.name(opp)}"
                for a in m.actions(opp):
                    items.append((a.label, a.action, ("menu", "pick_action", a.action)))
                current = m.action_of(opp)
            elif row.kind in ("terrain", "reflex"):
                self._force_help(m, opp, rect)
                return
            elif row.kind in ("maneuver", "dice", "buttons"):
                ao = m.action_option(opp)
                title = f"{ao.label if ao else 'Do Nothing'}: maneuvers"
                if ao is not None:
                    for mo in ao.maneuvers:
                        items.append((plain_label(mo), mo.maneuver, ("menu", "pick_maneuver", mo.maneuver)))
                choice = m.choices.get(opp)
                current = choice.maneuver if choice is not None else ""
            elif row.kind == "zone":
                title = "Target zones"
                for z, aim in m.zones(opp, row.part):
                    name = m.source.zone_name(z)
                    items.append((f"{z} {name}" + (f" (+{aim})" if aim else ""), z,
                                  ("menu", "pick_zone", (row.part, z))))
                current = m.zone_of(opp, row.part) or ""
        self.texts.put("ltitle", elide(title, 34), left + 10 * k, bottom + h - 10 * k, size=10 * k,
                       bold=True, colour=ACCENT, anchor_y="top")
        y = bottom + h - 34 * k
        for i, (label, ident, action) in enumerate(items):
            if y - LIST_ROW * k < bottom + 4 * k:
                if i > 0:  # nothing listed at all: the row on the left already shows the value
                    self.texts.put("lmore", f"… {len(items) - i} more (use ← →)", left + 10 * k, y - 4 * k,
                                   size=9 * k, colour=TEXT_DIM, anchor_y="top")
                break
            on = ident == current
            rr = (left + 4 * k, y - LIST_ROW * k, w - 8 * k, LIST_ROW * k - 2 * k)
            if on:
                self.box(rr, ROW_FOCUS, 6, edge=ACCENT)
            self.texts.put(("li", i), elide(label, 36), left + 12 * k, y - LIST_ROW * k / 2, size=11 * k,
                           bold=on, colour=TEXT if on else (200, 206, 220, 255), anchor_y="center")
            self.hits.append(Hit(rr, action))
            y -= LIST_ROW * k

    def _odds(self, m: MenuModel, opp: str | None, rect: Rect) -> None:
        """The focused choice's odds: land, wound dealt, hit back, wound taken, and what they assume."""
        k = self.scale
        left, bottom, w, h = rect
        self.box(rect, (28, 32, 42, 255), 8)
        mine, back, assumed = m.odds_lines(opp) if opp is not None else ("", "", "")
        if not mine:
            mine, back = "Do Nothing: no blow, no odds", ""
        chars = int((w - 20 * k) / (7.0 * k))  # about the width of a bold 12 px character
        self.texts.put("odds", elide(mine, chars), left + 10 * k, bottom + h - 6 * k, size=12 * k, bold=True,
                       colour=ACCENT, anchor_y="top")
        self.texts.put("odds_back", elide(back, chars), left + 10 * k, bottom + h - 24 * k, size=12 * k,
                       bold=True, colour=(255, 150, 130, 255), anchor_y="top")
        if assumed:
            self.texts.put("assumed", elide(assumed, int(chars * 2.6)), left + 10 * k, bottom + h - 42 * k,
                           size=9 * k, colour=TEXT_DIM, anchor_y="top", width=int(w - 20 * k), multiline=True)

    def _description(self, m: MenuModel, rect: Rect) -> None:
        """The highlighted entry's plain description (maneuver, action type and buy, or option)."""
        k = self.scale
        left, bottom, w, h = rect
        self.box(rect, (28, 32, 42, 255), 8)
        text = m.description()
        self.texts.put("desc", elide(text, DESCRIPTION_CHARS), left + 10 * k, bottom + h - 8 * k, size=10 * k,
                       colour=(214, 220, 232, 255), anchor_y="top", width=int(w - 20 * k), multiline=True)

    def _evasion_help(self, m: MenuModel, opp: str, terrain: int, rect: Rect) -> None:
        """What a cornered Full Evasion's terrain dice do, beside that row."""
        k = self.scale
        left, bottom, w, h = rect
        self.texts.put("ltitle", "No room to evade", left + 10 * k, bottom + h - 10 * k, size=10 * k, bold=True,
                       colour=ACCENT, anchor_y="top")
        self.texts.put("lhelp", _evasion_help_text(terrain, m.terrain_tn(opp)), left + 10 * k, bottom + h - 34 * k,
                       size=10 * k, colour=(200, 206, 220, 255), anchor_y="top", width=int(w - 20 * k), multiline=True)

    def _force_help(self, m: MenuModel, opp: str, rect: Rect) -> None:
        """What a force-enter's terrain dice and Reflex buy-back do (SPEC §4.7), beside those rows."""
        k = self.scale
        left, bottom, w, h = rect
        choice = m.choices.get(opp)
        terrain = choice.terrain_dice if choice is not None else 0
        if m.evasion_terrain(opp):
            self._evasion_help(m, opp, terrain, rect)
            return
        ordering, full = m.ordering_reflex(opp)
        tn = m.source.terrain_tn
        text = (f"Terrain roll: {terrain} dice at TN{tn}, 1 CP each. No success and the attack fails.\n\n"
                f"Your Reflex is halved to order the strikes: {ordering} of {full} now. 1 CP buys back 1, "
                f"up to {full}.\n\nBoth come out of this attack's CP: fewer dice to attack with. Change them with"
                f" the − / + buttons, or the arrow keys and +/− on these rows.")
        self.texts.put("ltitle", "Force-enter", left + 10 * k, bottom + h - 10 * k, size=10 * k, bold=True,
                       colour=ACCENT, anchor_y="top")
        self.texts.put("lhelp", text, left + 10 * k, bottom + h - 34 * k, size=10 * k, colour=(200, 206, 220, 255),
                       anchor_y="top", width=int(w - 20 * k), multiline=True)


def _evasion_help_text(terrain: int, tn: int) -> str:
    """What a cornered Full Evasion's terrain dice do, beside that row."""
    return (f"No room to evade: no free square clear of your foes. Terrain roll: {terrain} dice at TN{tn}, "
            f"1 CP each, at least 1. No success and you go down (prone, CP halved); the evasion still stands."
            f"\n\nThey come out of the evasion's CP. Change them with the − / + buttons, or +/− on this row.")


def _warning_lines(text: str) -> int:
    """The lines ``text`` takes as the menu's warning (a bold 11 pt line across the rows' column), estimated."""
    per_line = max(1, int(COLUMN_W / WARNING_CHAR_W))
    return -(-len(text) // per_line)


def _aim(mo: ManeuverOption, zone: str | None) -> int:
    """The aim cost of ``zone`` (or the default zone) for a maneuver without parts: CP like its dice."""
    if not mo.zones:
        return 0
    return dict(mo.zones).get(zone or mo.default_zone or "", 0)


def _kept(mo: ManeuverOption) -> int:
    """The die a cornered Full Evasion's ``dice_max`` already keeps aside for its terrain roll (else 0)."""
    return 1 if mo.terrain_tn else 0


def _extras(mo: ManeuverOption, choice: Action) -> int:
    """CP a choice spends beside its dice out of the maneuver's ``dice_max``: aim, terrain dice, Reflex bought
    (less the terrain die a cornered Full Evasion's ``dice_max`` keeps aside already)."""
    return _aim(mo, choice.zone) + choice.terrain_dice + choice.reflex_buy - _kept(mo)


def _fit(mo: ManeuverOption, choice: Action) -> Action:
    """Trim a choice into its maneuver's CP: the attack's dice first (down to its fewest), then the Reflex
    bought back, then the terrain dice."""
    dice = max(mo.dice_min, min(mo.dice_max - _extras(mo, choice), choice.dice))
    over = dice + _extras(mo, choice) - mo.dice_max
    reflex, terrain = choice.reflex_buy, choice.terrain_dice
    if over > 0:
        cut = min(reflex, over)
        reflex, over = reflex - cut, over - cut
        terrain = max(_kept(mo), terrain - over)
    return replace(choice, dice=dice, terrain_dice=terrain, reflex_buy=reflex)


def plain_label(mo: ManeuverOption) -> str:
    """A maneuver as the menu names it: ``Swing · TN 6``, ``Block · TN 7 · 1 CP``, ``Void · no roll`` (the
    rules' ``label`` says ``Swing (0): tn6``)."""
    hand = " (off hand)" if mo.hand == "off" else ""
    bits = [f"{mo.name}{hand}", f"TN {mo.tn}" if mo.tn else "no roll"]
    if mo.cost:
        bits.append(f"{mo.cost} CP")
    if mo.conditional_cost:
        bits.append(f"~{mo.conditional_cost} CP if used")
    return " · ".join(bits)


def _flavour(ao: ActionOption | None) -> str:
    if ao is None:
        return "no maneuver against him"
    return {  # plain words (the description box below the options says more)
        "steal": "he attacks you: pay to try to strike first",
        "buy_attacker": "pay to contest who strikes first",
        "force_enter": "push into his fight: costs CP and a terrain roll",
        "free": "he is not on you: you strike first",
        "none": "your blow lands after his",
        "quick": "he is busy elsewhere: a hurried, late blow",
    }.get(ao.flavour, f"{len(ao.maneuvers)} maneuvers")
