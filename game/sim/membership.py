"""Who fights whom: the bouts' membership after the moves (SPEC §2, §4.7), the world's update step.

`Membership.update` takes the fallen and the separated out of their bouts, splits and ends bouts,
starts bouts where foes meet, lets newcomers join (synced, or arriving mid-round), merges touching
bouts in their first-exchange window, dissolves a bout at the start of a round into a busy one it
touches, keeps each bout's reach, who stands on difficult ground (`BoutTerrain`) and who has no room to
evade (`BoutCornered`, `room_to_evade`) as the squares say, and has the combat system place its newcomers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import cast

from game.sim import events as ev
from game.sim.geometry import Pos, is_adjacent
from game.sim.state import BoutState, WorldState
from game.sim.tilemap import TileMap
from game.sim.world_core import DELTAS, ROUND_TICKS, WorldCore
from rules.bout import AGGRESSIVE, CAUTIOUS, DEFENSIVE
from rules.systems import Entrant


class Membership:
    """The update step of a tick (see the module docstring)."""

    def __init__(self, core: WorldCore) -> None:
        self.core = core

    def update(self) -> None:
        """Bouts: members who are down or separated leave, split bouts split, finished bouts end,
        new contacts start bouts or join (and sync) bouts in their first-exchange window.

        A fighter with no bout who is next to a member of a bout busy in exchange (past `e1s1`: the
        clock just stepped to `e1s2`, `e2s0`, `e2s1` or `e2s2`), and to no bout in its window and no
        free foe, joins the busy bout of lowest id at once, arriving mid-round (`BoutJoined` with
        `mid_round`, rules.bout `Bout.arrive`; SPEC §2, §4.7). What he may do at each step: at `s0`
        (`e2s0`) footwork like any engaged fighter, no orientation; at `s1` he picks a target with the
        others but holds initiative over nobody; at `s2` he may force-enter one foe in reach while no
        attack on him is declared, or defend, or do nothing (rules.menu). From the next exchange on he
        is an ordinary member. With house rule `allow_force_enter: false` he does not join: he waits,
        unengaged, for the bout's next first-exchange window.

        Members of two different bouts who come to stand next to each other (hostile, adjacent) bring
        their bouts together (`merge_touching_bouts`, after the newcomers): when both bouts are in their
        first-exchange window (`e1s0`/`e1s1`) they merge into the bout of lower id, synced to the later
        step (`BoutSynced`, as when a newcomer touches several window bouts), transitively. This window
        merge comes first. Then a bout at the very start of a round (`e1s0`, nothing declared) that
        touches a bout busy in exchange (past `e1s1`) dissolves into it (`join_busy_bouts`): its members
        leave it (`BoutLeft`, "joined"), it ends, and each joins the busy bout arriving mid-round, as a
        newcomer would (house rule `allow_force_enter`; design doc: "not being perfectly synchronised ...
        but already within spatial range to join the fight mid-round"). Without that house rule, or
        while the touching bout is past `e1s0`, they stay separate bouts (neither can reach the other's
        members) until the first tick both are in their window."""
        s = self.core.state
        self.core.casualties()
        for bout in sorted(s.bouts.values(), key=lambda b: b.id):
            for fid in sorted(f for f in bout.rules.fighters if f not in bout.rules.left):
                if not s.actors[fid].alive:
                    self.carry(bout, fid)  # knocked out, not dead: he may be brought round (a run's companion)
                    self.core.emit(ev.BoutLeft(bout.id, fid, "down"))
            members = set(bout.members)
            for fid in sorted(members):
                if not self.core.adjacent_hostiles(s.actors[fid], members):
                    self.carry(bout, fid)
                    self.core.emit(ev.BoutLeft(bout.id, fid, "separated"))
                    members.discard(fid)
            components = self.components(members)
            for extra in components[1:]:
                self.core.emit(ev.BoutSplit(bout.id, s.next_bout, tuple(sorted(extra))))
            if len(bout.members) < 2:
                for fid in sorted(bout.members):
                    self.carry(bout, fid)
                self.core.emit(ev.BoutEnded(bout.id))
        self.core.living()
        occupancy = cast("dict[tuple[int, int], str]", s.occupancy)  # a Pos hashes as its tuple
        deltas = DELTAS[s.house_rules.adjacency]
        for fid in self.core.living_ids:
            actor = s.actors[fid]
            if actor.fighter.out_of_fight or fid in self.core.disengaged or s.bout_of(fid) is not None:
                continue
            x, y = actor.pos
            foes_of = s.foes_of(fid)
            for dx, dy in deltas:
                if occupancy.get((x + dx, y + dy)) in foes_of:
                    break
            else:
                if not s.crowd:  # (a foe may stand in a combat cluster behind another's `occupancy`)
                    continue  # no foe next to him (the common case, checked before the full look)
            foes = self.core.adjacent_hostiles(actor)
            if not foes:
                continue
            near = {b.id: b for f in foes if (b := s.bout_of(f)) is not None}
            in_window = self.core.system.in_window
            window = sorted((b for b in near.values() if in_window(b.rules)), key=lambda b: b.id)
            free = [f for f in foes if s.bout_of(f) is None and f not in self.core.disengaged]
            if window:
                into = self.merge(window)
                orientation = None
                if into.step >= 1:
                    calm = DEFENSIVE if s.house_rules.initiative_model == "red_white" else CAUTIOUS  # white
                    orientation = AGGRESSIVE if actor.bumped else calm
                self.core.emit(ev.BoutJoined(into.id, fid, orientation))
            elif free:
                group = self.unbouted_component(fid)
                self.core.emit(ev.BoutStarted(s.next_bout, tuple(sorted(group))))
            elif near and s.house_rules.allow_force_enter:
                # every bout next to him is busy in exchange: he arrives mid-round (SPEC §2, §4.7)
                self.core.emit(ev.BoutJoined(min(near), fid, None, mid_round=True))
        self.core.disengaged.clear()
        self.merge_touching_bouts()
        if s.house_rules.allow_force_enter:
            self.join_busy_bouts()
        for bout in sorted(s.bouts.values(), key=lambda b: b.id):
            members = set(bout.members)
            reach = {m: self.core.adjacent_hostiles(s.actors[m], members) for m in sorted(members)}
            if not bout.rules.same_reach(reach):
                self.core.emit(ev.BoutReach(bout.id, tuple((m, tuple(foes)) for m, foes in reach.items())))
            footing = s.tilemap.footing_tn
            terrain = {m: tn for m in sorted(members) if (tn := footing(s.actors[m].pos))}
            if terrain != bout.rules.terrain:
                self.core.emit(ev.BoutTerrain(bout.id, tuple(terrain.items())))
            cornered = cornered_members(s, bout)
            if frozenset(cornered) != bout.rules.cornered:
                self.core.emit(ev.BoutCornered(bout.id, cornered))
            # the combat system places whoever it has not placed yet (rules.systems `enter`)
            self.core.rules_events(bout.id, self.core.system.enter(bout.rules, self.entrant))

    def carry(self, bout: BoutState, fid: str) -> None:
        """Keep what the combat system carries of a fighter leaving the bout, on his feet or knocked out, to
        his next one (its optional `carry(bout, fid)`: Dew's EN and BD, Gold & Glory's hp and wounds), as
        `Carried`; nothing for the dead."""
        carry = getattr(self.core.system, "carry", None)
        if carry is None or self.core.state.actors[fid].dead:
            return
        record = carry(bout.rules, fid)
        if record:
            self.core.emit(ev.Carried(fid, record, self.core.state.tick))

    def entrant(self, actor_id: str) -> Entrant:
        """What the combat system is told of a fighter entering a bout (`rules.systems.Entrant`): whether
        a foe next to him is anywhere but behind him (in front, to a front corner or beside him: the world's
        sight has no blind side, so one who walked up beside him was in view; only from behind is he unseen)."""
        s = self.core.state
        actor = s.actors[actor_id]
        facing, (x, y) = actor.facing, actor.pos
        sees = any((foe_pos := s.actors[foe].pos) and (foe_pos[0] - x) * facing.dx + (foe_pos[1] - y) * facing.dy >= 0
                   for foe in self.core.adjacent_hostiles(actor))
        inv = s.run.inventories.get(actor_id) if s.run is not None else None
        gear = () if inv is None else tuple(i for slot in ("weapon", "off_weapon") if (i := inv.slot(slot)) is not None)
        return Entrant(actor.creature, actor.faction, (x, y), facing_foe=sees,
                       passable=lambda sq: s.tilemap.passable(Pos(*sq)) and sq not in s.occupancy,
                       carried=actor.carried, rested_rounds=(s.tick - actor.carried_tick) // ROUND_TICKS,
                       gear=gear)

    def merge(self, window: list[BoutState]) -> BoutState:
        """Merge bouts in their first-exchange window into the one of lowest id, every member synced to
        the latest step among them (`BoutSynced`; nothing when there is one bout already at that step).
        Returns the bout they merged into."""
        into = min(window, key=lambda b: b.id)
        step = max(b.step for b in window)
        others = tuple(sorted(b.id for b in window if b.id != into.id))
        if others or step != into.step:
            self.core.emit(ev.BoutSynced(into.id, others, step))
        return into

    def merge_touching_bouts(self) -> None:
        """Bouts in their first-exchange window whose members stand next to a hostile member of another
        such bout merge (transitively: a chain of touching window bouts becomes one bout), each group into
        its bout of lowest id (`merge`). A bout busy in exchange is left alone here: a bout at `e1s0`
        touching it dissolves into it afterwards (`join_busy_bouts`, house rule `allow_force_enter`);
        otherwise they merge at the first tick both are in their window."""
        s = self.core.state
        in_window = self.core.system.in_window
        window = {b.id: b for b in s.bouts.values() if in_window(b.rules)}
        if len(window) < 2:
            return
        root = {bid: bid for bid in window}

        def find(bid: int) -> int:
            while root[bid] != bid:
                root[bid] = root[root[bid]]
                bid = root[bid]
            return bid

        for bid in sorted(window):
            for fid in sorted(window[bid].members):
                for foe in self.core.adjacent_hostiles(s.actors[fid]):
                    other = s.bout_of(foe)
                    if other is None or other.id == bid or other.id not in window:
                        continue
                    a, b = find(bid), find(other.id)
                    if a != b:
                        root[max(a, b)] = min(a, b)
        groups: dict[int, list[BoutState]] = {}
        for bid in sorted(window):
            groups.setdefault(find(bid), []).append(window[bid])
        for group in groups.values():
            if len(group) > 1:
                self.merge(group)

    def join_busy_bouts(self) -> None:
        """A bout at the very start of a round (`e1s0`, nothing declared) one of whose members stands
        next to a hostile member of a bout busy in exchange (past `e1s1`) dissolves into the busy bout:
        each of its members leaves it (`BoutLeft`, reason "joined"), it ends (`BoutEnded`), and each
        joins the busy bout arriving mid-round (`BoutJoined` with `mid_round`, in sorted order), exactly
        as a newcomer in no bout would (SPEC §2, §4.7). Touching several busy bouts, it joins the one of
        lowest id. Runs after `merge_touching_bouts` (the window merge has priority), only with house
        rule `allow_force_enter`. After the window merge no two touching bouts are both in their window,
        so a bout that dissolves touches no bout still waiting to dissolve through its members."""
        s = self.core.state
        system = self.core.system
        for bout in sorted(s.bouts.values(), key=lambda b: b.id):
            if not system.at_round_start(bout.rules):
                continue
            members = sorted(bout.members)
            busy: set[int] = set()
            for fid in members:
                for foe in self.core.adjacent_hostiles(s.actors[fid]):
                    other = s.bout_of(foe)
                    if other is not None and other.id != bout.id and not system.in_window(other.rules):
                        busy.add(other.id)
            if not busy:
                continue
            into = min(busy)
            for fid in members:
                self.core.emit(ev.BoutLeft(bout.id, fid, "joined"))
            self.core.emit(ev.BoutEnded(bout.id))
            for fid in members:
                self.core.emit(ev.BoutJoined(into, fid, None, mid_round=True))

    def components(self, members: set[str]) -> list[set[str]]:
        s = self.core.state
        left = set(members)
        out: list[set[str]] = []
        while left:
            seed = min(left)
            group = {seed}
            todo = [seed]
            while todo:
                cur = todo.pop()
                for other in self.core.adjacent_hostiles(s.actors[cur], members):
                    if other not in group:
                        group.add(other)
                        todo.append(other)
            left -= group
            out.append(group)
        out.sort(key=lambda g: min(g))
        return out

    def unbouted_component(self, start: str) -> set[str]:
        s = self.core.state
        group = {start}
        todo = [start]
        while todo:
            cur = todo.pop()
            for other in self.core.adjacent_hostiles(s.actors[cur]):
                if other not in group and s.bout_of(other) is None and other not in self.core.disengaged:
                    group.add(other)
                    todo.append(other)
        return group


def room_to_evade(tilemap: TileMap, pos: Pos, foes: Iterable[Pos], taken: Callable[[Pos], bool],
                  adjacency: int) -> bool:
    """Has a fighter at `pos` room to evade (research §3 Full Evasion: "without usable terrain", a terrain
    roll)? Yes when some square one legal step away (`TileMap.step_graph`: passable, no cutting a wall's
    corner) is free (`taken` says no) and next to none of his foes (at `foes`): a square he could throw
    himself into, clear of them. A dead end whose mouth a foe holds leaves none; so does a wall at his
    back with foes on both sides."""
    if not tilemap.in_bounds(pos):
        return False
    squares = tilemap.positions_by_index
    near = list(foes)
    for i in tilemap.step_graph(adjacency)[tilemap.index(pos)]:
        square = squares[i]
        if not taken(square) and not any(is_adjacent(square, f, adjacency) for f in near):
            return True
    return False


def cornered_members(s: WorldState, bout: BoutState) -> tuple[str, ...]:
    """The members of `bout` with no room to evade (`room_to_evade`, against their living foes in the
    bout, every actor's square taken), sorted: the world's `BoutCornered`."""
    members = bout.members
    actors = s.actors
    occupancy = s.occupancy
    adjacency = s.house_rules.adjacency
    out = []
    for m in sorted(members):
        foes = s.foes_of(m)
        at = [actors[f].pos for f in members if f in foes and not actors[f].fighter.out_of_fight]
        if not room_to_evade(s.tilemap, actors[m].pos, at, occupancy.__contains__, adjacency):
            out.append(m)
    return tuple(out)
