"""`python -m rules.dew.league [--seeds N]`: the detailed sequence's AI against a naive one, as a table.

The naive AI attacks whenever it can (the weakest foe in reach), otherwise closes on the nearest foe
or passes; it never prepares a great blow, never parries and never rests. Each pairing fights both
ways round (the AI on either side) over the same seeds; the table prints the AI's share of wins.
"""

from __future__ import annotations

from rules.decisions import DEW_MOVE, DEW_OPTION, Decision
from rules.dew.ai import DewAI
from rules.dew.build import Entrant, new_dew_bout
from rules.dew.state import DewBout
from rules.dew.stats import load_stats
from rules.dew.system import DewSequence
from rules.dice import SeededStream
from rules.system_league import Tally, league_main
from rules.system_league import league as run_league
from rules.systems import run_step

MAX_STEPS = 5000
PAIRINGS = (("bandit", "bandit"), ("player_fighter", "bandit_chief"), ("goblin_boss", "town_guard"))


class NaiveAI:
    """Attacks when it can, closes otherwise; no preparations, parries or rest."""

    def choose(self, bout: DewBout, d: Decision) -> str:
        values = d.values()
        if d.kind == DEW_OPTION:
            attacks = sorted((v for v in values if v.startswith("attack:") and bout.fighters[v[7:]].conscious),
                             key=lambda v: (bout.fighters[v[7:]].en, v))
            if attacks:
                return attacks[0]
            if "pass:alert" in values:
                return "pass:alert"
            closes = [v for v in values if v.startswith("step_close:") and v[11:] in bout.foes(d.who)]
            return closes[0] if closes else "pass"
        if d.kind == DEW_MOVE:
            return DewAI().move(bout, d.who, values)
        return d.default or values[0]



def fight(seed: int, ai_creature: str, naive_creature: str, ai_first: bool) -> str | None:
    """One duel at range 2; the side left standing ("ai" or "naive"), None if none or too long."""
    sides = [("ai", ai_creature), ("naive", naive_creature)]
    if not ai_first:
        sides.reverse()
    bout = new_dew_bout(load_stats(), [Entrant(side, side, side, creature) for side, creature in sides],
                        {("ai", "naive"): 2})
    dew = DewSequence()
    naive, smart = NaiveAI(), DewAI()
    stream = SeededStream(seed, "combat")

    def decide(d: Decision) -> str:
        return smart.choose(bout, d) if d.who == "ai" else naive.choose(bout, d)

    for _ in range(MAX_STEPS):
        run_step(dew, bout, stream, decide)  # type: ignore[arg-type]
        dew.advance(bout, stream)
        if bout.over:
            standing = bout.standing()
            return standing[0] if len(standing) == 1 else None
    return None


def league(seeds: int) -> dict[tuple[str, str], Tally]:
    return run_league(PAIRINGS, seeds, fight)


def main(argv: list[str] | None = None) -> int:
    return league_main(argv, prog="python -m rules.dew.league", description=__doc__, pairings=PAIRINGS, fight=fight)


if __name__ == "__main__":
    raise SystemExit(main())
