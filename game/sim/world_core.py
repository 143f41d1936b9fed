"""What every part of a tick shares (`game.sim.world` and the modules it is split into): the state, the
combat system, who decides for whom, the tick's events, and the caches that live as long as a level.

`emit` is the one way a world event is made: it is folded (`game.sim.fold`, the only writer of the
state) and recorded. The rules' own events come in through `rules_events` and shots' and bleeds'
through `folded`: the rules folded them as they emitted them, so they are only recorded here.
`living`, `casualties` and `adjacent_hostiles` are the queries and the clean-up every part needs.
"""

from __future__ import annotations

from typing import cast

from game.sim import events as ev
from game.sim.brain import Patrol, waypoints
from game.sim.deciding import Deciding
from game.sim.disarm import disarm_drops
from game.sim.fold import fold
from game.sim.geometry import Pos, directions
from game.sim.pathfinding import DistanceMap
from game.sim.state import Actor, WorldState
from rules.events import Event as RulesEventBase
from rules.fighter import FighterState
from rules.systems import CombatSystem

ROUND_TICKS = 6  # two exchanges of three steps: movement initiative is rolled once per round
DELTAS: dict[int, tuple[tuple[int, int], ...]] = {n: tuple((d.dx, d.dy) for d in directions(n)) for n in (4, 8)}


class WorldCore:
    """The state and what the parts of a tick share; see the module docstring."""

    def __init__(self, state: WorldState, system: CombatSystem, deciding: Deciding, player_ai: bool) -> None:
        self.state = state
        self.system = system
        self.deciding = deciding
        self.maker = deciding.enemies  # CP against shots: every decision-maker answers as rules.ai does
        self.player_ai = player_ai
        self.events: list[ev.WorldEvent] = []
        self.ticking: set[int] = set()  # the bouts that were there when this tick began
        self.disengaged: set[str] = set()  # left a bout in this tick's exchange: no new bout until the update
        # the brains' caches, for as long as a level (`new_level`)
        self.memory: dict[str, Patrol] = {}
        self.sight: dict[int, bool] = {}  # line-of-sight cache shared by every tick's Brain (`Brain.sees`)
        self.quiet: dict[str, int] = {}  # `Brain.quiet`: no hostile in reach until that tick
        self.goals = waypoints(state.tilemap)  # patrol goals
        self.routes: dict[Pos, DistanceMap] = {}  # route map to each patrol goal (`Brain.patrol`)
        # Actors still in the fight (see `living`), rebuilt when `FighterState.roster_epoch` moves.
        self.living_epoch = -1
        self.living_actors: list[Actor] = []
        self.living_ids: list[str] = []
        # `FighterState.roster_epoch` at the end of the last `casualties` pass (see there); -1: none yet.
        self.casualties_epoch = -1

    def new_level(self) -> None:
        """A new level: every cache tied to the map or the cast starts again."""
        self.goals = waypoints(self.state.tilemap)
        self.routes, self.memory, self.sight, self.quiet = {}, {}, {}, {}
        self.living_epoch = self.casualties_epoch = -1
        self.disengaged.clear()

    # ----- events ---------------------------------------------------------------------------------
    def take(self) -> list[ev.WorldEvent]:
        out, self.events = self.events, []
        return out

    def emit(self, event: ev.WorldEvent) -> None:
        fold(self.state, event)
        self.events.append(event)

    def rules_events(self, bout: int, events: list[RulesEventBase]) -> None:
        """The rules' events, wrapped with their bout. The rules folded each as they emitted it
        (`rules.fold`, through `rules.fold.Emitter` or `Bout.fold`), so they go straight into the tick's
        events; `game.sim.fold` folds them the same way when a state is rebuilt from the log."""
        wrap = ev.RulesEvent
        self.events += [wrap(bout, e) for e in events]
        for drop in disarm_drops(self.state, events):  # a disarmed weapon falls to the floor (game.sim.disarm)
            self.emit(drop)

    def folded(self, event: ev.WorldEvent) -> None:
        """A world event wrapping rules events the rules already folded (a shot, a bleed): recorded only."""
        self.events.append(event)

    def mark_streams(self) -> None:
        """The random streams' positions, where the world may stop and wait (SPEC §7: the fold gives the
        streams' positions too)."""
        s = self.state
        self.emit(ev.StreamsAt(s.combat.draws, s.ai.draws, s.cosmetic.draws))

    # ----- shared queries and clean-up ------------------------------------------------------------
    def living(self) -> list[Actor]:
        """The actors still in the fight (not dead, not unconscious), in `state.actors` order; their
        ids sorted are in `living_ids`. Cached until `FighterState.roster_epoch` moves: every change
        of a fighter's `dead` or `unconscious` flag bumps it (so does any change of a bout's roster or
        reach, which only costs a rebuild), so the cache is never stale. The cast is fixed per level."""
        if self.living_epoch != FighterState.roster_epoch:
            self.living_actors = [a for a in self.state.actors.values() if not a.fighter.out_of_fight]
            self.living_ids = sorted(a.id for a in self.living_actors)
            self.living_epoch = FighterState.roster_epoch
        return self.living_actors

    def casualties(self) -> None:
        """Take the fallen off the map (a `Died` or `KnockedOut` each). Skipped while
        `FighterState.roster_epoch` still equals `casualties_epoch`, the value at the end of the last
        full pass: no fighter has fallen since, and that pass left none of the fallen on the map. The
        one way back onto it is a step (a man shot down before the moves still takes his planned
        step), so `Movement.step` resets `casualties_epoch` when a fallen man moves."""
        s = self.state
        if self.casualties_epoch == FighterState.roster_epoch:
            return
        for actor in s.actors.values():
            if actor.fighter.out_of_fight and actor.id in s.occupants(actor.pos):
                if actor.dead:
                    self.emit(ev.Died(actor.id, "wounds"))
                else:
                    self.emit(ev.KnockedOut(actor.id, "out of the fight"))
        self.casualties_epoch = FighterState.roster_epoch

    def adjacent_hostiles(self, actor: Actor, among: set[str] | None = None) -> list[str]:
        """Living hostiles on his own square (a combat cluster) and the squares next to him (only those in
        `among` when given), in `directions(adjacency)` order."""
        s = self.state
        # A Pos hashes and compares as its (x, y) tuple, so plain tuples look squares up without
        # building Pos objects on this hot path.
        occupancy = cast("dict[tuple[int, int], str]", s.occupancy)
        actors = s.actors
        foes = s.foes_of(actor.id)
        x, y = actor.pos
        out = []
        if s.crowd:  # combat clusters share squares (rules.systems `MapStep.share`): his own, and his neighbours'
            for square in ((x, y), *((x + dx, y + dy) for dx, dy in DELTAS[s.house_rules.adjacency])):
                out += [o for o in s.occupants(square) if o != actor.id and o in foes
                        and (among is None or o in among) and not actors[o].fighter.out_of_fight]
            return out
        for dx, dy in DELTAS[s.house_rules.adjacency]:
            other = occupancy.get((x + dx, y + dy))
            if other is None or other not in foes or (among is not None and other not in among):
                continue
            if not actors[other].fighter.out_of_fight:
                out.append(other)
        return out
