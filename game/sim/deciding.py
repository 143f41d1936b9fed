"""Who answers the bout decisions nobody at the keyboard answers, and the leader's preselected defaults
(SPEC §11, issue 12).

The difficulty picks the enemies' decision-maker (`DIFFICULTY_DECIDERS`: easy the baseline heuristics,
normal `planner_fast`, hard the full `planner`) in the fights the party is in, for the foes who fight a
party member there (`concerns`; a fight between two other sides, or a foe of the party's bout busy with
somebody else, stays on the baseline: it is not what the difficulty is about, and planning there would
cost every tick of a busy dungeon); the party (the companions, an AI-led leader, and the
leader's preselected orientation, target and declaration) always uses the planner (the preselected
declaration keeps CP for e2 when that is about as good, `suggesting_maker`). A world built with no
difficulty (`None`, what a run file from before the field reads as) is the old game: everyone on the
baseline, drawing from the world's `ai` stream, the rules' menu default under Enter, so old recordings
replay the same.

Every planner decision draws from its own stream, `SeededStream(seed, "planner:<kind>:<tick>:<bout>:<fid>")`,
never from the world's: asking for the leader's default (the view does, any number of times, or not at
all) changes nothing in the world, so the event log never depends on it. The defaults are cached per
decision and per `epoch` (the world moves it on with every command), so the view asking each frame costs
a dictionary look-up. `Deciding` lives on the world's state (`WorldState.deciding`) so that the view's
data sources (`game.sim.declaring`, `explain_for`) reach it from the state alone.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from game.sim.difficulty import DIFFICULTY_DECIDERS, PARTY_DECIDER, check_difficulty
from rules.bout import Action, Bout, IllegalAction
from rules.deciders import DecisionMaker, decision_maker
from rules.decisions import DECLARATION, ORIENTATION, TARGET, Decision
from rules.declare import commit_declaration
from rules.dice import DiceStream, SeededStream
from rules.menu import available_actions
from rules.planner.clone import clone_bout
from rules.planner.core import Planner
from rules.systems import Answer, CombatSystem

if TYPE_CHECKING:
    from game.sim.state import WorldState


SUGGEST_KEEP_MARGIN = 0.05  # see `suggesting_maker`


def suggesting_maker() -> DecisionMaker:
    """The party's planner for the leader's preselected choices, with one preference (issue 11): at e1 a
    declaration that keeps some CP for e2 is suggested over one that spends the whole pool when the planner
    values them within `SUGGEST_KEEP_MARGIN` (its rollouts play e2 too; a newcomer left with no dice at e2 sat
    through it defenceless). The companions' and foes' own choices are the plain planner's."""
    maker = decision_maker(PARTY_DECIDER)
    if isinstance(maker, Planner):
        maker.keep_margin = SUGGEST_KEEP_MARGIN
    return maker


def legal_with_reserve(bout: Bout, fid: str, actions: tuple[Action, ...], reserve: int) -> bool:
    """Would the rules take `actions` from fid with `reserve` CP kept back (tried on a copy of the bout)?"""
    try:
        commit_declaration(clone_bout(bout), fid, list(actions), reserve=reserve)
    except IllegalAction:
        return False
    return True


def engaged_with(bout: Bout, fid: str) -> set[str]:
    """Whom fid fights as far as the bout shows: his target (this exchange's and the last's), those who
    target him, whom he declared against and who declared against him."""
    out: set[str] = set()
    targets, before = bout.targets, bout.prev_targets
    for t in (targets.get(fid), before.get(fid)):
        if t is not None:
            out.add(t)
    for other in bout.roster():
        if other != fid and (targets.get(other) == fid or before.get(other) == fid):
            out.add(other)
    for owner, items in bout.declarations.items():
        for c in items:
            if owner == fid and c.opponent is not None:
                out.add(c.opponent)
            elif c.opponent == fid:
                out.add(owner)
    return out


def concerns(bout: Bout, fid: str, party_members: frozenset[str]) -> bool:
    """Does fid's decision concern the party: he is engaged with one of `party_members`, or nothing shows
    yet whom he fights (a bout's first orientation); always under another combat system's bout."""
    if not isinstance(bout, Bout):
        return True
    engaged = engaged_with(bout, fid)
    return not engaged or not engaged.isdisjoint(party_members)


class Deciding:
    """The decision-makers of one world and the leader's cached defaults (see the module docstring)."""

    def __init__(self, difficulty: str | None, seed: int) -> None:
        self.difficulty = None if difficulty is None else check_difficulty(difficulty)
        self.seed = seed
        self.legacy = difficulty is None
        enemies = "baseline" if difficulty is None else DIFFICULTY_DECIDERS[difficulty]
        self.enemies: DecisionMaker = decision_maker(enemies)
        self.party: DecisionMaker = self.enemies if difficulty is None else decision_maker(PARTY_DECIDER)
        self.baseline: DecisionMaker = self.enemies if difficulty is None else decision_maker("baseline")
        self.suggester: DecisionMaker = self.party if difficulty is None else suggesting_maker()  # the defaults'
        self.epoch = 0  # the world adds one per command: a cached default is for one epoch only
        self._cache: dict[Hashable, tuple[Answer, str]] = {}

    def maker(self, party: bool) -> DecisionMaker:
        return self.party if party else self.enemies

    def stream(self, maker: DecisionMaker, kind: str, tick: int, bout: int, fid: str,
               world_ai: DiceStream) -> DiceStream:
        """The baseline draws from the world's `ai` stream (as it always did); a planner from a stream of
        its own for this one decision."""
        if maker.name == "baseline":
            return world_ai
        return SeededStream(self.seed, f"planner:{kind}:{tick}:{bout}:{fid}")

    def answer(self, system: CombatSystem, bout: Bout, bout_id: int, decision: Decision, *, party: bool,
               party_members: frozenset[str], tick: int, world_ai: DiceStream) -> Answer:
        """An AI's answer to one of the combat system's decisions: a party member's from the party's maker,
        an enemy's from the difficulty's when he fights the party (`party_members`: those of the party in
        his bout), else from the baseline, as cheap as it ever was: a fight between two other sides, or a
        foe in the party's bout busy with somebody else (`engaged_with`): the difficulty is about how foes
        fight you, and planning for every fighter of a big bout cost whole ticks (issue 12)."""
        if party:
            maker = self.party
        elif party_members and concerns(bout, decision.who, party_members):
            maker = self.enemies
        else:
            maker = self.baseline
        return system.suggest(bout, decision, maker, self.stream(maker, decision.kind, tick, bout_id, decision.who,
                                                                 world_ai))

    # ----- the leader's defaults (the planner's; None: keep the rules' own) ------------------------------------
    def _cached(self, kind: str, bout: Bout, bout_id: int, fid: str, tick: int) -> tuple[Answer, str]:
        key = (kind, tick, bout_id, fid, self.epoch, bout.clock.exchange, bout.clock.step)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 64:
                self._cache.clear()
            maker = self.suggester
            stream = SeededStream(self.seed, f"planner:{kind}:{tick}:{bout_id}:{fid}")
            answer: Answer
            if kind == ORIENTATION:
                answer = maker.orientation(bout, fid, stream)
                why = ""
            elif kind == TARGET:
                answer = maker.target(bout, fid, stream)
                why = ""
            else:
                answer = tuple(maker.declaration(bout, fid, stream))
                why = maker.explain(bout, fid)
            found = self._cache[key] = (answer, why)
        return found

    def default_orientation(self, bout: Bout, bout_id: int, fid: str, tick: int) -> str | None:
        if self.legacy or fid not in bout.orientation_due():
            return None
        answer = self._cached(ORIENTATION, bout, bout_id, fid, tick)[0]
        return answer if isinstance(answer, str) else None

    def default_target(self, bout: Bout, bout_id: int, fid: str, tick: int) -> str | None:
        if self.legacy or len(bout.legal_targets(fid)) < 1:
            return None
        answer = self._cached(TARGET, bout, bout_id, fid, tick)[0]
        return answer if isinstance(answer, str) else None

    def default_declaration(self, bout: Bout, bout_id: int, fid: str, tick: int) -> tuple[Action, ...]:
        """The planner's declaration for fid (the rules' menu default in a legacy world)."""
        if self.legacy:
            return available_actions(bout, fid).default
        answer = self._cached(DECLARATION, bout, bout_id, fid, tick)[0]
        return answer if isinstance(answer, tuple) else ()

    def explain_default(self, bout: Bout, bout_id: int, fid: str, tick: int) -> str:
        """Why the planner suggests `default_declaration` ("" in a legacy world)."""
        if self.legacy:
            return ""
        return self._cached(DECLARATION, bout, bout_id, fid, tick)[1]

    def explain_last(self, bout: Bout, fid: str, party: bool) -> str:
        """Why the AI declared what fid last declared ("" if it cannot say: the baseline never can)."""
        return self.maker(party).explain(bout, fid)


def explain_for(state: WorldState, fid: str) -> str:
    """One line for the inspect panel on why fid does what he does: the leader's suggested declaration while
    he owes one, else the last declaration an AI chose for fid (a foe's only once it was resolved: what he
    declares is not told before its time). "" when nothing can say (the old game, the baseline, no bout)."""
    deciding = state.deciding
    bout = state.bout_of(fid)
    if deciding is None or deciding.legacy or bout is None or fid not in state.actors:
        return ""
    pending = state.pending
    if fid == state.leader:
        if pending is None or pending.kind != "declare":
            return ""
        return "Suggested: " + why if (why := deciding.explain_default(bout.rules, bout.id, fid, state.tick)) else ""
    actors = state.actors
    party = actors[fid].party
    if not party and (fid in bout.rules.declarations or not any(actors[m].party for m in bout.members)):
        return ""  # a foe's choice not yet resolved, or made by the baseline (a fight the party is not in)
    why = deciding.explain_last(bout.rules, fid, party)
    return f"Last choice: {why}" if why else ""
