"""Steelstep: the game package (`game.sim` is the world, `game.view` draws it)."""
