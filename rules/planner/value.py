"""How good a bout's state is for one fighter: the planner's evaluation of a finished lookahead.

A fighter's strength is 0 when he is out of the fight, else 1 plus what he has left: his pool as a
share of his unhurt pool (pain shrinks it), his HT, minus the blood he is losing. The value for a
fighter is his own strength (weighted: survival first), his allies', minus his foes', plus the CP he
still holds in the middle of a round and the initiative he holds or faces. Only what the rules make
visible is read (conditions, pools as the inspect panel shows them, targets and holders).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.bout import Bout
from rules.fighter import FighterState


@dataclass(frozen=True, slots=True)
class Weights:
    """The value function's knobs (tuned with `python -m rules.league`)."""

    me: float = 1.6  # my own strength (survival first)
    ally: float = 1.0
    foe: float = 1.0  # each foe, when there is one hostile side
    foe_multi: float = 0.8  # each foe, when there are several hostile sides
    pool: float = 0.6  # of strength: the pool left as a share of the unhurt pool
    health: float = 0.4  # of strength: HT left as a share of full HT
    bleeding: float = 0.06  # of strength, per point of blood loss
    cp_left: float = 0.25  # mid-round: CP in hand as a share of the unhurt pool (mine minus foes')
    initiative: float = 0.12  # per pair: holding initiative (+) or facing a holder (-)


DEFAULT_WEIGHTS = Weights()


def full_pool(state: FighterState) -> int:
    """The pool the fighter has unhurt: proficiency + Reflex - shield and encumbrance penalties (at least 1)."""
    sheet = state.sheet
    a = sheet.attributes
    return max(1, sheet.level + (a.AG + a.WT) // 2 - sheet.cp_penalty)


def strength(state: FighterState, w: Weights = DEFAULT_WEIGHTS) -> float:
    if state.out_of_fight:
        return 0.0
    full_ht = max(1, state.sheet.attributes.HT)
    return (
        1.0
        + w.pool * min(1.0, state.max_cp() / full_pool(state))
        + w.health * max(0, state.ht) / full_ht
        - w.bleeding * state.blood_loss
    )


def value(bout: Bout, fid: str, mid_round: bool, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The state's worth to fid (higher is better)."""
    fighters = bout.fighters
    me = fighters[fid]
    side = me.sheet.side
    hostile_sides = {s.sheet.side for s in fighters.values() if s.sheet.side != side}
    foe_w = w.foe if len(hostile_sides) <= 1 else w.foe_multi
    total = 0.0
    for other, state in fighters.items():
        gone = other in bout.left and not state.out_of_fight
        s = strength(state, w) if not gone else 0.5  # one who left (fled) is neither dead nor here
        if other == fid:
            total += w.me * s
        elif state.sheet.side == side:
            total += w.ally * s
        else:
            total -= foe_w * s
    if mid_round:
        cp_mine = me.cp / full_pool(me) if not me.out_of_fight else 0.0
        foes = [s for s in fighters.values() if s.sheet.side != side and not s.out_of_fight]
        cp_foes = sum(s.cp / full_pool(s) for s in foes) / len(foes) if foes else 0.0
        total += w.cp_left * (cp_mine - cp_foes)
    for holder, over in bout.holders:
        if holder == fid:
            total += w.initiative
        elif over == fid:
            total -= w.initiative
    return total
