"""Steelstep rules: the bout engine (pure Python, no UI) and its content pipeline."""

from rules.accel import overlay

overlay(__name__, __path__)  # a fresh compiled build of the hot modules, if there is one (rules.accel)
