"""`CombatBasics`: source document 003 behind the `rules.systems.CombatSystem` protocol (`combat_basics`).

The clock, one step a call of `due`/`answer`/`settle`/`advance`:
- the first `advance` places everyone not placed yet, rolls initiative (line 9) and begins the first
  turn; each later `advance` ends the turn whose action is done and begins the next (a new round
  after the last in the order), counting effects down and dropping readied actions whose trigger
  did not come (line 17); a dazed character's turn is lost at once (line 47).
- a turn: the actor answers `cb_turn` (move, attack, charge, shoot, ready, delay, wait); `settle`
  carries it out (its moves and the triggers they set off now, its attacks queued); then, one step
  each, the head attack's target answers `cb_defence` and `settle` rolls it; a stumble with more than
  one possible direction asks its causer `cb_direction` first.
The bout is a `rules.combat_basics.state.CbBout`, not TRoS's `Bout` (docs/systems/combat_basics.md,
"Protocol and wiring").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules import fold as trs_fold
from rules.bout import IllegalAction
from rules.catalog import Catalog, HouseRules
from rules.combat_basics import events as ev
from rules.combat_basics import log as cb_log
from rules.combat_basics import table as cb_table
from rules.combat_basics.ai import CbAI
from rules.combat_basics.attack import needs_defence, resolve_strike, stumble
from rules.combat_basics.fold import Emitter, apply
from rules.combat_basics.rolls import NONE, defences, initiative_roll
from rules.combat_basics.state import OVER, START, CbBout, Square
from rules.combat_basics.stats import CbStats, StatsFile, from_sheet, shipped_stats, stats_for
from rules.combat_basics.turns import begin_turn, carry_out, default_turn, end_turn, parse, turn_options
from rules.decisions import CB_DEFENCE, CB_DIRECTION, CB_TURN, Decision, Option
from rules.dice import DiceStream
from rules.events import Event
from rules.exchange import blood_loss_check
from rules.fighter import FighterSheet, FighterState
from rules.systems import Entrant, StepResult

NAME = "combat_basics"
DEFENCE_LABELS = {"parry": "Parry", "block": "Block", "full_evasion": "Dodge", NONE: "No defence"}


class CombatBasics:
    """The combat system (see the module docstring)."""

    name = NAME

    def __init__(self, stats: StatsFile | None = None) -> None:
        self.stats = stats if stats is not None else shipped_stats()
        self.ai = CbAI()

    # ----- building -------------------------------------------------------------------------------
    def new_bout(self, catalog: Catalog, fighters: Iterable[FighterSheet | FighterState],
                 house_rules: HouseRules | None = None, reach: Mapping[str, Iterable[str]] | None = None) -> CbBout:
        """A bout at round 0. Without the world's squares (`place`), those in reach of each other share a
        square (a cluster) and the groups stand two squares apart in a row."""
        states = {}
        for f in fighters:
            state = f if isinstance(f, FighterState) else FighterState(f)
            states[state.id] = state
        bout = CbBout(catalog, house_rules or catalog.house_rules, states, {}, challenge_tn=self.stats.challenge_tn)
        group: dict[str, int] = {}
        for fid in states:
            if fid in group:
                continue
            group[fid] = len(set(group.values()))
            todo = [fid]
            while todo:
                a = todo.pop()
                for b in (reach or {}).get(a, ()):
                    if b in states and b not in group:
                        group[b] = group[fid]
                        todo.append(b)
        em = Emitter(bout)
        for fid, state in states.items():
            self._join(em, bout, state, None, (2 * group[fid], 0))
        return bout

    def _join(self, em: Emitter, bout: CbBout, state: FighterState, creature: str | None, pos: Square,
              stats: CbStats | None = None, side: str | None = None) -> None:
        sheet = state.sheet
        s = stats or stats_for(sheet.id, creature, self.stats.creatures) or from_sheet(sheet)
        em.emit(ev.Joined(sheet.id, sheet.name, side or sheet.side, s.dexterity, s.willpower, s.persuasion,
                          s.insight, s.missile, pos, creature))

    def join_as(self, em: Emitter, bout: CbBout, state: FighterState, creature: str | None, pos: Square,
                side: str) -> None:
        """The host's newcomer: his creature's stats (else his sheet's), his side and his square."""
        self._join(em, bout, state, creature, pos, side=side)

    def join(self, bout: CbBout, state: FighterState, pos: Square, stats: CbStats | None = None,
             creature: str | None = None) -> list[Event]:
        """Add a character (a late arrival: his first turn is next round)."""
        bout.fighters[state.id] = state
        em = Emitter(bout)
        self._join(em, bout, state, creature, pos, stats)
        return em.events

    def place(self, bout: CbBout, fid: str, pos: Square) -> list[Event]:
        """The host moved a character on its map (outside his turn's own moves)."""
        em = Emitter(bout)
        if bout.cb[fid].pos != pos:
            em.emit(ev.Moved(fid, bout.cb[fid].pos, pos, "placed"))
        return em.events

    def flee(self, bout: CbBout, fid: str) -> list[Event]:
        """The host took a character away (he fled)."""
        em = Emitter(bout)
        if bout.active(fid):
            em.emit(ev.Fled(fid))
        return em.events

    def afflict(self, bout: CbBout, fid: str, kind: str, seconds: int, source: str | None) -> list[Event]:
        """A stumble or daze from outside an attack (a scenario, a spell)."""
        from rules.combat_basics.attack import afflict

        em = Emitter(bout)
        afflict(em, bout, fid, kind, seconds, source)
        return em.events

    def enter(self, bout: CbBout, entrant: Callable[[str], Entrant]) -> list[Event]:
        """Give the characters the host added to `bout.fighters` their Combat basics state (their stats
        by creature id; they stand at (0, 0) until the host `place`s them), and those `new_bout` placed
        from their sheets alone their creature's stats and side (`cb_stats`, once each)."""
        em = Emitter(bout)
        for fid, state in bout.fighters.items():
            c = bout.cb.get(fid)
            if c is None:
                who = entrant(fid)
                self._join(em, bout, state, who.creature, (0, 0), side=who.side)
            elif c.creature is None:
                who = entrant(fid)
                s = stats_for(fid, who.creature, self.stats.creatures) or c.stats
                em.emit(ev.StatsSet(fid, who.creature, who.side, s.dexterity, s.willpower, s.persuasion, s.insight,
                                    s.missile))
        return em.events

    # ----- decisions ------------------------------------------------------------------------------
    def due(self, bout: CbBout) -> list[Decision]:
        if bout.phase in (START, OVER) or (bout.actor is None and not bout.queue and bout.push is None):
            return []
        if bout.push is not None:
            p = bout.push
            opts = tuple(Option(d, f"From the {d}", note=f"{bout.name(p.victim)} cannot move {d}") for d in p.options)
            return [Decision(CB_DIRECTION, p.causer, opts, opts[0].value,
                             note=f"{bout.name(p.victim)} stumbles: the direction it came from")]
        if bout.queue:
            s = bout.queue[0]
            if not needs_defence(bout, s):
                return []
            opts = tuple(Option(d, f"{DEFENCE_LABELS[d]} (TN {tn})") for d, tn in defences(bout, s.target, s.mode))
            opts += (Option(NONE, DEFENCE_LABELS[NONE]),)
            return [Decision(CB_DEFENCE, s.target, opts, opts[0].value,
                             note=f"{bout.name(s.attacker)} attacks you ({s.mode}): your defence")]
        if bout.actor is not None and bout.chosen is None and bout.active(bout.actor):
            opts = tuple(turn_options(bout, bout.actor))
            return [Decision(CB_TURN, bout.actor, opts, default_turn(list(opts)),
                             note=f"Round {bout.round}: your turn (two seconds)")]
        return []

    def answer(self, bout: CbBout, decision: Decision, value: Any, *, reserve: int = 0) -> list[Event]:
        now = next((d for d in self.due(bout) if d.kind == decision.kind and d.who == decision.who), None)
        if now is None:
            raise IllegalAction(f"{decision.who} owes no {decision.kind} decision now")
        event: Event
        if decision.kind == CB_TURN:
            event = ev.TurnChosen(decision.who, parse(bout, decision.who, value))
        elif not isinstance(value, str) or value not in now.values():
            raise IllegalAction(f"{value!r} is not one of {', '.join(now.values())}")
        elif decision.kind == CB_DEFENCE:
            event = ev.DefenceChosen(decision.who, value)
        else:
            p = bout.push
            assert p is not None
            em = Emitter(bout)
            stumble(em, bout, p.victim, p.seconds, p.causer, value)
            return em.events
        apply(event, bout)
        return [event]

    def suggest(self, bout: CbBout, decision: Decision, maker: object, stream: object) -> str:
        """Combat basics' own AI answers (the TRoS decision-makers know nothing of it)."""
        return self.ai.choose(bout, decision)

    # ----- resolution -----------------------------------------------------------------------------
    def settle(self, bout: CbBout, stream: DiceStream) -> list[Event]:
        em = Emitter(bout)
        if bout.phase in (START, OVER):
            return []
        if bout.actor is not None and bout.chosen is not None and not bout.acted:
            carry_out(em, bout, bout.actor, bout.chosen, stream)
        while bout.queue and bout.push is None and not needs_defence(bout, bout.queue[0]):
            resolve_strike(em, bout, stream)
        return em.events

    def advance(self, bout: CbBout, stream: DiceStream) -> StepResult:
        em = Emitter(bout)
        if bout.phase == OVER:
            return StepResult()
        resolved = False
        if bout.phase == START:
            self._start(em, bout, stream)
        elif bout.queue or bout.push is not None or (bout.actor is not None and not bout.acted
                                                     and bout.active(bout.actor)):
            pass  # the turn is not done (an actor who fell or fled before acting has done it)
        else:
            if bout.actor is not None:
                end_turn(em, bout, bout.actor)
                resolved = True
            self._next(em, bout, stream)
        gone = tuple(f for f in bout.cb if f not in bout.left and not bout.active(f))
        if gone:
            em.emit(ev.LeftReported(gone))
        if bout.phase != OVER and len(bout.sides_fighting()) < 2:
            em.emit(ev.BoutOver(tuple(f for f in bout.ordered() if bout.active(f))))
            resolved = True
        return StepResult(em.events, gone, resolved)

    def _start(self, em: Emitter, bout: CbBout, stream: DiceStream) -> None:
        """Line 9: everyone rolls; highest first; equal scores to the higher willpower; then a roll-off."""
        scores: dict[str, int] = {}
        for fid, c in bout.cb.items():
            faces, score = initiative_roll(stream, c.stats.dexterity, c.stats.willpower)
            em.emit(ev.InitiativeRolled(fid, c.stats.dexterity, c.stats.willpower, faces, score))
            scores[fid] = score
        keys: dict[str, tuple[int, ...]] = {f: (s, bout.cb[f].stats.willpower) for f, s in scores.items()}
        while True:
            groups: dict[tuple[int, ...], list[str]] = {}
            for f, k in keys.items():
                groups.setdefault(k, []).append(f)
            tied = [g for k, g in sorted(groups.items(), reverse=True) if len(g) > 1]
            if not tied:
                break
            for group in tied:
                faces = tuple(stream.d10() for _ in group)
                em.emit(ev.RollOff(tuple(group), faces))
                for f, face in zip(group, faces, strict=True):
                    keys[f] = (*keys[f], face)
        em.emit(ev.OrderSet(tuple(sorted(keys, key=lambda f: keys[f], reverse=True))))
        em.emit(ev.RoundBegan(1))
        self._next(em, bout, stream)

    def _next(self, em: Emitter, bout: CbBout, stream: DiceStream) -> None:
        """Begin the next turn (a lost one ends at once), starting a new round after the last; between
        rounds the bleeding make the rules' blood-loss check (our adaptation: the document leaves
        wounds to the rest of its game; a round is one TRoS exchange's check)."""
        for _ in range(4 * len(bout.cb) + 4):
            if len(bout.sides_fighting()) < 2:
                return
            waiting = [f for f in bout.order if f not in bout.done and bout.active(f)]
            if not waiting:
                for fid in [f for f in bout.order if bout.active(f)]:
                    em.extend(blood_loss_check(bout.fighters[fid], stream, bout.round, bout.rules.negative_pool))
                if len(bout.sides_fighting()) < 2:
                    return
                em.emit(ev.RoundBegan(bout.round + 1))
                continue
            if begin_turn(em, bout, waiting[0]):
                return

    def fold(self, event: Event, fighters: Mapping[str, FighterState], bout: CbBout | None) -> None:
        """One event onto its bout; with no bout (one that ended in the same step, a shot outside bouts)
        the rules package's events go onto `fighters` and this system's own change nothing."""
        if bout is not None:
            apply(event, bout)
        elif not event.type.startswith("cb_"):
            trs_fold.apply(event, fighters)

    def describe(self, event: Event, names: Mapping[str, str] | None = None) -> str | None:
        return cb_log.describe(event, names or {})

    def footwork(self, bout: CbBout) -> bool:
        """Movement is a turn's action here: the host moves no one of a bout on its own."""
        return False

    def table(self, bout: CbBout) -> tuple[tuple[str, str], ...]:
        return cb_table.rows(bout)

    def marks(self, bout: CbBout) -> tuple[tuple[str, str], ...]:
        return cb_table.marks(bout)

    def label(self, bout: CbBout) -> tuple[str, str]:
        return cb_table.label(bout)
