"""Applying a rolled wound to its victim: pain and blood loss, shock, death, knockout and knockdown.

Shared by every way of being hurt (melee exchanges, missiles). These functions are the same rules
as the private `_wound`, `_shock`, `_knock` and `_die` of `rules.exchange.ExchangeResolver`, in the
same order and with the same events, written without the resolver: the caller passes what the
resolver kept on `self` (the exchange number, the dice stream, the house rules and, inside a bout,
the victim's unresolved attacks that shock strips first) and gets the events back.

    events += apply_wound(victim, record, attacker=..., exchange=..., stream=..., rules=...,
                          pending=unresolved_attacks)

Every change to the victim is an event folded by `rules.fold` (the one writer): a `WoundTaken`, a
`ShockApplied`, a `Died`, a failed `KnockCheck`.

`pending` items only need `owner`, `defender`, `index`, `dice`, `stripped` and `done` (the
exchange's `PendingAttack` has them); shock adds to their `stripped`. Missiles pass no pending
attacks: shock then comes out of the victim's unspent CP and the rest carries over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rules.catalog import HouseRules
from rules.dice import DiceStream, roll_pool
from rules.events import Died, Event, KnockCheck, ShockApplied, WoundRecord, WoundTaken
from rules.fighter import FighterState
from rules.fold import apply

ARM_LOCATIONS: frozenset[str] = frozenset({"hand", "forearm", "elbow", "upper_arm", "shoulder"})


class StrippableAttack(Protocol):
    """An attack not yet rolled whose dice shock can strip (rules.exchange.PendingAttack)."""

    owner: str
    defender: str
    index: int
    dice: int
    stripped: int
    done: bool


def apply_wound(
    victim: FighterState,
    record: WoundRecord,
    *,
    attacker: str,
    exchange: int,
    stream: DiceStream,
    rules: HouseRules,
    pending: Sequence[StrippableAttack] = (),
) -> list[Event]:
    """Pain and BL on the location, a destroyed arm part, shock, then death or the knockout check and
    (if still in the fight) the knockdown check. A record of level 0 (glanced off) does nothing."""
    if record.level <= 0:
        return []
    taken = WoundTaken(exchange, victim.id, record.location, record.damage_type, record.level, record.pain,
                       record.bl, record.location in ARM_LOCATIONS and record.destroyed)
    _fold(victim, taken)
    events: list[Event] = [taken]
    shock = apply_shock(victim, record.shock, attacker=attacker, exchange=exchange, pending=pending)
    if shock is not None:
        events.append(shock)
    if record.death:
        died = kill(victim, exchange, f"{record.damage_type} wound to the {record.location.replace('_', ' ')}")
        if died is not None:
            events.append(died)
        return events
    events += knock_check(victim, "knockout", record.knockout, exchange=exchange, stream=stream, rules=rules)
    if not victim.out_of_fight:
        events += knock_check(victim, "knockdown", record.knockdown, exchange=exchange, stream=stream, rules=rules)
    return events


def apply_shock(
    victim: FighterState,
    amount: int,
    *,
    attacker: str,
    exchange: int,
    pending: Sequence[StrippableAttack] = (),
) -> ShockApplied | None:
    """Shock strips the victim's own unresolved attacks first (the one at `attacker` first), then his
    unspent CP; the rest carries over to the next refresh. None when there is no shock."""
    if amount <= 0:
        return None
    left = amount
    from_attack = 0
    mine = [a for a in pending if a.owner == victim.id and not a.done]
    mine.sort(key=lambda a: (a.defender != attacker, a.index))
    for a in mine:
        take = min(left, a.dice - a.stripped)
        a.stripped += take
        from_attack += take
        left -= take
        if left == 0:
            break
    from_pool = min(left, victim.cp)
    left -= from_pool
    event = ShockApplied(exchange, victim.id, amount, from_attack, from_pool, left)
    _fold(victim, event)
    return event


def knock_check(
    victim: FighterState,
    kind: str,
    spec: int | str | None,
    *,
    exchange: int,
    stream: DiceStream,
    rules: HouseRules,
) -> list[Event]:
    """A knockout (`kind` "knockout": Knockout dice) or knockdown (Knockdown dice) check against
    `rules.knock_tn` + the wound's modifier; "instant" fails without a roll; None: no check.
    No success: knocked out (unconscious), or knocked down (prone, CP halved)."""
    if spec is None:
        return []
    attrs = victim.attributes
    dice = attrs.knockout if kind == "knockout" else attrs.knockdown
    event: KnockCheck
    if spec == "instant":
        event = KnockCheck(exchange, victim.id, kind, 0, 0, (), 0, True, instant=True)
    else:
        r = roll_pool(stream, dice, rules.knock_tn + int(spec), rules.negative_pool)
        event = KnockCheck(exchange, victim.id, kind, r.dice, r.tn, r.faces, r.successes, r.successes == 0)
    _fold(victim, event)  # failed: knocked out (unconscious), or knocked down (prone, CP halved)
    return [event]


def kill(victim: FighterState, exchange: int, cause: str) -> Died | None:
    """Mark the victim dead; the event only the first time."""
    if victim.dead:
        return None
    event = Died(exchange, victim.id, cause)
    _fold(victim, event)
    return event


def _fold(victim: FighterState, event: Event) -> None:
    apply(event, {victim.id: victim})
