"""The Arcade view layer: draws ``game.sim`` state and turns input into intents; never mutates game state."""
