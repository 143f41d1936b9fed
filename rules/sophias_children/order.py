"""The order of combat of source document 001: surprise, initiative, the Initiative Pools, bidding for
First Action, the Next Action, Interrupts and the end of a round.

Every function here reads an `ScBout` and changes it only by emitting events through an `Emit`
(folded at once by `rules.sophias_children.fold`). Decisions are `rules.decisions.Decision` data:
`due_order` lists the ones owed now, `answer_order` takes one answer.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.bout import IllegalAction
from rules.decisions import BID, COUNTER, DESIGNATE, INTERRUPT, ROLLER, Decision, Option
from rules.dice import DiceStream
from rules.exchange import blood_loss_check
from rules.sophias_children import events as sev
from rules.sophias_children.fold import Emit
from rules.sophias_children.log import squad_name, world_squad_name
from rules.sophias_children.state import FIRST_PICK, START, ScBout
from rules.sophias_children.stats import SQUAD_KINDS, ScStats, from_sheet

PARTY = " level-0 party"  # a side's level-0 player characters' one roll: "<side> level-0 party"
SURPRISE_FACES = 2  # "a roll of 1d6 ... with a result of 1-2 indicating surprise for that side"


# ----- setting up -------------------------------------------------------------------------------------
def configure(bout: ScBout, emit: Emit, stats: Mapping[str, ScStats] | None = None,
              squads: Mapping[str, list[str]] | None = None) -> None:
    """Give every fighter without one his place (unit, kind, level, Agility, initiative roll).
    `stats` per fighter id (the rest: `stats.from_sheet`); `squads`: Squad id -> member ids, all
    Minions or Soldiers of one side and one ("the Squad's common") Agility. ValueError if not."""
    stats = dict(stats or {})
    squad_of: dict[str, str] = {}
    for sid, members in (squads or {}).items():
        if sid in bout.fighters:
            raise ValueError(f"squad {sid!r} has the id of a fighter")
        for fid in members:
            if fid not in bout.fighters:
                raise ValueError(f"squad {sid!r}: unknown fighter {fid!r}")
            if fid in squad_of:
                raise ValueError(f"fighter {fid!r} is in two squads")
            squad_of[fid] = sid
        looks = {(bout.fighters[f].sheet.side, _stats(bout, stats, f).agility) for f in members}
        if len(looks) > 1:
            raise ValueError(f"squad {sid!r}: its members must share one side and one Agility")
        kinds = {_stats(bout, stats, f).kind for f in members}
        if not kinds <= SQUAD_KINDS:
            others = ", ".join(sorted(kinds - SQUAD_KINDS))
            raise ValueError(f"squad {sid!r}: only Minions and Soldiers form Squads, not {others}")
    for fid, state in bout.fighters.items():
        if fid in bout.sc.unit_of:
            continue
        st = _stats(bout, stats, fid)
        side = state.sheet.side
        squad = squad_of.get(fid)
        if squad is not None:
            group = squad
        elif st.kind == "pc" and st.level == 0:
            group = f"{side}{PARTY}"  # "Beginning Player Characters at level 0 ... roll ... for their group"
        else:
            group = fid
        emit(sev.CombatantJoined(fid, squad or fid, side, st.kind, st.level, st.agility, group, squad is not None))


def _stats(bout: ScBout, stats: Mapping[str, ScStats], fid: str) -> ScStats:
    found = stats.get(fid)
    return found if found is not None else from_sheet(bout.fighters[fid].sheet)


def start(bout: ScBout, emit: Emit, stream: DiceStream) -> None:
    """Surprise, initiative, the pools, then First Action (a stand-out high roller) or the bidding."""
    sc = bout.sc
    assert sc.phase == START
    for side in _sides(bout):
        if side not in sc.surprise:
            face = stream.d6()
            emit(sev.SurpriseDecided(side, face <= SURPRISE_FACES, face))
    surprised = {s for s, v in sc.surprise.items() if v}
    if surprised >= set(_sides(bout)):
        surprised = set()  # every side surprised: nobody is ahead of anybody
    groups: dict[str, list[str]] = {}
    for fid in sc.unit_of:
        if bout.fit(fid) and bout.fighters[fid].sheet.side not in surprised:
            groups.setdefault(sc.group[fid], []).append(fid)
    for gid, members in groups.items():
        roller = sc.roller.get(gid)
        if roller not in members:
            roller = max(members, key=lambda f: sc.agility[f])
        face = stream.d6()
        agility = sc.agility[roller]
        emit(sev.InitiativeRolled(gid, tuple(members), roller, face, agility, face + agility))
    emit(sev.PoolsSet(tuple((side, sum(bout.agility_of(u) for u in sc.units if bout.side_of(u) == side))
                            for side in _sides(bout))))
    rolled = [u for u in sc.units if u in sc.initiative]
    top = max(sc.initiative[u] for u in rolled)
    best = [u for u in rolled if sc.initiative[u] == top]
    sides = _unit_sides(bout, best)
    if len(best) == 1:
        emit(sev.ActionGiven(best[0], "stand_out", sc.round))
    elif len(sides) == 1:
        emit(sev.FirstActionWon(sides[0], ()))
    else:
        caps = tuple((side, sum(bout.agility_of(u) for u in best if bout.side_of(u) == side)) for side in sides)
        emit(sev.TieForFirst(top, tuple(best), caps))


def party_groups(bout: ScBout) -> dict[str, list[str]]:
    """The level-0 parties of two or more in the fight: their one initiative roll's id -> members."""
    sc = bout.sc
    groups: dict[str, list[str]] = {}
    for fid, gid in sc.group.items():
        if gid.endswith(PARTY) and bout.fit(fid):
            groups.setdefault(gid, []).append(fid)
    return {gid: members for gid, members in groups.items() if len(members) > 1}


def roller_decisions(bout: ScBout) -> list[Decision]:
    """"Beginning Player Characters at level 0 choose one party member to roll initiative for their
    group": one decision per such party, asked of its first member (default: the best Agility)."""
    sc = bout.sc
    out = []
    for gid, members in party_groups(bout).items():
        if gid in sc.roller or sc.surprise.get(bout.fighters[members[0]].sheet.side, False):
            continue  # chosen already, or surprised (the surprised roll no initiative)
        opts = tuple(Option(m, bout.fighters[m].sheet.name, note=f"Agility {sc.agility[m]}") for m in members)
        best = max(members, key=lambda f: sc.agility[f])
        out.append(Decision(ROLLER, members[0], opts, best, note="who rolls initiative for your party"))
    return out


def answer_roller(bout: ScBout, emit: Emit, decision: Decision, value: str) -> None:
    if value not in decision.values():
        raise IllegalAction(f"one of {', '.join(decision.values())} rolls for the party")
    gid = bout.sc.group[decision.who]
    emit(sev.RollerChosen(gid, value))


def _sides(bout: ScBout) -> list[str]:
    out: list[str] = []
    for unit in bout.sc.units.values():
        if unit.side not in out:
            out.append(unit.side)
    return out


def _unit_sides(bout: ScBout, units: list[str]) -> list[str]:
    out: list[str] = []
    for u in units:
        if bout.side_of(u) not in out:
            out.append(bout.side_of(u))
    return out


def rep(bout: ScBout, uid: str) -> str:
    """The fighter who answers for a unit: its first member in the fight (else its first)."""
    living = bout.living(uid)
    return living[0] if living else bout.unit(uid).members[0]


def unit_label(bout: ScBout, uid: str) -> str:
    unit = bout.unit(uid)
    if unit.squad:
        living = bout.living(uid)
        names = {fid: bout.fighters[fid].sheet.name for fid in (living or unit.members)}
        return f"{world_squad_name(uid, names) if '@' in uid else squad_name(uid)} ({len(living)})"
    return bout.fighters[uid].sheet.name


# ----- bidding for First Action ---------------------------------------------------------------------
def bidder(bout: ScBout) -> str | None:
    """The side to bid next, None when the bidding is over."""
    sc = bout.sc
    order = list(sc.caps)
    active = [s for s in order if s not in sc.stood]
    if not active:
        return None
    if len(active) == 1:
        others = [sc.bids[s] for s in order if s != active[0]]
        if others and sc.bids[active[0]] > max(others):
            return None
    for i in range(len(order)):
        side = order[(sc.bid_turn + i) % len(order)]
        if side not in sc.stood:
            return side
    return None


def bid_range(bout: ScBout, side: str) -> tuple[int, int]:
    """(lowest raise, highest) a side may put up now; it may always stand on its bid instead."""
    sc = bout.sc
    cap = min(sc.caps[side], bout.pool(side))
    low = max(sc.bids[side] + 1, max(sc.bids.values()))
    return low, cap


def bid_decision(bout: ScBout, side: str) -> Decision:
    sc = bout.sc
    low, high = bid_range(bout, side)
    who = next(rep(bout, u) for u in sc.tied if bout.side_of(u) == side)
    current = sc.bids[side]
    note = (f"First Action: bid {low}-{high} of your tied combatants' {sc.caps[side]}, or {current} to stand"
            if low <= high else f"First Action: {current} to stand (you cannot raise)")
    return Decision(BID, who, default=str(current), low=low if low <= high else current,
                    high=high if low <= high else current, note=note)


def answer_bid(bout: ScBout, emit: Emit, who: str, value: int) -> None:
    sc = bout.sc
    side = bidder(bout)
    if side is None or bout.fighters[who].sheet.side != side:
        raise IllegalAction("it is not your side's turn to bid")
    low, high = bid_range(bout, side)
    if value == sc.bids[side]:
        emit(sev.BidMade(side, who, value, stood=True))
        return
    if not low <= value <= high:
        raise IllegalAction(f"bid {sc.bids[side]} to stand, or {low}-{high}" if low <= high
                            else f"you can only stand on {sc.bids[side]}")
    emit(sev.BidMade(side, who, value))


def close_bidding(bout: ScBout, emit: Emit, stream: DiceStream) -> None:
    """The highest bid wins First Action; equal bids (or none): 1d6 per side, ties rolled again."""
    sc = bout.sc
    high = max(sc.bids.values())
    sides = [s for s in sc.caps if sc.bids[s] == high]
    while len(sides) > 1:
        faces = tuple((s, stream.d6()) for s in sides)
        best = max(f for _, f in faces)
        winners = [s for s, f in faces if f == best]
        emit(sev.RollOff(faces, winners[0] if len(winners) == 1 else None))
        sides = winners
    emit(sev.FirstActionWon(sides[0], tuple((s, b) for s, b in sc.bids.items() if b > 0)))
    give_first(bout, emit)


def give_first(bout: ScBout, emit: Emit) -> None:
    """The winning side's only tied unit takes First Action (with several, the side picks)."""
    sc = bout.sc
    mine = first_candidates(bout)
    if len(mine) == 1:
        emit(sev.ActionGiven(mine[0], "first", sc.round))


def first_candidates(bout: ScBout) -> list[str]:
    sc = bout.sc
    top = [u for u in sc.units if u in sc.initiative and bout.living(u)]
    best = max((sc.initiative[u] for u in top), default=0)
    return [u for u in top if sc.initiative[u] == best and bout.side_of(u) == sc.first_side]


# ----- the Next Action and Interrupts ----------------------------------------------------------------
def designate_options(bout: ScBout) -> list[str]:
    """Who may be designated: the Up units; at a round's end any unit but the last to act."""
    sc = bout.sc
    if sc.phase == FIRST_PICK:
        return first_candidates(bout)
    if sc.round_end:
        return [u for u in bout.units_alive() if u != sc.last]
    return bout.up_units()


def designate_decision(bout: ScBout) -> Decision:
    sc = bout.sc
    options = designate_options(bout)
    if sc.phase == FIRST_PICK:
        who, note = rep(bout, options[0]), "your side has First Action: which of you takes it"
    else:
        assert sc.last is not None
        who = designator(bout, sc.last, options)
        note = "the round is over: designate who acts next (not yourself)" if sc.round_end else \
            "designate the Next Action"
    opts = tuple(Option(u, unit_label(bout, u), note=f"initiative {sc.initiative.get(u, '-')}") for u in options)
    return Decision(DESIGNATE, who, opts, _default_designation(bout, options), note=note)


def designator(bout: ScBout, last: str, options: list[str]) -> str:
    """Who designates after `last`'s action: `last` himself; if he is no longer in this bout (the world's
    bout split and he went with the other part: our ruling, the document has one table), a unit of his
    side still in it designates for him; with none left, the first unit that may be designated."""
    if bout.living(last) or not options:
        return rep(bout, last)
    side = bout.side_of(last)
    allies = [u for u in bout.units_alive() if bout.side_of(u) == side]
    return rep(bout, allies[0] if allies else options[0])


def _default_designation(bout: ScBout, options: list[str]) -> str | None:
    """An ally first, else the first Up."""
    if not options:
        return None
    sc = bout.sc
    me = sc.last if sc.phase != FIRST_PICK else None
    if me is not None:
        for u in options:
            if bout.side_of(u) == bout.side_of(me):
                return u
    return options[0]


def answer_designate(bout: ScBout, emit: Emit, who: str, value: str) -> None:
    sc = bout.sc
    options = designate_options(bout)
    if value not in options:
        raise IllegalAction(f"designate one of {', '.join(options)}")
    if sc.phase == FIRST_PICK:
        emit(sev.ActionGiven(value, "first", sc.round))
        return
    assert sc.last is not None
    emit(sev.Designated(sc.last, value))
    after_interrupt_step(bout, emit)


def interrupt_candidates(bout: ScBout) -> list[str]:
    """Up units who may still Interrupt this designation: able (Note #2), with points in the pool; not
    the designator himself (Up again when he designates at a round's end)."""
    sc = bout.sc
    return [u for u in bout.up_units() if u not in (sc.designated, sc.last) and u not in sc.asked
            and bout.unit_able(u) and bout.pool(bout.side_of(u)) > 0]


def _available(bout: ScBout, uid: str, other: str, other_bid: int) -> int:
    """What uid's side can still put up, when `other` (perhaps an ally) has `other_bid` on the table."""
    pool = bout.pool(bout.side_of(uid))
    return pool - (other_bid if bout.side_of(other) == bout.side_of(uid) else 0)


def interrupt_decisions(bout: ScBout) -> list[Decision]:
    sc = bout.sc
    war = sc.war
    target = sc.designated
    assert target is not None
    if war is None:
        cands = interrupt_candidates(bout)
        if not cands:
            return []
        u = cands[0]
        high = bout.pool(bout.side_of(u))
        return [Decision(INTERRUPT, rep(bout, u), default="0", low=0, high=high,  # 0..high: 0 is "not to"
                         note=f"Interrupt {unit_label(bout, target)}'s Next Action: 1-{high} points, 0 not to")]
    if war.turn == "counter":
        high = _available(bout, war.interrupted, war.interrupter, war.bid)
        # as options (0 and bid..high are not one range), so that a match may be preselected and a yield stay
        # one of the choices (the world takes an option, or a number in low..high, or the default)
        opts = (*(Option(str(n), f"Match with {n}", note="keep the action") for n in range(war.bid, high + 1)),
                Option("0", "Yield", note=f"{unit_label(bout, war.interrupter)} takes the action"))
        return [Decision(COUNTER, rep(bout, war.interrupted), opts, default="0", low=war.bid, high=high,
                         note=f"{unit_label(bout, war.interrupter)} Interrupts with {war.bid}: match it "
                              f"({war.bid}-{high}) to keep your action, 0 to yield")]
    high = _available(bout, war.interrupter, war.interrupted, war.match)
    return [Decision(INTERRUPT, rep(bout, war.interrupter), default="0", low=war.match + 1, high=high,
                     note=f"{unit_label(bout, war.interrupted)} matched with {war.match}: raise "
                          f"({war.match + 1}-{high}) or 0 to give way")]


def answer_interrupt(bout: ScBout, emit: Emit, decision: Decision, value: int) -> None:
    sc = bout.sc
    target = sc.designated
    assert target is not None
    uid = sc.unit_of[decision.who]
    if value != 0 and not decision.low <= value <= decision.high:
        raise IllegalAction(f"0, or {decision.low}-{decision.high}" if decision.low <= decision.high
                            else "you cannot bid more: 0")
    war = sc.war
    if decision.kind == COUNTER:
        assert war is not None
        emit(sev.InterruptBid(uid, war.interrupter, value, counter=True))
        if value == 0:
            _settle(bout, emit, war.interrupter)
    elif war is None:
        emit(sev.InterruptBid(uid, target, value))
    else:
        emit(sev.InterruptBid(uid, war.interrupted, value))
        if value == 0:
            _settle(bout, emit, war.interrupted)
    after_interrupt_step(bout, emit)


def after_interrupt_step(bout: ScBout, emit: Emit) -> None:
    """Settle what needs no answer: a counter-bid nobody can make (Stunned / Asleep, or too few points:
    a yield), a raise nobody can make (giving way), or nobody left to Interrupt (the designated acts)."""
    sc = bout.sc
    while sc.phase == "interrupt":
        war = sc.war
        if war is None:
            if interrupt_candidates(bout):
                return
            assert sc.designated is not None
            emit(sev.ActionGiven(sc.designated, "designated", sc.round))
            return
        if war.turn == "counter":
            if bout.unit_able(war.interrupted) and \
                    _available(bout, war.interrupted, war.interrupter, war.bid) >= war.bid:
                return
            emit(sev.InterruptBid(war.interrupted, war.interrupter, 0, counter=True))
            _settle(bout, emit, war.interrupter)
        else:
            if _available(bout, war.interrupter, war.interrupted, war.match) > war.match:
                return
            emit(sev.InterruptBid(war.interrupter, war.interrupted, 0))
            _settle(bout, emit, war.interrupted)


def _settle(bout: ScBout, emit: Emit, winner: str) -> None:
    sc = bout.sc
    war = sc.war
    assert war is not None
    paid: dict[str, int] = {}
    for uid, amount in ((war.interrupter, war.bid), (war.interrupted, war.match)):
        if amount:
            side = bout.side_of(uid)
            paid[side] = paid.get(side, 0) + amount
    emit(sev.InterruptSettled(war.interrupter, war.interrupted, winner, tuple(paid.items())))
    emit(sev.ActionGiven(winner, "interrupt" if winner == war.interrupter else "designated", sc.round))


def end_of_unit(bout: ScBout, emit: Emit, stream: DiceStream) -> None:
    """The acting unit is done: Tapped; at the round's end all reset to Up, the bleeding make the
    rules' blood-loss check, and the pools are recalculated if every side's is 0 ("Agility of
    remaining -- non-dead -- combatants")."""
    sc = bout.sc
    assert sc.acting is not None
    uid = sc.acting
    emit(sev.ActionDone(uid, None))
    if bout.up_units():
        return
    end_round(bout, emit, stream, uid)


def end_round(bout: ScBout, emit: Emit, stream: DiceStream, last: str) -> None:
    """Every unit is Tapped (or out of the fight): the round ends (`end_of_unit`; in the world also when
    the units still Up all left the bout, so that nobody is left to designate)."""
    sc = bout.sc
    emit(sev.ScRoundEnded(sc.round, last))
    for fid in bout.roster():
        emit.extend(blood_loss_check(bout.fighters[fid], stream, sc.round - 1, bout.rules.negative_pool))
    sides = bout.sides_fighting()
    if all(bout.pool(s) <= 0 for s in sides):
        emit(sev.PoolsSet(tuple((s, sum(sc.agility[f] for u in sc.units if bout.side_of(u) == s
                                        for f in bout.unit(u).members if not bout.fighters[f].dead))
                                for s in sides), recalculated=True))
