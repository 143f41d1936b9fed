"""A Gold & Glory decision-maker: declares ap for an attack and a parry (a walk or faster only to close
in), attacks the weakest foe in reach, closes on the nearest, parries or avoids with the better skill
(yielding when hurt and able), counter-attacks under the right to react, interrupts a foe it can strike.
Deterministic: it draws no dice."""

from __future__ import annotations

from rules.decisions import GG_ACT, GG_DECLARE, GG_DEFEND, GG_INTERRUPT, GG_REACT, Decision
from rules.gold_glory.grid import distance, step, toward
from rules.gold_glory.options import AVOID_AP, can_attack, parry_with
from rules.gold_glory.state import SPEEDS, GGBout


class GGAI:
    def choose(self, bout: GGBout, d: Decision) -> str:
        values = d.values()
        if d.kind == GG_DECLARE:
            return self.declare(bout, d.who, values)
        if d.kind == GG_DEFEND:
            return self.defend(bout, d.who, values)
        if d.kind == GG_INTERRUPT:
            return self.interrupt(bout, d.who, values)
        if d.kind in (GG_ACT, GG_REACT):
            return self.act(bout, d, values)
        return d.default or values[0]

    def _nearest(self, bout: GGBout, fid: str) -> str | None:
        f = bout.fighters[fid]
        foes = bout.foes(fid)
        return min(foes, key=lambda o: (distance(f.pos, bout.fighters[o].pos), o)) if foes else None

    def declare(self, bout: GGBout, fid: str, values: tuple[str, ...]) -> str:
        f = bout.fighters[fid]
        near = self._nearest(bout, fid)
        p = parry_with(f)
        defence_ap = p[3] if p is not None else AVOID_AP
        ap = min(f.max_ap(), max(f.stats.ap, f.weapon.ap + defence_ap - 1))
        gap = 0 if near is None else max(0, distance(f.pos, bout.fighters[near].pos) - 1 - f.weapon.reach)
        speed = "maneuver"
        for s in f.speeds():
            if f.stats.move[SPEEDS.index(s)] >= gap:
                speed = s
                break
        else:
            speed = f.speeds()[-1]
        if speed != "maneuver":
            ap = min(f.max_ap(), max(f.stats.ap, f.weapon.ap))
        want = f"{ap}:{speed}"
        return want if want in values else values[0]

    def defend(self, bout: GGBout, fid: str, values: tuple[str, ...]) -> str:
        f = bout.fighters[fid]
        p = parry_with(f)
        best = max((v for v in ("parry", "avoid") if v in values),
                   key=lambda v: (p[1] if v == "parry" and p is not None else f.skill("avoid")), default="none")
        hurt = 3 * f.hp <= 2 * f.stats.hp
        if hurt and f.mp_left >= 1 and f"{best}_yield" in values:
            return f"{best}_yield"
        return best

    def interrupt(self, bout: GGBout, fid: str, values: tuple[str, ...]) -> str:
        if "strike" in values:
            return "strike"
        top = bout.top()
        if top is not None and "interrupt" in values and can_attack(bout, fid, top.owner):
            return "interrupt"
        return "pass"

    def act(self, bout: GGBout, d: Decision, values: tuple[str, ...]) -> str:
        fid = d.who
        f = bout.fighters[fid]
        attacks = [v for v in values if v.startswith("attack:")]
        if attacks:
            top = bout.top()
            if top is not None and top.against is not None and f"attack:{top.against}" in attacks:
                return f"attack:{top.against}"
            return min(attacks, key=lambda v: (bout.fighters[v[7:]].hp, v))
        if "rise" in values:
            return "rise"
        near = self._nearest(bout, fid)
        if near is not None:
            t = bout.fighters[near]
            here = distance(f.pos, t.pos)
            best, best_dist = None, here
            for v in values:
                if v.startswith("move:") and bout.fighters[fid].mp_left > 0:
                    to = step(f.pos, v[5:])
                    dist = distance(to, t.pos)
                    if dist < best_dist and dist >= 1 and not _falls(bout, fid, v):
                        best, best_dist = v, dist
            if best is not None and here - 1 > f.weapon.reach:
                return best
            face = f"face:{toward(f.pos, t.pos)}"
            if face in values and here - 1 <= f.weapon.reach and f.ap_left >= f.weapon.ap + 0 and f.mp_left >= 1:
                return face
        for end in ("end", "wait", "done"):
            if end in values and (end != "wait" or self._worth_waiting(bout, fid)):
                return end
        return d.default or values[-1]

    def _worth_waiting(self, bout: GGBout, fid: str) -> bool:
        f = bout.fighters[fid]
        return f.ap_left >= f.weapon.ap


def _falls(bout: GGBout, fid: str, value: str) -> bool:
    from rules.gold_glory.options import move_cost

    f = bout.fighters[fid]
    return move_cost(bout, f, value[5:]) > f.mp_left
