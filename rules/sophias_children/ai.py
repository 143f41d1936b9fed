"""The AI of Sophia's Children: bidding for First Action, designating the Next Action, Interrupting
and matching, and the action and defence of a combatant nobody controls. Deterministic (it draws no
dice): it reads only the bout.

- Bid: raise by the least it must while that is at most half the side's pool, else stand.
- Designate: an ally who is Up (the side keeps the initiative), else a foe who is Stunned or Asleep
  (his action is only to recover: Francis's choice), else the foe with the fewest attack dice.
- Interrupt: when a foe able to act was designated, with 1 point, raising by 1 while the bid stays
  within half the side's pool (rounded up); never against an ally.
- Counter-bid: match a foe's Interrupt within half the pool (rounded up); let an ally have it.
- Action: a Stunned or Asleep foe first (he cannot defend), else the foe with the fewest defence
  dice, with the attack of the lower TN; from Hidden, the backstab. Defence: block or parry at the
  lower TN; the dodge (Full Evasion) only when neither is there.
"""

from __future__ import annotations

from rules.bout import IllegalAction
from rules.costs import maneuver_tn
from rules.decisions import ACTION, BID, COUNTER, DEFENCE, DESIGNATE, INTERRUPT, MEMBER, ROLLER, Decision
from rules.sophias_children import action
from rules.sophias_children.order import designate_options
from rules.sophias_children.state import FIRST_PICK, HIDDEN, ScBout
from rules.systems import Answer


def suggest(bout: ScBout, decision: Decision) -> Answer:
    kind = decision.kind
    if kind == BID:
        return _bid(bout, decision)
    if kind == DESIGNATE:
        return _designate(bout, decision)
    if kind == INTERRUPT:
        return _interrupt(bout, decision)
    if kind == COUNTER:
        return _counter(bout, decision)
    if kind == ACTION:
        return _action(bout, decision)
    if kind == DEFENCE:
        return _defence(bout, decision)
    if kind in (MEMBER, ROLLER):
        return decision.default  # the first member; the party's best Agility
    raise IllegalAction(f"sophias_children asks no {kind!r} decision")


def _half(pool: int) -> int:
    return (pool + 1) // 2


def _side(bout: ScBout, fid: str) -> str:
    return bout.fighters[fid].sheet.side


def _bid(bout: ScBout, decision: Decision) -> int:
    side = _side(bout, decision.who)
    current = bout.sc.bids.get(side, 0)
    if decision.low > current and decision.low <= min(decision.high, max(1, bout.pool(side) // 2)):
        return decision.low
    return current


def _designate(bout: ScBout, decision: Decision) -> str:
    options = designate_options(bout)
    mine = _side(bout, decision.who)
    if bout.sc.phase == FIRST_PICK:
        return max(options, key=lambda u: max(action.attack_dice(bout.fighters[m]) for m in bout.living(u)))
    allies = [u for u in options if bout.side_of(u) == mine]
    if allies:
        return allies[0]
    helpless = [u for u in options if not bout.unit_able(u)]
    if helpless:
        return helpless[0]
    return min(options, key=lambda u: sum(action.attack_dice(bout.fighters[m]) for m in bout.living(u)))


def _interrupt(bout: ScBout, decision: Decision) -> int:
    sc = bout.sc
    war = sc.war
    side = _side(bout, decision.who)
    against = sc.designated if war is None else war.interrupted
    assert against is not None
    if bout.side_of(against) == side or not bout.unit_able(against):
        return 0
    if not any(bout.foes(m) for m in bout.living(sc.unit_of[decision.who])):
        return 0
    want = max(1, decision.low)  # the least that Interrupts (a first Interrupt's range starts at 0: "not to")
    return want if want <= min(decision.high, _half(bout.pool(side))) else 0


def _counter(bout: ScBout, decision: Decision) -> int:
    war = bout.sc.war
    assert war is not None
    side = _side(bout, decision.who)
    if bout.side_of(war.interrupter) == side:
        return 0
    return war.bid if war.bid <= min(decision.high, _half(bout.pool(side))) else 0


def _action(bout: ScBout, decision: Decision) -> str:
    attacks = [o.value for o in decision.options if action.is_attack(o.value)]
    if not attacks:
        if bout.foes(decision.who) and action.WAIT in decision.values():
            return action.WAIT  # every foe in reach is Hidden: hiding too would leave nobody to strike (a stall)
        return decision.options[0].value  # hide, else wait (recover when Stunned)
    fid = decision.who
    sheet = bout.fighters[fid].sheet

    def score(value: str) -> tuple[int, int, int]:
        maneuver, target = value.split(":", 1)
        m = bout.catalog.maneuvers[maneuver]
        tn = maneuver_tn(sheet, m) or 10
        helpless = 0 if bout.able(target) else -1
        return helpless, action.defence_dice(bout.fighters[target]), tn

    return min(attacks, key=score)


def advise(bout: ScBout, decision: Decision) -> Answer:
    """What the player is offered as the default (Enter): the AI's answer (`suggest`), but for his action a
    more careful one (`_careful_action`) and for a counter-bid a firmer one (`_keep_action`): a player who
    takes every default should live through a fight the AI's own side might lose. MEMBER and ROLLER keep
    their defaults."""
    if decision.kind == ACTION:
        return _careful_action(bout, decision)
    if decision.kind == COUNTER:
        return _keep_action(bout, decision)
    if decision.kind in (MEMBER, ROLLER):
        return decision.default
    return suggest(bout, decision)


def _keep_action(bout: ScBout, decision: Decision) -> int:
    """The player's counter-bid: a foe's Interrupt of his side's action is matched out of the whole pool,
    not only half of it (the merry thieves' Second Fighter matched to 4 of their 6: the action in hand is
    worth the points; a side that lets the foes take every Next Action they bid for loses the fight)."""
    war = bout.sc.war
    assert war is not None
    side = _side(bout, decision.who)
    if bout.side_of(war.interrupter) == side:
        return 0
    return war.bid if war.bid <= min(decision.high, bout.pool(side)) else 0


def _careful_action(bout: ScBout, decision: Decision) -> str:
    """From the shadows, the backstab (no defence: the AI's pick of target); a helpless foe (Stunned,
    Asleep) in reach, the attack; outnumbered by the able foes in reach, or badly hurt (pain at half his
    dice or more, or HT 2 or less), into the shadows (no one can attack him while Hidden); else the AI's
    attack."""
    fid = decision.who
    values = decision.values()
    attack = _action(bout, decision)
    if not action.is_attack(attack) or bout.has(fid, HIDDEN):
        return attack
    target = attack.split(":", 1)[1]
    if not bout.able(target):
        return attack
    me = bout.fighters[fid]
    able = [f for f in bout.foes(fid) if bout.able(f)]
    hurt = me.pain * 2 >= me.sheet.level + me.reflex or me.ht <= 2
    backs = [v for v in values if v.startswith(f"{action.BACK}:")]
    if hurt and backs:
        return backs[0]
    if len(able) >= 2 and action.HIDE in values:
        return action.HIDE
    return attack


def _defence(bout: ScBout, decision: Decision) -> str:
    sheet = bout.fighters[decision.who].sheet
    best: tuple[int, str] | None = None
    for option in decision.options:
        if option.value in (action.NO_DEFENCE, action.DODGE):
            continue
        m = bout.catalog.maneuvers[option.value]
        tn = maneuver_tn(sheet, m)
        if tn is not None and (best is None or tn < best[0]):
            best = (tn, option.value)
    if best is not None:
        return best[1]
    values = decision.values()
    return action.DODGE if action.DODGE in values else action.NO_DEFENCE
