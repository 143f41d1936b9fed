"""The events of Sophia's Children's order of combat (source document 001): surprise, initiative,
the Initiative Pools, bidding for First Action, designating the Next Action, Interrupts, actions,
Up/Tapped and the end of a round.

Each is folded by `rules.sophias_children.fold` (the one writer of the system's state); the wounds,
shock, knock checks and deaths an action causes are the rules package's own events (`rules.events`),
folded by `rules.fold`. `type` names are stable (JSON output of the scenario runner).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.events import Event

Pay = tuple[tuple[str, int], ...]  # (side, points paid out of its Initiative Pool)


@dataclass(frozen=True, slots=True)
class SurpriseDecided(Event):
    """A side's surprise: adjudicated from the circumstances (`face` None) or its 1d6 (1-2 surprised)."""

    type: ClassVar[str] = "sc_surprise"
    side: str
    surprised: bool
    face: int | None = None


@dataclass(frozen=True, slots=True)
class InitiativeRolled(Event):
    """One initiative roll: 1d6 + Agility, for a combatant, a Squad, or a level-0 party (its
    `members` all take the total; `roller` is the member whose Agility is added)."""

    type: ClassVar[str] = "sc_initiative"
    unit: str
    members: tuple[str, ...]
    roller: str
    face: int
    agility: int
    total: int


@dataclass(frozen=True, slots=True)
class PoolsSet(Event):
    """Every side's Initiative Pool (the sum of its combatants' Agility): at the start of combat, or
    recalculated at a round's end when every side's pool was spent to 0."""

    type: ClassVar[str] = "sc_pools"
    pools: tuple[tuple[str, int], ...]
    recalculated: bool = False


@dataclass(frozen=True, slots=True)
class TieForFirst(Event):
    """The highest initiative is tied: these units (of these sides) bid for First Action; each side
    may bid up to `caps` (its tied units' contribution to its pool)."""

    type: ClassVar[str] = "sc_tie"
    total: int
    units: tuple[str, ...]
    caps: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """A side puts up `amount` (its total bid) for First Action, or stands on its bid (`stood`)."""

    type: ClassVar[str] = "sc_bid"
    side: str
    by: str
    amount: int
    stood: bool = False


@dataclass(frozen=True, slots=True)
class RollOff(Event):
    """Equal bids (or none): 1d6 per side; a tie is rolled again (`winner` None)."""

    type: ClassVar[str] = "sc_roll_off"
    faces: tuple[tuple[str, int], ...]
    winner: str | None


@dataclass(frozen=True, slots=True)
class FirstActionWon(Event):
    """The bidding (or roll-off) is over: `side` wins it and every side pays its bid (`paid`)."""

    type: ClassVar[str] = "sc_first_won"
    side: str
    paid: Pay


@dataclass(frozen=True, slots=True)
class ActionGiven(Event):
    """`unit` has the action now (`how`: first | stand_out | designated | interrupt)."""

    type: ClassVar[str] = "sc_action_given"
    unit: str
    how: str
    round: int


@dataclass(frozen=True, slots=True)
class MemberUp(Event):
    """The acting Squad chose which member acts next."""

    type: ClassVar[str] = "sc_member"
    unit: str
    fighter: str


@dataclass(frozen=True, slots=True)
class ActionChosen(Event):
    """A combatant's action: `kind` attack | hide | recover | wait; an attack names its maneuver,
    target and zone (the defence is chosen by the target: `DefenceChosen`)."""

    type: ClassVar[str] = "sc_action"
    fighter: str
    kind: str
    target: str | None = None
    maneuver: str | None = None
    zone: str | None = None


@dataclass(frozen=True, slots=True)
class DefenceChosen(Event):
    """The target's defence against the chosen attack: a maneuver id or "none"."""

    type: ClassVar[str] = "sc_defence"
    fighter: str
    maneuver: str


@dataclass(frozen=True, slots=True)
class ScAttack(Event):
    """One attack against one defence (docs/systems/sophias_children.md "Actions")."""

    type: ClassVar[str] = "sc_attack"
    round: int
    attacker: str
    defender: str
    maneuver: str
    zone: str
    dice: int
    tn: int
    faces: tuple[int, ...]
    successes: int
    defence: str  # a maneuver id, "none", or "backstab" (from Hidden: no defence)
    defence_dice: int
    defence_tn: int
    defence_faces: tuple[int, ...]
    defence_successes: int
    mos: int
    hit: bool
    location: str | None
    level: int
    stunned: bool  # the defender is Stunned by his defence


@dataclass(frozen=True, slots=True)
class StatusChanged(Event):
    """A combatant gains or loses a status of the document's: stunned, asleep, hidden."""

    type: ClassVar[str] = "sc_status"
    fighter: str
    status: str
    on: bool


@dataclass(frozen=True, slots=True)
class Stepped(Event):
    """A combatant's action is a step on the map: one square away from `other` (`change` 1: he steps back)
    or toward him (`change` -1: he closes in). The world walks it (`SophiasChildren.map_moves`); out of
    every foe's reach he is out of the fight."""

    type: ClassVar[str] = "sc_step"
    fighter: str
    other: str
    change: int


@dataclass(frozen=True, slots=True)
class ActionDone(Event):
    """The acting member's action is over (`fighter` None: the whole unit is done and is Tapped)."""

    type: ClassVar[str] = "sc_done"
    unit: str
    fighter: str | None


@dataclass(frozen=True, slots=True)
class Designated(Event):
    """`by` (the last to act) designates `unit` for the Next Action."""

    type: ClassVar[str] = "sc_designate"
    by: str
    unit: str


@dataclass(frozen=True, slots=True)
class InterruptBid(Event):
    """In an Interrupt, `unit` bids `amount` (its total): the interrupter's bid or raise (`counter`
    False), or the interrupted unit's match (`counter` True); `amount` 0 declines or yields."""

    type: ClassVar[str] = "sc_interrupt"
    unit: str
    against: str
    amount: int
    counter: bool = False


@dataclass(frozen=True, slots=True)
class InterruptSettled(Event):
    """The Interrupt is over: `winner` has the Next Action; every bidding side pays its bid."""

    type: ClassVar[str] = "sc_interrupt_settled"
    interrupter: str
    interrupted: str
    winner: str
    paid: Pay


@dataclass(frozen=True, slots=True)
class ScRoundEnded(Event):
    """Every combatant is Tapped: all reset to Up; the pools are recalculated only if all were 0."""

    type: ClassVar[str] = "sc_round_end"
    round: int
    last: str


@dataclass(frozen=True, slots=True)
class BoutOver(Event):
    """No two hostile sides have a combatant left who can fight."""

    type: ClassVar[str] = "sc_over"
    round: int


@dataclass(frozen=True, slots=True)
class CombatantJoined(Event):
    """A combatant's place in this system: his unit (himself, or his Squad), side, kind, level,
    Agility and initiative roll (`group`: his own id, his Squad's, or his level-0 party's)."""

    type: ClassVar[str] = "sc_combatant"
    fighter: str
    unit: str
    side: str
    kind: str
    level: int
    agility: int
    group: str
    squad: bool = False


@dataclass(frozen=True, slots=True)
class ActionsReported(Event):
    """`advance` reported the actions resolved so far (`StepResult.resolved`)."""

    type: ClassVar[str] = "sc_reported"
    count: int


@dataclass(frozen=True, slots=True)
class RollerChosen(Event):
    """A party of level-0 characters chose who rolls initiative for the group."""

    type: ClassVar[str] = "sc_roller"
    group: str
    fighter: str
