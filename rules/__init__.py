"""Steelstep rules: the bout engine (pure Python, no UI) and its content pipeline."""
