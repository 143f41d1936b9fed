"""Events of Gold & Glory: every change to a `GGBout` is one of these, folded by `rules.gold_glory.fold`.

Each carries its dice and results, so the log can narrate it and a replay folds it with no dice. They
subclass `rules.events.Event` (stable `type`, `to_dict()` for JSON). Mods travel as (source, value) pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.events import Event

Mods = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class RoundBegan(Event):
    type: ClassVar[str] = "gg_round"
    round: int
    initiative: tuple[tuple[str, int, int], ...]  # (fighter, dex + 1D4, the 1D4)


@dataclass(frozen=True, slots=True)
class Declared(Event):
    type: ClassVar[str] = "gg_declare"
    fighter: str
    ap: int
    speed: str
    mp: int


@dataclass(frozen=True, slots=True)
class InitiativeChanged(Event):
    type: ClassVar[str] = "gg_initiative"
    fighter: str
    initiative: int
    reason: str


@dataclass(frozen=True, slots=True)
class FramePushed(Event):
    type: ClassVar[str] = "gg_activate"
    fighter: str
    kind: str  # turn | interrupt | react | strike
    against: str | None = None


@dataclass(frozen=True, slots=True)
class FramePopped(Event):
    type: ClassVar[str] = "gg_deactivate"
    fighter: str
    oldest: bool = False  # his oldest frame (a lost reaction), not his newest


@dataclass(frozen=True, slots=True)
class Chosen(Event):
    """A fighter's answer to his act, interrupt or react decision, before it is carried out."""

    type: ClassVar[str] = "gg_choice"
    fighter: str
    kind: str
    choice: str


@dataclass(frozen=True, slots=True)
class Announced(Event):
    """An action waits while those of higher initiative may interrupt it."""

    type: ClassVar[str] = "gg_announce"
    fighter: str
    action: str
    asked: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class InterruptAnswered(Event):
    type: ClassVar[str] = "gg_interrupt_answer"
    fighter: str
    interrupts: bool


@dataclass(frozen=True, slots=True)
class Cancelled(Event):
    type: ClassVar[str] = "gg_cancel"
    fighter: str
    action: str
    reason: str


@dataclass(frozen=True, slots=True)
class Moved(Event):
    type: ClassVar[str] = "gg_move"
    fighter: str
    to: tuple[int, int]
    facing: str
    mp: int  # spent (all he had left when he fell)
    fell: bool = False
    why: str = "move"  # move | yield


@dataclass(frozen=True, slots=True)
class Turned(Event):
    type: ClassVar[str] = "gg_turn"
    fighter: str
    facing: str
    ap: int = 0
    mp: int = 0


@dataclass(frozen=True, slots=True)
class ApSpent(Event):
    type: ClassVar[str] = "gg_ap"
    fighter: str
    ap: int
    what: str


@dataclass(frozen=True, slots=True)
class Waited(Event):
    type: ClassVar[str] = "gg_wait"
    fighter: str
    on: str | None = None  # streamlined "wait on other"


@dataclass(frozen=True, slots=True)
class Done(Event):
    type: ClassVar[str] = "gg_done"
    fighter: str


@dataclass(frozen=True, slots=True)
class Roll(Event):
    """One roll of the Almighty 1D10: skill + mods - 1D10 (or a resistance roll: attack - defence + 5 -
    1D10); `margin` >= 0 succeeds. `extra` is the fumble or perfect check's second die."""

    type: ClassVar[str] = "gg_roll"
    fighter: str
    what: str  # attack, parry, avoid, perception, rise, con, resist
    against: str | None
    value: int  # skill (or attack - defence + 5 for a resistance roll)
    mods: Mods
    die: int
    margin: int
    success: bool
    extra: int | None = None
    quality: str = ""  # fumble, critical_fumble, perfect, exceptional


@dataclass(frozen=True, slots=True)
class DefenceDue(Event):
    type: ClassVar[str] = "gg_defence_due"
    attacker: str
    target: str
    margin: int
    angle: int
    aware: bool


@dataclass(frozen=True, slots=True)
class DefenceChosen(Event):
    type: ClassVar[str] = "gg_defence"
    fighter: str
    defence: str  # none, parry, avoid, parry_yield, avoid_yield


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    type: ClassVar[str] = "gg_damage"
    attacker: str
    target: str
    die: int
    raw: int  # 1D6 + weapon dam + success/3
    blocked: int  # stopped by the parry
    absorbed: int  # stopped by abs
    damage: int
    hp_after: int


@dataclass(frozen=True, slots=True)
class Fell(Event):
    type: ClassVar[str] = "gg_fall"
    fighter: str
    until: int  # the persistent mod-3 lasts through this round


@dataclass(frozen=True, slots=True)
class OffBalance(Event):
    """He moved `mp` beyond his mp without falling ("Forced movement, falling, off balance", line 970): a mod
    for the rest of this round and the next (`until`)."""

    type: ClassVar[str] = "gg_off_balance"
    fighter: str
    mp: int
    mod: int
    until: int


@dataclass(frozen=True, slots=True)
class Rose(Event):
    type: ClassVar[str] = "gg_rise"
    fighter: str


@dataclass(frozen=True, slots=True)
class OutOfFight(Event):
    type: ClassVar[str] = "gg_out"
    fighter: str
    state: str  # unconscious | dead | fled | awake
    away: int = 0  # fled: rounds before he may come back


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    type: ClassVar[str] = "gg_round_end"
    round: int


@dataclass(frozen=True, slots=True)
class BoutOver(Event):
    type: ClassVar[str] = "gg_bout_over"
    standing: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LeftBout(Event):
    """Reported to the host: these fell out of the fight (fled, unconscious, dead) since the last report."""

    type: ClassVar[str] = "gg_left"
    fighters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Settled(Event):
    """The step's answers are carried out (they are cleared)."""

    type: ClassVar[str] = "gg_settled"


@dataclass(frozen=True, slots=True)
class Joined(Event):
    """Hosted in the world (`rules.gold_glory.hosted`): a fighter enters the bout on his square, with his
    creature's stat line, facing; `back`: he left it on his feet and comes back as he was; `kept`: he left
    another bout on his feet and enters with the hp, wounds and fall he kept (`rules.gold_glory.carry`)."""

    type: ClassVar[str] = "gg_joined"
    fighter: str
    name: str
    side: str
    creature: str
    pos: tuple[int, int]
    facing: str
    back: bool = False
    kept: tuple[tuple[str, int], ...] = ()
    hands: tuple[str, ...] = ()  # the weapons the world has in his hands (a run's gear), if it keeps any


@dataclass(frozen=True, slots=True)
class Withdrawn(Event):
    """Hosted in the world: a fighter is no longer a member of the world's bout; he is set aside as he is."""

    type: ClassVar[str] = "gg_withdrawn"
    fighter: str


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """Hosted in the world: the map has him on another square than the bout (a step the map refused, a
    push); the map is the truth."""

    type: ClassVar[str] = "gg_placed"
    fighter: str
    to: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Blocked(Event):
    """Hosted in the world: the map refused a step onto `square` (a wall, or someone outside the bout): the
    bout takes it as impassable from now on (its paths go round it)."""

    type: ClassVar[str] = "gg_blocked"
    square: tuple[int, int]


@dataclass(frozen=True, slots=True)
class ItemMoved(Event):
    """An item changes place ("Basic actions", lines 475-485): from and to his `hand` or `belt`, the
    `ground` (at `square`), another's hand (`other`: a handover received), or `gone` (a flask drunk)."""

    type: ClassVar[str] = "gg_item"
    fighter: str
    item: str
    src: str  # hand | belt | ground
    dst: str  # hand | belt | ground | gone
    square: tuple[int, int] | None = None  # the ground's square
    other: str | None = None  # dst hand: his hand, not the fighter's
    why: str = ""  # the action (drop, putdown, ...)


@dataclass(frozen=True, slots=True)
class Offered(Event):
    """"Give": he holds `item` out to `to`, who may receive it with an action of his own (line 475)."""

    type: ClassVar[str] = "gg_offer"
    fighter: str
    to: str
    item: str


@dataclass(frozen=True, slots=True)
class Healed(Event):
    type: ClassVar[str] = "gg_heal"
    fighter: str
    item: str
    hp: int
    hp_after: int


@dataclass(frozen=True, slots=True)
class PostureChanged(Event):
    """"crouch, sit, lie, stand" (line 488)."""

    type: ClassVar[str] = "gg_posture"
    fighter: str
    posture: str


@dataclass(frozen=True, slots=True)
class Jumped(Event):
    """"jump" (line 491): over `over` chasm squares toward `direction`, `approach` squares run straight
    before it; the roll follows, then where he lands (`gg_move` why jump), hangs or falls in."""

    type: ClassVar[str] = "gg_jump"
    fighter: str
    direction: str
    over: int
    approach: int


@dataclass(frozen=True, slots=True)
class Climbed(Event):
    """"climb" (line 503): on the obstacle at `at`, now `level` squares up; `result` up | stuck | slip |
    fall | top (then a `gg_move` why climb puts him on it) | ledge (up from hanging)."""

    type: ClassVar[str] = "gg_climb"
    fighter: str
    at: tuple[int, int]
    level: int
    result: str
    mp: int = 1  # "Each climb action also costs one movement point (1mp) even if no movement is made"
