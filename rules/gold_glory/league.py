"""`python -m rules.gold_glory.league [--seeds N]`: Gold & Glory's AI against a naive one, as a table.

The naive AI declares its base ap and walks, attacks whenever it can (the weakest foe in reach), otherwise
closes on the nearest foe; it never defends, never reacts and never waits. Each pairing fights both ways
round (the AI on either side) over the same seeds, three squares apart; the table prints the AI's share.
"""

from __future__ import annotations

from rules.decisions import GG_ACT, GG_DECLARE, Decision
from rules.dice import SeededStream
from rules.gold_glory.ai import GGAI
from rules.gold_glory.build import Entrant, new_gg_bout
from rules.gold_glory.state import GGBout
from rules.gold_glory.stats import load_stats
from rules.gold_glory.system import GoldGlory
from rules.system_league import Tally, league_main
from rules.system_league import league as run_league
from rules.systems import run_step

MAX_STEPS = 5000
PAIRINGS = (("bandit", "bandit"), ("player_fighter", "bandit_chief"), ("goblin_boss", "town_guard"),
            ("companion_spearman", "bandit"))


class NaiveAI:
    """Base ap and walk; attacks when it can, closes otherwise; no defence, reaction or waiting."""

    def choose(self, bout: GGBout, d: Decision) -> str:
        values = d.values()
        if d.kind == GG_DECLARE:
            want = f"{bout.fighters[d.who].stats.ap}:walk"
            return want if want in values else values[0]
        if d.kind == GG_ACT:
            attacks = sorted((v for v in values if v.startswith("attack:") and ";" not in v),
                             key=lambda v: (bout.fighters[v[7:]].hp, v))
            if attacks:
                return attacks[0]
            return GGAI().act(bout, d, tuple(v for v in values if v != "wait"))
        return "pass" if "pass" in values else "none" if "none" in values else "end" if "end" in values else values[0]



def fight(seed: int, ai_creature: str, naive_creature: str, ai_first: bool) -> str | None:
    """One duel, three squares apart; the side left standing ("ai" or "naive"), None if none or too long."""
    sides = [("ai", ai_creature), ("naive", naive_creature)]
    if not ai_first:
        sides.reverse()
    (a, ac), (b, bc) = sides
    bout = new_gg_bout(load_stats(), [Entrant(a, a, a, ac, (0, 0), "E"), Entrant(b, b, b, bc, (3, 0), "W")])
    gg = GoldGlory()
    naive, smart = NaiveAI(), GGAI()
    stream = SeededStream(seed, "combat")

    def decide(d: Decision) -> str:
        return smart.choose(bout, d) if d.who == "ai" else naive.choose(bout, d)

    for _ in range(MAX_STEPS):
        run_step(gg, bout, stream, decide)  # type: ignore[arg-type]
        gg.advance(bout, stream)
        if bout.over:
            standing = bout.standing()
            return standing[0] if len(standing) == 1 else None
    return None


def league(seeds: int) -> dict[tuple[str, str], Tally]:
    return run_league(PAIRINGS, seeds, fight)


def main(argv: list[str] | None = None) -> int:
    return league_main(argv, prog="python -m rules.gold_glory.league", description=__doc__, pairings=PAIRINGS,
                       fight=fight)


if __name__ == "__main__":
    raise SystemExit(main())
