"""The state of a Gold & Glory bout as the table its players would keep: per fighter his initiative,
ap and mp left of those declared, speed, mod stack, hp, facing and arc, and whether he waits, is done, or
may still react. Plain strings for the terminal and the view (through the world)."""

from __future__ import annotations

from rules.gold_glory.state import DECLARE, GGBout

_DOING = {"turn": "acting", "interrupt": "interrupting", "react": "reacting", "strike": "striking"}
HEADER = ("fighter", "init", "ap", "mp", "speed", "mod stack", "hp", "square", "facing", "state")


def _state(bout: GGBout, fid: str) -> str:
    f = bout.fighters[fid]
    if not f.fighting:
        return bout.health(fid)
    top = bout.top()
    marks = []
    if top is not None and top.owner == fid:
        marks.append(_DOING[top.kind])
    if f.waiting:
        marks.append("WAIT")
    if f.done:
        marks.append("DONE")
    if f.prone:
        marks.append("prone")
    elif f.posture != "stand":
        marks.append({"crouch": "crouching", "sit": "sitting", "lie": "lying"}[f.posture])
    if f.hanging is not None:
        marks.append("hanging from a ledge")
    if f.climb_level and f.climb_at is not None:
        marks.append(f"climbing {f.climb_level}/{bout.heights.get(f.climb_at, (0, 0))[0]}")
    if bout.stage == DECLARE and not f.declared:
        marks.append("declaring")
    elif f.ap_left > 0 or f.mp_left > 0:
        marks.append("may react")
    return ", ".join(marks) or "spent"


def grid(bout: GGBout) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for fid in bout.order() + [x for x in bout.fighters if not bout.active(x)]:
        f = bout.fighters[fid]
        stack = bout.mod_stack(fid)
        parts = ", ".join(f"{k} {v:+d}" for k, v in stack.items())
        mods = f"{sum(stack.values()):+d} ({parts})" if stack else "0"
        out.append((f.name, str(f.initiative), f"{f.ap_left}/{f.ap}", f"{f.mp_left}", f.speed, mods,
                    f"{f.hp}/{f.stats.hp}", f"{f.pos[0]},{f.pos[1]}", f"{f.facing} ({f.stats.arc})", _state(bout, fid)))
    return out


def rows(bout: GGBout) -> tuple[tuple[str, str], ...]:
    """(heading, text) rows for the screen's system panel (`CombatSystem.table`), highest initiative first,
    short enough for the panel: initiative, ap left/declared, mp left, hp, facing, the mod stack's total when
    not 0, and what he is doing (the full table with the mod stack by source: `render`)."""
    out = []
    for fid in bout.order() + [x for x in bout.fighters if not bout.active(x)]:
        f = bout.fighters[fid]
        mod = bout.ams(fid) if f.fighting else 0
        text = f"i{f.initiative} · ap {f.ap_left}/{f.ap} · mp {f.mp_left} · hp {f.hp}/{f.stats.hp} {f.facing}"
        out.append((f.name, text + (f" · mod {mod:+d}" if mod else "") + f" · {_state(bout, fid)}"))
    return tuple(out)


def render(bout: GGBout) -> str:
    table = [HEADER, *grid(bout)]
    widths = [max(len(r[i]) for r in table) for i in range(len(HEADER))]
    lines = [f"Round {bout.round}, {'declaration' if bout.stage == DECLARE else 'turns'}"]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in table]
    return "\n".join(lines)
