"""A combat system's AI against a naive one, as a table (`python -m rules.dew.league`,
`rules.gold_glory.league`, `rules.combat_basics.league`): each pairing fights both ways round (the AI as
either fighter; a mirror pairing once), over the same seeds, the AI on alternate sides; the table prints
the AI's share of wins and the draws. Each system gives its pairings and one duel (`Fight`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass

# (seed, the AI's fighter, the naive one's, whether the AI takes the first place) -> "ai", "naive" or None
Fight = Callable[[int, str, str, bool], str | None]


@dataclass
class Tally:
    fights: int = 0
    wins: int = 0
    draws: int = 0


def league(pairings: Sequence[tuple[str, str]], seeds: int, fight: Fight) -> dict[tuple[str, str], Tally]:
    out: dict[tuple[str, str], Tally] = {}
    for a, b in pairings:
        for ai, naive in ((a, b), (b, a)) if a != b else ((a, b),):
            t = out.setdefault((ai, naive), Tally())
            for seed in range(seeds):
                winner = fight(seed, ai, naive, seed % 2 == 0)
                t.fights += 1
                t.wins += winner == "ai"
                t.draws += winner is None
    return out


def league_main(argv: list[str] | None, *, prog: str, description: str | None,
                pairings: Sequence[tuple[str, str]], fight: Fight) -> int:
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--seeds", type=int, default=100)
    args = parser.parse_args(argv)
    width = max(8, *(len(name) + 2 for pair in pairings for name in pair))
    print(f"{'AI as':<{width}} {'naive as':<{width}} {'fights':>6} {'AI wins':>8} {'draws':>6}")
    for (ai, naive), t in league(pairings, args.seeds, fight).items():
        print(f"{ai:<{width}} {naive:<{width}} {t.fights:>6} {t.wins / t.fights:>8.0%} {t.draws:>6}")
    return 0
