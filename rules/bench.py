"""`python -m rules.bench`: exchanges per second of fully automatic bouts (AI declarations).

Prints numbers for a 1v1 bout and a four-fighter three-way bout. Run on demand; nothing here is a
test. Target (issue 2): at least 20,000 1v1 exchanges per second on one core.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from rules.bout import Bout
from rules.catalog import Catalog
from rules.content import default_catalog
from rules.deciders import Baseline
from rules.decisions import Decision
from rules.dice import SeededStream
from rules.fighter import Attributes, FighterSheet
from rules.systems import Answer, run_step, system

_SYSTEM = system()
_MAKER = Baseline()


def one_exchange(bout: Bout, combat: SeededStream, ai: SeededStream) -> None:
    """One exchange through the combat system's step loop, every decision answered by the baseline AI."""

    def decide(d: Decision) -> Answer:
        return _SYSTEM.suggest(bout, d, _MAKER, ai)

    while True:
        run_step(_SYSTEM, bout, combat, decide)
        if _SYSTEM.advance(bout, combat).resolved:
            return


def duel(catalog: Catalog) -> Bout:
    return Bout(catalog, [
        FighterSheet.build(catalog, id="A", proficiencies={"cut_and_thrust": 7}, weapon="arming_sword",
                           armour=["gambeson"], attributes=Attributes(AG=6, WT=6)),
        FighterSheet.build(catalog, id="B", proficiencies={"mass_weapon_shield": 6}, weapon="light_mace",
                           shield="small_shield", armour=["leather_jerkin"]),
    ])


def brawl(catalog: Catalog) -> Bout:
    return Bout(catalog, [
        FighterSheet.build(catalog, id="guard", side="town", proficiencies={"sword_and_shield": 7},
                           weapon="arming_sword", shield="small_shield", armour=["mail_hauberk"]),
        FighterSheet.build(catalog, id="bandit", side="bandits", proficiencies={"cut_and_thrust": 6},
                           weapon="short_sword"),
        FighterSheet.build(catalog, id="goblin", side="goblins", proficiencies={"cut_and_thrust": 5},
                           weapon="goblin_blade", attributes=Attributes(ST=3, AG=6, TO=4)),
        FighterSheet.build(catalog, id="wolf", side="goblins", proficiencies={"brawling": 6}, weapon="wolf_bite",
                           armour=["hide"], attributes=Attributes(ST=4, AG=7, TO=4)),
    ])


def measure(
    make: Callable[[Catalog], Bout], seconds: float, seed: int = 1, exchanges: int | None = None
) -> tuple[int, float, int]:
    """Run automatic exchanges for `seconds`, or exactly `exchanges` of them (a fixed workload: the
    seeded sequence has quiet and fight-heavy stretches, so a time budget compares unequal work)."""
    catalog = default_catalog()
    combat, ai = SeededStream(seed, "combat"), SeededStream(seed, "ai")
    bout = make(catalog)
    done = bouts = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50 if exchanges is None else min(50, exchanges - done)):
            if not any(bout.foes_in_reach(f) for f in bout.members()):
                bout = make(catalog)
                bouts += 1
            one_exchange(bout, combat, ai)
            done += 1
        if (done >= exchanges) if exchanges is not None else time.perf_counter() >= deadline:
            break
    return done, time.perf_counter() - start, bouts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per scenario (default 3)")
    parser.add_argument("--exchanges", type=int, default=None,
                        help="run exactly this many exchanges per scenario instead of --seconds")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs per scenario; the fastest is shown (steadier on a busy machine)")
    args = parser.parse_args(argv)
    default_catalog()
    for label, make in (("1v1 duel", duel), ("4 fighters, 3 sides", brawl)):
        runs = [measure(make, args.seconds, exchanges=args.exchanges) for _ in range(max(1, args.repeat))]
        n, elapsed, bouts = max(runs, key=lambda r: r[0] / r[1])
        print(f"{label:22s} {n / elapsed:10,.0f} exchanges/s  ({n} exchanges, {bouts} bouts finished, "
              f"{elapsed * 1e6 / n:.1f} µs each)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
