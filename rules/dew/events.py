"""Events of the detailed sequence: every change to a `DewBout` is one of these, folded by `rules.dew.fold`.

Each carries the dice it rolled and the results, so the log can narrate it and a replay folds it
with no dice. They subclass `rules.events.Event` (stable `type`, `to_dict()` for JSON).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.events import Event


@dataclass(frozen=True, slots=True)
class RoundBegan(Event):
    type: ClassVar[str] = "dew_round"
    round: int
    blows: tuple[tuple[str, int, int], ...]  # (fighter, active, reactive) after borrowed blows


@dataclass(frozen=True, slots=True)
class PhaseBegan(Event):
    type: ClassVar[str] = "dew_phase"
    round: int
    phase: str  # combat | noncombat | movement


@dataclass(frozen=True, slots=True)
class InitiativeTo(Event):
    type: ClassVar[str] = "dew_initiative"
    segment: int
    holders: tuple[str, ...]  # more than one: simultaneous initiative (1.1.3)
    chained: bool = False  # a thrusting preparation keeps it (1.2.4)


@dataclass(frozen=True, slots=True)
class OptionChosen(Event):
    type: ClassVar[str] = "dew_option"
    fighter: str
    option: str


@dataclass(frozen=True, slots=True)
class ParryChosen(Event):
    type: ClassVar[str] = "dew_parry_choice"
    fighter: str
    attacker: str | None


@dataclass(frozen=True, slots=True)
class BlowSpent(Event):
    type: ClassVar[str] = "dew_blow"
    fighter: str
    kind: str  # active | reactive
    en_cost: int
    purpose: str  # draw, grab, prepare, maneuver, attack, parry
    borrowed: bool = False


@dataclass(frozen=True, slots=True)
class Passed(Event):
    type: ClassVar[str] = "dew_pass"
    fighter: str
    alert: bool = False
    fall: bool = False
    drop: str | None = None


@dataclass(frozen=True, slots=True)
class PassesCleared(Event):
    type: ClassVar[str] = "dew_passes_cleared"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    type: ClassVar[str] = "dew_draw"
    fighter: str
    weapon: str
    dropped: str | None = None


@dataclass(frozen=True, slots=True)
class Grabbed(Event):
    type: ClassVar[str] = "dew_grab"
    fighter: str
    item: str
    roll: int | None  # the D20 DX check if alert
    success: bool
    dropped: str | None = None


@dataclass(frozen=True, slots=True)
class Prepared(Event):
    type: ClassVar[str] = "dew_prepare"
    fighter: str
    weapon: str
    count: int  # preparations now


@dataclass(frozen=True, slots=True)
class PreparationLost(Event):
    type: ClassVar[str] = "dew_preparation_lost"
    fighter: str
    count: int
    reason: str


@dataclass(frozen=True, slots=True)
class Maneuvered(Event):
    type: ClassVar[str] = "dew_maneuver"
    fighter: str
    other: str
    maneuver: str  # close, open, step_close, step_open, range
    roll: int | None  # the D100 DX check
    old_range: int
    new_range: int
    rose: bool = False
    fall_roll: int | None = None
    fell: bool = False


@dataclass(frozen=True, slots=True)
class HitRoll(Event):
    type: ClassVar[str] = "dew_hit_roll"
    attacker: str
    target: str
    weapon: str
    faces: tuple[int, int]
    surprise: int  # 1, 2 (partial) or 3 (full)
    ac: int
    first_modifier: int  # the target's, with parries and shield
    parries: tuple[str, ...]
    preparations: int
    total: int
    need: int
    outcome: str  # hit, hit_breakage, miss_breakage, miss, double_one, double_ten
    gm_roll: int | None = None  # the D20 on double one / double ten
    gm_ruling: str = ""


@dataclass(frozen=True, slots=True)
class BreakageCheck(Event):
    type: ClassVar[str] = "dew_breakage"
    fighter: str
    item: str  # a weapon id or "shield"
    number: int
    roll: int
    broke: bool


@dataclass(frozen=True, slots=True)
class CriticalRoll(Event):
    type: ClassVar[str] = "dew_critical_roll"
    attacker: str
    target: str
    roll: int
    doubled: bool
    second_modifier: int
    preparations: int
    total: int
    need: int
    critical: bool
    forced: bool = False  # the double-ten ruling made it critical


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    type: ClassVar[str] = "dew_damage"
    attacker: str
    target: str
    faces: tuple[int, ...]
    damage: int
    critical: bool
    en_after: int
    bd_after: int
    special_roll: int | None = None  # the D20 of the maximum-damage case
    target_fell: bool = False


@dataclass(frozen=True, slots=True)
class Fumbled(Event):
    type: ClassVar[str] = "dew_fumble"
    fighter: str
    roll: int
    dropped: str | None
    fell: bool


@dataclass(frozen=True, slots=True)
class OutOfFight(Event):
    type: ClassVar[str] = "dew_out"
    fighter: str
    state: str  # unconscious | dead


@dataclass(frozen=True, slots=True)
class SegmentEnded(Event):
    type: ClassVar[str] = "dew_segment_end"
    segment: int


@dataclass(frozen=True, slots=True)
class NoncombatChosen(Event):
    type: ClassVar[str] = "dew_noncombat_choice"
    fighter: str
    option: str  # rest, cast, adjust, none


@dataclass(frozen=True, slots=True)
class NoncombatDone(Event):
    type: ClassVar[str] = "dew_noncombat"
    fighter: str
    option: str
    recovered: int = 0
    armour_enc: int = 0
    armour_worn: bool = True
    alert_lost: bool = False


@dataclass(frozen=True, slots=True)
class MoveChosen(Event):
    type: ClassVar[str] = "dew_move_choice"
    fighter: str
    choice: str


@dataclass(frozen=True, slots=True)
class AlertChanged(Event):
    type: ClassVar[str] = "dew_alert"
    fighter: str
    alert: bool


@dataclass(frozen=True, slots=True)
class Moved(Event):
    type: ClassVar[str] = "dew_move"
    fighter: str
    other: str | None
    direction: str  # close | open | stay
    allowance: int
    halved: bool
    blows: int
    traced: bool = False  # the trace system moves him (`TraceDrawn`, `TraceStep`), not this range change


@dataclass(frozen=True, slots=True)
class RangeSet(Event):
    type: ClassVar[str] = "dew_range"
    a: str
    b: str
    range: int


@dataclass(frozen=True, slots=True)
class ReactChosen(Event):
    type: ClassVar[str] = "dew_react_choice"
    fighter: str
    target: str | None


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    type: ClassVar[str] = "dew_round_end"
    round: int


@dataclass(frozen=True, slots=True)
class BoutOver(Event):
    type: ClassVar[str] = "dew_bout_over"
    standing: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReachNoted(Event):
    """Movement is resolved: who may react, against whom (foes who came within his reach)."""

    type: ClassVar[str] = "dew_reach"
    reach: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class LeftBout(Event):
    """Reported to the host: these characters fell out of the fight (unconscious or dead) since the last
    report."""

    type: ClassVar[str] = "dew_left"
    fighters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Joined(Event):
    """A world fighter entered the bout (`rules.dew.hosted`): his stats are the creature's (`derived`: from his
    TRoS sheet by `build.derive_creature`, the creature having no entry); one who left it comes back as he
    left (`back`); one who left another bout comes with the EN and BD he kept (`en`, `bd`). He has no
    blows until the next round begins."""

    type: ClassVar[str] = "dew_joined"
    fighter: str
    name: str
    side: str
    creature: str
    derived: bool = False
    back: bool = False
    en: int | None = None  # carried from his last bout, after rest (`rules.dew.carry`); None: fresh
    bd: int | None = None


@dataclass(frozen=True, slots=True)
class Withdrawn(Event):
    """A world fighter left the bout on his feet (separated on the map, or taken out by something else than
    this bout): he is kept aside as he is, in case he comes back."""

    type: ClassVar[str] = "dew_withdrawn"
    fighter: str


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """A character's square (the world's map, read at `enter`): the trace system traces from it."""

    type: ClassVar[str] = "dew_placed"
    fighter: str
    pos: tuple[int, int]


@dataclass(frozen=True, slots=True)
class TraceDrawn(Event):
    """A movement trace, revealed (3.1, 3.2): the squares from his own, his allowance after the halving and
    blows (less 2" for a chase), whom he chases (his trace runs to that man's square, then along his
    trace), and where it ends: `until` "" at its end, else when he is within reach of that character."""

    type: ClassVar[str] = "dew_trace"
    fighter: str
    path: tuple[tuple[int, int], ...]
    allowance: int
    until: str = ""
    chase: str | None = None


@dataclass(frozen=True, slots=True)
class TraceStep(Event):
    """One pass of 3.2.1: those whose end point comes after the smallest fraction (`num`/`den`) of their
    remaining traces stop there (`stopped`); everyone still moving goes through that fraction of his.
    `moves`: the squares each mover entered in it, in order."""

    type: ClassVar[str] = "dew_trace_step"
    num: int
    den: int
    stopped: tuple[str, ...]
    moves: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]


@dataclass(frozen=True, slots=True)
class ShotLoosed(Event):
    """A missile shot in the world under Dew's rules (`rules.dew.shots`): from how far, how far the weapon
    carries with the preparations his aiming gave it; the attack procedure's events follow."""

    type: ClassVar[str] = "dew_shot"
    shooter: str
    target: str
    weapon: str
    distance: int
    reach: int
    preparations: int
