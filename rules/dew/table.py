"""The state of a detailed-sequence bout as the table a player would keep: one row per character (blows
left, EN and this phase's EN against the cap, BD, alert or unalert, fallen, preparations, weapon) and the
round, phase and segment. Plain strings, for the terminal and for the view (through the world)."""

from __future__ import annotations

from rules.dew.state import DewBout

HEADER = ("character", "blows A/R", "EN", "phase EN", "BD", "state", "prep", "weapon")


def heading(bout: DewBout) -> str:
    holders = ", ".join(bout.fighters[h].name for h in bout.holders) or "-"
    return f"Round {bout.round}, {bout.phase} phase, segment {bout.segment}; initiative: {holders}"


def rows(bout: DewBout) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for f in bout.fighters.values():
        state = "dead" if f.dead else "unconscious" if f.unconscious else "alert" if f.alert else "unalert"
        if f.fallen and f.conscious:
            state += ", fallen"
        owed = f.borrowed_active + f.borrowed_reactive
        borrowed = f" (-{owed} next)" if owed else ""
        out.append((f.name, f"{f.active}/{f.reactive}{borrowed}", f"{f.en}/{f.stats.en}",
                    f"{f.en_spent_phase}/{f.en_cap()}", f"{f.bd}/{f.stats.bd}", state,
                    str(f.prepared) if f.prepared else "-", f.weapon or "-"))
    return out


def render(bout: DewBout) -> str:
    """The heading and the rows, in aligned columns."""
    table = [HEADER, *rows(bout)]
    widths = [max(len(r[i]) for r in table) for i in range(len(HEADER))]
    lines = [heading(bout)]
    lines += ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in table]
    return "\n".join(lines)
