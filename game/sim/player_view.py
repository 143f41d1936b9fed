"""The leader's view of the fights: one read-only projection the game view draws from (issue 9 item 5).

:func:`player_view` builds a :class:`PlayerView` from the world's state; the view rebuilds it each time the
world changes. Per bout the leader can see: its clock label, members, the orientations revealed so far (in
the house rule's vocabulary: a throw "red" / "white" under ``initiative_model: red_white``), each member's
target, the initiative relation of every pair *as the rules hold it* (``rules.bout.Bout.relation``, which
knows who arrived mid-round; nothing here re-derives initiative) and the declarations made this exchange as
the leader sees them (``rules.bout.visible_declaration``). Plus the decision the world waits for and its data.

Everything is plain frozen data. This module (with :mod:`game.sim.declaring` and :mod:`game.sim.odds`) is
the only place that reads the world's bout internals for the view, so when those move (the bout step into the
rules' clock, decisions as data) only these modules adapt.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.sim.brain import hurt_enough_to_flee
from game.sim.geometry import Direction
from game.sim.state import BoutState, Decision, WorldState
from rules.bout import AGGRESSIVE as AGGRESSIVE
from rules.bout import CAUTIOUS as CAUTIOUS
from rules.bout import DEFENSIVE as DEFENSIVE
from rules.bout import SeenAction as SeenAction
from rules.bout import visible_declaration
from rules.decisions import WORLD_KINDS, kind_title
from rules.decisions import Decision as RulesDecision
from rules.systems import DEFAULT_SYSTEM as DEFAULT_SYSTEM
from rules.systems import Figure as Figure
from rules.systems import kept_status, status
from rules.tros_status import figures as tros_figures

# the relation of (a, b) from a's side, as rules.bout.Bout.relation spells it
YOU_HOLD, HE_HOLDS, CONTESTED, NONE = "you_hold", "he_holds", "contested", "none"
ORIENTATIONS = (AGGRESSIVE, CAUTIOUS, DEFENSIVE)


@dataclass(frozen=True, slots=True)
class Declared:
    """One member's declaration this exchange, as the leader sees it, with its roles: the opponents he attacks
    and those he defends against (None: against anyone)."""

    items: tuple[SeenAction, ...]
    attacks: frozenset[str]
    defends: frozenset[str | None]


@dataclass(frozen=True, slots=True)
class MobilityView:
    """A mobility maneuver the leader can see (issue 13 item 1): declared at ``s2`` (Version 1) or committed
    with the footwork at ``s0`` (Version 2b, shown once revealed at ``s1``, the leader's own at once).
    ``foes``: Thread the Needle's foes he threads past (those but his target who target him), Outmaneuver's
    target; ``state``: ``declared`` / ``committed``, then ``worked`` or ``failed`` once resolved (2b at ``s2``)."""

    actor: str
    maneuver: str  # thread_the_needle | outmaneuver
    foes: tuple[str, ...]
    state: str


@dataclass(frozen=True, slots=True)
class BoutView:
    """One bout as the leader sees it. Mappings are filled once and never changed."""

    id: int
    clock: str  # e1s2
    exchange: int
    step: int
    members: tuple[str, ...]
    mine: bool
    orientation_choices: tuple[str, ...]
    orientations: dict[str, str] = field(default_factory=dict)  # revealed ones only
    targets: dict[str, str] = field(default_factory=dict)  # active members targeting an active member
    relations: dict[tuple[str, str], str] = field(default_factory=dict)  # every ordered pair of members
    declared: dict[str, Declared] = field(default_factory=dict)
    arrivals: frozenset[str] = frozenset()  # arrived mid-round, this exchange
    mobility: tuple[MobilityView, ...] = ()

    def relation(self, a: str, b: str) -> str:
        """``you_hold`` / ``he_holds`` / ``contested`` / ``none`` for ``a``'s pair with ``b``, from a's side."""
        return self.relations.get((a, b), NONE)

    def orientation(self, fid: str) -> str | None:
        return self.orientations.get(fid)

    def roles(self, fid: str, opponent: str) -> tuple[bool, bool, bool]:
        """(declared at all, attacks ``opponent``, defends against ``opponent``) this exchange."""
        d = self.declared.get(fid)
        if d is None:
            return False, False, False
        return True, opponent in d.attacks, opponent in d.defends or None in d.defends


@dataclass(frozen=True, slots=True)
class ChoiceOption:
    """One legal answer of a :class:`ChoiceView`: the value to send, its label, its CP cost and a note."""

    value: str
    label: str
    cost: int = 0
    note: str = ""


@dataclass(frozen=True, slots=True)
class ChoiceView:
    """A decision of the combat system that has no prompt of its own, as plain data for a generic one:
    what is asked (``kind``, a ``note``), the options (or a whole number from ``low`` to ``high`` when
    there are none) and the preselected ``default``. The answer goes back as ``Answer(kind, value)``."""

    kind: str
    who: str
    options: tuple[ChoiceOption, ...] = ()
    default: str | None = None
    low: int = 0
    high: int = 0
    note: str = ""
    title: str = ""  # the prompt's title (`rules.decisions.kind_title`)

    def values(self) -> tuple[str, ...]:
        return tuple(o.value for o in self.options)


@dataclass(frozen=True, slots=True)
class DecisionView:
    """What the world waits for from the leader: ``step`` (with an orientation when due), ``target``,
    ``declare``, ``bump`` or ``watch``; its options and the preselected default; the shots coming at him."""

    kind: str
    actor: str
    bout: int | None = None
    options: tuple[str, ...] = ()
    default: str | None = None
    orientation_due: bool = False
    first_aid_offered: bool = False
    incoming: tuple[str, ...] = ()
    shot_defence: int = 0
    bump_direction: Direction | None = None  # a bump frame: the way he bumped (follow = that way again)
    choice: ChoiceView | None = None  # kind ``decide``: the combat system's decision, for the generic prompt


@dataclass(frozen=True, slots=True)
class PlayerView:
    tick: int
    leader: str
    bouts: tuple[BoutView, ...] = ()
    membership: dict[str, int] = field(default_factory=dict)  # actor -> the bout he fights in
    decision: DecisionView | None = None
    over: str | None = None

    @property
    def my_bout(self) -> BoutView | None:
        return self.bout_of(self.leader)

    def bout_of(self, actor: str) -> BoutView | None:
        bid = self.membership.get(actor)
        if bid is None:
            return None
        return next((b for b in self.bouts if b.id == bid), None)

    def target_of(self, actor: str) -> str | None:
        bout = self.bout_of(actor)
        return None if bout is None else bout.targets.get(actor)


def _declared(bout: BoutState, viewer: str, fid: str) -> Declared | None:
    rules = bout.rules
    if fid not in rules.declarations:
        return None
    items = visible_declaration(rules, viewer, fid)
    maneuvers = rules.catalog.maneuvers
    attacks: set[str] = set()
    defends: set[str | None] = set()
    for item in items:
        m = maneuvers.get(item.maneuver)
        role = m.role if m is not None else ""
        if role == "attack" and item.opponent is not None:
            attacks.add(item.opponent)
        elif role == "defense":
            defends.add(item.opponent)
    return Declared(items, frozenset(attacks), frozenset(defends))


THREAD, OUTMANEUVER = "thread_the_needle", "outmaneuver"


def _mobility_foes(bout: BoutState, fid: str, maneuver: str) -> tuple[str, ...]:
    rules = bout.rules
    target = rules.targets.get(fid)
    if maneuver == OUTMANEUVER:
        return () if target is None else (target,)
    past = tuple(f for f in rules.foes(fid) if rules.targets.get(f) == fid and f != target)
    if past or bout.step == 2:
        return past
    return tuple(f for f in rules.foes(fid) if f != target)  # before the targets: every foe he may slip past


def _mobility(bout: BoutState, leader: str, declared: dict[str, Declared]) -> tuple[MobilityView, ...]:
    """The mobility maneuvers ``leader`` sees in ``bout`` (see MobilityView)."""
    rules = bout.rules
    out: list[MobilityView] = []
    for fid, d in declared.items():  # Version 1: declared at s2 with the exchange's maneuvers
        for item in d.items:
            if item.maneuver in (THREAD, OUTMANEUVER):
                foes = _mobility_foes(bout, fid, item.maneuver) or (
                    (item.opponent,) if item.opponent is not None else ())
                out.append(MobilityView(fid, item.maneuver, foes, "declared"))
    step = bout.step
    for fid, (maneuver, dice) in sorted(rules.mobility.items()):  # Version 2b: committed at s0
        if maneuver not in (THREAD, OUTMANEUVER) or dice <= 0 or (step == 0 and fid != leader):
            continue
        if step < 2:
            out.append(MobilityView(fid, maneuver, _mobility_foes(bout, fid, maneuver), "committed"))
        elif maneuver == THREAD:
            past = tuple(sorted(foe for foe, threader in rules.threaded if threader == fid))
            out.append(MobilityView(fid, maneuver, past, "worked") if past else
                       MobilityView(fid, maneuver, _mobility_foes(bout, fid, maneuver), "failed"))
        else:
            target = rules.targets.get(fid)
            worked = target is not None and target in rules.flanked
            out.append(MobilityView(fid, maneuver, () if target is None else (target,),
                                    "worked" if worked else "failed"))
    return tuple(out)


def bout_view(bout: BoutState, leader: str, mine: bool, label: str | None = None) -> BoutView:
    """The bout as ``leader`` sees it; ``label`` its clock in the combat system's words (default the
    design doc's ``e1s0``)."""
    rules = bout.rules
    members = tuple(bout.members)
    active = set(members)
    step = bout.step
    revealed = rules.clock.exchange > 1 or step >= 1  # secret at e1s0 only
    orientations: dict[str, str] = {}
    if revealed:
        for fid in members:
            shown = rules.shown_orientation(fid)
            if shown is not None:
                orientations[fid] = shown
    targets = {fid: t for fid in members if (t := rules.targets.get(fid)) is not None and t in active}
    relations = {(a, b): rules.relation(a, b) for a in members for b in members if a != b}
    declared = {fid: d for fid in members if (d := _declared(bout, leader, fid)) is not None}
    return BoutView(
        id=bout.id, clock=bout.clock() if label is None else label, exchange=rules.clock.exchange, step=step,
        members=members,
        mine=mine, orientation_choices=tuple(rules.orientation_choices()), orientations=orientations,
        targets=targets, relations=relations, declared=declared,
        arrivals=frozenset(f for f in members if rules.arriving(f)),
        mobility=_mobility(bout, leader, declared),
    )


def decision_view(state: WorldState) -> DecisionView | None:
    """The decision the world waits for from the leader, as data (cheap: the HUD asks every frame)."""
    pending: Decision | None = state.pending
    if pending is None:
        return None
    paused = state.paused if pending.kind == "bump" else None
    return DecisionView(
        pending.kind, pending.actor, pending.bout, tuple(pending.options), pending.default, pending.orientation_due,
        pending.first_aid_offered, tuple(pending.incoming), pending.shot_defence,
        paused.player_dir if paused is not None else None,
        _for_whom(state, choice_view(pending.asks)) if pending.kind == "decide" else None,
    )


def _for_whom(state: WorldState, choice: ChoiceView | None) -> ChoiceView | None:
    """A companion's decision (house rule party_orders) names him in its title."""
    if choice is None or choice.who == state.leader or choice.who not in state.actors:
        return choice
    return replace(choice, title=f"{state.actors[choice.who].name}: {choice.title}")


def choice_view(asks: tuple[RulesDecision, ...]) -> ChoiceView | None:
    """The one decision of `asks` that only the generic prompt answers (not the world's own: CP against
    a shot, first aid, a bump frame), as plain data."""
    for d in asks:
        if d.kind not in WORLD_KINDS:
            options = tuple(ChoiceOption(o.value, o.label, o.cost, o.note) for o in d.options)
            return ChoiceView(d.kind, d.who, options, d.default, d.low, d.high, d.note, kind_title(d.kind))
    return None


def player_view(state: WorldState) -> PlayerView:
    """The leader's view of ``state`` now."""
    leader = state.actors.get(state.leader)
    my_bout = state.bout_of(state.leader) if leader is not None and leader.alive else None
    label = state.system.label
    bouts = tuple(bout_view(b, state.leader, b is my_bout, label(b.rules)[0])
                  for b in sorted(state.bouts.values(), key=lambda b: b.id))
    membership: dict[str, int] = {}
    for actor in state.actors:
        bout = state.bout_of(actor)
        if bout is not None:
            membership[actor] = bout.id
    return PlayerView(state.tick, state.leader, bouts, membership, decision_view(state), state.over)


def bout_clock(state: WorldState, actor: str) -> tuple[str, str] | None:
    """(clock label, stage) of the bout ``actor`` fights in in its combat system's words (``e1s0``,
    ``Footwork``), or None: the cheap query the HUD asks every frame."""
    bout = state.bout_of(actor)
    return None if bout is None else state.system.label(bout.rules)


# ----- what the map shows over each actor (issue 11: readable state) ---------------------------------------
ALLY, HOSTILE, NEUTRAL = "ally", "hostile", "neutral"


@dataclass(frozen=True, slots=True)
class ActorStatus:
    """What the map shows over one actor: his side as the leader sees it, the leader's crown, his health."""

    id: str
    allegiance: str  # ALLY (the party, or the leader's faction), HOSTILE or NEUTRAL, from the leader's side
    leader: bool
    ht: int  # Health left (0 when out of the fight)
    ht_max: int
    bleeding: bool  # a wound still bleeds (blood loss grows until first aid)
    down: bool  # out of the fight: unconscious or dead
    dead: bool
    wounds: int = 0  # wounds he carries (each one's pain takes dice from his pool): "who is hurt" at a glance


def allegiance(state: WorldState, actor: str) -> str:
    """``actor``'s side as the leader sees it."""
    a = state.actors[actor]
    leader = state.actors.get(state.leader)
    if a.party or leader is None or a.id == leader.id or a.faction == leader.faction:
        return ALLY
    return HOSTILE if state.hostile(leader.id, a.id) else NEUTRAL


def actor_status(state: WorldState, actor: str) -> ActorStatus:
    a = state.actors[actor]
    f = a.fighter
    down = f.out_of_fight
    return ActorStatus(a.id, allegiance(state, actor), a.leader, 0 if down else max(0, f.ht),
                       f.sheet.attributes.HT, f.blood_loss > 0 and not f.dead, down, f.dead,
                       sum(1 for w in f.wounds if w.level > 0))


def flees(state: WorldState, actor: str) -> bool:
    """Whether ``actor`` is hurt enough to flee, by the AI's own rule (``game.sim.brain.hurt_enough_to_flee``):
    a foe the leader may leave be (auto-explore goes on while the only foes in sight flee)."""
    a = state.actors.get(actor)
    return a is not None and a.alive and hurt_enough_to_flee(a)


def actor_statuses(state: WorldState) -> dict[str, ActorStatus]:
    """:func:`actor_status` of every actor (cheap: the view asks once per world change)."""
    return {aid: actor_status(state, aid) for aid in state.actors}


def system_table(state: WorldState, actor: str) -> tuple[tuple[str, str], ...]:
    """The combat system's own state of the bout ``actor`` fights in, as (heading, text) rows for a table
    on screen (Sophia's Children's pools, Up and Tapped, ...); empty for the design doc's bout, whose
    state the map's indicators show, and out of a bout."""
    bout = state.bout_of(actor)
    return () if bout is None else state.system.table(bout.rules)


@dataclass(frozen=True, slots=True)
class TraceView:
    """A movement trace to draw on the map (Dew's trace system, 3.1): the squares from where its mover
    started, and whether he is still moving along it."""

    actor: str
    squares: tuple[tuple[int, int], ...]
    moving: bool


def system_traces(state: WorldState) -> tuple[TraceView, ...]:
    """The movement traces the combat system drew last in every bout (a system that draws them has a
    `traces(bout)` method: `dew_sequence`); empty for the others. Cheap: the map asks every frame."""
    traces = getattr(state.system, "traces", None)
    if traces is None:
        return ()
    out: list[TraceView] = []
    for bout in sorted(state.bouts.values(), key=lambda b: b.id):
        out += [TraceView(actor, squares, moving) for actor, squares, moving in traces(bout.rules)]
    return tuple(out)


@dataclass(frozen=True, slots=True)
class MarkView:
    """A marker by a fighter's miniature, as the combat system's players would place it (Combat basics'
    "stumbling 1", "dazed 2", "readied", "delayed"; Sophia's Children's "Stunned", ...): who and a short label."""

    actor: str
    label: str


def system_marks(state: WorldState) -> tuple[MarkView, ...]:
    """The markers the combat system puts by its fighters in every bout (a system that has them has a
    `marks(bout)` method); empty for the others. Cheap: the map asks every frame."""
    marks = getattr(state.system, "marks", None)
    if marks is None:
        return ()
    out: list[MarkView] = []
    for bout in sorted(state.bouts.values(), key=lambda b: b.id):
        out += [MarkView(actor, label) for actor, label in marks(bout.rules)]
    return tuple(out)


# ----- a fighter's figures in his combat system's words (the HUD's line, issue 11) ---------------------------
OUT_OF_FIGHT = "Out of a fight"


@dataclass(frozen=True, slots=True)
class StatusView:
    """What the HUD shows of one fighter: his figures as his combat system's players track them (`system`'s
    own in one of its bouts; out of a bout the world's TRoS health, which arrows, potions and first aid act
    on), and `kept`, what the system keeps of him for his next bout (G&G's hp, Dew's EN and BD)."""

    system: str
    in_bout: bool
    figures: tuple[Figure, ...]
    kept: tuple[Figure, ...] = ()

    @property
    def own(self) -> bool:
        """Are these the system's own figures (in a bout, or the design doc's system everywhere)?"""
        return self.in_bout or self.system == DEFAULT_SYSTEM


def fighter_status(state: WorldState, actor: str) -> StatusView:
    """``actor``'s figures now (cheap: the HUD asks every frame). In a bout his system's (`rules.systems.status`;
    TRoS's until a system has placed him); out of one TRoS's health, and what his system keeps of him."""
    name = state.system.name
    a = state.actors[actor]
    bout = state.bout_of(actor)
    if bout is not None:
        figures = status(name, bout.rules, actor)
        if figures:
            return StatusView(name, True, figures)
    kept = () if name == DEFAULT_SYSTEM else kept_status(name, a.carried)
    return StatusView(name, False, tros_figures(a.fighter), kept)
