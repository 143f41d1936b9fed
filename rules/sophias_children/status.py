"""A combatant's figures under Sophia's Children, as plain `rules.systems.Figure`s for the HUD: his
wounds are TRoS's (HT, pain against the collapse it brings, blood loss), then the order of combat's: the
dice he attacks with, his side's Initiative Pool, whether his unit is Up or Tapped, and his statuses."""

from __future__ import annotations

from rules.bout import Bout
from rules.sophias_children.action import attack_dice
from rules.sophias_children.state import ScState
from rules.systems import Figure
from rules.tros_status import wounds_and_collapse


def in_bout(bout: Bout, fid: str) -> tuple[Figure, ...]:
    """His figures in a Sophia's Children bout; () for a bout of another system or one he is not in."""
    sc = bout.system_state
    if not isinstance(sc, ScState) or fid not in bout.fighters:
        return ()
    f = bout.fighters[fid]
    side = f.sheet.side
    unit = sc.unit_of.get(fid)
    up = "acting" if unit is not None and unit == sc.acting else "Up" if unit in sc.up else "Tapped"
    out = [
        *wounds_and_collapse(f, "Pain: takes dice from his attacks; at {collapse} he collapses."),
        Figure("dice", attack_dice(f), None, "Dice he attacks with: proficiency + reflex - pain - shield; half "
               "of them to defend."),
        Figure("pool", sc.pools.get(side, 0), None, "His side's Initiative Pool: bid from it for the First "
                                                     "Action and to Interrupt."),
        Figure("turn", up, None, "Up: his unit may still act this round; Tapped: it has acted."),
    ]
    statuses = sorted(sc.status.get(fid, set()))
    if statuses:
        out.append(Figure("status", ", ".join(s.capitalize() for s in statuses), None,
                          "Stunned or Asleep: he may not Interrupt nor bid; Hidden: foes cannot pick him out.", True))
    return tuple(out)
