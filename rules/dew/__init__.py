"""`dew_sequence`: Warren J. Dew's detailed sequence (source document 004) as a combat system.

Its own state (`state`), events (`events`) and fold (`fold`, the only writer); the rules of the combat
phase (`initiative`, `options`, `attack`), the noncombat and movement phases (`phases`); the adapter
to `rules.systems.CombatSystem` (`system.DewSequence`); an AI (`ai`); the log (`log`); creature and
weapon stats from `content/dew_stats.yaml` (`stats`); a scenario runner (`scenario`). The rulings where
the document says "consult the gamesmaster" are in docs/systems/dew_sequence.md.
"""
