"""``settle_heap`` (issue 11's garbage-collector spikes): the objects alive as a run starts leave the collector's
passes, after one full collection that frees what the last freeze kept (the last run's cycles)."""

from __future__ import annotations

import gc
import weakref

from game.view.session import settle_heap


class _Node:
    def __init__(self) -> None:
        self.me = self


def test_settle_heap_frees_the_last_runs_cycles_and_freezes_the_rest() -> None:
    was_enabled = gc.isenabled()
    gc.enable()
    try:
        old = _Node()
        gone = weakref.ref(old)
        gc.freeze()  # the last run's world, frozen when it started
        del old  # its cycle is garbage now, but frozen: no pass looks at it
        gc.collect()
        assert gone() is not None
        alive = _Node()
        settle_heap()
        assert gone() is None  # freed by the full collection
        assert gc.get_freeze_count() > 0 and alive.me is alive  # the living are frozen, not freed
        gc.disable()  # before the first frame (game.view.startup): nothing happens
        count = gc.get_freeze_count()
        settle_heap()
        assert gc.get_freeze_count() == count
    finally:
        gc.unfreeze()
        if was_enabled:
            gc.enable()
        else:
            gc.disable()
