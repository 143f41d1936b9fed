"""The optional trace system of the movement phase (document 3.1-3.2.3), for a bout whose characters have
squares (`DewBout.mapped`).

- 3.1 `draw`: every character's trace at once, a path of squares as long as his allowance (after the
  halving and blows): `stay` (no trace), `close:X` (straight towards X's square, ending when within reach
  of X), `open:X` (straight away from X, to its end), `chase:X` (2" shorter, to X's starting square,
  then along X's own trace, ending when within reach of X).
- 3.2.1 `step`: for everyone still moving, the fraction of his remaining trace at which he would end if
  nobody else ended first (1 at its end; for "within reach of X", the first moment he is, everyone moving
  through the same fraction of his own remaining trace); the smallest fraction's characters end there,
  everyone else moves through that fraction of theirs. A fraction f of a remaining trace of n squares
  is the first floor(f*n) squares of it (our ruling for the grid); one who would end on a square someone
  holds at that moment ends on the last free square before it (in id order).
- 3.2.2 (`rules.dew.phases.trace_reactions`): those who just ended, alert, with a foe still moving within
  reach, may attack him with a blow borrowed from next round (`dew_react`).
A character with no trace (he stays) ends at once, at fraction 0 (our ruling).

A path steps one square at a time to a neighbour (one inch is one square; the eight neighbours, or the
four orthogonal ones where the world's house rule `adjacency` is 4; the range stays the Chebyshev
distance), round the squares the map says are not passable (`passable`, the world's walls and men;
everything is open in a bare bout): closing, the shortest way to within reach of the goal (as near as he
gets if he cannot); opening, to the square farthest from the other he can reach; each along the way
nearest the straight line. A trace goes round the squares others stand on when it is drawn (a chase
runs onto the chased man's start); who crosses whose trace later is not checked (the world walks the
traces, stops a man whose next square is taken, and reads the squares back).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from rules.dew import events as ev
from rules.dew.fold import Emitter
from rules.dew.options import weapon_of
from rules.dew.state import DewBout, Square, clamp_range, pair
from rules.events import Event

CHASE_COST = 2  # 3.1: "loses 2\" of movement"
_NEIGHBOURS = ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1))


def chebyshev(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _euclid2(a: Square, b: Square) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


Passable = Callable[[Square], bool]


def _open(_square: Square) -> bool:
    return True


def _neighbours(here: Square, adjacency: int = 8) -> list[Square]:
    """The squares one step away: the four orthogonal ones first, the diagonals too with `adjacency` 8."""
    return [(here[0] + dx, here[1] + dy) for dx, dy in _NEIGHBOURS[:adjacency]]


def _distances(start: Square, depth: int, passable: Passable, adjacency: int) -> dict[Square, int]:
    """Steps from `start` to every passable square within `depth` steps (breadth first)."""
    seen = {start: 0}
    frontier = [start]
    for d in range(1, depth + 1):
        nxt = []
        for here in frontier:
            for sq in _neighbours(here, adjacency):
                if sq not in seen and passable(sq):
                    seen[sq] = d
                    nxt.append(sq)
        frontier = nxt
    return seen


def _route(start: Square, target: Square, steps: int, passable: Passable, adjacency: int) -> list[Square]:
    """A shortest way from `start` to `target` (`steps` long), each step nearest the straight line from
    where he is to the target."""
    back = _distances(target, steps, lambda sq: sq == start or passable(sq), adjacency)
    if start not in back:
        return []
    out: list[Square] = []
    here = start
    while here != target:
        lx, ly, at = target[0] - here[0], target[1] - here[1], here
        here = min((sq for sq in _neighbours(here, adjacency) if back.get(sq) == back[here] - 1),
                   key=lambda sq: (abs((sq[0] - at[0]) * ly - (sq[1] - at[1]) * lx), _euclid2(sq, target)))
        out.append(here)
    return out


def path_towards(start: Square, goal: Square, length: int, stop_at: int,
                 passable: Passable = _open, adjacency: int = 8) -> list[Square]:
    """Up to `length` squares from `start` (not included) on the way to within `stop_at` of `goal` (never
    onto it unless `stop_at` is 0), round what is not passable; as near as he gets if he cannot."""
    if chebyshev(start, goal) <= stop_at:
        return []
    near = _distances(start, length, passable, adjacency)
    there = [sq for sq in near if chebyshev(sq, goal) <= stop_at and (sq != goal or stop_at == 0)]
    if there:
        target = min(there, key=lambda sq: (near[sq], _euclid2(sq, goal)))
    else:
        target = min(near, key=lambda sq: (chebyshev(sq, goal), _euclid2(sq, goal), near[sq]))
    return [] if target == start else _route(start, target, near[target], passable, adjacency)


def path_away(start: Square, other: Square, length: int, passable: Passable = _open,
              adjacency: int = 8) -> list[Square]:
    """Up to `length` squares from `start` (not included) to the square farthest from `other` he can reach
    (the nearest such, then the one nearest the straight line from `other` through `start`)."""
    lx, ly = start[0] - other[0], start[1] - other[1]

    def off_line(sq: Square) -> int:
        return abs((sq[0] - other[0]) * ly - (sq[1] - other[1]) * lx)

    near = _distances(start, length, passable, adjacency)
    target = max(near, key=lambda sq: (chebyshev(sq, other), -near[sq], -off_line(sq)))
    return [] if target == start else _route(start, target, near[target], passable, adjacency)


def reach_of(bout: DewBout, fid: str) -> int:
    """The range he attacks at in melee (1 with a missile weapon or none)."""
    w = weapon_of(bout, bout.fighters[fid])
    return 1 if w is None or w.missile else w.reach


def draw(em: Emitter, bout: DewBout, allowances: dict[str, int], passable: Passable = _open) -> None:
    """3.1: every chooser's trace (`bout.move_choices`, each `allowances[fid]` long), revealed together."""
    traces: dict[str, ev.TraceDrawn] = {}
    moves = {fid: choice.partition("|")[0] for fid, choice in bout.move_choices.items()}

    def trace(fid: str, seen: tuple[str, ...]) -> ev.TraceDrawn:
        if fid in traces:
            return traces[fid]
        start = bout.fighters[fid].pos
        assert start is not None
        head, _, other = moves.get(fid, "stay").partition(":")
        there = bout.fighters[other].pos if other in bout.fighters else None
        held = {f.pos for o, f in bout.fighters.items() if o not in (fid, other) and f.conscious}

        def free(sq: Square) -> bool:  # round walls and where others stand now (onto the chased man's start)
            return (sq == there and head == "chase") or (sq not in held | {there} and passable(sq))

        allowance = allowances.get(fid, 0)
        path: list[Square] = []
        if head in ("close", "open", "chase") and there is not None and not bout.fighters[fid].fallen:
            if head == "close":
                path = path_towards(start, there, allowance, reach_of(bout, fid), free, bout.adjacency)
            elif head == "open":
                path = path_away(start, there, allowance, free, bout.adjacency)
            else:
                allowance = max(0, allowance - CHASE_COST)
                path = path_towards(start, there, allowance, 0, free, bout.adjacency)
                if other not in seen and len(path) < allowance and (not path or path[-1] == there):
                    path += list(trace(other, (*seen, fid)).path[1:])  # thereafter, along his trace
                path = path[:allowance]
        done = ev.TraceDrawn(fid, (start, *path), allowance, other if head in ("close", "chase") else "",
                             other if head == "chase" else None)
        traces[fid] = done
        return done

    for fid in sorted(moves):
        if bout.fighters[fid].conscious:
            trace(fid, ())
    for fid in sorted(traces):
        em.emit(traces[fid])


def _at(path: tuple[Square, ...], t: Fraction) -> Square:
    return path[int(t * (len(path) - 1))]


def step(em: Emitter, bout: DewBout) -> list[str]:
    """3.2.1 once: who ends movement now, and everyone through the same fraction; the ranges follow the
    squares. Returns those who just ended."""
    paths = {fid: p for fid, p in sorted(bout.moving.items()) if bout.fighters[fid].conscious}
    moments = {Fraction(0)} | {Fraction(k, len(p) - 1) for p in paths.values() for k in range(1, len(p))}
    ordered = sorted(moments)

    def where(fid: str, t: Fraction) -> Square | None:
        if fid in paths:
            return _at(paths[fid], t)
        return bout.fighters[fid].pos

    ends: dict[str, Fraction] = {}
    for fid in paths:
        until = bout.ends.get(fid, "")
        ends[fid] = Fraction(1) if len(paths[fid]) > 1 else Fraction(0)  # no trace: he ends at once (ruling)
        if until and until in bout.fighters and bout.fighters[until].conscious:
            reach = reach_of(bout, fid)
            for t in ordered:
                mine, theirs = where(fid, t), where(until, t)
                if mine is not None and theirs is not None and chebyshev(mine, theirs) <= reach:
                    ends[fid] = t
                    break
    if not ends:
        return []
    first = min(ends.values())
    stopped = tuple(fid for fid in paths if ends[fid] == first)
    index = {fid: int(first * (len(p) - 1)) for fid, p in paths.items()}
    taken = {f.pos for fid, f in bout.fighters.items() if f.conscious and fid not in paths and f.pos is not None}
    taken |= {paths[fid][index[fid]] for fid in paths if fid not in stopped}
    for fid in stopped:  # one does not end on another's square: he ends on the last free one before it
        while index[fid] > 0 and paths[fid][index[fid]] in taken:
            index[fid] -= 1
        taken.add(paths[fid][index[fid]])
    moves = tuple((fid, p[1:index[fid] + 1]) for fid, p in paths.items())
    em.emit(ev.TraceStep(first.numerator, first.denominator, stopped, tuple(m for m in moves if m[1])))
    ranges_from_squares(em, bout)
    return list(stopped)


def ranges_from_squares(em: Emitter, bout: DewBout) -> None:
    """Every range is the Chebyshev distance between the two squares, 1 to 6 (`dew_range` when it changed)."""
    ids = sorted(bout.fighters)
    for i, one in enumerate(ids):
        for other in ids[i + 1:]:
            a, b = bout.fighters[one].pos, bout.fighters[other].pos
            if a is None or b is None:
                continue
            now = clamp_range(chebyshev(a, b))
            if bout.ranges.get(pair(one, other)) != now:
                em.emit(ev.RangeSet(*pair(one, other), now))



def follow_maneuvers(em: Emitter, bout: DewBout, events: Sequence[Event], passable: Passable = _open) -> None:
    """On a map, a maneuver's change of range (1.2.3) moves the maneuverer that many squares straight towards
    or away from the other (`dew_placed`); every range then follows the squares."""
    for e in events:
        if not isinstance(e, ev.Maneuvered) or e.new_range == e.old_range:
            continue
        here, there = bout.fighters[e.fighter].pos, bout.fighters[e.other].pos
        if here is None or there is None:
            continue
        change = e.new_range - e.old_range
        if change < 0:
            path = path_towards(here, there, -change, 1, passable, bout.adjacency)
        else:
            path = path_away(here, there, change, passable, bout.adjacency)
        if path:
            em.emit(ev.Placed(e.fighter, path[-1]))
    ranges_from_squares(em, bout)
