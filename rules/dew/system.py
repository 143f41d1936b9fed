"""`DewSequence`: the detailed sequence behind the `rules.systems.CombatSystem` protocol (`dew_sequence`).

The clock, one step a call of `due`/`answer`/`settle`/`advance`:
- combat phase, one step per initiative segment: the holder (several: simultaneous) chooses an option
  (`dew_option`); if it is a melee attack, everyone who may parry answers `dew_parry` (at once, secret);
  `settle` resolves the segment; `advance` determines the next initiative, or ends the phase.
- noncombat phase, one step: the eligible choose `dew_noncombat` at once; `settle` resolves them.
- movement phase, one or two steps: `dew_move` at once, `settle` moves; then `dew_react` for those a
  foe came within reach of, and `settle` resolves their borrowed attacks; `advance` ends the round.
Here the bout is a bare `rules.dew.state.DewBout` (scenario files, the league, tests); the world hosts the
sequence through `rules.dew.hosted.HostedDew`, which keeps a `DewBout` on its `rules.bout.Bout`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.bout import IllegalAction
from rules.catalog import Catalog, HouseRules
from rules.decisions import DEW_MOVE, DEW_NONCOMBAT, DEW_OPTION, DEW_PARRY, DEW_REACT, Decision, Option
from rules.dew import events as ev
from rules.dew import log as dew_log
from rules.dew.ai import DewAI
from rules.dew.attack import resolve_attack
from rules.dew.build import Entrant, creature_id_for, derive_creature, new_dew_bout
from rules.dew.dice import DewDice, SeededDice
from rules.dew.fold import Emitter, apply
from rules.dew.initiative import holders
from rules.dew.options import legal_options, resolve_option, weapon_of
from rules.dew.phases import (
    movement_options,
    noncombat_eligible,
    noncombat_options,
    reaction_options,
    resolve_movement,
    resolve_noncombat,
    round_blows,
    run_traces,
)
from rules.dew.state import COMBAT, MOVEMENT, NONCOMBAT, DewBout
from rules.dew.stats import DewStats, load_stats
from rules.dew.traces import Passable, follow_maneuvers
from rules.dice import SeededStream
from rules.events import Event
from rules.systems import StepResult

NAME = "dew_sequence"


def as_dice(stream: object) -> DewDice:
    """The dice of a step: a `DewDice` as it is, a `SeededStream` through `SeededDice`."""
    if isinstance(stream, SeededStream):
        return SeededDice(stream)
    if isinstance(stream, DewDice):
        return stream
    raise TypeError("dew_sequence rolls D12, D20 and D100: give it a SeededStream or a rules.dew.dice.DewDice")


class DewSequence:
    """The detailed sequence as a combat system (see the module docstring)."""

    name = NAME

    def __init__(self, stats: DewStats | None = None) -> None:
        self.stats = stats or load_stats()
        self.ai = DewAI()
        self.passable: Passable | None = None  # the map's walls, where a host has a map (traces, maneuvers)

    # ----- building -------------------------------------------------------------------------------
    def new_bout(self, catalog: Catalog, fighters: Iterable[Any], house_rules: HouseRules | None = None,
                 reach: Mapping[str, Iterable[str]] | None = None) -> DewBout:
        """From `FighterSheet`s or `FighterState`s (their stats: `build.creature_id_for`, else
        `build.derive_creature` from the sheet); characters in reach of each other start at range 1, the
        rest at `build.DEFAULT_RANGE`."""
        entrants = []
        for f in fighters:
            sheet = getattr(f, "sheet", f)
            try:
                entrants.append(Entrant(sheet.id, sheet.name, sheet.side,
                                        creature_id_for(self.stats, sheet.id, sheet.name)))
            except ValueError:  # no entry of his own: his stats by the mapping from his TRoS sheet
                derived = derive_creature(self.stats, sheet)
                entrants.append(Entrant(sheet.id, sheet.name, sheet.side, derived.id, derived=derived))
        ranges = {(a, b): 1 for a, near in (reach or {}).items() for b in near if a != b}
        return new_dew_bout(self.stats, entrants, ranges)

    # ----- decisions ------------------------------------------------------------------------------
    def due(self, bout: DewBout) -> list[Decision]:
        if bout.over or bout.round == 0:
            return []
        if bout.phase == COMBAT:
            return self._combat_due(bout)
        if bout.phase == NONCOMBAT:
            return [Decision(DEW_NONCOMBAT, fid, tuple(noncombat_options(bout.fighters[fid])), "none")
                    for fid in noncombat_eligible(bout) if fid not in bout.noncombat_choices]
        if not bout.moved:
            return [Decision(DEW_MOVE, fid, tuple(movement_options(bout, fid)), _stay(bout, fid))
                    for fid in bout.standing() if fid not in bout.move_choices]
        return [Decision(DEW_REACT, fid, tuple(reaction_options(bout, fid)), "none")
                for fid in bout.newly_in_reach if fid not in bout.reactions]

    def _combat_due(self, bout: DewBout) -> list[Decision]:
        asked = [Decision(DEW_OPTION, fid, tuple(legal_options(bout, fid)), "pass",
                          note="simultaneous" if len(bout.holders) > 1 else "")
                 for fid in bout.holders if fid not in bout.pending]
        if asked or not bout.holders:
            return asked
        out = []
        for fid, attackers in parry_chances(bout).items():
            if fid not in bout.parries:
                options = (Option("none", "No parry"),
                           *(Option(a, f"Parry {bout.fighters[a].name}'s attack", note="a blow") for a in attackers))
                out.append(Decision(DEW_PARRY, fid, options, "none"))
        return out

    def answer(self, bout: DewBout, decision: Decision, value: object, *, reserve: int = 0) -> list[Event]:
        fresh = {d.who: d for d in self.due(bout) if d.kind == decision.kind}
        now = fresh.get(decision.who)
        if now is None:
            raise IllegalAction(f"{decision.who} owes no {decision.kind} decision now")
        if not isinstance(value, str) or value not in now.values():
            raise IllegalAction(f"{value!r} is not one of {', '.join(now.values())}")
        who = decision.who
        event: Event
        if decision.kind == DEW_OPTION:
            event = ev.OptionChosen(who, value)
        elif decision.kind == DEW_PARRY:
            event = ev.ParryChosen(who, None if value == "none" else value)
        elif decision.kind == DEW_NONCOMBAT:
            event = ev.NoncombatChosen(who, value)
        elif decision.kind == DEW_MOVE:
            event = ev.MoveChosen(who, value)
        else:
            event = ev.ReactChosen(who, None if value == "none" else value.partition(":")[2])
        apply(event, bout)
        return [event]

    def suggest(self, bout: DewBout, decision: Decision, maker: object, stream: object) -> str:
        """The detailed sequence's own AI answers (the TRoS decision-makers know nothing of it)."""
        return self.ai.choose(bout, decision)

    # ----- resolution -----------------------------------------------------------------------------
    def settle(self, bout: DewBout, stream: object) -> list[Event]:
        em = Emitter(bout)
        dice = as_dice(stream)
        if bout.over or bout.round == 0:
            return []
        if bout.phase == COMBAT and bout.holders:
            self._resolve_segment(em, bout, dice)
        elif bout.phase == NONCOMBAT:
            resolve_noncombat(em, bout)
        elif bout.phase == MOVEMENT and not bout.moved:
            resolve_movement(em, bout, self.passable)
        elif bout.phase == MOVEMENT and bout.newly_in_reach:
            for fid, target in sorted(bout.reactions.items()):
                a = bout.fighters[fid]
                if target is not None and a.conscious and bout.fighters[target].conscious:
                    resolve_attack(em, bout, fid, target, (), dice, borrowed=True)
            em.emit(ev.ReachNoted(()))
            if bout.moving:
                run_traces(em, bout)  # 3.2.3: the others go on along their traces
        return em.events

    def _resolve_segment(self, em: Emitter, bout: DewBout, dice: DewDice) -> None:
        group = bout.holders
        for fid in group:  # simultaneous options resolve in id order, each as declared
            option = bout.pending[fid]
            head, _, target = option.partition(":")
            if head == "attack" and weapon_of(bout, bout.fighters[fid]) is None:
                continue  # his weapon was lost earlier in this simultaneous segment
            if head == "attack":
                parriers = [p for p, a in sorted(bout.parries.items())
                            if a == fid and bout.fighters[p].can_spend()]
                resolve_attack(em, bout, fid, target, parriers, dice)
                em.emit(ev.PassesCleared())
            else:
                done = len(em.events)
                resolve_option(em, bout, fid, option, dice)
                if bout.mapped():
                    follow_maneuvers(em, bout, em.events[done:], self.passable or (lambda _sq: True))
        em.emit(ev.SegmentEnded(bout.segment))

    def advance(self, bout: DewBout, stream: object) -> StepResult:
        em = Emitter(bout)
        resolved = False
        if bout.over:
            return StepResult()
        if bout.round > 0 and not bout.fight_left():
            em.emit(ev.BoutOver(tuple(bout.standing())))
            resolved = True
        elif bout.round == 0:
            self._begin_round(em, bout)
        elif bout.phase == COMBAT:
            self._next_initiative(em, bout)
        elif bout.phase == NONCOMBAT:
            em.emit(ev.PhaseBegan(bout.round, MOVEMENT))
        elif bout.moved and not bout.newly_in_reach:
            for fid, f in bout.fighters.items():
                if f.prepared:
                    em.emit(ev.PreparationLost(fid, f.prepared, "the round ends"))
            em.emit(ev.RoundEnded(bout.round))
            self._begin_round(em, bout)
            resolved = True
        left = tuple(bout.left_unreported)
        if left:
            em.emit(ev.LeftBout(left))
        return StepResult(em.events, left, resolved)

    def _begin_round(self, em: Emitter, bout: DewBout) -> None:
        em.emit(ev.RoundBegan(bout.round + 1, round_blows(bout)))
        em.emit(ev.PhaseBegan(bout.round, COMBAT))
        self._next_initiative(em, bout)

    def _next_initiative(self, em: Emitter, bout: DewBout) -> None:
        now = holders(bout)
        if now:
            em.emit(ev.InitiativeTo(bout.segment + 1, now, chained=bout.chain is not None))
        else:
            em.emit(ev.PhaseBegan(bout.round, NONCOMBAT))

    def fold(self, event: Event, fighters: object, bout: DewBout | None) -> None:
        if bout is not None:
            apply(event, bout)

    def describe(self, event: Event, names: Mapping[str, str] | None = None) -> str | None:
        return dew_log.describe(event, names or {})


def parry_chances(bout: DewBout) -> dict[str, list[str]]:
    """Who may parry which of this segment's melee attacks: the target or any alert character within
    reach of the attacker, with a weapon not used in his own option and a blow to spend (1.2.5, 1.1.3)."""
    out: dict[str, list[str]] = {}
    for attacker, option in sorted(bout.pending.items()):
        head, _, target = option.partition(":")
        if head != "attack":
            continue
        aw = weapon_of(bout, bout.fighters[attacker])
        if aw is None or aw.missile:
            continue
        for fid, f in sorted(bout.fighters.items()):
            if fid == attacker or not f.alert or not f.can_spend():
                continue
            w = weapon_of(bout, f)
            if w is None or w.missile:
                continue
            own = bout.pending.get(fid, "")
            if own.startswith(("attack:", "prepare", "draw:", "grab:")):
                continue  # his weapon (or hand) is in his own option
            if fid == target or bout.range(fid, attacker) <= w.reach:
                out.setdefault(fid, []).append(attacker)
    return out


def _stay(bout: DewBout, fid: str) -> str:
    return "stay|alert" if bout.fighters[fid].alert else "stay|unalert"
