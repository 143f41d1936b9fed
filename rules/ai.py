"""A simple, honest bout AI: orientation, target and declaration from success odds.

It sees what a player would see (its own pool and wounds, declared attacks, visible orientations and
targets), never an opponent's hidden pool, and picks from `rules.menu.available_actions`, so it can
never declare anything illegal. One die meets TN with probability (11 - TN) / 10. Against a missile,
`suggest_shot_defence` says how many CP to add to the defence (SPEC §4.9, `rules.ranged`).
"""

from __future__ import annotations

import math

from rules.bout import (
    AGGRESSIVE,
    ATTACK,
    BUY_INITIATIVE,
    CAUTIOUS,
    DEFEND,
    DEFEND_PREEMPTIVE,
    DEFENSIVE,
    MOBILITY,
    POSTEMPTIVE,
    QUICK_ATTACK,
    RED,
    WHITE,
    Action,
    Bout,
    seen_maneuver,
)
from rules.catalog import Catalog
from rules.costs import maneuver_tn
from rules.dice import DiceStream, success_chance
from rules.fighter import FighterState
from rules.menu import (
    TERRAIN_FAIL,
    ActionOption,
    ManeuverOption,
    Menu,
    OpponentMenu,
    build_menu,
    option_terrain_dice,
    terrain_dice,
)


def suggest_orientation(bout: Bout, fid: str, stream: DiceStream | None = None) -> str:
    """An orientation in the vocabulary of `bout.orientation_choices()`: under the house rule
    `initiative_model: red_white` a throw: white where it would be Defensive (hurt or short of CP),
    else red (white/white only circles, so an AI that is not in trouble throws red)."""
    choice = _orientation(bout, fid, stream)
    if bout.rules.initiative_model == "red_white":
        return WHITE if choice == DEFENSIVE else RED
    return choice


def _orientation(bout: Bout, fid: str, stream: DiceStream | None) -> str:
    me = bout.fighters[fid]
    foes = bout.foes(fid)
    full = max(1, me.max_cp() + me.pain)
    hurt = me.pain * 2 >= full or me.ht <= 2
    if hurt or me.cp <= 2:
        if me.cp > 0 and after_a_lull(bout, fid):
            return CAUTIOUS  # the lull-breaker: two who both wait Defensive never fight (seed 75: 4394 rounds)
        return DEFENSIVE
    if len(foes) <= 1 and me.cp >= 7:
        if stream is not None and stream.d10() <= 3:
            return CAUTIOUS
        return AGGRESSIVE
    return CAUTIOUS


def after_a_lull(bout: Bout, fid: str) -> bool:
    """Whether fid chooses his orientation after an exchange of this bout in which neither he nor any foe
    in his reach attacked (a lull: both Defensive, or white/white, each waiting for the other). Hurt
    fighters chose Defensive every time, so two hurt ones lulled round after round for ever (seed 75,
    a companion and a skeleton spearman: 4394 rounds); after a lull the hurt one goes Cautious instead,
    which lets the one holding initiative attack. It reads only what both sides saw: who attacked."""
    if bout.clock.exchanges_done == 0:
        return False  # the bout's first orientation: nobody has had a chance to attack yet
    attacked = bout.attacked_last
    return fid not in attacked and not any(foe in attacked for foe in bout.foes(fid))


SHOT_DEFENCE_MAX = 3  # never more CP than this against one missile
SHOT_DEFENCE_SHARE = 4  # ... and, while the CP is still needed, at most a quarter of what is left


def suggest_shot_defence(target: FighterState, step: int | None, *, declared: bool = False,
                         exchange: int = 1) -> int:
    """The CP `target` adds to its defence against one incoming missile (`rules.ranged.ShotContext.
    defence_cp`), from its bout step (`None`: not in a bout), whether it has declared this exchange
    and the exchange (1 or 2). Deterministic, never more than it has:

    - **Not in a bout: none.** CP is refreshed only when a bout's round ends (`rules.exchange.end_round`),
      never outside one, so CP spent now would be missing from the first round of the next melee;
      the free max(Reflex, PER) pool defends.
    - **s0 / s1**: the free pool defends as well; add a quarter of its CP (at most `SHOT_DEFENCE_MAX`)
      only while the CP is plentiful (at least two thirds of its full pool), keeping the rest for its
      own exchange; otherwise none.
    - **s2, not declared yet**: only CP defends now; a quarter of its CP (at most 3), the declaration
      that follows gets the rest.
    - **s2, declared**: what it kept back. In exchange 2 that is refreshed at the round's end anyway
      (unless it cannot refresh), so up to 3 of it; in exchange 1 it is the next exchange's pool:
      a quarter (at most 3).
    """
    cp = target.cp
    if target.out_of_fight or cp <= 0 or step is None:
        return 0
    share = min(SHOT_DEFENCE_MAX, cp // SHOT_DEFENCE_SHARE)
    if step in (0, 1):
        return share if 3 * cp >= 2 * target.max_cp() else 0
    if declared and exchange == 2 and not target.no_refresh:
        return min(SHOT_DEFENCE_MAX, cp)
    return share


def suggest_target(bout: Bout, fid: str) -> str | None:
    legal = bout.legal_targets(fid)
    if len(legal) <= 1:
        return legal[0] if legal else None
    current = bout.targets.get(fid)

    def score(o: str) -> tuple[int, int, int, str]:
        foe = bout.fighters[o]
        return (
            0 if bout.targets.get(o) == fid else 1,  # deal with those who come for me
            0 if o == current else 1,
            -foe.pain,  # finish the most hurt
            o,
        )

    return min(legal, key=score)


def _score(catalog: Catalog, o: ManeuverOption) -> tuple[float, int, str]:
    weight = catalog.maneuvers[o.maneuver].ai_weight
    cost = o.cost + option_terrain_dice(o)  # a cornered Full Evasion's terrain dice are a price too
    return (success_chance(o.tn) * weight - 0.08 * cost, -cost, o.maneuver)


# Option tuples come from rules.menu's shared cache, so their ranking is worth keeping: keyed by the
# ids of the catalog and the tuple, whose entry holds both (an id cannot be reused while it exists).
_RANKED: dict[tuple[int, int], tuple[Catalog, tuple[ManeuverOption, ...], tuple[ManeuverOption, ...]]] = {}


def _best(catalog: Catalog, options: tuple[ManeuverOption, ...], budget: int) -> ManeuverOption | None:
    """The option with the best odds per die, weighted by the content's AI hint, minus its cost."""
    key = (id(catalog), id(options))
    found = _RANKED.get(key)
    if found is None:
        if len(_RANKED) >= 4096:
            _RANKED.clear()
        # best first; the keys are unique (they end with the maneuver id), so this is max()'s choice
        ranked = tuple(sorted((o for o in options if not o.parts), key=lambda o: _score(catalog, o), reverse=True))
        found = _RANKED[key] = (catalog, options, ranked)
    for o in found[2]:
        if o.cost + o.dice_min + option_terrain_dice(o) <= budget:
            return o
    return None


_KINDS = (ATTACK, DEFEND, BUY_INITIATIVE)
_KINDS_QUICK = (ATTACK, DEFEND, BUY_INITIATIVE, QUICK_ATTACK)


def suggest_declaration(bout: Bout, fid: str, stream: DiceStream | None = None) -> list[Action]:
    """Attack with initiative, defend what comes at you, keep something back in exchange 1.
    Not under attack, with no attack of his own on offer (he arrived mid-round, or his target holds
    initiative and attacks somebody else), force-enter when the menu offers it and the pool can pay
    the buy, terrain dice and a fair attack and still keep a reserve (`_force_enter`)."""
    if bout.fighters[fid].cp <= 0:
        return []
    target = bout.targets.get(fid)
    quick_rule = bout.rules.quick_attack
    if bout.rules.allow_force_enter and not bout.declared_attacks_on(fid) and (
        bout.arriving(fid) or (target is not None and bout.relation(fid, target) == "he_holds")
    ):
        entry = _force_enter(bout, fid)
        if entry is not None or bout.arriving(fid) or not quick_rule:
            return [] if entry is None else [entry]
    if not bout.declared_attacks_on(fid) and (
        target is None
        or bout.orientation[fid] == DEFENSIVE
        or (bout.relation(fid, target) == "he_holds" and not quick_rule)
    ):
        return []  # nothing to defend, and the menu would offer no Attack on the target: skip building it
    menu = build_menu(bout, fid, kinds=_KINDS_QUICK if quick_rule else _KINDS)
    incoming = [o for o in menu.opponents if o.attacking_you]
    tm = menu.opponent(target) if target else None
    attack = tm.action(ATTACK) if tm else None
    quick = tm.action(QUICK_ATTACK) if tm and quick_rule else None
    if target is not None and attack is None and quick is None and not bout.declared_attacks_on(fid):
        return []  # not attacked and no attack on the target: nothing to do
    if menu.cp <= 0:
        return []
    chosen: list[Action] = []
    budget = menu.cp if bout.clock.exchange == 2 else max(1, (menu.cp * 2 + 2) // 3)
    if attack is not None and tm is not None and tm.relation in ("you_hold", "contested", "none"):
        reserve = 0
        threats = [o for o in bout.foes(fid) if o != target and bout.targets.get(o) == fid]
        if threats and bout.clock.exchange == 1:
            reserve = min(budget // 2, 2 * len(threats))
        flank = _outmaneuver(bout, fid, target, budget - reserve) if target and len(bout.roster()) > 2 else None
        if flank is not None:
            budget -= flank.dice
        bought = _buy_as_attacker(bout, fid, tm, budget - reserve) if len(bout.foes(fid)) > 1 else None
        action = bought or _attack_action(bout.catalog, attack, target, budget - reserve)
        if action is not None:
            holds = tm.relation == "you_hold"
            hidden = _postemptive(bout, fid, action, threats, reserve) if reserve and holds else None
            return [a for a in (flank, action, hidden) if a is not None]
    if quick is not None and not incoming:
        # house rule quick_attack: the target holds initiative but forfeited it; strike back
        action = _attack_action(bout.catalog, quick, target, budget)
        if action is not None:
            return [action]
    if incoming:
        steal = _maybe_steal(menu, fid, bout, stream)
        if steal is not None:
            return [steal]
        thread = _thread_the_needle(bout, fid, menu, incoming, budget)
        if thread is not None:
            # the foes it threads past are left undefended: their blows do not happen if it works
            chosen.append(thread)
            incoming = [om for om in incoming if om.opponent == target] or incoming[:1]
            budget -= thread.dice
        share = max(1, budget // len(incoming))
        for om in incoming:
            # nothing chosen yet: the menu above already holds this opponent's defences
            current = build_menu(bout, fid, chosen, opponent=om.opponent, kinds=(DEFEND,)) if chosen else menu
            opp = current.opponent(om.opponent)
            defend = opp.action(DEFEND) if opp else None
            if defend is None:
                continue
            need = _incoming_dice(bout, fid, om.opponent)
            option = _best(bout.catalog, defend.maneuvers, min(share, current.cp))
            if option is None:
                continue
            p_att = success_chance(_incoming_tn(bout, fid, om.opponent))
            p_def = max(0.05, success_chance(option.tn))
            want = math.ceil((need * p_att + 0.5) / p_def)
            terrain = option_terrain_dice(option)  # a Full Evasion without room to evade: its terrain roll
            top = option.dice_max + (1 if terrain else 0) - terrain  # dice_max keeps one die for it already
            dice = max(option.dice_min, min(top, share - option.cost - terrain, want))
            if option.dice_min <= dice <= top:
                chosen.append(Action(DEFEND, option.maneuver, om.opponent, dice, terrain_dice=terrain))
        return chosen
    return chosen


def _postemptive(bout: Bout, fid: str, attack: Action, threats: list[str], reserve: int) -> Action | None:
    """Design doc "Defend (postemptive)": attacking the target he holds initiative over, the AI puts
    the CP it keeps back against a threat (a foe who targets it and has not declared yet) into a
    hidden preemptive defence against that foe rather than leaving them loose: the foe does not see it
    (rules.declare) and it is refunded if he never attacks. The threat with the most Reflex (he is the
    likeliest to strike first); the defence `_best` picks, with the reserve's dice. None when the menu
    offers none."""
    waiting = [t for t in threats if t not in bout.declarations]
    if not waiting:
        return None
    threat = max(waiting, key=lambda t: (bout.fighters[t].reflex, t))
    menu = build_menu(bout, fid, [attack], opponent=threat, kinds=(DEFEND_PREEMPTIVE,))
    om = menu.opponent(threat)
    ao = om.action(DEFEND_PREEMPTIVE) if om else None
    if ao is None or ao.flavour != POSTEMPTIVE:
        return None
    option = _best(bout.catalog, ao.maneuvers, min(reserve, menu.cp))
    if option is None:
        return None
    dice = min(option.dice_max, min(reserve, menu.cp) - option.cost)
    if dice < option.dice_min:
        return None
    return Action(DEFEND_PREEMPTIVE, option.maneuver, threat, dice)


THREAD_MIN_DICE = 3  # Thread the Needle is worth it only with a fair roll behind it
THREAD_EDGE = 2  # ... and with this many dice more than the quickest foe it slips past has Reflex


def _thread_the_needle(
    bout: Bout, fid: str, menu: Menu, incoming: list[OpponentMenu], budget: int
) -> Action | None:
    """Issue 13 item 1 (mobility, Version 1): under attack by two or more foes, and his target one of
    them, thread the needle past the others when the odds are good: his dice must outnumber the
    highest Reflex among them by `THREAD_EDGE` (a failed threading leaves their blows undefended),
    and what is left must still meet his target's attack die for die. Declared against the first
    other attacker (it covers all of them, rules.exchange). None otherwise. Deterministic."""
    target = bout.targets.get(fid)
    if len(incoming) < 2 or target is None or not any(om.opponent == target for om in incoming):
        return None
    others = [om.opponent for om in incoming if om.opponent != target]
    dice = max(THREAD_MIN_DICE, max(bout.fighters[o].reflex for o in others) + THREAD_EDGE)
    if budget - dice < max(2, _incoming_dice(bout, fid, target)):
        return None
    om = build_menu(bout, fid, opponent=others[0], kinds=(MOBILITY,)).opponent(others[0])
    mobility = om.action(MOBILITY) if om else None
    option = mobility.option("thread_the_needle") if mobility else None
    if option is None or dice > option.dice_max:
        return None
    return Action(MOBILITY, option.maneuver, others[0], dice)


OUTMANEUVER_DICE = 3  # dice put into an Outmaneuver
OUTMANEUVER_MIN_BUDGET = 12  # ... only with a rich pool: the attack keeps 9 dice (flanks are strong)


def _outmaneuver(bout: Bout, fid: str, target: str, budget: int) -> Action | None:
    """Issue 13 item 1 (mobility, Version 1): with a companion targeting the same foe, and a budget of
    at least `OUTMANEUVER_MIN_BUDGET`, put `OUTMANEUVER_DICE` dice into working round to the foe's
    flank (his defences at TN +2 against both of them, rules.exchange) and attack with the rest.
    Deterministic; None when the menu offers no Outmaneuver."""
    if budget < OUTMANEUVER_MIN_BUDGET or not any(
            f != fid and bout.targets.get(f) == target and not bout.hostile(fid, f) for f in bout.roster()):
        return None
    om = build_menu(bout, fid, opponent=target, kinds=(MOBILITY,)).opponent(target)
    mobility = om.action(MOBILITY) if om else None
    option = mobility.option("outmaneuver") if mobility else None
    if option is None or option.dice_max < OUTMANEUVER_DICE:
        return None
    return Action(MOBILITY, option.maneuver, target, OUTMANEUVER_DICE)


FORCE_ENTER_MIN_DICE = 3  # a force-enter is worth its price only with a fair attack behind it
FORCE_ENTER_TERRAIN_FAIL = TERRAIN_FAIL  # terrain dice until the roll fails at most this often (rules.menu)
FORCE_ENTER_RESERVE = 3  # CP kept back (at least; a third of the pool): defence to come, or the next round


def force_enter_terrain_dice(bout: Bout) -> int:
    """Terrain dice for a force-enter (`terrain_dice` at `force_enter_terrain_tn`). The AI uses it, and
    the maneuver menu preselects it for the player."""
    return terrain_dice(bout.rules.force_enter_terrain_tn)


def _force_enter(bout: Bout, fid: str) -> Action | None:
    """Force-enter (SPEC §4.7) one foe the menu offers it against: his target if he may, else the
    most hurt, then the lowest id. Keep a third of the pool (at least `FORCE_ENTER_RESERVE`): in
    exchange 1 to defend in exchange 2, in exchange 2 for the next round (a force-enter then costs
    its refresh). Terrain dice by `force_enter_terrain_dice`; Reflex is not bought back. None when
    the rest cannot pay the buy, the terrain dice and `FORCE_ENTER_MIN_DICE` attack dice.
    Deterministic."""
    menu = build_menu(bout, fid, kinds=(BUY_INITIATIVE,))
    offers = [
        (om.opponent, ao) for om in menu.opponents
        if (ao := om.action(BUY_INITIATIVE)) is not None and ao.flavour == "force_enter"
    ]
    if not offers:
        return None
    target = bout.targets.get(fid)
    foe, offer = min(offers, key=lambda x: (x[0] != target, -bout.fighters[x[0]].pain, x[0]))
    budget = menu.cp - max(FORCE_ENTER_RESERVE, menu.cp // 3)
    terrain = force_enter_terrain_dice(bout)
    option = _best(bout.catalog, offer.maneuvers, budget - terrain - FORCE_ENTER_MIN_DICE + 1)
    if option is None:
        return None
    dice = min(option.dice_max - terrain, budget - option.cost - terrain)
    if dice < max(option.dice_min, FORCE_ENTER_MIN_DICE):
        return None
    return Action(BUY_INITIATIVE, option.maneuver, foe, dice, option.default_zone, terrain_dice=terrain)


def _attack_action(catalog: Catalog, attack: ActionOption, target: str | None, budget: int) -> Action | None:
    option = _best(catalog, attack.maneuvers, budget)
    if option is None or target is None:
        return None
    dice = max(option.dice_min, min(option.dice_max, budget - option.cost))
    if dice < option.dice_min:
        return None
    return Action(attack.action, option.maneuver, target, dice, option.default_zone)


def _incoming_dice(bout: Bout, fid: str, opponent: str) -> int:
    return sum(c.dice for c in bout.declarations.get(opponent, ()) if c.role == "attack" and c.opponent == fid)


def _incoming_tn(bout: Bout, fid: str, opponent: str) -> int:
    items = [c for c in bout.declarations.get(opponent, ()) if c.role == "attack" and c.opponent == fid]
    if bout.rules.declare_roots_only:
        # only the root is visible: guess the TN of that root with the attacker's (visible) equipment
        sheet = bout.fighters[opponent].sheet
        guesses = [maneuver_tn(sheet, bout.catalog.maneuvers[seen_maneuver(bout, c)]) for c in items]
        tns = [7 if t is None else t for t in guesses]
    else:
        tns = [c.tn for c in items]
    return min(tns) if tns else 7


BUY_AS_ATTACKER_DICE = 3  # attack dice the buy must leave (and no fewer than the held foe's attack less one)


def _buy_as_attacker(bout: Bout, fid: str, tm: OpponentMenu, budget: int) -> Action | None:
    """Design doc "Buying Initiative as an Attacker": when a foe holding target initiative over him has
    declared an attack on him, buy initiative with the attack on his target (a strike-first contest for
    his place in the queue) if after the buy his attack keeps `BUY_AS_ATTACKER_DICE` dice and no fewer
    than that foe's attack less one. Deterministic; None otherwise."""
    buy = tm.action(BUY_INITIATIVE)
    if buy is None or buy.flavour != "buy_attacker":
        return None
    held = [o for o in bout.foes(fid) if (o, fid) in bout.holders and _incoming_dice(bout, fid, o) > 0]
    if not held:
        return None
    option = _best(bout.catalog, buy.maneuvers, budget)
    threat = max(_incoming_dice(bout, fid, o) for o in held)
    if option is None or budget - option.cost < max(BUY_AS_ATTACKER_DICE, threat - 1):
        return None
    return _attack_action(bout.catalog, buy, tm.opponent, budget)


def _maybe_steal(menu: Menu, fid: str, bout: Bout, stream: DiceStream | None) -> Action | None:
    """Steal initiative now and then, when the pool clearly outweighs the incoming attack."""
    if stream is None or len([o for o in menu.opponents if o.attacking_you]) != 1:
        return None
    om = next(o for o in menu.opponents if o.attacking_you)
    buy = om.action(BUY_INITIATIVE)
    if buy is None:
        return None
    incoming = _incoming_dice(bout, fid, om.opponent)
    option = _best(bout.catalog, buy.maneuvers, menu.cp)
    if option is None or menu.cp - option.cost < incoming + 3 or stream.d10() > 3:
        return None
    return _attack_action(bout.catalog, buy, om.opponent, menu.cp)
