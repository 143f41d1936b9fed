"""`HostedDew`: the detailed sequence in the world (`rules.systems` registers it as `dew_sequence`).

The world's bout is a `rules.bout.Bout` (its membership, its reach); this system keeps its `DewBout` on the
bout's `system_state` and runs it with the engine of `rules.dew.system.DewSequence`:

- `enter` (after every membership update) places the world's fighters: a newcomer joins with his
  creature's stats from `content/dew_stats.yaml` (`dew_joined`; derived from his TRoS sheet if the creature
  has none); one who left on his feet is set aside as he is (`dew_withdrawn`) and comes back so; every
  range is the Chebyshev distance between the two squares, 1 to 6 (`dew_range` when it changed).
- `map_moves` turns a step's maneuvers (`dew_maneuver`) and movement into steps on the map: by traces
  (`dew_trace_step`, the squares each mover entered; the option `traces`, on by default), else a change
  of distance (`dew_move`); the world walks them and the next `enter` reads the squares (`dew_placed`)
  and ranges back.
- `traces` gives the movement traces drawn last, for the map (`game.sim.player_view.system_traces`).
- `fold` is the one writer of both: the `DewBout` (`rules.dew.fold.apply`, with `dew_joined` and
  `dew_withdrawn` here), and of the world's `FighterState`, from `dew_out`: EN 0 or less is unconscious, BD
  0 or less dead, so the world takes him off the map and out of its bouts.
- `merge` and `split` carry the characters' state when the world's bouts merge or split.
- `shot_problem` and `shoot`: a shot loosed in the world lands by Dew's own missile rules
  (`rules.dew.shots`), not TRoS's.
- `carry` gives the world what it keeps of a character leaving a bout on his feet (EN, BD: `rules.dew.carry`),
  and `enter` hands it back (`Entrant.carried`, after the rest of `Entrant.rested_rounds`) when he joins
  another bout.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

from rules import fold as rules_fold
from rules.bout import Bout, IllegalAction
from rules.catalog import Catalog, HouseRules
from rules.deciders import DecisionMaker
from rules.decisions import DEW_MOVE, DEW_OPTION, DEW_PARRY, DEW_REACT, Decision
from rules.dew import events as ev
from rules.dew import shots
from rules.dew import table as dew_table
from rules.dew.ai import DewGuard
from rules.dew.build import DEFAULT_RANGE, creature_id_for, derive_creature, fighter
from rules.dew.build import Entrant as DewEntrant
from rules.dew.carry import record, rested
from rules.dew.fold import apply
from rules.dew.state import COMBAT, DewBout, clamp_range, pair
from rules.dew.stats import CreatureModel, DewStats, load_stats
from rules.dew.system import NAME, DewSequence, as_dice
from rules.dice import DiceStream
from rules.events import Event
from rules.fighter import FighterSheet, FighterState
from rules.systems import Answer, Entrant, MapMove, MapStep, Shot, ShotOutcome, StepResult

STALE = "the world's fighter is out of this bout"


def as_dew(bout: Bout) -> DewBout:
    """The detailed sequence's state of a bout it made; IllegalAction for another system's bout."""
    state = bout.system_state
    if not isinstance(state, DewBout):
        raise IllegalAction("this bout is not a dew_sequence bout")
    return state


class HostedDew:
    """The detailed sequence as the world's combat system (see the module docstring)."""

    name = NAME

    def __init__(self, stats: DewStats | None = None) -> None:
        self.engine = DewSequence(stats or load_stats())
        self.stats = self.engine.stats
        self.guard = DewGuard()  # what Enter preselects for the player's own character

    # ----- building and placing -------------------------------------------------------------------
    def new_bout(self, catalog: Catalog, fighters: Iterable[FighterSheet | FighterState],
                 house_rules: HouseRules | None = None, reach: Mapping[str, Iterable[str]] | None = None) -> Bout:
        """The world's bout with an empty `DewBout`: `enter` places its members."""
        bout = Bout(catalog, fighters, house_rules, reach)
        bout.system_state = DewBout(self.stats, {}, {}, traces=self.stats.traces, adjacency=bout.rules.adjacency)
        return bout

    def enter(self, bout: Bout, entrant: Callable[[str], Entrant]) -> list[Event]:
        b = as_dew(bout)
        members = bout.members()
        events: list[Event] = []
        for fid in list(b.fighters):
            if fid not in members and b.fighters[fid].conscious:
                events.append(self._emit(ev.Withdrawn(fid), bout))
        squares: dict[str, tuple[int, int]] = {}
        for fid in members:
            who = entrant(fid)
            if who.passable is not None:
                self.engine.passable = who.passable  # the map's walls: traces go round them
            if who.pos is not None:
                squares[fid] = who.pos
            came_round = fid in b.fighters and not b.fighters[fid].conscious and not bout.fighters[fid].out_of_fight
            if fid not in b.fighters or came_round:  # (brought round, back in this bout: Joined replaces him)
                sheet = bout.fighters[fid].sheet
                derived = who.creature not in self.stats.creatures
                back = fid in b.away
                en = bd = None
                if who.carried and not back:
                    model = self.stats.creatures.get(who.creature) or derive_creature(self.stats, sheet)
                    en, bd = rested(model, who.carried, who.rested_rounds, self.stats.rest_rounds_per_hour)
                    if (en, bd) == (model.en, model.bd):
                        en = bd = None  # rested to the full: he comes in fresh
                events.append(self._emit(ev.Joined(fid, sheet.name, who.side, who.creature, derived,
                                                   back=back, en=en, bd=bd), bout))
        for fid in sorted(squares):
            if fid in b.fighters and b.fighters[fid].pos != squares[fid]:
                events.append(self._emit(ev.Placed(fid, squares[fid]), bout))
        ids = sorted(f for f in b.fighters if f in members)
        for i, one in enumerate(ids):
            for other in ids[i + 1:]:
                if one in squares and other in squares:
                    (x1, y1), (x2, y2) = squares[one], squares[other]
                    now = clamp_range(max(abs(x1 - x2), abs(y1 - y2)))
                elif other in bout.foes_in_reach(one):
                    now = 1  # no squares (a bout with no map): in reach is range 1
                else:
                    continue
                if b.ranges.get(pair(one, other)) != now:
                    events.append(self._emit(ev.RangeSet(*pair(one, other), now), bout))
        return events

    def _unplaced(self, bout: Bout) -> list[Event]:
        """A bout nobody placed (no world around it: `python -m rules.scenario`): its members join with the
        stats their id or name finds (`build.creature_id_for`; else derived from the sheet), ranges 1 for
        those in reach of each other."""
        b = as_dew(bout)
        if all(fid in b.fighters for fid in bout.members()):
            return []

        def entrant(fid: str) -> Entrant:
            sheet = bout.fighters[fid].sheet
            try:
                creature = creature_id_for(self.stats, fid, sheet.name)
            except ValueError:
                creature = ""  # no entry: derived from his sheet
            return Entrant(creature, sheet.side)

        return self.enter(bout, entrant)

    def _emit(self, event: Event, bout: Bout) -> Event:
        self.fold(event, bout.fighters, bout)
        return event

    def carry(self, bout: Bout, fid: str) -> tuple[tuple[str, int], ...]:
        """What the world keeps of a character leaving this bout, on his feet or knocked out (a run's companion
        may be brought round), for his next bout: his EN, BD and the EN of his last round (`rules.dew.carry`);
        () for the dead and for one the sequence does not have."""
        b = as_dew(bout)
        f = b.fighters.get(fid) or b.away.get(fid)
        return () if f is None or f.dead else record(f)

    # ----- shots: Dew's own missile rules in the world (rules.dew.shots) ----------------------------------
    def _model(self, creature: str, sheet: FighterSheet) -> CreatureModel:
        return self.stats.creatures.get(creature) or derive_creature(self.stats, sheet)

    def shot_problem(self, shooter: Entrant, fighter_state: FighterState, missile: str, distance: int,
                     aim_ticks: int) -> str | None:
        """Why the world's shot may not be loosed under Dew's rules (the missile's range), or None."""
        return shots.problem(self.stats, self._model(shooter.creature, fighter_state.sheet), missile, distance,
                             aim_ticks)

    def shoot(self, shot: Shot, fighters: Mapping[str, FighterState], stream: DiceStream) -> ShotOutcome:
        """Land the world's shot by Dew's rules (`rules.dew.shots`): every event folded as it returns."""
        a_sheet, t_sheet = fighters[shot.shooter].sheet, fighters[shot.target].sheet
        a_model = self._model(shot.shooter_entrant.creature, a_sheet)
        w = shots.missile(self.stats, shot.missile)
        problem = shots.problem(self.stats, a_model, shot.missile, shot.distance, shot.aim_ticks)
        if w is None or problem is not None:
            return ShotOutcome(wasted=problem)
        shooter = fighter(self.stats, DewEntrant(shot.shooter, a_sheet.name, shot.shooter_entrant.side, a_model.id,
                                                 derived=a_model))
        b = as_dew(shot.bout) if shot.bout is not None else None
        if b is not None and shot.target in b.fighters:
            events = shots.land(self.stats, shooter, w, shot.aim_ticks, b.fighters[shot.target], shot.distance,
                                as_dice(stream))
            moved = shots.into_bout(events, b)
            _to_fighters(moved, fighters)
            return ShotOutcome([e for e in events if not any(e is m for m in moved)], moved)
        who = shot.target_entrant
        target = shots.target_of(self.stats, self._model(who.creature, t_sheet), shot.target, t_sheet.name, who.side,
                                 who.carried, who.rested_rounds, shot.target_moving)
        events = shots.land(self.stats, shooter, w, shot.aim_ticks, target, shot.distance, as_dice(stream))
        _to_fighters(events, fighters)
        down = any(isinstance(e, ev.OutOfFight) for e in events)
        return ShotOutcome(events, [], () if down else shots.record_after(events, target))

    def merge(self, into: Bout, other: Bout) -> None:
        a, b = as_dew(into), as_dew(other)
        for fid, f in b.fighters.items():
            a.fighters[fid] = f
        a.away.update(b.away)
        a.ranges.update(b.ranges)
        _fill_ranges(a)
        if a.over and a.fight_left():
            a.over = False

    def split(self, old: Bout, new: Bout) -> None:
        a, b = as_dew(old), as_dew(new)
        for fid in new.fighters:
            if fid in a.fighters:
                b.fighters[fid] = a.fighters.pop(fid)
                _forget(a, fid)
        b.ranges = {key: r for key, r in a.ranges.items() if key[0] in b.fighters and key[1] in b.fighters}
        a.ranges = {key: r for key, r in a.ranges.items() if key[0] in a.fighters and key[1] in a.fighters}
        _fill_ranges(b)

    def map_moves(self, events: Sequence[Event]) -> tuple[MapMove, ...]:
        """Maneuvers as changes of distance; movement by traces as steps onto each square entered, in the
        order of the passes of 3.2.1 (without traces: a change of distance by the allowance)."""
        out: list[MapMove] = []
        for e in events:
            if isinstance(e, ev.Maneuvered) and e.new_range != e.old_range:
                out.append((e.fighter, e.other, e.new_range - e.old_range))
            elif isinstance(e, ev.TraceStep):  # everyone at once: each square at its share of his pass
                entered = sorted((Fraction(i + 1, len(squares)), fid, square)
                                 for fid, squares in e.moves for i, square in enumerate(squares))
                out += [MapStep(fid, square) for _, fid, square in entered]
            elif isinstance(e, ev.Moved) and e.other is not None and e.allowance > 0 and e.direction != "stay" \
                    and not e.traced:
                out.append((e.fighter, e.other, -e.allowance if e.direction == "close" else e.allowance))
        return tuple(out)

    # ----- the clock: the engine's, on the bout's DewBout -----------------------------------------
    def due(self, bout: Bout) -> list[Decision]:
        """The sequence's decisions, each preselecting what its AI would choose (it draws nothing): Enter
        plays the sequence as sensibly as the foes do, never a bare "Pass" while a blow is there to strike."""
        b = as_dew(bout)
        out = []
        for d in self.engine.due(b):
            choice = self.guard.choose(b, d)
            if isinstance(choice, str) and choice != d.default and choice in d.values():
                d = Decision(d.kind, d.who, d.options, choice, d.low, d.high, d.note)
            out.append(d)
        return out

    def answer(self, bout: Bout, decision: Decision, value: Answer, *, reserve: int = 0) -> list[Event]:
        """The engine's answer. One exception: an answer that names a character who has gone out of the fight
        (or out of the bout) since it was asked (a shot lands at the start of the tick, before the leader's
        answer from the prompt of the tick before) is answered as Enter would answer the decision now
        (`DewGuard`), not refused: the prompt was right when he chose, and a refusal mid-tick would undo
        nothing the shot did."""
        b = as_dew(bout)
        try:
            return self.engine.answer(b, decision, value)
        except IllegalAction:
            if not _names_one_gone(b, decision.kind, value, known=bout.fighters):
                raise
            now = next((d for d in self.engine.due(b) if d.kind == decision.kind and d.who == decision.who), None)
            if now is None:
                raise
            return self.engine.answer(b, now, self.guard.choose(b, now))

    def settle(self, bout: Bout, stream: DiceStream) -> list[Event]:
        events = self.engine.settle(as_dew(bout), stream)
        _to_fighters(events, bout.fighters)
        return events

    def advance(self, bout: Bout, stream: DiceStream) -> StepResult:
        placed = self._unplaced(bout)
        result = self.engine.advance(as_dew(bout), stream)
        _to_fighters(result.events, bout.fighters)
        if placed:
            result.events[:0] = placed
        return result

    def suggest(self, bout: Bout, decision: Decision, maker: DecisionMaker, stream: DiceStream) -> Answer:
        return self.engine.ai.choose(as_dew(bout), decision)

    def fold(self, event: Event, fighters: Mapping[str, FighterState], bout: Bout | None) -> None:
        if bout is not None:
            b = as_dew(bout)
            if isinstance(event, ev.Joined):
                _join(b, event, fighters)
            elif isinstance(event, ev.Withdrawn):
                _withdraw(b, event.fighter)
            else:
                apply(event, b)
        else:  # a world event's rules events (a shot, a bleed: the world's own TRoS rules) fold as TRoS's
            rules_fold.apply(event, fighters, None)
        _to_fighters((event,), fighters)

    def describe(self, event: Event, names: Mapping[str, str] | None = None) -> str | None:
        if isinstance(event, ev.Joined):
            tired = "" if event.en is None else f" with EN {event.en} and BD {event.bd} from his last fight"
            return f"{event.name} enters the fight" + (" again" if event.back else "") + tired + "."
        if isinstance(event, ev.Withdrawn):
            return f"{(names or {}).get(event.fighter, event.fighter)} is out of reach of the fight."
        if isinstance(event, ev.RangeSet):
            return None  # the map shows it
        return self.engine.describe(event, names)

    # ----- what the world and the view ask ----------------------------------------------------------
    def footwork(self, bout: Bout) -> bool:
        return False  # movement is the sequence's own phase (`map_moves`)

    def in_window(self, bout: Bout) -> bool:
        return True  # a newcomer joins at once, with no blows until the next round

    def at_round_start(self, bout: Bout) -> bool:
        return True  # never busy (`in_window`): nothing dissolves into a dew bout

    def table(self, bout: Bout) -> tuple[tuple[str, str], ...]:
        """The round, phase and segment, who holds the initiative, and a short row per character as a player
        keeps it: blows left (active/reactive), EN, BD, and unalert, fallen, down or preparations when so
        (`rules.dew.table` has the full table, phase EN and weapon too, for the terminal)."""
        b = as_dew(bout)
        segment = f", segment {b.segment}" if b.phase == COMBAT else ""
        rows = [(f"Round {b.round}", f"{b.phase} phase{segment}"),
                ("Initiative", ", ".join(b.fighters[h].name for h in b.holders if h in b.fighters) or "-")]
        for name, blows, en, _phase_en, bd, state, prep, _weapon in dew_table.rows(b):
            marks = [] if state == "alert" else [state]
            if prep != "-":
                marks.append(f"prep {prep}")
            rows.append((name, f"{blows} blows · EN {en} · BD {bd}" + "".join(f" · {m}" for m in marks)))
        return tuple(rows)

    def traces(self, bout: Bout) -> tuple[tuple[str, tuple[tuple[int, int], ...], bool], ...]:
        """The movement traces drawn last (3.1), for the map: (who, his squares from where he started, still
        moving), each at least two squares long; they stay until the next movement phase draws new ones."""
        b = as_dew(bout)
        return tuple((fid, path, fid in b.moving) for fid, path in sorted(b.drawn.items()) if len(path) > 1)

    def label(self, bout: Bout) -> tuple[str, str]:
        b = as_dew(bout)
        return f"Round {b.round}", f"{b.phase.capitalize()} phase"


GONE_HEADS = {DEW_OPTION: ("attack", "close", "open", "step_close", "step_open", "range"),
              DEW_MOVE: ("close", "open", "chase"), DEW_REACT: ("attack",)}  # the answers that name another


def _names_one_gone(b: DewBout, kind: str, value: object, known: Mapping[str, object]) -> bool:
    """Is this answer one that named a character of the bout (`attack:WHO`, `close:WHO|alert`, `range:WHO:N`, a
    parry's `WHO`, ...) who is no longer in it on his feet?"""
    if not isinstance(value, str):
        return False
    if kind == DEW_PARRY:
        who = value
    else:
        head, _, rest = value.partition("|")[0].partition(":")
        if head not in GONE_HEADS.get(kind, ()):
            return False
        who = rest.partition(":")[0]
    f = b.fighters.get(who)
    return (who in known or who in b.away) and (f is None or not f.conscious)


def _to_fighters(events: Iterable[Event], fighters: Mapping[str, FighterState]) -> None:
    """The world's part of the sequence's events: who is out of the fight (our ruling: EN 0 unconscious, BD
    0 dead; docs/systems/dew_sequence.md)."""
    for e in events:
        if isinstance(e, ev.OutOfFight) and e.fighter in fighters:
            if e.state == "dead":
                fighters[e.fighter].dead = True
            else:
                fighters[e.fighter].unconscious = True


def _join(b: DewBout, e: ev.Joined, fighters: Mapping[str, FighterState]) -> None:
    if e.back and e.fighter in b.away:
        b.fighters[e.fighter] = b.away.pop(e.fighter)
    else:
        derived = derive_creature(b.stats, fighters[e.fighter].sheet) if e.derived else None
        f = fighter(b.stats, DewEntrant(e.fighter, e.name, e.side, e.creature, derived=derived))
        if e.en is not None:
            f.en = e.en
        if e.bd is not None:
            f.bd = e.bd
        f.tired = e.en is not None or e.bd is not None
        b.fighters[e.fighter] = f
    _fill_ranges(b)
    if b.over and b.fight_left():
        b.over = False  # a fresh foe: the sequence goes on


def _withdraw(b: DewBout, fid: str) -> None:
    b.away[fid] = b.fighters.pop(fid)
    _forget(b, fid)
    b.ranges = {key: r for key, r in b.ranges.items() if fid not in key}


def _forget(b: DewBout, fid: str) -> None:
    """The step in progress without him (he left the bout)."""
    b.holders = tuple(h for h in b.holders if h != fid)
    if b.chain == fid:
        b.chain = None
    for table in (b.pending, b.parries, b.noncombat_choices, b.move_choices, b.reactions, b.newly_in_reach,
                  b.moving, b.ends):
        table.pop(fid, None)
    b.parries = {p: (None if a == fid else a) for p, a in b.parries.items()}
    b.pending = {p: o for p, o in b.pending.items() if not o.endswith(":" + fid)}
    b.newly_in_reach = {p: tuple(o for o in foes if o != fid) for p, foes in b.newly_in_reach.items()}
    b.left_unreported = [f for f in b.left_unreported if f != fid]


def _fill_ranges(b: DewBout) -> None:
    """Every pair of characters has a range (`DEFAULT_RANGE` until the squares say)."""
    ids = sorted(b.fighters)
    for i, one in enumerate(ids):
        for other in ids[i + 1:]:
            b.ranges.setdefault(pair(one, other), DEFAULT_RANGE)
