"""The leader's declaration at ``s2`` as the view edits it: the maneuver menu's data source (issue 9 item 5).

:class:`DeclarationSource` answers every question the maneuver menu asks (the menu for a list of choices
already made, the CP budget, the force-enter terrain dice and Reflex buy-back, zone names and aim costs, the
attacks declared on the leader as he sees them, the odds of a candidate choice through
``rules.odds.declaration_odds`` and the plain one-line descriptions of maneuvers, action types, buy
flavours and options from the content) by asking the rules; the view never imports ``rules``. The
plain data types of a declaration (``Action``, ``PartChoice``, the menu's option dataclasses and labels) are
re-exported from here for the view.

This module and :mod:`game.sim.player_view` are the only readers of the world's bout internals on the view's
behalf: when the bout's owner changes, only they adapt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.sim.deciding import Deciding, legal_with_reserve
from game.sim.state import WorldState
from rules.ai import force_enter_terrain_dice
from rules.bout import ACTION_LABELS as ACTION_LABELS
from rules.bout import DO_NOTHING as DO_NOTHING
from rules.bout import Action as Action
from rules.bout import Bout, seen_maneuver
from rules.bout import PartChoice as PartChoice
from rules.declare import force_enter_reflex_max
from rules.menu import DEFAULT_ZONE as DEFAULT_ZONE
from rules.menu import ActionOption as ActionOption
from rules.menu import ManeuverOption as ManeuverOption
from rules.menu import Menu as Menu
from rules.menu import OpponentMenu as OpponentMenu
from rules.menu import PartOption as PartOption
from rules.menu import available_actions, option_terrain_dice
from rules.odds import Odds as DeclarationOdds
from rules.odds import chance_text, declaration_odds


@dataclass(frozen=True, slots=True)
class Suggest:
    """Where the leader's suggested declaration comes from: the world's `Deciding`, his bout and the tick."""

    deciding: Deciding
    bout_id: int
    tick: int


@dataclass(frozen=True, slots=True)
class IncomingAttack:
    """An attack already declared on the leader this exchange, as he sees it (``tn`` None when the house rule
    ``declare_roots_only`` hides the exact maneuver)."""

    owner: str
    maneuver: str
    dice: int
    tn: int | None


class DeclarationSource:
    """What the rules offer ``fid`` in his bout this exchange. Read-only: it never changes the bout."""

    def __init__(self, bout: Bout, fid: str, suggest: Suggest | None = None) -> None:
        self._bout = bout
        self.fid = fid
        self._suggest = suggest
        self.target: str | None = bout.targets.get(fid)
        self.exchange: int = bout.clock.exchange
        self.round: int = bout.clock.round
        self.rested_cp: int = bout.fighters[fid].rested_cp()  # his pool after a round's rest (a short one: why)
        self.terrain_tn: int = bout.rules.force_enter_terrain_tn
        self.terrain_dice: int = force_enter_terrain_dice(bout)  # the rules' suggestion (what the AI buys)
        self.reflex: int = bout.fighters[fid].reflex
        self.reflex_max: int = force_enter_reflex_max(bout, fid)

    def menu(self, pending: Sequence[Action] = (), *, reserve: int = 0) -> Menu:
        """``rules.menu.available_actions`` with ``pending`` (the choices before this one) and ``reserve`` CP
        kept back (for shots landing before the declaration). With nothing pending its ``default`` is the
        planner's suggestion (what Enter declares, ``game.sim.deciding``) when it fits in the CP left."""
        menu = available_actions(self._bout, self.fid, list(pending) or None, reserve=reserve)
        suggest = self._suggest
        if pending or suggest is None or suggest.deciding.legacy:
            return menu
        default = suggest.deciding.default_declaration(self._bout, suggest.bout_id, self.fid, suggest.tick)
        if reserve and not legal_with_reserve(self._bout, self.fid, default, reserve):
            return menu  # the shots' CP leaves too little for it: the rules' default, which fits
        return Menu(menu.fighter, menu.cp, menu.exchange, menu.opponents, default)

    def terrain_dice_for(self, option: ManeuverOption) -> int:
        """The terrain dice the rules suggest for ``option`` (what the AI sets aside): a Full Evasion without
        room to evade (``option.terrain_tn``) needs at least 1; 0 for any other."""
        return option_terrain_dice(option)

    def explain(self) -> str:
        """One line on why the preselected declaration is suggested ("" when there is no planner to say)."""
        suggest = self._suggest
        if suggest is None:
            return ""
        return suggest.deciding.explain_default(self._bout, suggest.bout_id, self.fid, suggest.tick)

    def zone_name(self, zone: str) -> str:
        zones = self._bout.catalog.zones
        return zones[zone].name if zone in zones else zone

    def zone_aim_cost(self, zone: str) -> int:
        zones = self._bout.catalog.zones
        return zones[zone].aim_cost if zone in zones else 0

    def odds(self, action: Action, pending: Sequence[Action] = (),
             option: ManeuverOption | None = None) -> DeclarationOdds:
        """The odds of declaring ``action`` after ``pending``: chance to land, to be hit back, expected wound
        levels (``rules.odds.declaration_odds``: exact dice maths, well under a millisecond)."""
        return declaration_odds(self._bout, self.fid, action, pending, option)

    def describe_maneuver(self, maneuver: str) -> str:
        """The maneuver's plain one-line description ("" for an unknown one)."""
        return self._bout.catalog.describe_maneuver(maneuver)

    def describe_action(self, action: str) -> str:
        """An action type's line (``attack``, ``defend``, ``buy_initiative``...)."""
        return self._bout.catalog.descriptions.actions.get(action, "")

    def describe_flavour(self, flavour: str) -> str:
        """What kind of buy an action is (``steal``, ``force_enter``, ``free``...)."""
        return self._bout.catalog.descriptions.flavours.get(flavour, "")

    def describe_option(self, option: str) -> str:
        """A choice inside a declaration (``opponent``, ``dice``, ``zone``, ``terrain_dice``...)."""
        return self._bout.catalog.descriptions.options.get(option, "")

    def attacks_on_me(self) -> tuple[IncomingAttack, ...]:
        bout = self._bout
        exact = not bout.rules.declare_roots_only
        return tuple(
            IncomingAttack(c.owner, seen_maneuver(bout, c), c.dice, c.tn if exact else None)
            for c in bout.declared_attacks_on(self.fid)
        )


def declaration_source(state: WorldState, fid: str | None = None) -> DeclarationSource | None:
    """The source for ``fid`` (the leader by default) in the bout he fights in, or None out of a bout."""
    fid = state.leader if fid is None else fid
    bout = state.bout_of(fid)
    if bout is None:
        return None
    suggest = None if state.deciding is None else Suggest(state.deciding, bout.id, state.tick)
    return DeclarationSource(bout.rules, fid, suggest)


__all__ = [
    "ACTION_LABELS", "DEFAULT_ZONE", "DO_NOTHING", "Action", "ActionOption", "DeclarationOdds", "DeclarationSource",
    "IncomingAttack",
    "ManeuverOption", "Menu", "OpponentMenu", "PartChoice", "PartOption", "chance_text", "declaration_source",
]
