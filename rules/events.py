"""Typed events the rules emit: every step of an exchange, with enough data for a full log line.

Each event has a stable `type` name and `to_dict()` for JSON. The names and fields used by the
scenario runner's `--json` output (`attack`, `initiative`) are a published contract: add fields
freely, never rename or remove one.

Events and their parts are values: nothing changes one once made (`dataclasses.replace` makes a
changed copy), and they compare and hash by their fields. They are plain slotted dataclasses, not
frozen ones, because every exchange builds a dozen or more of them, and a frozen dataclass stores each
field through a call (`object.__setattr__`, or `rules.fastinit`'s descriptor call), several times
slower than the plain attribute store, in pure Python and when the compiled rules build them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar


def _plain(value: Any) -> Any:
    if isinstance(value, Event | Part):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


class Part:
    """A nested record inside an event (a defence roll, a wound)."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}  # type: ignore[arg-type]


class Event:
    __slots__ = ()
    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):  # type: ignore[arg-type]
            out[f.name] = _plain(getattr(self, f.name))
        return out


@dataclass(slots=True, unsafe_hash=True)
class DefenceRoll(Part):
    defender: str
    maneuver: str
    dice: int
    tn: int
    faces: tuple[int, ...]
    successes: int
    botch: bool


@dataclass(slots=True, unsafe_hash=True)
class WoundRecord(Part):
    zone: str
    location: str
    damage_type: str
    level: int
    raw: int  # the level before the cap of 5 (<= 0 glanced off)
    bl: int
    shock: int
    pain: int
    knockdown: int | str | None
    knockout: int | str | None
    destroyed: bool
    death: bool


@dataclass(slots=True, unsafe_hash=True)
class OrientationChosen(Event):
    type: ClassVar[str] = "orientation"
    exchange: int
    fighter: str
    orientation: str
    reason: str = ""  # why it changed after the choice (rules.footwork: Aggressive reverting to Cautious)


@dataclass(slots=True, unsafe_hash=True)
class TargetChosen(Event):
    type: ClassVar[str] = "target"
    exchange: int
    fighter: str
    target: str | None
    forced: bool = False
    reason: str = ""


@dataclass(slots=True, unsafe_hash=True)
class ReflexContest(Event):
    """Who goes first inside a pair: Cautious vs Cautious at target time, or a strike-first contest."""

    type: ClassVar[str] = "contest"
    exchange: int
    kind: str  # cautious | strike_first
    a: str
    b: str
    a_dice: int
    a_tn: int
    a_faces: tuple[int, ...]
    a_successes: int
    b_dice: int
    b_tn: int
    b_faces: tuple[int, ...]
    b_successes: int
    winner: str | None  # None: a tie (neither / simultaneous)
    reason: str


@dataclass(slots=True, unsafe_hash=True)
class TargetInitiative(Event):
    """Initiative per pair after targeting (s1): holders and contested pairs."""

    type: ClassVar[str] = "target_initiative"
    exchange: int
    holders: tuple[tuple[str, str], ...]
    contested: tuple[tuple[str, str], ...]


@dataclass(slots=True, unsafe_hash=True)
class ActionRecord(Part):
    action: str
    maneuver: str
    opponent: str | None
    dice: int
    cost: int
    zone: str | None
    conditional_cost: int = 0
    parts: tuple[tuple[str, int, str | None], ...] = ()  # composite parts: (maneuver, dice, zone)
    flavour: str = ""  # the committed flavour: steal | buy_attacker | force_enter | double | none | ...
    terrain_dice: int = 0  # force-enter: dice for the terrain roll
    reflex_buy: int = 0  # force-enter: Reflex bought back for ordering
    # what resolution needs, fixed at declaration (rules.bout.Committed; the fold rebuilds it from these)
    role: str = ""  # attack | defense | nothing
    tn: int = 0
    hand: str = ""
    greater: int = 0
    seize: bool = False


@dataclass(slots=True, unsafe_hash=True)
class Declared(Event):
    type: ClassVar[str] = "declared"
    exchange: int
    fighter: str
    actions: tuple[ActionRecord, ...]
    cp_left: int


@dataclass(slots=True, unsafe_hash=True)
class TargetChanged(Event):
    """A declared Change Target: the old target, if he targeted back, now holds initiative over the
    changer (design doc); a free change contests the new pair."""

    type: ClassVar[str] = "target_changed"
    exchange: int
    fighter: str
    old: str | None
    new: str
    conceded: bool  # the old target targeted him back and takes initiative over him
    free_contest: bool


@dataclass(slots=True, unsafe_hash=True)
class TerrainRoll(Event):
    """A terrain roll made as the exchange resolves: a force-enter's (failed: his attack is cancelled), or
    a Full Evasion's without room to evade (`evasion`, `Bout.cornered`): no success or a botch and he
    goes down (prone, CP halved, as a knockdown; a botch is TRoS's fall, `botch`), the evasion stands."""

    type: ClassVar[str] = "terrain_roll"
    exchange: int
    fighter: str
    dice: int
    tn: int
    faces: tuple[int, ...]
    successes: int
    passed: bool
    evasion: bool = False  # a cornered fighter's Full Evasion (rules.exchange `_evasion_terrain`)
    botch: bool = False


@dataclass(slots=True, unsafe_hash=True)
class StanceChosen(Event):
    """A fighter's martial stance at `s0` (TRoS stance, house rule `stance_bonus`; rules.stance)."""

    type: ClassVar[str] = "stance"
    exchange: int
    fighter: str
    stance: str  # offensive | neutral | defensive


@dataclass(slots=True, unsafe_hash=True)
class FootingSet(Event):
    """The CP dice a fighter on difficult ground sets aside at `s0` for his terrain roll (rules.stance)."""

    type: ClassVar[str] = "footing_set"
    exchange: int
    fighter: str
    dice: int


@dataclass(slots=True, unsafe_hash=True)
class FootingRoll(Event):
    """The `s0` terrain roll on difficult ground (rules.stance): the dice are spent; no success, he goes
    down (prone, CP halved, as a knockdown)."""

    type: ClassVar[str] = "footing_roll"
    exchange: int
    fighter: str
    dice: int
    tn: int
    faces: tuple[int, ...]
    successes: int
    passed: bool


@dataclass(slots=True, unsafe_hash=True)
class MobilityChosen(Event):
    """Mobility Version 2b (rules.mobility): the mobility maneuver modifier committed with the footwork at
    `s0` ("none": no modifier); its dice follow (`MobilityCommitted`)."""

    type: ClassVar[str] = "mobility_chosen"
    exchange: int
    fighter: str
    maneuver: str


@dataclass(slots=True, unsafe_hash=True)
class MobilityCommitted(Event):
    """The CP dice committed to a Version 2b mobility modifier (spent now; refunded if it cannot execute)."""

    type: ClassVar[str] = "mobility_committed"
    exchange: int
    fighter: str
    maneuver: str
    dice: int


@dataclass(slots=True, unsafe_hash=True)
class Flanked(Event):
    """A Version 2b Outmaneuver worked: `fighter`'s defences roll at TN +`dtn` this exchange."""

    type: ClassVar[str] = "flanked"
    exchange: int
    fighter: str
    by: str
    dtn: int


@dataclass(slots=True, unsafe_hash=True)
class ThreadedPast(Event):
    """A Version 2b Thread the Needle beat `foe`: he may not attack `fighter` this exchange."""

    type: ClassVar[str] = "threaded_past"
    exchange: int
    fighter: str
    foe: str


@dataclass(slots=True, unsafe_hash=True)
class Attack(Event):
    type: ClassVar[str] = "attack"
    seq: int
    exchange: int
    attacker: str
    defender: str
    maneuver: str
    dice: int
    tn: int
    faces: tuple[int, ...]
    successes: int
    defence: DefenceRoll | None
    mos: int
    hit: bool
    wound: WoundRecord | None
    botch: bool = False
    queue: str = "initiative"  # initiative | non_initiative
    simultaneous_with: str | None = None
    stripped: int = 0  # dice lost to shock before it was rolled


@dataclass(slots=True, unsafe_hash=True)
class AttackCancelled(Event):
    type: ClassVar[str] = "attack_cancelled"
    exchange: int
    attacker: str
    defender: str
    maneuver: str
    reason: str


@dataclass(slots=True, unsafe_hash=True)
class ShockApplied(Event):
    type: ClassVar[str] = "shock"
    exchange: int
    fighter: str
    amount: int
    from_attack: int
    from_pool: int
    carried: int


@dataclass(slots=True, unsafe_hash=True)
class CpLost(Event):
    type: ClassVar[str] = "cp_lost"
    exchange: int
    fighter: str
    amount: int
    reason: str


@dataclass(slots=True, unsafe_hash=True)
class LengthTransfer(Event):
    """House rule `length_transfer_at_once` (design doc "KEY HOUSE RULES"): the shorter weapon landed a
    damaging blow first, so the length penalty moves at once onto the longer weapon's attack on him,
    not yet rolled: it loses `stripped` of `dice` (the length steps) before it is rolled."""

    type: ClassVar[str] = "length_transfer"
    exchange: int
    fighter: str  # the longer weapon's wielder, whose attack loses dice
    against: str  # the shorter weapon's wielder who hit first
    dice: int
    stripped: int


@dataclass(slots=True, unsafe_hash=True)
class CpSpent(Event):
    """CP paid during resolution (a Quick Defense, a seized initiative, CP against a shot)."""

    type: ClassVar[str] = "cp_spent"
    exchange: int
    fighter: str
    amount: int
    reason: str


@dataclass(slots=True, unsafe_hash=True)
class BonusDice(Event):
    """Bonus dice for a fighter's next attack (`dice`, 0 once used or expired), valid until the bout has
    resolved `expires` exchanges (-1: no expiry kept)."""

    type: ClassVar[str] = "bonus_dice"
    exchange: int
    fighter: str
    dice: int
    expires: int = -1


@dataclass(slots=True, unsafe_hash=True)
class NoRefresh(Event):
    """Force-entering in exchange 2: no CP refresh at this round's end (design doc)."""

    type: ClassVar[str] = "no_refresh"
    exchange: int
    fighter: str


@dataclass(slots=True, unsafe_hash=True)
class WoundTaken(Event):
    """A wound on a fighter: its pain and blood loss count from now (rules.wounds.apply_wound)."""

    type: ClassVar[str] = "wound"
    exchange: int
    fighter: str
    location: str
    damage_type: str
    level: int
    pain: int
    bl: int
    destroyed: bool = False  # an arm part destroyed


@dataclass(slots=True, unsafe_hash=True)
class KnockCheck(Event):
    type: ClassVar[str] = "knock_check"
    exchange: int
    fighter: str
    kind: str  # knockdown | knockout
    dice: int
    tn: int
    faces: tuple[int, ...]
    successes: int
    failed: bool
    instant: bool = False


@dataclass(slots=True, unsafe_hash=True)
class Died(Event):
    type: ClassVar[str] = "died"
    exchange: int
    fighter: str
    cause: str


@dataclass(slots=True, unsafe_hash=True)
class Refunded(Event):
    type: ClassVar[str] = "refund"
    exchange: int
    fighter: str
    dice: int
    maneuver: str


@dataclass(slots=True, unsafe_hash=True)
class PairResult(Part):
    a: str
    b: str
    symbol: str  # the design doc's legend: ! - ~ * !! — ~~, or defended / evade / seize / miss / hit / lull / quick_hit
    holder: str | None


@dataclass(slots=True, unsafe_hash=True)
class InitiativeAfter(Event):
    """The end of an exchange: initiative per pair as it flows into the next exchange (`flow`: each
    pair's holder, `holders` the same as (holder, over) pairs), the legend per pair, and who chooses
    orientation again next round."""

    type: ClassVar[str] = "initiative"
    exchange: int
    holders: tuple[tuple[str, str], ...]
    results: tuple[PairResult, ...] = ()
    paused: tuple[str, ...] = ()  # fighters who choose orientation again next round
    flow: tuple[tuple[str, str, str], ...] = ()  # (a, b, holder) per pair with a < b


@dataclass(slots=True, unsafe_hash=True)
class ClockStepped(Event):
    """The bout's clock after a step (SPEC §2): exchange 1 or 2, step 0..2, round."""

    type: ClassVar[str] = "clock"
    exchange: int
    step: int
    round: int


@dataclass(slots=True, unsafe_hash=True)
class GlobalInitiative(Event):
    """House rule `initiative_model: target_plus_global`: who holds global initiative after an
    exchange (or a battle pause). Emitted only under that model. `holders`: the members holding it;
    `kept`: those no longer in the fight who keep their flag."""

    type: ClassVar[str] = "global_initiative"
    exchange: int
    holders: tuple[str, ...]
    lost: tuple[str, ...] = ()  # held it before this exchange and no longer do
    gained: tuple[str, ...] = ()  # lacked it before and hold it now
    kept: tuple[str, ...] = ()


@dataclass(slots=True, unsafe_hash=True)
class Untargeted(Event):
    type: ClassVar[str] = "untargeted"
    exchange: int
    fighter: str
    reason: str


@dataclass(slots=True, unsafe_hash=True)
class LeftBout(Event):
    type: ClassVar[str] = "left_bout"
    exchange: int
    fighter: str
    reason: str
    collapsed: bool = False  # overwhelmed by pain: unconscious from now on


@dataclass(slots=True, unsafe_hash=True)
class Dropped(Event):
    """A fighter already out of the fight (dead, unconscious) is taken off the bout's roster."""

    type: ClassVar[str] = "dropped"
    exchange: int
    fighter: str


@dataclass(slots=True, unsafe_hash=True)
class BloodLossCheck(Event):
    type: ClassVar[str] = "blood_loss"
    round: int
    fighter: str
    dice: int
    tn: int
    faces: tuple[int, ...]
    successes: int
    ht_lost: int
    ht: int


@dataclass(slots=True, unsafe_hash=True)
class RoundEnded(Event):
    type: ClassVar[str] = "round_end"
    round: int
    refreshed: tuple[tuple[str, int], ...] = field(default=())  # (fighter, new CP)
    pause: bool = False
