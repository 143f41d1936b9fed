"""The detailed sequence's AI: answers every `dew_*` decision from what the character can see.

It weighs blows by expected damage (a critical counts the damage twice: it also reaches BD) against
their EN. It closes on the nearest foe, becomes alert to fight (a missile user stays unalert to
shoot), attacks the foe it expects to hurt most, and prepares a great blow only when that beats
spending the same blows on attacks: in melee, with the document's numbers, hardly ever; to bring a
foe within a missile's multiplied range, or to finish a thrusting chain, yes. It parries with a
reactive blow when the damage the parry is expected to save is worth the blow's EN (so a free first
blow always; an active blow, never: that is an attack), for itself or a friend; it rests out of
reach, and borrows a blow to strike a foe who comes within reach. Deterministic: no dice.
"""

from __future__ import annotations

from rules.decisions import DEW_MOVE, DEW_NONCOMBAT, DEW_OPTION, DEW_PARRY, DEW_REACT, Decision
from rules.dew.attack import surprise
from rules.dew.options import weapon_of
from rules.dew.phases import allowance_for
from rules.dew.state import DewBout, DewFighter
from rules.dew.traces import CHASE_COST

SAFE_RANGE = 3  # rest or adjust armour only with no foe this close
LETHAL = 3.0  # harm that may knock a character out counts this much more
PARRY_EN_WORTH = 1.0  # expected harm a parry must save per EN it costs (EN spent is EN lost)


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


def critical_chance(bout: DewBout, a: DewFighter, t: DewFighter, preps: int) -> float:
    """P(the D12 makes a hit critical)."""
    need = bout.stats.critical_number(t.ac())
    mult = 2 if surprise(t) == 3 else 1
    return sum(1 for r in range(1, 13) if r * mult - t.stats.ac_mod2 + preps >= need) / 12


def expected_harm(bout: DewBout, a: DewFighter, t: DewFighter, preps: int, parry: int = 0) -> float:
    """Expected EN (and BD, counted again) one attack of a's takes from t."""
    w = weapon_of(bout, a)
    if w is None:
        return 0.0
    count, sides, bonus = w.dice
    damage = max(0.0, count * (sides + 1) / 2 + bonus + 2 * preps)
    return hit_chance(bout, a, t, preps, parry) * damage * (1 + critical_chance(bout, a, t, preps))


def _max_damage(bout: DewBout, a: DewFighter, preps: int) -> int:
    w = weapon_of(bout, a)
    return 0 if w is None else w.max_damage + 2 * preps


def affordable_blows(f: DewFighter) -> int:
    """How many more blows his blows, EN and the phase cap allow."""
    n, spent, en, cap = 0, f.blows_spent, f.en, f.en_cap()
    phase = f.en_spent_phase
    for _ in range(f.active + f.reactive):
        cost = 0 if spent == 0 else 1
        if cost and (en <= cost or phase + cost > cap):
            break
        n, spent, en, phase = n + 1, spent + 1, en - cost, phase + cost
    return n


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
        preps = self._preps(f)
        attacks = [v for v in values if v.startswith("attack:") and bout.fighters[v[7:]].conscious]
        if attacks:
            best = max(attacks, key=lambda v: (self._attack_worth(bout, f, bout.fighters[v[7:]], preps), v))
            target = bout.fighters[best[7:]]
            now = expected_harm(bout, f, target, preps)
            # the same two active blows: prepare and attack, or attack twice
            if "prepare" in values and w is not None and not w.heavy and min(f.active, affordable_blows(f)) >= 2 \
                    and expected_harm(bout, f, target, preps + 1) > 2 * now:
                return "prepare"
            return best
        if "prepare" in values and self._prepare_brings_in_range(bout, f):
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
    def _attack_worth(bout: DewBout, f: DewFighter, t: DewFighter, preps: int) -> float:
        harm = expected_harm(bout, f, t, preps)
        return harm * LETHAL if t.en <= _max_damage(bout, f, preps) else harm

    def _prepare_brings_in_range(self, bout: DewBout, f: DewFighter) -> bool:
        """A missile's range grows with each preparation: prepare when that brings a foe within it and a
        blow is left to shoot (a bow's preparations chain, so the shot follows at once)."""
        w = weapon_of(bout, f)
        if w is None or not w.missile or f.alert or min(f.active, affordable_blows(f)) < 2:
            return False
        reach = w.range * (self._preps(f) + 2)
        return any(bout.range(f.id, o) <= reach for o in bout.foes(f.id))

    @staticmethod
    def _preps(f: DewFighter) -> int:
        return f.prepared if f.prep_weapon == f.weapon else 0

    def parry(self, bout: DewBout, fid: str, values: tuple[str, ...]) -> str:
        """The parry that saves the most expected harm, if that is worth the blow's EN; never with an
        active blow (that is an attack) nor the last blow of a prepared great blow."""
        f = bout.fighters[fid]
        if f.reactive <= 0 or (f.prepared and f.active + f.reactive <= 1):
            return "none"
        cost = f.next_blow_cost()
        best, saved = "none", 0.0
        for a in (v for v in values if v != "none"):
            attacker = bout.fighters[a]
            target_id = bout.pending.get(a, "").partition(":")[2]
            target = bout.fighters.get(target_id)
            if target is None or target.side != f.side:
                continue
            others = sum(bout.fighters[p].stats.parry for p, at in bout.parries.items() if at == a)
            preps = self._preps(attacker)
            gain = expected_harm(bout, attacker, target, preps, others) - \
                expected_harm(bout, attacker, target, preps, others + f.stats.parry)
            if target.en <= _max_damage(bout, attacker, preps):
                gain *= LETHAL  # this hit may knock him out
            if gain > saved:
                best, saved = a, gain
        return best if best != "none" and saved >= cost * PARRY_EN_WORTH else "none"

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
        if w is not None and rng > w.reach:
            # traces (3.1): an unalert foe is one who runs or shoots: chase him (his trace, not his square)
            # while the chase's shorter trace still covers the gap; an alert one stands: close on him
            chase = f"chase:{near}|alert"
            if chase in values and not bout.fighters[near].alert \
                    and allowance_for(f, True) - CHASE_COST >= rng - w.reach:
                return chase
            if f"close:{near}|alert" in values:
                return f"close:{near}|alert"
        return "stay|alert"

    @staticmethod
    def _weakest(bout: DewBout, attacks: list[str]) -> str:
        return min(attacks, key=lambda v: (bout.fighters[v.partition(":")[2]].en, v))


LOSING_SHARE = 0.5  # EN or BD at or below this share of his own: he is losing


class DewGuard(DewAI):
    """What Enter preselects for the player's own character (`HostedDew.due`): the AI's choices, more
    careful with his life, as a player who only presses Enter would want them.

    - Parry as the AI does (a reactive blow, when the harm it saves is worth its EN): parrying every attack
      cost the leader more EN than it saved (a parry of 2 saves about 0.5 EN of expected harm for 1 EN) and
      lost him fights (docs/systems/dew_sequence.md, "Enter on every default").
    - Losing (EN or BD at half or less, or two or more foes in reach): step open from the nearest foe in
      reach rather than trade blows, then, out of every foe's reach, run in the movement phase (unalert:
      the full allowance); never run with a foe in reach (a foe who stands strikes a mover in his reach
      as he starts, unparried, 3.2.2). Not when he has just been caught (`caught`): stepping away again
      would only start the same chase over.
    - Prepare a great blow when it is safe: a foe in reach with no blows left to answer, and two active
      blows to prepare and strike.
    - Rest in the noncombat phase whenever it recovers EN (it only is offered to one who spent no blow
      this round; he becomes alert again in the movement phase).
    """

    name = "dew_guard"

    def losing(self, bout: DewBout, fid: str) -> bool:
        f = bout.fighters[fid]
        if f.en <= f.stats.en * LOSING_SHARE or f.bd <= f.stats.bd * LOSING_SHARE:
            return True
        return len(self._in_reach_of(bout, fid)) >= 2

    @staticmethod
    def _in_reach_of(bout: DewBout, fid: str) -> list[str]:
        """The foes who could strike him where he stands, nearest first."""
        out = []
        for o in bout.foes(fid):
            w = weapon_of(bout, bout.fighters[o])
            if w is not None and not w.missile and bout.range(fid, o) <= w.reach:
                out.append(o)
        return sorted(out, key=lambda o: (bout.range(fid, o), o))

    @staticmethod
    def caught(bout: DewBout, fid: str, threats: list[str]) -> bool:
        """Caught by a lone foe: he came into this bout tired from an earlier one (`DewFighter.tired`; most often
        the foe he stepped away from followed him: in the world a step out of every foe's reach ends the bout
        and the foe's step after him begins a new one) and it is still its first round. Stepping open again
        would only start the chase over, bout after bout with fresh blows and no rest (measured: 12 of 30
        arena fights under Enter ran in that circle until the 600th tick)."""
        return bout.fighters[fid].tired and bout.round == 1 and len(threats) == 1

    def option(self, bout: DewBout, fid: str, values: tuple[str, ...]) -> str:
        threats = self._in_reach_of(bout, fid)
        if threats and self.losing(bout, fid) and not self.caught(bout, fid, threats):
            near = threats[0]
            for v in (f"step_open:{near}", f"open:{near}"):
                if v in values:
                    return v
        f = bout.fighters[fid]
        attacks = [v for v in values if v.startswith("attack:")]
        if "prepare" in values and attacks and min(f.active, affordable_blows(f)) >= 2 \
                and not any(bout.fighters[o].active + bout.fighters[o].reactive for o in threats):
            return "prepare"
        return super().option(bout, fid, values)

    def noncombat(self, bout: DewBout, fid: str, values: tuple[str, ...]) -> str:
        f = bout.fighters[fid]
        if "rest" in values and f.en < f.stats.en and f.en_spent_last_round > 1:
            return "rest"
        return super().noncombat(bout, fid, values)

    def move(self, bout: DewBout, fid: str, values: tuple[str, ...]) -> str:
        if self.losing(bout, fid) and not self._in_reach_of(bout, fid):
            foes = sorted(bout.foes(fid), key=lambda o: (bout.range(fid, o), o))
            if foes and f"open:{foes[0]}|unalert" in values:
                return f"open:{foes[0]}|unalert"
        return super().move(bout, fid, values)
