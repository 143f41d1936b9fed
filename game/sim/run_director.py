"""A roguelike run in the world (issue 10, docs/run.md; only when `state.run` is set): the gear commands,
the fallen's drops and the experience they give, the party picking up and equipping, the stairs (and
the victory out of the dungeon with the relic), and the AI leader's way through a level.
"""

from __future__ import annotations

from game.sim import events as ev
from game.sim import run_actions
from game.sim.brain import Brain
from game.sim.commands import Gear, Train
from game.sim.gear_choice import upgrade, worth_picking_up
from game.sim.geometry import Direction, Pos, chebyshev, directions, manhattan
from game.sim.inventory import Inventory, Refusal, drop, equip, pick_up, unequip
from game.sim.pathfinding import DistanceMap, distance_map
from game.sim.recovery import CARE_TN
from game.sim.recruits import recruit
from game.sim.run_ai import tend_and_train
from game.sim.run_fallen import down_not_dead, fallen_companions, fallen_under, stand_square
from game.sim.run_party import follow_ticks, follower_square, party_size, waiting_recruit
from game.sim.run_world import (
    COINS,
    arrival,
    closed_chest,
    closed_chests,
    pain_returning,
    run_wearer,
    stairs,
    stairs_down,
    stairs_up,
)
from game.sim.state import Actor, Pile, RunState
from game.sim.tilemap import Tile
from game.sim.world_core import WorldCore
from rules.bout import IllegalAction
from rules.fighter import FighterState
from rules.progression import depth_experience, fight_experience

RUN_REST_PAIN = 1  # a run's AI leader rests, out of a fight, while bleeding or in this much pain
RUN_REST_PATIENCE = 150  # ... for at most this many ticks in a row on a depth
RUN_NEAR = 4  # party members this close (Chebyshev) to the AI leader are waited for while they heal
RUN_GATHER = 3  # the AI leader waits for a companion more than this many steps (manhattan) behind
RUN_GATHER_PATIENCE = 40  # ... for at most this many ticks in a row
RUN_REVIVE_MAX = 10  # the AI leader brings each fallen companion round at most this many times
RUN_REVIVE_PATIENCE = 80  # ... and goes to the fallen for at most this many ticks in a row
RUN_ENGAGE = 3  # a run's AI leader turns on a foe within this many steps (manhattan)


class RunDirector:
    """The run's part of the world (see the module docstring)."""

    def __init__(self, core: WorldCore) -> None:
        self.core = core
        self._drops_epoch = -1  # `FighterState.roster_epoch` at the last look for fallen fighters' drops
        self._worth: dict[tuple[Pos, Pile, Inventory], bool] = {}  # the AI leader's view of each pile
        self._credited: set[str] = set()  # fallen foes whose worth the party has had (ids are unique in a run)
        self._map_changed = False  # a chest opened this tick: the map's caches start again at its end
        self._gathering = 0  # ticks in a row the AI leader has waited for his party to catch up
        self._resting = 0  # ticks in a row the AI leader has rested
        self._engaging: str | None = None  # the foe the AI leader went for last tick
        self._revived: dict[str, int] = {}  # how many times each companion was brought round
        self._chasing_fallen = 0  # ticks in a row the AI leader has gone to a fallen companion

    def step(self) -> bool:
        """After the moves: the fallen drop what they carried, party members who stepped onto items
        take what is worth it (and equip what is better), and the leader on the stairs takes them.
        True when the party went to another level (the world's caches tied to the map start again)."""
        s = self.core.state
        if self._drops_epoch != FighterState.roster_epoch:
            self._drops()
            self._drops_epoch = FighterState.roster_epoch
        run = s.run
        assert run is not None
        if run.numbed:
            self._pain_returns(run)
        if run.floor:
            for actor in self.core.living():
                if actor.party and actor.moved and actor.pos in run.floor and s.bout_of(actor.id) is None:
                    self._pick_up(actor)
        leader = s.actors[s.leader]
        if leader.alive and leader.moved and s.bout_of(leader.id) is None:
            self._bring_round(leader)
        if self.core.player_ai:
            tend_and_train(self.core)  # the AI leader's bandages, painkillers and training (game.sim.run_ai)
        arrived = bool(run.following) and self._arrivals(run)
        if self._map_changed:
            self._map_changed, arrived = False, True
        leader = s.actors[s.leader]
        if leader.alive and leader.moved and s.bout_of(leader.id) is None and stairs(s, leader.pos) is not None:
            return self._stairs(leader) or arrived
        return arrived

    def _arrivals(self, run: RunState) -> bool:
        """Companions left behind whose walk is over arrive by the stairs (`FollowerArrived`); True when
        one did (the cast changed)."""
        s = self.core.state
        arrived = False
        for aid in sorted(run.following):
            frm, arrives = run.following[aid]
            if arrives > s.tick:
                continue
            square = follower_square(s, run, frm)
            if square is not None:  # (else every square by the stairs is taken: he comes a tick later)
                self.core.emit(ev.FollowerArrived(aid, frm, (square.x, square.y)))
                arrived = True
        return arrived

    def step_into(self, aid: str, square: Pos) -> bool:
        """The leader, out of any bout, stepping into a closed chest opens it (`ChestOpened`), into a
        recruit asks him to join (`Recruited` or `RecruitRefused`): the step is all it costs; True when
        the step did one of them."""
        s = self.core.state
        if aid != s.leader or s.bout_of(aid) is not None:
            return False
        contents = closed_chest(s, square)
        if contents is not None:
            self.core.emit(ev.ChestOpened(aid, (square.x, square.y), contents))
            self._map_changed = True
            return True
        other = s.at(square)
        offer = None if other is None else waiting_recruit(s, other.id)
        if other is None or offer is None:
            return False
        run = s.run
        assert run is not None
        coins = run.inventories[aid].count(COINS)
        left = recruit(offer, party_size(s, run), run.content.run.party_cap, coins, other.name)
        if isinstance(left, Refusal):
            self.core.emit(ev.RecruitRefused(aid, other.id, left.reason))
        else:
            self.core.emit(ev.Recruited(aid, other.id, offer.kind, coins - left))
            self._map_changed = True  # the sides changed: the caches start again at the tick's end
        return True

    def _bring_round(self, leader: Actor) -> None:
        """The leader stepped onto a fallen companion (knocked out, not dead) with no foe beside him: he
        tends him and the companion comes round beside him (`CameRound`; docs/run.md "Fallen companions")."""
        s = self.core.state
        fallen = fallen_under(s, leader.pos)
        if fallen is None or self.core.adjacent_hostiles(leader):
            return
        square = stand_square(s, leader.pos)
        if square is not None:
            self.core.emit(ev.CameRound(fallen.id, leader.id, (square.x, square.y)))
            self._revived[fallen.id] = self._revived.get(fallen.id, 0) + 1
            self._chasing_fallen = 0
            self._map_changed = True  # the living changed: the caches start again at the tick's end

    def _pain_returns(self, run: RunState) -> None:
        """Painkiller doses that are due wear off (`PainReturned`), on the depth the party is on (time
        stands still on the others)."""
        s = self.core.state
        for aid in sorted(run.numbed):
            actor = s.actors.get(aid)
            if actor is None or not actor.alive:
                continue
            while (wounds := pain_returning(run, actor, s.tick)) is not None:
                self.core.emit(ev.PainReturned(aid, wounds))

    def gear(self, command: Gear | Train) -> None:
        """The `Gear` command: pick up, put down, equip or unequip, checked against the state (a
        refusal of `game.sim.inventory` is the command's one-line reason); give, use and `Train` in
        `game.sim.run_actions`."""
        s = self.core.state
        run = s.run
        if run is None:
            raise IllegalAction("there is no gear to handle outside a run")
        if isinstance(command, Train) or command.action in ("give", "use"):
            self._action(command, run)
            return
        who = s.leader if command.actor is None else command.actor
        actor = s.actors.get(who)
        if actor is None or not actor.party or not actor.alive:
            raise IllegalAction(f"{who} is no one of the party who can handle gear here")
        if s.bout_of(who) is not None:
            raise IllegalAction(f"{actor.name} is fighting: no time to handle gear")
        items, inv, at = run.content.items, run.inventories[who], (actor.pos.x, actor.pos.y)
        item = command.item
        if command.action in ("pick_up", "drop", "equip") and (item is None or item not in items):
            raise IllegalAction(f"{command.action.replace('_', ' ')} what? no item {item!r}")
        assert item is not None or command.action == "unequip"
        if command.action == "pick_up":
            assert item is not None
            if dict(run.floor.get(actor.pos, ())).get(item, 0) < command.count:
                raise IllegalAction(f"there are not {command.count} {items[item].name} here")
            result = pick_up(inv, item, command.count, items=items, attributes=run_wearer(run, actor).attributes)
            if isinstance(result, Refusal):
                raise IllegalAction(result.reason)
            self.core.emit(ev.ItemsPickedUp(who, at, ((item, command.count),)))
        elif command.action == "drop":
            assert item is not None
            result = drop(inv, item, command.count)
            if isinstance(result, Refusal):
                raise IllegalAction(result.reason)
            self.core.emit(ev.ItemPutDown(who, at, item, command.count))
        else:
            if command.action == "equip":
                assert item is not None
                result = equip(inv, item, items=items, catalog=s.catalog, hand=command.slot)
            else:
                item = inv.slot(command.slot or "")
                result = unequip(inv, command.slot or "", items=items)
            if isinstance(result, Refusal):
                raise IllegalAction(result.reason)
            assert item is not None
            self.core.emit(ev.GearChanged(who, item, result.carried, result.equipped))

    def _action(self, command: Gear | Train, run: RunState) -> None:
        s = self.core.state
        if isinstance(command, Train):
            events = run_actions.train(s, run, command)
        else:
            actor = run_actions.party_member(s, command.actor or s.leader, "handle gear")
            if command.action == "give":
                events = run_actions.give(s, run, actor, command)
            else:
                events = run_actions.use_item(s, run, actor, command, s.combat, CARE_TN, s.house_rules.negative_pool)
        for e in events:
            self.core.emit(e)
        if any(isinstance(e, ev.ItemUsed) and e.faces for e in events):
            self.core.mark_streams()  # the bandage's roll drew from the combat stream

    def _drops(self) -> None:
        s = self.core.state
        run = s.run
        assert run is not None
        for actor in s.actors.values():
            if actor.party and down_not_dead(actor):
                continue  # a companion knocked out keeps his gear: he may be brought round (run_fallen)
            if actor.fighter.out_of_fight:  # dead, or a foe knocked out (nobody tends him): fallen
                items = run.inventories[actor.id].everything()
                if items:
                    self.core.emit(ev.ItemsDropped(actor.id, (actor.pos.x, actor.pos.y), items))
                if actor.id not in self._credited:
                    self._credited.add(actor.id)
                    self._fight_experience(actor)

    def _fight_experience(self, fallen: Actor) -> None:
        """A fallen foe's worth, shared by the party members still standing who fought in his bout."""
        s = self.core.state
        bout = s.membership.get(fallen.id)
        if bout is None or not s.hostile(s.leader, fallen.id):
            return
        fighters = sorted(a.id for a in self.core.living() if a.party and s.membership.get(a.id) == bout)
        for member, amount in fight_experience([fallen.fighter.sheet], fighters).items():
            self.core.emit(ev.ExperienceGained(member, amount, fallen.id))

    def _pick_up(self, actor: Actor) -> None:
        """Take from the pile what `gear_choice.worth_picking_up` says, then equip each upgrade."""
        s = self.core.state
        run = s.run
        assert run is not None
        items, catalog = run.content.items, s.catalog
        wearer = run_wearer(run, actor)
        inv = run.inventories[actor.id]
        taken: list[tuple[str, int]] = []
        for item, count in run.floor[actor.pos]:
            want = min(count, max(0, items[item].stack - inv.count(item)))
            if want and worth_picking_up(inv, item, want, wearer, items=items, catalog=catalog):
                after = pick_up(inv, item, want, items=items, attributes=wearer.attributes)
                if not isinstance(after, Refusal):
                    inv = after
                    taken.append((item, want))
        if not taken:
            return
        self.core.emit(ev.ItemsPickedUp(actor.id, (actor.pos.x, actor.pos.y), tuple(taken)))
        for _ in range(len(inv.carried)):
            better = next((c for item, _n in run.inventories[actor.id].carried
                           if (c := upgrade(run.inventories[actor.id], item, wearer, items=items, catalog=catalog))),
                          None)
            if better is None:
                break
            new = better.inventory
            self.core.emit(ev.GearChanged(actor.id, better.item, new.carried, new.equipped))

    def _stairs(self, leader: Actor) -> bool:
        """The leader on the stairs: down or up a depth with the companions within two squares of him
        (and out of any bout); out of the dungeon with the relic (down from the last depth, up from the
        first) is the victory."""
        s = self.core.state
        run = s.run
        assert run is not None
        down = stairs(s, leader.pos) == Tile.STAIRS_DOWN
        depth = run.depth + (1 if down else -1)
        if not 1 <= depth <= run.plan.last:
            if run.inventories[leader.id].count(run.content.run.goal.relic):
                self.core.emit(ev.GameOver("victory", s.tick))
            return False
        party = [leader] + [a for a in self.core.living() if a.party and a.id != leader.id
                            and chebyshev(a.pos, leader.pos) <= 2 and s.bout_of(a.id) is None]
        squares = arrival(run, depth, down, len(party))
        travellers = tuple((a.id, p.x, p.y) for a, p in zip(party, squares, strict=False))
        went = {aid for aid, _x, _y in travellers}
        adjacency = s.house_rules.adjacency
        followers = [(a.id, t) for a in self.core.living() if a.party and a.id not in went and s.bout_of(a.id) is None
                     and (t := follow_ticks(s.tilemap, a.pos, leader.pos, a.speed, adjacency)) is not None]
        first_visit = depth > run.deepest
        frm = run.depth
        self.core.emit(ev.LevelChanged(frm, depth, travellers, run.plan.depth(depth).theme))
        for aid, ticks in followers:  # the others walk after the party (docs/run.md)
            self.core.emit(ev.FollowerSetOut(aid, frm, s.tick + ticks))
        if first_visit:
            for aid, _x, _y in travellers:
                self.core.emit(ev.ExperienceGained(aid, depth_experience(depth), f"depth {depth}"))
        return True

    def new_level(self) -> None:
        """A new level: the caches of this part tied to the map start again."""
        self._drops_epoch = -1
        self._worth.clear()
        self._chasing_fallen = 0
        self._resting = 0
        self._engaging = None

    def leader_intent(self, brain: Brain, actor: Actor) -> Direction | None:
        """The AI leader of a run: fight a foe who is close (`RUN_ENGAGE`) and not fleeing; rest, with no
        foe in sight, while bleeding or in pain (`RUN_REST_PAIN`); else go for
        the nearest pile worth taking (the relic among them), else for the stairs down (out, from the
        last depth, once he holds the relic)."""
        seen = brain.visible_hostiles(actor)
        foes = [h for h in seen if manhattan(actor.pos, h.pos) <= RUN_ENGAGE and not brain.hurt_enough_to_flee(h)]
        held = self.core.state.actors.get(self._engaging or "")
        if not foes and held is not None and held.alive and manhattan(actor.pos, held.pos) <= RUN_ENGAGE + 1 \
                and not brain.hurt_enough_to_flee(held):
            foes = [held]  # the foe he went for, out of sight for a step (round a corner): still him
        self._engaging = foes[0].id if foes else None
        if foes:  # one who stands his ground and is close: fight him (a fleeing one is left to flee)
            if manhattan(actor.pos, foes[0].pos) == 1:
                return None
            d = brain.step_toward(actor, foes[0].pos, True) if foes[0] is not held else \
                self._route_step(actor, foes[0].pos)  # (the same foe again: by the route, no greedy flip-flop)
            if d is not None and stairs(self.core.state, actor.pos.step(d)) is None:
                return d  # (never off the level after a foe: then he goes on his way)
        s = self.core.state
        if not seen and self._rests(actor):
            return None  # rest: first aid comes after quiet waiting ticks, healing eases pain (SPEC §4.10)
        if not seen and self._waits_for_party(actor):
            return None  # the party goes on together: nobody walks alone into the next fight
        for d in directions(s.house_rules.adjacency):  # a closed chest beside him: open it (the step is all)
            if s.tilemap.tile_at(actor.pos.step(d)) == Tile.CHEST:
                return d
        for d in directions(4):  # a recruit beside him who would join: take him on
            other = s.at(actor.pos.step(d))
            if other is not None and self._would_join(other):
                return d
        goal = self._goal(actor)
        if goal is None:
            return brain.patrol(actor)
        if goal == actor.pos:  # on the stairs since a fight, or on a fallen companion in a cluster (combat
            return self._step_off(actor)  # basics' seed 4 stood on him for good): off and on again does it
        return self._route_step(actor, goal)

    def _step_off(self, actor: Actor) -> Direction | None:
        """A step off his goal, the square he stands on, to a free square beside it that is no stairs: only
        a step onto stairs takes them (he came onto them in a fight, when they take nobody anywhere: seed
        99 stood on depth 2's stairs down for 20000 ticks), and only a step onto a fallen companion brings
        him round (under combat basics a cluster shares a square: on seed 4 the leader stood on the
        companion who fell in his cluster from tick 2343 on)."""
        s = self.core.state
        for d in directions(s.house_rules.adjacency):
            square = actor.pos.step(d)
            if s.tilemap.passable(square) and square not in s.occupancy and stairs(s, square) is None:
                return d
        return None

    def _waits_for_party(self, actor: Actor) -> bool:
        """Whether a companion on this depth, out of any bout, lags more than `RUN_GATHER` steps behind
        (he walks up to the leader's heels); never more than `RUN_GATHER_PATIENCE` ticks in a row, so
        one who cannot come stalls nothing."""
        s = self.core.state
        lagging = any(m.party and m.id != actor.id and s.bout_of(m.id) is None
                      and manhattan(m.pos, actor.pos) > RUN_GATHER for m in self.core.living())
        if not lagging:
            self._gathering = 0
            return False
        self._gathering += 1
        return self._gathering <= RUN_GATHER_PATIENCE

    def _rests(self, actor: Actor) -> bool:
        """Whether he rests now: the party needs it (`_needs_rest`) and he has not rested
        `RUN_REST_PATIENCE` ticks in a row on this depth for nothing (a companion under a shooter's fire
        he cannot see never heals: then he goes on)."""
        if not self._needs_rest(actor):
            self._resting = 0
            return False
        self._resting += 1
        return self._resting <= RUN_REST_PATIENCE

    def _needs_rest(self, actor: Actor) -> bool:
        """Whether the leader should rest here: he or a party member near him bleeds or hurts
        (`RUN_REST_PAIN`), so the party goes on whole (healing eases pain while they stand still)."""
        for member in self.core.living():
            if member.party and (member.id == actor.id or chebyshev(member.pos, actor.pos) <= RUN_NEAR):
                f = member.fighter
                if f.blood_loss > 0 or f.pain >= RUN_REST_PAIN:
                    return True
        return False

    def _goal(self, actor: Actor) -> Pos | None:
        """The nearest by the way there (full route maps, so the goal never flips as he walks round a
        wall) of the piles worth taking, closed chests, recruits who would join and fallen companions to
        bring round (`_may_bring_round`), else the stairs down."""
        s = self.core.state
        run = s.run
        assert run is not None
        inv = run.inventories[actor.id]
        here = actor.pos.y * s.tilemap.width + actor.pos.x
        best: tuple[int, Pos] | None = None
        for pos, pile in run.floor.items():
            if pos in s.occupancy:
                continue
            key = (pos, pile, inv)
            worth = self._worth.get(key)
            if worth is None:
                worth = self._worth[key] = self._pile_worth(actor, pile)
            if worth:
                steps = self._route(pos).steps[here]
                if steps >= 0 and (best is None or (steps, pos) < best):
                    best = (steps, pos)
        for other in s.actors.values():
            if self._would_join(other):
                steps = self._route(other.pos).steps[here]
                if steps >= 0 and (best is None or (steps, other.pos) < best):
                    best = (steps, other.pos)
        fallen_goal = False
        for fallen in fallen_companions(s):  # a companion knocked out: bring him round
            if self._may_bring_round(fallen):
                steps = self._route(fallen.pos).steps[here]
                if steps >= 0 and (best is None or (steps, fallen.pos) < best):
                    best, fallen_goal = (steps, fallen.pos), True
        for pos in closed_chests(s):
            steps = self._route(pos).steps[here]
            if steps >= 0 and (best is None or (steps, pos) < best):
                best, fallen_goal = (steps, pos), False
        if fallen_goal and best is not None and ((on := s.at(best[1])) is None or on is actor):
            self._chasing_fallen += 1  # (a fallen companion is the goal: count how long, see `_may_bring_round`)
        elif best is not None:
            self._chasing_fallen = 0
        if best is not None:
            return best[1]
        return stairs_down(run)

    def _may_bring_round(self, fallen: Actor) -> bool:
        """Whether the AI leader goes to bring `fallen` round: at most `RUN_REVIVE_MAX` times each (one felled
        again and again under a shooter's fire costs the run its time), and not after `RUN_REVIVE_PATIENCE`
        ticks in a row spent going to the fallen on this depth (one he cannot reach stalls nothing)."""
        return self._revived.get(fallen.id, 0) < RUN_REVIVE_MAX and self._chasing_fallen <= RUN_REVIVE_PATIENCE

    def _would_join(self, other: Actor) -> bool:
        """Whether `other` is a recruit waiting here who would join the leader now (cap and coins)."""
        s = self.core.state
        offer = waiting_recruit(s, other.id)
        if offer is None:
            return False
        run = s.run
        assert run is not None
        coins = run.inventories[s.leader].count(COINS)
        return not isinstance(recruit(offer, party_size(s, run), run.content.run.party_cap, coins), Refusal)

    def _pile_worth(self, actor: Actor, pile: Pile) -> bool:
        s = self.core.state
        run = s.run
        assert run is not None
        wearer = run_wearer(run, actor)
        inv = run.inventories[actor.id]
        return any(worth_picking_up(inv, item, min(n, max(1, run.content.items[item].stack - inv.count(item))),
                                    wearer, items=run.content.items, catalog=s.catalog) for item, n in pile)

    def _route(self, goal: Pos) -> DistanceMap:
        """The full route map to `goal` that the AI leader walks by (cached per goal until the map or the
        cast changes): never over stairs that are not the goal, and round the recruits waiting where they
        stand (they never step aside: a route through one is a dead end; seed 68 danced before one for
        20000 ticks) unless that cuts the leader off the goal."""
        route = self.core.routes.get(goal)
        if route is None:
            s = self.core.state
            tilemap = s.tilemap
            off = {p for p in (stairs_down(s.run), stairs_up(s.run)) if p != goal} \
                if s.run is not None else set()  # the way never leads over stairs that are no goal
            adjacency = s.house_rules.adjacency
            # a chest is reached from beside it (it blocks the way): its free neighbours are the sources,
            # never stairs that are no goal (seed 85 stood for 20000 ticks beside the stairs down, the
            # chest's only "source" he would not step onto)
            sources = [goal] if tilemap.tile_at(goal) != Tile.CHEST else [
                n for d in directions(4) if tilemap.passable(n := goal.step(d)) and n not in off]
            waiting = {a.pos for a in s.actors.values() if a.pos != goal and waiting_recruit(s, a.id) is not None}
            route = distance_map(tilemap, sources, adjacency=adjacency, blocked=off | waiting)
            leader = s.actors[s.leader].pos
            if waiting and route.steps[leader.y * tilemap.width + leader.x] < 0:
                route = distance_map(tilemap, sources, adjacency=adjacency, blocked=off)  # (cut off: through him)
            self.core.routes[goal] = route
        return route

    def _route_step(self, actor: Actor, goal: Pos) -> Direction | None:
        """The first free step down the full route map to `goal` (None: there, or blocked for now), never
        onto stairs that are not the goal."""
        s = self.core.state
        tilemap = s.tilemap
        w, h = tilemap.width, tilemap.height
        steps = self._route(goal).steps
        x, y = actor.pos
        here = steps[y * w + x]
        best_dist, best = (here if here >= 0 else 1 << 30), None
        for d in directions(s.house_rules.adjacency):
            nx, ny = x + d.dx, y + d.dy
            if not (0 <= nx < w and 0 <= ny < h):
                continue
            dist = steps[ny * w + nx]
            square = tilemap.positions_by_index[ny * w + nx]
            if 0 <= dist < best_dist and square not in s.occupancy and (square == goal or stairs(s, square) is None):
                best_dist, best = dist, d  # (stairs on the way are stepped round: they would take him off)
        if best is None:  # a companion in the way (a corridor): step into him, and he steps back (`_run_swap`)
            for d in directions(s.house_rules.adjacency):
                nx, ny = x + d.dx, y + d.dy
                if 0 <= nx < w and 0 <= ny < h and 0 <= steps[ny * w + nx] < here:
                    other = s.at(tilemap.positions_by_index[ny * w + nx])
                    if other is not None and other.party and s.bout_of(other.id) is None:
                        return d
        return best
