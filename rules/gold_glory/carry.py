"""Wounds (and things) carried between separate bouts in the world (the generic seam: a system's `carry`, the world's
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
from rules.gold_glory.stats import GGStats

Record = tuple[tuple[str, int], ...]


def record(f: GGFighter) -> Record:
    """What the world keeps of him: hp, one `wound` entry per wound in order, then his things (`kit`, then
    a `hand:ITEM` and `belt:ITEM` entry per item: a flask drunk stays drunk). Always the whole record, an
    unhurt man's too: the world keeps the last one it was given."""
    return (("hp", f.hp), *(("wound", w) for w in f.wounds), ("kit", 1),
            *((f"hand:{i}", 1) for i in f.hands), *((f"belt:{i}", 1) for i in f.belt))


def restore(f: GGFighter, kept: Record, stats: GGStats | None = None) -> None:
    """Put what was kept of him on him (nothing kept: he stays as he is; no `kit` kept: his stat line's
    things). With `stats`, he wields what he holds."""
    if not kept:
        return
    f.hp = dict(kept).get("hp", f.hp)
    f.wounds = [v for k, v in kept if k == "wound"]
    if any(k == "kit" for k, _ in kept):
        f.hands = [k[5:] for k, _ in kept if k.startswith("hand:")]
        f.belt = [k[5:] for k, _ in kept if k.startswith("belt:")]
        if stats is not None:
            f.weapon = stats.wielded(f.stats, f.hands)
