"""Movement paths in Gold & Glory: a whole movement as one choice ("Moving Morgan is starting his movement
path with 2 steps to the north, then places a waypoint, and then heads three more steps east", line 876),
planned within the mp he has left (never past them: falling is a step's choice, not a path's).

`close:B` closes on foe B until B is in his weapon's reach (or as near as his mp allow); `away` moves as far
from every foe as his mp allow, or off the battle map's edge if he can reach it (escaping, line 1469). Each
step is an ordinary step (`resolve.move`), so costs, corners, terrain and interrupts are the book's.
"""

from __future__ import annotations

import heapq

from rules.gold_glory.grid import ORDER, Square, diagonal, distance, step
from rules.gold_glory.options import can_step_from, off_map
from rules.gold_glory.state import GGBout, GGFighter

Path = tuple[str, ...]


def _reachable(bout: GGBout, f: GGFighter, escape: bool) -> dict[Square, tuple[int, Path]]:
    """Every square he can reach within his mp left: (mp spent, the cheapest path), fewest steps on ties;
    squares off the map's edge only when `escape` (and he goes no farther from them)."""
    start = (f.pos, f.diagonals % 2)
    best: dict[tuple[Square, int], tuple[int, Path]] = {start: (0, ())}
    queue: list[tuple[int, int, Square, int, Path]] = [(0, 0, f.pos, f.diagonals % 2, ())]
    out: dict[Square, tuple[int, Path]] = {f.pos: (0, ())}
    while queue:
        mp, n, sq, odd, path = heapq.heappop(queue)
        if best.get((sq, odd), (mp + 1, ()))[0] < mp:
            continue
        if sq != f.pos and off_map(bout, sq):
            continue  # off the edge: he is gone
        for d in ORDER:
            if not can_step_from(bout, f, sq, d):
                continue
            to = step(sq, d)
            if off_map(bout, to) and not escape:
                continue
            cost = ((2 if odd else 1) if diagonal(d) else 1) * bout.terrain.get(sq, 1)
            spent = mp + cost
            if spent > f.mp_left:
                continue
            state = (to, (odd + 1) % 2 if diagonal(d) else odd)
            if state in best and best[state][0] <= spent:
                continue
            best[state] = (spent, (*path, d))
            if to not in out or (spent, len(path) + 1) < (out[to][0], len(out[to][1])):
                out[to] = (spent, (*path, d))
            heapq.heappush(queue, (spent, n + 1, to, state[1], (*path, d)))
    return out


def close_path(bout: GGBout, fid: str, tid: str) -> Path:
    """The path that brings foe `tid` into his reach for the fewest mp, else as near as his mp allow; ()
    if none brings him nearer (or he is in reach already)."""
    f, t = bout.fighters[fid], bout.fighters[tid]
    reach = f.weapon.reach

    def gap(sq: Square) -> int:
        return max(0, distance(sq, t.pos) - 1 - reach)

    now = gap(f.pos)
    if now == 0 or f.prone or f.mp_left <= 0:
        return ()
    sq, (_mp, path) = min(_reachable(bout, f, False).items(), key=lambda kv: (gap(kv[0]), kv[1][0], kv[0]))
    return path if gap(sq) < now else ()


def away_path(bout: GGBout, fid: str) -> Path:
    """The path off the map's edge for the fewest mp if he can reach it, else the one that leaves the
    nearest foe farthest; () if none gets him farther."""
    f = bout.fighters[fid]
    foes = [bout.fighters[o].pos for o in bout.foes(fid)]
    if not foes or f.prone or f.mp_left <= 0:
        return ()

    def score(sq: Square, mp: int) -> tuple[int, int, int, Square]:
        if off_map(bout, sq):
            return (0, -1000, mp, sq)
        near = min(distance(sq, p) for p in foes)
        return (1, -near, mp, sq)

    reach = _reachable(bout, f, True)
    sq, (_mp, path) = min(reach.items(), key=lambda kv: score(kv[0], kv[1][0]))
    here = min(distance(f.pos, p) for p in foes)
    if off_map(bout, sq) or min(distance(sq, p) for p in foes) > here:
        return path
    return ()
