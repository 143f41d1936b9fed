"""The world's state: actors on a tile map, bouts with their clocks, the decision owed to the player.

Only folds change it: `game.sim.fold` (world facts) and `rules.fold` (a bout's inside, an actor's
wounds and pool), each applying events; everything else reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from game.sim.creatures import Relations
from game.sim.deciding import Deciding
from game.sim.geometry import Direction, Pos

# imported at run time, not only for type checking: the compiled build (rules.accel) builds these
# dataclasses from their annotations when the module loads
from game.sim.inventory import Inventory
from game.sim.levels import RunPlan
from game.sim.run_content import RunContent
from game.sim.tilemap import TileMap
from rules.bout import Bout
from rules.catalog import Catalog, HouseRules, MissileWeapon
from rules.decisions import Decision as RulesDecision
from rules.dice import SeededStream
from rules.fastinit import fast_init_all
from rules.fighter import FighterState
from rules.systems import CombatSystem


@dataclass(slots=True)
class Actor:
    id: str
    name: str
    creature: str
    faction: str
    sprite: str
    pos: Pos
    facing: Direction
    fighter: FighterState
    speed: int
    party: bool
    leader: bool
    flee_threshold: float | None
    mp: int = 0  # movement points banked (SPEC §2: 6 per square)
    move_init: int = 0
    order: str = "follow"  # companions: follow | hold | move_to | attack
    order_target: str | None = None
    order_at: Pos | None = None
    planned: bool = False  # the player set this companion's next step
    planned_dir: Direction | None = None
    bleed_thirds: int = 0  # out-of-combat blood loss: +3 per move, +1 per wait, a check at 18
    waited: int = 0  # consecutive unengaged waiting ticks while bleeding (first aid at 6)
    aid_declined: bool = False
    heal_ticks: int = 0
    bumped: str | None = None  # whom he bumped this tick (an attack intent)
    moved: bool = False
    mp_tick: int = -1  # the tick his banked points were last set: they last only to the next tick
    stepped_tick: int = -1  # the tick of his last step (a moving target is harder to hit)
    missile: MissileWeapon | None = None
    aim_target: str | None = None
    aim_ticks: int = 0
    aim_tick: int = -1  # aiming counts only for consecutive ticks
    ready_tick: int = 0  # reloading: the first tick he can shoot again
    carried: tuple[tuple[str, int], ...] = ()  # the combat system's record of him between bouts (`Carried`)
    carried_tick: int = 0  # when it was kept

    @property
    def alive(self) -> bool:
        return not self.fighter.out_of_fight

    @property
    def dead(self) -> bool:
        return self.fighter.dead


@dataclass(slots=True)
class BoutState:
    """One bout of the world: its id and the rules' `Bout`, which owns the bout's clock (SPEC §2)."""

    id: int
    rules: Bout

    @property
    def members(self) -> list[str]:
        return self.rules.members()

    @property
    def step(self) -> int:
        """The step of the bout's clock: 0 footwork, 1 targets, 2 declarations."""
        return self.rules.clock.step

    def clock(self) -> str:
        return self.rules.clock.label()


@dataclass(frozen=True, slots=True)
class Decision:
    """What the world waits for: `step` (move/bump/wait, with an orientation when due), `target`,
    `declare`, `bump` (follow / stay / another direction), or `watch` (the leader is out). `incoming`
    and `shot_defence`: the shots landing on him at the next tick and the suggested CP against each
    (`game.sim.events.DecisionDue`)."""

    kind: str
    actor: str
    bout: int | None = None
    options: tuple[str, ...] = ()
    default: str | None = None
    orientation_due: bool = False
    first_aid_offered: bool = False
    incoming: tuple[str, ...] = ()
    shot_defence: int = 0
    asks: tuple[RulesDecision, ...] = ()  # the decisions it bundles, as data: see game.sim.events.DecisionDue


@dataclass(frozen=True, slots=True)
class PendingShot:
    shooter: str
    target: str
    zone: str
    aim_ticks: int


@dataclass(frozen=True, slots=True)
class PausedTick:
    """A tick stopped at the player's bump frame; the rest runs when he answers."""

    followers: tuple[tuple[str, Direction], ...]  # AI bumpers who follow, in movement-initiative order
    player_dir: Direction
    square: Pos


Pile = tuple[tuple[str, int], ...]  # items lying on one square: (item id, count) in the order they fell


@dataclass(slots=True)
class LevelStash:
    """A depth the party is not on, kept exactly as it was left (docs/run.md): its map, its cast (with
    their fighters), who stood where, its bouts (frozen mid-round if the party fled one), the shots in
    its air and the items on its floor."""

    tilemap: TileMap
    actors: dict[str, Actor]
    occupancy: dict[Pos, str]
    fighters: dict[str, FighterState]
    bouts: dict[int, BoutState]
    membership: dict[str, int]
    shots: list[PendingShot]
    floor: dict[Pos, Pile]
    # its combat clusters' other occupants (`WorldState.crowd`), kept with the level like `occupancy`
    crowd: dict[Pos, tuple[str, ...]] = field(default_factory=dict)

    def vacate(self, aid: str, pos: tuple[int, int]) -> None:
        """He leaves a square of this depth: the next of its cluster (if any) holds it."""
        vacate_square(self.occupancy, self.crowd, aid, pos)


@dataclass(slots=True)
class RunState:
    """A roguelike run (issue 10): the plan of its depths, the depth the party is on, the depths left
    behind (`levels`), the current depth's floor items, every actor's inventory (actor ids are unique
    across a run: foes carry their depth) and the counts the end summary needs. `None` on a world that
    is no run (a scenario, a one-level dungeon): the run's code then costs nothing."""

    seed: int
    plan: RunPlan
    content: RunContent
    party: tuple[str, ...] = ()  # the party's creatures at the start (foe ids are numbered after them)
    depth: int = 1
    deepest: int = 1
    floor: dict[Pos, Pile] = field(default_factory=dict)
    inventories: dict[str, Inventory] = field(default_factory=dict)
    levels: dict[int, LevelStash] = field(default_factory=dict)
    items_picked_up: int = 0
    experience: dict[str, int] = field(default_factory=dict)  # unspent, per party member (rules.progression)
    # what experience bought (the `Trained` events): attributes and proficiency ratings over the creature's
    trained: dict[str, dict[str, int]] = field(default_factory=dict)
    doses: dict[str, int] = field(default_factory=dict)  # painkiller doses taken, per actor (rules.consumables)
    # painkiller doses still working, per actor: (the tick it wears off, the wounds it numbed as
    # ((location, damage type, level, pain before, pain eased), ...))
    numbed: dict[str, tuple[tuple[int, tuple[tuple[str, str, int, int, int], ...]], ...]] = field(default_factory=dict)
    # companions left behind on the way to the party: actor -> (the depth he walks from, the tick he arrives)
    following: dict[str, tuple[int, int]] = field(default_factory=dict)


@dataclass(slots=True)
class WorldState:
    tick: int
    tilemap: TileMap
    actors: dict[str, Actor]
    catalog: Catalog
    house_rules: HouseRules
    relations: Relations
    combat: SeededStream
    ai: SeededStream
    cosmetic: SeededStream
    leader: str
    system: CombatSystem  # runs every bout (rules.systems)
    bouts: dict[int, BoutState] = field(default_factory=dict)
    next_bout: int = 1
    pending: Decision | None = None
    paused: PausedTick | None = None
    over: str | None = None
    occupancy: dict[Pos, str] = field(default_factory=dict)
    # a square's other occupants, after `occupancy`'s (a combat cluster: `rules.systems.MapStep.share`);
    # empty under every system whose fighters never share a square
    crowd: dict[Pos, tuple[str, ...]] = field(default_factory=dict)
    shots: list[PendingShot] = field(default_factory=list)
    membership: dict[str, int] = field(default_factory=dict)  # actor -> the bout he last joined
    fighters: dict[str, FighterState] = field(default_factory=dict)  # every actor's fighter, by actor id
    run: RunState | None = None  # a roguelike run's depths, floor items and inventories (None: no run)
    deciding: Deciding | None = None  # who decides for whom, the leader's defaults (game.sim.deciding); not folded
    _hostility: dict[tuple[str, str], bool] = field(default_factory=dict)
    _foes: dict[str, frozenset[str]] = field(default_factory=dict)

    def bout_of(self, actor_id: str) -> BoutState | None:
        """His bout, if he is still fighting in it (the rules drop the fled and the fallen themselves)."""
        if not self.bouts:
            return None
        bout = self.bouts.get(self.membership.get(actor_id, -1))
        if bout is not None and actor_id in bout.rules.fighters and bout.rules.active(actor_id):
            return bout
        return None

    def hostile(self, a: str, b: str) -> bool:
        return self.factions_hostile(self.actors[a].faction, self.actors[b].faction)

    def foes_of(self, actor_id: str) -> frozenset[str]:
        """Every actor hostile to him, fallen or not; cached (the cast and the relations of a world are
        fixed when it is built)."""
        found = self._foes.get(actor_id)
        if found is None:
            faction = self.actors[actor_id].faction
            hostile = self.factions_hostile
            found = self._foes[actor_id] = frozenset(
                other.id for other in self.actors.values() if hostile(faction, other.faction))
        return found

    def factions_hostile(self, a: str, b: str) -> bool:
        """`relations.hostile(a, b)`, cached per pair in `_hostility` (the relations of a world are
        fixed when it is built, so an entry never goes stale)."""
        key = (a, b)
        found = self._hostility.get(key)
        if found is None:
            found = self._hostility[key] = self.relations.hostile(a, b)
        return found

    def at(self, pos: Pos) -> Actor | None:
        aid = self.occupancy.get(pos)
        return None if aid is None else self.actors[aid]

    def occupants(self, pos: tuple[int, int]) -> tuple[str, ...]:
        """Everyone on a square: `occupancy`'s actor, then the rest of his cluster (`crowd`)."""
        aid = cast("dict[tuple[int, int], str]", self.occupancy).get(pos)  # a Pos hashes as its tuple
        if aid is None:
            return ()
        crowd = cast("dict[tuple[int, int], tuple[str, ...]]", self.crowd)
        return (aid, *crowd.get(pos, ())) if crowd else (aid,)

    def vacate(self, aid: str, pos: tuple[int, int]) -> None:
        """He leaves a square: the next of its cluster (if any) holds it."""
        vacate_square(self.occupancy, self.crowd, aid, pos)

    def occupy(self, aid: str, pos: Pos) -> None:
        """He stands on a square; one already held by another he shares (his cluster's `crowd`)."""
        holder = self.occupancy.get(pos)
        if holder is None or holder == aid:
            self.occupancy[pos] = aid
        elif aid not in self.crowd.get(pos, ()):
            self.crowd[pos] = (*self.crowd.get(pos, ()), aid)


def vacate_square(occupancy_: dict[Pos, str], crowd_: dict[Pos, tuple[str, ...]], aid: str,
                  pos: tuple[int, int]) -> None:
    """He leaves a square of a level (`occupancy_` and `crowd_` are its own): the next of its cluster
    (if any) holds it."""
    occupancy = cast("dict[tuple[int, int], str]", occupancy_)  # a Pos hashes as its tuple
    crowd = cast("dict[tuple[int, int], tuple[str, ...]]", crowd_)
    if occupancy.get(pos) == aid:
        rest = crowd.pop(pos, ()) if crowd else ()
        if rest:
            occupancy[pos] = rest[0]
            if rest[1:]:
                crowd[pos] = rest[1:]
        else:
            del occupancy[pos]
    elif crowd and aid in crowd.get(pos, ()):
        left = tuple(o for o in crowd[pos] if o != aid)
        if left:
            crowd[pos] = left
        else:
            del crowd[pos]


fast_init_all(Decision)  # see rules.fastinit
