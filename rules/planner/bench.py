"""`python -m rules.planner.bench`: the planner's cost per decision, by kind and bout size.

Every fighter of seeded random bouts (2 to 6 fighters) decides by the planner for a few exchanges;
prints p50 / p95 / max in ms of thread CPU time (steady on a shared machine) and of wall-clock time
per decision kind (orientation, target, declaration). Numbers, not a test.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from rules.bout import Bout
from rules.content import default_catalog
from rules.declare import commit_declaration
from rules.dice import SeededStream
from rules.exchange import resolve_exchange
from rules.fighter import FighterSheet
from rules.league import percentile, random_build
from rules.planner.core import DEFAULT_BUDGET, FAST_BUDGET, Planner

T = TypeVar("T")
SIZES = ((2, 2), (3, 3), (4, 2), (6, 3))


def _bout(seed: int, fighters: int, sides: int) -> Bout:
    catalog = default_catalog()
    stream = SeededStream(seed, "bench:builds")
    return Bout(catalog, [
        FighterSheet.build(catalog, id=f"f{k}", side=f"s{k % sides}", **random_build(catalog, stream))  # type: ignore[arg-type]
        for k in range(fighters)
    ])


Times = dict[str, list[tuple[float, float]]]


def _timed(times: Times, kind: str, call: Callable[[], T]) -> T:
    cpu, wall = time.thread_time(), time.perf_counter()
    out = call()
    times[kind].append(((time.thread_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000))
    return out


def _play(planner: Planner, bout: Bout, seed: int, exchanges: int, times: Times) -> None:
    stream, combat = SeededStream(seed, "bench:planner"), SeededStream(seed, "bench:combat")

    def target(fid: str) -> str | None:
        return _timed(times, "target", partial(planner.target, bout, fid, stream))

    for _ in range(exchanges):
        if not any(bout.foes(f) for f in bout.roster()):
            break
        for fid in bout.orientation_due():
            bout.choose_orientation(fid, _timed(times, "orientation", partial(planner.orientation, bout, fid, stream)))
        bout.finish_targeting(combat, target)
        while (d := bout.next_declarer()) is not None:
            commit_declaration(bout, d, _timed(times, "declaration", partial(planner.declaration, bout, d, stream)))
        resolve_exchange(bout, combat)


def measure(planner: Planner, fighters: int, sides: int, bouts: int, exchanges: int) -> Times:
    times: Times = {"orientation": [], "target": [], "declaration": []}
    for seed in range(bouts):
        _play(planner, _bout(seed, fighters, sides), seed, exchanges, times)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.planner.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--bouts", type=int, default=4, help="bouts per size (default 4)")
    parser.add_argument("--exchanges", type=int, default=8, help="exchanges per bout at most (default 8)")
    args = parser.parse_args(argv)
    default_catalog()
    for label, budget in (("planner", DEFAULT_BUDGET), ("planner_fast", FAST_BUDGET)):
        for fighters, sides in SIZES:
            times = measure(Planner(budget), fighters, sides, args.bouts, args.exchanges)
            every = [t for kind in times.values() for t in kind]
            cells = []
            for kind, values in (*times.items(), ("all", every)):
                cpu = [c for c, _ in values]
                wall = [w for _, w in values]
                cells.append(f"{kind} p50 {percentile(cpu, 0.5):5.1f} p95 {percentile(cpu, 0.95):5.1f} "
                             f"(wall p95 {percentile(wall, 0.95):5.1f})")
            print(f"{label:13s} {fighters} fighters/{sides} sides, {len(every)} decisions, CPU ms: " + "; ".join(cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
