"""The odds the inspect panel shows: each side's default attack against the other's default defence.

Exact: P(attacker's successes > defender's successes) for two binomial pools, with per-die chances from
``rules.dice.success_chance`` (which knows rerolled tens above TN 10). The defaults are the lowest-TN
maneuvers of the fighter's kit (``rules.menu.build_kit``) and about half his combat pool.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.sim.state import WorldState
from rules.catalog import Catalog
from rules.dice import expected_successes, success_chance
from rules.fighter import FighterSheet, FighterState
from rules.menu import build_kit

ATTACKS = ("swing", "thrust")
DEFENCES = ("parry", "block")


def _pmf(dice: int, p: float) -> list[float]:
    return [math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)]


def hit_chance(att_dice: int, att_tn: int, def_dice: int, def_tn: int) -> float:
    """P(attacker's successes > defender's successes): the attack lands (MoS > 0)."""
    a = _pmf(max(0, att_dice), success_chance(att_tn))
    d = _pmf(max(0, def_dice), success_chance(def_tn))
    below = 0.0  # P(defender < k)
    total = 0.0
    for k, pa in enumerate(a):
        total += pa * below
        if k < len(d):
            below += d[k]
    return total


@dataclass(frozen=True, slots=True)
class Choice:
    maneuver: str
    name: str
    tn: int


def default_choice(catalog: Catalog, sheet: FighterSheet, ids: tuple[str, ...]) -> Choice | None:
    """The lowest-TN maneuver among ``ids`` this fighter can use (SPEC §4.4 defaults)."""
    best: Choice | None = None
    for entry in build_kit(catalog, sheet):
        m = entry.maneuver
        if m.id in ids and (best is None or entry.tn < best.tn):
            best = Choice(m.id, m.name, entry.tn)
    return best


@dataclass(frozen=True, slots=True)
class Odds:
    attack: Choice
    att_dice: int
    defence: Choice | None
    def_dice: int
    chance: float
    expected_mos: float

    def line(self) -> str:
        vs = f" vs {self.defence.name} {self.def_dice}d TN{self.defence.tn}" if self.defence else " undefended"
        return (f"{self.chance * 100:.0f}% to hit (MoS {self.expected_mos:+.1f}): "
                f"{self.attack.name} {self.att_dice}d TN{self.attack.tn}{vs}")


def default_pool(f: FighterState) -> int:
    """About half the combat pool (the exchange-1 default)."""
    return max(1, (f.cp + 1) // 2)


def odds(catalog: Catalog, attacker: FighterState, defender: FighterState) -> Odds | None:
    """The default attack of ``attacker`` against the default defence of ``defender``."""
    attack = default_choice(catalog, attacker.sheet, ATTACKS)
    if attack is None:
        return None
    defence = default_choice(catalog, defender.sheet, DEFENCES)
    ad = default_pool(attacker)
    dd = default_pool(defender) if defence is not None else 0
    chance = hit_chance(ad, attack.tn, dd, defence.tn if defence else 11)
    mos = expected_successes(ad, attack.tn) - (expected_successes(dd, defence.tn) if defence else 0.0)
    return Odds(attack, ad, defence, dd, chance, mos)


def odds_between(state: WorldState, attacker: str, defender: str) -> Odds | None:
    """:func:`odds` for two actors of the world."""
    return odds(state.catalog, state.actors[attacker].fighter, state.actors[defender].fighter)
