"""A character's figures under Combat basics, as plain `rules.systems.Figure`s for the HUD: his wounds
are TRoS's (HT, pain against the collapse it brings, blood loss), then this system's own: his initiative
and the stumble or daze on him (turns left). It keeps nothing between bouts of its own (the wounds are
the world's fighter's)."""

from __future__ import annotations

from rules.bout import Bout
from rules.combat_basics.state import DAZE, STUMBLE, CbBout
from rules.systems import Figure


def in_bout(bout: Bout, fid: str) -> tuple[Figure, ...]:
    """His figures in a Combat basics bout; () for a bout of another system or one he is not in."""
    b = bout.system_state
    if not isinstance(b, CbBout) or fid not in b.cb or fid not in bout.fighters:
        return ()
    f, c = bout.fighters[fid], b.cb[fid]
    collapse = f.sheet.level + f.reflex
    effects = [f"{word} {c.effects[kind].turns}t" for kind, word in ((STUMBLE, "stumbling"), (DAZE, "dazed"))
               if kind in c.effects]
    out = [
        Figure("HT", max(0, f.ht), f.sheet.attributes.HT, "Health: each wound takes some; at 0 he dies.",
               f.ht * 3 <= f.sheet.attributes.HT),
        Figure("Pain", f.pain, collapse, f"Pain: at {collapse} (proficiency + reflex) he collapses.",
               f.pain > 0),
        Figure("BL", f.blood_loss, None, "Blood loss: each round he rolls EN dice against it; no success costs "
               "1 HT.", f.blood_loss > 0),
        Figure("init", c.initiative if c.initiative is not None else "-", None,
               "Initiative: turns go from the highest down; a delayed turn comes back later."),
    ]
    if effects:
        out.append(Figure("effect", ", ".join(effects), None, "Stumbling: he may not move that way; dazed: "
                          "no defence for that many of his turns.", True))
    return tuple(out)
