"""Events of Combat basics: every change to a `CbBout` is one of these (or one of the rules package's
wound events), folded by `rules.combat_basics.fold`. Each carries the dice it rolled and their
results, so the log narrates it and a replay folds it with no dice. Types are `cb_*`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.events import Event

Sq = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Joined(Event):
    """A character enters the bout on a square (the host places late arrivals with this too)."""

    type: ClassVar[str] = "cb_joined"
    fighter: str
    name: str
    side: str
    dexterity: int
    willpower: int
    persuasion: int
    insight: int
    missile: str | None
    pos: Sq
    creature: str | None = None  # the content id his stats came from (None: not known yet)


@dataclass(frozen=True, slots=True)
class StatsSet(Event):
    """The host told who a character is (`enter`): his creature's stats and his side replace the
    ones mapped from his sheet."""

    type: ClassVar[str] = "cb_stats"
    fighter: str
    creature: str
    side: str
    dexterity: int
    willpower: int
    persuasion: int
    insight: int
    missile: str | None


@dataclass(frozen=True, slots=True)
class InitiativeRolled(Event):
    """Line 9: dexterity d10s (consistency), each face counting at most willpower (potential), summed."""

    type: ClassVar[str] = "cb_initiative"
    fighter: str
    dexterity: int
    willpower: int
    faces: tuple[int, ...]
    score: int


@dataclass(frozen=True, slots=True)
class RollOff(Event):
    """Equal initiative and equal willpower: a d10 each, highest first (our ruling), until it breaks."""

    type: ClassVar[str] = "cb_roll_off"
    fighters: tuple[str, ...]
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OrderSet(Event):
    type: ClassVar[str] = "cb_order"
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundBegan(Event):
    type: ClassVar[str] = "cb_round"
    round: int


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    type: ClassVar[str] = "cb_turn"
    round: int
    fighter: str


@dataclass(frozen=True, slots=True)
class TurnChosen(Event):
    type: ClassVar[str] = "cb_turn_choice"
    fighter: str
    action: str


@dataclass(frozen=True, slots=True)
class Delayed(Event):
    """Line 13: he delays until just before / after another; he is moved there in the order."""

    type: ClassVar[str] = "cb_delay"
    fighter: str
    where: str  # before | after
    other: str
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Readied(Event):
    type: ClassVar[str] = "cb_ready"
    fighter: str
    trigger: str  # enter | attacked | intent
    square: Sq


@dataclass(frozen=True, slots=True)
class ReadyLost(Event):
    type: ClassVar[str] = "cb_ready_lost"
    fighter: str
    reason: str


@dataclass(frozen=True, slots=True)
class ReadyTriggered(Event):
    """Line 17: the readied action takes place; he moves to the turn before the triggering character."""

    type: ClassVar[str] = "cb_ready_triggered"
    fighter: str
    trigger: str
    by: str
    order: tuple[str, ...]
    first: bool = False  # an intent trigger he saw through: his attack comes before the other's


@dataclass(frozen=True, slots=True)
class IntentChallenge(Event):
    """Line 19: the attacker's persuasion (hiding the attack) against the readier's insight."""

    type: ClassVar[str] = "cb_intent_challenge"
    attacker: str
    readier: str
    persuasion_faces: tuple[int, ...]
    persuasion: int  # successes
    insight_faces: tuple[int, ...]
    insight: int
    tn: int
    passed: bool  # the readier's insight beat the hiding roll


@dataclass(frozen=True, slots=True)
class Moved(Event):
    type: ClassVar[str] = "cb_move"
    fighter: str
    start: Sq
    end: Sq
    how: str  # move | charge | pushed


@dataclass(frozen=True, slots=True)
class Waited(Event):
    type: ClassVar[str] = "cb_wait"
    fighter: str


@dataclass(frozen=True, slots=True)
class StrikeQueued(Event):
    """An attack roll to resolve: at the front of the queue (a readied action, a re-roll) or its end."""

    type: ClassVar[str] = "cb_strike"
    attacker: str
    target: str
    mode: str  # melee | ranged
    penalty: int
    chain: tuple[str, ...] = ()
    reason: str = "turn"  # turn | readied | reroll
    front: bool = False
    distance: int = 0
    cluster: int = 0  # the cluster's size where it counted (line 33)


@dataclass(frozen=True, slots=True)
class DefenceChosen(Event):
    type: ClassVar[str] = "cb_defence"
    fighter: str
    defence: str  # parry | block | full_evasion | none


@dataclass(frozen=True, slots=True)
class AttackRolled(Event):
    """One attack roll against one defence, with the rules package's dice (the head strike is done)."""

    type: ClassVar[str] = "cb_attack"
    round: int
    attacker: str
    target: str
    mode: str
    maneuver: str
    zone: str
    dice: int
    penalty: int
    tn: int
    faces: tuple[int, ...]
    successes: int
    defence: str
    defence_dice: int
    defence_tn: int
    defence_faces: tuple[int, ...]
    defence_successes: int
    mos: int
    outcome: str  # hit | dodged | blocked | missed | skipped
    location: str | None = None
    level: int = 0


@dataclass(frozen=True, slots=True)
class DirectionAsked(Event):
    """A stumble whose direction its causer chooses (line 43)."""

    type: ClassVar[str] = "cb_push_pending"
    victim: str
    causer: str
    seconds: int
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EffectBegan(Event):
    type: ClassVar[str] = "cb_effect"
    fighter: str
    kind: str  # stumble | daze
    seconds: int
    turns: int
    source: str | None = None
    blocked: str | None = None
    odd: bool = False
    fresh: bool = False


@dataclass(frozen=True, slots=True)
class EffectTick(Event):
    """One of his turns under the effect is over (stumble: at its end; daze: the turn he lost)."""

    type: ClassVar[str] = "cb_effect_tick"
    fighter: str
    kind: str
    turns: int  # left after this one


@dataclass(frozen=True, slots=True)
class EffectEnded(Event):
    type: ClassVar[str] = "cb_effect_end"
    fighter: str
    kind: str


@dataclass(frozen=True, slots=True)
class TurnLost(Event):
    """Line 47: dazed, he takes no action this turn."""

    type: ClassVar[str] = "cb_turn_lost"
    fighter: str


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    type: ClassVar[str] = "cb_turn_end"
    fighter: str


@dataclass(frozen=True, slots=True)
class Fled(Event):
    type: ClassVar[str] = "cb_fled"
    fighter: str


@dataclass(frozen=True, slots=True)
class LeftReported(Event):
    """Reported to the host: these left the fight (out of it, or fled) since the last report."""

    type: ClassVar[str] = "cb_left"
    fighters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BoutOver(Event):
    type: ClassVar[str] = "cb_over"
    standing: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Withdrawn(Event):
    """The world took a character out of the bout (separated from its foes, fallen): he is out of the
    order; should he come back he joins again as a late arrival (`Joined`). Hosted only."""

    type: ClassVar[str] = "cb_withdrawn"
    fighter: str


@dataclass(frozen=True, slots=True)
class Walk(Event):
    """The bout's moves since the last `Walk` (turns, charges, pushes), handed to the world to walk on its
    map: (character, x, y) each, in order. Hosted only (`HostedCombatBasics.map_moves`)."""

    type: ClassVar[str] = "cb_walk"
    steps: tuple[tuple[str, int, int], ...]
