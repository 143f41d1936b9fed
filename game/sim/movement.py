"""Movement (SPEC §3 steps 2-3): movement initiative, movers in its order, then bumpers, the leader's
bump frame and its answer, footwork's effect on a bout (`rules.footwork`), a step with its banked
points and bonus square, and the leader swapping squares with a companion.
"""

from __future__ import annotations

from collections.abc import Callable

from game.sim import events as ev
from game.sim.brain import Brain
from game.sim.commands import Bump
from game.sim.geometry import Direction, Pos, directions
from game.sim.state import Actor
from game.sim.world_core import WorldCore
from rules.bout import IllegalAction
from rules.decisions import BUMP, Decision, Option
from rules.footwork import WaitCandidate, bump_rushes, step_into_empty, wait_bump_order

BUMP_LABELS = {"follow": "Follow him", "stay": "Stay"}


class Movement:
    """The moves of a tick (see the module docstring)."""

    def __init__(self, core: WorldCore) -> None:
        self.core = core
        # a run's squares that do something when stepped into (a chest, a captive, a hireling): called with
        # the actor and the square his step was blocked by; True when it handled the step (World sets it)
        self.step_into: Callable[[str, Pos], bool] | None = None

    def roll_movement_initiative(self) -> None:
        s = self.core.state
        rolls = []
        for actor in s.actors.values():
            if actor.alive:
                rolls.append((actor.id, actor.fighter.reflex + s.combat.d6()))
        self.core.emit(ev.MovementInitiative(tuple(rolls)))

    def order_key(self, actor_id: str) -> tuple[int, int, str]:
        a = self.core.state.actors[actor_id]
        return (-a.move_init, -a.fighter.reflex, a.id)

    def move(self, intents: dict[str, Direction | None], brain: Brain) -> bool:
        """Movers, then bumpers (SPEC §3 steps 2-3); True when the leader's bump frame stops the tick."""
        s = self.core.state
        start = dict(s.occupancy)
        movers: list[tuple[str, Direction]] = []
        bumpers: list[tuple[str, Direction]] = []
        width, height, walkable = s.tilemap.width, s.tilemap.height, s.tilemap.passable_mask
        squares = s.tilemap.positions_by_index  # a square's Pos without building one
        for aid in sorted(intents, key=self.order_key):
            d = intents[aid]
            actor = s.actors[aid]
            if d is None:
                continue
            engaged = s.bout_of(aid) is not None
            if not engaged and self.banked(actor) + actor.speed < 6:
                # a slow actor loses this step and banks the points (SPEC §2)
                self.core.emit(ev.Forfeited(aid, d.label, "slow", self.banked(actor) + actor.speed))
                continue
            x, y = actor.pos
            tx, ty = x + d.dx, y + d.dy
            if not (0 <= tx < width and 0 <= ty < height and walkable[ty * width + tx]):
                if not (self.step_into is not None and 0 <= tx < width and 0 <= ty < height
                        and self.step_into(aid, squares[ty * width + tx])):
                    self.core.emit(ev.Forfeited(aid, d.label, "blocked"))
                continue
            target = squares[ty * width + tx]
            if target in start:
                bumpers.append((aid, d))
            else:
                movers.append((aid, d))
        for aid, d in movers:
            if s.house_rules.blocked_movers_bump and s.actors[aid].pos.step(d) in s.occupancy:
                bumpers.append((aid, d))  # house rule blocked_movers_bump: he bumps the one who took it
            elif self.step(aid, d):
                self.footwork(aid)
        if s.house_rules.wait_bumps and not self.core.player_ai and s.leader in intents and intents[s.leader] is None:
            self.wait_bump(s.leader)
        followers: list[tuple[str, Direction]] = []
        frame: tuple[str, Direction, Pos, str] | None = None
        swapped: set[str] = set()
        for aid, d in bumpers:
            if aid in swapped:  # the leader swapped squares with him this tick: his own step is spent
                continue
            actor = s.actors[aid]
            square = actor.pos.step(d)
            occupant = s.at(square)
            if occupant is not None:
                hostile = s.hostile(aid, occupant.id)
                # a companion who stood there all along swaps; one who just stepped in is bumped
                if not hostile and start.get(square) == occupant.id and self.swap(actor, occupant, d):
                    swapped.update((aid, occupant.id))
                    continue
                if not hostile and self.step_into is not None and self.step_into(aid, square):
                    continue
                self.core.emit(ev.Bumped(aid, occupant.id, d.name, hostile))
                continue
            fled = s.actors[start[square]]
            bout = s.bout_of(aid)
            rushes = bout is not None and s.hostile(aid, fled.id) and bump_rushes(bout.rules, aid)
            if aid == s.leader and not self.core.player_ai:
                if s.hostile(aid, fled.id) and not s.house_rules.auto_chase and not rushes:
                    frame = (aid, d, square, fled.id)
                    continue
                followers.append((aid, d))
            elif rushes or brain.follows(actor, fled):
                followers.append((aid, d))
            else:
                self.core.emit(ev.Forfeited(aid, d.name, "stays"))
        if frame is not None:
            aid, d, square, fled_id = frame
            follow = tuple((f, fd.name) for f, fd in followers)
            self.core.emit(ev.BumpFrame(aid, (square.x, square.y), d.name, fled_id, follow))
            self.core.mark_streams()
            options = ("follow", "stay", *(x.name for x in directions(s.house_rules.adjacency)))
            bump = Decision(BUMP, aid, tuple(Option(o, BUMP_LABELS.get(o, f"step {o}")) for o in options), "follow",
                            note=f"{s.actors[fled_id].name} stepped away")
            self.core.emit(ev.DecisionDue("bump", aid, None, options, "follow", asks=(bump,)))
            return True
        for aid, d in followers:
            self.step(aid, d)
        return False

    def resume_bump(self, choice: Bump) -> None:
        s = self.core.state
        paused = s.paused
        assert paused is not None
        if choice.choice not in ("follow", "stay"):
            d = direction_named(choice.direction or choice.choice)
            if d is None or d not in directions(s.house_rules.adjacency):
                raise IllegalAction("follow, stay, or a direction")
        self.core.emit(ev.BumpAnswered(s.leader, choice.choice if choice.choice in ("follow", "stay") else "step"))
        steps = list(paused.followers)
        if choice.choice == "follow":
            steps.append((s.leader, paused.player_dir))
        elif choice.choice == "stay":
            self.core.emit(ev.Forfeited(s.leader, paused.player_dir.name, "stays"))
        else:
            d = direction_named(choice.direction or choice.choice)
            if d is None or d not in directions(s.house_rules.adjacency):
                raise IllegalAction("follow, stay, or a direction")
            steps.append((s.leader, d))
        for aid, d in sorted(steps, key=lambda x: self.order_key(x[0])):
            self.step(aid, d)

    def wait_bump(self, aid: str) -> None:
        """aid waited at `s0` of his bout: house rule `wait_bumps` makes it a bump of the foe next to him
        that `rules.footwork.wait_bump_order` ranks first (he faces him; `s1` offers him as the default
        target)."""
        s = self.core.state
        actor = s.actors[aid]
        bout = s.bout_of(aid)
        if bout is None or bout.step != 0:
            return
        facing = actor.facing
        candidates: list[WaitCandidate] = []
        ways: dict[str, Direction] = {}
        for d in directions(s.house_rules.adjacency):
            other = s.occupancy.get(actor.pos.step(d))
            if other is None or not s.hostile(aid, other) or s.actors[other].fighter.out_of_fight:
                continue
            theirs = s.bout_of(other)
            dot = d.dx * facing.dx + d.dy * facing.dy
            side = "front" if dot > 0 else "behind" if dot < 0 else "side"
            targets_me = theirs is not None and theirs.rules.targets.get(other) == aid
            candidates.append(WaitCandidate(other, theirs is not None and theirs.id == bout.id, side, targets_me))
            ways[other] = d
        order = wait_bump_order(candidates)
        if order:
            self.core.emit(ev.Bumped(aid, order[0], ways[order[0]].name, True))

    def footwork(self, aid: str) -> None:
        """aid stepped into an empty square: the rules say what that does to his bout's orientation
        (rules.footwork: an Aggressive fighter at `e1s0` reverts to Cautious)."""
        bout = self.core.state.bout_of(aid)
        if bout is not None and bout.step == 0:
            self.core.rules_events(bout.id, step_into_empty(bout.rules, aid))

    def step(self, aid: str, d: Direction) -> bool:
        """Move one square if it is free (and a bonus square when the banked points allow); whether he moved."""
        s = self.core.state
        actor = s.actors[aid]
        engaged = s.bout_of(aid) is not None
        frm = actor.pos
        occupancy, tilemap = s.occupancy, s.tilemap
        width, height, walkable = tilemap.width, tilemap.height, tilemap.passable_mask
        tx, ty = frm[0] + d.dx, frm[1] + d.dy
        if not (0 <= tx < width and 0 <= ty < height and walkable[ty * width + tx]):
            self.core.emit(ev.Forfeited(aid, d.label, "taken"))
            return False
        squares = tilemap.positions_by_index  # a square's Pos without building one
        target = squares[ty * width + tx]
        if target in occupancy:
            self.core.emit(ev.Forfeited(aid, d.label, "taken"))
            return False
        mp = 0 if engaged else self.banked(actor) + actor.speed - 6
        if actor.fighter.out_of_fight:
            self.core.casualties_epoch = -1  # he is back on the map: the next `casualties` takes him off
        bonus = not engaged and mp >= 6
        name = d.label
        self.core.emit(ev.Moved(aid, frm, target, name, mp - 6 if bonus else mp))
        if bonus:
            # the bonus square (SPEC §2): taken now or lost
            nx, ny = tx + d.dx, ty + d.dy
            if 0 <= nx < width and 0 <= ny < height and walkable[ny * width + nx] and (
                    nxt := squares[ny * width + nx]) not in occupancy:
                self.core.emit(ev.Moved(aid, target, nxt, name, mp - 6, bonus=True))
        return True

    def banked(self, actor: Actor) -> int:
        """Banked movement points survive only from one step to the next."""
        tick = self.core.state.tick
        return actor.mp if actor.mp_tick in (tick - 1, tick) else 0

    def swap(self, leader: Actor, other: Actor, d: Direction) -> bool:
        """The leader stepping into a companion out of any bout swaps squares with him (so a companion never
        blocks the way in a corridor; in every world, not only a run: issue 11): two `Moved`, no points banked."""
        s = self.core.state
        if leader.id != s.leader or not other.party or not other.alive or s.bout_of(other.id) is not None \
                or s.bout_of(leader.id) is not None:
            return False
        a, b = leader.pos, other.pos
        self.core.emit(ev.Moved(leader.id, a, b, d.label, 0))
        back = direction_of(b, a)
        self.core.emit(ev.Moved(other.id, b, a, back.label, 0))
        return True


def direction_of(a: Pos, b: Pos) -> Direction:
    """The direction of the step from `a` to its neighbour `b`."""
    return next(d for d in Direction if (a.x + d.dx, a.y + d.dy) == (b.x, b.y))


def direction_named(name: str | None) -> Direction | None:
    """The direction a command names (None: a wait); `IllegalAction` for a name that is none."""
    if name is None:
        return None
    try:
        return Direction[name.upper()]
    except KeyError:
        raise IllegalAction(f"unknown direction {name!r}") from None
