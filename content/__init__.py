"""The shipped game content (YAML), a package so importlib.resources can find it in any install."""
