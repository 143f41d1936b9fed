"""The end screen's run summary, computed from the world's events (`game.sim.events`): how deep the run
went, how many ticks it lasted, the party's kills by the victims' faction, the wounds the party took,
the party's best blow, and what killed the leader.

Kills: a fallen actor (`Died`, each counted once) is the kill of whoever last wounded him (a melee
`Attack` or a `Shot`, a botched shot's stray wound included), counted when that was a party member;
deaths by blood loss count for the last wounder too. Depth: the `depth` argument (where the run
started), raised by any event that carries a `depth` field (the stairs events the world will emit).
Best blow: the party's wound of the highest level (then the highest raw level, then the first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.sim.events import Died, GameOver, KnockedOut, RulesEvent, ShotLanded, TickStarted, WorldEvent
from rules.events import Attack, WoundRecord
from rules.ranged import Shot

if TYPE_CHECKING:
    from game.sim.world import World


@dataclass(frozen=True, slots=True)
class Blow:
    """One wound dealt: who, whom, where, how bad, and when."""

    attacker: str
    defender: str
    location: str
    damage_type: str
    level: int
    raw: int
    tick: int
    ranged: bool

    def describe(self, names: Mapping[str, str]) -> str:
        how = "shot" if self.ranged else self.damage_type
        who, whom = names.get(self.attacker, self.attacker), names.get(self.defender, self.defender)
        return f"{who}'s {how} to {whom}'s {self.location.replace('_', ' ')}, level {self.level}"


@dataclass(frozen=True, slots=True)
class RunSummary:
    outcome: str  # victory | death | defeat | unfinished
    depth: int
    turns: int
    kills_by_faction: Mapping[str, int]
    wounds_taken: int
    best_blow: str | None
    cause_of_death: str | None

    @property
    def kills(self) -> int:
        return sum(self.kills_by_faction.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome, "depth": self.depth, "turns": self.turns,
            "kills_by_faction": dict(self.kills_by_faction), "wounds_taken": self.wounds_taken,
            "best_blow": self.best_blow, "cause_of_death": self.cause_of_death,
        }


def _wounds(event: WorldEvent, tick: int) -> list[Blow]:
    """The wounds (level above 0) an event deals, as blows."""
    found: list[tuple[str, str, WoundRecord | None, bool]] = []
    if isinstance(event, RulesEvent) and isinstance(event.event, Attack):
        a = event.event
        found.append((a.attacker, a.defender, a.wound if a.hit else None, False))
    elif isinstance(event, ShotLanded) and isinstance(event.event, Shot):
        s = event.event
        found.append((s.shooter, s.target, s.wound if s.hit else None, True))
        if s.hit_instead is not None:
            found.append((s.shooter, s.hit_instead, s.stray_wound, True))
    return [Blow(attacker, defender, w.location, w.damage_type, w.level, w.raw, tick, ranged)
            for attacker, defender, w, ranged in found if w is not None and w.level > 0]


def summarize(
    events: Iterable[WorldEvent],
    *,
    party: Collection[str],
    leader: str,
    factions: Mapping[str, str],
    names: Mapping[str, str] | None = None,
    depth: int = 1,
) -> RunSummary:
    """The summary of a run from its events. `party`: the party's actor ids (recruits included);
    `factions`: every actor's faction; `names`: display names (default: the ids)."""
    names = names or {}
    tick = 0
    deepest = depth
    outcome = "unfinished"
    last_hit: dict[str, Blow] = {}
    dead: set[str] = set()
    kills: Counter[str] = Counter()
    wounds_taken = 0
    best: Blow | None = None
    cause: str | None = None
    for event in events:
        if isinstance(event, TickStarted):
            tick = event.tick
        event_depth = getattr(event, "depth", None)
        if isinstance(event_depth, int) and not isinstance(event_depth, bool):
            deepest = max(deepest, event_depth)
        for blow in _wounds(event, tick):
            last_hit[blow.defender] = blow
            if blow.defender in party:
                wounds_taken += 1
            if blow.attacker in party and blow.defender not in party and (
                best is None or (blow.level, blow.raw) > (best.level, best.raw)
            ):
                best = blow
        if isinstance(event, Died) and event.actor not in dead:
            dead.add(event.actor)
            killer = last_hit.get(event.actor)
            if killer is not None and killer.attacker in party and event.actor not in party:
                kills[factions.get(event.actor, "unknown")] += 1
            if event.actor == leader:
                cause = _cause(event.cause, killer, names)
        elif isinstance(event, KnockedOut) and event.actor == leader and cause is None:
            cause = _cause("knocked out", last_hit.get(event.actor), names)  # (a run's permadeath: for good)
        elif isinstance(event, GameOver):
            outcome = event.outcome
            tick = max(tick, event.tick)
    return RunSummary(outcome, deepest, tick, dict(sorted(kills.items())), wounds_taken,
                      best.describe(names) if best is not None else None, cause)


def _cause(cause: str, killer: Blow | None, names: Mapping[str, str]) -> str:
    if killer is None:
        return cause
    who = names.get(killer.attacker, killer.attacker)
    wound = f"{killer.damage_type} to the {killer.location.replace('_', ' ')}, level {killer.level}"
    if cause == "blood loss":
        return f"bled to death after {who}'s {wound}"
    if cause == "knocked out":
        return f"knocked out by {who} ({wound})"
    return f"killed by {who} ({wound})"


def cast_of(world: World) -> tuple[set[str], dict[str, str], dict[str, str]]:
    """(the party's ids, every actor's faction, every actor's name) over every depth of the world."""
    s = world.state
    actors = list(s.actors.values())
    if s.run is not None:
        for stash in s.run.levels.values():
            actors += stash.actors.values()
    party = {a.id for a in actors if a.party}
    return party, {a.id: a.faction for a in actors}, {a.id: a.name for a in actors}


def replayed_events(world: World) -> list[WorldEvent]:
    """Every event of `world` from its start, by playing its commands again on a fresh world (the
    world keeps its commands, not its events; the run is deterministic). ValueError if the replay
    does not end where `world` is (its checksums differ)."""
    from game.sim.commands import from_dict
    from game.sim.world import World

    again = World(world.setup, seed=world.seed, house_rules=world.overrides, creatures=world.creatures,
                  relations=world.state.relations, player_ai=world.player_ai, combat_system=world.system.name,
                  difficulty=world.deciding.difficulty)  # the enemies' decision-maker: the same decisions
    events = list(again.opening)
    for _tick, command in world.commands:
        events += again.apply(from_dict(dict(command)))
    if again.checksums != world.checksums:
        raise ValueError("the run's commands do not give the same world again")
    return events


def summary_of(world: World) -> RunSummary:
    """The end screen's summary of a finished (or unfinished) world: a run or a scenario."""
    party, factions, names = cast_of(world)
    return summarize(replayed_events(world), party=party, leader=world.state.leader, factions=factions, names=names)
