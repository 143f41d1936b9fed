"""Small builders for rules tests: fighters, bouts, and one exchange driven step by step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.bout import Action, Bout
from rules.catalog import Catalog
from rules.content import default_catalog, with_house_rules
from rules.declare import commit_declaration
from rules.dice import DiceStream, ScriptedStream
from rules.events import Attack, AttackCancelled, Event
from rules.exchange import ExchangeResult, resolve_exchange
from rules.fighter import Attributes, FighterSheet


def catalog(**house_rules: object) -> Catalog:
    base = default_catalog()
    return with_house_rules(base, house_rules) if house_rules else base


def sheet(
    fid: str,
    *,
    weapon: str | None = "arming_sword",
    prof: Mapping[str, int] | None = None,
    side: str | None = None,
    shield: str | None = None,
    armour: Sequence[str] = (),
    cat: Catalog | None = None,
    **attrs: int,
) -> FighterSheet:
    return FighterSheet.build(
        cat or default_catalog(),
        id=fid,
        side=side,
        attributes=Attributes.from_mapping(attrs),
        proficiencies=dict(prof or {"cut_and_thrust": 6}),
        weapon=weapon,
        shield=shield,
        armour=list(armour),
    )


def bout(*sheets: FighterSheet, cat: Catalog | None = None) -> Bout:
    return Bout(cat or default_catalog(), sheets)


def setup(
    b: Bout,
    stream: DiceStream,
    orientations: Mapping[str, str] | None = None,
    targets: Mapping[str, str] | None = None,
) -> list[Event]:
    events: list[Event] = []
    for fid in b.orientation_due():
        events += b.choose_orientation(fid, (orientations or {}).get(fid, "cautious"))
    events += b.finish_targeting(stream, dict(targets or {}))
    return events


def declare_all(b: Bout, declarations: Mapping[str, list[Action]]) -> list[Event]:
    events: list[Event] = []
    while (fid := b.next_declarer()) is not None:
        events += commit_declaration(b, fid, declarations.get(fid, []))
    return events


def exchange(
    b: Bout,
    dice: Sequence[int] | DiceStream,
    declarations: Mapping[str, list[Action]],
    orientations: Mapping[str, str] | None = None,
    targets: Mapping[str, str] | None = None,
) -> ExchangeResult:
    stream = dice if not isinstance(dice, Sequence) else ScriptedStream(list(dice))
    pre = setup(b, stream, orientations, targets)
    pre += declare_all(b, declarations)
    result = resolve_exchange(b, stream)
    result.events[:0] = pre
    return result


def attacks(events: Sequence[Event]) -> list[Attack]:
    return [e for e in events if isinstance(e, Attack)]


def attack_order(events: Sequence[Event]) -> list[str]:
    return [e.attacker for e in events if isinstance(e, Attack | AttackCancelled)]
