"""Folding the rules' events into a bout and its fighters: the only writer of rules state.

Every change the rules make to a `Bout` (orientations, targets, initiative, declarations, the clock)
or to a `FighterState` (CP, wounds, shock, HT, knockdown, death, bonus dice) is an event, and this
module applies it. The rules themselves change state only by emitting an event through `Emitter`,
which folds it at once (so the rest of a resolution reads the changed state) and keeps it; folding
a run's events again, with no rules call and no random draw, rebuilds the same state.

`apply(event, fighters, bout)`: `fighters` is every fighter the event may name (a bout's own, or the
world's for a shot or an out-of-combat check); `bout` is the bout the event happened in, if any.
Events that change nothing (rolls whose results other events carry) have no handler.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from rules import events as rev
from rules.bout import THROW_AS_ORIENTATION, Action, Bout, Committed, PartChoice, pair
from rules.catalog import Catalog
from rules.fighter import FighterState, Wound, disarmed

Fighters = Mapping[str, FighterState]
_Handler = Callable[..., None]  # (event of its own type, fighters, bout)


def apply(event: rev.Event, fighters: Fighters, bout: Bout | None = None) -> None:
    """Fold one rules event (see the module docstring)."""
    handler = HANDLERS.get(type(event))
    if handler is not None:
        handler(event, fighters, bout)


class Emitter:
    """Collects the events of one rules call, folding each as it is emitted."""

    __slots__ = ("bout", "events", "fighters")

    def __init__(self, bout: Bout | None, fighters: Fighters | None = None) -> None:
        self.bout = bout
        self.fighters: Fighters = fighters if fighters is not None else (bout.fighters if bout else {})
        self.events: list[rev.Event] = []

    def emit(self, event: rev.Event) -> None:
        handler = HANDLERS.get(type(event))
        if handler is not None:
            handler(event, self.fighters, self.bout)
        self.events.append(event)

    def extend(self, events: list[rev.Event]) -> None:
        for e in events:
            self.emit(e)


# ----- the bout ------------------------------------------------------------------------------------
def _orientation(e: rev.OrientationChosen, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    bout.orientation[e.fighter] = THROW_AS_ORIENTATION.get(e.orientation, e.orientation)
    bout.answered.add(e.fighter)


def _target(e: rev.TargetChosen, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    bout.targets[e.fighter] = e.target
    bout.answered.add(e.fighter)


def _target_initiative(e: rev.TargetInitiative, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    b = bout
    b.holders = set(e.holders)
    b.contested = set(e.contested)
    b.forget_declaration_order()


def _declared(e: rev.Declared, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    b = bout
    fighters[e.fighter].cp = e.cp_left
    b.declarations[e.fighter] = [_committed(e.fighter, r) for r in e.actions]
    b.answered.add(e.fighter)


def _committed(owner: str, r: rev.ActionRecord) -> Committed:
    parts = tuple([PartChoice(m, d, z) for m, d, z in r.parts]) if r.parts else ()
    action = Action(r.action, r.maneuver, r.opponent, r.dice if not parts else 0, r.zone, r.greater, r.seize,
                    r.reflex_buy, r.terrain_dice, parts)
    return Committed(owner, action, r.role, r.maneuver, r.opponent, r.dice, r.tn, r.cost, r.conditional_cost,
                     r.zone, r.hand, r.flavour)


def _target_changed(e: rev.TargetChanged, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    b = bout
    if e.conceded and e.old is not None:
        b.holders.discard((e.fighter, e.old))
        b.contested.discard(pair(e.fighter, e.old))
        b.holders.add((e.old, e.fighter))
    b.targets[e.fighter] = e.new
    if e.free_contest:
        b.free_contests.add(pair(e.fighter, e.new))


def _untargeted(e: rev.Untargeted, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    bout.targets[e.fighter] = None


_CLOSERS: dict[int, tuple[Catalog, frozenset[str]]] = {}


def _length_closers(catalog: Catalog) -> frozenset[str]:
    """The defences whose win moves the length penalty onto the longer weapon (special closing_void)."""
    found = _CLOSERS.get(id(catalog))
    if found is None:
        ids = frozenset(m.id for m in catalog.maneuvers.values() if m.effects.special == "closing_void")
        found = _CLOSERS[id(catalog)] = (catalog, ids)  # the entry keeps the catalog (its id) alive
    return found[1]


def _attack(e: rev.Attack, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    b = bout
    b.seq = e.seq
    if e.hit and e.wound is not None and e.wound.level > 0:
        # the weapon-length penalty moves to the one who was hit (rules.costs.length_cost)
        wa, wb = fighters[e.attacker].sheet.weapon, fighters[e.defender].sheet.weapon
        if wa is not None and wb is not None and wa.length != wb.length:
            b.length_penalised[pair(e.attacker, e.defender)] = e.defender
    elif (e.defence is not None and e.defence.successes > e.successes
          and e.defence.maneuver in _length_closers(b.catalog)):
        # Closing Void (and Duck and Weave) won: the longer weapon pays the length penalty from now on
        wa, wb = fighters[e.attacker].sheet.weapon, fighters[e.defender].sheet.weapon
        if wa is not None and wb is not None and wa.length > wb.length:
            b.length_penalised[pair(e.attacker, e.defender)] = e.attacker


def _left(e: rev.LeftBout | rev.Dropped, fighters: Fighters, bout: Bout | None) -> None:
    if isinstance(e, rev.LeftBout) and e.collapsed:
        fighters[e.fighter].unconscious = True
    if bout is not None and e.fighter in bout.fighters and e.fighter not in bout.left:
        bout.remove_fighter(e.fighter)


def _initiative_after(e: rev.InitiativeAfter, fighters: Fighters, bout: Bout | None) -> None:
    """The end of an exchange: initiative flows into the next one, declarations are cleared."""
    assert bout is not None, "a bout event folded without its bout"
    b = bout
    attacked: set[str] = set()
    for fid, items in b.declarations.items():
        for c in items:
            if c.role == "attack":
                attacked.add(fid)
                break
    b.attacked_last = attacked
    b.flow = {(a, o): holder for a, o, holder in e.flow}
    b.holders = set(e.holders)
    b.contested = set()
    b.free_contests = set()
    b.declarations = {}
    b.forget_declaration_order()
    b.prev_targets = dict(b.targets)
    if e.paused:
        b.needs_orientation |= set(e.paused) & set(b.roster())
    b.clock.exchanges_done += 1
    b.arrivals.clear()  # one who arrived mid-round is an ordinary member from the next exchange on
    if b.bonus_expiry:
        for fid, expiry in list(b.bonus_expiry.items()):
            if expiry < b.clock.exchanges_done:
                b.fighters[fid].bonus_dice = 0
                del b.bonus_expiry[fid]


def _global(e: rev.GlobalInitiative, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    bout.global_holders = set(e.holders) | set(e.kept)


def _clock(e: rev.ClockStepped, fighters: Fighters, bout: Bout | None) -> None:
    """The clock steps; a new exchange clears the orientations (they are "auto" after exchange 1)."""
    assert bout is not None, "a bout event folded without its bout"
    clock = bout.clock
    if e.exchange != clock.exchange or e.round != clock.round:
        orientation = bout.orientation
        for fid in orientation:
            orientation[fid] = None
        if bout.mobility or bout.flanked or bout.threaded:  # rules.mobility: an exchange's own
            bout.mobility.clear()
            bout.flanked.clear()
            bout.threaded.clear()
    clock.exchange, clock.step, clock.round = e.exchange, e.step, e.round
    bout.answered.clear()
    if bout.stance and e.exchange != 1:
        bout.stance.clear()  # the stance counts in the round's first exchange only (rules.stance)
    if bout.footing_rolled and e.exchange == 1 and e.step == 0:
        bout.footing_rolled.clear()  # a new round: a new terrain roll


def _round_ended(e: rev.RoundEnded, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    b = bout
    for fid, cp in e.refreshed:
        state = fighters[fid]
        state.prone = False
        if state.no_refresh:
            state.no_refresh = False
        else:
            state.carried_shock = 0
        state.cp = cp
    if e.pause:
        b.needs_orientation |= set(b.roster())


# ----- a fighter ---------------------------------------------------------------------------------------
def _cp_lost(e: rev.CpLost | rev.CpSpent, fighters: Fighters, bout: Bout | None) -> None:
    fighters[e.fighter].cp -= e.amount


def _refunded(e: rev.Refunded, fighters: Fighters, bout: Bout | None) -> None:
    fighters[e.fighter].cp += e.dice


def _bonus(e: rev.BonusDice, fighters: Fighters, bout: Bout | None) -> None:
    fighters[e.fighter].bonus_dice = e.dice
    if e.expires >= 0 and bout is not None:
        bout.bonus_expiry[e.fighter] = e.expires


def _no_refresh(e: rev.NoRefresh, fighters: Fighters, bout: Bout | None) -> None:
    fighters[e.fighter].no_refresh = True


def _wound(e: rev.WoundTaken, fighters: Fighters, bout: Bout | None) -> None:
    victim = fighters[e.fighter]
    victim.add_wound(Wound(e.location, e.damage_type, e.level, e.pain, e.bl))
    if e.destroyed:
        victim.destroyed.add(e.location)


def _shock(e: rev.ShockApplied, fighters: Fighters, bout: Bout | None) -> None:
    victim = fighters[e.fighter]
    victim.cp -= e.from_pool
    if e.carried > 0:
        victim.carried_shock = max(victim.carried_shock, e.carried)


def _knock(e: rev.KnockCheck, fighters: Fighters, bout: Bout | None) -> None:
    if not e.failed:
        return
    victim = fighters[e.fighter]
    if e.kind == "knockout":
        victim.unconscious = True
    elif e.kind == "disarm":  # Disarm (rules.exchange): his weapon falls from his hand; he fights unarmed
        victim.sheet = (replace(victim.sheet, weapon=None) if bout is None
                        else disarmed(victim.sheet, bout.catalog))
    elif not victim.prone:
        victim.prone = True
        victim.cp //= 2


def _stance(e: rev.StanceChosen, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    bout.stance[e.fighter] = e.stance


def _footing_set(e: rev.FootingSet, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    bout.footing[e.fighter] = e.dice


def _footing_roll(e: rev.FootingRoll, fighters: Fighters, bout: Bout | None) -> None:
    """The terrain roll's dice are spent; no success and he goes down (prone, CP halved)."""
    state = fighters[e.fighter]
    state.cp -= e.dice
    if not e.passed and not state.prone:
        state.prone = True
        state.cp //= 2
    if bout is not None:
        bout.footing.pop(e.fighter, None)
        bout.footing_rolled.add(e.fighter)


def _terrain_roll(e: rev.TerrainRoll, fighters: Fighters, bout: Bout | None) -> None:
    """A cornered fighter's Full Evasion (`e.evasion`) that fails its terrain roll leaves him down (prone,
    CP halved, as any knockdown); its dice were paid with the declaration. A force-enter's changes nothing
    here (the exchange cancels the attack)."""
    if e.evasion and not e.passed:
        state = fighters[e.fighter]
        if not state.prone:
            state.prone = True
            state.cp //= 2


def _mobility_chosen(e: rev.MobilityChosen, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    bout.mobility[e.fighter] = (e.maneuver, 0 if e.maneuver == "none" else -1)


def _mobility_committed(e: rev.MobilityCommitted, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    bout.mobility[e.fighter] = (e.maneuver, e.dice)
    fighters[e.fighter].cp -= e.dice


def _flanked(e: rev.Flanked, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    bout.flanked[e.fighter] = e.dtn


def _threaded(e: rev.ThreadedPast, fighters: Fighters, bout: Bout | None) -> None:
    assert bout is not None, "a bout event folded without its bout"
    bout.threaded.add((e.foe, e.fighter))


def _died(e: rev.Died, fighters: Fighters, bout: Bout | None) -> None:
    fighters[e.fighter].dead = True


def _blood_loss(e: rev.BloodLossCheck, fighters: Fighters, bout: Bout | None) -> None:
    fighters[e.fighter].ht = e.ht


# each event type's handler: `apply` and `Emitter` look it up, and so does `rules.bout.Bout.fold1`
# (which cannot import this module at its own import)
HANDLERS: dict[type[rev.Event], _Handler] = {
    rev.OrientationChosen: _orientation,
    rev.TargetChosen: _target,
    rev.TargetInitiative: _target_initiative,
    rev.Declared: _declared,
    rev.TargetChanged: _target_changed,
    rev.Untargeted: _untargeted,
    rev.Attack: _attack,
    rev.LeftBout: _left,
    rev.Dropped: _left,
    rev.InitiativeAfter: _initiative_after,
    rev.GlobalInitiative: _global,
    rev.ClockStepped: _clock,
    rev.RoundEnded: _round_ended,
    rev.CpLost: _cp_lost,
    rev.CpSpent: _cp_lost,
    rev.Refunded: _refunded,
    rev.BonusDice: _bonus,
    rev.NoRefresh: _no_refresh,
    rev.WoundTaken: _wound,
    rev.ShockApplied: _shock,
    rev.KnockCheck: _knock,
    rev.Died: _died,
    rev.BloodLossCheck: _blood_loss,
    rev.StanceChosen: _stance,
    rev.FootingSet: _footing_set,
    rev.FootingRoll: _footing_roll,
    rev.TerrainRoll: _terrain_roll,
    rev.MobilityChosen: _mobility_chosen,
    rev.MobilityCommitted: _mobility_committed,
    rev.Flanked: _flanked,
    rev.ThreadedPast: _threaded,
}
