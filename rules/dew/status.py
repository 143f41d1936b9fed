"""A character's figures under the detailed sequence (`dew_sequence`), as plain `rules.systems.Figure`s
for the HUD: EN and BD against his stat line's, blows left (active/reactive), EN spent this phase against
the cap, and alert or not; `kept` gives what the world keeps of him between bouts (EN, BD:
`rules.dew.carry`)."""

from __future__ import annotations

from rules.bout import Bout
from rules.dew.state import DewBout
from rules.systems import Figure

EN_MEANING = "Endurance: spent on effort and lost to blows; at 0 or less he is knocked out."
BD_MEANING = "Body: lost to critical and heavy blows; at 0 or less he is dead. Rest does not restore it."


def in_bout(bout: Bout, fid: str) -> tuple[Figure, ...]:
    """His figures in a Dew bout; () for a bout of another system or one he is not in."""
    b = bout.system_state
    if not isinstance(b, DewBout) or fid not in b.fighters:
        return ()
    f = b.fighters[fid]
    owed = f.borrowed_active + f.borrowed_reactive
    return (
        Figure("EN", f.en, f.stats.en, EN_MEANING, 3 * f.en <= f.stats.en),
        Figure("BD", f.bd, f.stats.bd, BD_MEANING, 2 * f.bd <= f.stats.bd),
        Figure("blows", f"{f.active}/{f.reactive}", None, "Blows left this round: active (to strike) / reactive "
               "(to parry)" + (f"; {owed} borrowed from next round." if owed else "."), f.active + f.reactive == 0),
        Figure("phase EN", f.en_spent_phase, f.en_cap(), "EN spent this phase against the most he may spend "
               "in one phase (EL+2, +4 or +6)."),
        Figure("state", "alert" if f.alert else "unalert", None, "Alert characters react and parry; an unalert "
               "one is caught off guard." + (" He has fallen." if f.fallen else ""), not f.alert or f.fallen),
    )


def kept(record: tuple[tuple[str, int], ...]) -> tuple[Figure, ...]:
    """His EN and BD as the world keeps them between bouts (EN comes back with rest, BD does not)."""
    data = dict(record)
    out = []
    if "en" in data:
        out.append(Figure("EN", data["en"], None, EN_MEANING + " Rest between fights restores some."))
    if "bd" in data:
        out.append(Figure("BD", data["bd"], None, BD_MEANING))
    return tuple(out)
