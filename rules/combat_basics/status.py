"""A character's figures under Combat basics, as plain `rules.systems.Figure`s for the HUD: his wounds
are TRoS's (HT, pain against the collapse it brings, blood loss), then this system's own: his initiative
and the stumble or daze on him (turns left). It keeps nothing between bouts of its own (the wounds are
the world's fighter's)."""

from __future__ import annotations

from rules.bout import Bout
from rules.combat_basics.state import DAZE, STUMBLE, CbBout
from rules.systems import Figure
from rules.tros_status import wounds_and_collapse


def in_bout(bout: Bout, fid: str) -> tuple[Figure, ...]:
    """His figures in a Combat basics bout; () for a bout of another system or one he is not in."""
    b = bout.system_state
    if not isinstance(b, CbBout) or fid not in b.cb or fid not in bout.fighters:
        return ()
    f, c = bout.fighters[fid], b.cb[fid]
    effects = [f"{word} {c.effects[kind].turns}t" for kind, word in ((STUMBLE, "stumbling"), (DAZE, "dazed"))
               if kind in c.effects]
    out = [
        *wounds_and_collapse(f, "Pain: at {collapse} (proficiency + reflex) he collapses."),
        Figure("init", c.initiative if c.initiative is not None else "-", None,
               "Initiative: turns go from the highest down; a delayed turn comes back later."),
    ]
    if effects:
        out.append(Figure("effect", ", ".join(effects), None, "Stumbling: he may not move that way; dazed: "
                          "no defence for that many of his turns.", True))
    return tuple(out)
