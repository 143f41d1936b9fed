"""Wounds carried between separate bouts in the world (the generic seam: a system's `carry`, the world's
`Carried`, handed back as `rules.systems.Entrant.carried`).

A fighter who leaves a Gold & Glory bout on his feet keeps his hp and each wound's damage (for pain:
`record`); he enters his next bout with them (`gg_joined`'s `kept`, applied by `restore`). Nothing of the
round (declared points, initiative, the fall's and off balance's round-numbered mods) is kept, nor a fall:
out of a bout he walks the world's map, so he is on his feet; the new bout counts its rounds from 1.
Healing is slow (line 136: "not generally a mid battle possibility"): "A character generally regains
con/3 hp per day" (line 1440), and the world's time between bouts is minutes: nothing heals between them.
"""

from __future__ import annotations

from rules.gold_glory.state import GGFighter

Record = tuple[tuple[str, int], ...]


def record(f: GGFighter) -> Record:
    """What the world keeps of him: hp, then one `wound` entry per wound in order (always the whole record,
    an unhurt man's too: the world keeps the last one it was given)."""
    return (("hp", f.hp), *(("wound", w) for w in f.wounds))


def restore(f: GGFighter, kept: Record) -> None:
    """Put what was kept of him on him (nothing kept: he stays as he is)."""
    if not kept:
        return
    f.hp = dict(kept).get("hp", f.hp)
    f.wounds = [v for k, v in kept if k == "wound"]
