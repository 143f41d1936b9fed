"""The world's checksum of a tick (SPEC §7): the combat and ai streams' positions, the run's mark, and
every actor's square and health, hashed; each actor's piece of text is rewritten only when it changed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from game.sim.digest import run_mark
from game.sim.geometry import Pos
from game.sim.state import WorldState
from rules.fighter import FighterState

_SumKey = tuple[Pos, int, int, bool]  # what an actor's piece of text is written from


class Checksum:
    """The checksum of a world's state now (`digest`), with its per-actor caches (`new_level`)."""

    def __init__(self, state: WorldState) -> None:
        self.state = state
        self.new_level()

    def new_level(self) -> None:
        """A new cast (a new level): every piece is written again."""
        # the text per actor (in `state.actors` order) and the key (square, HT, CP, out of the fight) each
        # was written from
        self._ids = list(self.state.actors)
        self._actors = list(self.state.actors.values())
        self._keys: list[_SumKey | None] = []
        self._texts: list[str] = []
        self._watch: list[int] = []
        self._epoch = -1

    def digest(self) -> str:
        """The combat and ai streams' positions plus every actor's square and health (SPEC §7).

        Each actor's piece of text is rewritten only when its key (square, HT, CP, out of the fight)
        changed. Keys are read for the actors still in the fight at the last call (`_watch`), and
        for everyone when `FighterState.roster_epoch` moved since then (anyone fell, woke or changed
        bouts): a fighter out of the fight is off the map, bleeds, heals and fights no more, so his key
        is frozen until the roster moves again."""
        s = self.state
        keys, texts, actors = self._keys, self._texts, self._actors
        if not keys:  # the first call
            keys += [None] * len(actors)
            texts += [""] * len(actors)
        everyone = self._epoch != FighterState.roster_epoch
        watch: Iterable[int] = range(len(actors)) if everyone else self._watch
        ids = self._ids
        for i in watch:
            a = actors[i]
            f = a.fighter
            key = (a.pos, f.ht, f.cp, f.out_of_fight)
            if key != keys[i]:
                keys[i] = key
                pos = a.pos
                texts[i] = f"{ids[i]}:{pos[0]},{pos[1]}:{f.ht}:{f.cp}:{int(not f.out_of_fight)};"
        if everyone:
            self._watch = [i for i in watch if not actors[i].fighter.out_of_fight]
            self._epoch = FighterState.roster_epoch
        # One update of the joined text hashes exactly the bytes the per-actor updates did.
        text = f"{s.combat.draws:x}:{s.ai.draws:x};" + run_mark(s) + "".join(texts)  # a stream's draws are its position
        return hashlib.sha256(text.encode()).hexdigest()[:16]
