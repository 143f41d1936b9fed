"""Encumbrance: a fighter's load against what he can carry, and what it costs him in CP and move points.

Source. `shared/design/tros_rules_research.md` holds no encumbrance rule of The Riddle of Steel itself
(TRoS prices armour by AV and gives shields their own CP and move penalties, which `content/shields.yaml`
carries); it documents Song of Swords' encumbrance table (§1.11, from Glidias/trosink's SoS engine, G9),
the target-initiative half of this game's rules:

    level         CP   MOB  skill
    unencumbered   0    0    0
    light         -1   -2    1
    medium        -2   -4    2
    heavy         -3   -6    3
    overloaded    -4   -8    4

with carrying capacity CAR = STR + END. Those rows are used as they are for CP. OUR OWN parts (the
research found no public source): how much load makes which level (up to CAR unencumbered, then one
level per half CAR more, overloaded from 2.5 x CAR, and nobody moves under more than `MAX_LOAD_FACTOR`
x CAR), and the move-point cost: SoS takes MOB points off a Mobility of about (ST + AG + EN) / 2; our
actors move with `move_points` (6 for a man), so the MOB penalty is scaled by move_points / Mobility
and rounded down, always leaving one move point. A shield's own `move_penalty` is added on top.
Loads are in the load points of `content/items.yaml`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from rules.fighter import Attributes

LEVELS: tuple[str, ...] = ("unencumbered", "light", "medium", "heavy", "overloaded")
CP_PENALTY: tuple[int, ...] = (0, 1, 2, 3, 4)
MOB_PENALTY: tuple[int, ...] = (0, 2, 4, 6, 8)
MAX_LOAD_FACTOR = 3.0  # more than this many times CAR: too heavy to move at all (a pick-up is refused)
_EPSILON = 1e-9  # loads are sums of decimal weights (0.05 an arrow); 12.000000001 is still 12


@dataclass(frozen=True, slots=True)
class Encumbrance:
    """What a load costs: `level` indexes `LEVELS`; `move_points` is what is left of the base."""

    load: float
    capacity: int
    level: int
    cp_penalty: int
    mob_penalty: int  # SoS Mobility points, for the record
    move_penalty: int  # move points, shield included
    move_points: int

    @property
    def name(self) -> str:
        return LEVELS[self.level]


def capacity(attributes: Attributes) -> int:
    """CAR = ST + EN (Song of Swords)."""
    return attributes.ST + attributes.EN


def level_for(load: float, car: int) -> int:
    """The encumbrance level of `load` for a capacity of `car` (see the module docstring)."""
    if car <= 0:
        return len(LEVELS) - 1
    over = load - car
    if over <= _EPSILON:
        return 0
    return min(len(LEVELS) - 1, math.ceil(over / (car / 2) - _EPSILON))


def can_carry(load: float, attributes: Attributes) -> bool:
    """False when `load` is more than `MAX_LOAD_FACTOR` x CAR: too heavy to move at all."""
    return load <= MAX_LOAD_FACTOR * capacity(attributes) + _EPSILON


def encumbrance(
    weights: Iterable[float], attributes: Attributes, move_points: int, shield_move_penalty: int = 0
) -> Encumbrance:
    """The encumbrance of carrying (and wearing) items of these `weights`, for a fighter of these
    `attributes` whose base speed is `move_points`."""
    load = round(sum(weights), 6)
    car = capacity(attributes)
    level = level_for(load, car)
    mob = MOB_PENALTY[level]
    scaled = mob * move_points // max(1, attributes.move)
    penalty = min(max(0, move_points - 1), scaled + shield_move_penalty)
    return Encumbrance(load, car, level, CP_PENALTY[level], mob, penalty, move_points - penalty)
