"""The detailed sequence's AI: answers every `dew_*` decision from what the character can see.

It closes on the nearest foe, becomes alert to fight (a missile user stays unalert to shoot), attacks
the foe it hits most surely (the weakest on a tie), prepares a great blow first while it has active
blows to spare and the preparation still leaves a good chance to hit, parries attacks on itself and,
with a blow to spare, on its friends, rests out of reach, and borrows a blow to strike a foe who comes
within reach. Deterministic: no dice.
"""

from __future__ import annotations

from rules.decisions import DEW_MOVE, DEW_NONCOMBAT, DEW_OPTION, DEW_PARRY, DEW_REACT, Decision
from rules.dew.attack import surprise
from rules.dew.options import weapon_of
from rules.dew.state import DewBout, DewFighter

GOOD_CHANCE = 0.55  # a preparation is worth it while the attack still hits this often
SAFE_RANGE = 3  # rest or adjust armour only with no foe this close


def hit_chance(bout: DewBout, a: DewFighter, t: DewFighter, preps: int, parry: int = 0) -> float:
    """P(the attack hits) over the 100 faces of 2D10 (double one misses, double ten hits)."""
    mult = surprise(t)
    base = t.ac() + t.first_modifier() - parry - preps
    hits = 0
    for x in range(1, 11):
        for y in range(1, 11):
            if (x, y) == (10, 10) or ((x, y) != (1, 1) and (x + y) * mult + base >= a.stats.to_hit):
                hits += 1
    return hits / 100


class DewAI:
    name = "dew_ai"

    def choose(self, bout: DewBout, d: Decision) -> str:
        values = d.values()
        if d.kind == DEW_OPTION:
            choice = self.option(bout, d.who, values)
        elif d.kind == DEW_PARRY:
            choice = self.parry(bout, d.who, values)
        elif d.kind == DEW_NONCOMBAT:
            choice = self.noncombat(bout, d.who, values)
        elif d.kind == DEW_MOVE:
            choice = self.move(bout, d.who, values)
        elif d.kind == DEW_REACT:
            attacks = [v for v in values if v.startswith("attack:")]
            choice = self._weakest(bout, attacks) if attacks else "none"
        else:
            choice = d.default or values[0]
        return choice if choice in values else (d.default or values[0])

    def option(self, bout: DewBout, fid: str, values: tuple[str, ...]) -> str:
        f = bout.fighters[fid]
        w = weapon_of(bout, f)
        attacks = [v for v in values if v.startswith("attack:") and bout.fighters[v[7:]].conscious]
        if attacks:
            best = max(attacks, key=lambda v: (hit_chance(bout, f, bout.fighters[v[7:]], self._preps(f)),
                                               -bout.fighters[v[7:]].en, v))
            target = bout.fighters[best[7:]]
            if "prepare" in values and f.active >= 2 and (w is None or not w.heavy) and \
                    hit_chance(bout, f, target, self._preps(f) + 1) >= GOOD_CHANCE:
                return "prepare"
            return best
        if "prepare" in values and bout.chain == fid:
            return "prepare"
        if w is None:
            draws = [v for v in values if v.startswith(("draw:", "grab:"))]
            if draws:
                return draws[0]
        if w is not None and not w.missile and not f.alert and "pass:alert" in values:
            return "pass:alert"
        foes = sorted(bout.foes(fid), key=lambda o: (bout.range(fid, o), o))
        if f.fallen and foes:
            rise = f"step_close:{foes[0]}"
            if rise in values:
                return rise
        if w is not None and not w.missile and foes and f.active > 0:
            near = foes[0]
            rng = bout.range(fid, near)
            if rng > w.reach:
                move = "close" if rng - w.reach >= 2 else "step_close"
                if f"{move}:{near}" in values:
                    return f"{move}:{near}"
        return "pass"

    @staticmethod
    def _preps(f: DewFighter) -> int:
        return f.prepared if f.prep_weapon == f.weapon else 0

    def parry(self, bout: DewBout, fid: str, values: tuple[str, ...]) -> str:
        f = bout.fighters[fid]
        attackers = [v for v in values if v != "none"]
        if f.prepared and f.active + f.reactive <= 1:
            return "none"  # keep the great blow: the last blow is for the attack
        for a in attackers:
            if bout.pending.get(a, "").partition(":")[2] == fid:
                return a
        if f.reactive > 0:
            for a in attackers:
                target = bout.pending.get(a, "").partition(":")[2]
                if target in bout.fighters and bout.fighters[target].side == f.side:
                    return a
        return "none"

    def noncombat(self, bout: DewBout, fid: str, values: tuple[str, ...]) -> str:
        f = bout.fighters[fid]
        if any(bout.range(fid, o) <= SAFE_RANGE for o in bout.foes(fid)):
            return "none"
        if "adjust" in values and not f.armour_worn:
            return "adjust"
        if "rest" in values and f.en < f.stats.en and f.en_spent_last_round > 1:
            return "rest"
        return "none"

    def move(self, bout: DewBout, fid: str, values: tuple[str, ...]) -> str:
        f = bout.fighters[fid]
        w = weapon_of(bout, f)
        foes = sorted(bout.foes(fid), key=lambda o: (bout.range(fid, o), o))
        if not foes:
            return "stay|alert"
        near = foes[0]
        rng = bout.range(fid, near)
        if w is not None and w.missile:
            if rng <= 1 and f"open:{near}|unalert" in values:
                return f"open:{near}|unalert"
            return "stay|unalert"
        if w is not None and rng > w.reach and f"close:{near}|alert" in values:
            return f"close:{near}|alert"
        return "stay|alert"

    @staticmethod
    def _weakest(bout: DewBout, attacks: list[str]) -> str:
        return min(attacks, key=lambda v: (bout.fighters[v.partition(":")[2]].en, v))
