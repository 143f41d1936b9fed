"""Decisions as data: what a fighter owes, with its legal options, their costs and the default.

A combat system (`rules.systems`) says which decisions are due in a bout and takes their answers;
the world adds its own (a bump frame, first aid, CP against a shot) in the same form. AIs
(`rules.deciders`), the player's view, scenario files and the terminal all answer these objects.

- `kind`: what is asked (`ORIENTATION`, `STANCE`, `TERRAIN`, `MOBILITY_CHOICE`, `MOBILITY_DICE`, `TARGET`,
  `DECLARATION`, `BUMP`, `FIRST_AID`, `SHOT_DEFENCE`;
  Sophia's Children's `BID`, `DESIGNATE`, `INTERRUPT`, `COUNTER`, `MEMBER`, `ACTION`, `DEFENCE`,
  `ROLLER`; Combat basics' `CB_TURN`, `CB_DEFENCE`, `CB_DIRECTION`).
- `who`: the fighter who decides.
- `options`: the legal answers (value, label, CP cost, a note); empty when the answer is composed
  from a menu (`DECLARATION`: `rules.menu.Menu` via `Bout` and `rules.menu.available_actions`) or is
  a number (`low`..`high`, e.g. CP against a shot).
- `default`: the preselected answer (`Enter` takes it).

Decisions are values: nothing changes one after it is made (`dataclasses.replace` makes a changed
copy). They are plain (not frozen) dataclasses with their own `__init__`: the compiled build
(rules.accel) runs a class's own `__init__` natively, while the one `dataclasses` generates (and a
frozen one's `object.__setattr__`) stays interpreted, and decisions are made many times per exchange.
"""

from __future__ import annotations

from dataclasses import dataclass

ORIENTATION = "orientation"
TARGET = "target"
DECLARATION = "declaration"
BUMP = "bump"
FIRST_AID = "first_aid"
SHOT_DEFENCE = "shot_defence"
STANCE = "martial_stance"  # tros_sos e1s0 (house rule stance_bonus): offensive / neutral / defensive (rules.stance)
TERRAIN = "terrain"  # tros_sos e1s0 on difficult ground: CP dice for the terrain roll, `low`..`high`
MOBILITY_CHOICE = "mobility_choice"  # tros_sos s0, mobility_version v2b: the modifier (rules.mobility)
MOBILITY_DICE = "mobility_dice"  # ... then its CP dice, `low`..`high`
# dew_sequence (rules.dew): the option at initiative, a parry, the noncombat option, movement, a reaction
DEW_OPTION = "dew_option"
DEW_PARRY = "dew_parry"
DEW_NONCOMBAT = "dew_noncombat"
DEW_MOVE = "dew_move"
DEW_REACT = "dew_react"
# gold_and_glory (rules.gold_glory): the round's ap and speed, a turn's act, an interrupt, a defence, a reaction
GG_DECLARE = "gg_declare"
GG_ACT = "gg_act"
GG_INTERRUPT = "gg_interrupt"
GG_DEFEND = "gg_defend"
GG_REACT = "gg_react"
WORLD_KINDS = frozenset({BUMP, FIRST_AID, SHOT_DEFENCE})  # the world's own decisions, not a combat system's
# Sophia's Children (rules.sophias_children): a number of Initiative Pool points (BID, INTERRUPT,
# COUNTER: `low`..`high`, 0 declines where the note says so), a unit to act next (DESIGNATE), which
# Squad member acts next (MEMBER), an action (ACTION) and a defence against it (DEFENCE), and who rolls
# initiative for a party of level-0 characters (ROLLER)
BID = "bid"
DESIGNATE = "designate"
INTERRUPT = "interrupt"
COUNTER = "counter_bid"
MEMBER = "member"
ACTION = "action"
DEFENCE = "defence"
ROLLER = "roller"
# Combat basics (rules.combat_basics): the actor's turn (move, attack, charge, shoot, ready, delay,
# wait), a defence against an attack roll, and the direction a stumble came from (its causer's choice)
CB_TURN = "cb_turn"
CB_DEFENCE = "cb_defence"
CB_DIRECTION = "cb_direction"

# What a player reads as the title of a decision's prompt (a kind left out reads as its name)
KIND_TITLES: dict[str, str] = {
    STANCE: "Your martial stance", TERRAIN: "Terrain roll: dice for your footing",
    MOBILITY_CHOICE: "Mobility maneuver with your footwork", MOBILITY_DICE: "Dice for your mobility maneuver",
    DEW_OPTION: "Your option this segment", DEW_PARRY: "Parry the blow?", DEW_NONCOMBAT: "Between the blows",
    DEW_MOVE: "Your movement", DEW_REACT: "React to the mover",
    GG_DECLARE: "Action points and speed for the round", GG_ACT: "Your action", GG_INTERRUPT: "Interrupt?",
    GG_DEFEND: "Defend against the attack", GG_REACT: "React to the attack",
    BID: "Bid for the First Action", DESIGNATE: "Who acts next", INTERRUPT: "Interrupt?",
    COUNTER: "Match the Interrupt?", MEMBER: "Which of the Squad acts", ACTION: "Your action",
    DEFENCE: "Your defence", ROLLER: "Who rolls initiative",
    CB_TURN: "Your turn", CB_DEFENCE: "Your defence", CB_DIRECTION: "Which way he stumbles",
}


def kind_title(kind: str) -> str:
    """A prompt's title for a decision of this kind (`KIND_TITLES`, else the kind's words)."""
    return KIND_TITLES.get(kind) or kind.replace("_", " ").capitalize()


@dataclass(slots=True, unsafe_hash=True, init=False)
class Option:
    """One legal answer."""

    value: str
    label: str
    cost: int = 0  # CP it costs now (0: none or not known before the menu)
    note: str = ""

    def __init__(self, value: str, label: str, cost: int = 0, note: str = "") -> None:
        self.value = value
        self.label = label
        self.cost = cost
        self.note = note


@dataclass(slots=True, unsafe_hash=True, init=False)
class Decision:
    """One decision owed (see the module docstring)."""

    kind: str
    who: str
    options: tuple[Option, ...] = ()
    default: str | None = None
    low: int = 0
    high: int = 0
    note: str = ""

    def __init__(self, kind: str, who: str, options: tuple[Option, ...] = (), default: str | None = None,
                 low: int = 0, high: int = 0, note: str = "") -> None:
        self.kind = kind
        self.who = who
        self.options = options
        self.default = default
        self.low = low
        self.high = high
        self.note = note

    def values(self) -> tuple[str, ...]:
        return tuple(o.value for o in self.options)

    def allows(self, value: str | None) -> bool:
        """Is `value` one of the options (any value when the decision lists none)?"""
        return not self.options or value in self.values()


