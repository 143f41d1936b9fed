"""Resolving the strike at the head of the queue, and the effects that follow: our adaptation of
attack resolution (the document leaves it to the rest of its game) with the rules package's dice and
wounds, the ranged re-roll through a combat cluster (line 33), the readied action set off by being
attacked (line 19), and stumble and daze (lines 35-47).
"""

from __future__ import annotations

from rules.combat_basics import events as ev
from rules.combat_basics.fold import Emitter
from rules.combat_basics.rolls import (
    DEFAULT_ZONE,
    NONE,
    RANGED_ZONE,
    defence_dice,
    defences,
    melee_maneuver,
    missile_level,
    pool,
)
from rules.combat_basics.state import (
    ATTACKED,
    DAZE,
    MELEE,
    OPPOSITE,
    RANGED,
    STUMBLE,
    CbBout,
    Strike,
    directions_from,
    step,
)
from rules.damage import Blow, blow_for, roll_wound
from rules.dice import DiceStream, Roll, roll_pool
from rules.events import Event, KnockCheck, LeftBout, ShockApplied
from rules.wounds import apply_wound

STUMBLE_SECONDS = 2  # a failed knockdown check: he stumbles for 2 seconds (our adaptation)
SHOCK_PER_SECOND = 3  # a wound's shock dazes him for ⌊shock/3⌋ seconds (our adaptation)


def strike_valid(b: CbBout, s: Strike) -> bool:
    """Can the strike still be made: both in the fight, the attacker able to act, the target where the
    attack can reach him (same square for melee, within range for a shot)."""
    if not (b.can_act(s.attacker) and b.active(s.target)):
        return False
    if s.mode == MELEE:
        return b.cb[s.attacker].pos == b.cb[s.target].pos
    missile = b.catalog.missiles.get(b.cb[s.attacker].stats.missile or "")
    return missile is not None and b.distance(s.attacker, s.target) <= missile.max_range


def needs_defence(b: CbBout, s: Strike) -> bool:
    return s.defence is None and strike_valid(b, s) and b.can_defend(s.target) and bool(defences(b, s.target, s.mode))


def resolve_strike(em: Emitter, b: CbBout, stream: DiceStream) -> None:
    """Roll the head strike against its target's defence; a hit wounds him (TRoS wound tables)."""
    s = b.queue[0]
    if not strike_valid(b, s):
        em.emit(ev.AttackRolled(b.round, s.attacker, s.target, s.mode, "", "", 0, s.penalty, 0, (), 0, NONE, 0, 0,
                                (), 0, 0, "skipped"))
        return
    me, him = b.fighters[s.attacker], b.fighters[s.target]
    if s.mode == MELEE:
        found = melee_maneuver(b, s.attacker)
        assert found is not None
        m, tn = found
        kind = "thrust" if m.attack_kind == "thrust" else "swing"
        zone, name = DEFAULT_ZONE[kind], m.id
        blow = blow_for(me, m, kind, "master", 0)
        dice = pool(me, me.sheet.level)
    else:
        missile = b.catalog.missiles[b.cb[s.attacker].stats.missile or ""]
        tn, zone, name = missile.bands[0].atn, RANGED_ZONE, missile.id
        blow = Blow(missile.damage_type, missile.damage + (me.attributes.ST if missile.adds_strength else 0))
        dice = pool(me, missile_level(b, s.attacker))
    roll = roll_pool(stream, dice - s.penalty, tn, b.rules.negative_pool)
    defence = s.defence if s.defence is not None and b.can_defend(s.target) else NONE
    droll = Roll(0, 0, (), 0, False)
    if defence != NONE:
        dtn = dict(defences(b, s.target, s.mode))[defence]
        droll = roll_pool(stream, defence_dice(him), dtn, b.rules.negative_pool)
    mos = roll.successes - droll.successes
    outcome = "hit" if mos > 0 and not roll.botch else (
        "blocked" if defence in ("parry", "block") and droll.successes > 0 else
        "dodged" if defence == "full_evasion" else "missed")
    consequences: list[Event] = []
    location, level = None, 0
    if outcome == "hit":
        wound, _ = roll_wound(b.catalog, him, blow, zone, mos, 0, stream)
        if wound is None or wound.level <= 0:
            outcome = "missed" if wound is None else "hit"
            location = None if wound is None else wound.location
        else:
            location, level = wound.location, wound.level
            consequences = apply_wound(him, wound, attacker=s.attacker, exchange=b.round, stream=stream, rules=b.rules)
    em.emit(ev.AttackRolled(b.round, s.attacker, s.target, s.mode, name, zone, roll.dice, s.penalty, roll.tn,
                            roll.faces, roll.successes, defence, droll.dice, droll.tn, droll.faces,
                            droll.successes, mos, outcome, location, level))
    em.extend(consequences)
    if level and b.active(s.target) and him.pain >= him.sheet.level + him.reflex:
        em.emit(LeftBout(b.round, s.target, "collapses, overwhelmed by pain", collapsed=True))
    _after_roll(em, b, s, outcome, consequences)


def _after_roll(em: Emitter, b: CbBout, s: Strike, outcome: str, consequences: list[Event]) -> None:
    if s.mode == RANGED and outcome in ("dodged", "missed") and s.chain:
        rest = [f for f in s.chain if b.active(f)]
        if rest:  # line 33: re-roll on the next member of the cluster, the penalty one less
            em.emit(ev.StrikeQueued(s.attacker, rest[0], RANGED, max(0, s.penalty - 1), tuple(rest[1:]),
                                    "reroll", front=True))
    if b.active(s.target):
        for c in consequences:
            if isinstance(c, ShockApplied) and c.amount // SHOCK_PER_SECOND > 0:
                afflict(em, b, s.target, DAZE, c.amount // SHOCK_PER_SECOND, s.attacker)
            if isinstance(c, KnockCheck) and c.kind == "knockdown" and c.failed:
                afflict(em, b, s.target, STUMBLE, STUMBLE_SECONDS, s.attacker)
    readied = b.cb[s.target].readied
    if (readied is not None and readied.trigger == ATTACKED and b.can_act(s.target)
            and b.aware(s.target, s.attacker) and b.active(s.attacker)):
        fire(em, b, s.target, s.attacker, ATTACKED)


def fire(em: Emitter, b: CbBout, readier: str, by: str, trigger: str, *, first: bool = False,
         front: bool = True) -> None:
    """The readied action takes place: he moves to the turn before `by` and attacks him (melee if they
    share a square, else a shot if he can; if he can reach him neither way, it is lost)."""
    order = [f for f in b.order if f != readier]
    order.insert(order.index(by) if by in order else len(order), readier)
    mode = readied_mode(b, readier, by)
    if mode is None:
        em.emit(ev.ReadyLost(readier, f"{b.name(by)} set it off out of his reach"))
        return
    em.emit(ev.ReadyTriggered(readier, trigger, by, tuple(order), first))
    em.emit(ev.StrikeQueued(readier, by, mode, shot_penalty(b, readier, by) if mode == RANGED else 0,
                            cluster_chain(b, readier, by) if mode == RANGED else (), "readied", front=front,
                            distance=b.distance(readier, by)))


def readied_mode(b: CbBout, readier: str, target: str, *, after_move: bool = False) -> str | None:
    c = b.cb[readier]
    if after_move or c.pos == b.cb[target].pos:
        return MELEE if melee_maneuver(b, readier) is not None else None
    missile = b.catalog.missiles.get(c.stats.missile or "")
    if missile is not None and not c.has(STUMBLE) and b.distance(readier, target) <= missile.max_range:
        return RANGED
    return None


def shot_penalty(b: CbBout, shooter: str, target: str) -> int:
    """Lines 29-33: half the distance (rounded down) to another square, plus the cluster's size."""
    near = 0 if b.cb[shooter].pos == b.cb[target].pos else b.distance(shooter, target) // 2
    size = len(b.cluster(b.cb[target].pos))
    return near + (size if size > 1 else 0)


def cluster_chain(b: CbBout, shooter: str, target: str) -> tuple[str, ...]:
    """Who a dodged shot goes to next: the target's cluster in initiative order, from the target on."""
    members = b.cluster(b.cb[target].pos)
    if len(members) < 2:
        return ()
    at = members.index(target)
    return tuple(f for f in members[at + 1:] + members[:at] if f != shooter)


def afflict(em: Emitter, b: CbBout, fid: str, kind: str, seconds: int, source: str | None) -> None:
    """A stumble or daze of `seconds` on `fid` from `source`; a stumble whose direction could be more
    than one waits for its causer's choice (`push`)."""
    if seconds <= 0 or not b.active(fid):
        return
    fresh = b.actor == fid
    if kind == DAZE:
        old = b.cb[fid].effects.get(DAZE)
        if old is None or old.seconds < seconds:
            em.emit(ev.EffectBegan(fid, DAZE, seconds, seconds // 2, source, None, seconds % 2 == 1, fresh))
        return
    options = directions_from(b.cb[fid].pos, b.cb[source].pos) if source is not None else ()
    if len(options) > 1 and source is not None and b.active(source):
        em.emit(ev.DirectionAsked(fid, source, seconds, options))
        return
    stumble(em, b, fid, seconds, source, options[0] if options else None)


def stumble(em: Emitter, b: CbBout, fid: str, seconds: int, source: str | None, came_from: str | None) -> None:
    """Line 41: out of the cluster (one square away from where it came from); line 43: he cannot move
    back that way while it lasts."""
    em.emit(ev.EffectBegan(fid, STUMBLE, seconds, seconds // 2, source, came_from, False, b.actor == fid))
    if came_from is not None and b.in_cluster(fid):
        start = b.cb[fid].pos
        em.emit(ev.Moved(fid, start, step(start, OPPOSITE[came_from]), "pushed"))
    if seconds // 2 == 0:  # under two seconds: it lasts no turn of his (line 37)
        em.emit(ev.EffectEnded(fid, STUMBLE))
