"""Initiative determination (document 1.1): who is eligible, and who holds the initiative.

Eligible (1.1.1): conscious, no Pass since the last non-Pass option, a blow left that he can expend.
Order (1.1.2): most active blows left, then most reactive blows, then highest current EN; a full tie
holds the initiative together and declares simultaneously (1.1.3).
"""

from __future__ import annotations

from rules.dew.state import DewBout, DewFighter


def eligible(bout: DewBout) -> list[DewFighter]:
    if not bout.fight_left():
        return []
    return [f for f in bout.fighters.values() if f.conscious and not f.passed and f.can_spend()]


def holders(bout: DewBout) -> tuple[str, ...]:
    """Who has the initiative now (several: simultaneous); () ends the combat phase. A thrusting
    preparation keeps it with the one who made it (1.2.4)."""
    if bout.chain is not None:
        f = bout.fighters[bout.chain]
        if f.conscious and f.can_spend(active_only=True) and bout.fight_left():
            return (f.id,)
    candidates = eligible(bout)
    if not candidates:
        return ()
    best = max((f.active, f.reactive, f.en) for f in candidates)
    return tuple(sorted(f.id for f in candidates if (f.active, f.reactive, f.en) == best))
