"""The rolls of Combat basics: the initiative roll (line 9), the dice challenge of the intent trigger
(line 19), and an attack roll resolved with the rules package's dice and wounds (our adaptation:
docs/systems/combat_basics.md, "Attacks").

A roll's **consistency** is how many d10s it rolls and its **potential** the most one die may count:
the initiative roll is dexterity d10s, each face counting at most willpower, summed. A situational
penalty on consistency takes dice away (lines 29-33).
"""

from __future__ import annotations

from rules.catalog import Maneuver
from rules.combat_basics.state import MELEE, CbBout
from rules.costs import maneuver_tn
from rules.dice import DiceStream, Roll, roll_pool
from rules.fighter import FighterState, proficiency_level
from rules.ranged import DODGE_TN

MELEE_DEFENCES = ("parry", "block", "full_evasion")
RANGED_DEFENCES = ("block", "full_evasion")
NONE = "none"
DEFAULT_ZONE = {"swing": "III", "thrust": "XI"}
RANGED_ZONE = "XI"


def initiative_roll(stream: DiceStream, dexterity: int, willpower: int) -> tuple[tuple[int, ...], int]:
    """(faces, score): dexterity d10s, each face counting at most willpower, summed."""
    faces = tuple(stream.d10() for _ in range(max(1, dexterity)))
    return faces, sum(min(face, willpower) for face in faces)


def challenge(stream: DiceStream, dice: int, tn: int) -> Roll:
    """One side of a dice challenge: its stat in d10s against the challenge TN, successes counted."""
    return roll_pool(stream, dice, tn)


def pool(state: FighterState, level: int) -> int:
    """His dice for an attack: proficiency + Reflex - pain - shield penalty (halved at HT 1 and prone)."""
    sheet = state.sheet
    penalty = sheet.shield.cp_penalty if sheet.shield is not None else 0
    dice = max(0, level + state.reflex - state.pain - penalty)
    if state.ht == 1:
        dice //= 2
    if state.prone:
        dice //= 2
    return dice


def defence_dice(state: FighterState) -> int:
    """Half his melee pool, rounded up (he may be attacked by many in a round)."""
    return (pool(state, state.sheet.level) + 1) // 2


def melee_maneuver(b: CbBout, fid: str) -> tuple[Maneuver, int] | None:
    """His best melee attack (swing or thrust with a weapon, else a punch) and its TN."""
    sheet = b.fighters[fid].sheet
    names = ("swing", "thrust") if sheet.weapon is not None else ("punch",)
    best: tuple[Maneuver, int] | None = None
    for name in names:
        m = b.catalog.maneuvers.get(name)
        tn = None if m is None else maneuver_tn(sheet, m)
        if m is not None and tn is not None and (best is None or tn < best[1]):
            best = (m, tn)
    return best


def missile_level(b: CbBout, fid: str) -> int:
    missile = b.catalog.missiles[b.cb[fid].stats.missile or ""]
    return proficiency_level(b.fighters[fid].sheet.proficiencies, missile.proficiency, b.catalog)


def defences(b: CbBout, fid: str, mode: str) -> list[tuple[str, int]]:
    """(defence, TN) he may use against a melee attack or a missile."""
    sheet = b.fighters[fid].sheet
    out: list[tuple[str, int]] = []
    for name in MELEE_DEFENCES if mode == MELEE else RANGED_DEFENCES:
        if mode != MELEE:
            if name == "block" and sheet.shield is not None:
                out.append((name, sheet.shield.dtn_ranged))
            elif name == "full_evasion":
                out.append((name, DODGE_TN))
            continue
        m = b.catalog.maneuvers.get(name)
        tn = None if m is None else maneuver_tn(sheet, m)
        if tn is not None:
            out.append((name, tn))
    return out
