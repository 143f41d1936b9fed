"""Combat basics' AI: answers `cb_turn`, `cb_defence` and `cb_direction` from what the character sees.
Deterministic: it draws no dice.

Its turn, in order of preference:
- attack a foe in its combat cluster (the most hurt one);
- shoot the foe with the smallest situational penalty, if it has a missile weapon;
- a foe next to it (one step away): if that foe holds a readied action for someone entering his
  square and is still to act this round, **delay** until after him (his readied action is lost at his
  turn); otherwise **charge** him;
  (and it waits if he has had his turn);
- a foe two steps away, not readied himself, and it did not ready last turn: **ready** an attack for
  when an opponent enters its square (so it strikes first when he closes);
- otherwise step towards the nearest foe (never the way a stumble forbids), or wait.
Its defence is the one with the lowest TN (a shield's block, a parry, a dodge); a stumble it causes
comes from the first direction offered.
"""

from __future__ import annotations

from rules.combat_basics.state import DAZE, ENTER, CbBout, step
from rules.combat_basics.turns import still_to_act
from rules.decisions import CB_DEFENCE, CB_TURN, Decision


class CbAI:
    """See the module docstring."""

    def advise(self, b: CbBout, d: Decision) -> str:
        """The player's default (what Enter takes): the AI's answer, more careful and more cunning.
        In the cluster, a dazed foe first (line 47: he cannot defend), then the most hurt. Badly hurt (pain
        at half his dice or more, or HT 2 or less) his turn is a step that takes him farthest from his
        foes, out of the cluster (lines 25, 41: he leaves it by moving out), when one gains distance.
        Before charging a foe who stands alone, he readies an attack for whoever enters his square, once
        (line 15: the readied action comes first; the AI does not walk onto a set weapon, so the foe waits
        or turns to another, and the fight round him goes on); the next turn, if nobody came, he charges.
        A foe already fighting someone else in his square he charges at once (he is busy)."""
        pick = self.choose(b, d)
        if d.kind != CB_TURN:
            return pick
        fid, values = d.who, set(d.values())
        me = b.fighters[fid]
        foes = b.foes(fid)
        if foes and (me.pain * 2 >= me.sheet.level + me.reflex or me.ht <= 2):
            here = b.cb[fid].pos

            def gap(square: tuple[int, int]) -> int:
                return min(abs(square[0] - b.cb[f].pos[0]) + abs(square[1] - b.cb[f].pos[1]) for f in foes)

            moves = sorted((-gap(step(here, v[5:])), v) for v in values if v.startswith("move:"))
            if moves and -moves[0][0] > gap(here):
                return moves[0][1]
        attacks = [v for v in values if v.startswith("attack:")]
        if attacks:
            return min(attacks, key=lambda v: (not b.cb[v[7:]].has(DAZE), -b.fighters[v[7:]].pain, v))
        if pick.startswith("charge:") and not b.cb[fid].last_action.startswith("ready:") and f"ready:{ENTER}" in values:
            target = pick[7:]
            if b.cluster(b.cb[target].pos) == [target]:
                return f"ready:{ENTER}"
        return pick

    def choose(self, b: CbBout, d: Decision) -> str:
        if d.kind == CB_TURN:
            return self.turn(b, d)
        if d.kind == CB_DEFENCE:
            return self.defence(d)
        return d.default or d.values()[0]

    def defence(self, d: Decision) -> str:
        best, best_tn = "none", 99
        for o in d.options:
            if o.value == "none" or "TN " not in o.label:
                continue
            tn = int(o.label.rsplit("TN ", 1)[1].rstrip(")"))
            if tn < best_tn:
                best, best_tn = o.value, tn
        return best

    def turn(self, b: CbBout, d: Decision) -> str:
        fid, values = d.who, set(d.values())
        me = b.cb[fid]

        def hurt(foe: str) -> tuple[int, str]:
            return (-b.fighters[foe].pain, foe)

        attacks = sorted((v for v in values if v.startswith("attack:")), key=lambda v: hurt(v[7:]))
        if attacks:
            return attacks[0]
        shots = [o for o in d.options if o.value.startswith("shoot:")]
        if shots:
            return min(shots, key=lambda o: (int(o.note.rsplit("penalty ", 1)[1]), o.value)).value
        later = set(still_to_act(b, fid))
        for v in sorted(values):
            if not v.startswith("charge:"):
                continue
            foe = v[7:]
            r = b.cb[foe].readied
            if r is not None and r.trigger == ENTER and r.square == b.cb[foe].pos:
                if foe in later and f"delay:after:{foe}" in values:
                    return f"delay:after:{foe}"
                continue  # walking onto his set weapon: no
            return v
        foes = b.foes(fid)
        if not foes:
            return "wait"
        nearest = min(foes, key=lambda f: (b.distance(fid, f), f))
        dist = abs(b.cb[nearest].pos[0] - me.pos[0]) + abs(b.cb[nearest].pos[1] - me.pos[1])
        if (dist == 2 and b.cb[nearest].readied is None and b.cb[nearest].stats.missile is None
                and not me.last_action.startswith("ready:") and f"ready:{ENTER}" in values):
            return f"ready:{ENTER}"
        if dist == 1:
            return "wait"  # his set weapon waits for whoever enters his square: let him come instead
        return self._towards(b, fid, nearest, values)

    def _towards(self, b: CbBout, fid: str, foe: str, values: set[str]) -> str:
        (x, y), (tx, ty) = b.cb[fid].pos, b.cb[foe].pos
        wanted = []
        if tx > x:
            wanted.append("east")
        if tx < x:
            wanted.append("west")
        if ty > y:
            wanted.append("south")
        if ty < y:
            wanted.append("north")
        for direction in wanted:
            if f"move:{direction}" in values:
                return f"move:{direction}"
        return "wait"
