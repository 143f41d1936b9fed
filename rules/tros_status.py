"""A fighter's figures under the design doc's bout (`tros_sos`), as plain `rules.systems.Figure`s: HT,
CP, pain, shock and blood loss, each with its limit and one line of meaning. The default status module
of `rules.systems.status`, and what the world's own rules act on out of any bout (shots, consumables,
first aid) under every system."""

from __future__ import annotations

from rules.bout import Bout
from rules.fighter import FighterState
from rules.systems import Figure


def figures(f: FighterState) -> tuple[Figure, ...]:
    """HT against the sheet's, CP against the pool he refreshes to, pain and shock against the CP they take,
    blood loss against the EN dice he rolls against it."""
    ht_max = f.sheet.attributes.HT
    cost = max(f.pain, f.carried_shock)
    en = f.attributes.EN
    return (
        Figure("HT", max(0, f.ht), ht_max, "Health: each wound takes some; at 0 he dies.", f.ht * 3 <= ht_max),
        Figure("CP", f.cp, max(f.max_cp(), f.cp), "Combat pool: dice to attack and defend with, refreshed each "
               "round (less pain or shock)."),
        Figure("Pain", f.pain, None, f"Pain: takes {f.pain} dice from the combat pool each round."
               if f.pain else "Pain: takes that many dice from the combat pool each round.", cost > 0),
        Figure("Shock", f.carried_shock, None, "Shock carried into the next round: takes dice from the pool "
               "like pain (the larger of the two counts).", f.carried_shock > 0),
        Figure("BL", f.blood_loss, None, f"Blood loss: each round he rolls EN ({en} dice) against it; no success "
               "costs 1 HT. First aid stops it.", f.blood_loss > 0),
    )


def wounds_and_collapse(f: FighterState, pain_meaning: str) -> list[Figure]:
    """HT, pain against the collapse it brings (proficiency + Reflex) and blood loss: the first figures of the
    systems whose wounds are TRoS's (Combat basics, Sophia's Children). `pain_meaning` may name `{collapse}`."""
    collapse = f.sheet.level + f.reflex
    return [
        Figure("HT", max(0, f.ht), f.sheet.attributes.HT, "Health: each wound takes some; at 0 he dies.",
               f.ht * 3 <= f.sheet.attributes.HT),
        Figure("Pain", f.pain, collapse, pain_meaning.format(collapse=collapse), f.pain > 0),
        Figure("BL", f.blood_loss, None, "Blood loss: each round he rolls EN dice against it; no success costs "
               "1 HT.", f.blood_loss > 0),
    ]


def in_bout(bout: Bout, fid: str) -> tuple[Figure, ...]:
    """`figures` of `fid` in `bout`."""
    return figures(bout.fighters[fid])
