"""Resolving an exchange (SPEC §4.5-§4.8, §4.10): the two queues and the overwatch stack, strike-first
contests, attacks against declared defences, damage and shock, initiative afterwards by the design
doc's legend, then the end of the exchange or of the round (blood loss, CP refresh). Under the house
rule `initiative_model: target_plus_global` it also recomputes global initiative (`_update_global`)
and emits a `GlobalInitiative` event after `InitiativeAfter`.

`resolve_exchange(bout, stream)` is the single entry point; every roll it makes comes from `stream`
(the world's `combat` stream, or a scripted one).

Maneuvers with a rule of their own (`Effects.special` and `Effects.knock`, docs/rules_rulings.md) are
read from the attack or defence being rolled, so they cost nothing when nobody declares one: Toss,
Stop Short, the feints, Evasive Attack, Draw Cut, the defensive Master Strike, Grapple's pin, and the
knockdown rolls of Disarm and Hook.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.bout import (
    BUY_INITIATIVE,
    CHANGE_TARGET_BUY,
    QUICK_DEFENSE,
    Bout,
    Committed,
    pair,
)
from rules.catalog import Maneuver
from rules.costs import length_cost, maneuver_tn
from rules.damage import blow_for, roll_wound
from rules.dice import DiceStream, Roll, roll_pool
from rules.events import (
    Attack,
    AttackCancelled,
    BloodLossCheck,
    BonusDice,
    ClockStepped,
    CpLost,
    CpSpent,
    DefenceRoll,
    Died,
    Dropped,
    Event,
    GlobalInitiative,
    InitiativeAfter,
    KnockCheck,
    LeftBout,
    LengthTransfer,
    NoRefresh,
    PairResult,
    ReflexContest,
    Refunded,
    RoundEnded,
    TerrainRoll,
    Untargeted,
    WoundRecord,
)
from rules.fighter import FighterState
from rules.fold import HANDLERS, apply
from rules.wounds import apply_wound

BUY_FLAVOURS = frozenset({"steal", "buy_attacker", "force_enter"})
KNOCK_TN = 8  # Disarm and Hook: the loser's knockdown roll (W1 rules:hook, W2 Disarm)
TOSS_DTN = 7  # Toss: the defender dodges at DTN 7 whatever he declared (E1, G1)
STOP_SHORT_DTN = 7  # Stop Short: the defender's Reflex at TN 7 (E1)
FEINT_DTN = 2  # a fooled defence rolls at TN +2 (ours, docs/rules_rulings.md)
EVASIVE_ATN = 2  # Evasive Attack: attacks on him this exchange at ATN +2 (E1, two extra dice)
DRAW_CUT_BL = 2  # Draw Cut: a wound bleeds 2 more (ours)
THREAD_TN = 7  # Thread the Needle, Outmaneuver: the foe's Reflex at TN 7 against the mover (ours)
FLANK_DTN = 2  # Outmaneuver: the flanked target's defences at DTN +2 this exchange (ours)


@dataclass(slots=True)
class PendingAttack:
    index: int
    owner: str
    defender: str
    maneuver: Maneuver
    dice: int
    tn: int
    zone: str | None
    kind: str
    hand: str
    greater: int
    queue: str
    flavour: str
    order_reflex: int
    terrain_dice: int = 0
    done: bool = False
    stripped: int = 0
    special: str = "none"  # the maneuver's Effects.special
    evaded: int = 0  # ATN added: the defender makes an Evasive Attack
    linked: PendingDefence | None = None  # Master Strike (defence): the parry this blow follows


@dataclass(slots=True)
class PendingDefence:
    owner: str
    against: str | None
    maneuver: Maneuver
    dice: int
    tn: int
    quick: bool
    seize: bool
    preemptive: bool
    used: bool = False
    roll: Roll | None = None
    paid_quick: bool = False
    margin: int | None = None  # kept only for a defensive Master Strike's blow: defence - attack successes
    flanked: int = 0  # DTN added: an Outmaneuver flanked him (rules.exchange._outmaneuver)
    links: bool = False
    terrain_dice: int = 0  # a Full Evasion without room to evade: its terrain roll's dice (`evasion_terrain`)


@dataclass(slots=True)
class Outcome:
    attacker: str
    defender: str
    hit: bool
    order: int
    sim_group: int | None
    defence: Maneuver | None
    seized: bool
    flavour: str


@dataclass(slots=True)
class ExchangeResult:
    events: list[Event] = field(default_factory=list)
    round_ended: bool = False
    pause: bool = False
    left: list[str] = field(default_factory=list)


class _Resolver:
    def __init__(self, bout: Bout, stream: DiceStream) -> None:
        self.bout = bout
        self.stream = stream
        self.events: list[Event] = []
        self.attacks: list[PendingAttack] = []
        self.defences: list[PendingDefence] = []
        self.outcomes: list[Outcome] = []
        self.order_cache: dict[tuple[str, str], str | None] = {}
        self.raw_order: dict[tuple[str, str], str | None] = {}
        self.exchange = bout.clock.exchange
        self.order = 0
        self.sim_groups = 0
        self.hit_fighters: set[str] = set()
        self.attacks_by_owner: dict[str, int] = {}
        self._evasive = False  # somebody makes an Evasive Attack (_add_attack)
        self.threads: list[PendingDefence] = []  # mobility maneuvers, rolled first (mobility())
        self._build()
        if self._evasive:
            self._mark_evaded()

    def _emit(self, event: Event) -> None:
        """Fold the event into the bout (`rules.fold`, the one writer) and keep it."""
        handler = HANDLERS.get(type(event))  # `rules.fold.apply`, without its call
        if handler is not None:
            bout = self.bout
            handler(event, bout.fighters, bout)
        self.events.append(event)

    # ----- setup ----------------------------------------------------------------------------------
    def _build(self) -> None:
        bout = self.bout
        for fid, items in bout.declarations.items():
            for c in items:
                m = bout.catalog.maneuvers[c.maneuver]
                if m.composite:
                    self._build_composite(fid, c, m)
                elif c.role == "attack" and c.opponent is not None:
                    self._add_attack(fid, c, m, c.dice, c.tn, c.zone, c.hand)
                elif c.role == "defense":
                    d = PendingDefence(  # (owner, against, maneuver, dice, tn, quick, seize, preemptive)
                        fid, c.opponent, m, c.dice, c.tn, c.action.action == QUICK_DEFENSE, c.action.seize,
                        c.action.action != "defend",
                    )
                    if m.group == "mobility":
                        self.threads.append(d)  # rolled before any blow, never as a defence
                    else:
                        if m.evasion == "full":
                            d.terrain_dice = c.action.terrain_dice  # set only when he had no room (rules.declare)
                        self.defences.append(d)

    def _mark_evaded(self) -> None:
        """Evasive Attack (E1): every attack on a fighter making one rolls at ATN +2 this exchange."""
        evasive = {a.owner for a in self.attacks if a.special == "evasive"}
        for a in self.attacks:
            if a.defender in evasive:
                a.evaded = EVASIVE_ATN

    def _build_composite(self, fid: str, c: Committed, m: Maneuver) -> None:
        catalog = self.bout.catalog
        sheet = self.bout.fighters[fid].sheet
        parry: PendingDefence | None = None
        master_strike = m.effects.special == "master_strike"
        for part, choice in zip(m.composite, c.action.parts, strict=True):
            pm = catalog.maneuvers[choice.maneuver]
            tn = maneuver_tn(sheet, pm) or 0
            if part.hand == "off" and sheet.off_weapon is not None and pm.requires.hand == "master":
                tn = maneuver_tn(replace(sheet, weapon=sheet.off_weapon), pm) or tn
            if part.role == "attack" and c.opponent is not None:
                blow = self._add_attack(fid, c, pm, choice.dice, tn, choice.zone, part.hand)
                if master_strike:
                    blow.linked = parry  # rolls after the parry, with its margin (W1 rules:master_strike)
                    blow.queue = "non_initiative"
            elif part.role == "defense":
                parry = PendingDefence(fid, c.opponent, pm, choice.dice, tn, False, False, preemptive=False,
                                       links=master_strike)
                self.defences.append(parry)

    def _add_attack(
        self, fid: str, c: Committed, m: Maneuver, dice: int, tn: int, zone: str | None, hand: str
    ) -> PendingAttack:
        bout = self.bout
        opp = c.opponent
        assert opp is not None
        flavour = c.flavour
        if c.action.action in (BUY_INITIATIVE, CHANGE_TARGET_BUY):
            flavour = c.flavour or "steal"
        if flavour in BUY_FLAVOURS or flavour in ("free", "double", "global"):
            queue = "initiative"
        elif flavour in ("none", "quick"):  # a Quick Attack resolves as if without initiative
            queue = "non_initiative"
        else:
            rel = bout.relation(fid, opp)
            queue = "initiative" if rel in ("you_hold", "contested") else "non_initiative"
        reflex = bout.fighters[fid].reflex
        if flavour == "force_enter":
            reflex = reflex // 2 + c.action.reflex_buy
            if self.exchange == 2:
                self._emit(NoRefresh(self.exchange, fid))
        # positional (index, owner, defender, maneuver, dice, tn, zone, kind, hand, greater, queue, flavour,
        # order_reflex, terrain_dice, done, stripped, special): a call with keywords builds a dict
        pending = PendingAttack(
            len(self.attacks), fid, opp, m, dice, tn, zone, m.attack_kind or "swing", hand, c.action.greater,
            queue, flavour, reflex, c.action.terrain_dice if flavour == "force_enter" else 0, False, 0,
            m.effects.special,
        )
        self.attacks.append(pending)
        if pending.special == "evasive":
            self._evasive = True
        return pending

    # ----- ordering -------------------------------------------------------------------------------
    def _sort_key(self, a: PendingAttack) -> tuple[int, int, str, int]:
        return (0 if a.queue == "initiative" else 1, -a.order_reflex, a.owner, a.index)

    def _contest_kind(self, p: str, o: str) -> str | None:
        """Does a strike-first contest decide the order of p and o? Returns the tie rule or None."""
        key = pair(p, o)
        bout = self.bout
        if key in bout.contested:
            return "simultaneous"
        for a in self.attacks:
            if a.owner in key and a.defender in key and a.flavour in BUY_FLAVOURS and not (
                a.flavour == "buy_attacker" and (a.owner, a.defender) in bout.holders
            ):
                return "holder"  # (one who buys as an attacker contests his target only if not holding him)
            if a.flavour == "buy_attacker" and a.owner in key:
                # design doc "Buying Initiative as an Attacker": the buyer contests his place in the
                # queue with each foe who holds target initiative over him (a tie: that holder)
                other = key[1] if a.owner == key[0] else key[0]
                if (other, a.owner) in bout.holders:
                    return "holder"
        if key in bout.free_contests:
            return "holder"
        for a in self.attacks:
            if a.flavour == "double" and a.owner in key and a.defender in key:
                other = a.defender
                if (other, a.owner) in bout.holders:
                    return "holder"
        return None

    def _reflex_for(self, fid: str) -> int:
        for a in self.attacks:
            if a.owner == fid:
                return a.order_reflex
        return self.bout.fighters[fid].reflex

    def first_between(self, p: str, o: str) -> str | None:
        """Who strikes first between p and o: a fighter id, "sim" for simultaneous, or None (free).
        House rule `double_attack_loses_both`: a double attacker who loses to either of his two foes
        strikes after both."""
        key = pair(p, o)
        if key in self.order_cache:
            return self.order_cache[key]
        result = self._first_of_pair(p, o)
        if self.bout.rules.double_attack_loses_both and any(
                a.flavour == "double" and a.owner in key for a in self.attacks):
            result = self._double_loses_both(key, result)
        self.order_cache[key] = result
        return result

    def _double_loses_both(self, key: tuple[str, str], result: str | None) -> str | None:
        for owner in key:
            foes = {a.defender for a in self.attacks if a.owner == owner}
            other = key[1] if owner == key[0] else key[0]
            if result == other or other not in foes or not any(
                    a.flavour == "double" and a.owner == owner for a in self.attacks):
                continue
            if any(self._first_of_pair(owner, f) == f for f in foes - {other}):
                return other  # he lost the contest with his other foe: this one goes first too
        return result

    def _first_of_pair(self, p: str, o: str) -> str | None:
        """`first_between` before the Double Attack house rule (each pair on its own), cached."""
        key = pair(p, o)
        if key in self.raw_order:
            return self.raw_order[key]
        bout = self.bout
        tie_rule = self._contest_kind(p, o)
        result: str | None
        if tie_rule is not None:
            result = self._strike_first_contest(key[0], key[1], tie_rule)
        elif (p, o) in bout.holders:
            result = p
        elif (o, p) in bout.holders:
            result = o
        else:
            result = None
        self.raw_order[key] = result
        return result

    def _strike_first_contest(self, a: str, b: str, tie_rule: str) -> str:
        bout = self.bout
        ta, ka = self._contest_tn(a, b)
        tb, kb = self._contest_tn(b, a)
        pa, pb = self._length_dice_penalty(a, b), self._length_dice_penalty(b, a)
        rflx_a, rflx_b = self._reflex_for(a), self._reflex_for(b)
        ra = roll_pool(self.stream, rflx_a - pa, ta, bout.rules.negative_pool)
        rb = roll_pool(self.stream, rflx_b - pb, tb, bout.rules.negative_pool)
        reason = "more successes"
        winner: str
        holder = a if (a, b) in bout.holders else b if (b, a) in bout.holders else None
        if ra.successes != rb.successes:
            winner = a if ra.successes > rb.successes else b
        elif tie_rule == "holder" and holder is not None and bout.rules.buy_tie == "holder":
            winner = holder  # house rule buy_tie: holder (design doc, TFOB)
            reason = "tie: the original initiative holder strikes first (TFOB)"
        else:
            ea = rflx_a + (1 if ka == "thrust" else 0)
            eb = rflx_b + (1 if kb == "thrust" else 0)
            if ea != eb:
                winner = a if ea > eb else b
                reason = "tie: higher Reflex (a thrust counts +1)"
            elif tie_rule == "holder":
                winner = holder if holder is not None else "sim"
                reason = "tie: the original initiative holder strikes first (TFOB)"
            else:
                winner = "sim"
                reason = "tie: simultaneous"
        self.events.append(
            ReflexContest(
                self.exchange, "strike_first", a, b,
                ra.dice, ra.tn, ra.faces, ra.successes, rb.dice, rb.tn, rb.faces, rb.successes,
                None if winner == "sim" else winner, reason,
            )
        )
        return winner

    def _contest_tn(self, fid: str, other: str) -> tuple[int, str]:
        for a in self.attacks:
            if a.owner == fid and a.defender == other:
                return a.tn, a.kind
        for a in self.attacks:
            if a.owner == fid:
                return a.tn, a.kind
        w = self.bout.fighters[fid].sheet.weapon
        if w is None:
            return 7, "swing"
        options = [(t, k) for t, k in ((w.atn_swing, "swing"), (w.atn_thrust, "thrust")) if t is not None]
        return min(options) if options else (7, "swing")

    def _length_dice_penalty(self, fid: str, other: str) -> int:
        return length_cost(self.bout, fid, other)

    def _precedes(self, y: PendingAttack, x: PendingAttack) -> bool:
        return y.owner != x.owner and self.first_between(y.owner, x.owner) == y.owner

    def _simultaneous(self, y: PendingAttack, x: PendingAttack) -> bool:
        return (
            y.owner == x.defender
            and y.defender == x.owner
            and self.first_between(y.owner, x.owner) == "sim"
        )

    def mobility(self) -> None:
        """Mobility maneuvers (issue 13 item 1, design doc Version 1), before any blow: Outmaneuvers
        first (the offensive ones, design doc), then Threads of the Needle; each in declaration order."""
        for d in sorted(self.threads, key=lambda d: d.maneuver.effects.special != "outmaneuver"):
            if not self.bout.active(d.owner):
                continue
            if d.maneuver.effects.special == "outmaneuver":
                self._outmaneuver(d)
            else:
                self._thread_needle(d)

    def _outmaneuver(self, d: PendingDefence) -> None:
        """Outmaneuver (docs/rules_rulings.md): with a companion targeting his target, his dice at TN 7
        against the target's Reflex at TN 7; a win flanks the target: his defences this exchange roll
        at TN +2. Without such a companion nothing happens and the dice come back."""
        bout = self.bout
        me = d.owner
        foe = bout.targets.get(me)
        partners = [f for f in bout.roster() if f != me and foe is not None and not bout.hostile(me, f)
                    and bout.targets.get(f) == foe]
        if foe is None or not bout.active(foe) or not partners:
            self._emit(Refunded(self.exchange, me, d.dice, d.maneuver.id))
            return
        mine = roll_pool(self.stream, d.dice, d.tn, bout.rules.negative_pool)
        his = roll_pool(self.stream, bout.fighters[foe].reflex, THREAD_TN, bout.rules.negative_pool)
        won = mine.successes > his.successes
        self.events.append(ReflexContest(
            self.exchange, "outmaneuver", me, foe, mine.dice, mine.tn, mine.faces, mine.successes,
            his.dice, his.tn, his.faces, his.successes, me if won else foe,
            "gets to his flank" if won else "he keeps him in front",
        ))
        if won:
            for other in self.defences:
                if other.owner == foe:
                    other.flanked = FLANK_DTN

    def _thread_needle(self, d: PendingDefence) -> None:
        """Thread the Needle (issue 13 item 1, docs/rules_rulings.md): before any blow, the threader's
        dice at TN 7 against each foe but his target who attacks him, each rolling his Reflex at TN 7;
        a foe he beats loses him as his target and his attacks on him do not happen (their CP back)."""
        bout = self.bout
        me = d.owner
        mine = roll_pool(self.stream, d.dice, d.tn, bout.rules.negative_pool)
        target = bout.targets.get(me)
        for foe in sorted({a.owner for a in self.attacks if a.defender == me and a.owner != target}):
            his = roll_pool(self.stream, bout.fighters[foe].reflex, THREAD_TN, bout.rules.negative_pool)
            won = mine.successes > his.successes
            self.events.append(ReflexContest(
                self.exchange, "thread_the_needle", me, foe, mine.dice, mine.tn, mine.faces, mine.successes,
                his.dice, his.tn, his.faces, his.successes, me if won else foe,
                "threads past him" if won else "he keeps him in reach",
            ))
            if not won:
                continue
            name = bout.fighters[me].sheet.name or me
            for a in self.attacks:
                if a.owner == foe and a.defender == me and not a.done:
                    a.done = True
                    self._cancel(a, f"{name} threads the needle past him", refund=True)
            if bout.targets.get(foe) == me:
                self._emit(Untargeted(self.exchange, foe, f"{name} threads the needle"))

    def run(self) -> None:
        flanked = self.bout.flanked
        if flanked:  # Version 2b's Outmaneuver (rules.mobility), resolved at s1
            for d in self.defences:
                d.flanked = max(d.flanked, flanked.get(d.owner, 0))
        if self.threads:
            self.mobility()
        for a in self.attacks:
            self.attacks_by_owner[a.owner] = self.attacks_by_owner.get(a.owner, 0) + 1
        for x in sorted(self.attacks, key=self._sort_key):
            if not x.done:
                self._run_with_precedents(x, frozenset())

    def evasion_terrain(self) -> None:
        """Full Evasion without room to evade (research §3: "without usable terrain, terrain roll TN 7,
        fail = prone, botch = 6 ft fall"): each cornered evader still in the fight rolls the terrain dice
        he set aside at `full_evasion_terrain_tn`, in declaration order, once the exchange is over (his
        evasion stood as declared). No success or a botch and he lands badly: down (prone, CP halved:
        `rules.fold`; a botch's fall is treated the same). Rolled after the round's refresh when the
        exchange ended the round (a won Full Evasion pauses the battle), so the fall halves the pool he
        fights the next exchange with, and he stays down to that round's end."""
        bout = self.bout
        tn = bout.rules.full_evasion_terrain_tn
        for d in self.defences:
            if d.terrain_dice <= 0 or not bout.active(d.owner):
                continue
            t = roll_pool(self.stream, d.terrain_dice, tn, bout.rules.negative_pool)
            passed = t.successes > 0 and not t.botch
            self._emit(TerrainRoll(self.exchange, d.owner, t.dice, t.tn, t.faces, t.successes, passed, True, t.botch))

    def _run_with_precedents(self, x: PendingAttack, visiting: frozenset[str]) -> None:
        visiting = visiting | {x.owner}
        while True:
            before = [
                y for y in self.attacks
                if not y.done and y.owner not in visiting and self._precedes(y, x)
            ]
            if not before:
                break
            self._run_with_precedents(min(before, key=self._sort_key), visiting)
        if x.done:
            return
        # the owner's own earlier attacks (double attack) go first
        if self.attacks_by_owner[x.owner] > 1:
            for own in sorted(self.attacks, key=self._sort_key):
                if own.owner == x.owner and not own.done and own.index < x.index:
                    self._execute([own])
        partner = [y for y in self.attacks if not y.done and y is not x and self._simultaneous(y, x)]
        self._execute([x, *partner[:1]])

    # ----- executing attacks ----------------------------------------------------------------------
    def _find_defence(self, defender: str, attacker: str) -> PendingDefence | None:
        mine = [d for d in self.defences if d.owner == defender]
        for d in mine:
            if not d.used and d.against == attacker and d.maneuver.evasion != "full":
                return d
        for d in mine:
            if d.maneuver.evasion == "full":
                return d
        attacking = {a.owner for a in self.attacks if a.defender == defender}
        for d in mine:
            if not d.used and d.preemptive and (d.against is None or d.against not in attacking):
                return d
        return None

    def _defence_fits(self, d: PendingDefence, x: PendingAttack, dice: int) -> bool:
        req = d.maneuver.requires
        if req.vs_attack and x.kind not in req.vs_attack and not (
                d.maneuver.effects.special == "expulsion" and x.kind == "swing" and dice <= 4):
            return False
        if req.max_incoming_dice is not None and dice > req.max_incoming_dice:
            return False
        shield = self.bout.fighters[d.owner].sheet.shield
        limit = shield.block_limit if shield is not None else None
        return not (d.maneuver.tn.source == "shield_dtn" and limit is not None and dice > limit)

    def _execute(self, group: list[PendingAttack]) -> None:
        rolled = []
        sim_group = None
        if len(group) > 1:
            self.sim_groups += 1
            sim_group = self.sim_groups
        for x in group:
            x.done = True
            rolled.append(self._roll(x))
        for x, roll in zip(group, rolled, strict=True):
            if roll is not None:
                partner = group[1 - group.index(x)].owner if len(group) > 1 else None
                self._apply(x, roll[0], roll[1], roll[2], sim_group, partner)

    def _cancel(self, x: PendingAttack, reason: str, refund: bool = False) -> None:
        self.events.append(AttackCancelled(self.exchange, x.owner, x.defender, x.maneuver.id, reason))
        if refund:
            self._emit(Refunded(self.exchange, x.owner, x.dice, x.maneuver.id))

    def _roll(
        self, x: PendingAttack
    ) -> tuple[Roll, PendingDefence | None, Roll | None] | None:
        bout = self.bout
        owner, target = bout.fighters[x.owner], bout.fighters[x.defender]
        if not bout.active(x.owner):
            self._cancel(x, "the attacker is out of the fight")
            return None
        if not bout.active(x.defender):
            self._cancel(x, "the target is out of the fight", refund=True)
            return None
        dice = x.dice - x.stripped
        if dice <= 0:
            self._cancel(x, "stripped to zero dice (shock or the length penalty took them)")
            self.outcomes.append(
                Outcome(x.owner, x.defender, False, self._next_order(), None, None, False, "stripped")
            )
            return None
        if x.flavour == "force_enter":
            t = roll_pool(self.stream, x.terrain_dice, bout.rules.force_enter_terrain_tn, bout.rules.negative_pool)
            passed = t.successes > 0
            self.events.append(
                TerrainRoll(self.exchange, x.owner, t.dice, t.tn, t.faces, t.successes, passed)
            )
            if not passed:
                self._cancel(x, "force-enter terrain roll failed")
                self.outcomes.append(
                    Outcome(x.owner, x.defender, False, self._next_order(), None, None, False, x.flavour)
                )
                return None
        if x.linked is not None:
            margin = x.linked.margin
            if margin is None or margin < 0:
                why = "no blow came at the Master Strike's parry" if margin is None else "its parry failed"
                self._cancel(x, f"Master Strike: {why}")
                return None
            dice += margin  # the parry's margin carries into the blow (W1 rules:master_strike)
        bonus = owner.bonus_dice
        if bonus:
            self._emit(BonusDice(self.exchange, x.owner, 0))  # used up by this attack
        if x.special == "stop_short":
            return self._stop_short(x, dice + bonus, target)
        roll = roll_pool(self.stream, dice + bonus, x.tn + x.evaded, bout.rules.negative_pool)
        defence = self._find_defence(x.defender, x.owner)
        droll: Roll | None = None
        if defence is not None:
            droll = self._roll_defence(defence, x, dice, target)
            if droll is None:
                defence = None
            elif defence.links:
                defence.margin = droll.successes - roll.successes
        return roll, defence, droll

    def _stop_short(
        self, x: PendingAttack, dice: int, target: FighterState
    ) -> tuple[Roll, PendingDefence | None, Roll | None]:
        """Stop Short (E1; docs/rules_rulings.md): his dice at TN = the defender's PER against the
        defender's Reflex at TN 7, rolled free; a defence he declared against it is spent unrolled."""
        rules = self.bout.rules
        roll = roll_pool(self.stream, dice, min(10, max(2, target.attributes.PER)), rules.negative_pool)
        declared = self._find_defence(x.defender, x.owner)
        if declared is not None and declared.maneuver.evasion != "full":
            declared.used = True
        return roll, None, roll_pool(self.stream, target.reflex, STOP_SHORT_DTN, rules.negative_pool)

    def _roll_defence(
        self, d: PendingDefence, x: PendingAttack, dice: int, target: FighterState
    ) -> Roll | None:
        if d.maneuver.evasion == "full" and d.roll is not None:
            d.used = True
            return d.roll
        if d.quick and not d.paid_quick:
            cost = self.bout.rules.quick_defense_cost
            affordable = min(d.dice, target.cp - cost)
            if affordable < 1:
                return None
            self._emit(CpSpent(self.exchange, d.owner, cost + affordable, "Quick Defense"))
            d.dice = affordable
            d.paid_quick = True
        if not self._defence_fits(d, x, dice):
            d.used = True
            return Roll(0, d.tn, (), 0, False)
        tn = d.tn
        weapon = target.sheet.weapon
        if d.maneuver.tn.source == "weapon_dtn" and weapon is not None and weapon.dtn_vs_small_thrust is not None:
            tn = (weapon.dtn_vs_small_thrust if x.kind == "thrust" and dice <= 4 else weapon.dtn)
            tn += d.maneuver.tn.modifier
        if x.special != "none":
            tn = _special_dtn(x.special, d.maneuver, tn)
        tn += d.flanked
        r = roll_pool(self.stream, d.dice, tn, self.bout.rules.negative_pool)
        d.used = True
        d.roll = r
        return r

    def _next_order(self) -> int:
        self.order += 1
        return self.order

    def _apply(
        self,
        x: PendingAttack,
        roll: Roll,
        defence: PendingDefence | None,
        droll: Roll | None,
        sim_group: int | None,
        partner: str | None,
    ) -> None:
        bout = self.bout
        attacker, victim = bout.fighters[x.owner], bout.fighters[x.defender]
        mos = roll.successes - (droll.successes if droll else 0)
        hit = mos > 0 and not roll.botch
        wound: WoundRecord | None = None
        seized = False
        m = x.maneuver
        shorter = length_cost(bout, x.owner, x.defender)  # the hitter's length steps, if he pays them
        if hit and m.effects.deals_damage and x.zone is not None:
            extra = defence.maneuver.effects.botch_damage_bonus if defence and droll and droll.botch else 0
            blow = blow_for(attacker, m, x.kind, x.hand, x.greater)
            wound, _ = roll_wound(bout.catalog, victim, blow, x.zone, mos, extra, self.stream)
            if wound is None:
                hit = False  # the location roll missed the body
            elif x.special == "draw_cut" and wound.level > 0:
                wound = replace(wound, bl=wound.bl + DRAW_CUT_BL)  # a slicing cut bleeds more (ours)
        self._emit(
            Attack(  # positional, in the event's field order: a call with keywords builds a dict
                bout.seq + 1,  # seq
                self.exchange,
                x.owner,  # attacker
                x.defender,
                m.id,  # maneuver
                roll.dice,
                roll.tn,
                roll.faces,
                roll.successes,
                None if droll is None else DefenceRoll(  # defence
                    x.defender, "reflex" if defence is None else defence.maneuver.id, droll.dice, droll.tn,
                    droll.faces, droll.successes, droll.botch,
                ),
                mos,
                hit,
                wound,
                roll.botch,
                x.queue,
                partner,  # simultaneous_with
                x.stripped,
            )
        )
        if hit:
            self.hit_fighters.add(x.defender)
            if wound is not None and wound.level > 0:
                self._wound(victim, wound, x.owner)  # the length penalty moved with the Attack (rules.fold)
                if shorter and bout.rules.length_transfer_at_once:
                    self._length_at_once(x.defender, x.owner, shorter)
            loss = _cp_loss(m.effects.opponent_cp_loss, mos, x.dice, victim.cp)
            if loss:
                self._lose_cp(victim, loss, f"{m.name} by {x.owner}")
            if m.effects.knock != "none":
                self._knock(victim, m.effects.knock, mos)
        elif defence is not None and droll is not None:
            effects = defence.maneuver.effects
            margin = droll.successes - roll.successes
            if effects.bonus_dice_next == "attacker_successes":
                self._grant_bonus(victim, roll.successes)
            elif effects.bonus_dice_next == "mos" and margin > 0:
                self._grant_bonus(victim, margin)
            loss = _cp_loss(effects.opponent_cp_loss, max(margin, 0), x.dice, attacker.cp)
            if loss:
                self._lose_cp(attacker, loss, f"{defence.maneuver.name} by {x.defender}")
            if effects.knock != "none" and margin > 0:
                self._knock(attacker, effects.knock, margin)
            seize_cost = bout.rules.partial_evade_seize_cost
            if defence.seize and effects.can_seize and victim.cp >= seize_cost:
                self._emit(CpSpent(self.exchange, victim.id, seize_cost, "seizes initiative"))
                seized = True
        self.outcomes.append(
            Outcome(
                x.owner, x.defender, hit, self._next_order(), sim_group,
                defence.maneuver if defence else None, seized, x.flavour,
            )
        )

    def _length_at_once(self, longer: str, shorter: str, steps: int) -> None:
        """House rule `length_transfer_at_once`: `longer`'s attacks on `shorter` not yet rolled lose
        `steps` dice (after shock has taken its share)."""
        for a in self.attacks:
            if a.owner == longer and a.defender == shorter and not a.done:
                take = min(steps, a.dice - a.stripped)
                a.stripped += take
                self.events.append(LengthTransfer(self.exchange, longer, shorter, steps, take))
                return

    def _knock(self, loser: FighterState, kind: str, margin: int) -> None:
        """Disarm and Hook (W1 rules:hook, W2 Disarm): the loser rolls his Knockdown dice less the
        margin at TN 8; no success knocks him down (prone, CP halved) or his weapon from his hand. A
        natural weapon (fists, teeth) is never disarmed; one already down is not hooked again."""
        if not self.bout.active(loser.id):
            return
        weapon = loser.sheet.weapon
        if kind == "disarm" and (weapon is None or "natural" in weapon.tags):
            return
        if kind == "prone" and loser.prone:
            return
        r = roll_pool(self.stream, loser.attributes.knockdown - margin, KNOCK_TN, self.bout.rules.negative_pool)
        self._emit(KnockCheck(self.exchange, loser.id, "disarm" if kind == "disarm" else "knockdown",
                              r.dice, r.tn, r.faces, r.successes, r.successes == 0))

    def _grant_bonus(self, fighter: FighterState, dice: int) -> None:
        if dice <= 0:
            return
        expires = self.bout.clock.exchanges_done + 1
        self._emit(BonusDice(self.exchange, fighter.id, fighter.bonus_dice + dice, expires))

    def _lose_cp(self, fighter: FighterState, amount: int, reason: str) -> None:
        taken = min(amount, fighter.cp)
        if taken > 0:
            self._emit(CpLost(self.exchange, fighter.id, taken, reason))

    def _wound(self, victim: FighterState, record: WoundRecord, attacker: str) -> None:
        self.events += apply_wound(  # folds into the victim itself
            victim, record, attacker=attacker, exchange=self.exchange, stream=self.stream,
            rules=self.bout.rules, pending=self.attacks,
        )

    # ----- after the attacks ----------------------------------------------------------------------
    def refund_unused(self) -> None:
        for d in self.defences:
            if not d.used and not d.quick and d.dice > 0 and self.bout.active(d.owner):
                self._emit(Refunded(self.exchange, d.owner, d.dice, d.maneuver.id))

    def fled(self) -> list[str]:
        out = []
        for d in self.defences:
            if d.maneuver.effects.leaves_bout and d.owner not in self.hit_fighters and self.bout.active(d.owner):
                out.append(d.owner)
        return sorted(set(out))

    def initiative_after(self) -> tuple[dict[tuple[str, str], str | None], list[PairResult], set[str]]:
        bout = self.bout
        by_pair: dict[tuple[str, str], list[Outcome]] = {}
        for o in self.outcomes:
            by_pair.setdefault(pair(o.attacker, o.defender), []).append(o)
        flow: dict[tuple[str, str], str | None] = {}
        results: list[PairResult] = []
        paused: set[str] = set()
        untarget: set[tuple[str, str]] = set()
        for key, outs in sorted(by_pair.items()):
            a, b = key
            prior = a if (a, b) in bout.holders else b if (b, a) in bout.holders else None
            a_outs = [o for o in outs if o.attacker == a]
            b_outs = [o for o in outs if o.attacker == b]
            contested = key in bout.contested or key in bout.free_contests or any(
                o.flavour in BUY_FLAVOURS for o in outs
            )
            symbol, holder = self._legend(a, b, a_outs, b_outs, prior, contested)
            if symbol in ("—", "~~", "evade_full", "quick_hit"):
                paused |= {a, b}
            if symbol == "evade_full":
                untarget.add(key)
            flow[key] = holder
            results.append(PairResult(a, b, symbol, holder))
        for fid in bout.roster():
            other = bout.targets.get(fid)
            if other is None or bout.targets.get(other) != fid:
                continue
            key = pair(fid, other)
            if key not in by_pair and key not in flow:
                flow[key] = None
                paused |= {fid, other}
                results.append(PairResult(key[0], key[1], "lull", None))
        for holder, over in bout.holders:
            key = pair(holder, over)
            if key not in flow and bout.active(holder) and bout.active(over):
                flow[key] = holder
        for a, b in untarget:
            for x, y in ((a, b), (b, a)):
                if bout.targets.get(x) == y:
                    self._emit(Untargeted(self.exchange, x, "full evasion"))
        return flow, results, paused

    def _legend(
        self,
        a: str,
        b: str,
        a_outs: list[Outcome],
        b_outs: list[Outcome],
        prior: str | None,
        contested: bool,
    ) -> tuple[str, str | None]:
        """The design doc's "Who Gets Initiative?" legend, plus one-sided attacks."""
        if a_outs and b_outs:
            fa, fb = a_outs[0], b_outs[0]
            a_hit, b_hit = any(o.hit for o in a_outs), any(o.hit for o in b_outs)
            if fa.sim_group is not None and fa.sim_group == fb.sim_group:
                if a_hit and b_hit:
                    return "—", None
                if not a_hit and not b_hit:
                    return "~~", None
                return "!!", a if a_hit else b
            first, second = (a, b) if fa.order < fb.order else (b, a)
            f_hit, s_hit = (a_hit, b_hit) if first == a else (b_hit, a_hit)
            if f_hit and not s_hit:
                return "!", first
            if f_hit and s_hit:
                rule = self.bout.rules.mutual_hit_winner
                if rule == "last_hitter":
                    return "-", second
                if rule == "prior_holder" and prior is not None:
                    return "-", prior
                return "-", first
            if not f_hit and not s_hit:
                return "~", first
            return "*", second if contested else first
        outs, attacker, defender = (a_outs, a, b) if a_outs else (b_outs, b, a)
        if any(o.hit for o in outs):
            if self.bout.rules.quick_attack_variant == "no_reward" and any(o.flavour == "quick" for o in outs):
                # house rule quick_attack: a Quick Attack that lands gains no initiative; the pair
                # chooses orientation again next round (a miss leaves the defender holding it, below)
                return "quick_hit", None
            return "hit", attacker
        o = outs[0]
        d = o.defence
        if d is None:
            return "miss", defender
        if d.evasion == "full":
            return "evade_full", None
        if d.effects.initiative_on_win == "none":  # Partial Evasion, Void (Closing Void gains it)
            return ("seize", defender) if o.seized else ("evade", prior)
        if d.effects.initiative_on_win == "pause_untarget":
            return "evade_full", None
        return "defended", defender


def _special_dtn(special: str, defence: Maneuver, tn: int) -> int:
    """A defence's TN against an attack with a rule of its own (docs/rules_rulings.md)."""
    if special == "toss":
        return TOSS_DTN  # he dodges what flies at him, whatever he declared (E1, G1)
    if special == "feint" or (special == "feint_vs_parry" and "parry" in defence.tags):
        return min(10, tn + FEINT_DTN)
    return tn


def _cp_loss(kind: str, mos: int, attacker_dice: int, victim_cp: int = 0) -> int:
    if kind == "pin":
        # Grapple (E1): a pin by 4 or more costs three quarters of his CP, by 1-3 (held) half
        return 0 if mos <= 0 else victim_cp * 3 // 4 if mos >= 4 else victim_cp // 2
    if kind == "mos":
        return max(0, mos)
    if kind == "double_mos":
        return 2 * max(0, mos)
    if kind == "half_attacker_dice":
        return attacker_dice // 2
    return 0


def resolve_exchange(bout: Bout, stream: DiceStream) -> ExchangeResult:
    """Resolve the declared exchange and advance the bout's exchange / round. Every change is an
    event folded as it is emitted (`rules.fold`); the clock ends at `s0` of the next exchange."""
    r = _Resolver(bout, stream)
    r.run()
    r.refund_unused()
    result = ExchangeResult(r.events)
    for fid in r.fled():
        result.left.append(fid)
        r._emit(LeftBout(r.exchange, fid, "fled"))
    flow, results, paused = r.initiative_after()
    for fid, state in list(bout.fighters.items()):
        if state.out_of_fight and fid not in bout.left:
            result.left.append(fid)
            if state.unconscious and not state.dead:
                r._emit(LeftBout(r.exchange, fid, "knocked out"))
            else:
                r._emit(Dropped(r.exchange, fid))
    active = set(bout.roster())  # `bout.active` of each, without the calls
    live = sorted([(k[0], k[1], v) for k, v in flow.items() if v is not None and k[0] in active and k[1] in active])
    holders = tuple(sorted((h, b if h == a else a) for a, b, h in live))
    r._emit(InitiativeAfter(r.exchange, holders, tuple(results), tuple(sorted(paused)), tuple(live)))
    members = bout.roster()
    anyone_holds = bool(bout.holders)
    pause = bout.clock.exchange == 1 and bool(members) and not anyone_holds and bool(paused)
    if bout.rules.initiative_model == "target_plus_global":
        r._emit(_update_global(bout, r, pause))
    clock = bout.clock
    if clock.exchange == 2 or pause:
        r.events.extend(end_round(bout, stream, pause))
        result.round_ended = True
        result.pause = pause
    else:
        r._emit(ClockStepped(2, 0, clock.round))
    r.evasion_terrain()
    return result


def _update_global(bout: Bout, r: _Resolver, pause: bool) -> GlobalInitiative:
    """House rule `initiative_model: target_plus_global` (design doc "Target initiative + Global
    initiative system"): a fighter keeps or regains global initiative iff in this exchange he was not
    hit (a hit with MoS > 0 on him) and did not miss (no attack of his failed to land; house rule
    `miss_loses_global: false` forgives a miss); one who neither attacked nor was hit keeps what he
    had. After a battle pause everyone holds it."""
    before = bout.global_holders
    members = bout.roster()
    if pause:
        after = set(members)
    else:
        attacked = {o.attacker for o in r.outcomes}
        # house rule miss_loses_global (default): a miss costs it too; off, only a hit on him does
        missed = {o.attacker for o in r.outcomes if not o.hit} if bout.rules.miss_loses_global else set()
        after = {
            fid for fid in members
            if fid not in r.hit_fighters and fid not in missed and (fid in attacked or fid in before)
        }
    return GlobalInitiative(
        r.exchange,
        tuple(sorted(after)),
        tuple(sorted(f for f in members if f in before and f not in after)),
        tuple(sorted(f for f in members if f not in before and f in after)),
        tuple(sorted(before - set(members))),  # those out of the fight keep their flag
    )


def end_round(bout: Bout, stream: DiceStream, pause: bool = False) -> list[Event]:
    """Blood-loss checks, then CP refresh (SPEC §4.10); the clock goes back to exchange 1."""
    events: list[Event] = []
    fighters = bout.fighters
    for fid in bout.roster():
        bleeding = fighters[fid]
        if bleeding.blood_loss > 0:  # blood_loss_check's own guard (a member of the roster is alive)
            events.extend(_bleed(bleeding, stream, bout.clock.round, bout.rules.negative_pool))
    refreshed = tuple((fid, fighters[fid].refreshed_cp()) for fid in bout.roster())
    events += bout.fold([RoundEnded(bout.clock.round, refreshed, pause)])
    for fid in bout.roster():
        state = fighters[fid]
        if state.pain and state.pain >= state.sheet.level + state.reflex:  # Reflex >= 1: no pain, no collapse
            # pain alone leaves no pool at all: he can no longer fight (research §1.8: CP <= 0)
            events += bout.fold([LeftBout(0, fid, "collapses, overwhelmed by pain", collapsed=True)])
    events += bout.fold([ClockStepped(1, 0, bout.clock.round + 1)])
    for fid in [f for f, s in bout.fighters.items() if s.out_of_fight and f not in bout.left]:
        events += bout.fold([Dropped(0, fid)])
    return events


def blood_loss_check(state: FighterState, stream: DiceStream, round_no: int, negative_pool: str) -> list[Event]:
    """EN dice against TN = total BL; no success costs 1 HT; HT 0 is death."""
    if state.blood_loss <= 0 or state.dead:
        return []
    return _bleed(state, stream, round_no, negative_pool)


def _bleed(state: FighterState, stream: DiceStream, round_no: int, negative_pool: str) -> list[Event]:
    """`blood_loss_check` of a living fighter who bleeds."""
    r = roll_pool(stream, state.attributes.EN, state.blood_loss, negative_pool)
    lost = 1 if r.successes == 0 else 0
    ht = state.ht - lost
    fid = state.sheet.id  # `state.id`, without the property's call
    events: list[Event] = [BloodLossCheck(round_no, fid, r.dice, r.tn, r.faces, r.successes, lost, ht)]
    if ht <= 0:
        events.append(Died(0, fid, "blood loss"))
    fighters = {fid: state}
    for e in events:
        apply(e, fighters)
    return events
