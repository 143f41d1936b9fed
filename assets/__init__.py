"""Steelstep's data files (images, fonts, sounds); a package so ``importlib.resources.files("assets")`` finds them.

Every file and its licence is listed in ``assets/LICENSES.md``.
"""
