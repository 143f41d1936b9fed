"""`HostedGoldGlory`: Gold & Glory in the world (`rules.systems` registers it as `gold_and_glory`).

The world's bout is a `rules.bout.Bout` (its membership, its reach); this system keeps its `GGBout` on the
bout's `system_state` and runs it with the engine of `rules.gold_glory.system.GoldGlory`:

- `enter` (after every membership update) places the world's fighters: a newcomer joins on his square with
  his creature's stat line from `content/gold_glory_stats.yaml`, facing his nearest foe (`gg_joined`); one
  who left the world's bout is set aside as he is (`gg_withdrawn`) and comes back so; a fighter whom the map
  has on another square than the bout (a step it refused) is put where the map says (`gg_placed`).
- `map_moves` turns the bout's `gg_move` events into steps onto those squares (`rules.systems.MapStep`);
  the world walks them (`game.sim.system_moves`) and the next `enter` reads the squares back.
  A step the map refused also marks its square impassable in the bout (`gg_blocked`: a wall the bout did
  not know; its paths go round it from then on).
- `fold` is the one writer of both: the `GGBout` (`rules.gold_glory.fold.apply`, with the four events
  above here), and of the world's `FighterState`, from `gg_out`: dead is dead, unconscious unconscious, so
  the world takes him off the map and out of its bouts. In the world the bout has no edge (`bounds` None):
  nobody escapes off it (the world's own flight does that).
- `merge` and `split` carry the fighters as they are when the world's bouts merge or split; a newcomer in
  the middle of a round declares nothing and acts from the next round.
- A fighter's wounds outlive his bout, through the world's generic seam: `carry` gives the world what it
  keeps of one leaving a bout on his feet or knocked out (hp and wounds: `rules.gold_glory.carry`; the world's
  `Carried`), and `enter` hands it back (`Entrant.carried`) in `gg_joined`'s `kept` when he joins another
  bout, so he comes in as he was, not healed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from rules import fold as rules_fold
from rules.bout import Bout, IllegalAction
from rules.catalog import Catalog, HouseRules
from rules.deciders import DecisionMaker
from rules.decisions import Decision
from rules.dice import DiceStream
from rules.events import Event
from rules.fighter import FighterSheet, FighterState
from rules.gold_glory import events as ev
from rules.gold_glory.build import Entrant as GGEntrant
from rules.gold_glory.build import creature_id_for, fighter
from rules.gold_glory.carry import Record, record, restore
from rules.gold_glory.fold import apply
from rules.gold_glory.grid import distance, toward
from rules.gold_glory.state import HANDS, GGBout
from rules.gold_glory.stats import GGStats, load_stats
from rules.gold_glory.system import NAME, GoldGlory
from rules.systems import Answer, Entrant, MapMove, MapStep, StepResult


def as_gg(bout: Bout) -> GGBout:
    """The Gold & Glory state of a bout it made; IllegalAction for another system's bout."""
    state = bout.system_state
    if not isinstance(state, GGBout):
        raise IllegalAction("this bout is not a gold_and_glory bout")
    return state


class HostedGoldGlory:
    """Gold & Glory as the world's combat system (see the module docstring)."""

    name = NAME

    def __init__(self, stats: GGStats | None = None, house: Iterable[str] = ()) -> None:
        self.engine = GoldGlory(stats or load_stats(), house)
        self.stats = self.engine.stats

    # ----- building and placing -------------------------------------------------------------------
    def new_bout(self, catalog: Catalog, fighters: Iterable[FighterSheet | FighterState],
                 house_rules: HouseRules | None = None, reach: Mapping[str, Iterable[str]] | None = None) -> Bout:
        """The world's bout with an empty `GGBout` (no edge): `enter` places its members."""
        bout = Bout(catalog, fighters, house_rules, reach)
        bout.system_state = GGBout(self.stats, {}, frozenset(self.engine.house))
        return bout

    def enter(self, bout: Bout, entrant: Callable[[str], Entrant]) -> list[Event]:
        b = as_gg(bout)
        members = bout.members()
        events: list[Event] = []
        for fid in sorted(b.fighters):
            if fid not in members:
                events.append(self._emit(ev.Withdrawn(fid), bout))
        who = {fid: entrant(fid) for fid in members}
        for fid in members:
            pos = who[fid].pos
            if fid in b.fighters:
                if pos is not None and b.fighters[fid].pos != pos and b.fighters[fid].fighting:
                    refused = _refused(b, fid, pos)
                    if refused is not None:
                        events.append(self._emit(ev.Blocked(refused), bout))
                    events.append(self._emit(ev.Placed(fid, pos), bout))
                continue
            sheet = bout.fighters[fid].sheet
            here = pos if pos is not None else _free_square(b, who[fid].side)
            back = fid in b.aside
            hands = tuple(i for i in who[fid].gear if self.stats.item_kind(i) == "weapon")
            events.append(self._emit(ev.Joined(fid, sheet.name, who[fid].side, who[fid].creature, here,
                                               _facing(here, who[fid].side, who), back=back,
                                               kept=who[fid].carried, hands=hands), bout))
        return events

    def _unplaced(self, bout: Bout) -> list[Event]:
        """A bout nobody placed (no world around it: `python -m rules.scenario`): its members join with the
        stat line their id or name finds, each side in a row facing the other."""
        b = as_gg(bout)
        if all(fid in b.fighters for fid in bout.members()):
            return []

        def entrant(fid: str) -> Entrant:
            sheet = bout.fighters[fid].sheet
            return Entrant(creature_id_for(self.stats, fid, sheet.name), sheet.side)

        return self.enter(bout, entrant)

    def _emit(self, event: Event, bout: Bout) -> Event:
        self.fold(event, bout.fighters, bout)
        return event

    def carry(self, bout: Bout, fid: str) -> Record:
        """What the world keeps of a fighter leaving this bout, for his next bout: his hp and wounds
        (`rules.gold_glory.carry`), on his feet or knocked out (a run's fallen companion comes round with his
        wounds); () for one the bout does not have, the dead and the fled."""
        b = as_gg(bout)
        f = b.fighters.get(fid) or b.aside.get(fid)
        return () if f is None or f.dead or f.fled else record(f)

    def merge(self, into: Bout, other: Bout) -> None:
        a, b = as_gg(into), as_gg(other)
        a.fighters.update(b.fighters)
        a.aside.update(b.aside)
        if a.over and a.fight_left():
            a.over = False

    def split(self, old: Bout, new: Bout) -> None:
        a, b = as_gg(old), as_gg(new)
        for fid in new.fighters:
            if fid in a.fighters:
                b.fighters[fid] = a.fighters.pop(fid)
                _forget(a, fid)
        b.round, b.stage = a.round, a.stage

    def map_moves(self, events: Sequence[Event]) -> tuple[MapMove, ...]:
        return tuple(MapStep(e.fighter, e.to) for e in events if isinstance(e, ev.Moved))

    # ----- the clock: the engine's, on the bout's GGBout ------------------------------------------
    def due(self, bout: Bout) -> list[Decision]:
        """The engine's decisions, each preselecting what its AI would choose (it draws nothing): Enter on
        the default plays as the foes do (as Dew's does), not a bare "Done" or "No defence"."""
        b = as_gg(bout)
        out = []
        for d in self.engine.due(b):
            choice = self.engine.ai.choose(b, d)
            if choice != d.default and choice in d.values():
                d = Decision(d.kind, d.who, d.options, choice, d.low, d.high, d.note)
            out.append(d)
        return out

    def answer(self, bout: Bout, decision: Decision, value: Answer, *, reserve: int = 0) -> list[Event]:
        return self.engine.answer(as_gg(bout), decision, value)

    def settle(self, bout: Bout, stream: DiceStream) -> list[Event]:
        events = self.engine.settle(as_gg(bout), stream)
        _to_fighters(events, bout.fighters)
        return events

    def advance(self, bout: Bout, stream: DiceStream) -> StepResult:
        placed = self._unplaced(bout)
        result = self.engine.advance(as_gg(bout), stream)
        _to_fighters(result.events, bout.fighters)
        if placed:
            result.events[:0] = placed
        return result

    def suggest(self, bout: Bout, decision: Decision, maker: DecisionMaker, stream: DiceStream) -> Answer:
        return self.engine.ai.choose(as_gg(bout), decision)

    def fold(self, event: Event, fighters: Mapping[str, FighterState], bout: Bout | None) -> None:
        if bout is not None:
            b = as_gg(bout)
            if isinstance(event, ev.Joined):
                _join(b, event, self.stats)
            elif isinstance(event, ev.Withdrawn):
                b.aside[event.fighter] = b.fighters.pop(event.fighter)
                _forget(b, event.fighter)
            elif isinstance(event, ev.Placed):
                f = b.fighters[event.fighter]
                f.pos = event.to
                f.moving = False
                f.trail.clear()
            elif isinstance(event, ev.Blocked):
                b.terrain[event.square] = 0
            else:
                apply(event, b)
        else:  # a world event's rules events (a shot, a bleed: the world's own TRoS rules) fold as TRoS's
            rules_fold.apply(event, fighters, None)
        _to_fighters((event,), fighters)

    def describe(self, event: Event, names: Mapping[str, str] | None = None) -> str | None:
        if isinstance(event, ev.Joined):
            if any(k == "wound" for k, _ in event.kept):
                return f"{event.name} enters the fight wounded ({dict(event.kept)['hp']} hp)."
            return f"{event.name} enters the fight" + (" again" if event.back else "") + "."
        if isinstance(event, ev.Withdrawn):
            return f"{(names or {}).get(event.fighter, event.fighter)} is out of the fight's reach."
        if isinstance(event, (ev.Placed, ev.Blocked)):
            return None  # the map shows it
        return self.engine.describe(event, names)

    # ----- what the world and the view ask ----------------------------------------------------------
    def footwork(self, bout: Bout) -> bool:
        return False  # movement is the system's own (its move options, walked by `map_moves`)

    def in_window(self, bout: Bout) -> bool:
        return True  # a newcomer joins at once and acts from the next round

    def at_round_start(self, bout: Bout) -> bool:
        return True  # never busy (`in_window`)

    def table(self, bout: Bout) -> tuple[tuple[str, str], ...]:
        return self.engine.table(as_gg(bout))

    def label(self, bout: Bout) -> tuple[str, str]:
        return self.engine.label(as_gg(bout))


def _to_fighters(events: Iterable[Event], fighters: Mapping[str, FighterState]) -> None:
    """The world's part of the bout's events: who is dead or unconscious (a fighter who comes round stays
    out of the world's fight: docs/systems/gold_and_glory.md, "Hosted in the world")."""
    for e in events:
        if isinstance(e, ev.OutOfFight) and e.fighter in fighters:
            if e.state == "dead":
                fighters[e.fighter].dead = True
            elif e.state == "unconscious":
                fighters[e.fighter].unconscious = True


def _join(b: GGBout, e: ev.Joined, stats: GGStats) -> None:
    if e.back and e.fighter in b.aside:
        f = b.aside.pop(e.fighter)
        f.pos, f.facing, f.moving = e.pos, e.facing, False
    else:
        f = fighter(stats, GGEntrant(e.fighter, e.name, e.side, e.creature, e.pos, e.facing))
    restore(f, e.kept, stats)  # as he left his last bout (this one, or another since; nothing kept: as he is)
    if e.hands:  # the world's gear is the truth for his weapons (a run equips them); flasks he held stay
        flasks = [i for i in f.hands if i in stats.potions]
        f.hands = [*e.hands, *flasks][:HANDS]
        f.weapon = stats.wielded(f.stats, f.hands)
    b.fighters[e.fighter] = f
    if b.over and b.fight_left():
        b.over = False  # a fresh foe: the fight goes on


def _forget(b: GGBout, fid: str) -> None:
    """The round in progress without him (he left the bout)."""
    b.frames[:] = [fr for fr in b.frames if fr.owner != fid]
    for fr in b.frames:
        if fr.against == fid:
            fr.against = None
    if b.defence is not None and fid in (b.defence.attacker, b.defence.target):
        b.defence = None
    b.choices.pop(fid, None)
    b.left_unreported = [x for x in b.left_unreported if x != fid]


def _refused(b: GGBout, fid: str, on_map: tuple[int, int]) -> tuple[int, int] | None:
    """The first square of his moves this round that the map did not walk him onto (he stands on `on_map`,
    the last square it did, or where he began); None if another bout fighter is there."""
    trail = b.fighters[fid].trail
    k = len(trail) - 1 - trail[::-1].index(on_map) + 1 if on_map in trail else 0
    if k >= len(trail) or b.occupant(trail[k]) not in (None, fid):
        return None
    return trail[k]


def _facing(here: tuple[int, int], side: str, who: Mapping[str, Entrant]) -> str:
    """Toward the nearest foe with a square (ties: the lowest id); north with none."""
    foes = sorted((distance(here, e.pos), fid, e.pos) for fid, e in who.items()
                  if e.side != side and e.pos is not None and e.pos != here)
    return toward(here, foes[0][2]) if foes else "N"


def _free_square(b: GGBout, side: str) -> tuple[int, int]:
    """A square for a fighter with none (no map): his side's column, the first free row."""
    sides = sorted({f.side for f in b.fighters.values()} | {side})
    col = 2 * sides.index(side)
    row = 0
    while any(f.pos == (col, row) for f in b.fighters.values()):
        row += 1
    return col, row
