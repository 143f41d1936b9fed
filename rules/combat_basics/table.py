"""The state of a Combat basics bout as its players would keep it on the table: the round and whose
turn, the initiative order (who has had his turn), the combat clusters, readied actions and their
triggers, and stumble and daze markers. Plain strings, for the terminal and the view. `marks` gives the
markers a player would put by a miniature (stumbling, dazed, readied, delayed), for the map."""

from __future__ import annotations

from rules.combat_basics.log import TRIGGERS
from rules.combat_basics.state import DAZE, OVER, START, STUMBLE, CbBout


def label(b: CbBout) -> tuple[str, str]:
    if b.phase == START:
        return "Round 0", "Initiative"
    if b.phase == OVER:
        return f"Round {b.round}", "Over"
    stage = f"Turn: {b.name(b.actor)}" if b.actor is not None else "Between turns"
    if b.push is not None:
        stage = "Stumble direction"
    elif b.queue:
        stage = "Attack"
    return f"Round {b.round}", stage


def rows(b: CbBout) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    order = []
    for fid in b.order:
        c = b.cb[fid]
        mark = "now: " if fid == b.actor else ""  # plain words: the screen's font has no arrows or ticks
        state = "" if b.active(fid) else f" ({b.health(fid)})"
        done = " (done)" if fid in b.done else ""
        order.append(f"{mark}{c.name} {c.initiative if c.initiative is not None else '-'}{done}{state}")
    out.append(("Order", " > ".join(order) or "not rolled"))
    squares: dict[tuple[int, int], list[str]] = {}
    for fid in b.ordered():
        if b.active(fid):
            squares.setdefault(b.cb[fid].pos, []).append(b.name(fid))
    clusters = [f"({x}, {y}): {', '.join(names)}" for (x, y), names in sorted(squares.items()) if len(names) > 1]
    out.append(("Clusters", "; ".join(clusters) or "none"))
    readied = [f"{c.name}: when {TRIGGERS[c.readied.trigger]}" for c in b.cb.values() if c.readied is not None]
    if readied:
        out.append(("Readied", "; ".join(readied)))
    marks = []
    for c in b.cb.values():
        s = c.effects.get(STUMBLE)
        if s is not None:
            marks.append(f"{c.name} stumbling {s.turns}t" + (f", not {s.blocked}" if s.blocked else ""))
        d = c.effects.get(DAZE)
        if d is not None:
            marks.append(f"{c.name} dazed {d.turns}t" + (" (odd)" if d.odd else ""))
    if marks:
        out.append(("Effects", "; ".join(marks)))
    if b.queue:
        head = b.queue[0]
        pen = f", penalty {head.penalty}" if head.penalty else ""
        out.append(("Attack", f"{b.name(head.attacker)} → {b.name(head.target)} ({head.mode}{pen})"))
    return tuple(out)


def marks(b: CbBout) -> tuple[tuple[str, str], ...]:
    """(fighter, short label) for each marker a table-top player puts by a miniature: stumbling and dazed
    with the turns they have left (an odd daze at 0: defenceless until his turn starts), a readied action,
    a delay not yet taken up; in the initiative order, for those still in the fight."""
    out: list[tuple[str, str]] = []
    for fid in b.ordered():
        if not b.active(fid):
            continue
        c = b.cb[fid]
        for kind, word in ((STUMBLE, "stumbling"), (DAZE, "dazed")):
            effect = c.effects.get(kind)
            if effect is not None:
                out.append((fid, f"{word} {effect.turns}" if effect.turns > 0 else word))
        if c.readied is not None:
            out.append((fid, "readied"))
        if c.delayed:
            out.append((fid, "delayed"))
    return tuple(out)


def render(b: CbBout) -> str:
    head, stage = label(b)
    lines = [f"{head}, {stage}"]
    lines += [f"{k}: {v}" for k, v in rows(b)]
    for fid in b.ordered():
        c, f = b.cb[fid], b.fighters[fid]
        lines.append(f"  {c.name} at ({c.pos[0]}, {c.pos[1]}): {b.health(fid)}, pain {f.pain}, "
                     f"wounds {len(f.wounds)}")
    return "\n".join(lines)
