"""World events: everything that happens in the world, as data (SPEC §3, §7).

World-level facts (positions, facings, bouts, decisions owed) change only by folding these events
into the state (`game.sim.fold`). A bout's inner state (its clock among it) lives in the rules' `Bout`
and changes only by folding the rules' own events (`rules.fold`); the world carries them as
`RulesEvent` (and `ShotLanded`, `Bled` outside a bout), wrapping the rules event.
Every event is a frozen, slotted dataclass with `rules.fastinit.fast_init`'s quicker `__init__` (a
tick builds a few dozen of them); fields, equality and `to_dict` are the dataclass's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from rules.decisions import Decision, Option
from rules.events import Event as RulesEventBase
from rules.fastinit import fast_init


class WorldEvent:
    __slots__ = ()
    type: ClassVar[str] = "world"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            out[f.name] = value.to_dict() if isinstance(value, RulesEventBase) else _plain(value)
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, Decision | Option):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return value


@fast_init
@dataclass(frozen=True, slots=True)
class TickStarted(WorldEvent):
    type: ClassVar[str] = "tick"
    tick: int


@fast_init
@dataclass(frozen=True, slots=True)
class TickEnded(WorldEvent):
    type: ClassVar[str] = "tick_end"
    tick: int
    checksum: str


@fast_init
@dataclass(frozen=True, slots=True)
class Rejected(WorldEvent):
    type: ClassVar[str] = "rejected"
    command: dict[str, Any]
    reason: str


@fast_init
@dataclass(frozen=True, slots=True)
class Moved(WorldEvent):
    type: ClassVar[str] = "moved"
    actor: str
    frm: tuple[int, int]
    to: tuple[int, int]
    facing: str
    mp: int = 0  # movement points banked after the step
    bonus: bool = False


@fast_init
@dataclass(frozen=True, slots=True)
class Forfeited(WorldEvent):
    """A move that did not happen: the actor only turns to face."""

    type: ClassVar[str] = "forfeited"
    actor: str
    facing: str
    reason: str
    mp: int | None = None  # a slow actor banks the points it could not use


@fast_init
@dataclass(frozen=True, slots=True)
class Bumped(WorldEvent):
    type: ClassVar[str] = "bumped"
    actor: str
    into: str
    facing: str
    hostile: bool


@fast_init
@dataclass(frozen=True, slots=True)
class BumpFrame(WorldEvent):
    """The player bumped a square its occupant left: follow, stay or step elsewhere (SPEC §3)."""

    type: ClassVar[str] = "bump_frame"
    actor: str
    square: tuple[int, int]
    direction: str
    fled: str
    followers: tuple[tuple[str, str], ...] = ()  # AI bumpers who follow once the player answers


@fast_init
@dataclass(frozen=True, slots=True)
class BumpAnswered(WorldEvent):
    type: ClassVar[str] = "bump_answered"
    actor: str
    choice: str


@fast_init
@dataclass(frozen=True, slots=True)
class MovementInitiative(WorldEvent):
    type: ClassVar[str] = "movement_initiative"
    order: tuple[tuple[str, int], ...]


@fast_init
@dataclass(frozen=True, slots=True)
class Rested(WorldEvent):
    """A round (`ROUND_TICKS`) went by with `actor` out of any bout: his CP refresh to `cp` (TRoS refreshes
    CP each round; out of a fight nothing holds it back), and a no-refresh penalty of his last fight is
    spent."""

    type: ClassVar[str] = "rested"
    actor: str
    cp: int


@fast_init
@dataclass(frozen=True, slots=True)
class BoutStarted(WorldEvent):
    type: ClassVar[str] = "bout_started"
    bout: int
    members: tuple[str, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class BoutJoined(WorldEvent):
    """A fighter joins a bout: in its first-exchange window (after any `BoutSynced`), with the
    orientation he gets at once when it joins at `s1`; or, `mid_round`, a bout busy in exchange
    (`e1s2`, `e2s*`) that he enters as one arriving mid-round (rules.bout `Bout.arrive`, SPEC §2, §4.7)."""

    type: ClassVar[str] = "bout_joined"
    bout: int
    actor: str
    orientation: str | None
    mid_round: bool = False


@fast_init
@dataclass(frozen=True, slots=True)
class BoutSynced(WorldEvent):
    """Bouts in their first-exchange window merged, every member synced to the later step."""

    type: ClassVar[str] = "bout_synced"
    bout: int
    merged: tuple[int, ...]
    step: int


@fast_init
@dataclass(frozen=True, slots=True)
class BoutSplit(WorldEvent):
    type: ClassVar[str] = "bout_split"
    bout: int
    new_bout: int
    members: tuple[str, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class BoutLeft(WorldEvent):
    type: ClassVar[str] = "bout_left"
    bout: int
    actor: str
    reason: str


@fast_init
@dataclass(frozen=True, slots=True)
class Carried(WorldEvent):
    """What the combat system keeps of `actor` between his bouts, as he leaves one on his feet (its
    `carry`: Dew's EN and BD): the world holds it (`Actor.carried`, from `tick`) and hands it back when
    he enters his next bout (`rules.systems.Entrant.carried`)."""

    type: ClassVar[str] = "carried"
    actor: str
    record: tuple[tuple[str, int], ...]
    tick: int


@fast_init
@dataclass(frozen=True, slots=True)
class BoutEnded(WorldEvent):
    type: ClassVar[str] = "bout_ended"
    bout: int


@fast_init
@dataclass(frozen=True, slots=True)
class BoutReach(WorldEvent):
    """Who can reach whom inside a bout (its members' hostile neighbours), when that changed."""

    type: ClassVar[str] = "bout_reach"
    bout: int
    reach: tuple[tuple[str, tuple[str, ...]], ...]


@fast_init
@dataclass(frozen=True, slots=True)
class BoutTerrain(WorldEvent):
    """Which members of a bout stand on difficult ground, with the TN of its terrain roll
    (`game.sim.tilemap.TERRAIN_TN`; `rules.bout.Bout.set_terrain`), when that changed; the rest stand firm."""

    type: ClassVar[str] = "bout_terrain"
    bout: int
    terrain: tuple[tuple[str, int], ...]


@fast_init
@dataclass(frozen=True, slots=True)
class BoutCornered(WorldEvent):
    """Which members of a bout have no room to evade (`game.sim.membership.room_to_evade`; `rules.bout.Bout.
    set_cornered`: their Full Evasion takes a terrain roll), when that changed; the rest have room."""

    type: ClassVar[str] = "bout_cornered"
    bout: int
    fighters: tuple[str, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class StreamsAt(WorldEvent):
    """The random streams' positions (draws so far) where the world stops and waits."""

    type: ClassVar[str] = "streams"
    combat: int
    ai: int
    cosmetic: int


@fast_init
@dataclass(frozen=True, slots=True)
class OrientationRevealed(WorldEvent):
    type: ClassVar[str] = "orientation_revealed"
    bout: int
    orientations: tuple[tuple[str, str], ...]


@fast_init
@dataclass(frozen=True, slots=True)
class RulesEvent(WorldEvent):
    """Something the rules did inside a bout (a declaration, an attack, a wound, ...)."""

    type: ClassVar[str] = "rules"
    bout: int
    event: RulesEventBase


@fast_init
@dataclass(frozen=True, slots=True)
class Aimed(WorldEvent):
    type: ClassVar[str] = "aimed"
    actor: str
    target: str
    ticks: int


@fast_init
@dataclass(frozen=True, slots=True)
class ShotLoosed(WorldEvent):
    """A missile in the air: it lands (or misses) at the start of the next tick (SPEC §4.9)."""

    type: ClassVar[str] = "shot_loosed"
    actor: str
    target: str
    zone: str
    aim_ticks: int
    ready_tick: int  # the first tick he can shoot again


@fast_init
@dataclass(frozen=True, slots=True)
class ShotLanded(WorldEvent):
    """The rules' resolution of a shot (rules.ranged.Shot and what followed it)."""

    type: ClassVar[str] = "shot_landed"
    event: RulesEventBase


@fast_init
@dataclass(frozen=True, slots=True)
class ShotWasted(WorldEvent):
    type: ClassVar[str] = "shot_wasted"
    actor: str
    target: str
    reason: str


@fast_init
@dataclass(frozen=True, slots=True)
class ShotsDone(WorldEvent):
    """Every shot in the air has come down."""

    type: ClassVar[str] = "shots_done"


@fast_init
@dataclass(frozen=True, slots=True)
class Died(WorldEvent):
    type: ClassVar[str] = "died"
    actor: str
    cause: str


@fast_init
@dataclass(frozen=True, slots=True)
class KnockedOut(WorldEvent):
    """Out of the fight without dying (knocked out, or collapsed from pain): lies on the floor."""

    type: ClassVar[str] = "knocked_out"
    actor: str
    cause: str


@fast_init
@dataclass(frozen=True, slots=True)
class Bled(WorldEvent):
    """An out-of-combat blood-loss check (the rules' check, outside any bout)."""

    type: ClassVar[str] = "bled"
    actor: str
    event: RulesEventBase


@fast_init
@dataclass(frozen=True, slots=True)
class Recovering(WorldEvent):
    """Out-of-combat care counters of a wounded actor (bleeding, first aid, healing)."""

    type: ClassVar[str] = "recovering"
    actor: str
    bleed_thirds: int
    waited: int
    heal_ticks: int


@fast_init
@dataclass(frozen=True, slots=True)
class FirstAidChoice(WorldEvent):
    type: ClassVar[str] = "first_aid_choice"
    actor: str
    accept: bool


@fast_init
@dataclass(frozen=True, slots=True)
class FirstAidOffered(WorldEvent):
    type: ClassVar[str] = "first_aid_offered"
    actor: str


@fast_init
@dataclass(frozen=True, slots=True)
class FirstAidGiven(WorldEvent):
    type: ClassVar[str] = "first_aid"
    actor: str
    dice: int
    tn: int
    faces: tuple[int, ...]
    successes: int
    stopped: bool


@fast_init
@dataclass(frozen=True, slots=True)
class Healed(WorldEvent):
    type: ClassVar[str] = "healed"
    actor: str
    amount: int
    location: str
    pain: int


@fast_init
@dataclass(frozen=True, slots=True)
class OrderGiven(WorldEvent):
    type: ClassVar[str] = "order"
    companion: str
    kind: str
    target: str | None
    at: tuple[int, int] | None


@fast_init
@dataclass(frozen=True, slots=True)
class StepPlanned(WorldEvent):
    type: ClassVar[str] = "step_planned"
    companion: str
    direction: str | None


@fast_init
@dataclass(frozen=True, slots=True)
class DecisionDue(WorldEvent):
    """The world waits for the player: `kind` is step, target, declare or bump. `incoming` names the
    shooter of each shot in the air at him, landing at the start of the next tick (SPEC §4.9), and
    `shot_defence` is the CP the AI would add against each (`rules.ai.suggest_shot_defence`): what a
    command without `shot_defence_cp` adds."""

    type: ClassVar[str] = "decision"
    kind: str
    actor: str
    bout: int | None = None
    options: tuple[str, ...] = field(default=())
    default: str | None = None
    incoming: tuple[str, ...] = field(default=())
    shot_defence: int = 0
    asks: tuple[Decision, ...] = field(default=())  # the decisions it bundles, as data (rules.decisions)


@fast_init
@dataclass(frozen=True, slots=True)
class GameOver(WorldEvent):
    """The game is over. A scenario is won when no foe of the leader is left standing, or when every one
    left is routed (`game.sim.brain.routed`): `fled` names those, who broke off hurt (empty otherwise)."""

    type: ClassVar[str] = "game_over"
    outcome: str  # victory | death | defeat (the leader is down but alive)
    tick: int
    fled: tuple[str, ...] = field(default=())  # a rout: the foes still on their feet, all of them fleeing


# ----- a run's events (issue 10, docs/run.md): only a world with a `RunState` emits them ---------------


@fast_init
@dataclass(frozen=True, slots=True)
class LevelChanged(WorldEvent):
    """The party took the stairs from depth `frm` to `depth`: `travellers` (the leader first, then the
    companions who came along) stand at the given squares there. The depth left is kept as it is; the
    depth entered is the one left there before, or generated from the run's plan on the first visit."""

    type: ClassVar[str] = "level_changed"
    frm: int
    depth: int
    travellers: tuple[tuple[str, int, int], ...]
    theme: str = ""  # the theme of `depth` (content/themes.yaml id), for the log; the fold does not read it


@fast_init
@dataclass(frozen=True, slots=True)
class ItemsPickedUp(WorldEvent):
    """`actor` took `items` ((item, count), ...) from the pile on his square `pos`."""

    type: ClassVar[str] = "items_picked_up"
    actor: str
    pos: tuple[int, int]
    items: tuple[tuple[str, int], ...]


@fast_init
@dataclass(frozen=True, slots=True)
class GearChanged(WorldEvent):
    """`actor` equipped `item` (`slot`): his carried and equipped items are now these; his fighter's
    sheet is rebuilt from them (`game.sim.inventory.sheet`, wounds and HT kept) and his move points
    come from their encumbrance."""

    type: ClassVar[str] = "gear_changed"
    actor: str
    item: str
    carried: tuple[tuple[str, int], ...]
    equipped: tuple[tuple[str, str], ...]


@fast_init
@dataclass(frozen=True, slots=True)
class ItemsDropped(WorldEvent):
    """What a fallen fighter (dead or knocked out: nobody wakes) carried falls where he fell (everything
    but his natural gear)."""

    type: ClassVar[str] = "items_dropped"
    actor: str
    pos: tuple[int, int]
    items: tuple[tuple[str, int], ...]


@fast_init
@dataclass(frozen=True, slots=True)
class WeaponDisarmed(WorldEvent):
    """A Disarm knocked `item` from the fighter's hand (rules `knock_check` of kind disarm): it lies on the
    floor at `pos` for anyone to pick up (game.sim.disarm; issue 13 item 5)."""

    type: ClassVar[str] = "weapon_disarmed"
    actor: str
    pos: tuple[int, int]
    item: str


@fast_init
@dataclass(frozen=True, slots=True)
class WeaponDrawn(WorldEvent):
    """A disarmed fighter draws a weapon he carries (his footwork of that step; game.sim.disarm)."""

    type: ClassVar[str] = "weapon_drawn"
    actor: str
    item: str


@fast_init
@dataclass(frozen=True, slots=True)
class ExperienceGained(WorldEvent):
    """A party member's experience (`rules.progression`): `why` is "depth N" (the first arrival there)
    or the id of a fallen foe (a share of his worth among the party members of the bout he fell in)."""

    type: ClassVar[str] = "experience"
    actor: str
    amount: int
    why: str


@fast_init
@dataclass(frozen=True, slots=True)
class ItemPutDown(WorldEvent):
    """`actor` put `count` of the carried `item` down on his square `pos` (the `Gear` command)."""

    type: ClassVar[str] = "item_put_down"
    actor: str
    pos: tuple[int, int]
    item: str
    count: int


@fast_init
@dataclass(frozen=True, slots=True)
class ItemsGiven(WorldEvent):
    """`actor` handed `count` of his carried `item` to the party member `to` beside him (`Gear` give)."""

    type: ClassVar[str] = "items_given"
    actor: str
    to: str
    item: str
    count: int


@fast_init
@dataclass(frozen=True, slots=True)
class ItemUsed(WorldEvent):
    """`actor` used one of his carried consumable `item` (`effect`, `rules.consumables`) on `on` (himself or
    a party member beside him): `wounds` are (wound index, pain, blood loss) after it, `ht` his HT after it
    when it changed; a bandage's first-aid roll is `faces` (`successes` of them), empty without a roll."""

    type: ClassVar[str] = "item_used"
    actor: str
    on: str
    item: str
    effect: str
    wounds: tuple[tuple[int, int, int], ...] = ()
    ht: int | None = None
    faces: tuple[int, ...] = ()
    successes: int = 0


@fast_init
@dataclass(frozen=True, slots=True)
class Trained(WorldEvent):
    """A party member spent `cost` experience at the stairs on one more level of the proficiency or point of
    the attribute `name` (`kind` "proficiency" or "attribute"), now `value` (`rules.progression`); his
    fighter's sheet is rebuilt with it (wounds, HT lost and flags kept), as on a change of gear."""

    type: ClassVar[str] = "trained"
    actor: str
    kind: str
    name: str
    value: int
    cost: int


@fast_init
@dataclass(frozen=True, slots=True)
class PainReturned(WorldEvent):
    """The oldest painkiller dose `actor` took wore off (`run_world.PAINKILLER_TICKS` after it): `wounds`
    are (wound index, pain) after it, the numbed pain back (never more than before the dose)."""

    type: ClassVar[str] = "pain_returned"
    actor: str
    wounds: tuple[tuple[int, int], ...] = ()


@fast_init
@dataclass(frozen=True, slots=True)
class FollowerSetOut(WorldEvent):
    """The party left depth `frm` without the companion `actor` (too far from the leader, out of any bout):
    he walks to the stairs they took and reaches the party's depth at tick `arrives` (docs/run.md)."""

    type: ClassVar[str] = "follower_set_out"
    actor: str
    frm: int
    arrives: int


@fast_init
@dataclass(frozen=True, slots=True)
class FollowerArrived(WorldEvent):
    """The companion `actor` who set out from depth `frm` arrives on the party's depth at `pos`; depth
    `frm` is kept as it was, without him."""

    type: ClassVar[str] = "follower_arrived"
    actor: str
    frm: int
    pos: tuple[int, int]


@fast_init
@dataclass(frozen=True, slots=True)
class ChestOpened(WorldEvent):
    """`actor` stepped into the closed chest at `pos` beside him and opened it: its square is floor from
    now on, and `items` ((item, count), ...), what the level's generation put in it, lie there."""

    type: ClassVar[str] = "chest_opened"
    actor: str
    pos: tuple[int, int]
    items: tuple[tuple[str, int], ...] = ()


@fast_init
@dataclass(frozen=True, slots=True)
class Recruited(WorldEvent):
    """The leader `actor` stepped into the recruit `recruit` and he joined the party: a prisoner freed
    (`price` 0) or a hireling paid `price` coins from the leader's purse. He is of the party from now on
    (faction, sheet, orders: follow), with the gear he stood in."""

    type: ClassVar[str] = "recruited"
    actor: str
    recruit: str
    kind: str
    price: int = 0


@fast_init
@dataclass(frozen=True, slots=True)
class RecruitRefused(WorldEvent):
    """The leader `actor` stepped into the recruit `recruit`, who would not join: `reason` in one line
    (the party is full, too few coins). Changes nothing."""

    type: ClassVar[str] = "recruit_refused"
    actor: str
    recruit: str
    reason: str


@fast_init
@dataclass(frozen=True, slots=True)
class CameRound(WorldEvent):
    """The party member `actor`, knocked out (not dead), comes round (docs/run.md "Fallen companions"): the
    leader `by`, out of any bout and with no foe beside him, stepped onto him and tended him. He stands at
    `pos` (the free square nearest the leader), out of any bout, with his wounds and his gear."""

    type: ClassVar[str] = "came_round"
    actor: str
    by: str
    pos: tuple[int, int]
