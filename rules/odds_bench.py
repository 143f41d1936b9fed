"""`python -m rules.odds_bench`: how long one odds query (`rules.odds.declaration_odds`) takes.

Plays seeded automatic exchanges of the bench bouts (`rules.bench`: a duel and a four-fighter,
three-side brawl); at every declaration, before the AI commits, it asks the odds of every item the
menu offers the declarer (each action type, maneuver, zone, and dice from the minimum to the pool),
as the maneuver menu would on each key press, and prints p50, p95 and the worst in milliseconds.
"Cold" is a query without the menu entry (it looks the entry up itself); "with option" passes it.
Target (issue 11): p95 at most 5 ms. Run on demand; nothing here is a test.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from rules.ai import suggest_declaration, suggest_orientation, suggest_target
from rules.bench import brawl, duel
from rules.bout import Action, Bout
from rules.catalog import Catalog
from rules.content import default_catalog
from rules.declare import commit_declaration
from rules.dice import SeededStream
from rules.exchange import resolve_exchange
from rules.menu import available_actions
from rules.odds import declaration_odds


def _queries(bout: Bout, fid: str, cold: list[float], warm: list[float], limit: int) -> None:
    menu = available_actions(bout, fid)
    for om in menu.opponents:
        for ao in om.actions:
            for mo in ao.maneuvers:
                if mo.parts:
                    continue
                zones: list[str | None] = [z for z, _ in mo.zones] or [None]
                for zone in zones[:3]:
                    for dice in range(mo.dice_min, min(mo.dice_max, menu.cp) + 1):
                        if len(cold) >= limit:
                            return
                        action = Action(ao.action, mo.maneuver, om.opponent, dice, zone)
                        start = time.perf_counter()
                        declaration_odds(bout, fid, action)
                        cold.append((time.perf_counter() - start) * 1000)
                        start = time.perf_counter()
                        declaration_odds(bout, fid, action, option=mo)
                        warm.append((time.perf_counter() - start) * 1000)


def _exchange(bout: Bout, combat: SeededStream, ai: SeededStream, cold: list[float], warm: list[float],
              limit: int) -> None:
    """`rules.bench.one_exchange`, asking the odds of every offer before each declaration."""
    for fid in bout.orientation_due():
        bout.choose_orientation(fid, suggest_orientation(bout, fid, ai))
    bout.finish_targeting(combat, lambda fid: suggest_target(bout, fid))
    while (declarer := bout.next_declarer()) is not None:
        _queries(bout, declarer, cold, warm, limit)
        commit_declaration(bout, declarer, suggest_declaration(bout, declarer, ai))
    resolve_exchange(bout, combat)


def measure(
    make: Callable[[Catalog], Bout], exchanges: int, limit: int, seed: int = 1
) -> tuple[list[float], list[float]]:
    catalog = default_catalog()
    combat, ai = SeededStream(seed, "combat"), SeededStream(seed, "ai")
    bout = make(catalog)
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(exchanges):
        if not any(bout.foes_in_reach(f) for f in bout.members()):
            bout = make(catalog)
        _exchange(bout, combat, ai, cold, warm, limit)
    return cold, warm


def _line(label: str, samples: list[float]) -> str:
    if not samples:
        return f"{label}: no queries"
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"{label}: {len(samples)} queries, p50 {statistics.median(ordered):.3f} ms, "
            f"p95 {p95:.3f} ms, worst {ordered[-1]:.3f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.odds_bench", description=__doc__)
    parser.add_argument("--exchanges", type=int, default=40, help="exchanges per bout kind (default 40)")
    parser.add_argument("--limit", type=int, default=20000, help="at most this many queries per bout kind")
    args = parser.parse_args(argv)
    default_catalog()
    for label, make in (("1v1 duel", duel), ("4 fighters, 3 sides", brawl)):
        cold, warm = measure(make, args.exchanges, args.limit)
        print(_line(f"{label:20s} cold       ", cold))
        print(_line(f"{label:20s} with option", warm))
    print("target: p95 <= 5 ms per query")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
