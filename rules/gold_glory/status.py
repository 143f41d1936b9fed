"""A fighter's figures under Gold & Glory, as plain `rules.systems.Figure`s for the HUD: hp against his
stat line's, ap left of those declared, mp left, the mod stack's total (by source in its meaning), and his
initiative; `kept` gives what the world keeps of him between bouts (his hp: `rules.gold_glory.carry`)."""

from __future__ import annotations

from rules.bout import Bout
from rules.gold_glory.state import GGBout
from rules.systems import Figure


def in_bout(bout: Bout, fid: str) -> tuple[Figure, ...]:
    """His figures in a Gold & Glory bout; () for a bout of another system or one he is not placed in."""
    b = bout.system_state
    if not isinstance(b, GGBout) or fid not in b.fighters:
        return ()
    f = b.fighters[fid]
    stack = b.mod_stack(fid) if f.fighting else {}
    total = sum(stack.values())
    sources = ", ".join(f"{k} {v:+d}" for k, v in stack.items()) or "nothing"
    return (
        Figure("hp", f.hp, f.stats.hp, "Hit points: at 66% and 33% his rolls take mod-1 and mod-2; at 0 he is "
               "down.", 3 * f.hp <= f.stats.hp),
        Figure("ap", f.ap_left, f.ap, "Action points left of those declared this round (an attack, a parry "
               "or a block spends them)."),
        Figure("mp", f.mp_left, None, "Movement points left this round: a square costs 1 (a diagonal 1 or 2)."),
        Figure("mod", f"{total:+d}", None, f"Mod stack: added to all his rolls this round ({sources}).", total < 0),
        Figure("init", f.initiative, None, "Initiative: the highest takes his turn first."),
    )


def kept(record: tuple[tuple[str, int], ...]) -> tuple[Figure, ...]:
    """His hp as the world keeps it between bouts (nothing heals between them)."""
    hp = dict(record).get("hp")
    return () if hp is None else (Figure("hp", hp, None, "Gold & Glory hit points he will enter his next "
                                         "fight with (nothing heals between fights)."),)
