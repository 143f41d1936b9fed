"""`python -m rules.league`: two decision-makers fight many bouts between equal fighters.

`--a planner --b baseline --games N --seed S [--bout duel|3way] [--json]`. Each pairing is a random
build from content (attributes, a melee weapon and the proficiency it uses, a shield where that
proficiency takes one, armour), the same on every seat. A duel pairing is played twice, the sides
swapping seats; a three-way pairing three times (three sides, A on one seat, B on the other two; A
takes each seat once). Both games of a pairing share the combat stream's seed; each decision-maker
draws from its own stream. Bouts are driven with the scenario runner's step calls until one side
stands (or `MAX_EXCHANGES`, a draw). The last line printed is one JSON object with `a_wins`,
`b_wins`, `draws` and the deciders' decision-time percentiles (`*_ms_*`: wall clock per decision;
`a_decision_cpu_ms_p95`: the thread's CPU time, steadier on a shared machine). A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TypeVar

from rules.bout import Bout, IllegalAction
from rules.catalog import Catalog
from rules.content import default_catalog
from rules.deciders import DECISION_MAKERS, DecisionMaker, decision_maker
from rules.declare import commit_declaration
from rules.dice import SeededStream
from rules.exchange import resolve_exchange
from rules.fighter import ATTRIBUTE_NAMES, Attributes, FighterSheet

MAX_EXCHANGES = 80
SHIELD_PROFICIENCIES = frozenset({"sword_and_shield", "mass_weapon_shield"})
BODY_ARMOUR = ("leather_jerkin", "gambeson", "mail_hauberk")
OTHER_ARMOUR = ("steel_cap", "leather_bracers", "mail_chausses")
T = TypeVar("T")


def _pick(stream: SeededStream, items: Sequence[T]) -> T:
    return items[stream.randint(0, len(items) - 1)]


def random_build(catalog: Catalog, stream: SeededStream) -> dict[str, object]:
    """A fighter's build (FighterSheet.build's keywords, less id and side) drawn from content."""
    weapons = sorted(w.id for w in catalog.weapons.values()
                     if "natural" not in w.tags and any(p in catalog.proficiencies for p in w.proficiencies))
    weapon = catalog.weapons[_pick(stream, weapons)]
    prof = _pick(stream, [p for p in weapon.proficiencies if p in catalog.proficiencies])
    attributes = {name: stream.randint(4, 7) for name in ATTRIBUTE_NAMES}
    shields = sorted(catalog.shields)
    shield = _pick(stream, shields) if prof in SHIELD_PROFICIENCIES and shields else None
    armour = [a for a in (_pick(stream, (None, *BODY_ARMOUR)), _pick(stream, (None, None, *OTHER_ARMOUR)))
              if a is not None and a in catalog.armour]
    return {"weapon": weapon.id, "proficiencies": {prof: stream.randint(4, 8)}, "shield": shield,
            "armour": armour, "attributes": Attributes.from_mapping(attributes)}


@dataclass
class Seat:
    fid: str
    side: str
    decider: DecisionMaker
    stream: SeededStream
    times: list[float]
    cpu_times: list[float]


@dataclass
class Tallies:
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0
    exchanges: int = 0
    times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})  # wall clock, ms
    cpu_times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})  # this thread's CPU


def _timed(seat: Seat, call: Callable[[], T]) -> T:
    start, cpu = time.perf_counter(), time.thread_time()
    out = call()
    seat.times.append((time.perf_counter() - start) * 1000.0)
    seat.cpu_times.append((time.thread_time() - cpu) * 1000.0)
    return out


def _over(bout: Bout) -> bool:
    return not any(bout.foes(fid) for fid in bout.roster())


def play_bout(bout: Bout, seats: dict[str, Seat], combat: SeededStream) -> tuple[str | None, int]:
    """Drive the bout until one side stands: (the winning side or None, exchanges played)."""
    exchanges = 0
    while not _over(bout) and exchanges < MAX_EXCHANGES:
        for fid in bout.orientation_due():
            seat = seats[fid]
            bout.choose_orientation(fid, _timed(seat, partial(seat.decider.orientation, bout, fid, seat.stream)))

        def chooser(fid: str) -> str | None:
            seat = seats[fid]
            return _timed(seat, partial(seat.decider.target, bout, fid, seat.stream))

        bout.finish_targeting(combat, chooser)
        while (declarer := bout.next_declarer()) is not None:
            seat = seats[declarer]
            actions = _timed(seat, partial(seat.decider.declaration, bout, declarer, seat.stream))
            try:
                commit_declaration(bout, declarer, actions)
            except IllegalAction as exc:
                raise SystemExit(f"{seat.decider.name} declared illegally for {declarer}: {exc}") from None
        resolve_exchange(bout, combat)
        exchanges += 1
    standing = {bout.fighters[f].sheet.side for f in bout.roster()}
    return (standing.pop() if len(standing) == 1 and _over(bout) else None), exchanges


def run_league(a: str, b: str, games: int, seed: int, kind: str = "duel",
               progress: Callable[[str], None] | None = None) -> Tallies:
    catalog = default_catalog()
    seats_per = 2 if kind == "duel" else 3
    tallies = Tallies()
    builds = SeededStream(seed, "league:builds")
    deciders = {"a": decision_maker(a), "b": decision_maker(b)}
    game = 0
    pairing = 0
    while game < games:
        build = random_build(catalog, builds)
        for a_seat in range(seats_per):
            if game >= games:
                break
            fighters = []
            seats: dict[str, Seat] = {}
            for k in range(seats_per):
                who = "a" if k == a_seat else "b"
                fid = f"f{k}"
                fighters.append(FighterSheet.build(catalog, id=fid, name=f"{who}{k}", side=f"side{k}", **build))  # type: ignore[arg-type]
                seats[fid] = Seat(fid, f"side{k}", deciders[who], SeededStream(seed * 7919 + game, f"league:{who}"),
                                  tallies.times[who], tallies.cpu_times[who])
            bout = Bout(catalog, fighters)
            winner, exchanges = play_bout(bout, seats, SeededStream(seed * 7919 + pairing, "league:combat"))
            tallies.exchanges += exchanges
            if winner is None:
                tallies.draws += 1
            elif winner == f"side{a_seat}":
                tallies.a_wins += 1
            else:
                tallies.b_wins += 1
            game += 1
            if progress is not None:
                who_won = "draw" if winner is None else ("A" if winner == f"side{a_seat}" else "B")
                progress(f"game {game}/{games}: {who_won} in {exchanges} exchanges ({build['weapon']})")
        pairing += 1
    return tallies


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.league", description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="planner", choices=sorted(DECISION_MAKERS))
    parser.add_argument("--b", default="baseline", choices=sorted(DECISION_MAKERS))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bout", choices=("duel", "3way"), default="duel")
    parser.add_argument("--json", action="store_true", help="end with one JSON object (the last line)")
    parser.add_argument("--verbose", action="store_true", help="one line per game")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    started = time.perf_counter()
    t = run_league(args.a, args.b, args.games, args.seed, args.bout, print if args.verbose else None)
    decided = t.a_wins + t.b_wins
    result = {
        "a": args.a, "b": args.b, "bout": args.bout, "games": args.games, "seed": args.seed,
        "a_wins": t.a_wins, "b_wins": t.b_wins, "draws": t.draws,
        "a_share_of_decided": round(t.a_wins / decided, 4) if decided else None,
        "a_share_of_games": round(t.a_wins / args.games, 4),
        "exchanges": t.exchanges,
        "a_decisions": len(t.times["a"]),
        "a_decision_ms_p50": round(percentile(t.times["a"], 0.5), 3),
        "a_decision_ms_p95": round(percentile(t.times["a"], 0.95), 3),
        "a_decision_ms_max": round(max(t.times["a"], default=0.0), 3),
        "a_decision_cpu_ms_p95": round(percentile(t.cpu_times["a"], 0.95), 3),
        "b_decision_ms_p95": round(percentile(t.times["b"], 0.95), 3),
        "seconds": round(time.perf_counter() - started, 1),
    }
    if not args.json:
        share = result["a_share_of_decided"]
        print(f"{args.a} vs {args.b} ({args.bout}, {args.games} games, seed {args.seed}): "
              f"A {t.a_wins}, B {t.b_wins}, draws {t.draws}; A won {share} of decided games; "
              f"A decision p95 {result['a_decision_ms_p95']} ms")
        return 0
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
