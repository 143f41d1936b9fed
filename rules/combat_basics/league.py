"""`python -m rules.combat_basics.league [--seeds N]`: Combat basics' AI against a naive one, as a table.

The naive AI attacks a foe on its square, else shoots, else charges the nearest foe next to it, else
steps towards him; it never readies, never delays and always defends with its lowest TN (as `CbAI`).
Each duel starts two squares apart on a row; the sides alternate who is the AI; the table prints the
AI's share of wins over the same seeds.
"""

from __future__ import annotations

from rules.combat_basics.ai import CbAI
from rules.combat_basics.state import CbBout
from rules.combat_basics.stats import from_sheet
from rules.combat_basics.system import CombatBasics
from rules.content import default_catalog
from rules.decisions import Decision
from rules.dice import SeededStream
from rules.fighter import Attributes, FighterSheet, FighterState
from rules.system_league import Tally, league_main
from rules.system_league import league as run_league
from rules.systems import run_step

MAX_STEPS = 3000
# kind: (attributes, proficiencies, weapon, shield, armour), as the creatures of content/creatures.yaml
KINDS: dict[str, tuple[dict[str, int], dict[str, int], str, str | None, tuple[str, ...]]] = {
    "bandit": ({"AG": 6}, {"cut_and_thrust": 6}, "short_sword", None, ("leather_jerkin",)),
    "knight": ({"ST": 6, "AG": 6, "EN": 6, "WT": 6, "WP": 6}, {"sword_and_shield": 8}, "arming_sword",
               "small_shield", ("gambeson", "steel_cap")),
    "spearman": ({"ST": 6, "TO": 6, "EN": 6}, {"polearm": 7}, "spear", None, ("gambeson", "steel_cap")),
}
PAIRINGS = (("bandit", "bandit"), ("knight", "bandit"), ("spearman", "knight"))


class NaiveAI(CbAI):
    """Attacks, shoots, charges or closes in; never readies or delays."""

    def turn(self, b: CbBout, d: Decision) -> str:
        values = d.values()
        for head in ("attack:", "shoot:", "charge:"):
            found = sorted(v for v in values if v.startswith(head))
            if found:
                return found[0]
        foes = b.foes(d.who)
        if not foes:
            return "wait"
        nearest = min(foes, key=lambda f: (b.distance(d.who, f), f))
        return self._towards(b, d.who, nearest, set(values))



def _state(fid: str, kind: str) -> FighterState:
    attrs, profs, weapon, shield, armour = KINDS[kind]
    sheet = FighterSheet.build(default_catalog(), id=fid, side=fid, attributes=Attributes.from_mapping(attrs),
                               proficiencies=profs, weapon=weapon, shield=shield, armour=armour)
    return FighterState(sheet)


def fight(seed: int, ai_kind: str, naive_kind: str, ai_west: bool) -> str | None:
    """One duel two squares apart; the side left standing ("ai" or "naive"), None for neither."""
    cb = CombatBasics()
    bout = cb.new_bout(default_catalog(), [])
    for fid, kind, x in (("ai", ai_kind, 0 if ai_west else 2), ("naive", naive_kind, 2 if ai_west else 0)):
        state = _state(fid, kind)
        cb.join(bout, state, (x, 0), from_sheet(state.sheet))
    smart, naive = CbAI(), NaiveAI()
    stream = SeededStream(seed, "combat")

    def decide(d: Decision) -> str:
        return (smart if d.who == "ai" else naive).choose(bout, d)

    for _ in range(MAX_STEPS):
        run_step(cb, bout, stream, decide)  # type: ignore[arg-type]
        cb.advance(bout, stream)
        if bout.over:
            standing = [f for f in bout.cb if bout.active(f)]
            return standing[0] if len(standing) == 1 else None
    return None


def league(seeds: int) -> dict[tuple[str, str], Tally]:
    return run_league(PAIRINGS, seeds, fight)


def main(argv: list[str] | None = None) -> int:
    return league_main(argv, prog="python -m rules.combat_basics.league", description=__doc__, pairings=PAIRINGS,
                       fight=fight)


if __name__ == "__main__":
    raise SystemExit(main())
